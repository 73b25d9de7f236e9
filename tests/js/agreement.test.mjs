// @ts-check
// The page's presses agree with the Python package on random boards of every k, rule,
// surface and shape: tests/js/make_fixtures.py writes boards, presses and the board
// Python ends on (lightsout.api "press").
import { test } from "node:test";
import assert from "node:assert/strict";
import { boardFromId } from "../../static/model/board.js";
import { Game } from "../../static/model/game.js";
import { Mask } from "../../static/model/mask.js";
import { makeStencil } from "../../static/model/presses.js";
import { runPython } from "./python.mjs";

test("presses agree with Python on every k, rule, surface and shape", () => {
  const { cases } = runPython("tests/js/make_fixtures.py");
  assert.ok(cases.length > 300);
  for (const item of cases) {
    const start = boardFromId(item.start, item.k);
    assert.equal(start.toId(), item.start); // the codec round-trips Python's packing
    assert.deepEqual(start.toList(), item.cells);
    const holes = item.holes ? boardFromId(item.holes) : null;
    const mask = holes ? new Mask(item.rows, item.cols, holes) : null;
    const game = new Game(start, { stencil: makeStencil(item.rule), surface: item.surface, mask });
    for (const [row, col] of item.presses) game.play(row, col);
    assert.equal(game.board.toId(), item.end, JSON.stringify(item));
  }
});
