// Module worker that runs the Python solver in Pyodide, off the main thread.
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
//        {type: "progress", stage}               stage: "loading" | "installing" | "ready"
//        {type: "fatal", error}                  start-up failed, or Python broke; this
//                                                worker is useless (error.code says why)
//   debug (tests and tools/endurance only):
//   in:  {type: "debug", id, action}             action: "memory" | "crash"
//   out: {type: "success", id, result}           "memory": {wasmBytes, jsHeapBytes}
//
// Pyodide must run in a *module* worker, and its indexURL must be absolute (a relative
// one fails in blob: workers). All URLs are derived from import.meta.url, so the site
// works under any sub-path and never leaves its own origin.

import { loadPyodide } from "../pyodide/pyodide.mjs";

const PYODIDE_URL = new URL("../pyodide/", import.meta.url).href;
const BUILD_INFO_URL = new URL("./build-info.json", import.meta.url).href;

/**
 * Errors cross postMessage as plain data: class instances and Python proxies do not
 * survive. A PythonError's message is the whole traceback; the page shows only its last
 * line ("ValueError: ..."), and the traceback goes to the worker's console as a warning.
 */
function plainError(error) {
  const name = String(error?.name ?? "Error");
  let message = String(error?.message ?? error);
  if (name === "PythonError") {
    console.warn(message);
    const lines = message.trim().split("\n");
    message = lines[lines.length - 1];
  }
  const plain = { name, message };
  for (const key of ["code", "file", "status", "type"]) if (error?.[key] !== undefined) plain[key] = error[key];
  return plain;
}

/** An error with a `code` the page turns into a message (see errors.js). */
function startError(code, message, details = {}) {
  return Object.assign(new Error(message), { name: "StartError", code }, details);
}

/**
 * Say what is wrong with a runtime file that failed to load: missing (HTTP status),
 * served with the wrong MIME type, or present but damaged. Asked only after a failure,
 * so a good start costs nothing.
 */
async function diagnose(file, expectedType, reason) {
  const url = new URL(file, PYODIDE_URL).href;
  try {
    const response = await fetch(url, { method: "HEAD", cache: "no-store" });
    const type = (response.headers.get("content-type") ?? "").split(";")[0].trim();
    if (!response.ok) return startError("runtime-missing", `${file}: HTTP ${response.status}`, { file, status: response.status });
    if (expectedType && type !== expectedType) return startError("runtime-wrong-type", `${file} is served as ${type}`, { file, type: type || "?" });
  } catch {
    // The server cannot be reached at all: report the loader's own reason.
  }
  return startError("runtime-corrupt", reason, { file });
}

/**
 * loadPyodide only logs some failures and then never settles: a .wasm that fails to
 * instantiate (404, wrong MIME type, damaged bytes, a CSP without 'wasm-unsafe-eval')
 * logs "wasm instantiation failed!", and a missing python_stdlib.zip logs "Error
 * occurred while installing the standard library". Watching the console turns those
 * into an immediate error instead of waiting for the page's load deadline (which
 * still catches anything this misses).
 */
function watchLoaderLogs() {
  const original = { warn: console.warn, error: console.error };
  let rejectFailure;
  const failure = new Promise((resolve, reject) => { rejectFailure = reject; });
  let wasmFailed = false;
  let stdlibFailed = false;
  console.warn = (...args) => {
    original.warn(...args);
    if (args[0] === "wasm instantiation failed!") wasmFailed = true;
    else if (wasmFailed && args[0] instanceof Error) {
      diagnose("pyodide.asm.wasm", "application/wasm", args[0].message).then(rejectFailure);
    }
  };
  let stdlibReason = "";
  console.error = (...args) => {
    original.error(...args);
    if (String(args[0]).startsWith("Error occurred while installing the standard library")) stdlibFailed = true;
    else if (stdlibFailed && !stdlibReason) {
      stdlibReason = String(args[0]?.message ?? args[0]);
      diagnose("python_stdlib.zip", null, stdlibReason).then(rejectFailure);
    }
  };
  const restore = () => Object.assign(console, original);
  // loadPyodide may itself fail first (without the standard library Python exits):
  // report the cause, not the symptom.
  const explain = (error) => (stdlibFailed ? diagnose("python_stdlib.zip", null, stdlibReason || error.message) : error);
  return { failure, restore, explain };
}

