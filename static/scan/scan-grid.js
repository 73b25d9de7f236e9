// @ts-check
// How well four corners frame a rows × cols board of lights in a picture at DETECT_SIDE
// (static/scan/scan-corners.js searches with these; static/scan/scan.js is the reading as a whole):
// the edge and brightness maps, gridScore (edges on the gap lines), boardScore (and the
// lights' contrast), the grids one cell aside, the polish of the corners, the edges
// between the lights of each row and column (stripEdges, lineEdges) and the moves toward
// them (towardLights), and the tests that a grid is a board at all (looksLikeBoard,
// framesLights, isBoard) — and, for the confidence
// of a reading, the grids one cell aside that would frame the board about as well
// (gridsAside).

import {
  bilinear, boxBlur, capped, downscale, gradient, luma, median, otsu, project, quadArea, sampler, squareToQuad,
} from "./scan-pixels.js";
import { MIDDLE, MIN_CONTRAST, RING, SURE_MARGIN, classify, sampleCells } from "./scan-read.js";

/** Working size (longest side, pixels) for finding the corners. */
export const DETECT_SIDE = 360;

export const ANGLE_BINS = 90; // the histogram of edge directions over a quarter turn (1° a bin)

/**
 * The maps the corners are found on, of a picture at DETECT_SIDE: {gray (brightness, a
 * little blurred), edges (gradient magnitude), angleBins (the gradient's direction ×4 in
 * ANGLE_BINS steps of a quarter turn: gridAngle's), weights (the edges capped at their 90th
 * percentile: a few very strong ones must not outweigh the grid's many), smoothEdges
 * (those smoothed over about a gap's width: what gridScore scores), radius (a third of
 * a cell of a board filling the picture's shorter side, in pixels)}.
 */
export function edgeMaps(small, rows, cols) {
  const { width, height } = small;
  const gray = boxBlur(luma(small), width, height, 1);
  const { dx, dy, magnitude: edges } = gradient(gray, width, height);
  const radius = Math.max(2, Math.round(Math.min(width, height) / (Math.max(rows, cols) * 3)));
  const weights = capped(edges, 0.9);
  const smoothEdges = boxBlur(weights, width, height, Math.max(1, Math.round(radius / 4)));
  const angleBins = new Uint8Array(edges.length);
  for (let i = 0; i < edges.length; i++) {
    if (!edges[i]) continue;
    const angle = ((Math.atan2(dy[i], dx[i]) * 4) / (2 * Math.PI) + 1) % 1; // a quarter turn, as a share of a turn
    angleBins[i] = Math.floor(angle * ANGLE_BINS) % ANGLE_BINS;
  }
  return { gray, weights, smoothEdges, angleBins, edges, radius, width, height };
}

const MAX_CELL_RATIO = 1.8; // a cell's width to its height (or back) at most: square cells seen up to ~55° aslant

/**
 * How well `corners` frame a rows × cols grid in `edges` (a smoothed gradient map): the mean
 * edge strength on the gap lines minus that in the cells' middles; −Infinity for a grid
 * whose cells are far from square (a board's are square, and no photo slants them that much).
 */
export function gridScore(edges, width, height, corners, rows, cols) {
  const side = (a, b) => Math.hypot(corners[b][0] - corners[a][0], corners[b][1] - corners[a][1]);
  const ratio = ((side(0, 1) + side(3, 2)) / cols) / ((side(0, 3) + side(1, 2)) / rows);
  if (!(ratio < MAX_CELL_RATIO && ratio > 1 / MAX_CELL_RATIO)) return -Infinity;
  const at = sampler(edges, width, height, squareToQuad(corners));
  let lines = 0, lineCount = 0, middles = 0, middleCount = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      // A cell's middle, and the middles of its top and left sides (and of the bottom and
      // right ones of the last row and column).
      const u = (c + 0.5) / cols, v = (r + 0.5) / rows;
      middles += at(u, v); middleCount++;
      lines += at(c / cols, v) + at(u, r / rows); lineCount += 2;
      if (c === cols - 1) { lines += at(1, v); lineCount++; }
      if (r === rows - 1) { lines += at(u, 1); lineCount++; }
    }
  }
  return lines / lineCount - middles / middleCount;
}

