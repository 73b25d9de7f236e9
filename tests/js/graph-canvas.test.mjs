// @ts-check
// A click's cell on a big graph's canvas (graph-canvas.js cellAtPoint) against an independent
// oracle: the cell whose outline, as the SVG draws it (graph-render.js hexCorners, a square,
// a circle), holds the point by a point-in-polygon or distance test; none in the gaps.
import test from "node:test";
import assert from "node:assert/strict";
import { cellAtPoint } from "../../static/views/graph-canvas.js";
import { drawingOf, hexCorners } from "../../static/views/graph-render.js";
import { hexCoords, squareLayout } from "../../static/views/graph-layout.js";
import { seeded } from "./seeded.mjs";

/** True when (x, y) is inside the convex polygon `corners` (listed in one turning direction). */
function insidePolygon(corners, x, y) {
  let sign = 0;
  for (let k = 0; k < corners.length; k++) {
    const [ax, ay] = corners[k];
    const [bx, by] = corners[(k + 1) % corners.length];
    const cross = Math.sign((bx - ax) * (y - ay) - (by - ay) * (x - ax));
    if (cross === 0) continue;
    if (sign !== 0 && cross !== sign) return false;
    sign = cross;
  }
  return true;
}

function inside(shape, [cx, cy], size, x, y) {
  if (shape === "hex") return insidePolygon(hexCorners(cx, cy, size), x, y);
  if (shape === "circle") return Math.hypot(x - cx, y - cy) <= size / 2;
  return Math.abs(x - cx) <= size / 2 && Math.abs(y - cy) <= size / 2;
}

const LAYOUTS = {
  hex: hexCoords(12, 9),
  square: squareLayout(150),
  // A ring of 60 cells, as a user's graph might be drawn.
  circle: Array.from({ length: 60 }, (_, i) => [10 * Math.cos((2 * Math.PI * i) / 60), 10 * Math.sin((2 * Math.PI * i) / 60)]),
};

for (const [shape, layoutCoords] of Object.entries(LAYOUTS)) {
  test(`a point finds the ${shape} cell whose outline holds it, and none between cells`, () => {
    const { coords, size, left, top, width, height } = drawingOf({ coords: layoutCoords, shape });
    const random = seeded(shape.length);
    let hits = 0;
    let gaps = 0;
    for (let n = 0; n < 20000; n++) {
      const x = left + random() * width;
      const y = top + random() * height;
      const holding = coords.map((centre, index) => (inside(shape, centre, size, x, y) ? index : -1)).filter((i) => i >= 0);
      assert.ok(holding.length <= 1, "outlines do not overlap");
      const expected = holding[0] ?? -1;
      // Exactly on an outline the two tests may round apart: skip points within 1e-9 of one.
      const near = coords.some((centre) => inside(shape, centre, size + 1e-9, x, y) !== inside(shape, centre, size - 1e-9, x, y));
      if (near) continue;
      assert.equal(cellAtPoint(coords, shape, size, x, y), expected, `(${x}, ${y})`);
      if (expected < 0) gaps++;
      else hits++;
    }
    assert.ok(hits > 1000 && gaps > 1000, `${hits} hits, ${gaps} gaps`);
  });
}
