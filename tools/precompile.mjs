// Compile the page's Python ahead of time, with the page's own Pyodide (run here in Node), so that
// the browser loads bytecode instead of compiling source on every start.
//
//   node tools/precompile.mjs JOB.json
//
// JOB.json: {"out": folder,
//            "sources": [[path in the page's working folder, file here], ...] (the game's modules),
//            "pyscript": PyScript's src/stdlib/pyscript.js (the modules it writes in that folder),
//            "start": [module, ...] (what the page imports before its first screen)}
//
// It writes into `out` (the work itself is tools/precompile.py, run in Pyodide):
// - stdlib.zip: the standard library modules the page can import, found by modulefinder, which
//   reads every import statement of the game's modules, PyScript's and Pyodide's own packages,
//   those inside functions included, and of every module they import; and the text codecs named
//   in CODECS. The modules imported on every start (by Pyodide's own start and by `start`, through
//   the imports made as a module is imported) are there as bytecode only ("sourceless" .pyc
//   files); the others as source. A module that is not there fails to import.
// - app/<path>/__pycache__/<module>.<tag>.pyc for each of `sources` and PyScript's: bytecode checked
//   against the source's hash when it is loaded (PEP 552), so bytecode of another text is never used.
// - modules.json: the standard library modules kept, those compiled, and what modulefinder could not
//   find (modules of other systems, and names imported from modules).
import { loadPyodide } from "pyodide";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const CODECS = ["aliases", "ascii", "latin_1", "utf_8", "utf_8_sig", "utf_16", "utf_16_le", "utf_16_be",
  "utf_32", "utf_32_le", "utf_32_be", "cp437", "cp1252", "charmap", "idna", "punycode",
  "unicode_escape", "raw_unicode_escape", "base64_codec", "hex_codec"];

const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const pyodide = await loadPyodide({ stdout: () => {}, stderr: (text) => console.error(text) });
const FS = pyodide.FS;

function put(where, file) {
  FS.mkdirTree(path.posix.dirname(where));
  FS.writeFile(where, fs.readFileSync(file));
}
for (const [where, file] of job.sources) put("/app/" + where, file);
// PyScript's modules, as PyScript writes them in the page's working folder.
const pyscriptFiles = (await import(pathToFileURL(job.pyscript).href)).default;
job.checked = [];
(function write(tree, folder) {
  for (const [name, value] of Object.entries(tree)) {
    const where = folder ? folder + "/" + name : name;
    if (typeof value === "string") {
      FS.mkdirTree("/app/" + (folder || "."));
      FS.writeFile("/app/" + where, value);
      job.checked.push([where, null]);
    } else {
      write(value, where);
    }
  }
})(pyscriptFiles, "");

pyodide.runPython(fs.readFileSync(new URL("./precompile.py", import.meta.url), "utf8"));
const result = pyodide.globals.get("precompile")(pyodide.toPy({ ...job, codecs: CODECS }));
fs.rmSync(job.out, { recursive: true, force: true });
// The output was written in Pyodide's file system: copy it out.
function copyOut(from, to) {
  for (const name of FS.readdir(from)) {
    if (name === "." || name === "..") continue;
    const source = from + "/" + name;
    const target = path.join(to, name);
    if (FS.isDir(FS.stat(source).mode)) {
      fs.mkdirSync(target, { recursive: true });
      copyOut(source, target);
    } else {
      fs.writeFileSync(target, FS.readFile(source));
    }
  }
}
fs.mkdirSync(job.out, { recursive: true });
copyOut(job.out, job.out);
console.log(result);
