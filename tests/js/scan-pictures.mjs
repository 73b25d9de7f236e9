// @ts-check
// Test pictures for Scan (static/scan/scan.js): boards rendered as a camera or a screenshot would
// show them, from a seed, with the truth (the board's states and its grid's corners).
//
// A board is a random solvable one (random presses of the plus rule from all off, mod k).
// Styles: "glow" (rounded buttons glowing on a dark case, a table behind), "flat" (a
// game's flat tiles on a panel), "lo2000" (Lights Out 2000: off / red / green on a dark
// case). The board plane is turned (up to 30° in the picture's plane), tilted (up to 25°
// about each axis) and projected with a pinhole camera; then uneven lighting, a glare
// spot, blur and noise. Pixels are RGBA arrays {width, height, data}, like ImageData.
// The hard conditions of a phone photo (issue 31), each off unless the spec asks for it:
// `clutter` (things on the table around the board: books, cups, a striped cloth, rows of
// small coloured lamps like lit buttons), `dim` (a dim room: what the room lights is
// darkened, lit buttons, which shine by themselves, are not, and the camera's noise grows)
// and `jpeg` (a JPEG round trip at that quality: 8×8 DCT, 4:2:0 colour). hardSpecs draws
// them, with the sizes of a phone's camera (12 megapixels) among the sizes.
//
// Also a command line, for the browser tests (a PNG or a .y4m video for Chromium's fake
// camera) — prints the truth as JSON:
//   node tests/js/scan-pictures.mjs --seed 7 --rows 5 --cols 5 [--k 3 --style lo2000]
//        [--width 800 --height 600] [--clutter 6 --dim 0.3 --jpeg 60 --lit-block 2x3]
//        [--faint 1] [--glare 0] [--states 1000000000000000000000000 (r * cols + c)]
//        --png out.png [--y4m out.y4m --frames 30]
// or a picture with no board (renderNoBoard; prints {}):
//   node tests/js/scan-pictures.mjs --seed 7 --none noise --png out.png

import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { homography, project } from "../../static/scan/scan.js";
import { seeded } from "./seeded.mjs";

/** A random solvable rows × cols board with k states (presses of the plus rule from all off), r * cols + c. */
export function randomBoard(rows, cols, k, random) {
  const states = new Uint8Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const times = Math.floor(random() * k);
      if (!times) continue;
      for (const [dr, dc] of [[0, 0], [1, 0], [-1, 0], [0, 1], [0, -1]]) {
        const rr = r + dr, cc = c + dc;
        if (rr >= 0 && rr < rows && cc >= 0 && cc < cols) states[rr * cols + cc] = (states[rr * cols + cc] + times) % k;
      }
    }
  }
  return states;
}

const LIT_COLOURS = [[255, 214, 90], [255, 120, 60], [120, 220, 255], [255, 90, 80], [140, 255, 140]];
const RED = [255, 50, 40], GREEN = [60, 235, 90]; // Lights Out 2000's lights
export const LO2000_HUES = [0, 120]; // the hues the page draws red and green in (about)

function rotation(ax, ay, az) {
  const [cx, sx, cy, sy, cz, sz] = [Math.cos(ax), Math.sin(ax), Math.cos(ay), Math.sin(ay), Math.cos(az), Math.sin(az)];
  // Rz · Ry · Rx
  return [
    [cz * cy, cz * sy * sx - sz * cx, cz * sy * cx + sz * sx],
    [sz * cy, sz * sy * sx + cz * cx, sz * sy * cx - cz * sx],
    [-sy, cy * sx, cy * cx],
  ];
}

/**
 * The picture described by `spec` ({seed, rows, cols, k, style, width, height, and optional
 * states, turn, tilt, blur, noise, glare, shade, faint (a count of lit lights drawn halfway
 * to dark: a light no reader can be sure of); the hard conditions clutter (a count of
 * things on the table), dim (0..1: how much light the room gives, 1 by default), jpeg (a
 * quality 1..100, none by default) and litBlock ([rows, cols]: the lit lights are that block
 * only, somewhere on the board — a cluster of lit buttons)}; anything missing is drawn from
 * the seed). Returns {image, corners (the grid's true corners), states, rows, cols, k, style,
 * hues, faint (the faint lights' cells, in order)}.
 */
