// The Levels mode's midend (static/levels.js): the progress store — kept, reset, and stored
// data that cannot be read set aside with a message, never a throw — and a level played
// through the session on the real Python API: its board, fewest presses, best result filed
// with the progress only for a win without help, Next level, and its link resumed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { LevelPlay, LevelProgress, levelKind, levelStars } from "../../static/levels.js";
import * as requests from "../../static/requests.js";
import { boardFromId, boardFromReference } from "../../static/board.js";
import { Session } from "../../static/session.js";
import { LIMITS } from "./fake-solver.mjs";
import { wordMessage } from "../../static/messages.js";
import { setLanguage } from "../../static/i18n.js";
import { requestErrorMessage } from "../../static/wording.js";
import { PythonSolver } from "./python.mjs";

/** localStorage's surface over a Map; `refuse` makes every call throw (a private mode). */
class MemoryStorage {
  constructor(entries = {}, refuse = false) {
    this.map = new Map(Object.entries(entries));
    this.refuse = refuse;
  }

  getItem(key) {
    if (this.refuse) throw new Error("SecurityError");
    return this.map.has(key) ? this.map.get(key) : null;
  }

  setItem(key, value) {
    if (this.refuse) throw new Error("QuotaExceededError");
    this.map.set(key, String(value));
  }
}

test("progress is kept: best moves and time per level, the highest level reached, read back by a new store", () => {
  const storage = new MemoryStorage();
  const progress = new LevelProgress(storage);
  assert.equal(progress.reached("classic"), 1);
  assert.deepEqual(progress.record("classic", 1, 50, 9, 4000), { best: { moves: 9, milliseconds: 4000 }, improved: true });
  assert.deepEqual(progress.record("classic", 1, 50, 11, 3000), { best: { moves: 9, milliseconds: 3000 }, improved: true });
  assert.deepEqual(progress.record("classic", 1, 50, 12, 5000).improved, false);
  progress.record("classic", 50, 50, 15, 1000); // the last level reaches no level beyond it
  const again = new LevelProgress(storage);
  assert.equal(again.problem, null);
  assert.deepEqual(again.best("classic", 1), { moves: 9, milliseconds: 3000 });
  assert.equal(again.reached("classic"), 50);
  assert.equal(again.solvedCount("classic"), 2);
  assert.equal(again.best("cube", 1), null);
  const records = again.recordsOf("cube", 3, 54); // the tracker's records interface, one level's
  assert.equal(records.get("any key"), null);
  assert.equal(records.record("any key", 4, 2000).improved, true);
  assert.deepEqual([again.best("cube", 3), again.reached("cube"), records.get("other")], [{ moves: 4, milliseconds: 2000 }, 4, { moves: 4, milliseconds: 2000 }]);
});

test("reset forgets one set's progress, in storage too", () => {
  const storage = new MemoryStorage();
  const progress = new LevelProgress(storage);
  progress.record("classic", 3, 50, 8, 1000);
  progress.record("cube", 1, 54, 1, 500);
  progress.reset("classic");
  assert.deepEqual([progress.reached("classic"), progress.best("classic", 3), progress.solvedCount("classic")], [1, null, 0]);
  const again = new LevelProgress(storage);
  assert.deepEqual([again.reached("classic"), again.best("cube", 1)], [1, { moves: 1, milliseconds: 500 }]);
});

test("stored progress that cannot be read is set aside with a message, and never throws", () => {
  const unreadable = [
    "{not json", "[]", "null", "42", '"text"', '{"classic": 3}', '{"classic": {"reached": -1, "best": {}}}',
    '{"classic": {"reached": 2}}', '{"classic": {"reached": 2, "best": {"x": {"moves": 1, "milliseconds": 1}}}}',
    '{"classic": {"reached": 2, "best": {"1": {"moves": "9", "milliseconds": 1}}}}',
    '{"classic": {"reached": 2, "best": {"1": {"moves": 9}}}}', '{"__proto__": {"reached": 2, "best": {}}}',
  ];
  for (const text of unreadable) {
    const storage = new MemoryStorage({ "lightsout-levels": text });
    const progress = new LevelProgress(storage);
    assert.deepEqual(progress.problem, { key: "levelProgressLost", params: {} }, text);
    assert.deepEqual([progress.reached("classic"), progress.best("classic", 1), progress.solvedCount("classic")], [1, null, 0], text);
    progress.record("classic", 1, 50, 7, 100); // afresh: the next write replaces what could not be read
    assert.equal(new LevelProgress(storage).problem, null, text);
  }
  const refusing = new LevelProgress(new MemoryStorage({}, true)); // storage refused: no message, nothing kept
  assert.equal(refusing.problem, null);
  assert.equal(refusing.record("classic", 1, 50, 7, 100).improved, true);
  assert.equal(refusing.reached("classic"), 2);
  assert.equal(new LevelProgress(null).reached("cube"), 1);
});

