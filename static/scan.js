// Reading a board from a picture (Scan): pure functions on RGBA pixel arrays
// {width, height, data} (the shape of a canvas ImageData), no DOM, so that the page and
// the benchmark (tests/bench_scan.mjs) run the same code under node --test.
//
// The steps, each its own function:
//  1. downscale: box-average the picture to a working size (a 12-megapixel photo holds far
//     more pixels than 25 lights need);
//  2. detectCorners: the four corners of the board's grid of cells. Candidate blobs come
//     from several masks — the edges (gradient magnitude) above three cuts of Otsu's
//     threshold, the bright parts (lit lights) and the dark ones (a case on a lighter
//     table) — each closed at two radii (lights merged into one blob, or only their gaps
//     bridged, for a small board among things on a table); the few largest blobs of each
//     are framed by the largest quadrilateral in their convex hull and by the rectangle
//     along the board's axes (the direction the edges' gradients gather around, modulo
//     a right angle). Knowing rows × cols, a grid is fitted in each frame, tight or in a
//     wide window (a blob of lit lights is only part of the board): in the picture
//     rectified by the frame, the gaps between cells are where the edge profile peaks
//     every 1/cols of the width (and 1/rows of the height). The best grids by boardScore
//     (edges on the gap lines rather than in the cells' middles, and lights that differ
//     from their borders and are even inside) have each corner nudged while the score
//     grows, and are moved a cell aside while that scores better; last, a picture whose
//     grid's cells do not stand out from their borders (noise, a gradient, a wall) holds
//     no board (looksLikeBoard);
//  3. homography: the perspective transform the four corners define (the unit square to
//     the quadrilateral), so each cell is sampled in the middle of its own square, away
//     from its borders, together with a ring on its borders (the local background);
//  4. classify: a cell's brightness (max channel) minus its background (its own ring,
//     the borders' brightness, blended with the darkest ring around it), split in two at
//     the widest gap between Otsu's two class means, moved by the sensitivity (lit /
//     dark); with k > 2 states the lit cells are grouped by hue into k − 1 clusters
//     (k-means on the hue circle, seeded with the colours the states are drawn in), so a
//     glare, which adds white, changes no hue;
//  5. doubtfulLights: how sure each light's reading is — its margin from the threshold,
//     a middle astride a light's border, a grid one cell aside that frames lights as
//     well — so the dialog can say it is not sure instead of "Board found" (issue 31).
//
// Corners are [x, y] in the picture's pixels, in the order top-left, top-right,
// bottom-right, bottom-left (the cell (0, 0) is at the first). Cells are indexed
// r * cols + c, like the game's boards.

/** Working size (longest side, pixels) for finding the corners. */
export const DETECT_SIDE = 360;
/** Working size for sampling the cells (and the page's picture). */
export const SAMPLE_SIDE = 1024;

// ---------------------------------------------------------------------------------
// Pixels

/**
 * The picture box-averaged so that its longer side is at most `maxSide` (an integer
 * factor: every output pixel is the mean of a factor × factor block). Returns the image
 * itself when it is already small enough, and the factor used ({image, factor}).
 */
export function downscale(image, maxSide) {
  const factor = Math.max(1, Math.ceil(Math.max(image.width, image.height) / maxSide));
  if (factor === 1) return { image, factor };
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const sums = new Float64Array(width * 4);
  const data = new Uint8ClampedArray(width * height * 4);
  const src = image.data;
  const area = factor * factor;
  for (let y = 0; y < height; y++) {
    sums.fill(0);
    for (let dy = 0; dy < factor; dy++) {
      let from = ((y * factor + dy) * image.width) * 4;
      for (let x = 0; x < width; x++) {
        let r = 0, g = 0, b = 0;
        for (let dx = 0; dx < factor; dx++, from += 4) {
          r += src[from]; g += src[from + 1]; b += src[from + 2];
        }
        const at = x * 4;
        sums[at] += r; sums[at + 1] += g; sums[at + 2] += b;
      }
    }
    const row = y * width * 4;
    for (let x = 0; x < width; x++) {
      const at = x * 4;
      data[row + at] = sums[at] / area;
      data[row + at + 1] = sums[at + 1] / area;
      data[row + at + 2] = sums[at + 2] / area;
      data[row + at + 3] = 255;
    }
  }
  return { image: { width, height, data }, factor };
}

/** Brightness of each pixel (Rec. 601 luma, 0..255) as a Float32Array of width × height. */
export function luma(image) {
  const out = new Float32Array(image.width * image.height);
  const d = image.data;
  for (let i = 0, p = 0; i < out.length; i++, p += 4) out[i] = 0.299 * d[p] + 0.587 * d[p + 1] + 0.114 * d[p + 2];
  return out;
}

/** A box blur of radius `radius` (a (2r+1)² mean, edges clamped) of a width × height array. */
export function boxBlur(values, width, height, radius) {
  if (radius < 1) return values;
  const pass = (input, output, length, count, stride, step) => {
    // One pass along lines of `length` samples `step` apart; `count` lines `stride` apart.
    for (let line = 0; line < count; line++) {
      const base = line * stride;
      let sum = 0;
      for (let i = -radius; i <= radius; i++) sum += input[base + Math.min(length - 1, Math.max(0, i)) * step];
      for (let i = 0; i < length; i++) {
        output[base + i * step] = sum / (2 * radius + 1);
        const add = Math.min(length - 1, i + radius + 1);
        const drop = Math.max(0, i - radius);
        sum += input[base + add * step] - input[base + drop * step];
      }
    }
  };
  const temp = new Float32Array(values.length);
  const out = new Float32Array(values.length);
  pass(values, temp, width, height, width, 1);
  pass(temp, out, height, width, 1, width);
  return out;
}

/**
 * The gradient (central differences) of a width × height array: {dx, dy, magnitude}, each
 * a Float32Array; the magnitude is |∂x| + |∂y|.
 */
export function gradient(values, width, height) {
  const dx = new Float32Array(values.length), dy = new Float32Array(values.length);
  const magnitude = new Float32Array(values.length);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      dx[i] = values[i + 1] - values[i - 1];
      dy[i] = values[i + width] - values[i - width];
      magnitude[i] = Math.abs(dx[i]) + Math.abs(dy[i]);
    }
  }
  return { dx, dy, magnitude };
}

/** The values of a width × height array at the points (u, v) the homography h maps into it: a function (u, v) → value (bilinear). */
function sampler(values, width, height, h) {
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = h;
  return (u, v) => {
    const w = h6 * u + h7 * v + h8;
    return bilinear(values, width, height, (h0 * u + h1 * v + h2) / w, (h3 * u + h4 * v + h5) / w);
  };
}