export function renderPicture(spec) {
  const random = seeded(spec.seed);
  const between = (a, b) => a + (b - a) * random();
  const { rows, cols } = spec;
  const style = spec.style ?? "glow";
  const k = spec.k ?? (style === "lo2000" ? 3 : 2);
  const width = spec.width ?? 800, height = spec.height ?? 600;
  let states = spec.states ?? randomBoard(rows, cols, k, random);
  // The hard conditions draw from their own stream: without them a seed gives the picture it always gave.
  const hard = seeded((spec.seed ^ 0x5ca7_7e11) >>> 0);
  const hardBetween = (a, b) => a + (b - a) * hard();
  const dim = spec.dim ?? 1;
  if (spec.litBlock && !spec.states) states = litBlockBoard(rows, cols, k, spec.litBlock, hard);

  // The board in its own plane, in cells: the grid is [0, cols] × [0, rows], the case around it.
  const margin = style === "flat" ? between(0.12, 0.35) : between(0.35, 0.9);
  const button = style === "flat" ? between(0.82, 0.92) : between(0.66, 0.84); // a light's side, in cells
  const radius = style === "flat" ? between(0.02, 0.12) : between(0.08, 0.3); // its corners' radius
  const lit = style === "lo2000" ? null : LIT_COLOURS[Math.floor(random() * LIT_COLOURS.length)];
  const caseColour = style === "flat" ? [between(20, 60), between(20, 60), between(40, 90)] : [between(15, 45), between(15, 45), between(15, 50)];
  const offColour = style === "flat" ? [between(50, 90), between(50, 90), between(70, 110)] : [between(60, 95), between(60, 95), between(60, 100)];
  const table = [between(100, 200), between(90, 180), between(70, 160)];
  // A dim room darkens what it lights (the case, the dark buttons, the table), not a lit button.
  for (const colour of [caseColour, offColour, table]) colour.forEach((value, i) => { colour[i] = value * dim; });

  // The camera: the board turned in the picture, tilted, at a distance, then fitted.
  const turn = ((spec.turn ?? between(-30, 30)) * Math.PI) / 180;
  const tilt = spec.tilt ?? 25;
  const matrix = rotation((between(-tilt, tilt) * Math.PI) / 180, (between(-tilt, tilt) * Math.PI) / 180, turn);
  const outer = [[-margin, -margin], [cols + margin, -margin], [cols + margin, rows + margin], [-margin, rows + margin]];
  const size = Math.max(rows, cols) + 2 * margin;
  const distance = size * between(1.6, 3);
  /** @param {number[]} point */
  const projectPlane = ([u, v]) => {
    const x = u - cols / 2, y = v - rows / 2;
    const p = matrix.map((row) => row[0] * x + row[1] * y);
    return [p[0] / (p[2] + distance), p[1] / (p[2] + distance)];
  };
  const raw = outer.map(projectPlane);
  const xs = raw.map((p) => p[0]), ys = raw.map((p) => p[1]);
  const extent = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  const fill = between(0.6, 0.92) * Math.min(width, height);
  const scale = fill / extent;
  const midX = (Math.max(...xs) + Math.min(...xs)) / 2, midY = (Math.max(...ys) + Math.min(...ys)) / 2;
  const slack = (Math.min(width, height) - fill) / 2;
  const centre = [width / 2 + between(-slack, slack) * 0.8, height / 2 + between(-slack, slack) * 0.8];
  /** @type {(point: number[]) => number[]} */
  const toImage = ([px, py]) => [centre[0] + (px - midX) * scale, centre[1] + (py - midY) * scale];
  const caseCorners = outer.map((p) => toImage(projectPlane(p)));
  const planeToImage = homography(outer, caseCorners);
  const imageToPlane = homography(caseCorners, outer);
  const corners = [[0, 0], [cols, 0], [cols, rows], [0, rows]].map(([u, v]) => project(planeToImage, u, v));
  const things = clutterThings(spec.clutter ?? 0, hard, { width, height, imageToPlane, rows, cols, margin, dim });

  // A faint light (a weak lamp, a light half pressed) shines halfway between dark and lit.
  const litCells = [...states.keys()].filter((i) => states[i]);
  const faint = new Set();
  while (faint.size < Math.min(spec.faint ?? 0, litCells.length)) faint.add(litCells[Math.floor(hard() * litCells.length)]);
  // Each cell's button face, [r, g, b] at 3 · cell: dark, lit, or a faint light's colour 0.45 of the way from dark to lit.
  const faces = new Float64Array(rows * cols * 3);
  for (let cell = 0; cell < rows * cols; cell++) {
    const state = states[cell];
    const colour = state === 0 ? offColour : style === "lo2000" ? (state === 1 ? RED : GREEN) : lit;
    for (let i = 0; i < 3; i++) faces[3 * cell + i] = faint.has(cell) ? offColour[i] + (colour[i] - offColour[i]) * 0.45 : colour[i];
  }
  const glowing = style !== "flat";
  const halo = between(0.05, 0.14); // the glow's reach outside a lit button, in cells
  const half = button / 2;
  const inset = half - radius; // half a button's straight side
  // shade skips a button where it changes nothing, without Math.hypot (slow): a point more than
  // `radius` beyond the line of a straight side (qx or qy below) is outside it (Math.hypot(a, b)
  // ≥ max(a, b), rounded too), and one more than radius + 6 halos beyond, twice the glow's reach
  // (3 halos), out of its glow, whatever the rounding.
  const glowSkip = radius + 6 * halo;

  /**
   * The colour the camera sees at (u, v) in the board's plane, written to `out` ([r, g, b]).
   * @param {number} u
   * @param {number} v
   * @param {Float64Array} out
   */
  const shade = (u, v, out) => {
    const inCase = u >= -margin && u <= cols + margin && v >= -margin && v <= rows + margin;
    if (!inCase) {
      for (let i = things.length - 1; i >= 0; i--) {
        const colour = things[i](u, v);
        if (colour) {
          out[0] = colour[0]; out[1] = colour[1]; out[2] = colour[2];
          return;
        }
      }
      // The table: a soft texture.
      const t = 0.85 + 0.15 * Math.sin(u * 1.3 + v * 0.7) * Math.cos(v * 1.9 - u * 0.4);
      out[0] = table[0] * t; out[1] = table[1] * t; out[2] = table[2] * t;
      return;
    }
    const c = Math.min(cols - 1, Math.max(0, Math.floor(u))), r = Math.min(rows - 1, Math.max(0, Math.floor(v)));
    let red = caseColour[0], green = caseColour[1], blue = caseColour[2];
    // Distance from the nearest buttons (this cell's and, for the glow, its neighbours').
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        const rr = r + dr, cc = c + dc;
        if (rr < 0 || rr >= rows || cc < 0 || cc >= cols) continue;
        const cell = rr * cols + cc;
        const glows = states[cell] !== 0 && glowing;
        // Signed distance to a rounded square centred on the cell.
        const qx = Math.abs(u - (cc + 0.5)) - inset, qy = Math.abs(v - (rr + 0.5)) - inset;
        if ((qx > radius || qy > radius) && (!glows || qx > glowSkip || qy > glowSkip)) continue;
        // Math.hypot(Math.max(qx, 0), Math.max(qy, 0)), called only by a rounded corner (qx, qy > 0):
        // elsewhere it is the larger or 0 (Math.hypot(a, 0) is exactly a).
        const corner = qx > 0 && qy > 0 ? Math.hypot(qx, qy) : Math.max(qx, qy, 0);
        const outside = corner + Math.min(Math.max(qx, qy), 0) - radius;
        if (outside <= 0) {
          const centreGlow = glows ? 1 + 0.12 * (1 - Math.hypot(u - cc - 0.5, v - rr - 0.5) / half) : 1;
          const edgeShade = 0.92 + 0.08 * (1 - (v - rr)); // lit from above
          red = faces[3 * cell] * centreGlow * edgeShade;
          green = faces[3 * cell + 1] * centreGlow * edgeShade;
          blue = faces[3 * cell + 2] * centreGlow * edgeShade;
        } else if (glows && outside < halo * 3) {
          const glow = 0.55 * Math.exp(-outside / halo);
          red += faces[3 * cell] * glow;
          green += faces[3 * cell + 1] * glow;
          blue += faces[3 * cell + 2] * glow;
        }
      }
    }
    out[0] = red; out[1] = green; out[2] = blue;
  };

  const data = new Uint8ClampedArray(width * height * 4);
  // The picture's red, green and blue, each a plane of floats till the noise.
  let [reds, greens, blues] = [0, 1, 2].map(() => new Float32Array(width * height));
  const samples = width * height <= 1_400_000 ? 2 : 1; // supersampling per side: smooth edges
  const [h0, h1, h2, h3, h4, h5, h6, h7, h8] = imageToPlane; // project(imageToPlane, …) written out: no array per sample
  const sample = new Float64Array(3); // a sample's colour, from shade
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0, g = 0, b = 0;
      for (let sy = 0; sy < samples; sy++) {
        const py = y + (sy + 0.5) / samples;
        for (let sx = 0; sx < samples; sx++) {
          const px = x + (sx + 0.5) / samples;
          const w = h6 * px + h7 * py + h8;
          shade((h0 * px + h1 * py + h2) / w, (h3 * px + h4 * py + h5) / w, sample);
          r += sample[0]; g += sample[1]; b += sample[2];
        }
      }
      const i = y * width + x, n = samples * samples;
      reds[i] = r / n; greens[i] = g / n; blues[i] = b / n;
    }
  }

  // Uneven lighting (a ramp in a random direction), a glare spot, blur, noise.
  const shadeDepth = spec.shade ?? between(0, 0.45);
  const angle = between(0, 2 * Math.PI);
  const glare = (spec.glare ?? between(30, 100)) * dim;
  const glareAt = project(planeToImage, between(0, cols), between(0, rows));
  const glareRadius = between(0.6, 1.4) * (fill / size);
  const blurRadius = spec.blur ?? Math.round(between(0, 1.6) * Math.min(width, height) / 600);
  // A dim room: the camera's gain raises its noise.
  const noise = (spec.noise ?? between(1, 7)) + (dim < 1 ? hardBetween(3, 9) * (1 - dim) : 0);
  const diagonal = Math.hypot(width, height);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const spread = 2 * glareRadius ** 2;
  for (let y = 0; y < height; y++) {
    const down = (y - height / 2) * sin, dy2 = (y - glareAt[1]) ** 2;
    for (let x = 0; x < width; x++) {
      const ramp = ((x - width / 2) * cos + down) / diagonal + 0.5;
      const light = 1 - shadeDepth * ramp;
      const spot = glare * Math.exp(-((x - glareAt[0]) ** 2 + dy2) / spread);
      const i = y * width + x;
      reds[i] = reds[i] * light + spot; greens[i] = greens[i] * light + spot; blues[i] = blues[i] * light + spot;
    }
  }
  if (blurRadius > 0) [reds, greens, blues] = [reds, greens, blues].map((plane) => boxBlurPlane(plane, width, height, blurRadius));
  for (let i = 0; i < width * height; i++) {
    data[4 * i] = reds[i] + gaussian(random) * noise;
    data[4 * i + 1] = greens[i] + gaussian(random) * noise;
    data[4 * i + 2] = blues[i] + gaussian(random) * noise;
    data[4 * i + 3] = 255;
  }
  const image = spec.jpeg ? jpegRoundTrip({ width, height, data }, spec.jpeg) : { width, height, data };
  return { image, corners, states, rows, cols, k, style, hues: style === "lo2000" ? LO2000_HUES : null, faint: [...faint].sort((a, b) => a - b) };
}

