// What the page says, as data. The session (and a panel reporting through it) describes a
// message by its string key and params and never words it; the views word it with
// wordMessage in the language of the moment, so a switch of language words again whatever
// is shown — the message line's last message among it — with no panel asked to redo its text.
//
// A message is one of:
//   {key, params?, count?, tone?}  a string of the table (i18n.js) with its params; `count`
//                                  (when given) picks the singular form as tCount does. A
//                                  param may itself be a message (a rule's name, a cell's).
//   {parts: [message, …], tone?}   messages said one after the other (i18n.sentences)
//   a string                       a text the page did not write (Python's English for an error
//                                  without a code, an exception's message), shown as it is
//   null                           nothing: the line is emptied
// `tone` "error" colours the message line. A key of WORDED is worded by a function of its
// params, for what takes more than filling placeholders.

import { currentLanguage, sentences, t, tCount } from "./i18n.js";
import { formatName, parseErrorMessage } from "./paste-errors.js";
import { linkErrorMessage } from "./link-errors.js";

/**
 * Keys worded by a function rather than a template (none is a key of the string table:
 * tests/js/words.test.mjs checks it): a parse error and a link error by their code, params,
 * line and column (paste-errors.js, link-errors.js), a text format's name (its own name when
 * the table has none), and a name the API gives in each language ({en, zh}: a real game's).
 */
export const WORDED = Object.freeze({
  formatName: ({ format }) => formatName(format),
  parseFailure: ({ error }) => parseErrorMessage(error),
  linkFailure: ({ error }) => linkErrorMessage(error),
  nameInLanguage: ({ names }) => names[currentLanguage()] ?? names.en,
});

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

/** `message` coloured by `tone` ("error") on the message line. */
export function withTone(message, tone) {
  return typeof message === "object" && message !== null ? { ...message, tone } : { parts: [message], tone };
}

/** A message's words in the page's language ("" for null). */
export function wordMessage(message) {
  if (message === null || message === undefined) return "";
  if (typeof message !== "object") return String(message);
  if (message.parts) return sentences(...message.parts.map(wordMessage));
  const params = {};
  for (const [name, value] of Object.entries(message.params ?? {})) {
    params[name] = value !== null && typeof value === "object" && !Array.isArray(value) && isMessage(value) ? wordMessage(value) : value;
  }
  if (Object.hasOwn(WORDED, message.key)) return WORDED[message.key](params);
  return message.count === undefined ? t(message.key, params) : tCount(message.key, message.count, params);
}

/** True for a message object ({key} or {parts}); other objects in params (an error, names) are data. */
function isMessage(value) {
  return typeof value.key === "string" || Array.isArray(value.parts);
}
