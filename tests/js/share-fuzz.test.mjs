// @ts-check
// Share links, fuzzed: static/model/share.js against lightsout.share.links (the reference) on a few
// thousand strings from a fixed seed — valid links of every variant, the same with moves
// on holes, moves outside the board, k-state boards and goals with states ≥ k, bad
// base64url, huge declared sizes, and random edits of all of these. Both parsers must
// give the same outcome: the same refusal (column, code and params, from which the page's
// strings word the reason; tests/unit/test_strings_table.py checks Python's English reads the
// same), or the same game (its canonical string). And a link the page opens (share-link.js: gameOfLink) either
// becomes a whole game or is refused with a ShareError — never any other exception,
// which would leave the page half changed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bitsPerCell, encodeBase64url, packedLength } from "../../static/model/codec.js";
import { MAX_STATES, encodeMoves, formatShare, parseShare } from "../../static/model/share.js";
import { STENCIL_MASKS } from "../../static/model/rules.js";
import { gameOfLink } from "../../static/model/share-link.js";
import { pythonJson } from "./python.mjs";
import { seeded } from "./seeded.mjs";

const SEED = 20261123;
const COUNT = 2400;


let random = seeded(SEED);
const below = (n) => Math.floor(random() * n);
const pick = (list) => list[below(list.length)];
const chance = (p) => random() < p;

/** Packed cells with every state below k (a valid payload), or raw random bits (states up to 2^b − 1). */
function cellBytes(cells, k, anyBits = false) {
  const bits = bitsPerCell(k);
  const bytes = new Uint8Array(packedLength(cells, k));
  for (let i = 0; i < cells; i++) {
    const value = anyBits ? below(2 ** bits) : below(k);
    for (let b = 0; b < bits; b++) if ((value >> b) & 1) bytes[(i * bits + b) >> 3] |= 1 << ((i * bits + b) & 7);
  }
  return bytes;
}

function maskBytes(cells, density) {
  const bytes = new Uint8Array(Math.ceil(cells / 8));
  for (let i = 0; i < cells; i++) if (chance(density)) bytes[i >> 3] |= 1 << (i & 7);
  return bytes;
}

const isSet = (bytes, index) => bytes !== null && ((bytes[index >> 3] >> (index & 7)) & 1) === 1;

/** A link, valid or broken in one of the ways the reference refuses. */
function randomLink() {
  let rows = 1 + below(9);
  let cols = 1 + below(9);
  if (chance(0.08)) [rows, cols] = [1 + below(70), 1 + below(70)];
  const cells = rows * cols;
  const k = chance(0.55) ? 2 : pick([3, 4, 5, 7, 8, 16, 200, MAX_STATES]);
  const statesAbove = k > 2 && (k & (k - 1)) !== 0 && chance(0.15); // a state ≥ k (needs k not a power of 2)
  const state = {
    rows, cols, k, cells: cellBytes(cells, k, statesAbove),
    stencil: pick([STENCIL_MASKS.plus, STENCIL_MASKS.plus, STENCIL_MASKS.moore, STENCIL_MASKS.x, 1 << 12 | 1 << 3, 1 << 0]),
    surface: pick(["plane", "plane", "torus", "klein", "projective"]),
    goal: pick(["off", "off", "on", null]),
    holes: chance(0.3) ? maskBytes(cells, 0.3) : null,
    dontCare: chance(0.2) ? maskBytes(cells, 0.3) : null,
    moves: [],
    challengeKind: chance(0.2) ? pick(["daily", "random", "sample-tv", "presses-3", "lit-10"]) : null,
  };
  if (state.goal === null) state.goal = cellBytes(cells, k, k > 2 && chance(0.2));
  const buttons = [...Array(cells).keys()].filter((index) => !isSet(state.holes, index));
  const count = pick([0, 0, 1, 3, 12]);
  for (let i = 0; i < count && buttons.length > 0; i++) state.moves.push(pick(buttons));
  const holes = [...Array(cells).keys()].filter((index) => isSet(state.holes, index));
  if (holes.length > 0 && chance(0.25)) { // a move on a hole, somewhere among the others
    state.moves.splice(below(state.moves.length + 1), 0, pick(holes));
  }
  if (chance(0.06)) state.moves.push(cells + below(3 * cells + 1)); // outside the board
  return formatShare(state);
}

