// @ts-check
// The explainer (static/session/explain.js) against the real Python API: each step is one press
// through the session (one move, Undo takes it back), the walk ends at the goal or, for an
// unsolvable board, after the first chase with only the last row lit.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Session } from "../../static/session/session.js";
import { Explainer } from "../../static/session/explain.js";
import { cellName } from "../../static/session/common-messages.js";
import { boardFromCells, emptyBoard } from "../../static/model/board.js";
import { graphOfPuzzle } from "../../static/model/graph.js";
import { pressBoard, pressGraph } from "../../static/model/presses.js";
import { LIMITS } from "./fake-solver.mjs";
import { PythonSolver } from "./python.mjs";
import { wordMessage } from "../../static/page/words.js";
import { setLanguage } from "../../static/page/i18n.js";

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

for (const [what, request, name] of /** @type {Array<[string, object, RegExp]>} */ ([
  ["the cube names a cell by its sticker", { op: "puzzle", preset: "cube" }, /^cell [UDFBLR][1-9]$/],
  ["a user's graph without names numbers its cells from 1 as the board does", { op: "puzzle", graph: "cells 6\nedge 0 1\nedge 1 2\nedge 2 3\nedge 3 4\nedge 4 5\n" }, /^cell [1-6]$/],
])) {
  test(`Explain on a graph: ${what}, never by row and column`, async () => {
    const solver = new PythonSolver();
    const session = new Session({ solver, limits: { ...LIMITS, explain_cells: 64 }, wait: () => Promise.resolve() });
    const reply = await solver.request(request);
    const game = graphOfPuzzle(reply);
    const board = emptyBoard(reply.rows, reply.cols, reply.k);
    for (const cell of [0, 3, 4]) pressGraph(board, game, cell);
    await session.dealer.playGraph(reply, { board });
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

test("why this press? on the classic 5×5 answers in the words of the walk, in English and 中文", async () => {
  const board = emptyBoard(5, 5);
  for (const [r, c] of [[0, 1], [2, 2], [3, 4]]) pressBoard(board, r, c);
  const { session, explainer } = makeExplainer(board);
  await explainer.start();
  const said = () => wordMessage(explainer.whySentence());
  const name = (cell) => wordMessage(cellName(cell, session.game));
  // A chase press: the light above it, the one its own step names ("row 1, column 2 is lit, so press row 2, column 2 below it").
  const chase = explainer.steps[0];
  assert.equal(chase.kind, "chase");
  assert.match(wordMessage(explainer.nextWords()), new RegExp(`${name(chase.clears)} is lit, so press ${name(chase.cell)} below it`));
  await explainer.why(chase.cell);
  assert.equal(explainer.whyReply.reason, "chase");
  assert.equal(said(), `Why ${name(chase.cell)}? The light just above it, ${name(chase.clears)}, was lit when the chase reached it, so this press clears it.`);
  assert.deepEqual([...session.layers.explain.formula], [chase.clears]);
  // A first-row press: decided by the last row's marked lights, an odd number of them lit after the first chase.
  const firstRow = explainer.steps.find((step) => step.kind === "first-row");
  await explainer.why(firstRow.cell);
  assert.equal(explainer.whyReply.reason, "first-row");
  assert.match(said(), new RegExp(`^Why ${name(firstRow.cell)}\\? The last row must end dark, so the marked lights there decide this press: after the first chase \\d+ of the \\d+ were lit — an odd number, so it is pressed\\.$`));
  const marked = [...session.layers.explain.formula];
  assert.ok(marked.length > 0 && marked.every((cell) => cell >= 20), "the last row's lights are marked");
  setLanguage("zh");
  try {
    assert.match(said(), /^为什么是第 1 行第 \d 列？最后一行最后必须全暗，所以由那里标出的灯决定这一按：第一轮追灯后，这 \d+ 盏中有 \d+ 盏亮着——是奇数，所以要按。$/);
    await explainer.why(chase.cell);
    assert.match(said(), /^为什么是第 2 行第 \d 列？追灯到这里时，它正上方的第 1 行第 \d 列亮着，按这里就能把它消掉。$/);
  } finally {
    setLanguage("en");
  }
  // Only a truly free choice is called free, with what it means; nothing says nullity, A⁻¹, parity or quiet patterns.
  const reasons = new Map();
  for (let cell = 0; cell < 25; cell++) {
    await explainer.why(cell);
    reasons.set(cell, [explainer.whyReply.reason, said()]);
  }
  const free = [...reasons.values()].filter(([reason]) => reason === "free");
  assert.ok(free.length > 0);
  for (const [, text] of free) assert.match(text, /It is a free choice: either way works, as this board has 4 solutions\. This one (presses|leaves) it\.$/);
  for (const [cell, [reason]] of reasons) if (cell >= 5) assert.ok(reason === "chase" || reason === "dark", `${cell}: ${reason}`);
  for (const [, text] of reasons.values()) assert.doesNotMatch(text, /nullity|A⁻¹|parity|quiet|rank/);
});

test("why: a press one light decides says whether that light was lit, not '1 of the 1 were lit'", async () => {
  // 2×2, only the top-left light on: the first row's left press is decided by one light of the last row.
  const { explainer } = makeExplainer(boardFromCells(2, 2, 2, [1, 0, 0, 0]));
  await explainer.start();
  await explainer.why(0);
  assert.equal(explainer.whyReply.reason, "first-row");
  assert.equal(explainer.whyReply.lights.length, 1);
  const pressed = explainer.whyReply.pressed;
  try {
    setLanguage("en");
    const english = wordMessage(explainer.whySentence());
    assert.match(english, pressed ? /the marked light there decides this press: after the first chase it was lit, so it is pressed\.$/
      : /after the first chase it was dark, so it is not pressed\.$/);
    assert.doesNotMatch(english, /1 of the 1/);
    setLanguage("zh");
    assert.match(wordMessage(explainer.whySentence()), pressed ? /第一轮追灯后它亮着，所以要按。$/ : /第一轮追灯后它是暗的，所以不按。$/);
  } finally {
    setLanguage("en");
  }
});
