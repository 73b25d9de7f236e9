// @ts-check
// Reading the lights of a board whose corners are known (static/scan/scan.js is the reading as
// a whole): each cell sampled through the homography of the corners, in its middle and on
// its borders (sampleCells); lit or dark, and the lit ones' colours (classify); and how
// sure each light's reading is (doubtfulLights). Corners are [x, y] in the picture's
// pixels, top-left first, clockwise; cells are indexed r * cols + c, like the game's boards.

import { median, otsu, project, squareToQuad } from "./scan-pixels.js";

// Where a cell is sampled, in cells from its top-left corner: its middle (a GRID × GRID
// square, ±INNER of a cell around the centre) and its borders (RING, the local background).
const INNER = 0.22; // the sampled square of a cell: its middle, ±22 % of the cell around the centre

const GRID = 5; // samples per side of that square

export const MIDDLE = Array.from({ length: GRID * GRID }, (_, i) => [
  0.5 + INNER * ((2 * (i % GRID)) / (GRID - 1) - 1), 0.5 + INNER * ((2 * Math.floor(i / GRID)) / (GRID - 1) - 1)]);

export const RING = [[0, 0], [0.5, 0], [1, 0], [1, 0.5], [1, 1], [0.5, 1], [0, 1], [0, 0.5]];

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

export const MIN_CONTRAST = 18; // lit and dark cells differ by at least this much brightness (0..255), or all are alike

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
// is off and the cell's middle lies across a light's border); the lights another grid
// that might be the board reads otherwise (scan-corners.js's rivals, scan-grid.js's
// gridsAside); every light when the corners frame no lights.
// Set on the hard pictures of seeds 5 and 6 (tests/js/scan-pictures.mjs hardSpecs), the
// seeds the detection was tuned on: right readings' least margin was 0.2, their largest
// spread 0.11 of the separation; see bench/scan.mjs for the unseen seeds.
export const SURE_MARGIN = 0.12;

// A light sure enough to use, but worth a second look when the board as read cannot be
// solved (issue 41): below the least margin of the right readings on those seeds. A light
// read more clearly than this is not marked then: an unsolvable board read exactly (25 of
// 25 lights) had its 3 least sure lights outlined as "probably misread", all of them right.
export const CHECK_MARGIN = 0.2;

const STRADDLE = 0.2;

/**
 * The lights whose reading is doubtful (Uint8Array, 1 = doubtful, cell r * cols + c), given
 * sampleCells' result `cells` and classify's `read` for the grid read in `image` (at most
 * SAMPLE_SIDE), `options` (classify's, with rows and cols) and `others`: the other grids
 * (corners in `image`) that might be the board, whose reading differs where a light is
 * doubtful — or null when the grid read frames no lights, and every light is doubtful.
 */
export function doubtfulLights(image, cells, read, options, others) {
  const { rows, cols } = options;
  const doubtful = new Uint8Array(rows * cols);
  if (!others) return doubtful.fill(1);
  for (const corners of others) {
    classify(sampleCells(image, corners, rows, cols), options).states.forEach((state, i) => { if (state !== read.states[i]) doubtful[i] = 1; });
  }
  for (let i = 0; i < doubtful.length; i++) {
    if (read.margins[i] < SURE_MARGIN || cells.spreads[i] > STRADDLE * read.separation) doubtful[i] = 1;
  }
  return doubtful;
}
