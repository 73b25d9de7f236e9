// @ts-check
// The Explain panel: the Explain toggle in the toolbar, the steps bar under the board
// (Previous step, Next step, Play / Pause, Done) and, beside the board, the story in a
// player's words, then, one click further ("For the curious"), the system the explanation
// solves (the first-row system's GF(2) matrix and right-hand side, or the full system's
// pivots and free cells), and the five methods measured on the board. It reads the
// session's explanation (explain.js, through the front door) and calls its commands.

import { formatNumber, t } from "../page/i18n.js";
import { countMessage, joinMessages, messageOf } from "../session/messages.js";
import { wordMessage } from "../page/words.js";
import { cellName } from "../session/common-messages.js";

const METHOD_KEYS = {
  "full-enumeration": "methodFullEnumeration",
  "first-row-enumeration": "methodFirstRowEnumeration",
  "full-system": "methodFullSystem",
  "first-row-system": "methodFirstRowSystem",
  chebyshev: "methodChebyshev",
};
const METHOD_REASONS = { too_slow: "methodTooSlow", plus_plane: "methodPlusPlane", two_states: "methodTwoStates", graph: "methodGraph" };

/** "≈ 3.4 × 10⁷" for an operation count given as its log10 (exact below 10⁶). */
export function operationsText(log10) {
  if (log10 < 6) return formatNumber(Math.round(10 ** log10));
  const exponent = Math.floor(log10);
  const mantissa = 10 ** (log10 - exponent);
  const superscript = [...String(exponent)].map((digit) => "⁰¹²³⁴⁵⁶⁷⁸⁹"[Number(digit)]).join("");
  return `≈ ${mantissa.toFixed(1)} × 10${superscript}`;
}

/** A measured time: "0.12 ms", "35 ms", "1.2 s". */
export function durationText(seconds) {
  if (seconds < 0.000001) return `${(seconds * 1e9).toFixed(0)} ns`;
  if (seconds < 0.001) return `${(seconds * 1e6).toFixed(0)} µs`;
  if (seconds < 1) return `${(seconds * 1000).toFixed(seconds < 0.01 ? 2 : 0)} ms`;
  return `${seconds.toFixed(1)} s`;
}

/**
 * The whole story so far, for the panel beside the board, in a player's words (its figures
 * wait under "For the curious"): the method, the first-row presses once the walk reaches
 * them, the ending.
 */
export function storyOf(explainer, game) {
  const { reply } = explainer;
  const parts = [methodOf(explainer, game)];
  if (reply.mode === "chase" && explainer.index >= explainer.firstChaseLength) parts.push(firstRowSystemOf(explainer));
  if (explainer.index === explainer.total && reply.solvable) parts.push(explainer.ending());
  return joinMessages(...parts);
}

/** The method, in a few sentences. */
function methodOf(explainer, game) {
  const { reply } = explainer;
  const { rows, cols } = game.board;
  if (reply.mode === "system") {
    const head = messageOf("explainSystemIntro");
    return joinMessages(head, reply.solvable ? countMessage("explainSystemPresses", explainer.total) : messageOf("explainSystemNone"));
  }
  return messageOf(reply.system.kind === "first-rows" ? "explainChaseIntroTorus" : "explainChaseIntro", { rows, cols });
}

/** The first-row presses, found or not to be found. */
function firstRowSystemOf(explainer) {
  const { reply } = explainer;
  const lit = reply.residual.length;
  const rows = reply.system.kind === "first-rows" ? "explainResidualTorus" : "explainResidual";
  const head = joinMessages(countMessage(rows, lit), messageOf("explainFirstRowSystem"));
  if (!reply.solvable) return joinMessages(head, countMessage("explainNoSolution", reply.proof.length));
  const presses = explainer.steps.filter((step) => step.kind === "first-row").length;
  return joinMessages(head, countMessage(reply.system.kind === "first-rows" ? "explainSolvedTorus" : "explainSolved", presses));
}

export class ExplainPanel {
  /** @param {import("../session/api.js").SessionApi} session */
  constructor(session) {
    this.session = session;
    const explainer = session.explanation;
    this.explainer = explainer;
    const $ = (id) => document.getElementById(id);
    const button = (id) => /** @type {HTMLButtonElement} */ ($(id));
    this.ui = {
      toggle: button("explain-toggle"), nav: $("explain-nav"), previous: button("previous-step"),
      next: button("next-step"), progress: $("explain-progress"), play: button("explain-play"),
      done: button("explain-done"), solutionNav: $("solution-nav"), details: $("explain-details"),
      story: $("explain-story"), why: $("explain-why"), figures: $("explain-system-figures"),
      system: $("explain-system"), method: $("explain-system-method"),
      measure: button("measure-methods"), methods: /** @type {HTMLTableElement} */ ($("methods-table")),
    };
    const { ui } = this;
    ui.toggle.addEventListener("click", () => (explainer.active ? session.stopExplaining() : session.explain()));
    ui.previous.addEventListener("click", () => session.previousStep());
    ui.next.addEventListener("click", () => session.nextStep());
    ui.play.addEventListener("click", () => (explainer.playing ? session.pauseExplanation() : session.playExplanation()));
    ui.done.addEventListener("click", () => {
      session.stopExplaining();
      ui.toggle.focus();
    });
    ui.measure.addEventListener("click", () => this.measure());
    this.methodsKey = null;
    this.systemReply = null;
    session.subscribe((change) => {
      if (change.reword) this.systemReply = null; // the system is drawn again in the new language
      this.update();
    });
  }