function bilinear(values, width, height, x, y) {
  const fx = Math.min(width - 1.001, Math.max(0, x - 0.5));
  const fy = Math.min(height - 1.001, Math.max(0, y - 0.5));
  const x0 = Math.floor(fx), y0 = Math.floor(fy);
  const ax = fx - x0, ay = fy - y0;
  const i = y0 * width + x0;
  return (values[i] * (1 - ax) + values[i + 1] * ax) * (1 - ay) + (values[i + width] * (1 - ax) + values[i + width + 1] * ax) * ay;
}

/**
 * Otsu's threshold of `values` (any numbers): the cut that maximises the between-class
 * variance (Otsu 1979, "A threshold selection method from gray-level histograms").
 * Returns {threshold, low, high} (the two classes' means); low = high when all are equal.
 */
export function otsu(values) {
  if (values.length > 4096) return otsuHistogram(values);
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  let total = 0;
  for (const value of sorted) total += value;
  let best = -1, cut = 0, below = 0;
  for (let i = 1; i < n; i++) {
    below += sorted[i - 1];
    if (sorted[i] === sorted[i - 1]) continue;
    const low = below / i, high = (total - below) / (n - i);
    const between = i * (n - i) * (high - low) ** 2;
    if (between > best) { best = between; cut = i; }
  }
  if (cut === 0) return { threshold: sorted[0] ?? 0, low: sorted[0] ?? 0, high: sorted[0] ?? 0 };
  let low = 0;
  for (let i = 0; i < cut; i++) low += sorted[i];
  low /= cut;
  const high = (total - low * cut) / (n - cut);
  return { threshold: (sorted[cut - 1] + sorted[cut]) / 2, low, high };
}

/** Otsu's threshold over a 512-bin histogram, for many values (a picture's pixels). */
function otsuHistogram(values) {
  let min = Infinity, max = -Infinity;
  for (const value of values) { if (value < min) min = value; if (value > max) max = value; }
  if (!(max > min)) return { threshold: min, low: min, high: min };
  const bins = 512, width = (max - min) / bins;
  const counts = new Float64Array(bins), sums = new Float64Array(bins);
  for (const value of values) {
    const bin = Math.min(bins - 1, Math.floor((value - min) / width));
    counts[bin]++; sums[bin] += value;
  }
  let total = 0;
  for (const sum of sums) total += sum;
  let best = -1, cut = 0, below = 0, belowCount = 0, low = min, high = max;
  for (let bin = 0; bin < bins - 1; bin++) {
    below += sums[bin]; belowCount += counts[bin];
    const aboveCount = values.length - belowCount;
    if (!belowCount || !aboveCount) continue;
    const lowMean = below / belowCount, highMean = (total - below) / aboveCount;
    const between = belowCount * aboveCount * (highMean - lowMean) ** 2;
    if (between > best) { best = between; cut = bin; low = lowMean; high = highMean; }
  }
  return { threshold: min + (cut + 1) * width, low, high };
}

// ---------------------------------------------------------------------------------
// The perspective transform

/**
 * The homography taking the four points `from` to the four points `to` (each [x, y]), as
 * nine numbers h (h[8] = 1): (x, y) ↦ ((h0 x + h1 y + h2) / w, (h3 x + h4 y + h5) / w)
 * with w = h6 x + h7 y + 1 — the 8 × 8 linear system of the direct linear transform
 * (Hartley & Zisserman, "Multiple View Geometry", §4.1), solved by Gaussian elimination.
 * Throws RangeError when three of the points are collinear.
 */
export function homography(from, to) {
  const a = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i], [u, v] = to[i];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let row = col + 1; row < 8; row++) if (Math.abs(a[row][col]) > Math.abs(a[pivot][col])) pivot = row;
    if (Math.abs(a[pivot][col]) < 1e-12) throw new RangeError("the four corners do not make a quadrilateral");
    [a[col], a[pivot]] = [a[pivot], a[col]];
    for (let row = 0; row < 8; row++) {
      if (row === col) continue;
      const factor = a[row][col] / a[col][col];
      if (factor !== 0) for (let k = col; k < 9; k++) a[row][k] -= factor * a[col][k];
    }
  }
  return [...a.map((row, i) => row[8] / row[i]), 1];
}

/** The point (x, y) mapped by the homography h: [x', y']. */
export function project(h, x, y) {
  const w = h[6] * x + h[7] * y + h[8];
  return [(h[0] * x + h[1] * y + h[2]) / w, (h[3] * x + h[4] * y + h[5]) / w];
}

const UNIT_SQUARE = [[0, 0], [1, 0], [1, 1], [0, 1]];

/** The homography from the unit square (u across, v down) to the quadrilateral `corners`. */
export function squareToQuad(corners) {
  return homography(UNIT_SQUARE, corners);
}

// ---------------------------------------------------------------------------------
// Finding the board

/** The corners in reading order (top-left, top-right, bottom-right, bottom-left) for a board turned by less than 45°. */
export function orderCorners(points) {
  const cx = points.reduce((s, p) => s + p[0], 0) / points.length;
  const cy = points.reduce((s, p) => s + p[1], 0) / points.length;
  // Clockwise on the screen (y grows downwards) is increasing angle.
  const around = [...points].sort((p, q) => Math.atan2(p[1] - cy, p[0] - cx) - Math.atan2(q[1] - cy, q[0] - cx));
  let first = 0;
  for (let i = 1; i < 4; i++) if (around[i][0] + around[i][1] < around[first][0] + around[first][1]) first = i;
  return [0, 1, 2, 3].map((i) => [...around[(first + i) % 4]]);
}

function convexHull(points) {
  // Andrew's monotone chain.
  const sorted = [...points].sort((p, q) => p[0] - q[0] || p[1] - q[1]);
  const cross = (o, a, b) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list) => {
    const chain = [];
    for (const p of list) {
      while (chain.length >= 2 && cross(chain[chain.length - 2], chain[chain.length - 1], p) <= 0) chain.pop();
      chain.push(p);
    }
    chain.pop();
    return chain;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

function quadArea(q) {
  let area = 0;
  for (let i = 0; i < 4; i++) area += q[i][0] * q[(i + 1) % 4][1] - q[(i + 1) % 4][0] * q[i][1];
  return Math.abs(area) / 2;
}

/** Four hull vertices enclosing (nearly) the largest area: each vertex moved in turn to its best place. */
function largestQuad(hull) {
  const n = hull.length;
  if (n < 4) return null;
  let picks = [0, 1, 2, 3].map((i) => Math.floor((i * n) / 4));
  let area = quadArea(picks.map((i) => hull[i]));
  for (let round = 0; round < 20; round++) {
    let improved = false;
    for (let slot = 0; slot < 4; slot++) {
      for (let candidate = 0; candidate < n; candidate++) {
        const trial = [...picks];
        trial[slot] = candidate;
        const sorted = [...trial].sort((a, b) => a - b);
        if (new Set(sorted).size < 4) continue;
        const value = quadArea(sorted.map((i) => hull[i]));
        if (value > area + 1e-9) { area = value; picks = sorted; improved = true; }
      }
    }
    if (!improved) break;
  }
  return picks.map((i) => hull[i]);
}

/** Dilation (`grow`) or erosion of a 0/1 mask by a square of radius r, through an integral image. */
function morph(mask, width, height, r, grow) {
  const integral = new Int32Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += mask[y * width + x];
      integral[(y + 1) * (width + 1) + x + 1] = integral[y * (width + 1) + x + 1] + row;
    }
  }
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r), y1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r), x1 = Math.min(width, x + r + 1);
      const sum = integral[y1 * (width + 1) + x1] - integral[y0 * (width + 1) + x1]
        - integral[y1 * (width + 1) + x0] + integral[y0 * (width + 1) + x0];
      // Erosion treats the picture's outside as set, so a board touching the edge survives.
      out[y * width + x] = grow ? (sum > 0 ? 1 : 0) : (sum === (2 * r + 1) ** 2 || (sum === (x1 - x0) * (y1 - y0)) ? 1 : 0);
    }
  }
  return out;
}

