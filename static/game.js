// The one game model: a board of k states per light (k = 2 is the classic game), a click
// rule, a surface, a shape (holes and don't-care cells), a goal and the history. Pure
// data and functions, no DOM, so it runs the same in a page, a worker or Node.
//
// A press adds 1 (mod k) to every light its stencil reaches; the goal is every light
// that counts at 0 ("off") or at k − 1 ("on"). Cells are numbered i = r·cols + c.
// Boards (packed bits for k = 2, a byte a cell above) are board.js's; history holds moves
// (cell indices), never copies.
//
// The maths (solving, analysis, parsing) lives in Python; this file only plays, and a
// Node test checks every press against lightsout.api's on random boards (tests/js).

import { Board, emptyBoard } from "./board.js";
import { MAX_STENCIL, NAMED_STENCILS, SURFACES } from "./rules.js";

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
// Rules and surfaces (rules.js names them)

export class StencilError extends Error {
  constructor(message) {
    super(message);
    this.name = "StencilError";
  }
}

function frozenStencil(name, offsets) {
  return Object.freeze({ name, offsets: Object.freeze(offsets.map((pair) => Object.freeze([...pair]))) });
}

export const PLUS_STENCIL = frozenStencil("plus", NAMED_STENCILS.plus);

/** The stencil named `name` ("plus" | "moore" | "x" | "custom:.#./###/.#."); throws StencilError. */
export function makeStencil(name) {
  if (name === "plus") return PLUS_STENCIL;
  let offsets = NAMED_STENCILS[name];
  if (!offsets) {
    if (!String(name).startsWith("custom:")) throw new StencilError(`unknown stencil ${name}`);
    const rows = name.slice("custom:".length).split("/");
    const height = rows.length;
    const width = rows[0].length;
    if (height % 2 === 0 || width % 2 === 0 || height > MAX_STENCIL || width > MAX_STENCIL ||
        rows.some((row) => row.length !== width || /[^#.]/.test(row))) {
      throw new StencilError(`"${name}" is not an odd square of # and . up to ${MAX_STENCIL}×${MAX_STENCIL}`);
    }
    offsets = [];
    rows.forEach((row, r) => [...row].forEach((symbol, c) => {
      if (symbol === "#") offsets.push([r - (height >> 1), c - (width >> 1)]);
    }));
    if (offsets.length === 0) throw new StencilError("a custom stencil needs at least one cell");
  }
  return frozenStencil(name, offsets);
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
export function stencilCells(stencil) {
  const centre = MAX_STENCIL >> 1;
  const cells = Array.from({ length: MAX_STENCIL }, () => new Array(MAX_STENCIL).fill(false));
  for (const [dr, dc] of stencil.offsets) cells[centre + dr][centre + dc] = true;
  return cells;
}

/**
 * The index (r, c) lands on on `surface` of a rows × cols board, or −1 off a plane —
 * exactly lightsout.model.rules.wrap. (r, c) may be any distance outside the board (a 5×5
 * stencil on a 1×1 board goes two whole turns round): the turns are counted by floor
 * division, and on a Klein bottle each odd turn of the rows mirrors the column; on a
 * projective plane each odd turn of either mirrors the other coordinate.
 */
export function wrapIndex(r, c, rows, cols, surface) {
  if (r >= 0 && c >= 0 && r < rows && c < cols) return r * cols + c;
  if (surface === "plane") return -1;
  const rowTurns = Math.floor(r / rows);
  const colTurns = Math.floor(c / cols);
  let row = r - rowTurns * rows;
  let col = c - colTurns * cols;
  if (surface === "klein") {
    if (rowTurns % 2 !== 0) col = cols - 1 - col;
  } else if (surface === "projective") {
    if (rowTurns % 2 !== 0) col = cols - 1 - col;
    if (colTurns % 2 !== 0) row = rows - 1 - row;
  } else if (surface !== "torus") {
    throw new RangeError(`unknown surface ${surface}; choose one of ${SURFACES.join(", ")}`);
  }
  return row * cols + col;
}

/**
 * Indices a press at (row, col) adds 1 to under `rule` on `surface`, leaving out holes
 * (a Board of flags, or null). On a small wrapped board a cell may appear more than once:
 * it then gains 1 for each time. A stencil is at most 5×5, so this costs the same on
 * any board size.
 */
export function pressedCells(rows, cols, row, col, stencil = PLUS_STENCIL, surface = "plane", holes = null) {
  const cells = [];
  for (const [dr, dc] of stencil.offsets) {
    const index = wrapIndex(row + dr, col + dc, rows, cols, surface);
    if (index < 0 || (holes !== null && holes.get(index))) continue;
    cells.push(index);
  }
  return cells;
}

/** Apply `times` presses at (row, col) to `board` in place; returns the indices changed. */
export function pressBoard(board, row, col, { stencil = PLUS_STENCIL, surface = "plane", holes = null, times = 1 } = {}) {
  const { rows, cols } = board;
  if (!Number.isInteger(row) || !Number.isInteger(col) || row < 0 || col < 0 || row >= rows || col >= cols) {
    throw new RangeError(`press (${row}, ${col}) is outside the ${rows}×${cols} board`);
  }
  if (holes !== null && holes.get(row * cols + col)) throw new RangeError(`(${row}, ${col}) is a hole and has no button`);
  const changed = pressedCells(rows, cols, row, col, stencil, surface, holes);
  for (const index of changed) board.add(index, times);
  return changed;
}

/**
 * Apply `times` presses of cell `index` of a graph puzzle (graphOfPuzzle) to `board` in
 * place: 1 is added (mod k) to every cell of graph.presses[index] but the holes (a Board of
 * flags, or null: a hole has no light, as in lightsout.model.puzzle.apply). Returns those cells.
 */
export function pressGraph(board, graph, index, times = 1, holes = null) {
  if (!Number.isInteger(index) || index < 0 || index >= graph.presses.length) {
    throw new RangeError(`press ${index} is outside the puzzle's ${graph.presses.length} cells`);
  }
  if (holes !== null && holes.get(index)) throw new RangeError(`cell ${index} is a hole and has no button`);
  const changed = holes === null ? [...graph.presses[index]] : [...graph.presses[index]].filter((j) => !holes.get(j));
  for (const j of changed) board.add(j, times);
  return changed;
}

/**
 * Press `indices[from..to)` on a two-state packed `board` (a BitBoard) under the plus
 * rule on a plane without holes: each press flips its cell and its 2–4 neighbours, bit
 * by bit in the packed bytes, keeping litCount right. The same result as pressBoard for
 * each index, without its per-press lists (about 20 ns a press instead of 200).
 */
function pressPlusPacked(board, indices, from, to) {
  const { rows, cols, bits } = board;
  let lit = board.litCount;
  const flip = (index) => {
    const mask = 1 << (index & 7);
    const byte = (bits[index >> 3] ^= mask);
    lit += byte & mask ? 1 : -1;
  };
  for (let i = from; i < to; i++) {
    const index = indices[i];
    const row = Math.floor(index / cols);
    const col = index - row * cols;
    flip(index);
    if (col > 0) flip(index - 1);
    if (col < cols - 1) flip(index + 1);
    if (row > 0) flip(index - cols);
    if (row < rows - 1) flip(index + cols);
  }
  board.litCount = lit;
}

// ---------------------------------------------------------------------------------
// Shapes: holes (cells that do not exist: no light, no button) and don't-care cells
// (pressable, but their final light does not matter). Each is a two-state Board of
// flags, which is also how they cross to Python (the API's "holes" and "dont_care").
// A cell is at most one of the two.

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
      let hole = false;
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
      if (hole) holes.toggle(r * cols + c);
    }
  }
  return new Mask(rows, cols, holes);
}

