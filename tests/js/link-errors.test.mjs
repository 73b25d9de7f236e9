// @ts-check
// A user-defined puzzle or a share link that cannot be read, in the page's words: every case
// of tests/data/bad-puzzles.json is sent to the real Python API (the `puzzle` op's graph, the
// `share` op's text), a grid link also read by static/model/share.js, which must give the same code,
// params and column; each error is said in English and 中文 as the page says it
// (paste-errors.js graphErrorMessage, link-errors.js linkErrorMessage): the position and the
// part named, no placeholder or "undefined" left, no English word of ours inside 中文.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { staticPath, staticSource } from "./static-modules.mjs";
import { join } from "node:path";
import { graphErrorMessage } from "../../static/page/paste-errors.js";
import { linkErrorMessage, linkErrorReason } from "../../static/page/link-errors.js";
import { STRINGS, inLanguage, setLanguage } from "../../static/page/i18n.js";
import { parseShare } from "../../static/model/share.js";
import { gameOfLink } from "../../static/model/share-link.js";
import { ROOT, pythonJson } from "./python.mjs";

const CASES = JSON.parse(readFileSync(join(ROOT, "tests", "data", "bad-puzzles.json"), "utf8"));

/** The words a sentence may keep in 中文: the puzzle format's keywords and the link's names (the user types them). */
const NAMES = /\b(cells|k|goal|start|self|press|edge|at|name|names|shape|title|null|true|false|yes|no|off|on|JSON|plus|moore|x|hex|torus|klein|projective|square|circle|i|j|a|b|y|n|r|s)\b|[a-z]=/g;

function apiErrors() {
  return pythonJson(`
import json
from lightsout.api import call
cases = json.load(open("tests/data/bad-puzzles.json", encoding="utf-8"))
out = {"puzzles": [], "links": []}
for case in cases["puzzles"]:
    graph = case["graph"] if "graph" in case else case["text"]
    out["puzzles"].append(json.loads(call(json.dumps({"op": "puzzle", "graph": graph}))[0])["error"])
for case in cases["links"]:
    out["links"].append(json.loads(call(json.dumps({"op": "share", "text": case["text"]}))[0])["error"])
print(json.dumps(out))
`);
}

/** 中文 text without the user's own words (string params) and the allowed names: no Latin word may be left. */
function assertChinese(text, error, name) {
  assert.match(text, /[\u4e00-\u9fff]/, `${name}: ${text}`);
  const own = Object.values(error.params ?? {}).filter((value) => typeof value === "string" && value.length > 1)
    .reduce((rest, value) => rest.split(value).join(" "), text);
  assert.doesNotMatch(own.replace(NAMES, " "), /[A-Za-z]{2,}/, `${name}: ${text}`);
}

function inBoth(say, error) {
  setLanguage("en");
  const english = say(error);
  setLanguage("zh");
  const chinese = say(error);
  setLanguage("en");
  for (const text of [english, chinese]) assert.doesNotMatch(text, /undefined|\{\w+\}/, text);
  return { english, chinese };
}

test("every bad puzzle is said in English and 中文 with its line and column", () => {
  const errors = apiErrors().puzzles;
  assert.equal(errors.length, CASES.puzzles.length);
  for (const [index, error] of errors.entries()) {
    const expected = CASES.puzzles[index];
    assert.equal(error.code, expected.code, expected.name);
    const { english, chinese } = inBoth(graphErrorMessage, error);
    if (expected.line) {
      assert.ok(english.startsWith(`Line ${expected.line}, column ${expected.column}: `), english);
      assert.ok(chinese.startsWith(`第 ${expected.line} 行，第 ${expected.column} 列：`), chinese);
    } else {
      assert.ok(chinese.startsWith("这不是一个谜题："), chinese);
    }
    if (typeof error.params.field === "string") {
      assert.ok(english.includes(error.params.field) && chinese.includes(error.params.field), `${english} / ${chinese}`);
    }
    assertChinese(chinese, error, expected.name);
  }
});

