// API requests answered by the site's Python under Pyodide in Node, as the page's worker runs
// them (static/worker.js and solver/start.js: the built dist/pyodide runtime, the shipped Python zip,
// lightsout.api.call with the request's JSON and its payload), one interpreter for every request
// until stdin ends, as one worker answers many. The Pyodide half of bench/limits.py, which
// starts a new one when the heap has grown past the page's 256 MB (as the page replaces its
// worker) or a request ran out of time. Build the site first (python3 build.py).
//
//   node bench/pyodide.mjs < lines of "CASE.json REPLY.json"
//     CASE.json: {"request": JSON text, "payload": base64 or "", "payload_file"?: a file of the payload's raw bytes}
//
// Prints one JSON line when started: load_s (loadPyodide and importing lightsout.api) and
// heap_bytes (the wasm heap then); then one a request, once answered: call_s (the call alone),
// call_cpu_s (the CPU time the process took meanwhile, user and system),
// heap_bytes (after it: what the page's worker reports as heapBytes; it never shrinks) and
// payload_bytes (the reply's binary payload). The reply's JSON text goes to REPLY.json.

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";

const DIST = join(dirname(fileURLToPath(import.meta.url)), "..", "dist");
const started = performance.now();
const info = JSON.parse(readFileSync(join(DIST, "static", "build-info.json"), "utf8"));
const { loadPyodide } = await import(pathToFileURL(join(DIST, "pyodide", "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: `${join(DIST, "pyodide")}/`, lockFileContents: info.lockFile, stdout: () => {}, stderr: () => {} });
const api = pyodide.pyimport("lightsout.api");
const call = api.call.copy(); // an attribute proxy dies with its owner
api.destroy();
const loadSeconds = (performance.now() - started) / 1000;
const heapLoaded = pyodide._module.HEAP8.length;
console.log(JSON.stringify({ load_s: loadSeconds, heap_bytes: heapLoaded }));

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const [caseFile, replyFile] = line.trim().split(" ");
  const { request, payload, payload_file: payloadFile } = JSON.parse(readFileSync(caseFile, "utf8"));
  // A big text comes as a file of its raw bytes (bench/limits.py, BIG_PAYLOAD).
  const bytes = payloadFile ? new Uint8Array(readFileSync(payloadFile)) : payload ? new Uint8Array(Buffer.from(payload, "base64")) : null;
  const before = performance.now();
  const cpuBefore = process.cpuUsage();
  // JS null would arrive as JsNull, not None: leave the argument out instead (as the worker does).
  const replyProxy = bytes ? call(request, bytes) : call(request);
  const callSeconds = (performance.now() - before) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  let payloadBytes = 0;
  try {
    const [text, out] = replyProxy.toJs();
    writeFileSync(replyFile, text);
    payloadBytes = out instanceof Uint8Array ? out.length : 0;
  } finally {
    replyProxy.destroy();
  }
  console.log(JSON.stringify({ call_s: callSeconds, call_cpu_s: (cpu.user + cpu.system) / 1e6, heap_bytes: pyodide._module.HEAP8.length, payload_bytes: payloadBytes }));
}
call.destroy();
