// @ts-check
// The shared fuzz corpus of share links (tests/data/share-links.json, written by
// tools/make_share_corpus.py from lightsout.share.links, the reference): for every link the page reads
// itself (a grid's: share-link.js sends a preset's or a graph's to Python's share op, isGraphLink),
// static/model/share.js gives the corpus's outcome — the same canonical string, or the same first problem
// (column, code and params). tests/unit/test_share_corpus.py holds Python to the same outcomes, so the
// two readers agree link for link.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { formatShare, parseShare } from "../../static/model/share.js";
import { isGraphLink } from "../../static/model/share-link.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const CORPUS = JSON.parse(readFileSync(join(ROOT, "tests", "data", "share-links.json"), "utf8"));

/** An object with its keys in order (the two sides build params in their own orders). */
const sorted = (object) => Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : 1)));

function jsOutcome(text) {
  try {
    return { ok: true, canonical: formatShare(parseShare(text)) };
  } catch (error) {
    if (error.name !== "ShareError") return { ok: false, crash: String(error) };
    return { ok: false, column: error.column, code: error.code, params: sorted(error.params) };
  }
}

test("the page sends every preset's and graph's link of the corpus to Python, and reads the others itself", () => {
  for (const link of CORPUS.links) {
    assert.equal(isGraphLink(link.text, CORPUS.presets) ? "python" : "js", link.reader, link.text);
  }
});

test(`share.js gives every grid link of the corpus lightsout.share.links's outcome`, () => {
  const links = CORPUS.links.filter((link) => link.reader === "js");
  assert.ok(links.length > 1500, `${links.length} grid links`);
  const mismatches = [];
  for (const link of links) {
    const { text, reader, ...expected } = link;
    const python = expected.ok ? expected : { ...expected, params: sorted(expected.params) };
    const js = jsOutcome(text);
    if (JSON.stringify(js) !== JSON.stringify(python)) mismatches.push({ text, js, python });
  }
  assert.deepEqual(mismatches.slice(0, 5), []);
  assert.ok(links.some((link) => link.ok) && links.some((link) => link.code === "leading_zero") && links.some((link) => link.code === "goal_word"));
});