const SCORE_MIDDLE = [0.28, 0.5, 0.72]; // boardScore's samples across a cell's middle (3 × 3)

const CONTRAST_WEIGHT = 0.5; // boardScore: the weight of the lights' contrast (brightness) against gridScore's edges

const SPREAD_WEIGHT = 2; // ... and of the spread inside their middles against that contrast

/**
 * How well `corners` frame a rows × cols board in `maps` ({gray, smoothEdges, width,
 * height}: edgeMaps'): gridScore, plus CONTRAST_WEIGHT × (the median over the cells of
 * |the mean brightness of a cell's middle − the median of its borders| − SPREAD_WEIGHT ×
 * the mean over the cells of the spread inside a middle). A light, lit or dark, differs
 * from the case around it and is about even inside; a grid half a cell off puts its
 * middles across the lights' borders. Edges alone let a lit light's glow pull the grid
 * off: on the hard pictures of seeds 5 and 6 the true corners scored below a wrong
 * grid's on 7 of 76 pictures by edges alone, on none with the lights' contrast.
 */
export function boardScore(maps, corners, rows, cols) {
  const { smoothEdges, width, height } = maps;
  const edges = gridScore(smoothEdges, width, height, corners, rows, cols);
  if (edges === -Infinity) return edges;
  const { means, contrasts, spread } = cellContrasts(maps, corners, rows, cols);
  return edges + CONTRAST_WEIGHT * (classContrast(means, contrasts) - SPREAD_WEIGHT * spread);
}

/**
 * The cells of the rows × cols grid framed by `corners` in `maps.gray`, as boardScore sees
 * them: {means (Float64Array: the mean brightness of each cell's middle, SCORE_MIDDLE),
 * contrasts (Float64Array: that mean − the median of its borders, RING), spread (the mean
 * over the cells of the middle's standard deviation)}.
 */
function cellContrasts({ gray, width, height }, corners, rows, cols) {
  const at = sampler(gray, width, height, squareToQuad(corners));
  const contrasts = new Float64Array(rows * cols), means = new Float64Array(rows * cols), ring = new Float64Array(RING.length);
  let spread = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      let sum = 0, square = 0;
      for (const dv of SCORE_MIDDLE) {
        for (const du of SCORE_MIDDLE) {
          const value = at((c + du) / cols, (r + dv) / rows);
          sum += value; square += value * value;
        }
      }
      const n = SCORE_MIDDLE.length ** 2, mean = sum / n;
      spread += Math.sqrt(Math.max(0, square / n - mean * mean));
      RING.forEach(([du, dv], i) => { ring[i] = at((c + du) / cols, (r + dv) / rows); });
      ring.sort();
      contrasts[r * cols + c] = mean - (ring[3] + ring[4]) / 2;
      means[r * cols + c] = mean;
    }
  }
  return { means, contrasts, spread: spread / (rows * cols) };
}

/**
 * How much the lights of a strip of cells (the rows × cols grid framed by `corners`, one
 * row or column: shiftedGrids' added and dropped) stand out from their borders: the median
 * of cellContrasts' contrasts. Lights, lit or dark, are brighter than the case between
 * them; a strip on the case or the table beside a board is not.
 */
function standsOut(maps, corners, rows, cols) {
  return median(cellContrasts(maps, corners, rows, cols).contrasts);
}

/**
 * The row or column of cells a move one cell aside takes in (`added`, a shiftedGrids
 * entry's) against the one it leaves out (`dropped`), in `maps` (edgeMaps'): {edges
 * (gridScore of the one taken in − RIVAL × that of the one left out: 0 or more when it
 * frames lights nearly as well), stands (standsOut of the one taken in − that of the one
 * left out)}.
 */
export function compareStrips(maps, { added, dropped, strip }) {
  const { smoothEdges, width, height } = maps;
  return {
    edges: gridScore(smoothEdges, width, height, added, ...strip) - RIVAL * gridScore(smoothEdges, width, height, dropped, ...strip),
    stands: standsOut(maps, added, ...strip) - standsOut(maps, dropped, ...strip),
  };
}

