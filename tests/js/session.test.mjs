// @ts-check
// The headless session (static/session/session.js): commands, history, marks, overlays,
// request sequencing and playback, against a fake solver (fake-solver.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { boardFromCells, emptyBoard } from "../../static/model/board.js";
import { Game } from "../../static/model/game.js";
import { DONT_CARE, HOLE, Mask } from "../../static/model/mask.js";
import { graphOfPuzzle } from "../../static/model/graph.js";
import { makeStencil, pressBoard } from "../../static/model/presses.js";
import { LIMITS } from "./fake-solver.mjs";
import { afterMarks, makeSession, wordMessage } from "./session-helpers.mjs";
import { puzzleFields, random } from "../../static/session/requests.js";
import { setLanguage } from "../../static/page/i18n.js";

test("commands emit one change each; subscribe returns its unsubscribe", () => {
  const { session, changes } = makeSession();
  session.setBoard(emptyBoard(3, 3));
  changes.length = 0;
  session.press(1, 1);
  assert.equal(changes.length, 1);
  assert.deepEqual([...changes[0].cells].sort(), [1, 3, 4, 5, 7]);
  const unsubscribe = session.subscribe(() => assert.fail("unsubscribed"));
  unsubscribe();
  session.press(0, 0);
  assert.equal(changes.length, 2);
});

test("undo and redo walk the history; a new press clears redo", () => {
  const { session } = makeSession();
  session.setBoard(emptyBoard(3, 3));
  session.press(0, 0);
  session.press(2, 2);
  assert.equal(session.game.moveCount, 2);
  session.undo();
  assert.deepEqual(session.game.board.indices(), [0, 1, 3]);
  session.redo();
  assert.equal(session.game.board.litCount, 6);
  session.undo();
  session.press(1, 1);
  assert.ok(!session.game.canRedo);
});

test("Solve marks a solution that simulation confirms; a press of a marked cell takes it off", async () => {
  const { session } = makeSession();
  const board = emptyBoard(3, 3);
  pressBoard(board, 0, 0);
  pressBoard(board, 2, 1);
  session.setBoard(board);
  await session.solving.solve();
  assert.ok(afterMarks(session).isSolved());
  assert.equal(session.marks.litCount, 2);
  const [first] = session.marks.indices();
  session.press(Math.floor(first / 3), first % 3);
  assert.equal(session.marks.litCount, 1);
  assert.ok(afterMarks(session).isSolved()); // what is left still solves the board
});

test("a press off the marks reroutes them (it joins the route) and says so; Undo brings back the marks shown before", async () => {
  for (const k of [2, 3, 5]) {
    const { session, changes } = makeSession();
    const board = emptyBoard(3, 3, k);
    pressBoard(board, 0, 0);
    pressBoard(board, 2, 1, { times: k - 1 });
    session.setBoard(board);
    await session.solving.solve();
    const before = session.marks.copy();
    const stray = [...Array(9).keys()].find((index) => !before.get(index));
    session.press(Math.floor(stray / 3), stray % 3);
    assert.ok(afterMarks(session).isSolved(), `k=${k}: the marks still solve the board as it now is`);
    assert.equal(session.marks.get(stray), k - 1, `k=${k}: the stray press is undone by k − 1 more`);
    assert.equal(changes.at(-1).message.key, "offRoute");
    assert.equal(wordMessage(changes.at(-1).message), "Off the route: the marks now include that light.");
    session.undo();
    assert.ok(session.marks.equals(before), `k=${k}: Undo restores the marks shown before the press`);
    assert.ok(afterMarks(session).isSolved());
  }
});

test("a Hint after a slip points on from where the player is; marks shown after a press still solve once it is undone", async () => {
  const { session } = makeSession();
  const board = emptyBoard(2, 2);
  pressBoard(board, 0, 0);
  session.setBoard(board);
  session.press(1, 1); // a slip before any help
  await session.solving.hint();
  const [hinted] = session.marks.indices();
  const probe = session.game.board.copy();
  pressBoard(probe, Math.floor(hinted / 2), hinted % 2);
  await session.solving.solve();
  assert.ok(afterMarks(session).isSolved()); // a solution of the board as it is after the slip
  session.undo(); // the slip taken back: the marks reroute again
  assert.ok(afterMarks(session).isSolved());
  assert.equal(session.game.moveCount, 0);
});

