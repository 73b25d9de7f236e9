// @ts-check
// The player's statistics (static/session/statistics.js), kept in the one store of records
// (records.js): games played and won on one's own, the daily streak by the day's number,
// the efficiency against the proven fewest, best times per size and level set; counted by
// the puzzle tracker (challenge.js) as a puzzle is played; exported and imported as a file,
// reset on its own; data that cannot be read set aside, never thrown.
import { test } from "node:test";
import assert from "node:assert/strict";
import { OVER_BUCKETS, countPlayed, countWin, emptyStatistics, readDistribution, readStatistics, summary } from "../../static/session/statistics.js";
import { MAX_BEST_RESULTS, RECORDS_KEY, Records, SET_ASIDE_KEY } from "../../static/session/records.js";
import { dailyNumber } from "../../static/session/daily.js";
import { emptyBoard } from "../../static/model/board.js";
import { MemoryStorage } from "./memory-storage.mjs";
import { makeSession } from "./session-helpers.mjs";

test("wins count, rated against the fewest when known, with the best time per size and per level set", () => {
  const statistics = emptyStatistics();
  for (let i = 0; i < 3; i++) countPlayed(statistics);
  assert.equal(countWin(statistics, { moves: 10, minimum: 8, milliseconds: 30_000, timeKey: "5x5" }), true);
  assert.equal(countWin(statistics, { moves: 6, minimum: 6, milliseconds: 40_000, timeKey: "5x5" }), false); // slower
  assert.equal(countWin(statistics, { moves: 9, minimum: null, milliseconds: 9_000, timeKey: "level classic" }), true);
  const figures = summary(statistics, 10);
  assert.deepEqual([figures.played, figures.won], [3, 3]);
  assert.equal(figures.efficiency, 14 / 16); // the fewest over the moves of the two rated wins
  assert.equal(figures.over, 1); // (16 − 14) / 2
  assert.deepEqual(figures.times, [["5x5", 30_000], ["level classic", 9_000]]);
  assert.deepEqual(summary(emptyStatistics(), 1), {
    played: 0, won: 0, winRate: null, streak: 0, longest: 0, efficiency: null, over: null, chart: { counts: [0, 0, 0, 0, 0, 0], today: null, before: 0 }, times: [],
  });
});

test("the daily streak: consecutive days won on their day; a missed day ends it, the longest stays", () => {
  const statistics = emptyStatistics();
  const win = (day) => countWin(statistics, { moves: 5, minimum: 5, milliseconds: 1000, timeKey: "5x5", day });
  for (const day of [3, 4, 5]) win(day);
  win(5); // the same day again changes nothing
  assert.deepEqual([summary(statistics, 5).streak, summary(statistics, 6).streak, summary(statistics, 7).streak], [3, 3, 0]);
  win(8);
  assert.deepEqual([summary(statistics, 8).streak, summary(statistics, 8).longest], [1, 3]);
  win(null); // not a day's puzzle won on its day
  assert.equal(summary(statistics, 8).streak, 1);
});

test("statistics that cannot be read throw for the store's reader; good ones read back equal", () => {
  const good = emptyStatistics();
  countPlayed(good);
  countWin(good, { moves: 4, minimum: 3, milliseconds: 5, timeKey: "3x4", day: 2 });
  const stored = JSON.parse(JSON.stringify(good));
  assert.deepEqual({ ...readStatistics(stored), distribution: readDistribution(stored, readStatistics(stored)) }, good);
  assert.deepEqual(readStatistics(undefined), emptyStatistics());
  const bad = [null, [], { ...good, played: -1 }, { ...good, won: 2 }, { ...good, daily: { last: 1, current: 3, longest: 2 } },
    { ...good, times: { "5x5": "fast" } }, { ...good, times: JSON.parse('{"__proto__": 1}') }, { ...good, times: { "a b": 3 } }, { ...good, presses: 1.5 }];
  for (const stored of bad) assert.throws(() => readStatistics(stored), TypeError, JSON.stringify(stored));
});

