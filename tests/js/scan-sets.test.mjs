// @ts-check
// Scan (static/scan/scan.js) on pictures of the generated sets (tests/js/scan-pictures.mjs)
// that a reader once misread, or read right but called unsure: the issue-31 phone photo,
// and pictures of the easy and the hard sets — each now read right with the corners found.
// The rates over whole sets are figures printed by bench/scan.mjs, not asserted here.
// (Apart from tests/js/scan.test.mjs so that node --test runs the two side by side.)

import { test } from "node:test";
import assert from "node:assert/strict";
import { scanImage } from "../../static/scan/scan.js";
import { benchmarkSpecs, hardSpecs, renderPicture } from "./scan-pictures.mjs";

const doubtfulCells = (read) => [...read.doubtful.keys()].filter((i) => read.doubtful[i]);

// The photo of issue 31: a 5×5 handheld turned 25° on a cluttered table in a dim room, its
// lit lights one cluster, saved as a JPEG. The corners once sat on the cluster of lit lights
// (8 and 3 lights misread on these two); now on the grid, read right and sure.
for (const [seed, turn] of [[3102, -25], [3107, 25]]) {
  test(`a dim, cluttered phone photo turned ${turn}° with its lit lights in a cluster reads right (seed ${seed})`, () => {
    const picture = renderPicture({ seed, rows: 5, cols: 5, style: "glow", width: 1280, height: 960, turn, clutter: 6, dim: 0.35, jpeg: 60, litBlock: [2, 3] });
    const read = scanImage(picture.image, { rows: 5, cols: 5 });
    assert.ok(read.corners, "no board found");
    const pitch = Math.hypot(picture.corners[1][0] - picture.corners[0][0], picture.corners[1][1] - picture.corners[0][1]) / 5;
    read.corners.forEach(([x, y], i) => {
      const error = Math.hypot(x - picture.corners[i][0], y - picture.corners[i][1]);
      assert.ok(error < pitch / 4, `corner ${i} is ${(error / pitch).toFixed(2)} cells off`);
    });
    assert.deepEqual([...read.states], [...picture.states]);
    assert.deepEqual([...read.doubtful.keys()].filter((i) => read.doubtful[i]), []);
  });
}

// Pictures of the easy set (benchmarkSpecs, seed 2026) the first issue-31 reader misread
// (5 of the first 100, every one said "Not sure") or read right but called unsure (9): each
// is now read right with the corners found, and sure.
const EASY_SET = benchmarkSpecs(100, 2026);
const CAUSES = [
  // Its contrast term, a median over the cells, preferred a grid at half the lights' pitch
  // laid over a cluster of lit tiles to the whole flat board, most of whose tiles are dark.
  [5, "a flat board with few lights lit"],
  // A grid a row off, over the case beside the board, scored as well: the case, even and
  // darker than its borders, passed for a row of dark lights.
  [40, "a glowing board with a wide case (the grid once a row off)"],
  [49, "a glowing board with a wide case (moved a row aside onto the case)"],
  // A board filling 6 % of the picture was taken for a few lights of a bigger one.
  [96, "a small 3×3 board, 6 % of the picture"],
  // Read right, but the grid a row aside, on the case, was taken for a rival: every light
  // it read otherwise was marked.
  [79, "a 7×7 glowing board read right (40 lights marked)"],
  [89, "a 7×7 glowing board read right (46 lights marked)"],
];
for (const [index, what] of CAUSES) {
  test(`the easy set's picture ${EASY_SET[index].seed} reads right and sure: ${what}`, () => {
    const picture = renderPicture(EASY_SET[index]);
    const read = scanImage(picture.image, { rows: picture.rows, cols: picture.cols, k: picture.k, hues: picture.hues });
    assert.ok(read.corners, "no board found");
    assert.deepEqual([...read.states], [...picture.states]);
    assert.deepEqual(doubtfulCells(read), []);
  });
}

// A move a cell aside must not take in a column of a bright table: it stands out from the
// board's dark gaps more than a column of dark tiles, but frames no lights (seed 7's set).
test("a flat board on a bright table is not moved a column aside onto the table", () => {
  const picture = renderPicture(benchmarkSpecs(5, 7)[4]);
  const read = scanImage(picture.image, { rows: picture.rows, cols: picture.cols });
  assert.deepEqual([...read.states], [...picture.states]);
});

// Hard seed 31's pictures (tuning pictures since) whose grid was moved a cell aside: a dim
// glowing board's grid a row off on its wide case was not moved back (the row of dark
// lights it would take in frames lights no better by its edges), and a flat board's grid
// was moved a column onto a bright table, which stood out from the board's dark gaps 31
// more than its dark tiles, though it scored 17 % worse.
/** @type {Array<[number, string]>} */
const MOVED = [[53, "a dim 6×6 glowing board, its grid a row off on the case"], [54, "a flat 4×4 board on a bright table"]];
for (const [index, what] of MOVED) {
  test(`the hard set's picture ${31000 + index} reads right with corners found: ${what}`, () => {
    const picture = renderPicture(hardSpecs(index + 1, 31)[index]);
    const read = scanImage(picture.image, { rows: picture.rows, cols: picture.cols, k: picture.k, hues: picture.hues });
    assert.ok(read.corners, "no board found");
    assert.deepEqual([...read.states], [...picture.states]);
  });
}

// Pictures the hard set's seeds 5, 71 and 81 read wrong (tuning pictures since). A grid a
// row or a column off — a row of dark lights left out, a row of the case or the table taken
// in — scored as well as the true grid or better (boardScore 43 against 30 on 71094); the
// rows and columns of lights have edges between their lights, the case and the table none
// (scan-grid.js towardLights). In a dim room with two lights lit, Otsu's cut parted the lit
// lights from the case and the table alike, and no candidate framed the case (71003). A
// striped thing on the table out-scored the board, though its rows have no edges between
// "lights" (5024: lineEdges −1.3).
/** @type {Array<[number, number, string]>} */
const HARD_MISSES = [
  [71, 94, "a flat 4×4 board, its grid once a column off onto the table"],
  [71, 27, "a flat 4×6 board with two lights lit, its grid once a row off"],
  [71, 80, "a dim glowing 5×5 board with three lights lit, its grid once a column off"],
  [71, 3, "a dim glowing 6×6 board with two lights lit, once no board found"],
  [5, 24, "a flat 4×4 board beside a striped thing that scored better"],
];
for (const [seed, index, what] of HARD_MISSES) {
  test(`the hard set's picture ${seed * 1000 + index} reads right with corners found: ${what}`, () => {
    const picture = renderPicture(hardSpecs(index + 1, seed)[index]);
    const read = scanImage(picture.image, { rows: picture.rows, cols: picture.cols, k: picture.k, hues: picture.hues });
    assert.ok(read.corners, "no board found");
    assert.deepEqual([...read.states], [...picture.states]);
  });
}
