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
//        {type: "progress", stage[, received, total][, start][, fallback]}
//                                                stage: "loading" | "installing" | "ready";
//                                                "loading" carries received and total (bytes,
//                                                counted as sent by a host that compresses
//                                                as GitHub Pages does: build-info.json's
//                                                "download") each time more of the start's
//                                                files has arrived, at most every 100 ms;
//                                                a "loading" may carry fallback: why the
//                                                snapshot is not used, once that is known;
//                                                "ready" carries start: {path, ms, fallback}:
//                                                path "snapshot" (restored) or "install"
//                                                (the usual path), ms since the worker began,
//                                                fallback why the snapshot was not used, or null
//        {type: "fatal", error}                  start-up failed, or Python broke; this
//                                                worker is useless (error.code says why)
//   debug (tests and tools/endurance only):
//   in:  {type: "debug", id, action}             action: "memory" | "crash"
//   out: {type: "success", id, result}           "memory": {wasmBytes, jsHeapBytes}
//
// Pyodide must run in a *module* worker, and its indexURL must be absolute (a relative
// one fails in blob: workers). All URLs are derived from import.meta.url, so the site
// works under any sub-path and never leaves its own origin.
//
// Two ways to start. The usual one: loadPyodide, then import lightsout.api. Pyodide mounts
// python_stdlib.zip, which build.py made to hold the standard library modules the start and
// the package need and the package itself, all precompiled (tools/stdlib.mjs): nothing to
// install. The lock file is handed over from build-info.json, so it is not fetched (the site
// loads no package). With no snapshot kept, it starts at once, without waiting for
// build-info.json, so Pyodide's downloads begin as the worker does. Once it has said "ready" it
// takes a memory snapshot of that interpreter (Pyodide's experimental _makeSnapshot /
// makeMemorySnapshot; ≈ 30 ms, which "ready" does not wait for) before any request runs (each
// waits for it), and keeps it in Cache Storage (start-cache.js), in the background, with its
// sha256 and build-info.json's snapshotKey. The fast one,
// on the next start: restore that snapshot instead (loadPyodide with _loadSnapshot), taken
// only if it was made by this build (snapshotKey) and its bytes still have the sha256 recorded
// when it was made; on any mismatch or error the entry is deleted and the worker falls back
// silently to the usual path, which makes a new one. A fault of a file both paths need (the
// runtime, build-info.json) is reported as before, not retried. The query
// "?snapshot=off" on this script's URL (page-options.js, for tests on this machine) takes the
// usual path and keeps nothing.

import { loadPyodide, version as PYODIDE_VERSION } from "../pyodide/pyodide.mjs";
import { sha256Hex, StartCache } from "./solver/start-cache.js";

const SITE_URL = new URL("../", import.meta.url).href; // files are named relative to it
const PYODIDE_URL = new URL("pyodide/", SITE_URL).href;
const BUILD_INFO = "static/build-info.json";
const USE_SNAPSHOT = new URL(import.meta.url).searchParams.get("snapshot") !== "off";
// "?hold=1" (page-options.js ?hold-start, tests on this machine): the start waits for a "release" message.
const released = new URL(import.meta.url).searchParams.get("hold") === "1"
  ? new Promise((resolve) => self.addEventListener("message", (event) => { if (event.data?.type === "release") resolve(); }))
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

/** An error with a `code` the page turns into a message (see errors.js). */
function startError(code, message, details = {}) {
  return Object.assign(new Error(message), { name: "StartError", code }, details);
}

/**
 * Fetch a file of the site (`path` relative to its root); a refusal is an error that
 * names the file and the HTTP status, an unreachable server one that names the file.
 */
async function fetchFile(path, cache = "no-cache") {
  let response;
  try {
    response = await plainFetch(new URL(path, SITE_URL), { cache });
  } catch (error) {
    throw startError("file-unreachable", `${path}: ${error.message}`, { file: path });
  }
  if (!response.ok) throw startError("file-http", `${path}: HTTP ${response.status}`, { file: path, status: response.status });
  return response;
}

