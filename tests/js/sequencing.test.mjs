// @ts-check
// No command lost (issue 38): the session's sequencing (static/session/sequencing.js) against a fake
// solver whose replies a test holds back, as a solver still starting holds them. A command
// given while a board is on its way (New puzzle, a pasted board, a link being read) answers
// for that board; a press on a link's stand-in is refused with a word; the player's own
// change of the lights drops an answer on its way and says so. Every solution shown is
// checked by simulating its presses.
import { test } from "node:test";
import assert from "node:assert/strict";
import { boardFromCells, emptyBoard } from "../../static/model/board.js";
import { Explainer } from "../../static/session/explain.js";
import { afterMarks, makeSession } from "./session-helpers.mjs";

/** A two-state board from rows of 0/1. */
const grid = (rows) => boardFromCells(rows.length, rows[0].length, 2, rows.flat());

/** The string keys a message says (one, or each of its parts). */
const keysOf = (message) => (message?.parts ? message.parts.flatMap(keysOf) : message?.key ? [message.key] : []);

/** The keys of the last message said (the last change that had one). */
const lastSaid = (changes) => keysOf(changes.findLast((change) => change.message !== undefined)?.message);

/** A link's reading that the test finishes: {read, open(value)}. */
function heldRead() {
  let open;
  const read = () => new Promise((resolve) => { open = resolve; });
  return { read, open: (value) => open(value) };
}

/** Play `board` as a link's game (as share-panel.js plays a link read by Python). */
const playBoard = (session) => async (board) => session.setBoard(board, { message: { key: "linkOpenedFresh", params: {} } });

const LINK_BOARD = () => grid([[1, 1, 0], [1, 0, 0], [0, 0, 0]]); // solvable: press the corner

test("Solve, Hint and Play solution given while New puzzle's board is on its way answer for the new board", async () => {
  for (const command of ["solve", "hint", "play"]) {
    const { session, solver } = makeSession();
    session.setBoard(grid([[1, 0], [0, 0]]));
    solver.hold();
    const dealing = session.dealer.newGame({ rows: 3, cols: 3 });
    const asked = command === "play" ? session.playSolution() : session.solving[command]();
    await Promise.resolve();
    assert.equal(solver.sent.length, 1, `${command}: nothing asked about the old board`);
    solver.releaseAll(); // the new puzzle arrives (then its fewest presses are asked, and the command)
    await dealing;
    assert.equal(session.game.board.rows, 3);
    await asked;
    assert.ok(solver.sent.slice(1).every((message) => message.board === "3x3@0"), `${command}: every request after the deal is about the new board`);
    if (command === "play") {
      assert.ok(session.game.isSolved(), "Play solution solved the new puzzle");
    } else {
      assert.ok(session.marks, `${command} marked the new puzzle`);
      if (command === "solve") assert.ok(afterMarks(session).isSolved());
      else assert.equal(session.marks.total(), 1);
    }
  }
});

test("a link being read: its stand-in refuses presses with a word; Solve, Hint and Explain answer for the link's game", async () => {
  for (const command of ["solve", "hint", "explain"]) {
    const { session, solver, changes } = makeSession();
    const explainer = new Explainer(session);
    const standIn = session.game;
    const link = heldRead();
    const opening = session.openLink(link.read, playBoard(session));
    assert.equal(session.opening, true);
    assert.deepEqual(lastSaid(changes), ["linkOpening"]);
    session.press(0, 0);
    assert.deepEqual(lastSaid(changes), ["linkOpeningWait"], "a press on the stand-in says why it did nothing");
    assert.equal(session.game, standIn);
    assert.equal(session.game.moveCount, 0);
    session.setupMode.set(true);
    const lights = session.game.board.copy();
    assert.equal(session.setupMode.setLight(0, 0), false, "nor does set-up change a light of it");
    assert.deepEqual(lastSaid(changes), ["linkOpeningWait"]);
    assert.ok(session.game.board.equals(lights));
    session.setupMode.set(false);
    const asked = command === "explain" ? explainer.start() : session.solving[command]();
    await Promise.resolve();
    assert.equal(solver.sent.length, 0, `${command}: nothing asked about the stand-in`);
    link.open(LINK_BOARD());
    await opening;
    assert.equal(session.opening, false);
    assert.ok(session.game.board.equals(LINK_BOARD()));
    await solver.whenSent(1);
    assert.equal(solver.sent[0].op, command === "explain" ? "explain" : "solve");
    assert.equal(solver.sent[0].board, "3x3@0");
    await asked;
    if (command === "explain") continue; // the fake has no explain op: the request is what is checked
    assert.ok(afterMarks(session).isSolved(), `${command}'s marks solve the link's board`);
    if (command === "solve") assert.equal(session.marks.total(), 1);
  }
});