test("k states: Solve gives press counts that solve it under every surface", async () => {
  for (const surface of ["plane", "torus", "klein", "projective"]) {
    const { session } = makeSession();
    session.setVariant({ k: 3, surface });
    const board = emptyBoard(2, 2, 3);
    pressBoard(board, 0, 1, { surface, times: 2 });
    session.setBoard(board);
    await session.solving.solve();
    assert.ok(session.marks, surface);
    assert.ok(afterMarks(session).isSolved(), surface);
  }
});

test("a solve of an older board is dropped when its reply arrives, and the message line says so", async () => {
  for (const [command, key] of [["solve", "solveOvertaken"], ["hint", "hintOvertaken"]]) {
    const { session, solver, changes } = makeSession();
    const board = emptyBoard(2, 2);
    pressBoard(board, 0, 0);
    session.setBoard(board);
    solver.hold();
    const solving = session.solving[command]();
    await solver.whenSent(1);
    session.press(1, 1); // the board changes while Python works
    assert.equal(changes.at(-1).message.key, key, command); // said at the press, not left to a silent drop
    solver.release(0);
    await solving;
    assert.equal(session.marks, null, command);
    assert.equal(changes.at(-1).message.key, key, command); // nothing said over it when the stale answer came
  }
});

test("random boards: the one asked for last is shown, whatever order the replies come in", async () => {
  const { session, solver } = makeSession();
  solver.hold();
  const first = session.dealer.newGame({ rows: 4, cols: 4 });
  const second = session.dealer.newGame({ rows: 3, cols: 3 });
  solver.release(1); // the second request is answered first
  await second;
  solver.release(0);
  await first;
  assert.equal(session.game.board.rows, 3);
  assert.ok(session.challenge);
});

test("playback plays the solution through the press path, in batches, and can be stopped", async () => {
  const { session } = makeSession();
  const board = emptyBoard(3, 3);
  for (const [row, col] of [[0, 0], [1, 2], [2, 1]]) pressBoard(board, row, col);
  const start = board.copy();
  session.setBoard(board);
  await session.playSolution();
  assert.ok(session.game.isSolved());
  assert.equal(session.game.moveCount, 3);
  assert.equal(session.playbackRun, null);

  // Stopped after the first press: the rest is not played.
  let steps = 0;
  const stopping = makeSession({ wait: () => { if (++steps === 2) stopping.session.stopPlayback(); return Promise.resolve(); } });
  stopping.session.setBoard(start);
  await stopping.session.playSolution();
  assert.equal(stopping.session.game.moveCount, 1);
});

test("an unsolvable board shows the proof and nearest board; Make solvable is one undoable edit", async () => {
  const { session } = makeSession();
  // 2×2 with the X rule reaches only the diagonals: a single light on (0,1) and (1,0) each.
  session.setVariant({ stencil: makeStencil("x") });
  session.setBoard(boardFromCells(2, 2, 2, [1, 0, 0, 0]));
  session.game.board.set(1, 1); // (0,1) lit too: not reachable with (0,0) by diagonals alone
  await session.solving.solve();
  assert.ok(session.overlay.proof && session.overlay.nearest);
  assert.ok(session.layers.nearest);
  const before = session.game.board.toList();
  session.makeSolvable();
  assert.equal(session.overlay.nearest, null);
  assert.equal(session.game.moveCount, 0);
  session.undo();
  assert.deepEqual(session.game.board.toList(), before);
});

test("variants: k keeps the lights modulo k; a rule change restarts the history", async () => {
  const { session } = makeSession();
  session.setBoard(boardFromCells(1, 3, 2, [1, 0, 1]));
  session.press(0, 1);
  session.setVariant({ k: 5 });
  assert.equal(session.game.k, 5);
  assert.deepEqual(session.game.board.toList(), [0, 1, 0]);
  assert.equal(session.game.moveCount, 0);
  session.setVariant({ k: 2, surface: "torus" });
  assert.equal(session.game.surface, "torus");
  assert.equal(session.multiState, false);
  // Two states on a Klein bottle or projective plane are the two-state game: any size.
  session.setVariant({ surface: "klein" });
  assert.equal(session.multiState, false);
  assert.equal(session.dealer.sizeRefused(100, 100), false);
  session.setVariant({ surface: "projective" });
  assert.equal(session.dealer.sizeRefused(10000, 10000), false);
  // More than two states: at most gridLimit a side (the canvas draws two states only).
  session.setVariant({ k: 3 });
  assert.equal(session.multiState, true);
  assert.equal(session.dealer.sizeRefused(64, 64), false);
  assert.equal(session.dealer.sizeRefused(65, 64), true);
});