/**
 * The bytes of `path` if their sha256 is `sha256`. A mismatch is fetched once more past
 * the HTTP cache (a truncated copy can sit there, fresh by its headers, and would fail
 * every reload and Retry), then reported as damaged.
 */
async function fetchChecked(path, sha256) {
  for (const cache of ["no-cache", "reload"]) {
    const bytes = new Uint8Array(await (await fetchFile(path, cache)).arrayBuffer());
    // No crypto.subtle outside a secure context (plain http to a host other than this
    // machine). There is no service worker cache there either, and whoever could alter
    // this file in transit could alter worker.js as well, so a check would prove nothing.
    if (!globalThis.crypto?.subtle) return bytes;
    if (await sha256Hex(bytes) === sha256) return bytes;
  }
  throw startError("file-damaged", `${path} is damaged or incomplete (its sha256 is not this build's)`, { file: path });
}

/**
 * static/build-info.json, checked: it must hold the runtime files' sha256, the lock file for
 * loadPyodide and the snapshot key.
 */
async function readBuildInfo() {
  const response = await fetchFile(BUILD_INFO);
  let info = null;
  try {
    info = await response.json();
  } catch {
    // not JSON: damaged, reported below
  }
  const hashes = Object.values(info?.runtimeSha256 ?? {});
  if (!hashes.length || !hashes.every((hash) => /^[0-9a-f]{64}$/.test(hash))
      || typeof info.lockFile?.info !== "object" || !/^[0-9a-f]{64}$/.test(info.snapshotKey ?? "")) {
    throw startError("build-info-damaged", `${BUILD_INFO} is damaged: it lacks the runtime's sha256, the lock file or the snapshot key`,
      { file: BUILD_INFO });
  }
  return info;
}

/**
 * What is wrong with a runtime file (`path` relative to the site), or null if nothing
 * is: missing (HTTP status), served with the wrong MIME type, or damaged (its sha256 is
 * not the one build-info.json lists). Asked only after a failure, so a good start costs
 * nothing. The check fetches past the HTTP cache as fetchChecked does, which also
 * replaces a damaged copy there, so Retry loads the server's file.
 */
async function fileFault(path, buildInfo, expectedType = null) {
  const expected = (await buildInfo.catch(() => null))?.runtimeSha256?.[path];
  try {
    const response = await fetchFile(path);
    const type = (response.headers.get("content-type") ?? "").split(";")[0].trim();
    if (expectedType && type !== expectedType) return startError("runtime-wrong-type", `${path} is served as ${type}`, { file: path, type: type || "?" });
    await response.body?.cancel();
    if (expected) await fetchChecked(path, expected);
    return null;
  } catch (error) {
    return error; // missing, refused, damaged or unreachable: each names the file
  }
}

/** The error of the first of `files` ([path, MIME type or null]) at fault, or null. */
async function diagnose(files, buildInfo) {
  for (const [file, expectedType] of files) {
    const fault = await fileFault(file, buildInfo, expectedType);
    if (fault) return fault;
  }
  return null;
}

/** The fault of `file` ([path, type]); if it looks fine, the loader's `reason` about it. */
async function blame(file, buildInfo, reason) {
  return (await diagnose([file], buildInfo)) ?? startError("runtime-corrupt", reason, { file: file[0] });
}

const WASM = ["pyodide/pyodide.asm.wasm", "application/wasm"];
const STDLIB = ["pyodide/python_stdlib.zip", null];
// Everything loadPyodide fetches, most likely culprit of an unexplained failure first.
const RUNTIME = [STDLIB, ["pyodide/pyodide.asm.mjs", null], WASM];