/** A rows × cols board whose lit lights (state 1..k−1) are one block of `size` = [rows, cols], placed at random. */
function litBlockBoard(rows, cols, k, [height, width], random) {
  const states = new Uint8Array(rows * cols);
  const top = Math.floor(random() * (rows - height + 1)), left = Math.floor(random() * (cols - width + 1));
  for (let r = top; r < top + height; r++) for (let c = left; c < left + width; c++) states[r * cols + c] = 1 + Math.floor(random() * (k - 1));
  return states;
}

/**
 * `count` things lying on the table around the board, each a function (u, v) → [r, g, b]
 * or null (not there), in the board's plane (cells; the case is [−margin, cols + margin] ×
 * [−margin, rows + margin]) so that the camera sees them in the same perspective. Each is
 * placed where the picture shows the table, clear of the case by a fifth of a cell: a
 * book or a phone (a turned rectangle), a cup or a coin (a disc), a striped cloth or a
 * keyboard (a rectangle of stripes), or a row of small coloured lamps on a dark strip (an
 * appliance's lights, like lit buttons). What the room lights is darkened by `dim`; a lamp
 * shines by itself.
 */
function clutterThings(count, random, { width, height, imageToPlane, rows, cols, margin, dim }) {
  if (!count) return [];
  const between = (a, b) => a + (b - a) * random();
  // The table seen: the picture's corners in the board's plane, kept within three boards' sizes.
  const reach = 3 * Math.max(rows, cols);
  const seen = [[0, 0], [width, 0], [width, height], [0, height]].map(([x, y]) => project(imageToPlane, x, y))
    .map(([u, v]) => [Math.min(cols / 2 + reach, Math.max(cols / 2 - reach, u)), Math.min(rows / 2 + reach, Math.max(rows / 2 - reach, v))]);
  const [uMin, uMax] = [Math.min(...seen.map((p) => p[0])), Math.max(...seen.map((p) => p[0]))];
  const [vMin, vMax] = [Math.min(...seen.map((p) => p[1])), Math.max(...seen.map((p) => p[1]))];
  const colour = (bright) => [0, 1, 2].map(() => (bright ? between(120, 250) : between(10, 120)) * dim);
  const things = [];
  for (let n = 0; n < count; n++) {
    const kind = ["box", "disc", "stripes", "lamps"][Math.floor(random() * 4)];
    const angle = between(0, Math.PI);
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    const half = kind === "disc" ? [between(0.3, 1.5), 0] : kind === "lamps" ? [between(1.5, 3), between(0.35, 0.6)] : [between(0.8, 3), between(0.5, 2)];
    const bound = Math.hypot(half[0], half[1]) + 0.2;
    let at = null;
    for (let attempt = 0; attempt < 60 && !at; attempt++) {
      const [u, v] = [between(uMin, uMax), between(vMin, vMax)];
      const inside = u > -margin - bound && u < cols + margin + bound && v > -margin - bound && v < rows + margin + bound;
      if (!inside) at = [u, v];
    }
    if (!at) continue;
    // (u, v) in the thing's own frame: x along it, y across.
    const localX = (u, v) => (u - at[0]) * cos + (v - at[1]) * sin;
    const localY = (u, v) => -(u - at[0]) * sin + (v - at[1]) * cos;
    // A point more than `bound` away along u or v is farther than the thing's corners: |x| > half[0] or |y| > half[1].
    const away = (u, v) => Math.abs(u - at[0]) > bound || Math.abs(v - at[1]) > bound;
    if (kind === "disc") {
      const [fill, rim] = [colour(random() < 0.5), colour(random() < 0.5)];
      things.push((u, v) => {
        if (Math.abs(u - at[0]) > half[0] || Math.abs(v - at[1]) > half[0]) return null; // so d > half[0]
        const d = Math.hypot(u - at[0], v - at[1]);
        return d > half[0] ? null : d > half[0] * 0.85 ? rim : fill;
      });
    } else if (kind === "box") {
      const fill = colour(random() < 0.5);
      things.push((u, v) => {
        if (away(u, v)) return null;
        const x = localX(u, v), y = localY(u, v);
        return Math.abs(x) <= half[0] && Math.abs(y) <= half[1] ? fill : null;
      });
    } else if (kind === "stripes") {
      const [a, b] = [colour(true), colour(false)];
      const pitch = between(0.15, 0.7);
      things.push((u, v) => {
        if (away(u, v)) return null;
        const x = localX(u, v), y = localY(u, v);
        if (Math.abs(x) > half[0] || Math.abs(y) > half[1]) return null;
        return Math.floor(x / pitch) % 2 ? a : b;
      });
    } else {
      const strip = colour(false).map((value) => value * 0.4);
      const lamp = LIT_COLOURS[Math.floor(random() * LIT_COLOURS.length)];
      const spacing = between(0.7, 1.3), size = between(0.18, 0.32);
      things.push((u, v) => {
        if (away(u, v)) return null;
        const x = localX(u, v), y = localY(u, v);
        if (Math.abs(x) > half[0] || Math.abs(y) > half[1]) return null;
        const nearest = Math.round(x / spacing) * spacing;
        if (Math.abs(x - nearest) > size || Math.abs(y) > size) return strip; // so Math.hypot(x - nearest, y) > size
        return Math.hypot(x - nearest, y) <= size && Math.abs(nearest) <= half[0] - size ? lamp : strip;
      });
    }
  }
  return things;
}

