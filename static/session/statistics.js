// @ts-check
// The player's statistics (issue 42), kept with the other records (records.js, one store):
// games played (a puzzle's clock started: its first press) and won on the player's own (no
// Solve, Hint or Play solution on it), the streak of days the puzzle of the day was won on
// its own day (current and longest, counted by the day's number, daily.js), the presses of
// those wins against the proven fewest (the efficiency: only this page can give it, as it
// knows the fewest exactly) and those wins by their presses over the fewest (the chart:
// the fewest, +1 … +4, +5 or more; issue 50), and the best time per size and per level set.
// Plain data and functions, no DOM, no storage, no words.

const isCount = (value) => Number.isInteger(value) && value >= 0;
const isPlainObject = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);
// A best time's key: a board's size ("5x5", "6x9") or a level set ("level classic").
const TIME_KEY = /^([1-9][0-9]{0,4}x[1-9][0-9]{0,4}|level [a-z][a-z0-9-]{0,40})$/;
/** The most best times kept (sizes and level sets): far more than a player plays, few enough to show at once. */
export const MAX_TIMES = 500;
/** The chart's buckets of presses over the fewest: 0 (the fewest), +1 … +4, and the last, +5 or more. */
export const OVER_BUCKETS = 6;

/**
 * The chart of rated wins by presses over the fewest (emptyDistribution says each field).
 * @typedef {{counts: number[], latest: {day: number, bucket: number} | null}} Distribution
 */
/**
 * The statistics (emptyStatistics says each field).
 * @typedef {{played: number, won: number, rated: number, presses: number, fewest: number,
 *   daily: {last: number, current: number, longest: number}, times: Record<string, number>,
 *   distribution: Distribution}} Statistics
 */
/**
 * A win of the player's own as countWin counts it (challenge.js: finish).
 * @typedef {{moves: number, minimum?: number | null, milliseconds: number, timeKey: string, day?: number | null,
 *   today?: number | null}} Win
 */
/**
 * What the Statistics dialog shows (summary).
 * @typedef {{played: number, won: number, winRate: number | null, streak: number, longest: number,
 *   efficiency: number | null, over: number | null, chart: {counts: number[], today: number | null, before: number},
 *   times: [string, number][]}} Summary
 */

/** The chart's bucket of a win in `moves` presses whose fewest was `minimum` (minimum ≤ moves). */
export function bucketOf(moves, minimum) {
  return Math.min(moves - minimum, OVER_BUCKETS - 1);
}

/** No rated win in the chart yet: {counts: a count per bucket, latest: null}. @returns {Distribution} */
export function emptyDistribution() {
  return { counts: new Array(OVER_BUCKETS).fill(0), latest: null };
}

/**
 * No game yet: {played, won, rated, presses, fewest, daily: {last, current, longest}, times, distribution}.
 * `rated` counts the wins whose fewest presses were known, `presses` and `fewest` their sums;
 * `daily.last` is the number of the last day whose puzzle was won on its day (0: none),
 * `current` the run of days up to it; `times` the best milliseconds per TIME_KEY;
 * `distribution` the rated wins counted since the chart began, {counts: [the fewest, +1, +2, +3,
 * +4, +5 or more], latest: {day, bucket} of the last of them (day: the day's number it was won
 * on, daily.js), or null} — rated wins of before (records without it) are in no bucket.
 * @returns {Statistics}
 */
export function emptyStatistics() {
  return {
    played: 0, won: 0, rated: 0, presses: 0, fewest: 0, daily: { last: 0, current: 0, longest: 0 }, times: {},
    distribution: emptyDistribution(),
  };
}

/**
 * Statistics as stored (or undefined: none yet), checked, without their chart (readDistribution
 * reads it on its own: an empty one here); throws a TypeError when they cannot be read.
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

/**
 * The chart as stored in `stored` (the statistics as stored: its own property `distribution`,
 * absent in records of before the chart: an empty chart), checked against `statistics` (what
 * readStatistics read of them); throws a TypeError when it cannot be read or cannot be a
 * player's: not OVER_BUCKETS counts, more wins in it than rated wins, more presses over the
 * fewest than the rated wins took, a latest win in a bucket without wins.
 */
