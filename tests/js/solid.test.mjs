// @ts-check
// The 3D view's geometry (solid-geometry.js) on the cube and the Orbix as Python's puzzle op gives
// them: the solid's neighbours are the press sets both ways, the body's faces hold the cells,
// which cells are seen from a few turns, the arrows' neighbour across a face's edge, turning
// a hidden cell into sight, and the step turns (Shift+arrows); the cell drawn under a point
// (a pointer's press: cellAt) and a drag's flick from the release's own speed (releaseFlick).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  cellAt, compose, dragTurn, facing, neighbourInDirection, releaseFlick, rotate, shownCells, solidGeometry, stepTurn, turnAbout, turnToShow,
} from "../../static/views/solid-geometry.js";
import { pythonJson } from "./python.mjs";
import { seeded } from "./seeded.mjs";

const [cube, orbix] = pythonJson(`import json
from lightsout import api
print(json.dumps([json.loads(api.handle(json.dumps({"op": "puzzle", "preset": name}))) for name in ("cube", "orbix")]))`);
const IDENTITY = [1, 0, 0, 0];
const distance = (a, b) => Math.hypot(...a.map((v, i) => v - b[i]));
const dot = (a, b) => a.reduce((sum, v, i) => sum + v * b[i], 0);
/** The cube's cell of face `face` (U R F D L B), row r, column c, by Python's places. */
const cubeCell = (face, r, c) => cube.solid.places.findIndex(([f, row, col]) => f === face && row === r && col === c);
const sameTurn = (a, b) => Math.abs(Math.abs(dot(a, b)) - 1) < 1e-9;

for (const reply of [cube, orbix]) {
  test(`${reply.preset.name}: the cells next to each other on the solid are the press sets, both ways`, () => {
    const geometry = solidGeometry(reply.solid, reply.presses);
    const { points } = geometry;
    // The nearest other cells on the solid are exactly a cell's neighbours: the press set without the cell itself.
    for (let i = 0; i < points.length; i++) {
      const others = points.map((_, j) => j).filter((j) => j !== i);
      const near = others.filter((j) => distance(points[i], points[j]) <= (reply.preset.name === "cube" ? 1 : 1.06) + 1e-6);
      assert.deepEqual(near, reply.presses[i].filter((j) => j !== i), `cell ${i}`);
      for (const j of near) assert.ok(reply.presses[j].includes(i), `${j} reaches ${i} back`);
      assert.deepEqual(geometry.neighbours[i], near);
    }
    // The body: each cell lies on faces whose outward normal is close to its own.
    assert.equal(geometry.faces.length, reply.preset.name === "cube" ? 6 : 20);
    for (let i = 0; i < points.length; i++) {
      const holding = geometry.faces.filter((face) => Math.abs(dot(face.normal, points[i]) - dot(face.normal, face.corners[0])) < 1e-6);
      assert.equal(holding.length, reply.preset.name === "cube" ? 1 : 5, `cell ${i} lies on its faces`);
      for (const face of holding) assert.ok(dot(face.normal, geometry.normals[i]) > 0.7);
    }
  });
}

test("the cube shows one face head on, three from the start, and the back face after two quarter turns", () => {
  const geometry = solidGeometry(cube.solid, cube.presses);
  const faceCells = (...faces) => cube.solid.places.map(([face], i) => (faces.includes(face) ? i : -1)).filter((i) => i >= 0);
  assert.deepEqual(shownCells(geometry, IDENTITY), faceCells("F"));
  assert.deepEqual(shownCells(geometry, geometry.start), faceCells("U", "R", "F"));
  // Shift+→: the surface moves right, the left face comes to the front; twice, the back face.
  const once = stepTurn(geometry, IDENTITY, 1, 0);
  assert.deepEqual(shownCells(geometry, once), faceCells("L"));
  assert.deepEqual(shownCells(geometry, stepTurn(geometry, once, 1, 0)), faceCells("B"));
  assert.deepEqual(shownCells(geometry, stepTurn(geometry, IDENTITY, 0, 1)), faceCells("U")); // Shift+↓: the top comes forward
  // From the start's three-quarter view a quarter turn is a turn of the cube onto itself: three faces still show.
  let turn = geometry.start;
  const seen = new Set();
  for (let k = 0; k < 4; k++) {
    turn = stepTurn(geometry, turn, 1, 0);
    assert.equal(shownCells(geometry, turn).length, 27);
    shownCells(geometry, turn).forEach((i) => seen.add(cube.solid.places[i][0]));
  }
  assert.ok(sameTurn(turn, geometry.start), "four quarter turns come back");
  assert.deepEqual([...seen].sort(), ["B", "F", "L", "R", "U"]);
});

