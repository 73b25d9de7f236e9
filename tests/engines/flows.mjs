// @ts-check
// The player's main flows, written once and run in each engine (browsers.mjs): a cold
// visit to a ready solver; a random board played to the win; New puzzle, Hint, Solve and
// its marks followed; a board pasted; a shared grid link; a shared Cube link opened while
// the solver starts (a press on the stand-in said to wait, Solve answered for the Cube),
// turned in 3D by a drag and pressed by a click, then solved; level 1 of the classic set
// won and Next level; a board scanned from a picture file; 中文; the puzzle of the day; a
// player's record kept true (forged links, a goal switched, a reload); a repeat visit restored
// from the kept start; an offline reload served by the service worker (last: it stops the
// server). Each flow starts from a document it opens itself; one page (one profile) is kept
// through them all, as one player's browser.
//
// Every solution a flow follows is checked by Python (window.lightsOut.verifyShown, the
// page's own solver) or found by it independently (CPython here, lightsout.api), and its
// presses made by the pointer at the cells' centres. A flow that truly cannot work in an
// engine is listed in REFUSALS with the engine's own reason (docs/guide.md says so too), and
// checked to fail that way: a documented refusal, not a silent gap.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pythonJson } from "../js/python.mjs";
import { encodePng, renderPicture } from "../js/scan-pictures.mjs";
import { START_WAIT_MS } from "./browsers.mjs";

export const LINKS = {
  grid: "#5x5:3VaXAQ;p=random;m=AAE", // a New puzzle's 5×5 with two moves played (written by the share op)
  cube: "#cube:Rf_rKvofAA", // the Lights Out Cube: the link is read by Python
};

/** Flows an engine cannot run, with the engine's reason: {engine: {flow name: reason}}. */
export const REFUSALS = {};

// ---------------------------------------------------------------------------------
// In the page (these run in the browser: no closures over test variables)

const solverState = () => document.getElementById("status").dataset.state;
const snapshot = () => window.lightsOut.statesSnapshot();
const markedCells = () => {
  const marks = window.lightsOut.statesSnapshot().marks ?? [];
  return marks.flatMap((count, index) => Array(count).fill(index));
};
const messageText = () => document.getElementById("message").textContent;
/** The link the page opened with is open: its board is no longer a stand-in (a preset's link is read by Python). */
const opened = () => !document.getElementById("board").hasAttribute("data-opening");

/** The centre of cell `index` where a pointer hits it (viewport pixels), or null when it is out of sight or covered. */
function cellCentre(index) {
  const { cols } = window.lightsOut.statesSnapshot();
  const row = Math.floor(index / cols), col = index % cols;
  const cell = document.querySelector(`#board [role="gridcell"][data-index="${index}"]`)
    ?? document.querySelector(`#board [role="gridcell"][data-row="${row}"][data-col="${col}"]`);
  if (!cell) return null;
  const box = cell.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  return document.elementFromPoint(x, y)?.closest('[role="gridcell"]') === cell ? [x, y] : null;
}

// ---------------------------------------------------------------------------------
// Steps

async function waitReady(page) {
  await page.waitFor(() => document.getElementById("status").dataset.state !== "loading", null, START_WAIT_MS);
  assert.equal(await page.evaluate(solverState), "ready", await page.evaluate(messageText));
}

/** Click cell `index` with the pointer at its centre, once it is drawn where a pointer reaches it. */
async function pressCell(page, index) {
  const centre = await page.waitFor(cellCentre, index).catch(() => null);
  assert.ok(centre, `cell ${index} is out of sight or covered`);
  await page.clickAt(...centre);
}

/** Resolves once the 3D view has stopped turning (its turn the same over two frames). */
async function viewStill(page) {
  await page.waitFor(() => new Promise((resolve) => {
    const before = JSON.stringify(window.lightsOut.view().turn);
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(JSON.stringify(window.lightsOut.view().turn) === before)));
  }));
}

/** Press every marked cell once per mark (their order does not matter: presses commute), then expect the goal. */
async function followMarks(page) {
  const presses = await page.evaluate(markedCells);
  assert.ok(presses.length > 0, "no marks to follow");
  for (const index of presses) {
    const before = (await page.evaluate(snapshot)).moves;
    await pressCell(page, index);
    await page.waitFor((count) => window.lightsOut.statesSnapshot().moves > count, before);
  }
  await page.waitFor(() => document.getElementById("status").dataset.solved === "1");
  assert.equal(await page.evaluate(() => window.lightsOut.statesSnapshot().marks), null, "every mark was pressed off");
}

