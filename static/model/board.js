// @ts-check
// Boards of the one game model (game.js): rows × cols lights of k states, changed in place.
// Storage follows the codec (codec.js): for k = 2 the board *is* its packed bits (one bit
// a cell, the game ID's bytes), so a 10000×10000 board is 12.5 MB and crosses to the
// solver without conversion; for k > 2 a byte a cell. Either way a board keeps its count
// of lights that are not 0, so "is it solved?" never scans 100 million cells. Cells are
// numbered i = r·cols + c.

import {
  bytesAt, countBits, formatBoardId, packCells, packedLength, parseBoardId, unpackCells,
} from "./codec.js";

export const MIN_SIZE = 1;
export const MAX_SIZE = 10000; // a side; the API's max_side (checked against it by tests/js)
export const MIN_STATES = 2;

function checkSize(rows, cols) {
  if (!Number.isInteger(rows) || !Number.isInteger(cols) ||
      rows < MIN_SIZE || cols < MIN_SIZE || rows > MAX_SIZE || cols > MAX_SIZE) {
    throw new RangeError(`board size must be ${MIN_SIZE}..${MAX_SIZE} × ${MIN_SIZE}..${MAX_SIZE}, got ${rows}×${cols}`);
  }
}

function checkStates(k) {
  if (!Number.isInteger(k) || k < MIN_STATES || k > 255) {
    throw new RangeError(`the number of states must be ${MIN_STATES}..255, got ${k}`);
  }
}

// ---------------------------------------------------------------------------------
// Boards: one interface (get, set, add, litCount, indices, packed…) over two stores.

/**
 * rows × cols cells of k states. `litCount` counts the cells that are not 0 (for a set
 * of presses: the cells pressed). Make one with emptyBoard, boardFromPacked or
 * boardFromCells; the two stores below are its only subclasses, and each defines get, set,
 * indices, packed and copy (here they only say so).
 */
export class Board {
  /**
   * @param {number} rows
   * @param {number} cols
   * @param {number} k  states per cell, 2..255
   */
  constructor(rows, cols, k) {
    checkSize(rows, cols);
    checkStates(k);
    this.rows = rows;
    this.cols = cols;
    this.k = k;
    this.litCount = 0; // the cells that are not 0, kept by every change
  }

  /**
   * The state of cell `index` (r·cols + c), 0..k − 1.
   * @param {number} index
   * @returns {number}
   */
  get(index) {
    throw new TypeError(`${this.constructor.name} does not define get (cell ${index})`);
  }

  /**
   * Set cell `index` to `value` (0..k − 1).
   * @param {number} index
   * @param {number} value
   */
  set(index, value) {
    throw new TypeError(`${this.constructor.name} does not define set (cell ${index}, ${value})`);
  }

  /**
   * Indices of the cells that are not 0 in reading order, stopping after `limit` of them.
   * @param {number} [limit]
   * @returns {number[]}
   */
  indices(limit = Infinity) {
    throw new TypeError(`${this.constructor.name} does not define indices (${limit})`);
  }

  /**
   * The packed bytes (codec.js).
   * @returns {Uint8Array}
   */
  packed() {
    throw new TypeError(`${this.constructor.name} does not define packed`);
  }

  /**
   * An independent copy.
   * @returns {Board}
   */
  copy() {
    throw new TypeError(`${this.constructor.name} does not define copy`);
  }

  get cellCount() {
    return this.rows * this.cols;
  }

  isLit(row, col) {
    return this.get(row * this.cols + col) !== 0;
  }

  /** Add `amount` (any integer) to the cell at `index`, modulo k. */
  add(index, amount) {
    const k = this.k;
    this.set(index, (((this.get(index) + amount) % k) + k) % k);
  }

  /** The sum of the states (for press counts: the total number of presses). */
  total() {
    let sum = 0;
    for (const index of this.indices()) sum += this.get(index);
    return sum;
  }

  /** Read as press counts: each index repeated as many times as it is pressed, in reading order. */
  pressList() {
    const presses = [];
    for (const index of this.indices()) for (let n = this.get(index); n > 0; n--) presses.push(index);
    return presses;
  }

  /** The states as a plain array, index r·cols + c. */
  toList() {
    return Array.from({ length: this.cellCount }, (_, i) => this.get(i));
  }

  /** The game ID "RxC:<base64url>" of the packed cells (codec.js). */
  toId() {
    return formatBoardId(this.rows, this.cols, this.packed());
  }

  /** True when `other` has the same size, k and cells. */
  equals(other) {
    if (!other || other.rows !== this.rows || other.cols !== this.cols || other.k !== this.k) return false;
    const a = this.packed();
    const b = other.packed();
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  }
}

/** Two states as packed bits (the codec's layout): `bits` is the packed board itself. */
export class BitBoard extends Board {
  /** `bits` is adopted, not copied; null = all dark. */
  constructor(rows, cols, bits = null) {
    super(rows, cols, 2);
    const length = packedLength(rows * cols);
    if (bits === null) bits = new Uint8Array(length);
    else if (!(bits instanceof Uint8Array) || bits.length !== length) {
      throw new RangeError(`a ${rows}×${cols} board needs ${length} packed bytes, got ${bits?.length}`);
    }
    const spare = length * 8 - rows * cols;
    if (spare > 0) bits[length - 1] &= 0xff >> spare; // padding bits are never cells
    this.bits = bits;
    this.litCount = countBits(bits);
  }

