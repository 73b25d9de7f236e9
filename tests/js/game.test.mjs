// @ts-check
// The one Game (static/model/game.js): presses on every rule, surface and k; packed vs bytes;
// history; goals and shapes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { BitBoard, StateBoard, boardFromCells, boardFromId, emptyBoard } from "../../static/model/board.js";
import { Game } from "../../static/model/game.js";
import { Mask, presetMask } from "../../static/model/mask.js";
import { makeStencil, pressBoard, stencilCells, stencilName, wrapIndex } from "../../static/model/presses.js";
import { randomSolvableBoard } from "../../static/model/random-board.js";
import { seeded } from "./seeded.mjs";

const SURFACES = ["plane", "torus", "klein", "projective"];
const STENCILS = ["plus", "moore", "x", "custom:##./.#./...", "custom:..#../...../.#.#./...../#...#"];


test("k = 2 is packed bits, k > 2 a byte a cell, behind one interface", () => {
  const two = emptyBoard(3, 4, 2);
  const three = emptyBoard(3, 4, 3);
  assert.ok(two instanceof BitBoard && three instanceof StateBoard);
  assert.ok(two.bits instanceof Uint8Array && two.bits.length === 2);
  assert.ok(three.cells instanceof Uint8Array && three.cells.length === 12);
  for (const board of [two, three]) {
    board.add(5, 1);
    board.add(7, 1);
    board.add(7, board.k - 1);
    assert.equal(board.litCount, 1);
    assert.deepEqual(board.indices(), [5]);
    assert.equal(board.get(5), 1);
  }
  assert.equal(two.packed(), two.bits); // no copy
  assert.equal(two.toId(), "3x4:IAA");
});

test("the classic 5×5 plus press at the centre and the corner", () => {
  const game = new Game(emptyBoard(5, 5));
  game.play(2, 2);
  assert.deepEqual(game.board.indices(), [7, 11, 12, 13, 17]);
  game.play(0, 0);
  assert.deepEqual(game.board.indices(), [0, 1, 5, 7, 11, 12, 13, 17]);
});

test("wrapping matches lightsout.model.rules.wrap on each surface", () => {
  // 4×5 board: (−1, 1) wraps to row 3; Klein and projective mirror the column.
  assert.equal(wrapIndex(-1, 1, 4, 5, "plane"), -1);
  assert.equal(wrapIndex(-1, 1, 4, 5, "torus"), 3 * 5 + 1);
  assert.equal(wrapIndex(-1, 1, 4, 5, "klein"), 3 * 5 + 3);
  assert.equal(wrapIndex(-1, 1, 4, 5, "projective"), 3 * 5 + 3);
  // Across a column edge: Klein wraps plainly, projective mirrors the row.
  assert.equal(wrapIndex(1, 5, 4, 5, "klein"), 1 * 5 + 0);
  assert.equal(wrapIndex(1, 5, 4, 5, "projective"), 2 * 5 + 0);
  // Two whole turns on a 1×1 board land on the cell itself, mirrored twice.
  for (const surface of SURFACES.slice(1)) assert.equal(wrapIndex(2, -2, 1, 1, surface), 0);
});

test("every press is undone by undo, for every rule, surface and k", () => {
  const random = seeded(7);
  for (const k of [2, 3, 5]) {
    for (const surface of SURFACES) {
      for (const name of STENCILS) {
        const rows = 1 + Math.floor(random() * 6);
        const cols = 1 + Math.floor(random() * 6);
        const start = boardFromCells(rows, cols, k, Array.from({ length: rows * cols }, () => Math.floor(random() * k)));
        const game = new Game(start.copy(), { stencil: makeStencil(name), surface });
        for (let n = 0; n < 8; n++) game.play(Math.floor(random() * rows), Math.floor(random() * cols));
        assert.equal(game.moveCount, 8);
        assert.ok(game.startBoard().equals(start));
        const end = game.board.copy();
        while (game.canUndo) game.undo();
        assert.ok(game.board.equals(start), `${k} ${surface} ${name}`);
        while (game.canRedo) game.redo();
        assert.ok(game.board.equals(end));
      }
    }
  }
});

test("packed and byte boards agree press for press (k = 2 as bits vs the same game at k = 4, mod 2)", () => {
  const random = seeded(11);
  for (const surface of SURFACES) {
    const packed = new Game(emptyBoard(6, 7, 2), { surface, stencil: makeStencil("moore") });
    const bytes = new Game(emptyBoard(6, 7, 4), { surface, stencil: makeStencil("moore") });
    for (let n = 0; n < 30; n++) {
      const [row, col] = [Math.floor(random() * 6), Math.floor(random() * 7)];
      packed.play(row, col);
      bytes.play(row, col);
    }
    // Two presses of the same cell cancel in GF(2); in Z/4 they add 2 ≡ 0 mod 2.
    assert.deepEqual(packed.board.toList(), bytes.board.toList().map((state) => state % 2), surface);
  }
});

