// @ts-check
// The click rules' names and stencils and the surfaces, as the API names them
// (lightsout.model.rules; tests/js/limits.test.mjs checks them against the limits op). game.js
// plays them, share.js writes and reads them in links, the Rules panel offers them.

export const SURFACES = Object.freeze(["plane", "torus", "klein", "projective"]);
export const MAX_STENCIL = 5; // a custom stencil fits in a 5×5 square

const frozen = (offsets) => Object.freeze(offsets.map((pair) => Object.freeze(pair)));

// A rule lists the offsets (dr, dc) a press reaches, relative to the pressed cell (its
// stencil). A custom rule is named "custom:" + rows of "#"/"." (game.js: makeStencil).
export const NAMED_STENCILS = Object.freeze({
  plus: frozen([[0, 0], [-1, 0], [1, 0], [0, -1], [0, 1]]),
  moore: frozen([-1, 0, 1].flatMap((dr) => [-1, 0, 1].map((dc) => [dr, dc]))),
  x: frozen([[0, 0], [-1, -1], [-1, 1], [1, -1], [1, 1]]),
  // Hexagons in axial layout (lightsout.model.rules.HEX): the cell and its six neighbours.
  hex: frozen([[0, 0], [0, -1], [0, 1], [-1, 0], [1, 0], [-1, 1], [1, -1]]),
});

/** The named rules. */
export const STENCIL_NAMES = Object.freeze(Object.keys(NAMED_STENCILS));

/** A stencil (list of [dr, dc] offsets within ±2) as its 25-bit mask: bit (dr + 2)·5 + (dc + 2). */
export function stencilMask(offsets) {
  let mask = 0;
  for (const [dr, dc] of offsets) mask |= 1 << ((dr + 2) * MAX_STENCIL + dc + 2);
  return mask;
}

/** The named rules' stencils as 25-bit masks (the share link's r=; the API's limits.rule_masks). */
export const STENCIL_MASKS = Object.freeze(Object.fromEntries(STENCIL_NAMES.map((name) => [name, stencilMask(NAMED_STENCILS[name])])));
