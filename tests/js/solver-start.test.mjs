// @ts-check
// The solver's start (static/solver/) borrows two globals Pyodide calls by name: `fetch`
// (start-downloads.js: the downloads counted, the Python zip checked) and console.warn /
// console.error (loader-watch.js: Pyodide's output held back and read). Each must be given back
// when the start ends, ready or failed, with nothing left in place. Checked on each module, then
// on the whole start (start.js) with a fake Pyodide that fetches, logs and hangs as Pyodide does.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { register } from "node:module";
import { DownloadProgress } from "../../static/solver/download-progress.js";
import { watchLoader } from "../../static/solver/loader-watch.js";
import { RuntimeFaults, startError } from "../../static/solver/runtime-faults.js";
import { watchStartDownloads } from "../../static/solver/start-downloads.js";
import { reportLog, whole } from "./report-log.mjs";

const SITE = "https://site.test/app/";
const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

/** Run `body` with globalThis.fetch set to `fetch`; the real one is put back after. */
async function withFetch(fetch, body) {
  const real = globalThis.fetch;
  globalThis.fetch = fetch;
  try {
    return await body();
  } finally {
    globalThis.fetch = real;
  }
}

/** Run `body` with console.warn, console.error and globalThis's event listeners recorded, not printed. */
async function withConsole(body) {
  const real = { warn: console.warn, error: console.error, add: globalThis.addEventListener, remove: globalThis.removeEventListener };
  const printed = [];
  const listeners = new Map(); // listener -> event type
  console.warn = (...args) => printed.push(["warn", ...args]);
  console.error = (...args) => printed.push(["error", ...args]);
  globalThis.addEventListener = (type, listener) => listeners.set(listener, type);
  globalThis.removeEventListener = (type, listener) => listeners.delete(listener);
  const ours = { warn: console.warn, error: console.error };
  try {
    return await body({ printed, ours, listeners });
  } finally {
    Object.assign(console, { warn: real.warn, error: real.error });
    globalThis.addEventListener = real.add;
    globalThis.removeEventListener = real.remove;
  }
}

test("watchStartDownloads wraps fetch, counts the start's downloads, and its undo puts the same fetch back", async () => {
  const asked = [];
  const server = async (input, init) => {
    asked.push([String(input), init?.cache]);
    return new Response(new Uint8Array(1000), { headers: { "content-type": "application/wasm" } });
  };
  await withFetch(server, async () => {
    const { reports, report, until } = reportLog();
    const progress = new DownloadProgress(SITE, report);
    progress.plan({ "pyodide/pyodide.asm.wasm": { bytes: 1000, sent: 400 } });
    const stop = watchStartDownloads(progress, Promise.resolve({ runtimeSha256: {} }));
    assert.notEqual(globalThis.fetch, server, "the start's fetch is in place while it runs");
    const response = await fetch(`${SITE}pyodide/pyodide.asm.wasm`);
    assert.equal((await response.arrayBuffer()).byteLength, 1000, "Pyodide gets the response whole");
    await until(whole); // reports are at most every REPORT_EVERY_MS: the last comes after the bytes
    assert.deepEqual(reports.at(-1), { received: 400, total: 400 });
    stop();
    progress.end();
    assert.equal(globalThis.fetch, server, "the undo gives back the very fetch it found");
    await fetch(`${SITE}pyodide/pyodide.asm.wasm`);
    assert.equal(asked.length, 2);
    stop(); // twice is harmless
    assert.equal(globalThis.fetch, server);
  });
});

test("the start's fetch refuses a Python zip whose sha256 is not build-info.json's, after one more try past the HTTP cache", async () => {
  const good = new TextEncoder().encode("PK the standard library");
  const caches = [];
  let body = new Uint8Array(good.length); // damaged: zeros
  const server = async (input, init) => {
    caches.push(init?.cache);
    return new Response(body, { headers: { "content-type": "application/zip" } });
  };
  await withFetch(server, async () => {
    const progress = new DownloadProgress(SITE, () => {});
    const stop = watchStartDownloads(progress, Promise.resolve({ runtimeSha256: { "pyodide/python_stdlib.zip": sha256(good) } }));
    try {
      await assert.rejects(fetch(`${SITE}pyodide/python_stdlib.zip`), { name: "StartError", code: "file-damaged", file: "pyodide/python_stdlib.zip" });
      assert.deepEqual(caches, ["no-cache", "reload"]);
      body = good;
      const response = await fetch(`${SITE}pyodide/python_stdlib.zip`);
      assert.deepEqual(new Uint8Array(await response.arrayBuffer()), good);
    } finally {
      stop();
    }
    assert.equal(globalThis.fetch, server);
  });
});