/**
 * loadPyodide only logs some failures and then never settles: a .wasm that fails to
 * instantiate (404, wrong MIME type, damaged bytes, a CSP without 'wasm-unsafe-eval')
 * logs "wasm instantiation failed!", and a missing python_stdlib.zip logs "Error
 * occurred while installing the standard library". Watching the console turns those
 * into an immediate error instead of waiting for the page's load deadline (which
 * still catches anything this misses). What Pyodide prints while it starts (its
 * console lines and Python's stderr, e.g. "Fatal Python error" for a damaged standard
 * library) is held back, not printed: a failure then ends in one console line from
 * this worker, and a good start replays it.
 */
function watchLoader(buildInfo) {
  const original = { warn: console.warn, error: console.error };
  const held = [];
  let rejectFailure;
  const failure = new Promise((resolve, reject) => { rejectFailure = reject; });
  let wasmFailed = false;
  let stdlibFailed = false;
  let stdlibReason = "";
  console.warn = (...args) => {
    held.push(["warn", args]);
    if (args[0] === "wasm instantiation failed!") wasmFailed = true;
    else if (wasmFailed && args[0] instanceof Error) {
      blame(WASM, buildInfo, args[0].message).then(rejectFailure);
    }
  };
  console.error = (...args) => {
    held.push(["error", args]);
    if (String(args[0]).startsWith("Error occurred while installing the standard library")) stdlibFailed = true;
    else if (stdlibFailed && !stdlibReason) {
      stdlibReason = String(args[0]?.message ?? args[0]);
      blame(STDLIB, buildInfo, stdlibReason).then(rejectFailure);
    }
  };
  const stderr = (line) => held.push(["warn", [line]]);
  // Pyodide starts fetching the standard library before it awaits it: a failed fetch is
  // an "unhandled" rejection for a moment (the browser would log it as an error), and
  // is then handled and reported through the log line above.
  const holdRejection = (event) => {
    event.preventDefault();
    held.push(["warn", [event.reason]]);
  };
  self.addEventListener("unhandledrejection", holdRejection);
  const restore = () => {
    Object.assign(console, original);
    self.removeEventListener("unhandledrejection", holdRejection);
  };
  const replay = () => {
    for (const [level, args] of held) original[level](...args);
  };
  /** What Pyodide said, as text, for the one line logged when the start fails. */
  const said = () => held.map(([, args]) => args.map((arg) => String(arg?.message ?? arg)).join(" ")).join("\n");
  // loadPyodide may itself fail first (a damaged standard library: Python exits with
  // status 1; a missing one: without it Python exits): report the cause, not the symptom.
  const explain = async (error) => (stdlibFailed
    ? blame(STDLIB, buildInfo, stdlibReason || error.message)
    : (await diagnose(RUNTIME, buildInfo)) ?? error);
  // Restoring a snapshot does not read the standard library, so it can succeed without one.
  const lacksStdlib = () => stdlibFailed;
  return { failure, stderr, restore, replay, said, explain, lacksStdlib };
}

/**
 * Start Pyodide (`options` go to loadPyodide). A failure is explained: the runtime file
 * at fault, if any, is named in a StartError. When a snapshot is restored, `snapshotRead`
 * is the promise that fills its memory: if that failed (a SnapshotError), the restore's
 * own failure is only its symptom, and the SnapshotError is thrown instead; any other
 * failure that is not a file's is thrown as it is. Either way the console's held lines are
 * dropped and the usual path starts. `check(pyodide)`, if given, runs before the held lines
 * are replayed and may throw a StartError.
 */
async function loadRuntime(buildInfo, { options = {}, snapshotRead = null } = {}) {
  const watch = watchLoader(buildInfo);
  try {
    const pyodide = await Promise.race([
      loadPyodide({
        indexURL: PYODIDE_URL,
        // No pyodide-lock.json to fetch: the site loads no package. If build-info.json cannot
        // be read, the start fails on that (buildInfoFailed) while this waits.
        lockFileContents: buildInfo.then((info) => info.lockFile, () => new Promise(() => {})),
        stderr: watch.stderr,
        ...options,
      }),
      watch.failure,
    ]);
    if (watch.lacksStdlib()) throw new Error("no standard library");
    watch.restore();
    watch.replay();
    return pyodide;
  } catch (error) {
    const unread = snapshotRead && await snapshotRead.then(() => null, (reason) => reason);
    if (unread) {
      watch.restore();
      throw unread;
    }
    const cause = error.name === "StartError" ? error : await watch.explain(error);
    if (snapshotRead && cause.name !== "StartError") {
      watch.restore(); // no file is at fault: the usual path starts
      throw error;
    }
    // The console stays held: the failed runtime may still print, and this worker is done.
    cause.log = watch.said();
    throw cause;
  }
}

