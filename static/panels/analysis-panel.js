// @ts-check
// The Analysis panel: rank, nullity, the solvable fraction, the worst case and the
// gallery of quiet patterns (a click outlines one on the board), for the current size,
// rule, surface, states and shape. Asked of the session (session/analysis.js decides the
// questions to Python) only while the panel is open.

import { currentLanguage, formatNumber, t, tCount } from "../page/i18n.js";
import { messageOf } from "../session/messages.js";
import { wordMessage } from "../page/words.js";
import { countText, fractionText, invariantFactorsText, powerOfTwo } from "../page/wording.js";
import { stencilLabel, surfaceSuffix } from "../session/common-messages.js";

/** 2^nullity − 1, the number of quiet patterns other than pressing nothing. */
function quietTotal(nullity) {
  return nullity <= 40 ? formatNumber(2 ** nullity - 1) : `2^${nullity} − 1`;
}

// A preset or graph puzzle in the panel's key and its heading (grids: size, rule, surface).
const graphKeys = new WeakMap(); // graph -> its number: each puzzle dealt is analysed once
let graphCount = 0;
function graphKey(graph) {
  if (!graph) return "";
  if (!graphKeys.has(graph)) graphKeys.set(graph, `${graph.preset?.name ?? "graph"} ${++graphCount}`);
  return graphKeys.get(graph);
}

/** @typedef {import("../session/api.js").TwoStateAnalysis} TwoStateAnalysis */
/** @typedef {import("../session/api.js").StatesAnalysis} StatesAnalysis */

function graphLabel(game) {
  const name = game.graph.preset ? game.graph.preset.game[currentLanguage()] : game.graph.title ?? t("graphUntitled");
  return t("analysisForGraph", { name, cells: game.board.cellCount, k: game.k });
}

export class AnalysisPanel {
  /** @param {import("../session/api.js").SessionApi} session */
  constructor(session) {
    this.session = session;
    const $ = (id) => document.getElementById(id);
    this.ui = {
      analysis: /** @type {HTMLDetailsElement} */ ($("analysis")),
      analysisFor: $("analysis-for"), status: $("analysis-status"),
      facts: $("analysis-facts"), rank: $("analysis-rank"), nullity: $("analysis-nullity"),
      solutions: $("analysis-solutions"), fraction: $("analysis-fraction"),
      worst: $("analysis-worst"), invariantFactors: $("analysis-invariant-factors"),
      invariantFactorsRow: $("analysis-invariant-factors-row"), quietHeading: $("quiet-heading"), quietNote: $("quiet-note"),
      gallery: $("quiet-gallery"), overlayNote: $("overlay-note"), overlayText: $("overlay-text"),
      message: $("message"),
    };
    this.key = ""; // what the panel shows (size, rule, shape), to skip repeated requests
    /** @type {WeakMap<HTMLButtonElement, import("../model/board.js").Board>} */
    this.patternOf = new WeakMap(); // the gallery's buttons' quiet patterns
    this.ui.analysis.addEventListener("toggle", () => this.refresh());
    $("hide-overlay").addEventListener("click", () => session.toggleQuiet(null));
    session.subscribe((change) => {
      if (change.reword) this.key = ""; // the panel's text is written with t: ask again (or on the next open)
      this.update();
    });
  }

  currentKey() {
    const { game } = this.session;
    const mask = game.mask;
    const shape = mask ? `${mask.holes.toId()}|${mask.dontCare.toId()}` : "";
    return `${game.board.rows}x${game.board.cols}|${game.stencil.name}|${shape}|${game.k}|${game.surface}|${graphKey(game.graph)}`;
  }

  update() {
    const quiet = this.session.overlay.quiet;
    this.ui.overlayNote.hidden = !quiet;
    for (const item of this.ui.gallery.querySelectorAll("button")) {
      // By value: a gallery drawn again (another language) has new boards for the same patterns.
      item.setAttribute("aria-pressed", quiet && quiet.equals(this.patternOf.get(item)) ? "true" : "false");
    }
    this.refresh();
  }

  /** Ask for the analysis when the panel is open and what it shows is out of date. */
  async refresh() {
    const { ui, session } = this;
    if (!ui.analysis.open) return;
    const key = this.currentKey();
    if (key === this.key) return;
    this.key = key;
    const multiState = session.multiState;
    for (const value of [ui.rank, ui.nullity, ui.worst]) value.parentElement.hidden = multiState;
    ui.invariantFactorsRow.hidden = !multiState;
    ui.facts.hidden = true;
    ui.quietHeading.hidden = true;
    ui.quietNote.textContent = "";
    ui.gallery.replaceChildren();
    const { game } = session;
    const { rows, cols } = game.board;
    ui.analysisFor.textContent = game.graph ? graphLabel(game) : wordMessage(multiState
      ? messageOf("analysisStatesFor", { rows, cols, k: game.k, rule: stencilLabel(game.stencil), surface: surfaceSuffix(game.surface) })
      : messageOf("analysisFor", {
        rows, cols, rule: stencilLabel(game.stencil), torus: surfaceSuffix(game.surface),
        shape: game.mask ? messageOf("analysisShaped") : "",
      }));
    ui.status.textContent = t("analysisLoading");
    const mask = game.mask;
    const reply = await session.analyzeVariant();
    if (this.key !== key) return; // the board changed meanwhile (its k among it); a newer request runs
    if (!reply) {
      ui.status.textContent = ui.message.textContent;
      this.key = ""; // try again next time
      return;
    }
    ui.status.textContent = "";
    ui.facts.hidden = false;
    // The reply is the analysis of the game asked about: a k-state game's has invariant factors.
    if ("invariant_factors" in reply) this.showStates(reply);
    else this.showTwoStates(reply, mask);
  }

