// @ts-check
// The page's figures come from the API: build.py writes dist/limits.json from the
// package's "limits" op, the page reads it at start, and the few figures JS modules
// still need synchronously must equal the API's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { staticModules, staticPath, staticSource } from "./static-modules.mjs";
import { join } from "node:path";
import { ROOT, runPython } from "./python.mjs";
import { MAX_SIZE } from "../../static/model/board.js";
import { MAX_STENCIL, NAMED_STENCILS, STENCIL_MASKS, STENCIL_NAMES, SURFACES, stencilMask } from "../../static/model/rules.js";
import * as share from "../../static/model/share.js";

const api = runPython("tests/js/print_limits.py");

test("the limits op has every figure the page reads", () => {
  for (const name of ["max_side", "max_states", "max_cells", "max_stencil", "full_system_cells", "exact_nullity",
    "max_quiet_shown", "max_listed_solutions", "max_search_seconds"]) {
    assert.equal(typeof api[name], "number", name);
  }
});

/** The fields a JSDoc typedef `name` in `source` names (its @property lines, to the comment's end), each with its type as written. */
function typedefFields(source, name) {
  const start = source.indexOf(`@typedef {object} ${name}\n`);
  assert.ok(start >= 0, `no typedef ${name}`);
  const block = source.slice(start, source.indexOf("*/", start));
  return Object.fromEntries([...block.matchAll(/@property \{(.+?)\} (\w+)/g)].map(([, type, field]) => [field, type]));
}

test("the page's Limits type names fields of the limits op, of the types the op gives (model/limits.js)", () => {
  const fields = typedefFields(readFileSync(join(ROOT, "static", "model", "limits.js"), "utf8"), "Limits");
  assert.ok("max_format_cells" in fields && "gridLimit" in fields);
  const typeOf = (value) => (Array.isArray(value) ? `${typeof value[0]}[]` : typeof value);
  // gridLimit is the page's own (GRID_LIMIT); every other field is the op's, of the type it gives.
  const wrong = (named) => Object.entries(named).filter(([field, type]) => field !== "gridLimit" && typeOf(api[field]) !== type);
  assert.deepEqual(wrong(fields), []);
  // The check sees a field the op does not have, and one of another type.
  assert.deepEqual(wrong({ max_sides: "number", presets: "number[]" }), [["max_sides", "number"], ["presets", "number[]"]]);
});

test("the built site's limits.json is the API's reply", { skip: !existsSync(join(ROOT, "dist", "limits.json")) }, () => {
  assert.deepEqual(JSON.parse(readFileSync(join(ROOT, "dist", "limits.json"), "utf8")), api);
});

test("the figures JS modules hold agree with the API", () => {
  assert.equal(MAX_SIZE, api.max_side);
  assert.equal(MAX_STENCIL, api.max_stencil);
  assert.deepEqual(SURFACES, api.surfaces);
  // The named rules: their stencils, as the share link's masks, are lightsout.model.rules.RULES'.
  assert.deepEqual([...STENCIL_NAMES].sort(), Object.keys(api.rule_masks).sort());
  assert.deepEqual({ ...STENCIL_MASKS }, api.rule_masks);
  for (const name of STENCIL_NAMES) assert.equal(stencilMask(NAMED_STENCILS[name]), api.rule_masks[name], name);
  // The share-link grammar (share.js parses links synchronously, before any reply).
  assert.equal(share.MAX_STATES, api.max_states);
  assert.equal(share.MAX_DECLARED_CELLS, api.max_cells);
  assert.deepEqual(share.FIELD_ORDER, api.share_fields);
});

test("the surfaces and the named rules are listed once in static/, in rules.js", () => {
  const lists = [/"plane",\s*"torus"/, /"moore",\s*"x"/, /\bmoore:\s*[[\w]/];
  for (const [file, source] of staticModules().filter(([name]) => name !== "rules.js")) {
    for (const list of lists) assert.doesNotMatch(source, list, `${file} lists what rules.js has`);
  }
});

test("no other solver figure is copied into static/", () => {
  // The page's old copies: each now comes from limits.json (session.limits).
  for (const file of ["session.js", "app.js", "analysis-panel.js", "variant-panel.js", "text-panel.js", "export.js", "limits.js"]) {
    const source = staticSource(staticPath(file));
    for (const copy of ["MAX_LISTED_SOLUTIONS", "MAX_QUIET_SHOWN", "EXACT_NULLITY", "SEARCH_TO_END_SECONDS",
      "GENERAL_ENGINE_CELLS", "MAX_STATES", "MAX_TEXT_BYTES", "WORST_CASE_CELLS", "0123456789abcdefghijklmnopqrstuvwxyz"]) {
      assert.ok(!source.includes(copy), `${file} still copies ${copy}`);
    }
  }
});

test("text goes into the Board box unless it has many runs of characters a board never uses", async () => {
  const { BOX_RARE_RUN_LIMIT, rareRunsOver } = await import("../../static/model/limits.js");
  // Boards: ASCII symbols, any whitespace (a copied table's no-break or ideographic spaces), zero-width marks.
  const board = Array.from({ length: 64 }, () => "#.".repeat(32)).join("\r\n");
  assert.equal(rareRunsOver(board), false);
  assert.equal(rareRunsOver("\ufeff#\u00a0.\u2003#\u3000.\n#\u200b.\u2060#\t.\v\f\u2028\u2029"), false);
  // One run is one font lookup however long it is; the runs are what count.
  assert.equal(rareRunsOver("\u1200".repeat(100_000)), false);
  assert.equal(rareRunsOver("\u1200\u1201".repeat(BOX_RARE_RUN_LIMIT / 2)), false);
  assert.equal(rareRunsOver("\u1200\u1201".repeat(BOX_RARE_RUN_LIMIT / 2 + 1)), true);
  assert.equal(rareRunsOver("a\u1200".repeat(BOX_RARE_RUN_LIMIT)), false);
  assert.equal(rareRunsOver("a\u1200".repeat(BOX_RARE_RUN_LIMIT + 1)), true);
  assert.equal(rareRunsOver("#\u0001".repeat(BOX_RARE_RUN_LIMIT + 1)), true); // control characters too
  assert.equal(rareRunsOver("a\u1200a\u1200a", 1), true);
  // Random text of the hostile-input test (4096 code points below U+3000) is far over.
  let seed = 6243;
  const random = Array.from({ length: 4096 }, () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return String.fromCodePoint(1 + (seed % 0x2ffe));
  }).join("");
  assert.equal(rareRunsOver(random), true);
});
