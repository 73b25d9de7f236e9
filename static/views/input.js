// @ts-check
// Pointer and keyboard input for the board, following the W3C ARIA grid pattern:
// the grid is one tab stop (a roving tabindex), arrow keys move focus and stop at the
// edges, Home/End go to the row's ends, Ctrl+Home/End to the corners. Space and Enter
// press the focused cell through the button's own click, so every way of pressing
// takes one path. Holes (cells that do not exist) are skipped by the arrows and ignore
// clicks, except while the shape is being edited, when they can be turned back into
// cells. The canvas board (above 64×64) has its own gestures, below.
// Each bind function returns its unbind.

import { nearestInDirection } from "./graph-layout.js";

export function bindBoardInput(view, onPress) {
  const grid = view.grid;

  function cellOf(target) {
    const element = target.closest?.("[role=gridcell]");
    if (!element || !grid.contains(element)) return null;
    if (element.dataset.hole && !view.editing) return null;
    return { row: Number(element.dataset.row), col: Number(element.dataset.col), hole: Boolean(element.dataset.hole) };
  }

  function onClick(event) {
    const cell = cellOf(event.target);
    if (!cell) return;
    view.setFocusCell(cell.row, cell.col, false);
    onPress(cell.row, cell.col);
  }

  const usable = (row, col) => view.editing || !view.isHole(row, col);

  /** The first usable cell from (row, col) stepping by (dRow, dCol), or null at the edge. */
  function step(row, col, dRow, dCol) {
    for (;;) {
      row += dRow;
      col += dCol;
      if (row < 0 || col < 0 || row >= view.rows || col >= view.cols) return null;
      if (usable(row, col)) return { row, col };
    }
  }

  /** Walk from (row, col) towards (toRow, toCol) along one line; the last usable cell on the way. */
  function farthest(row, col, dRow, dCol) {
    let found = null;
    for (let next = step(row, col, dRow, dCol); next; next = step(next.row, next.col, dRow, dCol)) found = next;
    return found;
  }

  function onKeyDown(event) {
    const cell = cellOf(event.target);
    if (!cell) return;
    const { row, col } = cell;
    let to;
    switch (event.key) {
      case "ArrowUp": to = step(row, col, -1, 0); break;
      case "ArrowDown": to = step(row, col, 1, 0); break;
      case "ArrowLeft": to = step(row, col, 0, -1); break;
      case "ArrowRight": to = step(row, col, 0, 1); break;
      case "Home": to = event.ctrlKey ? firstCell(1) : farthest(row, col, 0, -1); break;
      case "End": to = event.ctrlKey ? firstCell(-1) : farthest(row, col, 0, 1); break;
      case "PageUp": to = farthest(row, col, -1, 0); break;
      case "PageDown": to = farthest(row, col, 1, 0); break;
      case " ": case "Enter":
        // A button presses itself through its click; a hole (being edited) is a div.
        if (!cell.hole) return;
        event.preventDefault();
        onPress(row, col);
        return;
      default: return;
    }
    event.preventDefault();
    if (to) view.setFocusCell(to.row, to.col, true);
  }

  /** The first usable cell in reading order (direction 1) or the last (−1). */
  function firstCell(direction) {
    const count = view.rows * view.cols;
    for (let k = 0; k < count; k++) {
      const index = direction > 0 ? k : count - 1 - k;
      const row = Math.floor(index / view.cols);
      const col = index % view.cols;
      if (usable(row, col)) return { row, col };
    }
    return null;
  }

  grid.addEventListener("click", onClick);
  grid.addEventListener("keydown", onKeyDown);
  return () => {
    grid.removeEventListener("click", onClick);
    grid.removeEventListener("keydown", onKeyDown);
  };
}

/**
 * Pointer, wheel and keyboard input for the canvas board (canvas-render.js):
 * a click or tap that does not move presses the cell under it; dragging pans (mouse
 * or one finger); the wheel zooms around the pointer; two fingers pinch-zoom and pan
 * together. Keys: arrows move the cell cursor, Space/Enter press it, + and − zoom,
 * 0 fits. The minimap recentres the view on the point clicked or dragged over.
 */