const ANGLE_BINS = 90; // the histogram of edge directions over a quarter turn (1° a bin)

/**
 * The `count` largest 4-connected components of a 0/1 mask with at least `least` pixels,
 * largest first, each {points, angle}: the extreme pixels of its rows ([x, y] points:
 * enough for its convex hull and its extent in any direction), and the direction of its
 * grid (gridAngle of its pixels, from `maps`' angleBins and weights).
 */
function components(mask, width, height, count, least, { angleBins, weights }) {
  const label = new Int32Array(mask.length);
  const stack = new Int32Array(mask.length);
  const sizes = [0];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start]) continue;
    const next = sizes.length;
    let top = 0, size = 0;
    stack[top++] = start;
    label[start] = next;
    while (top) {
      const i = stack[--top];
      size++;
      const x = i % width;
      if (x > 0 && mask[i - 1] && !label[i - 1]) { label[i - 1] = next; stack[top++] = i - 1; }
      if (x < width - 1 && mask[i + 1] && !label[i + 1]) { label[i + 1] = next; stack[top++] = i + 1; }
      if (i >= width && mask[i - width] && !label[i - width]) { label[i - width] = next; stack[top++] = i - width; }
      if (i + width < mask.length && mask[i + width] && !label[i + width]) { label[i + width] = next; stack[top++] = i + width; }
    }
    sizes.push(size);
  }
  const chosen = sizes.map((size, id) => [size, id]).slice(1).filter(([size]) => size >= least)
    .sort((a, b) => b[0] - a[0]).slice(0, count).map(([, id]) => id);
  // One pass for all of them: each row's extremes, and the histogram of edge directions.
  const slot = new Int8Array(sizes.length).fill(-1);
  chosen.forEach((id, n) => { slot[id] = n; });
  const lefts = chosen.map(() => new Int32Array(height).fill(-1)), rights = chosen.map(() => new Int32Array(height));
  const histograms = chosen.map(() => new Float64Array(ANGLE_BINS));
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      const n = slot[label[i]];
      if (n < 0) continue;
      if (lefts[n][y] < 0) lefts[n][y] = x;
      rights[n][y] = x;
      histograms[n][angleBins[i]] += weights[i];
    }
  }
  return chosen.map((_, n) => {
    const points = [];
    for (let y = 0; y < height; y++) {
      const left = lefts[n][y], right = rights[n][y];
      if (left >= 0) points.push([left, y], [right + 1, y], [left, y + 1], [right + 1, y + 1]);
    }
    return { points, angle: gridAngle(histograms[n]) };
  });
}

/**
 * The board's axes in the picture: the direction (radians, in [0, π/2)) around which the
 * edges' gradients gather, modulo a right angle — a grid's edges run two ways a right
 * angle apart, and a picture's other things (a cloth, a book) add fewer, in other
 * directions — from a histogram of the gradient's angle ×4 (so that the four sides of a
 * light fall in one bin: edgeMaps' angleBins), weighted by the capped gradient magnitude.
 */
function gridAngle(histogram) {
  const bins = histogram.length;
  let best = 0, bestValue = -1;
  for (let b = 0; b < bins; b++) {
    const value = histogram[(b + bins - 1) % bins] + 2 * histogram[b] + histogram[(b + 1) % bins];
    if (value > bestValue) { bestValue = value; best = b; }
  }
  return (((best + 0.5) / bins) * Math.PI) / 2;
}

/** The rectangle at `angle` (radians) around `points` ([x, y]): its four corners, in reading order. */
function orientedBox(points, angle) {
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  let uMin = Infinity, uMax = -Infinity, vMin = Infinity, vMax = -Infinity;
  for (const [x, y] of points) {
    const u = x * cos + y * sin, v = -x * sin + y * cos;
    uMin = Math.min(uMin, u); uMax = Math.max(uMax, u); vMin = Math.min(vMin, v); vMax = Math.max(vMax, v);
  }
  const back = ([u, v]) => [u * cos - v * sin, u * sin + v * cos];
  return orderCorners([[uMin, vMin], [uMax, vMin], [uMax, vMax], [uMin, vMax]].map(back));
}

/**
 * The grid's span along one axis of a rectified picture: the cut positions a < b (in
 * profile samples) such that the `cells` + 1 lines a + j (b − a) / cells sit on the
 * profile's peaks and the cells' middles between them in its troughs.
 */
function fitSpan(edgeProfile, lightProfile, cells, least) {
  const n = edgeProfile.length;
  const normal = (profile) => {
    let mean = 0, square = 0;
    for (const value of profile) { mean += value / n; square += (value * value) / n; }
    const spread = Math.sqrt(Math.max(1e-9, square - mean * mean));
    return profile.map((value) => value / spread);
  };
  const edge = normal(edgeProfile), light = normal(lightProfile);
  const at = (profile, x) => {
    const i = Math.min(n - 2, Math.max(0, Math.floor(x)));
    const f = Math.min(1, Math.max(0, x - i));
    return profile[i] * (1 - f) + profile[i + 1] * f;
  };
  let best = -Infinity, span = [0, n - 1];
  for (let a = 0; a < n * (1 - least); a++) {
    for (let b = Math.ceil(a + n * least); b < n; b++) {
      const pitch = (b - a) / cells;
      let edgeLines = 0, edgeMiddles = 0, lightLines = 0, lightMiddles = 0;
      for (let j = 0; j <= cells; j++) {
        edgeLines += at(edge, a + j * pitch);
        lightLines += at(light, a + j * pitch);
      }
      for (let j = 0; j < cells; j++) {
        edgeMiddles += at(edge, a + (j + 0.5) * pitch);
        lightMiddles += at(light, a + (j + 0.5) * pitch);
      }
      // Edges gather on the gap lines; the lights (lit or dark) differ from the case
      // between them, which pins the grid to the lights and not one cell aside.
      const score = edgeLines / (cells + 1) - edgeMiddles / cells + Math.abs(lightMiddles / cells - lightLines / (cells + 1));
      if (score > best) { best = score; span = [a, b]; }
    }
  }
  return span;
}

