// @ts-check
// Colours of the k states of a light, for render.js. Pure functions, no DOM.
//
// State 0 is the dark cell of the stylesheet (--cell-off), so "off" looks the same for
// every k. Up to 8 states the others take distinct colours from Okabe and Ito's
// colour-blind-safe palette (state 1 keeps the classic lit yellow); above that
// neighbouring colours would be too alike, so the states follow a sequential scale
// (viridis, from its blue-green part up: its darkest purples are too close to the dark
// cell) and the view writes each state's number on its cell as a cue that does not rely
// on colour.

export const DISTINCT_LIMIT = 8; // most states drawn in distinct colours, without numbers

// Okabe & Ito (2008), "Color Universal Design", reordered so that neighbouring states
// differ in lightness as well as hue; the first is the page's --cell-on.
const DISTINCT = ["#ffd54a", "#56b4e9", "#e69f00", "#009e73", "#cc79a7", "#d55e00", "#0072b2"];

// Viridis (matplotlib) at t = 0.3, 0.4, …, 1.0.
const SEQUENTIAL = ["#355f8d", "#2a788e", "#21918c", "#22a884", "#44bf70", "#7ad151", "#bddf26", "#fde725"];

function parseHex(hex) {
  return [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
}

function toHex(rgb) {
  return "#" + rgb.map((value) => Math.round(value).toString(16).padStart(2, "0")).join("");
}

/** WCAG relative luminance of an sRGB colour given as [r, g, b] in 0..255. */
function luminance(rgb) {
  const [r, g, b] = rgb.map((value) => {
    const s = value / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The colour at `t` (0..1) along the sequential scale. */
function sequential(t) {
  const position = t * (SEQUENTIAL.length - 1);
  const low = Math.min(SEQUENTIAL.length - 2, Math.floor(position));
  const fraction = position - low;
  const a = parseHex(SEQUENTIAL[low]);
  const b = parseHex(SEQUENTIAL[low + 1]);
  return toHex(a.map((value, i) => value + (b[i] - value) * fraction));
}

/**
 * The look of each state 0..k−1: {fill, text}, where fill is a CSS colour (null for state
 * 0: the stylesheet's dark cell) and text the colour of a number written on it (dark on
 * light fills, light on dark ones).
 */
export function stateColours(k) {
  const colours = [{ fill: null, text: "#ffffff" }];
  for (let state = 1; state < k; state++) {
    const fill = k <= DISTINCT_LIMIT ? DISTINCT[state - 1] : sequential(k === 2 ? 1 : (state - 1) / (k - 2));
    colours.push({ fill, text: luminance(parseHex(fill)) > 0.3 ? "#111111" : "#ffffff" });
  }
  return colours;
}

/** True when the cells of a k-state board show their numbers (colour alone is not enough). */
export function showsNumbers(k) {
  return k > DISTINCT_LIMIT;
}