// How this worker started, sent with "ready": the path, ms since the worker began, why not
// the snapshot, and when (ms) each step of the start ended, for benchmarks and bug reports.
// `origin` is this worker's performance.timeOrigin, to line its steps up with the page's clock;
// "ready" adds `fetches`, when each file the start fetched was asked for and had arrived.
const startedFrom = { path: null, ms: null, fallback: null, steps: {}, origin: performance.timeOrigin };
const step = (name) => { startedFrom.steps[name] = Math.round(performance.now()); };
const snapshots = new StartCache(new URL("static/start.snapshot", SITE_URL).href, step);

/**
 * The start's download progress, reported to the page as {received, total} bytes. Every
 * response of the site's own files the start fetches (Pyodide's wasm and Python zip) is counted
 * as its body arrives, through fetch, which Pyodide also calls; the module
 * pyodide.asm.mjs, which Pyodide imports, counts once its resource timing entry says it has
 * arrived. The body is counted unpacked and reported in the units of build-info.json's
 * "download" (what a host that compresses sends): a file's share is its unpacked share.
 */
const progress = {
  download: null, // build-info.json's "download", once read
  received: new Map(), // path -> unpacked bytes arrived
  sentAt: 0,
  timer: 0,
  done: false, // the start is over: no more reports
};

function reportProgress(force = false) {
  if (progress.done || !progress.download) return;
  const now = performance.now();
  if (!force && now - progress.sentAt < 100) {
    progress.timer ||= setTimeout(() => { progress.timer = 0; reportProgress(true); }, 100);
    return;
  }
  progress.sentAt = now;
  let received = 0;
  let total = 0;
  for (const [path, { bytes, sent }] of Object.entries(progress.download)) {
    total += sent;
    received += Math.round(sent * Math.min(1, (progress.received.get(path) ?? 0) / bytes));
  }
  self.postMessage({ type: "progress", stage: "loading", received, total });
}