// JPEG's quantisation tables for quality 50 (ITU-T T.81, Annex K), luma then chroma, row by row.
const JPEG_LUMA = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
  18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99];
const JPEG_CHROMA = [
  17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99, 24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99, 99, 99, 99, 99, 99,
  ...Array(32).fill(99)];

/**
 * The picture as a JPEG of `quality` (1..100, the IJG scale) would decode: the loss of a
 * JPEG without its (lossless) entropy coding — YCbCr, colour averaged over 2 × 2 pixels
 * (4:2:0), each 8 × 8 block's DCT rounded to the quality's steps, then back.
 */
export function jpegRoundTrip({ width, height, data }, quality) {
  const scale = quality < 50 ? 5000 / quality : 200 - 2 * quality;
  const steps = (table) => table.map((value) => Math.min(255, Math.max(1, Math.floor((value * scale + 50) / 100))));
  const basis = Float64Array.from({ length: 64 }, (_, i) => {
    const [u, x] = [Math.floor(i / 8), i % 8];
    return (u ? Math.sqrt(2 / 8) : Math.sqrt(1 / 8)) * Math.cos(((2 * x + 1) * u * Math.PI) / 16);
  });
  const block = new Float64Array(64), temp = new Float64Array(64);
  // to = C · from · Cᵀ (forward) or Cᵀ · from · C (inverse), C the 8 × 8 DCT basis: C[r][k] is
  // basis[r * 8 + k], Cᵀ[r][k] basis[k * 8 + r], so basis[r * across + k * along].
  const transform = (from, to, inverse) => {
    const across = inverse ? 1 : 8, along = inverse ? 8 : 1;
    for (let r = 0; r < 8; r++) {
      for (let c = 0; c < 8; c++) {
        let sum = 0;
        for (let k = 0; k < 8; k++) sum += basis[r * across + k * along] * from[k * 8 + c];
        temp[r * 8 + c] = sum;
      }
    }
    for (let r = 0; r < 8; r++) {
      for (let c = 0; c < 8; c++) {
        let sum = 0;
        for (let k = 0; k < 8; k++) sum += temp[r * 8 + k] * basis[c * across + k * along];
        to[r * 8 + c] = sum;
      }
    }
  };
  // One plane (w × h) through the DCT and back, in place.
  const lossy = (plane, w, h, table) => {
    for (let by = 0; by < h; by += 8) {
      for (let bx = 0; bx < w; bx += 8) {
        for (let i = 0; i < 64; i++) block[i] = plane[Math.min(h - 1, by + (i >> 3)) * w + Math.min(w - 1, bx + (i & 7))] - 128;
        transform(block, block, false);
        for (let i = 0; i < 64; i++) block[i] = Math.round(block[i] / table[i]) * table[i];
        transform(block, block, true);
        for (let i = 0; i < 64; i++) {
          const y = by + (i >> 3), x = bx + (i & 7);
          if (y < h && x < w) plane[y * w + x] = block[i] + 128;
        }
      }
    }
  };
  const n = width * height;
  const luma = new Float64Array(n);
  const [cw, ch] = [Math.ceil(width / 2), Math.ceil(height / 2)];
  const cb = new Float64Array(cw * ch), cr = new Float64Array(cw * ch), counts = new Float64Array(cw * ch);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      const r = data[4 * i], g = data[4 * i + 1], b = data[4 * i + 2];
      luma[i] = 0.299 * r + 0.587 * g + 0.114 * b;
      const j = (y >> 1) * cw + (x >> 1);
      cb[j] += 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
      cr[j] += 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
      counts[j]++;
    }
  }
  for (let j = 0; j < cb.length; j++) { cb[j] /= counts[j]; cr[j] /= counts[j]; }
  lossy(luma, width, height, steps(JPEG_LUMA));
  lossy(cb, cw, ch, steps(JPEG_CHROMA));
  lossy(cr, cw, ch, steps(JPEG_CHROMA));
  const out = new Uint8ClampedArray(n * 4);
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i++) {
      const j = (y >> 1) * cw + (x >> 1);
      const lum = luma[i], u = cb[j] - 128, v = cr[j] - 128;
      out[4 * i] = lum + 1.402 * v;
      out[4 * i + 1] = lum - 0.344136 * u - 0.714136 * v;
      out[4 * i + 2] = lum + 1.772 * u;
      out[4 * i + 3] = 255;
    }
  }
  return { width, height, data: out };
}

