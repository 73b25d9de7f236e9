// @ts-check
// The player's records, kept in the browser's storage under one key: the best result of
// each kind of puzzle (New puzzle, the puzzle of the day, a sample board, a real game), the
// progress through each level set and the statistics (statistics.js: games, the daily streak,
// efficiency, the wins by presses over the fewest, best times). They leave as a JSON file and come back from one (a new phone keeps
// them: exportText, importText). One reader checks what is stored, and what is imported; data it cannot
// read is set aside under its own key (never lost, never a broken page) and `problem`
// says so; a storage that refuses (private modes, a full quota) only loses the records.
// No DOM and no words: what it says is data (messages.js).

import { countMessage, messageOf } from "./messages.js";
import { countPlayed, countWin, emptyStatistics, readDistribution, readStatistics } from "./statistics.js";

export const RECORDS_KEY = "lightsout-records";
/** Where data the reader could not read is set aside (the last such text). */
export const SET_ASIDE_KEY = "lightsout-records-unreadable";
// Before issue 40 the two kinds of record had a key each; read once, then moved here.
const OLD_BEST_KEY = "lightsout-best";
const OLD_LEVELS_KEY = "lightsout-levels";
// The part of what is set aside that holds the statistics' chart alone (stats.distribution: the rest of the statistics read).
const ASIDE_CHART = "stats.distribution";
const EXPORT_APP = "lightsout-records"; // an exported file's mark: another JSON file is not imported

/** A best result: the fewest moves and the shortest time, each on its own. @typedef {{moves: number, milliseconds: number}} BestResult */
/** A solve against a best result (improvedResult): the new best, and whether either record fell. @typedef {{best: BestResult, improved: boolean}} Improvement */
/** A level set's progress: the highest level `reached`, the `best` result of each level solved (by its number). @typedef {{reached: number, best: Record<string, BestResult>}} LevelProgress */
/**
 * Where a puzzle's best result is kept, as the puzzle tracker uses it (challenge.js): the records
 * (by key), or a level's own (levelRecords: the key is the level's).
 * @typedef {{get: (key: string) => BestResult | null, record: (key: string, moves: number, milliseconds: number) => Improvement}} ResultKeeper
 */
/**
 * Records read from a store or a file: best results by key, level progress by set, the statistics.
 * @typedef {{best: Record<string, BestResult>, levels: Record<string, LevelProgress>, statistics: import("./statistics.js").Statistics}} RecordsRead
 */

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
 * @param {BestResult | null} old
 * @param {number} moves
 * @param {number} milliseconds
 * @returns {Improvement}
 */
export function improvedResult(old, moves, milliseconds) {
  const best = better(old, { moves, milliseconds });
  return { best, improved: !old || best.moves < old.moves || best.milliseconds < old.milliseconds };
}

// What a store of records holds at most: far more than a player makes (a best result per kind of
// puzzle, size and variant; a level set's levels), and few enough that reading, showing and
// importing any file this page accepts stays a task of a few milliseconds.
export const MAX_BEST_RESULTS = 2000;
// Level sets and levels a store holds: the API's three sets have 50, 50 and 54 levels. Bounded so that
// the largest records a store holds read, show and import in one short task (a file of 64 sets of
// 1 024 levels, 2.9 MB, held Import for 258 ms at load 10).
export const MAX_LEVEL_SETS = 16;
export const MAX_LEVELS = 256; // a set's levels
// A best result's key: a puzzle's kind, ":" and its size and variant ("random:5x5", "game cube:cube 6x9 k3"):
// printable ASCII, never a name an object has by itself ("constructor", "__proto__" have no ":").
const BEST_KEY = /^[a-z][a-z0-9 -]{0,40}:[ -~]{1,120}$/;
const SET_NAME = /^[a-z][a-z0-9-]{0,40}$/;

/**
 * Best results as stored ({key: result}): checked entry by entry, old kinds under their current
 * key. An entry that cannot be read goes into `aside` (its key and value) and the others are kept.
 */
