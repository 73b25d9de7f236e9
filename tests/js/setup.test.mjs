// @ts-check
// Set-up mode (static/session/setup.js) and the win state of the session (static/session/session.js): a click sets one
// light, history starts afresh on leaving, holes are refused; a win is the player's own,
// helped or played. Every solution checked by simulating its presses.
import { test } from "node:test";
import assert from "node:assert/strict";
import { boardFromCells, emptyBoard } from "../../static/model/board.js";
import { HOLE, Mask } from "../../static/model/mask.js";
import { makeStencil, pressBoard } from "../../static/model/presses.js";
import { afterMarks, makeSession, wordMessage } from "./session-helpers.mjs";

const marksSolve = (session) => afterMarks(session).isSolved();

test("set-up with k = 3: a click cycles one light 0 → 1 → 2 → 0 and nothing else; no move is recorded", () => {
  const { session, changes } = makeSession();
  session.setBoard(emptyBoard(3, 3));
  session.setVariant({ k: 3 });
  session.setupMode.set(true);
  assert.equal(session.settingUp, true);
  assert.ok(changes.at(-1).setup);
  const seen = [];
  for (let step = 0; step < 4; step++) {
    assert.equal(session.setupMode.setLight(1, 1), true);
    seen.push(session.game.board.get(4));
    const others = session.game.board.toList().filter((_, index) => index !== 4);
    assert.deepEqual(others, new Array(8).fill(0)); // the neighbours did not change
    assert.deepEqual(changes.at(-1).cells, [4]);
  }
  assert.deepEqual(seen, [1, 2, 0, 1]);
  assert.equal(session.game.moveCount, 0);
  assert.match(wordMessage(changes.at(-1).message), /0 → 1 → … → 2 → 0/);
  // A press while setting up presses nothing.
  session.press(0, 0);
  assert.deepEqual(session.game.board.toList(), [0, 0, 0, 0, 1, 0, 0, 0, 0]);
  // Undo walks the set-up changes.
  session.undo();
  assert.equal(session.game.board.get(4), 0);
  session.redo();
  assert.equal(session.game.board.get(4), 1);
});

test("leaving set-up keeps the board and starts a fresh history; the puzzle before it ends", () => {
  const { session } = makeSession();
  const board = emptyBoard(3, 3);
  pressBoard(board, 0, 0);
  session.setBoard(board);
  session.dealer.startChallenge("random", "3×3");
  session.press(2, 2);
  assert.equal(session.game.moveCount, 1);
  session.setupMode.set(true);
  assert.equal(session.challenge, null); // timer, minimum and best result went
  assert.equal(session.game.canUndo, false); // undo cannot reach the presses before set-up
  session.setupMode.setLight(1, 1);
  session.setupMode.setLight(0, 2);
  const asSet = session.game.board.toList();
  session.setupMode.set(false);
  assert.equal(session.settingUp, false);
  assert.deepEqual(session.game.board.toList(), asSet);
  assert.equal(session.game.canUndo, false);
  assert.equal(session.game.moveCount, 0);
  assert.deepEqual(session.game.startBoard().toList(), asSet); // the share link starts from the board as set
  session.press(1, 0);
  session.undo();
  assert.deepEqual(session.game.board.toList(), asSet);
  assert.equal(session.game.canUndo, false);
  assert.equal(session.setupMode.setLight(0, 0), false); // not in set-up mode: nothing set
  assert.deepEqual(session.game.board.toList(), asSet);
});

test("set-up refuses holes and sets don't-care cells, on every surface", () => {
  for (const surface of ["plane", "torus", "klein", "projective"]) {
    const { session, changes } = makeSession();
    session.setBoard(emptyBoard(4, 4));
    const mask = new Mask(4, 4);
    mask.setKind(0, HOLE);
    mask.setKind(5, "dontCare");
    session.setShape(mask, "shaped");
    session.setVariant({ surface, stencil: makeStencil("moore") });
    session.setupMode.set(true);
    assert.equal(session.setupMode.setLight(0, 0), false, surface);
    assert.equal(session.game.board.litCount, 0);
    assert.match(wordMessage(changes.at(-1).message), /hole/);
    assert.equal(session.setupMode.setLight(1, 1), true); // don't care: still a light
    assert.equal(session.setupMode.setLight(3, 3), true); // a corner: wrapping surfaces change nothing else
    assert.deepEqual(session.game.board.indices(), [5, 15], surface);
  }
});

