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

// A press rule lists the offsets (dr, dc) a press toggles, relative to the pressed cell
// (its stencil), and whether the board wraps at its edges (a torus). The names are the
// API's (py/lightsout/rules.py): "plus", "moore", "x", or "custom:" + rows of "#"/"."
// joined by "/" (an odd square up to 5×5, centred on the pressed cell). Python owns the
// maths; this only plays presses, so the page agrees with Python's Board.press (a browser
// test checks it on random boards under every rule and topology).
export const PLUS_RULE = Object.freeze({
  name: "plus",
  offsets: Object.freeze([[0, 0], [-1, 0], [1, 0], [0, -1], [0, 1]]),
  wraps: false,
});

export const MAX_STENCIL = 5; // a custom stencil fits in a 5×5 square

const NAMED_STENCILS = {
  plus: PLUS_RULE.offsets,
  moore: [-1, 0, 1].flatMap((dr) => [-1, 0, 1].map((dc) => [dr, dc])),
  x: [[0, 0], [-1, -1], [-1, 1], [1, -1], [1, 1]],
};

export class RuleError extends Error {
  constructor(message) {
    super(message);
    this.name = "RuleError";
  }
}

/**
 * The rule named `name` ("plus" | "moore" | "x" | "custom:.#./###/.#.") on a plane, or on a
 * torus when `torus` is true. Throws RuleError for a malformed custom stencil.
 */
