// @ts-check
// A count too long to read is written as powers (static/page/wording.js countText): the number of
// solutions of a 600-cell graph whose presses all light cell 0 (2^599, 181 digits) and of its
// three-state twin (3^199), as the real Python API reports them and the session says them;
// and a label cut to a few characters never splits an emoji's surrogate pair.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Session } from "../../static/session/session.js";
import { emptyBoard } from "../../static/model/board.js";
import { countText, fractionText, shortLabel } from "../../static/page/wording.js";
import { LIMITS } from "./fake-solver.mjs";
import { wordMessage } from "../../static/page/words.js";
import { puzzleFields } from "../../static/session/requests.js";
import { solutionMessage } from "../../static/session/solve-messages.js";
import { PythonSolver } from "./python.mjs";

/** A user graph of `cells` cells whose every press adds 1 to cell 0 only. */
const allOnCellZero = (cells, k) => `cells ${cells}\nk ${k}\n${Array.from({ length: cells }, (_, i) => `press ${i}: 0`).join("\n")}\n`;

for (const [k, power, digits] of /** @type {Array<[number, string, number]>} */ ([[2, "2^599", 181], [3, "3^199", 95]])) {
  test(`${digits} digits of solutions (k = ${k}) are said as ${power}, not in full`, async () => {
    const solver = new PythonSolver();
    const session = new Session({ solver, limits: LIMITS, wait: () => Promise.resolve() });
    const cells = k === 2 ? 600 : 200;
    const reply = await solver.request({ op: "puzzle", graph: allOnCellZero(cells, k) });
    await session.dealer.playGraph(reply, { board: emptyBoard(reply.rows, reply.cols, k) });
    const { fields, payload, references } = puzzleFields(session.game, [session.game.board]);
    const solved = await solver.request({ op: "solve", board: references[0], minimal: false, ...fields }, { payload });
    assert.equal(solved.solutions.length, digits); // Python's count, in full
    assert.equal(countText(solved.solutions), power);
    assert.equal(BigInt(solved.solutions), BigInt(k) ** BigInt(cells - 1));
    const message = wordMessage(solutionMessage(solved, emptyBoard(reply.rows, reply.cols, k), session.multiState));
    assert.ok(message.includes(power), message);
    assert.doesNotMatch(message, /\d{16}/);
    if (k > 2) assert.equal(fractionText(solved.solvable_fraction), power); // 1 in 3^199 boards
  });
}

test("countText: up to 15 digits in full, then products of prime powers", () => {
  assert.equal(countText("999999999999999"), "999,999,999,999,999"); // grouped as the page's language groups numbers
  assert.equal(countText(String(2n ** 50n)), "2^50");
  assert.equal(countText(String(2n ** 3n * 3n ** 40n * 5n)), "2^3 × 3^40 × 5");
  assert.equal(countText(String(251n ** 7n)), "251^7");
  assert.equal(countText(String(10n ** 20n + 1n)), "≈ 1.000 × 10^20"); // a prime factor above 255: none is expected
});

test("shortLabel cuts on code points: an emoji is kept whole or left out", () => {
  const cut = shortLabel("😀😀😀😀😀😀😀", 6);
  assert.equal(cut, "😀😀😀😀😀…");
  assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(cut), "no lone surrogate");
  assert.equal(shortLabel("a😀b😀c😀d", 6), "a😀b😀c…");
  assert.equal(shortLabel("U1", 6), "U1");
  assert.equal(shortLabel("abcdef", 6), "abcdef");
  assert.equal(shortLabel("abcdefg", 6), "abcde…");
});
