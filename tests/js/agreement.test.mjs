// The page's presses agree with the Python package on random boards of every k, rule,
// surface and shape: tests/js/make_fixtures.py writes boards, presses and the board
// Python ends on (lightsout.api "press", or lightsout.modk with an older API).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Game, Mask, boardFromId, makeRule } from "../../static/game.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const PYTHON = existsSync(join(ROOT, ".venv", "bin", "python")) ? join(ROOT, ".venv", "bin", "python") : "python3";

/** Run a Python script of the repo with PYTHONPATH=py; its stdout parsed as JSON. */
export function runPython(script, ...args) {
  const output = execFileSync(PYTHON, [join(ROOT, script), ...args], {
    cwd: ROOT, env: { ...process.env, PYTHONPATH: join(ROOT, "py") }, maxBuffer: 64 << 20,
  });
  return JSON.parse(output.toString());
}

test("presses agree with Python on every k, rule, surface and shape", () => {
  const { cases } = runPython("tests/js/make_fixtures.py");
  assert.ok(cases.length > 300);
  for (const item of cases) {
    const start = boardFromId(item.start, item.k);
    assert.equal(start.toId(), item.start); // the codec round-trips Python's packing
    assert.deepEqual(start.toList(), item.cells);
    const holes = item.holes ? boardFromId(item.holes) : null;
    const mask = holes ? new Mask(item.rows, item.cols, holes) : null;
    const game = new Game(start, { rule: makeRule(item.rule), surface: item.surface, mask });
    for (const [row, col] of item.presses) game.play(row, col);
    assert.equal(game.board.toId(), item.end, JSON.stringify(item));
  }
});