/** `values` capped at their `share` quantile, estimated from about `samples` of them (a few very strong edges must not outweigh the grid's many). */
function capped(values, share, samples = 4000) {
  const step = Math.max(1, Math.floor(values.length / samples));
  const sample = [];
  for (let i = 0; i < values.length; i += step) sample.push(values[i]);
  sample.sort((a, b) => a - b);
  const cap = sample[Math.floor(share * (sample.length - 1))];
  return values.map((value) => Math.min(value, cap));
}

const EDGE_SHARES = [0.35, 0.7, 1.2]; // of Otsu's threshold of the gradient: what counts as an edge, for each candidate
const BLOBS = 3; // blobs tried in each mask, largest first
// The least area of a board's grid, a share of the picture's: a board filling a third of
// the picture's width or more. Smaller grids are most often a few lights of a board read as
// a whole one (a 4 × 4 grid on 2 × 2 lit tiles: 3 pictures of 76 at 3 %).
const MIN_GRID = 0.08;
const POLISHED = 4; // the best-scored candidates polished; the best of them that looks like a board wins
// The least gridScore of a board: edges on its gap lines stronger than in its cells' middles
// by this much (brightness steps per pixel). A smooth gradient's best grid scored 0.14 at
// most (tests/js/scan-pictures.mjs renderNoBoard), boards at least 1.0 (the hard set's).
const MIN_GRID_SCORE = 0.5;
const RIVAL_SCORE = 0.1; // a polished grid within this share of the best one's boardScore is its rival
const CLEAR_LIGHTS = 2; // clearLights: the least number of lit lights, and of dark ones
const CLEAR_SEPARATION = 40; // clearLights: the least gap between the lit and the dark lights' mean brightness (0..255)
// Where the grid is looked for around a first quadrilateral: `margin` (a share of its side) outside
// it on each side, and the grid at least `least` of that window. A quadrilateral around the
// whole board needs little; one around a cluster of lit lights (the dark ones unseen) must
// let the grid reach well outside it.
const TIGHT = { margin: 0.08, least: 0.45 };
const WIDE = { margin: 0.5, least: 0.3 };

/** The grid fitted in the window `fit` (TIGHT or WIDE) around the quadrilateral `quad` of a picture (gray values): new corners. */
function fitGrid(gray, width, height, quad, rows, cols, { margin: MARGIN, least }) {
  const h = squareToQuad(quad);
  const side = 128; // samples across the window's longer side
  const w = Math.max(40, Math.round((side * cols) / Math.max(rows, cols)));
  const hgt = Math.max(40, Math.round((side * rows) / Math.max(rows, cols)));
  const span = 1 + 2 * MARGIN;
  const rect = new Float32Array(w * hgt);
  for (let y = 0; y < hgt; y++) {
    const v = -MARGIN + ((y + 0.5) / hgt) * span;
    for (let x = 0; x < w; x++) {
      const [px, py] = project(h, -MARGIN + ((x + 0.5) / w) * span, v);
      rect[y * w + x] = bilinear(gray, width, height, px, py);
    }
  }
  const dx = new Float32Array(w * hgt), dy = new Float32Array(w * hgt);
  for (let y = 1; y < hgt; y++) {
    for (let x = 1; x < w; x++) {
      const i = y * w + x;
      dx[i] = Math.abs(rect[i] - rect[i - 1]);
      dy[i] = Math.abs(rect[i] - rect[i - w]);
    }
  }
  const cappedX = capped(dx, 0.9, 1000), cappedY = capped(dy, 0.9, 1000);
  const across = new Float32Array(w), down = new Float32Array(hgt);
  const columnLight = new Float32Array(w), rowLight = new Float32Array(hgt);
  for (let y = 0; y < hgt; y++) {
    for (let x = 0; x < w; x++) {
      across[x] += cappedX[y * w + x];
      down[y] += cappedY[y * w + x];
      columnLight[x] += rect[y * w + x];
      rowLight[y] += rect[y * w + x];
    }
  }
  const smooth = (profile, pitch) => boxBlur(profile, profile.length, 1, Math.max(1, Math.round(pitch * 0.12)));
  const [x0, x1] = fitSpan(smooth(across, w / span / cols), columnLight, cols, least);
  const [y0, y1] = fitSpan(smooth(down, hgt / span / rows), rowLight, rows, least);
  const u = (x) => -MARGIN + (x / w) * span;
  const v = (y) => -MARGIN + (y / hgt) * span;
  return [[u(x0), v(y0)], [u(x1), v(y0)], [u(x1), v(y1)], [u(x0), v(y1)]].map(([a, b]) => project(h, a, b));
}

const MAX_CELL_RATIO = 1.8; // a cell's width to its height (or back) at most: square cells seen up to ~55° aslant

/**
 * How well `corners` frame a rows × cols grid in `edges` (a smoothed gradient map): the mean
 * edge strength on the gap lines minus that in the cells' middles; −Infinity for a grid
 * whose cells are far from square (a board's are square, and no photo slants them that much).
 */
function gridScore(edges, width, height, corners, rows, cols) {
  const side = (a, b) => Math.hypot(corners[b][0] - corners[a][0], corners[b][1] - corners[a][1]);
  const ratio = ((side(0, 1) + side(3, 2)) / cols) / ((side(0, 3) + side(1, 2)) / rows);
  if (!(ratio < MAX_CELL_RATIO && ratio > 1 / MAX_CELL_RATIO)) return -Infinity;
  const at = sampler(edges, width, height, squareToQuad(corners));
  let lines = 0, lineCount = 0, middles = 0, middleCount = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      // A cell's middle, and the middles of its top and left sides (and of the bottom and
      // right ones of the last row and column).
      const u = (c + 0.5) / cols, v = (r + 0.5) / rows;
      middles += at(u, v); middleCount++;
      lines += at(c / cols, v) + at(u, r / rows); lineCount += 2;
      if (c === cols - 1) { lines += at(1, v); lineCount++; }
      if (r === rows - 1) { lines += at(u, 1); lineCount++; }
    }
  }
  return lines / lineCount - middles / middleCount;
}

const SCORE_MIDDLE = [0.28, 0.5, 0.72]; // boardScore's samples across a cell's middle (3 × 3)
const CONTRAST_WEIGHT = 0.5; // boardScore: the weight of the lights' contrast (brightness) against gridScore's edges
const SPREAD_WEIGHT = 2; // ... and of the spread inside their middles against that contrast