export function bindCanvasInput(view, onPress) {
  const canvas = view.canvas;
  const minimap = view.minimap.canvas;
  const DRAG_THRESHOLD = 5; // CSS pixels a pointer may wander and still be a click
  const pointers = new Map(); // pointerId -> {x, y} (client CSS pixels, latest)
  let tap = null; // {id, x, y} while the single pointer down may still become a press
  let pinch = null; // {distance, x, y} of the last two-finger position

  function twoFingers() {
    const [a, b] = [...pointers.values()];
    return { distance: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  }

  function onPointerDown(event) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    canvas.setPointerCapture?.(event.pointerId);
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 1) {
      tap = { id: event.pointerId, x: event.clientX, y: event.clientY };
    } else {
      tap = null; // a second finger makes it a gesture, never a press
      if (pointers.size === 2) pinch = twoFingers();
    }
  }

  function onPointerMove(event) {
    const last = pointers.get(event.pointerId);
    if (!last) return;
    const dx = event.clientX - last.x;
    const dy = event.clientY - last.y;
    last.x = event.clientX;
    last.y = event.clientY;
    if (pointers.size >= 2 && pinch) {
      const now = twoFingers();
      if (pinch.distance > 0 && now.distance > 0) view.zoomAtClient(now.x, now.y, now.distance / pinch.distance);
      view.panByClient(now.x - pinch.x, now.y - pinch.y);
      pinch = now;
      return;
    }
    if (tap && Math.hypot(event.clientX - tap.x, event.clientY - tap.y) <= DRAG_THRESHOLD) return;
    if (tap) {
      // Became a drag: pan by the whole way moved so far, not only this step.
      view.panByClient(event.clientX - tap.x, event.clientY - tap.y);
      tap = null;
      return;
    }
    view.panByClient(dx, dy);
  }

  function onPointerUp(event) {
    if (!pointers.has(event.pointerId)) return;
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = null;
    if (tap && tap.id === event.pointerId && event.type === "pointerup") {
      const cell = view.cellAtClient(event.clientX, event.clientY);
      if (cell) {
        view.setFocusCell(cell.row, cell.col, false);
        onPress(cell.row, cell.col);
      }
    }
    tap = null;
  }

  function onWheel(event) {
    event.preventDefault(); // the page must not scroll while the board zooms
    // Lines and pages (deltaMode 1, 2) are much coarser steps than pixels.
    const step = event.deltaMode === 0 ? event.deltaY : event.deltaY * 40;
    view.zoomAtClient(event.clientX, event.clientY, Math.exp(-step * 0.0015));
  }

  function onKeyDown(event) {
    let { row, col } = view.focusCell();
    const lastRow = view.rows - 1;
    const lastCol = view.cols - 1;
    switch (event.key) {
      case "ArrowUp": row = Math.max(0, row - 1); break;
      case "ArrowDown": row = Math.min(lastRow, row + 1); break;
      case "ArrowLeft": col = Math.max(0, col - 1); break;
      case "ArrowRight": col = Math.min(lastCol, col + 1); break;
      case "Home": col = 0; if (event.ctrlKey) row = 0; break;
      case "End": col = lastCol; if (event.ctrlKey) row = lastRow; break;
      case " ": case "Enter":
        event.preventDefault();
        onPress(row, col);
        return;
      case "+": case "=": event.preventDefault(); view.zoomBy(1.5); return;
      case "-": event.preventDefault(); view.zoomBy(1 / 1.5); return;
      case "0": event.preventDefault(); view.fit(); return;
      default: return;
    }
    event.preventDefault();
    view.setFocusCell(row, col, false);
    view.revealCell(row, col);
  }

  let minimapDragging = false;
  function onMinimapDown(event) {
    minimapDragging = true;
    minimap.setPointerCapture?.(event.pointerId);
    view.centreOnMinimap(event.clientX, event.clientY);
  }
  function onMinimapMove(event) {
    if (minimapDragging) view.centreOnMinimap(event.clientX, event.clientY);
  }
  function onMinimapUp() {
    minimapDragging = false;
  }

  const onFocus = () => view.setCursorVisible(true);
  const onBlur = () => view.setCursorVisible(false);
  const bindings = [
    [canvas, "pointerdown", onPointerDown], [canvas, "pointermove", onPointerMove],
    [canvas, "pointerup", onPointerUp], [canvas, "pointercancel", onPointerUp],
    [canvas, "wheel", onWheel, { passive: false }], [canvas, "keydown", onKeyDown],
    [canvas, "focus", onFocus], [canvas, "blur", onBlur],
    [minimap, "pointerdown", onMinimapDown], [minimap, "pointermove", onMinimapMove],
    [minimap, "pointerup", onMinimapUp], [minimap, "pointercancel", onMinimapUp],
  ];
  for (const [target, type, listener, options] of bindings) target.addEventListener(type, listener, options);
  return () => {
    for (const [target, type, listener, options] of bindings) target.removeEventListener(type, listener, options);
  };
}

