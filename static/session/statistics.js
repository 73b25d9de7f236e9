// @ts-check
// The player's statistics (issue 42), kept with the other records (records.js, one store):
// games played (a puzzle's clock started: its first press) and won on the player's own (no
// Solve, Hint or Play solution on it), the streak of days the puzzle of the day was won on
// its own day (current and longest, counted by the day's number, daily.js), the presses of
// those wins against the proven fewest (the efficiency: only this page can give it, as it
// knows the fewest exactly), and the best time per size and per level set. Plain data and
// functions, no DOM, no storage, no words.

const isCount = (value) => Number.isInteger(value) && value >= 0;
const isPlainObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);
// A best time's key: a board's size ("5x5", "6x9") or a level set ("level classic").
const TIME_KEY = /^([1-9][0-9]{0,4}x[1-9][0-9]{0,4}|level [a-z][a-z0-9-]{0,40})$/;
/** The most best times kept (sizes and level sets): far more than a player plays, few enough to show at once. */
export const MAX_TIMES = 500;

/**
 * The statistics (emptyStatistics says each field).
 * @typedef {{played: number, won: number, rated: number, presses: number, fewest: number,
 *   daily: {last: number, current: number, longest: number}, times: Record<string, number>}} Statistics
 */
/**
 * A win of the player's own as countWin counts it (challenge.js: finish).
 * @typedef {{moves: number, minimum?: number | null, milliseconds: number, timeKey: string, day?: number | null}} Win
 */
/**
 * What the Statistics dialog shows (summary).
 * @typedef {{played: number, won: number, streak: number, longest: number, efficiency: number | null,
 *   over: number | null, times: [string, number][]}} Summary
 */

/**
 * No game yet: {played, won, rated, presses, fewest, daily: {last, current, longest}, times}.
 * `rated` counts the wins whose fewest presses were known, `presses` and `fewest` their sums;
 * `daily.last` is the number of the last day whose puzzle was won on its day (0: none),
 * `current` the run of days up to it; `times` the best milliseconds per TIME_KEY.
 * @returns {Statistics}
 */
export function emptyStatistics() {
  return { played: 0, won: 0, rated: 0, presses: 0, fewest: 0, daily: { last: 0, current: 0, longest: 0 }, times: {} };
}

/**
 * Statistics as stored (or undefined: none yet), checked; throws a TypeError when they cannot be read.
 * @returns {Statistics}
 */
export function readStatistics(stored) {
  if (stored === undefined) return emptyStatistics();
  if (!isPlainObject(stored) || !isPlainObject(stored.daily) || !isPlainObject(stored.times)) throw new TypeError("statistics: not an object");
  const counts = ["played", "won", "rated", "presses", "fewest"];
  for (const name of counts) if (!isCount(stored[name])) throw new TypeError(`statistics: ${name}`);
  const { last, current, longest } = stored.daily;
  if (![last, current, longest].every(isCount) || current > longest) throw new TypeError("statistics: daily streak");
  if (stored.won > stored.played || stored.rated > stored.won || stored.fewest > stored.presses) throw new TypeError("statistics: counts");
  const times = {};
  if (Object.keys(stored.times).length > MAX_TIMES) throw new TypeError(`statistics: more than ${MAX_TIMES} times`);
  for (const [key, milliseconds] of Object.entries(stored.times)) {
    if (!TIME_KEY.test(key) || !Number.isFinite(milliseconds) || milliseconds < 0) throw new TypeError(`statistics: time ${key}`);
    times[key] = milliseconds;
  }
  const statistics = emptyStatistics();
  for (const name of counts) statistics[name] = stored[name];
  return { ...statistics, daily: { last, current, longest }, times };
}

/** A game was played (its first press): counted in `statistics`. @param {Statistics} statistics */
export function countPlayed(statistics) {
  statistics.played++;
}

/**
 * A win of the player's own, counted in `statistics`: `moves`, the fewest possible `minimum`
 * (null when unknown: not rated), `milliseconds`, `timeKey` (its size "RxC" or "level <set>"),
 * `day` (the day's number when it is the puzzle of that day won on its day, else null).
 * Returns true when the time is a new best for its key.
 * @param {Statistics} statistics
 * @param {Win} win
 */
export function countWin(statistics, { moves, minimum = null, milliseconds, timeKey, day = null }) {
  statistics.won = Math.min(statistics.played, statistics.won + 1);
  if (minimum !== null && minimum <= moves) {
    statistics.rated++;
    statistics.presses += moves;
    statistics.fewest += minimum;
  }
  if (day !== null) {
    const streak = statistics.daily;
    if (day !== streak.last) { // the same day won again leaves the streak as it is
      streak.current = day === streak.last + 1 ? streak.current + 1 : 1;
      streak.last = Math.max(streak.last, day);
      streak.longest = Math.max(streak.longest, streak.current);
    }
  }
  const best = Object.hasOwn(statistics.times, timeKey) ? statistics.times[timeKey] : undefined;
  const room = best !== undefined || Object.keys(statistics.times).length < MAX_TIMES;
  if (TIME_KEY.test(timeKey) && room && (best === undefined || milliseconds < best)) {
    statistics.times[timeKey] = milliseconds;
    return true;
  }
  return false;
}

/**
 * What the Statistics dialog shows on day `today` (its number, daily.js): {played, won,
 * streak (0 once a day was missed: the last win neither today nor yesterday), longest,
 * efficiency (the fewest over the presses, 0..1, or null before a rated win), over (presses
 * more than the fewest, on average per rated win, or null), times: [[key, milliseconds]],
 * sizes by cell count first, then level sets by name}.
 * @param {Statistics} statistics
 * @param {number} today
 * @returns {Summary}
 */
export function summary(statistics, today) {
  const { played, won, rated, presses, fewest, daily, times } = statistics;
  const alive = daily.last === today || daily.last === today - 1;
  const cells = (key) => (key.startsWith("level ") ? Infinity : key.split("x").reduce((a, b) => a * Number(b), 1));
  return {
    played, won,
    streak: alive ? daily.current : 0,
    longest: daily.longest,
    efficiency: rated > 0 && presses > 0 ? fewest / presses : null,
    over: rated > 0 ? (presses - fewest) / rated : null,
    times: Object.entries(times).sort(([a], [b]) => cells(a) - cells(b) || a.localeCompare(b)),
  };
}
