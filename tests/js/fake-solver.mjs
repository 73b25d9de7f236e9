// @ts-check
// A fake solver for session tests: answers the API's ops (docs/api.md) for small
// boards by brute force in JS, and lets a test hold replies back to answer them out of
// order. Every solution it gives is found by simulating presses, never assumed.
import { packPayload } from "../../static/model/codec.js";
import { boardFromReference, emptyBoard } from "../../static/model/board.js";
import { Game } from "../../static/model/game.js";
import { makeStencil, pressBoard } from "../../static/model/presses.js";

/**
 * The limits the session tests run with: the API's figures they reach, and the page's gridLimit.
 * A fake's, typed as the page's (Limits): what these tests never reach is left out (explain_cells,
 * presets, worst_case_cells, …), and a test that needs one adds it.
 */
export const LIMITS = /** @type {Readonly<import("../../static/model/limits.js").Limits>} */ (Object.freeze({
  max_side: 10000, max_states: 255, max_listed_solutions: 1024, max_quiet_shown: 64, exact_nullity: 30,
  max_search_seconds: 3600, gridLimit: 64, max_format_cells: 2 ** 22,
}));

function reply(boards, fields) {
  const { payload, references } = packPayload(boards.map((board) => ({ rows: board.rows, cols: board.cols, bytes: board.packed() })));
  return { ok: true, ...fields(references), payload };
}

/** The board after pressing each cell of `presses` its count of times, simulated press by press (holes have no press). */
export function pressedBy(board, presses, { stencil, surface, holes = null }) {
  const after = board.copy();
  for (const index of presses.indices()) {
    pressBoard(after, Math.floor(index / board.cols), index % board.cols, { stencil, surface, holes, times: presses.get(index) });
  }
  return after;
}

/**
 * Every press-count vector of a small board, fewest presses first, that takes `board` to the goal.
 * All k^cells vectors are walked in odometer order, the lights kept as each step leaves them: a
 * step presses each cell whose count it changes once more (a count that wraps from k − 1 to 0 has
 * had its k-th press, which changes nothing), its change simulated once per cell. Each vector
 * found is then checked by simulating its presses afresh on the board.
 */
export function allSolutions(board, { k, rule, surface, target }) {
  const cells = board.cellCount;
  const stencil = makeStencil(rule);
  const effects = Array.from({ length: cells }, (_, index) => {
    const pressed = emptyBoard(board.rows, board.cols, k);
    pressBoard(pressed, Math.floor(index / board.cols), index % board.cols, { stencil, surface });
    return [...Array(cells).keys()].filter((i) => pressed.get(i)).map((i) => [i, pressed.get(i)]);
  });
  const game = new Game(board.copy(), { stencil, surface, target }); // its board: the lights after the presses so far
  const counts = new Array(cells).fill(0);
  const found = [];
  for (;;) {
    if (game.isSolved()) {
      const presses = emptyBoard(board.rows, board.cols, k);
      counts.forEach((count, index) => presses.set(index, count));
      const check = new Game(pressedBy(board, presses, { stencil, surface }), { stencil, surface, target });
      if (!check.isSolved()) throw new Error("the fake's walk of the press vectors went wrong");
      found.push(presses);
    }
    let digit = 0; // the odometer's step: counts wrap from the lowest digit up
    for (; digit < cells; digit++) {
      for (const [i, add] of effects[digit]) game.board.set(i, (game.board.get(i) + add) % k);
      counts[digit] = (counts[digit] + 1) % k;
      if (counts[digit] !== 0) break;
    }
    if (digit === cells) break; // every vector walked
  }
  return found.sort((a, b) => a.total() - b.total());
}

/** The board the fake deals for a request with a `seed` (the puzzle of the day's): a function of the seed alone. */
export function seededBoard({ rows, cols, seed, k = 2 }) {
  const board = emptyBoard(rows, cols, k);
  for (let i = 0; i < board.cellCount; i++) if ((seed + i * i) % 3 === 0) board.set(i, 1);
  return board;
}

export class FakeSolver {
  constructor() {
    this.ready = true;
    this.sent = []; // every request, as sent
    this.held = null; // when an array, replies wait here until release()
    this.waiters = []; // {count, resolve}: whenSent's
  }

