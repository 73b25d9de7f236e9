// @ts-check
// A board's shape: holes (cells that do not exist: no light, no button) and don't-care cells
// (pressable, but their final light does not matter). Each is a two-state Board of
// flags, which is also how they cross to Python (the API's "holes" and "dont_care").
// A cell is at most one of the two.

import { emptyBoard } from "./board.js";

export const CELL = "cell";
export const HOLE = "hole";
export const DONT_CARE = "dontCare";

export class Mask {
  constructor(rows, cols, holes = null, dontCare = null) {
    this.rows = rows;
    this.cols = cols;
    this.holes = holes ?? emptyBoard(rows, cols);
    this.dontCare = dontCare ?? emptyBoard(rows, cols);
    this.update();
  }

  /** Recompute `relevant` (packed: cells that are neither holes nor don't-care). */
  update() {
    const length = this.holes.bits.length;
    this.relevant = new Uint8Array(length);
    for (let i = 0; i < length; i++) this.relevant[i] = ~(this.holes.bits[i] | this.dontCare.bits[i]) & 0xff;
    const spare = length * 8 - this.rows * this.cols;
    if (spare > 0) this.relevant[length - 1] &= 0xff >> spare;
  }

  get isEmpty() {
    return this.holes.litCount === 0 && this.dontCare.litCount === 0;
  }

  kind(index) {
    return this.holes.get(index) ? HOLE : this.dontCare.get(index) ? DONT_CARE : CELL;
  }

  /** Make the cell at `index` a CELL, HOLE or DONT_CARE. */
  setKind(index, kind) {
    this.holes.set(index, kind === HOLE ? 1 : 0);
    this.dontCare.set(index, kind === DONT_CARE ? 1 : 0);
    this.update();
  }

  copy() {
    return new Mask(this.rows, this.cols, this.holes.copy(), this.dontCare.copy());
  }

  equals(other) {
    return Boolean(other) && this.holes.equals(other.holes) && this.dontCare.equals(other.dontCare);
  }
}

/**
 * Hole masks for the shape presets, drawn for any R×C: "ring" (a square frame around a
 * hole), "cross" (a plus-shaped board: the corners are holes) and "heart" (the cells whose
 * centres lie inside the heart curve (x² + y² − 1)³ = x²y³, scaled to fill the board).
 */
export function presetMask(name, rows, cols) {
  const holes = emptyBoard(rows, cols);
  const third = (n) => Math.max(1, Math.floor(n / 3));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      let hole;
      if (name === "ring") {
        hole = r >= third(rows) && r < rows - third(rows) && c >= third(cols) && c < cols - third(cols);
      } else if (name === "cross") {
        hole = (r < third(rows) || r >= rows - third(rows)) && (c < third(cols) || c >= cols - third(cols));
      } else if (name === "heart") {
        // Cell centres mapped onto x in [-1.2, 1.2] (left to right) and y in [1.25, -1.1]
        // (top to bottom), the box the curve fills.
        const x = (((c + 0.5) / cols) * 2 - 1) * 1.2;
        const y = 1.25 - ((r + 0.5) / rows) * 2.35;
        hole = (x * x + y * y - 1) ** 3 - x * x * y ** 3 > 0;
      } else {
        throw new RangeError(`unknown preset ${name}`);
      }
      if (hole) holes.set(r * cols + c, 1);
    }
  }
  return new Mask(rows, cols, holes);
}
