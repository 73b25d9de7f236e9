// Reading a board from a picture (Scan): pure functions on RGBA pixel arrays
// {width, height, data} (the shape of a canvas ImageData), no DOM, so that the page and
// the benchmark (tests/bench_scan.mjs) run the same code under node --test.
//
// The steps, each its own function:
//  1. downscale: box-average the picture to a working size (a 12-megapixel photo holds far
//     more pixels than 25 lights need);
//  2. detectCorners: the four corners of the board's grid of cells. An edge map (gradient
//     magnitude, thresholded by Otsu's method), closed so the lights merge into one blob,
//     gives a first quadrilateral: the largest one inside the convex hull of the largest
//     blob. Knowing rows × cols, the grid is then fitted inside it: in the picture
//     rectified by that quadrilateral, the gaps between cells are where the edge profile
//     peaks every 1/cols of the width (and 1/rows of the height); last, each corner is
//     nudged while the edges on the gap lines gain on those inside the cells; last, a
//     picture whose grid's cells do not stand out from their borders (noise, a gradient,
//     a wall) holds no board (looksLikeBoard);
//  3. homography: the perspective transform the four corners define (the unit square to
//     the quadrilateral), so each cell is sampled in the middle of its own square, away
//     from its borders, together with a ring on its borders (the local background);
//  4. classify: a cell's brightness (max channel) minus its background (its own ring,
//     the borders' brightness, blended with the darkest ring around it), split in two at
//     the widest gap between Otsu's two class means, moved by the sensitivity (lit /
//     dark); with k > 2 states the lit cells are grouped by hue into k − 1 clusters
//     (k-means on the hue circle, seeded with the colours the states are drawn in), so a
//     glare, which adds white, changes no hue.
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

/** Gradient magnitude |∂x| + |∂y| (central differences) of a width × height array. */
export function gradient(values, width, height) {
  const out = new Float32Array(values.length);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      out[i] = Math.abs(values[i + 1] - values[i - 1]) + Math.abs(values[i + width] - values[i - width]);
    }
  }
  return out;
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

/** The pixels of the largest 4-connected component of a 0/1 mask, as the extreme pixels of each row ([x, y] points). */
function largestComponent(mask, width, height) {
  const label = new Int32Array(mask.length);
  const stack = new Int32Array(mask.length);
  let best = 0, bestSize = 0, next = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start]) continue;
    next++;
    let top = 0, size = 0;
    stack[top++] = start;
    label[start] = next;
    while (top) {
      const i = stack[--top];
      size++;
      const x = i % width;
      for (const j of [x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1, i - width, i + width]) {
        if (j >= 0 && j < mask.length && mask[j] && !label[j]) { label[j] = next; stack[top++] = j; }
      }
    }
    if (size > bestSize) { bestSize = size; best = next; }
  }
  if (!best) return [];
  const points = [];
  for (let y = 0; y < height; y++) {
    let left = -1, right = -1;
    for (let x = 0; x < width; x++) if (label[y * width + x] === best) { if (left < 0) left = x; right = x; }
    if (left >= 0) points.push([left, y], [right + 1, y], [left, y + 1], [right + 1, y + 1]);
  }
  return points;
}

/**
 * The grid's span along one axis of a rectified picture: the cut positions a < b (in
 * profile samples) such that the `cells` + 1 lines a + j (b − a) / cells sit on the
 * profile's peaks and the cells' middles between them in its troughs.
 */
