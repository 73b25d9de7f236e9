// @ts-check
// The share grammar in JavaScript (static/model/share.js) against the same strings as
// tests/unit/test_share.py: error for error, column for column.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseShare } from "../../static/model/share.js";
import { inLanguage } from "../../static/page/i18n.js";
import { linkErrorReason } from "../../static/page/link-errors.js";
import { pythonJson } from "./python.mjs";

/** @type {Array<[string, number, string]>} */
const BAD_LINKS = [
  ["2x2:AA;h=AQ;m=AA", 15, "move 1 presses cell 0, a hole"],
  ["2x2:AA;h=Ag;m=AAE", 15, "move 2 presses cell 1, a hole"],
  ["2x2:Ag;m=BA", 10, "outside the 4 cells"],
];

test("a move on a hole is refused at the m= field, as Python refuses it", () => {
  for (const [text, column, words] of BAD_LINKS) {
    assert.throws(() => parseShare(text), (/** @type {import("../../static/model/share.js").ShareError} */ error) => {
      assert.equal(error.name, "ShareError");
      assert.equal(error.field, "m");
      assert.equal(error.column, column);
      assert.match(inLanguage("en", () => linkErrorReason(error)), new RegExp(words.replace(/[()]/g, "\\$&")));
      return true;
    }, text);
  }
  const python = pythonJson(`
import json
from lightsout.share.links import parse_share
from lightsout.errors import BoardFormatError
out = []
for text in ${JSON.stringify(BAD_LINKS.map(([text]) => text))}:
    try:
        parse_share(text)
        out.append(None)
    except BoardFormatError as error:
        out.append([error.column, str(error)])
print(json.dumps(out))
`);
  BAD_LINKS.forEach(([text, column, words], index) => {
    assert.ok(python[index], `Python accepted ${text}`);
    assert.equal(python[index][0], column);
    assert.ok(python[index][1].includes(words), python[index][1]);
  });
});

test("moves next to a hole are kept", () => {
  const state = parseShare("2x2:AA;h=AQ;m=AQI");
  assert.deepEqual(state.moves, [1, 2]);
});
