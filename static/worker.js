// @ts-check
// Module worker that runs the Python solver in Pyodide, off the main thread. This module is the
// protocol: messages in and out, requests through lightsout.api.call, the debug actions. What
// it answers with comes from the start (solver/start.js: Pyodide started the usual way or from
// the snapshot kept of an earlier start, a file at fault named, the download progress counted).
//
// Protocol (see solver-client.js for the other side):
//   in:  {type: "request", id, request, payload} request is a lightsout.api JSON object;
//                                                payload a Uint8Array (or null) that
//                                                "RxC@N" board fields point into
//   out: {type: "success", id, result}           result is the API's {"ok": true, ...} reply,
//                                                plus result.payload (Uint8Array, the reply's
//                                                packed boards) and result.timing (ms)
//        {type: "error", id, error}              error is {name, message[, line, column]}
//        (both carry heapBytes: the wasm heap's size, which grows and never shrinks;
//        solver-client.js replaces a worker whose heap grew too big)
//        {type: "progress", stage[, received, total][, start][, fallback]}
//                                                stage: "loading" | "installing" | "ready";
//                                                "loading" carries received and total (bytes,
//                                                counted as sent by a host that compresses
//                                                as GitHub Pages does: build-info.json's
//                                                "download") each time more of the start's
//                                                files has arrived, at most every 100 ms;
//                                                a "loading" may carry fallback: why the
//                                                snapshot is not used, once that is known;
//                                                "ready" carries start: {path, ms, fallback,
//                                                steps, origin, fetches} (solver/start-record.js):
//                                                path "snapshot" (restored) or "install"
//                                                (the usual path), ms since the worker began,
//                                                fallback why the snapshot was not used, or null
//        {type: "fatal", error}                  start-up failed, or Python broke; this
//                                                worker is useless (error.code says why);
//                                                after a failed start it closes itself
//   debug (tests and tools/endurance only):
//   in:  {type: "debug", id, action}             action: "memory" | "crash" | "stall"
//   out: {type: "success", id, result}           "memory": {wasmBytes, jsHeapBytes}
//
// Pyodide must run in a *module* worker, and its indexURL must be absolute (a relative
// one fails in blob: workers). All URLs are derived from import.meta.url, so the site
// works under any sub-path and never leaves its own origin. Query options on this script's
// URL (page-options.js, for tests on this machine): "?snapshot=off" neither restores nor keeps
// a snapshot; "?hold=1" (?hold-start) holds the start until a {type: "release"} message. And one
// the page sets itself (solver-client.js): "?sw=1", the page is controlled by the site's service
// worker, which keeps the runtime unpacked, so its files are fetched as they are, not as their
// brotli copies (solver/brotli.js).

import { startSolver } from "./solver/start.js";

// This module runs as a dedicated worker: its global scope is a DedicatedWorkerGlobalScope (the
// WebWorker library types `self` as any worker's, without postMessage or the message event).
const worker = /** @type {DedicatedWorkerGlobalScope} */ (self);
const SITE_URL = new URL("../", import.meta.url).href; // files are named relative to it
const OPTIONS = new URL(import.meta.url).searchParams;
/** @type {Promise<void> | null} */
const released = OPTIONS.get("hold") === "1"
  ? new Promise((resolve) => worker.addEventListener("message", (event) => { if (event.data?.type === "release") resolve(); }))
  : null;

/**
 * Errors cross postMessage as plain data: class instances and Python proxies do not
 * survive. A PythonError's message is the whole traceback; the page shows only its last
 * line ("ValueError: ..."), and the traceback goes to the worker's console as a warning.
 */
function plainError(error, { log = true } = {}) {
  const name = String(error?.name ?? "Error");
  let message = String(error?.message ?? error);
  if (name === "PythonError") {
    if (log) console.warn(message);
    const lines = message.trim().split("\n");
    message = lines[lines.length - 1];
  }
  const plain = { name, message };
  for (const key of ["code", "file", "status", "type"]) if (error?.[key] !== undefined) plain[key] = error[key];
  return plain;
}

/**
 * Run one request through lightsout.api.call(json, payload) -> (json, bytes).
 *
 * The Uint8Array payload crosses into Python as a JsProxy, which api.call reads with
 * to_bytes() (one copy into wasm memory). The reply tuple comes back as a PyProxy;
 * toJs() turns the str into a string and the bytes into a Uint8Array. Pyodide hands
 * bytes over as a fresh Uint8Array today, but if it ever returns a view into the wasm
 * heap that view dies with the next allocation and cannot be transferred, so it is
 * copied then. Every proxy is destroyed, or it leaks (Pyodide,
 * https://pyodide.org/en/stable/usage/type-conversions.html#best-practices-for-avoiding-memory-leaks).
 */
