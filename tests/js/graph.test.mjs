// @ts-check
// The graph Game (press sets, k states, undo, a goal board) and the keyboard's move to the
// nearest cell by coordinates (graph-layout.js); the press sets are checked against Python's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { boardFromCells, boardFromId, emptyBoard } from "../../static/model/board.js";
import { Game } from "../../static/model/game.js";
import { Mask } from "../../static/model/mask.js";
import { graphOfPuzzle } from "../../static/model/graph.js";
import { makeStencil } from "../../static/model/presses.js";
import { randomSolvableBoard } from "../../static/model/random-board.js";
import {
  closestDistance, drawnCoords, hexCoords, isGridLayout, maxSpread, nearestInDirection, squareLayout,
} from "../../static/views/graph-layout.js";
import { pythonJson } from "./python.mjs";

/** Python's API: each request's reply; a request's board "<prev>" is the reply before's board. */
function callPython(requests) {
  return pythonJson(`import json
from lightsout import api
out = []
for request in json.loads(${JSON.stringify(JSON.stringify(requests))}):
    if request.get("board") == "<prev>":
        request["board"] = out[-1]["board"]
    out.append(json.loads(api.handle(json.dumps(request))))
print(json.dumps(out))`);
}

// A 1×4 puzzle: press sets need not contain the cell nor be symmetric.
const reply = (k = 2) => ({
  kind: "graph", rows: 1, cols: 4, k, target: "off", outline: "circle",
  coords: [[0, 0], [1, 0], [1, 1], [0, 1]], presses: [[1, 2], [0, 1, 2, 3], [2], [0, 3]], edges: null, names: null,
  preset: null, graph: { cells: 4 }, title: null,
});

test("a press adds 1 to every cell of its press set, and undo takes it back", () => {
  const graph = graphOfPuzzle(reply());
  const game = new Game(emptyBoard(1, 4), { graph });
  assert.deepEqual(game.play(0, 0), [1, 2]);
  assert.deepEqual(game.board.toList(), [0, 1, 1, 0]);
  game.play(0, 3);
  assert.deepEqual(game.board.toList(), [1, 1, 1, 1]);
  assert.equal(game.undo().changed.length, 2);
  assert.deepEqual(game.board.toList(), [0, 1, 1, 0]);
  game.redo();
  assert.deepEqual(game.board.toList(), [1, 1, 1, 1]);
  assert.deepEqual(game.startBoard().toList(), [0, 0, 0, 0]);
  assert.deepEqual(game.variant, { k: 2, graph: { cells: 4 } });
});

test("k = 3: presses count modulo 3, undo subtracts, playMany is the same as one press at a time", () => {
  const graph = graphOfPuzzle(reply(3));
  const game = new Game(emptyBoard(1, 4, 3), { graph });
  for (let i = 0; i < 4; i++) game.play(0, 1);
  assert.deepEqual(game.board.toList(), [1, 1, 1, 1]);
  game.play(0, 2);
  game.play(0, 2);
  assert.deepEqual(game.board.toList(), [1, 1, 0, 1]);
  game.undo();
  assert.deepEqual(game.board.toList(), [1, 1, 2, 1]);
  const other = new Game(emptyBoard(1, 4, 3), { graph });
  other.playMany([1, 1, 1, 1, 2]);
  assert.deepEqual(other.board.toList(), game.board.toList());
  assert.equal(other.moveCount, 5);
});

test("a goal board: solved when every cell has its goal state", () => {
  const graph = graphOfPuzzle(reply());
  const target = boardFromCells(1, 4, 2, [0, 1, 1, 0]);
  const game = new Game(emptyBoard(1, 4), { graph, target });
  assert.equal(game.isSolved(), false);
  game.play(0, 0);
  assert.equal(game.isSolved(), true);
});

test("press sets outside the board are refused", () => {
  assert.throws(() => graphOfPuzzle({ ...reply(), presses: [[4], [], [], []] }), RangeError);
  assert.throws(() => graphOfPuzzle({ ...reply(), presses: [[0]] }), RangeError);
});

