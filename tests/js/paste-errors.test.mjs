// @ts-check
// Parse errors in the page's words (static/page/paste-errors.js): every bad paste of
// tests/data/bad-pastes.json is sent to the real Python API, and its reply said in English
// and 中文 — the position framed in that language, no placeholder or "undefined" left, no
// English word inside 中文 text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseErrorMessage } from "../../static/page/paste-errors.js";
import { wordMessage } from "../../static/page/words.js";
import { formatNumber, setLanguage } from "../../static/page/i18n.js";
import { Session } from "../../static/session/session.js";
import { SolverError } from "../../static/solver/solver-client.js";
import { emptyBoard } from "../../static/model/board.js";
import { LIMITS } from "./fake-solver.mjs";
import { ROOT, pythonJson } from "./python.mjs";

const CASES = JSON.parse(readFileSync(join(ROOT, "tests", "data", "bad-pastes.json"), "utf8")).cases;

/** Every case's API error (read_board's for the cases the API refuses first), from one Python run. */
function errorsOfPython() {
  return pythonJson(`
import base64, json, sys
from lightsout.api import call
from lightsout.errors import BoardFormatError
from lightsout.text.formats import read_board
cases = json.load(open("tests/data/bad-pastes.json", encoding="utf-8"))["cases"]
out = []
for case in cases:
    text = case.get("text") or ("@" if "bytes" in case else case.get("before", "") + case["repeat"][0] * case["repeat"][1] + case.get("then", ""))
    payload = base64.b64decode(case["bytes"]) if "bytes" in case else None
    if case.get("as_bytes"):  # sent as a file's bytes
        text, payload = "@", text.encode()
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
      if (expected.line) { // numbers written as the page writes them (1,000,001)
        setLanguage("en");
        const [line, column] = [formatNumber(expected.line), formatNumber(expected.column)];
        assert.ok(english.startsWith(`Line ${line}, column ${column}: `), english);
        setLanguage("zh");
        const [lineZh, columnZh] = [formatNumber(expected.line), formatNumber(expected.column)];
        assert.ok(chinese.startsWith(`第 ${lineZh} 行，第 ${columnZh} 列：`), chinese);
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
    "Line 1, column 1: a 100,000×100,000 board is too large: at most 100,000,000 cells.");
  assert.equal(parseErrorMessage({ code: "from_the_future", params: {}, message: "line 3, column 1: something new", line: 3, column: 1 }),
    "Line 3, column 1: something new");
  assert.equal(parseErrorMessage({ code: "not_utf8", params: { byte: 3 } }), "The file is not UTF-8 text (byte 3).");
});

test("a ragged row is named, with the others' width, in English (1 light, 4 lights) and 中文", () => {
  const ragged = (found) => ({ code: "ragged_rows", params: { row: 2, found, expected: 5 }, line: 2, column: found + 1 });
  try {
    setLanguage("en");
    assert.equal(parseErrorMessage(ragged(4)), "Line 2, column 5: row 2 has 4 lights; the others have 5.");
    assert.equal(parseErrorMessage(ragged(1)), "Line 2, column 2: row 2 has 1 light; the others have 5.");
    setLanguage("zh");
    assert.equal(parseErrorMessage(ragged(4)), "第 2 行，第 5 列：第 2 行有 4 盏灯，其他行有 5 盏。");
    assert.equal(parseErrorMessage(ragged(1)), "第 2 行，第 2 列：第 2 行有 1 盏灯，其他行有 5 盏。");
  } finally {
    setLanguage("en");
  }
});

/** A solver whose parse op is the real Python API (other ops are not needed here). */
function pythonParser() {
  const sent = [];
  return {
    ready: true,
    sent,
    request(message) {
      sent.push(message);
      const answer = pythonJson(`
import base64, json
from lightsout.api import call
reply, payload = call(${JSON.stringify(JSON.stringify(message))})
print(json.dumps({"reply": json.loads(reply), "payload": base64.b64encode(payload).decode()}))
`);
      if (!answer.reply.ok) return Promise.reject(new SolverError(answer.reply.error));
      return Promise.resolve({ ...answer.reply, payload: new Uint8Array(Buffer.from(answer.payload, "base64")) });
    },
  };
}

test("Load: a list without a size takes the board's size, a POJ set offers its puzzles one by one", async () => {
  const solver = pythonParser();
  const session = new Session({ solver, limits: LIMITS, wait: () => Promise.resolve(), random: () => 0.9 });
  const changes = [];
  session.subscribe((change) => changes.push(change));
  session.setBoard(emptyBoard(4, 6));
  assert.equal(await session.boardText.load("1, 8; 24"), true);
  assert.deepEqual([solver.sent[0].rows, solver.sent[0].cols], [4, 6]);
  assert.deepEqual([session.game.board.rows, session.game.board.cols, session.game.board.indices()], [4, 6, [0, 7, 23]]);
  assert.equal(session.boardText.setPosition, null);
  // A POJ 1222 set of two puzzles: the first is played, Next loads the second.
  const rows = (cells) => Array.from({ length: 5 }, (_, r) => Array.from({ length: 6 }, (_, c) => (cells.includes(r * 6 + c) ? 1 : 0)).join(" "));
  const text = ["2", ...rows([0, 29]), ...rows([7, 14])].join("\n");
  assert.equal(await session.boardText.load(text), true);
  assert.deepEqual(session.game.board.indices(), [0, 29]);
  assert.deepEqual(session.boardText.setPosition, { index: 1, count: 2 });
  assert.equal(session.boardText.nextInSet(), true);
  assert.deepEqual(session.game.board.indices(), [7, 14]);
  assert.deepEqual(session.boardText.setPosition, { index: 2, count: 2 });
  assert.equal(wordMessage(changes.at(-1).message), "Puzzle 2 of 2 of the pasted set.");
  assert.equal(session.boardText.nextInSet(), false);
  // A board from elsewhere ends the set; a bad paste keeps the board and says why.
  session.setBoard(emptyBoard(3, 3));
  assert.equal(session.boardText.setPosition, null);
  const before = session.game;
  assert.equal(await session.boardText.load("1 2 3 x"), false);
  assert.equal(session.game, before);
  assert.equal(wordMessage(changes.findLast((change) => change.boardError)?.boardError), "Line 1, column 7: expected a cell number, found “x”.");
});

/** A paste on a preset's board (what a level sends: the parse op with its preset field), as Python answers it. */
function presetErrors(cases) {
  return pythonJson(`
import json
from lightsout.api import call
cases = json.loads(${JSON.stringify(JSON.stringify(cases))})
print(json.dumps([json.loads(call(json.dumps({"op": "parse", "text": text, "k": k, "preset": preset}))[0]).get("error") for preset, k, text in cases]))
`);
}

/** The character at (line, column), 1-based, of `text` (lines as the Board box's caret counts them). */
function characterAt(text, line, column) {
  return (text.split(/\r\n|[\n\r\u2028]/)[line - 1] ?? "")[column - 1];
}

test("a paste that does not fit a level's board names its row and counts in 中文, at a symbol of the text (issue 50)", () => {
  /** @type {Array<[string, number, string, string]>} preset, k, text, what 中文 says */
  const cases = [
    // the issue's: 14 lights on the 5×5 of a level (said "第 3 行，第 6 列：board 有 14 格，而谜题有 25 格。")
    ["classic", 2, "....\n.....\n.....", "第 1 行，第 4 列：第 1 行有 4 盏灯，而谜题每行有 5 盏。"],
    ["classic", 2, ".....\n.....\n....", "第 3 行，第 4 列：第 3 行有 4 盏灯，而谜题每行有 5 盏。"],
    ["classic", 2, "X . X . X\n. X . X .\nX . X . X", "第 3 行，第 9 列：你贴的棋盘有 3 行，而谜题有 5 行。"],
    ["mini", 2, "#.#.\n.#.#\n#.#.\n.#.#\n#.#.", "第 5 行，第 1 列：你贴的棋盘有 5 行，而谜题有 4 行。"],
    ["classic", 2, "#.#.#.#.#.#.#.", "第 1 行，第 14 列：你贴的棋盘有 14 格，而谜题有 25 格。"],
    ["merlin", 2, "#.#\n.#", "第 2 行，第 2 列：你贴的棋盘有 5 格，而谜题有 9 格。"],
    ["cube", 2, "#?", "第 1 行，第 2 列：你贴的棋盘中应为表示灯的符号：#、*、1、x（亮）或 .、-、0、o（灭），这里是“?”。"],
  ];
  const errors = presetErrors(cases.map(([preset, k, text]) => [preset, k, text]));
  try {
    for (const [index, [preset, , text, expected]] of cases.entries()) {
      const error = errors[index];
      assert.ok(error, `${preset}: ${JSON.stringify(text)} was read`);
      setLanguage("zh");
      const chinese = parseErrorMessage(error);
      assert.equal(chinese, expected);
      // No English word of ours: the user's own symbol quoted back aside, no Latin letters at all.
      assert.doesNotMatch(chinese.replace(/“[^”]*”/g, ""), /[A-Za-z]{2,}/, chinese);
      // The position is a symbol the player wrote, not past a line's end.
      const symbol = characterAt(text, error.line, error.column);
      assert.ok(symbol !== undefined && /\S/.test(symbol), `${chinese}: no symbol at line ${error.line}, column ${error.column}`);
      setLanguage("en");
      assert.ok(parseErrorMessage(error).startsWith(`Line ${error.line}, column ${error.column}: `));
    }
    setLanguage("en");
    assert.equal(parseErrorMessage(errors[0]), "Line 1, column 4: row 1 has 4 lights, but the puzzle's rows have 5.");
    assert.equal(parseErrorMessage(errors[4]), "Line 1, column 14: the board has 14 cells, but the puzzle has 25.");
  } finally {
    setLanguage("en");
  }
});

test("a user puzzle's goal or start is named in 中文 by its word beside the keyword the player wrote", () => {
  const error = { code: "run_count", params: { field: "goal", found: 1, cells: 3 }, line: 2, column: 6 };
  try {
    setLanguage("zh");
    assert.equal(parseErrorMessage(error), "第 2 行，第 6 列：目标（goal）有 1 格，而谜题有 3 格。");
    assert.equal(parseErrorMessage({ ...error, params: { ...error.params, field: "start" } }), "第 2 行，第 6 列：开局（start）有 1 格，而谜题有 3 格。");
  } finally {
    setLanguage("en");
  }
});