/** A file the page may read as a board: plain text, or no type at all (e.g. .loj). */
export function isTextFile(file) {
  return file.type === "" || file.type.startsWith("text/") || /\.(txt|loj|in|out)$/i.test(file.name);
}

/** True for an element that takes typed or pasted text itself (a paste there is the field's, not the page's). */
export function isTextField(element) {
  return element instanceof HTMLTextAreaElement || (element instanceof HTMLInputElement && element.type !== "file");
}

/** True for a file the page can try to read as a picture (Scan). */
export function isImageFile(file) {
  return Boolean(file) && (file.type.startsWith("image/") || /\.(png|jpe?g|gif|webp|bmp|avif)$/i.test(file.name ?? ""));
}

/** Call `onFile(file)` when a text file is dropped anywhere on `target`, `onRejected(file)` for any other file. */
export function bindFileDrop(target, onFile, onRejected) {
  function onDragOver(event) {
    if (event.dataTransfer && [...event.dataTransfer.types].includes("Files")) {
      event.preventDefault();
      event.dataTransfer.dropEffect = "copy";
    }
  }
  function onDrop(event) {
    const file = event.dataTransfer?.files?.[0];
    if (!file) return;
    event.preventDefault();
    if (!isTextFile(file)) onRejected(file);
    else onFile(file);
  }
  target.addEventListener("dragover", onDragOver);
  target.addEventListener("drop", onDrop);
  return () => {
    target.removeEventListener("dragover", onDragOver);
    target.removeEventListener("drop", onDrop);
  };
}

/**
 * Pointer and keyboard input for a board drawn from coordinates (graph-render.js's SVG or
 * graph-canvas.js's canvas; `view.indexAt(event)` names the cell an event is on): a click
 * or tap on a cell presses it and makes it the keyboard's cell; arrow keys move to the
 * nearest cell in that direction by the cells' coordinates (graph-layout.js); Home/End go
 * to the first and last cell; Space or Enter press the focused cell.
 */
export function bindGraphInput(view, onPress) {
  const grid = view.grid;
  /** @type {Record<string, [number, number]>} */
  const directions = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

  function pressIndex(index) {
    const { cols } = view;
    view.setFocusCell(Math.floor(index / cols), index % cols, true);
    onPress(Math.floor(index / cols), index % cols);
  }

  function onClick(event) {
    const index = view.indexAt(event);
    if (index !== null) pressIndex(index);
  }

  function onKeyDown(event) {
    const index = view.indexAt(event);
    if (index === null) return;
    let to;
    // Holes are skipped in play (the shape editor reaches them).
    const usable = (j) => view.editing || !view.isHole(Math.floor(j / view.cols), j % view.cols);
    const usableIndex = (direction) => {
      for (let k = 0; k < view.cellCount; k++) {
        const j = direction > 0 ? k : view.cellCount - 1 - k;
        if (usable(j)) return j;
      }
      return null;
    };
    // The 3D view (solid-view.js) moves to the neighbour on the solid that is seen that way.
    if (directions[event.key]) {
      to = view.neighbourInDirection ? view.neighbourInDirection(index, ...directions[event.key], usable)
        : nearestInDirection(view.layout.coords, index, ...directions[event.key], usable);
    }
    else if (event.key === "Home") to = usableIndex(1);
    else if (event.key === "End") to = usableIndex(-1);
    else if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      pressIndex(index);
      return;
    } else return;
    event.preventDefault();
    if (to !== null) view.setFocusCell(Math.floor(to / view.cols), to % view.cols, true);
  }

  grid.addEventListener("click", onClick);
  grid.addEventListener("keydown", onKeyDown);
  return () => {
    grid.removeEventListener("click", onClick);
    grid.removeEventListener("keydown", onKeyDown);
  };
}
