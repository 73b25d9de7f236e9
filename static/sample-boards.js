// Puzzles the page deals: fixed presets, the seed of the puzzle of the day, and the best
// results kept in localStorage. Pure except for the storage it is given; no DOM.

import { emptyBoard } from "./board.js";

/**
 * Preset boards as rows of "#" (lit) and "." (dark). `loj` presets are kept in LibreOJ
 * #6243 text (a size line, then the rows), the format the judge reads.
 */
export const SAMPLE_BOARDS = Object.freeze([
  { id: "classic", labelKey: "sampleClassic", text: "#.#.#\n.#.#.\n#.#.#\n.#.#.\n#.#.#" },
  // The 8×8 board of the TV show (tests/data/tv-show-8x8.txt).
  { id: "tv", labelKey: "sampleTv", text: "..#..#..\n.#....#.\n...##...\n#......#\n#.#..#.#\n.##..##.\n#......#\n#.####.#" },
  { id: "loj1", labelKey: "sampleLoj1", text: "3\n#.#\n...\n#.#", loj: true },
  { id: "loj2", labelKey: "sampleLoj2", text: "4\n#..#\n.##.\n.##.\n#..#", loj: true },
]);

/** The board of a preset's text ("#"/"." rows, after a size line for LOJ text). */
export function sampleBoard(preset) {
  const lines = preset.text.split("\n");
  const rows = preset.loj ? lines.slice(1) : lines;
  const board = emptyBoard(rows.length, rows[0].length);
  rows.forEach((line, r) => [...line].forEach((symbol, c) => {
    if (symbol === "#") board.toggle(r * board.cols + c);
  }));
  return board;
}

/**
 * A puzzle kind as a share link's p= value: the session's kinds ("random", "daily",
 * "lit 3", "presses 5", "sample tv") with "-" for the space ("sample-tv").
 */
export function challengeToken(kind) {
  return kind.replace(" ", "-");
}

/**
 * The puzzle a link's p= value names, for the game the link opens: {kind, labelKey} (the
 * label's string key, with {rows} and {cols} for New puzzle) or, for a real game dealt from
 * the Games choice ("game-orbix"), {kind, label} (its name by language: the API's
 * preset.game); null for a kind this page does not deal, or a preset or game whose board or
 * variant the link does not have (so a link cannot file another board's result under it).
 */
export function challengeOfToken(token, game) {
  const kind = token.replace("-", " ");
  const realGame = game.graph?.preset;
  if (kind.startsWith("game ")) return realGame && kind === `game ${realGame.name}` ? { kind, label: realGame.game } : null;
  if (kind === "random" || /^(lit|presses) (0|[1-9][0-9]{0,8})$/.test(kind)) return { kind, labelKey: "newPuzzleSized" };
  if (kind === "daily") return { kind, labelKey: "dailyPuzzle" };
  const preset = SAMPLE_BOARDS.find((candidate) => kind === `sample ${candidate.id}`);
  const standard = game.k === 2 && game.stencil.name === "plus" && game.surface === "plane" && !game.mask;
  if (preset && standard && game.startBoard().equals(sampleBoard(preset))) return { kind, labelKey: preset.labelKey };
  return null;
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
 * Best results per puzzle kind and size ("random:5x5", "daily:5x5", "sample-tv:8x8"…):
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