  get(index) {
    return (this.bits[index >> 3] >> (index & 7)) & 1;
  }

  set(index, value) {
    if (this.get(index) !== (value & 1)) this.toggle(index);
  }

  /** Flip the cell at `index`, keeping litCount right. */
  toggle(index) {
    const mask = 1 << (index & 7);
    this.bits[index >> 3] ^= mask;
    this.litCount += this.bits[index >> 3] & mask ? 1 : -1;
  }

  add(index, amount) {
    if (amount & 1) this.toggle(index);
  }

  total() {
    return this.litCount;
  }

  /** Indices of the set cells in reading order, stopping after `limit` of them (skips zero bytes). */
  indices(limit = Infinity) {
    const found = [];
    const bits = this.bits;
    for (let byte = 0; byte < bits.length && found.length < limit; byte++) {
      let value = bits[byte];
      while (value !== 0 && found.length < limit) {
        const low = value & -value;
        found.push(byte * 8 + 31 - Math.clz32(low));
        value ^= low;
      }
    }
    return found;
  }

  pressList() {
    return this.indices();
  }

  /** The packed bytes: the board's own storage, not a copy. */
  packed() {
    return this.bits;
  }

  copy() {
    return new BitBoard(this.rows, this.cols, this.bits.slice());
  }
}

/** k > 2 states, a byte a cell (`cells`). */
export class StateBoard extends Board {
  /** `cells` (rows·cols states) is adopted; null = all 0. */
  constructor(rows, cols, k, cells = null) {
    super(rows, cols, k);
    const length = rows * cols;
    if (cells === null) cells = new Uint8Array(length);
    if (!(cells instanceof Uint8Array) || cells.length !== length) {
      throw new RangeError(`a ${rows}×${cols} board needs ${length} states, got ${cells?.length}`);
    }
    this.cells = cells;
    let lit = 0;
    for (let i = 0; i < length; i++) {
      if (cells[i] >= k) throw new RangeError(`state ${cells[i]} is outside 0..${k - 1}`);
      if (cells[i] !== 0) lit++;
    }
    this.litCount = lit;
  }

  get(index) {
    return this.cells[index];
  }

  set(index, value) {
    this.litCount += (value !== 0 ? 1 : 0) - (this.cells[index] !== 0 ? 1 : 0);
    this.cells[index] = value;
  }

  indices(limit = Infinity) {
    const found = [];
    const cells = this.cells;
    for (let i = 0; i < cells.length && found.length < limit; i++) if (cells[i] !== 0) found.push(i);
    return found;
  }

  packed() {
    return packCells(this.cells, this.k);
  }

  copy() {
    return new StateBoard(this.rows, this.cols, this.k, this.cells.slice());
  }
}

/** An all-0 rows × cols board of k states. */
export function emptyBoard(rows, cols, k = 2) {
  return k === 2 ? new BitBoard(rows, cols) : new StateBoard(rows, cols, k);
}

/** A rows × cols board of k states with every light at `state` (0 … k − 1). */
export function filledBoard(rows, cols, k, state) {
  if (k === 2) return new BitBoard(rows, cols, new Uint8Array(packedLength(rows * cols)).fill(state ? 0xff : 0));
  return new StateBoard(rows, cols, k, new Uint8Array(rows * cols).fill(state));
}

/** A board from packed bytes (codec.js); for k = 2 the bytes are adopted, not copied. */
export function boardFromPacked(rows, cols, k, bytes) {
  if (k === 2) return new BitBoard(rows, cols, bytes);
  if (bytes.length !== packedLength(rows * cols, k)) {
    throw new RangeError(`a ${rows}×${cols} board of ${k} states needs ${packedLength(rows * cols, k)} packed bytes`);
  }
  return new StateBoard(rows, cols, k, unpackCells(bytes, rows * cols, k));
}

/** A board from per-cell states (index r·cols + c; for k = 2 anything truthy is lit). */
export function boardFromCells(rows, cols, k, cells) {
  if (cells.length !== rows * cols) throw new RangeError(`expected ${rows * cols} cells, got ${cells.length}`);
  if (k !== 2) return new StateBoard(rows, cols, k, Uint8Array.from(cells));
  const board = new BitBoard(rows, cols);
  for (let i = 0; i < cells.length; i++) if (cells[i]) board.toggle(i);
  return board;
}

/** The board of a game ID "RxC:<base64url>" read with k states; throws CodecError. */
export function boardFromId(text, k = 2) {
  const { rows, cols, bytes } = parseBoardId(text, k);
  return boardFromPacked(rows, cols, k, bytes);
}

/** The board that `reference` ("RxC@N") names in a binary `payload` (its bytes copied). */
export function boardFromReference(reference, payload, k = 2) {
  const { rows, cols, bytes } = bytesAt(reference, payload, k);
  return boardFromPacked(rows, cols, k, bytes);
}

/** The board with every state taken modulo k (lights kept when k grows). */
export function boardWithStates(board, k) {
  if (board.k === k) return board.copy();
  const next = emptyBoard(board.rows, board.cols, k);
  for (const index of board.indices()) next.set(index, board.get(index) % k);
  return next;
}
