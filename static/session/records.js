// The player's records, kept in the browser's storage under one key: the best result of
// each kind of puzzle (New puzzle, the puzzle of the day, a sample board, a real game), the
// progress through each level set and the statistics (statistics.js: games, the daily streak,
// efficiency, best times). They leave as a JSON file and come back from one (a new phone keeps
// them: exportText, importText). One reader checks what is stored, and what is imported; data it cannot
// read is set aside under its own key (never lost, never a broken page) and `problem`
// says so; a storage that refuses (private modes, a full quota) only loses the records.
// No DOM and no words: what it says is data (messages.js).

import { messageOf } from "./messages.js";
import { countPlayed, countWin, emptyStatistics, readStatistics } from "./statistics.js";

export const RECORDS_KEY = "lightsout-records";
/** Where data the reader could not read is set aside (the last such text). */
export const SET_ASIDE_KEY = "lightsout-records-unreadable";
// Before issue 40 the two kinds of record had a key each; read once, then moved here.
const OLD_BEST_KEY = "lightsout-best";
const OLD_LEVELS_KEY = "lightsout-levels";
const EXPORT_APP = "lightsout-records"; // an exported file's mark: another JSON file is not imported

const isCount = (value) => Number.isInteger(value) && value >= 0;
const isPlainObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);

/**
 * `text` (a challenge kind, a link's p= token or a best result's key, which starts with the
 * kind) as this page writes it. Sample boards were kinds "preset <id>" (legacy p=preset-<id>) before
 * issue #30 named them: links and stored best results of then are read through here, the one
 * place that knows the old word.
 */
export function currentKind(text) {
  return text.replace(/^preset(?=[ -])/, "sample");
}

/** A stored result, {moves, milliseconds}, or null when `entry` is not one. */
function resultOf(entry) {
  return isPlainObject(entry) && isCount(entry.moves) && Number.isFinite(entry.milliseconds) && entry.milliseconds >= 0
    ? { moves: entry.moves, milliseconds: entry.milliseconds } : null;
}

/** The better of two results (either may be null): the fewest moves and the shortest time, each on its own. */
function better(one, other) {
  if (!one) return other;
  if (!other) return one;
  return { moves: Math.min(one.moves, other.moves), milliseconds: Math.min(one.milliseconds, other.milliseconds) };
}

/**
 * A solve in `moves` presses and `milliseconds` against the best result `old` (or null): {best, improved},
 * improved when either record fell.
 */
export function improvedResult(old, moves, milliseconds) {
  const best = better(old, { moves, milliseconds });
  return { best, improved: !old || best.moves < old.moves || best.milliseconds < old.milliseconds };
}

/** Best results as stored ({key: result}): checked, old kinds under their current key; throws when unreadable. */
function readBest(stored) {
  if (!isPlainObject(stored)) throw new TypeError("best results: not an object");
  const best = {};
  for (const [key, entry] of Object.entries(stored)) {
    const result = resultOf(entry);
    if (!result || key === "__proto__") throw new TypeError(`best result ${key}`);
    best[currentKind(key)] = better(best[currentKind(key)] ?? null, result);
  }
  return best;
}

/** Level progress as stored ({set: {reached, best: {number: result}}}): checked; throws when unreadable. */
function readLevels(stored) {
  if (!isPlainObject(stored)) throw new TypeError("levels: not an object");
  const levels = {};
  for (const [name, entry] of Object.entries(stored)) {
    // A set's name is the API's (a-z, 0-9, -): "__proto__" and the like are no set.
    if (!/^[a-z][a-z0-9-]*$/.test(name) || !isPlainObject(entry) || !isCount(entry.reached) || !isPlainObject(entry.best)) {
      throw new TypeError(`set ${name}`);
    }
    const best = {};
    for (const [number, result] of Object.entries(entry.best)) {
      const kept = resultOf(result);
      if (!/^[1-9][0-9]*$/.test(number) || !kept) throw new TypeError(`level ${number}`);
      best[number] = kept;
    }
    levels[name] = { reached: Math.max(1, entry.reached), best };
  }
  return levels;
}

/** Records as stored or exported ({best, levels, stats}, each optional), checked: {best, levels, statistics}; throws when unreadable. */
function readRecords(stored) {
  if (!isPlainObject(stored)) throw new TypeError("records: not an object");
  return {
    best: readBest(stored.best === undefined ? {} : stored.best),
    levels: readLevels(stored.levels === undefined ? {} : stored.levels),
    statistics: readStatistics(stored.stats),
  };
}

/**
 * The records in `storage` (localStorage) under "lightsout-records":
 * {version: 1, best: {"<kind>:<size>…": {moves, milliseconds}}, levels: {"<set>": {reached, best: {"<number>": result}}},
 * stats: the statistics (statistics.js)}; an exported file adds {app: "lightsout-records"}.
 * A best result is the fewest moves and the shortest time, each on its own (they need not
 * come from the same game); a level is reached when the one before it was solved without help.
 * Nothing here throws.
 */
export class Records {
  constructor(storage = globalThis.localStorage) {
    this.storage = storage;
    this.reload();
  }

  /** Read the records from the storage again (what is kept now); stored data it cannot read is set aside (problem). */
  reload() {
    this.problem = null; // a message when stored records could not be read (and were set aside)
    const { best, levels, statistics, moved } = this.read();
    this.bestResults = best;
    this.levels = levels;
    this.statistics = statistics;
    if (moved) this.write();
  }

