// @ts-check
// The timed challenge: New puzzle, the puzzle of the day, a sample board (sample-boards.js)
// or a real game dealt from the Games choice, or a link to one of them. The tracker keeps the
// challenge being played for the session (session.js): the key its best results are filed
// under, its start, the proven fewest presses (asked of Python once), its clock (from the
// first press to the goal) and whether the solver helped; the session ends it when the board
// changes any other way. Here too: a challenge's kind as a link's p= token (the puzzle of the
// day's carries its number: daily.js). Best results and the statistics are kept with the other
// records (records.js, the session's `records`). No DOM: the tracker asks and announces through the session.

import { joinMessages, messageOf } from "./messages.js";
import { formatDuration, solvedMessage } from "./common-messages.js";
import * as requests from "./requests.js";
import { SAMPLE_BOARDS, sampleBoard } from "../model/sample-boards.js";
import { currentKind } from "./records.js";
import { dailyNumber, dailyNumberOfToken, dailyToken, dayOfNumber, resultLine } from "./daily.js";
import { levelStars } from "./levels.js";
import { boardFromReference } from "../model/board.js";
import { Game } from "../model/game.js";
import { MAX_LINK_LENGTH, shareTextOf } from "../model/share-link.js";

/**
 * The level a puzzle is (levels.js): its `set`'s name, its `number` of the set's `count`, the
 * set's `game` (its name by language).
 * @typedef {{set: string, number: number, count: number, game: import("./requests.js").Names}} PlayedLevel
 */
