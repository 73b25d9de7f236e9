// Parse errors in the page's words (static/paste-errors.js): every bad paste of
// tests/data/bad-pastes.json is sent to the real Python API, and its reply said in English
// and 中文 — the position framed in that language, no placeholder or "undefined" left, no
// English word inside 中文 text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseErrorMessage } from "../../static/paste-errors.js";
import { setLanguage } from "../../static/i18n.js";
import { ROOT, pythonJson } from "./python.mjs";

const CASES = JSON.parse(readFileSync(join(ROOT, "tests", "data", "bad-pastes.json"), "utf8")).cases;

/** Every case's API error (read_board's for the cases the API refuses first), from one Python run. */
function errorsOfPython() {
  return pythonJson(`
import base64, json, sys
from lightsout.api import call
from lightsout.errors import BoardFormatError
from lightsout.formats import read_board
cases = json.load(open("tests/data/bad-pastes.json", encoding="utf-8"))["cases"]
out = []
for case in cases:
    text = case.get("text") or ("@" if "bytes" in case else case["repeat"][0] * case["repeat"][1])
    payload = base64.b64decode(case["bytes"]) if "bytes" in case else None
    if case.get("via") == "read_board":
        try:
            read_board(text, case.get("format", "auto"), case.get("k", 2))
        except BoardFormatError as error:
            out.append({"name": "BoardFormatError", "message": str(error), "code": error.code, "params": error.params})
        continue
    request = {"op": "parse", "text": text, "format": case.get("format", "auto"), "k": case.get("k", 2)}
    if case.get("size"):
        request["rows"], request["cols"] = case["size"]
    out.append(json.loads(call(json.dumps(request), payload)[0])["error"])
print(json.dumps(out))
`);
}

test("every bad paste reads as a sentence in English and in 中文", () => {
  const errors = errorsOfPython();
  assert.equal(errors.length, CASES.length);
  try {
    for (const [index, error] of errors.entries()) {
      const expected = CASES[index];
      assert.equal(error.code, expected.code, expected.name);
      setLanguage("en");
      const english = parseErrorMessage(error);
      setLanguage("zh");
      const chinese = parseErrorMessage(error);
      for (const text of [english, chinese]) {
        assert.doesNotMatch(text, /undefined|null|\{\w+\}/, `${expected.name}: ${text}`);
      }
      if (expected.line) {
        assert.ok(english.startsWith(`Line ${expected.line}, column ${expected.column}: `), english);
        assert.ok(chinese.startsWith(`第 ${expected.line} 行，第 ${expected.column} 列：`), chinese);
      }
      // The user's own text quoted back (a symbol, a format name typed) is not English of ours.
      const ours = Object.values(error.params ?? {}).filter((value) => typeof value === "string")
        .reduce((text, value) => text.split(value).join(" "), chinese);
      assert.doesNotMatch(ours, /[A-Za-z]{2,}/, `${expected.name}: ${chinese}`);
      assert.match(chinese, /[\u4e00-\u9fff]/);
    }
  } finally {
    setLanguage("en");
  }
});

test("unseen characters are named, sizes get ×, and a code the page does not know keeps Python's words", () => {
  setLanguage("en");
  assert.equal(parseErrorMessage({ code: "unknown_symbol", params: { symbol: "\u00a0", lit: "#", dark: "." }, line: 1, column: 2 }),
    "Line 1, column 2: unknown symbol “U+00A0”; expected “#” (lit) or “.” (dark).");
  assert.equal(parseErrorMessage({ code: "size_too_large", params: { size: "100000x100000", most: 100000000 }, line: 1, column: 1 }),
    "Line 1, column 1: a 100000×100000 board is too large: at most 100000000 cells.");
  assert.equal(parseErrorMessage({ code: "from_the_future", params: {}, message: "line 3, column 1: something new", line: 3, column: 1 }),
    "Line 3, column 1: something new");
  assert.equal(parseErrorMessage({ code: "not_utf8", params: { byte: 3 } }), "The file is not UTF-8 text (byte 3).");
});
