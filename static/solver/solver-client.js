// @ts-check
// The page's side of the worker protocol (see worker.js). Each request carries an id
// and resolves or rejects with the reply carrying that id; progress messages drive the
// status line. A start-up that fails or stalls, or a request that runs too long, ends
// the worker (without SharedArrayBuffer there is no way to interrupt Python) and puts
// the client in the "error" state, from which restart() begins again. cancel() ends a
// running request the same way, but starts a fresh worker at once (≈ 3 s to ready).
//
// Pyodide's wasm heap grows with the largest request and never shrinks (a 10000×10000
// board's text took it from 30 MB to 2.2 GB): every reply says the heap's size, and a
// worker whose heap is above restartAboveBytes is replaced once the client is idle — no
// request is pending then, so none is lost; one sent during the restart waits in the new
// worker, as during the first start, and the board lives in the page, not the worker.
//
// Boards cross as packed bytes: a request may carry a Uint8Array payload that its
// "RxC@N" board fields point into, and with "binary": true the reply's boards come
// back the same way in result.payload.

// The start-up deadline measures stalls, not the whole start: it is given up only after this
// long with no progress from the worker (no byte of its downloads arriving, no step of the
// start done), so a slow link that keeps moving is never cut off. The longest quiet stretch of
// a good start is the interpreter starting once its files are in (≈ 1–3 s on this machine).
export const LOAD_TIMEOUT_MS = 30_000;
export const REQUEST_TIMEOUT_MS = 60_000;
export const RESTART_ABOVE_BYTES = 256 * 2 ** 20; // a fresh worker's heap is ≈ 30 MB; a 10000×10000 text takes it to 0.5–2.2 GB

/**
 * The address the solver's worker is started at: `workerUrl` with the query its start needs
 * (worker.js): "snapshot=off" unless `useSnapshot`, "hold=1" if `holdStart` (tests), and "sw=1"
 * when the page is controlled by the site's service worker, which keeps the runtime unpacked.
 */
export function workerAddress(workerUrl, { useSnapshot = true, holdStart = false } = {}) {
  const cached = Boolean(globalThis.navigator?.serviceWorker?.controller);
  if (useSnapshot && !holdStart && !cached) return String(workerUrl);
  const url = new URL(workerUrl, globalThis.location?.href);
  if (!useSnapshot) url.searchParams.set("snapshot", "off");
  if (holdStart) url.searchParams.set("hold", "1");
  if (cached) url.searchParams.set("sw", "1");
  return url.href;
}

// The worker made by the page's first script (early-start.js), before the page's bundle has
// arrived, for the first SolverClient.start() to take over: {address, worker, take()}.
const EARLY_WORKER = Symbol.for("lightsout.earlyWorker");
// What EARLY_WORKER holds once a client has started: the page's first script is `async`, so on a
// busy machine the bundle can run first; it then makes no worker of its own (a second start would
// download and start the runtime again, and never be taken over).
const CLIENT_STARTED = "client started";

/**
 * Make the solver's worker now, so that its downloads begin while the rest of the page loads
 * (early-start.js, the page's first script). Its messages and errors are held until the first
 * SolverClient.start() for the same address takes it over and reads them in order; an error is
 * kept from the console as the client would keep it. `options`: as the client's (pageOptions).
 * Returns the worker, or null when a client has started already (it made its own).
 */
export function startWorkerEarly(workerUrl, options = {}) {
  if (globalThis[EARLY_WORKER] === CLIENT_STARTED) return null; // the client came first: its worker is made
  const address = workerAddress(workerUrl, options);
  const worker = new Worker(address, { type: "module" });
  const held = [];
  const hold = (event) => {
    if (event.type === "error") event.preventDefault();
    held.push(event);
  };
  worker.addEventListener("message", hold);
  worker.addEventListener("error", hold);
  globalThis.performance?.mark?.("lightsout:solver-start"); // for the page benchmark
  globalThis[EARLY_WORKER] = {
    address,
    worker,
    take() {
      worker.removeEventListener("message", hold);
      worker.removeEventListener("error", hold);
      return held;
    },
  };
  return worker;
}

/** The early worker for `address`, once (else null; one for another address is ended). */
function takeEarlyWorker(address) {
  const early = globalThis[EARLY_WORKER];
  globalThis[EARLY_WORKER] = CLIENT_STARTED;
  if (!early || early === CLIENT_STARTED) return null;
  if (early.address === address) return early;
  early.worker.terminate();
  early.take();
  return null;
}

/** An error from the solver side, with the API's fields (line, column for format errors). */
export class SolverError extends Error {
  constructor({ name = "Error", message = "", ...details }) {
    super(message);
    this.name = name;
    Object.assign(this, details);
  }
}

