// @ts-check
// The solver's start, in its worker: Pyodide started and lightsout.api imported, by the usual path
// or from the snapshot kept of an earlier start. worker.js runs it once and answers every request
// with what it returns.
//
// The usual path: loadPyodide, then import lightsout.api. Pyodide mounts python_stdlib.zip, which
// build.py made to hold the standard library modules the start and the package need and the
// package itself, all precompiled (tools/stdlib.mjs): nothing to install. The lock file is handed
// over from build-info.json, so it is not fetched (the site loads no package). With no snapshot
// kept, it starts at once, without waiting for build-info.json, so Pyodide's downloads begin as
// the worker does. Once the worker has said "ready" the start takes a memory snapshot of that
// interpreter (Pyodide's experimental _makeSnapshot / makeMemorySnapshot; ≈ 30 ms, which "ready"
// does not wait for) before any request runs (each waits for it), and keeps it in Cache Storage
// (start-cache.js), in the background, with its sha256 and build-info.json's snapshotKey.
//
// The fast path, on the next start: restore that snapshot instead (loadPyodide with
// _loadSnapshot), taken only if it was made by this build (snapshotKey) and its bytes still have
// the sha256 recorded when it was made; on any mismatch or error the entry is deleted and the
// start falls back silently to the usual path, which makes a new one. A fault of a file both paths
// need (the runtime, build-info.json) is named (runtime-faults.js) and ends the start; it is not
// retried. `useSnapshot: false` (?snapshot=off, for tests on this machine) takes the usual path
// and keeps nothing.
//
// While it runs, the start borrows globals Pyodide calls by name and gives each back in a
// `finally`, ready or failed: `fetch` for the whole start, through which Pyodide's downloads are
// counted and the Python zip checked (start-downloads.js), and console.warn / console.error for
// each attempt to load the runtime, through which Pyodide's output is held back and read for the
// failures it only logs (loader-watch.js).

import { DownloadProgress } from "./download-progress.js";
import { watchLoader } from "./loader-watch.js";
import { RuntimeFaults, WASM } from "./runtime-faults.js";
import { StartCache } from "./start-cache.js";
import { watchStartDownloads } from "./start-downloads.js";
import { StartRecord } from "./start-record.js";

/**
 * Start the solver. `siteUrl`: the site's root, absolute (Pyodide's indexURL must be: a relative
 * one fails in blob: workers); `useSnapshot`: false to neither restore nor keep a snapshot;
 * `brotli`: false to fetch the wasm and the Python zip as they are, not as the brotli copies the
 * build made of them (a page the service worker controls: it keeps them unpacked);
 * `released`: a promise the start waits for before it begins (?hold-start), or null;
 * `report(progress)`: {stage: "loading" | "installing"[, received, total][, fallback]}, as the
 * protocol's "progress" carries it. Resolves to {call, pyodide, snapshotTaken, record}: call is
 * lightsout.api.call; snapshotTaken settles once the snapshot of the usual start is made (no
 * request may run before it); record is the StartRecord. Rejects with a StartError naming the
 * file at fault (its `log`: what Pyodide said, held back), or with the error the start ended on.
 */
export function startSolver({ siteUrl, useSnapshot, released, report, brotli = true }) {
  return new SolverStart(siteUrl, report, brotli).run(useSnapshot, released);
}

class SolverStart {
  constructor(siteUrl, report, brotli) {
    this.siteUrl = siteUrl;
    this.report = report;
    this.brotli = brotli; // fetch the wasm and the Python zip as their brotli copies (brotli.js)
    this.record = new StartRecord();
    this.watch = null; // the loader's watch of the attempt running (loader-watch.js)
  }

  async run(useSnapshot, released) {
    this.record.step("moduleRan");
    // Pyodide's own module, asked for by the site's address rather than imported by a relative
    // one: build.py bundles this worker's modules into static/worker.js, from where a relative
    // address would point elsewhere. Asked for now, beside the rest of the start.
    this.pyodideModule = import(new URL("pyodide/pyodide.mjs", this.siteUrl).href);
    this.pyodideModule.catch(() => {}); // met in loadRuntime
    this.report({ stage: "loading" });
    if (released) await released;
    // Taken before watchStartDownloads wraps fetch: the checks must see what the server sends.
    this.faults = new RuntimeFaults(this.siteUrl, globalThis.fetch.bind(globalThis));
    const progress = new DownloadProgress(this.siteUrl, (figures) => this.report({ stage: "loading", ...figures }), { brotli: this.brotli });
    this.buildInfo = this.faults.readBuildInfo();
    const stopWatchingDownloads = watchStartDownloads(progress, this.buildInfo, {
      brotli: this.brotli,
      unpacked: ({ path, how }) => {
        this.record.files[path] = how;
        if (how.startsWith("brotli")) this.record.step(path === WASM[0] ? "wasmUnpacked" : "pythonZipUnpacked");
      },
    });
    try {
      return await this.start(useSnapshot, progress);
    } finally {
      // An attempt may still be loading (the start ended on build-info.json): its watch goes too.
      this.watch?.release();
      stopWatchingDownloads();
      progress.end();
    }
  }

