// @ts-check
// What the page says (issue #13): parse errors without a column, the message line after
// a request that timed out or crashed, Copy above the format cap, the language stored
// in localStorage, the test-only query knobs and the address a copied link starts with.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Session } from "../../static/session/session.js";
import { SolverError } from "../../static/solver/solver-client.js";
import { currentLanguage, preferredLanguage, sentences, setLanguage, t } from "../../static/page/i18n.js";
import { emptyBoard } from "../../static/model/board.js";
import { Game } from "../../static/model/game.js";
import { isTestHost, pageOptions } from "../../static/page/page-options.js";
import { arrivedAgain, linkOf, shareAddress } from "../../static/model/share-link.js";
import { FakeSolver, LIMITS } from "./fake-solver.mjs";
import { wordMessage } from "../../static/page/words.js";
import { solutionMessage } from "../../static/session/solve-messages.js";
import { standIn } from "./stand-in.mjs";

/** A solver whose every request fails with `error` (a SolverError's fields). */
function failingSolver(error) {
  const sent = [];
  return { ready: true, sent, request: (message) => { sent.push(message); return Promise.reject(new SolverError(error)); } };
}

function sessionWith(solver, limits = LIMITS) {
  const session = new Session({ solver, limits, wait: () => Promise.resolve(), random: () => 0.9 });
  const changes = [];
  session.subscribe((change) => changes.push(change));
  return { session, changes };
}

/** The last `key` ("message", "boardError", "caret") the changes carried; a message in the page's words. */
const lastOf = (changes, key) => {
  const found = changes.findLast((change) => change[key] !== undefined)?.[key];
  return key === "caret" ? found : wordMessage(found);
};

test("a parse error without a column reads 'Line L: …' in both languages, never 'undefined'", async () => {
  // The API's reply to "100000\n#." (a LibreOJ size line, then too few rows).
  const solver = failingSolver({ name: "BoardFormatError", message: "line 3: the size line says 100000 rows, found 1", line: 3 });
  for (const [language, frame] of [["en", "Line 3: "], ["zh", "第 3 行："]]) {
    setLanguage(language);
    try {
      const { session, changes } = sessionWith(solver);
      const before = session.game;
      assert.equal(await session.boardText.load("100000\n#."), false);
      assert.equal(session.game, before);
      const shown = lastOf(changes, "boardError");
      assert.equal(shown, `${frame}the size line says 100000 rows, found 1`);
      assert.doesNotMatch(shown, /undefined|column|列/);
      assert.deepEqual(lastOf(changes, "caret"), { text: "100000\n#.", line: 3, column: 1 });
    } finally {
      setLanguage("en");
    }
  }
  // With a column, the frame is translated and the API's own English frame said once.
  setLanguage("zh");
  try {
    const withColumn = failingSolver({ name: "BoardFormatError", message: "line 2, column 2: ragged rows", line: 2, column: 2 });
    const { session, changes } = sessionWith(withColumn);
    await session.boardText.load("#.\n#");
    assert.equal(lastOf(changes, "boardError"), "第 2 行，第 2 列：ragged rows");
  } finally {
    setLanguage("en");
  }
});

for (const [name, error] of [
  ["a request deadline", { name: "TimeoutError", message: "", timeoutKind: "request", seconds: 1 }],
  ["a crashed worker", { name: "WorkerError", message: "boom" }],
  ["Python breaking", { name: "PythonError", message: "RuntimeError: x", code: "python-crashed" }],
  ["Retry during the request", { name: "AbortError", message: "the solver was restarted", reason: "restarted" }],
]) {
  test(`after ${name} no busy message stays: Solve, Hint, Search, New puzzle and Load say it stopped`, async () => {
    const { session, changes } = sessionWith(failingSolver(error));
    const stopped = t("requestStopped");
    for (const command of [() => session.solving.solve(), () => session.solving.hint(), () => session.solving.searchToEnd(),
      () => session.dealer.newGame({ rows: 5, cols: 5, lit: 3 })]) {
      changes.length = 0;
      await command();
      assert.equal(lastOf(changes, "message"), stopped, String(command));
    }
    changes.length = 0;
    await session.boardText.load("#.\n.#");
    assert.equal(lastOf(changes, "message"), stopped);
    assert.ok(!changes.some((change) => change.boardError), "a stopped parse is not a parse error");
    assert.ok(changes.every((change) => !wordMessage(change.message).includes("undefined")));
  });
}

