// @ts-check
// Difficulty by name and the day's puzzle first (issue 50, points 1 and 2), through the front door
// (api.js) on the fake solver: a difficulty asks Python for a board of its size whose fewest
// presses are a count of its range (the request carries it; the page never guesses), plays it as
// a puzzle of that difficulty whose fewest count is hidden until the win or the player's tap; the
// day's card knows the day's number, whether today's is played or won, and the time to midnight.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SessionApi } from "../../static/session/api.js";
import { DIFFICULTIES, difficultyKind, difficultyOfKind, fewestToAsk } from "../../static/session/difficulty.js";
import { countdownText } from "../../static/panels/deal-panel.js";
import { dailyNumber } from "../../static/session/daily.js";
import { FakeSolver, LIMITS } from "./fake-solver.mjs";
import { MemoryStorage } from "./memory-storage.mjs";

const NOON = new Date(2026, 11, 23, 12); // a local noon

/** @param {{random?: () => number, today?: () => Date, ready?: boolean}} [options] */
function openPage({ random = () => 0.5, today = () => NOON, ready = true } = {}) {
  const solver = new FakeSolver();
  solver.ready = ready;
  const api = new SessionApi({
    solver, limits: LIMITS, storage: new MemoryStorage(), wait: () => Promise.resolve(), random, now: () => 1000, today,
  });
  return { api, solver };
}

test("each difficulty is a size and a range of fewest presses above one; a count is drawn from the whole range", () => {
  assert.deepEqual(DIFFICULTIES.map(({ name }) => name), ["easy", "medium", "hard"]);
  let previous = 1;
  for (const difficulty of DIFFICULTIES) {
    const [low, high] = difficulty.fewest;
    assert.ok(low > previous && low <= high, `${difficulty.name}: ${low}..${high} after ${previous}`); // no 1-press deal, harder each step
    previous = high;
    const drawn = new Set([0, 0.2, 0.4, 0.6, 0.8, 0.999999].map((r) => fewestToAsk(difficulty, () => r)));
    for (const count of drawn) assert.ok(Number.isInteger(count) && count >= low && count <= high, `${difficulty.name}: ${count}`);
    assert.equal(Math.min(...drawn), low);
    assert.equal(Math.max(...drawn), high);
    assert.equal(difficultyOfKind(difficultyKind(difficulty.name)), difficulty);
  }
  assert.equal(difficultyOfKind("random"), null);
  assert.equal(difficultyOfKind("difficulty impossible"), null);
});

test("a difficulty's deal asks Python for its size and a fewest count of its range, and plays it as that difficulty", async () => {
  for (const difficulty of DIFFICULTIES) {
    const { api, solver } = openPage({ random: () => 0.99 });
    assert.equal(await api.dealDifficulty(difficulty.name), true);
    const asked = solver.sent.filter((message) => message.op === "random").at(-1);
    assert.equal(asked.rows, difficulty.rows);
    assert.equal(asked.cols, difficulty.cols);
    assert.equal(asked.presses, difficulty.fewest[1]);
    assert.equal(asked.k ?? 2, 2); // the classic game: no rule, surface or states of the page's own
    assert.equal(api.game.board.rows, difficulty.rows);
    assert.equal(api.game.target, "off");
    assert.equal(api.difficulty, difficulty);
    assert.equal(api.challenge.kind, difficultyKind(difficulty.name));
    assert.equal(api.challenge.minimum, difficulty.fewest[1]); // known from the deal: nothing more to ask
  }
});

test("the fewest count is hidden until the player asks, or wins", async () => {
  const { api } = openPage();
  await api.dealDifficulty("easy");
  assert.equal(api.fewestShown, false);
  api.revealFewest();
  assert.equal(api.fewestShown, true);
  await api.dealDifficulty("easy"); // a new puzzle hides it again
  assert.equal(api.fewestShown, false);
  assert.equal(await api.dealDifficulty("legendary"), false); // no such difficulty: nothing dealt
});

test("a goal of All on does not follow the day's puzzle or a difficulty: they are the classic game's", async () => {
  const { api } = openPage({ ready: false }); // not ready: the day's fewest presses are not asked of the brute-force fake
  api.setTarget("on");
  await api.daily();
  assert.equal(api.game.target, "off");
  assert.equal(api.challenge.kind, "daily");
  api.setTarget("on");
  await api.dealDifficulty("medium");
  assert.equal(api.game.target, "off");
});

test("the day's card: its number, played, won, and the time to local midnight", async () => {
  const { api } = openPage({ ready: false });
  const before = api.dailyStatus();
  assert.equal(before.number, dailyNumber(NOON));
  assert.equal(before.playing, false);
  assert.equal(before.won, false);
  assert.equal(before.next, 12 * 3600 * 1000); // noon to midnight
  await api.daily();
  assert.equal(api.dailyStatus().playing, true);
  await api.dealDifficulty("hard");
  assert.equal(api.dailyStatus().playing, false);
});

test("the day's card at midnight: the day won is yesterday's, the next day's is offered", () => {
  let now = new Date(2026, 11, 23, 23, 59, 59);
  const { api } = openPage({ today: () => now, ready: false });
  const day = dailyNumber(now);
  api.records.statistics.daily.last = day; // today's won (statistics.js: the streak's last day)
  assert.deepEqual(api.dailyStatus(), { number: day, playing: false, won: true, next: 1000 });
  now = new Date(2026, 11, 24, 0, 0, 1);
  assert.deepEqual(api.dailyStatus(), { number: day + 1, playing: false, won: false, next: 86_399_000 });
});

test("the countdown reads as hours, minutes and seconds", () => {
  assert.equal(countdownText(12 * 3600 * 1000), "12:00:00");
  assert.equal(countdownText(3_725_000), "1:02:05");
  assert.equal(countdownText(999), "0:00:01"); // a part of a second left is still a second to wait
  assert.equal(countdownText(0), "0:00:00");
  assert.equal(countdownText(-5), "0:00:00");
});
