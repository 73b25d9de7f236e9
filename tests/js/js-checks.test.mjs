// @ts-check
// The JavaScript checks (issue 48) cover whole folders (and the page's root modules), and the
// same ones: `npm run lint:js` (ESLint, eslint.config.js) and `npm run typecheck:js` (tsc over
// tsconfig.json's list). The type check reads the files that begin with `// @ts-check` (checkJs
// is off, so that the modules of folders not yet checked, which the checked ones import, lend
// their types and are not checked): every module of that list begins so, and a new one cannot
// slip past. The panels take the session as its front door's type, so that tsc checks every
// use they make of it: a field or command the front door does not have fails the check.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** tsconfig.json, read as tsc reads it: JSON with whole-line // comments. */
const tsconfig = JSON.parse(readFileSync(join(ROOT, "tsconfig.json"), "utf8").replace(/^\s*\/\/.*$/gm, ""));
const scripts = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts;

test("the lint and the type check cover the same folders, and tsc runs on tsconfig.json", () => {
  const linted = scripts["lint:js"].replace(/^eslint /, "").split(" ");
  assert.deepEqual(linted, tsconfig.include);
  assert.equal(scripts["typecheck:js"], "tsc --project tsconfig.json");
  assert.equal(tsconfig.compilerOptions.checkJs, false);
});

/** The modules tsconfig.json's list names: each folder's, and the files named. */
function checkedModules() {
  return tsconfig.include.flatMap((entry) => (statSync(join(ROOT, entry)).isFile() ? [entry]
    : readdirSync(join(ROOT, entry), { recursive: true, encoding: "utf8" }).filter((name) => /\.m?js$/.test(name))
      .map((name) => join(entry, name))));
}

test("every module of the checked folders begins with // @ts-check", () => {
  const modules = checkedModules();
  assert.ok(modules.includes("static/app.js") && modules.includes(join("static", "panels", "board-panel.js")));
  assert.deepEqual(modules.filter((path) => !readFileSync(join(ROOT, path), "utf8").startsWith("// @ts-check\n")), []);
});

const FRONT_DOOR_TYPE = '@param {import("../session/api.js").SessionApi} session';

/** True when `source` has a constructor given the session without the front door's type. */
function untypedSession(source) {
  return /constructor\([^)]*\bsession\b/.test(source) && !source.includes(FRONT_DOOR_TYPE);
}

test("every panel takes the session as the front door's type", () => {
  const source = (...path) => readFileSync(join(ROOT, "static", ...path), "utf8");
  const panels = readdirSync(join(ROOT, "static", "panels"));
  assert.deepEqual(panels.filter((name) => untypedSession(source("panels", name))), []);
  // The test surface too; and the rule sees a panel that leaves its session untyped.
  assert.ok(source("test-hooks.js").includes('@param {import("./session/api.js").SessionApi} session'));
  const panel = (type) => `export class P {\n  /** @param {${type}} session */\n  constructor(session) {}\n}`;
  assert.equal(untypedSession(panel("object")), true);
  assert.equal(untypedSession(panel('import("../session/api.js").SessionApi')), false);
});
