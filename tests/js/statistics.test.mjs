// @ts-check
// The player's statistics (static/session/statistics.js), kept in the one store of records
// (records.js): games played and won on one's own, the daily streak by the day's number,
// the efficiency against the proven fewest, best times per size and level set; counted by
// the puzzle tracker (challenge.js) as a puzzle is played; exported and imported as a file,
// reset on its own; data that cannot be read set aside, never thrown.
import { test } from "node:test";
import assert from "node:assert/strict";
import { countPlayed, countWin, emptyStatistics, readStatistics, summary } from "../../static/session/statistics.js";
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
  assert.deepEqual(summary(emptyStatistics(), 1), { played: 0, won: 0, streak: 0, longest: 0, efficiency: null, over: null, times: [] });
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
  assert.deepEqual(readStatistics(JSON.parse(JSON.stringify(good))), good);
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
  assert.deepEqual(summary(read.statistics, 4), { played: 1, won: 1, streak: 1, longest: 1, efficiency: 5 / 7, over: 2, times: [["5x5", 42_000]] });
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
  assert.deepEqual(summary(records.statistics, 4), { played: 1, won: 1, streak: 1, longest: 1, efficiency: 1 / 3, over: 2, times: [["3x3", 500]] }); // the clock from the first press
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

