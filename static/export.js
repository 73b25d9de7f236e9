// Export: the board (and the shown solution) as a PNG image or as "#"/"." text, made in
// the page from the packed bits. Pure apart from the canvas it draws on; no Python.

/** Pixels a cell takes in the image, chosen so an image stays below ~4 million pixels. */
export function cellPixels(rows, cols) {
  return Math.max(1, Math.min(32, Math.floor(Math.sqrt(4_000_000 / (rows * cols)))));
}

export const MAX_IMAGE_CELLS = 4_000_000; // one pixel a cell at most; larger boards get no image

/**
 * Draw `board` (lit cells yellow, dark cells dark) with `marks` (Board of presses or null)
 * as rings and `holes` (Board or null) left blank, on a new canvas; resolves to a PNG Blob.
 */
export function boardImage(board, marks = null, holes = null) {
  const { rows, cols } = board;
  const size = cellPixels(rows, cols);
  const gap = size >= 8 ? 1 : 0;
  const canvas = document.createElement("canvas");
  canvas.width = cols * size;
  canvas.height = rows * size;
  const context = canvas.getContext("2d");
  context.fillStyle = "#20242c";
  context.fillRect(0, 0, canvas.width, canvas.height);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const index = r * cols + c;
      if (holes?.get(index)) continue;
      context.fillStyle = board.get(index) ? "#ffd54a" : "#3a4150";
      context.fillRect(c * size + gap, r * size + gap, size - 2 * gap, size - 2 * gap);
      if (marks?.get(index)) {
        context.fillStyle = "#e53935";
        const inset = Math.max(1, Math.floor(size / 3));
        context.fillRect(c * size + inset, r * size + inset, Math.max(1, size - 2 * inset), Math.max(1, size - 2 * inset));
      }
    }
  }
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("the image could not be made"))), "image/png");
  });
}

/** `board` as rows of "#" (lit) and "." (dark), one line a row, ending in a newline. */
export function boardRows(board) {
  const lines = [];
  for (let r = 0; r < board.rows; r++) {
    let line = "";
    for (let c = 0; c < board.cols; c++) line += board.get(r * board.cols + c) ? "#" : ".";
    lines.push(line);
  }
  return lines.join("\n") + "\n";
}

/** The board's text, then (when `marks` is given) a blank line and the presses, "#" = press. */
export function boardText(board, marks = null) {
  return marks ? `${boardRows(board)}\n${boardRows(marks)}` : boardRows(board);
}

/** Offer `blob` as a download named `name`. */
export function saveBlob(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
