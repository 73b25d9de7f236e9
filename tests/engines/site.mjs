// @ts-check
// The built site (dist/) served as GitHub Pages serves a project — under a sub-path, text
// and wasm gzip-compressed, the page's CSP as a header — by `build.py serve` itself, in a
// process of its own that a flow can stop (the network gone: the offline reload).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { PYTHON, ROOT } from "../js/python.mjs";

export const PREFIX = "/lightsout/";

/** Serve dist/ (built already: tests/run.sh builds it); resolves {url, stop()} once it listens. */
export function serveSite() {
  if (!existsSync(join(ROOT, "dist", "index.html"))) throw new Error("dist/ is not built: run `python3 build.py` first");
  const server = spawn(PYTHON, [join(ROOT, "build.py"), "serve", "--no-build", "--port", "0", "--prefix", PREFIX],
    { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let output = "";
    let stopped = false;
    const stop = () => {
      if (stopped) return Promise.resolve();
      stopped = true;
      return new Promise((done) => {
        server.once("exit", done);
        server.kill();
      });
    };
    server.once("error", reject);
    server.once("exit", (code) => { if (!stopped) reject(new Error(`build.py serve exited (${code}): ${output}`)); });
    server.stderr.on("data", (chunk) => { output += chunk; });
    server.stdout.on("data", (chunk) => {
      output += chunk;
      const found = /at (http:\/\/127\.0\.0\.1:\d+\/\S*)/.exec(output);
      if (found) resolve({ url: found[1], stop });
    });
  });
}