test("the store keeps statistics beside the best results; unreadable ones set the records aside with a message", () => {
  const storage = new MemoryStorage();
  const records = new Records(storage);
  records.record("random:3x3", 4, 2000);
  records.countPlayed();
  records.countWin({ moves: 4, minimum: 3, milliseconds: 2000, timeKey: "3x3" });
  const again = new Records(storage);
  assert.equal(again.problem, null);
  assert.deepEqual([again.statistics.played, again.statistics.won, again.statistics.times], [1, 1, { "3x3": 2000 }]);
  const broken = new MemoryStorage({ [RECORDS_KEY]: JSON.stringify({ version: 1, best: {}, stats: { played: "many" } }) });
  const setAside = new Records(broken);
  assert.equal(setAside.problem.key, "recordsSetAside");
  assert.deepEqual(setAside.statistics, emptyStatistics());
  assert.ok(broken.map.get(SET_ASIDE_KEY).includes("many"));
  // A storage that refuses loses the statistics, never the game.
  const refusing = new Records(new MemoryStorage({}, true));
  refusing.countPlayed();
  assert.equal(refusing.statistics.played, 1);
});

test("export and import: a file carries best results, level progress and statistics to another store; a bad file changes nothing", () => {
  const records = new Records(new MemoryStorage());
  records.record("daily:5x5", 7, 42_000);
  records.recordLevel("classic", 1, 50, 9, 4000);
  records.countPlayed();
  records.countWin({ moves: 7, minimum: 5, milliseconds: 42_000, timeKey: "5x5", day: 4 });
  const file = records.exportText();
  assert.equal(JSON.parse(file).app, "lightsout-records");
  const storage = new MemoryStorage();
  const phone = new Records(storage);
  assert.equal(phone.hasOwn(), false); // a new phone: the dialog imports without asking
  phone.record("random:3x3", 1, 1);
  assert.equal(phone.hasOwn(), true); // a record of its own: the dialog asks before replacing it
  const today = 4; // the day of the win
  assert.equal(Records.readExport("{", today).problem.key, "recordsImportFailed");
  assert.deepEqual(Records.readExport(file, today).records.statistics, records.statistics);
  for (const text of ["", "{", "[]", '{"version": 1}', JSON.stringify({ ...JSON.parse(file), version: 2 })]) {
    assert.equal(phone.importText(text, today).key, "recordsImportFailed", text);
    assert.deepEqual(phone.get("random:3x3"), { moves: 1, milliseconds: 1 });
  }
  // Statistics that cannot be read, or counts that do not add up, are named (and nothing changes).
  for (const stats of [{ played: 1 }, { ...JSON.parse(file).stats, won: 5, played: 1 }]) {
    assert.equal(phone.importText(JSON.stringify({ ...JSON.parse(file), stats }), today).key, "recordsImportStatistics");
    assert.deepEqual(phone.get("random:3x3"), { moves: 1, milliseconds: 1 });
  }
  assert.equal(phone.importText(file, today).key, "recordsImported");
  const read = new Records(storage); // what was imported is kept
  assert.deepEqual(read.get("daily:5x5"), { moves: 7, milliseconds: 42_000 });
  assert.equal(read.get("random:3x3"), null); // an import replaces
  assert.equal(read.reached("classic"), 2);
  assert.deepEqual(summary(read.statistics, 4), {
    played: 1, won: 1, winRate: 1, streak: 1, longest: 1, efficiency: 5 / 7, over: 2, chart: { counts: [0, 0, 1, 0, 0, 0], today: null, before: 0 },
    times: [["5x5", 42_000]],
  });
  read.resetStatistics();
  assert.deepEqual(new Records(storage).statistics, emptyStatistics());
  assert.deepEqual(new Records(storage).get("daily:5x5"), { moves: 7, milliseconds: 42_000 }); // best results stay
});

