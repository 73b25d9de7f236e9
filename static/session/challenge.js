// The timed challenge: New puzzle, the puzzle of the day, a sample board (sample-boards.js)
// or a real game dealt from the Games choice, or a link to one of them. The tracker keeps the
// challenge being played for the session (session.js): the key its best results are filed
// under, its start, the proven fewest presses (asked of Python once), its clock (from the
// first press to the goal) and whether the solver helped; the session ends it when the board
// changes any other way. Here too: a challenge's kind as a link's p= token (the puzzle of the
// day's carries its number: daily.js). Best results and the statistics are kept with the other
// records (records.js, the session's `records`). No DOM: the tracker asks and announces through the session.

import { countMessage, joinMessages, messageOf } from "./messages.js";
import { formatDuration } from "./common-messages.js";
import * as requests from "./requests.js";
import { SAMPLE_BOARDS, sampleBoard } from "../model/sample-boards.js";
import { currentKind } from "./records.js";
import { dailyNumber, dailyNumberOfToken, dailyToken, resultLine } from "./daily.js";
import { levelStars } from "./levels.js";
import { Game } from "../model/game.js";
import { MAX_LINK_LENGTH, shareTextOf } from "../model/share-link.js";

/**
 * A challenge kind as a share link's p= value: the session's kinds ("random", "daily",
 * "lit 3", "presses 5", "sample tv", "game orbix") with "-" for the space ("sample-tv").
 */
export function challengeToken(kind) {
  return kind.replace(" ", "-");
}

/** The p= token of `challenge` (the tracker's current): its kind's, or the numbered day's ("daily-17"). */
export function challengeTokenOf(challenge) {
  return challenge.kind === "daily" && challenge.day ? dailyToken(challenge.day) : challengeToken(challenge.kind);
}

/**
 * The puzzle a link's p= value (`token`) names, for the game the link opens — the one reader
 * of p= tokens: a level ("level-classic": {kind, levelSet}, its number being the link's l=);
 * {kind, labelKey} (the label's string key, with {rows} and {cols} for New puzzle); for a real
 * game dealt from the Games choice ("game-orbix"), {kind, label} (its name by language: the
 * API's preset.game); a numbered day's puzzle ("daily-17") {kind: "daily", day, labelKey}; null for a kind this page does not deal, or a sample board or game whose
 * board or variant the link does not have (so a link cannot file another board's result under
 * it). An old link's "sample-<id>" is the sample board's (currentKind).
 */
export function challengeOfToken(token, game) {
  const kind = currentKind(token).replace("-", " ");
  const realGame = game.graph?.preset;
  const standard = game.k === 2 && game.stencil.name === "plus" && game.surface === "plane" && !game.mask && !game.graph;
  const day = dailyNumberOfToken(token);
  if (day !== null) return standard && game.board.rows === 5 && game.board.cols === 5 ? { kind: "daily", day, labelKey: "dailyPuzzle" } : null;
  if (/^level [a-z][a-z0-9-]*$/.test(kind)) return { kind, levelSet: kind.slice("level ".length) };
  if (kind.startsWith("game ")) return realGame && kind === `game ${realGame.name}` ? { kind, label: realGame.game } : null;
  if (kind === "random" || /^(lit|presses) (0|[1-9][0-9]{0,8})$/.test(kind)) return { kind, labelKey: "newPuzzleSized" };
  if (kind === "daily") return { kind, labelKey: "dailyPuzzle" };
  const sample = SAMPLE_BOARDS.find((candidate) => kind === `sample ${candidate.id}`);
  if (sample && standard && game.startBoard().equals(sampleBoard(sample))) return { kind, labelKey: sample.labelKey };
  return null;
}

