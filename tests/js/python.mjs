// @ts-check
// Runs the repo's Python scripts for the JS tests: $LIGHTSOUT_PYTHON if set (tests/run.sh sets
// python3 while pip is still installing into .venv: these scripts need the standard library
// only), else the repo's .venv when there is one, else python3, with PYTHONPATH=py; and
// PythonSolver, a session's solver on the real API.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const PYTHON = process.env.LIGHTSOUT_PYTHON
  || (existsSync(join(ROOT, ".venv", "bin", "python")) ? join(ROOT, ".venv", "bin", "python") : "python3");

/** Run a Python script of the repo; its stdout parsed as JSON. */
export function runPython(script, ...args) {
  const output = execFileSync(PYTHON, [join(ROOT, script), ...args], {
    cwd: ROOT, env: { ...process.env, PYTHONPATH: join(ROOT, "py") }, maxBuffer: 64 << 20,
  });
  return JSON.parse(output.toString());
}

/** Run a snippet of Python (`python -c`) with the package on the path; its stdout parsed as JSON. */
export function pythonJson(code) {
  const output = execFileSync(PYTHON, ["-c", code], {
    cwd: ROOT, env: { ...process.env, PYTHONPATH: join(ROOT, "py") }, maxBuffer: 64 << 20,
  });
  return JSON.parse(output.toString());
}

// Python's lightsout.api.call with the payload in base64 both ways.
const BRIDGE = `
import base64, json, sys
from lightsout.api import call
message = json.loads(sys.stdin.read())
reply, payload = call(message["request"], base64.b64decode(message["payload"]))
print(json.dumps({"reply": reply, "payload": base64.b64encode(payload).decode()}))
`;

/** A solver for a Session (the worker's protocol) that runs each request through the real Python API, one process a request. */
export class PythonSolver {
  constructor() {
    this.ready = true;
  }

  async request(message, { payload = null } = {}) {
    const input = JSON.stringify({ request: JSON.stringify(message), payload: payload ? Buffer.from(payload).toString("base64") : "" });
    const output = execFileSync(PYTHON, ["-c", BRIDGE], { input, env: { ...process.env, PYTHONPATH: join(ROOT, "py") }, maxBuffer: 64 << 20 });
    const { reply, payload: out } = JSON.parse(output.toString());
    const parsed = JSON.parse(reply);
    if (!parsed.ok) throw Object.assign(new Error(parsed.error.message), parsed.error);
    return { ...parsed, payload: new Uint8Array(Buffer.from(out, "base64")) };
  }
}