test("the puzzle tracker counts a game at its first press and a win of one's own, the day's puzzle toward the streak", async () => {
  const records = new Records(new MemoryStorage());
  const today = new Date(2026, 11, 1, 10); // #4
  let clock = 0;
  const { session } = makeSession({ records, today: () => today, now: () => (clock += 500) });
  const start = emptyBoard(3, 3);
  for (const index of [0, 1, 3]) start.set(index, 1); // pressing (0, 0) clears it
  const deal = (details) => session.setBoard(start.copy(), { replaced: () => session.dealer.startChallenge("daily", { key: "dailyPuzzle" }, start, details) });
  deal({ day: dailyNumber(today), minimum: 1 });
  assert.equal(records.statistics.played, 0);
  session.press(2, 2);
  assert.equal(records.statistics.played, 1);
  session.press(2, 2);
  session.press(0, 0);
  assert.equal(session.won.by, "player");
  assert.deepEqual(summary(records.statistics, 4), {
    played: 1, won: 1, winRate: 1, streak: 1, longest: 1, efficiency: 1 / 3, over: 2, chart: { counts: [0, 0, 1, 0, 0, 0], today: 2, before: 0 },
    times: [["3x3", 500]], // the clock from the first press
  });
  // Yesterday's puzzle, opened from a link today, is won but does not count toward the streak.
  deal({ day: 3, minimum: 1 });
  session.press(0, 0);
  assert.deepEqual([records.statistics.won, records.statistics.daily.current], [2, 1]);
  // With help there is no win to count, only a game played.
  deal({ day: 4, minimum: 1 });
  session.markAssisted();
  session.press(0, 0);
  assert.deepEqual([records.statistics.played, records.statistics.won], [3, 2]);
});

test("Import refuses a streak longer than the puzzle of the day has existed, naming it (issue 49: 999 days on day #2)", () => {
  const records = new Records(new MemoryStorage());
  const file = JSON.parse(records.exportText());
  file.stats.daily = { last: 2, current: 999, longest: 999 };
  file.stats.played = 999;
  file.stats.won = 999;
  const phone = new Records(new MemoryStorage());
  const said = phone.importText(JSON.stringify(file), 2);
  assert.equal(said.key, "recordsImportStreak");
  assert.deepEqual(said.params, { count: 999, days: 2 });
  assert.equal(phone.statistics.played, 0, "nothing was changed");
  // The same streak on day 999 is a player's.
  assert.equal(phone.importText(JSON.stringify(file), 999).key, "recordsImported");
});

test("a best result under a name every object has (constructor, toString, __proto__) is set aside alone, the rest kept", () => {
  for (const name of ["constructor", "toString", "valueOf", "__proto__", "hasOwnProperty"]) {
    const storage = new MemoryStorage();
    const kept = { moves: 3, milliseconds: 900 };
    const stored = { version: 1, best: { "random:5x5": kept }, levels: {}, stats: emptyStatistics() };
    // As a file or a stored record would say it: the key is text, never the prototype's property.
    const text = JSON.stringify(stored).replace('"random:5x5"', `"${name}":{"moves":1,"milliseconds":1},"random:5x5"`);
    storage.setItem(RECORDS_KEY, text);
    const records = new Records(storage);
    assert.equal(records.problem?.key, "recordsSetAside", name);
    assert.deepEqual(records.get("random:5x5"), kept, `${name}: the readable best result is kept`);
    assert.equal(records.get(name), null, name);
    records.countPlayed(); // written back without what was set aside
    const again = new Records(storage);
    assert.equal(again.problem, null, `${name}: nothing unreadable is left`);
    assert.deepEqual(again.get("random:5x5"), kept);
    assert.equal(again.statistics.played, 1);
    assert.match(storage.getItem(SET_ASIDE_KEY), new RegExp(name.replace(/_/g, "_")));
  }
});

test("Import refuses a file with more best results than a store holds, at once (no long task to read or show it)", () => {
  const records = new Records(new MemoryStorage());
  const file = JSON.parse(records.exportText());
  file.best = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`random:${i + 1}x1`, { moves: 1, milliseconds: i }]));
  const text = JSON.stringify(file);
  const started = performance.now();
  const said = new Records(new MemoryStorage()).importText(text, 2);
  const took = performance.now() - started;
  assert.equal(said.key, "recordsImportTooMany");
  assert.deepEqual(said.params, { most: MAX_BEST_RESULTS });
  console.log(`# a 100 000-entry file refused in ${took.toFixed(0)} ms`);
});


// Issue 50, point 1: the wins by presses over the fewest, drawn as a chart, and the win rate.

