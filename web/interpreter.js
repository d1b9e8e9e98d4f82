// The page's Python interpreter: Pyodide, started from a memory snapshot when this browser has one.
//
// PyScript loads this module as its interpreter (pyscript.toml) and calls `loadPyodide` as it
// would Pyodide's own. The snapshot is made in the player's browser, never downloaded:
//
// - ordinary start ("plain"), when there is no usable snapshot: Pyodide starts as usual, ready to
//   take a snapshot; web/main.py imports the game's modules and hands over (`pasurInterpreter.take`),
//   the snapshot is taken before the game reads anything of this visit (address, language, saved
//   game), then the game starts. Once the first screen is up and the service worker is in charge
//   (on a first visit it takes over while Python loads), the snapshot is stored in the build's
//   offline cache ("pasur-<build>", under snapshot/<key>.bin; the key, stamped in the page as
//   html[data-snapshot-key] by tools/build.py, is a hash of every file the snapshot depends on).
//   Pyodide's standard library is the build's stdlib.zip (tools/precompile.mjs).
// - start from the snapshot ("snapshot"): the stored bytes are checked (format, key, SHA-256) and
//   given to Pyodide, which restores CPython with PyScript and the game already imported. Python
//   then re-seeds `random` and the game starts as usual.
//
// Anything wrong with the snapshot (missing, another build's, corrupt, refused by Pyodide, not
// working once restored) means an ordinary start, and the snapshot is made again. A snapshot is
// dropped only when it is at fault: a start that fails for another file (offline, with one of
// Pyodide's files damaged or the game's missing) keeps it for the next start. The way the
// page started is html[data-boot] ("snapshot" or "plain"); html[data-snapshot] says "saved" once a
// new snapshot is stored. Every private Pyodide option used is in web/pyodide-private.js.
import * as pyodideModule from "../vendor/pyodide/pyodide.mjs";
import * as priv from "./pyodide-private.js";
import { pack, unpack } from "./snapshot-file.js";

export const version = pyodideModule.version;
performance.mark("pasur:interpreter-module");

// Pyodide runs Python on WebAssembly stack switching (JSPI) where the browser has it, and the
// game uses nothing that needs it (`run_sync`). With it, Chromium's renderer crashed now and then
// in the browser tests (SIGSEGV: a read just past the top of a small stack the page's main thread
// had switched to), as in Pyodide's open reports of JSPI crashes with asyncio (pyodide/pyodide
// #5702, #5705, #6106). Pyodide checks for it when it loads, so it is hidden before that; the
// interpreter says whether it runs with it (`pasurInterpreter.stackSwitching`).
for (const name of ["Suspending", "promising", "Suspender"]) {
  try { delete WebAssembly[name]; } catch (error) { /* not configurable: Pyodide will use it */ }
}

const root = document.documentElement;
const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
// The standard library the page can import, its start-up modules as bytecode (tools/precompile.mjs).
const STDLIB_URL = new URL("../stdlib.zip", import.meta.url).href;
const key = root.getAttribute("data-snapshot-key") || "";
const cacheName = "pasur-" + (root.getAttribute("data-build") || "");
const address = new URL("./snapshot/" + key + ".bin", location.href).href;
const canStore = mayStore(false); // a snapshot can be made now, and stored once a worker is in charge
const canRead = mayStore(true); // and one may have been stored in an earlier visit

function mayStore(controlled) {
  // Only a page its service worker controls keeps a snapshot (in that worker's cache); on a first
  // visit the worker takes over while Python loads. A frame sandboxed without allow-same-origin
  // may use neither: reading `caches` or `navigator.serviceWorker` there throws, and the page
  // starts the ordinary way.
  try {
    return Boolean(key && location.protocol !== "file:" && globalThis.caches && navigator.serviceWorker
      && (!controlled || navigator.serviceWorker.controller));
  } catch (error) {
    return false;
  }
}

function whenControlled(patience) {
  // Resolves once a service worker is in charge of the page; rejects after `patience` ms.
  const workers = navigator.serviceWorker;
  if (workers.controller) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no service worker took over the page")), patience);
    workers.addEventListener("controllerchange", () => { clearTimeout(timer); resolve(); }, { once: true });
  });
}

function warn(what, error) {
  console.warn(`Pasur: ${what}: ${error && error.message ? error.message : error}`);
}

async function openCache() {
  return caches.open(cacheName);
}


