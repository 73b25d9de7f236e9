// @ts-check
// What the page says, as data. The session (and a panel reporting through it) describes a
// message by its string key and params and never words it; the views word it with
// wordMessage in the language of the moment, so a switch of language words again whatever
// is shown — the message line's last message among it — with no panel asked to redo its text.
// This module builds messages and imports nothing: the midend that says them loads no string
// table (words.js words them).
//
// A message is one of:
//   {key, params?, count?, tone?}  a string of the table (i18n.js) with its params; `count`
//                                  (when given) picks the singular form as tCount does. A
//                                  param may itself be a message (a rule's name, a cell's).
//   {parts: [message, …], tone?}   messages said one after the other (i18n.sentences)
//   a string                       a text the page did not write (Python's English for an error
//                                  without a code, an exception's message), shown as it is
//   null                           nothing: the line is emptied
// `tone` "error" colours the message line. A key of words.js's WORDED is worded by a function
// of its params, for what takes more than filling placeholders (a parse error, a figure).

/**
 * A message, as above.
 * @typedef {{key: string, params?: object, count?: number, tone?: string}} KeyMessage
 * @typedef {{parts: Message[], tone?: string}} PartsMessage
 * @typedef {KeyMessage | PartsMessage | string | null} Message
 */

/** The message of string `key` with `params` (each a value, or a message worded first). */
export function messageOf(key, params = {}) {
  return { key, params };
}

/** The message of string `key` about `count` things: its singular form where the language has one (tCount). */
export function countMessage(key, count, params = {}) {
  return { key, params, count };
}

/** `parts` said one after the other, empty ones (null, "") left out: null, the one part, or {parts}. */
export function joinMessages(...parts) {
  const kept = parts.filter((part) => part !== null && part !== undefined && part !== "");
  if (kept.length <= 1) return kept[0] ?? null;
  return { parts: kept };
}

/**
 * Figures worded in the page's language (words.js): a count Python sends as a decimal string
 * ("20,148", "2^600"), 2^exponent, the share of solvable boards from "1/2^n" or "1/N".
 */
export const countFigure = (count) => messageOf("figureCount", { count: String(count) });
export const powerOfTwoFigure = (exponent) => messageOf("figurePowerOfTwo", { exponent });
export const fractionFigure = (fraction) => messageOf("figureFraction", { fraction: String(fraction) });

/** `message` coloured by `tone` ("error") on the message line. */
export function withTone(message, tone) {
  return typeof message === "object" && message !== null ? { ...message, tone } : { parts: [message], tone };
}

/** True for a message object ({key} or {parts}); other objects in params (an error, names) are data. */
export function isMessage(value) {
  return typeof value.key === "string" || Array.isArray(value.parts);
}
