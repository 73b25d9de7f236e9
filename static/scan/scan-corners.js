// @ts-check
// Finding a rows × cols board's corners in a picture (static/scan/scan.js is the reading as a
// whole): candidate blobs from several masks, each framed two ways, a grid fitted in each
// frame, the best scored, polished and moved a cell aside while that frames the board
// better (the scores are static/scan/scan-grid.js's), and the rival grids that score nearly as
// well.

import {
  bilinear, boxBlur, capped, convexHull, downscale, largestQuad, morph, orderCorners, otsu, project, quadArea, squareToQuad,
} from "./scan-pixels.js";
import {
  ANGLE_BINS, DETECT_SIDE, STRIP_CLEAR, STRIP_GAIN, STRIP_LESS, boardScore, compareStrips, edgeMaps, framesAside, isBoard, leavesCase, polishCorners, shiftedGrids, towardLights,
} from "./scan-grid.js";

const EDGE_SHARES = [0.35, 0.7, 1.2]; // of Otsu's threshold of the gradient: what counts as an edge, for each candidate

const BLOBS = 3; // blobs tried in each mask, largest first

// The least area of a board's grid, a share of the picture's: a board filling a third of
// the picture's width or more. Smaller grids are most often a few lights of a board read as
// a whole one (a 4 × 4 grid on 2 × 2 lit tiles: 3 pictures of 76 at 3 %).
const MIN_GRID = 0.05;

const POLISHED = 4; // the best-scored candidates polished; the best of them that looks like a board wins

const RIVAL_SCORE = 0.06; // a polished grid within this share of the best one's boardScore is its rival

const CLEARLY_BETTER = 1.1; // a move a cell aside scoring this many times less, polished, is not kept

// Where the grid is looked for around a first quadrilateral: `margin` (a share of its side) outside
// it on each side, and the grid at least `least` of that window. A quadrilateral around the
// whole board needs little; one around a cluster of lit lights (the dark ones unseen) must
// let the grid reach well outside it.
const TIGHT = { margin: 0.08, least: 0.45 };

const WIDE = { margin: 0.5, least: 0.3 };

/**
 * The `count` largest 4-connected components of a 0/1 mask with at least `least` pixels,
 * largest first, each {points, angle}: the extreme pixels of its rows ([x, y] points:
 * enough for its convex hull and its extent in any direction), and the direction of its
 * grid (gridAngle of its pixels, from `maps`' angleBins and weights).
 */
function components(mask, width, height, count, least, { angleBins, weights }) {
  const label = new Int32Array(mask.length);
  const stack = new Int32Array(mask.length);
  const sizes = [0];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start]) continue;
    const next = sizes.length;
    let top = 0, size = 0;
    stack[top++] = start;
    label[start] = next;
    while (top) {
      const i = stack[--top];
      size++;
      const x = i % width;
      if (x > 0 && mask[i - 1] && !label[i - 1]) { label[i - 1] = next; stack[top++] = i - 1; }
      if (x < width - 1 && mask[i + 1] && !label[i + 1]) { label[i + 1] = next; stack[top++] = i + 1; }
      if (i >= width && mask[i - width] && !label[i - width]) { label[i - width] = next; stack[top++] = i - width; }
      if (i + width < mask.length && mask[i + width] && !label[i + width]) { label[i + width] = next; stack[top++] = i + width; }
    }
    sizes.push(size);
  }
  const chosen = sizes.map((size, id) => [size, id]).slice(1).filter(([size]) => size >= least)
    .sort((a, b) => b[0] - a[0]).slice(0, count).map(([, id]) => id);
  // One pass for all of them: each row's extremes, and the histogram of edge directions.
  const slot = new Int8Array(sizes.length).fill(-1);
  chosen.forEach((id, n) => { slot[id] = n; });
  const lefts = chosen.map(() => new Int32Array(height).fill(-1)), rights = chosen.map(() => new Int32Array(height));
  const histograms = chosen.map(() => new Float64Array(ANGLE_BINS));
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      const n = slot[label[i]];
      if (n < 0) continue;
      if (lefts[n][y] < 0) lefts[n][y] = x;
      rights[n][y] = x;
      histograms[n][angleBins[i]] += weights[i];
    }
  }
  return chosen.map((_, n) => {
    const points = [];
    for (let y = 0; y < height; y++) {
      const left = lefts[n][y], right = rights[n][y];
      if (left >= 0) points.push([left, y], [right + 1, y], [left, y + 1], [right + 1, y + 1]);
    }
    return { points, angle: gridAngle(histograms[n]) };
  });
}