/**
 * How well `corners` frame a rows × cols board in `maps` ({gray, smoothEdges, width,
 * height}: edgeMaps'): gridScore, plus CONTRAST_WEIGHT × (the median over the cells of
 * |the mean brightness of a cell's middle − the median of its borders| − SPREAD_WEIGHT ×
 * the mean over the cells of the spread inside a middle). A light, lit or dark, differs
 * from the case around it and is about even inside; a grid half a cell off puts its
 * middles across the lights' borders. Edges alone let a lit light's glow pull the grid
 * off: on the hard pictures of seeds 5 and 6 the true corners scored below a wrong
 * grid's on 7 of 76 pictures by edges alone, on none with the lights' contrast.
 */
function boardScore(maps, corners, rows, cols) {
  const { gray, smoothEdges, width, height } = maps;
  const edges = gridScore(smoothEdges, width, height, corners, rows, cols);
  if (edges === -Infinity) return edges;
  const at = sampler(gray, width, height, squareToQuad(corners));
  const contrasts = new Float64Array(rows * cols), ring = new Float64Array(RING.length);
  let spread = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      let sum = 0, square = 0;
      for (const dv of SCORE_MIDDLE) {
        for (const du of SCORE_MIDDLE) {
          const value = at((c + du) / cols, (r + dv) / rows);
          sum += value; square += value * value;
        }
      }
      const n = SCORE_MIDDLE.length ** 2, mean = sum / n;
      spread += Math.sqrt(Math.max(0, square / n - mean * mean));
      RING.forEach(([du, dv], i) => { ring[i] = at((c + du) / cols, (r + dv) / rows); });
      ring.sort();
      contrasts[r * cols + c] = Math.abs(mean - (ring[3] + ring[4]) / 2);
    }
  }
  contrasts.sort();
  const median = contrasts[Math.floor(contrasts.length / 2)];
  return edges + CONTRAST_WEIGHT * (median - SPREAD_WEIGHT * (spread / (rows * cols)));
}

/**
 * The grids one cell aside from `corners` (left, right, up, down), in the same
 * perspective: [{corners, dropped, added}], the last two the corners of the row or
 * column of cells the move leaves out and takes in (a 1 × cols or rows × 1 grid).
 */
export function shiftedGrids(corners, rows, cols) {
  const h = squareToQuad(corners);
  const frame = (u0, v0, u1, v1) => [[u0, v0], [u1, v0], [u1, v1], [u0, v1]].map(([u, v]) => project(h, u, v));
  const [du, dv] = [1 / cols, 1 / rows];
  return [
    { corners: frame(-du, 0, 1 - du, 1), dropped: frame(1 - du, 0, 1, 1), added: frame(-du, 0, 0, 1) },
    { corners: frame(du, 0, 1 + du, 1), dropped: frame(0, 0, du, 1), added: frame(1, 0, 1 + du, 1) },
    { corners: frame(0, -dv, 1, 1 - dv), dropped: frame(0, 1 - dv, 1, 1), added: frame(0, -dv, 1, 0) },
    { corners: frame(0, dv, 1, 1 + dv), dropped: frame(0, 0, 1, dv), added: frame(0, 1, 1, 1 + dv) },
  ].map((shift, i) => ({ ...shift, strip: i < 2 ? [rows, 1] : [1, cols] }));
}

/**
 * Each corner nudged (coordinate descent) while boardScore grows: steps of a quarter and an
 * eighth of a cell first (a candidate a good part of a cell off), then 2, 1 and ½ pixel.
 */
function polishCorners(maps, corners, rows, cols) {
  let current = corners.map((p) => [...p]);
  let best = boardScore(maps, current, rows, cols);
  const pitch = Math.sqrt(quadArea(corners) / (rows * cols));
  for (const step of [pitch / 4, pitch / 8, 2, 1, 0.5].filter((value, i) => i >= 2 || value > 2)) {
    for (let pass = 0; pass < 6; pass++) {
      let moved = false;
      for (let corner = 0; corner < 4; corner++) {
        for (let axis = 0; axis < 2; axis++) {
          for (const sign of [-1, 1]) {
            const trial = current.map((p) => [...p]);
            trial[corner][axis] += sign * step;
            let score;
            try { score = boardScore(maps, trial, rows, cols); } catch { continue; }
            if (score > best) { best = score; current = trial; moved = true; }
          }
        }
      }
      if (!moved) break;
    }
  }
  return current;
}

/** `mask` (0/1) closed by a square of radius `radius`: the gaps between the lights' edges filled. */
function closed(mask, width, height, radius) {
  return morph(morph(mask, width, height, radius, true), width, height, radius, false);
}

/**
 * Candidate grids in `masks` (0/1 arrays, each a guess at what belongs to the board): in
 * each, the few largest blobs, each framed two ways — the largest quadrilateral in its
 * convex hull (right for a whole board seen in perspective), and the rectangle around it
 * along the board's axes (gridAngle of the blob's edges; right when the blob is ragged: a
 * board with a cloth or a book touching it, a cluster of lit lights) — and the grid fitted
 * tight around each frame and in a wide window (for a blob that is part of the board).
 * Returns [{corners, score}] (boardScore), grids smaller than MIN_GRID of the picture left out.
 */
function candidateGrids(masks, maps, rows, cols) {
  const { gray, width, height } = maps;
  const grids = [], frames = [];
  const consider = (frame) => {
    if (!frame || quadArea(frame) < width * height * MIN_GRID / 2) return;
    // A frame (nearly) seen before needs no second fit.
    const near = (other) => other.every(([x, y], i) => Math.hypot(x - frame[i][0], y - frame[i][1]) < 2);
    if (frames.some(near)) return;
    frames.push(frame);
    for (const fit of [TIGHT, WIDE]) {
      try {
        const corners = orderCorners(fitGrid(gray, width, height, frame, rows, cols, fit));
        if (quadArea(corners) < width * height * MIN_GRID) continue;
        grids.push({ corners, score: boardScore(maps, corners, rows, cols) });
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
      }
    }
  };
  for (const mask of masks) {
    for (const { points, angle } of components(mask, width, height, BLOBS, width * height * MIN_GRID / 2, maps)) {
      const quad = largestQuad(convexHull(points));
      consider(quad && orderCorners(quad));
      consider(orientedBox(points, angle));
    }
  }
  return grids;
}

// Where a cell is sampled, in cells from its top-left corner: its middle (a GRID × GRID
// square, ±INNER of a cell around the centre) and its borders (RING, the local background).
const INNER = 0.22; // the sampled square of a cell: its middle, ±22 % of the cell around the centre
const GRID = 5; // samples per side of that square
const MIDDLE = Array.from({ length: GRID * GRID }, (_, i) => [
  0.5 + INNER * ((2 * (i % GRID)) / (GRID - 1) - 1), 0.5 + INNER * ((2 * Math.floor(i / GRID)) / (GRID - 1) - 1)]);
