// @ts-check
// A shared puzzle keeps what makes it a puzzle (issue #14: a preset's link lost its minimum
// and timer): the link's p= field names the kind of puzzle, and the opened game is that
// puzzle again — the proven fewest presses asked of the solver, the timer, the best result's key.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Session } from "../../static/session/session.js";
import { wordMessage } from "../../static/page/words.js";

import { challengeOfToken, challengeToken } from "../../static/session/challenge.js";
import { RECORDS_KEY, Records } from "../../static/session/records.js";
import { SAMPLE_BOARDS, sampleBoard } from "../../static/model/sample-boards.js";
import { gameOfLink, linkOf } from "../../static/model/share-link.js";
import { emptyBoard } from "../../static/model/board.js";
import { makeStencil } from "../../static/model/presses.js";
import { FakeSolver, LIMITS } from "./fake-solver.mjs";
import { standIn } from "./stand-in.mjs";

let clock = 0;
function makeSession() {
  const solver = new FakeSolver();
  return Object.assign(new Session({
    solver, limits: LIMITS, wait: () => Promise.resolve(), random: () => 0.9, now: () => (clock += 1000),
  }), { solver }); // the session's solver, typed (session.js is not type-checked yet)
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A localStorage stand-in: getItem, setItem and the stored text. */
function memoryStorage(items = {}) {
  const stored = new Map(Object.entries(items));
  return standIn({ getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => stored.set(key, String(value)), stored });
}

/** A session whose solver is not ready: an 8×8 challenge's fewest presses are not asked of the brute-force fake. */
function sessionWithoutMinimum() {
  const session = makeSession();
  session.solver.ready = false;
  return session;
}

/** The TV show's 8×8 dealt as its sample board in a new session. */
function tvChallenge() {
  const tv = SAMPLE_BOARDS.find((sample) => sample.id === "tv");
  const session = sessionWithoutMinimum();
  session.setBoard(sampleBoard(tv));
  session.dealer.startChallenge("sample tv", "TV show 8×8");
  return session;
}

test("a preset's link carries p=sample-<id>; opened, it is the preset with its minimum, timer and record key", async () => {
  const loj = SAMPLE_BOARDS.find((preset) => preset.id === "loj1");
  const sharer = makeSession();
  sharer.setBoard(sampleBoard(loj));
  sharer.dealer.startChallenge("sample loj1", "Small 3×3");
  await settle();
  assert.ok(sharer.challenge.minimum > 0);
  sharer.press(0, 0);
  const link = linkOf(sharer.game, "https://example.org/", challengeToken(sharer.challenge.kind));
  assert.match(link, /;p=sample-loj1;m=/);

  const opened = gameOfLink(link.split("#")[1]);
  assert.equal(opened.challengeKind, "sample-loj1");
  const reader = makeSession();
  reader.dealer.openGame(opened.game, "opened", opened.challengeKind);
  await settle();
  assert.equal(reader.challenge.kind, "sample loj1");
  assert.equal(reader.challenge.key, sharer.challenge.key);
  assert.equal(wordMessage(reader.challenge.label), "Small 3×3");
  assert.equal(reader.challenge.minimum, sharer.challenge.minimum); // asked of the solver for the start board
  assert.ok(reader.challenge.start.equals(sampleBoard(loj)));
  assert.equal(reader.game.moveCount, 1);
  // The timer starts on the reader's first press and stops when the board is solved.
  reader.press(0, 0); // undoes the sharer's press
  assert.ok(reader.challenge.startedAt > 0);
});

test("p= names the kinds the page deals; other names, and a preset name on another board, are no puzzle", () => {
  const loj = SAMPLE_BOARDS.find((preset) => preset.id === "loj1");
  const session = makeSession();
  session.setBoard(sampleBoard(loj));
  const game = session.game;
  assert.deepEqual(challengeOfToken("sample-loj1", game), { kind: "sample loj1", labelKey: "sampleLoj1" });
  assert.deepEqual(challengeOfToken("presses-5", game), { kind: "presses 5", labelKey: "newPuzzleSized" });
  assert.deepEqual(challengeOfToken("random", game), { kind: "random", labelKey: "newPuzzleSized" });
  // "daily": an older link's, with no day its board could be checked against; "daily-2": the day's puzzle is 5×5.
  for (const token of ["sample-tv", "preset-nope", "presses-05", "lit-", "solved", "daily-2", "daily"]) {
    assert.equal(challengeOfToken(token, game), null, token);
  }
  session.setVariant({ stencil: makeStencil("x") }); // the preset's board under another rule is not the preset
  assert.equal(challengeOfToken("sample-loj1", session.game), null);
  for (const kind of ["random", "daily", "lit 3", "presses 15", ...SAMPLE_BOARDS.map((preset) => `sample ${preset.id}`)]) {
    assert.equal(challengeToken(kind).replace("-", " "), kind);
    assert.match(challengeToken(kind), /^[a-z][a-z0-9-]{0,31}$/); // share.js's p= grammar
  }
});

test("a link without p= opens as a plain game: no minimum, no timer", async () => {
  const session = makeSession();
  const board = emptyBoard(3, 3);
  board.set(4, 1);
  session.setBoard(board);
  const opened = gameOfLink(linkOf(session.game, "https://example.org/").split("#")[1]);
  assert.equal(opened.challengeKind, null);
  const reader = makeSession();
  reader.dealer.openGame(opened.game, "opened", opened.challengeKind);
  assert.equal(reader.challenge, null);
});

test("p=game-<name> is a real game's puzzle only on that game; its label is the game's name in the page's language", () => {
  const orbix = { name: "orbix", game: { en: "Orbix", zh: "Orbix 灯球" } };
  const game = { graph: { preset: orbix }, k: 2, stencil: makeStencil("plus"), surface: "plane", mask: null };
  assert.deepEqual(challengeOfToken("game-orbix", game), { kind: "game orbix", label: orbix.game });
  assert.equal(challengeOfToken("game-cube", game), null); // another game's result is not filed under this one
  assert.equal(challengeOfToken("game-orbix", { ...game, graph: null }), null); // a grid is no real game
  const session = makeSession();
  session.game.graph = standIn({ preset: orbix }); // the resumed puzzle is labelled by the game, not a size
  session.dealer.resumeChallenge("game-orbix");
  assert.equal(session.challenge.kind, "game orbix");
  assert.equal(wordMessage(session.challenge.label), "Orbix");
  session.challengeTracker.end();
  session.dealer.resumeChallenge(null);
  assert.equal(session.challenge, null);
});

// Sample boards were once kinds "preset <id>" (legacy link p=preset-<id>; issue #30): links and best
// results written then are read as the sample board's.
test("a legacy link's p=preset-tv opens as the TV show's sample board, and is shared on as p=sample-tv", () => {
  const sharer = tvChallenge();
  sharer.press(3, 4);
  const link = linkOf(sharer.game, "https://example.org/", "preset-tv"); // a legacy link
  assert.match(link, /;p=preset-tv;m=/); // legacy
  const opened = gameOfLink(link.split("#")[1]);
  const reader = sessionWithoutMinimum();
  reader.dealer.openGame(opened.game, "opened", opened.challengeKind);
  assert.equal(reader.challenge?.kind, "sample tv");
  assert.equal(reader.challenge.key, sharer.challenge.key);
  assert.equal(wordMessage(reader.challenge.label), "TV show 8×8");
  assert.equal(reader.game.moveCount, 1);
  assert.match(linkOf(reader.game, "https://example.org/", challengeToken(reader.challenge.kind)), /;p=sample-tv;m=/);
  assert.deepEqual(challengeOfToken("preset-tv", reader.game), { kind: "sample tv", labelKey: "sampleTv" }); // legacy
  assert.equal(challengeOfToken("preset-loj1", reader.game), null); // legacy: still only on its own board
});

test("a best result stored under an old \"preset …\" key is found under the sample board's key, and moved there", () => {
  const { key } = tvChallenge().challenge;
  assert.equal(key, "sample tv:8x8");
  const oldKey = key.replace(/^sample/, "preset"); // the key a legacy page filed it under
  const storage = memoryStorage({
    "lightsout-best": JSON.stringify({ [oldKey]: { moves: 20, milliseconds: 9000 }, "daily:5x5": { moves: 15, milliseconds: 3000 } }),
  });
  const records = new Records(storage);
  assert.deepEqual(records.get(key), { moves: 20, milliseconds: 9000 });
  assert.deepEqual(JSON.parse(storage.stored.get(RECORDS_KEY)).best,
    { [key]: { moves: 20, milliseconds: 9000 }, "daily:5x5": { moves: 15, milliseconds: 3000 } });
  assert.deepEqual(records.record(key, 18, 12000), { best: { moves: 18, milliseconds: 9000 }, improved: true });
  // An old record beside a new one of the same board: the better of each survives.
  const both = new Records(memoryStorage({
    "lightsout-best": JSON.stringify({ [oldKey]: { moves: 20, milliseconds: 9000 }, [key]: { moves: 25, milliseconds: 7000 } }),
  }));
  assert.deepEqual(both.bestResults, { [key]: { moves: 20, milliseconds: 7000 } });
});
