// @ts-check
// The session's front door (static/session/api.js): panels, views and app.js hold a SessionApi,
// never the session. It gives commands, read-only state and one subscription; the solver's
// state is a field of that one change event; what the session owns cannot be written through it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SessionApi } from "../../static/session/api.js";
import { FakeSolver, LIMITS } from "./fake-solver.mjs";
import { MemoryStorage } from "./memory-storage.mjs";

function openApi() {
  const solver = new FakeSolver();
  const api = new SessionApi({ solver, limits: LIMITS, wait: () => Promise.resolve(), random: () => 0.9, storage: new MemoryStorage() });
  const changes = [];
  api.subscribe((change) => changes.push(change));
  return { api, solver, changes };
}

test("the front door hands out no session: nothing on it names the session, and its state cannot be written", () => {
  const { api } = openApi();
  const writer = /** @type {any} */ (api); // as a careless panel would: the type checker refuses these writes too
  assert.deepEqual(Object.keys(api), [], "no own fields: the session is private (#session)");
  assert.equal(writer.session, undefined);
  assert.throws(() => { writer.marks = null; }, TypeError, "read-only state has no setter");
  assert.throws(() => { writer.game = null; }, TypeError);
  assert.throws(() => { writer.records.statistics = null; }, TypeError, "the records are read through a frozen view");
  assert.throws(() => { writer.explanation.index = 3; }, TypeError, "so is the explanation");
  const challenge = api.challenge;
  assert.equal(challenge, null);
});

test("a command goes through the session and is told in the one change event", () => {
  const { api, changes } = openApi();
  const before = api.game.board.copy();
  assert.equal(api.click(2, 2), "press");
  assert.equal(api.game.moveCount, 1);
  assert.ok(!api.game.board.equals(before));
  assert.deepEqual(changes.at(-1).pressed, { row: 2, col: 2 });
  api.undo();
  assert.ok(api.game.board.equals(before));
  assert.equal(api.canUndo, false);
});

test("the solver's state is a field of the change event, not a channel of its own", () => {
  const { api, changes } = openApi();
  api.solverChanged("loading", { progress: { received: 1, total: 2 } });
  assert.equal(changes.at(-1).solver, true);
  assert.equal(api.solver.state, "loading");
  assert.deepEqual(api.solver.detail.progress, { received: 1, total: 2 });
  api.solverChanged("error", { error: { name: "Error", message: "down" } });
  assert.equal(api.solver.state, "error");
});

test("the solver once ready: the games and level sets it lists are asked once and told as `loaded`; Cancel stops it and says so", async () => {
  // session/solver-state.js, through the front door as app.js and the panels reach it.
  const lists = { presets: { presets: [{ name: "classic" }] }, levels: { sets: [{ name: "classic" }] } };
  const asked = [];
  const solver = {
    ready: false,
    cancelled: 0,
    request(message) {
      asked.push(message.op);
      return Promise.resolve(lists[message.op]);
    },
    cancel() {
      this.cancelled++;
    },
  };
  const api = new SessionApi({ solver, limits: LIMITS, storage: new MemoryStorage() });
  const changes = [];
  api.subscribe((change) => changes.push(change));
  const loaded = () => new Promise((resolve) => api.subscribe((change) => change.loaded && resolve(change)));
  assert.equal(api.presets, null);
  solver.ready = true;
  const first = loaded();
  api.solverChanged("ready");
  assert.equal(changes.at(-1).solver, true);
  assert.equal(api.solver.ready, true);
  await first;
  assert.deepEqual(api.presets, [{ name: "classic" }]);
  assert.deepEqual(api.levelSets, [{ name: "classic" }]);
  const again = loaded();
  api.solverChanged("ready"); // a restart: the lists are the ones already loaded
  await again;
  assert.deepEqual(asked, ["presets", "levels"]);
  api.cancel();
  assert.equal(solver.cancelled, 1);
  assert.equal(changes.at(-1).message.key, "cancelled");
});

test("one mode at a time: set-up and shape editing exclude each other, and the session says which", () => {
  const { api } = openApi();
  assert.equal(api.mode, "play");
  api.setMode("setup");
  assert.equal(api.mode, "setup");
  assert.equal(api.settingUp, true);
  api.setMode("shape");
  assert.equal(api.mode, "shape");
  assert.equal(api.settingUp, false, "entering shape editing left set-up");
  assert.equal(api.shape.on, true);
  api.setMode("play");
  assert.equal(api.shape.on, false);
  // A click in set-up mode sets a light: no press, no move.
  api.setMode("setup");
  const before = api.game.board.get(0);
  assert.equal(api.click(0, 0), "set");
  assert.notEqual(api.game.board.get(0), before);
  assert.equal(api.game.moveCount, 0);
});

test("a win is a press that reaches the goal: an Undo or a Redo landing on it records nothing, and the banner and the statistics agree", async () => {
  const { api } = openApi();
  // The case: #2x2:CA;p=random — press (0, 0), set the goal to All on, Undo, Redo.
  api.openLink("#2x2:CA;p=random");
  assert.ok(api.challenge, "the link's New puzzle is a puzzle being played");
  api.click(0, 0);
  api.setTarget("on");
  assert.equal(api.won, null, "a goal changed is no win");
  api.undo();
  api.redo();
  assert.ok(api.game.isSolved(), "the Redo lands on the goal");
  assert.equal(api.won, null, "no win: the banner shows none");
  assert.equal(api.records.statistics.won, 0, "and the statistics count none");
  assert.equal(api.challenge?.best ?? null, null, "no best result");
});