test("a shape stays through every change of k and surface", () => {
  const { session } = makeSession();
  session.setBoard(emptyBoard(4, 4));
  const mask = new Mask(4, 4);
  mask.setKind(0, HOLE);
  mask.setKind(5, DONT_CARE);
  session.setShape(mask, "shaped");
  for (const variant of [{ surface: "klein" }, { k: 3 }, { surface: "projective" }, { k: 7, surface: "torus" }, { k: 2 }]) {
    session.setVariant(variant);
    assert.ok(session.game.mask?.equals(mask), JSON.stringify(variant));
  }
  session.setVariant({ k: 3, surface: "klein" });
  session.setBoard(emptyBoard(4, 4, 3)); // same size: the shape stays
  assert.ok(session.game.mask?.equals(mask));
  const { fields } = puzzleFields(session.game, [session.game.board]);
  assert.deepEqual([fields.k, fields.surface, fields.holes !== null, fields.dont_care !== null], [3, "klein", true, true]);
});

test("no size is refused before the solver: the API alone says a board costs too much", async () => {
  const { session, solver } = makeSession();
  session.setVariant({ k: 3, stencil: makeStencil("moore") });
  session.setBoard(emptyBoard(30, 30, 3)); // 900 cells > full_system_cells: once refused here
  session.game.board.set(0, 1);
  solver.request = async () => {
    const error = new Error("the board is too large to solve");
    error.name = "TooLargeError";
    throw error;
  };
  const messages = [];
  session.subscribe((change) => change.message && messages.push(wordMessage(change.message)));
  await session.solving.solve();
  assert.match(messages.at(-1), /too large/i);
});

test("requests carry the puzzle fields of docs/api.md and the limits from the API", async () => {
  const { session, solver } = makeSession();
  session.setVariant({ stencil: makeStencil("moore") }); // 2×2 Moore: every press lights all four, 8 solutions
  session.setBoard(emptyBoard(2, 2));
  session.setTarget("on");
  await session.solving.solve();
  const solve = solver.sent.find((message) => message.op === "solve");
  assert.deepEqual(
    [solve.k, solve.rule, solve.surface, solve.target, solve.holes, solve.dont_care, solve.binary],
    [2, "moore", "plane", "on", null, null, true]);
  assert.equal(solve.list, LIMITS.max_listed_solutions); // every solution listed in the same reply when few
  assert.ok(!solver.sent.some((message) => message.op === "solutions"));
  assert.ok(!solver.sent.some((message) => message.op.endsWith("_states")));
});

test("Solve lists the solutions from its own reply, the marked one first: Solution 1 of N", async () => {
  const { session, solver } = makeSession();
  session.setVariant({ stencil: makeStencil("moore") }); // 2×2 Moore: 8 solutions of a dark board to all on
  session.setBoard(emptyBoard(2, 2));
  session.setTarget("on");
  await session.solving.solve();
  const { solutions, index } = session.solutionList;
  assert.equal(solutions.length, 8);
  assert.equal(index, 0);
  assert.ok(solutions[0].equals(session.marks));
  const counts = solutions.map((solution) => solution.litCount);
  assert.deepEqual(counts, [...counts].sort((a, b) => a - b));
  assert.equal(solver.sent.filter((message) => message.op === "solve").length, 1);
});

test("Load text: a parsed board replaces the game; a bad one keeps it and points at the error", async () => {
  const { session, changes } = makeSession();
  assert.equal(await session.boardText.load("#.#\n.#."), true);
  assert.deepEqual([session.game.board.rows, session.game.board.cols], [2, 3]);
  assert.deepEqual(session.game.board.indices(), [0, 2, 4]);
  assert.equal(session.boardText.pasted, "#.#\n.#.");
  const before = session.game;
  assert.equal(await session.boardText.load("#.#\n.x."), false);
  assert.equal(session.game, before);
  const error = changes.find((change) => change.caret);
  assert.deepEqual([error.caret.line, error.caret.column], [2, 2]);
  assert.match(wordMessage(error.boardError), /line 2, column 2: bad symbol/i);
});