test("the cube's arrows cross a face's edge to the neighbour seen that way", () => {
  const geometry = solidGeometry(cube.solid, cube.presses);
  const move = (turn, from, dx, dy) => neighbourInDirection(geometry, turn, from, dx, dy);
  assert.equal(move(IDENTITY, cubeCell("F", 1, 1), 1, 0), cubeCell("F", 1, 2));
  assert.equal(move(IDENTITY, cubeCell("F", 1, 2), 1, 0), cubeCell("R", 1, 0));
  assert.equal(move(IDENTITY, cubeCell("F", 0, 1), 0, -1), cubeCell("U", 2, 1));
  assert.equal(move(IDENTITY, cubeCell("F", 2, 0), -1, 0), cubeCell("L", 2, 2));
  assert.equal(move(geometry.start, cubeCell("R", 1, 2), 1, 0), cubeCell("B", 1, 0));
  // → twelve times along the middle row, the view turned to show each cell as the page does: once round the cube.
  let [turn, at] = [geometry.start, cubeCell("R", 1, 0)];
  for (let step = 0; step < 12; step++) {
    at = move(turn, at, 1, 0);
    assert.equal(cube.solid.places[at][1], 1, `step ${step}: ${cube.solid.places[at]}`);
    turn = turnToShow(geometry, turn, at);
  }
  assert.equal(at, cubeCell("R", 1, 0));
  // A hole is skipped: no other neighbour lies that way.
  assert.equal(neighbourInDirection(geometry, IDENTITY, cubeCell("F", 1, 1), 1, 0, (j) => j !== cubeCell("F", 1, 2)), null);
});

test("a hidden cell is turned into sight, the least way, and a drag turns the surface the pointer's way", () => {
  for (const reply of [cube, orbix]) {
    const geometry = solidGeometry(reply.solid, reply.presses);
    for (let i = 0; i < geometry.points.length; i++) {
      const turned = turnToShow(geometry, geometry.start, i);
      assert.ok(facing(geometry, turned, i) >= 0.5 - 1e-9, `cell ${i}`);
      if (facing(geometry, geometry.start, i) >= 0.5) assert.equal(turned, geometry.start);
      assert.ok(shownCells(geometry, turned).includes(i));
    }
    const front = rotate(dragTurn(IDENTITY, 30, 0), [0, 0, 1]);
    assert.ok(front[0] > 0.2 && Math.abs(front[1]) < 1e-9, "a drag to the right moves the front to the right");
    const below = rotate(dragTurn(IDENTITY, 0, 30), [0, 0, 1]);
    assert.ok(below[1] < -0.2, "a drag down moves the front down (y is up)");
  }
});

test("the Orbix shows its front triangle and three buttons round it, and Shift+arrows step from button to button", () => {
  const geometry = solidGeometry(orbix.solid, orbix.presses);
  assert.deepEqual(shownCells(geometry, IDENTITY), [3, 5, 7, 9, 10, 11]);
  const first = shownCells(geometry, geometry.start); // at first: a button head on and its five neighbours
  assert.equal(first.length, 6);
  const head = first.find((j) => facing(geometry, geometry.start, j) > 0.99);
  assert.deepEqual(first.filter((i) => i !== head), orbix.presses[head]);
  const frontOf = (turn) => geometry.points.map((_, i) => i).reduce((a, b) => (facing(geometry, turn, b) > facing(geometry, turn, a) ? b : a));
  let turn = geometry.start;
  const visited = [frontOf(turn)];
  for (const [dx, dy] of [[1, 0], [1, 0], [0, 1], [-1, 0]]) {
    turn = stepTurn(geometry, turn, dx, dy);
    const now = frontOf(turn);
    assert.ok(orbix.presses[visited.at(-1)].includes(now), `${visited.at(-1)} → ${now} is a step to a neighbour`);
    visited.push(now);
  }
  // Each shown button's disc is seen from outside: its frame is not mirrored.
  for (const i of shownCells(geometry, turn)) {
    const [r, u] = [rotate(turn, geometry.right[i]), rotate(turn, geometry.up[i])];
    assert.ok(r[0] * u[1] - r[1] * u[0] > 0, `button ${i}`);
  }
  assert.ok(sameTurn(compose(turnAbout([0, 1, 0], 90), turnAbout([0, 1, 0], -90)), IDENTITY));
});

/** `count` orientations spread over every way round (seeded: a failure is the same turn each run), the start's first. */
function orientations(geometry, count, seed) {
  const random = seeded(seed);
  const turns = [geometry.start];
  while (turns.length < count) {
    const axis = [random() - 0.5, random() - 0.5, random() - 0.5];
    turns.push(compose(turnAbout(axis, random() * 360), geometry.start));
  }
  return turns;
}

/**
 * Where point (a, b) of cell `index`'s own frame (b down, as graph-render.js draws it) is drawn under `q`: placeCell's matrix.
 * @returns {[number, number]}
 */
function drawnAt(geometry, q, index, a, b) {
  const [p, r, u] = [geometry.points[index], geometry.right[index], geometry.up[index]].map((v) => rotate(q, v));
  return [p[0] + a * r[0] - b * u[0], -p[1] - a * r[1] + b * u[1]];
}

/** True when (x, y) is inside the convex polygon `corners` (in order, either way round). */
function insidePolygon(corners, [x, y]) {
  const sides = corners.map(([ax, ay], k) => {
    const [bx, by] = corners[(k + 1) % corners.length];
    return Math.sign((bx - ax) * (y - ay) - (by - ay) * (x - ax));
  });
  return sides.every((side) => side >= 0) || sides.every((side) => side <= 0);
}

