// @ts-check
// Share links: a whole game's state as one compact, URL-safe, stable string, kept in
// location.hash. Pure functions, no DOM. The format is defined by the Python package
// (py/lightsout/share/links.py, whose docstring is the reference); this is the same grammar,
// error for error (the same first problem, code and params, at the same column), so the two can be
// tested against each other:
//
//   share   = R "x" C ":" payload *( ";" field )
//   field   = "k=" states | "r=" rule | "w=" surface | "g=" goal
//           | "h=" holes | "d=" don't-care | "p=" challenge | "m=" moves
//
// Fields come in that order, each at most once, and only when not the default; numbers have
// no leading zero and a goal of all off or all on is the word: every state has exactly one
// string, and every other form is refused (tests/data/share-links.json: both readers give each
// link the same outcome). Payloads are base64url without padding of packed cells
// (codec.js: b = bit_length(k − 1) bits a cell, the game ID's layout for k = 2). Moves
// are cell indices as LEB128 varints (7 bits a byte, low group first, high bit = more
// follows), then base64url.
//
// A state here is
//   { rows, cols, k, cells: Uint8Array (packed, b bits a cell), stencil: 25-bit mask
//     (bit (dr+2)·5 + (dc+2) of the 5×5 square around the pressed cell), surface,
//     goal: "off" | "on" | Uint8Array (packed like cells), holes: Uint8Array | null,
//     dontCare: Uint8Array | null (1 bit a cell), moves: array of cell indices,
//     challengeKind: the kind of challenge the start board was dealt as ("sample-tv", "daily"…) or null }
// (parseShare adds `columns`: where the size, the board and each field start.)
//
// Columns and lengths count code points, as Python's str does: an emoji is one character, not two
// UTF-16 units, so both readers give a link with one the same code, column and `found` (which is
// cut at 20 characters, never inside a surrogate pair). A link without a surrogate, almost every
// one, is counted by .length at once; one with a surrogate is walked once per part.

import {
  base64urlLength, bitsPerCell, decodeBase64url, encodeBase64url, hasStateAbove, packedLength,
} from "./codec.js";
import { STENCIL_MASKS, SURFACES } from "./rules.js";

export const MAX_DECLARED_CELLS = 10_000 * 10_000; // the API's limits.max_cells (checked likewise)
export const MAX_STATES = 255; // the API's limits.max_states (tests/js/limits.test.mjs checks it)
export const FIELD_ORDER = Object.freeze(["k", "r", "w", "g", "h", "d", "p", "m"]);
const CHALLENGE_TOKEN = /^[a-z][a-z0-9-]{0,31}$/; // p=: the kind of puzzle dealt (challenge.js: challengeToken)
// A level's p= (level-<SET>) belongs to its preset's link (NAME:…;p=level-<SET>;l=N, read by
// Python's lightsout.share.links); on a grid's link it is refused, as Python refuses it (level_grid).
export const LEVEL_KIND = "level-";

/**
 * A share string that cannot be read: `code` and `params` say why (lightsout.errors.LINK_ERRORS;
 * params.field, also `field`, is the part at fault: "size", "board", a field letter such as "m",
 * or null for a field name that is none); `column` is 1-based in the text given to parseShare.
 * share-link.js adds codes of the page's own. The model words nothing: the page says the
 * strings' words (link_<code>, link-errors.js) in its language; `message` is the code and params.
 */
