// @ts-check
// The puzzle of the day, numbered (static/session/daily.js): the player's local date is the
// day, #1 is LAUNCH_DAY and each calendar day one more (daylight saving time skips none), a
// link's p= carries the number, and the result line to share holds the number, the moves
// against the fewest, the time, the stars and the link of the start — never a press.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  LAUNCH_DAY, dailyNumber, dailyNumberOfToken, dailyOpenedMessage, dailySeed, dailyToken, dayOfNumber, resultLine,
} from "../../static/session/daily.js";
import { challengeOfToken } from "../../static/session/challenge.js";
import { setLanguage } from "../../static/page/i18n.js";
import { Game } from "../../static/model/game.js";
import { emptyBoard } from "../../static/model/board.js";
import { gameOfLink, linkOf } from "../../static/model/share-link.js";
import { makeSession, wordMessage } from "./session-helpers.mjs";
import { seededBoard } from "./fake-solver.mjs";

test("the day is the local calendar date: the seed and the number change at local midnight, not UTC's", () => {
  // Local times (the Date constructor with fields is local): late evening and just after midnight.
  const evening = new Date(2026, 11, 24, 23, 30);
  const morning = new Date(2026, 11, 25, 0, 10);
  assert.equal(dailySeed(evening), 20261224);
  assert.equal(dailySeed(morning), 20261225);
  assert.equal(dailyNumber(morning) - dailyNumber(evening), 1);
  assert.equal(dailyNumber(new Date(LAUNCH_DAY.year, LAUNCH_DAY.month - 1, LAUNCH_DAY.day, 12)), 1);
  assert.equal(dailyNumber(new Date(2026, 11, 1, 9)), 4); // 28 November is #1
});

test("a day's number counts calendar days, one each, across months, years and daylight-saving changes", () => {
  let previous = dailyNumber(new Date(2026, 10, 28, 0, 30));
  for (let day = 1; day < 800; day++) {
    const date = new Date(2026, 10, 28 + day, 0, 30); // local, just after midnight: a 23-hour day must not repeat a number
    const number = dailyNumber(date);
    assert.equal(number, previous + 1, date.toString());
    assert.deepEqual(dayOfNumber(number), {
      date: `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`,
      seed: dailySeed(date),
    });
    previous = number;
  }
});

test("a link's p= names the day: daily-N is read back, anything else is no numbered day", () => {
  assert.equal(dailyToken(17), "daily-17");
  assert.equal(dailyNumberOfToken("daily-17"), 17);
  for (const token of ["daily", "daily-0", "daily-017", "daily-x", "random", null, "daily-12345678"]) assert.equal(dailyNumberOfToken(token), null, token);
  // The standard 5×5 game is a numbered day's; another board claiming to be one is not.
  assert.deepEqual(challengeOfToken("daily-17", new Game(emptyBoard(5, 5))), { kind: "daily", day: 17, labelKey: "dailyPuzzle" });
  assert.equal(challengeOfToken("daily-17", new Game(emptyBoard(6, 5))), null);
  assert.equal(challengeOfToken("daily-17", new Game(emptyBoard(5, 5), { surface: "torus" })), null);
});

test("opening a day's puzzle says its number and date, and today's number when it is another day's", () => {
  setLanguage("en");
  assert.equal(wordMessage(dailyOpenedMessage(4, 4)), "Puzzle of the day #4 (2026-12-01).");
  assert.equal(wordMessage(dailyOpenedMessage(3, 5)), "Puzzle of the day #3 (2026-11-30); today's is #5.");
});

