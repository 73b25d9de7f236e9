// @ts-check
// The one game model: a board of k states per light (k = 2 is the classic game), a click
// rule, a surface, a shape (holes and don't-care cells), a goal and the history. Pure
// data and functions, no DOM, so it runs the same in a page, a worker or Node.
//
// A press adds 1 (mod k) to every light its stencil reaches (presses.js); the goal is every
// light that counts at 0 ("off") or at k − 1 ("on"). Cells are numbered i = r·cols + c.
// Boards (packed bits for k = 2, a byte a cell above) are board.js's, shapes mask.js's,
// graphs graph.js's; history holds moves (cell indices), never copies.
//
// The maths (solving, analysis, parsing) lives in Python; this file only plays, and a
// Node test checks every press against lightsout.api's on random boards (tests/js).

import { Board } from "./board.js";
import { SURFACES } from "./rules.js";
import { PLUS_STENCIL, pressBoard, pressGraph, pressPlusPacked } from "./presses.js";

/**
 * True when a game of `k` states is a "k-state" one: more than two states. Every k is solved
 * on every surface, with holes and don't-care cells, and the solver alone says when a board
 * costs too much (limits.json); what differs for k > 2 is what is shown: press totals and the
 * group of quiet patterns instead of rank and nullity, no proof or nearest board, no Lit cells
 * or Presses for New puzzle (the API's random takes them for k = 2 only), and boards of at
 * most GRID_LIMIT a side, because the canvas (canvas-render.js) draws two colours only.
 */
export function isMultiState(k) {
  return k !== 2;
}

// ---------------------------------------------------------------------------------
// Game: a board plus its rule, surface, shape, goal and history. Moves are data — a cell
// index r·cols + c — kept in growable Uint32Arrays (a 10000×10000 index is below 2^27),
// so a long history costs 4 bytes a move. Undoing a press presses the same cell k − 1
// more times (adding k − 1 ≡ −1). An *edit* (lights changed directly, e.g. "Make
// solvable") is one history entry too: its entry is EDIT_FLAG | its number in `edits`,
// and it is undone by adding k − 1 to the same lights.

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

  /**
   * Push `entries[from..to)` (an array or typed array of moves) at once.
   * @param {ArrayLike<number>} entries
   * @param {number} from
   * @param {number} to
   */
  pushMany(entries, from, to) {
    const needed = this.length + (to - from);
    if (needed > this.items.length) {
      let size = this.items.length;
      while (size < needed) size *= 2;
      const grown = new Uint32Array(size);
      grown.set(this.items.subarray(0, this.length));
      this.items = grown;
    }
    if (ArrayBuffer.isView(entries)) this.items.set(/** @type {Uint32Array} */ (entries).subarray(from, to), this.length);
    else for (let i = from; i < to; i++) this.items[this.length + i - from] = entries[i];
    this.length = needed;
  }

  pop() {
    return this.length === 0 ? null : this.items[--this.length];
  }

  clear() {
    this.length = 0;
  }
}

/**
 * A goal the variant controls know: a preset's own goal board (Merlin's ring) becomes "off".
 * @param {Target} target
 * @returns {"off" | "on"}
 */
export function plainTarget(target) {
  return typeof target === "string" ? target : "off";
}

/**
 * A game's goal: every light off, every light on (k − 1), or a board of goal states.
 * @typedef {"off" | "on" | Board} Target
 */

/**
 * The kind of game besides its board (Game's constructor, `game.options`).
 * @typedef {object} GameOptions
 * @property {Target} [target]
 * @property {import("./presses.js").Stencil} [stencil]
 * @property {string} [surface]  one of SURFACES
 * @property {import("./mask.js").Mask | null} [mask]
 * @property {import("./graph.js").Graph | null} [graph]
 */

