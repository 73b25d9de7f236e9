// @ts-check
// What the page says when pasted text is not a board. Python's parser (lightsout.text.formats,
// its codes in lightsout.errors.PARSE_ERRORS) replies with {code, params, line?, column?};
// each code has a parse_<code> string (static/strings/) with the same placeholders (and a
// parse_<code>One for a {found} of 1 where English needs it), framed by
// "Line L, column C: " in the page's language. The English message Python also sends is
// the CLI's; the page shows it only for an error without a code (none of the parser's).
// A user-defined puzzle's errors (lightsout.errors.PUZZLE_ERRORS, games-panel.js) are said
// the same way; a share link's by link-errors.js.

import { formatNumber, t, tCount } from "./i18n.js";

/** Characters that would be invisible or confusing inside quotes: controls, spaces, marks. */
const UNSEEN = /[\p{Cc}\p{Cf}\p{Z}]/gu;

/** A parameter as shown: unseen characters as U+XXXX (not in a list of choices), "5x5" sizes with × and grouped digits, format names translated. */
function shown(name, value) {
  if (typeof value !== "string") return value;
  if (name === "format") return formatName(value);
  if (name === "choices") return value; // the words to choose from, ours: spaces between them are spaces
  const text = value.replace(UNSEEN, (character) => `U+${character.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`);
  if (name !== "size") return text;
  // "100000x5" → "100,000×5": its numbers written as every number on the page (formatNumber).
  return text.replace(/(\d|…)x(\d)/, "$1×$2").replace(/\d+/g, (digits) => formatNumber(digits));
}

/** A text format's name in the page's language ("grid", "LibreOJ", ...); an unknown name as it is. */
export function formatName(format) {
  try {
    return t(`format_${format}`);
  } catch {
    return String(format);
  }
}

/** An error's params as its sentence shows them (see `shown`). */
export function shownParams(params) {
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, shown(name, value)]));
}

/**
 * What a run of symbols is (a run_ code's field: "board" pasted on a preset or a level, a user
 * puzzle's "goal" or "start") in the page's language (runField_<field>); another as it is.
 */
function runField(field) {
  try {
    return t(`runField_${field}`);
  } catch {
    return field;
  }
}

/** The reason alone, in the page's language: from the code when there is one, else the API's message. */
export function parseErrorReason(error) {
  if (error.code && error.params) {
    try {
      const key = `parse_${error.code}`, params = shownParams(error.params);
      if (error.code.startsWith("run_") && typeof params.field === "string") params.field = runField(params.field);
      // A count found ("row 2 has 1 light") picks the key's singular form where it has one (tCount).
      return typeof params.found === "number" ? tCount(key, params.found, params) : t(key, params);
    } catch {
      // a code this page does not know (a newer solver): its English message follows
    }
  }
  return String(error.message ?? "").replace(/^line \d+(, column \d+)?:\s*/i, "") || t("noReason");
}

/**
 * A parse error as "Line L, column C: reason" (or "Line L: reason" without a column, the
 * reason alone without a line), the frame and the reason in the page's language.
 */
export function parseErrorMessage(error) {
  const message = parseErrorReason(error);
  const has = (value) => value !== undefined && value !== null;
  if (!has(error.line)) return message.charAt(0).toUpperCase() + message.slice(1);
  return has(error.column) ? t("parseError", { line: error.line, column: error.column, message })
    : t("parseErrorLine", { line: error.line, message });
}

/**
 * A user-defined puzzle's error (the API's `puzzle` op, lightsout.text.puzzle_text) as the Games
 * section says it: "Line L, column C: reason", or "This is not a puzzle: reason" without a line.
 */
export function graphErrorMessage(error) {
  const message = parseErrorReason(error);
  return error.line ? t("graphError", { line: error.line, column: error.column ?? 1, message })
    : t("graphErrorPlain", { message });
}