/**
 * The board's axes in the picture: the direction (radians, in [0, π/2)) around which the
 * edges' gradients gather, modulo a right angle — a grid's edges run two ways a right
 * angle apart, and a picture's other things (a cloth, a book) add fewer, in other
 * directions — from a histogram of the gradient's angle ×4 (so that the four sides of a
 * light fall in one bin: edgeMaps' angleBins), weighted by the capped gradient magnitude.
 */
function gridAngle(histogram) {
  const bins = histogram.length;
  let best = 0, bestValue = -1;
  for (let b = 0; b < bins; b++) {
    const value = histogram[(b + bins - 1) % bins] + 2 * histogram[b] + histogram[(b + 1) % bins];
    if (value > bestValue) { bestValue = value; best = b; }
  }
  return (((best + 0.5) / bins) * Math.PI) / 2;
}

/** The rectangle at `angle` (radians) around `points` ([x, y]): its four corners, in reading order. */
function orientedBox(points, angle) {
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  let uMin = Infinity, uMax = -Infinity, vMin = Infinity, vMax = -Infinity;
  for (const [x, y] of points) {
    const u = x * cos + y * sin, v = -x * sin + y * cos;
    uMin = Math.min(uMin, u); uMax = Math.max(uMax, u); vMin = Math.min(vMin, v); vMax = Math.max(vMax, v);
  }
  const back = ([u, v]) => [u * cos - v * sin, u * sin + v * cos];
  return orderCorners([[uMin, vMin], [uMax, vMin], [uMax, vMax], [uMin, vMax]].map(back));
}

/**
 * The grid's span along one axis of a rectified picture: the cut positions a < b (in
 * profile samples) such that the `cells` + 1 lines a + j (b − a) / cells sit on the
 * profile's peaks and the cells' middles between them in its troughs.
 */
function fitSpan(edgeProfile, lightProfile, cells, least) {
  const n = edgeProfile.length;
  const normal = (profile) => {
    let mean = 0, square = 0;
    for (const value of profile) { mean += value / n; square += (value * value) / n; }
    const spread = Math.sqrt(Math.max(1e-9, square - mean * mean));
    return profile.map((value) => value / spread);
  };
  const edge = normal(edgeProfile), light = normal(lightProfile);
  const at = (profile, x) => {
    const i = Math.min(n - 2, Math.max(0, Math.floor(x)));
    const f = Math.min(1, Math.max(0, x - i));
    return profile[i] * (1 - f) + profile[i + 1] * f;
  };
  let best = -Infinity, span = [0, n - 1];
  for (let a = 0; a < n * (1 - least); a++) {
    for (let b = Math.ceil(a + n * least); b < n; b++) {
      const pitch = (b - a) / cells;
      let edgeLines = 0, edgeMiddles = 0, lightLines = 0, lightMiddles = 0;
      for (let j = 0; j <= cells; j++) {
        edgeLines += at(edge, a + j * pitch);
        lightLines += at(light, a + j * pitch);
      }
      for (let j = 0; j < cells; j++) {
        edgeMiddles += at(edge, a + (j + 0.5) * pitch);
        lightMiddles += at(light, a + (j + 0.5) * pitch);
      }
      // Edges gather on the gap lines; the lights (lit or dark) differ from the case
      // between them, which pins the grid to the lights and not one cell aside.
      const score = edgeLines / (cells + 1) - edgeMiddles / cells + Math.abs(lightMiddles / cells - lightLines / (cells + 1));
      if (score > best) { best = score; span = [a, b]; }
    }
  }
  return span;
}