  async start(useSnapshot, progress) {
    const { buildInfo, record } = this;
    buildInfo.then((info) => {
      record.step("buildInfoRead");
      progress.plan(info.download);
    }, () => {});
    // A fault of build-info.json ends the start at once, whatever Pyodide is doing.
    this.buildInfoFailed = buildInfo.then(() => new Promise(() => {}));
    buildInfo.catch(() => {}); // handled where awaited; no "unhandled rejection" meanwhile
    this.buildInfoFailed.catch(() => {});
    const snapshots = new StartCache(new URL("static/start.snapshot", this.siteUrl).href, (name) => record.step(name));
    // Whether a snapshot is kept is known at once, without build-info.json: a first visit starts
    // Pyodide (and its downloads) without waiting for that file or a lookup that depends on it.
    const keeping = useSnapshot && await snapshots.available();
    const kept = keeping ? await snapshots.kept() : null;
    if (kept) {
      try {
        const started = await Promise.race([this.fromSnapshot(snapshots, kept), this.buildInfoFailed]);
        record.ready("snapshot");
        return started;
      } catch (error) {
        // A file both paths need is at fault (named, as on the usual path): report it.
        if (error.name === "StartError") throw error;
        record.fallback = error.message;
        console.info(`The solver starts without its snapshot: ${error.message}`);
      }
    } else if (keeping) {
      record.fallback = "no snapshot kept yet";
    } else {
      record.fallback = useSnapshot ? "no place to keep a snapshot (no Cache Storage here)" : "switched off (?snapshot=off)";
    }
    this.report({ stage: "loading", fallback: record.fallback });
    const started = await this.usual(keeping ? snapshots : null);
    record.step("installed");
    record.ready("install");
    return started;
  }

  /**
   * The fast path: restore the kept snapshot. Its memory is read and checked while Pyodide
   * fetches and compiles its wasm (loadPyodide awaits _loadSnapshot only once it needs it).
   *
   * A snapshot holds the interpreter's memory, not its file system: Pyodide mounts the Python
   * zip again, checked as it is fetched (start-downloads.js), since Python does not read it while
   * it restores and a damaged copy would otherwise pass unnoticed.
   */
  async fromSnapshot(snapshots, kept) {
    const info = await this.buildInfo;
    const memory = snapshots.memory(await snapshots.checked(kept, info));
    memory.catch(() => {}); // handled in loadRuntime
    const pyodide = await this.loadRuntime({ _loadSnapshot: memory }, memory);
    this.record.step("restored");
    const call = apiCall(pyodide);
    this.record.step("apiReady");
    return { call, pyodide, snapshotTaken: Promise.resolve(), record: this.record };
  }

  /**
   * The usual path: start Python, import the API. With `snapshots` (a StartCache: there is a place
   * to keep one, and not ?snapshot=off), the interpreter is started able to snapshot its memory,
   * and the snapshot is taken and kept in the task after "ready" (snapshotTaken, which every
   * request awaits, so none runs before it).
   */
  async usual(snapshots) {
    const pyodide = await Promise.race([this.loadRuntime({ _makeSnapshot: snapshots !== null }), this.buildInfoFailed]);
    this.record.step("started");
    this.report({ stage: "installing" });
    const call = apiCall(pyodide);
    this.record.step("apiReady");
    const snapshotTaken = snapshots
      ? new Promise((resolve) => setTimeout(resolve)).then(() => this.takeSnapshot(pyodide, snapshots))
      : Promise.resolve();
    return { call, pyodide, snapshotTaken, record: this.record };
  }

  /**
   * Start Pyodide (`options` go to loadPyodide), its loader watched (loader-watch.js) until it
   * is up or has failed. A failure is explained: the runtime file at fault, if any, is named in
   * a StartError, with what Pyodide said (held back) as its `log`. When a snapshot is restored,
   * `snapshotRead` is the promise that fills its memory: if that failed (a SnapshotError), the
   * restore's own failure is only its symptom, and the SnapshotError is thrown instead; any other
   * failure that is not a file's is thrown as it is. Either way, the usual path starts next.
   */
  async loadRuntime(options, snapshotRead = null) {
    const watch = watchLoader(this.faults, this.buildInfo);
    this.watch = watch;
    try {
      const { loadPyodide } = await this.pyodideModule;
      const pyodide = await Promise.race([
        loadPyodide({
          indexURL: new URL("pyodide/", this.siteUrl).href,
          // No pyodide-lock.json to fetch: the site loads no package. If build-info.json cannot
          // be read, the start fails on that (buildInfoFailed) while this waits.
          lockFileContents: this.buildInfo.then((info) => info.lockFile, () => new Promise(() => {})),
          stderr: watch.stderr,
          ...options,
        }),
        watch.failure,
      ]);
      if (watch.lacksPythonZip()) throw new Error("no standard library");
      watch.release();
      watch.replay();
      return pyodide;
    } catch (error) {
      const unread = snapshotRead && await snapshotRead.then(() => null, (reason) => reason);
      if (unread) throw unread;
      const cause = error.name === "StartError" ? error : await watch.explain(error);
      if (snapshotRead && cause.name !== "StartError") throw error; // no file is at fault: the usual path starts
      cause.log = watch.said();
      throw cause;
    } finally {
      watch.release();
    }
  }

  /**
   * Snapshot the interpreter just started (≈ 30 ms) and start keeping it; never throws. Keeping
   * starts at once, not when the worker is idle: a page closed or reloaded soon after "ready"
   * (a test, a person following a link) would otherwise never keep one.
   */
  takeSnapshot(pyodide, snapshots) {
    try {
      const memory = pyodide.makeMemorySnapshot();
      this.record.step("snapshotMade");
      this.buildInfo.then((info) => snapshots.keep(memory, info));
    } catch (error) {
      console.info(`The solver's start-up snapshot could not be made: ${error.message}`);
    }
  }
}

/** lightsout.api.call, from the imported package. */
function apiCall(pyodide) {
  const api = pyodide.pyimport("lightsout.api");
  // An attribute proxy is borrowed from its owner and dies with it: copy it first.
  const call = api.call.copy();
  api.destroy();
  return call;
}