/**
 * The lights' contrast with their borders whatever share of them is lit: the mean of the
 * median `contrasts` of the bright cells and of the dark ones (`means` split by Otsu's
 * threshold), or the median of all when they are alike. A median over all the cells
 * rewards a grid laid over the lit ones: on a flat board with few lights lit, a grid at
 * half the lights' pitch over a cluster of lit tiles out-scored the true one.
 */
function classContrast(means, contrasts) {
  const { threshold, low, high } = otsu(means);
  const lit = [], dark = [];
  means.forEach((mean, i) => (mean > threshold ? lit : dark).push(contrasts[i]));
  if (high - low < MIN_CONTRAST || !lit.length || !dark.length) return median(contrasts);
  return (median(lit) + median(dark)) / 2;
}

/**
 * The corners, in the picture, of the part [u0, u1] × [v0, v1] of the unit square (the grid
 * framed by `corners`, in the same perspective): (u0, v0, u1, v1) → four corners, in reading order.
 */
function framer(corners) {
  const h = squareToQuad(corners);
  return (u0, v0, u1, v1) => [[u0, v0], [u1, v0], [u1, v1], [u0, v1]].map(([u, v]) => project(h, u, v));
}

/**
 * The grids one cell aside from `corners` (left, right, up, down), in the same
 * perspective: [{corners, dropped, added}], the last two the corners of the row or
 * column of cells the move leaves out and takes in (a 1 × cols or rows × 1 grid).
 */
export function shiftedGrids(corners, rows, cols) {
  const frame = framer(corners);
  const [du, dv] = [1 / cols, 1 / rows];
  return [
    { corners: frame(-du, 0, 1 - du, 1), dropped: frame(1 - du, 0, 1, 1), added: frame(-du, 0, 0, 1) },
    { corners: frame(du, 0, 1 + du, 1), dropped: frame(0, 0, du, 1), added: frame(1, 0, 1 + du, 1) },
    { corners: frame(0, -dv, 1, 1 - dv), dropped: frame(0, 1 - dv, 1, 1), added: frame(0, -dv, 1, 0) },
    { corners: frame(0, dv, 1, 1 + dv), dropped: frame(0, 0, 1, dv), added: frame(0, 1, 1, 1 + dv) },
  ].map((shift, i) => ({ ...shift, strip: i < 2 ? [rows, 1] : [1, cols] }));
}

/**
 * Each corner nudged (coordinate descent) while boardScore grows: steps of a quarter and an
 * eighth of a cell first (a candidate a good part of a cell off), then 2, 1 and ½ pixel —
 * only the pixel steps when `fine` (a grid known to sit on the lights: a quarter cell's
 * steps could walk it a whole cell, where boardScore is wrong).
 */
export function polishCorners(maps, corners, rows, cols, { fine = false } = {}) {
  let current = corners.map((p) => [...p]);
  let best = boardScore(maps, current, rows, cols);
  const pitch = Math.sqrt(quadArea(corners) / (rows * cols));
  for (const step of [pitch / 4, pitch / 8, 2, 1, 0.5].filter((value, i) => i >= 2 || (value > 2 && !fine))) {
    for (let pass = 0; pass < 6; pass++) {
      let moved = false;
      for (let corner = 0; corner < 4; corner++) {
        for (let axis = 0; axis < 2; axis++) {
          for (const sign of [-1, 1]) {
            const trial = current.map((p) => [...p]);
            trial[corner][axis] += sign * step;
            let score;
            try { score = boardScore(maps, trial, rows, cols); } catch { continue; }
            if (score > best) { best = score; current = trial; moved = true; }
          }
        }
      }
      if (!moved) break;
    }
  }
  return current;
}