function readBest(stored, aside) {
  const best = {};
  if (!isPlainObject(stored)) {
    aside.best = stored;
    return best;
  }
  let count = 0;
  for (const [key, entry] of Object.entries(stored)) {
    const result = resultOf(entry);
    const current = currentKind(key);
    const known = Object.hasOwn(best, current);
    if (!result || !BEST_KEY.test(key) || (!known && count >= MAX_BEST_RESULTS)) {
      (aside.best ??= Object.create(null))[key] = entry; // no prototype: "__proto__" is a key like any other
      continue;
    }
    if (!known) count++;
    best[current] = better(known ? best[current] : null, result);
  }
  return best;
}

/** One set's progress as stored ({reached, best: {number: result}}), checked, or null when it cannot be read. */
function readLevelSet(entry) {
  if (!isPlainObject(entry) || !isCount(entry.reached) || !isPlainObject(entry.best)) return null;
  const numbers = Object.keys(entry.best);
  if (numbers.length > MAX_LEVELS) return null;
  const best = {};
  for (const number of numbers) {
    const kept = resultOf(entry.best[number]);
    if (!/^[1-9][0-9]{0,3}$/.test(number) || !kept) return null;
    best[number] = kept;
  }
  return { reached: Math.min(MAX_LEVELS, Math.max(1, entry.reached)), best };
}

/**
 * Level progress as stored ({set: {reached, best: {number: result}}}): checked set by set (a set's
 * name is the API's: a-z, 0-9, -). A set that cannot be read goes into `aside`; the others are kept.
 */
function readLevels(stored, aside) {
  const levels = {};
  if (!isPlainObject(stored)) {
    aside.levels = stored;
    return levels;
  }
  for (const [name, entry] of Object.entries(stored)) {
    const set = SET_NAME.test(name) && Object.keys(levels).length < MAX_LEVEL_SETS ? readLevelSet(entry) : null;
    if (set) levels[name] = set;
    else (aside.levels ??= Object.create(null))[name] = entry;
  }
  return levels;
}

/**
 * Records as stored or exported ({best, levels, stats}, each optional), checked part by part:
 * {best, levels, statistics, aside}, `aside` holding what could not be read (the statistics
 * whole, their chart alone under "stats.distribution" — the other figures kept —, a best result
 * or a level set alone), empty when all was read.
 */
function readRecords(stored) {
  const aside = {};
  if (!isPlainObject(stored)) return { best: {}, levels: {}, statistics: emptyStatistics(), aside: { records: stored } };
  const best = readBest(stored.best === undefined ? {} : stored.best, aside);
  const levels = readLevels(stored.levels === undefined ? {} : stored.levels, aside);
  let statistics;
  try {
    statistics = readStatistics(stored.stats);
  } catch {
    statistics = emptyStatistics();
    aside.stats = stored.stats;
    return { best, levels, statistics, aside };
  }
  try {
    statistics.distribution = readDistribution(stored.stats, statistics);
  } catch {
    aside[ASIDE_CHART] = stored.stats.distribution; // the chart starts afresh; the figures stay
  }
  return { best, levels, statistics, aside };
}

/**
 * Why an exported file's records (readRecords') cannot be this player's on day `today` (its number,
 * daily.js), as a message naming what fails, or null when they can: every part read, a daily streak
 * no longer than the puzzle of the day has existed, a chart whose last win is no later than today,
 * no more than a store holds. Counts that do not add up (more won than played, more wins in the
 * chart than wins against the fewest) are refused by the reading itself (readStatistics, readDistribution).
 */
function implausibility(read, today) {
  const { aside, best, statistics } = read;
  if (aside.stats !== undefined) return messageOf("recordsImportStatistics");
  const latest = statistics.distribution.latest;
  if (Object.hasOwn(aside, ASIDE_CHART) || (latest && latest.day > today)) return messageOf("recordsImportChart");
  const parts = Object.keys(aside);
  if (parts.length > 0) {
    const count = Object.keys(aside.best ?? {}).length + Object.keys(aside.levels ?? {}).length;
    return count > 0 && Object.keys(best).length >= MAX_BEST_RESULTS ? messageOf("recordsImportTooMany", { most: MAX_BEST_RESULTS })
      : countMessage("recordsImportEntries", Math.max(1, count));
  }
  const { longest, last } = statistics.daily;
  if (longest > today || last > today) return messageOf("recordsImportStreak", { count: Math.max(longest, last), days: today });
  return null;
}