test("Copy board / Copy solution above the format cap say so and send nothing", async () => {
  const solver = new FakeSolver();
  const { session, changes } = sessionWith(solver, { ...LIMITS, max_format_cells: 100 });
  assert.equal(await session.boardText.format(emptyBoard(10, 11)), null);
  assert.equal(await session.boardText.format(emptyBoard(10, 11), true), null);
  assert.equal(solver.sent.length, 0);
  const messages = changes.map((change) => wordMessage(change.message));
  assert.deepEqual(messages, [
    "A 10×11 board is too large to copy (110 cells; at most 100): use Download text.",
    "A 10×11 board is too large to copy (110 cells; at most 100): use Download solution.",
  ]);
});

test("a stored language is used only when it is one of the page's own (not 'constructor')", () => {
  const saved = { localStorage: globalThis.localStorage, navigator: Object.getOwnPropertyDescriptor(globalThis, "navigator") };
  try {
    Object.defineProperty(globalThis, "navigator", { value: { languages: ["toString", "zh-CN"] }, configurable: true });
    for (const [stored, expected] of [["constructor", "zh"], ["__proto__", "zh"], ["hasOwnProperty", "zh"], ["en", "en"], ["zh", "zh"]]) {
      globalThis.localStorage = standIn({ getItem: () => stored });
      assert.equal(preferredLanguage(), expected, stored);
    }
    assert.throws(() => setLanguage("constructor"), RangeError);
    assert.equal(currentLanguage(), "en");
  } finally {
    globalThis.localStorage = saved.localStorage;
    if (saved.navigator) Object.defineProperty(globalThis, "navigator", saved.navigator);
    else delete globalThis.navigator;
  }
});

test("?load-timeout, ?request-timeout, ?restart-above, ?snapshot=off and ?hold-start count only on a loopback host", () => {
  for (const host of ["127.0.0.1", "127.0.0.2", "localhost", "[::1]"]) assert.ok(isTestHost(host), host);
  for (const host of ["example.org", "127.0.0.1.example.org", "lights.example", "10.0.0.1", "localhost.evil.net", ""]) {
    assert.ok(!isTestHost(host), host);
  }
  const query = "?load-timeout=1&request-timeout=1&restart-above=1&snapshot=off&hold-start&search-budget=20";
  const shared = pageOptions(`https://lights.example/lightsout/${query}#5x5:AAAAAA`);
  assert.deepEqual(shared.solver,
    { loadTimeoutMs: 30_000, requestTimeoutMs: 60_000, restartAboveBytes: 256 * 2 ** 20, useSnapshot: true, holdStart: false });
  assert.deepEqual(shared.searchBudget, { seconds: 0.02 }); // not a test knob: the reader's own setting
  const local = pageOptions(`http://127.0.0.1:8000/lightsout/${query}`);
  assert.deepEqual(local.solver, { loadTimeoutMs: 1, requestTimeoutMs: 1, restartAboveBytes: 2 ** 20, useSnapshot: false, holdStart: true });
  const junk = pageOptions("http://127.0.0.1:8000/?request-timeout=0&load-timeout=abc&restart-above=-5&snapshot=no");
  assert.deepEqual(junk.solver,
    { loadTimeoutMs: 30_000, requestTimeoutMs: 60_000, restartAboveBytes: 256 * 2 ** 20, useSnapshot: true, holdStart: false });
  assert.deepEqual(pageOptions("https://lights.example/").searchBudget, {});
  // A harness's defaults for the deadlines: on a loopback host only, the address's own knob first.
  const harness = { "load-timeout": 300_000, "request-timeout": 200_000, "restart-above": 1, "hold-start": true };
  assert.deepEqual(pageOptions("http://127.0.0.1:8000/lightsout/", harness).solver,
    { loadTimeoutMs: 300_000, requestTimeoutMs: 200_000, restartAboveBytes: 256 * 2 ** 20, useSnapshot: true, holdStart: false });
  assert.equal(pageOptions("http://127.0.0.1:8000/lightsout/?load-timeout=1", harness).solver.loadTimeoutMs, 1);
  assert.equal(pageOptions("https://lights.example/lightsout/", harness).solver.loadTimeoutMs, 30_000);
  assert.equal(pageOptions("http://127.0.0.1:8000/", { "load-timeout": "soon" }).solver.loadTimeoutMs, 30_000);
  assert.equal(pageOptions("http://127.0.0.1:8000/", "load-timeout=5").solver.loadTimeoutMs, 30_000);
});