/**
 * What the client tells with its state (SolverClient's onState): once ready, the worker's `start`
 * (start-record.js: path "snapshot" or "install", ms, fallback, …); while loading, the start's
 * download `progress` once the worker counts it; after a failure, its `error`.
 * @typedef {object} SolverDetail
 * @property {ReturnType<import("./start-record.js").StartRecord["summary"]> | null} [start]
 * @property {{received: number, total: number} | null} [progress]
 * @property {SolverError} [error]
 */

export class SolverClient {
  /**
   * @param {URL|string} workerUrl  the module worker script
   * @param {(state: string, detail?: SolverDetail) => void} onState
   *        state is "loading" | "installing" | "ready" | "error"; detail.error for "error";
   *        detail.progress for "loading" once the worker counts its downloads: {received,
   *        total} bytes (as sent by a host that compresses as GitHub Pages does)
   */
  constructor(workerUrl, onState, {
    loadTimeoutMs = LOAD_TIMEOUT_MS, requestTimeoutMs = REQUEST_TIMEOUT_MS, restartAboveBytes = RESTART_ABOVE_BYTES,
    useSnapshot = true, holdStart = false,
  } = {}) {
    this.workerUrl = workerUrl;
    this.useSnapshot = useSnapshot; // false: the worker skips its start-up snapshot (tests)
    this.held = holdStart; // true: the first start waits for releaseStart() (tests: page-options.js ?hold-start)
    this.startedFrom = null; // the worker's {path: "snapshot" | "install", ms, fallback} once ready
    this.fallback = null; // why this start does not restore the snapshot, once the worker knows
    this.progress = null; // the start's downloads, {received, total} bytes, once the worker counts them
    this.onState = onState;
    this.loadTimeoutMs = loadTimeoutMs;
    this.requestTimeoutMs = requestTimeoutMs;
    this.restartAboveBytes = restartAboveBytes;
    this.heapBytes = null; // the worker's wasm heap at its last reply
    /** @type {ReturnType<typeof setTimeout> | 0} */
    this.recycleTimer = 0;
    this.recycled = 0; // workers replaced for their heap (for tests)
    this.worker = null;
    this.state = "idle";
    this.nextId = 1;
    this.pending = new Map(); // id -> {resolve, reject, timer}
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.loadTimer = null;
    /** @type {(busy: boolean) => void} told true as each request is sent, false once none is left (app.js) */
    this.onBusy = () => {};
  }

  /** Requests sent and not yet answered. */
  get busy() {
    return this.pending.size > 0;
  }

  get ready() {
    return this.state === "ready";
  }

  start() {
    this.stop();
    this.heapBytes = null;
    this.startedFrom = null;
    this.fallback = null;
    this.progress = null;
    this.setState("loading");
    const address = workerAddress(this.workerUrl, { useSnapshot: this.useSnapshot, holdStart: this.held });
    // The first start takes over the worker the page's first script made, if it has the same address.
    const early = takeEarlyWorker(address);
    if (!early) globalThis.performance?.mark?.("lightsout:solver-start"); // for the page benchmark
    const worker = early?.worker ?? new Worker(address, { type: "module" });
    this.worker = worker;
    const onMessage = (event) => {
      if (worker === this.worker) this.receive(event.data);
    };
    const onError = (event) => {
      if (worker !== this.worker) return;
      event.preventDefault();
      this.fail({ name: "WorkerError", message: event.message || "the worker script failed to load" });
    };
    worker.addEventListener("message", onMessage);
    worker.addEventListener("error", onError);
    for (const event of early?.take() ?? []) (event.type === "error" ? onError : onMessage)(event);
    if (this.worker !== worker || this.ready) return; // the early worker's held messages already ended this start
    if (!this.held) this.armLoadTimer(); // a held start makes no progress until released, by design
  }

  /** Let a start held by ?hold-start go on (tests); the start-up deadline runs from here. */
  releaseStart() {
    if (!this.held || !this.worker) return false;
    this.held = false;
    this.worker.postMessage({ type: "release" });
    this.armLoadTimer();
    return true;
  }

  /**
   * (Re)start the start-up deadline: a wrongly served .wasm makes Pyodide hang rather than
   * fail, so a start that makes no progress for loadTimeoutMs is given up. Every message of
   * the worker's start (bytes arrived, a step done) starts it again.
   */
  armLoadTimer() {
    clearTimeout(this.loadTimer);
    this.loadTimer = setTimeout(() => {
      this.fail({ name: "TimeoutError", message: "", timeoutKind: "load", seconds: this.loadTimeoutMs / 1000 });
    }, this.loadTimeoutMs);
  }

  restart() {
    this.start();
  }

  /** Give up on every running request (they reject with AbortError) and start a new worker. */
  cancel() {
    this.stop("cancelled");
    this.start();
  }

