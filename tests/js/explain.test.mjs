// The explainer (static/explain.js) against the real Python API: each step is one press
// through the session (one move, Undo takes it back), the walk ends at the goal or, for an
// unsolvable board, after the first chase with only the last row lit.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Session } from "../../static/session.js";
import { Explainer, cellName } from "../../static/explain.js";
import { boardFromCells, emptyBoard } from "../../static/board.js";
import { graphOfPuzzle, pressBoard, pressGraph } from "../../static/game.js";
import { LIMITS } from "./fake-solver.mjs";
import { PythonSolver } from "./python.mjs";
import { wordMessage } from "../../static/messages.js";

function makeExplainer(board) {
  const session = new Session({ solver: new PythonSolver(), limits: { ...LIMITS, explain_cells: 64 }, wait: () => Promise.resolve() });
  session.setBoard(board);
  const explainer = new Explainer(session);
  return { session, explainer };
}

test("each step is one press; the walk ends at the goal; Previous step undoes one", async () => {
  const board = emptyBoard(5, 5);
  for (const [r, c] of [[0, 0], [1, 3], [4, 4], [2, 2]]) pressBoard(board, r, c);
  const { session, explainer } = makeExplainer(board);
  await explainer.start();
  assert.ok(explainer.active && explainer.total > 0);
  assert.equal(session.layers.explain.next, explainer.steps[0].cell);
  let moves = session.game.moveCount;
  while (explainer.canNext) {
    const before = session.game.board.copy();
    const step = explainer.steps[explainer.index];
    explainer.next();
    assert.equal(session.game.moveCount, ++moves);
    const expected = before.copy();
    pressBoard(expected, Math.floor(step.cell / 5), step.cell % 5);
    assert.ok(session.game.board.equals(expected), "exactly the step's press");
    if (step.clears !== null) assert.equal(session.game.board.get(step.clears), 0);
  }
  assert.ok(session.game.isSolved());
  assert.equal(explainer.phase, "done");
  assert.equal(session.layers.explain.next, null);
  explainer.previous();
  assert.equal(session.game.moveCount, moves - 1);
  assert.ok(explainer.active && explainer.index === explainer.total - 1);
  assert.equal(session.layers.explain.next, explainer.steps.at(-1).cell);
});

test("an unsolvable board stops after the first chase with the proof marked", async () => {
  const { session, explainer } = makeExplainer(boardFromCells(5, 5, 2, [1, ...Array(24).fill(0)]));
  await explainer.start();
  assert.equal(explainer.reply.solvable, false);
  await explainer.play();
  assert.equal(explainer.phase, "unsolvable");
  const lit = session.game.board.indices();
  assert.ok(lit.length > 0 && lit.every((index) => index >= 20), "only the last row is lit");
  assert.ok(session.layers.explain.formula.size > 0);
});

test("a press the explainer did not make ends the explanation", async () => {
  const board = emptyBoard(4, 5);
  pressBoard(board, 1, 1);
  const { session, explainer } = makeExplainer(board);
  await explainer.start();
  explainer.next();
  session.press(3, 3);
  assert.equal(explainer.active, false);
  assert.equal(session.layers?.explain ?? null, null);
});

test("why: the formula of a cell of an invertible board says whether it is pressed", async () => {
  const board = emptyBoard(4, 5);
  pressBoard(board, 2, 3);
  const { explainer } = makeExplainer(board);
  await explainer.start();
  await explainer.why(2 * 5 + 3);
  assert.equal(explainer.whyReply.determined, true);
  assert.equal(explainer.whyReply.value, 1);
  await explainer.why(0);
  assert.equal(explainer.whyReply.value, 0);
});

/** The messages a session says while `run` runs. */
async function messagesOf(session, run) {
  const said = [];
  const unsubscribe = session.subscribe((change) => { if (change.message) said.push(wordMessage(change.message)); });
  await run();
  unsubscribe();
  return said;
}

for (const [what, request, name] of [
  ["the cube names a cell by its sticker", { op: "puzzle", preset: "cube" }, /^cell [UDFBLR][1-9]$/],
  ["a user's graph without names numbers its cells from 1 as the board does", { op: "puzzle", graph: "cells 6\nedge 0 1\nedge 1 2\nedge 2 3\nedge 3 4\nedge 4 5\n" }, /^cell [1-6]$/],
]) {
  test(`Explain on a graph: ${what}, never by row and column`, async () => {
    const solver = new PythonSolver();
    const session = new Session({ solver, limits: { ...LIMITS, explain_cells: 64 }, wait: () => Promise.resolve() });
    const reply = await solver.request(request);
    const game = graphOfPuzzle(reply);
    const board = emptyBoard(reply.rows, reply.cols, reply.k);
    for (const cell of [0, 3, 4]) pressGraph(board, game, cell);
    await session.deal.playGraph(reply, { board });
    const explainer = new Explainer(session);
    const said = await messagesOf(session, async () => {
      await explainer.start();
      await explainer.play();
      await explainer.why(explainer.steps[0].cell);
    });
    assert.ok(explainer.total > 0 && said.length > explainer.total, said.join("\n"));
    for (const message of said) assert.doesNotMatch(message, /row \d+, column \d+/);
    const names = explainer.steps.map((step) => wordMessage(cellName(step.cell, session.game)));
    for (const cell of names) assert.match(cell, name);
    assert.ok(said.some((message) => message.includes(`press ${names.at(-1)}`) || message.includes(`pressed ${names.at(-1)}`)), said.join("\n"));
    assert.ok(said.at(-1).startsWith(`Why ${names[0]}?`), said.at(-1));
  });
}