test("a loaded board is one step Undo takes back, of any size, the board before with its history whole (issue 31)", async () => {
  const { session, changes } = makeSession();
  session.setBoard(emptyBoard(3, 3));
  session.press(1, 1);
  session.press(0, 0);
  const before = session.game;
  const lights = before.board.toList();
  assert.equal(await session.boardText.load("#.#.\n.#.."), true); // 2×4 over a 3×3 with two moves
  session.press(0, 3);
  assert.ok(session.canUndo);
  session.undo(); // the press on the loaded board
  assert.deepEqual(session.game.board.indices(), [0, 2, 5]);
  session.undo(); // the load
  assert.equal(session.game, before);
  assert.deepEqual(session.game.board.toList(), lights);
  assert.equal(session.game.moveCount, 2);
  assert.match(wordMessage(changes.at(-1).message), /3×3 board from before is back/);
  assert.ok(changes.at(-1).reshaped);
  session.undo(); // its own moves, then nothing
  session.undo();
  assert.equal(session.canUndo, false);
  session.redo();
  session.redo();
  session.redo(); // the loaded board again, with the press made on it to redo
  assert.deepEqual([session.game.board.rows, session.game.board.cols], [2, 4]);
  assert.match(wordMessage(changes.at(-1).message), /2×4 board is back/);
  session.redo();
  assert.equal(session.game.moveCount, 1);
  assert.equal(session.canRedo, false);
  // A new move on the board brought back forgets the load's redo, as any move forgets redo.
  session.undo();
  session.undo();
  assert.equal(session.game, before);
  session.press(2, 2);
  assert.equal(session.canRedo, false);
  session.redo();
  assert.equal(session.game, before);
  // A bad text changes nothing: nothing new to undo.
  assert.equal(await session.boardText.load("#x"), false);
  assert.equal(session.game, before);
});

test("a link's game replays its moves through the press path; the goal comes with it", async () => {
  const { gameOfLink } = await import("../../static/model/share-link.js");
  const { session } = makeSession();
  const opened = gameOfLink("3x3:AAA;w=torus;g=on;m=BAA"); // moves 4 then 0
  assert.equal(opened.moveCount, 2);
  session.dealer.openGame(opened.game, "opened");
  assert.equal(session.game.moveCount, 2);
  assert.equal(session.game.target, "on");
  assert.equal(session.game.surface, "torus");
  session.undo();
  session.undo();
  assert.equal(session.game.board.litCount, 0);
});

test("a puzzle solved unaided records its best result; Solve or Hint marks it assisted", async () => {
  const saved = new Map();
  const records = { record: (key, moves, ms) => { saved.set(key, { moves, ms }); return { improved: true }; } };
  let clock = 0;
  const { session, changes } = makeSession({ records, now: () => (clock += 1000) });
  const board = emptyBoard(3, 3);
  pressBoard(board, 1, 1);
  session.setBoard(board);
  session.dealer.startChallenge("random", "3×3");
  session.press(1, 1);
  assert.ok(session.challenge.done);
  assert.deepEqual([...saved.keys()], ["random:3x3"]);
  assert.equal(wordMessage(changes.at(-1).message), "Solved in 1 move and 0:01. A new best!");

  saved.clear();
  const next = emptyBoard(3, 3);
  pressBoard(next, 0, 0);
  session.setBoard(next);
  session.dealer.startChallenge("random", "3×3");
  await session.solving.hint();
  assert.ok(session.assisted);
  session.press(0, 0);
  assert.ok(session.challenge.done);
  assert.equal(saved.size, 0); // an assisted solve is not a record
});

test("a win is said as the banner says it: the player's own, with help (Hint, Solve's marks pressed), by Play solution", async () => {
  // Issue 50, point 6: after Play solution the line said "Solved in 500,282 moves!" (the player's
  // words) while the banner said "Solved by Play solution"; after a Hint or Solve, "Solved in 3
  // moves!" beside "Solved, with help".
  const start = () => pressedFrom(emptyBoard(3, 3), [0, 8], 2);
  const ways = {
    "a plain press": async (session) => { session.press(0, 0); session.press(2, 2); },
    "Hint, then its presses": async (session) => {
      while (!session.game.isSolved()) {
        await session.solving.hint();
        const [index] = session.marks.indices();
        session.press(Math.floor(index / 3), index % 3);
      }
    },
    "Solve, then the marks pressed": async (session) => {
      await session.solving.solve();
      for (const index of session.marks.indices()) session.press(Math.floor(index / 3), index % 3);
    },
    "Play solution": async (session) => {
      await session.solving.solve();
      await session.playSolution();
    },
  };
  const said = {
    "a plain press": ["player", "Solved in 2 moves!", "Solved in 2 moves and {time}. A new best!"],
    "Hint, then its presses": ["helped", "Solved, with help, in 2 moves.",
      "Solved, with help, in 2 moves and {time}. (Not a best result.)"],
    "Solve, then the marks pressed": ["helped", "Solved, with help, in 2 moves.",
      "Solved, with help, in 2 moves and {time}. (Not a best result.)"],
    "Play solution": ["played", "Solved by Play solution, in 2 moves.",
      "Solved by Play solution, in 2 moves and {time}. (Not a best result.)"],
  };
  for (const [way, play] of Object.entries(ways)) {
    for (const timed of [false, true]) {
      let clock = 0;
      const records = { record: () => ({ improved: true }) };
      const { session, changes } = makeSession({ records, now: () => (clock += 1000) });
      session.setBoard(start());
      if (timed) session.dealer.startChallenge("random", "3×3");
      await play(session);
      const [by, plain, puzzle] = said[way];
      assert.equal(session.won?.by, by, way);
      // The time on the clock is the puzzle's (the fake clock ticks at every look): not what is tested here.
      const words = wordMessage(changes.at(-1).message).replace(/\b\d+:\d\d\b/, "{time}");
      assert.equal(words, timed ? puzzle : plain, `${way}${timed ? ", a puzzle" : ""}`);
    }
  }
});