  /** The stored text under `key`, or null (none, or the storage refused). */
  stored(key) {
    try {
      return this.storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  /** `text` (stored under `key`) read by `reader`, or `fallback` after setting it aside. */
  readOrSetAside(text, reader, fallback) {
    if (text === null) return fallback;
    try {
      return reader(JSON.parse(text));
    } catch {
      this.problem = messageOf("recordsSetAside");
      try {
        this.storage?.setItem(SET_ASIDE_KEY, text);
      } catch {
        // not kept aside; the page still runs
      }
      return fallback;
    }
  }

  read() {
    const text = this.stored(RECORDS_KEY);
    if (text !== null) return this.readOrSetAside(text, readRecords, { best: {}, levels: {}, statistics: emptyStatistics() });
    // The keys of before (one per kind of record): read once, then moved here.
    const best = this.readOrSetAside(this.stored(OLD_BEST_KEY), readBest, {});
    const levels = this.readOrSetAside(this.stored(OLD_LEVELS_KEY), readLevels, {});
    return { best, levels, statistics: emptyStatistics(), moved: Object.keys(best).length > 0 || Object.keys(levels).length > 0 };
  }

  /** The records as stored (and exported): {version: 1, best, levels, stats}. */
  toJSON() {
    return { version: 1, best: this.bestResults, levels: this.levels, stats: this.statistics };
  }

  write() {
    try {
      this.storage?.setItem(RECORDS_KEY, JSON.stringify(this));
    } catch {
      // not kept; the page still shows it this session
    }
  }

  /** The records as a JSON file's text (the Statistics dialog's Export). */
  exportText() {
    return `${JSON.stringify({ app: EXPORT_APP, ...this.toJSON() }, null, 1)}\n`;
  }

  /**
   * The records of an exported file's `text` (another device's exportText), checked as stored
   * records are: {best, levels, statistics}, or null when the file is not one.
   */
  static readExport(text) {
    try {
      const stored = JSON.parse(text);
      if (!isPlainObject(stored) || stored.app !== EXPORT_APP || stored.version !== 1) return null;
      return readRecords(stored);
    } catch {
      return null;
    }
  }

  /** True when this device has a record of its own: a game played, a best result or a level solved. */
  hasOwn() {
    return this.statistics.played > 0 || Object.keys(this.bestResults).length > 0 || Object.keys(this.levels).length > 0;
  }

  /** Replace the records by `read` (readExport's); returns the message that says so. */
  replaceWith(read) {
    this.bestResults = read.best;
    this.levels = read.levels;
    this.statistics = read.statistics;
    this.write();
    return messageOf("recordsImported");
  }

  /**
   * Replace the records by those of an exported file's `text`. Returns a message: imported, or
   * why not — a file that is not one leaves every record as it was.
   */
  importText(text) {
    const read = Records.readExport(text);
    return read ? this.replaceWith(read) : messageOf("recordsImportFailed");
  }

  /** A puzzle's first press: one more game played (statistics.js). */
  countPlayed() {
    countPlayed(this.statistics);
    this.write();
  }

  /** A win of the player's own (statistics.js: countWin); true when its time is a new best for its size or level set. */
  countWin(win) {
    const faster = countWin(this.statistics, win);
    this.write();
    return faster;
  }

  /** Forget the statistics (games, streaks, efficiency, best times); best results and level progress stay. */
  resetStatistics() {
    this.statistics = emptyStatistics();
    this.write();
  }

  /** The best result kept under `key` ("random:5x5", "daily:5x5", "sample tv:8x8"…), {moves, milliseconds}, or null. */
  get(key) {
    return Object.hasOwn(this.bestResults, key) ? this.bestResults[key] : null;
  }

  /** Record a solve under `key`; returns {best, improved} (improvedResult). */
  record(key, moves, milliseconds) {
    const result = improvedResult(this.get(key), moves, milliseconds);
    this.bestResults[key] = result.best;
    this.write();
    return result;
  }

  /** The highest level of set `name` reached (1 before any is solved). */
  reached(name) {
    return Object.hasOwn(this.levels, name) ? this.levels[name].reached : 1;
  }

  /** The best result of level `number` of set `name`, {moves, milliseconds}, or null. */
  levelBest(name, number) {
    return (Object.hasOwn(this.levels, name) && this.levels[name].best[number]) || null;
  }

  /** How many levels of set `name` were solved without help. */
  solvedCount(name) {
    return Object.hasOwn(this.levels, name) ? Object.keys(this.levels[name].best).length : 0;
  }

  /**
   * Level `number` of set `name` (of `count` levels) was solved without help in `moves` presses and
   * `milliseconds`: keep each best, reach the next level. Returns {best, improved} as record.
   */
  recordLevel(name, number, count, moves, milliseconds) {
    const entry = Object.hasOwn(this.levels, name) ? this.levels[name] : { reached: 1, best: {} };
    const result = improvedResult(entry.best[number] ?? null, moves, milliseconds);
    entry.best[number] = result.best;
    entry.reached = Math.max(entry.reached, Math.min(count, number + 1));
    this.levels[name] = entry;
    this.write();
    return result;
  }

  /** Forget set `name`'s progress. */
  resetLevels(name) {
    delete this.levels[name];
    this.write();
  }

  /**
   * The records of level `number` of set `name` (of `count` levels) as the puzzle tracker uses
   * them (challenge.js: get(key) and record(key, moves, milliseconds)), the key being the level's own.
   */
  levelRecords(name, number, count) {
    return {
      get: () => this.levelBest(name, number),
      record: (_key, moves, milliseconds) => this.recordLevel(name, number, count, moves, milliseconds),
    };
  }
}
