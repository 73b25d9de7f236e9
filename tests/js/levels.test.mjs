// @ts-check
// The Levels mode's midend (static/session/levels.js): a level played through the session on the
// real Python API: its board, fewest presses, best result filed with the progress (the
// session's records, records.js) only for a win without help, Next level, and its link
// resumed through the one p= reader (challenge.js: challengeOfToken).
import { test } from "node:test";
import assert from "node:assert/strict";
import { levelKind, levelStars } from "../../static/session/levels.js";
import { Records } from "../../static/session/records.js";
import * as requests from "../../static/session/requests.js";
import { boardFromId, boardFromReference } from "../../static/model/board.js";
import { Session } from "../../static/session/session.js";
import { LIMITS } from "./fake-solver.mjs";
import { wordMessage } from "../../static/page/words.js";
import { setLanguage } from "../../static/page/i18n.js";
import { requestErrorMessage } from "../../static/session/common-messages.js";
import { PythonSolver } from "./python.mjs";
import { standIn } from "./stand-in.mjs";

test("stars: three at the fewest presses, two within half as many again, else one", () => {
  assert.deepEqual([8, 9, 12, 13, 30].map((moves) => levelStars(moves, 8)), [3, 2, 2, 1, 1]);
  assert.equal(levelStars(1, 1), 3);
  assert.equal(levelStars(2, 1), 1);
});

/** A session on the real Python API with its records in memory, and its Levels mode. */
function levelSession() {
  const records = new Records(memoryStorage());
  const solver = new PythonSolver();
  const session = new Session({
    solver, limits: { ...LIMITS, presets: ["classic", "cube"] }, wait: () => Promise.resolve(), records,
  });
  return { session, levels: session.levelPlay, records, solver };
}

/** localStorage's surface over a Map. */
function memoryStorage() {
  const map = new Map();
  return standIn({ getItem: (key) => map.get(key) ?? null, setItem: (key, value) => map.set(key, String(value)) });
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
  const { session, levels, records } = levelSession();
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
  assert.equal(records.levelBest("classic", 1).moves, fewest);
  assert.equal(records.reached("classic"), 2);
  assert.deepEqual(levels.next, { set: "classic", number: 2 });
  assert.equal(await levels.openNext(), true);
  assert.equal(levels.current.number, 2);
  assert.ok(session.game.board.equals(boardFromId(sets[0].levels[1].board)));
});

test("a level solved with help (Hint, Solve) files no best result and reaches no further", async () => {
  const { session, levels, records } = levelSession();
  await levels.openLevel("cube", 54);
  assert.equal(levels.next, null); // the last level has none after it
  session.markAssisted(); // what Hint and Solve do
  await pressFewest(session);
  assert.equal(session.won.by, "helped");
  assert.deepEqual([records.levelBest("cube", 54), records.reached("cube")], [null, 1]);
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
  await other.session.dealer.openGraphLink(reply, { board: boardFromId(reply.board, reply.k), moves: reply.moves, message: null });
  assert.deepEqual([other.levels.current.set, other.levels.current.number], ["lights-out-2000", 12]);
  assert.equal(other.session.challenge.minimum, levels.set("lights-out-2000").levels[11].minimal_presses);
  assert.equal(other.session.game.moveCount, 1);
  // The same board under a game's p= is that game's puzzle, not a level.
  const game = levelSession();
  await game.session.dealer.openGraphLink({ ...reply, challenge_kind: "game-classic" }, { board: boardFromId(reply.board, reply.k), moves: [], message: null });
  assert.deepEqual([game.levels.current, game.session.challenge.kind], [null, "game classic"]);
});

test("a level set or number the levels op does not have is said from its code, in English and 中文", async () => {
  const { solver } = levelSession();
  const said = [];
  for (const request of [{ op: "levels", set: "deluxe" }, { op: "levels", set: "cube", level: 55 }, { op: "levels", level: 2 }]) {
    const error = await solver.request(request).catch((caught) => caught);
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