const ALPHABET = "0123456789x:;=#ABCDEFQgwabcdefgkmrwhdonplustvj_-+/%<>\"' ";

function mutate(text) {
  const chars = [...text];
  for (let edits = 1 + below(3); edits > 0; edits--) {
    const at = below(chars.length + 1);
    const kind = below(3);
    if (kind === 0 && chars.length) chars[Math.min(at, chars.length - 1)] = pick(ALPHABET);
    else if (kind === 1) chars.splice(at, 0, pick(ALPHABET));
    else chars.splice(at, 1);
  }
  return chars.join("");
}

function corpus() {
  random = seeded(SEED); // the same strings for every test
  const texts = [
    "2x2:AA;h=AQ;m=AA", "2x2:AA;h=Ag;m=AAE", "2x2:AA;h=AQ;m=AQI", "2x2:Ag;m=BA", "2x2:Ag;m=gB",
    "2x2:DQ;k=3", "2x2:Dg;k=3", "2x2:Ag;k=3;g=Dw", "3x3:AAA;m=____Dw", "3x3:AAA;m=gICAgAE",
    "99999x99999:", "10000x10000:", "10001x10000:", "10000x10001:AA", "1x100000000:", "100000000x1:A",
    "123456789x1:", "1x1:;k=999", "1x1:A=", "1x1:A%3D", "1x1:AA==", "#", "", "##1x1:AA",
    `2x2:AA;h=AQ;m=${encodeMoves([1, 2, 0])}`, `4x4:AAAA;h=${encodeBase64url(Uint8Array.of(0xff, 0xff))}`,
    "2x2:AA;p=", "2x2:AA;p=Daily", "2x2:AA;p=daily;h=AQ", "2x2:AA;p=sample-tv;m=AQ",
    // a level's p= is a preset's link's only (lightsout.share.links: level_grid); "levels-" and "level" are other kinds
    "5x5:AAAAAA;p=level-classic", "2x2:AA;p=level-x;m=AQ", "2x2:AA;p=levels-classic", "2x2:AA;p=level",
  ];
  const fixed = texts.length;
  while (texts.length < COUNT / 3) texts.push(randomLink());
  const valid = texts.slice(fixed);
  while (texts.length < (2 * COUNT) / 3) texts.push(mutate(pick(valid)));
  while (texts.length < COUNT) {
    texts.push(Array.from({ length: below(32) }, () => pick(ALPHABET)).join(""));
  }
  return texts;
}

/** An object with its keys in order (the two sides build params in their own orders). */
const sorted = (object) => Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : 1)));

function jsOutcome(text) {
  try {
    return { ok: true, text: formatShare(parseShare(text)) };
  } catch (error) {
    if (error.name !== "ShareError") return { ok: false, crash: String(error) };
    return { ok: false, column: error.column, code: error.code, params: sorted(error.params) };
  }
}