function callPython(call, request, payload) {
  const started = performance.now();
  // JS null would arrive as Pyodide's JsNull, not None: leave the argument out instead.
  const json = JSON.stringify(request);
  const replyProxy = payload ? call(json, payload) : call(json);
  const pythonDone = performance.now();
  let text;
  let bytes;
  try {
    [text, bytes] = replyProxy.toJs();
  } finally {
    replyProxy.destroy();
  }
  if (!(bytes instanceof Uint8Array)) bytes = new Uint8Array(0);
  else if (bytes.byteOffset !== 0 || bytes.buffer.byteLength !== bytes.byteLength) bytes = bytes.slice();
  const reply = JSON.parse(text);
  const converted = performance.now();
  return { reply, bytes, timing: { python: pythonDone - started, convert: converted - pythonDone } };
}

const started = startSolver({
  siteUrl: SITE_URL,
  useSnapshot: OPTIONS.get("snapshot") !== "off",
  brotli: OPTIONS.get("sw") !== "1",
  released,
  report: (progress) => worker.postMessage({ type: "progress", ...progress }),
});
const STALL_MS = 120_000; // a "stall" debug request's length: far past any deadline a test sets
let solver = null; // once started: {call, pyodide, snapshotTaken, record}, for debug requests
started.then(
  (result) => {
    solver = result;
    worker.postMessage({ type: "progress", stage: "ready", start: solver.record.summary() });
  },
  (error) => {
    // The one console line a failed start leaves (with what Pyodide printed, held back).
    console.warn(`The solver could not start: ${error.message}${error.log ? `\n${error.log}` : ""}`);
    worker.postMessage({ type: "fatal", error: plainError(error, { log: false }) });
    // This worker is done (the page replaces it). The runtime that failed may still be loading
    // and would print to the console, given back by the start: run nothing more.
    worker.close();
  },
);

/**
 * Debug requests: "memory" measures, "crash" throws from a task (an uncaught worker error),
 * "stall" keeps the worker's thread busy until the page stops it (STALL_MS at most), so a
 * request sent after it outlasts any deadline whatever the machine's speed.
 */
function debug(id, action) {
  if (action === "crash") {
    setTimeout(() => { throw new Error("simulated worker crash"); });
    return;
  }
  if (action === "stall") {
    const end = performance.now() + STALL_MS;
    while (performance.now() < end); // busy on purpose: nothing else runs on this thread meanwhile
    worker.postMessage({ type: "success", id, result: { stalledMs: STALL_MS } });
    return;
  }
  if (action === "memory") {
    const wasmBytes = solver?.pyodide._module?.HEAP8?.length ?? null;
    // Chromium's performance.memory, which no standard (nor TypeScript's library) has.
    const { memory } = /** @type {Performance & {memory?: {usedJSHeapSize: number}}} */ (performance);
    const jsHeapBytes = memory?.usedJSHeapSize ?? null;
    worker.postMessage({ type: "success", id, result: { wasmBytes, jsHeapBytes } });
    return;
  }
  worker.postMessage({ type: "error", id, error: { name: "Error", message: `unknown debug action ${action}` } });
}

worker.addEventListener("message", async (event) => {
  const { type, id, request, payload, action } = event.data ?? {};
  if (type === "debug") {
    debug(id, action);
    return;
  }
  if (type !== "request") return;
  let call;
  let pyodide;
  let snapshotTaken;
  try {
    ({ call, pyodide, snapshotTaken } = await started);
  } catch (error) {
    worker.postMessage({ type: "error", id, error: plainError(error) });
    return;
  }
  await snapshotTaken; // the snapshot holds the interpreter as it started, before any request
  try {
    const { reply, bytes, timing } = callPython(call, request, payload);
    const heapBytes = pyodide._module?.HEAP8?.length ?? null;
    if (reply.ok) {
      // Transfer, not copy: a 10000×10000 board is 12.5 MB.
      worker.postMessage({ type: "success", id, result: { ...reply, payload: bytes, timing }, heapBytes }, [bytes.buffer]);
    } else {
      const error = { name: "Error", message: "unknown error", ...reply.error };
      worker.postMessage({ type: "error", id, error, heapBytes });
    }
  } catch (error) {
    // api.call never raises: it answers every failure as {"ok": false}. An exception
    // here means the interpreter itself broke (a wasm trap, out of memory, a fatal
    // error), and Pyodide cannot be used again: the page must start a new worker.
    const plain = plainError(error);
    worker.postMessage({ type: "error", id, error: plain });
    worker.postMessage({ type: "fatal", error: { ...plain, code: "python-crashed" } });
  }
});
