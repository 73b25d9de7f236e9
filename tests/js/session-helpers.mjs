// @ts-check
// Shared by the session tests: a session on the fake solver that records its change
// events, the words of a message as the page shows them, and the check of shown marks by
// simulating their presses.
import { Session } from "../../static/session/session.js";
export { wordMessage } from "../../static/page/words.js";
import { Game } from "../../static/model/game.js";
import { FakeSolver, LIMITS, pressedBy } from "./fake-solver.mjs";

export function makeSession(options = {}) {
  const solver = new FakeSolver();
  const session = new Session({ solver, limits: LIMITS, wait: () => Promise.resolve(), random: () => 0.9, ...options });
  const changes = [];
  session.subscribe((change) => changes.push(change));
  return { session, solver, changes };
}

/** The board after pressing each cell its marked number of times: the check of a solution. */
export function afterMarks(session) {
  const { game, marks } = session;
  const board = pressedBy(game.board, marks, { stencil: game.stencil, surface: game.surface, holes: game.holes });
  return new Game(board, { target: game.target, mask: game.mask });
}
