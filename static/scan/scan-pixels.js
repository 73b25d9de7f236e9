// @ts-check
// Scan's pixel and plane maths (static/scan/scan.js is the reading as a whole): pictures as RGBA
// arrays {width, height, data} (a canvas ImageData's shape) and maps of one number a pixel
// (Float32Array, width × height) — downscaling, brightness, blur, gradient, Otsu's
// threshold, dilation and erosion — and the plane's: the homography of four corners,
// corners in reading order, convex hulls and quadrilaterals.

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
export function sampler(values, width, height, h) {
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = h;
  return (u, v) => {
    const w = h6 * u + h7 * v + h8;
    return bilinear(values, width, height, (h0 * u + h1 * v + h2) / w, (h3 * u + h4 * v + h5) / w);
  };
}

export function bilinear(values, width, height, x, y) {
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

/** The median of `values` (numbers; NaN when there are none): the upper one of an even count. */
export function median(values) {
  return values.length ? Float64Array.from(values).sort()[Math.floor(values.length / 2)] : NaN;
}

/** `values` capped at their `share` quantile, estimated from about `samples` of them (a few very strong edges must not outweigh the grid's many). */
export function capped(values, share, samples = 4000) {
  const step = Math.max(1, Math.floor(values.length / samples));
  const sample = [];
  for (let i = 0; i < values.length; i += step) sample.push(values[i]);
  sample.sort((a, b) => a - b);
  const cap = sample[Math.floor(share * (sample.length - 1))];
  return values.map((value) => Math.min(value, cap));
}

/** Dilation (`grow`) or erosion of a 0/1 mask by a square of radius r, through an integral image. */
export function morph(mask, width, height, r, grow) {
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

export function convexHull(points) {
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

export function quadArea(q) {
  let area = 0;
  for (let i = 0; i < 4; i++) area += q[i][0] * q[(i + 1) % 4][1] - q[(i + 1) % 4][0] * q[i][1];
  return Math.abs(area) / 2;
}

/** Four hull vertices enclosing (nearly) the largest area: each vertex moved in turn to its best place. */
export function largestQuad(hull) {
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
