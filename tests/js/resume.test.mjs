// @ts-check
// The game in progress kept in the browser (static/session/resume.js): a session that opens
// without a link gets back the game left — its board, Undo and Redo (edits too), the marks,
// the puzzle with its clock and fewest presses, whether the solver helped; a link wins unless
// it is the kept game's own address; New puzzle is kept in its place; unreadable data is set
// aside with a message; a storage that refuses never stops the game.
import { test } from "node:test";
import assert from "node:assert/strict";
import { GAME_KEY, GAME_SET_ASIDE_KEY, MOST_CHARACTERS } from "../../static/session/resume.js";
import { Game } from "../../static/model/game.js";
import { emptyBoard, boardFromCells } from "../../static/model/board.js";
import { Mask } from "../../static/model/mask.js";
import { makeStencil } from "../../static/model/presses.js";
import { shareTextOf } from "../../static/model/share-link.js";
import { MemoryStorage } from "./memory-storage.mjs";
import { afterMarks, makeSession } from "./session-helpers.mjs";

const cellsOf = (session) => session.game.board.toList();

/** A session keeping its game in `storage` from the start (as the page's first restore leaves it). */
function keeping(storage, options = {}) {
  const made = makeSession({ storage, ...options });
  return { ...made, restored: made.session.resume.restore(options.link ?? null) };
}

test("a game's history as data rebuilds the same game: presses and edits, Undo and Redo, on every rule and surface", () => {
  const variants = [{}, { stencil: makeStencil("moore"), surface: "torus" }, { surface: "klein", mask: new Mask(4, 5, boardFromCells(4, 5, 2, [0, 1, ...Array(18).fill(0)]), null) }];
  for (const options of variants) {
    for (const k of [2, 3]) {
      const game = new Game(emptyBoard(4, 5, k), options);
      const free = [...Array(20).keys()].filter((index) => !game.holes?.get(index));
      const pick = (n) => free[(n * 7) % free.length];
      for (let i = 0; i < 9; i++) game.play(Math.floor(pick(i) / 5), pick(i) % 5);
      game.edit([pick(2), pick(3)]);
      for (let i = 9; i < 14; i++) game.play(Math.floor(pick(i) / 5), pick(i) % 5);
      for (let i = 0; i < 4; i++) game.undo();
      const { undo, redo } = game.historyEntries();
      const rebuilt = new Game(game.firstBoard(), options);
      assert.ok(rebuilt.board.equals(emptyBoard(4, 5, k)), "the first board is the one it was made with");
      rebuilt.restoreHistory(undo, redo);
      assert.ok(rebuilt.board.equals(game.board));
      assert.equal(rebuilt.moveCount, game.moveCount);
      for (let i = 0; i < 4; i++) { game.redo(); rebuilt.redo(); assert.ok(rebuilt.board.equals(game.board)); }
      while (game.canUndo) { game.undo(); rebuilt.undo(); assert.ok(rebuilt.board.equals(game.board)); }
      assert.equal(rebuilt.canUndo, false);
      assert.throws(() => new Game(emptyBoard(4, 5, k), options).restoreHistory([20]), RangeError);
      if (options.mask) assert.throws(() => new Game(emptyBoard(4, 5, k), options).restoreHistory([[1]]), RangeError); // a hole
    }
  }
});

test("the game left comes back when the page opens without a link, with Undo and Redo, marks and the help", async () => {
  const storage = new MemoryStorage();
  const { session } = keeping(storage);
  session.setBoard(boardFromCells(3, 3, 2, [1, 1, 0, 1, 0, 0, 0, 0, 0]));
  session.press(2, 2);
  session.press(1, 2);
  session.undo();
  await session.solving.solve();
  assert.ok(session.marks);
  session.resume.flush();
  const left = { cells: cellsOf(session), marks: session.marks.toList() };

  const { session: again, changes, restored } = keeping(storage);
  assert.equal(restored, true);
  assert.deepEqual(cellsOf(again), left.cells);
  assert.deepEqual(again.marks.toList(), left.marks);
  assert.ok(afterMarks(again).isSolved(), "the marks shown still solve the board");
  assert.equal(again.assisted, true); // Solve helped: still no best result after coming back
  assert.equal(changes.some((change) => change.message?.key === "gameResumed"), true);
  again.redo();
  again.undo();
  again.undo();
  assert.equal(again.canUndo, false); // the game was dealt by setBoard: its history starts there
  assert.deepEqual(cellsOf(again), [1, 1, 0, 1, 0, 0, 0, 0, 0]);
});

test("a puzzle comes back with its kind, fewest presses and clock: the time away is not counted", async () => {
  const storage = new MemoryStorage();
  let clock = 10_000;
  const { session } = keeping(storage, { now: () => clock });
  await session.dealer.newGame({ rows: 3, cols: 3 });
  await new Promise((resolve) => setTimeout(resolve, 0));
  const minimum = session.challenge.minimum;
  assert.ok(minimum !== null);
  session.press(0, 0); // the clock starts
  clock += 4000;
  session.resume.flush();
  clock = 1_000_000; // a day later, another page
  const { session: again } = keeping(storage, { now: () => clock });
  assert.equal(again.challenge.kind, "random");
  assert.equal(again.challenge.minimum, minimum);
  assert.equal(again.challengeTracker.clock.elapsed, 4000);
  assert.equal(again.game.moveCount, 1);
});

