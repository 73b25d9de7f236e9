// @ts-check
// The sample boards: fixed starting boards the page deals as challenges (challenge.js):
// the classic pattern, the TV show's 8×8, the LibreOJ #6243 examples. Pure; no DOM.

import { emptyBoard } from "./board.js";

/**
 * Sample boards as rows of "#" (lit) and "." (dark). `loj` boards are kept in LibreOJ
 * #6243 text (a size line, then the rows), the format the judge reads.
 */
export const SAMPLE_BOARDS = Object.freeze([
  { id: "classic", labelKey: "sampleClassic", text: "#.#.#\n.#.#.\n#.#.#\n.#.#.\n#.#.#" },
  // The 8×8 board of the TV show (tests/data/tv-show-8x8.txt).
  { id: "tv", labelKey: "sampleTv", text: "..#..#..\n.#....#.\n...##...\n#......#\n#.#..#.#\n.##..##.\n#......#\n#.####.#" },
  { id: "loj1", labelKey: "sampleLoj1", text: "3\n#.#\n...\n#.#", loj: true },
  { id: "loj2", labelKey: "sampleLoj2", text: "4\n#..#\n.##.\n.##.\n#..#", loj: true },
]);

/** The board of a sample board's text ("#"/"." rows, after a size line for LOJ text). */
export function sampleBoard(sample) {
  const lines = sample.text.split("\n");
  const rows = sample.loj ? lines.slice(1) : lines;
  const board = emptyBoard(rows.length, rows[0].length);
  rows.forEach((line, r) => [...line].forEach((symbol, c) => {
    if (symbol === "#") board.set(r * board.cols + c, 1);
  }));
  return board;
}
