// @ts-check
// A link Python must read (a real game's, a level's, a graph's: the `share` op) that could not
// be read because the solver failed to start — not because the link is bad — is read again
// once the solver is ready (Retry), unless the player has played on the stand-in shown
// meanwhile or chosen another game. One mechanism for a shared link (share-panel.js) and for
// the game left (resume.js). No DOM and no words.

export class SolverWait {
  /** Waits on behalf of `session` (its game is the stand-in to watch). */
  constructor(session) {
    this.session = session;
    this.held = null; // {game, retry}: the stand-in shown, and what to do once the solver runs
  }

  /** Do `retry()` once the solver is ready again, if the game shown now is still untouched then. */
  hold(retry) {
    this.held = { game: this.session.game, retry };
  }

  /** Forget what waits (a new link is being read). */
  clear() {
    this.held = null;
  }

  /** True while the session's game is the untouched stand-in of something waiting. */
  holds(game = this.session.game) {
    return this.held?.game === game && game.moveCount === 0;
  }

  /** The solver client's state: on "ready", what waits is retried (or dropped, if the player moved on). */
  solverChanged(state) {
    if (state !== "ready" || !this.held) return;
    const still = this.holds();
    const { retry } = this.held;
    this.held = null;
    if (still) retry();
  }
}
