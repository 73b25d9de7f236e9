// @ts-check
// A player's record is a promise (issue 49): a win, a time, a streak is credited only for what the
// player did on the puzzle as dealt. Through the front door (api.js), as the page drives it:
// the puzzle of the day is the whole puzzle, checked before anything is credited (a win before the
// check is held, then credited or dropped, and said); a change of goal, rule, surface, states or
// shape ends the puzzle; a reload goes on with the kept clock and help; the notice that stored
// records were set aside is said beside whatever the opening says.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SessionApi } from "../../static/session/api.js";
import { RECORDS_KEY } from "../../static/session/records.js";
import { dailyNumber, dayOfNumber } from "../../static/session/daily.js";
import { Game } from "../../static/model/game.js";
import { emptyBoard } from "../../static/model/board.js";
import { linkOf } from "../../static/model/share-link.js";
import { setLanguage } from "../../static/page/i18n.js";
import { wordMessage } from "../../static/page/words.js";
import { FakeSolver, LIMITS, seededBoard } from "./fake-solver.mjs";
import { MemoryStorage } from "./memory-storage.mjs";

const TODAY = new Date(2026, 11, 23, 12); // a local noon: day #26
const DAY = dailyNumber(TODAY);
const BASE = "https://example.org/lightsout/";

/** A page's front door on the fake solver, keeping its game and records in `storage`; `clock.now` is its time (ms). */
function openPage({ storage = new MemoryStorage(), clock = { now: 10_000 }, ready = true } = {}) {
  const solver = new FakeSolver();
  solver.ready = ready; // not ready: no fewest presses asked of the brute-force fake (a 5×5 has 2^25 press sets)
  const api = new SessionApi({
    solver, limits: LIMITS, storage, wait: () => Promise.resolve(), random: () => 0.9, now: () => clock.now, today: () => TODAY,
  });
  const said = [];
  api.subscribe((change) => { if (change.message !== undefined) said.push(change.message); });
  const lastSaid = () => wordMessage(said.at(-1));
  return { api, solver, storage, clock, lastSaid };
}

/** Press (by index) every cell of `presses` as the player does. */
function pressAll(api, presses) {
  const { cols } = api.game.board;
  for (const index of presses) api.click(Math.floor(index / cols), index % cols);
}

/**
 * Presses that take a standard 5×5 `board` to all lights off, found by light chasing from each of
 * the 32 first rows (the test's own, checked by simulating them), or null for a board with none.
 */
