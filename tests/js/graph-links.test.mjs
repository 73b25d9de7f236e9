// @ts-check
// A preset's or graph's link keeps everything it carries (issue #28): its goal (g=), its holes
// and don't-care cells (h=, d=) and its cells' names. The link is opened as the page opens it
// (static/panels/share-panel.js: the real Python `share` op through a Session), then Solve, Hint and
// every request of the game must be about the goal shown; the solution is checked by pressing
// it until the game is won, and the page's own link of the game is the link opened.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Session } from "../../static/session/session.js";
import { currentHash } from "../../static/model/share-link.js";
import { Board, boardFromId } from "../../static/model/board.js";
import { bytesAt } from "../../static/model/codec.js";
import { LIMITS } from "./fake-solver.mjs";
import { PythonSolver, pythonJson } from "./python.mjs";

const BASE = "https://example.org/lightsout/";

/** A session answered by Python, as the page's (its links: session/links.js). */
function openPage() {
  const solver = new PythonSolver();
  const sent = [];
  const request = solver.request.bind(solver);
  solver.request = (message, options = {}) => {
    sent.push({ message, payload: options.payload ?? null });
    return request(message, options);
  };
  const session = new Session({ solver, limits: LIMITS, wait: () => Promise.resolve(), random: () => 0.9 });
  // The game's link, as the address and Copy link get it (`game` must be the session's).
  const panel = { graphLink: (game, base) => (assert.equal(game, session.game), session.links.linkOf(base)) };
  return { session, panel, sent };
}

/** Open the link `text` (a hash, "#" optional) as the page does, and wait for the game. */
async function openLink(text) {
  const page = openPage();
  await page.session.links.openGraphLink(text.replace(/^#/, ""), false);
  return page;
}

/** The packed board `field` names in a request (a payload reference "RxC@N" or a "RxC:…" id). */
function boardOf(value, payload, k) {
  if (/@/.test(value)) {
    const { rows, cols, bytes } = bytesAt(value, payload, k);
    return boardFromId(`${rows}x${cols}:${Buffer.from(bytes).toString("base64url")}`, k);
  }
  return boardFromId(value, k);
}

/** Press every mark (each as often as it is marked) through the session, as a player does. */
function pressMarks(session) {
  const { cols } = session.game.board;
  const marks = session.marks.copy();
  for (const index of marks.indices()) {
    for (let time = 0; time < marks.get(index); time++) session.press(Math.floor(index / cols), index % cols);
  }
}

for (const link of ["classic:AAAAAA;g=IwAAAA", "merlin:BQA;g=xwE", "mini:AAA;g=AQA", "merlin:xwE;g=off"]) {
  test(`${link}: Solve, Hint and every request are about the goal shown; the link keeps it`, async () => {
    const { session, panel, sent } = await openLink(link);
    const { game } = session;
    const { rows, cols, k } = game.board;
    const goal = link.split(";g=")[1];
    const shown = goal === "off" ? "off" : boardFromId(`${rows}x${cols}:${goal}`, k);
    if (shown === "off") assert.equal(game.target, "off");
    else assert.ok(game.target instanceof Board && game.target.equals(shown), "the goal shown is the link's");
    assert.equal(await panel.graphLink(game, BASE), `${BASE}#${link}`);

    await session.solving.hint();
    assert.ok(session.marks && session.marks.litCount === 1, "Hint marks one press");
    await session.solving.solve();
    assert.ok(session.marks, "Solve marks the presses to the goal shown");
    const requests = sent.filter(({ message }) => message.board !== undefined && message.op !== "share");
    assert.ok(requests.length >= 2);
    for (const { message, payload } of requests) {
      if (shown === "off") assert.equal(message.target, "off", message.op);
      else assert.ok(boardOf(message.target, payload, k).equals(shown), `${message.op} asks for the goal shown`);
    }
    pressMarks(session);
    assert.ok(session.won, "pressing the marks wins");
    assert.ok(session.game.isSolved());
  });
}

test("classic:AAAAAA;g=AQAAAA: one light in a corner cannot be reached from the dark board, and Solve says so", async () => {
  const { session } = await openLink("classic:AAAAAA;g=AQAAAA");
  await session.solving.solve();
  assert.equal(session.marks, null);
  assert.ok(session.overlay.proof && session.overlay.nearest, "the proof and the nearest goal are shown");
});

test("a preset link's holes and don't-care cells open, are kept by presses and the link, and solve", async () => {
  const link = "cube:CwAAAAAAAA;h=EAAAAAAAAA;d=ACAAAAAAAA";
  const opened = await openLink(link);
  const { game } = opened.session;
  assert.ok(game.mask, "the link's shape is the game's");
  assert.deepEqual(game.mask.holes.indices(), [4]); // h=EA…: byte 0 is 0x10
  assert.deepEqual(game.mask.dontCare.indices(), [13]); // d=ACA…: byte 1 is 0x20
  assert.equal(await opened.panel.graphLink(game, BASE), `${BASE}#${link}`);
  // From the dark board: a press reaching the hole leaves it dark (a hole has no light, as in
  // Python's press op); Solve presses no hole, and its marks win with the don't-care cell as it is.
  const { session, panel } = await openLink("cube:AAAAAAAAAA;h=EAAAAAAAAA;d=ACAAAAAAAA");
  const neighbour = session.game.graph.presses.findIndex((set, i) => i !== 4 && set.includes(4));
  session.press(0, neighbour);
  assert.equal(session.game.board.get(4), 0);
  await session.solving.solve();
  assert.ok(session.marks, "Solve marks the presses");
  assert.equal(session.marks.get(4), 0, "no press on a hole");
  pressMarks(session);
  assert.ok(session.won);
  const played = await panel.graphLink(session.game, BASE);
  assert.match(played, /^[^;]*;h=EAAAAAAAAA;d=ACAAAAAAAA;m=[^;]+$/);
});

test("a user graph's names with , ; % # survive the page's link, its hash and a reload", async () => {
  const names = ["a,b", "c;d", "50%", "C#"];
  const graph = { cells: 4, edges: [[0, 1], [1, 2], [2, 3]], names };
  const [written] = pythonJson(`import json
from lightsout import api
print(json.dumps([json.loads(api.handle(json.dumps({"op": "share", "graph": ${JSON.stringify(JSON.stringify(graph))}, "board": "1x4:AQ"})))["text"]]))`);
  assert.match(written, /;n=a%2Cb,c%3Bd,50%25,C%23/);
  const hash = `#${written}`;
  assert.equal(currentHash(hash), hash, "a graph link's percent-escapes are its names'");
  const { session, panel } = await openLink(currentHash(hash));
  assert.deepEqual(session.game.graph.names, names);
  assert.equal(await panel.graphLink(session.game, BASE), `${BASE}${hash}`);
  // A grid link some app escaped whole still opens: its escapes are undone.
  assert.equal(currentHash("#4x4%3AAAA%3Bm%3DBg"), "#4x4:AAA;m=Bg");
});
