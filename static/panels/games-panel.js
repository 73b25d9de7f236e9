// @ts-check
// The Games choice: the real Lights Out games (the API's `presets` op: name, maker, year,
// a one-line description, the rule and its source, in both languages) and the user's own
// puzzle on any graph (pasted or opened as a file, read by Python's puzzle_text). Choosing
// a game asks the session for it (session/dealer.js: Python's `puzzle` — cells, press sets,
// coordinates, goal — dealt as the game); the list of games is the session's once the solver
// has answered (its change event's `loaded`).

import { currentLanguage as language, t } from "../page/i18n.js";
import { graphErrorMessage } from "../page/paste-errors.js";
import { TextBox } from "./text-box.js";

const $ = (id) => document.getElementById(id);
// The makers' names in the page's language (the presets reply gives them as on the box).
const MAKER_KEYS = {
  "Tiger Electronics": "makerTiger", "Parker Brothers": "makerParker",
  "Vulcan Electronics (invented by László Mérő)": "makerVulcan", "Uwe Meffert": "makerMeffert",
};
const makerName = (maker) => (MAKER_KEYS[maker] ? t(MAKER_KEYS[maker]) : maker);
const MAX_GRAPH_FILE_BYTES = 4 << 20; // a puzzle file larger than this is not a puzzle of ≤ 4096 cells

export class GamesPanel {
  /** @param {import("../session/api.js").SessionApi} session */
  constructor(session) {
    this.session = session;
    this.select = /** @type {HTMLSelectElement} */ ($("game-select"));
    this.info = $("game-info");
    this.reverse = /** @type {HTMLInputElement} */ ($("game-reverse"));
    this.graphText = /** @type {HTMLTextAreaElement} */ ($("graph-text"));
    this.graphError = $("graph-error");
    this.errorShown = null; // {line, column, message} of the graph error shown, to say it again in another language
    this.select.addEventListener("change", () => {
      if (this.select.value) session.playPreset(this.select.value);
    });
    this.reverse.addEventListener("change", () => session.setStatesReversed(this.reverse.checked));
    // A puzzle's text too slow to show in its box is kept aside for Play (text-box.js).
    this.graphBox = new TextBox(this.graphText, { pasted: () => t("puzzleTextHeld"), file: () => t("puzzleFileNotShown") });
    $("graph-play").addEventListener("click", () => this.loadGraph(this.graphBox.text));
    const file = /** @type {HTMLInputElement} */ ($("graph-file"));
    $("graph-file-button").addEventListener("click", () => file.click());
    file.addEventListener("change", async () => {
      const chosen = file.files?.[0];
      file.value = "";
      if (!chosen) return;
      if (chosen.size > MAX_GRAPH_FILE_BYTES) {
        this.showGraphError({ code: "file_too_large", params: { size: chosen.size, most: MAX_GRAPH_FILE_BYTES } });
        return;
      }
      const text = await chosen.text();
      this.graphBox.show(text, "file");
      this.loadGraph(text);
    });
    this.shown = null; // the list of games drawn in the menu
    session.subscribe((change) => {
      if (change.reword) this.reword();
      if (change.loaded && session.presets && this.shown !== session.presets) {
        this.fillOptions();
        this.select.disabled = false;
      }
      this.update();
    });
  }

  /** The real games, once the solver has listed them (the session's), else null. */
  get presets() {
    return this.shown;
  }

  /** One option per game, in the page's language: "Game — maker, year". */
  fillOptions() {
    this.shown = this.session.presets;
    const lang = language();
    const choose = document.createElement("option");
    choose.value = "";
    choose.textContent = t("gameChoose");
    const options = this.presets.map((preset) => {
      const option = document.createElement("option");
      option.value = preset.name;
      // A year is a name, not a count: a string, so t() does not group it ("1995", never "1,995").
      option.textContent = t("gameOption", {
        game: preset.game[lang], maker: makerName(preset.maker), year: preset.year ? t("gameYear", { year: String(preset.year) }) : "",
      });
      option.title = preset.description[lang];
      return option;
    });
    this.select.replaceChildren(choose, ...options);
  }

  /** Play the user's puzzle in `text` (plain or JSON, lightsout.text.puzzle_text); a bad one is said and the board kept. */
  async loadGraph(text) {
    this.showGraphError(await this.session.playPuzzleText(text));
  }

  /** Say why the puzzle was refused (its code and params from Python's puzzle_text, in the page's language), or clear it. */
  showGraphError(error, text = null) {
    this.errorShown = error;
    if (error && !text) text = graphErrorMessage(error);
    this.graphError.textContent = text ?? "";
    if (text) this.graphText.setAttribute("aria-invalid", "true");
    else this.graphText.removeAttribute("aria-invalid");
  }

  /** Show the game being played: its facts, and the reverse option for Lights Out 2000. */
  update() {
    const { game } = this.session;
    const preset = game.graph?.preset ?? null;
    if (this.presets) this.select.value = preset?.name ?? "";
    this.info.hidden = preset === null;
    if (!preset) return;
    const lang = language();
    $("game-name").textContent = preset.game[lang];
    $("game-maker").textContent = t("gameMaker", { maker: makerName(preset.maker), year: preset.year ? t("gameYear", { year: String(preset.year) }) : "" });
    $("game-description").textContent = preset.description[lang];
    $("game-rule").textContent = t("gameRule", { rule: preset.rule[lang] });
    const states = this.session.statesReversed && preset.reversible
      ? [preset.states[0], ...preset.states.slice(1).reverse()] : preset.states;
    $("game-states").textContent = t("gameStates", { states: states.map((state) => state[lang]).join(" → ") });
    $("game-notes").textContent = preset.notes?.[lang] ?? "";
    const sources = preset.sources.map((url) => {
      const link = document.createElement("a");
      link.href = url;
      link.rel = "noopener";
      link.textContent = new URL(url).hostname;
      return link;
    });
    $("game-sources").replaceChildren(...sources.flatMap((link, i) => (i ? [" · ", link] : [link])));
    $("game-reverse-choice").hidden = !preset.reversible;
    this.reverse.checked = this.session.statesReversed;
  }

  /** The page's language changed: the list of games, the box's note and the error in the new one. */
  reword() {
    this.graphBox.reword();
    if (this.presets) this.fillOptions();
    if (this.errorShown) this.showGraphError(this.errorShown);
  }
}
