// @ts-check
// The midend's boundaries (issue 30): the session alone changes its version, marks and
// overlays; only the session emits its change event (the helpers call its commands); every solver
// request is written in requests.js; the midend says data and never words it; one press
// path. A module that crosses a line fails here with the line that crossed it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { basename } from "node:path";
import { staticPaths, staticSource } from "./static-modules.mjs";

// Every module of the page and of the solver worker, by its path from static/.
const modules = staticPaths();
const source = (path) => staticSource(path);

/** `pattern`'s matches outside comments in the modules other than `allowed` (file names), as "path:line: text". */
function offenders(pattern, allowed) {
  const found = [];
  for (const name of modules.filter((path) => !allowed.includes(basename(path)))) {
    source(name).split("\n").forEach((line, i) => {
      const code = line.replace(/^\s*(\/\/|\*|\/\*\*).*$/, "").replace(/\s\/\/\s.*$/, "");
      if (pattern.test(code)) found.push(`${name}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

// The midend: the session and its helpers, each owning one concern and changing the game
// through the session's commands (static/session/).
const MIDEND = modules.filter((path) => path.startsWith("session/"));

test("no module but the session assigns the session's version, marks, overlays, layers, win or game", () => {
  const fields = "version|marks|overlay|layers|won|assisted|solutionList|game";
  const assigned = new RegExp(`\\bsession\\.(${fields})(\\.\\w+)?\\s*(=(?!=)|\\+\\+|--|\\+=|-=)|\\+\\+\\s*\\w*session\\.(${fields})\\b`);
  const mutated = /\bsession\.(marks|overlay|layers)\.\w+\s*\(|\bsession\.marks\.(add|set|toggle)\b/;
  assert.deepEqual(offenders(assigned, ["session.js"]), []);
  assert.deepEqual(offenders(mutated, ["session.js"]).filter((line) => !/\.marks\.(total|pressList|litCount|get|indices|copy|equals|toList|toId)\b/.test(line)), []);
});

test("only the session emits its change event; helpers and panels call its commands", () => {
  assert.deepEqual(offenders(/\.emit\(/, ["session.js"]), []);
});

test("one mode (play, set-up, shape editing, explaining), changed in session.js alone", () => {
  // Set-up and shape editing keep no flag of their own: they read the session's mode.
  assert.deepEqual(offenders(/\bcurrentMode\s*=(?!=)|#on\b|#chosen\b/, ["session.js"]), []);
  assert.match(source("session/setup.js"), /session\.mode === "setup"/);
  assert.match(source("session/shape-editing.js"), /session\.mode === "shape"/);
});

test("the change event's fields are a fixed list, and emitting another is an error", async () => {
  const { CHANGE_FIELDS, ChangeEvent } = await import("../../static/session/change-event.js");
  assert.ok(CHANGE_FIELDS.includes("cells") && CHANGE_FIELDS.includes("hint"));
  assert.throws(() => new ChangeEvent().emit({ puzzle: true }), /puzzle/);
});

test("the session's change event is its own: it has no emit to call, only its commands", async () => {
  const { Session } = await import("../../static/session/session.js");
  const { LIMITS } = await import("./fake-solver.mjs");
  const session = new Session({ solver: { request: () => new Promise(() => {}) }, limits: LIMITS });
  assert.ok(!("emit" in session));
  const changes = [];
  session.subscribe((change) => changes.push(change));
  session.redraw();
  assert.deepEqual(changes, [{ cells: null }]);
});

test("every solver request is built in requests.js: no other module writes an op", () => {
  // solver-client.js: the one raw solve the test hooks' endurance run sends, below the session.
  assert.deepEqual(offenders(/\bop:\s*["'`]/, ["requests.js", "solver-client.js"]), []);
});

test("no panel, view or root asks the solver itself: every request goes through the session", () => {
  const above = modules.filter((path) => /^(panels|views|page)\//.test(path) || path === "app.js");
  const asking = above.filter((path) => /\brequests\.|\.request\(|solver\.(restart|cancel|request)\(/.test(source(path)));
  assert.deepEqual(asking, []);
});

test("only two modules replace a global: the start's fetch and console, which it gives back", () => {
  // Pyodide calls fetch and console by name: start-downloads.js wraps fetch and loader-watch.js
  // holds console.warn / console.error while the start runs, each by a function that returns
  // its undo (tests/js/solver-start.test.mjs checks they are given back); no other module does.
  const replaced = /\b(globalThis|self|window)\.(fetch|console)\s*=(?!=)|\bconsole(\.\w+|\[\w+\])\s*=(?!=)|Object\.assign\(\s*(console|globalThis|self)\b/;
  assert.deepEqual(offenders(replaced, ["start-downloads.js", "loader-watch.js"]), []);
});

test("the midend says data: no string of the table is worded in the session, its helpers or the explainer", () => {
  assert.ok(MIDEND.length >= 15 && MIDEND.includes("session/explain.js"), MIDEND.join(" "));
  for (const name of MIDEND) {
    const text = source(name);
    assert.doesNotMatch(text, /from "[./]*\/(page\/)?i18n\.js"/, `${name} imports i18n.js`);
    assert.doesNotMatch(text, /\b(t|tCount|sentences)\(/, `${name} words a message`);
  }
});

test("one press path: the game is pressed in session.js alone (playback and the explainer go through its commands)", () => {
  // game.js is the game; a link's game (share-link.js: gameOfLink) and a graph game
  // (dealer.js: playGraph) are built with their moves before they become the session's.
  assert.deepEqual(offenders(/\.(play|playMany|undo|redo|edit)\(/, ["session.js", "game.js", "share-link.js", "dealer.js"])
    .filter((line) => !/session\.(undo|redo)\(|explainer\.|\.play\(\)|playback\.play|this\.playback/.test(line)), []);
});
