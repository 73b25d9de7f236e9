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
//        {type: "progress", stage[, start][, fallback]}
//                                                stage: "loading" | "installing" | "ready";
//                                                a second "loading" carries fallback: why the
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
// Two ways to start. The fast one restores the start-up snapshot that build.py made
// (tools/snapshot.mjs: the interpreter's memory with the wheel installed and
// lightsout.api imported) instead of initialising Python, loading micropip and
// installing the wheel: about a tenth of the time. It is taken only if build-info.json's
// snapshot manifest names this Pyodide version and this wheel and the file's sha256 is
// the manifest's; on any mismatch or error the worker falls back silently to the usual
// path (loadPyodide, micropip, the wheel). A fault of a file both paths need (the
// runtime, the wheel, build-info.json) is reported as before, not retried. The query
// "?snapshot=off" on this script's URL (page-options.js, for tests on this machine)
// takes the usual path at once.

import { loadPyodide, version as PYODIDE_VERSION } from "../pyodide/pyodide.mjs";

const SITE_URL = new URL("../", import.meta.url).href; // files are named relative to it
const PYODIDE_URL = new URL("pyodide/", SITE_URL).href;
const BUILD_INFO = "static/build-info.json";
const USE_SNAPSHOT = new URL(import.meta.url).searchParams.get("snapshot") !== "off";

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

async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Fetch a file of the site (`path` relative to its root); a refusal is an error that
 * names the file and the HTTP status, an unreachable server one that names the file.
 */
