// The worker protocol's client (static/solver-client.js) against a fake Worker: a worker
// whose wasm heap grew past the threshold is replaced once the client is idle, without
// losing a request, and is kept while requests are pending.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SolverClient } from "../../static/solver-client.js";

const MB = 2 ** 20;

/** A module worker stand-in: ready at once; each request's reply reports `heap` (bytes). */
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
    else setTimeout(reply, 1);
  }

  terminate() {
    this.terminated = true;
  }
}

const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms));

async function readyClient(options) {
  FakeWorker.made = [];
  FakeWorker.readyAfterMs = 1;
  globalThis.Worker = FakeWorker;
  const states = [];
  const client = new SolverClient("worker.js", (state) => states.push(state), { restartAboveBytes: 512 * MB, ...options });
  client.start();
  await tick();
  assert.equal(client.state, "ready");
  return { client, states };
}

test("an idle worker whose heap grew past the threshold is replaced; requests go to the new one", async () => {
  const { client, states } = await readyClient();
  await client.request({ op: "solve" });
  await tick();
  assert.equal(FakeWorker.made.length, 1, "a worker at 30 MB is kept");
  const reply = await client.request({ op: "format", grow: 2200 * MB });
  assert.equal(reply.echo, "format");
  assert.equal(client.heapBytes, 2200 * MB);
  await tick();
  assert.equal(FakeWorker.made.length, 2);
  assert.ok(FakeWorker.made[0].terminated);
  assert.equal(client.recycled, 1);
  assert.deepEqual(states.slice(-2), ["loading", "ready"]);
  assert.equal(client.heapBytes, null);
  assert.equal((await client.request({ op: "solve" })).echo, "solve");
  assert.equal(client.heapBytes, 30 * MB);
  assert.equal(FakeWorker.made[1].received.length, 1);
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
  await tick();
  assert.ok(first.terminated);
  // A request sent while the new worker loads waits for it.
  const during = client.request({ op: "verify" });
  assert.equal(client.state, "loading");
  assert.equal((await during).echo, "verify");
  assert.equal(client.recycled, 1);
});

test("a pending request keeps the worker alive even above the threshold", async () => {
  const { client } = await readyClient({ restartAboveBytes: 100 * MB });
  const worker = FakeWorker.made[0];
  const big = client.request({ op: "format", grow: 300 * MB });
  await big;
  worker.hold = true;
  const slow = client.request({ op: "solve" }); // sent in the same task as the reply was handled
  await tick(10);
  assert.ok(!worker.terminated, "replaced with a request pending");
  worker.hold = false;
  worker.held.forEach((reply) => reply());
  assert.equal((await slow).echo, "solve");
  await tick();
  assert.ok(worker.terminated);
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

async function startSlow(plan, loadTimeoutMs) {
  SlowStartWorker.plan = plan;
  FakeWorker.readyAfterMs = null; // ready only when the plan says
  globalThis.Worker = SlowStartWorker;
  const seen = [];
  const client = new SolverClient("worker.js", (state, detail) => seen.push([state, detail]), { loadTimeoutMs });
  client.start();
  return { client, seen };
}

test("the start-up deadline measures stalls: a start that keeps receiving bytes longer than the deadline is not cut off", async () => {
  const { client, seen } = await startSlow({ everyMs: 20, forMs: 400, ready: true }, 150);
  await tick(600);
  assert.equal(client.state, "ready", "400 ms of steady progress outlasts a 150 ms stall deadline");
  // The page hears the progress: bytes received of the total, growing.
  const received = seen.filter(([state, detail]) => state === "loading" && detail.progress).map(([, detail]) => detail.progress.received);
  assert.ok(received.length >= 5 && received.every((value, index) => index === 0 || value >= received[index - 1]));
  assert.equal(seen.find(([, detail]) => detail.progress)[1].progress.total, 5_600_000);
  client.stop();
});

test("a start whose progress stops fails after the stall deadline, saying how long nothing moved", async () => {
  const { client, seen } = await startSlow({ everyMs: 20, forMs: 100, ready: false }, 150);
  await tick(180);
  assert.equal(client.state, "loading", "still within 150 ms of the last progress");
  await tick(250);
  assert.equal(client.state, "error");
  const [, detail] = seen.at(-1);
  assert.equal(detail.error.timeoutKind, "load");
  assert.equal(detail.error.seconds, 0.15);
});
