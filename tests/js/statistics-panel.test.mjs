// @ts-check
// The Statistics dialog (static/panels/statistics-panel.js) under Node on the fake DOM (issue 50,
// point 1): the win rate, and the wins by moves over the fewest drawn as bars — one per bucket
// (the fewest, +1 … +5 or more), each as long as its count against the largest, the count
// inside it, the bar of today's last win lit, each read by a screen reader as a sentence
// ("+1: 3 wins") — with the note under it, in English and 中文.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setLanguage } from "../../static/page/i18n.js";
import { SessionApi } from "../../static/session/api.js";
import { StatisticsPanel, wholePercent } from "../../static/panels/statistics-panel.js";
import { RECORDS_KEY, Records } from "../../static/session/records.js";
import { dailyNumber } from "../../static/session/daily.js";
import { FakeSolver, LIMITS } from "./fake-solver.mjs";
import { installFakeDom } from "./fake-dom.mjs";
import { MemoryStorage } from "./memory-storage.mjs";

const TODAY = new Date(2026, 11, 10, 12); // #13
const DAY = dailyNumber(TODAY);

/**
 * The dialog on a session whose records hold `played` games and the wins `wins` = [[moves,
 * minimum, day]…] (minimum null: fewest unknown), opened; or the records stored as `stored`.
 */
function openDialog({ played = 0, wins = [], stored = null } = {}) {
  const dom = installFakeDom();
  const storage = new MemoryStorage(stored ? { [RECORDS_KEY]: JSON.stringify(stored) } : {});
  const records = new Records(storage);
  for (let i = 0; i < played; i++) records.countPlayed();
  for (const [moves, minimum, day] of wins) records.countWin({ moves, minimum, milliseconds: 1000, timeKey: "5x5", today: day });
  const session = new SessionApi({ solver: new FakeSolver(), limits: LIMITS, records, today: () => TODAY, wait: () => Promise.resolve() });
  new StatisticsPanel(session);
  dom.element("stats-open").fire("click");
  assert.equal(dom.element("stats-dialog").open, true);
  const chart = dom.element("stats-chart");
  /** Each bar as drawn: its bucket, label, count shown, width, lit or not, and what a screen reader reads. */
  const bars = () => chart.children.map((row) => {
    const [label, track, said] = row.children;
    const [bar] = track.children;
    return {
      bucket: row.dataset.bucket, label: label.textContent, count: bar.textContent, width: bar.style.width, today: "today" in row.dataset,
      said: said.textContent, hidden: [label.getAttribute("aria-hidden"), track.getAttribute("aria-hidden")], srOnly: said.className,
    };
  });
  return { dom, session, bars, text: (id) => dom.element(id).textContent };
}

test("the win rate is the wins on one's own over the games played, as a whole percentage that claims all only when it is", () => {
  setLanguage("en");
  const { dom, text } = openDialog({ played: 4, wins: [[5, 5, DAY], [9, null, DAY], [7, 5, DAY]] });
  try {
    assert.equal(text("stats-win-rate"), "75%");
    assert.equal(text("stats-won"), "3");
  } finally {
    dom.remove();
  }
  const none = openDialog();
  try {
    assert.equal(none.text("stats-win-rate"), "—", "no game played: no rate");
  } finally {
    none.dom.remove();
  }
  assert.deepEqual([wholePercent(199 / 200), wholePercent(1 / 300), wholePercent(2 / 3), wholePercent(1), wholePercent(0)], [99, 1, 67, 100, 0]);
});

test("the chart draws a bar per bucket, as long as its count against the largest, today's last win lit, each read as a sentence", () => {
  setLanguage("en");
  // Yesterday: the fewest twice, +1 once; today: +1, then +7 (in "+5 or more"), then +2 — today's last win.
  const wins = [[5, 5, DAY - 1], [5, 5, DAY - 1], [6, 5, DAY - 1], [6, 5, DAY], [12, 5, DAY], [7, 5, DAY], [8, null, DAY]];
  const { dom, bars, text } = openDialog({ played: 8, wins });
  try {
    const drawn = bars();
    assert.deepEqual(drawn.map(({ bucket, label, count, width, today }) => [bucket, label, count, width, today]), [
      ["0", "Fewest", "2", "100%", false],
      ["1", "+1", "2", "100%", false],
      ["2", "+2", "1", "50%", true],
      ["3", "+3", "0", "0%", false],
      ["4", "+4", "0", "0%", false],
      ["5", "+5 or more", "1", "50%", false],
    ]);
    assert.deepEqual(drawn.map(({ said }) => said), [
      "Fewest: 2 wins", "+1: 2 wins", "+2: 1 win, today's", "+3: 0 wins", "+4: 0 wins", "+5 or more: 1 win",
    ]);
    for (const bar of drawn) {
      assert.deepEqual(bar.hidden, ["true", "true"], "the label and the bar are shown, the sentence is read");
      assert.equal(bar.srOnly, "sr-only");
    }
    assert.equal(text("stats-chart-note"), "The lit bar holds your last win today.");
    // In 中文, on the session's one reword.
    setLanguage("zh");
    dom.element("stats-close").fire("click");
    dom.element("stats-open").fire("click");
    assert.deepEqual(bars().map(({ label }) => label), ["最少", "+1", "+2", "+3", "+4", "+5 及以上"]);
    assert.deepEqual(bars().map(({ said }) => said), ["最少：2 局", "+1：2 局", "+2：1 局，含今天的一局", "+3：0 局", "+4：0 局", "+5 及以上：1 局"]);
    assert.equal(text("stats-chart-note"), "亮起的一栏是你今天最后赢的一局。");
    assert.equal(text("stats-win-rate"), "88%"); // 7 of 8
  } finally {
    setLanguage("en");
    dom.remove();
  }
});

test("no bar is lit on a day without a win; a new player's chart is empty and says what will show there", () => {
  setLanguage("en");
  const yesterday = openDialog({ played: 2, wins: [[6, 5, DAY - 1]] });
  try {
    assert.deepEqual(yesterday.bars().map(({ today }) => today), [false, false, false, false, false, false]);
    assert.equal(yesterday.text("stats-chart-note"), "");
  } finally {
    yesterday.dom.remove();
  }
  const fresh = openDialog();
  try {
    assert.deepEqual(fresh.bars().map(({ count, width }) => [count, width]), Array(6).fill(["0", "0%"]));
    assert.equal(fresh.text("stats-chart-note"),
      "Each win of a puzzle whose fewest moves are known shows here, by how many moves more than the fewest it took.");
  } finally {
    fresh.dom.remove();
  }
});

test("a record of before the chart shows it empty, the note saying its wins are not in it, in English and 中文", () => {
  const stats = { played: 5, won: 4, rated: 3, presses: 18, fewest: 15, daily: { last: 0, current: 0, longest: 0 }, times: { "5x5": 1000 } };
  setLanguage("en");
  const { dom, bars, text } = openDialog({ stored: { version: 1, best: {}, levels: {}, stats } });
  try {
    assert.deepEqual(bars().map(({ count }) => count), ["0", "0", "0", "0", "0", "0"]);
    assert.equal(text("stats-chart-note"), "3 wins from before this chart are not in it; your wins from now on are.");
    assert.equal(text("stats-win-rate"), "80%");
    setLanguage("zh");
    dom.element("stats-close").fire("click");
    dom.element("stats-open").fire("click");
    assert.equal(text("stats-chart-note"), "有这张图之前赢的 3 局不在图中；从现在起的胜局都会计入。");
  } finally {
    setLanguage("en");
    dom.remove();
  }
});
