// @ts-check
// The puzzle of the day, numbered (issue 42): the same standard 5×5 board for everyone on the
// same calendar day — the player's local date, as the word-game dailies count days — dealt
// by Python from the date as a seed (the API's `random` op with `seed`); day #1 is the day
// the numbered puzzle began (LAUNCH_DAY). Its link's p= is "daily-<number>", so a friend's
// link says which day's puzzle it is; and the result line a win offers to share: the
// number, the moves against the fewest possible, the time, the stars — never a press of the
// solution (the link is of the puzzle's start, with no moves). No DOM and no words: the line
// is a message (messages.js), worded by the view that shares it.

import { countMessage, messageOf } from "./messages.js";

/** The local date day #1 fell on: year, month (1..12), day. */
export const LAUNCH_DAY = Object.freeze({ year: 2026, month: 11, day: 28 });
const DAY_MS = 86_400_000;
const TOKEN = /^daily-([1-9][0-9]{0,6})$/; // a link's p= of a numbered day (share.js allows [a-z][a-z0-9-]{0,31})

/** `date`'s calendar day where the player is (local time): {year, month (1..12), day}. */
export function localDay(date = new Date()) {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/** The seed the puzzle of `date`'s local day is dealt from: the date as the number YYYYMMDD. */
export function dailySeed(date = new Date()) {
  const { year, month, day } = localDay(date);
  return year * 10000 + month * 100 + day;
}

/**
 * The number of `date`'s local day: 1 on LAUNCH_DAY, one more each calendar day. Counted
 * between the two dates at UTC midnight, so a change of daylight saving time (a 23- or
 * 25-hour day) never skips or repeats a number.
 */
export function dailyNumber(date = new Date()) {
  const { year, month, day } = localDay(date);
  const launch = Date.UTC(LAUNCH_DAY.year, LAUNCH_DAY.month - 1, LAUNCH_DAY.day);
  return Math.round((Date.UTC(year, month - 1, day) - launch) / DAY_MS) + 1;
}

/** Day `number`'s date: {date: "YYYY-MM-DD", seed: YYYYMMDD}. */
export function dayOfNumber(number) {
  const at = new Date(Date.UTC(LAUNCH_DAY.year, LAUNCH_DAY.month - 1, LAUNCH_DAY.day) + (number - 1) * DAY_MS);
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth() + 1;
  const day = at.getUTCDate();
  const date = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return { date, seed: year * 10000 + month * 100 + day };
}

/** The link's p= of day `number`'s puzzle. */
export function dailyToken(number) {
  return `daily-${number}`;
}

/** The day's number a link's p= names ("daily-17" → 17), or null (an older link's plain "daily" has none). */
export function dailyNumberOfToken(token) {
  const match = TOKEN.exec(token ?? "");
  return match ? Number(match[1]) : null;
}

/**
 * What the page says when day `number`'s puzzle opens on day `today` (numbers): its number
 * and date, and whether it is today's.
 */
export function dailyOpenedMessage(number, today) {
  const { date } = dayOfNumber(number);
  if (number === today) return messageOf("dailyToday", { number, date });
  return messageOf("dailyOtherDay", { number, date, today });
}

/**
 * The result of day `number`'s puzzle to share: `moves`, the fewest possible `minimum` (or
 * null while unknown), `time` (challenge.js: formatDuration), `stars` (0: none, the solver
 * helped), `link` (the puzzle's start, no moves). A message: the view words it in the page's language.
 */
export function resultLine({ number, moves, minimum, time, stars, link }) {
  const score = stars > 0 ? "★".repeat(stars) + "☆".repeat(3 - stars) : null;
  const key = minimum === null ? "shareLineNoFewest" : "shareLine";
  return countMessage(score ? key : `${key}Helped`, moves, { number, fewest: minimum, time, stars: score, link });
}

