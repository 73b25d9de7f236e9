// @ts-check
// The canvas's hexagons (canvas-layout.js hexAt, hexDistance) against an independent oracle:
// a hexagonal lattice's Voronoi cells are its hexagons, so the hexagon under a point is the
// cell whose centre (graph-layout.js hexCoords, the SVG's layout) is nearest to it.
import test from "node:test";
import assert from "node:assert/strict";
import { hexAt, hexDistance } from "../../static/views/canvas-layout.js";
import { hexCoords } from "../../static/views/graph-layout.js";
import { seeded } from "./seeded.mjs";

const ROWS = 9;
const COLS = 7;
const RADIUS = 1 / Math.sqrt(3);
// hexCoords gives centres with the first at (0, 0); the canvas puts the board's corner at (0, 0).
const centres = hexCoords(ROWS, COLS).map(([x, y]) => [x + 0.5, y + RADIUS]);

function nearest(x, y) {
  let best = -1;
  let bestDistance = Infinity;
  centres.forEach(([cx, cy], index) => {
    const distance = Math.hypot(x - cx, y - cy);
    if (distance < bestDistance) [best, bestDistance] = [index, distance];
  });
  return best;
}


test("the hexagon under a point is the nearest centre's, inside the board", () => {
  const random = seeded(7);
  let checked = 0;
  for (let i = 0; i < 20000; i++) {
    // Points in the middle rows and columns, so the nearest centre is on the board.
    const row = 1 + random() * (ROWS - 2);
    const x = 1 + row / 2 + random() * (COLS - 2);
    const y = row * Math.sqrt(3) / 2 + RADIUS;
    const index = nearest(x, y);
    const [cx, cy] = centres[index];
    const ties = centres.filter(([ox, oy]) => Math.abs(Math.hypot(x - ox, y - oy) - Math.hypot(x - cx, y - cy)) < 1e-9);
    if (ties.length > 1) continue; // exactly on an edge
    const cell = hexAt(x, y);
    assert.equal(cell.row * COLS + cell.col, index, `point (${x}, ${y})`);
    assert.ok(Math.abs(cell.dx - (x - cx)) < 1e-9 && Math.abs(cell.dy - (y - cy)) < 1e-9);
    assert.ok(hexDistance(cell.dx, cell.dy) <= 0.5 + 1e-9, "inside its hexagon");
    checked++;
  }
  assert.ok(checked > 19000);
});

test("hexDistance is ½ on every edge and corner of a pointy-top hexagon one cell wide", () => {
  for (let corner = 0; corner < 6; corner++) {
    const angle = Math.PI / 2 + (corner * Math.PI) / 3; // corners at the top and bottom
    const [x, y] = [RADIUS * Math.cos(angle), RADIUS * Math.sin(angle)];
    assert.ok(Math.abs(hexDistance(x, y) - 0.5) < 1e-12);
    const next = Math.PI / 2 + ((corner + 1) * Math.PI) / 3;
    const middle = [(x + RADIUS * Math.cos(next)) / 2, (y + RADIUS * Math.sin(next)) / 2];
    assert.ok(Math.abs(hexDistance(middle[0], middle[1]) - 0.5) < 1e-12);
  }
  assert.equal(hexDistance(0, 0), 0);
});
