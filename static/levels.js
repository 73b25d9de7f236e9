// The Levels mode's midend: the handhelds' own puzzles in order (the API's `levels` op,
// lightsout.presets.levels), the player's progress through them kept in localStorage, and the
// level being played. No DOM and no words: what it says is data (messages.js), worded by
// levels-panel.js and win-panel.js.
//
// A level is played as a puzzle of the session's (challenge.js), of the kind
// "level <SET>", with the level's {set, number, count} and its fewest presses known from
// the start; the tracker's clock, "helped" mark and best result are the ones every puzzle
// has, and its best result is filed here (LevelProgress.recordsOf) rather than among the
// other puzzles'. Its link is the set's preset's, with p=level-<SET> and l=<number>
// (lightsout.share.links checks it; share-panel.js writes and opens it).

import { messageOf } from "./messages.js";
import * as requests from "./requests.js";
import { boardFromId } from "./board.js";
import { improvedResult } from "./challenge.js";

const STORAGE_KEY = "lightsout-levels";
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

const isCount = (value) => Number.isInteger(value) && value >= 0;

/** A stored best result, {moves, milliseconds}, or null when it is not one. */
function bestOf(entry) {
  return entry && typeof entry === "object" && isCount(entry.moves) && Number.isFinite(entry.milliseconds) && entry.milliseconds >= 0
    ? { moves: entry.moves, milliseconds: entry.milliseconds } : null;
}

/**
 * The player's progress per level set, kept in `storage` (localStorage) under "lightsout-levels":
 * {"<set>": {reached: the highest level reached (from 1), best: {"<number>": {moves, milliseconds}}}}.
 * A level is reached when the one before it was solved without help. Stored data that cannot
 * be read (not JSON, not that shape) is set aside: the progress starts afresh and `problem`
 * is the message saying so; a storage that refuses (private modes, quota) only loses the
 * progress. Nothing here throws.
 */
export class LevelProgress {
  constructor(storage = globalThis.localStorage) {
    this.storage = storage;
    this.problem = null; // a message when the stored progress could not be read
    this.sets = this.read();
  }

  read() {
    let text = null;
    try {
      text = this.storage?.getItem(STORAGE_KEY) ?? null;
    } catch {
      return {}; // storage refused: nothing kept, nothing lost
    }
    if (text === null) return {};
    const sets = {};
    try {
      const stored = JSON.parse(text);
      if (!stored || typeof stored !== "object" || Array.isArray(stored)) throw new TypeError("not an object");
      for (const [name, entry] of Object.entries(stored)) {
        // A set's name is the API's (a-z, 0-9, -): "__proto__" and the like are no set.
        if (!/^[a-z][a-z0-9-]*$/.test(name) || !entry || typeof entry !== "object" || !isCount(entry.reached)
          || !entry.best || typeof entry.best !== "object") {
          throw new TypeError(`set ${name}`);
        }
        const best = {};
        for (const [number, result] of Object.entries(entry.best)) {
          const kept = bestOf(result);
          if (!/^[1-9][0-9]*$/.test(number) || !kept) throw new TypeError(`level ${number}`);
          best[number] = kept;
        }
        sets[name] = { reached: Math.max(1, entry.reached), best };
      }
    } catch {
      this.problem = messageOf("levelProgressLost");
      return {};
    }
    return sets;
  }

  write() {
    try {
      this.storage?.setItem(STORAGE_KEY, JSON.stringify(this.sets));
    } catch {
      // not kept; the page still shows it this session
    }
  }

  /** The highest level of set `name` reached (1 before any is solved). */
  reached(name) {
    return this.sets[name]?.reached ?? 1;
  }

  /** The best result of level `number` of set `name`, {moves, milliseconds}, or null. */
  best(name, number) {
    return this.sets[name]?.best[number] ?? null;
  }

  /** How many levels of set `name` were solved without help. */
  solvedCount(name) {
    return Object.keys(this.sets[name]?.best ?? {}).length;
  }

  /**
   * Level `number` of set `name` (of `count` levels) was solved without help in `moves` presses and
   * `milliseconds`: keep each best, reach the next level. Returns {best, improved} as BestResults.record.
   */
  record(name, number, count, moves, milliseconds) {
    const entry = this.sets[name] ?? { reached: 1, best: {} };
    const result = improvedResult(entry.best[number] ?? null, moves, milliseconds);
    entry.best[number] = result.best;
    entry.reached = Math.max(entry.reached, Math.min(count, number + 1));
    this.sets[name] = entry;
    this.write();
    return result;
  }

  /** Forget set `name`'s progress. */
  reset(name) {
    delete this.sets[name];
    this.write();
  }

  /**
   * The best-results store of level `number` of set `name` (of `count` levels), for the puzzle
   * tracker (challenge.js: finish, and the best result shown): get(key) and record(key,
   * moves, milliseconds) as BestResults has them, the key being the level's own.
   */
  recordsOf(name, number, count) {
    return {
      get: () => this.best(name, number),
      record: (key, moves, milliseconds) => this.record(name, number, count, moves, milliseconds),
    };
  }
}

/**
 * The Levels mode: the level sets (asked of Python once), and playing a level of one. Panels
 * call it; it changes the game through the session's dealer, which emits the change.
 */
export class LevelPlay {
  /** `session`: the page's session; `progress`: a LevelProgress. */
  constructor(session, progress) {
    this.session = session;
    this.progress = progress;
    this.sets = null; // the levels reply's sets, once loaded
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

  /** Set `name` of the loaded sets, or null. */
  set(name) {
    return this.sets?.find((entry) => entry.name === name) ?? null;
  }

  /** The level being played: {set, number, count} (the puzzle's), or null. */
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
      if (!(await session.deal.playGraph(puzzle, { board: boardFromId(level.board, puzzle.k), message }))) return false;
      this.track(entry, level);
      return true;
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
   * The game a link just opened is level `number` of the set its p= (`token`, "level-<SET>")
   * names — Python checked the board is that level's (lightsout.share.links) — so it is played as
   * that level: its fewest presses, timer and best result.
   */
  async resume(token, number) {
    const { session } = this;
    const game = session.game;
    const name = token?.startsWith("level-") ? token.slice("level-".length) : null;
    const entry = name && (await this.load()) && this.set(name);
    const level = entry?.levels[number - 1];
    if (!level || session.game !== game) return false; // another game was chosen meanwhile
    this.track(entry, level, game.startBoard());
    return true;
  }

  /** Track the game as `level` of `entry` (from `start`, the board dealt by default). */
  track(entry, level, start = this.session.game.board) {
    const { number } = level;
    const game = messageOf("nameInLanguage", { names: entry.game });
    this.session.deal.startChallenge(levelKind(entry.name), messageOf("levelName", { game, number }), start, {
      minimum: level.minimal_presses,
      level: { set: entry.name, number, count: entry.count, game: entry.game },
      records: this.progress.recordsOf(entry.name, number, entry.count),
    });
  }
}
