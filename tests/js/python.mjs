// Runs the repo's Python scripts for the JS tests: the repo's .venv when there is one,
// else python3, with PYTHONPATH=py.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const PYTHON = existsSync(join(ROOT, ".venv", "bin", "python")) ? join(ROOT, ".venv", "bin", "python") : "python3";

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
