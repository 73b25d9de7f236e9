// @ts-check
// The board: chooses the view that suits the board's size (the DOM grid of buttons,
// render.js, up to limits.gridLimit a side; the canvas, canvas-render.js, above), draws
// the session into it after every change, and hands a click on a cell from input.js to the
// session, which decides what it means (session.click: a press, a light set in set-up mode,
// a shape edit, "why this press?"). The Set up toggle and, while it is on, Clear and Fill
// under the toolbar; Undo, redo, the move counter and the win celebration on the board; the goal,
// when it is not plain, drawn under it (goal-picture.js).

import { t } from "../page/i18n.js";
import { announce, prefersReducedMotion } from "../page/a11y.js";
import { BoardView } from "../views/render.js";
import { CanvasView } from "../views/canvas-render.js";
import { bindBoardInput, bindCanvasInput, bindGraphInput } from "../views/input.js";
import { GraphView } from "../views/graph-render.js";
import { GraphCanvasView, MAX_SVG_CELLS } from "../views/graph-canvas.js";
import { hexCoords, isGridLayout } from "../views/graph-layout.js";
import { GoalView } from "../views/goal-picture.js";
import { SolidChoice } from "./solid-choice.js";

// The fills of the states a preset names (the API's presets reply: Lights Out 2000's off, red, green).
const STATE_FILLS = { off: null, red: "#e53935", green: "#43a047" };

const FLASH_MS = 150; // how long a played press's cell flashes
const CELEBRATE_MS = 2000; // the win animation's longest run (style.css: the wave and the glow)

export class BoardPanel {
  /** @param {import("../session/api.js").SessionApi} session */
  constructor(session) {
    this.session = session;
    this.element = document.getElementById("board");
    this.moveCount = document.getElementById("move-count");
    this.undoButton = /** @type {HTMLButtonElement} */ (document.getElementById("undo"));
    this.redoButton = /** @type {HTMLButtonElement} */ (document.getElementById("redo"));
    this.status = document.getElementById("status");
    this.setupButton = document.getElementById("setup-mode");
    this.setupTools = document.getElementById("setup-tools");
    this.view = null;
    this.goal = new GoalView(document.getElementById("goal-picture")); // the goal under the board, when not plain
    this.unbindView = () => {};
    /** @type {ReturnType<typeof setTimeout> | 0} */
    this.celebrateTimer = 0;
    this.undoButton.addEventListener("click", () => session.undo());
    this.redoButton.addEventListener("click", () => session.redo());
    this.setupButton.addEventListener("click", () => session.setMode(session.settingUp ? "play" : "setup"));
    document.getElementById("setup-clear").addEventListener("click", () => session.clear());
    document.getElementById("setup-fill").addEventListener("click", () => session.fill());
    this.unsubscribe = session.subscribe((change) => this.update(change));
    // The cube and the Orbix in 3D or flat (after this panel in the session's listeners: it reads the view drawn).
    this.solid = new SolidChoice(session, { view: () => this.view, redraw: () => this.update() });
  }

  /**
   * Make sure the view suits the board: one drawn from coordinates (as SVG, or on a canvas
   * above MAX_SVG_CELLS cells), else the DOM grid or, above gridLimit a side, the canvas.
   */
  chooseView() {
    const { game } = this.session;
    const layout = this.layoutOf(game);
    const wanted = (layout && this.solid.viewClass(game)) || (layout ? (game.board.cellCount > MAX_SVG_CELLS ? GraphCanvasView : GraphView)
      : this.session.usesCanvas() ? CanvasView : BoardView);
    if (this.view?.constructor === wanted && (!layout || this.layoutKey === layout.key)) return;
    this.layoutKey = layout?.key ?? null;
    this.unbindView();
    this.view?.destroy?.();
    this.view = layout ? new wanted(this.element, layout, this.solid.viewOptions()) : new wanted(this.element);
    const onPress = (row, col) => this.userPress(row, col);
    this.unbindView = wanted === CanvasView ? bindCanvasInput(this.view, onPress)
      : layout ? bindGraphInput(this.view, onPress) : bindBoardInput(this.view, onPress);
    this.element.classList.toggle("board--canvas", wanted === CanvasView);
    this.element.classList.toggle("board--graph", layout !== null);
  }

  /**
   * How to draw `game` from coordinates (graph-render.js), or null for the DOM grid or the
   * canvas: a hex board (≤ gridLimit a side), or a preset or graph whose cells are not a plain grid.
   */
  layoutOf(game) {
    const { rows, cols } = game.board;
    if (game.graph) {
      const { coords, outline, edges, names, solid, presses } = game.graph;
      if (!coords || (outline === "square" && isGridLayout(coords, rows, cols))) return null;
      return { key: game.graph, coords, outline, edges, names, solid, presses };
    }
    if (game.stencil.name !== "hex" || this.session.usesCanvas()) return null;
    return { key: `hex ${rows}x${cols}`, coords: hexCoords(rows, cols), outline: "hex", edges: null, names: null };
  }

