// Every private part of Pyodide that the snapshot start (web/interpreter.js) relies on, in one place.
//
// Written against Pyodide 314.0.2. None of these is documented or promised to stay: after an
// upgrade, check each against the new `node_modules/pyodide` (pyodide.d.ts for the options,
// pyodide.asm.mjs for `makeSnapshot`, `restoreSnapshot`, `serializeHiwireState` and
// `getExpectedKeys`), then run `./dev test` (e2e/test_snapshot.py fails when a warm start no longer
// comes from the snapshot). Whatever goes wrong at run time, the page starts the ordinary way.

// loadPyodide option: keep what is needed to take a memory snapshot later. Pyodide then wraps the
// `jsglobals` object in its own proxy, which remembers the path (["document"], ["JSON",
// "stringify"], …) of every JavaScript object Python reaches through the `js` module.
const MAKE = "_makeSnapshot";
// loadPyodide option: the bytes of a snapshot to start from instead of initialising CPython.
// Pyodide checks its magic number and that it was made by the same pyodide.asm.wasm (BUILD_ID).
const LOAD = "_loadSnapshot";
// loadPyodide option: turns what `serializer` wrote for a JavaScript object (the objects that are
// not reached through `js`) back into an object, while the snapshot is restored.
const DESERIALIZER = "_snapshotDeserializer";

/** loadPyodide options for a start that will take a snapshot (see MAKE). */
export function makeOptions(jsglobals) {
  return { [MAKE]: true, jsglobals };
}

/** loadPyodide options for a start from `bytes` (see LOAD and DESERIALIZER). */
export function restoreOptions(bytes, deserializer) {
  return { [LOAD]: bytes, [DESERIALIZER]: deserializer };
}

/** The whole WebAssembly memory with a header naming every JavaScript object Python holds. The
 * `serializer` gets each object not reached through `js` and returns JSON-able data (or throws). */
export function makeSnapshot(pyodide, serializer) {
  return pyodide.makeMemorySnapshot({ serializer });
}

// Python holds JavaScript objects through a table of references ("hiwire"). The first entries are
// Pyodide's own (`getExpectedKeys`); after them, `serializeHiwireState` lists one entry per object:
// {path: [...]} for an object reached through `js`, {serialized: ...} for the others.
function api(pyodide) {
  return pyodide._api;
}

/** The index of the table's first entry after Pyodide's own. */
export function firstHeldIndex(pyodide) {
  return api(pyodide).getExpectedKeys().length;
}

/** The table's entries after Pyodide's own, as `serializeHiwireState` describes them, each with
 * its index in the table. */
export function heldObjects(pyodide, serializer) {
  const first = firstHeldIndex(pyodide);
  return api(pyodide).serializeHiwireState(serializer).hiwireKeys.map((entry, i) => ({ index: first + i, entry }));
}

/** The object at `index` of the table. */
export function heldObject(pyodide, index) {
  return pyodide._module.__hiwire_get(index);
}

/** Replace the object at `index` of the table: every Python reference to it now reaches `value`. */
export function replaceHeldObject(pyodide, index, value) {
  if (pyodide._module.__hiwire_set(index, value) < 0) throw new Error(`cannot replace reference ${index}`);
}

/** Give Pyodide `value` as its `jsglobals` from now on, in place of the proxy MAKE wrapped around
 * them: the table's entry 1 (one of Pyodide's own) and its configuration. */
export function useGlobals(pyodide, value) {
  replaceHeldObject(pyodide, 1, value);
  api(pyodide).config.jsglobals = value;
}

/** Whether Pyodide runs Python with WebAssembly stack switching (JSPI): its module's own flag. */
export function stackSwitching(pyodide) {
  return Boolean(pyodide._module && pyodide._module.jspiSupported);
}