  update() {
    const { ui, explainer, session } = this;
    const active = explainer.active;
    ui.toggle.setAttribute("aria-pressed", active ? "true" : "false");
    ui.toggle.disabled = explainer.asking || (!active && !explainer.available);
    // A disabled Explain says why on hover (and to screen readers, as its description).
    const why = active || explainer.available ? null
      : session.settingUp ? t("explainNeedsPlay") : t("explainNeedsGrid", { side: session.limits.gridLimit });
    if (why) ui.toggle.title = why;
    else ui.toggle.removeAttribute("title");
    ui.nav.hidden = !active;
    if (active) ui.solutionNav.hidden = true;
    ui.details.hidden = !active;
    if (!active) {
      this.systemReply = null;
      return;
    }
    ui.previous.disabled = !explainer.canPrevious;
    ui.next.disabled = !explainer.canNext;
    ui.play.disabled = !explainer.playing && !explainer.canNext;
    ui.play.textContent = t(explainer.playing ? "explainPause" : "explainPlay");
    ui.progress.textContent = t("explainProgress", { index: explainer.index, total: explainer.total });
    ui.nav.dataset.phase = explainer.phase;
    ui.nav.dataset.index = String(explainer.index);
    ui.nav.dataset.total = String(explainer.total);
    const story = wordMessage(storyOf(explainer, session.game));
    if (ui.story.textContent !== story) ui.story.textContent = story;
    ui.why.hidden = !explainer.whyReply;
    if (explainer.whyReply) ui.why.textContent = wordMessage(explainer.whySentence());
    // The first-row system's right-hand side and solution appear once the first chase has left them.
    const revealed = explainer.reply.mode !== "chase" || explainer.index >= explainer.firstChaseLength;
    if (this.systemReply !== explainer.reply || this.revealed !== revealed) this.drawSystem(revealed);
    if (this.methodsKey !== null && this.methodsKey !== session.version) {
      ui.methods.hidden = true; // measured on another board
      this.methodsKey = null;
    }
  }

  /** The system the explanation solves: figures, and the small first-row system drawn as a matrix. */
  drawSystem(revealed) {
    const { ui, explainer } = this;
    const reply = explainer.reply;
    this.systemReply = reply;
    this.revealed = revealed;
    const { system } = reply;
    ui.method.textContent = t({ full: "systemFullMethod", "first-rows": "systemFirstRowsMethod" }[system.kind] ?? "systemFirstRowMethod");
    ui.figures.textContent = t("systemFigures", {
      equations: system.equations, unknowns: system.unknowns, rank: system.rank, nullity: system.nullity,
    });
    ui.system.replaceChildren();
    if (system.kind === "full") {
      const list = (cells) => (cells.length === 0 ? t("systemNone") : cells.map((cell) => cell + 1).join(", "));
      const note = document.createElement("p");
      note.className = "help";
      note.textContent = t("systemPivots", { pivots: list(system.pivots), free: list(system.free) });
      ui.system.append(note);
      return;
    }
    if (!system.matrix) {
      const note = document.createElement("p");
      note.className = "help";
      note.textContent = t("systemHidden");
      ui.system.append(note);
      return;
    }
    // M | b, one row per residual light; the unknowns are the first row's (the first two rows' on a torus).
    const table = document.createElement("table");
    table.className = "gf2";
    table.setAttribute("aria-label", t("systemMatrix"));
    const body = document.createElement("tbody");
    system.matrix.forEach((row, e) => {
      const tr = document.createElement("tr");
      const head = document.createElement("th");
      head.scope = "row";
      head.textContent = `b${e + 1}`;
      head.title = wordMessage(cellName(system.equation_cells[e], this.session.game));
      tr.append(head);
      for (const bit of row) {
        const td = document.createElement("td");
        td.textContent = bit;
        if (bit === "1") td.className = "one";
        tr.append(td);
      }
      const rhs = document.createElement("td");
      rhs.className = `rhs${revealed && system.rhs[e] === "1" ? " one" : ""}`;
      rhs.textContent = revealed ? system.rhs[e] : "?"; // b is what the first chase leaves
      tr.append(rhs);
      body.append(tr);
    });
    if (system.solution && revealed) {
      const tr = document.createElement("tr");
      tr.className = "solution";
      const head = document.createElement("th");
      head.scope = "row";
      head.textContent = t("systemSolution");
      tr.append(head);
      for (const bit of system.solution) {
        const td = document.createElement("td");
        td.textContent = bit;
        if (bit === "1") td.className = "one";
        tr.append(td);
      }
      tr.append(document.createElement("td"));
      body.append(tr);
    }
    table.append(body);
    ui.system.append(table);
  }

  /** Run the methods on the board (the API's methods op) and fill the table. */
  async measure() {
    const { ui, session } = this;
    ui.measure.disabled = true;
    session.say(messageOf("methodsMeasuring"));
    const version = session.version;
    const reply = await session.measureMethods();
    ui.measure.disabled = false;
    if (!reply) return;
    const body = ui.methods.tBodies[0];
    body.replaceChildren();
    for (const entry of reply.methods) {
      const tr = document.createElement("tr");
      tr.dataset.method = entry.name;
      const cells = [
        t(METHOD_KEYS[entry.name]), entry.cost, operationsText(entry.log10_operations),
        entry.seconds === null ? t(METHOD_REASONS[entry.reason] ?? "methodTooSlow") : durationText(entry.seconds),
      ];
      cells.forEach((text, i) => {
        const cell = document.createElement(i === 0 ? "th" : "td");
        if (i === 0) cell.scope = "row";
        cell.textContent = text;
        tr.append(cell);
      });
      body.append(tr);
    }
    ui.methods.hidden = false;
    this.methodsKey = version;
    const { explainer } = this;
    session.say(explainer.active ? explainer.said() : null);
  }
}