  /**
   * A two-state game's facts: rank, nullity, solutions, the share solvable, the worst case, and the gallery.
   * @param {TwoStateAnalysis} reply
   * @param {import("../model/mask.js").Mask | null} mask  the game's shape when it was asked
   */
  showTwoStates(reply, mask) {
    const { ui } = this;
    ui.rank.textContent = formatNumber(reply.rank);
    ui.nullity.textContent = formatNumber(reply.nullity);
    ui.solutions.textContent = powerOfTwo(reply.nullity);
    ui.fraction.textContent = t("analysisFractionValue", { fraction: fractionText(reply.solvable_fraction) });
    ui.worst.textContent = reply.worst_case === null
      ? t(reply.basis ? "analysisWorstUnknown" : "analysisWorstSkipped")
      : t("analysisWorstValue", { count: reply.worst_case });
    this.drawGallery(reply.quiet, reply.nullity, mask, reply.basis);
  }

  /**
   * A k-state game's facts: its solutions (of every solvable board), the share solvable, the invariant factors.
   * @param {StatesAnalysis} reply
   */
  showStates(reply) {
    const { ui } = this;
    ui.solutions.textContent = countText(reply.solutions);
    ui.fraction.textContent = t("analysisFractionValue", { fraction: fractionText(reply.solvable_fraction) });
    ui.invariantFactors.textContent = invariantFactorsText(reply.invariant_factors);
    ui.quietNote.textContent = t("analysisStatesNoGallery");
  }

  /** The quiet patterns as small canvases in buttons; clicking one outlines it on the board. */
  drawGallery(patterns, nullity, mask, basis) {
    const { ui, session } = this;
    ui.quietHeading.hidden = false;
    if (patterns.length === 0) {
      ui.quietNote.textContent = t("quietNone");
      return;
    }
    ui.quietNote.textContent = !basis ? t("quietLightest", { shown: patterns.length, total: quietTotal(nullity) })
      : patterns.length < nullity ? t("quietMore", { shown: patterns.length, nullity }) : t("quietBasis");
    if (session.usesCanvas()) return; // patterns of a canvas-sized board are too big to draw small
    const style = getComputedStyle(document.documentElement);
    const colours = {
      on: style.getPropertyValue("--quiet").trim() || "#b388ff",
      off: style.getPropertyValue("--cell-off").trim(),
      back: style.getPropertyValue("--board-bg").trim(),
    };
    const items = patterns.map((pattern, number) => {
      const entry = document.createElement("div");
      entry.setAttribute("role", "listitem");
      const item = document.createElement("button");
      item.type = "button";
      item.className = "gallery-item";
      item.setAttribute("aria-label", t("quietPattern", { number: number + 1 }));
      this.patternOf.set(item, pattern);
      item.append(patternCanvas(pattern, mask, colours));
      item.addEventListener("click", () => {
        ui.overlayText.textContent = tCount("quietShown", pattern.litCount, { number: number + 1 });
        session.toggleQuiet(pattern);
      });
      entry.append(item);
      return entry;
    });
    ui.gallery.replaceChildren(...items);
    this.update();
  }
}

function patternCanvas(pattern, mask, colours) {
  const { rows, cols } = pattern;
  const size = Math.max(2, Math.floor(72 / Math.max(rows, cols))); // CSS pixels per cell
  const ratio = window.devicePixelRatio || 1;
  const canvas = document.createElement("canvas");
  canvas.width = Math.round((cols * size + 4) * ratio);
  canvas.height = Math.round((rows * size + 4) * ratio);
  canvas.style.width = `${cols * size + 4}px`;
  canvas.style.height = `${rows * size + 4}px`;
  canvas.setAttribute("aria-hidden", "true");
  const context = canvas.getContext("2d");
  context.scale(ratio, ratio);
  context.fillStyle = colours.back;
  context.fillRect(0, 0, cols * size + 4, rows * size + 4);
  const gap = size >= 6 ? 1 : 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const index = r * cols + c;
      if (mask?.holes.get(index)) continue;
      context.fillStyle = pattern.get(index) ? colours.on : colours.off;
      context.fillRect(2 + c * size, 2 + r * size, size - gap, size - gap);
    }
  }
  return canvas;
}
