// Geometry of boards drawn from coordinates (graph-render.js): hexagonal grids' centres,
// whether a puzzle is a plain grid (then the DOM grid draws it), and the keyboard's move
// to the nearest cell in an arrow's direction. Pure functions, no DOM (tests/js).

const HEX_ROW = Math.sqrt(3) / 2;

/** Centres [x, y] of an R×C hex board in axial layout, cell r·cols + c: (c + r/2, r·√3/2), as lightsout.graph.hex_centre. */
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

/** The shortest distance between two cells (1 when there is one cell). */
export function minimumSpacing(coords) {
  let best = Infinity;
  for (let i = 0; i < coords.length; i++) {
    for (let j = i + 1; j < coords.length; j++) {
      best = Math.min(best, Math.hypot(coords[i][0] - coords[j][0], coords[i][1] - coords[j][1]));
    }
  }
  return Number.isFinite(best) && best > 0 ? best : 1;
}

/**
 * The cell an arrow key moves to from cell `from`: among the cells (with `usable(j)`)
 * that lie within 60° of the direction (dx, dy) (y down), the one with the least
 * distance along it plus twice the distance across it; null when there is none (an edge).
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