/** The site path of `url` (no query) if it is one of the start's downloads, else null. */
function downloadPath(url) {
  const href = String(url?.url ?? url).split(/[?#]/)[0];
  if (!href.startsWith(SITE_URL)) return null;
  const path = href.slice(SITE_URL.length);
  return !progress.download || Object.hasOwn(progress.download, path) ? path : null;
}

const plainFetch = globalThis.fetch.bind(globalThis);
let buildInfoRead = null; // the start's promise of build-info.json, for checkedPythonZip

/** `response`'s body, its bytes counted as `path`'s progress as they arrive. */
function counted(path, response) {
  progress.received.set(path, 0);
  const counter = new TransformStream({
    transform(chunk, controller) {
      progress.received.set(path, (progress.received.get(path) ?? 0) + chunk.byteLength);
      reportProgress();
      controller.enqueue(chunk);
    },
  });
  return response.body.pipeThrough(counter);
}

/**
 * The Python zip for Pyodide, checked against runtimeSha256 as fetchChecked checks a file:
 * revalidating the HTTP cache, and once more past it on a mismatch (a truncated copy can sit
 * there, fresh by its headers, and would fail every start and Retry). A copy that still
 * differs is refused: Pyodide logs that it could not install the standard library, and the
 * worker then names the file (watchLoader). Python reads the zip on the usual path, but not
 * while it restores a snapshot, so without this a damaged copy could pass there.
 */
async function checkedPythonZip(input, init) {
  const expected = (await buildInfoRead?.catch(() => null))?.runtimeSha256?.[STDLIB[0]];
  for (const cache of ["no-cache", "reload"]) {
    const response = await plainFetch(input, { ...init, cache });
    if (!response.ok || !response.body) return response; // Pyodide fails on it, and the worker names why
    const bytes = new Uint8Array(await new Response(counted(STDLIB[0], response)).arrayBuffer());
    if (!expected || !globalThis.crypto?.subtle || await sha256Hex(bytes) === expected) {
      return new Response(bytes, { status: 200, headers: { "content-type": response.headers.get("content-type") ?? "application/zip" } });
    }
  }
  throw startError("file-damaged", `${STDLIB[0]} is damaged or incomplete (its sha256 is not this build's)`, { file: STDLIB[0] });
}

/**
 * fetch, as Pyodide calls it too: the Python zip checked (checkedPythonZip), and the body of
 * the start's other downloads counted as it arrives, read from a clone. The response itself is
 * handed on as it came, not rebuilt over a counting stream: the wasm is compiled from it with
 * instantiateStreaming, which then reads it natively, off this thread's JavaScript, and can
 * keep the compiled code for the URL (a Response made in JavaScript has none).
 */
globalThis.fetch = async (input, init) => {
  const path = progress.done ? null : downloadPath(input);
  if (path === STDLIB[0]) return checkedPythonZip(input, init);
  const response = await plainFetch(input, init);
  if (path === null || !response.ok || !response.body) return response;
  const counter = counted(path, response.clone()).getReader();
  (async () => {
    try {
      while (!(await counter.read()).done);
    } catch {
      // the download failed: Pyodide reads the same error from the response and reports it
    }
  })();
  return response;
};
if (typeof PerformanceObserver === "function") {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const path = downloadPath(entry.name);
      if (path?.endsWith(".mjs") && !progress.received.has(path)) {
        progress.received.set(path, Number.MAX_SAFE_INTEGER); // whole (it is not fetched through fetch)
        reportProgress();
      }
    }
  }).observe({ type: "resource", buffered: true });
}

/**
 * The fast path: restore the kept snapshot and return lightsout.api.call. Its memory is read
 * and checked while Pyodide fetches and compiles its wasm (loadPyodide awaits _loadSnapshot
 * only once it needs it).
 *
 * A snapshot holds the interpreter's memory, not its file system: Pyodide mounts the Python
 * zip again, checked as it is fetched (checkedPythonZip), since Python does not read it while
 * it restores and a damaged copy would otherwise pass unnoticed.
 */
async function startFromSnapshot(buildInfo, kept) {
  const info = await buildInfo;
  const memory = snapshots.memory(await snapshots.checked(kept, info));
  memory.catch(() => {}); // handled in loadRuntime
  const pyodide = await loadRuntime(buildInfo, { options: { _loadSnapshot: memory }, snapshotRead: memory });
  runtime = pyodide;
  step("restored");
  const call = apiCall(pyodide);
  step("apiReady");
  return call;
}

/** lightsout.api.call, from the imported package. */
function apiCall(pyodide) {
  const api = pyodide.pyimport("lightsout.api");
  // An attribute proxy is borrowed from its owner and dies with it: copy it first.
  const call = api.call.copy();
  api.destroy();
  return call;
}

