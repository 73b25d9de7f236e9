// @ts-check
// The page's modules as files, for the tests that read their source (boundaries, layers,
// words): every .js file under static/, by its path from static/ ("session/session.js").
import { readFileSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { ROOT } from "./python.mjs";

export const STATIC = join(ROOT, "static");

/** Every module's path from static/, sorted ("app.js", "model/board.js", …). */
export function staticPaths() {
  return readdirSync(STATIC, { recursive: true, encoding: "utf8" }).filter((path) => path.endsWith(".js")).map((path) => path.split("\\").join("/")).sort();
}

/** The source of static/`path`. */
export function staticSource(path) {
  return readFileSync(join(STATIC, path), "utf8");
}

/** Every module as [file name, source] ("session.js"): names are unique across the folders (tests/js/layers.test.mjs). */
export function staticModules() {
  return staticPaths().map((path) => [basename(path), staticSource(path)]);
}

/** The path from static/ of the module named `name` ("session.js" → "session/session.js"). */
export function staticPath(name) {
  const found = staticPaths().filter((path) => basename(path) === name);
  if (found.length !== 1) throw new Error(`${found.length} modules named ${name} under static/`);
  return found[0];
}