const RING = [[0, 0], [0.5, 0], [1, 0], [1, 0.5], [1, 1], [0.5, 1], [0, 1], [0, 0.5]];

const BOARD_CONTRAST = 4; // the least contrast (0..255 of brightness) of a board's cells with their borders
const BOARD_CONTRAST_RATIO = 1.4; // ... and of that contrast to the spread inside a cell's middle (plus 1)

/**
 * Whether the rows × cols grid framed by `corners` in `gray` (brightness, width × height)
 * is a board of lights: a light, lit or dark, differs from the case at its borders, and
 * is about even inside. The contrast is the 75th percentile over the cells of |the mean
 * of a cell's middle − the median of its borders| (a quarter of the cells may be lights
 * as dark as the case), the spread the median over the cells of the middle's standard
 * deviation. Noise spreads as much as it contrasts, a gradient contrasts with nothing:
 * over 450 such pictures (tests/js/scan-pictures.mjs renderNoBoard) the contrast was at
 * most 0.91 of the spread + 1, over 300 boards of the benchmark and 36 all-dark ones at
 * least 1.87.
 */
function looksLikeBoard(gray, width, height, corners, rows, cols) {
  const h = squareToQuad(corners);
  const at = (u, v) => bilinear(gray, width, height, ...project(h, u, v));
  const contrasts = [], spreads = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const middle = MIDDLE.map(([du, dv]) => at((c + du) / cols, (r + dv) / rows));
      const mean = middle.reduce((sum, value) => sum + value, 0) / middle.length;
      spreads.push(Math.sqrt(middle.reduce((sum, value) => sum + (value - mean) ** 2, 0) / middle.length));
      const ring = RING.map(([du, dv]) => at((c + du) / cols, (r + dv) / rows)).sort((a, b) => a - b);
      contrasts.push(Math.abs(mean - (ring[3] + ring[4]) / 2));
    }
  }
  const quantile = (values, share) => values.sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(share * values.length))];
  const contrast = quantile(contrasts, 0.75);
  return contrast >= BOARD_CONTRAST && contrast >= BOARD_CONTRAST_RATIO * (quantile(spreads, 0.5) + 1);
}

/**
 * Whether the rows × cols grid framed by `corners` in `image` reads as lights beyond doubt:
 * lit and dark ones at least CLEAR_LIGHTS of each, CLEAR_SEPARATION apart, every light's
 * margin SURE_MARGIN or more. A dim room blurs a board's edges into its lights' glow
 * (gridScore near 0), but its lights still split cleanly; noise and gradients do not.
 */
function clearLights(image, corners, rows, cols) {
  const { states, separation, margins } = classify(sampleCells(image, corners, rows, cols));
  const lit = states.reduce((sum, state) => sum + (state ? 1 : 0), 0);
  return separation >= CLEAR_SEPARATION && Math.min(lit, states.length - lit) >= CLEAR_LIGHTS && margins.every((margin) => margin >= SURE_MARGIN);
}

/**
 * The maps the corners are found on, of a picture at DETECT_SIDE: {gray (brightness, a
 * little blurred), edges (gradient magnitude), angleBins (the gradient's direction ×4 in
 * ANGLE_BINS steps of a quarter turn: gridAngle's), weights (the edges capped at their 90th
 * percentile: a few very strong ones must not outweigh the grid's many), smoothEdges
 * (those smoothed over about a gap's width: what gridScore scores), radius (a third of
 * a cell of a board filling the picture's shorter side, in pixels)}.
 */
function edgeMaps(small, rows, cols) {
  const { width, height } = small;
  const gray = boxBlur(luma(small), width, height, 1);
  const { dx, dy, magnitude: edges } = gradient(gray, width, height);
  const radius = Math.max(2, Math.round(Math.min(width, height) / (Math.max(rows, cols) * 3)));
  const weights = capped(edges, 0.9);
  const smoothEdges = boxBlur(weights, width, height, Math.max(1, Math.round(radius / 4)));
  const angleBins = new Uint8Array(edges.length);
  for (let i = 0; i < edges.length; i++) {
    if (!edges[i]) continue;
    const angle = ((Math.atan2(dy[i], dx[i]) * 4) / (2 * Math.PI) + 1) % 1; // a quarter turn, as a share of a turn
    angleBins[i] = Math.floor(angle * ANGLE_BINS) % ANGLE_BINS;
  }
  return { gray, weights, smoothEdges, angleBins, edges, radius, width, height };
}

/**
 * The four corners of a rows × cols board's grid of cells in `image` (top-left first,
 * clockwise, in the image's pixels), or null when nothing board-like stands out: no
 * grid of edges, or a grid whose cells do not stand out from their borders (looksLikeBoard).
 */
export function detectCorners(image, { rows, cols }) {
  return locateBoard(image, { rows, cols })?.corners ?? null;
}

/**
 * detectCorners' search: {corners, rivals} — rivals are the other grids (corners) that
 * scored nearly as well (within RIVAL_SCORE) and frame the board differently — or null.
 */