function pythonOutcomes(texts) {
  const directory = mkdtempSync(join(tmpdir(), "share-fuzz-"));
  try {
    const file = join(directory, "texts.json");
    writeFileSync(file, JSON.stringify(texts));
    return pythonJson(`
import json
from lightsout.errors import BoardFormatError
from lightsout.share.links import format_share, parse_share
out = []
for text in json.load(open(${JSON.stringify(file)})):
    try:
        out.append({"ok": True, "text": format_share(parse_share(text))})
    except BoardFormatError as error:
        out.append({"ok": False, "column": error.column, "reason": error.reason, "code": error.code, "params": error.params})
print(json.dumps(out))
`);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

test(`${COUNT} fuzzed share links: share.js and lightsout.share.links agree, refusal for refusal, game for game`, () => {
  const texts = corpus();
  assert.equal(new Set(texts).size > COUNT * 0.9, true, "the corpus repeats itself");
  const python = pythonOutcomes(texts);
  const mismatches = [];
  texts.forEach((text, index) => {
    const js = jsOutcome(text);
    const { reason, ...outcome } = python[index]; // Python's English is not the page's: its reasons are checked below
    const py = outcome.ok ? outcome : { ...outcome, params: sorted(outcome.params) };
    if (JSON.stringify(js) !== JSON.stringify(py)) mismatches.push({ text, js, python: py });
  });
  assert.deepEqual(mismatches.slice(0, 5), []);
  // The corpus reaches what it is meant to: each refusal the issue named, and valid games.
  const reasons = python.filter((outcome) => !outcome.ok).map((outcome) => outcome.reason);
  const reached = (words) => reasons.some((reason) => reason.includes(words));
  for (const words of ["a hole, which has no button", "outside the", "state outside 0..", "not valid base64url",
    "base64url characters, found", "board size", "sets bits beyond", "the puzzle must be"]) {
    assert.ok(reached(words), `no fuzzed link was refused for "${words}"`);
  }
  const accepted = python.filter((outcome) => outcome.ok).length;
  assert.ok(accepted > COUNT / 5 && accepted < COUNT * 0.8, `${accepted} of ${COUNT} accepted`);
});

// Characters outside the BMP (issue 49): two UTF-16 units in JavaScript, one code point in Python. Both count
// code points, so a link holding one gets the same code, column and `found` from both (share.js counted units:
// 1x1:AA;d=😀 was id_length in Python, bad_base64 here, and `found` could end in half a surrogate pair).
const ASTRAL = ["😀", "𝔸", "🇫🇷", "\u{10000}", "\u{10FFFF}", "é", "中", "\uD83D", ";", "="];

function astralCorpus() {
  random = seeded(SEED + 49);
  const texts = ["1x1:AA;d=😀", "2x2:Ag;" + "z".repeat(19) + "😀xyz=1", "2x2:Ag;r=" + "x".repeat(19) + "😀", "2x2:Ag;g=😀;z=1"];
  while (texts.length < 600) {
    const chars = [...randomLink()];
    for (let edits = 1 + below(3); edits > 0; edits--) chars.splice(below(chars.length + 1), 0, pick(ASTRAL));
    texts.push(chars.join(""));
  }
  return texts;
}

test("fuzzed links with characters outside the BMP: share.js and lightsout.share.links give the same code, column and found", () => {
  const texts = astralCorpus();
  const python = pythonOutcomes(texts);
  const mismatches = [];
  texts.forEach((text, index) => {
    const js = jsOutcome(text);
    const { reason, ...outcome } = python[index];
    const py = outcome.ok ? outcome : { ...outcome, params: sorted(outcome.params) };
    if (JSON.stringify(js) !== JSON.stringify(py)) mismatches.push({ text, js, python: py });
  });
  assert.deepEqual(mismatches.slice(0, 5), []);
  const codes = new Set(python.map((outcome) => outcome.code));
  for (const code of ["unknown_field", "id_length", "bad_base64"]) assert.ok(codes.has(code), code);
});

test("every fuzzed link either opens as a whole game or is refused with a ShareError", () => {
  for (const text of corpus()) {
    let opened;
    try {
      opened = gameOfLink(text);
    } catch (error) {
      assert.equal(error.name, "ShareError", `${text}: ${error}`);
      continue;
    }
    const state = parseShare(text);
    assert.equal(opened.moveCount, state.moves.length, text);
    assert.equal(opened.game.moveCount, state.moves.length, text);
    assert.equal(opened.game.board.k, state.k, text);
  }
});
