// The New puzzle group: size, lit cells, fewest presses, New puzzle, Clear, the puzzle of
// the day and the preset puzzles; the puzzle's timer, optimum and best result.

import { t, tCount } from "./i18n.js";
import { PRESETS, dailySeed, formatDuration, presetBoard } from "./puzzles.js";
import { boardFromReference } from "./game.js";

export class PuzzlePanel {
  constructor(session, records) {
    this.session = session;
    this.records = records;
    const $ = (id) => document.getElementById(id);
    this.rows = $("rows");
    this.cols = $("cols");
    this.lit = $("lit");
    this.presses = $("presses");
    this.statesNote = $("states-puzzle-note");
    this.timer = $("timer");
    this.bestResult = $("best-result");
    this.optimum = $("optimum");
    this.newPuzzleButton = $("new-puzzle");
    this.timerInterval = 0;
    this.newPuzzleButton.addEventListener("click", () => this.newPuzzle());
    $("clear").addEventListener("click", () => session.clear());
    $("daily").addEventListener("click", () => this.dailyPuzzle());
    for (const preset of PRESETS) $(`preset-${preset.id}`).addEventListener("click", () => this.loadPreset(preset));
    for (const input of [this.rows, this.cols]) {
      input.addEventListener("change", () => {
        const size = session.checkSize(Number(this.rows.value), Number(this.cols.value));
        const { board } = session.game;
        if (!size || (size.rows === board.rows && size.cols === board.cols)) return;
        if (session.sizeRefused(size.rows, size.cols)) {
          this.rows.value = board.rows;
          this.cols.value = board.cols;
          return;
        }
        session.resize(size.rows, size.cols);
      });
    }
    session.subscribe((change) => this.update(change));
  }

  /** A number field: null when empty, NaN-free integer ≥ 0, or undefined (and a message) when not. */
  readCount(input) {
    const text = this.session.general ? "" : input.value.trim(); // k states: any solvable board
    if (text === "") return null;
    const value = Number(text);
    if (Number.isInteger(value) && value >= 0) return value;
    this.session.emit({ message: t("impossibleLit", { message: text }) });
    return undefined;
  }

  async newPuzzle() {
    const size = this.session.checkSize(Number(this.rows.value), Number(this.cols.value));
    if (!size) return;
    const lit = this.readCount(this.lit);
    if (lit === undefined) return;
    const presses = this.readCount(this.presses);
    if (presses === undefined) return;
    await this.session.newGame({ ...size, lit, presses });
  }

  async dailyPuzzle() {
    const { session } = this;
    if (!session.solver.ready) {
      session.emit({ message: t("notReady") });
      return;
    }
    const seed = dailySeed();
    const reply = await session.request(
      { op: "random", rows: 5, cols: 5, lit: null, presses: null, seed, binary: true }, { board: false, channel: "random" });
    if (!reply) return;
    const restored = session.useStandardGame();
    const date = String(seed).replace(/(\d{4})(\d{2})(\d{2})/, "$1-$2-$3");
    session.setBoard(boardFromReference(reply.board, reply.payload),
      { message: [t("puzzleDaily", { date }), restored].filter(Boolean).join(" "), mask: null });
    session.startPuzzle("daily", t("dailyPuzzle"));
  }

  loadPreset(preset) {
    const { session } = this;
    const restored = session.useStandardGame();
    session.setBoard(presetBoard(preset),
      { message: [t("puzzlePreset", { name: t(preset.labelKey) }), restored].filter(Boolean).join(" "), mask: null });
    session.startPuzzle(`preset ${preset.id}`, t(preset.labelKey));
  }

  update(change = {}) {
    const { session } = this;
    const { game, puzzle } = session;
    // k-state puzzles are any solvable board: Lit cells and Presses say nothing there.
    this.lit.disabled = session.general;
    this.presses.disabled = session.general;
    this.statesNote.hidden = !session.general;
    if (document.activeElement !== this.rows) this.rows.value = game.board.rows;
    if (document.activeElement !== this.cols) this.cols.value = game.board.cols;
    this.optimum.textContent = puzzle?.optimum != null ? t("bestPossible", { best: puzzle.optimum }) : "";
    if (!change.puzzle && !(puzzle && (puzzle.startedAt || puzzle.done))) return;
    if (!puzzle) {
      clearInterval(this.timerInterval);
      this.timerInterval = 0;
      this.timer.hidden = true;
      this.bestResult.hidden = true;
      return;
    }
    this.timer.hidden = false;
    if (puzzle.done) {
      clearInterval(this.timerInterval);
      this.timerInterval = 0;
      this.timer.textContent = t("timer", { time: formatDuration(puzzle.milliseconds) });
    } else if (puzzle.startedAt && !this.timerInterval) {
      this.timerInterval = setInterval(() => this.tick(), 250);
    } else if (!puzzle.startedAt) {
      clearInterval(this.timerInterval);
      this.timerInterval = 0;
      this.timer.textContent = t("timer", { time: formatDuration(0) });
    }
    this.showBestResult();
  }

  tick() {
    const puzzle = this.session.puzzle;
    if (puzzle?.startedAt && !puzzle.done) {
      this.timer.textContent = t("timer", { time: formatDuration(this.session.now() - puzzle.startedAt) });
    }
  }

  showBestResult() {
    const puzzle = this.session.puzzle;
    const best = puzzle && this.records.get(puzzle.key);
    this.bestResult.hidden = !best;
    // The record is kept per puzzle.key (kind, size and variant); the line names the
    // puzzle as its button does.
    if (best) {
      this.bestResult.textContent = tCount("bestResult", best.moves, { kind: puzzle.label, time: formatDuration(best.milliseconds) });
    }
  }
}
