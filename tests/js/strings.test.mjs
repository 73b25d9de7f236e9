// @ts-check
// The page's strings are data: one JSON file per language (static/strings/<code>.json), and English's
// error strings written from Python's table (static/strings/generated/errors-en.json), which
// static/page/i18n.js imports (esbuild bundles them into the page; Node reads them here).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { LANGUAGES, LANGUAGE_BUTTONS, STRINGS, currentLanguage, inLanguage, setLanguage, setTouchFirst, t, tCount } from "../../static/page/i18n.js";
import { linkErrorReason } from "../../static/page/link-errors.js";
import { parseShare } from "../../static/model/share.js";
import { PYTHON, ROOT } from "./python.mjs";

const FOLDER = join(ROOT, "static", "strings");

test("i18n.js's table is the JSON files, one per language it offers, English with the error strings written from Python's table", () => {
  const files = readdirSync(FOLDER).filter((name) => name.endsWith(".json")).map((name) => name.slice(0, -5)).sort();
  assert.deepEqual(files, ["en", "zh"]);
  assert.deepEqual(Object.keys(STRINGS).sort(), files);
  assert.deepEqual(Object.keys(LANGUAGES).sort(), files);
  assert.deepEqual(Object.keys(LANGUAGE_BUTTONS).sort(), files);
  const read = (...path) => JSON.parse(readFileSync(join(FOLDER, ...path), "utf8"));
  const errors = read("generated", "errors-en.json"); // tools/error_strings.py, from lightsout.errors
  assert.deepEqual(Object.keys(read("en.json")).filter((key) => Object.hasOwn(errors, key)), [], "an error string is written in en.json too");
  assert.deepEqual(STRINGS.en, { ...read("en.json"), ...errors });
  assert.deepEqual(STRINGS.zh, read("zh.json"));
  // The file is what Python's table writes now (tools/error_strings.py --check, which the unit tests run too).
  assert.doesNotThrow(() => execFileSync(PYTHON, [join(ROOT, "tools", "error_strings.py"), "--check"], { stdio: "pipe" }));
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
    // A link's error: the page says it in 中文, and in English when asked (a log, a test).
    assert.throws(() => parseShare("2x2:AA;h=AQ;m=AA"),
      (error) => inLanguage("en", () => linkErrorReason(error)) === "move 1 presses cell 0, a hole, which has no button");
    assert.equal(currentLanguage(), "zh");
  } finally {
    setLanguage("en");
  }
});

// Keys a phone has not got, named in either language (the Help dialog's list of shortcuts may name them).
const KEY_NAMES = /Ctrl|Shift|[Aa]rrow|\bSpace\b|\bEnter\b|\bEsc\b|方向键|空格|回车/; // "Space" the key, not "column space"

test("on a touch-first device t says each thing in its touch form, which names no key; elsewhere as before", () => {
  const touchForms = Object.keys(STRINGS.en).filter((key) => key.endsWith("Touch"));
  assert.deepEqual(touchForms.sort(), ["bringBoardTouch", "explainWhyHelpTouch", "marksOutOfSightOneTouch", "marksOutOfSightTouch",
    "scanAdjustHelpTouch"]);
  for (const code of Object.keys(STRINGS)) {
    for (const key of touchForms) {
      assert.ok(Object.hasOwn(STRINGS[code], key.slice(0, -"Touch".length)), `${code}: ${key} is a form of a key`);
      assert.doesNotMatch(STRINGS[code][key], KEY_NAMES, `${code}: ${key}`);
    }
    // Every string outside the Help dialog's shortcuts (key…, help…) that names a key has a touch form.
    const naming = Object.keys(STRINGS[code]).filter((key) => KEY_NAMES.test(STRINGS[code][key]) && !/^(key|help)[A-Z]/.test(key)
      && !key.startsWith("parse_"));
    assert.deepEqual(naming.filter((key) => !Object.hasOwn(STRINGS[code], `${key}Touch`)), [], code);
  }
  try {
    setTouchFirst(true);
    setLanguage("en");
    assert.equal(tCount("marksOutOfSight", 3), "3 marks are out of sight: drag the board to turn it.");
    assert.equal(tCount("marksOutOfSight", 1), "1 mark is out of sight: drag the board to turn it.");
    assert.equal(t("bringBoard"), "Paste, open, scan or set up a board: Your own board, More puzzles.");
    setLanguage("zh");
    assert.equal(tCount("marksOutOfSight", 3), "有 3 个标记在背面看不到：拖动棋盘转动它。");
    setTouchFirst(false);
    assert.equal(tCount("marksOutOfSight", 3), "有 3 个标记在背面看不到：拖动棋盘或按 Shift+方向键转动它。");
    setLanguage("en");
    assert.equal(t("bringBoard"), "Paste (Ctrl+V), open, scan or set up a board: Your own board, More puzzles.");
  } finally {
    setTouchFirst(false);
    setLanguage("en");
  }
});

// Issue 41: 中文 sets no space between Han characters and a cell's name ("按了第 2 行第 1 列，消掉第 1 行第 1
// 列", not "按了 第 2 行第 1 列，消掉 第 1 行第 1 列"); spaces stay only around the digits inside the name.
test("中文 writes a cell's name against the Han characters and punctuation around it", () => {
  const HAN = "[\\u4e00-\\u9fff\\u3000-\\u303f\\uff00-\\uffef]";
  const spaced = new RegExp(`${HAN} 第 \\d+ 行|第 \\d+ 列 ${HAN}`);
  try {
    setLanguage("zh");
    const cell = t("explainCell", { row: 2, col: 1 });
    assert.equal(cell, "第 2 行第 1 列");
    const keys = Object.keys(STRINGS.zh).filter((key) => /^(explain|why)/.test(key) && /\{(cell|light)\}/.test(STRINGS.zh[key]));
    assert.ok(keys.length >= 15, `${keys.length} keys name a cell`);
    const said = keys.map((key) => [key, t(key, { cell, light: t("explainCell", { row: 1, col: 5 }) })]);
    assert.deepEqual(said.filter(([, text]) => spaced.test(text)), []);
    assert.equal(t("explainDidChase", { cell, light: t("explainCell", { row: 1, col: 1 }) }), "按了第 2 行第 1 列，消掉第 1 行第 1 列。");
  } finally {
    setLanguage("en");
  }
});

test("the page never names Python or Pyodide: the solver getting ready, or stopping, is said in a player's words", () => {
  // Issue 50, point 6: the first paint said "Loading Python…" (正在加载 Python…), and a crash "Python stopped working".
  for (const language of Object.keys(STRINGS)) {
    const named = Object.entries(STRINGS[language]).filter(([, text]) => /python|pyodide/i.test(text));
    assert.deepEqual(named, [], language);
  }
  const markup = readFileSync(join(ROOT, "index.html"), "utf8").replace(/<!--[\s\S]*?-->/g, "");
  assert.doesNotMatch(markup, /python|pyodide/i);
  try {
    setLanguage("en");
    assert.equal(t("solverStarting"), "Getting the solver ready…");
    setLanguage("zh");
    assert.equal(t("solverStarting"), "正在准备求解器…");
  } finally {
    setLanguage("en");
  }
});
