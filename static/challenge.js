// The puzzle being played, for the session (session.js): New puzzle, the puzzle of the
// day, a preset or a game, or a link to one of them. It keeps the key its best results
// are filed under, its start, the proven fewest presses (asked of Python once), its clock
// (from the first press to the goal) and whether the solver helped; the session ends it
// when the board changes any other way. No DOM: it asks and announces through the session.

import { countMessage, joinMessages, messageOf } from "./messages.js";
import { formatDuration, challengeOfToken } from "./challenge.js";
import * as requests from "./requests.js";

export class ChallengeTracker {
  /** `session`: the Session it tracks puzzles for (its game, solver, clock, records and change event). */
  constructor(session) {
    this.session = session;
    // {kind, key, label, start, minimum, startedAt, done, assisted}, or null: no puzzle.
    this.current = null;
  }

  /** The key best results are kept under: kind, size, and the variant when not the standard one. */
  key(kind) {
    const { game } = this.session;
    const { rows, cols } = game.board;
    const surface = game.surface === "plane" ? "" : ` ${game.surface}`;
    const rule = game.stencil.name === "plus" && !surface ? "" : ` ${game.stencil.name}${surface}`;
    const states = game.k === 2 ? "" : ` k${game.k}`;
    if (game.graph) return `${kind}:${game.graph.preset?.name ?? "graph"} ${rows}x${cols}${states}${game.mask ? " shaped" : ""}`;
    return `${kind}:${rows}x${cols}${rule}${states}${game.mask ? " shaped" : ""}`;
  }

  /** The game from `start` (a Board) is a puzzle of `kind` (`label`: its name, a message): track it, and ask Python for its fewest presses. */
  start(kind, label, start) {
    this.current = {
      key: this.key(kind), label, start: start.copy(), minimum: null, startedAt: 0, done: false, kind, assisted: false,
    };
    this.session.emit({ challenge: true });
    this.askMinimum();
  }

  /**
   * The puzzle a link's p= field (`token`, or null) names, if this page deals it for the
   * game's board (challenge.js: challengeOfToken): {kind, label: a message}, or null.
   */
  dealt(token) {
    const { game } = this.session;
    const dealt = token === null || token === undefined ? null : challengeOfToken(token, game);
    if (!dealt) return null;
    const { rows, cols } = game.board;
    return { kind: dealt.kind, label: dealt.label ? messageOf("nameInLanguage", { names: dealt.label }) : messageOf(dealt.labelKey, { rows, cols }) };
  }

  /** Ask once for the proven fewest presses of the puzzle (again when the solver becomes ready). */
  async askMinimum() {
    const { session } = this;
    const asked = this.current;
    if (!asked || asked.minimum !== null || asked.asking || !session.solver.ready || session.usesCanvas()) return;
    asked.asking = true;
    const reply = await requests.solve(session, asked.start, { minimal: true }, { board: false, quiet: true });
    asked.asking = false;
    if (reply?.solvable && reply.minimal) asked.minimum = reply.presses;
    if (this.current === asked) session.emit({ challenge: true });
  }

  /** Stop tracking the puzzle (the board changed some other way). */
  end() {
    const ended = this.current;
    this.current = null;
    if (ended) this.session.emit({ challenge: true });
  }

  /** The clock starts at the puzzle's first press. */
  startClock() {
    const challenge = this.current;
    if (challenge && !challenge.startedAt && !challenge.done) challenge.startedAt = this.session.now();
  }

  /** Solve, Hint, Explain or Play solution helped: no best result for this puzzle. */
  assist() {
    if (this.current) this.current.assisted = true;
  }

  /** The puzzle was just solved: stop the clock, record the result; the message (messages.js), or null. */
  finish() {
    const { session } = this;
    const challenge = this.current;
    if (!challenge || !challenge.startedAt || challenge.done) return null;
    challenge.done = true;
    challenge.milliseconds = session.now() - challenge.startedAt;
    const solved = countMessage("solvedPuzzle", session.game.moveCount, { time: formatDuration(challenge.milliseconds) });
    if (challenge.assisted) return joinMessages(solved, messageOf("assistedNoRecord"));
    const improved = session.records ? session.records.record(challenge.key, session.game.moveCount, challenge.milliseconds).improved : false;
    return joinMessages(solved, improved ? messageOf("newRecord") : null);
  }
}