test("every preset's press sets play like Python's press op, and a random board from its goal is solvable", () => {
  const [{ presets }] = callPython([{ op: "presets" }]);
  const puzzles = callPython(presets.map(({ name }) => ({ op: "puzzle", preset: name })));
  const requests = [];
  const games = presets.map(({ name }, p) => {
    const puzzle = puzzles[p];
    const graph = graphOfPuzzle(puzzle);
    assert.equal(drawnCoords(puzzle.coords), puzzle.coords, `${name} is drawn at its own coordinates`);
    const target = puzzle.target.includes(":") ? boardFromId(puzzle.target, puzzle.k) : puzzle.target;
    const start = randomSolvableBoard(puzzle.rows, puzzle.cols, { k: puzzle.k, graph, random: mulberry(p + 1) });
    const game = new Game(start.copy(), { graph, target });
    const presses = [0, puzzle.cells - 1, Math.floor(puzzle.cells / 2)];
    presses.forEach((index, i) => {
      game.play(Math.floor(index / puzzle.cols), index % puzzle.cols);
      requests.push({ op: "press", preset: name, board: i === 0 ? start.toId() : "<prev>", cell: index });
    });
    requests.push({ op: "solve", preset: name, board: start.toId(), ...(typeof target === "string" ? { target } : {}) });
    return game;
  });
  const replies = callPython(requests);
  games.forEach((game, p) => {
    const name = presets[p].name;
    assert.equal(game.board.toId(), replies[p * 4 + 2].board, name);
    assert.equal(replies[p * 4 + 3].solvable, true, `${name}: a random board from the goal is solvable`);
  });
});

test("a graph game with holes: a press leaves them dark and a hole has no button, as in Python's press op", () => {
  const puzzle = reply(3);
  const holes = boardFromCells(1, 4, 2, [0, 0, 1, 0]);
  const game = new Game(emptyBoard(1, 4, 3), { graph: graphOfPuzzle(puzzle), mask: new Mask(1, 4, holes) });
  game.play(0, 1); // its press set is every cell
  game.play(0, 0);
  assert.throws(() => game.play(0, 2), RangeError);
  const replies = callPython([
    { op: "press", graph: { presses: puzzle.presses, k: 3 }, holes: holes.toId(), board: emptyBoard(1, 4, 3).toId(), cell: 1 },
    { op: "press", graph: { presses: puzzle.presses, k: 3 }, holes: holes.toId(), board: "<prev>", cell: 0 },
  ]);
  assert.equal(game.board.toId(), replies[1].board);
  assert.equal(game.board.get(2), 0);
  assert.deepEqual(game.startBoard().toList(), [0, 0, 0, 0]);
});

test("the hex rule is the API's stencil", () => {
  assert.deepEqual(makeStencil("hex").offsets.map(([r, c]) => `${r},${c}`).sort(),
    ["-1,0", "-1,1", "0,-1", "0,0", "0,1", "1,-1", "1,0"]);
});

test("arrow keys move to the nearest cell in their direction by coordinates", () => {
  // Hexagons: right goes along the row, down goes to the nearer of the two cells below.
  const hex = hexCoords(3, 3);
  assert.equal(nearestInDirection(hex, 0, 1, 0), 1);
  assert.equal(nearestInDirection(hex, 0, -1, 0), null);
  assert.equal(nearestInDirection(hex, 4, 0, 1), 6); // two cells below lie as near: the first wins
  assert.equal(nearestInDirection(hex, 4, 0, -1), 1);
  assert.equal(nearestInDirection(hex, 2, 0, -1), null);
  // A cross: from the centre each arrow reaches its arm, from an arm the far side is two steps.
  const cross = [[0, 0], [0, -1], [1, 0], [0, 1], [-1, 0], [0, 2]];
  assert.equal(nearestInDirection(cross, 0, 0, -1), 1);
  assert.equal(nearestInDirection(cross, 0, 1, 0), 2);
  assert.equal(nearestInDirection(cross, 0, 0, 1), 3);
  assert.equal(nearestInDirection(cross, 3, 0, 1), 5);
  assert.equal(nearestInDirection(cross, 1, 0, 1), 0);
  assert.equal(nearestInDirection(cross, 0, 1, 0, (j) => j !== 2), null);
});