function fitSpan(edgeProfile, lightProfile, cells) {
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
  for (let a = 0; a < n * 0.4; a++) {
    for (let b = Math.ceil(a + n * 0.45); b < n; b++) {
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

/** `values` capped at their `share` quantile (a few very strong edges must not outweigh the grid's many). */
function capped(values, share) {
  const step = Math.max(1, Math.floor(values.length / 4000));
  const sample = [];
  for (let i = 0; i < values.length; i += step) sample.push(values[i]);
  sample.sort((a, b) => a - b);
  const cap = sample[Math.floor(share * (sample.length - 1))];
  return values.map((value) => Math.min(value, cap));
}

const EDGE_SHARES = [0.35, 0.7, 1.2]; // of Otsu's threshold of the gradient: what counts as an edge, for each candidate
const MARGIN = 0.08; // how far outside the first quadrilateral the grid may lie (a fraction of its side)

/** The grid fitted inside the quadrilateral `quad` of a picture (gray values): new corners. */
function fitGrid(gray, width, height, quad, rows, cols) {
  const h = squareToQuad(quad);
  const side = 200;
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
  const cappedX = capped(dx, 0.9), cappedY = capped(dy, 0.9);
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
  const [x0, x1] = fitSpan(smooth(across, w / span / cols), columnLight, cols);
  const [y0, y1] = fitSpan(smooth(down, hgt / span / rows), rowLight, rows);
  const u = (x) => -MARGIN + (x / w) * span;
  const v = (y) => -MARGIN + (y / hgt) * span;
  return [[u(x0), v(y0)], [u(x1), v(y0)], [u(x1), v(y1)], [u(x0), v(y1)]].map(([a, b]) => project(h, a, b));
}

/**
 * How well `corners` frame a rows × cols grid in `edges` (a smoothed gradient map): the mean
 * edge strength on the gap lines minus that in the cells' middles.
 */
function gridScore(edges, width, height, corners, rows, cols) {
  const h = squareToQuad(corners);
  let lines = 0, lineCount = 0, middles = 0, middleCount = 0;
  const at = (u, v) => {
    const [x, y] = project(h, u, v);
    return bilinear(edges, width, height, x, y);
  };
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const u = (c + 0.5) / cols, v = (r + 0.5) / rows;
      middles += at(u, v); middleCount++;
      lines += at(c / cols, v) + at(u, r / rows); lineCount += 2;
      if (c === cols - 1) { lines += at(1, v); lineCount++; }
      if (r === rows - 1) { lines += at(u, 1); lineCount++; }
    }
  }
  return lines / lineCount - middles / middleCount;
}

/** Each corner nudged (coordinate descent, steps of 2, 1 and ½ pixel) while gridScore grows. */
function polishCorners(edges, width, height, corners, rows, cols) {
  let current = corners.map((p) => [...p]);
  let best = gridScore(edges, width, height, current, rows, cols);
  for (const step of [2, 1, 0.5]) {
    for (let pass = 0; pass < 6; pass++) {
      let moved = false;
      for (let corner = 0; corner < 4; corner++) {
        for (let axis = 0; axis < 2; axis++) {
          for (const sign of [-1, 1]) {
            const trial = current.map((p) => [...p]);
            trial[corner][axis] += sign * step;
            let score;
            try { score = gridScore(edges, width, height, trial, rows, cols); } catch { continue; }
            if (score > best) { best = score; current = trial; moved = true; }
          }
        }
      }
      if (!moved) break;
    }
  }
  return current;
}

/** One candidate grid: the largest blob of edges above `threshold`, its quadrilateral, the grid fitted in it: {corners, score}. */
function candidate(gray, edges, smoothEdges, width, height, threshold, radius, rows, cols, quads) {
  const mask = new Uint8Array(edges.length);
  for (let i = 0; i < edges.length; i++) mask[i] = edges[i] > threshold ? 1 : 0;
  // Close the gaps between the lights' edges: a little more than half a cell of a board
  // filling half the picture's shorter side.
  const closed = morph(morph(mask, width, height, radius, true), width, height, radius, false);
  const points = largestComponent(closed, width, height);
  if (points.length < 8) return null;
  const quad = largestQuad(convexHull(points));
  if (!quad || quadArea(quad) < width * height * 0.01) return null;
  let corners = orderCorners(quad);
  // A quadrilateral (nearly) found before needs no second fit.
  const near = (other) => other.every(([x, y], i) => Math.hypot(x - corners[i][0], y - corners[i][1]) < 2);
  if (quads.some(near)) return null;
  quads.push(corners);
  try {
    corners = orderCorners(fitGrid(gray, width, height, corners, rows, cols));
    const score = gridScore(smoothEdges, width, height, corners, rows, cols);
    return { quad, corners, score };
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return null;
  }
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
 * The four corners of a rows × cols board's grid of cells in `image` (top-left first,
 * clockwise, in the image's pixels), or null when nothing board-like stands out: no
 * grid of edges, or a grid whose cells do not stand out from their borders (looksLikeBoard).
 */
export function detectCorners(image, { rows, cols }) {
  const { image: small, factor } = downscale(image, DETECT_SIDE);
  const { width, height } = small;
  const gray = boxBlur(luma(small), width, height, 1);
  const edges = gradient(gray, width, height);
  // Otsu's cut of the gradients keeps only the strongest edges (lit cells); the faint ones
  // of dark cells on a dark case count too, well above the noise left after the blur, but
  // so may a textured background: each cut gives a candidate, and the one framing the
  // best grid wins.
  const cut = otsu(edges).threshold;
  const radius = Math.max(2, Math.round(Math.min(width, height) / (Math.max(rows, cols) * 3)));
  // What a grid is scored on: the edges, capped and smoothed over about a gap's width.
  const smoothEdges = boxBlur(capped(edges, 0.9), width, height, Math.max(1, Math.round(radius / 4)));
  let best = null;
  const quads = [];
  for (const share of EDGE_SHARES) {
    const found = candidate(gray, edges, smoothEdges, width, height, share * cut, radius, rows, cols, quads);
    if (found && (!best || found.score > best.score)) best = found;
  }
  if (!best) return null;
  const corners = polishCorners(smoothEdges, width, height, best.corners, rows, cols);
  if (!looksLikeBoard(gray, width, height, corners, rows, cols)) return null;
  return corners.map(([x, y]) => [x * factor, y * factor]);
}

// ---------------------------------------------------------------------------------
// Reading the lights


/**
 * The colour of every cell of a rows × cols grid framed by `corners` in `image`:
 * {colours: Float32Array (r, g, b per cell, the mean over the cell's middle), rings:
 * Float32Array (the brightness on the cell's borders, the local background), rows, cols}.
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
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const cell = r * cols + c;
      let red = 0, green = 0, blue = 0;
      for (const [du, dv] of MIDDLE) {
        const p = pixel(...project(h, (c + du) / cols, (r + dv) / rows));
        red += data[p]; green += data[p + 1]; blue += data[p + 2];
      }
      const count = MIDDLE.length;
      colours.set([red / count, green / count, blue / count], cell * 3);
      const ring = RING.map(([du, dv]) => {
        const p = pixel(...project(h, (c + du) / cols, (r + dv) / rows));
        return Math.max(data[p], data[p + 1], data[p + 2]);
      }).sort((a, b) => a - b);
      rings[cell] = (ring[3] + ring[4]) / 2; // the median: a bright neighbour's glow on one side counts little
    }
  }
  return { colours, rings, rows, cols };
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
 * them in; evenly spread from red when not given). Returns {states, threshold, brightness}.
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
  const states = new Uint8Array(cells);
  const lit = [];
  for (let i = 0; i < cells; i++) if (brightness[i] > threshold) { states[i] = 1; lit.push(i); }
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
    lit.forEach((i, j) => { states[i] = groups[j] + 1; });
  }
  return { states, threshold, brightness };
}

/**
 * Read a rows × cols board with k states from `image`: the corners (given, or found by
 * detectCorners; null when none were found) and the states. The picture is sampled at
 * SAMPLE_SIDE at most. Returns {corners, states, threshold, brightness} (states null
 * without corners).
 */
export function scanImage(image, { rows, cols, k = 2, corners = null, sensitivity = 0, hues = null }) {
  // One pass over a big photo: the corners are found in the sampling copy (itself
  // downscaled again for that), not in the original.
  const { image: working, factor } = downscale(image, SAMPLE_SIDE);
  const found = corners ? corners.map(([x, y]) => [x / factor, y / factor]) : detectCorners(working, { rows, cols });
  if (!found) return { corners: null, states: null, threshold: null, brightness: null };
  const read = classify(sampleCells(working, found, rows, cols), { k, sensitivity, hues });
  return { corners: found.map(([x, y]) => [x * factor, y * factor]), ...read };
}