test("stars: three at the fewest presses, two within half as many again, else one", () => {
  assert.deepEqual([8, 9, 12, 13, 30].map((moves) => levelStars(moves, 8)), [3, 2, 2, 1, 1]);
  assert.equal(levelStars(1, 1), 3);
  assert.equal(levelStars(2, 1), 1);
});

/** A session on the real Python API, its Levels mode, and the progress in memory. */
function levelSession() {
  const session = new Session({ solver: new PythonSolver(), limits: { ...LIMITS, presets: ["classic", "cube"] }, wait: () => Promise.resolve() });
  const storage = new MemoryStorage();
  const levels = new LevelPlay(session, new LevelProgress(storage));
  return { session, levels, storage };
}

/** Press the fewest-press solution Python gives for the board, cell by cell, through the session's press. */
async function pressFewest(session) {
  const reply = await requests.solve(session, session.game.board, { minimal: true });
  const presses = boardFromReference(reply.solution, reply.payload);
  const { cols } = session.game.board;
  for (const index of presses.indices()) session.press(Math.floor(index / cols), index % cols);
  return reply.presses;
}

test("a level is played as a puzzle: its board, its fewest presses; a win of one's own is its best result and reaches the next", async () => {
  const { session, levels } = levelSession();
  assert.equal(await levels.openLevel("classic", 1), true);
  const sets = levels.sets;
  const first = sets.find((entry) => entry.name === "classic").levels[0];
  assert.ok(session.game.board.equals(boardFromId(first.board)));
  assert.equal(session.game.graph.preset.name, "classic");
  assert.deepEqual(levels.current, { set: "classic", number: 1, count: 50, game: sets[0].game });
  assert.equal(session.challenge.kind, levelKind("classic"));
  assert.equal(session.challenge.minimum, first.minimal_presses);
  const fewest = await pressFewest(session);
  assert.equal(fewest, first.minimal_presses);
  assert.ok(session.game.isSolved());
  assert.deepEqual(session.won, { by: "player", moves: fewest });
  assert.equal(levels.progress.best("classic", 1).moves, fewest);
  assert.equal(levels.progress.reached("classic"), 2);
  assert.deepEqual(levels.next, { set: "classic", number: 2 });
  assert.equal(await levels.openNext(), true);
  assert.equal(levels.current.number, 2);
  assert.ok(session.game.board.equals(boardFromId(sets[0].levels[1].board)));
});

test("a level solved with help (Hint, Solve) files no best result and reaches no further", async () => {
  const { session, levels } = levelSession();
  await levels.openLevel("cube", 54);
  assert.equal(levels.next, null); // the last level has none after it
  session.markAssisted(); // what Hint and Solve do
  await pressFewest(session);
  assert.equal(session.won.by, "helped");
  assert.deepEqual([levels.progress.best("cube", 54), levels.progress.reached("cube")], [null, 1]);
});

test("a level's link carries p=level-<SET> and l=<number>; opened, the game is that level again", async () => {
  const { session, levels } = levelSession();
  await levels.openLevel("lights-out-2000", 12);
  session.press(0, 0);
  const written = await requests.shareLink(session, session.game, "level-lights-out-2000", 12);
  assert.match(written.text, /^classic:[A-Za-z0-9_-]{6};p=level-lights-out-2000;l=12;m=AA$/);
  const other = levelSession();
  const reply = await requests.openShareLink(other.session, written.text);
  assert.equal(reply.level, 12);
  await other.session.deal.playGraph(reply, { board: boardFromId(reply.board, reply.k), moves: reply.moves });
  assert.equal(await other.levels.resume(reply.challenge_kind, reply.level), true);
  assert.deepEqual([other.levels.current.set, other.levels.current.number], ["lights-out-2000", 12]);
  assert.equal(other.session.challenge.minimum, levels.set("lights-out-2000").levels[11].minimal_presses);
  assert.equal(other.session.game.moveCount, 1);
  assert.equal(await other.levels.resume("game-classic", 12), false); // not a level's kind
});

test("a level set or number the levels op does not have is said from its code, in English and 中文", async () => {
  const { session } = levelSession();
  const said = [];
  for (const request of [{ op: "levels", game: "deluxe" }, { op: "levels", game: "cube", level: 55 }, { op: "levels", level: 2 }]) {
    const error = await session.solver.request(request).catch((caught) => caught);
    for (const language of ["en", "zh"]) {
      setLanguage(language);
      said.push(wordMessage(requestErrorMessage(error)));
    }
  }
  setLanguage("en");
  assert.deepEqual(said, [
    "Unknown level set “deluxe”; choose one of classic, lights-out-2000, cube.", "未知的关卡组“deluxe”；可选：classic, lights-out-2000, cube。",
    "Level 55 is outside the cube levels, 1 to 54.", "第 55 关超出了 cube 关卡组的范围（1 到 54）。",
    "A level number needs the level set it belongs to.", "关卡号需要指明所属的关卡组。",
  ]);
});