test("playMany is the same as one play a press: board, lit count and history, on every path", () => {
  const random = seeded(23);
  const cases = [
    { k: 2, stencil: "plus", surface: "plane" }, // the packed fast path
    { k: 2, stencil: "plus", surface: "torus" }, { k: 2, stencil: "moore", surface: "plane" }, { k: 3, stencil: "plus", surface: "plane" },
  ];
  for (const { k, stencil, surface } of cases) {
    for (const [rows, cols] of [[1, 1], [1, 9], [9, 1], [7, 13], [16, 16]]) {
      const start = randomSolvableBoard(rows, cols, { k, random });
      const presses = Array.from({ length: 3 * rows * cols }, () => Math.floor(random() * rows * cols));
      const one = new Game(start.copy(), { stencil: makeStencil(stencil), surface });
      const many = new Game(start.copy(), { stencil: makeStencil(stencil), surface });
      for (const index of presses) one.play(Math.floor(index / cols), index % cols);
      const split = Math.floor(presses.length / 3); // two calls, one of them on a typed array
      many.playMany(presses, 0, split);
      many.playMany(Uint32Array.from(presses), split, presses.length);
      const label = `${k} ${stencil} ${surface} ${rows}×${cols}`;
      assert.ok(many.board.equals(one.board), label);
      assert.equal(many.board.litCount, one.board.litCount, label);
      assert.equal(many.moveCount, presses.length, label);
      assert.deepEqual([...many.moves], presses, label);
      while (many.canUndo) many.undo();
      assert.ok(many.board.equals(start), label);
    }
  }
  const game = new Game(emptyBoard(3, 3));
  assert.throws(() => game.playMany([9]), RangeError);
  assert.throws(() => game.playMany([1.5]), RangeError);
  assert.equal(game.moveCount, 0);
});

test("a 10000×10000 board plays in place: history holds moves, no copies", () => {
  const game = new Game(emptyBoard(10000, 10000));
  const bits = game.board.packed(); // k = 2: the board's own bits
  game.play(0, 0);
  game.play(9999, 9999);
  assert.equal(game.board.packed(), bits);
  assert.equal(game.board.litCount, 6);
  game.undo();
  assert.equal(game.board.litCount, 3);
  assert.equal(game.undoStack.items.length, 64);
});

test("goals: off, on, and shapes (holes stay dark, don't-care cells do not count)", () => {
  const on = new Game(boardFromCells(1, 3, 3, [2, 2, 2]), { target: "on" });
  assert.ok(on.isSolved());
  const mask = new Mask(2, 2);
  mask.setKind(0, "hole");
  mask.setKind(3, "dontCare");
  const game = new Game(emptyBoard(2, 2), { mask });
  game.play(1, 0); // reaches (0,0) (a hole: stays dark), (1,0) and (1,1) (don't-care)
  assert.deepEqual(game.board.indices(), [2, 3]);
  assert.ok(!game.isSolved());
  game.play(0, 1); // (0,1), (1,1)
  assert.deepEqual(game.board.indices(), [1, 2]);
  assert.throws(() => game.play(0, 0), RangeError);
});

test("edits are one undoable history entry, not moves", () => {
  const game = new Game(emptyBoard(3, 3, 3));
  game.play(1, 1);
  game.edit([0, 8]);
  assert.equal(game.moveCount, 1);
  assert.equal(game.moves.length, 0); // a link starts after the last edit
  game.play(0, 0);
  assert.deepEqual([...game.moves], [0]);
  game.undo();
  game.undo();
  assert.deepEqual(game.board.toList(), [0, 1, 0, 1, 1, 1, 0, 1, 0]);
});

test("a random solvable board is the presses it was made of (pressing them k − 1 more times clears it)", () => {
  for (const k of [2, 3]) {
    const presses = [];
    const random = seeded(3);
    const recording = () => { const value = random(); presses.push(value); return value; };
    const board = randomSolvableBoard(4, 4, { k, surface: "klein", random: recording });
    assert.equal(board.k, k);
    const game = new Game(board, { surface: "klein" });
    presses.forEach((value, index) => {
      const times = Math.floor(value * k);
      if (times) game.pressInPlace(Math.floor(index / 4), index % 4, k - times);
    });
    assert.equal(game.board.litCount, 0);
  }
});

test("stencil names round-trip through the 5×5 picture", () => {
  for (const name of STENCILS) assert.equal(stencilName(stencilCells(makeStencil(name))), name);
  assert.equal(presetMask("ring", 6, 6).holes.litCount, 4);
  assert.deepEqual(boardFromId("2x2:Dw").toList(), [1, 1, 1, 1]);
  assert.throws(() => pressBoard(emptyBoard(2, 2), 2, 0), RangeError);
});
