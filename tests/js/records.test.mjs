// @ts-check
// The player's records (static/session/records.js), one store under one key: best results per kind
// of puzzle and progress per level set — kept and read back, reset, records of the two old
// keys moved in, stored data that cannot be read set aside (kept under its own key) with a
// message and never a throw, a refusing storage only losing them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { RECORDS_KEY, Records, SET_ASIDE_KEY } from "../../static/session/records.js";
import { MemoryStorage } from "./memory-storage.mjs";
import { emptyStatistics } from "../../static/session/statistics.js";
import { standIn } from "./stand-in.mjs";

test("level progress is kept: best moves and time per level, the highest level reached, read back by a new store", () => {
  const storage = new MemoryStorage();
  const records = new Records(storage);
  assert.equal(records.reached("classic"), 1);
  assert.deepEqual(records.recordLevel("classic", 1, 50, 9, 4000), { best: { moves: 9, milliseconds: 4000 }, improved: true });
  assert.deepEqual(records.recordLevel("classic", 1, 50, 11, 3000), { best: { moves: 9, milliseconds: 3000 }, improved: true });
  assert.equal(records.recordLevel("classic", 1, 50, 12, 5000).improved, false);
  records.recordLevel("classic", 50, 50, 15, 1000); // the last level reaches no level beyond it
  const again = new Records(storage);
  assert.equal(again.problem, null);
  assert.deepEqual(again.levelBest("classic", 1), { moves: 9, milliseconds: 3000 });
  assert.equal(again.reached("classic"), 50);
  assert.equal(again.solvedCount("classic"), 2);
  assert.equal(again.levelBest("cube", 1), null);
  // The tracker's records interface, one level's: it takes the key the tracker passes and ignores it
  // (records.js, not type-checked yet, declares no parameter: typed loosely here).
  const level = standIn(again.levelRecords("cube", 3, 54));
  assert.equal(level.get("any key"), null);
  assert.equal(level.record("any key", 4, 2000).improved, true);
  assert.deepEqual([again.levelBest("cube", 3), again.reached("cube"), level.get("other")], [{ moves: 4, milliseconds: 2000 }, 4, { moves: 4, milliseconds: 2000 }]);
});

test("best results and level progress share one key; a reset forgets one set only", () => {
  const storage = new MemoryStorage();
  const records = new Records(storage);
  assert.deepEqual(records.record("random:5x5", 12, 30000), { best: { moves: 12, milliseconds: 30000 }, improved: true });
  assert.deepEqual(records.record("random:5x5", 14, 20000), { best: { moves: 12, milliseconds: 20000 }, improved: true });
  records.recordLevel("classic", 3, 50, 8, 1000);
  records.recordLevel("cube", 1, 54, 1, 500);
  records.resetLevels("classic");
  assert.deepEqual([...storage.map.keys()], [RECORDS_KEY]);
  const again = new Records(storage);
  assert.deepEqual([again.reached("classic"), again.levelBest("classic", 3), again.solvedCount("classic")], [1, null, 0]);
  assert.deepEqual([again.levelBest("cube", 1), again.get("random:5x5"), again.get("daily:5x5")],
    [{ moves: 1, milliseconds: 500 }, { moves: 12, milliseconds: 20000 }, null]);
});

test("records under the two keys of before are moved into the one store, old sample kinds under their current key", () => {
  const storage = new MemoryStorage({
    "lightsout-best": JSON.stringify({ "preset tv:8x8": { moves: 20, milliseconds: 9000 }, "sample tv:8x8": { moves: 25, milliseconds: 7000 } }),
    "lightsout-levels": JSON.stringify({ classic: { reached: 4, best: { 3: { moves: 7, milliseconds: 100 } } } }),
  });
  const records = new Records(storage);
  assert.equal(records.problem, null);
  assert.deepEqual(records.get("sample tv:8x8"), { moves: 20, milliseconds: 7000 }); // the better of each
  assert.equal(records.reached("classic"), 4);
  assert.deepEqual(JSON.parse(storage.map.get(RECORDS_KEY)), {
    version: 1, best: { "sample tv:8x8": { moves: 20, milliseconds: 7000 } },
    levels: { classic: { reached: 4, best: { 3: { moves: 7, milliseconds: 100 } } } }, stats: emptyStatistics(),
  });
});

test("stored records that cannot be read are set aside with a message, and never throw", () => {
  const unreadableLevels = [
    "[]", "null", "42", '"text"', '{"classic": 3}', '{"classic": {"reached": -1, "best": {}}}',
    '{"classic": {"reached": 2}}', '{"classic": {"reached": 2, "best": {"x": {"moves": 1, "milliseconds": 1}}}}',
    '{"classic": {"reached": 2, "best": {"1": {"moves": "9", "milliseconds": 1}}}}',
    '{"classic": {"reached": 2, "best": {"1": {"moves": 9}}}}', '{"__proto__": {"reached": 2, "best": {}}}',
  ];
  const unreadable = [
    "{not json", "[]", "null", '{"best": []}', '{"best": {"random:5x5": {"moves": -1, "milliseconds": 3}}}',
    ...unreadableLevels.map((levels) => `{"version": 1, "levels": ${levels}}`),
  ];
  /** What was set aside: the text itself when it is no records at all, else the part that could not be read (and only it). */
  const setAsidePart = (text, aside) => {
    let stored = null;
    try { stored = JSON.parse(text); } catch { /* no JSON */ }
    if (!stored || typeof stored !== "object" || Array.isArray(stored)) return assert.equal(aside, text, text);
    const part = JSON.parse(aside);
    for (const name of ["best", "levels"]) if (name in part) assert.deepEqual(part[name], stored[name], text);
    assert.ok("best" in part || "levels" in part, text);
  };
  for (const text of unreadable) {
    const storage = new MemoryStorage({ [RECORDS_KEY]: text });
    const records = new Records(storage);
    assert.deepEqual(records.problem, { key: "recordsSetAside", params: {} }, text);
    setAsidePart(text, storage.map.get(SET_ASIDE_KEY)); // kept aside, not lost
    assert.deepEqual([records.reached("classic"), records.levelBest("classic", 1), records.get("random:5x5")], [1, null, null], text);
    records.recordLevel("classic", 1, 50, 7, 100); // afresh: the next write replaces what could not be read
    assert.equal(new Records(storage).problem, null, text);
  }
  for (const levels of unreadableLevels.concat("{not json")) { // an old key's data too
    const storage = new MemoryStorage({ "lightsout-levels": levels });
    assert.deepEqual(new Records(storage).problem, { key: "recordsSetAside", params: {} }, levels);
    const aside = storage.map.get(SET_ASIDE_KEY);
    if (levels === "{not json") assert.equal(aside, levels);
    else assert.deepEqual(JSON.parse(aside).levels, JSON.parse(levels), levels);
  }
  const refusing = new Records(new MemoryStorage({}, true)); // storage refused: no message, nothing kept
  assert.equal(refusing.problem, null);
  assert.equal(refusing.recordLevel("classic", 1, 50, 7, 100).improved, true);
  assert.equal(refusing.reached("classic"), 2);
  assert.equal(new Records(null).reached("cube"), 1);
});