export class Game {
  /**
   * `board` (its k is the game's), `target` "off" | "on" | a Board of goal states (a
   * preset's own goal, e.g. Merlin's ring), `stencil` (makeStencil), `surface` (SURFACES), `mask`
   * a Mask of the board's size or null, `graph` (graphOfPuzzle) or null: with a graph a
   * press of cell i adds 1 to the cells of graph.presses[i] and rule and surface are unused.
   * @param {Board} board
   * @param {GameOptions} [options]
   */
  constructor(board, { target = "off", stencil = PLUS_STENCIL, surface = "plane", mask = null, graph = null } = {}) {
    if (!SURFACES.includes(surface)) throw new RangeError(`unknown surface ${surface}`);
    if (graph && graph.presses.length !== board.cellCount) throw new RangeError("the graph's cells are not the board's");
    this.graph = graph;
    this.board = board;
    this.target = target;
    this.stencil = stencil;
    this.surface = surface;
    this.mask = mask && !mask.isEmpty ? mask : null;
    this.undoStack = new MoveStack();
    this.redoStack = new MoveStack();
    this.edits = []; // edit number -> Uint32Array of the cell indices it changes by +1
    this.editsInUndo = 0; // edits on the undo stack (they are not counted as moves)
    this.actions = 0; // new moves and edits so far (not undo or redo): each one clears redo
  }

  get k() {
    return this.board.k;
  }

  get holes() {
    return this.mask?.holes ?? null;
  }

  /** The puzzle fields of the API (docs/api.md) but the boards: k, rule, surface (or the preset / graph). */
  get variant() {
    if (this.graph) return { k: this.k, ...this.graph.fields };
    return { k: this.k, rule: this.stencil.name, surface: this.surface };
  }