export class ShareError extends Error {
  constructor(code, params, column, field = null) {
    super(code);
    this.name = "ShareError";
    this.line = 1;
    this.column = column;
    this.field = field;
    this.code = code;
    this.params = { ...params, field };
    this.message = `${code} ${JSON.stringify(this.params)}`;
  }
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** The code points of `text` (Python's len): its UTF-16 length when it holds no surrogate. */
function codePoints(text) {
  if (!SURROGATE.test(text)) return text.length;
  let count = 0;
  // eslint-disable-next-line no-unused-vars -- for…of steps by code point; only the steps are counted
  for (const _ of text) count++; // a pair is one, a lone surrogate one too (as Python reads it)
  return count;
}

/** The first `count` code points of `text` (Python's text[:count]): never half a surrogate pair. */
function firstCodePoints(text, count) {
  if (!SURROGATE.test(text.slice(0, 2 * count))) return text.slice(0, count);
  let out = "";
  let taken = 0;
  for (const character of text) {
    if (taken++ === count) break;
    out += character;
  }
  return out;
}

/** The ShareError `code` at `column` of the part `field`. */
function fail(code, column, field, params = {}) {
  return new ShareError(code, params, column, field);
}

function isZero(bytes) {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== 0) return false;
  return true;
}

/** True when the packed `bytes` hold every one of `cellCount` cells at k − 1 (a goal of all on); stops at the first other. */
function isAllOn(bytes, cellCount, k) {
  const bits = bitsPerCell(k);
  for (let i = 0; i < cellCount; i++) {
    let value = 0;
    for (let b = 0; b < bits; b++) {
      const bit = i * bits + b;
      value |= ((bytes[bit >> 3] >> (bit & 7)) & 1) << b;
    }
    if (value !== k - 1) return false;
  }
  return true;
}

/** A number with a leading zero ("05") is refused: every number has one form (lightsout.share.links: leading_zero). */
function noLeadingZero(digits, column, field) {
  if (digits.length > 1 && digits.startsWith("0")) throw fail("leading_zero", column, field, { found: digits.slice(0, 12) });
}

/** Decode a packed payload of `bits` bits; errors as in lightsout.model.codec.decode, column for column. */
function decodePayload(text, bits, column, field) {
  const size = Math.ceil(bits / 8);
  const expected = base64urlLength(size);
  const length = codePoints(text);
  if (length !== expected) {
    throw fail("id_length", column, field, { expected, found: length });
  }
  const bad = text.search(/[^A-Za-z0-9_-]/);
  if (bad >= 0) throw fail("bad_base64", column + codePoints(text.slice(0, bad)), field);
  const bytes = decodeBase64url(text);
  const spare = size * 8 - bits; // high bits of the last byte that are no cell
  if (bytes === null || bytes.length !== size || (spare > 0 && bytes[size - 1] >> (8 - spare))) {
    throw fail("stray_bits", column + text.length, field, { bits });
  }
  return bytes;
}

/** Cell indices as LEB128 varints (at most 5 bytes each: indices are below 2^35). */
export function encodeMoves(moves) {
  const bytes = new Uint8Array(moves.length * 5);
  let length = 0;
  for (let move of moves) {
    while (move >= 128) {
      bytes[length++] = (move % 128) | 0x80;
      move = Math.floor(move / 128);
    }
    bytes[length++] = move;
  }
  return encodeBase64url(bytes.subarray(0, length));
}

function decodeMoves(text, cells, column) {
  const data = decodeBase64url(text);
  if (data === null) throw fail("bad_base64", column, "m");
  const moves = [];
  let value = 0;
  let shift = 0;
  for (const byte of data) {
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (shift > 35) throw fail("number_too_long", column, "m");
    if (!(byte & 0x80)) {
      if (shift > 7 && byte === 0) throw fail("not_shortest", column, "m", { number: moves.length + 1 });
      if (value >= cells) throw fail("move_outside", column, "m", { number: moves.length + 1, cell: value, cells });
      moves.push(value);
      value = 0;
      shift = 0;
    }
  }
  if (shift) throw fail("numbers_cut", column + text.length, "m");
  return moves;
}

function stencilHex(mask) {
  return `s${mask.toString(16)}`;
}

/** The name of the named rule whose stencil is `mask`, or undefined. */
function stencilNameOf(mask) {
  return Object.keys(STENCIL_MASKS).find((name) => STENCIL_MASKS[name] === mask);
}

function stencilField(mask) {
  return stencilNameOf(mask) ?? stencilHex(mask);
}

function parseStencil(text, column) {
  if (Object.hasOwn(STENCIL_MASKS, text)) return STENCIL_MASKS[text];
  if (/^s[0-9a-f]{1,7}$/.test(text)) {
    const mask = parseInt(text.slice(1), 16);
    if (mask > 0 && mask < 2 ** 25 && stencilHex(mask) === text) {
      const named = stencilNameOf(mask);
      if (named !== undefined) throw fail("rule_named", column, "r", { rule: named });
      return mask;
    }
  }
  throw fail("unknown_rule", column, "r", { found: firstCodePoints(text, 20) });
}

/** The head "RxC:payload" of a state: the game ID for k = 2. */
export function formatShareHead(state) {
  return `${state.rows}x${state.cols}:${encodeBase64url(state.cells)}`;
}

/** The fields after the head (";k=…;m=…"), each only when not the default. */
export function formatShareFields(state) {
  const { k = 2, stencil = STENCIL_MASKS.plus, surface = "plane", goal = "off" } = state;
  let out = "";
  if (k !== 2) out += `;k=${k}`;
  if (stencil !== STENCIL_MASKS.plus) out += `;r=${stencilField(stencil)}`;
  if (surface !== "plane") out += `;w=${surface}`;
  // A goal board of all off is the default, one of all on is written as the word (one string per state).
  const cellCount = state.rows * state.cols;
  const word = typeof goal === "string" ? goal : isZero(goal) ? "off"
    : Number.isInteger(cellCount) && isAllOn(goal, cellCount, k) ? "on" : null;
  if (word !== "off") out += `;g=${word ?? encodeBase64url(goal)}`;
  if (state.holes && !isZero(state.holes)) out += `;h=${encodeBase64url(state.holes)}`;
  if (state.dontCare && !isZero(state.dontCare)) out += `;d=${encodeBase64url(state.dontCare)}`;
  if (state.challengeKind) out += `;p=${state.challengeKind}`;
  if (state.moves && state.moves.length > 0) out += `;m=${encodeMoves(state.moves)}`;
  return out;
}

/** The share string of `state` (see the top of this file); lightsout.share.links.format_share. */
export function formatShare(state) {
  return formatShareHead(state) + formatShareFields(state);
}

/** Characters formatShareHead will take, without encoding (to check a limit first). */
export function shareHeadLength(rows, cols, k = 2) {
  return `${rows}x${cols}:`.length + base64urlLength(packedLength(rows * cols, k));
}

/**
 * Parse a share string (a leading "#" is ignored); lightsout.share.links.parse_share.
 * Throws ShareError naming the 1-based column (and the field) of the first problem.
 */
export function parseShare(text) {
  text = String(text);
  const offset = text.startsWith("#") ? 1 : 0;
  const body = text.slice(offset);
  const [head, ...fields] = body.split(";");
  const match = /^([0-9]{1,9})x([0-9]{1,9}):([A-Za-z0-9_-]*)$/.exec(head);
  if (!match) {
    throw fail("head", offset + 1, "size");
  }
  noLeadingZero(match[1], offset + 1, "size");
  noLeadingZero(match[2], offset + match[1].length + 2, "size");
  const rows = Number(match[1]);
  const cols = Number(match[2]);
  if (rows < 1 || cols < 1 || rows * cols > MAX_DECLARED_CELLS) {
    throw fail("size", offset + 1, "size", { size: `${rows}x${cols}`, most: MAX_DECLARED_CELLS });
  }
  const values = new Map(); // field letter -> [value, column of the value]
  let column = offset + codePoints(head) + 2;
  let last = -1;
  for (const item of fields) {
    const equals = item.indexOf("=");
    const name = equals < 0 ? item : item.slice(0, equals);
    const position = FIELD_ORDER.indexOf(name);
    if (equals < 0 || position < 0) {
      const choices = FIELD_ORDER.map((n) => `${n}=`).join(", ");
      throw fail("unknown_field", column, null, { found: firstCodePoints(item, 20), choices });
    }
    if (position <= last) throw fail("field_order", column, name, { name });
    last = position;
    values.set(name, [item.slice(equals + 1), column + name.length + 1]);
    column += codePoints(item) + 1;
  }
  let k = 2;
  if (values.has("k")) {
    const [value, where] = values.get("k");
    if (!/^[0-9]{1,3}$/.test(value) || Number(value) < 3 || Number(value) > MAX_STATES) {
      throw fail("states", where, "k", { most: MAX_STATES });
    }
    noLeadingZero(value, where, "k");
    k = Number(value);
  }
  const cellCount = rows * cols;
  const bits = bitsPerCell(k);
  const boardColumn = offset + match[1].length + match[2].length + 3;
  const cells = decodePayload(match[3], cellCount * bits, boardColumn, "board");
  if (k > 2 && hasStateAbove(cells, cellCount, k)) {
    throw fail("state_above", offset + 1, "board", { most: k - 1 });
  }
  let stencil = STENCIL_MASKS.plus;
  if (values.has("r")) {
    const [value, where] = values.get("r");
    stencil = parseStencil(value, where);
    if (stencil === STENCIL_MASKS.plus) throw fail("rule_default", where, "r");
  }
  let surface = "plane";
  if (values.has("w")) {
    const [value, where] = values.get("w");
    if (!SURFACES.includes(value) || value === "plane") {
      throw fail("surface_name", where, "w");
    }
    surface = value;
  }
  /** @type {"off" | "on" | Uint8Array} */
  let goal = "off";
  if (values.has("g")) {
    const [value, where] = values.get("g");
    goal = value === "on" ? "on" : decodePayload(value, cellCount * bits, where, "g");
    if (goal !== "on" && isZero(goal)) throw fail("goal_default", where, "g");
    if (goal !== "on" && k > 2 && hasStateAbove(goal, cellCount, k)) throw fail("state_above", where, "g", { most: k - 1 });
    if (goal !== "on" && isAllOn(goal, cellCount, k)) throw fail("goal_word", where, "g", { word: "on" });
  }
  const masks = {};
  for (const name of ["h", "d"]) {
    masks[name] = null;
    if (!values.has(name)) continue;
    const [value, where] = values.get(name);
    masks[name] = decodePayload(value, cellCount, where, name);
    if (isZero(masks[name])) throw fail("mask_default", where, name);
  }
  let challengeKind = null;
  if (values.has("p")) {
    const [value, where] = values.get("p");
    if (!CHALLENGE_TOKEN.test(value)) {
      throw fail("puzzle_name", where, "p");
    }
    if (value.startsWith(LEVEL_KIND)) throw fail("level_grid", where, "p");
    challengeKind = value;
  }
  let moves = [];
  if (values.has("m")) {
    const [value, where] = values.get("m");
    moves = decodeMoves(value, cellCount, where);
    if (moves.length === 0) throw fail("moves_default", where, "m");
    const holes = masks.h;
    const onHole = holes ? moves.findIndex((move) => (holes[move >> 3] >> (move & 7)) & 1) : -1;
    if (onHole >= 0) {
      throw fail("move_on_hole", where, "m", { number: onHole + 1, cell: moves[onHole] });
    }
  }
  // Where each part starts, so a caller can point at a field it cannot use.
  const columns = { size: offset + 1, board: boardColumn };
  for (const [name, [, where]] of values) columns[name] = where;
  return { rows, cols, k, cells, stencil, surface, goal, holes: masks.h, dontCare: masks.d, moves, challengeKind, columns };
}
