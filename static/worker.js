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
//        {type: "progress", stage}               stage: "loading" | "installing" | "ready"
//        {type: "fatal", error}                  start-up failed; this worker is useless
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
  return { name, message };
}

async function start() {
  self.postMessage({ type: "progress", stage: "loading" });
  const pyodide = await loadPyodide({ indexURL: PYODIDE_URL, fullStdLib: false });

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

const handlePromise = start();
handlePromise.then(
  () => self.postMessage({ type: "progress", stage: "ready" }),
  (error) => self.postMessage({ type: "fatal", error: plainError(error) }),
);

self.addEventListener("message", async (event) => {
  const { type, id, request, payload } = event.data ?? {};
  if (type !== "request") return;
  try {
    const call = await handlePromise;
    const { reply, bytes, timing } = callPython(call, request, payload);
    if (reply.ok) {
      // Transfer, not copy: a 10000×10000 board is 12.5 MB.
      self.postMessage({ type: "success", id, result: { ...reply, payload: bytes, timing } }, [bytes.buffer]);
    } else {
      const error = { name: "Error", message: "unknown error", ...reply.error };
      self.postMessage({ type: "error", id, error });
    }
  } catch (error) {
    self.postMessage({ type: "error", id, error: plainError(error) });
  }
});