/** Statistics after `played` games and rated wins of `wins` = [[moves, minimum, today]…]. */
function statisticsOf(played, wins) {
  const statistics = emptyStatistics();
  for (let i = 0; i < played; i++) countPlayed(statistics);
  for (const [moves, minimum, today] of wins) countWin(statistics, { moves, minimum, milliseconds: 1000, timeKey: "5x5", today });
  return statistics;
}

test("each rated win is counted by its presses over the fewest — the fewest, +1 … +4, +5 or more — and the win rate is won over played", () => {
  assert.equal(OVER_BUCKETS, 6);
  const statistics = statisticsOf(12, [[5, 5, 3], [6, 5, 3], [6, 5, 3], [8, 5, 3], [9, 5, 3], [10, 5, 3], [30, 5, 3], [7, 5, 4]]);
  countWin(statistics, { moves: 9, minimum: null, milliseconds: 1, timeKey: "5x5", today: 4 }); // fewest unknown: in no bucket
  assert.deepEqual(statistics.distribution, { counts: [1, 2, 1, 1, 1, 2], latest: { day: 4, bucket: 2 } });
  const figures = summary(statistics, 4);
  assert.equal(figures.winRate, 9 / 12);
  assert.deepEqual(figures.chart, { counts: [1, 2, 1, 1, 1, 2], today: 2, before: 0 }); // today's last win: +2
  assert.equal(summary(statistics, 5).chart.today, null, "no win recorded on day 5: no bar is today's");
  assert.equal(summary(emptyStatistics(), 1).winRate, null, "no game played: no rate");
  assert.deepEqual(summary(emptyStatistics(), 1).chart, { counts: [0, 0, 0, 0, 0, 0], today: null, before: 0 });
  // Read back as stored; the figures it is checked against are the ones it came with.
  const stored = JSON.parse(JSON.stringify(statistics));
  assert.deepEqual(readDistribution(stored, readStatistics(stored)), statistics.distribution);
});

test("records of before the chart read without a word: their rated wins are in no bucket and said to be before it", () => {
  const old = statisticsOf(4, [[7, 5, null], [5, 5, null], [6, 5, null]]);
  delete old.distribution; // as the store held them before issue 50
  const storage = new MemoryStorage({ [RECORDS_KEY]: JSON.stringify({ version: 1, best: { "random:5x5": { moves: 5, milliseconds: 900 } }, levels: {}, stats: old }) });
  const records = new Records(storage);
  assert.equal(records.problem, null);
  assert.deepEqual(summary(records.statistics, 9).chart, { counts: [0, 0, 0, 0, 0, 0], today: null, before: 3 });
  assert.deepEqual([records.statistics.played, records.statistics.won, records.statistics.rated], [4, 3, 3]);
  records.countPlayed();
  records.countWin({ moves: 6, minimum: 5, milliseconds: 1000, timeKey: "5x5", today: 9 });
  const again = new Records(storage);
  assert.equal(again.problem, null);
  assert.deepEqual(summary(again.statistics, 9).chart, { counts: [0, 1, 0, 0, 0, 0], today: 1, before: 3 });
  assert.deepEqual(JSON.parse(storage.getItem(RECORDS_KEY)).stats.distribution, { counts: [0, 1, 0, 0, 0, 0], latest: { day: 9, bucket: 1 } });
});

/** Stored statistics of 5 games, 4 won, 3 of them rated (6, 8 and 12 presses for fewest 5: 1 + 3 + 7 = 11 over), with `distribution` in their place. */
function storedWithChart(distribution) {
  const stats = statisticsOf(5, [[6, 5, 2], [8, 5, 2], [12, 5, 2]]);
  countWin(stats, { moves: 4, minimum: null, milliseconds: 1, timeKey: "5x5" });
  return { version: 1, best: { "random:5x5": { moves: 6, milliseconds: 900 } }, levels: {}, stats: { ...stats, distribution } };
}

