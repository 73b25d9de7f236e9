// @ts-check
// The worker protocol's client (static/solver/solver-client.js) against a fake Worker: a worker
// whose wasm heap grew past the threshold is replaced once the client is idle, without
// losing a request, and is kept while requests are pending; the start-up deadline measures
// stalls; a held start (?hold-start) waits for its release.
//
// Nothing here depends on how busy the machine is (a 5 ms wait once raced a 1 ms reply and
// failed 3 of 6 runs beside other work): the heap tests wait for the state they expect
// (until) or for the next task (a timer of 0 ms fires after those set before it), and the
// deadline tests run on a simulated clock (node:test's mock timers).
import { test } from "node:test";
import assert from "node:assert/strict";
import { SolverClient, startWorkerEarly } from "../../static/solver/solver-client.js";
import { standIn } from "./stand-in.mjs";

const MB = 2 ** 20;

/** A module worker stand-in: ready after `readyAfterMs`; each request's reply (1 ms later) reports `heap` (bytes). */
class FakeWorker {
  static made = [];
  static readyAfterMs = 1;
  constructor() {
    this.listeners = { message: [], error: [] };
    this.terminated = false;
    this.heap = 30 * MB;
    this.received = [];
    this.held = [];
    this.hold = false;
    FakeWorker.made.push(this);
    if (FakeWorker.readyAfterMs !== null) setTimeout(() => this.send({ type: "progress", stage: "ready" }), FakeWorker.readyAfterMs);
  }

  addEventListener(type, listener) {
    this.listeners[type].push(listener);
  }

  removeEventListener(type, listener) {
    this.listeners[type] = this.listeners[type].filter((each) => each !== listener);
  }

  send(data) {
    if (!this.terminated) for (const listener of this.listeners.message) listener({ data });
  }

  postMessage(message) {
    this.received.push(message);
    const { id, request } = message;
    const reply = () => {
      if (request?.grow) this.heap = request.grow;
      this.send({ type: "success", id, result: { ok: true, echo: request?.op, payload: new Uint8Array(0) }, heapBytes: this.heap });
    };
    if (this.hold) this.held.push(reply);
    else if (message.type === "request") setTimeout(reply, 1);
  }

  terminate() {
    this.terminated = true;
  }
}