async function fetchFile(path, cache = "no-cache") {
  let response;
  try {
    response = await fetch(new URL(path, SITE_URL), { cache });
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

/** static/build-info.json, checked: it must name the wheel (a file in wheels/) and its sha256. */
async function readBuildInfo() {
  const response = await fetchFile(BUILD_INFO);
  let info = null;
  try {
    info = await response.json();
  } catch {
    // not JSON: damaged, reported below
  }
  const named = typeof info?.wheel === "string" && /^wheels\/[\w.+!-]+\.whl$/.test(info.wheel);
  if (!named || !/^[0-9a-f]{64}$/.test(info.wheelSha256 ?? "")) {
    throw startError("build-info-damaged", `${BUILD_INFO} is damaged: it names no wheel with its sha256`, { file: BUILD_INFO });
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
const RUNTIME = [STDLIB, ["pyodide/pyodide.asm.mjs", null], ["pyodide/pyodide-lock.json", null], WASM];

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
  return { failure, stderr, restore, replay, said, explain };
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
async function loadRuntime(buildInfo, { options = {}, snapshotRead = null, check = null } = {}) {
  const watch = watchLoader(buildInfo);
  try {
    const pyodide = await Promise.race([
      loadPyodide({ indexURL: PYODIDE_URL, fullStdLib: false, stderr: watch.stderr, ...options }),
      watch.failure,
    ]);
    if (check) await check(pyodide);
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

/** The snapshot cannot be used (the usual path starts instead): `message` says why. */
function snapshotError(message) {
  return Object.assign(new Error(message), { name: "SnapshotError" });
}

/**
 * build-info.json's snapshot manifest, if it was made for this Pyodide and this wheel;
 * else a SnapshotError.
 */
function snapshotManifest(info) {
  const manifest = info.snapshot;
  if (typeof manifest?.file !== "string" || !/^snapshot\/[\w.+-]+$/.test(manifest.file)
      || !/^[0-9a-f]{64}$/.test(manifest.sha256 ?? "") || !/^[0-9a-f]{64}$/.test(manifest.rawSha256 ?? "")
      || ![manifest.bytes, manifest.rawBytes].every((size) => Number.isSafeInteger(size) && size > 0)) {
    throw snapshotError(`${BUILD_INFO} describes no snapshot`);
  }
  if (manifest.pyodide !== PYODIDE_VERSION) {
    throw snapshotError(`the snapshot was made for Pyodide ${manifest.pyodide}, not ${PYODIDE_VERSION}`);
  }
  if (manifest.wheelSha256 !== info.wheelSha256) throw snapshotError("the snapshot was made for another wheel");
  return manifest;
}

/**
 * Fill `memory` (manifest.rawBytes long) with the snapshot, if the file's bytes are the
 * manifest's; else a SnapshotError, and `memory` does not start with a snapshot's magic
 * number, so a restore from it fails rather than run a half-written interpreter. The file
 * is gzip-compressed and decompressed here by the browser (DecompressionStream) straight
 * into `memory` while it downloads; its sha256 is checked once it has all arrived, before
 * this resolves. A server that decoded it in transit (Content-Encoding) hands over the
 * memory itself, which is then checked against rawSha256. A mismatch is fetched once more
 * past the HTTP cache, as fetchChecked does.
 */
async function readSnapshot(manifest, memory) {
  for (const cache of ["no-cache", "reload"]) {
    let response;
    try {
      response = await fetchFile(manifest.file, cache);
    } catch (error) {
      throw snapshotError(error.message);
    }
    let file;
    try {
      file = await streamSnapshot(response, memory, Math.max(manifest.bytes, manifest.rawBytes));
    } catch (error) {
      memory.fill(0, 0, 64);
      throw snapshotError(`${manifest.file} could not be read: ${error.message}`);
    }
    step("snapshotDecompressed");
    const check = !globalThis.crypto?.subtle ? null : file.compressed ? manifest.sha256 : manifest.rawSha256;
    const intact = !check || await sha256Hex(file.bytes) === check;
    if (intact && !file.error) {
      step("snapshotChecked");
      return;
    }
    memory.fill(0, 0, 64);
    // Bytes that are the build's and still fail are not a damaged download: no second try.
    if (intact) throw snapshotError(`${manifest.file} does not decompress: ${file.error.message}`);
  }
  throw snapshotError(`${manifest.file} is damaged or incomplete (its sha256 is not this build's)`);
}

/**
 * Read `response`'s body into `memory` as it arrives: through a gzip DecompressionStream
 * if it starts with gzip's magic number, else as it is. Resolves, once the whole body has
 * arrived and been written, with {compressed, bytes, error}: the body (to be checked) and,
 * if it did not fill `memory` exactly or did not decompress, the error. Throws if the
 * body could not be read or is longer than `most` bytes (no file of the manifest is).
 */
async function streamSnapshot(response, memory, most) {
  const chunks = [];
  let received = 0;
  let filled = 0;
  let error = null; // the first failure to decompress or to fit; reading goes on
  const put = (bytes) => {
    if (error) return;
    if (filled + bytes.length > memory.length) error = new Error("it is longer than its manifest says");
    else memory.set(bytes, filled);
    filled += bytes.length;
  };
  let feed = null; // where each chunk goes, chosen once its first two bytes have arrived
  let inflated = null; // the gzip side's reader, filling `memory` through `put`
  let writer = null;
  const reader = response.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    chunks.push(chunk.value);
    received += chunk.value.length;
    if (received > most) {
      reader.cancel().catch(() => {});
      writer?.abort().catch(() => {});
      throw new Error(`it is longer than its manifest says (over ${most} bytes)`);
    }
    if (feed) {
      feed(chunk.value);
    } else if (received >= 2) {
      const head = chunks.flatMap((part) => [...part.subarray(0, 2)]);
      if (head[0] === 0x1f && head[1] === 0x8b) { // the gzip magic number
        const stream = new DecompressionStream("gzip");
        writer = stream.writable.getWriter();
        inflated = (async () => {
          const out = stream.readable.getReader();
          for (let part = await out.read(); !part.done; part = await out.read()) put(part.value);
        })().catch((reason) => { error ??= reason; });
        feed = (bytes) => { writer.write(bytes).catch(() => {}); }; // a failure shows in `inflated`
      } else {
        feed = put;
      }
      chunks.forEach((part) => feed(part));
    }
  }
  step("snapshotFetched");
  if (writer) {
    writer.close().catch(() => {});
    await inflated;
  }
  if (!error && filled !== memory.length) error = new Error("it is shorter than its manifest says");
  return { compressed: writer !== null, bytes: new Uint8Array(await new Blob(chunks).arrayBuffer()), error };
}

/**
 * The fast path: restore the snapshot and return lightsout.api.call. The snapshot is read
 * while Pyodide fetches and compiles its wasm: loadPyodide gets a zeroed memory of the
 * snapshot's size at once (it needs only the size to instantiate), and an fsInit hook,
 * which Pyodide awaits before it starts the runtime, waits until that memory is filled.
 *
 * A snapshot holds the interpreter's memory, not its file system: the standard library
 * is mounted again by Pyodide from python_stdlib.zip, whose sha256 is checked here
 * (Python does not read it while it restores, so a damaged copy would otherwise pass
 * unnoticed). The package's modules the API uses were all imported when the snapshot was
 * made (tools/snapshot.mjs), so no request reads a file of the package, and the wheel is
 * not installed; it is still fetched and checked, as on the usual path, and a damaged one
 * is reported the same way.
 */
async function startFromSnapshot(buildInfo, wheel) {
  const info = await buildInfo;
  const manifest = snapshotManifest(info);
  const memory = new Uint8Array(manifest.rawBytes);
  const snapshotRead = readSnapshot(manifest, memory);
  snapshotRead.catch(() => {}); // handled in loadRuntime
  const stdlibChecked = async (pyodide) => {
    const expected = info.runtimeSha256?.[STDLIB[0]];
    let bytes = null;
    const sys = pyodide.pyimport("sys");
    const paths = sys.path;
    try {
      // Pyodide writes python_stdlib.zip to /lib/python3XY.zip, the zip on sys.path.
      const path = paths.toJs().find((entry) => /^\/lib\/python\d+\.zip$/.test(entry));
      if (path) bytes = pyodide.FS.readFile(path);
    } catch {
      // not there: Pyodide could not fetch it (and only logged that)
    } finally {
      paths.destroy();
      sys.destroy();
    }
    if (bytes && (!expected || !globalThis.crypto?.subtle || await sha256Hex(bytes) === expected)) {
      step("stdlibChecked");
      return;
    }
    throw await blame(STDLIB, buildInfo, bytes ? "the standard library differs from this build's" : "no standard library");
  };
  const pyodide = await loadRuntime(buildInfo, {
    options: { _loadSnapshot: memory, fsInit: () => snapshotRead.catch(() => {}) },
    snapshotRead,
    check: stdlibChecked,
  });
  runtime = pyodide;
  step("restored");
  await wheel;
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
  // The wheel is fetched and checked while Pyodide starts; a fault in it is reported at
  // once rather than after the interpreter is up.
  const buildInfo = readBuildInfo();
  buildInfo.then(() => step("buildInfoRead"), () => {});
  const wheel = buildInfo.then((info) => fetchChecked(info.wheel, info.wheelSha256));
  const wheelFailed = wheel.then(() => new Promise(() => {}));
  buildInfo.catch(() => {}); // handled where awaited; no "unhandled rejection" meanwhile
  wheelFailed.catch(() => {});
  if (USE_SNAPSHOT) {
    try {
      const call = await Promise.race([startFromSnapshot(buildInfo, wheel), wheelFailed]);
      Object.assign(startedFrom, { path: "snapshot", ms: performance.now() });
      return call;
    } catch (error) {
      // A file both paths need is at fault (named, as on the usual path): report it.
      if (error.name === "StartError") throw error;
      startedFrom.fallback = error.message;
      console.info(`The solver starts without its snapshot: ${error.message}`);
    }
  } else {
    startedFrom.fallback = "switched off (?snapshot=off)";
  }
  self.postMessage({ type: "progress", stage: "loading", fallback: startedFrom.fallback });
  const call = await startUsual(buildInfo, wheel, wheelFailed);
  step("installed");
  Object.assign(startedFrom, { path: "install", ms: performance.now() });
  return call;
}

/** The usual path: start Python, load micropip, install the checked wheel; returns lightsout.api.call. */
async function startUsual(buildInfo, wheel, wheelFailed) {
  const pyodide = await Promise.race([loadRuntime(buildInfo), wheelFailed]);
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
    const reason = `micropip did not load: ${packageErrors.join("; ") || "no reason given"}`;
    const files = Object.keys((await buildInfo).runtimeSha256 ?? {}).filter((file) => /\/micropip-[^/]*\.whl$/.test(file));
    throw (await diagnose(files.map((file) => [file, null]), buildInfo)) ?? new Error(reason);
  }

  // The checked bytes are what gets installed: they go into Pyodide's file system and
  // micropip reads them from there (an emfs: URL that ends in the wheel's own PEP 427
  // file name, which micropip requires), instead of fetching the URL again.
  const wheelName = (await buildInfo).wheel.split("/").pop();
  pyodide.FS.mkdirTree("/tmp/wheels");
  pyodide.FS.writeFile(`/tmp/wheels/${wheelName}`, await wheel);
  const micropip = pyodide.pyimport("micropip");
  try {
    await micropip.install.callKwargs(`emfs:/tmp/wheels/${wheelName}`, { deps: false });
  } finally {
    micropip.destroy();
  }
  return apiCall(pyodide);
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

/** The files this worker fetched while it started: {name: [request start, response end]} in ms since it began. */
function fetchTimes() {
  const times = {};
  for (const entry of performance.getEntriesByType?.("resource") ?? []) {
    times[entry.name.split("/").pop()] = [Math.round(entry.startTime), Math.round(entry.responseEnd)];
  }
  return times;
}

let runtime = null; // the Pyodide instance, for debug requests
const handlePromise = start();
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
