// @ts-check
// The page refuses a text or file the solver would refuse for its lines before sending it
// (static/model/limits.js linesOver / bytesLinesOver, text-panel.js): it must count lines exactly as
// lightsout.text.text_input.check_lines does — every line break of str.splitlines (CRLF one), a last line
// without one, zero-width marks dropped first — or it would refuse a text the solver reads, or send
// one it refuses. Each text here is counted by Python and by both functions, at and around its count.
import { test } from "node:test";
import assert from "node:assert/strict";
import { bytesLinesOver, linesOver } from "../../static/model/limits.js";
import { pythonJson } from "./python.mjs";
import { seeded } from "./seeded.mjs";

const PIECES = ["#", ".", " ", "\n", "\r\n", "\r", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029",
  "\u200b", "\ufeff", "\u2060", "\u00a0", "\u3000", "é", "😀", "\t", "12", ","];

function texts() {
  const random = seeded(39);
  const out = ["", "#", "\n", "\n\n", "#\n", "#\r\n", "\r\n\r", "\u200b", "#\n\u200b", "\u200b\n", "\ufeff#.\r\n.#", "a\u2028b\u2029"];
  for (let i = 0; i < 400; i++) {
    out.push(Array.from({ length: Math.floor(random() * 12) }, () => PIECES[Math.floor(random() * PIECES.length)]).join(""));
  }
  return out;
}

test("the page counts a text's lines as the solver does, for text and for a file's bytes", () => {
  const cases = texts();
  const counts = pythonJson(`
import json, sys
from lightsout.text.text_input import clean_text
texts = json.loads(${JSON.stringify(JSON.stringify(cases))})
print(json.dumps([(lambda clean: clean.count("\\n") + (not clean.endswith("\\n")) - (not clean))(clean_text(t)) for t in texts]))
`);
  const encoder = new TextEncoder();
  cases.forEach((text, index) => {
    const lines = counts[index];
    const bytes = encoder.encode(text);
    for (const limit of [lines - 1, lines, lines + 1].filter((n) => n >= 0)) {
      assert.equal(linesOver(text, limit), lines > limit, `${JSON.stringify(text)}: ${lines} lines, limit ${limit}`);
      assert.equal(bytesLinesOver(bytes, limit), lines > limit, `${JSON.stringify(text)} as bytes: ${lines} lines, limit ${limit}`);
    }
  });
});

test("a file of one-cell rows past the most lines is found without reading all of it", () => {
  const rows = new Uint8Array(60_000_000).fill(0x23); // 60 MB: "#\n" 30 million times
  for (let i = 1; i < rows.length; i += 2) rows[i] = 0x0a;
  assert.equal(bytesLinesOver(rows, 1 << 21), true);
  assert.equal(bytesLinesOver(rows.subarray(0, 2 << 21), 1 << 21), false); // exactly 2^21 rows
  assert.equal(linesOver("#\n".repeat(1 << 21) + "#", 1 << 21), true);
});
