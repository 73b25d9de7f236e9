// Pointer and keyboard input for the board, following the W3C ARIA grid pattern:
// the grid is one tab stop (a roving tabindex), arrow keys move focus and stop at the
// edges, Home/End go to the row's ends, Ctrl+Home/End to the corners. Space and Enter
// press the focused cell through the button's own click, so every way of pressing
// takes one path. Each bind function returns its unbind.

export function bindBoardInput(view, onPress) {
  const grid = view.grid;

  function cellOf(target) {
    const button = target.closest?.("button[role=gridcell]");
    if (!button || !grid.contains(button)) return null;
    return { row: Number(button.dataset.row), col: Number(button.dataset.col) };
  }

  function onClick(event) {
    const cell = cellOf(event.target);
    if (!cell) return;
    view.setFocusCell(cell.row, cell.col, false);
    onPress(cell.row, cell.col);
  }

  function onKeyDown(event) {
    const cell = cellOf(event.target);
    if (!cell) return;
    let { row, col } = cell;
    const lastRow = view.rows - 1;
    const lastCol = view.cols - 1;
    switch (event.key) {
      case "ArrowUp": row = Math.max(0, row - 1); break;
      case "ArrowDown": row = Math.min(lastRow, row + 1); break;
      case "ArrowLeft": col = Math.max(0, col - 1); break;
      case "ArrowRight": col = Math.min(lastCol, col + 1); break;
      case "Home": col = 0; if (event.ctrlKey) row = 0; break;
      case "End": col = lastCol; if (event.ctrlKey) row = lastRow; break;
      case "PageUp": row = 0; break;
      case "PageDown": row = lastRow; break;
      default: return; // Space and Enter fall through to the button's click
    }
    event.preventDefault();
    view.setFocusCell(row, col, true);
  }

  grid.addEventListener("click", onClick);
  grid.addEventListener("keydown", onKeyDown);
  return () => {
    grid.removeEventListener("click", onClick);
    grid.removeEventListener("keydown", onKeyDown);
  };
}

/** Call `onText(text)` when a text file is dropped anywhere on `target`. */
export function bindFileDrop(target, onText, onRejected) {
  function onDragOver(event) {
    if (event.dataTransfer && [...event.dataTransfer.types].includes("Files")) {
      event.preventDefault();
      event.dataTransfer.dropEffect = "copy";
    }
  }
  async function onDrop(event) {
    const file = event.dataTransfer?.files?.[0];
    if (!file) return;
    event.preventDefault();
    if (!(file.type === "" || file.type.startsWith("text/") || file.name.endsWith(".txt"))) {
      onRejected();
      return;
    }
    onText(await file.text());
  }
  target.addEventListener("dragover", onDragOver);
  target.addEventListener("drop", onDrop);
  return () => {
    target.removeEventListener("dragover", onDragOver);
    target.removeEventListener("drop", onDrop);
  };
}