test("the result line: number, moves against the fewest, time, stars and the start's link, in both languages", () => {
  const link = "https://example.org/lightsout/#5x5:6OrVAA;p=daily-3";
  try {
    setLanguage("en");
    assert.equal(wordMessage(resultLine({ number: 3, moves: 7, minimum: 5, time: "0:42", stars: 2, link })),
      `Lights Out #3: 7 moves (fewest possible 5) in 0:42 ★★☆\n${link}`);
    assert.equal(wordMessage(resultLine({ number: 3, moves: 1, minimum: 1, time: "0:02", stars: 3, link })),
      `Lights Out #3: 1 move (fewest possible 1) in 0:02 ★★★\n${link}`);
    assert.equal(wordMessage(resultLine({ number: 3, moves: 9, minimum: null, time: "1:05", stars: 0, link })),
      `Lights Out #3: 9 moves with help in 1:05\n${link}`);
    setLanguage("zh");
    assert.equal(wordMessage(resultLine({ number: 3, moves: 7, minimum: 5, time: "0:42", stars: 2, link })),
      `关灯游戏 #3：7 步（最少 5 步），用时 0:42 ★★☆\n${link}`);
  } finally {
    setLanguage("en");
  }
});

test("a won puzzle of the day gives its line with the start's link, no move of the solution; another puzzle gives none", async () => {
  setLanguage("en");
  const { session } = makeSession({ now: (() => { let t = 0; return () => (t += 1000); })() });
  const start = emptyBoard(5, 5);
  start.set(0, 1); start.set(1, 1); start.set(5, 1); // pressing cell 0 clears it: the fewest is 1
  session.setBoard(start.copy(), { replaced: () => session.dealer.startChallenge("daily", { key: "dailyPuzzle" }, start, { day: 3, minimum: 1 }) });
  assert.equal(session.challengeTracker.shareLine("https://x/"), null); // not won yet
  session.press(0, 0);
  assert.equal(session.won.by, "player");
  const line = wordMessage(session.challengeTracker.shareLine("https://x/"));
  assert.match(line, /^Lights Out #3: 1 move \(fewest possible 1\) in 0:01 ★★★\nhttps:\/\/x\/#(.+)$/);
  const shared = line.slice(line.indexOf("\nhttps://x/#") + "\nhttps://x/#".length);
  assert.doesNotMatch(shared, /;m=/); // no presses: the solution is not in the link
  const opened = gameOfLink(shared);
  assert.ok(opened.game.board.equals(start));
  assert.equal(opened.challengeKind, "daily-3");
  // A puzzle that is not a numbered day's has nothing to share.
  session.dealer.startChallenge("random", { key: "dailyPuzzle" }, session.game.board, { minimum: 0 });
  assert.equal(session.challengeTracker.shareLine("https://x/"), null);
});

test("a link's p=daily-N is day N's puzzle only if its board is the one dealt for that day; another board plays on as a plain one", async () => {
  setLanguage("en");
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const dayThree = seededBoard({ rows: 5, cols: 5, seed: dayOfNumber(3).seed });
  const edited = dayThree.copy();
  edited.set(12, 1 - edited.get(12));
  for (const [board, counts] of /** @type {Array<[import("../../static/model/board.js").Board, boolean]>} */ ([[dayThree, true], [edited, false]])) {
    const { session, solver, changes } = makeSession();
    solver.ready = false; // the fewest presses of a 5×5 are not asked of the brute-force fake (2^25 press sets)
    const link = linkOf(new Game(board.copy()), "https://x/", "daily-3").split("#")[1];
    const opened = gameOfLink(link);
    session.dealer.openGame(opened.game, null, opened.challengeKind);
    assert.equal(session.challenge.day, 3); // taken at its word until the solver answers
    await settle();
    const asked = solver.sent.find((message) => message.op === "random");
    assert.equal(asked.seed, dayOfNumber(3).seed); // that day's board, dealt again
    assert.ok(session.game.board.equals(board)); // the board is the link's either way
    if (counts) {
      assert.equal(session.challenge.kind, "daily");
      assert.equal(session.challenge.day, 3);
    } else {
      assert.equal(session.challenge, null);
      assert.equal(wordMessage(changes.at(-1).message),
        "This link's board is not puzzle of the day #3: it is played as a shared board, not as that day's puzzle.");
      assert.equal(changes.at(-1).challenge, true);
    }
  }
});
