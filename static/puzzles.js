// Puzzles the page deals: fixed presets, the seed of the puzzle of the day, and the best
// results kept in localStorage. Pure except for the storage it is given; no DOM.

import { emptyBoard } from "./game.js";

/**
 * Preset boards as rows of "#" (lit) and "." (dark). `loj` presets are kept in LibreOJ
 * #6243 text (a size line, then the rows), the format the judge reads.
 */
export const PRESETS = Object.freeze([
  { id: "classic", labelKey: "presetClassic", text: "#.#.#\n.#.#.\n#.#.#\n.#.#.\n#.#.#" },
  // The 8×8 board of the TV show (tests/data/tv-show-8x8.txt).
  { id: "tv", labelKey: "presetTv", text: "..#..#..\n.#....#.\n...##...\n#......#\n#.#..#.#\n.##..##.\n#......#\n#.####.#" },
  { id: "loj1", labelKey: "presetLoj1", text: "3\n#.#\n...\n#.#", loj: true },
  { id: "loj2", labelKey: "presetLoj2", text: "4\n#..#\n.##.\n.##.\n#..#", loj: true },
]);

/** The board of a preset's text ("#"/"." rows, after a size line for LOJ text). */
export function presetBoard(preset) {
  const lines = preset.text.split("\n");
  const rows = preset.loj ? lines.slice(1) : lines;
  const board = emptyBoard(rows.length, rows[0].length);
  rows.forEach((line, r) => [...line].forEach((symbol, c) => {
    if (symbol === "#") board.toggle(r * board.cols + c);
  }));
  return board;
}

/** The puzzle of the day's seed: the UTC date as the number YYYYMMDD. */
export function dailySeed(date = new Date()) {
  return date.getUTCFullYear() * 10000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
}

/** Minutes:seconds of `milliseconds`, e.g. "1:05". */
export function formatDuration(milliseconds) {
  const seconds = Math.floor(milliseconds / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

const STORAGE_KEY = "lightsout-best";

/**
 * Best results per puzzle kind and size ("random:5x5", "daily:5x5", "preset-tv:8x8"…):
 * {moves, milliseconds}, each the best seen on its own (the fewest moves and the
 * shortest time need not come from the same game). Storage failures (private modes,
 * quota) only lose the record.
 */
export class BestResults {
  constructor(storage = globalThis.localStorage) {
    this.storage = storage;
  }

  all() {
    try {
      const value = JSON.parse(this.storage?.getItem(STORAGE_KEY) ?? "{}");
      return value && typeof value === "object" ? value : {};
    } catch {
      return {};
    }
  }

  get(key) {
    const entry = this.all()[key];
    return entry && Number.isFinite(entry.moves) && Number.isFinite(entry.milliseconds) ? entry : null;
  }

  /** Record a solve; returns {best, improved} where improved says whether either record fell. */
  record(key, moves, milliseconds) {
    const all = this.all();
    const old = this.get(key);
    const best = {
      moves: old ? Math.min(old.moves, moves) : moves,
      milliseconds: old ? Math.min(old.milliseconds, milliseconds) : milliseconds,
    };
    all[key] = best;
    try {
      this.storage?.setItem(STORAGE_KEY, JSON.stringify(all));
    } catch {
      // not kept; the page still shows it this session
    }
    return { best, improved: !old || best.moves < old.moves || best.milliseconds < old.milliseconds };
  }
}