function chaseSolution(board) {
  for (let first = 0; first < 32; first++) {
    const game = new Game(board.copy());
    const presses = [];
    const press = (index) => { game.play(Math.floor(index / 5), index % 5); presses.push(index); };
    for (let col = 0; col < 5; col++) if ((first >> col) & 1) press(col);
    for (let row = 1; row < 5; row++) for (let col = 0; col < 5; col++) if (game.board.get((row - 1) * 5 + col)) press(row * 5 + col);
    if (game.isSolved()) return presses;
  }
  return null;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const dayBoard = (number) => seededBoard({ rows: 5, cols: 5, seed: dayOfNumber(number).seed });
const dailyLink = (board, options = {}) => linkOf(new Game(board.copy(), options), BASE, `daily-${DAY}`).split("#")[1];

test("the day's puzzle used in these tests can be won: its fake deal is solvable", () => {
  const presses = chaseSolution(dayBoard(DAY));
  assert.ok(presses, "choose another TODAY: the fake's board of this day has no solution");
  assert.ok(presses.length > 1, "nor one a single press solves, as the forged board is");
  const game = new Game(dayBoard(DAY));
  for (const index of presses) game.play(Math.floor(index / 5), index % 5);
  assert.ok(game.isSolved());
});

test("a forged link's p=daily-N won before the check: held, said, then dropped — no streak, no best, no win counted", async () => {
  setLanguage("en");
  const { api, solver, lastSaid } = openPage({ ready: false });
  const forged = emptyBoard(5, 5);
  for (const index of [0, 1, 5]) forged.set(index, 1); // one press of (0, 0) solves it
  solver.hold(); // the solver has not answered the day's check yet
  api.openLink(`#${dailyLink(forged)}`);
  assert.equal(api.challenge?.day, DAY, "played as the day's until the check");
  api.click(0, 0);
  assert.equal(api.won?.by, "player", "the player won: the banner shows it");
  assert.match(lastSaid(), new RegExp(`once its board is checked to be that day's`));
  assert.equal(api.records.statistics.won, 0, "held: nothing credited before the check");
  assert.equal(api.records.statistics.daily.current, 0);
  assert.equal(api.challenge.best, null);
  assert.equal(api.shareLine(BASE), null, "no result to share as that day's yet");
  solver.releaseAll();
  await settle();
  assert.equal(api.challenge, null, "not the day's board: a plain shared board");
  assert.match(lastSaid(), new RegExp(`is not puzzle of the day #${DAY}.*Your win is not counted as that day's`));
  assert.equal(api.records.statistics.won, 0);
  assert.equal(api.records.statistics.daily.current, 0);
  assert.equal(api.records.get(`daily:5x5`), null, "no day's best");
});

test("the day's own board from a link, won before the check, is credited once checked — and said", async () => {
  setLanguage("en");
  const { api, solver, lastSaid } = openPage({ ready: false });
  solver.hold();
  api.openLink(`#${dailyLink(dayBoard(DAY))}`);
  pressAll(api, chaseSolution(dayBoard(DAY)) ?? []);
  assert.equal(api.won?.by, "player");
  assert.equal(api.records.statistics.won, 0, "held until the check");
  solver.releaseAll();
  await settle();
  assert.equal(api.challenge?.day, DAY);
  assert.match(lastSaid(), new RegExp(`Checked: this is puzzle of the day #${DAY}, and your win counts\\. A new best!`));
  assert.equal(api.records.statistics.won, 1);
  assert.equal(api.records.statistics.daily.current, 1, "the streak: today's puzzle, won today");
  assert.ok(api.shareLine(BASE), "its result can be shared now");
});

test("a link's p=daily-N with another goal, rule or size is no day's puzzle", () => {
  const board = dayBoard(DAY);
  for (const options of [{ target: "on" }, { target: "off", surface: "torus" }]) {
    const { api } = openPage({ ready: false });
    api.openLink(`#${dailyLink(board, options)}`);
    assert.equal(api.challenge, null, JSON.stringify(options));
  }
});

test("the page's own puzzle of the day with its goal switched is a free game: no p=daily in its link, nothing credited", async () => {
  for (const language of ["en", "zh"]) {
    setLanguage(language);
    const { api, lastSaid } = openPage({ ready: false });
    await api.daily();
    assert.equal(api.challenge?.day, DAY);
    api.setTarget("on");
    assert.equal(api.challenge, null, "the goal changed ends the puzzle");
    assert.match(lastSaid(), language === "en" ? /no longer the puzzle as it was dealt/ : /不计时/);
    assert.doesNotMatch(String(api.linkOf(BASE)), /p=/, "its link names no puzzle");
    api.setTarget("off"); // and back: still a free game, not the day's again
    assert.equal(api.challenge, null);
    pressAll(api, chaseSolution(api.game.board) ?? []);
    assert.ok(api.game.isSolved());
    assert.equal(api.records.statistics.won, 0);
    assert.equal(api.records.statistics.daily.current, 0);
  }
  setLanguage("en");
});

test("another number of states, surface or shape ends the puzzle being played, and says so", () => {
  setLanguage("en");
  for (const change of [{ k: 3 }, { surface: "torus" }]) {
    const { api, lastSaid } = openPage();
    api.openLink("#2x2:CA;p=random");
    assert.ok(api.challenge);
    api.setVariant(change);
    assert.equal(api.challenge, null, JSON.stringify(change));
    assert.match(lastSaid(), /no longer the puzzle as it was dealt/);
  }
});

test("a reload goes on with the kept clock: the time before it counts, the game is played once", async () => {
  const storage = new MemoryStorage();
  const clock = { now: 10_000 };
  // The case: #5x5:IwCIAQ;p=random — press (0, 0), wait 5 s, reload, press (4, 4).
  const first = openPage({ storage, clock, ready: false });
  first.api.arrive("5x5:IwCIAQ;p=random");
  first.api.click(0, 0);
  clock.now += 5000;
  first.api.keepGame();
  const address = String(first.api.linkOf(BASE)).split("#")[1];
  assert.equal(first.api.records.statistics.played, 1);
  clock.now += 60_000; // the reload
  const again = openPage({ storage, clock, ready: false });
  again.api.arrive(address, true);
  await settle();
  assert.equal(again.api.records.statistics.played, 1, "counted played once");
  clock.now += 1000;
  again.api.click(4, 4);
  assert.equal(again.api.won?.by, "player");
  assert.equal(again.api.records.statistics.played, 1);
  assert.equal(again.api.records.statistics.won, 1);
  const best = again.api.records.get("random:5x5");
  assert.equal(best?.milliseconds, 6000, "5 s before the reload and 1 s after; the minute away not counted");
});

test("a Hint before a reload is still a help after it: no best result", async () => {
  const storage = new MemoryStorage();
  const first = openPage({ storage });
  first.api.arrive("2x2:CA;p=random");
  await first.api.hint();
  first.api.keepGame();
  const address = String(first.api.linkOf(BASE)).split("#")[1];
  const again = openPage({ storage });
  again.api.arrive(address, true);
  await settle();
  const solution = [];
  for (let code = 1; code < 16 && solution.length === 0; code++) {
    const game = new Game(again.api.game.board.copy());
    const presses = [0, 1, 2, 3].filter((index) => (code >> index) & 1);
    for (const index of presses) game.play(Math.floor(index / 2), index % 2);
    if (game.isSolved()) solution.push(...presses);
  }
  pressAll(again.api, solution);
  assert.equal(again.api.won?.by, "helped");
  assert.equal(again.api.records.statistics.won, 0);
  assert.equal(again.api.records.get("random:2x2"), null);
});

test("stored records set aside are said beside what the opening says: a link, the game kept, or nothing", async () => {
  setLanguage("en");
  const unreadable = () => new MemoryStorage({ [RECORDS_KEY]: "{not json" });
  const aside = /Your saved records and level progress could not be read/;
  const withLink = openPage({ storage: unreadable() });
  withLink.api.arrive("2x2:CA;p=random");
  assert.match(withLink.lastSaid(), /Opened a shared/);
  assert.match(withLink.lastSaid(), aside);
  const storage = unreadable();
  const left = openPage({ storage });
  left.api.arrive(null);
  assert.match(left.lastSaid(), aside, "no game to open: said alone");
  left.api.click(0, 0);
  left.api.keepGame();
  storage.setItem(RECORDS_KEY, "{not json");
  const back = openPage({ storage });
  back.api.arrive(null);
  assert.match(back.lastSaid(), /Welcome back/);
  assert.match(back.lastSaid(), aside);
});