// Charts no player's record can hold, each on its own: not a chart, counts that cannot be read, more
// wins in it than rated wins, more moves over the fewest than the rated wins took, a latest win that
// is in no bucket, a chart whose fields are not its own.
const IMPLAUSIBLE_CHARTS = [
  null, [], 7, "chart", { counts: [0, 1, 1, 0, 0, 1] }, { latest: null }, { counts: [0, 1, 1, 0, 0], latest: null },
  { counts: [0, 1, 1, 0, 0, 1, 0], latest: null }, { counts: [0, 1, 1, 0, 0, "1"], latest: null }, { counts: [0, 1, 1, 0, 0, 1.5], latest: null },
  { counts: [0, 1, 1, 0, 0, -1], latest: null }, { counts: { 0: 1, length: 6 }, latest: null },
  { counts: [4, 0, 0, 0, 0, 0], latest: null }, // 4 wins in it, 3 rated
  { counts: [0, 0, 0, 0, 0, 3], latest: null }, // at least 15 over; 11 were
  { counts: [0, 1, 1, 0, 0, 1], latest: { day: 2, bucket: 0 } }, { counts: [0, 1, 1, 0, 0, 1], latest: { day: 2, bucket: 6 } },
  { counts: [0, 1, 1, 0, 0, 1], latest: { day: 0, bucket: 1 } }, { counts: [0, 1, 1, 0, 0, 1], latest: { day: "2", bucket: 1 } },
  { counts: [0, 1, 1, 0, 0, 1], latest: 2 },
];
const PROTO_CHART = '{"__proto__": {"counts": [0, 1, 1, 0, 0, 1], "latest": null}}';

test("a stored chart that cannot be read or cannot be a player's is set aside alone, with its own message: the other figures stay", () => {
  const good = { counts: [0, 1, 1, 0, 0, 1], latest: { day: 2, bucket: 5 } };
  assert.equal(new Records(new MemoryStorage({ [RECORDS_KEY]: JSON.stringify(storedWithChart(good)) })).problem, null, "the good chart reads");
  const texts = IMPLAUSIBLE_CHARTS.map((chart) => JSON.stringify(storedWithChart(chart)))
    .concat(JSON.stringify(storedWithChart(null)).replace('"distribution":null', `"distribution":${PROTO_CHART}`));
  for (const text of texts) {
    const storage = new MemoryStorage({ [RECORDS_KEY]: text });
    const records = new Records(storage);
    assert.deepEqual(records.problem, { key: "recordsChartSetAside", params: {} }, text);
    const { played, won, rated, presses, fewest } = records.statistics;
    assert.deepEqual([played, won, rated, presses, fewest], [5, 4, 3, 26, 15], `${text}: the other figures are kept`);
    assert.deepEqual(records.get("random:5x5"), { moves: 6, milliseconds: 900 }, text);
    assert.deepEqual(summary(records.statistics, 2).chart, { counts: [0, 0, 0, 0, 0, 0], today: null, before: 3 }, text);
    const aside = JSON.parse(storage.getItem(SET_ASIDE_KEY));
    assert.deepEqual(Object.keys(aside), ["stats.distribution"], text);
    assert.deepEqual(aside["stats.distribution"], JSON.parse(text).stats.distribution, `${text}: kept aside as it was`);
    const again = new Records(storage); // written back without it: nothing unreadable is left
    assert.equal(again.problem, null, text);
    assert.deepEqual(again.statistics.distribution, { counts: [0, 0, 0, 0, 0, 0], latest: null }, text);
  }
  // Another part unreadable beside it: the message for records in general.
  const both = storedWithChart(null);
  both.best = { "random:5x5": { moves: -1, milliseconds: 1 } };
  assert.equal(new Records(new MemoryStorage({ [RECORDS_KEY]: JSON.stringify(both) })).problem.key, "recordsSetAside");
});

test("Import refuses a chart that cannot be a player's — more wins in it than rated, a win after today, unreadable — naming it; a good one comes with the file", () => {
  const today = 2;
  const fileOf = (chart) => JSON.stringify({ app: "lightsout-records", ...storedWithChart(chart) });
  const good = { counts: [0, 1, 1, 0, 0, 1], latest: { day: 2, bucket: 1 } };
  const refused = IMPLAUSIBLE_CHARTS.map(fileOf).concat(fileOf({ counts: [0, 1, 1, 0, 0, 1], latest: { day: 3, bucket: 1 } })); // won tomorrow
  for (const text of refused) {
    const phone = new Records(new MemoryStorage());
    phone.record("random:3x3", 1, 1);
    const said = phone.importText(text, today);
    assert.equal(said.key, "recordsImportChart", text);
    assert.deepEqual([phone.get("random:3x3"), phone.statistics.played], [{ moves: 1, milliseconds: 1 }, 0], `${text}: nothing changed`);
  }
  const phone = new Records(new MemoryStorage());
  assert.equal(phone.importText(fileOf(good), today).key, "recordsImported");
  assert.deepEqual(summary(phone.statistics, today).chart, { counts: [0, 1, 1, 0, 0, 1], today: 1, before: 0 });
  assert.deepEqual(JSON.parse(phone.exportText()).stats.distribution, good, "exported as it came");
});