test("a copied link is the page's address without its query, then the game", () => {
  const base = shareAddress("https://lights.example/lightsout/index.html?request-timeout=1&x=2#5x5:AAAAAA");
  assert.equal(base, "https://lights.example/lightsout/index.html");
  assert.equal(shareAddress("https://lights.example/lightsout/#2x2:Ag"), "https://lights.example/lightsout/");
  const link = linkOf(new Game(emptyBoard(2, 2)), base);
  assert.equal(link, "https://lights.example/lightsout/index.html#2x2:AA");
});

test("Presses above the most any board needs say the maximum from Python, in both languages; the board stays", async () => {
  const refusal = { name: "PressCountError", message: "no 5x5 board needs more than 15 presses (its worst case), not 24",
    field: "presses", maximum: 15, bound: "worst_case" };
  for (const [language, wanted] of [
    ["en", "No 5×5 board needs more than 15 presses (the most any needs): choose Presses from 0 to 15."],
    ["zh", "没有哪个 5×5 棋盘需要超过 15 次按下（这是最多需要的次数）：请把按键数设为 0 到 15。"],
  ]) {
    setLanguage(language);
    try {
      const { session, changes } = sessionWith(failingSolver(refusal));
      const before = session.game;
      assert.equal(await session.dealer.newGame({ rows: 5, cols: 5, presses: 24 }), false);
      assert.equal(session.game, before);
      assert.equal(lastOf(changes, "message"), wanted);
    } finally {
      setLanguage("en");
    }
  }
  const { session, changes } = sessionWith(failingSolver({ ...refusal, maximum: 49, bound: "rank" }));
  await session.dealer.newGame({ rows: 7, cols: 7, presses: 50 });
  assert.equal(lastOf(changes, "message"), "No 7×7 board needs more than 49 presses: choose Presses from 0 to 49.");
  const { session: other, changes: said } = sessionWith(failingSolver({ ...refusal, maximum: 15 }));
  await other.dealer.newGame({ rows: 5, cols: 5, presses: 15 });
  assert.equal(lastOf(said, "message"),
    "Found no 5×5 board whose fewest solution has exactly 15 presses in the time allowed; none needs more than 15.");
});

test("a reload or Back/Forward arrival restores the reader's own game; any other arrival opens a shared link", () => {
  assert.equal(arrivedAgain([{ type: "reload" }]), true);
  assert.equal(arrivedAgain([{ type: "back_forward" }]), true);
  assert.equal(arrivedAgain([{ type: "navigate" }]), false);
  assert.equal(arrivedAgain([]), false); // no Navigation Timing: announced as shared
});

test("a message's sentences are joined by a space in English and by nothing after 中文's full-width stops", () => {
  assert.equal(sentences("Solved.", "", null, "A new best!"), "Solved. A new best!");
  assert.equal(sentences("已解开。", "新纪录！"), "已解开。新纪录！");
  assert.equal(sentences("第 1 步（共 3 步）", "下一步"), "第 1 步（共 3 步）下一步");
  assert.equal(sentences("Step 1", "next"), "Step 1 next");
  assert.equal(sentences(), "");
  const reply = { presses: 7, minimal: true, solutions: "4", minimal_count: 1 };
  assert.equal(wordMessage(solutionMessage(reply, null, false)),
    "Press the 7 marked cells — the proven fewest. 4 solutions; the others are longer.");
  // Short enough for a phone's two lines (issue 50: "…4 different solutions exist. 3 solutions share that fewest count." was cut).
  assert.equal(wordMessage(solutionMessage({ ...reply, minimal_count: 3 }, null, false)),
    "Press the 7 marked cells — the proven fewest. 4 solutions; 3 are this short.");
  setLanguage("zh");
  try {
    const said = wordMessage(solutionMessage(reply, null, false));
    assert.equal(said, "按下 7 个标记的格子即可解开——已证明最少。共有 4 种不同的解法，其余的都要按更多次。");
    assert.doesNotMatch(said, /[。！？）] /u);
  } finally {
    setLanguage("en");
  }
});