/** Press Solve; Python (verify) checks the marks solve the board; follow them to the goal. */
async function solveAndFollow(page) {
  await page.click("#solve");
  await page.waitFor(() => window.lightsOut.statesSnapshot().marks !== null);
  const verdict = await page.evaluate(() => window.lightsOut.verifyShown());
  assert.ok(verdict.solved && verdict.presses > 0, JSON.stringify(verdict));
  await followMarks(page);
}

/** The fewest presses for a game of the plus rule (a 5×5 grid or the classic preset), found by CPython here. */
function pythonSolution({ rows, cols, cells }) {
  const reply = pythonJson(`
import json
from lightsout import api
from lightsout.model import codec
cells = ${JSON.stringify(cells)}
board = codec.format_packed(${rows}, ${cols}, codec.pack(cells, 1))
reply = json.loads(api.handle(json.dumps({"op": "solve", "rows": ${rows}, "cols": ${cols}, "board": board, "minimal": True})))
presses = codec.parse_packed(reply["solution"])[2]
print(json.dumps([index for index in range(${rows * cols}) if presses >> index & 1]))
`);
  return reply;
}

async function screenshot(context, name) {
  // Two frames first: a view redraws in the next animation frame (WebKit once showed the cube unlit).
  await context.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await context.page.screenshot(join(context.shots, `${context.engine}-${name}.png`));
}

// ---------------------------------------------------------------------------------
// The flows: each `run(context)`, context = {engine, page, site: {url, stop}, shots, figures}

async function coldVisit(context) {
  const { page, site } = context;
  const started = Date.now();
  await page.open(site.url);
  await waitReady(page);
  const start = await page.evaluate(() => window.lightsOut.solverInfo().start);
  context.figures.cold = { wallMs: Date.now() - started, workerMs: Math.round(start.ms), path: start.path };
  assert.equal(start.path, "install", "a first visit starts Python the usual way");
  assert.equal((await page.evaluate(snapshot)).rows, 5);
  await screenshot(context, "ready");
}

async function playToWin(context) {
  const { page } = context;
  const game = await page.evaluate(snapshot);
  const presses = pythonSolution(game);
  for (const index of presses) await pressCell(page, index);
  await page.waitFor(() => document.getElementById("status").dataset.solved === "1");
  await page.waitFor(() => !document.getElementById("win").hidden);
  assert.equal(await page.evaluate(() => document.getElementById("win").dataset.by), "player");
  assert.equal((await page.evaluate(snapshot)).moves, presses.length);
}

async function hintThenSolve(context) {
  const { page } = context;
  await page.click("#new-puzzle");
  await page.waitFor(() => /New 5×5 puzzle/.test(document.getElementById("message").textContent));
  await page.click("#hint");
  await page.waitFor(() => window.lightsOut.statesSnapshot().marks !== null);
  const [hinted] = await page.evaluate(markedCells);
  assert.equal((await page.evaluate(markedCells)).length, 1);
  await pressCell(page, hinted);
  await page.waitFor(() => window.lightsOut.statesSnapshot().moves === 1);
  assert.equal(await page.evaluate(() => window.lightsOut.statesSnapshot().marks), null, "the hint's mark goes with its press");
  await solveAndFollow(page);
}

/** Medium in one tap (issue 50): a 5×5 whose fewest presses, proven by CPython, are in 6–9; hidden until asked, then won. */
async function difficultyDealt(context) {
  const { page } = context;
  await page.click("#difficulty-medium");
  await page.waitFor(() => /^New puzzle: Medium, 5×5\./.test(document.getElementById("message").textContent));
  assert.equal(await page.evaluate(() => document.getElementById("difficulty-medium").getAttribute("aria-pressed")), "true");
  const presses = pythonSolution(await page.evaluate(snapshot));
  assert.ok(presses.length >= 6 && presses.length <= 9, `Medium's fewest presses: ${presses.length}`);
  assert.equal(await page.evaluate(() => document.getElementById("minimum").textContent), "", "the fewest count is hidden until asked");
  await page.click("#show-fewest");
  await page.waitFor((count) => document.getElementById("minimum").textContent === `(best possible: ${count})`, presses.length);
  for (const index of presses) await pressCell(page, index);
  await page.waitFor(() => !document.getElementById("win").hidden);
  assert.equal(await page.evaluate(() => document.getElementById("win").dataset.by), "player");
  await screenshot(context, "difficulty-won");
}

