// @ts-check
// Messages (messages.js: data the midend says) worded in the page's language: the views call
// wordMessage when they show one, and again when the language changes.

import { currentLanguage, sentences, t, tCount } from "./i18n.js";
import { formatName, parseErrorMessage } from "./paste-errors.js";
import { linkErrorMessage } from "./link-errors.js";
import { countText, fractionText, powerOfTwo } from "./wording.js";
import { isMessage } from "../session/messages.js";

/**
 * Keys worded by a function rather than a template (none is a key of the string table:
 * tests/js/strings.test.mjs checks it): a parse error and a link error by their code, params,
 * line and column (paste-errors.js, link-errors.js), a text format's name (its own name when
 * the table has none), and a name the API gives in each language ({en, zh}: a real game's).
 */
export const WORDED = Object.freeze({
  formatName: ({ format }) => formatName(format),
  parseFailure: ({ error }) => parseErrorMessage(error),
  linkFailure: ({ error }) => linkErrorMessage(error),
  nameInLanguage: ({ names }) => names[currentLanguage()] ?? names.en,
  figureCount: ({ count }) => countText(count),
  figurePowerOfTwo: ({ exponent }) => powerOfTwo(exponent),
  figureFraction: ({ fraction }) => fractionText(fraction),
});

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