/**
 * The puzzle being played (ChallengeTracker.current): its `kind` ("random", "daily", "lit 3",
 * "sample tv", "game orbix", "level classic"), the `key` its best results are filed under and its
 * `label` (a message); the `start` board dealt; the proven fewest presses (`minimum`, null until
 * Python answers); its clock (`startedAt`, 0 before the first press; `milliseconds`, its time once
 * `done`); a level's `level` and the `records` its best result is kept in (null: the session's);
 * the puzzle of the day's `day`, whether its board is known to be that day's (`dayChecked`) and
 * the win `held` until it is; whether its fewest presses are being asked (`asking`) and its day
 * checked (`checking`).
 * @typedef {object} Challenge
 * @property {number} serial one puzzle dealt told from the next (views draw a new one from zero)
 * @property {string} kind
 * @property {string} key
 * @property {import("./messages.js").Message} label
 * @property {import("../model/board.js").Board} start
 * @property {number | null} minimum
 * @property {number} startedAt
 * @property {boolean} done
 * @property {number} [milliseconds]
 * @property {PlayedLevel | null} level
 * @property {import("./records.js").ResultKeeper | null} records
 * @property {number | null} day
 * @property {boolean} dayChecked
 * @property {import("./statistics.js").Win | null} held
 * @property {boolean} [asking]
 * @property {boolean} [checking]
 * @property {boolean} revealed the player asked to see the fewest presses before the win
 */

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
 * API's preset.game); a numbered day's puzzle ("daily-17") {kind: "daily", day, labelKey} when the
 * game is the standard 5×5 one with every light off the goal (its board is checked against the
 * day's by ChallengeTracker.checkDay). Null for a kind this page does not deal, an older link's
 * plain "daily" (no day to check it against), or a sample board, day or game whose board,
 * variant or goal the link does not have (so a link cannot file another board's result under
 * it). An old link's "sample-<id>" is the sample board's (currentKind).
 */
export function challengeOfToken(token, game) {
  const kind = currentKind(token).replace("-", " ");
  const realGame = game.graph?.preset;
  // The standard game: two states, the plus rule on a plane, no shape, every light off the goal.
  const standard = game.k === 2 && game.stencil.name === "plus" && game.surface === "plane" && !game.mask && !game.graph
    && game.target === "off";
  const day = dailyNumberOfToken(token);
  if (day !== null) return standard && game.board.rows === 5 && game.board.cols === 5 ? { kind: "daily", day, labelKey: "dailyPuzzle" } : null;
  // An older link's plain "daily" names no day, so its board cannot be checked as a day's: a shared board.
  if (kind === "daily") return null;
  if (/^level [a-z][a-z0-9-]*$/.test(kind)) return { kind, levelSet: kind.slice("level ".length) };
  if (kind.startsWith("game ")) return realGame && kind === `game ${realGame.name}` ? { kind, label: realGame.game } : null;
  if (kind === "random" || /^(lit|presses) (0|[1-9][0-9]{0,8})$/.test(kind)) return { kind, labelKey: "newPuzzleSized" };
  const sample = SAMPLE_BOARDS.find((candidate) => kind === `sample ${candidate.id}`);
  if (sample && standard && game.startBoard().equals(sampleBoard(sample))) return { kind, labelKey: sample.labelKey };
  return null;
}

export class ChallengeTracker {
  /** `session`: the Session it tracks puzzles for (its game, solver, clock, records and change event). */
  constructor(session) {
    this.session = session;
    /** @type {Challenge | null} */
    this.current = null; // the puzzle being played, or null: none
    this.dealtCount = 0; // puzzles dealt so far: the next one's serial (views draw a new one from zero)
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
   * `records` its best result is kept in (else the session's); the puzzle of the day its `day` (its number, daily.js),
   * and `dayChecked` false when its board came from a link, not from Python's deal of the day: it is checked (checkDay).
   * @param {string} kind
   * @param {import("./messages.js").Message} label
   * @param {import("../model/board.js").Board} start
   * @param {{minimum?: number | null, level?: PlayedLevel | null, records?: import("./records.js").ResultKeeper | null,
   *   day?: number | null, dayChecked?: boolean}} [details]
   */
  start(kind, label, start, { minimum = null, level = null, records = null, day = null, dayChecked = true } = {}) {
    this.current = {
      serial: ++this.dealtCount, key: this.key(kind), label, start: start.copy(), minimum, startedAt: 0, done: false, kind, level,
      records, day, dayChecked: day === null || dayChecked, held: null, revealed: false,
    };
    this.askMinimum();
    this.checkDay();
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

  /**
   * A link's (or a kept game's) p=daily-N is taken at its word only once its board is day N's:
   * Python deals that day's board again from its date and the two are compared (a link edited,
   * or made by hand, would otherwise count toward the streak and share as that day's result);
   * the rest of the puzzle — the standard 5×5 game, every light off the goal — was checked when
   * the link was read (challengeOfToken), and changing it ends the puzzle (session.js). Until
   * the answer the puzzle is played as the day's, but a win is held (finish): credited when the
   * board is the day's, dropped when it is not, and said either way; a board that differs is
   * played on as a plain shared board. Asked again when the solver becomes ready (it failed, or
   * was still starting).
   */
  async checkDay() {
    const { session } = this;
    const challenge = this.current;
    if (!challenge || challenge.dayChecked || challenge.checking) return;
    challenge.checking = true;
    const reply = await requests.daily(session, dayOfNumber(challenge.day).seed, { channel: "day-check", quiet: true });
    challenge.checking = false;
    if (!reply || this.current !== challenge) return; // the solver failed (asked again once ready), or another game came
    const { held } = challenge;
    challenge.held = null;
    if (boardFromReference(reply.board, reply.payload).equals(challenge.start)) {
      challenge.dayChecked = true;
      const counted = held ? joinMessages(messageOf("dailyWinCounted", { number: challenge.day }), this.credit(held) ? messageOf("newRecord") : null) : undefined;
      session.challengeChanged(counted);
      return;
    }
    this.end();
    session.challengeChanged(joinMessages(messageOf("dailyNotThatDay", { number: challenge.day }), held ? messageOf("dailyWinDropped") : null));
  }

  /**
   * True when the puzzle's fewest presses may be shown: once it is won, or when the player asked
   * (reveal). Hidden until then, as the daily games hide the answer's size until the end.
   */
  get fewestShown() {
    const challenge = this.current;
    return Boolean(challenge && challenge.minimum !== null && (challenge.done || challenge.revealed));
  }

  /** Show the puzzle's fewest presses now (the player asked: one tap). */
  reveal() {
    const challenge = this.current;
    if (!challenge || challenge.revealed) return;
    challenge.revealed = true;
    this.session.challengeChanged();
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
    if (!challenge?.day || !challenge.dayChecked || !challenge.done || !won) return null;
    const start = shareTextOf(new Game(challenge.start.copy(), game.options), MAX_LINK_LENGTH, challengeTokenOf(challenge));
    const stars = won.by === "player" && challenge.minimum !== null ? levelStars(won.moves, challenge.minimum) : 0;
    return resultLine({
      number: challenge.day, moves: won.moves, minimum: challenge.minimum, time: formatDuration(challenge.milliseconds),
      stars, link: `${address}#${start}`,
    });
  }

  /**
   * The puzzle was just solved, the win `won` ({by, moves}: session.js, settle): stop the clock and
   * credit the result (credit) — unless the solver helped (won.by "helped" or "played"), or it is a
   * day's puzzle whose board is not yet checked (checkDay), whose result is held until then. The
   * message (messages.js), or null.
   * @param {import("./session.js").Won} won
   */
  finish(won) {
    const { session } = this;
    const challenge = this.current;
    if (!challenge || !challenge.startedAt || challenge.done) return null;
    challenge.done = true;
    challenge.milliseconds = session.now() - challenge.startedAt;
    // Worded as the banner words the win (helped, played), with the time.
    const solved = solvedMessage({ by: won.by, moves: session.game.moveCount }, formatDuration(challenge.milliseconds));
    if (session.assisted || won.by !== "player") return joinMessages(solved, messageOf("assistedNoRecord")); // the solver helped since it was dealt
    // The puzzle of the day counts toward the streak when won on its own day (statistics.js).
    const today = dailyNumber(session.today());
    const { rows, cols } = session.game.board;
    const result = {
      moves: session.game.moveCount, milliseconds: challenge.milliseconds,
      timeKey: challenge.level ? `level ${challenge.level.set}` : `${rows}x${cols}`,
      day: challenge.kind === "daily" && challenge.day === today ? today : null,
    };
    if (!challenge.dayChecked) {
      challenge.held = result;
      return joinMessages(solved, messageOf("dailyWinHeld", { number: challenge.day }));
    }
    return joinMessages(solved, this.credit(result) ? messageOf("newRecord") : null);
  }

  /**
   * Credit the player's own win of the puzzle being played, `result` = {moves, milliseconds,
   * timeKey, day} (day: the puzzle of the day's number when won on its day, else null): its
   * best result (the level set's records for a level) and the statistics (records.js,
   * statistics.js), on the day it is credited (the chart marks today's last win). True when it is a new best.
   * @param {import("./statistics.js").Win} result
   */
  credit({ moves, milliseconds, timeKey, day }) {
    const { session } = this;
    const challenge = this.current;
    const records = challenge.records ?? session.records;
    const improved = records ? records.record(challenge.key, moves, milliseconds).improved : false;
    const today = dailyNumber(session.today());
    session.records?.countWin?.({ moves, minimum: challenge.minimum, milliseconds, timeKey, day, today });
    return improved;
  }
}