  /**
   * The colours to draw the states in: a preset's own (Lights Out 2000's red and green,
   * in the order the player chose), palette.js's for other k-state games, or none.
   */
  colours() {
    const { game } = this.session;
    const names = game.graph?.preset?.states;
    if (!names || game.k === 2) return this.session.multiState;
    const reversed = this.session.statesReversed;
    const key = `${game.graph.preset.name} ${reversed}`;
    if (this.paletteKey !== key) {
      const ordered = [names[0], ...(reversed ? names.slice(1).reverse() : names.slice(1))];
      this.paletteKey = key;
      this.palette = ordered.map((name) => ({ fill: STATE_FILLS[name.en] ?? null, text: "#111111" }));
    }
    return this.palette;
  }

  /** A click on a cell: the session decides what it means (session.click); this says it to a screen reader. */
  userPress(row, col) {
    const { session } = this;
    const did = session.click(row, col);
    const { board } = session.game;
    if (did === "shape") {
      this.view.setFocusCell(row, col, true); // the cursor stays on the cell just changed
    } else if (did === "set") {
      announce(t("announceSet", { row: row + 1, col: col + 1, state: board.get(row * board.cols + col) }));
    } else if (did === "press") {
      const lit = board.litCount;
      announce(t(lit === 1 ? "announcePressOne" : "announcePress", { row: row + 1, col: col + 1, lit }));
    }
  }

  /** Draw the session; `change.cells` lists the cells a press touched (null: look at all). */
  update(change = {}) {
    if (change.reword) {
      this.relabel();
      return;
    }
    const { session } = this;
    const { game } = session;
    this.chooseView();
    // The board's box is sized from these in CSS (style.css: .board), not from the grid in it.
    this.element.style.setProperty("--rows", String(game.board.rows));
    this.element.style.setProperty("--cols", String(game.board.cols));
    const view = this.view;
    if (view instanceof CanvasView) view.setShape(game.stencil.name === "hex" ? "hex" : "square");
    view.draw(game.board, session.marks, change.cells ?? null, session.layers, this.colours());
    this.goal.show(game, this.colours());
    const editing = session.shape.on;
    if (view.setEditing && view.editing !== editing) view.setEditing(editing);
    view.grid?.classList.toggle("editing", editing);
    if (change.focus) {
      view.setFocusCell(0, 0, false);
      view.moveFocusOffHole?.();
    }
    if (change.flash !== undefined && view instanceof BoardView && !prefersReducedMotion()) {
      const { cols } = game.board;
      const button = view.cellAt(Math.floor(change.flash / cols), change.flash % cols);
      button.classList.add("flash");
      setTimeout(() => button.classList.remove("flash"), FLASH_MS);
    }
    this.moveCount.textContent = t("moves", { count: game.moveCount });
    this.undoButton.disabled = !session.canUndo;
    this.redoButton.disabled = !session.canRedo;
    this.status.dataset.solved = game.isSolved() ? "1" : "0";
    this.setupButton.setAttribute("aria-pressed", session.settingUp ? "true" : "false");
    this.setupTools.hidden = !session.settingUp;
    if (session.settingUp) this.element.dataset.mode = "setup";
    else delete this.element.dataset.mode;
    // A link Python must read is opening: the board shown is a stand-in (session.openLink), drawn faded.
    this.element.toggleAttribute("data-opening", session.opening);
    this.showWin(change);
  }

  /**
   * The board's part of a win: the class `won` (a still glow) while session.won holds,
   * and once, when the player reached the goal unaided, the class `celebrate` (a wave of
   * light across the rows, style.css) — not under prefers-reduced-motion.
   */
  showWin(change) {
    const { won } = this.session;
    this.element.classList.toggle("won", won !== null);
    if (!won) {
      clearTimeout(this.celebrateTimer);
      this.element.classList.remove("celebrate");
      return;
    }
    if (change.won && won.by === "player" && !prefersReducedMotion()) {
      this.element.classList.remove("celebrate");
      void this.element.offsetWidth; // restart the animation if it is still running
      this.element.classList.add("celebrate");
      clearTimeout(this.celebrateTimer);
      this.celebrateTimer = setTimeout(() => this.element.classList.remove("celebrate"), CELEBRATE_MS);
    }
  }

  /** A new view labels every cell again in the page's new language (the keyboard cursor stays). */
  relabel() {
    const focusIndex = this.view?.focusIndex ?? 0;
    const hadFocus = this.element.contains(document.activeElement);
    this.unbindView();
    this.view?.destroy?.();
    this.view = null;
    this.update();
    const { cols } = this.session.game.board;
    this.view.setFocusCell?.(Math.floor(focusIndex / cols), focusIndex % cols, hadFocus);
  }
}