test("Import refuses a chart of a million buckets at once (the store's bound: no long task to read it)", () => {
  const file = { app: "lightsout-records", ...storedWithChart({ counts: new Array(1_000_000).fill(0), latest: null }) };
  const text = JSON.stringify(file);
  const started = performance.now();
  const said = new Records(new MemoryStorage()).importText(text, 2);
  const took = performance.now() - started;
  assert.equal(said.key, "recordsImportChart");
  console.log(`# a chart of a million buckets refused in ${took.toFixed(0)} ms (the file's JSON read included)`);
});

test("the puzzle tracker counts a win of one's own in its bucket on the day it is credited; a win with help in none", () => {
  const records = new Records(new MemoryStorage());
  let day = new Date(2026, 11, 1, 10); // #4
  let clock = 0;
  const { session } = makeSession({ records, today: () => day, now: () => (clock += 500) });
  const start = emptyBoard(3, 3);
  for (const index of [0, 1, 3]) start.set(index, 1); // pressing (0, 0) clears it
  const deal = () => session.setBoard(start.copy(), { replaced: () => session.dealer.startChallenge("random", "3×3", start, { minimum: 1 }) });
  deal();
  for (const [row, col] of [[2, 2], [2, 2], [0, 0]]) session.press(row, col); // 3 presses: +2
  assert.equal(session.won.by, "player");
  deal();
  session.press(0, 0); // the fewest
  deal();
  session.markAssisted();
  session.press(0, 0);
  assert.deepEqual(summary(records.statistics, 4).chart, { counts: [1, 0, 1, 0, 0, 0], today: 0, before: 0 });
  day = new Date(2026, 11, 2, 10); // the next day: no win yet today
  assert.equal(summary(records.statistics, dailyNumber(day)).chart.today, null);
  deal();
  for (const [row, col] of [[1, 1], [1, 1], [2, 2], [2, 2], [1, 2], [1, 2], [0, 0]]) session.press(row, col); // 7 presses: +6
  assert.deepEqual(summary(records.statistics, 5).chart, { counts: [1, 0, 1, 0, 0, 1], today: 5, before: 0 });
});

test("a game begun before Reset statistics and won after it is no win to count: the store stays readable (it was set aside whole)", () => {
  const storage = new MemoryStorage();
  const records = new Records(storage);
  let clock = 0;
  const { session } = makeSession({ records, today: () => new Date(2026, 11, 1, 10), now: () => (clock += 500) });
  const start = emptyBoard(3, 3);
  for (const index of [0, 1, 3]) start.set(index, 1); // pressing (0, 0) clears it
  session.setBoard(start.copy(), { replaced: () => session.dealer.startChallenge("random", "3×3", start, { minimum: 1 }) });
  session.press(2, 2); // a game played
  records.resetStatistics();
  session.press(2, 2);
  session.press(0, 0);
  assert.equal(session.won.by, "player");
  const again = new Records(storage);
  assert.equal(again.problem, null, "the statistics are read back, not set aside");
  const { played, won, rated, presses, fewest, distribution } = again.statistics;
  assert.deepEqual([played, won, rated, presses, fewest, distribution.counts], [0, 0, 0, 0, 0, [0, 0, 0, 0, 0, 0]]);
  // The next game is counted as ever.
  session.setBoard(start.copy(), { replaced: () => session.dealer.startChallenge("random", "3×3", start, { minimum: 1 }) });
  session.press(0, 0);
  assert.deepEqual(summary(new Records(storage).statistics, 4).chart, { counts: [1, 0, 0, 0, 0, 0], today: 0, before: 0 });
  assert.deepEqual([records.statistics.played, records.statistics.won], [1, 1]);
});
