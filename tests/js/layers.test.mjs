// @ts-check
// The page's folders are its layers (issue 40): a module's folder says its room and what it
// may import. Imports run one way — panels and views → page words → the session (midend) →
// the model — and nothing in a lower folder imports a higher one; the folders on one level
// (model, scan, solver) do not import each other. A module that crosses a line fails here
// with the import that crossed it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { basename, dirname, join, normalize, relative } from "node:path";
import { STATIC, staticPaths, staticSource } from "./static-modules.mjs";

// Each folder's level, lowest first; a module may import its own folder and lower levels.
const LEVELS = {
  "": 0, // addresses.js, the one top-level module below the rest: the URLs of files loaded by URL
  model: 1, // the game, its boards, rules, shapes, links, limits: plain data and functions
  scan: 1, // reading a board from pixels (RGBA arrays)
  solver: 1, // the worker's start and the page's client of the worker protocol
  session: 2, // the midend: the session and its helpers; says messages as data
  page: 3, // the page's words (strings, i18n, wording), accessibility, options
  views: 4, // drawing the board (DOM grid, canvas, graphs, 3D) and reading the pointer
  panels: 5, // each panel: reads the session, calls its commands
};
// The composition roots: app.js wires the page, early-start.js makes the solver's worker before
// app.js arrives, test-hooks.js the page's test surface, worker.js the worker, sw.js the service
// worker. They may import anything; nothing imports them.
const ROOTS = new Set(["app.js", "early-start.js", "test-hooks.js", "worker.js", "sw.js"]);

const folderOf = (path) => (path.includes("/") ? path.split("/")[0] : "");

/** The static modules `path` imports (statically, dynamically or by URL), as [path from static/, line]. */
function importsOf(path) {
  const found = [];
  staticSource(path).split("\n").forEach((line, i) => {
    for (const match of line.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|new URL\(\s*)["'](\.{1,2}\/[^"']*\.js)["']/g)) {
      const target = normalize(join(dirname(path), match[1])).split("\\").join("/");
      found.push([target, i + 1]);
    }
  });
  return found;
}

test("every module sits in a folder of a known level, or is a composition root", () => {
  for (const path of staticPaths()) {
    const folder = folderOf(path);
    if (folder === "") assert.ok(ROOTS.has(path) || path === "addresses.js", `${path}: a module at the top of static/`);
    if (path === "addresses.js") assert.doesNotMatch(staticSource(path), /^import /m, "addresses.js imports nothing");
    else assert.ok(folder in LEVELS, `${path}: folder ${folder} has no level`);
  }
  // Names are unique across the folders (messages and docs name a module by its file name).
  const names = staticPaths().map((path) => basename(path));
  assert.deepEqual(names.filter((name, i) => names.indexOf(name) !== i), []);
});

test("imports run one way: a module imports its own folder or a lower level, never a root", () => {
  const crossed = [];
  for (const path of staticPaths()) {
    for (const [target, line] of importsOf(path)) {
      assert.ok(existsSync(join(STATIC, target)) || target.startsWith(".."), `${path}:${line}: imports ${target}, which does not exist`);
      if (ROOTS.has(path) || path === "addresses.js") continue; // addresses.js names files, it imports none
      const [from, to] = [folderOf(path), folderOf(target)];
      if (ROOTS.has(target)) crossed.push(`${path}:${line}: imports the root ${target}`);
      else if (from !== to && !(LEVELS[to] < LEVELS[from])) crossed.push(`${path}:${line}: ${from || "top"} (level ${LEVELS[from]}) imports ${target} (level ${LEVELS[to]})`);
    }
  }
  assert.deepEqual(crossed, []);
});

test("the direction test sees real imports (a crossing it must catch is caught)", () => {
  // The session imports the model, and the panels the session: both read from the source.
  const sessionImports = importsOf("session/session.js").map(([target]) => target);
  assert.ok(sessionImports.includes("model/game.js"), sessionImports.join(" "));
  assert.ok(importsOf("panels/board-panel.js").some(([target]) => target.startsWith("views/")));
  assert.deepEqual(relative(STATIC, join(STATIC, "model")), "model");
});

// The midend's front door (issue 48): above the session, a module imports from static/session/
// only its front door (api.js) and its message data — the messages the session says, as data the
// views word. The roots wire the page (app.js) and its test surface (test-hooks.js) through the
// front door too.
const FRONT_DOOR = new Set(["session/api.js", "session/messages.js", "session/common-messages.js", "session/solve-messages.js"]);

/** "path:line: imports target" for each module of `paths` above the session (or a root) importing session/ past the front door. */
function pastTheFrontDoor(paths, imports = importsOf) {
  const found = [];
  for (const path of paths) {
    const above = ROOTS.has(path) || (LEVELS[folderOf(path)] ?? 0) > LEVELS.session;
    if (!above || path === "worker.js" || path === "sw.js") continue;
    for (const [target, line] of imports(path)) {
      if (target.startsWith("session/") && !FRONT_DOOR.has(target)) found.push(`${path}:${line}: imports ${target}`);
    }
  }
  return found;
}

test("panels, views, page words and the roots import only the session's front door (and its message data)", () => {
  assert.deepEqual(pastTheFrontDoor(staticPaths()), []);
});

test("the front door rule sees a panel that imports past it", () => {
  // The rule reads real imports: a panel importing the session's helpers is caught, the front door is not.
  const violating = (path) => (path === "panels/board-panel.js"
    ? [["session/api.js", 3], ["session/dealer.js", 4], ["session/messages.js", 5]] : importsOf(path));
  assert.deepEqual(pastTheFrontDoor(["panels/board-panel.js"], violating), ["panels/board-panel.js:4: imports session/dealer.js"]);
  assert.deepEqual(pastTheFrontDoor(["panels/board-panel.js", "app.js"]), []);
  // …and app.js does reach the session, by the front door.
  assert.ok(importsOf("app.js").some(([target]) => target === "session/api.js"));
});

