// The page's strings are data: one JSON file per language (static/strings/<code>.json),
// which static/i18n.js imports (esbuild bundles them into the page; Node reads them here).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { LANGUAGES, LANGUAGE_BUTTONS, STRINGS, currentLanguage, inLanguage, setLanguage, t, tCount } from "../../static/i18n.js";
import { parseShare } from "../../static/share.js";
import { ROOT } from "./python.mjs";

const FOLDER = join(ROOT, "static", "strings");

test("i18n.js's table is the JSON files, one per language it offers", () => {
  const files = readdirSync(FOLDER).filter((name) => name.endsWith(".json")).map((name) => name.slice(0, -5)).sort();
  assert.deepEqual(files, ["en", "zh"]);
  assert.deepEqual(Object.keys(STRINGS).sort(), files);
  assert.deepEqual(Object.keys(LANGUAGES).sort(), files);
  assert.deepEqual(Object.keys(LANGUAGE_BUTTONS).sort(), files);
  for (const code of files) {
    assert.deepEqual(STRINGS[code], JSON.parse(readFileSync(join(FOLDER, `${code}.json`), "utf8")), code);
  }
});

test("t and tCount read the files: placeholders filled, singular chosen by the language's rule", () => {
  try {
    setLanguage("en");
    assert.equal(t("title"), "Lights Out");
    assert.equal(t("timer", { time: "0:07" }), "Time: 0:07");
    assert.equal(tCount("solvedPuzzle", 1, { time: "0:03" }), "Solved in 1 move and 0:03.");
    assert.equal(tCount("solvedPuzzle", 4, { time: "0:03" }), "Solved in 4 moves and 0:03.");
    setLanguage("zh");
    assert.equal(t("title"), STRINGS.zh.title);
    assert.equal(tCount("solvedPuzzle", 1, { time: "0:03" }), "用 1 步、0:03 解开。");
    assert.throws(() => t("noSuchKey"), RangeError);
  } finally {
    setLanguage("en");
  }
});

test("inLanguage words one thing in another language and restores the page's, even if it throws", () => {
  try {
    setLanguage("zh");
    assert.equal(inLanguage("en", () => t("title")), "Lights Out");
    assert.equal(currentLanguage(), "zh");
    assert.throws(() => inLanguage("en", () => t("noSuchKey")), RangeError);
    assert.equal(currentLanguage(), "zh");
    // A link's error: the page says it in 中文, its message stays English (share.js).
    assert.throws(() => parseShare("2x2:AA;h=AQ;m=AA"), (error) => error.message === "move 1 presses cell 0, a hole, which has no button");
    assert.equal(currentLanguage(), "zh");
  } finally {
    setLanguage("en");
  }
});
