// @ts-check
// The canvas board's pixels (canvas-render.js), computed per device pixel from the packed
// bits (game.js), not from a cached image: a 10000×10000 board at one pixel a cell would be
// a 400 MB bitmap. Each pixel samples the cell under its centre, so a full redraw costs one
// bit lookup per screen pixel (≈ 10 ms for 1000×700) whatever the board's size, and a press
// redraws only the screen rectangle of the cells it toggled. Solution marks are a second bit
// set composited over the lights: a ring per cell when cells are big enough to hold one, a
// tint when they are not. Hexagons by canvas-layout.js's hexAt. Pure functions on a
// Uint32Array of pixels, no DOM.

import { hexAt, hexDistance } from "./canvas-layout.js";

export const DETAIL_PIXELS = 5; // from this cell size (device pixels) cells get gaps and rings
// A mark's ring, as squared distances from the cell's centre in cell widths.
const RING_INNER = 0.17 * 0.17;
const RING_OUTER = 0.3 * 0.3;

/**
 * The board's colours, each a little-endian RGBA uint32 (the byte order of ImageData).
 * @typedef {object} Colours
 * @property {number} background  the gaps and the space around the board
 * @property {number} off
 * @property {number} on
 * @property {number} mark  a mark's ring
 * @property {number} focus  the keyboard cell's outline
 * @property {number} markedOff  a dark cell marked, when cells are too small for a ring
 * @property {number} markedOn  a lit cell marked, likewise
 */

/**
 * What a paint reads: the view, the pixels it writes, the board's and the marks' bits.
 * @typedef {object} PaintFrame
 * @property {number} rows
 * @property {number} cols
 * @property {number} scale  device pixels per cell width
 * @property {number} originX  board x at the canvas's left edge (canvas-viewport.js)
 * @property {number} originY  board y at its top edge
 * @property {Uint32Array} pixels  the canvas's pixels, row after row
 * @property {number} width  pixels in a row of `pixels`
 * @property {Uint8Array} bits  the lights: cell i = r·cols + c is bit i & 7 of byte i >> 3
 * @property {Uint8Array | null} markBits  the marked cells, likewise, or null for none
 * @property {Colours} colours
 * @property {number} cursorIndex  the keyboard's cell, outlined; −1 for none
 */

/**
 * Read a CSS colour as a little-endian RGBA uint32 (the byte order of ImageData), drawing it
 * on `context`'s first pixel.
 * @param {CanvasRenderingContext2D} context
 * @param {string} css
 * @returns {number}
 */