test("a few bad puzzles read as sentences, word for word", () => {
  const { puzzles } = apiErrors();
  const said = (name) => inBoth(graphErrorMessage, puzzles[CASES.puzzles.findIndex((c) => c.name === name)]);
  assert.deepEqual(said("a goal symbol that is not a light"), {
    english: "Line 2, column 8: the goal: expected a light, # * 1 x (lit) or . - 0 o (dark), found “?”.",
    chinese: "第 2 行，第 8 列：目标（goal）中应为表示灯的符号：#、*、1、x（亮）或 .、-、0、o（灭），这里是“?”。",
  });
  assert.deepEqual(said("a press set not a list"), {
    english: "Line 1, column 1: presses[1] must be a list of cell numbers or null.",
    chinese: "第 1 行，第 1 列：presses[1] 应为格子编号的列表或 null。",
  });
  assert.deepEqual(said("more cells than a puzzle may have"), {
    english: "This is not a puzzle: a puzzle has at most 4,096 cells, not 5,000.",
    chinese: "这不是一个谜题：谜题最多 4,096 格，这里是 5,000 格。",
  });
  // A puzzle file too large to read is refused by the page before Python sees it.
  assert.deepEqual(inBoth(graphErrorMessage, { code: "file_too_large", params: { size: 5000000, most: 4194304 } }), {
    english: "This is not a puzzle: the file is 5,000,000 bytes; a puzzle file is at most 4,194,304 bytes.",
    chinese: "这不是一个谜题：该文件有 5,000,000 字节；谜题文件最多 4,194,304 字节。",
  });
});

test("every bad link is said in English and 中文 with its column and part; share.js agrees with Python on grid links", () => {
  const errors = apiErrors().links;
  assert.equal(errors.length, CASES.links.length);
  let grids = 0;
  const raised = new Set();
  for (const [index, error] of errors.entries()) {
    const expected = CASES.links[index];
    assert.equal(error.code, expected.code, expected.name);
    if (/^[0-9]/.test(expected.text) || !/^(G[0-9]|[a-z][a-z0-9-]*:)/.test(expected.text)) {
      grids += 1;
      let thrown = null;
      try {
        parseShare(expected.text);
      } catch (caught) {
        thrown = caught;
      }
      assert.equal(thrown?.name, "ShareError", expected.name);
      assert.deepEqual({ code: thrown.code, params: thrown.params, column: thrown.column }, { code: error.code, params: error.params, column: error.column },
        expected.name);
      // share.js words nothing itself: its message is its code and params (the page words them).
      const [code, ...params] = thrown.message.split(" ");
      assert.deepEqual([code, JSON.parse(params.join(" "))], [error.code, error.params], expected.name);
      raised.add(thrown.code);
    }
    const { english, chinese } = inBoth(linkErrorMessage, error);
    const field = error.params.field;
    const label = field === null ? ["field name", "字段名"] : field.length === 1 ? [`${field}=`, `${field}=`]
      : { size: ["board size", "棋盘大小"], board: ["board", "棋盘"] }[field];
    assert.ok(english.startsWith(`This link cannot be opened — column ${expected.column} (${label[0]}): `), english);
    assert.ok(english.endsWith(". The board was kept."), english);
    assert.ok(chinese.startsWith(`无法打开此链接——第 ${expected.column} 列（${label[1]}）：`), chinese);
    assertChinese(chinese, error, expected.name);
  }
  assert.ok(grids >= 20, `${grids} grid links`);
  assert.deepEqual([...raised].sort(), codesRaisedBy("share.js"), "the cases reach every code share.js raises");
});

/** A grid link's head of `rows`×`cols` cells of `k` states, all dark. */
const darkHead = (rows, cols, k = 2) => `${rows}x${cols}:` + "A".repeat(Math.ceil((Math.ceil((rows * cols * (k > 2 ? 2 : 1)) / 8) * 8) / 6));