  /** Resolves once `count` requests have been sent in all (a command's request may go out a tick after the click). */
  whenSent(count) {
    if (this.sent.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  hold() {
    this.held = [];
  }

  /** Answer every held request, in the order sent, and answer the next ones at once. */
  releaseAll() {
    const held = this.held ?? [];
    this.held = null;
    for (const entry of held) entry.answer();
  }

  /** Answer the held request number `index` (in the order sent). */
  release(index) {
    const entry = this.held[index];
    entry.answer();
  }

  request(message, { payload = null } = {}) {
    this.sent.push(message);
    for (const waiter of this.waiters.filter(({ count }) => this.sent.length >= count)) waiter.resolve();
    this.waiters = this.waiters.filter(({ count }) => this.sent.length < count);
    const answer = () => this.answer(message, payload);
    if (this.held === null) return Promise.resolve().then(answer);
    return new Promise((resolve, reject) => {
      this.held.push({ answer: () => { try { resolve(answer()); } catch (error) { reject(error); } } });
    });
  }

  answer(message, payload) {
    const k = message.k ?? 2;
    if (message.op === "random" && message.seed !== undefined) {
      return reply([seededBoard(message)], ([reference]) => ({ board: reference })); // the same board for the same seed
    }
    if (message.op === "random") {
      this.randoms = (this.randoms ?? 0) + 1;
      const board = emptyBoard(message.rows, message.cols, k);
      board.set(0, 1); // each random board is told apart by its number of lit cells
      for (let i = 1; i < Math.min(this.randoms, board.cellCount); i++) board.set(i, 1);
      return reply([board], ([reference]) => ({ board: reference }));
    }
    if (message.op === "parse") {
      // "#"/"." rows; anything else is an error at its line and column, as the API reports it.
      const lines = message.text.trim().split("\n");
      lines.forEach((line, row) => {
        const column = line.search(/[^#.]/);
        if (column >= 0) throw Object.assign(new Error(`line ${row + 1}, column ${column + 1}: bad symbol`), { line: row + 1, column: column + 1 });
      });
      const board = emptyBoard(lines.length, lines[0].length, k);
      lines.forEach((line, row) => [...line].forEach((symbol, col) => { if (symbol === "#") board.set(row * line.length + col, 1); }));
      return reply([board], ([reference]) => ({ board: reference, rows: board.rows, cols: board.cols, k, format: "grid" }));
    }
    const board = boardFromReference(message.board, payload, k);
    const variant = { k, rule: message.rule, surface: message.surface, target: message.target };
    const solutions = allSolutions(board, variant);
    if (message.op === "solutions") {
      return reply(solutions.slice(0, message.limit), (references) => ({ solutions: references, total: String(solutions.length) }));
    }
    if (message.op === "solve") {
      // The quiet patterns are the dark board's solutions: 1 in that many boards is solvable.
      const quiet = allSolutions(emptyBoard(board.rows, board.cols, k), { ...variant, target: "off" }).length;
      const solvable_fraction = k === 2 ? `1/2^${Math.log2(quiet)}` : `1/${quiet}`;
      if (solutions.length === 0) {
        const nearest = emptyBoard(board.rows, board.cols);
        nearest.set(0, 1);
        return reply([nearest, nearest], ([proof, near]) => ({
          solvable: false, solution: null, presses: null, rank: board.cellCount - 1, nullity: 1, invariant_factors: [2],
          solutions: "0", solvable_fraction, proof, nearest: near,
        }));
      }
      const best = solutions[0];
      const listed = message.list >= solutions.length ? solutions : []; // every solution, fewest first, or none
      return reply([best, ...listed], ([solution, ...references]) => ({
        solvable: true, solution, presses: best.total(), cells_pressed: best.litCount, rank: 0, nullity: 0,
        invariant_factors: [], solutions: String(solutions.length), solvable_fraction, minimal: true, minimal_count: 1,
        ...(listed.length ? { listed: references } : {}),
      }));
    }
    throw new Error(`the fake solver has no op ${message.op}`);
  }
}