test("the cube's cell under a point is the sticker whose drawn square holds it, at every turn, however steep", () => {
  const geometry = solidGeometry(cube.solid, cube.presses);
  const half = geometry.size / 2;
  const random = seeded(38);
  let steep = 0;
  for (const turn of orientations(geometry, 200, 3)) {
    const shown = shownCells(geometry, turn);
    const squares = shown.map((i) => [i, [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([a, b]) => drawnAt(geometry, turn, i, a * half, b * half))]);
    for (const i of shown) {
      if (facing(geometry, turn, i) < 0.35) steep++;
      // Its centre and the points near its corners and edges are the sticker, however thin it is seen.
      for (const [a, b] of [[0, 0], [0.45, 0.45], [-0.45, 0.45], [0.45, -0.45], [-0.45, -0.45], [0.49, 0], [0, -0.49]]) {
        assert.equal(cellAt(geometry, turn, ...drawnAt(geometry, turn, i, a * geometry.size, b * geometry.size)), i, `cell ${i} at (${a}, ${b})`);
      }
      // Just past its edge (the gap between stickers, or the next face) it is not.
      for (const [a, b] of [[0.52, 0], [-0.52, 0], [0, 0.52], [0, -0.52]]) {
        assert.notEqual(cellAt(geometry, turn, ...drawnAt(geometry, turn, i, a * geometry.size, b * geometry.size)), i, `cell ${i} past (${a}, ${b})`);
      }
    }
    // Any point of the drawing: the one seen sticker whose drawn square holds it, else none (the body, the background).
    for (let k = 0; k < 60; k++) {
      /** @type {[number, number]} */
      const point = [(random() * 2 - 1) * geometry.radius, (random() * 2 - 1) * geometry.radius];
      const holding = squares.filter(([, corners]) => insidePolygon(corners, point)).map(([i]) => i);
      assert.ok(holding.length <= 1, `stickers seen do not overlap: ${holding}`);
      assert.equal(cellAt(geometry, turn, ...point), holding[0] ?? null, `point ${point}`);
    }
  }
  assert.ok(steep > 500, `${steep} stickers seen at a steep angle were tried`);
  // A sticker turned away is never found, even where it would be drawn.
  const back = cubeCell("B", 1, 1);
  assert.equal(cellAt(geometry, geometry.start, ...drawnAt(geometry, geometry.start, back, 0, 0)) === back, false);
});

test("the Orbix's button under a point is the one whose drawn disc holds it", () => {
  const geometry = solidGeometry(orbix.solid, orbix.presses);
  const radius = geometry.size / 2;
  for (const turn of orientations(geometry, 100, 4)) {
    for (const i of shownCells(geometry, turn)) {
      for (let k = 0; k < 8; k++) {
        const angle = (k * Math.PI) / 4;
        const at = (scale) => drawnAt(geometry, turn, i, scale * radius * Math.cos(angle), scale * radius * Math.sin(angle));
        assert.equal(cellAt(geometry, turn, ...at(0), "circle"), i);
        assert.equal(cellAt(geometry, turn, ...at(0.95), "circle"), i, `button ${i} inside its rim`);
        assert.notEqual(cellAt(geometry, turn, ...at(1.05), "circle"), i, `button ${i} outside its rim`);
      }
    }
  }
});

test("a drag keeps turning only at the speed it was released with, none after it held still", () => {
  /** A drag to the right at `speed` pixels a millisecond, a move every 16 ms for `ms`, from x = 0 at time 1000. */
  const drag = (speed, ms) => {
    const samples = [[0, 0, 1000]];
    for (let t = 16; t <= ms; t += 16) samples.push([speed * t, 0, 1000 + t]);
    return samples;
  };
  const moving = drag(1, 320);
  const [x, , t] = moving.at(-1);
  const close = (actual, expected) => assert.ok(Math.hypot(actual[0] - expected[0], actual[1] - expected[1]) < 1e-9, `${actual} ≠ ${expected}`);
  close(releaseFlick([...moving, [x, 0, t]], t), [16, 0]); // released moving: 1 px/ms, 16 px a frame
  // Held still before release: browsers send no move meanwhile, so the release is all that comes.
  for (const held of [80, 100, 300, 800]) close(releaseFlick([...moving, [x, 0, t + held]], t + held), [0, 0]);
  const half = releaseFlick([...moving, [x, 0, t + 40]], t + 40)[0]; // held for half the window: slower, not full speed
  assert.ok(half > 0 && half < 16, `${half}`);
  // A finger held "still" wanders a pixel or two: no flick. A quick flick younger than the window: its own speed.
  close(releaseFlick([[0, 0, 0], [1, 0, 30], [0, 1, 60], [1, 1, 90], [1, 0, 120]], 120), [0, 0]);
  close(releaseFlick([[0, 0, 0], [20, 10, 10], [40, 20, 20], [60, 30, 30]], 30), [32, 16]);
  close(releaseFlick([], 5), [0, 0]);
  close(releaseFlick([[3, 4, 7]], 7), [0, 0]); // down and up at once
});
