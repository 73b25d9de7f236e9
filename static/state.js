// Play state for Lights Out: the board, the press rule, undo/redo and the move counter.
// Pure data and functions, no DOM, so it runs the same in a page, a worker or Node.
//
// A board is { rows, cols, cells }, where cells is a Uint8Array of rows*cols entries,
// cell (r, c) at index r*cols + c, 1 = lit. Boards are never mutated in place: every
// change returns a new board, which keeps undo trivial and render diffs cheap.
//
// The maths (solving, analysis, parsing) lives in Python; this file only plays.

export const MIN_SIZE = 1;
export const MAX_SIZE = 64;

// A press rule lists the offsets a press toggles. The classic game uses the plus shape
// on a bounded board; other rules (e.g. a torus that wraps at the edges) can be added
// here without touching anything else.
export const PLUS_RULE = Object.freeze({
  name: "plus",
  offsets: Object.freeze([[0, 0], [-1, 0], [1, 0], [0, -1], [0, 1]]),
  wraps: false,
});

export function createBoard(rows, cols, cells = null) {
  if (!Number.isInteger(rows) || !Number.isInteger(cols) ||
      rows < MIN_SIZE || cols < MIN_SIZE || rows > MAX_SIZE || cols > MAX_SIZE) {
    throw new RangeError(`board size must be ${MIN_SIZE}..${MAX_SIZE} × ${MIN_SIZE}..${MAX_SIZE}, got ${rows}×${cols}`);
  }
  const data = new Uint8Array(rows * cols);
  if (cells) {
    if (cells.length !== rows * cols) throw new RangeError(`expected ${rows * cols} cells, got ${cells.length}`);
    for (let i = 0; i < data.length; i++) data[i] = cells[i] ? 1 : 0;
  }
  return Object.freeze({ rows, cols, cells: data });
}

export function filledBoard(rows, cols, value) {
  const board = createBoard(rows, cols);
  board.cells.fill(value ? 1 : 0);
  return board;
}

export function isLit(board, row, col) {
  return board.cells[row * board.cols + col] === 1;
}

export function litCount(board) {
  let count = 0;
  for (const cell of board.cells) count += cell;
  return count;
}

export function sameBoard(a, b) {
  if (a.rows !== b.rows || a.cols !== b.cols) return false;
  for (let i = 0; i < a.cells.length; i++) if (a.cells[i] !== b.cells[i]) return false;
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

/** Return a new board with the press at (row, col) applied. */
export function press(board, row, col, rule = PLUS_RULE) {
  if (!Number.isInteger(row) || !Number.isInteger(col) ||
      row < 0 || col < 0 || row >= board.rows || col >= board.cols) {
    throw new RangeError(`press (${row}, ${col}) is outside the ${board.rows}×${board.cols} board`);
  }
  const next = createBoard(board.rows, board.cols, board.cells);
  // A wrapping rule on a 1- or 2-wide board can reach the same cell twice; XOR handles it.
  for (const [r, c] of pressedCells(board, row, col, rule)) next.cells[r * board.cols + c] ^= 1;
  return next;
}

/** True when every cell equals the target ("off" = all dark, "on" = all lit). */
export function meetsTarget(board, target) {
  const want = target === "on" ? 1 : 0;
  return board.cells.every((cell) => cell === want);
}

// ---------------------------------------------------------------------------------
// Game IDs: "{R}x{C}:" + base64url without padding of the packed cells. Cell index
// i = r*C + c is bit (i & 7) of byte (i >> 3), least significant bit first; the last
// byte's unused high bits are 0. This is the format boards cross to Python in.

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
  const bytes = new Uint8Array(Math.ceil(board.cells.length / 8));
  board.cells.forEach((cell, i) => {
    if (cell) bytes[i >> 3] |= 1 << (i & 7);
  });
  return `${board.rows}x${board.cols}:${bytesToBase64url(bytes)}`;
}

export function decodeGameId(id) {
  const match = /^(\d+)x(\d+):([A-Za-z0-9_-]*)$/.exec(String(id).trim());
  if (!match) throw new GameIdError(`"${id}" is not a game ID like 5x5:AAAAAA`);
  const rows = Number(match[1]);
  const cols = Number(match[2]);
  const bytes = base64urlToBytes(match[3]);
  const cellCount = rows * cols;
  if (bytes.length !== Math.ceil(cellCount / 8)) {
    throw new GameIdError(`a ${rows}x${cols} game ID needs ${Math.ceil(cellCount / 8)} bytes, found ${bytes.length}`);
  }
  const cells = new Uint8Array(cellCount);
  for (let i = 0; i < cellCount; i++) cells[i] = (bytes[i >> 3] >> (i & 7)) & 1;
  return createBoard(rows, cols, cells);
}

/**
 * A random solvable board made by pressing each cell with probability 1/2.
 *
 * Pressing is linear over GF(2): the board is A·x for the press vector x. A uniform x
 * makes A·x uniform over the image of A, which is exactly the set of solvable boards
 * (from all-off), so every solvable board is equally likely. `random` returns [0, 1).
 */
export function randomSolvableBoard(rows, cols, random = Math.random, rule = PLUS_RULE) {
  let board = createBoard(rows, cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) if (random() < 0.5) board = press(board, r, c, rule);
  }
  return board;
}

// ---------------------------------------------------------------------------------
// Game: a board plus its history. Moves are data ({row, col}); since a press is its
// own inverse, undoing a move is pressing the same cell again.

export function newGame(board, target = "off") {
  return Object.freeze({ board, target, undo: Object.freeze([]), redo: Object.freeze([]) });
}

/** Apply a move; it goes on the undo stack and clears the redo stack. */
export function playMove(game, row, col) {
  return Object.freeze({
    ...game,
    board: press(game.board, row, col),
    undo: Object.freeze([...game.undo, Object.freeze({ row, col })]),
    redo: Object.freeze([]),
  });
}

/** Return [game, move] with the last move taken back, or [game, null] when there is none. */
export function undoMove(game) {
  if (game.undo.length === 0) return [game, null];
  const move = game.undo[game.undo.length - 1];
  return [Object.freeze({
    ...game,
    board: press(game.board, move.row, move.col),
    undo: Object.freeze(game.undo.slice(0, -1)),
    redo: Object.freeze([...game.redo, move]),
  }), move];
}

/** Return [game, move] with the last undone move replayed, or [game, null] when there is none. */
export function redoMove(game) {
  if (game.redo.length === 0) return [game, null];
  const move = game.redo[game.redo.length - 1];
  return [Object.freeze({
    ...game,
    board: press(game.board, move.row, move.col),
    undo: Object.freeze([...game.undo, move]),
    redo: Object.freeze(game.redo.slice(0, -1)),
  }), move];
}

export function moveCount(game) {
  return game.undo.length;
}

export function withTarget(game, target) {
  return Object.freeze({ ...game, target });
}

export function isSolved(game) {
  return meetsTarget(game.board, game.target);
}