test("watchLoader holds console.warn / console.error and unhandled rejections, and release() gives each back", async () => {
  await withConsole(async ({ printed, ours, listeners }) => {
    const blamed = [];
    const faults = { blame: async (file, buildInfo, reason) => (blamed.push([file[0], reason]), startError("runtime-corrupt", reason, { file: file[0] })) };
    const watch = watchLoader(faults, Promise.resolve({}));
    assert.notEqual(console.warn, ours.warn);
    assert.notEqual(console.error, ours.error);
    assert.deepEqual([...listeners.values()], ["unhandledrejection"], "unhandled rejections are held too");
    console.warn("wasm instantiation failed!");
    console.warn(new Error("expected magic word"));
    watch.stderr("Python said this");
    await assert.rejects(watch.failure, { code: "runtime-corrupt", file: "pyodide/pyodide.asm.wasm", message: "expected magic word" });
    assert.deepEqual(blamed, [["pyodide/pyodide.asm.wasm", "expected magic word"]]);
    assert.deepEqual(printed, [], "nothing printed while held");
    assert.equal(watch.said(), "wasm instantiation failed!\nexpected magic word\nPython said this");
    watch.release();
    assert.equal(console.warn, ours.warn, "console.warn given back");
    assert.equal(console.error, ours.error, "console.error given back");
    assert.equal(listeners.size, 0, "the unhandledrejection listener is removed");
    watch.release(); // idempotent
    assert.equal(console.warn, ours.warn);
    watch.replay();
    assert.equal(printed.length, 3);
  });
});

test("release() leaves alone a console another module replaced after the watch began", async () => {
  await withConsole(async ({ ours }) => {
    const watch = watchLoader({ blame: async () => null }, Promise.resolve({}));
    const later = () => {};
    console.error = later;
    watch.release();
    assert.equal(console.warn, ours.warn);
    assert.equal(console.error, later);
  });
});

test("RuntimeFaults names the file at fault: missing, wrong MIME type, damaged; null when all is well", async () => {
  const wasm = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);
  let served = { status: 200, type: "application/wasm", bytes: wasm };
  const faults = new RuntimeFaults(SITE, async () => new Response(served.bytes, { status: served.status, headers: { "content-type": served.type } }));
  const info = Promise.resolve({ runtimeSha256: { "pyodide/pyodide.asm.wasm": sha256(wasm) } });
  const WASM = ["pyodide/pyodide.asm.wasm", "application/wasm"];
  assert.equal(await faults.diagnose([WASM], info), null);
  served = { status: 404, type: "text/plain", bytes: new Uint8Array(1) };
  assert.deepEqual({ ...(await faults.diagnose([WASM], info)) }, { name: "StartError", code: "file-http", file: WASM[0], status: 404 });
  served = { status: 200, type: "text/plain", bytes: wasm };
  assert.deepEqual({ ...(await faults.diagnose([WASM], info)) }, { name: "StartError", code: "runtime-wrong-type", file: WASM[0], type: "text/plain" });
  served = { status: 200, type: "application/wasm", bytes: new Uint8Array(8) };
  assert.equal((await faults.diagnose([WASM], info)).code, "file-damaged");
  assert.equal((await faults.blame(WASM, info, "the loader's reason")).code, "file-damaged");
  served = { status: 200, type: "application/wasm", bytes: wasm };
  assert.deepEqual({ ...(await faults.blame(WASM, info, "the loader's reason")) }, { name: "StartError", code: "runtime-corrupt", file: WASM[0] });
});

// The whole start (start.js) with Pyodide's module replaced by fake-pyodide.mjs: its loadPyodide
// is each test's, which fetches, logs or hangs as Pyodide does, and the globals are checked when
// the start has ended. Node has no Cache Storage: the start takes the usual path.
register("data:text/javascript," + encodeURIComponent(`
  export async function resolve(specifier, context, next) {
    if (specifier.endsWith("/pyodide/pyodide.mjs") && context.parentURL?.endsWith("/static/solver/start.js")) {
      return { url: ${JSON.stringify(new URL("./fake-pyodide.mjs", import.meta.url).href)}, shortCircuit: true };
    }
    return next(specifier, context);
  }`));
const { startSolver } = await import("../../static/solver/start.js");

const RUNTIME_BYTES = { "pyodide/pyodide.asm.wasm": new Uint8Array([0, 97, 115, 109]), "pyodide/python_stdlib.zip": new TextEncoder().encode("PK zip") };
const BUILD_INFO = {
  runtimeSha256: Object.fromEntries(Object.entries(RUNTIME_BYTES).map(([path, bytes]) => [path, sha256(bytes)])),
  lockFile: { info: {}, packages: {} },
  snapshotKey: "0".repeat(64),
  download: { "pyodide/pyodide.asm.wasm": { bytes: 4, sent: 4 }, "pyodide/python_stdlib.zip": { bytes: 6, sent: 6 } },
};

