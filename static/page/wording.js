// @ts-check
// How the page writes the figures Python reports, in the page's language: the share of
// solvable boards ("1 in 2^n"), the group of quiet patterns ("Z/3 × Z/3"), a count too long
// to read ("2^600"), and a short label. Pure functions of their arguments; the midend says
// these figures as messages (messages.js: countFigure …) that words.js writes with them.

import { formatNumber } from "./i18n.js";

/**
 * N of "1 in N" from the API's solvable_fraction ("1/2^n" for k = 2, "1/N" otherwise: the
 * share of the puzzle's boards, over the lights that count, that can be solved); "1" when
 * every board can. Python computes the figure; this only writes it.
 */
export function fractionText(solvableFraction) {
  const [, denominator] = String(solvableFraction).split("/");
  return denominator.startsWith("2^") ? powerOfTwo(Number(denominator.slice(2))) : countText(denominator);
}

const LONGEST_COUNT = 15; // digits written out; a longer count is written as powers
const SMALL_PRIMES = []; // the primes below 256
for (let n = 2; n < 256; n++) if (SMALL_PRIMES.every((p) => n % p !== 0)) SMALL_PRIMES.push(n);

/**
 * A count Python sends as a decimal string (solutions, boards) as the page writes it: in full
 * up to 15 digits, grouped as the page's language groups them (formatNumber: "20,148"), else as a product of powers of primes, "2^600" or "2^3 × 3^100" (the style
 * of powerOfTwo) — every such count is a product of the orders of cyclic groups Z/m with m
 * dividing k ≤ 255, so its primes are below 256; another number (none is expected) reads
 * "≈ 1.234 × 10^179".
 */
export function countText(count) {
  const text = String(count);
  if (!/^\d+$/.test(text)) return text;
  if (text.length <= LONGEST_COUNT) return formatNumber(text);
  let rest = BigInt(text);
  const parts = [];
  for (const prime of SMALL_PRIMES) {
    const big = BigInt(prime);
    let power = 0;
    while (rest % big === 0n) { rest /= big; power++; }
    if (power) parts.push(power === 1 ? String(prime) : `${prime}^${power}`);
  }
  return rest === 1n ? parts.join(" × ") : `≈ ${text[0]}.${text.slice(1, 4)} × 10^${text.length - 1}`;
}

/**
 * `text` cut to at most `most` characters (code points, so that an emoji's surrogate pair
 * is never split), the last one an ellipsis when it was cut: "abcdefgh" → "abcde…".
 */
export function shortLabel(text, most) {
  const points = [...text];
  return points.length > most ? `${points.slice(0, most - 1).join("")}…` : text;
}

const SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹";

/** "Z/2 × Z/3 × Z/3" for the orders of the cyclic factors of a solution set ("1" for none). */
export function invariantFactorsText(orders) {
  if (orders.length === 0) return "1";
  // More than three equal factors are written once with a power, "(Z/3)²⁹".
  const parts = [];
  for (let i = 0; i < orders.length;) {
    let j = i;
    while (j < orders.length && orders[j] === orders[i]) j++;
    const power = j - i;
    const exponent = [...String(power)].map((digit) => SUPERSCRIPT_DIGITS[Number(digit)]).join("");
    parts.push(power > 3 ? `(Z/${orders[i]})${exponent}` : Array(power).fill(`Z/${orders[i]}`).join(" × "));
    i = j;
  }
  return parts.join(" × ");
}

/** 2^exponent as the page writes it: in full up to 2^40 ("1,024"), else "2^600". */
export function powerOfTwo(exponent) {
  return exponent <= 40 ? formatNumber(2 ** exponent) : `2^${exponent}`;
}
