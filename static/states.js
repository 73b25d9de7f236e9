// Play state for Lights Out with k states per light (2 ≤ k ≤ 255) on four surfaces.
// Pure data and functions, no DOM (like state.js, which stays the fast packed-bit path
// for two states on a plane or a torus).
//
// A press adds 1 (mod k) to every light its stencil covers; the goal is every light 0
// ("off") or every light k − 1 ("on"). A board is a StatesBoard: rows × cols states in a
// Uint8Array, cell (r, c) at index r*cols + c — the flat "cells" list of the API's
// solve_states / parse_states / format_states (py/lightsout/api.py, lightsout.modk).
// The same type holds a solution: press counts 0..k−1 per cell.
//
// Surfaces say where a stencil that leaves the R×C rectangle lands, exactly as
// lightsout.modk.wrap: "plane" (nowhere: the light is not there), "torus" (both
// directions wrap), "klein" (rows wrap with the columns mirrored: (r ± R, c) ~
// (r, C−1−c); columns wrap plainly) and "projective" (both wrap mirrored; across a corner
// the row wrap is applied first). A browser test checks this file against Python's
// Game.press on random boards for every rule and surface.
//
// Boards here are at most 64×64 (the DOM grid); the maths (solving, parsing, formatting)
// lives in Python.

import { PLUS_RULE, createBoard } from "./state.js";

export const MIN_STATES = 2;
export const MAX_STATES = 255; // lightsout.modk.MAX_STATES
export const SURFACES = Object.freeze(["plane", "torus", "klein", "projective"]);
export const STATES_SIZE_LIMIT = 64; // the largest side of a k-state board (the DOM grid)
export const GENERAL_ENGINE_CELLS = 400; // lightsout.modk.FULL_SYSTEM_CELLS: all but plus-on-a-plane

/**
 * True when a game with `k` states on `surface` needs this module rather than the packed
 * bits of state.js (which play two states on a plane or a torus).
 */
export function needsStates(k, surface) {
  return k !== 2 || surface === "klein" || surface === "projective";
}

/** True when Python solves this game by the general engine, at most GENERAL_ENGINE_CELLS cells. */
export function usesGeneralEngine(ruleName, surface) {
  return !(ruleName === "plus" && surface === "plane");
}

export function checkStates(k) {
  if (!Number.isInteger(k) || k < MIN_STATES || k > MAX_STATES) {
    throw new RangeError(`the number of states must be ${MIN_STATES}..${MAX_STATES}, got ${k}`);
  }
}

/**
 * Where (r, c) lands on `surface` of a rows × cols board: [row, col], or null when it is
 * off a plane. (r, c) may be any distance outside the board (a 5×5 stencil on a 1×1
 * board goes two whole turns round): the turns are counted by floor division and each
 * odd turn mirrors the other coordinate, as lightsout.modk.wrap does.
 */
export function wrapCell(r, c, rows, cols, surface) {
  const rowTurns = Math.floor(r / rows);
  const colTurns = Math.floor(c / cols);
  let row = r - rowTurns * rows;
  let col = c - colTurns * cols;
  if (surface === "plane") return rowTurns === 0 && colTurns === 0 ? [r, c] : null;
  if (surface === "torus") return [row, col];
  if (surface === "klein") return [row, rowTurns % 2 !== 0 ? cols - 1 - col : col];
  if (surface === "projective") {
    if (rowTurns % 2 !== 0) col = cols - 1 - col;
    if (colTurns % 2 !== 0) row = rows - 1 - row;
    return [row, col];
  }
  throw new RangeError(`unknown surface ${surface}; choose one of ${SURFACES.join(", ")}`);
}

/**
 * Flat indices a press at (row, col) adds 1 to, for a stencil of `offsets` ([dr, dc]
 * pairs, state.js's rule.offsets) on `surface`. On a small wrapped board a cell may
 * appear more than once: it then gains 1 for each time.
 */
export function coveredCells(rows, cols, row, col, offsets, surface) {
  const covered = [];
  for (const [dr, dc] of offsets) {
    const landed = wrapCell(row + dr, col + dc, rows, cols, surface);
    if (landed !== null) covered.push(landed[0] * cols + landed[1]);
  }
  return covered;
}

