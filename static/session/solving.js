// @ts-check
// Solve, Hint and Search to the end, the session's (session.js) helper: asks Python for a
// solution of the board on screen (the fewest presses on the grid's sizes) and hands the
// answer to the session's commands — showSolution, showUnsolvable, showSolutionList — which
// alone change the marks and overlays. Play solution (playback.js) solves through here too.

import { messageOf } from "./messages.js";
import * as requests from "./requests.js";
import { searchOffer, solutionMessage } from "./solve-messages.js";
import { boardFromReference, emptyBoard } from "../model/board.js";

/** True when the board's solutions are listed and the fewest can be searched to the end: two states on the DOM grid. */
function listsSolutions(session) {
  return !session.multiState && !session.usesCanvas();
}

export class Solving {
  /** Solves for `session` (its game, limits, search budget, requests and commands). */
  constructor(session) {
    this.session = session;
  }

  /**
   * Ask Python for a solution of the current board — once no board is on its way (session.settled) — with
   * all of them listed when `list` and the board lists them (listsSolutions); `command` is the player's
   * ("solve", "hint"), whose answer a press meanwhile drops. {solution: Board, message, reply}, or null (said why).
   * `method` (k = 2), `minimal` (by default on the grid) and `seconds` (the search's budget; null: the session's) are the solve op's.
   * @param {{method?: string, minimal?: boolean, seconds?: number | null, list?: boolean, command?: "solve" | "hint"}} [options]
   */
  async findSolution({ method = "auto", minimal, seconds = null, list = false, command = "solve" } = {}) {
    const { session } = this;
    session.say(messageOf(seconds === null ? "solving" : "searchingToEnd"));
    // A board on its way (New puzzle, a link, a level) is the one to solve; a link that failed
    // meanwhile leaves its error on the message line, and nothing is solved for the stand-in.
    if (!(await session.settled())) return null;
    if (session.settingUp) session.setMode("play"); // the marks answer for the board as set, and are followed by pressing
    const game = session.game;
    minimal ??= !session.usesCanvas();
    // The fewest-presses search grows with 2^nullity and with the board: it runs for the
    // grid's sizes only. (With nullity 0 the one solution is the fewest anyway.)
    const listed = list && listsSolutions(session) ? { list: session.limits.max_listed_solutions } : {};
    const extra = { minimal, ...(game.k === 2 ? { method } : {}), ...(seconds !== null ? { seconds } : session.searchBudget), ...listed };
    const timeoutMs = seconds !== null ? (seconds + 60) * 1000 : undefined;
    const reply = await requests.solve(session, game.board, extra, { timeoutMs, channel: "solve", command });
    if (!reply) return null; // failed, or the board changed meanwhile
    if (!reply.solvable) {
      session.showUnsolvable(reply);
      return null;
    }
    if (reply.presses === 0) {
      session.say(messageOf("alreadySolved"));
      return null;
    }
    const solution = boardFromReference(reply.solution, reply.payload, game.k);
    return { solution, message: solutionMessage(reply, solution, session.multiState), reply };
  }

  /**
   * Solve: mark a solution (fewest presses on the grid) and, on the grid with two states, list
   * them all when there are at most max_listed_solutions: Python lists them fewest first with the marked one first
   * among its equals, so the navigator starts at "Solution 1 of N".
   */
  async solve(options = {}) {
    const { session } = this;
    session.stopPlayback(); // the marks being played are about to be replaced
    const found = await this.findSolution({ ...options, list: true });
    if (!found) return;
    const onGrid = listsSolutions(session); // the game solved: findSolution waited for a board on its way
    session.showSolution(found, { offer: onGrid ? searchOffer(found.reply, session.limits) : undefined });
    const listed = found.reply.listed ?? [];
    if (listed.length > 1) {
      const solutions = listed.map((reference) => boardFromReference(reference, found.reply.payload, session.game.k));
      session.showSolutionList(solutions, Math.max(0, solutions.findIndex((solution) => solution.equals(found.solution))));
    }
  }

  /** Search every solution for the fewest presses (Cancel stops it); show the proven answer. */
  async searchToEnd() {
    const found = await this.findSolution({ minimal: true, seconds: this.session.limits.max_search_seconds });
    if (found) this.session.showSolution(found);
  }

  /** Mark one press of a solution: any press of a solution is a correct next step (the first in reading order). */
  async hint() {
    const { session } = this;
    session.stopPlayback();
    const found = await this.findSolution({ command: "hint" });
    if (!found) return;
    const [index] = found.solution.indices(1);
    const { rows, cols } = session.game.board;
    const marks = emptyBoard(rows, cols, session.game.k);
    marks.set(index, 1);
    session.showSolution({ solution: marks, message: messageOf("hintShown") }, { hint: index });
  }
}
