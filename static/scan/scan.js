// @ts-check
// Reading a board from a picture (Scan): pure functions on RGBA pixel arrays
// {width, height, data} (the shape of a canvas ImageData), no DOM, so that the page and
// the benchmark (bench/scan.mjs) run the same code under node --test. This module
// is the reading as a whole (scanImage) and what the page uses; the steps are in
//  - scan-pixels.js: downscale (box-average the picture to a working size: a 12-megapixel
//    photo holds far more pixels than 25 lights need), brightness, blur, gradient, Otsu's
//    threshold, and the homography — the perspective transform the four corners define
//    (the unit square to the quadrilateral);
//  - scan-corners.js: the four corners of the board's grid of cells (detectCorners).
//    Candidate blobs come from several masks — the edges above three cuts of Otsu's
//    threshold, the bright parts (lit lights), the dark ones (a case on a lighter
//    table) and the darkest (a case in a dim room with a few lights lit) — each closed
//    at two radii; the few largest blobs of each are framed by the
//    largest quadrilateral in their convex hull and by the rectangle along the board's
//    axes. Knowing rows × cols, a grid is fitted in each frame, tight or in a wide window
//    (a blob of lit lights is only part of the board). The best grids have each corner
//    nudged while the score grows, and are moved a cell aside while the row or column
//    taken in holds lights as well as the one left out, and while it has edges between
//    its lights and the one left out has none (a row of the case or the table: by
//    brightness alone a flat board's dark lights pass for either); a grid whose rows
//    and columns have no edges between their lights is no board;
//  - scan-grid.js: the scores (scan-corners.js's): edges on the gap lines rather than in
//    the cells' middles, and lights that stand out from their borders (lit ones and dark
//    ones alike, whatever share is lit) and are even inside; a picture whose grid's
//    cells do not stand out from their borders (noise, a gradient, a wall) holds no board;
//  - scan-read.js: each cell sampled in the middle of its own square and on its borders;
//    a cell's brightness minus its background, split in two at the widest gap between
//    Otsu's two class means, moved by the sensitivity (lit / dark); with k > 2 states the
//    lit cells grouped by hue (k-means on the hue circle, seeded with the colours the
//    states are drawn in); and doubtfulLights: how sure each light's reading is — its
//    margin from the threshold, a middle astride a light's border, another grid that
//    frames lights nearly as well — so the dialog can say it is not sure instead of
//    "Board found" (issue 31).
//
// Corners are [x, y] in the picture's pixels, in the order top-left, top-right,
// bottom-right, bottom-left (the cell (0, 0) is at the first). Cells are indexed
// r * cols + c, like the game's boards.

import { locateBoard } from "./scan-corners.js";
import { gridsAside } from "./scan-grid.js";
import { downscale } from "./scan-pixels.js";
import { classify, doubtfulLights, sampleCells } from "./scan-read.js";

export { detectCorners } from "./scan-corners.js";
export { DETECT_SIDE, shiftedGrids } from "./scan-grid.js";
export { downscale, homography, orderCorners, otsu, project } from "./scan-pixels.js";
export { CHECK_MARGIN, classify, hue, hueOfHex, sampleCells } from "./scan-read.js";

/** Working size for sampling the cells (and the page's picture). */
export const SAMPLE_SIDE = 1024;

/**
 * Read a rows × cols board with k states from `image`: the corners (given, or found by
 * detectCorners; null when none were found), the states and how sure each is. The
 * picture is sampled at SAMPLE_SIDE at most. Returns {corners, states, threshold,
 * brightness, margins, doubtful} (classify's fields; doubtful: Uint8Array, 1 for a light
 * whose reading is doubtful — doubtfulLights), all null without corners.
 */
export function scanImage(image, { rows, cols, k = 2, corners = null, sensitivity = 0, hues = null }) {
  // One pass over a big photo: the corners are found in the sampling copy (itself
  // downscaled again for that), not in the original.
  const { image: working, factor } = downscale(image, SAMPLE_SIDE);
  const located = corners ? { corners: corners.map(([x, y]) => [x / factor, y / factor]), rivals: [] } : locateBoard(working, { rows, cols });
  const found = located?.corners;
  if (!found) return { corners: null, states: null, threshold: null, brightness: null, margins: null, doubtful: null };
  const options = { rows, cols, k, sensitivity, hues };
  const cells = sampleCells(working, found, rows, cols);
  const read = classify(cells, options);
  const aside = gridsAside(working, found, rows, cols);
  const doubtful = doubtfulLights(working, cells, read, options, aside && [...located.rivals, ...aside]);
  return { corners: found.map(([x, y]) => [x * factor, y * factor]), ...read, doubtful };
}