/**
 * rows × cols states in 0..k−1 (see the top of this file). `litCount` counts the cells
 * that are not 0, so "lit" keeps its meaning from the two-state game.
 */
export class StatesBoard {
  /** `cells` (a Uint8Array of rows*cols states, or an array) is adopted or copied; null = all 0. */
  constructor(rows, cols, k, cells = null) {
    checkStates(k);
    if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1) {
      throw new RangeError(`board size must be at least 1×1, got ${rows}×${cols}`);
    }
    const length = rows * cols;
    if (cells === null) cells = new Uint8Array(length);
    else if (!(cells instanceof Uint8Array)) cells = Uint8Array.from(cells);
    if (cells.length !== length) throw new RangeError(`a ${rows}×${cols} board needs ${length} states, got ${cells.length}`);
    this.rows = rows;
    this.cols = cols;
    this.k = k;
    this.cells = cells;
    this.litCount = 0;
    for (const value of cells) {
      if (value >= k) throw new RangeError(`state ${value} is outside 0..${k - 1}`);
      if (value !== 0) this.litCount++;
    }
  }

  get cellCount() {
    return this.rows * this.cols;
  }

  /** The state of the cell at `index` (r*cols + c). */
  get(index) {
    return this.cells[index];
  }

  /** Set the cell at `index` to `value` (0..k−1), keeping litCount right. */
  set(index, value) {
    this.litCount += (value !== 0 ? 1 : 0) - (this.cells[index] !== 0 ? 1 : 0);
    this.cells[index] = value;
  }

  /** Add `amount` (any integer) to the cell at `index`, modulo k. */
  add(index, amount) {
    const k = this.k;
    this.set(index, (((this.cells[index] + amount) % k) + k) % k);
  }

  /** The sum of the states (for press counts: the total number of presses). */
  total() {
    let sum = 0;
    for (const value of this.cells) sum += value;
    return sum;
  }

  /** Indices of the cells that are not 0, in reading order. */
  indices(limit = Infinity) {
    const found = [];
    for (let i = 0; i < this.cells.length && found.length < limit; i++) if (this.cells[i] !== 0) found.push(i);
    return found;
  }

  /** Read as press counts: each index repeated as many times as it is pressed, in reading order. */
  pressList() {
    const presses = [];
    this.cells.forEach((count, index) => {
      for (let n = 0; n < count; n++) presses.push(index);
    });
    return presses;
  }

  /** The states as a plain array (the API's "cells"). */
  toList() {
    return Array.from(this.cells);
  }

  copy() {
    return new StatesBoard(this.rows, this.cols, this.k, this.cells.slice());
  }
}

/**
 * The k-state board showing the lights of `board` (anything with rows, cols and get(i):
 * a packed state.js Board or a StatesBoard), each state reduced modulo k. Going from two
 * states to more keeps every light as it is (0 and 1).
 */
export function statesFromBoard(board, k) {
  const states = new StatesBoard(board.rows, board.cols, k);
  for (let i = 0; i < board.rows * board.cols; i++) states.set(i, board.get(i) % k);
  return states;
}

/** The packed two-state board (state.js) with the lights of `board`, each state modulo 2. */
export function packedFromStates(board) {
  return createBoard(board.rows, board.cols, Array.from(board.cells, (value) => value % 2));
}

/**
 * A random solvable board: every cell pressed a uniformly random number of times
 * (0..k−1) from all 0. The press map x ↦ A·x (mod k) is a homomorphism of Z/kZ
 * modules, so a uniform x gives an A·x that is uniform over the image of A — exactly the
 * boards solvable from all 0 — each one hit by |kernel| press vectors. (Targets "off"
 * and "on" differ by a constant board: for "on" the page uses the same boards, and
 * Solve says when one cannot reach it.) `random` returns [0, 1).
 */
export function randomSolvableStates(rows, cols, k, rule = PLUS_RULE, surface = "plane", random = Math.random) {
  const board = new StatesBoard(rows, cols, k);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const times = Math.floor(random() * k);
      if (times === 0) continue;
      for (const index of coveredCells(rows, cols, r, c, rule.offsets, surface)) board.add(index, times);
    }
  }
  return board;
}