async function forget(reason, error) {
  warn(reason, error);
  try { await (await openCache()).delete(address); } catch (ignored) { /* nothing stored */ }
}

// ------------------------------------------------------------------ PyScript's JavaScript modules
// Besides what it reaches through `js` (which a snapshot records as paths from globalThis),
// Python holds the members of the JavaScript modules PyScript registers ("_pyscript",
// "polyscript"). A snapshot names each by module and key; a restored interpreter gets
// placeholders, replaced by the new page's objects as soon as PyScript registers the modules again.

function watchModules(pyodide, onRegister) {
  const register = pyodide.registerJsModule.bind(pyodide);
  pyodide.registerJsModule = function (name, value) {
    register(name, value);
    onRegister(name, value);
  };
}

function members(value) {
  // Data properties only: reading a getter (such as _pyscript.target) may run code that fails.
  return Object.entries(Object.getOwnPropertyDescriptors(value)).filter(([, d]) => "value" in d).map(([k, d]) => [k, d.value]);
}

function namer(modules) {
  return (object) => {
    for (const [module, value] of modules) {
      if (value === object) return { module };
      for (const [name, member] of members(value)) {
        if (member === object) return { module, key: name };
      }
    }
    const label = typeof object === "function" ? `function ${object.name || "(anonymous)"}` : Object.prototype.toString.call(object);
    throw new Error(`Python holds a JavaScript object the snapshot cannot name: ${label}`);
  };
}

// ------------------------------------------------------------------ the globals a snapshot is made with
// Pyodide wraps them in a proxy of its own that calls getters with that proxy as `this`, which
// browsers refuse for their own objects ("Illegal invocation"); this proxy calls them on globalThis.
const globalsForMaking = new Proxy(globalThis, {
  get(target, name) { return Reflect.get(target, name); },
  set(target, name, value) { return Reflect.set(target, name, value); },
});

function resolvePath(path) {
  return path.reduce((object, name) => (object == null ? object : object[name]), globalThis);
}

// ------------------------------------------------------------------ the two ways to start

function announce(boot, pyodide) {
  root.setAttribute("data-boot", boot);
  globalThis.pasurInterpreter.boot = boot;
  globalThis.pasurInterpreter.stackSwitching = priv.stackSwitching(pyodide);
}

class SnapshotFault extends Error {} // the snapshot itself is wrong, whatever else is

async function restore(options, bytes) {
  const pending = new Map(); // placeholder -> {module, key}
  const pyodide = await pyodideModule.loadPyodide({
    ...options,
    ...priv.restoreOptions(bytes, (data) => {
      const placeholder = { pasurPlaceholder: data };
      pending.set(placeholder, data);
      return placeholder;
    }),
  });
  const slots = [];
  for (let index = priv.firstHeldIndex(pyodide); ; index++) {
    let value;
    try { value = priv.heldObject(pyodide, index); } catch (end) { break; }
    if (pending.has(value)) slots.push({ index, ...pending.get(value) });
  }
  watchModules(pyodide, (name, value) => {
    for (const slot of slots) {
      if (slot.module !== name) continue;
      priv.replaceHeldObject(pyodide, slot.index, slot.key === undefined ? value : value[slot.key]);
    }
  });
  // Pyodide restored memory it could not check: make sure the game is really in it.
  if (pyodide.runPython("import sys\n'pasur_web.browser.start' in sys.modules and 'pyscript' in sys.modules") !== true) {
    throw new SnapshotFault("the restored interpreter lacks the game");
  }
  return pyodide;
}

async function plain(options) {
  if (!canStore) {
    const pyodide = await pyodideModule.loadPyodide(options);
    performance.mark("pasur:pyodide-loaded");
    announce("plain", pyodide);
    return pyodide;
  }
  const modules = new Map();
  const pyodide = await pyodideModule.loadPyodide({ ...options, ...priv.makeOptions(globalsForMaking) });
  performance.mark("pasur:pyodide-loaded");
  watchModules(pyodide, (name, value) => modules.set(name, value));
  announce("plain", pyodide);
  // Called by web/main.py once the game's modules are imported and before the game starts.
  globalThis.pasurInterpreter.take = (start) => {
    globalThis.pasurInterpreter.take = null;
    setTimeout(() => {
      let snapshot = null;
      try {
        performance.mark("pasur:snapshot-make");
        snapshot = priv.makeSnapshot(pyodide, namer(modules));
        performance.mark("pasur:snapshot-made");
      } catch (error) {
        warn("no snapshot made", error);
      }
      try {
        // From now on Python reaches the page's objects themselves, not Pyodide's recording proxies.
        for (const { index, entry } of priv.heldObjects(pyodide, () => null)) {
          if (entry && entry.path) priv.replaceHeldObject(pyodide, index, resolvePath(entry.path));
        }
        priv.useGlobals(pyodide, globalThis);
      } catch (error) {
        warn("the recording proxies could not be replaced", error);
      }
      try {
        start();
      } finally {
        start.destroy();
      }
      if (snapshot) whenShown(() => save(snapshot));
    }, 0);
  };
  return pyodide;
}