export const NO_BOARD_KINDS = ["noise", "grain", "gradient", "radial", "noisy-gradient"];

/**
 * A picture with no board in it, of `kind` (NO_BOARD_KINDS): "noise" (every pixel's channels
 * uniform in 0..255), "grain" (a grey with Gaussian noise), "gradient" (a straight blend of two
 * colours in a random direction), "radial" (the same from the middle outwards) and
 * "noisy-gradient" (a gradient with grain). `spec` = {seed, kind, width, height}.
 */
export function renderNoBoard({ seed, kind, width = 640, height = 480 }) {
  const random = seeded(seed);
  const colour = () => [0, 1, 2].map(() => random() * 255);
  const [a, b] = [colour(), colour()];
  const angle = random() * 2 * Math.PI;
  const grain = 5 + random() * 30;
  const diagonal = Math.hypot(width, height);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const along = kind === "radial"
        ? (2 * Math.hypot(x - width / 2, y - height / 2)) / diagonal
        : ((x - width / 2) * cos + (y - height / 2) * sin) / diagonal + 0.5;
      const noise = kind === "grain" || kind === "noisy-gradient" ? gaussian(random) * grain : 0;
      const at = (y * width + x) * 4;
      for (let ch = 0; ch < 3; ch++) {
        if (kind === "noise") data[at + ch] = random() * 256;
        else if (kind === "grain") data[at + ch] = a[ch] + noise;
        else data[at + ch] = a[ch] * (1 - along) + b[ch] * along + noise;
      }
      data[at + 3] = 255;
    }
  }
  return { width, height, data };
}

