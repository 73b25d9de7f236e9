// @ts-check
// The analysis of the variant being played, the session's (session.js) helper: which questions
// to ask Python, and in which order, for the Analysis panel's facts — rank, nullity, solvable
// fraction, worst case, the quiet patterns (two states), or the solutions and invariant factors
// of a k-state game. The panel draws the answer; no DOM and no words here.

import * as requests from "./requests.js";
import { requestErrorMessage } from "./common-messages.js";
import { boardFromReference, emptyBoard } from "../model/board.js";

// The API's analyze computes the worst case for every board of at most worst_case_cells
// (limits.json) cells, and that search grows with the quiet space: with nullity 5 or more it
// can run for minutes (the 5×5 Moore board) or be refused (the 5×5 torus), which would stall
// or fail the panel. Such boards are analysed from a solve of the dark board instead (rank,
// nullity) and the "solutions" op (its solutions are exactly the quiet patterns, fewest presses first).
const WORST_CASE_NULLITY = 4;

/**
 * The analysis of a two-state variant: {rank, nullity, solvable_fraction, worst_case (null: not
 * searched), quiet: [Board] (a basis when `basis`, else the lightest patterns)}.
 * @typedef {{rank: number, nullity: number, solvable_fraction: string, worst_case: number | null,
 *   quiet: import("../model/board.js").Board[], basis: boolean}} TwoStateAnalysis
 */
/**
 * The analysis of a k-state variant, from a solve of the all-0 board (its solutions are the
 * quiet press patterns): {solutions, solvable_fraction, invariant_factors}.
 * @typedef {{solutions: number | string, solvable_fraction: string, invariant_factors: number[]}} StatesAnalysis
 */

export class VariantAnalysis {
  /** Asks for `session` (its game, limits and requests; it says a failure on the message line). */
  constructor(session) {
    this.session = session;
  }

  /**
   * The analysis of the game's variant (its size, rule, surface, shape, k): see the typedefs; null when the solver failed (said).
   * @returns {Promise<TwoStateAnalysis | StatesAnalysis | null>}
   */
  async analyze() {
    const { game } = this.session;
    return game.k === 2 ? this.twoStates(game.board.rows, game.board.cols) : this.states(game.board.rows, game.board.cols, game.k);
  }

  /** @returns {Promise<StatesAnalysis | null>} */
  async states(rows, cols, k) {
    const reply = await requests.solve(this.session, emptyBoard(rows, cols, k), { minimal: false, target: "off" }, { board: false });
    return reply && { solutions: reply.solutions, solvable_fraction: reply.solvable_fraction, invariant_factors: reply.invariant_factors };
  }

  /** @returns {Promise<TwoStateAnalysis | null>} */
  async twoStates(rows, cols) {
    const { session } = this;
    let nullity = null;
    let solved = null;
    if (rows * cols <= session.limits.worst_case_cells) {
      solved = await requests.solve(session, emptyBoard(rows, cols), { target: "off" }, { board: false });
      if (!solved) return null;
      nullity = solved.nullity;
      if (nullity > WORST_CASE_NULLITY) return this.quietPatternsOf(rows, cols, solved);
    }
    let reply;
    try {
      reply = await requests.analyze(session, { board: false, rethrow: true });
    } catch (error) {
      if (error.name !== "TooLargeError" || nullity === null) {
        session.say(requestErrorMessage(error));
        return null;
      }
      return this.quietPatternsOf(rows, cols, solved);
    }
    const quiet = reply.quiet.map((reference) => boardFromReference(reference, reply.payload));
    return { rank: reply.rank, nullity: reply.nullity, solvable_fraction: reply.solvable_fraction, worst_case: reply.worst_case, quiet, basis: true };
  }

  /** An analysis without the worst case: the lightest quiet patterns (not a basis). */
  async quietPatternsOf(rows, cols, solved) {
    const limit = this.session.limits.max_quiet_shown;
    const listed = await requests.solutions(this.session, emptyBoard(rows, cols), limit + 1, { target: "off" }, { board: false });
    if (!listed) return null;
    // The first solution of the dark board is pressing nothing; the rest are quiet patterns.
    const quiet = listed.solutions.map((reference) => boardFromReference(reference, listed.payload))
      .filter((pattern) => pattern.litCount > 0).slice(0, limit);
    return { rank: solved.rank, nullity: solved.nullity, solvable_fraction: solved.solvable_fraction, worst_case: null, quiet, basis: false };
  }
}