export function makeRule(name, torus = false) {
  let offsets = NAMED_STENCILS[name];
  if (!offsets) {
    if (!String(name).startsWith("custom:")) throw new RuleError(`unknown rule ${name}`);
    const rows = name.slice("custom:".length).split("/");
    const height = rows.length;
    const width = rows[0].length;
    if (height % 2 === 0 || width % 2 === 0 || height > MAX_STENCIL || width > MAX_STENCIL ||
        rows.some((row) => row.length !== width || /[^#.]/.test(row))) {
      throw new RuleError(`"${name}" is not an odd square of # and . up to ${MAX_STENCIL}×${MAX_STENCIL}`);
    }
    offsets = [];
    rows.forEach((row, r) => [...row].forEach((symbol, c) => {
      if (symbol === "#") offsets.push([r - (height >> 1), c - (width >> 1)]);
    }));
    if (offsets.length === 0) throw new RuleError("a custom stencil needs at least one cell");
  }
  const isPlus = name === "plus";
  if (isPlus && !torus) return PLUS_RULE;
  return Object.freeze({ name, offsets: Object.freeze(offsets.map((pair) => Object.freeze(pair))), wraps: Boolean(torus) });
}

/**
 * The "custom:" name of the stencil drawn as `cells` (a 5×5 array of booleans, row by row,
 * centre at [2][2]), trimmed to the smallest odd square around the centre that holds every
 * drawn cell; null when nothing is drawn. A stencil equal to a named one gets that name,
 * as Python's parse_rule does.
 */
export function stencilName(cells) {
  const centre = MAX_STENCIL >> 1;
  const offsets = [];
  for (let r = 0; r < MAX_STENCIL; r++) {
    for (let c = 0; c < MAX_STENCIL; c++) if (cells[r][c]) offsets.push([r - centre, c - centre]);
  }
  if (offsets.length === 0) return null;
  const key = (list) => list.map(([dr, dc]) => `${dr},${dc}`).sort().join(" ");
  for (const [name, named] of Object.entries(NAMED_STENCILS)) if (key(named) === key(offsets)) return name;
  const reach = Math.max(...offsets.map(([dr, dc]) => Math.max(Math.abs(dr), Math.abs(dc))));
  const lines = [];
  for (let dr = -reach; dr <= reach; dr++) {
    let line = "";
    for (let dc = -reach; dc <= reach; dc++) line += cells[centre + dr][centre + dc] ? "#" : ".";
    lines.push(line);
  }
  return "custom:" + lines.join("/");
}

/** The 5×5 boolean picture of `rule`'s stencil (the inverse of stencilName). */
export function stencilCells(rule) {
  const centre = MAX_STENCIL >> 1;
  const cells = Array.from({ length: MAX_STENCIL }, () => new Array(MAX_STENCIL).fill(false));
  for (const [dr, dc] of rule.offsets) cells[centre + dr][centre + dc] = true;
  return cells;
}

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

  /**
   * Apply a press at (row, col) in place under `rule`; returns the indices it toggled.
   * `holes` (a Board, or null) marks cells that do not exist: they cannot be pressed and
   * a press around them leaves them alone (they stay dark).
   */
  pressInPlace(row, col, rule = PLUS_RULE, holes = null) {
    if (!Number.isInteger(row) || !Number.isInteger(col) ||
        row < 0 || col < 0 || row >= this.rows || col >= this.cols) {
      throw new RangeError(`press (${row}, ${col}) is outside the ${this.rows}×${this.cols} board`);
    }
    if (holes !== null && holes.get(row * this.cols + col)) {
      throw new RangeError(`(${row}, ${col}) is a hole and has no button`);
    }
    const changed = [];
    // A wrapping rule on a small board can reach the same cell twice; XOR handles it.
    for (const [r, c] of pressedCells(this, row, col, rule, holes)) {
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

/**
 * Cells (as [row, col] pairs) that a press at (row, col) toggles under `rule`, leaving out
 * the cells set in `holes` (a Board or null). A stencil is at most 5×5, so this costs the
 * same on any board size; the cells are the packed bits' indices, nothing is scanned.
 */
export function pressedCells(board, row, col, rule = PLUS_RULE, holes = null) {
  const cells = [];
  const { rows, cols } = board;
  for (const [dr, dc] of rule.offsets) {
    let r = row + dr;
    let c = col + dc;
    if (rule.wraps) {
      // A reach of 2 on a 1-wide torus is two whole turns: reduce modulo, then lift.
      r = ((r % rows) + rows) % rows;
      c = ((c % cols) + cols) % cols;
    } else if (r < 0 || c < 0 || r >= rows || c >= cols) {
      continue;
    }
    if (holes !== null && holes.get(r * cols + c)) continue;
    cells.push([r, c]);
  }
  return cells;
}

/** Return a new board with the press at (row, col) applied (the argument is unchanged). */
export function press(board, row, col, rule = PLUS_RULE, holes = null) {
  const next = board.copy();
  next.pressInPlace(row, col, rule, holes);
  return next;
}

/**
 * True when every cell that matters equals the target ("off" = all dark, "on" = all lit).
 * Without a mask this is a count; with one, holes and don't-care cells are skipped by
 * testing packed bytes against the mask's cared bits (masks exist only up to 64×64).
 */
export function meetsTarget(board, target, mask = null) {
  if (mask === null || mask.isEmpty) return board.litCount === (target === "on" ? board.cellCount : 0);
  const { bits } = board;
  const cared = mask.cared;
  const flip = target === "on" ? 0xff : 0;
  for (let i = 0; i < bits.length; i++) if (((bits[i] ^ flip) & cared[i]) !== 0) return false;
  return true;
}

// ---------------------------------------------------------------------------------
// Masks: holes (cells that do not exist: no light, no button) and don't-care cells
// (pressable, but their final light does not matter). Each is a Board of flags in the
// packed layout, which is also how they cross to Python (the API's "holes" and
// "dont_care" fields). A cell is at most one of the two.

export const CELL = "cell";
export const HOLE = "hole";
export const DONT_CARE = "dontCare";

export class Mask {
  constructor(rows, cols, holes = null, dontCare = null) {
    this.rows = rows;
    this.cols = cols;
    this.holes = holes ?? new Board(rows, cols);
    this.dontCare = dontCare ?? new Board(rows, cols);
    this.update();
  }

  /** Recompute `cared` (packed: cells that are neither holes nor don't-care). */
  update() {
    const length = this.holes.bits.length;
    this.cared = new Uint8Array(length);
    for (let i = 0; i < length; i++) this.cared[i] = ~(this.holes.bits[i] | this.dontCare.bits[i]) & 0xff;
    const spare = length * 8 - this.rows * this.cols;
    if (spare > 0) this.cared[length - 1] &= 0xff >> spare;
  }

  get isEmpty() {
    return this.holes.litCount === 0 && this.dontCare.litCount === 0;
  }

  kind(index) {
    return this.holes.get(index) ? HOLE : this.dontCare.get(index) ? DONT_CARE : CELL;
  }

  /** Make the cell at `index` a CELL, HOLE or DONT_CARE. */
  setKind(index, kind) {
    if (this.holes.get(index) !== (kind === HOLE ? 1 : 0)) this.holes.toggle(index);
    if (this.dontCare.get(index) !== (kind === DONT_CARE ? 1 : 0)) this.dontCare.toggle(index);
    this.update();
  }

  copy() {
    return new Mask(this.rows, this.cols, this.holes.copy(), this.dontCare.copy());
  }
}

/**
 * Hole masks for the shape presets, drawn for any R×C: "ring" (a square frame around a
 * hole), "cross" (a plus-shaped board: the corners are holes) and "heart" (the cells whose
 * centres lie inside the heart curve (x² + y² − 1)³ = x²y³, scaled to fill the board).
 */
export function presetMask(name, rows, cols) {
  const holes = new Board(rows, cols);
  const third = (n) => Math.max(1, Math.floor(n / 3));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      let hole = false;
      if (name === "ring") {
        const rowBand = third(rows);
        const colBand = third(cols);
        hole = r >= rowBand && r < rows - rowBand && c >= colBand && c < cols - colBand;
      } else if (name === "cross") {
        const rowBand = third(rows);
        const colBand = third(cols);
        hole = (r < rowBand || r >= rows - rowBand) && (c < colBand || c >= cols - colBand);
      } else if (name === "heart") {
        // Cell centres mapped onto x in [-1.2, 1.2] (left to right) and y in [1.25, -1.1]
        // (top to bottom), the box the curve fills.
        const x = (((c + 0.5) / cols) * 2 - 1) * 1.2;
        const y = 1.25 - ((r + 0.5) / rows) * 2.35;
        const inside = (x * x + y * y - 1) ** 3 - x * x * y ** 3 <= 0;
        hole = !inside;
      } else {
        throw new RangeError(`unknown preset ${name}`);
      }
      if (hole) holes.toggle(r * cols + c);
    }
  }
  return new Mask(rows, cols, holes);
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
export function randomSolvableBoard(rows, cols, random = Math.random, rule = PLUS_RULE, mask = null) {
  const board = new Board(rows, cols);
  const holes = mask?.holes ?? null;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (holes?.get(r * cols + c)) continue;
      if (random() < 0.5) board.pressInPlace(r, c, rule, holes);
    }
  }
  return board;
}

// ---------------------------------------------------------------------------------
// Game: a board plus its rule, mask and history. Moves are data — a cell index r*cols + c
// — kept in growable Uint32Arrays (a 10000×10000 index is below 2^27), so a long history
// costs 4 bytes a move. A press is its own inverse, so undoing a move is pressing it again.
// An *edit* (lights toggled directly, e.g. "Make solvable") is one history entry too: its
// entry is EDIT_FLAG | its number in `edits`, and it is undone by toggling the same lights.

const EDIT_FLAG = 0x80000000;

class MoveStack {
  constructor() {
    this.items = new Uint32Array(64);
    this.length = 0;
  }

  push(entry) {
    if (this.length === this.items.length) {
      const grown = new Uint32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length++] = entry;
  }

  pop() {
    return this.length === 0 ? null : this.items[--this.length];
  }

  clear() {
    this.length = 0;
  }
}

export class Game {
  constructor(board, target = "off", rule = PLUS_RULE, mask = null) {
    this.board = board;
    this.target = target;
    this.rule = rule;
    this.mask = mask; // a Mask of the board's size, or null
    this.undoStack = new MoveStack();
    this.redoStack = new MoveStack();
    this.edits = []; // edit number -> Uint32Array of the cell indices it toggles
    this.editsInUndo = 0; // edits on the undo stack (they are not counted as moves)
  }

  get holes() {
    return this.mask?.holes ?? null;
  }

  /** States per light: always 2 here (more are played by states.js's StatesGame). */
  get k() {
    return 2;
  }

  /** "plane" or "torus" (the Klein bottle and projective plane are played by states.js). */
  get surface() {
    return this.rule.wraps ? "torus" : "plane";
  }

  /** Presses made and not undone (edits are not moves). */
  get moveCount() {
    return this.undoStack.length - this.editsInUndo;
  }

  get canUndo() {
    return this.undoStack.length > 0;
  }

  get canRedo() {
    return this.redoStack.length > 0;
  }

  /** Press (row, col); the move goes on the undo stack and clears redo. Returns the toggled indices. */
  play(row, col) {
    const changed = this.board.pressInPlace(row, col, this.rule, this.holes);
    this.undoStack.push(row * this.board.cols + col);
    this.redoStack.clear();
    return changed;
  }

  /** Toggle the lights at `indices` as one undoable edit (not a press). Returns them. */
  edit(indices) {
    const cells = Uint32Array.from(indices);
    for (const index of cells) this.board.toggle(index);
    this.undoStack.push(EDIT_FLAG | this.edits.length);
    this.edits.push(cells);
    this.editsInUndo++;
    this.redoStack.clear();
    return [...cells];
  }

  /** Take back the last entry: {move: {row, col} (null for an edit), changed}, or null. */
  undo() {
    return this.replay(this.undoStack, this.redoStack, -1);
  }

  /** Replay the last undone entry: {move, changed}, or null when there is none. */
  redo() {
    return this.replay(this.redoStack, this.undoStack, 1);
  }

  replay(from, to, direction) {
    const entry = from.pop();
    if (entry === null) return null;
    to.push(entry);
    if (entry & EDIT_FLAG) {
      this.editsInUndo += direction;
      const cells = this.edits[entry & ~EDIT_FLAG];
      for (const index of cells) this.board.toggle(index);
      return { move: null, changed: [...cells] };
    }
    const move = { row: Math.floor(entry / this.board.cols), col: entry % this.board.cols };
    return { move, changed: this.board.pressInPlace(move.row, move.col, this.rule, this.holes) };
  }

  isSolved() {
    return meetsTarget(this.board, this.target, this.mask);
  }

  /**
   * The presses since the last edit (all of the undo stack when it holds no edit), oldest
   * first, as cell indices; a view, not a copy. A share link has presses only, so it
   * starts from the board as the last edit (e.g. Make solvable) left it.
   */
  get moves() {
    return this.undoStack.items.subarray(this.firstMove(), this.undoStack.length);
  }

  /**
   * Names the board the moves start from: the undo entry of the last edit (an edit's
   * number is never reused, and the history before it is fixed while it is on the stack),
   * or -1 when no edit is on the undo stack (the start is the game's first board).
   */
  get startKey() {
    const first = this.firstMove();
    return first === 0 ? -1 : this.undoStack.items[first - 1];
  }

  /** The undo-stack position of the first press after the last edit. */
  firstMove() {
    if (this.editsInUndo === 0) return 0;
    const { items, length } = this.undoStack;
    let first = length;
    while (first > 0 && !(items[first - 1] & EDIT_FLAG)) first--;
    return first;
  }

  /**
   * The board the moves start from: the current one with every move pressed again (each
   * press is its own inverse and presses commute). A new board, not a view.
   */
  startBoard() {
    const start = this.board.copy();
    for (const index of this.moves) {
      start.pressInPlace(Math.floor(index / start.cols), index % start.cols, this.rule, this.holes);
    }
    return start;
  }
}

export function newGame(board, target = "off", rule = PLUS_RULE, mask = null) {
  return new Game(board, target, rule, mask);
}