test("Undo of a press off the marks says what it undid and that the marks are back on route (the line went blank)", async () => {
  for (const k of [2, 3]) {
    const { session, changes } = makeSession();
    session.setVariant({ k });
    session.setBoard(pressedFrom(emptyBoard(3, 3, k), [4], 1));
    await session.solving.solve();
    const before = session.marks.copy();
    const off = everyCell(3, 3).find((index) => !session.marks.get(index));
    session.press(Math.floor(off / 3), off % 3);
    assert.equal(wordMessage(changes.at(-1).message), "Off the route: the marks now include that light.");
    session.undo();
    const row = Math.floor(off / 3) + 1, col = (off % 3) + 1;
    assert.equal(wordMessage(changes.at(-1).message), `Undid the press at row ${row}, column ${col}; the marks are back on route.`, `k = ${k}`);
    assert.ok(session.marks.equals(before), `k = ${k}: the marks are those shown before the press`);
    // Redo presses it again, off the route again; Undo of a press on the route says nothing of the kind.
    session.redo();
    assert.equal(wordMessage(changes.at(-1).message), "Off the route: the marks now include that light.");
    session.undo();
    const [on] = session.marks.indices();
    session.press(Math.floor(on / 3), on % 3);
    session.undo();
    assert.doesNotMatch(wordMessage(changes.at(-1).message) ?? "", /Undid the press/);
  }
  // 中文 names the cell as the page does.
  const { session, changes } = makeSession();
  session.setBoard(pressedFrom(emptyBoard(3, 3), [4], 1));
  await session.solving.solve();
  const off = everyCell(3, 3).find((index) => !session.marks.get(index));
  session.press(Math.floor(off / 3), off % 3);
  session.undo();
  setLanguage("zh");
  try {
    assert.equal(wordMessage(changes.at(-1).message), `撤销了第 ${Math.floor(off / 3) + 1} 行第 ${(off % 3) + 1} 列的按键；标记回到了原来的路线。`);
  } finally {
    setLanguage("en");
  }
});

/** A fake clock: `wait(ms)` moves it on by ms; `cost` ms more pass at every look at it (a slow machine). */
function fakeClock(cost = 0) {
  const clock = { time: 0, waits: [] };
  clock.now = () => (clock.time += cost);
  clock.wait = (ms) => {
    clock.waits.push(ms);
    clock.time += ms;
    return Promise.resolve();
  };
  return clock;
}

/** The board after pressing `presses[0..count)` (cell indices) on `start`. */
function pressedFrom(start, presses, count) {
  const board = start.copy();
  for (let i = 0; i < count; i++) pressBoard(board, Math.floor(presses[i] / board.cols), presses[i] % board.cols);
  return board;
}

/** Every cell index of a rows × cols board, in reading order. */
function everyCell(rows, cols) {
  return Array.from({ length: rows * cols }, (_, i) => i);
}

/**
 * A session on the board that pressing every cell once makes (so pressing them all again
 * solves it), with every cell marked: rows·cols presses to play.
 */
function everyCellMarked(options, rows, cols) {
  const made = makeSession(options);
  made.session.setBoard(pressedFrom(emptyBoard(rows, cols), everyCell(rows, cols), rows * cols));
  const marks = emptyBoard(rows, cols);
  for (let i = 0; i < marks.cellCount; i++) marks.set(i, 1);
  made.session.showSolution({ solution: marks, message: null }); // the marks shown, as Solve shows them
  made.changes.length = 0;
  return made;
}