  /** The options to make the same kind of game on another board (this one's goal, rule, surface, shape, graph). */
  get options() {
    return { target: this.target, stencil: this.stencil, surface: this.surface, mask: this.mask, graph: this.graph };
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

  /** Apply `times` presses at (row, col) without touching history; returns the changed indices. */
  pressInPlace(row, col, times = 1) {
    if (this.graph) return pressGraph(this.board, this.graph, row * this.board.cols + col, times, this.holes);
    return pressBoard(this.board, row, col, { stencil: this.stencil, surface: this.surface, holes: this.holes, times });
  }

  /** Press (row, col); the move goes on the undo stack and clears redo. Returns the changed indices. */
  play(row, col) {
    const changed = this.pressInPlace(row, col);
    this.undoStack.push(row * this.board.cols + col);
    this.redoStack.clear();
    this.actions++;
    return changed;
  }

  /**
   * Press the cells `indices[from..to)` (cell indices r·cols + c) in order, each one move
   * on the undo stack, exactly as that many `play` calls but without listing the changed
   * cells: solution playback presses hundreds of thousands of cells and redraws once per
   * slice. The classic game (two states, plus rule, plane, no holes; every canvas board
   * is one) toggles the five bits in place; any other game takes the general press.
   */
  playMany(indices, from = 0, to = indices.length) {
    const board = this.board;
    const { rows, cols } = board;
    for (let i = from; i < to; i++) {
      const index = indices[i];
      if (!Number.isInteger(index) || index < 0 || index >= rows * cols) {
        throw new RangeError(`press ${index} is outside the ${rows}×${cols} board`);
      }
    }
    if (this.k === 2 && !this.graph && this.stencil.name === "plus" && this.surface === "plane" && this.holes === null) {
      pressPlusPacked(board, indices, from, to);
    } else {
      for (let i = from; i < to; i++) this.pressInPlace(Math.floor(indices[i] / cols), indices[i] % cols);
    }
    if (to <= from) return;
    this.undoStack.pushMany(indices, from, to);
    this.redoStack.clear();
    this.actions++;
  }

  /** Add 1 to the lights at `indices` as one undoable edit (not a press). Returns them. */
  edit(indices) {
    const cells = Uint32Array.from(indices);
    for (const index of cells) this.board.add(index, 1);
    this.undoStack.push(EDIT_FLAG | this.edits.length);
    this.edits.push(cells);
    this.editsInUndo++;
    this.redoStack.clear();
    this.actions++;
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
    const times = direction > 0 ? 1 : this.k - 1;
    if (entry & EDIT_FLAG) {
      this.editsInUndo += direction;
      const cells = this.edits[entry & ~EDIT_FLAG];
      for (const index of cells) this.board.add(index, times);
      return { move: null, changed: [...cells] };
    }
    const move = { row: Math.floor(entry / this.board.cols), col: entry % this.board.cols };
    return { move, changed: this.pressInPlace(move.row, move.col, times) };
  }

  /**
   * The history as data, to keep a game and rebuild it (session/resume.js): {undo, redo}, the
   * undo entries oldest first and the redo stack bottom first (its last entry is the next
   * Redo). An entry is a cell index (a press) or an array of cell indices (an edit).
   */
  historyEntries() {
    const entry = (item) => (item & EDIT_FLAG ? [...this.edits[item & ~EDIT_FLAG]] : item);
    return {
      undo: Array.from(this.undoStack.items.subarray(0, this.undoStack.length), entry),
      redo: Array.from(this.redoStack.items.subarray(0, this.redoStack.length), entry),
    };
  }

  /**
   * The board before every entry of the history (a new Board): the current one with each
   * undo entry taken back, the last first. The same for the game's whole life, whatever is
   * undone or redone: the board it was made with.
   */
  firstBoard() {
    const first = this.board.copy();
    const { cols } = first;
    const back = { stencil: this.stencil, surface: this.surface, holes: this.holes, times: this.k - 1 };
    for (let i = this.undoStack.length - 1; i >= 0; i--) {
      const item = this.undoStack.items[i];
      if (item & EDIT_FLAG) for (const index of this.edits[item & ~EDIT_FLAG]) first.add(index, this.k - 1);
      else if (this.graph) pressGraph(first, this.graph, item, this.k - 1, this.holes);
      else pressBoard(first, Math.floor(item / cols), item % cols, back);
    }
    return first;
  }

  /**
   * Replay a kept history (historyEntries()'s `undo` and `redo`) on this game, which must be at
   * its first board (firstBoard()) with no history: the undo entries are played and edited in order, then the
   * redo entries played and taken back, so that Undo and Redo step as they did. Throws a
   * RangeError (nothing is half done that the caller keeps: it drops the game) for an entry
   * that is not a cell of the board, or is a hole.
   */
  restoreHistory(undo, redo = []) {
    const { rows, cols } = this.board;
    const check = (index) => {
      if (!Number.isInteger(index) || index < 0 || index >= rows * cols || this.holes?.get(index)) {
        throw new RangeError(`history entry ${index} is not a cell of the ${rows}×${cols} board`);
      }
      return index;
    };
    const apply = (item) => {
      if (Array.isArray(item)) this.edit(item.map(check));
      else this.play(Math.floor(check(item) / cols), item % cols);
    };
    for (const item of undo) apply(item);
    for (let i = redo.length - 1; i >= 0; i--) apply(redo[i]);
    for (let i = 0; i < redo.length; i++) this.undo();
  }

  /**
   * True when every light that counts is at the goal (0 for "off", k − 1 for "on").
   * Two states without a shape: a count. With a shape, packed bytes are tested against
   * the mask's relevant bits; k > 2 states are compared cell by cell (boards up to 64×64).
   */
  isSolved() {
    const board = this.board;
    if (this.target instanceof Board) {
      for (let i = 0; i < board.cellCount; i++) {
        if (board.get(i) !== this.target.get(i) && !(this.mask && (this.mask.holes.get(i) || this.mask.dontCare.get(i)))) return false;
      }
      return true;
    }
    const on = this.target === "on";
    if (this.mask === null) {
      if (!on) return board.litCount === 0;
      if (this.k === 2) return board.litCount === board.cellCount;
    }
    if (this.k === 2) {
      const bits = board.packed(); // k = 2: the board's own bits, not a copy
      const relevant = this.mask.relevant;
      const flip = on ? 0xff : 0;
      for (let i = 0; i < bits.length; i++) if (((bits[i] ^ flip) & relevant[i]) !== 0) return false;
      return true;
    }
    const goal = on ? this.k - 1 : 0;
    for (let i = 0; i < board.cellCount; i++) {
      if (board.get(i) !== goal && !(this.mask && (this.mask.holes.get(i) || this.mask.dontCare.get(i)))) return false;
    }
    return true;
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

  /** The board the moves start from: the current one with every move taken back (presses commute). A new board. */
  startBoard() {
    const start = this.board.copy();
    const { cols } = start;
    const options = { stencil: this.stencil, surface: this.surface, holes: this.holes, times: this.k - 1 };
    for (const index of this.moves) {
      if (this.graph) pressGraph(start, this.graph, index, this.k - 1, this.holes);
      else pressBoard(start, Math.floor(index / cols), index % cols, options);
    }
    return start;
  }
}
