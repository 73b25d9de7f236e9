// @ts-check
// Geometry of boards drawn from coordinates (graph-render.js): hexagonal grids' centres,
// whether a puzzle is a plain grid (then the DOM grid draws it), and the keyboard's move
// to the nearest cell in an arrow's direction. Pure functions, no DOM (tests/js).

const HEX_ROW = Math.sqrt(3) / 2;

/** Centres [x, y] of an R×C hex board in axial layout, cell r·cols + c: (c + r/2, r·√3/2), as lightsout.model.graph.hex_centre. */
export function hexCoords(rows, cols) {
  const coords = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) coords.push([c + r / 2, r * HEX_ROW]);
  return coords;
}

/** True when `coords` put cell r·cols + c at (c + ½, r + ½): a plain grid of squares. */
export function isGridLayout(coords, rows, cols) {
  if (!coords || coords.length !== rows * cols) return false;
  return coords.every(([x, y], i) => Math.abs(x - ((i % cols) + 0.5)) < 1e-9 && Math.abs(y - (Math.floor(i / cols) + 0.5)) < 1e-9);
}

/**
 * The shortest distance between two cells (1 when there is one cell, or when two share a
 * place): the closest pair by halving along x (Shamos), O(n log n), so 4096 cells take
 * about a millisecond where comparing every pair took tens.
 */
export function minimumSpacing(coords) {
  const best = closestDistance(coords);
  return Number.isFinite(best) && best > 0 ? best : 1;
}

const closestDistances = new WeakMap(); // coords -> their closestDistance: found once per puzzle

/** The least distance between two of `coords` (Infinity for fewer than two, 0 for two at one place). */
export function closestDistance(coords) {
  if (!closestDistances.has(coords)) closestDistances.set(coords, findClosestDistance(coords));
  return closestDistances.get(coords);
}

function findClosestDistance(coords) {
  const points = [...coords].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const scratch = new Array(points.length);
  // Leaves points[lo..hi) sorted by y; returns their least distance.
  const closest = (lo, hi) => {
    if (hi - lo < 2) return Infinity;
    const mid = (lo + hi) >> 1;
    const midX = points[mid][0];
    let best = Math.min(closest(lo, mid), closest(mid, hi));
    let left = lo;
    let right = mid;
    for (let k = lo; k < hi; k++) {
      scratch[k] = right >= hi || (left < mid && points[left][1] <= points[right][1]) ? points[left++] : points[right++];
    }
    const strip = [];
    for (let k = lo; k < hi; k++) {
      const point = (points[k] = scratch[k]);
      if (Math.abs(point[0] - midX) >= best) continue;
      // Within the strip, a closer pair is fewer than `best` apart in y: at most 7 to look back at.
      for (let s = strip.length - 1; s >= 0 && point[1] - strip[s][1] < best; s--) {
        best = Math.min(best, Math.hypot(point[0] - strip[s][0], point[1] - strip[s][1]));
      }
      strip.push(point);
    }
    return best;
  };
  return closest(0, points.length);
}

/**
 * How far apart the cells may spread, as the drawing's extent over the shortest distance
 * between two cells, before the smallest cell is too small to click: at 64 a board drawn
 * 600 pixels wide has cells of about 9 pixels. A square of n cells spreads √n, so large
 * puzzles may spread 4√n (a ring of 4096 cells spreads 1300).
 */
export function maxSpread(cells) {
  return Math.max(64, 4 * Math.sqrt(cells));
}

/** Cells 0..n−1 in rows of ⌈√n⌉, 1 apart: cell i at (i mod w + ½, ⌊i / w⌋ + ½). */
export function squareLayout(cells) {
  const width = Math.ceil(Math.sqrt(cells));
  const coords = Array.from({ length: cells }, (_, i) => [(i % width) + 0.5, Math.floor(i / width) + 0.5]);
  if (cells >= 2) closestDistances.set(coords, 1); // by construction: not searched again (drawingOf)
  return coords;
}

/**
 * The coordinates to draw a puzzle's cells at: its own (the API's `coords`), or when they
 * are degenerate — two cells at one place, a coordinate that is no finite number, or
 * cells spread wider than maxSpread (a few far from the rest, or a ring of thousands),
 * which would leave some cells too small or hidden under others to click — the cells in
 * rows again (squareLayout).
 */
export function drawnCoords(coords) {
  if (!coords || coords.length < 2) return coords;
  let extent = 0;
  for (const axis of [0, 1]) {
    let low = Infinity;
    let high = -Infinity;
    for (const point of coords) {
      low = Math.min(low, point[axis]);
      high = Math.max(high, point[axis]);
    }
    extent = Math.max(extent, high - low);
  }
  const spacing = closestDistance(coords);
  const fine = Number.isFinite(extent) && spacing > 0 && extent / spacing <= maxSpread(coords.length);
  return fine ? coords : squareLayout(coords.length);
}

/**
 * The cell an arrow key moves to from cell `from`: among the cells (with `usable(j)`)
 * that lie within 60° of the direction (dx, dy) (y down), the one with the least
 * distance along it plus twice the distance across it; null when there is none (an edge).
 * @param {number[][]} coords
 * @param {number} from
 * @param {number} dx
 * @param {number} dy
 * @param {(index: number) => boolean} [usable]
 * @returns {number | null}
 */
export function nearestInDirection(coords, from, dx, dy, usable = () => true) {
  const [x0, y0] = coords[from];
  let best = null;
  let bestScore = Infinity;
  for (let j = 0; j < coords.length; j++) {
    if (j === from || !usable(j)) continue;
    const vx = coords[j][0] - x0;
    const vy = coords[j][1] - y0;
    const along = vx * dx + vy * dy;
    const across = Math.abs(vx * dy - vy * dx);
    if (along <= 1e-9 || across > along * Math.sqrt(3) + 1e-9) continue;
    const score = along + 2 * across;
    if (score < bestScore - 1e-9) {
      best = j;
      bestScore = score;
    }
  }
  return best;
}