test("a long solution plays in slices a frame apart, paced over about 3 s, showing its progress", async () => {
  const clock = fakeClock();
  const { session, changes } = everyCellMarked({ wait: clock.wait, now: clock.now }, 40, 40); // 1600 presses
  await session.playSolution();
  assert.equal(session.game.moveCount, 1600);
  assert.equal(session.playbackRun, null);
  assert.equal(session.marks, null); // every mark pressed off
  assert.ok(clock.waits.every((ms) => ms === 16));
  assert.ok(clock.waits.length >= 180 && clock.waits.length <= 190, `${clock.waits.length} slices`);
  // Each slice emits one change with the progress: "Playing 0 / 1,600" first, counts rising.
  const progress = changes.map((change) => /^Playing (.+) \/ 1,600$/.exec(wordMessage(change.message))).filter(Boolean)
    .map((match) => Number(match[1].replace(/,/g, "")));
  assert.equal(progress[0], 0);
  assert.ok(progress.length > 150);
  assert.ok(progress.every((done, i) => i === 0 || done > progress[i - 1]));
  assert.ok(changes.every((change) => change.cells === null)); // slices redraw once, not cell by cell
  assert.equal(wordMessage(changes.at(-1).message), "Solved by Play solution, in 1,600 moves."); // as the banner says
  assert.equal(session.game.board.litCount, 0);
  // Each press is a move: undo takes back the last one.
  session.undo();
  assert.ok(session.game.board.equals(pressedFrom(emptyBoard(40, 40), [1599], 1)));
});

test("a slice stops at its time budget on a slow machine: the playback takes longer, never a long task", async () => {
  // Every look at the clock costs 2 ms, so a slice can press only a few chunks before its 10 ms are up.
  const clock = fakeClock(2);
  const { session, changes } = everyCellMarked({ wait: clock.wait, now: clock.now }, 300, 300); // 90 000 presses
  const slices = [];
  session.subscribe(() => slices.push(session.playbackRun ? session.playbackRun.done : 90_000));
  await session.playSolution();
  assert.equal(session.game.moveCount, 90_000);
  const sizes = slices.slice(1).map((done, i) => done - slices[i]);
  // At most the chunks pressed before the deadline was seen: 10 ms / 2 ms a look, 4096 presses a chunk.
  assert.ok(Math.max(...sizes) <= 5 * 4096, `${Math.max(...sizes)} presses in one slice`);
  assert.ok(clock.waits.length > 90_000 / (5 * 4096));
  assert.equal(wordMessage(changes.at(-1).message), "Solved by Play solution, in 90,000 moves."); // as the banner says
  assert.ok(session.game.isSolved());
});

test("Stop keeps the presses played (each a move), marks the rest; Play solution carries on", async () => {
  const clock = fakeClock();
  const { session, changes } = everyCellMarked({ wait: clock.wait, now: clock.now }, 30, 30); // 900 presses
  const all = everyCell(30, 30);
  const start = session.game.board.copy();
  let stopAt = null;
  session.subscribe(() => {
    if (stopAt === null && session.playbackRun?.done > 300) {
      stopAt = session.playbackRun.done;
      session.stop();
    }
  });
  await session.playSolution();
  assert.equal(session.playbackRun, null);
  assert.ok(stopAt > 300 && stopAt < 900, stopAt);
  assert.equal(session.game.moveCount, stopAt);
  assert.ok(session.game.board.equals(pressedFrom(start, all, stopAt)));
  assert.deepEqual(session.marks.indices(), all.slice(stopAt)); // the presses not played
  assert.equal(wordMessage(changes.at(-1).message), `Stopped after ${stopAt} of 900 presses; the marks show the rest.`);
  const waited = clock.waits.length;
  await Promise.resolve();
  assert.equal(clock.waits.length, waited); // nothing plays on after Stop
  session.undo();
  assert.equal(session.game.moveCount, stopAt - 1);
  assert.ok(session.game.board.equals(pressedFrom(start, all, stopAt - 1)));
  session.redo();
  // The marks still solve the board from where it stopped.
  const rest = emptyBoard(30, 30);
  for (const index of all.slice(stopAt)) rest.set(index, 1);
  session.showSolution({ solution: rest, message: null });
  await session.playSolution();
  assert.equal(session.game.moveCount, 900);
  assert.ok(session.game.isSolved());
  assert.equal(wordMessage(changes.at(-1).message), "Solved by Play solution, in 900 moves."); // as the banner says
});

