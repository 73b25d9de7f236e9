// Make the start-up snapshot that static/worker.js restores (run by build.py):
//
//   node tools/snapshot.mjs <dist>/pyodide/ <dist>/wheels/<wheel> <output.gz>
//
// It starts the Pyodide in <dist>/pyodide/ (the pinned runtime with the trimmed lock
// file) in Node with loadPyodide({_makeSnapshot: true}), installs the wheel with micropip
// exactly as the worker's usual path does (the bytes written into Pyodide's file system,
// micropip.install with an emfs: URL), imports lightsout.api, and writes
// pyodide.makeMemorySnapshot() (the wasm heap: the initialised interpreter with the
// package imported: lightsout.api and the other modules the API may use) gzip-compressed to
// <output.gz>. It then restores the snapshot in a
// second Pyodide and asks the API for its limits, so a snapshot that cannot be restored
// fails the build instead of every visitor's first try. The last line printed is JSON:
// {rawBytes, bytes, makeMs, restoreMs}.
//
// A snapshot holds the heap, not the file system: after a restore, the package's modules
// are in sys.modules but site-packages is empty (the worker extracts the wheel there again
// once it is ready, so tracebacks show source lines and the files match the usual path's). Pyodide refuses to snapshot JavaScript objects it
// cannot name again, and micropip keeps some (its record of loaded packages, the lock
// file), so micropip is unloaded and loadedPackages emptied before the snapshot is taken.
// The options are experimental (underscore-prefixed): the snapshot belongs to this exact
// runtime (Pyodide checks its build id on restore) and this exact wheel (build.py names
// both in build-info.json, which the worker checks).

import { readFile, writeFile } from "node:fs/promises";
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [pyodideDir, wheelPath, output] = process.argv.slice(2);
if (!output) {
  console.error("usage: node tools/snapshot.mjs <dist>/pyodide/ <wheel> <output.gz>");
  process.exit(2);
}
// In Node, Pyodide takes its indexURL as a directory path (a file: URL fails).
const indexURL = `${resolve(pyodideDir)}/`;
const { loadPyodide } = await import(pathToFileURL(`${indexURL}pyodide.mjs`).href);
const quiet = { stdout: () => {}, stderr: (line) => console.error(line) };

const started = performance.now();
const pyodide = await loadPyodide({ indexURL, fullStdLib: false, _makeSnapshot: true, ...quiet });

// As the worker does: loadPackage only reports a failed integrity check, so check.
const packageErrors = [];
await pyodide.loadPackage("micropip", { messageCallback: () => {}, errorCallback: (message) => packageErrors.push(message) });
if (!Object.hasOwn(pyodide.loadedPackages, "micropip")) {
  throw new Error(`micropip did not load: ${packageErrors.join("; ") || "no reason given"}`);
}
const wheelName = basename(wheelPath);
pyodide.FS.mkdirTree("/tmp/wheels");
pyodide.FS.writeFile(`/tmp/wheels/${wheelName}`, await readFile(wheelPath));
const micropip = pyodide.pyimport("micropip");
try {
  await micropip.install.callKwargs(`emfs:/tmp/wheels/${wheelName}`, { deps: false });
} finally {
  micropip.destroy();
}
pyodide.pyimport("lightsout.api").destroy();
pyodide.FS.unlink(`/tmp/wheels/${wheelName}`);
// Every other module of the package too, so a restored worker answers any request without
// reading a file of the package; not the command line and the benchmarks (__main__, cli*,
// bench*), which the page never runs and which would only make the snapshot bigger.
pyodide.runPython("import importlib, pkgutil, lightsout\nfor module in pkgutil.walk_packages(lightsout.__path__, 'lightsout.'):\n    if not module.name.split('.')[-1].startswith(('__main__', 'cli', 'bench')):\n        importlib.import_module(module.name)");

// What Pyodide cannot serialise: micropip's JavaScript references and loadedPackages.
pyodide.runPython("import sys, gc\nfor name in [m for m in sys.modules if m == 'micropip' or m.startswith('micropip.')]:\n    del sys.modules[name]\ngc.collect()");
for (const name of Object.keys(pyodide.loadedPackages)) delete pyodide.loadedPackages[name];
const snapshot = pyodide.makeMemorySnapshot();
const makeMs = performance.now() - started;

// The check: restore it, as the worker will, and call the API.
const restoring = performance.now();
const restored = await loadPyodide({ indexURL, fullStdLib: false, _loadSnapshot: snapshot, ...quiet });
const api = restored.pyimport("lightsout.api");
const reply = api.call(JSON.stringify({ op: "limits" }));
const [text] = reply.toJs();
reply.destroy();
api.destroy();
if (JSON.parse(text).ok !== true) throw new Error(`the restored snapshot's limits op failed: ${text}`);
const restoreMs = performance.now() - restoring;

const compressed = gzipSync(snapshot, { level: 6 });
await writeFile(output, compressed);
console.log(JSON.stringify({ rawBytes: snapshot.length, bytes: compressed.length, makeMs: Math.round(makeMs), restoreMs: Math.round(restoreMs) }));
