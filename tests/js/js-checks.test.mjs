// @ts-check
// The JavaScript checks (issue 48) cover every module of the page, its workers and the
// JavaScript tests, and the same ones: `npm run lint:js` (ESLint, eslint.config.js) and
// `npm run typecheck:js` (tsc over tsconfig.json's list, the page's, against the DOM library;
// then over tsconfig.worker.json's, the workers', against the WebWorker library). The type check
// reads the files that begin with `// @ts-check` (checkJs is off, so that a file no list names
// lends its types without being checked): every module the lists name begins so, every module
// under static/ is named by a list, and a new one cannot slip past. The panels take the session
// as its front door's type, so that tsc checks every use they make of it: a field or command the
// front door does not have fails the check.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./python.mjs";
import { staticPaths } from "./static-modules.mjs";

/** A tsconfig file, read as tsc reads it: JSON with whole-line // comments. */
const tsconfig = (name) => JSON.parse(readFileSync(join(ROOT, name), "utf8").replace(/^\s*\/\/.*$/gm, ""));
const PAGE = tsconfig("tsconfig.json");
const WORKERS = tsconfig("tsconfig.worker.json");
const scripts = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts;
const MARK = "// @ts-check\n";

test("the lint and the type check cover the same folders and files, and tsc runs on both lists", () => {
  const linted = scripts["lint:js"].replace(/^eslint /, "").split(" ");
  assert.deepEqual([...linted].sort(), [...PAGE.include, ...WORKERS.include].sort());
  assert.equal(new Set(linted).size, linted.length);
  assert.equal(scripts["typecheck:js"], "tsc --project tsconfig.json && tsc --project tsconfig.worker.json");
  assert.equal(PAGE.compilerOptions.checkJs, false);
  // The workers' list is checked against the workers' library, with the page's other options.
  assert.equal(WORKERS.extends, "./tsconfig.json");
  assert.ok(WORKERS.compilerOptions.lib.includes("webworker") && !WORKERS.compilerOptions.lib.includes("dom"));
  assert.ok(PAGE.compilerOptions.lib.includes("dom"));
});

/** The modules a list names (tsconfig's include, or the lint's): each folder's, and the files named. */
function listed(entries) {
  return entries.flatMap((entry) => (statSync(join(ROOT, entry)).isFile() ? [entry]
    : readdirSync(join(ROOT, entry), { recursive: true, encoding: "utf8" }).filter((name) => /\.m?js$/.test(name))
      .map((name) => `${entry}/${name.split("\\").join("/")}`)));
}

/** The page's modules (static/, as paths from the root) that no list names. */
function unlisted(modules, lists) {
  const named = new Set(lists.flatMap(listed));
  return modules.filter((path) => !named.has(path));
}

/** The modules among `paths` (from the root) whose source, read by `source`, does not begin with `// @ts-check`. */
function unmarked(paths, source = (path) => readFileSync(join(ROOT, path), "utf8")) {
  return paths.filter((path) => !source(path).startsWith(MARK));
}

test("every module of the page and its workers is in a type check's list, and begins with // @ts-check", () => {
  const modules = staticPaths().map((path) => `static/${path}`);
  assert.ok(modules.includes("static/session/api.js") && modules.includes("static/sw.js"));
  assert.deepEqual(unlisted(modules, [PAGE.include, WORKERS.include]), []);
  const checked = [...listed(PAGE.include), ...listed(WORKERS.include)];
  assert.ok(checked.includes("static/worker.js") && checked.includes("tests/js/js-checks.test.mjs"));
  assert.deepEqual(unmarked(checked), []);
});

test("the rules see a module outside the lists and one without the mark", () => {
  // A module no list names: static/extra/new.js, beside the listed folders and files.
  assert.deepEqual(unlisted(["static/model/game.js", "static/extra/new.js", "static/sw.js"], [["static/model"], ["static/sw.js"]]),
    ["static/extra/new.js"]);
  // A module that does not begin with the mark (or has it below its first line) is not checked: caught.
  const sources = { "a.js": MARK + "export {};\n", "b.js": "export {};\n", "c.js": "// A module.\n" + MARK };
  assert.deepEqual(unmarked(Object.keys(sources), (path) => sources[path]), ["b.js", "c.js"]);
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