test("Solve or Hint during a playback stops it before its marks are replaced", async () => {
  for (const command of ["solve", "hint"]) {
    const clock = fakeClock();
    const { session, solver } = everyCellMarked({ now: clock.now, wait: (ms) => {
      if (clock.waits.length === 20) session.solving[command](); // as if clicked between two slices
      return clock.wait(ms);
    } }, 20, 20);
    solver.hold(); // the fake solver would search 2^400 boards: its reply is not what is tested
    await session.playSolution();
    assert.equal(session.playbackRun, null, command);
    assert.ok(session.game.moveCount > 0 && session.game.moveCount < 400, `${command}: ${session.game.moveCount}`);
  }
});

test("a short solution plays press by press, each flashed, with its progress; Stop is a no-op when idle", async () => {
  const clock = fakeClock();
  const { session, changes } = makeSession({ wait: clock.wait, now: clock.now });
  const board = emptyBoard(5, 5);
  for (const [row, col] of [[0, 0], [2, 2], [4, 1]]) pressBoard(board, row, col);
  session.setBoard(board);
  session.showSolution({ solution: boardFromCells(5, 5, 2, Array.from({ length: 25 }, (_, i) => Number([0, 12, 21].includes(i)))), message: null });
  changes.length = 0;
  session.stop();
  assert.equal(changes.length, 0);
  await session.playSolution();
  assert.ok(session.game.isSolved());
  assert.deepEqual(clock.waits, [150, 150, 150]);
  const flashed = changes.filter((change) => change.flash !== undefined);
  assert.deepEqual(flashed.map((change) => change.flash), [0, 12, 21]);
  assert.deepEqual(flashed.map((change) => wordMessage(change.message)), ["Playing 1 / 3", "Playing 2 / 3", "Solved by Play solution, in 3 moves."]);
  assert.ok(flashed.every((change) => Array.isArray(change.cells)));
});

test("share links: k = 3 with holes and don't-care cells open with their shape, on any surface", async () => {
  const { shareTextOf, gameOfLink } = await import("../../static/model/share-link.js");
  for (const surface of ["plane", "klein", "projective"]) {
    const board = emptyBoard(3, 4, 3);
    board.set(1, 2);
    const mask = new Mask(3, 4);
    mask.setKind(0, HOLE);
    mask.setKind(6, DONT_CARE);
    const game = new Game(board, { surface, mask });
    const text = shareTextOf(game);
    assert.match(text, /k=3/);
    assert.match(text, /h=/);
    const opened = gameOfLink(text).game;
    assert.equal(opened.board.k, 3);
    assert.equal(opened.surface, surface);
    assert.ok(opened.mask?.equals(mask), surface);
    assert.deepEqual(opened.board.toList(), board.toList());
  }
});

test("request with rethrow throws the current request's error instead of saying it, and drops a superseded one", async () => {
  const { session, solver } = makeSession();
  const messages = [];
  session.subscribe((change) => change.message !== undefined && messages.push(wordMessage(change.message)));
  solver.request = async () => {
    const error = new Error("too large for this solver");
    error.name = "TooLargeError";
    throw error;
  };
  await assert.rejects(session.request({ op: "analyze" }, { board: false, rethrow: true }), { name: "TooLargeError" });
  assert.deepEqual(messages, []); // the caller answers it, nothing was said
  // A request on the board that changed while it ran: its error is stale, neither thrown nor said.
  let fail;
  solver.request = () => new Promise((_, reject) => { fail = reject; });
  const asked = session.request({ op: "solve" }, { rethrow: true });
  session.press(0, 0);
  fail(Object.assign(new Error("late"), { name: "RequestError" }));
  assert.equal(await asked, null);
  assert.ok(!messages.some((message) => /late/.test(message)));
});

test("applyMoves: presses at once are the same presses one by one — board, moves, marks taken off, the win's word", async () => {
  const start = pressedFrom(emptyBoard(4, 4), [1, 6, 11, 12], 4);
  const sessions = [makeSession().session, makeSession().session];
  for (const session of sessions) {
    session.setBoard(start.copy());
    await session.solving.solve();
  }
  const presses = sessions[0].marks.pressList();
  assert.ok(presses.length > 1);
  const [atOnce, oneByOne] = sessions;
  const versions = sessions.map((session) => session.version);
  const together = atOnce.applyMoves(presses);
  let last;
  for (let i = 0; i < presses.length; i++) last = oneByOne.applyMoves(presses, i, i + 1);
  for (const session of sessions) {
    assert.ok(session.game.isSolved());
    assert.equal(session.game.moveCount, presses.length); // each press a move of the history
    assert.equal(session.marks, null); // every mark pressed off
  }
  assert.ok(atOnce.game.board.equals(oneByOne.game.board));
  assert.deepEqual([atOnce.version - versions[0], oneByOne.version - versions[1]], [1, presses.length]);
  assert.equal(wordMessage(together.message), `Solved by Play solution, in ${presses.length} moves.`); // applyMoves' presses are played
  assert.deepEqual(last.message, together.message);
  atOnce.undo();
  assert.equal(atOnce.game.moveCount, presses.length - 1);
});