function whenShown(callback) {
  // After the first screen is drawn, when the browser is idle.
  const later = () => (globalThis.requestIdleCallback ? requestIdleCallback(callback, { timeout: 2000 }) : setTimeout(callback, 200));
  if (root.hasAttribute("data-ready")) { later(); return; }
  const watcher = new MutationObserver(() => {
    if (!root.hasAttribute("data-ready")) return;
    watcher.disconnect();
    later();
  });
  watcher.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

async function save(snapshot) {
  try {
    await whenControlled(60000);
    const file = await pack(snapshot, key);
    await (await openCache()).put(address, new Response(file, { headers: { "Content-Type": "application/octet-stream" } }));
    root.setAttribute("data-snapshot", "saved");
  } catch (error) {
    warn("the snapshot could not be stored", error);
  }
}

globalThis.pasurInterpreter = { boot: null, take: null, stackSwitching: null };

// Read and checked at once, while PyScript is still reading its configuration: whether there is
// a snapshot (`found`) and its bytes ready for Pyodide (`bytes`, which Pyodide awaits only after
// fetching its own files: meanwhile a failure is not an "unhandled rejection").
const found = canRead ? openCache().then((cache) => cache.match(address)).catch(() => undefined) : Promise.resolve(undefined);
const bytes = found.then(async (response) => {
  if (!response) return null;
  const buffer = await response.arrayBuffer();
  performance.mark("pasur:snapshot-fetched");
  const snapshot = await unpack(buffer, key);
  performance.mark("pasur:snapshot-read");
  return snapshot;
});
bytes.catch(() => {});

// The files PyScript reads once the interpreter is running (pyscript.toml), for the check below.
const GAME_FILES = ["pyscript.toml", "app.zip", "web/main.py"].map((path) => new URL("../" + path, import.meta.url).href);

async function gameFilesThere() {
  // Whether each can be read now (through the service worker, which repairs a damaged copy when online).
  try {
    const answers = await Promise.all(GAME_FILES.map((address) => fetch(address, { cache: "no-cache" })));
    return answers.every((answer) => answer.ok);
  } catch (error) {
    return false;
  }
}

// A start from the snapshot that still fails in the game's own Python: the next start is ordinary,
// unless a file the game reads is not there (offline, a file missing from the offline copy),
// which explains the failure without the snapshot.
new MutationObserver(async () => {
  if (root.getAttribute("data-boot") === "snapshot" && root.hasAttribute("data-error") && await gameFilesThere()) {
    forget("the game failed after starting from the snapshot", "it is dropped");
  }
}).observe(root, { attributes: true, attributeFilter: ["data-error"] });

export async function loadPyodide(options = {}) {
  performance.mark("pasur:load-pyodide");
  const settings = { ...options, indexURL: INDEX_URL, stdLibURL: STDLIB_URL };
  if (!(await found)) return plain(settings);
  try {
    const pyodide = await restore(settings, bytes);
    performance.mark("pasur:pyodide-loaded");
    announce("snapshot", pyodide);
    return pyodide;
  } catch (error) {
    const unreadable = await bytes.then(() => null, (fault) => fault); // format, key, SHA-256
    if (unreadable || error instanceof SnapshotFault) {
      await forget("the snapshot could not be used, starting the ordinary way", unreadable || error);
      return plain(settings);
    }
    // Pyodide failed: it refused the snapshot, or one of its own files is damaged or missing. An
    // ordinary start tells which: it fails as well (and the snapshot is kept) only in the second case.
    warn("the snapshot could not be restored, starting the ordinary way", error);
    const pyodide = await plain(settings);
    await forget("Pyodide refused the snapshot", "it is dropped");
    return pyodide;
  }
}
