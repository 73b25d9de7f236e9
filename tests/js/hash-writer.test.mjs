// @ts-check
// The share link's writer (static/model/share-link.js: HashWriter) with a fake address and
// history: a write scheduled before the reader navigates (Back, an edited hash) must not
// land on the entry the reader went to, before the browser's hashchange arrives.
import { test } from "node:test";
import assert from "node:assert/strict";
import { HashWriter, gameOfLink } from "../../static/model/share-link.js";
import { standIn } from "./stand-in.mjs";

const BASE = "http://127.0.0.1/lightsout/";

/** A writer of the 4×4 game on a fake page at `hash`, with mocked timers. */
function writerOn(t, hash) {
  t.mock.timers.enable({ apis: ["setTimeout"] });
  const address = { href: BASE + hash };
  const written = [];
  globalThis.location = standIn(address);
  globalThis.history = standIn({
    state: null,
    replaceState(_state, _title, url) { written.push(url); address.href = url; },
  });
  const { game } = gameOfLink("#4x4:AAA;m=BQ");
  return { address, written, writer: new HashWriter(() => game) };
}

test("a scheduled write lands when the address is still the one it was scheduled on", (t) => {
  const { address, written, writer } = writerOn(t, "#3x3:AAA");
  writer.schedule();
  t.mock.timers.tick(1000);
  assert.equal(written.length, 1);
  assert.match(address.href, /#4x4:/);
  // Its own write does not stop the next one.
  writer.schedule();
  t.mock.timers.tick(1000);
  assert.equal(written.length, 1, "the address already holds the game: nothing to write");
});

test("a write scheduled before the reader went Back does not replace the entry gone to", (t) => {
  const { address, written, writer } = writerOn(t, "#4x4:AAA");
  writer.schedule();
  address.href = `${BASE}#99999x99999:`; // Back to a bad link; its hashchange is not yet dispatched
  t.mock.timers.tick(1000);
  assert.deepEqual(written, []);
  assert.equal(address.href, `${BASE}#99999x99999:`);
});
