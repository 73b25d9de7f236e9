// @ts-check
// The Levels mode's midend: the handhelds' own puzzles in order (the API's `levels` op,
// lightsout.presets.levels) and the level being played; the player's progress through them is
// kept with the other records (records.js, the session's `records`). No DOM and no words: what it says is data (messages.js), worded by
// levels-panel.js and win-panel.js.
//
// A level is played as a puzzle of the session's (challenge.js), of the kind
// "level <SET>", with the level's {set, number, count} and its fewest presses known from
// the start; the tracker's clock, "helped" mark and best result are the ones every puzzle
// has, and its best result is filed with the level's progress (records.js: levelRecords)
// rather than among the other puzzles'. Its link is the set's preset's, with p=level-<SET> and l=<number>
// (lightsout.share.links checks it; share-panel.js writes and opens it).

import { messageOf } from "./messages.js";
import * as requests from "./requests.js";
import { boardFromId } from "../model/board.js";

const KIND_PREFIX = "level ";

/** The puzzle kind of a level of set `name` ("level classic"; its link's p= is "level-classic"). */
export function levelKind(name) {
  return KIND_PREFIX + name;
}

/**
 * Stars for solving a level in `moves` presses when `minimum` is the fewest: 3 at the fewest,
 * 2 within half as many again (moves ≤ 1.5 × minimum), else 1.
 */
export function levelStars(moves, minimum) {
  if (moves <= minimum) return 3;
  return moves * 2 <= minimum * 3 ? 2 : 1;
}

/**
 * The Levels mode: the level sets (asked of Python once), and playing a level of one. Panels
 * call it; it changes the game through the session's dealer, which emits the change.
 */
export class LevelPlay {
  /** `session`: the page's session (its `records` keep the progress, records.js). */
  constructor(session) {
    this.session = session;
    /** @type {import("./requests.js").LevelSet[] | null} */
    this.sets = null; // the levels reply's sets, once loaded
    /** @type {Promise<import("./requests.js").LevelSet[] | null> | null} */
    this.loading = null; // the promise of the reply while it is asked for
  }

  /** The level sets (the `levels` reply's), asked once; null when the solver failed. */
  async load() {
    if (this.sets) return this.sets;
    this.loading ??= requests.levels(this.session).then((reply) => {
      this.loading = null;
      if (reply) this.sets = reply.sets;
      return this.sets;
    });
    return this.loading;
  }

  /** Set `name` of the loaded sets, or null. @param {string} name @returns {import("./requests.js").LevelSet | null} */
  set(name) {
    return this.sets?.find((entry) => entry.name === name) ?? null;
  }

  /** The level being played: {set, number, count, game} (the puzzle's), or null. @returns {import("./challenge.js").PlayedLevel | null} */
  get current() {
    return this.session.challenge?.level ?? null;
  }

  /** Play level `number` of set `name` from its start (the session's `changing` work). Resolves true once it is the game. */
  openLevel(name, number) {
    const { session } = this;
    return session.changing(async () => {
      const entry = (await this.load()) && this.set(name);
      const level = entry?.levels[number - 1];
      if (!level) return false;
      const puzzle = await requests.presetPuzzle(session, entry.preset);
      if (!puzzle) return false;
      const game = messageOf("nameInLanguage", { names: entry.game });
      const message = messageOf("levelDealt", { game, number, total: entry.count, best: level.minimal_presses });
      return session.dealer().playGraph(puzzle, { board: boardFromId(level.board, puzzle.k), message, replaced: () => this.track(entry, level) });
    });
  }

  /** The level after the one being played, or null on the last (or when none is played). */
  get next() {
    const level = this.current;
    return level && level.number < level.count ? { set: level.set, number: level.number + 1 } : null;
  }

  /** Play the next level. */
  openNext() {
    const next = this.next;
    return next ? this.openLevel(next.set, next.number) : Promise.resolve(false);
  }

  /**
   * The game a link just opened is level `number` of set `name` (its p= token, read by
   * challenge.js: challengeOfToken) — Python checked the board is that level's (lightsout.share.links) —
   * so it is played as that level: its fewest presses, timer and best result.
   */
  async resume(name, number) {
    const { session } = this;
    const game = session.game;
    const entry = (await this.load()) && this.set(name);
    const level = entry?.levels[number - 1];
    if (!level || session.game !== game) return false; // another game was chosen meanwhile
    this.track(entry, level, game.startBoard());
    session.challengeChanged();
    return true;
  }

  /** Track the game as `level` of `entry` (from `start`, the board dealt by default). */
  track(entry, level, start = this.session.game.board) {
    const { number } = level;
    const game = messageOf("nameInLanguage", { names: entry.game });
    this.session.dealer().startChallenge(levelKind(entry.name), messageOf("levelName", { game, number }), start, {
      minimum: level.minimal_presses,
      level: { set: entry.name, number, count: entry.count, game: entry.game },
      records: this.session.records?.levelRecords(entry.name, number, entry.count) ?? null,
    });
  }
}
