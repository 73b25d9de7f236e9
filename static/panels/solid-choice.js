// @ts-check
// The 3D view's choice, for the games played on a solid (the API's `solid`: the Lights Out
// Cube, the Orbix): "3D" (the default) or "Flat" beside the board, remembered
// (page-options.js), and Reset view. The 3D view itself (solid-view.js) is loaded only
// when a game on a solid is first shown in 3D: a dynamic import the bundler leaves alone
// (its address is not a literal), so the module is a file of its own beside the bundle,
// precached like the others (build.py). It imports nothing; the shared modules it builds
// on are handed to it here, so there is one i18n and one graph-render.js on the page.
// Also the view's words: how many marks are out of sight, and a Hint turned into sight.

import { t, tCount } from "../page/i18n.js";
import { prefersReducedMotion } from "../page/a11y.js";
import { GraphView } from "../views/graph-render.js";
import { saveBoardView, savedBoardView } from "../page/page-options.js";
import { SOLID_VIEW_URL } from "../addresses.js";

const SOLID_MODULE = SOLID_VIEW_URL;

export class SolidChoice {
  /**
   * For `session`; `view()` is the board's view, `redraw()` draws the board again (board-panel.js).
   * @param {import("../session/api.js").SessionApi} session
   * @param {{view: () => any, redraw: () => void}} board
   */
  constructor(session, { view, redraw }) {
    this.session = session;
    this.view = view;
    this.redraw = redraw;
    const $ = (id) => document.getElementById(id);
    this.controls = $("view-controls");
    this.solidButton = $("view-3d");
    this.flatButton = $("view-flat");
    this.resetButton = $("reset-view");
    this.note = $("view-note");
    this.chosen = savedBoardView();
    this.SolidView = null; // the class, once solid-view.js has loaded
    this.lastTurn = null; // {graph, turn}: the last 3D view's game and rotation
    this.loading = null;
    const choose = (chosen) => {
      this.chosen = chosen;
      saveBoardView(chosen);
      this.redraw();
      this.update({});
    };
    this.solidButton.addEventListener("click", () => choose("3d"));
    this.flatButton.addEventListener("click", () => choose("flat"));
    this.resetButton.addEventListener("click", () => this.solidView()?.resetTurn());
    session.subscribe((change) => this.update(change));
  }

  /** The 3D view's class for `game` when it is played on a solid and shown in 3D; null (the flat view) until it has loaded. */
  viewClass(game) {
    if (!game.graph?.solid || this.chosen !== "3d") return null;
    if (!this.SolidView && !this.loading) {
      this.loading = import(SOLID_MODULE).then(({ makeSolidView }) => {
        this.SolidView = makeSolidView({ GraphView, t, prefersReducedMotion });
        this.redraw();
      }, () => { this.loading = null; }); // offline before it was cached: the flat view stays
    }
    return this.SolidView;
  }

  /**
   * Options for a new 3D view: it starts as the last one of this game was turned (a switch of
   * language or of view makes a new one); after each turn the marks out of sight are counted again.
   */
  viewOptions() {
    const { graph } = this.session.game;
    return {
      turn: this.lastTurn?.graph === graph ? this.lastTurn.turn : null,
      onTurn: (turn) => {
        this.lastTurn = { graph, turn };
        this.showNote();
      },
    };
  }

  solidView() {
    const view = this.view();
    return view?.kind === "solid" ? view : null;
  }

  update(change) {
    const onSolid = Boolean(this.session.game.graph?.solid);
    this.controls.hidden = !onSolid;
    if (!onSolid) return;
    this.solidButton.setAttribute("aria-pressed", String(this.chosen === "3d"));
    this.flatButton.setAttribute("aria-pressed", String(this.chosen === "flat"));
    this.resetButton.hidden = this.chosen !== "3d";
    const view = this.solidView();
    // A Hint on a face turned away: the view turns to it (the player asked).
    if (view && change.hint !== undefined) view.show(change.hint);
    this.showNote();
  }

  /** The cells the marks (a hint, a solution) say to press. */
  markedCells() {
    const { marks } = this.session;
    const cells = [];
    for (let i = 0; marks && i < marks.cellCount; i++) if (marks.get(i)) cells.push(i);
    return cells;
  }

  /** "3 marks out of sight", while some of the marks are on cells the 3D view does not show. */
  showNote() {
    const view = this.solidView();
    const hidden = view ? this.markedCells().filter((i) => !view.isShown(i)).length : 0;
    const text = hidden ? tCount("marksOutOfSight", hidden) : "";
    if (this.note.textContent !== text) this.note.textContent = text;
    this.note.hidden = hidden === 0;
  }
}
