// Play state for Lights Out: the board, the press rule, undo/redo and the move counter.
// Pure data and functions, no DOM, so it runs the same in a page, a worker or Node.
//
// A board is a Board: rows × cols cells packed into a Uint8Array, cell (r, c) at index
// i = r*cols + c being bit (i & 7) of byte (i >> 3), least significant bit first; the
// last byte's unused high bits stay 0. This is the layout of game IDs and of the binary
// payloads the worker exchanges with Python, so a board crosses to the solver without
// conversion. A 10000×10000 board is 12.5 MB, so a board is changed in place (a press
// is its own inverse: undo is pressing again) and history holds moves, never copies.
//
// The maths (solving, analysis, parsing) lives in Python; this file only plays.

export const MIN_SIZE = 1;
export const MAX_SIZE = 10000;

// A press rule lists the offsets a press toggles. The classic game uses the plus shape
// on a bounded board; other rules (e.g. a torus that wraps at the edges) can be added
// here without touching anything else.
export const PLUS_RULE = Object.freeze({
  name: "plus",
  offsets: Object.freeze([[0, 0], [-1, 0], [1, 0], [0, -1], [0, 1]]),
  wraps: false,
});

/** Bytes that hold `cellCount` packed cells. */
export function packedLength(cellCount) {
  return Math.ceil(cellCount / 8);
}

// Set bits per byte value, for counting lit cells without a loop over every bit.
const BITS_IN_BYTE = new Uint8Array(256);
for (let value = 1; value < 256; value++) BITS_IN_BYTE[value] = (value & 1) + BITS_IN_BYTE[value >> 1];

/** The number of set bits in `bytes` (≈ 10 ms for the 12.5 MB of a 10000×10000 board). */
export function countBits(bytes) {
  let count = 0;
  for (let i = 0; i < bytes.length; i++) count += BITS_IN_BYTE[bytes[i]];
  return count;
}

function checkSize(rows, cols) {
  if (!Number.isInteger(rows) || !Number.isInteger(cols) ||
      rows < MIN_SIZE || cols < MIN_SIZE || rows > MAX_SIZE || cols > MAX_SIZE) {
    throw new RangeError(`board size must be ${MIN_SIZE}..${MAX_SIZE} × ${MIN_SIZE}..${MAX_SIZE}, got ${rows}×${cols}`);
  }
}

/**
 * rows × cols cells as packed bits, with the number of lit cells kept up to date so
 * "is it solved?" never scans 100 million cells. Also used for sets of presses (a
 * solution's marks), where `litCount` is the number of presses.
 */
export class Board {
  /** `bits` (packed, see the top of this file) is adopted, not copied; null = all dark. */
  constructor(rows, cols, bits = null) {
    checkSize(rows, cols);
    const length = packedLength(rows * cols);
    if (bits === null) bits = new Uint8Array(length);
    else if (!(bits instanceof Uint8Array) || bits.length !== length) {
      throw new RangeError(`a ${rows}×${cols} board needs ${length} packed bytes, got ${bits?.length}`);
    }
    const spare = length * 8 - rows * cols;
    if (spare > 0) bits[length - 1] &= 0xff >> spare; // padding bits are never cells
    this.rows = rows;
    this.cols = cols;
    this.bits = bits;
    this.litCount = countBits(bits);
  }

  get cellCount() {
    return this.rows * this.cols;
  }

  /** 1 if the cell at `index` (r*cols + c) is lit, else 0. */
  get(index) {
    return (this.bits[index >> 3] >> (index & 7)) & 1;
  }

  isLit(row, col) {
    return this.get(row * this.cols + col) === 1;
  }

  /** Flip the cell at `index`, keeping litCount right. */
  toggle(index) {
    const mask = 1 << (index & 7);
    this.bits[index >> 3] ^= mask;
    this.litCount += this.bits[index >> 3] & mask ? 1 : -1;
  }