test("a layout of (c + ½, r + ½) centres is a plain grid", () => {
  assert.equal(isGridLayout([[0.5, 0.5], [1.5, 0.5], [0.5, 1.5], [1.5, 1.5]], 2, 2), true);
  assert.equal(isGridLayout(hexCoords(2, 2), 2, 2), false);
});

test("the closest two cells are found as comparing every pair finds them", () => {
  const random = mulberry(7);
  for (let round = 0; round < 500; round++) {
    // Few distinct values, so that many cells share an x, a y or a place.
    const coords = Array.from({ length: 1 + Math.floor(random() * 40) }, () => [Math.floor(random() * 9) / 2, Math.floor(random() * 9) / 3]);
    let best = Infinity;
    for (let i = 0; i < coords.length; i++) {
      for (let j = i + 1; j < coords.length; j++) best = Math.min(best, Math.hypot(coords[i][0] - coords[j][0], coords[i][1] - coords[j][1]));
    }
    assert.equal(closestDistance(coords), best, JSON.stringify(coords));
  }
});

/** Every cell at least 1 from the others, and the drawing no wider than maxSpread: each can be clicked. */
function assertClickable(coords, what) {
  const xs = coords.map(([x]) => x);
  const ys = coords.map(([, y]) => y);
  const extent = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  assert.ok(closestDistance(coords) >= 1, what);
  assert.ok(extent <= maxSpread(coords.length), `${what}: spread ${extent}`);
}

test("stacked or far-spread cells, and a ring of thousands, are laid out again in rows; readable coordinates are kept", () => {
  const puzzles = callPython([
    { op: "puzzle", graph: "cells 3\nat 0 0 0\nat 1 0 0\nat 2 1 0\n" }, // two cells at one place
    { op: "puzzle", graph: "cells 3\nat 0 0 0\nat 1 1 0\nat 2 1000000 0\n" }, // one far from the others: 0-pixel cells
    { op: "puzzle", graph: "cells 4096\n" }, // no coordinates: a circle of 4096 cells 1 apart, 1300 across
    { op: "puzzle", graph: "cells 200\n" }, // a circle of 200 cells: 64 across, kept
    { op: "puzzle", graph: "cells 2\nat 0 -5 2.5\nat 1 7 2.5\n" }, // 12 apart: the drawing is scaled, kept
  ]);
  const drawn = puzzles.map((puzzle) => drawnCoords(puzzle.coords));
  for (const [i, what] of ["stacked", "far-spread", "ring of 4096"].entries()) {
    assert.notDeepEqual(drawn[i], puzzles[i].coords, what);
    assertClickable(drawn[i], what);
  }
  assert.deepEqual(drawn[0], [[0.5, 0.5], [1.5, 0.5], [0.5, 1.5]]);
  assert.deepEqual(drawn[3], puzzles[3].coords);
  assert.deepEqual(drawn[4], puzzles[4].coords);
  // A coordinate that is no number (the API never sends one) is laid out again too.
  assertClickable(drawnCoords([[0, 0], [Number.NaN, 1]]), "NaN");
  assert.deepEqual(drawnCoords([[3, 4]]), [[3, 4]]);
});

function mulberry(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test("squareLayout's least distance, known without a search, is the one a search finds", () => {
  for (const cells of [2, 3, 5, 150, 4096]) {
    const coords = squareLayout(cells);
    assert.equal(closestDistance(coords), closestDistance(coords.map((point) => [...point])), `${cells} cells`);
  }
});
