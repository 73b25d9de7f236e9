// @ts-check
// The Scan dialog's headless parts under Node (static/panels/scan-reading.js, scan-verdict.js):
// a picture's reading, the reader's corrections and corners, and the verdict — "Board found"
// only when no light is in doubt and Python's check finds the board solvable; an unsolvable
// reading marks only the less clearly read lights its proof weighs; an answer for a reading
// no longer shown is dropped. The pictures are tests/js/scan-pictures.mjs's; Python's check
// is a stand-in, its delay Node's mock timers.
import { test, mock } from "node:test";
import assert from "node:assert/strict";
import { ScanReading, UNIT_SQUARE } from "../../static/panels/scan-reading.js";
import { ScanVerdict, leastSure } from "../../static/panels/scan-verdict.js";
import { homography, project } from "../../static/scan/scan.js";
import { setLanguage } from "../../static/page/i18n.js";
import { renderPicture } from "./scan-pictures.mjs";

// scan.test.mjs's clean picture: read right, every light clearly.
const CLEAN = { seed: 31, rows: 5, cols: 5, style: "glow", width: 800, height: 600, turn: 20, tilt: 12, glare: 0, blur: 1, noise: 2,
  shade: 0.1 };
const FIVE = () => ({ rows: 5, cols: 5, k: 2 });

const pictures = new Map(); // each picture drawn once (the drawing takes longer than the reading)

/** A 5×5 reading of `spec`'s picture, at sensitivity 0. */
function readingOf(spec) {
  const key = JSON.stringify(spec);
  if (!pictures.has(key)) pictures.set(key, renderPicture(spec));
  const picture = pictures.get(key);
  const reading = new ScanReading(FIVE);
  const found = reading.setPicture(/** @type {ImageData} */ (picture.image));
  reading.readLights(0, null);
  return { picture, reading, found };
}

test("a reading: the board found and read; a light stepped round stays the reader's; a corner moved forgets it", () => {
  const { picture, reading, found } = readingOf(CLEAN);
  assert.equal(found, true);
  assert.deepEqual([...reading.states()], [...picture.states]);
  const read = reading.states()[7];
  assert.equal(reading.correct(7), 1 - read);
  assert.equal(reading.states()[7], 1 - read);
  assert.equal(reading.correct(7), read); // stepped round to what was read: checked by the reader
  assert.deepEqual([...reading.fixed], [[7, read]]);
  // A tap at a light's middle names it; outside the grid, none.
  const h = homography(UNIT_SQUARE, reading.corners);
  const [x, y] = project(h, 3.5 / 5, 1.5 / 5);
  assert.equal(reading.cellAt(x, y), 1 * 5 + 3);
  assert.equal(reading.cellAt(...project(h, 1.2, 0.5)), null);
  // A corner moved stays in the picture and forgets the corrections, which were for cells now elsewhere.
  reading.moveCorner(0, -50, 1e6);
  assert.deepEqual(reading.corners[0], [0, 600]);
  assert.equal(reading.fixed.size, 0);
});

/** A verdict on `reading` whose check answers `reply`; what it tells, as [verdict, words], and the boards checked. */
function verdictOf(reading, reply) {
  const told = [], checked = [];
  const verdict = new ScanVerdict(reading, {
    check: (board) => { checked.push(board); return Promise.resolve(reply); },
    open: () => true,
    tell: (said, wording) => told.push([said, wording()]),
  });
  return { verdict, told, checked };
}

/** Let the check's timer fire and its answer arrive. */
async function checkAnswered() {
  mock.timers.runAll();
  await new Promise((resolve) => setImmediate(resolve));
}

test("the verdict: checking, then Board found once Python finds the reading solvable; an older check is dropped", async () => {
  setLanguage("en");
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { reading } = readingOf(CLEAN);
    const { verdict, told, checked } = verdictOf(reading, { solvable: true });
    verdict.judge();
    assert.deepEqual(told, [["checking", "Lights read; checking the board…"]]);
    verdict.judge({ key: "scanCorrected", params: { row: 1, col: 1, state: "lit" } }); // before the first check went
    await checkAnswered();
    assert.equal(checked.length, 1, "one check for the reading shown");
    const found = "Row 1, column 1 is now lit. Board found. Check the corners and the lights, then Use this board.";
    assert.deepEqual(told.at(-1), ["found", found]);
    verdict.judge();
    verdict.dropCheck(); // another picture chosen: the check for this one is not said
    await checkAnswered();
    assert.equal(told.at(-1)[0], "checking");
  } finally {
    mock.timers.reset();
  }
});

test("the verdict: a clear reading Python finds unsolvable is said unsolvable or misread, no light marked", async () => {
  setLanguage("en");
  mock.timers.enable({ apis: ["setTimeout"] });
  try {
    const { reading } = readingOf(CLEAN);
    const { verdict, told } = verdictOf(reading, { solvable: false });
    verdict.judge();
    await checkAnswered();
    assert.equal(told.at(-1)[0], "unsolvable");
    assert.match(told.at(-1)[1], /cannot be solved .* though each was read clearly/);
    assert.deepEqual([...verdict.unsure()], []);
  } finally {
    mock.timers.reset();
  }
});

test("the verdict: a light in doubt is marked and said until the reader sets it; no board found is said", () => {
  setLanguage("en");
  const { picture, reading } = readingOf({ ...CLEAN, faint: 1 });
  const { verdict, told } = verdictOf(reading, { solvable: true });
  verdict.judge();
  assert.deepEqual([...verdict.unsure()], picture.faint);
  assert.equal(told.at(-1)[0], "unsure");
  reading.correct(picture.faint[0]);
  verdict.judge();
  assert.deepEqual([...verdict.unsure()], []);
  assert.equal(told.at(-1)[0], "checking");
  verdict.dropCheck();
  reading.found = false;
  verdict.judge();
  assert.equal(told.at(-1)[0], "none");
});

test("an unsolvable reading marks at most 3 of the lights its proof weighs, the least sure under CHECK_MARGIN", () => {
  const reading = new ScanReading(FIVE);
  reading.read = new Uint8Array(6);
  reading.margins = Float32Array.from([0.01, 0.02, 0.5, 0.03, 0.04, 0.05]);
  reading.fixed.set(1, 0); // set by the reader: not in doubt
  const proof = { get: (index) => [1, 1, 1, 0, 1, 1][index] };
  assert.deepEqual([...leastSure(reading, proof)], [0, 4, 5]);
  assert.deepEqual([...leastSure(reading, null)], [0, 3, 4]);
  reading.margins.fill(0.5); // every light read clearly: none is called misread
  assert.deepEqual([...leastSure(reading, proof)], []);
});