export function colourOf(context, css) {
  context.clearRect(0, 0, 1, 1);
  context.fillStyle = css;
  context.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
  return ((a << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

/**
 * The colour `amount` (0..1) of the way from `first` to `second`, channel by channel.
 * @param {number} first
 * @param {number} second
 * @param {number} amount
 * @returns {number}
 */
export function mix(first, second, amount) {
  let out = 0;
  for (let shift = 0; shift < 32; shift += 8) {
    const a = (first >>> shift) & 0xff;
    const b = (second >>> shift) & 0xff;
    out |= Math.round(a + (b - a) * amount) << shift;
  }
  return out >>> 0;
}

/**
 * Compute the pixels of the device-pixel rectangle [x0, x1) × [y0, y1), squares or hexagons.
 * @param {PaintFrame} frame
 * @param {boolean} hex
 * @param {number} x0
 * @param {number} y0
 * @param {number} x1
 * @param {number} y1
 */
export function paint(frame, hex, x0, y0, x1, y1) {
  if (hex) paintHexagons(frame, x0, y0, x1, y1);
  else paintSquares(frame, x0, y0, x1, y1);
}

/**
 * paint() for squares: per column, the cell column under the pixel centre is found once.
 * @param {PaintFrame} frame
 * @param {number} x0
 * @param {number} y0
 * @param {number} x1
 * @param {number} y1
 */
function paintSquares(frame, x0, y0, x1, y1) {
  const { rows, cols, scale, originX, originY, pixels, width, bits, markBits, colours, cursorIndex } = frame;
  const detailed = scale >= DETAIL_PIXELS;
  const gap = detailed ? Math.max(0.5 / scale, 0.06) : 0; // cell fraction left dark at each edge
  const cursorEdge = Math.max(2 / scale, 0.1);

  // Per column: the cell column under the pixel centre and where in the cell it falls.
  const columnOf = new Int32Array(x1 - x0);
  const fractionX = new Float32Array(x1 - x0);
  for (let x = x0; x < x1; x++) {
    const cellX = originX + (x + 0.5) / scale;
    const col = Math.floor(cellX);
    columnOf[x - x0] = col >= 0 && col < cols ? col : -1;
    fractionX[x - x0] = cellX - col;
  }

  for (let y = y0; y < y1; y++) {
    const cellY = originY + (y + 0.5) / scale;
    const row = Math.floor(cellY);
    const fy = cellY - row;
    let offset = y * width + x0;
    if (row < 0 || row >= rows) {
      pixels.fill(colours.background, offset, offset + (x1 - x0));
      continue;
    }
    const rowStart = row * cols;
    const edgeY = fy < gap || fy > 1 - gap;
    const dy = fy - 0.5;
    for (let k = 0; k < x1 - x0; k++, offset++) {
      const col = columnOf[k];
      if (col < 0) { pixels[offset] = colours.background; continue; }
      const index = rowStart + col;
      const lit = (bits[index >> 3] >> (index & 7)) & 1;
      const marked = markBits !== null && ((markBits[index >> 3] >> (index & 7)) & 1) === 1;
      let colour = lit ? colours.on : colours.off;
      if (detailed) {
        const fx = fractionX[k];
        if (edgeY || fx < gap || fx > 1 - gap) {
          colour = colours.background;
        } else if (marked) {
          const dx = fx - 0.5;
          const distance = dx * dx + dy * dy;
          if (distance >= RING_INNER && distance <= RING_OUTER) colour = colours.mark;
        }
        if (index === cursorIndex &&
            (fx < cursorEdge || fx > 1 - cursorEdge || fy < cursorEdge || fy > 1 - cursorEdge)) {
          colour = colours.focus;
        }
      } else if (marked) {
        colour = lit ? colours.markedOn : colours.markedOff;
      } else if (index === cursorIndex) {
        colour = colours.focus;
      }
      pixels[offset] = colour;
    }
  }
}

/**
 * paint() for hexagons: each pixel's hexagon by axial rounding; gaps, rings and the cursor
 * outline by the hexagon distance from its centre (0 at the centre, ½ on an edge's middle).
 * @param {PaintFrame} frame
 * @param {number} x0
 * @param {number} y0
 * @param {number} x1
 * @param {number} y1
 */
function paintHexagons(frame, x0, y0, x1, y1) {
  const { rows, cols, scale, originX, originY, pixels, width, bits, markBits, colours, cursorIndex } = frame;
  const detailed = scale >= DETAIL_PIXELS;
  const edge = 0.5 - (detailed ? Math.max(0.5 / scale, 0.06) : 0); // beyond it, the gap between hexagons
  const cursorEdge = 0.5 - Math.max(2 / scale, 0.1);
  for (let y = y0; y < y1; y++) {
    const boardY = originY + (y + 0.5) / scale;
    let offset = y * width + x0;
    for (let x = x0; x < x1; x++, offset++) {
      const { row, col, dx, dy } = hexAt(originX + (x + 0.5) / scale, boardY);
      if (row < 0 || col < 0 || row >= rows || col >= cols) { pixels[offset] = colours.background; continue; }
      const index = row * cols + col;
      const lit = (bits[index >> 3] >> (index & 7)) & 1;
      const marked = markBits !== null && ((markBits[index >> 3] >> (index & 7)) & 1) === 1;
      const distance = hexDistance(dx, dy);
      let colour = lit ? colours.on : colours.off;
      if (!detailed) {
        if (marked) colour = lit ? colours.markedOn : colours.markedOff;
        else if (index === cursorIndex) colour = colours.focus;
      } else if (distance > edge) {
        colour = colours.background;
      } else if (index === cursorIndex && distance > cursorEdge) {
        colour = colours.focus;
      } else if (marked) {
        const round = dx * dx + dy * dy;
        if (round >= RING_INNER && round <= RING_OUTER) colour = colours.mark;
      }
      pixels[offset] = colour;
    }
  }
}