test("applyMoves: a press off the marks reroutes them (and says so); a change of the lights drops the proof and nearest board", async () => {
  const { session } = makeSession();
  session.setBoard(pressedFrom(emptyBoard(3, 3), [4], 1));
  await session.solving.solve();
  const off = everyCell(3, 3).find((index) => !session.marks.get(index));
  const { changed, message } = session.applyMoves([off], 0, 1, "player");
  assert.equal(session.marks.get(off), 1);
  assert.ok(changed.includes(off)); // the cell's new mark is redrawn with its light
  assert.equal(wordMessage(message), "Off the route: the marks now include that light.");
  // An unsolvable board's overlays describe its lights: any press takes them away.
  session.setVariant({ stencil: makeStencil("x") });
  session.setBoard(boardFromCells(2, 2, 2, [1, 1, 0, 0]));
  await session.solving.solve();
  assert.ok(session.overlay.proof && session.overlay.nearest);
  session.applyMoves([0, 3]);
  assert.equal(session.overlay.proof, null);
  assert.equal(session.overlay.nearest, null);
  assert.equal(session.game.moveCount, 2);
});

test("playback presses through the session's applyMoves only, press by press and in slices", async () => {
  for (const [rows, cols] of [[3, 3], [40, 40]]) { // 9 presses one by one, 1600 in slices
    const clock = fakeClock();
    const { session } = everyCellMarked({ wait: clock.wait, now: clock.now }, rows, cols);
    let pressed = 0;
    const applyMoves = session.applyMoves.bind(session);
    session.applyMoves = (presses, from = 0, to = presses.length) => {
      pressed += to - from;
      return applyMoves(presses, from, to);
    };
    const version = session.version;
    await session.playSolution();
    assert.equal(pressed, rows * cols, `${rows}×${cols}`);
    assert.equal(session.game.moveCount, rows * cols);
    assert.ok(session.game.isSolved());
    assert.ok(session.version > version);
    assert.equal(session.won.by, "played");
  }
});

test("a press of a marked cell that does not change its own light (the Orbix) still redraws the cell's mark", () => {
  const { session, changes } = makeSession();
  // Three cells on a ring, each press changing the other two only.
  const graph = graphOfPuzzle({ rows: 1, cols: 3, kind: "graph", presses: [[1, 2], [0, 2], [0, 1]], coords: [[0, 0], [1, 0], [0, 1]] });
  session.playGame(new Game(emptyBoard(1, 3), { graph }));
  session.showSolution({ solution: boardFromCells(1, 3, 2, [1, 1, 0]), message: null });
  changes.length = 0;
  session.press(0, 0);
  assert.equal(session.marks.get(0), 0);
  assert.ok(changes[0].cells === null || changes[0].cells.includes(0), `the change names cell 0: ${changes[0].cells}`);
});

test("a new size while a real game is played asks for a plain board of that size, not the game's own", () => {
  // Orbix on, then 8×8 typed into the size fields: the request named the preset, so Python dealt
  // another Orbix board and the page said "New 8×8 puzzle." over the 1×12 Orbix.
  const graph = graphOfPuzzle({
    rows: 1, cols: 3, kind: "graph", presses: [[1, 2], [0, 2], [0, 1]], coords: [[0, 0], [1, 0], [0, 1]], preset: { name: "orbix" },
  });
  const game = new Game(emptyBoard(1, 3), { graph });
  const asked = [];
  const session = { request: (request) => { asked.push(request); return Promise.resolve(null); } };
  random(session, { rows: 8, cols: 8, game });
  random(session, { rows: 1, cols: 3, game });
  assert.equal(asked[0].preset, undefined);
  assert.deepEqual([asked[0].rows, asked[0].cols, asked[0].rule, asked[0].surface, asked[0].target], [8, 8, "plus", "plane", "off"]);
  assert.equal(asked[1].preset, "orbix"); // its own size: the game's own board
  assert.equal(asked[1].rows, undefined);
});