export function readDistribution(stored, statistics) {
  if (!isPlainObject(stored) || !Object.hasOwn(stored, "distribution")) return emptyDistribution();
  const { distribution } = stored;
  if (!isPlainObject(distribution) || !Object.hasOwn(distribution, "counts") || !Object.hasOwn(distribution, "latest")) {
    throw new TypeError("statistics: distribution");
  }
  const { counts, latest } = distribution;
  if (!Array.isArray(counts) || counts.length !== OVER_BUCKETS || !counts.every(isCount)) throw new TypeError("statistics: distribution counts");
  const wins = counts.reduce((sum, count) => sum + count, 0);
  const over = counts.reduce((sum, count, bucket) => sum + count * bucket, 0); // the last bucket's wins at least 5 over
  if (wins > statistics.rated || over > statistics.presses - statistics.fewest) throw new TypeError("statistics: distribution does not add up");
  if (latest !== null && !(isPlainObject(latest) && Number.isInteger(latest.day) && latest.day >= 1
    && Number.isInteger(latest.bucket) && latest.bucket >= 0 && latest.bucket < OVER_BUCKETS && counts[latest.bucket] > 0)) {
    throw new TypeError("statistics: distribution's latest win");
  }
  return { counts: [...counts], latest: latest && { day: latest.day, bucket: latest.bucket } };
}

/** A game was played (its first press): counted in `statistics`. @param {Statistics} statistics */
export function countPlayed(statistics) {
  statistics.played++;
}

/**
 * A win of the player's own, counted in `statistics`: `moves`, the fewest possible `minimum`
 * (null when unknown: not rated, and not in the chart), `milliseconds`, `timeKey` (its size
 * "RxC" or "level <set>"), `day` (the day's number when it is the puzzle of that day won on its
 * day, else null), `today` (the number of the day it is won on: the chart marks today's last
 * win). A game not counted as played (begun before a Reset or an Import) is no win to count:
 * only its streak and time are. Returns true when the time is a new best for its key.
 * @param {Statistics} statistics
 * @param {Win} win
 */
export function countWin(statistics, { moves, minimum = null, milliseconds, timeKey, day = null, today = null }) {
  const counted = statistics.won < statistics.played; // else more won than played, or rated than won: unreadable
  if (counted) statistics.won++;
  if (counted && minimum !== null && minimum <= moves) {
    statistics.rated++;
    statistics.presses += moves;
    statistics.fewest += minimum;
    const bucket = bucketOf(moves, minimum);
    statistics.distribution.counts[bucket]++;
    statistics.distribution.latest = today === null ? null : { day: today, bucket };
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
 * winRate (won over played, 0..1, or null before a game), streak (0 once a day was missed:
 * the last win neither today nor yesterday), longest, efficiency (the fewest over the presses,
 * 0..1, or null before a rated win), over (presses more than the fewest, on average per rated
 * win, or null), chart: {counts (rated wins per bucket: the fewest, +1 … +5 or more), today (the
 * bucket of today's last win, or null: none today), before (rated wins not in it: won before
 * the chart began)}, times: [[key, milliseconds]], sizes by cell count first, then level sets by name}.
 * @param {Statistics} statistics
 * @param {number} today
 * @returns {Summary}
 */
export function summary(statistics, today) {
  const { played, won, rated, presses, fewest, daily, times, distribution } = statistics;
  const alive = daily.last === today || daily.last === today - 1;
  const cells = (key) => (key.startsWith("level ") ? Infinity : key.split("x").reduce((a, b) => a * Number(b), 1));
  const charted = distribution.counts.reduce((sum, count) => sum + count, 0);
  return {
    played, won,
    winRate: played > 0 ? won / played : null,
    streak: alive ? daily.current : 0,
    longest: daily.longest,
    efficiency: rated > 0 && presses > 0 ? fewest / presses : null,
    over: rated > 0 ? (presses - fewest) / rated : null,
    chart: {
      counts: [...distribution.counts],
      today: distribution.latest?.day === today ? distribution.latest.bucket : null,
      before: rated - charted,
    },
    times: Object.entries(times).sort(([a], [b]) => cells(a) - cells(b) || a.localeCompare(b)),
  };
}