  /** Apply a press at (row, col) in place; returns the indices it toggled. */
  pressInPlace(row, col, rule = PLUS_RULE) {
    if (!Number.isInteger(row) || !Number.isInteger(col) ||
        row < 0 || col < 0 || row >= this.rows || col >= this.cols) {
      throw new RangeError(`press (${row}, ${col}) is outside the ${this.rows}×${this.cols} board`);
    }
    const changed = [];
    // A wrapping rule on a 1- or 2-wide board can reach the same cell twice; XOR handles it.
    for (const [r, c] of pressedCells(this, row, col, rule)) {
      const index = r * this.cols + c;
      this.toggle(index);
      changed.push(index);
    }
    return changed;
  }

  copy() {
    return new Board(this.rows, this.cols, this.bits.slice());
  }

  /** Indices of the set cells in reading order, stopping after `limit` of them. */
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
}

/** A board from per-cell values (truthy = lit), row by row; `cells` may be omitted. */
export function createBoard(rows, cols, cells = null) {
  const board = new Board(rows, cols);
  if (cells) {
    if (cells.length !== rows * cols) throw new RangeError(`expected ${rows * cols} cells, got ${cells.length}`);
    for (let i = 0; i < cells.length; i++) if (cells[i]) board.toggle(i);
  }
  return board;
}

export function filledBoard(rows, cols, value) {
  const board = new Board(rows, cols);
  if (value) return new Board(rows, cols, board.bits.fill(0xff));
  return board;
}

export function isLit(board, row, col) {
  return board.isLit(row, col);
}

export function litCount(board) {
  return board.litCount;
}

export function sameBoard(a, b) {
  if (a.rows !== b.rows || a.cols !== b.cols) return false;
  for (let i = 0; i < a.bits.length; i++) if (a.bits[i] !== b.bits[i]) return false;
  return true;
}

/** Cells (as [row, col] pairs) that a press at (row, col) toggles under `rule`. */
export function pressedCells(board, row, col, rule = PLUS_RULE) {
  const cells = [];
  for (const [dr, dc] of rule.offsets) {
    let r = row + dr;
    let c = col + dc;
    if (rule.wraps) {
      r = (r + board.rows) % board.rows;
      c = (c + board.cols) % board.cols;
    } else if (r < 0 || c < 0 || r >= board.rows || c >= board.cols) {
      continue;
    }
    cells.push([r, c]);
  }
  return cells;
}

/** Return a new board with the press at (row, col) applied (the argument is unchanged). */
export function press(board, row, col, rule = PLUS_RULE) {
  const next = board.copy();
  next.pressInPlace(row, col, rule);
  return next;
}

/** True when every cell equals the target ("off" = all dark, "on" = all lit). */
export function meetsTarget(board, target) {
  return board.litCount === (target === "on" ? board.cellCount : 0);
}

// ---------------------------------------------------------------------------------
// Game IDs: "{R}x{C}:" + base64url without padding of the packed cells (the layout at
// the top of this file). Shareable text for small boards; big boards cross to the
// worker as the packed bytes themselves.

export class GameIdError extends Error {
  constructor(message) {
    super(message);
    this.name = "GameIdError";
  }
}

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

function bytesToBase64url(bytes) {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const chunk = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) out += BASE64URL[(chunk >> (18 - 6 * k)) & 63];
  }
  return out;
}

function base64urlToBytes(text) {
  if (text.length % 4 === 1) throw new GameIdError(`"${text}" is not valid base64url (bad length)`);
  const bytes = new Uint8Array(Math.floor((text.length * 6) / 8));
  let buffer = 0;
  let bits = 0;
  let index = 0;
  for (const char of text) {
    const value = BASE64URL.indexOf(char);
    if (value < 0) throw new GameIdError(`'${char}' is not a base64url character`);
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[index++] = (buffer >> bits) & 0xff;
    }
  }
  return bytes;
}

export function encodeGameId(board) {
  return `${board.rows}x${board.cols}:${bytesToBase64url(board.bits)}`;
}

export function decodeGameId(id) {
  const match = /^(\d+)x(\d+):([A-Za-z0-9_-]*)$/.exec(String(id).trim());
  if (!match) throw new GameIdError(`"${id}" is not a game ID like 5x5:AAAAAA`);
  const rows = Number(match[1]);
  const cols = Number(match[2]);
  const bytes = base64urlToBytes(match[3]);
  if (bytes.length !== packedLength(rows * cols)) {
    throw new GameIdError(`a ${rows}x${cols} game ID needs ${packedLength(rows * cols)} bytes, found ${bytes.length}`);
  }
  return new Board(rows, cols, bytes);
}