test("a game chosen while a link is read wins: the link, read later, is dropped", async () => {
  const { session } = makeSession();
  const link = heldRead();
  const opening = session.openLink(link.read, playBoard(session));
  await session.dealer.newGame({ rows: 3, cols: 3 });
  const chosen = session.game;
  assert.equal(session.opening, false, "the new puzzle is no stand-in");
  link.open(grid([[1, 1], [1, 1]]));
  await opening;
  assert.equal(session.game, chosen);
  session.press(0, 0);
  assert.equal(session.game.moveCount, 1);
});

test("a link that could not be read leaves the stand-in as the board, pressable again; Solve given meanwhile leaves the link's error said", async () => {
  const { session, solver, changes } = makeSession();
  const link = heldRead();
  const failing = () => link.read().then((value) => {
    session.sayBoardError({ key: "linkFailure", params: {} }); // as share-panel.js says a link Python refused
    return value;
  });
  const opening = session.openLink(failing, playBoard(session));
  const solving = session.solving.solve();
  link.open(null);
  await opening;
  await solving;
  assert.equal(session.opening, false);
  assert.equal(solver.sent.length, 0, "nothing solved for the stand-in: Solve was meant for the link's game");
  assert.equal(session.marks, null);
  assert.equal(changes.findLast((change) => change.message !== undefined || change.boardError !== undefined).boardError.key, "linkFailure");
  session.press(0, 0);
  assert.equal(session.game.moveCount, 1);
});

test("Solve given while a pasted board is being read solves the pasted board", async () => {
  const { session, solver } = makeSession();
  solver.hold();
  const loading = session.boardText.load("##.\n#..\n...");
  const solving = session.solving.solve();
  await solver.whenSent(1);
  assert.equal(solver.sent.length, 1);
  solver.releaseAll();
  await loading;
  await solving;
  assert.ok(session.game.board.equals(LINK_BOARD()));
  assert.ok(afterMarks(session).isSolved());
});

test("a later command of the player's wins: Solve, then New puzzle, shows the new puzzle unmarked", async () => {
  const { session, solver, changes } = makeSession();
  session.setBoard(grid([[1, 0], [0, 0]]));
  solver.hold();
  const solving = session.solving.solve();
  await solver.whenSent(1);
  const dealing = session.dealer.newGame({ rows: 3, cols: 3 });
  solver.release(1);
  await dealing;
  solver.release(0);
  await solving;
  assert.equal(session.marks, null);
  assert.deepEqual(lastSaid(changes), ["newBoard"], "the new puzzle says what it is; no word of the dropped solve");
});

test("an undo or a change of goal while Solve is on its way drops the answer and says so", async () => {
  for (const change of ["undo", "goal"]) {
    const { session, solver, changes } = makeSession();
    session.setBoard(emptyBoard(2, 2));
    session.press(0, 0);
    solver.hold();
    const solving = session.solving.solve();
    await solver.whenSent(1);
    if (change === "undo") session.undo();
    else session.setTarget("on");
    assert.ok(lastSaid(changes).includes("solveOvertaken"), change);
    solver.release(0);
    await solving;
    assert.equal(session.marks, null, change);
  }
});

test("Play solution pressed while New puzzle's board is on its way plays the new puzzle, not the old board's marks", async () => {
  const { session, solver } = makeSession();
  session.setBoard(grid([[1, 1, 0], [1, 0, 0], [0, 0, 0]]));
  await session.solving.solve(); // the old board's marks are shown
  assert.ok(session.marks);
  solver.hold();
  const dealing = session.dealer.newGame({ rows: 3, cols: 3 });
  const playing = session.playSolution();
  solver.releaseAll();
  await dealing;
  const dealt = session.game;
  await playing;
  assert.equal(session.game, dealt, "the game played is the new puzzle");
  assert.ok(session.game.isSolved(), "Play solution solved the new puzzle");
  assert.ok(session.game.moveCount > 0);
});
