// @ts-check
// The JavaScript checks (issue 48) cover whole folders, and the same ones: `npm run lint:js`
// (ESLint, eslint.config.js) and `npm run typecheck:js` (tsc over tsconfig.json's folders).
// The type check reads the files that begin with `// @ts-check` (checkJs is off, so that the
// modules of folders not yet checked, which the checked ones import, lend their types and
// are not checked): every module of those folders begins so, and a new one cannot slip past.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
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

test("every module of the checked folders begins with // @ts-check", () => {
  const unchecked = [];
  for (const folder of tsconfig.include) {
    for (const name of readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" })) {
      if (!/\.m?js$/.test(name)) continue;
      const path = join(folder, name);
      if (!readFileSync(join(ROOT, path), "utf8").startsWith("// @ts-check\n")) unchecked.push(path);
    }
  }
  assert.deepEqual(unchecked, []);
});