export class ChallengeTracker {
  /** `session`: the Session it tracks puzzles for (its game, solver, clock, records and change event). */
  constructor(session) {
    this.session = session;
    // {kind, key, label, start, minimum, startedAt, done, level, records, day}, or null: no challenge.
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

  /**
   * The game from `start` (a Board) is a challenge of `kind` (`label`: its name, a message): track it, and ask Python for its
   * fewest presses unless `minimum` is known. A level (levels.js) gives its `level` ({set, number, count}) and the
   * `records` its best result is kept in (else the session's); the puzzle of the day its `day` (its number, daily.js).
   */
  start(kind, label, start, { minimum = null, level = null, records = null, day = null } = {}) {
    this.current = { key: this.key(kind), label, start: start.copy(), minimum, startedAt: 0, done: false, kind, level, records, day };
    this.askMinimum();
  }

  /**
   * The puzzle a link's p= field (`token`, or null) names, if this page deals it for the
   * game's board (challenge.js: challengeOfToken): {kind, label: a message, day}, or null.
   */
  dealt(token) {
    const { game } = this.session;
    const dealt = token === null || token === undefined ? null : challengeOfToken(token, game);
    if (!dealt || dealt.levelSet) return null; // a level is levels.js's
    const { rows, cols } = game.board;
    const label = dealt.label ? messageOf("nameInLanguage", { names: dealt.label }) : messageOf(dealt.labelKey, { rows, cols });
    return { kind: dealt.kind, label, day: dealt.day ?? null };
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
    if (this.current === asked) session.challengeChanged();
  }

  /** Stop tracking the puzzle (the board changed some other way): part of the command that changed it, which tells it. */
  end() {
    this.current = null;
  }

  /** The clock starts at the puzzle's first press, which makes it a game played (the statistics). */
  startClock() {
    const challenge = this.current;
    if (challenge && !challenge.startedAt && !challenge.done) {
      challenge.startedAt = this.session.now();
      this.session.records?.countPlayed?.();
    }
  }

  /** The puzzle's clock as kept (resume.js): {elapsed, done} in milliseconds, or null before its first press. */
  get clock() {
    const challenge = this.current;
    if (!challenge?.startedAt) return null;
    return { elapsed: challenge.done ? challenge.milliseconds : this.session.now() - challenge.startedAt, done: challenge.done };
  }

  /**
   * The puzzle just resumed (resume.js) goes on from its kept `clock` ({elapsed, done}, or null:
   * not started) with its fewest presses `minimum` when known: the time away is not counted,
   * and neither is a game played again.
   */
  resumeClock(clock, minimum = null) {
    const challenge = this.current;
    if (!challenge) return;
    if (minimum !== null && challenge.minimum === null) challenge.minimum = minimum;
    if (!clock) return;
    challenge.startedAt = this.session.now() - clock.elapsed;
    if (clock.done) Object.assign(challenge, { done: true, milliseconds: clock.elapsed });
  }

  /**
   * The result of the puzzle of the day just won, to share (daily.js: resultLine): a message, or
   * null when no numbered day's puzzle is won. Its link is `address` + "#" + the puzzle's start
   * with no moves: the result says how well, never how.
   */
  shareLine(address) {
    const challenge = this.current;
    const { won, game } = this.session;
    if (!challenge?.day || !challenge.done || !won) return null;
    const start = shareTextOf(new Game(challenge.start.copy(), game.options), MAX_LINK_LENGTH, challengeTokenOf(challenge));
    const stars = won.by === "player" && challenge.minimum !== null ? levelStars(won.moves, challenge.minimum) : 0;
    return resultLine({
      number: challenge.day, moves: won.moves, minimum: challenge.minimum, time: formatDuration(challenge.milliseconds),
      stars, link: `${address}#${start}`,
    });
  }

  /** The puzzle was just solved: stop the clock, record the result; the message (messages.js), or null. */
  finish() {
    const { session } = this;
    const challenge = this.current;
    if (!challenge || !challenge.startedAt || challenge.done) return null;
    challenge.done = true;
    challenge.milliseconds = session.now() - challenge.startedAt;
    const solved = countMessage("solvedPuzzle", session.game.moveCount, { time: formatDuration(challenge.milliseconds) });
    if (session.assisted) return joinMessages(solved, messageOf("assistedNoRecord")); // the solver helped since it was dealt
    const records = challenge.records ?? session.records;
    const moves = session.game.moveCount;
    const improved = records ? records.record(challenge.key, moves, challenge.milliseconds).improved : false;
    // The statistics (records.js, statistics.js): a win of the player's own; the puzzle of the day
    // counts toward the streak when won on its own day.
    const { rows, cols } = session.game.board;
    const today = dailyNumber(session.today());
    session.records?.countWin?.({
      moves, minimum: challenge.minimum, milliseconds: challenge.milliseconds,
      timeKey: challenge.level ? `level ${challenge.level.set}` : `${rows}x${cols}`,
      day: challenge.kind === "daily" && challenge.day === today ? today : null,
    });
    return joinMessages(solved, improved ? messageOf("newRecord") : null);
  }
}