function locateBoard(image, { rows, cols }) {
  const { image: small, factor } = downscale(image, DETECT_SIDE);
  const { width, height } = small;
  const maps = edgeMaps(small, rows, cols);
  const { gray, edges, smoothEdges, radius } = maps;
  // Otsu's cut of the gradients keeps only the strongest edges (lit cells); the faint ones
  // of dark cells on a dark case count too, well above the noise left after the blur, but
  // so may a textured background or the things around the board: each cut gives
  // candidates, and so do the bright parts of the picture (the lit lights, when a dim room
  // hides the dark ones); the one framing the best grid wins.
  // Each mask is closed twice: by `radius`, which fills the lights of a board filling the
  // picture, and by a third of it, which only bridges the gaps between lights — a small
  // board among things on a table would merge with them at the larger radius.
  const cut = otsu(edges).threshold;
  const middle = otsu(gray).threshold;
  const masks = [
    ...EDGE_SHARES.map((share) => edges.map((value) => (value > share * cut ? 1 : 0))),
    // The bright parts and the dark ones: lit lights, and a dark case on a lighter table.
    gray.map((value) => (value > middle ? 1 : 0)),
    gray.map((value) => (value <= middle ? 1 : 0)),
  ].flatMap((mask) => [radius, Math.max(1, Math.round(radius / 3))].map((r) => closed(mask, width, height, r)));
  const grids = candidateGrids(masks, maps, rows, cols).sort((a, b) => b.score - a.score);
  const boards = [];
  for (const grid of grids.slice(0, POLISHED)) {
    let corners = polishCorners(maps, grid.corners, rows, cols);
    let score = boardScore(maps, corners, rows, cols);
    // A grid one cell aside frames lights as well as the right one, but not the outer edges.
    for (let moves = 0; moves < 3; moves++) {
      const rival = shiftedGrids(corners, rows, cols).map(({ corners: shifted }) => ({ shifted, score: boardScore(maps, shifted, rows, cols) }))
        .reduce((a, b) => (b.score > a.score ? b : a));
      if (rival.score <= score) break;
      corners = polishCorners(maps, rival.shifted, rows, cols);
      score = boardScore(maps, corners, rows, cols);
    }
    if (looksLikeBoard(gray, width, height, corners, rows, cols) && framesLights(maps, small, corners, rows, cols)) boards.push({ corners, score });
  }
  if (!boards.length) return null;
  const best = boards.reduce((a, b) => (b.score > a.score ? b : a));
  // Another grid scoring nearly as well, and not the same one: the reading is in doubt
  // where the two read differently.
  const pitch = Math.sqrt(quadArea(best.corners) / (rows * cols));
  const rivals = boards.filter(({ corners, score }) => score >= best.score - RIVAL_SCORE * Math.abs(best.score)
    && Math.max(...corners.map(([x, y], i) => Math.hypot(x - best.corners[i][0], y - best.corners[i][1]))) > pitch / 3);
  const scale = (corners) => corners.map(([x, y]) => [x * factor, y * factor]);
  return { corners: scale(best.corners), rivals: rivals.map(({ corners }) => scale(corners)) };
}

/**
 * Whether the grid framed by `corners` in `small` (at DETECT_SIDE; `maps` its edgeMaps)
 * frames lights: its gap lines hold more edges than its cells' middles (gridScore at
 * least MIN_GRID_SCORE), or its lights split cleanly (clearLights).
 */
function framesLights(maps, small, corners, rows, cols) {
  return gridScore(maps.smoothEdges, maps.width, maps.height, corners, rows, cols) >= MIN_GRID_SCORE || clearLights(small, corners, rows, cols);
}

// ---------------------------------------------------------------------------------
// Reading the lights


/**
 * The colour of every cell of a rows × cols grid framed by `corners` in `image`:
 * {colours: Float32Array (r, g, b per cell, the mean over the cell's middle), rings:
 * Float32Array (the brightness on the cell's borders, the local background), spreads:
 * Float32Array (the standard deviation of the brightness over the cell's middle: a light
 * is about even, a middle astride a light's border is not), rows, cols}. Brightness is a
 * pixel's largest channel.
 */
export function sampleCells(image, corners, rows, cols) {
  const h = squareToQuad(corners);
  const { width, height, data } = image;
  const pixel = (x, y) => {
    const px = Math.min(width - 1, Math.max(0, Math.floor(x)));
    const py = Math.min(height - 1, Math.max(0, Math.floor(y)));
    return (py * width + px) * 4;
  };
  const colours = new Float32Array(rows * cols * 3);
  const rings = new Float32Array(rows * cols);
  const spreads = new Float32Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const cell = r * cols + c;
      let red = 0, green = 0, blue = 0, sum = 0, square = 0;
      for (const [du, dv] of MIDDLE) {
        const p = pixel(...project(h, (c + du) / cols, (r + dv) / rows));
        red += data[p]; green += data[p + 1]; blue += data[p + 2];
        const value = Math.max(data[p], data[p + 1], data[p + 2]);
        sum += value; square += value * value;
      }
      const count = MIDDLE.length;
      colours.set([red / count, green / count, blue / count], cell * 3);
      spreads[cell] = Math.sqrt(Math.max(0, square / count - (sum / count) ** 2));
      const ring = RING.map(([du, dv]) => {
        const p = pixel(...project(h, (c + du) / cols, (r + dv) / rows));
        return Math.max(data[p], data[p + 1], data[p + 2]);
      }).sort((a, b) => a - b);
      rings[cell] = (ring[3] + ring[4]) / 2; // the median: a bright neighbour's glow on one side counts little
    }
  }
  return { colours, rings, spreads, rows, cols };
}

/** The hue (degrees, 0 = red, 120 = green, 240 = blue) of an [r, g, b] colour; adding white leaves it unchanged. */
export function hue(r, g, b) {
  const degrees = (Math.atan2((Math.sqrt(3) / 2) * (g - b), r - (g + b) / 2) * 180) / Math.PI;
  return (degrees + 360) % 360;
}

/** The hue of a CSS colour "#rrggbb". */
export function hueOfHex(hex) {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return hue(r, g, b);
}

const OWN_RING = 0.4; // the weight of a light's own ring in its background (the rest: the darkest ring around it)
const MIN_CONTRAST = 18; // lit and dark cells differ by at least this much brightness (0..255), or all are alike

/**
 * The middle of the widest gap between sorted `values` lying between `low` and `high`
 * (Otsu's two class means). Otsu's own cut moves into a class whose values spread (lit
 * lights under uneven lighting, a tight group of dark ones); the empty stretch between
 * the classes does not.
 */
function widestGap(values, low, high) {
  const sorted = Float64Array.from(values).sort();
  let best = -1, middle = (low + high) / 2;
  for (let i = 1; i < sorted.length; i++) {
    const a = Math.max(low, sorted[i - 1]), b = Math.min(high, sorted[i]);
    if (b - a > best) { best = b - a; middle = (a + b) / 2; }
  }
  return middle;
}

function hueDistance(a, b) {
  const d = Math.abs(a - b) % 360;
  return Math.min(d, 360 - d);
}

/**
 * The state of each cell (Uint8Array, 0..k−1) from sampleCells' result. `sensitivity`
 * (−1..1, 0 by default) moves the lit/dark threshold: higher reads more cells as lit.
 * With k > 2, `hues` are the hues (degrees) of states 1..k−1 (the colours the page draws
 * them in; evenly spread from red when not given). Returns {states, threshold, brightness,
 * separation, margins}: separation is the gap between the lit and the dark cells' mean
 * brightness (MIN_CONTRAST at least), margins (Float32Array) how sure each cell's state
 * is — its distance from the threshold, or from the middle between the lit and the dark
 * cells' median brightness when nearer, as a share of the separation, and for a lit cell
 * with k > 2 at most its hue's margin (1 − its distance to its colour's centre over its
 * distance to the nearest other colour's centre).
 */