test("a link always wins over the kept game, a reload of the kept game's own address too", () => {
  const storage = new MemoryStorage();
  const { session } = keeping(storage);
  session.setBoard(boardFromCells(2, 2, 2, [1, 0, 0, 1]));
  session.press(0, 0);
  session.resume.flush();
  const own = shareTextOf(session.game); // the kept game's own address, as a reload finds it
  assert.equal(keeping(storage, { link: "3x3:AAA" }).restored, false); // the caller opens the link
  assert.equal(keeping(storage, { link: own }).restored, false); // the address holds the moves: opened as a link
  const left = keeping(storage); // no link: the game left comes back
  assert.equal(left.restored, true);
  assert.deepEqual(cellsOf(left.session), cellsOf(session));
});

test("New puzzle is kept in the place of the game before it", async () => {
  const storage = new MemoryStorage();
  const { session } = keeping(storage);
  session.setBoard(boardFromCells(2, 2, 2, [1, 0, 0, 1]));
  session.resume.flush();
  await session.dealer.newGame({ rows: 3, cols: 3 });
  session.resume.flush();
  const { session: again } = keeping(storage);
  assert.deepEqual([again.game.board.rows, again.challenge?.kind], [3, "random"]);
});

test("a game played to its goal is over: it is not brought back as the game left (an Undo makes it one again)", () => {
  const storage = new MemoryStorage();
  const { session } = keeping(storage);
  session.setBoard(boardFromCells(1, 3, 2, [1, 1, 0])); // one press at (0, 0) solves it
  session.resume.flush();
  assert.notEqual(storage.getItem(GAME_KEY), null); // in play: kept
  session.press(0, 0);
  assert.ok(session.game.isSolved());
  session.resume.flush();
  assert.equal(storage.getItem(GAME_KEY), null);
  const { restored } = keeping(storage);
  assert.equal(restored, false); // a new game instead of "Welcome back"
  session.undo();
  session.resume.flush();
  assert.notEqual(storage.getItem(GAME_KEY), null);
});

test("a kept game that cannot be read is set aside with a message; the page plays a new game", () => {
  const unreadable = ["{not json", "[]", '{"version": 2}', JSON.stringify({ version: 1, link: "5x5:AAAAAA", graph: false, undo: [99], redo: [], hash: null, marks: null, assisted: false, clock: null, minimum: null }),
    JSON.stringify({ version: 1, link: "not a link", graph: false, undo: [], redo: [], hash: null, marks: null, assisted: false, clock: null, minimum: null })];
  for (const text of unreadable) {
    const storage = new MemoryStorage({ [GAME_KEY]: text });
    const { session, changes, restored } = keeping(storage);
    assert.equal(restored, false, text);
    assert.equal(changes.at(-1).message.key, "gameSetAside", text);
    assert.equal(storage.getItem(GAME_SET_ASIDE_KEY) !== null, true, text);
    assert.equal(storage.getItem(GAME_KEY), null, text);
    session.press(0, 0); // the game runs
    session.resume.flush();
    assert.notEqual(storage.getItem(GAME_KEY), null, text);
  }
});

test("a kept real game the solver cannot read (it failed to start) stays kept and comes back when it runs again; one Python refuses is set aside", async () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const kept = JSON.stringify({ version: 1, link: "cube:AAAAAAAAAA", graph: true, undo: [3], redo: [], hash: null, marks: null, assisted: false, clock: null, minimum: null });
  // The fake solver has no `share` op: its error carries no code, as a solver that failed to start.
  const storage = new MemoryStorage({ [GAME_KEY]: kept });
  const { session, solver, changes, restored } = keeping(storage);
  assert.equal(restored, true);
  await settle();
  await session.settled();
  assert.ok(changes.some((change) => change.message?.key === "gameWaitsForSolver"));
  assert.ok(!changes.some((change) => change.message?.key === "gameSetAside"));
  session.resume.flush(); // the stand-in shown meanwhile is not kept over it
  assert.equal(storage.getItem(GAME_KEY), kept);
  assert.equal(storage.getItem(GAME_SET_ASIDE_KEY), null);
  session.resume.solverChanged("ready"); // Retry: the kept game is asked for again
  await settle();
  assert.equal(solver.sent.filter((message) => message.op === "share").length, 2);
  // Python's own refusal of the kept link (a coded error) sets it aside, as any unreadable data.
  const refused = new MemoryStorage({ [GAME_KEY]: kept });
  const again = keeping(refused);
  again.solver.answer = () => { throw Object.assign(new Error("bad link"), { code: "share_bad", params: {} }); };
  await settle();
  await again.session.settled();
  assert.ok(again.changes.some((change) => change.message?.key === "gameSetAside"));
  assert.equal(refused.getItem(GAME_SET_ASIDE_KEY), kept);
});

test("a storage that refuses, or a game too big to keep, never stops the game", () => {
  const refusing = keeping(new MemoryStorage({}, true));
  assert.equal(refusing.restored, false);
  refusing.session.press(1, 1);
  refusing.session.resume.flush();
  assert.equal(refusing.session.game.moveCount, 1);
  // A board whose link is longer than MOST_CHARACTERS empties the place (an older game must not come back).
  const storage = new MemoryStorage();
  const { session } = keeping(storage);
  session.resume.flush();
  assert.notEqual(storage.getItem(GAME_KEY), null);
  const side = Math.ceil(Math.sqrt(MOST_CHARACTERS * 6));
  session.setBoard(emptyBoard(side, side));
  session.resume.flush();
  assert.equal(storage.getItem(GAME_KEY), null);
});