// Payload references: the worker API names a board inside a binary payload as
// "{R}x{C}@{byte offset}" (see py/lightsout/api.py).

/** The board that `reference` ("RxC@N") names inside `payload` (its bytes are copied). */
export function boardFromPayload(reference, payload) {
  const match = /^(\d+)x(\d+)@(\d+)$/.exec(String(reference));
  if (!match) throw new GameIdError(`"${reference}" is not a payload reference like 5x5@0`);
  const [rows, cols, offset] = match.slice(1).map(Number);
  const length = packedLength(rows * cols);
  if (offset + length > payload.length) throw new GameIdError(`the payload holds no ${rows}x${cols} board at byte ${offset}`);
  return new Board(rows, cols, payload.slice(offset, offset + length));
}

/**
 * A random solvable board made by pressing each cell with probability 1/2.
 *
 * Pressing is linear over GF(2): the board is A·x for the press vector x. A uniform x
 * makes A·x uniform over the image of A, which is exactly the set of solvable boards
 * (from all-off), so every solvable board is equally likely. `random` returns [0, 1).
 * Meant for small boards the page makes before Python has loaded; big ones come from
 * the worker.
 */
export function randomSolvableBoard(rows, cols, random = Math.random, rule = PLUS_RULE) {
  const board = new Board(rows, cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) if (random() < 0.5) board.pressInPlace(r, c, rule);
  }
  return board;
}

// ---------------------------------------------------------------------------------
// Game: a board plus its history. Moves are data — a cell index r*cols + c — kept in
// growable Uint32Arrays (a 10000×10000 index is below 2^27), so a long history costs
// 4 bytes a move. A press is its own inverse, so undoing a move is pressing it again.

class MoveStack {
  constructor() {
    this.items = new Uint32Array(64);
    this.length = 0;
  }

  push(index) {
    if (this.length === this.items.length) {
      const grown = new Uint32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length++] = index;
  }

  pop() {
    return this.length === 0 ? null : this.items[--this.length];
  }

  clear() {
    this.length = 0;
  }
}

export class Game {
  constructor(board, target = "off") {
    this.board = board;
    this.target = target;
    this.undoStack = new MoveStack();
    this.redoStack = new MoveStack();
  }

  get moveCount() {
    return this.undoStack.length;
  }

  get canUndo() {
    return this.undoStack.length > 0;
  }

  get canRedo() {
    return this.redoStack.length > 0;
  }

  /** Press (row, col); the move goes on the undo stack and clears redo. Returns the toggled indices. */
  play(row, col) {
    const changed = this.board.pressInPlace(row, col);
    this.undoStack.push(row * this.board.cols + col);
    this.redoStack.clear();
    return changed;
  }

  /** Take back the last move: {move: {row, col}, changed}, or null when there is none. */
  undo() {
    return this.replay(this.undoStack, this.redoStack);
  }

  /** Replay the last undone move: {move, changed}, or null when there is none. */
  redo() {
    return this.replay(this.redoStack, this.undoStack);
  }

  replay(from, to) {
    const index = from.pop();
    if (index === null) return null;
    to.push(index);
    const move = { row: Math.floor(index / this.board.cols), col: index % this.board.cols };
    return { move, changed: this.board.pressInPlace(move.row, move.col) };
  }

  isSolved() {
    return meetsTarget(this.board, this.target);
  }

  /** The moves played so far (the undo stack), oldest first, as cell indices; a view, not a copy. */
  get moves() {
    return this.undoStack.items.subarray(0, this.undoStack.length);
  }

  /**
   * The board this game started from: the current one with every played move pressed
   * again (each press is its own inverse and presses commute). A new board, not a view.
   */
  startBoard() {
    const start = this.board.copy();
    for (const index of this.moves) {
      start.pressInPlace(Math.floor(index / start.cols), index % start.cols, this.rule);
    }
    return start;
  }
}

export function newGame(board, target = "off") {
  return new Game(board, target);
}