export function classify({ colours, rings, rows = 0, cols = 0 }, { k = 2, sensitivity = 0, hues = null } = {}) {
  const cells = rings.length;
  // A light's background: its own ring (the median of its border points) blended with the
  // darkest ring among it and its neighbours. A lit light's glow brightens the borders it
  // shares, so among lit lights its own ring alone is no background; the darkest one
  // nearby alone misses a glare on a dark light, which its own ring has too.
  const brightness = new Float32Array(cells);
  const grid = rows * cols === cells;
  for (let i = 0; i < cells; i++) {
    let background = rings[i];
    if (grid) {
      const r = Math.floor(i / cols), c = i % cols;
      for (let rr = Math.max(0, r - 1); rr <= Math.min(rows - 1, r + 1); rr++) {
        for (let cc = Math.max(0, c - 1); cc <= Math.min(cols - 1, c + 1); cc++) background = Math.min(background, rings[rr * cols + cc]);
      }
    }
    brightness[i] = Math.max(colours[3 * i], colours[3 * i + 1], colours[3 * i + 2]) - (OWN_RING * rings[i] + (1 - OWN_RING) * background);
  }
  const { low, high } = otsu(brightness);
  let threshold;
  if (high - low >= MIN_CONTRAST) threshold = widestGap(brightness, low, high) - sensitivity * ((high - low) / 2);
  else {
    // One kind of cell only: dark unless they stand out from their borders.
    threshold = MIN_CONTRAST * (1 - sensitivity);
  }
  const separation = Math.max(high - low, MIN_CONTRAST);
  const states = new Uint8Array(cells);
  const margins = new Float32Array(cells);
  const lit = [];
  for (let i = 0; i < cells; i++) if (brightness[i] > threshold) { states[i] = 1; lit.push(i); }
  // A light is sure when it is far from the threshold and from the middle between the lit
  // and the dark lights' medians: a light between the two (a weak lamp) may sit far from a
  // threshold the widest gap put next to the other class.
  const median = (values) => (values.length ? Float64Array.from(values).sort()[Math.floor(values.length / 2)] : NaN);
  const between = (median(lit.map((i) => brightness[i])) + median([...brightness].filter((value) => value <= threshold))) / 2;
  for (let i = 0; i < cells; i++) {
    const fromMiddle = Number.isNaN(between) ? Infinity : Math.abs(brightness[i] - between);
    margins[i] = Math.min(Math.abs(brightness[i] - threshold), fromMiddle) / separation;
  }
  if (k > 2 && lit.length) {
    const seeds = hues ?? Array.from({ length: k - 1 }, (_, i) => (i * 300) / Math.max(1, k - 2));
    const centres = [...seeds];
    const cellHues = lit.map((i) => hue(colours[3 * i], colours[3 * i + 1], colours[3 * i + 2]));
    // k-means on the hue circle, seeded with the states' own hues; a cluster keeps its state.
    const assign = () => cellHues.map((value) => {
      let best = 0;
      for (let s = 1; s < centres.length; s++) if (hueDistance(value, centres[s]) < hueDistance(value, centres[best])) best = s;
      return best;
    });
    let groups = assign();
    for (let round = 0; round < 8; round++) {
      for (let s = 0; s < centres.length; s++) {
        let x = 0, y = 0, n = 0;
        groups.forEach((group, j) => {
          if (group !== s) return;
          x += Math.cos((cellHues[j] * Math.PI) / 180); y += Math.sin((cellHues[j] * Math.PI) / 180); n++;
        });
        // A cluster stays near its seed: a board without one of the colours must not split another.
        if (n) {
          const mean = ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
          if (hueDistance(mean, seeds[s]) < 60) centres[s] = mean;
        }
      }
      const next = assign();
      if (next.every((group, j) => group === groups[j])) break;
      groups = next;
    }
    lit.forEach((i, j) => {
      states[i] = groups[j] + 1;
      const own = hueDistance(cellHues[j], centres[groups[j]]);
      const other = Math.min(...centres.map((centre, s) => (s === groups[j] ? Infinity : hueDistance(cellHues[j], centre))));
      margins[i] = Math.min(margins[i], 1 - own / Math.max(other, 1e-9));
    });
  }
  return { states, threshold, brightness, separation, margins };
}

// When a reading is doubtful (issue 31): a light's margin (classify) below SURE_MARGIN; a
// middle whose brightness spreads more than STRADDLE × the lit/dark separation (the grid
// is off and the cell's middle lies across a light's border); another grid the search
// found nearly as good (locateBoard's rivals), or a grid one cell aside whose new row or
// column frames lights at least RIVAL × as well as the one it leaves (gridScore), for the
// lights they read otherwise; every light when the corners frame no lights (framesLights).
// Set on the hard pictures of seeds 5 and 6 (tests/js/scan-pictures.mjs hardSpecs), the
// seeds the detection was tuned on: right readings' least margin was 0.2, their largest
// spread 0.11 of the separation; see tests/bench_scan.mjs for the unseen seeds.
const SURE_MARGIN = 0.12;
const STRADDLE = 0.2;
const RIVAL = 0.8;

/**
 * The lights whose reading is doubtful (Uint8Array, 1 = doubtful, cell r * cols + c) for
 * the grid `corners` in `image` (already at most SAMPLE_SIDE), given its sampleCells
 * result `cells` and its classify result `read` (`options`: classify's, with rows, cols),
 * and `rivals`, other grids (corners) the search found nearly as good.
 */
function doubtfulLights(image, corners, cells, read, options, rivals = []) {
  const { rows, cols } = options;
  const doubtful = new Uint8Array(rows * cols);
  const { image: small, factor } = downscale(image, DETECT_SIDE);
  const maps = edgeMaps(small, rows, cols);
  const { smoothEdges } = maps;
  const scaled = corners.map(([x, y]) => [x / factor, y / factor]);
  try {
    if (!framesLights(maps, small, scaled, rows, cols)) return doubtful.fill(1);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return doubtful.fill(1);
  }
  const differing = (rival) => {
    const other = classify(sampleCells(image, rival, rows, cols), options).states;
    other.forEach((state, i) => { if (state !== read.states[i]) doubtful[i] = 1; });
  };
  rivals.forEach(differing);
  for (let i = 0; i < doubtful.length; i++) {
    if (read.margins[i] < SURE_MARGIN || cells.spreads[i] > STRADDLE * read.separation) doubtful[i] = 1;
  }
  // A grid one cell aside is a rival when the row or column of cells it takes in frames
  // lights about as well as the one it leaves out.
  for (const { corners: shifted, dropped, added, strip } of shiftedGrids(scaled, rows, cols)) {
    const kept = gridScore(smoothEdges, small.width, small.height, dropped, ...strip);
    if (gridScore(smoothEdges, small.width, small.height, added, ...strip) < RIVAL * kept) continue;
    differing(shifted.map(([x, y]) => [x * factor, y * factor]));
  }
  return doubtful;
}

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
  const doubtful = doubtfulLights(working, found, cells, read, options, located.rivals);
  return { corners: found.map(([x, y]) => [x * factor, y * factor]), ...read, doubtful };
}