/** Resolves once `condition()` holds (checked every millisecond); fails after `ms` of real time. */
async function until(condition, what, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) assert.fail(`not reached in ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** Resolves after the timers of 0 ms already set (the client's recycle among them) have fired. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Move the simulated clock `ms` milliseconds, a millisecond at a time, settling every promise after each. */
async function advance(t, ms) {
  for (let i = 0; i < ms; i++) {
    t.mock.timers.tick(1);
    await new Promise((resolve) => setImmediate(resolve)); // not a mocked API: runs once the promises settled
  }
}

async function readyClient(options) {
  FakeWorker.made = [];
  FakeWorker.readyAfterMs = 1;
  globalThis.Worker = standIn(FakeWorker);
  const states = [];
  const client = new SolverClient("worker.js", (state) => states.push(state), { restartAboveBytes: 512 * MB, ...options });
  client.start();
  await until(() => client.state === "ready", "the fake worker is ready");
  return { client, states };
}

test("an idle worker whose heap grew past the threshold is replaced; requests go to the new one", async () => {
  const { client, states } = await readyClient();
  await client.request({ op: "solve" });
  await nextTask();
  assert.equal(FakeWorker.made.length, 1, "a worker at 30 MB is kept");
  const reply = await client.request({ op: "format", grow: 2200 * MB });
  assert.equal(reply.echo, "format");
  assert.equal(client.heapBytes, 2200 * MB);
  await until(() => FakeWorker.made.length === 2 && client.state === "ready", "a new worker, ready");
  assert.ok(FakeWorker.made[0].terminated);
  assert.equal(client.recycled, 1);
  assert.deepEqual(states.slice(-2), ["loading", "ready"]);
  assert.equal(client.heapBytes, null);
  assert.equal((await client.request({ op: "solve" })).echo, "solve");
  assert.equal(client.heapBytes, 30 * MB);
  assert.equal(FakeWorker.made[1].received.length, 1);
  client.stop();
});

test("a grown worker is kept while a request is pending, and one sent during the restart is answered", async () => {
  const { client } = await readyClient();
  const first = FakeWorker.made[0];
  const grown = client.request({ op: "format", grow: 900 * MB });
  // Whoever awaits a reply often asks again at once: that request must not be lost.
  const next = grown.then(() => client.request({ op: "solutions" }));
  assert.equal((await next).echo, "solutions");
  assert.equal(first.received.length, 2, "the follow-up went to the old worker, before it was replaced");
  FakeWorker.readyAfterMs = 50;
  await until(() => first.terminated, "the grown worker replaced once idle");
  // A request sent while the new worker loads waits for it.
  const during = client.request({ op: "verify" });
  assert.equal(client.state, "loading");
  assert.equal((await during).echo, "verify");
  assert.equal(client.recycled, 1);
  client.stop();
});

test("a pending request keeps the worker alive even above the threshold", async () => {
  const { client } = await readyClient({ restartAboveBytes: 100 * MB });
  const worker = FakeWorker.made[0];
  await client.request({ op: "format", grow: 300 * MB });
  worker.hold = true;
  const slow = client.request({ op: "solve" }); // sent in the same task as the reply was handled
  await nextTask(); // the recycle's turn has come and gone
  assert.ok(!worker.terminated, "replaced with a request pending");
  worker.hold = false;
  worker.held.forEach((reply) => reply());
  assert.equal((await slow).echo, "solve");
  await until(() => worker.terminated, "replaced once idle");
  client.stop(); // its timers go with it (the next test's mock clock could not clear them)
});

/** A worker that reports download progress every `everyMs` for `forMs`, then (if `ready`) is ready. */
class SlowStartWorker extends FakeWorker {
  static plan = { everyMs: 20, forMs: 300, ready: true };
  constructor() {
    super();
    const { everyMs, forMs, ready } = SlowStartWorker.plan;
    const total = 5_600_000;
    let received = 0;
    const started = Date.now();
    const tickProgress = () => {
      if (this.terminated) return;
      if (Date.now() - started >= forMs) {
        if (ready) this.send({ type: "progress", stage: "ready" });
        return;
      }
      received = Math.min(total, received + 100_000);
      this.send({ type: "progress", stage: "loading", received, total });
      setTimeout(tickProgress, everyMs);
    };
    setTimeout(tickProgress, everyMs);
  }
}

function startSlow(t, plan, loadTimeoutMs) {
  t.mock.timers.enable({ apis: ["setTimeout", "Date"] });
  SlowStartWorker.plan = plan;
  FakeWorker.readyAfterMs = null; // ready only when the plan says
  globalThis.Worker = standIn(SlowStartWorker);
  const seen = [];
  const client = new SolverClient("worker.js", (state, detail) => seen.push([state, detail]), { loadTimeoutMs });
  client.start();
  return { client, seen };
}

test("the start-up deadline measures stalls: a start that keeps receiving bytes longer than the deadline is not cut off", async (t) => {
  const { client, seen } = startSlow(t, { everyMs: 20, forMs: 400, ready: true }, 150);
  await advance(t, 600);
  assert.equal(client.state, "ready", "400 ms of steady progress outlasts a 150 ms stall deadline");
  // The page hears the progress: bytes received of the total, growing.
  const received = seen.filter(([state, detail]) => state === "loading" && detail.progress).map(([, detail]) => detail.progress.received);
  assert.ok(received.length >= 5 && received.every((value, index) => index === 0 || value >= received[index - 1]));
  assert.equal(seen.find(([, detail]) => detail.progress)[1].progress.total, 5_600_000);
  client.stop();
});

test("a start whose progress stops fails after the stall deadline, saying how long nothing moved", async (t) => {
  const { client, seen } = startSlow(t, { everyMs: 20, forMs: 100, ready: false }, 150);
  await advance(t, 180);
  assert.equal(client.state, "loading", "still within 150 ms of the last progress");
  await advance(t, 250);
  assert.equal(client.state, "error");
  const [, detail] = seen.at(-1);
  assert.equal(detail.error.timeoutKind, "load");
  assert.equal(detail.error.seconds, 0.15);
});

test("a held start (?hold-start) waits for its release however long, then runs with its deadline", async (t) => {
  const { client, seen } = startSlow(t, { everyMs: 20, forMs: 100, ready: true }, 150);
  client.stop();
  const held = new SolverClient("file:///site/static/worker.js", (state, detail) => seen.push([state, detail]), { loadTimeoutMs: 150, holdStart: true });
  globalThis.Worker = standIn(FakeWorker);
  FakeWorker.readyAfterMs = null;
  FakeWorker.made = [];
  held.start();
  const worker = FakeWorker.made[0];
  worker.send({ type: "progress", stage: "loading" }); // the worker's first word, before it waits
  const request = held.request({ op: "solve" });
  await advance(t, 1000); // far past the stall deadline: a held start makes no progress by design
  assert.equal(held.state, "loading");
  assert.equal(held.releaseStart(), true);
  assert.deepEqual(worker.received.at(-1), { type: "release" });
  assert.equal(held.releaseStart(), false, "released once");
  worker.send({ type: "progress", stage: "ready" });
  await advance(t, 2);
  assert.equal((await request).echo, "solve", "the request sent while held is answered");
  held.stop();
  const stalled = new SolverClient("file:///site/static/worker.js", () => {}, { loadTimeoutMs: 150, holdStart: true });
  stalled.start();
  stalled.releaseStart();
  await advance(t, 200);
  assert.equal(stalled.state, "error", "once released, a start that stalls fails as any start does");
});

// The page's first script (early-start.js) is `async`: it may run before the bundle, which then
// takes its worker over, or, on a busy machine, after the bundle's client has started its own.
test("the page's first script's worker is taken over by the client; one made after the client started is never made", async () => {
  const early = Symbol.for("lightsout.earlyWorker");
  delete globalThis[early]; // a new page
  FakeWorker.made = [];
  FakeWorker.readyAfterMs = 1;
  globalThis.Worker = standIn(FakeWorker);
  const first = startWorkerEarly("worker.js");
  const client = new SolverClient("worker.js", () => {});
  client.start();
  await until(() => client.state === "ready", "the early worker, taken over, is ready");
  assert.equal(FakeWorker.made.length, 1, "the client took the early worker over");
  assert.equal(client.worker, first);

  delete globalThis[early]; // another page, whose bundle runs first
  FakeWorker.made = [];
  const late = new SolverClient("worker.js", () => {});
  late.start();
  assert.equal(startWorkerEarly("worker.js"), null, "the first script, run late, makes no worker");
  await until(() => late.state === "ready", "the client's own worker is ready");
  assert.equal(FakeWorker.made.length, 1, "one worker, one start of the runtime");
  client.stop();
  late.stop();
});
