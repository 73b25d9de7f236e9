// @ts-check
// Issue #31: what the play column says is in a player's words. Every string a message of the
// play column can be made of — each key of the string table a module other than the figure
// panels (Analysis, and the Explain panel beside the board) names, its singular forms, and
// every parse, link and format string — is free of linear algebra in English and 中文; the
// figures stay in the panels. Numbers are written one way, the page language's, by one
// helper; English's article before a number follows its sound ("an 8×8").
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { staticModules } from "./static-modules.mjs";
import { STRINGS, englishArticle, formatNumber, setLanguage, t } from "../../static/page/i18n.js";
import { countText, powerOfTwo } from "../../static/page/wording.js";

const STATIC = new URL("../../static/", import.meta.url);
const FIGURE_PANELS = new Set(["analysis-panel.js", "explain-panel.js"]); // where the figures are, for those who open them
const FORBIDDEN = {
  en: /\bnullity\b|\brank\b|Z\/\d|A⁻¹|\bparity\b|quiet pattern|\bkernel\b|\bmatrix\b|column space|\bstructure\b|\bformula\b|\bmod\b|GF\(2\)|M·f|A·x|\bbasis\b|\bequations?\b|\bunknowns\b|\bpivot\b|\belimination\b/i,
  zh: /零化度|秩|奇偶|静默图案|安静图案|矩阵|列空间|A⁻¹|Z\/\d|结构|公式|模 \d|GF\(2\)|M·f|A·x|一组基|基图案|方程|未知数|消元|主元/,
};
const SINGULAR = ["", "One", "OneCell", "OneCellOne"].flatMap((form) => [form, `${form}Touch`]); // tCount's singular, solve-messages' one-cell forms, and t's touch forms of each

function modules() {
  return staticModules();
}

/** The keys of the string table a play-column message can be made of. */
function playColumnKeys() {
  const english = STRINGS.en;
  const keys = new Set(Object.keys(english).filter((key) => /^(parse|link|linkPart|format)_/.test(key)));
  for (const [name, source] of modules()) {
    if (FIGURE_PANELS.has(name)) continue;
    for (const [, literal] of source.matchAll(/"(\w+)"/g)) {
      for (const suffix of SINGULAR) if (Object.hasOwn(english, literal + suffix)) keys.add(literal + suffix);
    }
  }
  return keys;
}

test("no string of a play-column message uses linear algebra, in English or 中文", () => {
  const keys = playColumnKeys();
  for (const key of ["unsolvable", "unsolvableShaped", "statesUnsolvable", "solutionCount", "pressesAboveRank", "explainStart",
    "explainCannotSolve", "whyChase", "whyChaseAgain", "whyDarkAbove", "whyDecided", "whyDecidedGiven", "whyFreePressed",
    "whyFreeUnpressed", "whyFormula", "whyStates", "whyNoFirstRow", "cellQuiet", "solutionOfOne"]) {
    assert.ok(keys.has(key), `${key} is said in the play column`);
  }
  assert.ok(keys.size > 300, `${keys.size} keys`);
  for (const [code, pattern] of Object.entries(FORBIDDEN)) {
    const found = [...keys].filter((key) => pattern.test(STRINGS[code][key])).map((key) => `${key}: ${STRINGS[code][key]}`);
    assert.deepEqual(found, [], code);
  }
});

test("the figures' own words stay in the panels that show them", () => {
  const keys = playColumnKeys();
  const figures = Object.keys(STRINGS.en).filter((key) => FORBIDDEN.en.test(STRINGS.en[key]) && !keys.has(key));
  // Analysis's and Explain's figures (rank, nullity, the first-row system, the full system), under "For the curious".
  for (const key of ["analysisRank", "analysisNullity", "analysisMathsHelp", "systemFigures", "systemFirstRowMethod", "systemFullMethod"]) {
    assert.ok(figures.includes(key), key);
  }
  const panels = modules().filter(([name]) => FIGURE_PANELS.has(name)).map(([, source]) => source).join("\n");
  const html = readFileSync(new URL("../index.html", STATIC), "utf8");
  for (const key of figures) {
    const base = key.replace(/Touch$/, "").replace(/One$/, ""); // a singular or touch form, picked by tCount or t
    assert.ok([key, base].some((name) => panels.includes(`"${name}"`) || html.includes(`"${name}"`)), `${key} is used by a figure panel`);
  }
});

test("a number is written as the page's language writes it, by one helper, in every message", () => {
  for (const code of ["en", "zh"]) {
    setLanguage(code);
    assert.equal(formatNumber(20148), "20,148");
    assert.equal(formatNumber("123456789012345678901"), "123,456,789,012,345,678,901"); // a decimal string: exact
    assert.equal(t("moves", { count: 20148 }), code === "en" ? "Moves: 20,148" : "步数：20,148");
    assert.equal(countText("20148"), "20,148");
    assert.equal(powerOfTwo(20), "1,048,576");
    assert.match(t("playbackStopped", { done: 20148, total: 500000 }), /20,148.*500,000/);
  }
  setLanguage("en");
  assert.equal(t("gameYear", { year: "1995" }), ", 1995"); // a string param (a year is a name) is never regrouped
  // No module groups digits its own way (the narrow-space grouping that wrote "20 148" beside "20148").
  for (const [name, source] of modules()) {
    if (name === "i18n.js") continue;
    assert.doesNotMatch(source, /\\u202f|toLocaleString|\(\?=\(\\d\{3\}\)/, name);
  }
});

test("English's article before a number follows its sound: an 8×8, an 11×11, an 18×18, an 80×80, an 800×800", () => {
  setLanguage("en");
  const an = [8, 11, 18, 80, 83, 89, 800, 875, 8000, 11000, 18000, 80000, 800000, 8000000, 11_000_000, "8x8", "11x3"];
  const a = [1, 2, 5, 7, 10, 12, 17, 19, 20, 1_000_000, 12_000_000, 100, 108, 111, 180, 1000, 1100, 1800, 10000, 100000, "5x5", "100001x5"];
  for (const number of an) assert.equal(englishArticle(number), "an", String(number));
  for (const number of a) assert.equal(englishArticle(number), "a", String(number));
  assert.equal(t("loaded", { rows: 8, cols: 8, format: "grid" }), "Loaded an 8×8 board (grid).");
  assert.equal(t("loaded", { rows: 5, cols: 8, format: "grid" }), "Loaded a 5×8 board (grid).");
  assert.ok(t("linkTooLarge", { rows: 800, cols: 800 }).startsWith("An 800×800 board"));
  assert.ok(t("copyTooLarge", { rows: 18, cols: 2, cells: 36, limit: 9, download: "x" }).startsWith("An 18×2 board"));
  // Every article before a number in English is chosen so: no "a {rows}" is left; {a:x} names a param the string fills.
  for (const [key, text] of Object.entries(STRINGS.en)) {
    assert.doesNotMatch(text, /\b[Aa]n? \{(?!name\b)\w+\}/, key);
    for (const [, name] of text.matchAll(/\{[aA]:(\w+)\}/g)) assert.ok(text.includes(`{${name}}`), key);
  }
  setLanguage("zh");
  assert.equal(t("loaded", { rows: 8, cols: 8, format: "网格" }), "已载入 8×8 棋盘（网格）。");
  setLanguage("en");
});
