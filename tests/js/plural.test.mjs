// @ts-check
// Counts agree in number (issue #14: "1 don't-care cells"): every English message that
// counts moves, presses, lights, cells, holes or solutions has a singular form that
// tCount picks for 1, and the session's own messages read "1 move", "1 hole", "once".
// 中文 has no singular; its messages carry no English.
import { test } from "node:test";
import assert from "node:assert/strict";
import { STRINGS, setLanguage, tCount } from "../../static/page/i18n.js";
import { Session } from "../../static/session/session.js";
import { shapeDoneMessage } from "../../static/session/common-messages.js";
import { wordMessage } from "../../static/page/words.js";
import { boardFromCells, emptyBoard } from "../../static/model/board.js";
import { Mask } from "../../static/model/mask.js";
import { makeStencil } from "../../static/model/presses.js";
import { FakeSolver, LIMITS } from "./fake-solver.mjs";

const NOUNS = "moves|presses|lights|cells|holes|solutions|times|boards";
const COUNTED = new RegExp(`\\{count\\}[^.;,()]*?\\b(${NOUNS})\\b`);
const WRONG_ONE = new RegExp(`\\b1 ([a-z'-]+ )?(${NOUNS})\\b`);
// {count} keys never shown with 1, and why.
const NEVER_ONE = {
  tooManyToPlay: "more than limits' PLAY_LIMIT presses",
  cellMarkedTimes: "render.js writes cellMarked for one press",
};

function sessionIn(options = {}) {
  const session = new Session({
    solver: new FakeSolver(), limits: LIMITS, wait: () => Promise.resolve(), random: () => 0.9, ...options,
  });
  const messages = [];
  session.subscribe((change) => { if (change.message) messages.push(wordMessage(change.message)); });
  return { session, messages };
}

test("every English message counting a noun has a singular form, which reads '1 <noun>'", () => {
  const counted = Object.keys(STRINGS.en).filter((key) => COUNTED.test(STRINGS.en[key]) && !Object.hasOwn(NEVER_ONE, key));
  assert.ok(counted.length >= 10, counted.join());
  setLanguage("en");
  for (const key of counted) {
    assert.ok(Object.hasOwn(STRINGS.en, `${key}One`), `${key} has no ${key}One`);
    const one = tCount(key, 1, { rows: 5, cols: 5, time: "0:03", kind: "Classic 5×5", number: 1, badge: "", maximum: 15, best: 3, name: "Merlin", fewest: 5, stars: "★★☆", link: "https://example.org/#5x5:AA" });
    assert.doesNotMatch(one, WRONG_ONE, key);
    assert.doesNotMatch(one, /\{\w+\}/, key);
    assert.match(tCount(key, 2, { rows: 5, cols: 5, time: "0:03", kind: "x", number: 1, badge: "" }), /\b2\b/, key);
  }
});

test("the session's messages about one thing are singular; 中文 has the same without English", async () => {
  const expected = {
    en: ["Solved in 1 move!", "Solved in 1 move and 0:01.", "Shape set: 1 hole, 1 don't-care cell.",
      "Shape set: 2 holes, 0 don't-care cells.", "Toggled 1 light (Undo takes it back). Now Solve.",
      "Press the marked cell once — the proven fewest.", "Press the marked cell 2 times; a badge ×n means n presses — the proven fewest.",
      "New 3×3 puzzle whose fewest solution is exactly 1 press."],
    zh: ["用 1 步解开了！", "用 1 步、0:01 解开。", "形状已设定：1 个空洞，1 个无所谓格子。", "形状已设定：2 个空洞，0 个无所谓格子。",
      "已切换 1 盏灯（撤销可恢复）。现在求解。", "按标记的格子 1 次——已证明是最少的。", "按标记的格子 2 次；角标 ×n 表示按 n 次——已证明是最少的。",
      "新的 3×3 谜题，最少解法恰好需要按 1 次。"],
  };
  for (const language of ["en", "zh"]) {
    setLanguage(language);
    try {
      const said = [];
      // A 1×1 lit board: one press solves it, first as a plain game, then as a timed puzzle.
      let clock = 0;
      const { session, messages } = sessionIn({ now: () => (clock += 1000) });
      session.setBoard(boardFromCells(1, 1, 2, [1]));
      session.press(0, 0);
      said.push(messages.at(-1));
      session.setBoard(boardFromCells(1, 1, 2, [1]));
      session.dealer.startChallenge("random", "1×1");
      session.press(0, 0);
      said.push(messages.at(-1));
      // Shapes.
      const mask = new Mask(2, 2, boardFromCells(2, 2, 2, [1, 0, 0, 0]), boardFromCells(2, 2, 2, [0, 1, 0, 0]));
      said.push(wordMessage(shapeDoneMessage(mask)));
      said.push(wordMessage(shapeDoneMessage(new Mask(2, 2, boardFromCells(2, 2, 2, [1, 0, 0, 1])))));
      // Make solvable toggles the fake's one nearest light (a 2×2 X-rule board reaches only its diagonals).
      session.setVariant({ stencil: makeStencil("x") });
      session.setBoard(boardFromCells(2, 2, 2, [1, 1, 0, 0]));
      await session.solving.solve();
      session.makeSolvable();
      said.push(messages.at(-1));
      // Three states on 1×1: state 2 needs one press, state 1 two presses of the one cell.
      session.setVariant({ stencil: makeStencil("plus"), k: 3 });
      for (const state of [2, 1]) {
        session.setBoard(boardFromCells(1, 1, 3, [state]));
        await session.solving.solve();
        said.push(messages.at(-1));
      }
      session.setVariant({ k: 2 });
      await session.dealer.newGame({ rows: 3, cols: 3, presses: 1 });
      said.push(messages.find((text) => text.includes("3×3")));
      assert.deepEqual(said, expected[language]);
      if (language === "zh") for (const text of said) assert.doesNotMatch(text, /[A-Za-z]{2,}/, text);
    } finally {
      setLanguage("en");
    }
  }
});

test("tCount passes the count and the other parameters; an unknown key still throws", () => {
  assert.equal(tCount("holeCount", 3), "3 holes");
  assert.equal(tCount("bestResult", 1, { kind: "TV show 8×8", time: "0:41" }), "Best for TV show 8×8: 1 move, 0:41.");
  assert.throws(() => tCount("noSuchKey", 1), RangeError);
  assert.equal(emptyBoard(1, 1).cellCount, 1);
});