/** The grid fitted in the window `fit` (TIGHT or WIDE) around the quadrilateral `quad` of a picture (gray values): new corners. */
function fitGrid(gray, width, height, quad, rows, cols, { margin: MARGIN, least }) {
  const h = squareToQuad(quad);
  const side = 128; // samples across the window's longer side
  const w = Math.max(40, Math.round((side * cols) / Math.max(rows, cols)));
  const hgt = Math.max(40, Math.round((side * rows) / Math.max(rows, cols)));
  const span = 1 + 2 * MARGIN;
  const rect = new Float32Array(w * hgt);
  for (let y = 0; y < hgt; y++) {
    const v = -MARGIN + ((y + 0.5) / hgt) * span;
    for (let x = 0; x < w; x++) {
      const [px, py] = project(h, -MARGIN + ((x + 0.5) / w) * span, v);
      rect[y * w + x] = bilinear(gray, width, height, px, py);
    }
  }
  const dx = new Float32Array(w * hgt), dy = new Float32Array(w * hgt);
  for (let y = 1; y < hgt; y++) {
    for (let x = 1; x < w; x++) {
      const i = y * w + x;
      dx[i] = Math.abs(rect[i] - rect[i - 1]);
      dy[i] = Math.abs(rect[i] - rect[i - w]);
    }
  }
  const cappedX = capped(dx, 0.9, 1000), cappedY = capped(dy, 0.9, 1000);
  const across = new Float32Array(w), down = new Float32Array(hgt);
  const columnLight = new Float32Array(w), rowLight = new Float32Array(hgt);
  for (let y = 0; y < hgt; y++) {
    for (let x = 0; x < w; x++) {
      across[x] += cappedX[y * w + x];
      down[y] += cappedY[y * w + x];
      columnLight[x] += rect[y * w + x];
      rowLight[y] += rect[y * w + x];
    }
  }
  const smooth = (profile, pitch) => boxBlur(profile, profile.length, 1, Math.max(1, Math.round(pitch * 0.12)));
  const [x0, x1] = fitSpan(smooth(across, w / span / cols), columnLight, cols, least);
  const [y0, y1] = fitSpan(smooth(down, hgt / span / rows), rowLight, rows, least);
  const u = (x) => -MARGIN + (x / w) * span;
  const v = (y) => -MARGIN + (y / hgt) * span;
  return [[u(x0), v(y0)], [u(x1), v(y0)], [u(x1), v(y1)], [u(x0), v(y1)]].map(([a, b]) => project(h, a, b));
}

/** `mask` (0/1) closed by a square of radius `radius`: the gaps between the lights' edges filled. */
function closed(mask, width, height, radius) {
  return morph(morph(mask, width, height, radius, true), width, height, radius, false);
}

/**
 * Candidate grids in `masks` (0/1 arrays, each a guess at what belongs to the board): in
 * each, the few largest blobs, each framed two ways — the largest quadrilateral in its
 * convex hull (right for a whole board seen in perspective), and the rectangle around it
 * along the board's axes (gridAngle of the blob's edges; right when the blob is ragged: a
 * board with a cloth or a book touching it, a cluster of lit lights) — and the grid fitted
 * tight around each frame and in a wide window (for a blob that is part of the board).
 * Returns [{corners, score}] (boardScore), grids smaller than MIN_GRID of the picture left out.
 */
function candidateGrids(masks, maps, rows, cols) {
  const { gray, width, height } = maps;
  const grids = [], frames = [];
  const consider = (frame) => {
    if (!frame || quadArea(frame) < width * height * MIN_GRID / 2) return;
    // A frame (nearly) seen before needs no second fit.
    const near = (other) => other.every(([x, y], i) => Math.hypot(x - frame[i][0], y - frame[i][1]) < 2);
    if (frames.some(near)) return;
    frames.push(frame);
    for (const fit of [TIGHT, WIDE]) {
      try {
        const corners = orderCorners(fitGrid(gray, width, height, frame, rows, cols, fit));
        if (quadArea(corners) < width * height * MIN_GRID) continue;
        grids.push({ corners, score: boardScore(maps, corners, rows, cols) });
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
      }
    }
  };
  for (const mask of masks) {
    for (const { points, angle } of components(mask, width, height, BLOBS, width * height * MIN_GRID / 2, maps)) {
      const quad = largestQuad(convexHull(points));
      consider(quad && orderCorners(quad));
      consider(orientedBox(points, angle));
    }
  }
  return grids;
}

/**
 * The four corners of a rows × cols board's grid of cells in `image` (top-left first,
 * clockwise, in the image's pixels), or null when nothing board-like stands out: no
 * grid of edges, or no grid that is a board of lights (isBoard: its cells stand out from their
 * borders, and its rows and columns have edges between their lights).
 */
export function detectCorners(image, { rows, cols }) {
  return locateBoard(image, { rows, cols })?.corners ?? null;
}

/**
 * detectCorners' search: {corners, rivals} — rivals are the other grids (corners) that
 * scored nearly as well (within RIVAL_SCORE) and frame the board differently — or null.
 */
