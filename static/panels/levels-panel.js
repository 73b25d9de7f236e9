// @ts-check
// The Levels mode's view (levels.js is its midend): in the Games section, the choice of a
// game's level set, the progress through it ("Reached level 12 of 50; 11 solved on your
// own"), Play level N (the highest reached), Reset progress, and a button per level (its
// best result against the fewest possible; any level can be replayed); the Levels button in
// the page's header opens it from the first screen. Beside the move count, the level being
// played: "Level 12 of 50 · best possible 8".

import { currentLanguage, t } from "../page/i18n.js";
import { messageOf } from "../session/messages.js";

const $ = (id) => document.getElementById(id);

export class LevelsPanel {
  /**
   * The Levels mode is the session's (levels.js: LevelPlay), the progress its records' (records.js),
   * read through its front door.
   * @param {import("../session/api.js").SessionApi} session
   */
  constructor(session) {
    this.session = session;
    this.progress = session.records; // may be null (no storage): then nothing is kept
    this.chosen = null; // the set whose levels are listed
    this.shownLevel = null; // the level being played when last drawn, to follow a new one
    this.drawn = null; // what the list was last drawn from
    this.section = $("levels");
    this.select = /** @type {HTMLSelectElement} */ ($("level-set"));
    this.summary = $("level-progress");
    this.continueButton = $("level-continue");
    this.resetButton = $("level-reset");
    this.list = $("level-list");
    this.label = $("level-label");
    this.labelText = $("level-label-text");
    this.labelShort = $("level-label-short");
    this.select.addEventListener("change", () => {
      this.chosen = this.select.value || null;
      this.update();
    });
    this.continueButton.addEventListener("click", () => session.openLevel(this.chosen, this.reached(this.chosen)));
    this.resetButton.addEventListener("click", () => {
      session.resetLevels(this.chosen);
      session.say(messageOf("levelResetDone", { game: this.gameName(this.chosen) }));
    });
    this.list.addEventListener("click", (event) => {
      /** @type {HTMLButtonElement | null} */
      const button = /** @type {Element} */ (event.target).closest("button[data-level]");
      if (button) session.openLevel(this.chosen, Number(button.dataset.level));
    });
    // From the first screen: open the Games section at its levels.
    $("levels-open").addEventListener("click", () => {
      const games = /** @type {HTMLDetailsElement} */ ($("games"));
      games.open = true;
      this.section.scrollIntoView({ block: "start" });
      this.select.focus({ preventScroll: true });
    });
    this.listed = null; // the level sets listed in the menu
    session.subscribe((change) => {
      if (change.reword) this.reword();
      if (change.loaded && session.levelSets && this.listed !== session.levelSets) {
        this.fillOptions();
        this.select.disabled = false;
      }
      this.update();
    });
  }

  /** The highest level of set `name` reached (1 with no records). */
  reached(name) {
    return this.progress?.reached(name) ?? 1;
  }

  /** Set `name`'s game in the page's language. */
  gameName(name) {
    const names = this.session.levelSet(name)?.game;
    return names ? names[currentLanguage()] ?? names.en : name;
  }

  /** One option per set, in the page's language: "Lights Out — 50 levels". */
  fillOptions() {
    const choose = document.createElement("option");
    choose.value = "";
    choose.textContent = t("levelSetChoose");
    this.listed = this.session.levelSets;
    const options = this.listed.map((entry) => {
      const option = document.createElement("option");
      option.value = entry.name;
      option.textContent = t("levelSetOption", { game: this.gameName(entry.name), count: entry.count });
      option.title = entry.description[currentLanguage()] ?? entry.description.en;
      return option;
    });
    this.select.replaceChildren(choose, ...options);
    this.drawn = null;
  }

  update() {
    const level = this.session.level;
    const minimum = this.session.challenge?.minimum;
    this.label.hidden = !level;
    const figures = level ? { number: level.number, count: level.count, best: minimum } : null;
    // The fewest presses, hidden until the win or the player's tap (challenge-panel.js: Fewest?).
    const plain = this.session.fewestShown ? "" : "Plain";
    this.labelText.textContent = level ? t(`levelLabel${plain}`, figures) : "";
    this.labelShort.textContent = level ? t(`levelLabelShort${plain}`, figures) : "";
    // A level started (from here, a link or Next level) lists its set.
    const playing = level ? `${level.set} ${level.number}` : null;
    if (playing !== this.shownLevel) {
      this.shownLevel = playing;
      if (level) this.chosen = level.set;
    }
    if (!this.listed) return;
    this.select.value = this.chosen ?? "";
    const entry = this.session.levelSet(this.chosen);
    const shown = Boolean(entry);
    for (const element of [this.summary, this.continueButton, this.resetButton, this.list]) element.hidden = !shown;
    if (!entry) return;
    const reached = this.reached(entry.name);
    this.summary.textContent = t("levelProgress", { reached, count: entry.count, solved: this.progress?.solvedCount(entry.name) ?? 0 });
    this.continueButton.textContent = t("levelContinue", { number: reached });
    this.list.setAttribute("aria-label", t("levelListLabel", { game: this.gameName(entry.name) }));
    const state = JSON.stringify([entry.name, playing, reached, this.progress?.levels[entry.name] ?? null, currentLanguage()]);
    if (state !== this.drawn) this.drawList(entry, level);
    this.drawn = state;
  }

  /** A button per level of `entry`: its number, marked with its best result (data-best, data-perfect) and the one played. */
  drawList(entry, level) {
    const buttons = entry.levels.map(({ number, minimal_presses: minimum }) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "level-button";
      button.dataset.level = String(number);
      button.textContent = String(number);
      const best = this.progress?.levelBest(entry.name, number) ?? null;
      if (best) {
        button.dataset.best = String(best.moves);
        if (best.moves <= minimum) button.dataset.perfect = "1";
      }
      if (level?.set === entry.name && level.number === number) button.setAttribute("aria-current", "true");
      button.setAttribute("aria-label", best ? t("levelButtonBest", { number, best: best.moves, minimum })
        : t("levelButtonNew", { number, minimum }));
      return button;
    });
    this.list.replaceChildren(...buttons);
  }

  /** The page's language changed: the list of sets and the buttons in the new one. */
  reword() {
    if (this.listed) this.fillOptions();
  }
}