async function pasteBoard(context) {
  const { page } = context;
  await page.evaluate(() => {
    /** @type {HTMLDetailsElement} */ (document.getElementById("section-text")).open = true;
    const box = /** @type {HTMLTextAreaElement} */ (document.getElementById("board-text"));
    box.value = "#.#.#\n.#.#.\n#...#\n.#.#.\n#.#.#\n";
    box.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await page.click("#load");
  await page.waitFor(() => /Loaded/.test(document.getElementById("message").textContent));
  const game = await page.evaluate(snapshot);
  assert.deepEqual(game.cells, [1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1]);
  await solveAndFollow(page);
}

/** A link followed in the page (its address's #hash changed), as a link in the page's own docs is. */
async function followLink(page, hash) {
  await page.evaluate((link) => { location.hash = link; }, hash);
}

// A shared link followed in the page already open (a new document's arrival is the Cube link's flow):
// each new document costs a start of the runtime (the Cube link and the reloads keep theirs).
async function gridLink(context) {
  const { page } = context;
  await followLink(page, LINKS.grid);
  await page.waitFor(() => /Opened a shared 5×5 game with 2 moves/.test(document.getElementById("message").textContent));
  assert.equal((await page.evaluate(snapshot)).moves, 2);
  await waitReady(page);
  await solveAndFollow(page);
}

async function cubeLink(context) {
  const { page, site } = context;
  // Opened while the solver starts (held by the ?hold-start test knob until released): the
  // board is a stand-in that refuses a press with a word, and Solve waits for the Cube.
  await page.open(`${site.url}?hold-start${LINKS.cube}`);
  await page.waitFor(() => document.getElementById("board").hasAttribute("data-opening"));
  await pressCell(page, 0);
  await page.waitFor(() => document.getElementById("message").textContent === "The shared puzzle is still opening.");
  assert.equal((await page.evaluate(snapshot)).moves, 0);
  await page.click("#solve");
  assert.equal(await page.evaluate(() => window.lightsOut.releaseStart()), true);
  await waitReady(page);
  await page.waitFor(() => window.lightsOut.statesSnapshot().puzzle?.preset === "cube" && window.lightsOut.statesSnapshot().marks !== null);
  const verdict = await page.evaluate(() => window.lightsOut.verifyShown());
  assert.ok(verdict.solved, "Solve, pressed while the solver started, marked a solution of the Cube");
  // The 3D view is its own file, loaded on demand: it may come after the marks.
  await page.waitFor(() => window.lightsOut.view().kind === "solid");
  await screenshot(context, "cube-3d");
  // A drag turns the cube; a click presses the sticker under the pointer.
  const before = await page.evaluate(() => window.lightsOut.view().turn);
  const box = await page.evaluate(() => {
    const rect = document.getElementById("board").getBoundingClientRect();
    return [rect.left + rect.width / 2, rect.top + rect.height / 2, rect.width];
  });
  const [x, y, width] = box;
  await page.drag([[x - width * 0.2, y], [x, y], [x + width * 0.2, y]]);
  await page.waitFor((old) => JSON.stringify(window.lightsOut.view().turn) !== JSON.stringify(old), before);
  await viewStill(page); // a drag may throw the cube on for a moment
  const seen = await page.evaluate(() => {
    const cells = /** @type {HTMLElement[]} */ ([...document.querySelectorAll('#board [role="gridcell"]')]);
    for (const cell of cells) {
      const box = cell.getBoundingClientRect();
      const x = box.left + box.width / 2, y = box.top + box.height / 2;
      if (box.width > 20 && document.elementFromPoint(x, y)?.closest('[role="gridcell"]') === cell) return Number(cell.dataset.index);
    }
    return null;
  });
  assert.notEqual(seen, null, "a sticker is in sight after the turn");
  const lights = (await page.evaluate(snapshot)).cells;
  await pressCell(page, seen);
  await page.waitFor(() => window.lightsOut.statesSnapshot().moves === 1);
  const pressed = await page.evaluate(snapshot);
  assert.notDeepEqual(pressed.cells, lights);
  const changed = pressed.cells.flatMap((state, cell) => (state !== lights[cell] ? [cell] : []));
  assert.deepEqual(changed, [...pressed.puzzle.presses[seen]].sort((a, b) => a - b), "the sticker clicked is the one pressed");
  // Flat, the marks (rerouted by the press: Solve again) are followed to the goal.
  await page.click("#view-flat");
  await page.waitFor(() => window.lightsOut.view().kind !== "solid");
  await solveAndFollow(page);
  await page.click("#view-3d"); // the choice is remembered: leave the default for the next visit
}

async function levelOne(context) {
  const { page } = context;
  await page.click("#levels-open");
  await page.waitFor(() => !/** @type {HTMLSelectElement} */ (document.getElementById("level-set")).disabled);
  await page.evaluate(() => {
    const select = /** @type {HTMLSelectElement} */ (document.getElementById("level-set"));
    select.value = "classic";
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
  await page.click('#level-list button[data-level="1"]');
  await page.waitFor(() => /^Level 1 of 50/.test(document.getElementById("level-label-text").textContent));
  const presses = pythonSolution(await page.evaluate(snapshot));
  assert.equal(presses.length, 6, "classic level 1's fewest presses");
  for (const index of presses) await pressCell(page, index);
  await page.waitFor(() => !document.getElementById("win").hidden);
  assert.equal(await page.evaluate(() => document.getElementById("win").dataset.stars), "3");
  await screenshot(context, "level-won");
  await page.click("#next-puzzle");
  await page.waitFor(() => /^Level 2 of 50/.test(document.getElementById("level-label-text").textContent));
}

async function scanPicture(context) {
  const { page, scratch } = context;
  const picture = renderPicture({ seed: 501, rows: 5, cols: 5, style: "glow", width: 800, height: 600, turn: 12, tilt: 15 });
  const path = join(scratch, "board.png");
  writeFileSync(path, encodePng(picture.image));
  await page.click("#new-puzzle"); // the standard game again (a level was played)
  await page.waitFor(() => /New 5×5 puzzle/.test(document.getElementById("message").textContent));
  await page.evaluate(() => { /** @type {HTMLDetailsElement} */ (document.getElementById("section-puzzles")).open = true; });
  await page.click("#scan");
  await page.waitFor(() => /** @type {HTMLDialogElement} */ (document.getElementById("scan-dialog")).open);
  await page.setFiles("#scan-file", path);
  await page.waitFor(() => document.getElementById("scan-dialog").dataset.step === "adjust");
  assert.equal(await page.evaluate(() => document.getElementById("scan-dialog").dataset.found), "1");
  await screenshot(context, "scan");
  await page.click("#scan-use");
  await page.waitFor(() => !/** @type {HTMLDialogElement} */ (document.getElementById("scan-dialog")).open);
  assert.deepEqual((await page.evaluate(snapshot)).cells, [...picture.states]);
  await solveAndFollow(page);
}

async function chinese(context) {
  const { page } = context;
  await page.click('#language-switch [data-language="zh"]');
  await page.waitFor(() => document.getElementById("solve").textContent.trim() === "求解");
  assert.equal(await page.evaluate(() => document.documentElement.lang), "zh-Hans");
  await page.click("#new-puzzle");
  await page.waitFor(() => /新的 5×5 谜题/.test(document.getElementById("message").textContent));
  await page.click("#solve");
  await page.waitFor(() => window.lightsOut.statesSnapshot().marks !== null);
  assert.match(await page.evaluate(messageText), /按/);
  await screenshot(context, "zh");
  await followMarks(page);
  await page.click('#language-switch [data-language="en"]');
  await page.waitFor(() => document.getElementById("solve").textContent.trim() === "Solve");
}

async function dailyPuzzle(context) {
  const { page } = context;
  const stats = () => JSON.parse(localStorage.getItem("lightsout-records")).stats;
  const before = await page.evaluate(stats);
  await page.evaluate(() => { /** @type {HTMLDetailsElement} */ (document.getElementById("section-puzzles")).open = true; });
  await page.click("#daily-card");
  await page.waitFor(() => /^Puzzle of the day #\d+/.test(document.getElementById("message").textContent));
  const number = Number(/#(\d+)/.exec(await page.evaluate(messageText))[1]);
  await page.waitFor((token) => location.hash.includes(token), `p=daily-${number}`);
  for (const index of pythonSolution(await page.evaluate(snapshot))) await pressCell(page, index);
  await page.waitFor(() => !document.getElementById("win").hidden);
  assert.equal(await page.evaluate(() => document.getElementById("win").dataset.stars), "3");
  await screenshot(context, "daily-won");
  // Share result as the engine offers it: its share sheet, its clipboard, or the Board box when it refuses both.
  await page.click("#share-result");
  await page.waitFor(() => /Copied|Shared|clipboard is not available/.test(document.getElementById("message").textContent));
  // The line itself, caught where the page hands it over: the day's number, the score, the start's link, no move.
  await page.evaluate(() => {
    Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
    navigator.clipboard.writeText = (text) => { window.sharedLine = text; return Promise.resolve(); };
  });
  await page.click("#share-result");
  const line = await page.waitFor(() => window.sharedLine);
  assert.match(line, new RegExp(`^Lights Out #${number}: \\d+ moves? \\(fewest possible \\d+\\) in \\d+:\\d\\d ★★★\n`), line);
  assert.match(line, new RegExp(`#5x5:[A-Za-z0-9_-]+;p=daily-${number}$`), line);
  const after = await page.evaluate(stats);
  assert.equal(after.won, before.won + 1);
  assert.equal(after.daily.current, 1);
  await page.click("#win-close");
  await page.click("#stats-open");
  await page.waitFor(() => /** @type {HTMLDialogElement} */ (document.getElementById("stats-dialog")).open);
  assert.equal(await page.evaluate(() => document.getElementById("stats-streak").textContent), "1 day");
  assert.equal(await page.evaluate(() => document.getElementById("stats-won").textContent), String(after.won));
  await screenshot(context, "statistics");
  await page.click("#stats-close");
  await page.waitFor(() => !/** @type {HTMLDialogElement} */ (document.getElementById("stats-dialog")).open);
}

/**
 * A player's record kept true (issue 49), as a new player tries it: a forged day's link (a one-press
 * board under p=daily-N) is played as a plain shared board once Python's deal of that day differs, and
 * its win counts nothing; the page's own puzzle of the day with its goal switched to All on is a free
 * game (in Chinese: said, and its link names no puzzle); a reload in the middle of a New puzzle goes on
 * with its clock, the game played once; stored records that cannot be read are said beside the opening
 * link's message (last: the records start afresh).
 */
async function playerRecord(context) {
  const { page, site } = context;
  const records = () => JSON.parse(localStorage.getItem("lightsout-records") ?? "{}").stats ?? { played: 0, won: 0, daily: { current: 0 } };
  const start = await page.evaluate(records);
  const { dailyNumber } = await import("../../static/session/daily.js");
  const day = dailyNumber(new Date());
  await page.open(`${site.url}#5x5:gDgCAA;p=daily-${day}`); // a new document: the Cube link's left ?hold-start in the address
  await waitReady(page);
  await page.waitFor((number) => document.getElementById("message").textContent.includes(`is not puzzle of the day #${number}`), day);
  await page.waitFor(() => !location.hash.includes("p=daily"));
  for (const index of pythonSolution(await page.evaluate(snapshot))) await pressCell(page, index);
  await page.waitFor(() => document.getElementById("status").dataset.solved === "1");
  const forged = await page.evaluate(records);
  assert.deepEqual([forged.won, forged.daily.current], [start.won, start.daily.current], "a forged day's win counts nothing");

  await page.click('#language-switch [data-language="zh"]');
  await page.waitFor(() => document.getElementById("solve").textContent.trim() === "求解");
  await page.evaluate(() => { for (const id of ["section-puzzles", "section-rules"]) /** @type {HTMLDetailsElement} */ (document.getElementById(id)).open = true; });
  await page.click("#daily-card");
  await page.waitFor((number) => location.hash.includes(`p=daily-${number}`), day);
  await page.click('input[name="target"][value="on"]');
  await page.waitFor(() => document.getElementById("message").textContent.includes("不计时"));
  await page.waitFor(() => location.hash.length > 1 && !location.hash.includes("p="));
  await screenshot(context, "daily-goal-changed-zh");
  await page.click('input[name="target"][value="off"]');
  await page.click('#language-switch [data-language="en"]');
  await page.waitFor(() => document.getElementById("solve").textContent.trim() === "Solve");

  // The case: #5x5:IwCIAQ;p=random — press (0, 0), reload, press (4, 4).
  const before = await page.evaluate(records);
  await followLink(page, "#5x5:IwCIAQ;p=random");
  await page.waitFor(() => /Opened a shared/.test(document.getElementById("message").textContent));
  await waitReady(page);
  await pressCell(page, 0);
  await page.waitFor(() => location.hash.includes(";m="));
  await page.reload();
  await waitReady(page);
  await page.waitFor(() => /restored/i.test(document.getElementById("message").textContent));
  await pressCell(page, 24);
  await page.waitFor(() => !document.getElementById("win").hidden);
  const after = await page.evaluate(records);
  assert.equal(after.played, before.played + 1, "the reloaded game is played once");
  assert.equal(after.won, before.won + 1);

  await page.evaluate(() => localStorage.setItem("lightsout-records", "{not json"));
  await page.open(`${site.url}#5x5:AAAAAA`); // 5×5: the flows after it deal New puzzle at its size
  await waitReady(page);
  await page.waitFor(() => /Opened a shared.*could not be read/s.test(document.getElementById("message").textContent));
  await screenshot(context, "records-set-aside");
}

async function repeatVisit(context) {
  const { page, site } = context;
  const started = Date.now();
  await page.open(site.url); // the page again, the same browser: its kept start (and its game: this visit opens the last)
  await waitReady(page);
  const start = await page.evaluate(() => window.lightsOut.solverInfo().start);
  context.figures.repeat = { wallMs: Date.now() - started, workerMs: Math.round(start.ms), path: start.path };
  assert.equal(start.path, "snapshot", `the kept start was not restored: ${start.fallback}`);
  // The address has no link: the game left comes back (issue 42) — in WebKit a real game's at times (the
  // level's, read by Python: its last save, at pagehide, was not seen by the next page) — then a new one is solved.
  await page.waitFor(opened);
  await page.waitFor(() => /Welcome back/.test(document.getElementById("message").textContent));
  await page.click("#new-puzzle");
  await page.waitFor(() => /New 5×5 puzzle/.test(document.getElementById("message").textContent));
  await solveAndFollow(page);
}

async function offlineReload(context) {
  const { page, site } = context;
  // The service worker installs (precaching every file) once the solver has started; a page
  // is controlled from its next load.
  await page.waitFor(() => document.documentElement.dataset.serviceWorker === "registered");
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  // A new game, written into the address (the repeat visit's was won). After level 1 of the classic
  // set a new puzzle is the handheld's: a preset's link, which Python reads (the board is a stand-in
  // until it has: `opened`).
  const won = await page.evaluate(() => location.hash);
  await page.click("#new-puzzle");
  await page.waitFor(() => /New 5×5 puzzle/.test(document.getElementById("message").textContent));
  await page.waitFor((before) => location.hash.length > 1 && location.hash !== before, won);
  await page.reload();
  await page.waitFor(() => navigator.serviceWorker.controller !== null);
  await waitReady(page);
  await page.waitFor(opened);
  const game = await page.evaluate(snapshot);
  await site.stop(); // the network is gone
  await page.reload();
  await waitReady(page);
  await page.waitFor(opened);
  assert.deepEqual(await page.evaluate(snapshot), game, "the reload restored the game of the address");
  await page.click("#new-puzzle");
  await page.waitFor(() => /New 5×5 puzzle/.test(document.getElementById("message").textContent));
  await solveAndFollow(page);
}

export const FLOWS = [
  { name: "a cold visit reaches a ready solver", run: coldVisit },
  { name: "a random board played to the win", run: playToWin },
  { name: "New puzzle, Hint, then Solve and its marks followed", run: hintThenSolve },
  { name: "Medium dealt in one tap, its fewest count hidden then shown, and won", run: difficultyDealt },
  { name: "a board pasted and solved", run: pasteBoard },
  { name: "a shared grid link opened and solved", run: gridLink },
  { name: "a shared Cube link opened while the solver starts, turned in 3D, pressed and solved", run: cubeLink },
  { name: "level 1 of the classic set won, then Next level", run: levelOne },
  { name: "a board scanned from a picture file and solved", run: scanPicture },
  { name: "中文: the page and a solve in Chinese", run: chinese },
  { name: "the puzzle of the day won, its result shared, the Statistics counting it", run: dailyPuzzle },
  { name: "a player's record kept true: a forged day's link, a goal switched, a reload, records set aside", run: playerRecord },
  { name: "a repeat visit restores the kept start", run: repeatVisit },
  { name: "an offline reload is served by the service worker", run: offlineReload },
];
