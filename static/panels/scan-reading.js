// @ts-check
// Scan's picture and what is read from it, without the DOM (the dialog's state, kept apart
// from what draws it, as chessground keeps its state): the picture, the four corners of the
// board's grid in it, the lights as read (scan.js scanImage) and the reader's corrections.
// The board read is the current game's, asked for at each use (`board()`), as the dialog
// says it (scan-panel.js).

import { detectCorners, homography, project, scanImage } from "../scan/scan.js";

/** The unit square's corners, in the order of the picture's: top-left, top-right, bottom-right, bottom-left. */
export const UNIT_SQUARE = [[0, 0], [1, 0], [1, 1], [0, 1]];

/** @typedef {{rows: number, cols: number, k: number}} ScanBoard  the board Scan reads: the game's size and states */

export class ScanReading {
  /** @param {() => ScanBoard} board the board to read, the game's */
  constructor(board) {
    this.board = board;
    /** @type {ImageData | null} the picture, at most SAMPLE_SIDE a side */
    this.image = null;
    /** @type {number[][]} [x, y] ×4 in the picture's pixels: top-left, top-right, bottom-right, bottom-left */
    this.corners = [];
    this.found = false; // corners were found automatically (or the reader has moved them since)
    /** @type {Uint8Array | null} the states as read */
    this.read = null;
    /** @type {Uint8Array | null} 1 for a light read without confidence (scan.js scanImage) */
    this.doubtful = null;
    /** @type {Float32Array | null} how sure each light's reading is (scan.js classify) */
    this.margins = null;
    /** @type {Map<number, number>} cell index → state the reader set by tapping (checked by them, whatever it is) */
    this.fixed = new Map();
  }

  /** Take `image` as the picture: its corners found (else put inside the picture's), no correction; returns `found`. */
  setPicture(image) {
    const { rows, cols } = this.board();
    const found = detectCorners(image, { rows, cols });
    const { width, height } = image;
    this.image = image;
    this.fixed.clear();
    // Without a board found, the corners start a little inside the picture's.
    const [left, right, top, bottom] = [0.1 * width, 0.9 * width, 0.1 * height, 0.9 * height];
    this.corners = found ?? [[left, top], [right, top], [right, bottom], [left, bottom]];
    this.found = Boolean(found);
    return this.found;
  }

  /**
   * Read the lights inside the corners: `sensitivity` −1..1 (0: the automatic threshold),
   * `hues` the lit states' hues (k > 2: the colours they are drawn in) or null.
   */
  readLights(sensitivity, hues) {
    const { rows, cols, k } = this.board();
    const { corners } = this;
    const { states, doubtful, margins } = scanImage(this.image, { rows, cols, k, corners, sensitivity, hues });
    this.read = states;
    this.doubtful = doubtful;
    this.margins = margins;
  }

  /** The states as read, with the reader's corrections. */
  states() {
    const states = Uint8Array.from(this.read);
    for (const [index, state] of this.fixed) states[index] = state;
    return states;
  }

  /**
   * Step light `index` to its next state; returns that state. A light tapped is the
   * reader's: no longer in doubt, even when it is stepped round to what was read (a
   * doubtful light read right is checked by tapping it round).
   */
  correct(index) {
    const next = (this.states()[index] + 1) % this.board().k;
    this.fixed.set(index, next);
    return next;
  }

  /** Move corner `corner` (0..3) to the picture's pixel (x, y), kept inside the picture. */
  moveCorner(corner, x, y) {
    const { width, height } = this.image;
    this.corners[corner] = [Math.min(width, Math.max(0, x)), Math.min(height, Math.max(0, y))];
    this.fixed.clear(); // the cells moved under the corrections
    this.found = true; // the reader has placed the grid: its reading is judged like a found one
  }

  /** The index of the light at the picture's pixel (x, y), or null outside the grid (or corners framing nothing). */
  cellAt(x, y) {
    const { rows, cols } = this.board();
    let u, v;
    try {
      [u, v] = project(homography(this.corners, UNIT_SQUARE), x, y);
    } catch {
      return null; // three corners in a line
    }
    if (!(u >= 0 && u < 1 && v >= 0 && v < 1)) return null;
    return Math.floor(v * rows) * cols + Math.floor(u * cols);
  }
}
