// The board: chooses the view that suits the board's size (the DOM grid of buttons,
// render.js, up to limits.gridLimit a side; the canvas, canvas-render.js, above), draws
// the session into it after every change, and routes presses from input.js to the
// session (or, while the shape is being edited, to `onEdit`). Undo, redo and the move
// counter are here too.

import { t } from "./i18n.js";
import { announce, prefersReducedMotion } from "./a11y.js";
import { BoardView } from "./render.js";
import { CanvasView } from "./canvas-render.js";
import { bindBoardInput, bindCanvasInput } from "./input.js";

const FLASH_MS = 150; // how long a played press's cell flashes

export class BoardPanel {
  /** `isEditing()` says whether clicks edit the shape; `onEdit(row, col)` edits a cell. */
  constructor(session, { isEditing = () => false, onEdit = () => {} } = {}) {
    this.session = session;
    this.isEditing = isEditing;
    this.onEdit = onEdit;
    this.element = document.getElementById("board");
    this.moveCount = document.getElementById("move-count");
    this.undoButton = document.getElementById("undo");
    this.redoButton = document.getElementById("redo");
    this.status = document.getElementById("status");
    this.view = null;
    this.unbindView = () => {};
    this.undoButton.addEventListener("click", () => session.undo());
    this.redoButton.addEventListener("click", () => session.redo());
    this.unsubscribe = session.subscribe((change) => this.update(change));
  }

  /** Make sure the view suits the board's size (the DOM grid or the canvas). */
  chooseView() {
    const wanted = this.session.usesCanvas() ? CanvasView : BoardView;
    if (this.view instanceof wanted) return;
    this.unbindView();
    this.view?.destroy?.();
    this.view = new wanted(this.element);
    const onPress = (row, col) => this.userPress(row, col);
    this.unbindView = wanted === CanvasView ? bindCanvasInput(this.view, onPress) : bindBoardInput(this.view, onPress);
    this.element.classList.toggle("board--canvas", wanted === CanvasView);
  }

  userPress(row, col) {
    const { session } = this;
    if (this.isEditing()) {
      session.stopPlayback();
      this.onEdit(row, col);
      return;
    }
    if (session.game.holes?.get(row * session.game.board.cols + col)) return;
    session.press(row, col);
    const lit = session.game.board.litCount;
    announce(t(lit === 1 ? "announcePressOne" : "announcePress", { row: row + 1, col: col + 1, lit }));
  }

  /** Draw the session; `change.cells` lists the cells a press touched (null: look at all). */
  update(change = {}) {
    const { session } = this;
    const { game } = session;
    this.chooseView();
    // The board's box is sized from these in CSS (style.css: .board), not from the grid in it.
    this.element.style.setProperty("--rows", game.board.rows);
    this.element.style.setProperty("--cols", game.board.cols);
    const view = this.view;
    view.draw(game.board, session.marks, change.cells ?? null, session.layers, session.general);
    const editing = this.isEditing();
    if (view instanceof BoardView && view.editing !== editing) view.setEditing(editing);
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
    this.undoButton.disabled = !game.canUndo;
    this.redoButton.disabled = !game.canRedo;
    this.status.dataset.solved = game.isSolved() ? "1" : "0";
  }

  /** A new view labels every cell again in the current language (the keyboard cursor stays). */
  retranslate() {
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