// A row of lights has an edge between each two of its lights, across the row (their sides);
// the case's outline, or the edge between the case and the table, runs along a row and has
// none there. These tell a row of lights from a row of the case or the table where
// boardScore cannot: a flat board's dark lights differ from its case by as little as the
// table does, and a grid a row off, on the table, scored 43 against the true grid's 30
// (hard seed 71's picture 94). Figures from the hard set's seeds 5, 6, 31, 51, 61, 71
// and 81 (700 pictures, tests/js/scan-pictures.mjs; units: edgeMaps' smoothEdges):
// lineEdges of the true grids 0.53 or more; of grids on striped or patterned things on
// the table (which out-scored two boards) −1.3 and 0.1.
const MIN_LINE_EDGES = 0.25;

// towardLights' moves: the row or column taken in has this much more edges between its
// lights (stripEdges) than the one left out (none counted below 0). A move from the true
// grid gained −0.12 at most; grids a cell off gained 0.54 to 8.6.
const MOVE_GAIN = 0.3;

const MOVES = 3; // towardLights: the most moves

/**
 * How clearly a strip of cells (a 1 × n or n × 1 grid framed by `corners`, `strip` =
 * [rows, cols] its shape) in `maps` (edgeMaps') is a row of lights: the median, over the
 * n − 1 gaps between its cells, of the edge strength (smoothEdges) on the gap, on the
 * strip's middle line, minus the mean of that at the middles of the two cells beside it.
 * Lights have their sides there; a strip of the case or the table has nothing there
 * (about 0), a grid half a cell off has the lights' sides in its middles (below 0). 0 for
 * a single cell.
 * @param {ReturnType<typeof edgeMaps>} maps
 * @param {number[][]} corners
 * @param {number[]} strip
 * @returns {number}
 */
export function stripEdges(maps, corners, [rows, cols]) {
  const at = sampler(maps.smoothEdges, maps.width, maps.height, squareToQuad(corners));
  const cells = Math.max(rows, cols);
  const along = rows > 1 ? (t) => at(0.5, t) : (t) => at(t, 0.5);
  const gaps = [];
  for (let j = 1; j < cells; j++) gaps.push(along(j / cells) - (along((j - 0.5) / cells) + along((j + 0.5) / cells)) / 2);
  return gaps.length ? median(gaps) : 0;
}

/**
 * How clearly each row and column of the rows × cols grid framed by `corners` in `maps`
 * is a row of lights: the median of stripEdges over its rows and columns of two cells or
 * more (Infinity for a single cell: nothing to tell).
 */
export function lineEdges(maps, corners, rows, cols) {
  const frame = framer(corners);
  const strips = [];
  if (cols > 1) for (let r = 0; r < rows; r++) strips.push(stripEdges(maps, frame(0, r / rows, 1, (r + 1) / rows), [1, cols]));
  if (rows > 1) for (let c = 0; c < cols; c++) strips.push(stripEdges(maps, frame(c / cols, 0, (c + 1) / cols, 1), [rows, 1]));
  return strips.length ? median(strips) : Infinity;
}

/**
 * The rows × cols grid framed by `corners` in `maps` moved a cell aside while the row or
 * column it would take in is a row of lights and the one it would leave out is not
 * (stripEdges: MOVE_GAIN more, the one left out counted 0 at least; the largest gain
 * first, MOVES at most), each move polished by pixels only: new corners (`corners` itself
 * when no move is taken). A grid a row off
 * — a row of dark lights left out, a row of the case or the table taken in — comes back.
 */
export function towardLights(maps, corners, rows, cols) {
  let current = corners;
  for (let moves = 0; moves < MOVES; moves++) {
    let best = null, bestGain = MOVE_GAIN;
    for (const shift of shiftedGrids(current, rows, cols)) {
      const gain = stripEdges(maps, shift.added, shift.strip) - Math.max(0, stripEdges(maps, shift.dropped, shift.strip));
      if (gain > bestGain) [best, bestGain] = [shift, gain];
    }
    if (!best) break;
    current = polishCorners(maps, best.corners, rows, cols, { fine: true });
  }
  return current;
}

const BOARD_CONTRAST = 4; // the least contrast (0..255 of brightness) of a board's cells with their borders

const BOARD_CONTRAST_RATIO = 1.4; // ... and of that contrast to the spread inside a cell's middle (plus 1)

