// The timed challenge: New puzzle, the puzzle of the day, a sample board (sample-boards.js)
// or a real game dealt from the Games choice, or a link to one of them. The tracker keeps the
// challenge being played for the session (session.js): the key its best results are filed
// under, its start, the proven fewest presses (asked of Python once), its clock (from the
// first press to the goal) and whether the solver helped; the session ends it when the board
// changes any other way. Here too: a challenge's kind as a link's p= token, the puzzle of the
// day's seed. Best results are kept with the other records (records.js, the session's
// `records`). No DOM: the tracker asks and announces through the session.

import { countMessage, joinMessages, messageOf } from "./messages.js";
import * as requests from "./requests.js";
import { SAMPLE_BOARDS, sampleBoard } from "../model/sample-boards.js";
import { currentKind } from "./records.js";

/**
 * A challenge kind as a share link's p= value: the session's kinds ("random", "daily",
 * "lit 3", "presses 5", "sample tv", "game orbix") with "-" for the space ("sample-tv").
 */
export function challengeToken(kind) {
  return kind.replace(" ", "-");
}

/**
 * The puzzle a link's p= value (`token`) names, for the game the link opens — the one reader
 * of p= tokens: a level ("level-classic": {kind, levelSet}, its number being the link's l=);
 * {kind, labelKey} (the label's string key, with {rows} and {cols} for New puzzle); for a real
 * game dealt from the Games choice ("game-orbix"), {kind, label} (its name by language: the
 * API's preset.game); null for a kind this page does not deal, or a sample board or game whose
 * board or variant the link does not have (so a link cannot file another board's result under
 * it). An old link's "sample-<id>" is the sample board's (currentKind).
 */
export function challengeOfToken(token, game) {
  const kind = currentKind(token).replace("-", " ");
  const realGame = game.graph?.preset;
  if (/^level [a-z][a-z0-9-]*$/.test(kind)) return { kind, levelSet: kind.slice("level ".length) };
  if (kind.startsWith("game ")) return realGame && kind === `game ${realGame.name}` ? { kind, label: realGame.game } : null;
  if (kind === "random" || /^(lit|presses) (0|[1-9][0-9]{0,8})$/.test(kind)) return { kind, labelKey: "newPuzzleSized" };
  if (kind === "daily") return { kind, labelKey: "dailyPuzzle" };
  const sample = SAMPLE_BOARDS.find((candidate) => kind === `sample ${candidate.id}`);
  const standard = game.k === 2 && game.stencil.name === "plus" && game.surface === "plane" && !game.mask;
  if (sample && standard && game.startBoard().equals(sampleBoard(sample))) return { kind, labelKey: sample.labelKey };
  return null;
}

/** The puzzle of the day's seed: the UTC date as the number YYYYMMDD. */
export function dailySeed(date = new Date()) {
  return date.getUTCFullYear() * 10000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
}

/** Minutes:seconds of `milliseconds`, e.g. "1:05". */
export function formatDuration(milliseconds) {
  const seconds = Math.floor(milliseconds / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

export class ChallengeTracker {
  /** `session`: the Session it tracks puzzles for (its game, solver, clock, records and change event). */
  constructor(session) {
    this.session = session;
    // {kind, key, label, start, minimum, startedAt, done, level, records}, or null: no challenge.
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
   * `records` its best result is kept in (else the session's).
   */
  start(kind, label, start, { minimum = null, level = null, records = null } = {}) {
    this.current = { key: this.key(kind), label, start: start.copy(), minimum, startedAt: 0, done: false, kind, level, records };
    this.askMinimum();
  }

  /**
   * The puzzle a link's p= field (`token`, or null) names, if this page deals it for the
   * game's board (challenge.js: challengeOfToken): {kind, label: a message}, or null.
   */
  dealt(token) {
    const { game } = this.session;
    const dealt = token === null || token === undefined ? null : challengeOfToken(token, game);
    if (!dealt || dealt.levelSet) return null; // a level is levels.js's
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
    if (this.current === asked) session.challengeChanged();
  }

  /** Stop tracking the puzzle (the board changed some other way): part of the command that changed it, which tells it. */
  end() {
    this.current = null;
  }

  /** The clock starts at the puzzle's first press. */
  startClock() {
    const challenge = this.current;
    if (challenge && !challenge.startedAt && !challenge.done) challenge.startedAt = this.session.now();
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
    const improved = records ? records.record(challenge.key, session.game.moveCount, challenge.milliseconds).improved : false;
    return joinMessages(solved, improved ? messageOf("newRecord") : null);
  }
}
