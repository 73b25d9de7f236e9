// @ts-check
// Pyodide's loader, watched while it starts. loadPyodide reports some failures only by logging
// them and then never settling: a .wasm that fails to instantiate (404, wrong MIME type, damaged
// bytes, a CSP without 'wasm-unsafe-eval') logs "wasm instantiation failed!", and a Python zip it
// cannot install logs "Error occurred while installing the standard library". Reading its
// console lines as they come turns those into a diagnosis at once (runtime-faults.js), instead of
// waiting for the client's stall deadline (which still catches anything this misses).
//
// What Pyodide prints meanwhile (its console lines, Python's stderr, e.g. "Fatal Python error"
// for a damaged standard library, and a rejection it handles a moment later) is held back, not
// printed: a failed start ends in one console line of the worker's, which includes it, and a
// good start replays it. Pyodide writes to `console` by name and has no option to send its own
// lines elsewhere (its `stderr` option takes Python's only), so the hold replaces console.warn
// and console.error: for one attempt to load the runtime, until `release()`, which the start
// calls when the attempt ends, whichever way.
//
// LoaderLog is the pure half: the lines in, the failure they reveal out.

import { PYTHON_ZIP, RUNTIME, WASM } from "./runtime-faults.js";

/** What the loader said, in order, and the failure its lines reveal. */
export class LoaderLog {
  constructor() {
    this.held = []; // [console level, arguments]
    this.wasmFailed = false; // "wasm instantiation failed!" seen: the Error logged next says why
    this.pythonZipFailed = false; // the standard library (the Python zip) could not be installed
    this.pythonZipReason = ""; // what the loader logged after that line
  }

  /**
   * Hold one console line of the loader's (`level` "warn" or "error"); returns the failure it
   * completes, {file: [path, type], reason}, or null.
   */
  consoleLine(level, args) {
    this.held.push([level, args]);
    if (level === "warn") {
      if (args[0] === "wasm instantiation failed!") this.wasmFailed = true;
      else if (this.wasmFailed && args[0] instanceof Error) return { file: WASM, reason: args[0].message };
    } else if (String(args[0]).startsWith("Error occurred while installing the standard library")) {
      this.pythonZipFailed = true;
    } else if (this.pythonZipFailed && !this.pythonZipReason) {
      this.pythonZipReason = String(args[0]?.message ?? args[0]);
      return { file: PYTHON_ZIP, reason: this.pythonZipReason };
    }
    return null;
  }

  /** Hold something else the loader said (a line of Python's stderr, a rejection), as a warning. */
  aside(what) {
    this.held.push(["warn", [what]]);
  }

  /** What the loader said, as text, for the one line logged when the start fails. */
  said() {
    return this.held.map(([, args]) => args.map((arg) => String(arg?.message ?? arg)).join(" ")).join("\n");
  }
}

/**
 * Watch one attempt to load the runtime: hold Pyodide's console output (replacing console.warn
 * and console.error, and holding unhandled rejections) until `release()`. `faults` (a
 * RuntimeFaults) names the file a log line blames; `buildInfo` is the promise of build-info.json.
 * Returns {failure, stderr, release, replay, said, explain, lacksPythonZip}: `failure` rejects
 * with the diagnosis once a log line reveals one; `stderr` is loadPyodide's option.
 */
export function watchLoader(faults, buildInfo) {
  const log = new LoaderLog();
  let rejectFailure;
  const failure = new Promise((resolve, reject) => { rejectFailure = reject; });
  const heard = (level) => (...args) => {
    const revealed = log.consoleLine(level, args);
    if (revealed) faults.blame(revealed.file, buildInfo, revealed.reason).then(rejectFailure);
  };
  const original = { warn: console.warn, error: console.error };
  const holding = { warn: heard("warn"), error: heard("error") };
  Object.assign(console, holding);
  // Pyodide starts fetching the standard library before it awaits it: a failed fetch is an
  // "unhandled" rejection for a moment (the browser would log it as an error), and is then
  // handled and reported through the log line above.
  const holdRejection = (event) => {
    event.preventDefault();
    log.aside(event.reason);
  };
  globalThis.addEventListener?.("unhandledrejection", holdRejection);
  let held = true;
  return {
    failure,
    stderr: (line) => log.aside(line),
    /** Give console.warn, console.error and unhandled rejections back; idempotent. */
    release() {
      if (!held) return;
      held = false;
      for (const level of ["warn", "error"]) if (console[level] === holding[level]) console[level] = original[level];
      globalThis.removeEventListener?.("unhandledrejection", holdRejection);
    },
    /** Print what was held (after a good start). */
    replay() {
      for (const [level, args] of log.held) original[level](...args);
    },
    said: () => log.said(),
    // loadPyodide may itself fail first (a damaged standard library: Python exits with
    // status 1; a missing one: without it Python exits): report the cause, not the symptom.
    explain: async (error) => (log.pythonZipFailed
      ? faults.blame(PYTHON_ZIP, buildInfo, log.pythonZipReason || error.message)
      : (await faults.diagnose(RUNTIME, buildInfo)) ?? error),
    // Restoring a snapshot does not read the standard library, so it can succeed without one.
    lacksPythonZip: () => log.pythonZipFailed,
  };
}