test("Solve in set-up mode answers for the board as set; a change of a light drops the marks", async () => {
  const { session } = makeSession();
  session.setBoard(emptyBoard(3, 3));
  session.setVariant({ surface: "torus", stencil: makeStencil("custom:.#./##./...") });
  session.setupMode.set(true);
  // The lights of two presses: a board the rule can solve (the set-up does not press).
  const lights = emptyBoard(3, 3);
  for (const [row, col] of [[0, 1], [2, 2]]) pressBoard(lights, row, col, { stencil: session.game.stencil, surface: "torus" });
  for (const index of lights.indices()) session.setupMode.setLight(Math.floor(index / 3), index % 3);
  assert.deepEqual(session.game.board.toList(), lights.toList());
  await session.solving.solve();
  assert.ok(session.marks);
  assert.ok(marksSolve(session));
  session.setupMode.set(false); // the marks describe the same lights: they stay
  assert.ok(session.marks && marksSolve(session));
  session.setupMode.set(true);
  session.setupMode.setLight(1, 1);
  assert.equal(session.marks, null);
});

test("set-up and a new puzzle or a link: dealing a puzzle leaves set-up mode; Clear keeps it", async () => {
  const { session, changes } = makeSession();
  session.setBoard(emptyBoard(3, 3));
  session.setupMode.set(true);
  session.dealer.clear();
  assert.equal(session.settingUp, true);
  assert.match(wordMessage(changes.at(-1).message), /click/);
  await session.dealer.newGame({ rows: 3, cols: 3 });
  assert.equal(session.settingUp, false);
});

test("a win: the player's own, helped after a hint, played by Play solution; none in set-up", async () => {
  const { session, changes } = makeSession();
  const board = emptyBoard(3, 3);
  pressBoard(board, 1, 1);
  session.setBoard(board.copy());
  session.press(0, 0);
  assert.equal(session.won, null);
  session.press(0, 0);
  assert.equal(session.won, null); // back where it was, not solved
  session.press(1, 1);
  assert.deepEqual(session.won, { by: "player", moves: 3 });
  assert.equal(changes.at(-1).won, true);
  session.undo();
  assert.equal(session.won, null); // the board changed: the win is gone

  session.setBoard(board.copy());
  await session.solving.hint();
  const [index] = session.marks.indices();
  session.press(Math.floor(index / 3), index % 3);
  assert.equal(session.game.isSolved(), true);
  assert.equal(session.won.by, "helped");

  session.setBoard(board.copy());
  await session.playSolution();
  assert.equal(session.game.isSolved(), true);
  assert.equal(session.won.by, "played");

  const single = emptyBoard(3, 3);
  single.set(4, 1);
  session.setBoard(single);
  session.setupMode.set(true);
  session.setupMode.setLight(1, 1); // the one light that was on: the board is dark now, but set, not solved
  assert.equal(session.game.isSolved(), true);
  assert.equal(session.won, null);
  assert.ok(!changes.at(-1).won);
  session.setupMode.set(false);
  assert.equal(session.won, null);
});

test("Play solution in set-up mode leaves the mode and plays from the board as set", async () => {
  const { session } = makeSession();
  session.setBoard(emptyBoard(3, 3));
  session.setupMode.set(true);
  const lights = emptyBoard(3, 3);
  pressBoard(lights, 0, 0);
  for (const index of lights.indices()) session.setupMode.setLight(Math.floor(index / 3), index % 3);
  await session.playSolution();
  assert.equal(session.settingUp, false);
  assert.equal(session.game.isSolved(), true);
  assert.equal(session.won.by, "played");
  while (session.game.canUndo) session.undo(); // the history holds the played presses only
  assert.deepEqual(session.game.board.toList(), lights.toList());
});

