// @ts-check
// What the page says when a share link cannot be opened. A grid link is read by share.js
// (its ShareError), a preset's or graph's link by Python's `share` op (lightsout.share.links):
// both give a code of lightsout.errors.LINK_ERRORS (or one of share-link.js's own), its
// params and the column; params.field is the link's part at fault ("size", "board", a
// field letter such as "m", or null for a field name that is none). Each code has a
// link_<code> string (static/strings/), whose {part} names that part (linkPart_<field>),
// framed as "This link cannot be opened — column C (field): …" in the page's language.
// These strings are the only words of a link error: share.js's ShareError takes its
// English message from them, and Python's LINK_ERRORS read the same (test_strings_table.py).

import { t } from "./i18n.js";
import { parseErrorReason, shownParams } from "./paste-errors.js";

/** A link's part as the frame names it: "board size", "board", "m=", or "field name" for an unknown one. */
export function linkFieldName(field) {
  if (field === null || field === undefined) return t("linkFieldUnknown");
  return field.length === 1 ? `${field}=` : t(`linkField_${field}`);
}

/** The link's part at fault (params.field; a Python error's own `field` is the request's, "text"). */
function partOf(error) {
  return error.params && Object.hasOwn(error.params, "field") ? error.params.field : null;
}

/** The reason alone, in the page's language: link_<code>, else parse_<code> (a size limit), else the English message. */
export function linkErrorReason(error) {
  if (error.code && error.params) {
    const field = partOf(error);
    let part = "";
    try {
      part = field === null ? "" : t(`linkPart_${field}`);
    } catch {
      // a part no reason names ("size", "k", ...)
    }
    try {
      return t(`link_${error.code}`, { ...shownParams(error.params), part });
    } catch {
      // not a link's own code: a limit of the API (max_graph_entries, ...) or a newer solver's
    }
  }
  return parseErrorReason(error).replace(/[.。]$/, "");
}

/** The whole sentence: "This link cannot be opened — column C (field): reason. The board was kept." */
export function linkErrorMessage(error) {
  return t("linkError", { column: error.column ?? 1, field: linkFieldName(partOf(error)), message: linkErrorReason(error) });
}