function gaussian(random) {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function boxBlurPlane(plane, width, height, radius) {
  const out = new Float32Array(plane.length);
  const temp = new Float32Array(plane.length);
  const span = 2 * radius + 1;
  for (let y = 0; y < height; y++) {
    let sum = 0;
    for (let i = -radius; i <= radius; i++) sum += plane[y * width + Math.min(width - 1, Math.max(0, i))];
    for (let x = 0; x < width; x++) {
      temp[y * width + x] = sum / span;
      sum += plane[y * width + Math.min(width - 1, x + radius + 1)] - plane[y * width + Math.max(0, x - radius)];
    }
  }
  for (let x = 0; x < width; x++) {
    let sum = 0;
    for (let i = -radius; i <= radius; i++) sum += temp[Math.min(height - 1, Math.max(0, i)) * width + x];
    for (let y = 0; y < height; y++) {
      out[y * width + x] = sum / span;
      sum += temp[Math.min(height - 1, y + radius + 1) * width + x] - temp[Math.max(0, y - radius) * width + x];
    }
  }
  return out;
}

const SIZES = [[640, 480], [800, 600], [1024, 768], [480, 640], [1280, 960], [1600, 1200], [720, 1280]];
const BOARDS = [
  { rows: 5, cols: 5, style: "glow" }, { rows: 5, cols: 5, style: "flat" }, { rows: 5, cols: 5, style: "lo2000" },
  { rows: 6, cols: 6, style: "glow" }, { rows: 4, cols: 4, style: "flat" }, { rows: 7, cols: 7, style: "flat" },
  { rows: 3, cols: 3, style: "glow" }, { rows: 4, cols: 6, style: "flat" }, { rows: 8, cols: 8, style: "flat" },
  { rows: 7, cols: 7, style: "glow" },
];

/** The fixed benchmark set: `count` picture specs from one seed (sizes, styles and boards in turn). */
export function benchmarkSpecs(count = 200, seed = 2026) {
  const random = seeded(seed);
  return Array.from({ length: count }, (_, i) => {
    const board = BOARDS[i % BOARDS.length];
    const [width, height] = SIZES[Math.floor(random() * SIZES.length)];
    return { seed: seed * 1000 + i, ...board, width, height };
  });
}

const PHONE_SIZES = [[4000, 3000], [3000, 4000]]; // a phone camera's 12 megapixels

/**
 * The hard set (issue 31): `count` picture specs from one seed, the boards of
 * benchmarkSpecs in turn, each turned up to ±30° and tilted up to 25° (renderPicture's
 * range), with things on the table in 7 of 10, a dim room (0.2..0.5 of the light) in 1 of
 * 3, a JPEG (quality 30..90) in 1 of 2, the lit lights one block in 1 of 8 (a handheld
 * with a cluster lit), and every 20th picture at 12 megapixels.
 */
export function hardSpecs(count = 100, seed = 31) {
  const random = seeded(seed);
  const between = (a, b) => a + (b - a) * random();
  return Array.from({ length: count }, (_, i) => {
    const board = BOARDS[i % BOARDS.length];
    const [width, height] = i % 20 === 19 ? PHONE_SIZES[Math.floor(i / 20) % 2] : SIZES[Math.floor(random() * SIZES.length)];
    const clutter = random() < 0.7 ? 1 + Math.floor(random() * 8) : 0;
    const dim = random() < 1 / 3 ? between(0.2, 0.5) : 1;
    const jpeg = random() < 0.5 ? Math.round(between(30, 90)) : 0;
    const block = random() < 1 / 8 ? [1 + Math.floor(random() * 2), 2 + Math.floor(random() * 2)] : null;
    return { seed: seed * 1000 + i, ...board, width, height, clutter, dim, jpeg, ...(block ? { litBlock: block } : {}) };
  });
}

/** A PNG file (8-bit RGBA, no filtering) of an image {width, height, data}. */
export function encodePng({ width, height, data }) {
  const table = new Int32Array(256).map((_, n) => {
    let c = n;
    for (let i = 0; i < 8; i++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c;
  });
  const crc = (bytes) => {
    let c = -1;
    for (const byte of bytes) c = table[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ -1) >>> 0;
  };
  const chunk = (type, body) => {
    const out = Buffer.alloc(12 + body.length);
    out.writeUInt32BE(body.length, 0);
    out.write(type, 4, "ascii");
    body.copy(out, 8);
    out.writeUInt32BE(crc(out.subarray(4, 8 + body.length)), 8 + body.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) Buffer.from(data.buffer, data.byteOffset + y * width * 4, width * 4).copy(rows, y * (width * 4 + 1) + 1);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", header), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A YUV4MPEG2 video (4:2:0, `frames` copies of the picture) for Chromium's fake camera; width and height even. */
export function encodeY4m({ width, height, data }, frames = 10) {
  const y = Buffer.alloc(width * height), u = Buffer.alloc((width / 2) * (height / 2)), v = Buffer.alloc(u.length);
  for (let i = 0; i < width * height; i++) {
    const [r, g, b] = [data[4 * i], data[4 * i + 1], data[4 * i + 2]];
    y[i] = Math.max(0, Math.min(255, Math.round(16 + 0.257 * r + 0.504 * g + 0.098 * b)));
  }
  for (let cy = 0; cy < height / 2; cy++) {
    for (let cx = 0; cx < width / 2; cx++) {
      let r = 0, g = 0, b = 0;
      for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
        const p = ((2 * cy + dy) * width + 2 * cx + dx) * 4;
        r += data[p] / 4; g += data[p + 1] / 4; b += data[p + 2] / 4;
      }
      u[cy * (width / 2) + cx] = Math.max(0, Math.min(255, Math.round(128 - 0.148 * r - 0.291 * g + 0.439 * b)));
      v[cy * (width / 2) + cx] = Math.max(0, Math.min(255, Math.round(128 + 0.439 * r - 0.368 * g - 0.071 * b)));
    }
  }
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, u, v]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`), ...Array(frames).fill(frame)]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = {};
  for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, "")] = process.argv[i + 1];
  const number = (name, fallback) => (args[name] === undefined ? fallback : Number(args[name]));
  if (args.none) {
    const image = renderNoBoard({ seed: number("seed", 1), kind: args.none, width: number("width", 800), height: number("height", 600) });
    if (args.png) writeFileSync(args.png, encodePng(image));
    console.log("{}");
    process.exit(0);
  }
  const picture = renderPicture({
    seed: number("seed", 1), rows: number("rows", 5), cols: number("cols", 5), k: args.k ? Number(args.k) : undefined,
    style: args.style ?? "glow", width: number("width", 800), height: number("height", 600),
    turn: args.turn === undefined ? undefined : Number(args.turn), tilt: number("tilt", 25),
    clutter: number("clutter", 0), dim: number("dim", 1), jpeg: number("jpeg", 0), faint: number("faint", 0),
    glare: args.glare === undefined ? undefined : Number(args.glare),
    states: args.states ? Uint8Array.from(args.states, Number) : undefined,
    litBlock: args["lit-block"] ? args["lit-block"].split("x").map(Number) : undefined,
  });
  if (args.png) writeFileSync(args.png, encodePng(picture.image));
  if (args.y4m) writeFileSync(args.y4m, encodeY4m(picture.image, number("frames", 10)));
  console.log(JSON.stringify({ rows: picture.rows, cols: picture.cols, k: picture.k, states: [...picture.states], corners: picture.corners, faint: picture.faint }));
}