/**
 * A k-state game: the board, the goal, the click rule (state.js's makeRule: its
 * offsets and name; its torus flag is replaced by `surface`) and the history. Moves are
 * data — the pressed cell's index — and undoing one presses the same cell k − 1 more
 * times (adding k − 1 ≡ −1). It has the interface of state.js's Game that the page uses
 * (play, undo, redo, moveCount, isSolved, …); it has no shape (holes or don't-care).
 */
export class StatesGame {
  constructor(board, target = "off", rule = PLUS_RULE, surface = "plane") {
    if (!SURFACES.includes(surface)) throw new RangeError(`unknown surface ${surface}`);
    this.board = board;
    this.target = target;
    this.rule = rule;
    this.surface = surface;
    this.mask = null;
    this.undoStack = []; // pressed cell indices, most recent last
    this.redoStack = [];
  }

  get k() {
    return this.board.k;
  }

  get holes() {
    return null;
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

  /** The state every light must reach: 0 for "off", k − 1 for "on" (the API's "zero" / "full"). */
  get targetValue() {
    return this.target === "on" ? this.k - 1 : 0;
  }

  /** Add `times` to every cell a press at (row, col) covers; returns the indices it changed. */
  pressInPlace(row, col, times = 1) {
    const { rows, cols } = this.board;
    if (!Number.isInteger(row) || !Number.isInteger(col) || row < 0 || col < 0 || row >= rows || col >= cols) {
      throw new RangeError(`press (${row}, ${col}) is outside the ${rows}×${cols} board`);
    }
    const covered = coveredCells(rows, cols, row, col, this.rule.offsets, this.surface);
    for (const index of covered) this.board.add(index, times);
    return covered;
  }

  /** Press (row, col) once; the move goes on the undo stack and clears redo. Returns the changed indices. */
  play(row, col) {
    const changed = this.pressInPlace(row, col);
    this.undoStack.push(row * this.board.cols + col);
    this.redoStack = [];
    return changed;
  }

  /** Take back the last press: {move: {row, col}, changed}, or null. */
  undo() {
    return this.replay(this.undoStack, this.redoStack, this.k - 1);
  }

  /** Press again the last press taken back: {move, changed}, or null. */
  redo() {
    return this.replay(this.redoStack, this.undoStack, 1);
  }

  replay(from, to, times) {
    if (from.length === 0) return null;
    const index = from.pop();
    to.push(index);
    const move = { row: Math.floor(index / this.board.cols), col: index % this.board.cols };
    return { move, changed: this.pressInPlace(move.row, move.col, times) };
  }

  /** The moves played so far (the undo stack), oldest first, as cell indices; a view, not a copy. */
  get moves() {
    return this.undoStack;
  }

  /**
   * The board this game started from: the current one with every played move taken
   * back (pressed k − 1 more times; presses commute). A new board, not a view.
   */
  startBoard() {
    const start = this.board.copy();
    const game = new StatesGame(start, this.target, this.rule, this.surface);
    const { cols } = start;
    for (const index of this.undoStack) game.pressInPlace(Math.floor(index / cols), index % cols, this.k - 1);
    return start;
  }

  isSolved() {
    const goal = this.targetValue;
    if (goal === 0) return this.board.litCount === 0;
    return this.board.cells.every((value) => value === goal);
  }
}

/** The API's fields naming this game's variant and board (op solve_states / format_states). */
export function statesRequest(game, cells = game.board) {
  return {
    rows: game.board.rows,
    cols: game.board.cols,
    k: game.k,
    rule: game.rule.name,
    surface: game.surface,
    cells: cells.toList(),
  };
}

const SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹";

function superscript(number) {
  return [...String(number)].map((digit) => SUPERSCRIPT_DIGITS[Number(digit)]).join("");
}

/** "Z/2 × Z/3 × Z/3" for the orders of the cyclic factors of a solution set ("1" for none). */
export function structureText(orders) {
  if (orders.length === 0) return "1";
  // More than three equal factors are written once with a power, "(Z/3)²⁹", so long
  // structures stay readable.
  const parts = [];
  for (let i = 0; i < orders.length;) {
    let j = i;
    while (j < orders.length && orders[j] === orders[i]) j++;
    const power = j - i;
    parts.push(power > 3 ? `(Z/${orders[i]})${superscript(power)}` : Array(power).fill(`Z/${orders[i]}`).join(" × "));
    i = j;
  }
  return parts.join(" × ");
}