/**
 * The records in `storage` (localStorage) under "lightsout-records":
 * {version: 1, best: {"<kind>:<size>…": {moves, milliseconds}}, levels: {"<set>": {reached, best: {"<number>": result}}},
 * stats: the statistics (statistics.js; their chart `stats.distribution` since issue 50: records of
 * before read with an empty one)}; an exported file adds {app: "lightsout-records"}.
 * A best result is the fewest moves and the shortest time, each on its own (they need not
 * come from the same game); a level is reached when the one before it was solved without help.
 * Nothing here throws.
 */
export class Records {
  /** @param {import("./session.js").KeptStorage | null} [storage] */
  constructor(storage = globalThis.localStorage) {
    this.storage = storage;
    /** @type {import("./messages.js").KeyMessage | null} */
    this.problem = null; // a message when stored records could not be read (and were set aside)
    /** @type {Record<string, BestResult>} */
    this.bestResults = {};
    /** @type {Record<string, LevelProgress>} */
    this.levels = {};
    /** @type {import("./statistics.js").Statistics} */
    this.statistics = emptyStatistics();
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

  /**
   * Keep `text` (what could not be read) under SET_ASIDE_KEY and say so (`chartOnly`: only the
   * statistics' chart, said as such); the rest is read on.
   */
  setAside(text, chartOnly = false) {
    this.problem = messageOf(chartOnly ? "recordsChartSetAside" : "recordsSetAside");
    try {
      this.storage?.setItem(SET_ASIDE_KEY, text);
    } catch {
      // not kept aside; the page still runs
    }
  }

  /**
   * The stored records: {best, levels, statistics, moved}. What cannot be read — the statistics,
   * a best result, a level set, or text that is no JSON at all — is set aside alone (setAside:
   * `problem` says so), and the rest kept; the two keys of before are read once and moved here.
   */
  read() {
    const text = this.stored(RECORDS_KEY);
    if (text !== null) {
      let stored;
      try {
        stored = JSON.parse(text);
      } catch {
        stored = undefined;
      }
      if (!isPlainObject(stored)) { // no records at all: set aside as it was
        this.setAside(text);
        return { best: {}, levels: {}, statistics: emptyStatistics(), moved: false };
      }
      const { best, levels, statistics, aside } = readRecords(stored);
      const parts = Object.keys(aside);
      const damaged = parts.length > 0;
      if (damaged) this.setAside(JSON.stringify(aside), parts.length === 1 && parts[0] === ASIDE_CHART);
      return { best, levels, statistics, moved: damaged }; // what was read is written back without what was set aside
    }
    // The keys of before (one per kind of record): read once, then moved here.
    const aside = {};
    const oldBest = this.oldRecord(OLD_BEST_KEY);
    const oldLevels = this.oldRecord(OLD_LEVELS_KEY);
    const best = oldBest === undefined ? {} : readBest(oldBest, aside);
    const levels = oldLevels === undefined ? {} : readLevels(oldLevels, aside);
    if (Object.keys(aside).length > 0) this.setAside(JSON.stringify(aside));
    return { best, levels, statistics: emptyStatistics(), moved: Object.keys(best).length > 0 || Object.keys(levels).length > 0 };
  }

  /** The JSON stored under an old `key`, or undefined (none; text that is no JSON is set aside). */
  oldRecord(key) {
    const text = this.stored(key);
    if (text === null) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      this.setAside(text);
      return undefined;
    }
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
   * The records of an exported file's `text` (another device's exportText), on day `today` (its
   * number, daily.js): {records: {best, levels, statistics}} when they can be this player's, else
   * {problem: a message naming why not} — not a records file, a part that cannot be read, counts
   * that do not add up, a streak longer than the puzzle of the day has existed, more than a store holds.
   */
  /**
   * @param {string} text
   * @param {number} today
   * @returns {{records: RecordsRead, problem?: undefined} | {problem: import("./messages.js").KeyMessage, records?: undefined}}
   */
  static readExport(text, today) {
    let stored;
    try {
      stored = JSON.parse(text);
    } catch {
      return { problem: messageOf("recordsImportFailed") };
    }
    if (!isPlainObject(stored) || stored.app !== EXPORT_APP || stored.version !== 1) return { problem: messageOf("recordsImportFailed") };
    // More than a store holds is refused before a part is read (a file of 100 000 best results at once).
    if (isPlainObject(stored.best) && Object.keys(stored.best).length > MAX_BEST_RESULTS) {
      return { problem: messageOf("recordsImportTooMany", { most: MAX_BEST_RESULTS }) };
    }
    const read = readRecords(stored);
    const problem = implausibility(read, today);
    return problem ? { problem } : { records: { best: read.best, levels: read.levels, statistics: read.statistics } };
  }