export function locateBoard(image, { rows, cols }) {
  const { image: small, factor } = downscale(image, DETECT_SIDE);
  const { width, height } = small;
  const maps = edgeMaps(small, rows, cols);
  const { gray, edges, radius } = maps;
  // Otsu's cut of the gradients keeps only the strongest edges (lit cells); the faint ones
  // of dark cells on a dark case count too, well above the noise left after the blur, but
  // so may a textured background or the things around the board: each cut gives
  // candidates, and so do the bright parts of the picture (the lit lights, when a dim room
  // hides the dark ones); the one framing the best grid wins.
  // Each mask is closed twice: by `radius`, which fills the lights of a board filling the
  // picture, and by a third of it, which only bridges the gaps between lights — a small
  // board among things on a table would merge with them at the larger radius.
  const cut = otsu(edges).threshold;
  const middle = otsu(gray).threshold;
  // Below Otsu's cut of the dark parts: in a dim room with a few lights lit, Otsu's cut
  // parts the lit lights from all the rest, the case and the table alike.
  const darker = otsu(gray.filter((value) => value <= middle)).threshold;
  const masks = [
    ...EDGE_SHARES.map((share) => edges.map((value) => (value > share * cut ? 1 : 0))),
    // The bright parts and the dark ones: lit lights, and a dark case on a lighter table.
    gray.map((value) => (value > middle ? 1 : 0)),
    gray.map((value) => (value <= middle ? 1 : 0)),
    gray.map((value) => (value <= darker ? 1 : 0)),
  ].flatMap((mask) => [radius, Math.max(1, Math.round(radius / 3))].map((r) => closed(mask, width, height, r)));
  const grids = candidateGrids(masks, maps, rows, cols).sort((a, b) => b.score - a.score);
  const boards = [];
  for (const grid of grids.slice(0, POLISHED)) {
    let corners = polishCorners(maps, grid.corners, rows, cols);
    let score = boardScore(maps, corners, rows, cols);
    // A grid one cell aside frames lights as well as the right one, but not the outer
    // edges. It is taken when its new row or column stands out from its borders not far
    // less than the one it leaves (less than STRIP_LESS: a row of the case beside the
    // board, even and darker than its borders, does not) and either scores better, or
    // stands out STRIP_GAIN more and frames lights (edges on its gap lines) nearly as well
    // or leaves a row of the case (leavesCase), or stands out
    // STRIP_CLEAR more (the grid was a row off, on the case, and the case's outer edge lies
    // along its last line; a column of a bright table stands out from the board's dark
    // gaps, but less, and frames no lights) — and kept unless, polished, it scores
    // CLEARLY_BETTER less: a bright table's column stood out 31 more than a flat board's
    // dark tiles (hard seed 31's picture 54), scoring 14 % less.
    for (let moves = 0; moves < 3; moves++) {
      const rival = shiftedGrids(corners, rows, cols)
        .map((shift) => ({ shift, shifted: shift.corners, ...compareStrips(maps, shift), score: boardScore(maps, shift.corners, rows, cols) }))
        .filter(({ shift, edges, stands, score: shiftedScore }) => stands >= -STRIP_LESS
          && (shiftedScore > score || stands > STRIP_CLEAR || (stands > STRIP_GAIN && (edges >= 0 || leavesCase(maps, corners, rows, cols, shift)))))
        .reduce((a, b) => (a && a.score >= b.score ? a : b), null);
      if (!rival) break;
      const moved = polishCorners(maps, rival.shifted, rows, cols);
      const movedScore = boardScore(maps, moved, rows, cols);
      if (movedScore * CLEARLY_BETTER <= score) break;
      [corners, score] = [moved, movedScore];
    }
    // A board a row off (a row of dark lights left out, one of the case or the table
    // taken in) scores as well as the right one, or better: its rows and columns tell.
    if (!isBoard(maps, small, corners, rows, cols)) continue;
    const moved = towardLights(maps, corners, rows, cols);
    if (moved === corners) boards.push({ corners, score });
    else if (isBoard(maps, small, moved, rows, cols)) boards.push({ corners: moved, score: boardScore(maps, moved, rows, cols) });
  }
  if (!boards.length) return null;
  const best = boards.reduce((a, b) => (b.score > a.score ? b : a));
  // Another grid scoring nearly as well, and not the same one: the reading is in doubt
  // where the two read differently — unless it is the grid a cell aside and its new row or
  // column is no rival of the one it leaves (frameAside: a row on the case).
  const pitch = Math.sqrt(quadArea(best.corners) / (rows * cols));
  const apart = (a, b) => Math.max(...a.map(([x, y], i) => Math.hypot(x - b[i][0], y - b[i][1])));
  const asides = shiftedGrids(best.corners, rows, cols);
  const rivals = boards.filter(({ corners, score }) => score >= best.score - RIVAL_SCORE * Math.abs(best.score)
    && apart(corners, best.corners) > pitch / 3
    && !asides.some((shift) => apart(corners, shift.corners) < pitch / 3 && !framesAside(maps, shift)));
  const scale = (corners) => corners.map(([x, y]) => [x * factor, y * factor]);
  return { corners: scale(best.corners), rivals: rivals.map(({ corners }) => scale(corners)) };
}