  stop(reason = "restarted") {
    clearTimeout(this.loadTimer);
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.rejectAll({ name: "AbortError", message: `the solver was ${reason}`, reason });
  }

  /**
   * Send an API request object; resolves with the {"ok": true, ...} reply, whose
   * `payload` is a Uint8Array (empty unless the request asked for "binary": true).
   * `payload` is copied before it is transferred, so the caller keeps its bytes.
   */
  request(request, { timeoutMs = this.requestTimeoutMs, payload = null } = {}) {
    if (!this.worker || this.state === "error") {
      return Promise.reject(new SolverError({ name: "NotReadyError", message: "the solver is not running" }));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // A request sent during loading waits in the worker; its clock starts when loading ends.
      const timer = this.ready ? this.requestTimer(id, timeoutMs) : null;
      this.pending.set(id, { resolve, reject, timer, timeoutMs });
      const sent = payload ? payload.slice() : null;
      this.worker.postMessage({ type: "request", id, request, payload: sent }, sent ? [sent.buffer] : []);
      this.onBusy(true);
    });
  }

  /**
   * A debug request to the worker (worker.js: "memory" measures, "crash" makes it throw
   * an uncaught error, "stall" keeps it busy until it is stopped). For tests and the
   * endurance benchmark; the page never sends them.
   */
  debug(action) {
    if (!this.worker) {
      return Promise.reject(new SolverError({ name: "NotReadyError", message: "the solver is not running" }));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, timer: null, timeoutMs: this.requestTimeoutMs });
      this.worker.postMessage({ type: "debug", id, action });
    });
  }

  requestTimer(id, timeoutMs) {
    return setTimeout(() => {
      if (!this.pending.has(id)) return;
      this.fail({ name: "TimeoutError", message: "", timeoutKind: "request", seconds: timeoutMs / 1000 });
    }, timeoutMs);
  }

  receive(message) {
    switch (message?.type) {
      case "progress":
        if (this.state === "error" || this.state === "ready") break; // a late message of a start already over
        if (typeof message.fallback === "string") this.fallback = message.fallback;
        if (Number.isFinite(message.received) && Number.isFinite(message.total) && message.total > 0) {
          this.progress = { received: message.received, total: message.total };
        }
        if (message.stage === "ready") {
          clearTimeout(this.loadTimer);
          for (const [id, entry] of this.pending) entry.timer ??= this.requestTimer(id, entry.timeoutMs);
          this.startedFrom = message.start ?? null;
        } else if (!this.held) {
          this.armLoadTimer(); // a held start (tests) waits for releaseStart, by design
        }
        this.setState(message.stage, { start: this.startedFrom, progress: this.progress });
        break;
      case "fatal":
        this.fail(message.error);
        break;
      case "success":
      case "error": {
        if (typeof message.heapBytes === "number") this.heapBytes = message.heapBytes;
        const entry = this.pending.get(message.id);
        if (!entry) return;
        this.pending.delete(message.id);
        clearTimeout(entry.timer);
        if (message.type === "success") entry.resolve(message.result);
        else entry.reject(new SolverError(message.error));
        if (!this.busy) {
          this.onBusy(false);
          this.recycleIfGrown();
        }
        break;
      }
      default:
        break;
    }
  }

  /**
   * Replace the worker when its heap grew above restartAboveBytes, once idle. A task later,
   * not at once: whoever awaited the last reply often sends its next request right away,
   * and the worker then stays until that one is answered too.
   */
  recycleIfGrown() {
    if (this.heapBytes === null || this.heapBytes <= this.restartAboveBytes) return;
    clearTimeout(this.recycleTimer);
    this.recycleTimer = setTimeout(() => {
      if (this.busy || !this.ready || this.heapBytes === null || this.heapBytes <= this.restartAboveBytes) return;
      this.recycled++;
      this.start();
    }, 0);
  }

  fail(error) {
    clearTimeout(this.loadTimer);
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.rejectAll(error);
    this.setState("error", { error: new SolverError(error) });
  }

  rejectAll(error) {
    for (const entry of this.pending.values()) {
      clearTimeout(entry.timer);
      entry.reject(new SolverError(error));
    }
    const wasBusy = this.pending.size > 0;
    this.pending.clear();
    if (wasBusy) this.onBusy(false);
  }

  /** @param {string} state @param {SolverDetail} [detail] */
  setState(state, detail = {}) {
    this.state = state;
    this.onState(state, detail);
  }
}

/** Solve a size × size board given as packed bytes, straight to the solver `client` (the test hooks' endurance run). */
export function solvePacked(client, size, payload) {
  return client.request({ op: "solve", board: `${size}x${size}@0`, target: "off", minimal: false, binary: true }, { payload });
}
