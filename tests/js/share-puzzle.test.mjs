// A shared puzzle keeps what makes it a puzzle (issue #14: a preset's link lost its minimum
// and timer): the link's p= field names the kind of puzzle, and the opened game is that
// puzzle again — the proven fewest presses asked of the solver, the timer, the best result's key.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Session } from "../../static/session.js";
import { wordMessage } from "../../static/messages.js";
import { PRESETS, presetBoard, puzzleOfToken, puzzleToken } from "../../static/puzzles.js";
import { gameOfLink, linkOf } from "../../static/share-link.js";
import { emptyBoard } from "../../static/board.js";
import { makeRule } from "../../static/game.js";
import { FakeSolver, LIMITS } from "./fake-solver.mjs";

let clock = 0;
function makeSession() {
  return new Session({
    solver: new FakeSolver(), limits: LIMITS, wait: () => Promise.resolve(), random: () => 0.9, now: () => (clock += 1000),
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test("a preset's link carries p=preset-<id>; opened, it is the preset with its minimum, timer and record key", async () => {
  const loj = PRESETS.find((preset) => preset.id === "loj1");
  const sharer = makeSession();
  sharer.setBoard(presetBoard(loj));
  sharer.deal.startPuzzle("preset loj1", "LOJ example 3×3");
  await settle();
  assert.ok(sharer.puzzle.minimum > 0);
  sharer.press(0, 0);
  const link = linkOf(sharer.game, "https://example.org/", puzzleToken(sharer.puzzle.kind));
  assert.match(link, /;p=preset-loj1;m=/);

  const opened = gameOfLink(link.split("#")[1]);
  assert.equal(opened.puzzleKind, "preset-loj1");
  const reader = makeSession();
  reader.deal.openGame(opened.game, "opened", opened.puzzleKind);
  await settle();
  assert.equal(reader.puzzle.kind, "preset loj1");
  assert.equal(reader.puzzle.key, sharer.puzzle.key);
  assert.equal(wordMessage(reader.puzzle.label), "LOJ example 3×3");
  assert.equal(reader.puzzle.minimum, sharer.puzzle.minimum); // asked of the solver for the start board
  assert.ok(reader.puzzle.start.equals(presetBoard(loj)));
  assert.equal(reader.game.moveCount, 1);
  // The timer starts on the reader's first press and stops when the board is solved.
  reader.press(0, 0); // undoes the sharer's press
  assert.ok(reader.puzzle.startedAt > 0);
});

test("p= names the kinds the page deals; other names, and a preset name on another board, are no puzzle", () => {
  const loj = PRESETS.find((preset) => preset.id === "loj1");
  const session = makeSession();
  session.setBoard(presetBoard(loj));
  const game = session.game;
  assert.deepEqual(puzzleOfToken("preset-loj1", game), { kind: "preset loj1", labelKey: "presetLoj1" });
  assert.deepEqual(puzzleOfToken("daily", game), { kind: "daily", labelKey: "dailyPuzzle" });
  assert.deepEqual(puzzleOfToken("presses-5", game), { kind: "presses 5", labelKey: "newPuzzleSized" });
  assert.deepEqual(puzzleOfToken("random", game), { kind: "random", labelKey: "newPuzzleSized" });
  for (const token of ["preset-tv", "preset-nope", "presses-05", "lit-", "solved", "daily-2"]) {
    assert.equal(puzzleOfToken(token, game), null, token);
  }
  session.setVariant({ rule: makeRule("x") }); // the preset's board under another rule is not the preset
  assert.equal(puzzleOfToken("preset-loj1", session.game), null);
  for (const kind of ["random", "daily", "lit 3", "presses 15", ...PRESETS.map((preset) => `preset ${preset.id}`)]) {
    assert.equal(puzzleToken(kind).replace("-", " "), kind);
    assert.match(puzzleToken(kind), /^[a-z][a-z0-9-]{0,31}$/); // share.js's p= grammar
  }
});

test("a link without p= opens as a plain game: no minimum, no timer", async () => {
  const session = makeSession();
  const board = emptyBoard(3, 3);
  board.set(4, 1);
  session.setBoard(board);
  const opened = gameOfLink(linkOf(session.game, "https://example.org/").split("#")[1]);
  assert.equal(opened.puzzleKind, null);
  const reader = makeSession();
  reader.deal.openGame(opened.game, "opened", opened.puzzleKind);
  assert.equal(reader.puzzle, null);
});

test("p=game-<name> is a real game's puzzle only on that game; its label is the game's name in the page's language", () => {
  const orbix = { name: "orbix", game: { en: "Orbix", zh: "Orbix 灯球" } };
  const game = { graph: { preset: orbix }, k: 2, rule: makeRule("plus"), surface: "plane", mask: null };
  assert.deepEqual(puzzleOfToken("game-orbix", game), { kind: "game orbix", label: orbix.game });
  assert.equal(puzzleOfToken("game-cube", game), null); // another game's result is not filed under this one
  assert.equal(puzzleOfToken("game-orbix", { ...game, graph: null }), null); // a grid is no real game
  const session = makeSession();
  session.game.graph = { preset: orbix }; // the resumed puzzle is labelled by the game, not a size
  session.deal.resumePuzzle("game-orbix");
  assert.equal(session.puzzle.kind, "game orbix");
  assert.equal(wordMessage(session.puzzle.label), "Orbix");
  session.puzzles.end();
  session.deal.resumePuzzle(null);
  assert.equal(session.puzzle, null);
});