/**
 * A random solvable board: every cell (not a hole) pressed a uniformly random number of
 * times 0..k−1 from all 0. The press map x ↦ A·x (mod k) is a homomorphism of Z/kZ
 * modules, so a uniform x gives an A·x uniform over the image of A — exactly the boards
 * solvable from all 0 — each hit by |kernel| press vectors (for k = 2 this is each cell
 * pressed with probability 1/2 over GF(2)). `random` returns [0, 1). Meant for small
 * boards the page makes before Python has loaded; big ones come from the worker.
 */
export function randomSolvableBoard(rows, cols, { k = 2, stencil = PLUS_STENCIL, surface = "plane", mask = null, random = Math.random, graph = null, start = null } = {}) {
  const board = start ?? emptyBoard(rows, cols, k); // presses from a solvable start keep it solvable
  const holes = mask?.holes ?? null;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (holes?.get(r * cols + c)) continue;
      const times = Math.floor(random() * k);
      if (times && graph) pressGraph(board, graph, r * cols + c, times, holes);
      else if (times) pressBoard(board, r, c, { stencil, surface, holes, times });
    }
  }
  return board;
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

  /** Push `entries[from..to)` (an array or typed array of moves) at once. */
  pushMany(entries, from, to) {
    const needed = this.length + (to - from);
    if (needed > this.items.length) {
      let size = this.items.length;
      while (size < needed) size *= 2;
      const grown = new Uint32Array(size);
      grown.set(this.items.subarray(0, this.length));
      this.items = grown;
    }
    if (ArrayBuffer.isView(entries)) this.items.set(entries.subarray(from, to), this.length);
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
 * A puzzle on any graph (a preset of the real games, or a user's graph) as the game needs
 * it: `presses[i]` the cells a press of cell i adds 1 to (the API's `puzzle` reply,
 * docs/api.md), `fields` the API's puzzle field naming it ({preset: NAME} or {graph: OBJECT}),
 * and the drawing (`coords`, `outline`, `edges`, `names`, `solid`) and facts (`preset`, `title`) as the
 * reply gives them. Cells are the board's indices r·cols + c.
 */
export function graphOfPuzzle(reply) {
  const cells = reply.rows * reply.cols;
  if (!Array.isArray(reply.presses) || reply.presses.length !== cells) {
    throw new RangeError(`a graph puzzle needs ${cells} press sets, got ${reply.presses?.length}`);
  }
  const presses = reply.presses.map((set) => {
    for (const j of set) if (!Number.isInteger(j) || j < 0 || j >= cells) throw new RangeError(`press set cell ${j} is outside 0..${cells - 1}`);
    return Int32Array.from(set);
  });
  const fields = reply.preset ? { preset: reply.preset.name } : reply.graph ? { graph: reply.graph } : {};
  return Object.freeze({
    fields, presses, kind: reply.kind, outline: reply.outline ?? "circle", coords: reply.coords ?? null,
    edges: reply.edges ?? null, names: reply.names ?? null, preset: reply.preset ?? null, title: reply.title ?? null,
    solid: reply.solid ?? null, // where the cells sit in 3D (the cube, the Orbix: solid-view.js), or null
    rule: reply.rule ?? null,
  });
}

/** A goal the variant controls know: a preset's own goal board (Merlin's ring) becomes "off". */
export function plainTarget(target) {
  return typeof target === "string" ? target : "off";
}

export class Game {
  /**
   * `board` (its k is the game's), `target` "off" | "on" | a Board of goal states (a
   * preset's own goal, e.g. Merlin's ring), `stencil` (makeStencil), `surface` (SURFACES), `mask`
   * a Mask of the board's size or null, `graph` (graphOfPuzzle) or null: with a graph a
   * press of cell i adds 1 to the cells of graph.presses[i] and rule and surface are unused.
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
      const { bits } = board;
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