/**
 * Whether the rows × cols grid framed by `corners` in `gray` (brightness, width × height)
 * is a board of lights: a light, lit or dark, differs from the case at its borders, and
 * is about even inside. The contrast is the 75th percentile over the cells of |the mean
 * of a cell's middle − the median of its borders| (a quarter of the cells may be lights
 * as dark as the case), the spread the median over the cells of the middle's standard
 * deviation. Noise spreads as much as it contrasts, a gradient contrasts with nothing:
 * over 450 such pictures (tests/js/scan-pictures.mjs renderNoBoard) the contrast was at
 * most 0.91 of the spread + 1, over 300 boards of the benchmark and 36 all-dark ones at
 * least 1.87.
 */
function looksLikeBoard(gray, width, height, corners, rows, cols) {
  const h = squareToQuad(corners);
  const at = (u, v) => bilinear(gray, width, height, ...project(h, u, v));
  const contrasts = [], spreads = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const middle = MIDDLE.map(([du, dv]) => at((c + du) / cols, (r + dv) / rows));
      const mean = middle.reduce((sum, value) => sum + value, 0) / middle.length;
      spreads.push(Math.sqrt(middle.reduce((sum, value) => sum + (value - mean) ** 2, 0) / middle.length));
      const ring = RING.map(([du, dv]) => at((c + du) / cols, (r + dv) / rows)).sort((a, b) => a - b);
      contrasts.push(Math.abs(mean - (ring[3] + ring[4]) / 2));
    }
  }
  const quantile = (values, share) => values.sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(share * values.length))];
  const contrast = quantile(contrasts, 0.75);
  return contrast >= BOARD_CONTRAST && contrast >= BOARD_CONTRAST_RATIO * (quantile(spreads, 0.5) + 1);
}

// The least gridScore of a board: edges on its gap lines stronger than in its cells' middles
// by this much (brightness steps per pixel). A smooth gradient's best grid scored 0.14 at
// most (tests/js/scan-pictures.mjs renderNoBoard), boards at least 1.0 (the hard set's).
const MIN_GRID_SCORE = 0.5;

const CLEAR_LIGHTS = 2; // clearLights: the least number of lit lights, and of dark ones

const CLEAR_SEPARATION = 40; // clearLights: the least gap between the lit and the dark lights' mean brightness (0..255)

/**
 * Whether the rows × cols grid framed by `corners` in `image` reads as lights beyond doubt:
 * lit and dark ones at least CLEAR_LIGHTS of each, CLEAR_SEPARATION apart, every light's
 * margin SURE_MARGIN or more. A dim room blurs a board's edges into its lights' glow
 * (gridScore near 0), but its lights still split cleanly; noise and gradients do not.
 */
function clearLights(image, corners, rows, cols) {
  const { states, separation, margins } = classify(sampleCells(image, corners, rows, cols));
  const lit = states.reduce((sum, state) => sum + (state ? 1 : 0), 0);
  return separation >= CLEAR_SEPARATION && Math.min(lit, states.length - lit) >= CLEAR_LIGHTS && margins.every((margin) => margin >= SURE_MARGIN);
}

/**
 * Whether the grid framed by `corners` in `small` (at DETECT_SIDE; `maps` its edgeMaps)
 * frames lights: its gap lines hold more edges than its cells' middles (gridScore at
 * least MIN_GRID_SCORE), or its lights split cleanly (clearLights).
 */
export function framesLights(maps, small, corners, rows, cols) {
  return gridScore(maps.smoothEdges, maps.width, maps.height, corners, rows, cols) >= MIN_GRID_SCORE || clearLights(small, corners, rows, cols);
}

/**
 * Whether the rows × cols grid framed by `corners` in `small` (at DETECT_SIDE; `maps` its
 * edgeMaps) is a board of lights: its cells stand out from their borders (looksLikeBoard),
 * it frames lights (framesLights), and its rows and columns have edges between their
 * lights (lineEdges at least MIN_LINE_EDGES).
 */
export function isBoard(maps, small, corners, rows, cols) {
  return looksLikeBoard(maps.gray, maps.width, maps.height, corners, rows, cols) && framesLights(maps, small, corners, rows, cols)
    && lineEdges(maps, corners, rows, cols) >= MIN_LINE_EDGES;
}

