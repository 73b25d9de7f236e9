// @ts-check
// The goal drawn under the board (static/views/goal-picture.js): what is drawn of a game's goal,
// headless. Issue 50, point 6: Merlin's goal (the outer ring lit) was given only as words ("Reach
// the game's goal pattern"), never drawn.
import { test } from "node:test";
import assert from "node:assert/strict";
import { GOAL_PICTURE_CELLS, goalPicture } from "../../static/views/goal-picture.js";
import { Game } from "../../static/model/game.js";
import { boardFromCells, emptyBoard } from "../../static/model/board.js";
import { graphOfPuzzle } from "../../static/model/graph.js";
import { Mask } from "../../static/model/mask.js";

/** A graph puzzle of rows × cols cells at `coords` (null: none), each press changing its own cell only. */
function graph(rows, cols, coords = null, outline = "square") {
  const presses = Array.from({ length: rows * cols }, (_, i) => [i]);
  return graphOfPuzzle({ rows, cols, kind: "graph", presses, coords, outline, preset: { name: "test" } });
}

const gridCoords = (rows, cols) => Array.from({ length: rows * cols }, (_, i) => [(i % cols) + 0.5, Math.floor(i / cols) + 0.5]);
const RING = [1, 1, 1, 1, 0, 1, 1, 1, 1];

test("a plain goal draws nothing: every light off or on, as words or as a board of one state", () => {
  for (const target of /** @type {("off" | "on")[]} */ (["off", "on"])) assert.equal(goalPicture(new Game(emptyBoard(3, 3), { target })), null, target);
  const merlinLike = graph(3, 3, gridCoords(3, 3));
  assert.equal(goalPicture(new Game(emptyBoard(3, 3), { target: emptyBoard(3, 3), graph: merlinLike })), null, "all off");
  assert.equal(goalPicture(new Game(emptyBoard(3, 3), { target: boardFromCells(3, 3, 2, Array(9).fill(1)), graph: merlinLike })), null, "all on");
  assert.equal(goalPicture(new Game(emptyBoard(2, 2, 3), { target: boardFromCells(2, 2, 3, [2, 2, 2, 2]) })), null, "all k − 1");
  // k = 3, every light at 1: neither off nor on, so drawn.
  assert.equal(goalPicture(new Game(emptyBoard(2, 2, 3), { target: boardFromCells(2, 2, 3, [1, 1, 1, 1]) }))?.kind, "grid");
});

test("Merlin's goal, the outer ring lit, is drawn as a 3 × 3 grid of its lights", () => {
  const merlin = new Game(emptyBoard(3, 3), { target: boardFromCells(3, 3, 2, RING), graph: graph(3, 3, gridCoords(3, 3)) });
  assert.deepEqual(goalPicture(merlin), { kind: "grid", rows: 3, cols: 3, k: 2, cells: RING });
  // A graph without coordinates is drawn as the DOM grid draws it: its rows and columns.
  const plain = new Game(emptyBoard(1, 4), { target: boardFromCells(1, 4, 2, [1, 0, 0, 1]), graph: graph(1, 4) });
  assert.deepEqual(goalPicture(plain), { kind: "grid", rows: 1, cols: 4, k: 2, cells: [1, 0, 0, 1] });
});

test("holes are gaps and don't-care cells 'any', and neither makes a goal less plain", () => {
  const mask = new Mask(2, 2, boardFromCells(2, 2, 2, [1, 0, 0, 0]), boardFromCells(2, 2, 2, [0, 1, 0, 0]));
  const shaped = (cells) => new Game(emptyBoard(2, 2), { target: boardFromCells(2, 2, 2, cells), mask });
  assert.equal(goalPicture(shaped([1, 0, 1, 1])), null, "the cells that count are all on");
  assert.deepEqual(goalPicture(shaped([1, 0, 1, 0]))?.cells, ["hole", "any", 1, 0]);
});

test("a game drawn from coordinates (not a grid) has its goal drawn as its cells' places", () => {
  const triangle = graph(1, 3, [[0, 0], [2, 0], [1, 1.5]], "circle");
  const picture = goalPicture(new Game(emptyBoard(1, 3), { target: boardFromCells(1, 3, 2, [1, 0, 1]), graph: triangle }));
  assert.equal(picture?.kind, "points");
  assert.deepEqual(picture.cells, [1, 0, 1]);
  assert.deepEqual(picture.coords, [[0, 0], [2, 0], [1, 1.5]]);
  assert.ok(Math.abs(picture.spacing - Math.hypot(1, 1.5)) < 1e-9, String(picture.spacing));
});

test("a goal of more cells than a small picture shows is left to the words", () => {
  const side = Math.ceil(Math.sqrt(GOAL_PICTURE_CELLS + 1));
  const cells = Array.from({ length: side * side }, (_, i) => i % 2);
  assert.equal(goalPicture(new Game(emptyBoard(side, side), { target: boardFromCells(side, side, 2, cells) })), null);
});