async function start() {
  self.postMessage({ type: "progress", stage: "loading" });
  const watch = watchLoaderLogs();
  let pyodide;
  try {
    pyodide = await Promise.race([loadPyodide({ indexURL: PYODIDE_URL, fullStdLib: false }), watch.failure]);
  } catch (error) {
    throw await watch.explain(error);
  } finally {
    watch.restore();
  }
  runtime = pyodide;

  self.postMessage({ type: "progress", stage: "installing" });
  const packageErrors = [];
  // loadPackage reports a failed integrity check through errorCallback and does not
  // throw, so success is judged by loadedPackages afterwards.
  await pyodide.loadPackage("micropip", {
    messageCallback: () => {},
    errorCallback: (message) => packageErrors.push(message),
  });
  if (!Object.hasOwn(pyodide.loadedPackages, "micropip")) {
    throw new Error(`micropip did not load: ${packageErrors.join("; ") || "no reason given"}`);
  }

  const response = await fetch(BUILD_INFO_URL);
  if (!response.ok) throw new Error(`${BUILD_INFO_URL}: HTTP ${response.status}`);
  const buildInfo = await response.json();
  // micropip only accepts a URL that ends in a valid PEP 427 wheel file name.
  const wheelUrl = new URL(`../${buildInfo.wheel}`, import.meta.url).href;
  const micropip = pyodide.pyimport("micropip");
  try {
    await micropip.install.callKwargs(wheelUrl, { deps: false });
  } finally {
    micropip.destroy();
  }
  const api = pyodide.pyimport("lightsout.api");
  // An attribute proxy is borrowed from its owner and dies with it: copy it first.
  const call = api.call.copy();
  api.destroy();
  return call;
}

/**
 * Run one request through lightsout.api.call(json, payload) -> (json, bytes).
 *
 * The Uint8Array payload crosses into Python as a JsProxy, which api.call reads with
 * to_bytes() (one copy into wasm memory). The reply tuple comes back as a PyProxy;
 * toJs() turns the str into a string and the bytes into a Uint8Array. Pyodide hands
 * bytes over as a fresh Uint8Array today, but if it ever returns a view into the wasm
 * heap that view dies with the next allocation and cannot be transferred, so it is
 * copied then. Every proxy is destroyed (pitfall 7 of TOOLCHAIN.md).
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

let runtime = null; // the Pyodide instance, for debug requests
const handlePromise = start();
handlePromise.then(
  () => self.postMessage({ type: "progress", stage: "ready" }),
  (error) => self.postMessage({ type: "fatal", error: plainError(error) }),
);

/** Debug requests: "memory" measures, "crash" throws from a task (an uncaught worker error). */
function debug(id, action) {
  if (action === "crash") {
    setTimeout(() => { throw new Error("simulated worker crash"); });
    return;
  }
  if (action === "memory") {
    const wasmBytes = runtime?._module?.HEAP8?.length ?? null;
    const jsHeapBytes = self.performance?.memory?.usedJSHeapSize ?? null;
    self.postMessage({ type: "success", id, result: { wasmBytes, jsHeapBytes } });
    return;
  }
  self.postMessage({ type: "error", id, error: { name: "Error", message: `unknown debug action ${action}` } });
}

self.addEventListener("message", async (event) => {
  const { type, id, request, payload, action } = event.data ?? {};
  if (type === "debug") {
    debug(id, action);
    return;
  }
  if (type !== "request") return;
  let call;
  try {
    call = await handlePromise;
  } catch (error) {
    self.postMessage({ type: "error", id, error: plainError(error) });
    return;
  }
  try {
    const { reply, bytes, timing } = callPython(call, request, payload);
    const heapBytes = runtime?._module?.HEAP8?.length ?? null;
    if (reply.ok) {
      // Transfer, not copy: a 10000×10000 board is 12.5 MB.
      self.postMessage({ type: "success", id, result: { ...reply, payload: bytes, timing }, heapBytes }, [bytes.buffer]);
    } else {
      const error = { name: "Error", message: "unknown error", ...reply.error };
      self.postMessage({ type: "error", id, error, heapBytes });
    }
  } catch (error) {
    // api.call never raises: it answers every failure as {"ok": false}. An exception
    // here means the interpreter itself broke (a wasm trap, out of memory, a fatal
    // error), and Pyodide cannot be used again: the page must start a new worker.
    const plain = plainError(error);
    self.postMessage({ type: "error", id, error: plain });
    self.postMessage({ type: "fatal", error: { ...plain, code: "python-crashed" } });
  }
});
