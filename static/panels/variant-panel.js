// @ts-check
// The variant: the click rule (with the custom stencil editor), the surface, the number
// of states, the goal, and the shape (holes and don't-care cells, edited on the board or
// from a preset: the session's shape editing, shape-editing.js, whose controls are here).

import { t } from "../page/i18n.js";
import { messageOf, withTone } from "../session/messages.js";
import { wordMessage } from "../page/words.js";
import { makeStencil, stencilCells, stencilName } from "../model/presses.js";
import { STENCIL_NAMES } from "../model/rules.js";
import { stencilLabel } from "../session/common-messages.js";

export class VariantPanel {
  /** @param {import("../session/api.js").SessionApi} session */
  constructor(session) {
    this.session = session;
    const $ = (id) => document.getElementById(id);
    this.stencilSelect = /** @type {HTMLSelectElement} */ ($("rule"));
    this.surface = /** @type {HTMLSelectElement} */ ($("surface"));
    this.states = /** @type {HTMLInputElement} */ ($("states"));
    this.targets = /** @type {HTMLInputElement[]} */ ([...document.querySelectorAll("input[name=target]")]);
    this.stencilEditor = $("stencil-editor");
    this.stencilGrid = $("stencil-grid");
    this.stencilText = $("stencil-text");
    this.stencilError = $("stencil-error");
    this.editShapeButton = /** @type {HTMLButtonElement} */ ($("edit-shape"));
    this.shapeTools = $("shape-tools");
    this.tools = /** @type {HTMLButtonElement[]} */ ([...document.querySelectorAll("button.tool")]);
    this.shapePresets = /** @type {HTMLButtonElement[]} */ ([...document.querySelectorAll("button.preset")]);
    /** @type {HTMLElement | null} */
    this.tagline = document.querySelector(".tagline"); // it names the goal
    this.picture = stencilCells(session.game.stencil); // the custom editor's 5×5 picture
    this.shownStencil = session.game.stencil.name; // the rule the controls show
    this.stencilProblem = null; // why the drawn stencil is not the rule (a message), or null
    this.stencilSelect.addEventListener("change", () => this.onStencilSelected());
    this.surface.addEventListener("change", () => {
      if (!session.setVariant({ surface: this.surface.value })) this.update(); // refused: show the game as it is
    });
    this.states.addEventListener("change", () => this.onStatesChanged());
    for (const radio of this.targets) {
      // index.html's goals: value "off" or "on".
      radio.addEventListener("change", () => { if (radio.checked) session.setTarget(/** @type {"off" | "on"} */ (radio.value)); });
    }
    this.editShapeButton.addEventListener("click", () => session.setMode(session.shape.on ? "play" : "shape"));
    // index.html's tools: data-tool "cell", "hole" or "dontCare".
    for (const button of this.tools) {
      button.addEventListener("click", () => session.chooseShapeTool(/** @type {"cell" | "hole" | "dontCare"} */ (button.dataset.tool)));
    }
    for (const button of this.shapePresets) button.addEventListener("click", () => session.shapePreset(button.dataset.preset));
    this.buildStencilEditor();
    this.drawStencil();
    session.subscribe((change) => this.update(change));
  }

  onStatesChanged() {
    const { session } = this;
    const k = Number(this.states.value);
    if (!Number.isInteger(k) || k < 2 || k > session.limits.max_states) {
      session.say(messageOf("statesInvalid"));
      return;
    }
    if (k !== session.game.k && !session.setVariant({ k })) this.states.value = String(session.game.k);
  }

  onStencilSelected() {
    const custom = this.stencilSelect.value === "custom";
    this.stencilEditor.hidden = !custom;
    if (custom) {
      this.picture = stencilCells(this.session.game.stencil);
      this.applyStencil();
    } else {
      this.showStencilProblem(null);
      this.setStencil(this.stencilSelect.value);
    }
  }

  setStencil(name) {
    this.shownStencil = name;
    this.session.setVariant({ stencil: makeStencil(name) });
  }

