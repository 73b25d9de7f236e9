// @ts-check
// A switch of language words again what the page shows, the last message among it (issue 30,
// point 1): the session says data (messages.js: {key, params, tone}), the message line
// (status-panel.js) words it, and the session's one `reword` change has it worded again in
// the new language — where the line used to fall back to a generic "Press the lights…".
import { test } from "node:test";
import assert from "node:assert/strict";
import { setLanguage } from "../../static/page/i18n.js";
import { SessionApi } from "../../static/session/api.js";
import { StatusPanel } from "../../static/panels/status-panel.js";
import { countMessage, joinMessages, messageOf, withTone } from "../../static/session/messages.js";
import { wordMessage } from "../../static/page/words.js";
import { makeStencil } from "../../static/model/presses.js";
import { FakeSolver, LIMITS } from "./fake-solver.mjs";
import { installFakeDom } from "./fake-dom.mjs";

/** A page of one panel, the message line, on a session whose solves are not proven fewest (so Solve offers Search to the end). */
function statusPage() {
  const dom = installFakeDom();
  const solver = new FakeSolver();
  const answer = solver.answer.bind(solver);
  solver.answer = (message, payload) => {
    const reply = answer(message, payload);
    return message.op === "solve" && reply.solvable ? { ...reply, minimal: false, nullity: 2 } : reply;
  };
  const session = new SessionApi({ solver, limits: LIMITS, wait: () => Promise.resolve(), random: () => 0.9 });
  new StatusPanel(session);
  return { session, dom, line: dom.element("message"), offer: dom.element("search-to-end"), status: dom.element("status") };
}

test("the last message and its offer are worded again after a switch of language, and back", async () => {
  setLanguage("en");
  const { session, dom, line, offer } = statusPage();
  try {
    await session.loadText("##\n#."); // the dark 2×2 with (0, 0) pressed
    await session.solve();
    assert.equal(line.textContent, "Press the marked cell to solve it. (Not proven the fewest.)");
    assert.equal(offer.hidden, false);
    assert.equal(offer.textContent, "Search all 4 solutions (about 1 s)");
    setLanguage("zh");
    session.reword();
    assert.equal(line.textContent, "按下标记的格子即可解开。（未证明是最少的。）");
    assert.equal(line.title, line.textContent);
    assert.equal(offer.textContent, "搜索全部 4 个解（约 1 秒）");
    assert.equal(offer.hidden, false);
    setLanguage("en");
    session.reword();
    assert.equal(line.textContent, "Press the marked cell to solve it. (Not proven the fewest.)");
    assert.equal(offer.textContent, "Search all 4 solutions (about 1 s)");
  } finally {
    setLanguage("en");
    dom.remove();
  }
});

test("a message's nested words (a rule's name, a surface) and an error's tone follow the switch", async () => {
  setLanguage("en");
  const { session, dom, line, status, offer } = statusPage();
  try {
    session.setVariant({ stencil: makeStencil("moore"), surface: "torus" });
    assert.equal(line.textContent, "Presses now follow the 8-neighbour rule on a torus. The lights stay; the history starts afresh.");
    assert.equal(offer.hidden, true);
    setLanguage("zh");
    session.reword();
    assert.equal(line.textContent, "现在按下遵循八邻域规则（环面）。灯保持不变；历史重新开始。");
    // The Board box's error: on the message line in the error's tone, worded again too.
    assert.equal(await session.loadText("#.#\n.x."), false);
    assert.equal(line.textContent, "第 2 行，第 2 列：bad symbol"); // the fake parser's own English reason, framed in 中文
    assert.equal(status.dataset.tone, "error");
    setLanguage("en");
    session.reword();
    assert.equal(line.textContent, "Line 2, column 2: bad symbol");
    assert.equal(status.dataset.tone, "error");
  } finally {
    setLanguage("en");
    dom.remove();
  }
});

test("messages are data until worded: counts pick the singular, parts join as the language joins sentences", () => {
  const solved = countMessage("solved", 1);
  const both = joinMessages(solved, null, "", messageOf("newRecord"));
  assert.deepEqual(solved, { key: "solved", params: {}, count: 1 });
  assert.equal(joinMessages(null, solved), solved);
  assert.equal(joinMessages(), null);
  assert.equal(wordMessage(null), "");
  assert.equal(wordMessage("Python's own words"), "Python's own words");
  setLanguage("en");
  assert.equal(wordMessage(both), "Solved in 1 move! A new best!");
  assert.equal(withTone(both, "error").tone, "error");
  setLanguage("zh");
  try {
    assert.equal(wordMessage(both), "用 1 步解开了！新纪录！");
  } finally {
    setLanguage("en");
  }
});