async function start() {
  step("moduleRan");
  self.postMessage({ type: "progress", stage: "loading" });
  if (released) await released;
  const buildInfo = readBuildInfo();
  buildInfoRead = buildInfo;
  buildInfo.then((info) => {
    step("buildInfoRead");
    progress.download = info.download && typeof info.download === "object" ? info.download : null;
    reportProgress(true);
  }, () => {});
  // A fault of build-info.json ends the start at once, whatever Pyodide is doing.
  const buildInfoFailed = buildInfo.then(() => new Promise(() => {}));
  buildInfo.catch(() => {}); // handled where awaited; no "unhandled rejection" meanwhile
  buildInfoFailed.catch(() => {});
  // Whether a snapshot is kept is known at once, without build-info.json: a first visit starts
  // Pyodide (and its downloads) without waiting for that file or a lookup that depends on it.
  const keeping = USE_SNAPSHOT && await snapshots.available();
  const kept = keeping ? await snapshots.kept() : null;
  if (kept) {
    try {
      const call = await Promise.race([startFromSnapshot(buildInfo, kept), buildInfoFailed]);
      Object.assign(startedFrom, { path: "snapshot", ms: performance.now() });
      return call;
    } catch (error) {
      // A file both paths need is at fault (named, as on the usual path): report it.
      if (error.name === "StartError") throw error;
      startedFrom.fallback = error.message;
      console.info(`The solver starts without its snapshot: ${error.message}`);
    }
  } else if (keeping) {
    startedFrom.fallback = "no snapshot kept yet";
  } else {
    startedFrom.fallback = USE_SNAPSHOT ? "no place to keep a snapshot (no Cache Storage here)" : "switched off (?snapshot=off)";
  }
  self.postMessage({ type: "progress", stage: "loading", fallback: startedFrom.fallback });
  const call = await startUsual(buildInfo, buildInfoFailed, keeping);
  step("installed");
  Object.assign(startedFrom, { path: "install", ms: performance.now() });
  return call;
}

/**
 * The usual path: start Python, import the API; returns lightsout.api.call. With `snapshot`
 * (there is a place to keep one, and not ?snapshot=off), the interpreter is started able to
 * snapshot its memory, and the snapshot is taken and kept in the task after "ready"
 * (snapshotDue, which every request awaits, so none runs before it).
 */
async function startUsual(buildInfo, buildInfoFailed, snapshot) {
  const pyodide = await Promise.race([loadRuntime(buildInfo, { options: { _makeSnapshot: snapshot } }), buildInfoFailed]);
  runtime = pyodide;
  step("started");
  self.postMessage({ type: "progress", stage: "installing" });
  const call = apiCall(pyodide);
  step("apiReady");
  if (snapshot) snapshotDue = new Promise((resolve) => setTimeout(resolve)).then(() => takeSnapshot(pyodide, buildInfo));
  return call;
}

/**
 * Snapshot the interpreter just started (≈ 30 ms) and start keeping it; never throws. Keeping
 * starts at once, not when the worker is idle: a page closed or reloaded soon after "ready"
 * (a test, a person following a link) would otherwise never keep one.
 */
function takeSnapshot(pyodide, buildInfo) {
  try {
    const memory = pyodide.makeMemorySnapshot();
    step("snapshotMade");
    buildInfo.then((info) => snapshots.keep(memory, info));
  } catch (error) {
    console.info(`The solver's start-up snapshot could not be made: ${error.message}`);
  }
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

/** The files this worker fetched while it started: {name: [request start, response end]} in ms since it began. */
function fetchTimes() {
  const times = {};
  for (const entry of performance.getEntriesByType?.("resource") ?? []) {
    times[entry.name.split("/").pop()] = [Math.round(entry.startTime), Math.round(entry.responseEnd)];
  }
  return times;
}

let runtime = null; // the Pyodide instance, for debug requests
let snapshotDue = Promise.resolve(); // settles once the usual path's snapshot is made (takeSnapshot)
const handlePromise = start();
handlePromise.finally(() => { progress.done = true; }).catch(() => {});
handlePromise.then(
  () => self.postMessage({ type: "progress", stage: "ready", start: { ...startedFrom, fetches: fetchTimes() } }),
  (error) => {
    // The one console line a failed start leaves (with what Pyodide printed, held back).
    console.warn(`The solver could not start: ${error.message}${error.log ? `\n${error.log}` : ""}`);
    self.postMessage({ type: "fatal", error: plainError(error, { log: false }) });
  },
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
  await snapshotDue; // the snapshot holds the interpreter as it started, before any request
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