  buildStencilEditor() {
    const centre = this.picture.length >> 1;
    const buttons = [];
    this.picture.forEach((line, r) => line.forEach((on, c) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "stencil-cell" + (r === centre && c === centre ? " stencil-cell--centre" : "");
      button.dataset.row = String(r);
      button.dataset.col = String(c);
      button.setAttribute("aria-label", r === centre && c === centre ? t("stencilCentre")
        : t("stencilCell", { dr: r - centre, dc: c - centre }));
      button.addEventListener("click", () => {
        this.picture[r][c] = !this.picture[r][c];
        this.applyStencil();
      });
      buttons.push(button);
    }));
    this.stencilGrid.replaceChildren(...buttons);
  }

  drawStencil() {
    for (const button of /** @type {HTMLCollectionOf<HTMLButtonElement>} */ (this.stencilGrid.children)) {
      const on = this.picture[Number(button.dataset.row)][Number(button.dataset.col)];
      button.setAttribute("aria-pressed", on ? "true" : "false");
    }
  }

  /** Use the drawn stencil as the rule (an empty drawing keeps the rule and says why). */
  applyStencil() {
    this.drawStencil();
    const name = stencilName(this.picture);
    if (name === null) {
      const problem = messageOf("stencilEmpty", { rule: stencilLabel(this.session.game.stencil) });
      this.showStencilProblem(problem);
      this.session.say(withTone(problem, "error"));
      return;
    }
    this.showStencilProblem(null);
    this.stencilText.textContent = name.startsWith("custom:") ? name : `custom:${stencilRows(this.picture)}`;
    if (name !== this.session.game.stencil.name || this.session.game.graph) this.setStencil(name); // a game left for its drawn rule
  }

  /** Show why the drawn stencil is not the rule (a message; null: it is). */
  showStencilProblem(problem) {
    this.stencilProblem = problem;
    this.stencilError.textContent = wordMessage(problem);
  }

  update(change = {}) {
    const { session } = this;
    const { game } = session;
    if (change.reword) {
      this.buildStencilEditor(); // its buttons' names
      this.drawStencil();
      this.showStencilProblem(this.stencilProblem);
    }
    const shape = session.shape;
    const shapes = shape.available;
    this.editShapeButton.disabled = !shapes;
    this.editShapeButton.setAttribute("aria-pressed", shape.on ? "true" : "false");
    this.shapeTools.hidden = !shape.on;
    for (const button of this.tools) button.setAttribute("aria-pressed", button.dataset.tool === shape.tool ? "true" : "false");
    for (const button of this.shapePresets) button.disabled = !shapes;
    if (document.activeElement !== this.states) this.states.value = String(game.k);
    // A game (a preset or a user's graph) has its own press sets: the menus say so, and
    // choosing a rule or surface there leaves the game for that variant of the same size.
    this.surface.value = game.graph ? "game" : game.surface;
    for (const radio of this.targets) radio.checked = radio.value === game.target;
    this.showGoalInTagline(game.target);
    const shown = game.graph ? "game" : game.stencil.name;
    if (shown !== this.shownStencil) this.showStencil(game.graph ? null : game.stencil); // a link, a game or the standard game changed it
  }

  /** The tagline says the goal ("Turn them all on" for All on); translatePage keeps it in the language. */
  showGoalInTagline(target) {
    const key = target === "on" ? "taglineOn" : target === "off" ? "tagline" : "taglineGoal"; // a game's own goal board
    if (!this.tagline || this.tagline.dataset.i18n === key) return;
    this.tagline.dataset.i18n = key;
    this.tagline.textContent = t(key);
  }

  /** Show `rule` in the selector (and the editor, for a custom one); null: a game's own press sets. */
  showStencil(stencil) {
    this.shownStencil = stencil ? stencil.name : "game";
    this.stencilSelect.value = !stencil ? "game" : STENCIL_NAMES.includes(stencil.name) ? stencil.name : "custom";
    this.stencilEditor.hidden = this.stencilSelect.value !== "custom";
    if (this.stencilSelect.value === "custom") {
      this.picture = stencilCells(stencil);
      this.drawStencil();
      this.stencilText.textContent = stencil.name;
    }
  }
}

/** The drawn picture as "#"/"." rows, trimmed like stencilName (for showing named stencils). */
function stencilRows(cells) {
  const stencil = makeStencil(stencilName(cells));
  const reach = Math.max(...stencil.offsets.map(([dr, dc]) => Math.max(Math.abs(dr), Math.abs(dc))));
  const centre = cells.length >> 1;
  const lines = [];
  for (let r = centre - reach; r <= centre + reach; r++) {
    lines.push(cells[r].slice(centre - reach, centre + reach + 1).map((on) => (on ? "#" : ".")).join(""));
  }
  return lines.join("/");
}