test("links this page cannot play are said in both languages", () => {
  const cases = [
    ["3x3:AAA;g=AQA", "column 11 (g=): this page cannot play a goal pattern", "第 11 列（g=）：本页面还不能玩"],
    [darkHead(65, 65, 3) + ";k=3", "(board size): a board with 3 states is at most 64×64 here", "3 种状态的棋盘在这里最多 64×64"],
    [darkHead(65, 65) + ";h=B" + "A".repeat(705), "column 716 (h=): a board with holes or don't-care cells is at most 64×64 here", "有空洞或无所谓格子的棋盘在这里最多 64×64"],
    [darkHead(10001, 1), "column 1 (board size): a 10,001×1 board is larger than this page's 10,000×10,000", "10,001×1 的棋盘大于本页面的 10,000×10,000"],
    [darkHead(80001, 1), "column 1 (board size): an 80,001×1 board is larger than this page's 10,000×10,000", "80,001×1 的棋盘大于本页面的 10,000×10,000"],
    ["1x1:A" + "A".repeat(2_000_000), "column 1 (board size): the link is 2,000,005 characters long; at most 2,000,000 are read", "链接长 2,000,005 个字符；最多读取 2,000,000 个"],
  ];
  const raised = new Set();
  for (const [text, english, chinese] of cases) {
    let error = null;
    try {
      gameOfLink(text);
    } catch (caught) {
      error = caught;
    }
    assert.equal(error?.name, "ShareError", text.slice(0, 40));
    raised.add(error.code);
    const said = inBoth(linkErrorMessage, error);
    assert.ok(said.english.includes(english), said.english);
    assert.ok(said.chinese.includes(chinese), said.chinese);
    assert.equal(inLanguage("en", () => linkErrorReason(error)), said.english.match(/\): (.*)\. The board was kept\.$/)[1]);
    assertChinese(said.chinese, error, text.slice(0, 40));
  }
  assert.deepEqual([...raised].sort(), codesRaisedBy("share-link.js"), "the cases reach every code share-link.js raises");
});

/** The codes `file` (in static/) raises: each ShareError it makes names its code as a literal. */
function codesRaisedBy(file) {
  const source = staticSource(staticPath(file));
  const made = source.match(/(?<!function )\bfail\(|new ShareError\((?!code\b)/g) ?? [];
  const codes = [...source.matchAll(/(?<!function )\bfail\("(\w+)"|new ShareError\("(\w+)"/g)].map((found) => found[1] ?? found[2]);
  assert.equal(codes.length, made.length, `${file} makes a ShareError whose code is not written out`);
  return [...new Set(codes)].sort();
}

test("every link_ string is a code Python or the page raises, worded in both languages", () => {
  const python = pythonJson(`
import json
from lightsout.errors import LINK_ERRORS
print(json.dumps(sorted(LINK_ERRORS)))
`);
  // A link also fails with the codec's codes and two of a user puzzle's (lightsout.errors).
  const shared = ["bad_base64", "id_length", "name_invalid", "stray_bits", "unknown_field"];
  const codes = new Set([...python, ...shared, ...codesRaisedBy("share.js"), ...codesRaisedBy("share-link.js")]);
  for (const language of ["en", "zh"]) {
    const keys = Object.keys(STRINGS[language]).filter((key) => key.startsWith("link_")).map((key) => key.slice(5));
    assert.deepEqual(keys.sort(), [...codes].sort(), language);
  }
});

test("a code the page does not know keeps Python's words, once framed", () => {
  setLanguage("en");
  assert.equal(linkErrorMessage({ code: "from_the_future", params: { field: "m" }, message: "line 1, column 3: something new.", column: 3 }),
    "This link cannot be opened — column 3 (m=): something new. The board was kept.");
});