// Moves a cell aside (scan-corners.js locateBoard) and grids aside (framesAside), by how
// much more the row or column taken in stands out from its borders (standsOut, 0..255)
// than the one left out. A row of the case beside a board, even and darker than its
// borders, stood out 49 and 67 less than a row of lights on two glowing boards of the easy
// set (seed 2026), and a column of the case 20 less on a small 3×3 one; a column of a
// bright table 11 more than a column of dark tiles (seed 7), and 14 less in a cluttered
// picture (hard set, seed 6).
export const STRIP_GAIN = 8; // a move is taken when its new row stands out this much more and frames lights nearly as well,
export const STRIP_CLEAR = 24; // ... or this much more;
export const STRIP_LESS = 16; // never when it stands out this much less, and such a grid aside is no rival

// framesAside: a grid one cell aside is a rival when the row or column it takes in frames
// lights (gridScore) at least RIVAL × as well as the one it leaves, and stands out
// (standsOut) from its borders not STRIP_LESS less.
const RIVAL = 0.8;

/**
 * Whether a grid one cell aside (a shiftedGrids entry) might be the board as well as the
 * one it moves from, in `maps` (edgeMaps'): the row or column it takes in frames lights at
 * least RIVAL × as well as the one it leaves (compareStrips' edges) and stands out from
 * its borders not STRIP_LESS less.
 */
export function framesAside(maps, shift) {
  const { edges, stands } = compareStrips(maps, shift);
  return edges >= 0 && stands >= -STRIP_LESS;
}

// leavesCase: the row or column at a grid's edge is no row of lights (the case or the table
// beside the board) when its cells stand out from their borders (median |contrast|) less
// than CASE_SHARE of the board's dark lights do, and STRIP_GAIN less at least.
const CASE_SHARE = 0.4;

/**
 * Whether the row or column a move one cell aside (a shiftedGrids entry `shift` of the
 * rows × cols grid framed by `corners`, in `maps`: edgeMaps') leaves out is the case beside
 * the board rather than lights: its cells stand out from their borders far less than the
 * grid's dark lights (the median |contrast| of the cells below Otsu's cut of the middles'
 * brightness; of all when they are alike) — a grid a row off, with that row on the case,
 * reads every light a row aside.
 */
export function leavesCase(maps, corners, rows, cols, shift) {
  const { means, contrasts } = cellContrasts(maps, corners, rows, cols);
  const { threshold, low, high } = otsu(means);
  const alike = high - low < MIN_CONTRAST;
  const dark = [...contrasts].filter((_, i) => alike || means[i] <= threshold).map(Math.abs);
  const lights = median(dark.length ? dark : [...contrasts].map(Math.abs));
  const edge = median([...cellContrasts(maps, shift.dropped, ...shift.strip).contrasts].map(Math.abs));
  return edge < CASE_SHARE * lights && lights - edge >= STRIP_GAIN;
}

/**
 * The grids that might be the board as well as the rows × cols grid framed by `corners` in
 * `image` (at most SAMPLE_SIDE; corners in its pixels), for doubtfulLights: the grids one
 * cell aside (shiftedGrids) whose new row or column frames lights at least RIVAL × as well
 * (gridScore) as the one they leave, and stands out from its borders not STRIP_LESS less
 * (framesAside), or that leave a row or column of the case (leavesCase) — their corners in
 * `image`'s pixels — or null when
 * `corners` frame no lights (framesLights).
 */
export function gridsAside(image, corners, rows, cols) {
  const { image: small, factor } = downscale(image, DETECT_SIDE);
  const maps = edgeMaps(small, rows, cols);
  const scaled = corners.map(([x, y]) => [x / factor, y / factor]);
  try {
    if (!framesLights(maps, small, scaled, rows, cols)) return null;
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return null;
  }
  return shiftedGrids(scaled, rows, cols)
    .filter((shift) => framesAside(maps, shift) || leavesCase(maps, scaled, rows, cols, shift))
    .map(({ corners: shifted }) => shifted.map(([x, y]) => [x * factor, y * factor]));
}
