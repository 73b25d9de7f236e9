// @ts-check
// Where the canvas board's cells are (canvas-render.js), in board units: one cell width is 1,
// the board's corner is (0, 0), x right and y down. Squares put cell (row, col) at (col, row).
// Hex boards (the hex rule, graph-layout.js's axial layout) are pointy-top hexagons 1 cell
// wide in a rhombus: rows HEX_ROW apart, each row half a cell right of the one above; every
// point finds its hexagon by rounding axial coordinates (Red Blob Games, "Hexagonal Grids",
// https://www.redblobgames.com/grids/hexagons/#pixel-to-hex). Pure functions, no DOM.

export const HEX_ROW = Math.sqrt(3) / 2;
export const HEX_RADIUS = 1 / Math.sqrt(3); // centre to corner

/**
 * @typedef {object} CanvasLayout  the board as the canvas lays it out
 * @property {number} rows
 * @property {number} cols
 * @property {boolean} hex  hexagons in a rhombus, else squares
 */

/** @typedef {{x: number, y: number, width: number, height: number}} Box  a box in board units */

/**
 * The board's extent {width, height} in cell widths: cols × rows for squares, more for the
 * hex rhombus (its last row half a cell per row further right, its hexagons taller than wide).
 * @param {CanvasLayout} layout
 * @returns {{width: number, height: number}}
 */
export function boardExtent({ rows, cols, hex }) {
  if (!hex) return { width: cols, height: rows };
  return { width: cols + (rows - 1) / 2, height: (rows - 1) * HEX_ROW + 2 * HEX_RADIUS };
}

/**
 * A cell's box in board units (a hexagon's bounding box).
 * @param {CanvasLayout} layout
 * @param {number} row
 * @param {number} col
 * @returns {Box}
 */
export function cellBox({ hex }, row, col) {
  if (!hex) return { x: col, y: row, width: 1, height: 1 };
  return { x: col + row / 2, y: row * HEX_ROW, width: 1, height: 2 * HEX_RADIUS };
}

/**
 * The cell {row, col} at board point (x, y), or null off the board (for hexagons: outside the rhombus).
 * @param {CanvasLayout} layout
 * @param {number} x
 * @param {number} y
 * @returns {{row: number, col: number} | null}
 */
export function cellAt({ rows, cols, hex }, x, y) {
  const { row, col } = hex ? hexAt(x, y) : { row: Math.floor(y), col: Math.floor(x) };
  if (row < 0 || col < 0 || row >= rows || col >= cols) return null;
  return { row, col };
}

/**
 * The hexagon {row, col} of a hex board at board point (x, y), and the point's offset {dx, dy}
 * from its centre in cell widths: axial coordinates rounded through cube coordinates
 * (https://www.redblobgames.com/grids/hexagons/#rounding). Rows and columns may be out of
 * range (off the board).
 * @param {number} x
 * @param {number} y
 * @returns {{row: number, col: number, dx: number, dy: number}}
 */
export function hexAt(x, y) {
  const r = (y - HEX_RADIUS) / HEX_ROW;
  const q = x - 0.5 - r / 2;
  let row = Math.round(r);
  let col = Math.round(q);
  const s = -r - q;
  const roundedS = Math.round(s);
  const errorRow = Math.abs(row - r);
  const errorCol = Math.abs(col - q);
  const errorS = Math.abs(roundedS - s);
  if (errorCol > errorRow && errorCol > errorS) col = -row - roundedS;
  else if (errorRow > errorS) row = -col - roundedS;
  return { row, col, dx: x - (col + row / 2 + 0.5), dy: y - (row * HEX_ROW + HEX_RADIUS) };
}

/**
 * How far (dx, dy) is from a pointy-top hexagon's centre: ½ on its edges, in cell widths.
 * @param {number} dx
 * @param {number} dy
 * @returns {number}
 */
export function hexDistance(dx, dy) {
  const ax = Math.abs(dx);
  return Math.max(ax, ax / 2 + Math.abs(dy) * HEX_ROW);
}