/** The site's server: its files, `refused` answered 404; `asked` records what was fetched. */
function site(refused = []) {
  const asked = [];
  const fetch = async (input) => {
    const path = String(input?.url ?? input).slice(SITE.length);
    asked.push(path);
    if (refused.includes(path)) return new Response("not here", { status: 404 });
    if (path === "static/build-info.json") return Response.json(BUILD_INFO);
    if (path in RUNTIME_BYTES) return new Response(RUNTIME_BYTES[path], { headers: { "content-type": path.endsWith(".wasm") ? "application/wasm" : "application/zip" } });
    return new Response("not here", { status: 404 });
  };
  return { fetch, asked };
}

/** A Pyodide whose lightsout.api.call answers every request with {"ok": true}. */
const fakePyodide = () => ({
  pyimport: () => ({ call: { copy: () => (json) => ({ toJs: () => [JSON.stringify({ ok: true, asked: JSON.parse(json) }), new Uint8Array(0)], destroy() {} }) }, destroy() {} }),
  makeMemorySnapshot: () => new Uint8Array(0),
});

/**
 * Run the start against `server` with `load(options, until)` as loadPyodide (`until(predicate)` waits
 * for a progress report: report-log.mjs); what it ended with and which globals were left in place.
 */
async function runStart(server, load) {
  const { reports, report, until } = reportLog();
  globalThis.fakeLoadPyodide = (options) => load(options, until);
  return withFetch(server.fetch, () => withConsole(async ({ ours, listeners, printed }) => {
    const outcome = await startSolver({ siteUrl: SITE, useSnapshot: true, released: null, report })
      .then((started) => ({ started }), (error) => ({ error }));
    const left = { fetch: globalThis.fetch === server.fetch, warn: console.warn === ours.warn, error: console.error === ours.error, listeners: listeners.size };
    return { ...outcome, left, reports, printed };
  }));
}

const GIVEN_BACK = { fetch: true, warn: true, error: true, listeners: 0 };

test("a start that ends ready gives fetch and console back; what Pyodide logged is printed then", async () => {
  const server = site();
  const { started, error, left, reports, printed } = await runStart(server, async (options, until) => {
    assert.equal(options.indexURL, `${SITE}pyodide/`);
    assert.deepEqual(await options.lockFileContents, BUILD_INFO.lockFile);
    assert.equal(options._makeSnapshot, false);
    // As Pyodide: it fetches its files through the global fetch, and logs.
    for (const path of Object.keys(RUNTIME_BYTES)) await (await fetch(`${SITE}${path}`)).arrayBuffer();
    await until(whole); // reports are at most every REPORT_EVERY_MS: the last comes after the bytes
    console.warn("a line of Pyodide's");
    options.stderr("a line of Python's stderr");
    return fakePyodide();
  });
  assert.equal(error, undefined);
  assert.deepEqual(left, GIVEN_BACK);
  assert.deepEqual(printed, [["warn", "a line of Pyodide's"], ["warn", "a line of Python's stderr"]], "held back, then replayed");
  assert.deepEqual(reports.at(0), { stage: "loading" });
  assert.ok(reports.some((report) => report.fallback === "no place to keep a snapshot (no Cache Storage here)"));
  assert.ok(reports.some((report) => report.received === 10 && report.total === 10), JSON.stringify(reports));
  assert.deepEqual(reports.at(-1), { stage: "installing" });
  assert.equal(started.record.path, "install");
  assert.ok(["moduleRan", "buildInfoRead", "started", "apiReady", "installed"].every((step) => step in started.record.steps));
  assert.deepEqual(JSON.parse(started.call('{"op": "limits"}').toJs()[0]), { ok: true, asked: { op: "limits" } });
  assert.equal(server.asked.filter((path) => path === "pyodide/python_stdlib.zip").length, 1);
});

test("a start whose loader logs a failure names the file at fault and gives fetch and console back", async () => {
  const server = site(["pyodide/pyodide.asm.wasm"]);
  const { error, left, printed } = await runStart(server, () => {
    console.warn("wasm instantiation failed!");
    console.warn(new Error("expected magic word 00 61 73 6d"));
    return new Promise(() => {}); // Pyodide never settles then
  });
  assert.equal(error.name, "StartError");
  assert.deepEqual({ code: error.code, file: error.file, status: error.status }, { code: "file-http", file: "pyodide/pyodide.asm.wasm", status: 404 });
  assert.match(error.log, /wasm instantiation failed!\nexpected magic word/);
  assert.deepEqual(left, GIVEN_BACK);
  assert.deepEqual(printed, [], "nothing of Pyodide's printed: the worker logs the failure in one line");
});

test("a start that ends on build-info.json while Pyodide is still loading gives fetch and console back too", async () => {
  const { error, left } = await runStart(site(["static/build-info.json"]), () => new Promise(() => {}));
  assert.deepEqual({ name: error.name, code: error.code, file: error.file }, { name: "StartError", code: "file-http", file: "static/build-info.json" });
  assert.deepEqual(left, GIVEN_BACK);
});
