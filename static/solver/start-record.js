// @ts-check
// How the solver's start went, sent with "ready" (the page's solverInfo().start, docs/contract.md)
// for benchmarks and bug reports: the path it took, when it was ready, why not from the snapshot,
// when each of its steps ended, how the files with a brotli copy came (files) and when each file it
// fetched was asked for and had arrived.
// Times are ms since the worker began (its performance.now()); `origin`, the worker's
// performance.timeOrigin, puts them on the page's clock.

/** Each resource timing entry as {file name: [asked at, arrived at]}, in whole ms. */
export function fetchTimes(entries) {
  const times = {};
  for (const entry of entries) {
    times[entry.name.split("/").pop()] = [Math.round(entry.startTime), Math.round(entry.responseEnd)];
  }
  return times;
}

export class StartRecord {
  /** `clock`: {now(), timeOrigin}, the worker's performance. */
  constructor(clock = performance) {
    this.clock = clock;
    this.path = null; // "snapshot" (restored) or "install" (the usual path), once ready
    this.ms = null; // when it was ready
    this.fallback = null; // why the snapshot was not used, or null
    this.steps = {}; // step name -> when it ended, in whole ms
    this.files = {}; // path -> how a file that has a brotli copy came: "brotli, native" | "brotli, script" | "original (why)"
  }

  /** The step `name` has just ended. */
  step(name) {
    this.steps[name] = Math.round(this.clock.now());
  }

  /** The start is over, ready by `path`. */
  ready(path) {
    this.path = path;
    this.ms = this.clock.now();
  }

  /** The record as "ready" carries it; `resources`: the worker's resource timing entries. */
  summary(resources = performance.getEntriesByType?.("resource") ?? []) {
    const { path, ms, fallback } = this;
    return { path, ms, fallback, steps: { ...this.steps }, files: { ...this.files }, origin: this.clock.timeOrigin, fetches: fetchTimes(resources) };
  }
}
