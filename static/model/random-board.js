// @ts-check
// Random solvable boards made in the page (small ones, before Python has loaded; big
// ones come from the worker).

import { emptyBoard } from "./board.js";
import { PLUS_STENCIL, pressBoard, pressGraph } from "./presses.js";

/**
 * A random solvable board: every cell (not a hole) pressed a uniformly random number of
 * times 0..k−1 from all 0. The press map x ↦ A·x (mod k) is a homomorphism of Z/kZ
 * modules, so a uniform x gives an A·x uniform over the image of A — exactly the boards
 * solvable from all 0 — each hit by |kernel| press vectors (for k = 2 this is each cell
 * pressed with probability 1/2 over GF(2)). `random` returns [0, 1). Meant for small
 * boards the page makes before Python has loaded; big ones come from the worker.
 */
export function randomSolvableBoard(rows, cols, { k = 2, stencil = PLUS_STENCIL, surface = "plane", mask = null, random = Math.random, graph = null, start = null } = {}) {
  const board = start ?? emptyBoard(rows, cols, k); // presses from a solvable start keep it solvable
  const holes = mask?.holes ?? null;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (holes?.get(r * cols + c)) continue;
      const times = Math.floor(random() * k);
      if (times && graph) pressGraph(board, graph, r * cols + c, times, holes);
      else if (times) pressBoard(board, r, c, { stencil, surface, holes, times });
    }
  }
  return board;
}
