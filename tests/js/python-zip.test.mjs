// @ts-check
// The Python zip the site ships (dist/pyodide/python_stdlib.zip, made by build.py with
// tools/stdlib.mjs): the standard library trimmed to what Pyodide's start and the package
// import, and the package, precompiled. Run under Pyodide in Node from that zip alone, the
// whole API surface (tools/api_surface.py: every op, rule, surface, format, preset and the
// error replies) must answer exactly as CPython answers it from py/, so no module the API
// reaches is missing, though the zip holds no docstring. The zip is reproducible: the script run again gives the same bytes.
// Needs the built site (python3 build.py).
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { ROOT, runPython } from "./python.mjs";

const DIST = join(ROOT, "dist");
const ZIP = join(DIST, "pyodide", "python_stdlib.zip");
const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

test("the whole API answers from the shipped Python zip alone exactly as CPython answers from py/", { timeout: 300_000 }, async () => {
  assert.ok(existsSync(ZIP), "build the site first: python3 build.py");
  const info = JSON.parse(readFileSync(join(DIST, "static", "build-info.json"), "utf8"));
  assert.equal(info.runtimeSha256["pyodide/python_stdlib.zip"], sha256(readFileSync(ZIP)));
  const { loadPyodide } = await import(pathToFileURL(join(DIST, "pyodide", "pyodide.mjs")).href);
  // As the worker starts it: the shipped files, the lock file from build-info.json, nothing else on sys.path.
  const pyodide = await loadPyodide({ indexURL: `${join(DIST, "pyodide")}/`, lockFileContents: info.lockFile, stdout: () => {} });
  pyodide.FS.writeFile("/tmp/api_surface.py", readFileSync(join(ROOT, "tools", "api_surface.py")));
  const answered = pyodide.runPython(`
import json, sys
sys.path.append("/tmp")
import api_surface, lightsout.api
assert lightsout.api.__spec__.origin.startswith(next(p for p in sys.path if p.endswith(".zip"))), lightsout.api.__spec__.origin
json.dumps(api_surface.replies())
`);
  // Compiled without docstrings (tools/stdlib.mjs), asserts kept, and without the modules the start imports
  // only if it can (ssl, bz2, lzma, zstd): the replies above are CPython's all the same.
  assert.deepEqual(pyodide.runPython(`
import importlib.util, lightsout.solving.chase, lightsout.api.operations

def importable(name):
    try:
        return importlib.util.find_spec(name) is not None
    except ImportError:
        return False

[lightsout.solving.chase.__doc__, lightsout.api.operations.call.__doc__, lightsout.api.operations.__doc__,
 [name for name in ("ssl", "bz2", "lzma", "compression.zstd") if importable(name)], importable("json")]
`).toJs(), [undefined, undefined, undefined, [], true]);
  assert.ok(info.python.keptOut.includes("ssl"), JSON.stringify(info.python));
  const inPyodide = JSON.parse(answered);
  const inCPython = runPython("tools/api_surface.py");
  assert.equal(inPyodide.length, inCPython.length);
  assert.ok(inPyodide.length > 250);
  for (let index = 0; index < inCPython.length; index++) {
    assert.deepEqual(inPyodide[index], inCPython[index], `request ${index} of tools/api_surface.py`);
  }
  assert.ok(inPyodide.filter((reply) => reply.ok).length > 200, "most requests are answered, not refused");
});

// Without the script's own check of the new zip (a second start of the runtime): the test above checks the shipped one.
test("the Python zip is reproducible: made again from the same inputs, it has the same sha256", { timeout: 300_000 }, () => {
  const packageZip = join(ROOT, ".cache", "package", "lightsout.zip");
  assert.ok(existsSync(packageZip), "build the site first: python3 build.py");
  const scratch = mkdtempSync(join(tmpdir(), "lightsout-zip-"));
  try {
    const again = join(scratch, "python_stdlib.zip");
    const pyodide = join(ROOT, "node_modules", "pyodide");
    execFileSync(process.execPath, [join(ROOT, "tools", "stdlib.mjs"), join(DIST, "pyodide"), join(pyodide, "python_stdlib.zip"),
      join(pyodide, "pyodide-lock.json"), packageZip, again, "--no-check"], { stdio: ["ignore", "ignore", "pipe"] });
    assert.equal(sha256(readFileSync(again)), sha256(readFileSync(ZIP)));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