test("a scanned board (loadScanned) is played with a fresh history and set-up mode off, one step Undo takes back; the variant stays", () => {
  const { session, changes } = makeSession();
  session.setBoard(emptyBoard(3, 3));
  session.setVariant({ k: 3 });
  session.press(0, 0);
  session.setupMode.set(true);
  const scanned = [0, 1, 2, 2, 1, 0, 0, 0, 1];
  session.setupMode.loadScanned(boardFromCells(3, 3, 3, scanned), "Scanned.");
  assert.equal(session.settingUp, false);
  assert.equal(session.game.k, 3);
  assert.deepEqual(session.game.board.toList(), scanned);
  assert.equal(session.game.moveCount, 0);
  assert.equal(session.game.canUndo, false);
  assert.match(wordMessage(changes.at(-1).message), /^Scanned\./);
  // Presses play it, and undo stops at the scanned board; one Undo more brings back the game the
  // scan replaced (its lights as they were), like any other loaded board (game-swap.js); Redo the scanned one.
  const before = emptyBoard(3, 3, 3);
  pressBoard(before, 0, 0);
  session.press(1, 1);
  session.undo();
  assert.deepEqual(session.game.board.toList(), scanned);
  assert.equal(session.game.canUndo, false);
  assert.equal(session.canUndo, true);
  session.undo();
  assert.deepEqual(session.game.board.toList(), before.toList());
  session.redo();
  assert.deepEqual(session.game.board.toList(), scanned);
});

test("Solve and Hint leave set-up mode, so their marks are followed by pressing (issue 31)", async () => {
  for (const command of ["solve", "hint"]) {
    const { session } = makeSession();
    session.setBoard(emptyBoard(3, 3));
    session.setupMode.set(true);
    session.setupMode.setLight(1, 1);
    const asSet = session.game.board.toList();
    await session.solving[command]();
    assert.equal(session.settingUp, false, command);
    assert.deepEqual(session.game.board.toList(), asSet, command); // the board as set is what was solved
    const [index] = session.marks.indices();
    const before = session.marks.litCount;
    session.press(Math.floor(index / 3), index % 3); // a marked cell is pressed, not set
    assert.equal(session.game.moveCount, 1, command);
    assert.equal((session.marks?.litCount ?? 0), before - 1, command); // its mark went, the others stay
    if (command === "solve") {
      for (const rest of session.marks.indices()) session.press(Math.floor(rest / 3), rest % 3);
      assert.ok(session.game.isSolved()); // the marks, pressed, solve the board as set
    }
  }
});

test("set-up's Clear and Fill: every light off or on (k − 1; holes stay dark), each one step Undo takes back", () => {
  for (const k of [2, 3]) {
    const { session, changes } = makeSession();
    session.setBoard(emptyBoard(3, 3));
    if (k === 3) session.setVariant({ k: 3 });
    const mask = new Mask(3, 3);
    mask.setKind(4, HOLE);
    session.setShape(mask, "shaped");
    session.setupMode.set(true);
    session.setupMode.setLight(0, 0);
    session.setupMode.setLight(2, 1);
    const asSet = session.game.board.toList();
    session.setupMode.fill();
    assert.deepEqual(session.game.board.toList(), [k - 1, k - 1, k - 1, k - 1, 0, k - 1, k - 1, k - 1, k - 1]);
    assert.equal(session.settingUp, true);
    assert.match(wordMessage(changes.at(-1).message), /Every light on/);
    session.dealer.clear();
    assert.equal(session.game.board.litCount, 0);
    assert.ok(session.canUndo);
    session.undo(); // the filled board
    assert.equal(session.game.board.litCount, 8);
    assert.equal(session.canUndo, true);
    assert.equal(session.settingUp, true); // a board Undo brings back keeps set-up on
    session.undo(); // the board as set, its set-up history whole
    assert.deepEqual(session.game.board.toList(), asSet);
    session.undo();
    session.undo();
    assert.equal(session.game.board.litCount, 0);
    assert.equal(session.canUndo, false);
    assert.ok(session.game.mask.equals(mask)); // the shape came back with each board
    session.redo();
    session.redo();
    assert.deepEqual(session.game.board.toList(), asSet);
    session.redo(); // Fill again, then Clear again
    assert.equal(session.game.board.litCount, 8);
    session.redo();
    assert.equal(session.game.board.litCount, 0);
    assert.equal(session.canRedo, false);
  }
});