  /** True when this device has a record of its own: a game played, a best result or a level solved. */
  hasOwn() {
    return this.statistics.played > 0 || Object.keys(this.bestResults).length > 0 || Object.keys(this.levels).length > 0;
  }

  /** Replace the records by `read` (readExport's); returns the message that says so. @param {RecordsRead} read */
  replaceWith(read) {
    this.bestResults = read.best;
    this.levels = read.levels;
    this.statistics = read.statistics;
    this.write();
    return messageOf("recordsImported");
  }

  /**
   * Replace the records by those of an exported file's `text` on day `today`. Returns a message:
   * imported, or why not — a file that cannot be this player's leaves every record as it was.
   */
  importText(text, today) {
    const { records, problem } = Records.readExport(text, today);
    return records ? this.replaceWith(records) : problem;
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

  /** Forget the statistics (games, streaks, efficiency, the chart, best times); best results and level progress stay. */
  resetStatistics() {
    this.statistics = emptyStatistics();
    this.write();
  }

  /**
   * The best result kept under `key` ("random:5x5", "daily:5x5", "sample tv:8x8"…), {moves, milliseconds}, or null.
   * @param {string} key
   * @returns {BestResult | null}
   */
  get(key) {
    return Object.hasOwn(this.bestResults, key) ? this.bestResults[key] : null;
  }

  /**
   * Record a solve under `key`; returns {best, improved} (improvedResult). A new key past MAX_BEST_RESULTS is not kept.
   * @param {string} key
   * @param {number} moves
   * @param {number} milliseconds
   * @returns {Improvement}
   */
  record(key, moves, milliseconds) {
    const result = improvedResult(this.get(key), moves, milliseconds);
    if (!BEST_KEY.test(key) || (!Object.hasOwn(this.bestResults, key) && Object.keys(this.bestResults).length >= MAX_BEST_RESULTS)) return result;
    this.bestResults[key] = result.best;
    this.write();
    return result;
  }

  /** The highest level of set `name` reached (1 before any is solved). @param {string} name @returns {number} */
  reached(name) {
    return Object.hasOwn(this.levels, name) ? this.levels[name].reached : 1;
  }

  /** The best result of level `number` of set `name`, {moves, milliseconds}, or null. @param {string} name @param {number} number @returns {BestResult | null} */
  levelBest(name, number) {
    return (Object.hasOwn(this.levels, name) && this.levels[name].best[number]) || null;
  }

  /** How many levels of set `name` were solved without help. @param {string} name @returns {number} */
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
   * @param {string} name
   * @param {number} number
   * @param {number} count
   * @returns {ResultKeeper}
   */
  levelRecords(name, number, count) {
    return {
      get: () => this.levelBest(name, number),
      record: (_key, moves, milliseconds) => this.recordLevel(name, number, count, moves, milliseconds),
    };
  }
}
