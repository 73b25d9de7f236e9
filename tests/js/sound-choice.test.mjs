// @ts-check
// Sound and touch (static/session/sound-choice.js, static/views/sound-output.js): one switch,
// remembered, off under prefers-reduced-motion until chosen; a click (and a tick of
// vibration) only for a press that changed the board, a chord for a win, nothing before the
// player's first gesture or while off; the sounds are oscillators (no file).
import { test } from "node:test";
import assert from "node:assert/strict";
import { SOUND_KEY, SoundChoice, feedbackFor } from "../../static/session/sound-choice.js";
import { SoundOutput } from "../../static/views/sound-output.js";
import { boardFromCells } from "../../static/model/board.js";
import { MemoryStorage } from "./memory-storage.mjs";
import { makeSession } from "./session-helpers.mjs";
import { standIn } from "./stand-in.mjs";

test("the switch: on by default, off under reduced motion until chosen; the choice is remembered", () => {
  assert.equal(new SoundChoice(new MemoryStorage()).on, true);
  const storage = new MemoryStorage();
  const calm = new SoundChoice(storage, () => true);
  assert.equal(calm.on, false);
  calm.choose(true);
  assert.equal(storage.getItem(SOUND_KEY), "on");
  assert.equal(new SoundChoice(storage, () => true).on, true); // chosen: reduced motion no longer decides
  new SoundChoice(storage).choose(false);
  assert.equal(new SoundChoice(storage).on, false);
  const refusing = new SoundChoice(new MemoryStorage({}, true));
  refusing.choose(false);
  assert.equal(refusing.on, false); // not remembered, but this page keeps it
});

test("a press that changed lights clicks, a winning press plays the chord; nothing while off, before a gesture, or without a press", () => {
  const { session, changes } = makeSession();
  session.setBoard(boardFromCells(1, 3, 2, [1, 1, 0]));
  session.press(0, 2); // 1 1 0 → 1 0 1
  session.press(0, 1); // → 0 1 0 ... not solved
  session.undo();
  session.press(0, 0); // 1 0 1 → 0 1 1
  const decide = (change, options = {}) => feedbackFor(change, { on: true, touched: true, won: session.won, ...options });
  const [press] = changes.filter((change) => change.pressed);
  assert.equal(decide(press), "press");
  assert.equal(decide(press, { on: false }), null);
  assert.equal(decide(press, { touched: false }), null);
  assert.equal(decide(changes.find((change) => change.message?.key === "boardBack" || (!change.pressed && change.cells))), null); // an undo
  assert.equal(decide({ pressed: { row: 0, col: 0 }, cells: [] }), null); // a press that changed nothing
  const won = makeSession();
  won.session.setBoard(boardFromCells(1, 2, 2, [1, 1]));
  won.session.press(0, 0);
  assert.equal(feedbackFor(won.changes.at(-1), { on: true, touched: true, won: won.session.won }), "win");
});

test("the output: a press is one oscillator and a vibration, a win a chord of three; no AudioContext, no sound and no error", () => {
  const calls = [];
  class FakeContext {
    constructor() { calls.push("context"); this.currentTime = 0; this.state = "running"; this.destination = {}; }
    createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect() {} }; }
    createOscillator() {
      return { frequency: { setValueAtTime: (hz) => calls.push(hz) }, connect() {}, start: () => calls.push("start"), stop() {} };
    }
  }
  const output = new SoundOutput({ AudioContext: standIn(FakeContext), navigator: { vibrate: (ms) => calls.push(`vibrate ${ms}`) } });
  assert.deepEqual(calls, []); // nothing made before the first sound
  output.press();
  assert.deepEqual(calls, ["vibrate 12", "context", 1200, "start"]);
  output.win();
  assert.deepEqual(calls.slice(4), ["vibrate 12", 523.25, "start", 659.25, "start", 783.99, "start"]);
  new SoundOutput({ navigator: {} }).press(); // neither audio nor vibration: silence
});
