// @ts-check
// Difficulty by name (issue 50): Easy, Medium and Hard, each a board of the classic game and a
// range of fewest presses. A deal draws a count from the range and asks Python's `random` op
// for a board whose fewest solution needs exactly that many presses (docs/api.md: `presses`;
// the search proves the count, lightsout.analysis.random_boards), so the range is the solver's
// guarantee, not a hope: no Easy deal is solved by one press, no Hard one by five. The ranges
// sit inside what the boards allow (the API's `analyze`: the hardest 5×5 board needs 15
// presses, the hardest 6×6 one 36).
// No DOM and no words: the name is worded by the view (difficulty_<name> in strings/).

/** @typedef {{name: string, rows: number, cols: number, fewest: [number, number]}} Difficulty */

/** @type {readonly Difficulty[]} The difficulties in the order the page offers them. */
export const DIFFICULTIES = Object.freeze(/** @type {Difficulty[]} */ ([
  { name: "easy", rows: 5, cols: 5, fewest: [3, 5] },
  { name: "medium", rows: 5, cols: 5, fewest: [6, 9] },
  { name: "hard", rows: 6, cols: 6, fewest: [11, 16] },
]).map((entry) => Object.freeze(entry)));

const KIND = "difficulty ";

/** The difficulty called `name`, or null. */
export function difficultyNamed(name) {
  return DIFFICULTIES.find((entry) => entry.name === name) ?? null;
}

/** The puzzle kind (challenge.js) of a deal of difficulty `name`: its best results are kept under it. */
export function difficultyKind(name) {
  return KIND + name;
}

/** The difficulty a puzzle of `kind` was dealt at, or null (another kind of puzzle). */
export function difficultyOfKind(kind) {
  return typeof kind === "string" && kind.startsWith(KIND) ? difficultyNamed(kind.slice(KIND.length)) : null;
}

/** The fewest presses to ask of a deal of `difficulty`: a whole number of its range, each as likely (`random` in [0, 1)). */
export function fewestToAsk(difficulty, random = Math.random) {
  const [low, high] = difficulty.fewest;
  return low + Math.min(high - low, Math.floor(random() * (high - low + 1)));
}
