// Make the Python zip the site ships as pyodide/python_stdlib.zip (run by build.py):
//
//   node tools/stdlib.mjs <dist>/pyodide/ <stock python_stdlib.zip> <stock pyodide-lock.json> <package.zip> <output.zip> [--no-check]
//
// Pyodide's python_stdlib.zip holds the whole standard library as source (559 modules, 2.5 MB),
// and Python compiles every module it imports at each start, as it would the package's modules
// from a zip of its modules (build.py's make_package_zip). This script starts the runtime in
// <dist>/pyodide/ in Node with the stock zip, puts the package zip on sys.path, imports
// lightsout.api and runs every request of
// tools/api_surface.py, then keeps every module then in sys.modules that came from the zip or
// the package zip (the start's own, ≈ 130 with asyncio and ast; the few the package adds; the
// package's modules but its command line and benchmarks), each compiled here by Pyodide's own
// Python into an unchecked hash-based .pyc (no source: zipimport loads it as it is). Pyodide
// mounts the zip on sys.path, so the worker imports the package from it: nothing to fetch or
// install.
//
// Two things are left out (docs/building.md, "The Python zip"):
// - docstrings: each module is compiled from its syntax tree with the docstring of the module,
//   of every class and of every function taken out, so __doc__ is None; nothing the site runs
//   reads one (the package reads none; Pyodide's _pyodide.docstring copies those of its JsProxy
//   methods into their help text, and takes None). Asserts stay, unlike `-OO`.
// - KEPT_OUT: modules Pyodide's start imports only inside `try: ... except ImportError`, for code
//   paths the site never takes (TLS for asyncio's sockets; bz2, lzma and zstd members for zipfile
//   and shutil). The start, missing them, goes on without them.
//
// The zip is written reproducibly: members sorted, dated 1980-01-01 and *stored*, not deflated:
// the site ships it brotli-compressed as a whole (build.py), which sees across members (0.95 MB
// against 1.38 deflated member by member), and zipimport then inflates nothing at start. The
// same inputs give the same bytes.
//
// Then the check: a second Pyodide starts from the new zip alone (no package zip) and answers the
// same requests, which must get the same replies (a module reached only on some path, missing
// here, would turn into an error reply); --no-check leaves it out (tests/js/python-zip.test.mjs
// makes the zip again to see the same bytes, and checks the shipped zip against CPython itself).
// The last line printed is JSON: {modules, package, bytes, stockBytes, keptOut, loadMs: {stock,
// trimmed}} (trimmed null without the check). Any failure exits non-zero.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const check = !process.argv.includes("--no-check");
const [pyodideDir, stockZip, stockLock, packagePath, output, ...rest] = process.argv.slice(2).filter((arg) => arg !== "--no-check");
if (!output || rest.length) {
  console.error("usage: node tools/stdlib.mjs <dist>/pyodide/ <python_stdlib.zip> <pyodide-lock.json> <package.zip> <output.zip> [--no-check]");
  process.exit(2);
}
const indexURL = `${resolve(pyodideDir)}/`; // in Node, a directory path (a file: URL fails)
const { loadPyodide } = await import(pathToFileURL(`${indexURL}pyodide.mjs`).href);
const surface = readFileSync(join(fileURLToPath(new URL(".", import.meta.url)), "api_surface.py"), "utf8");
const packageZip = readFileSync(packagePath);
// What the worker passes too: the lock file's info, no package (the site loads none).
const lockFileContents = JSON.stringify({ info: JSON.parse(readFileSync(stockLock, "utf8")).info, packages: {} });

/** Start Pyodide from `stdLibURL`, the package zip on sys.path if `withPackage`, run the API surface; returns [pyodide, replies JSON, ms]. */
async function start(stdLibURL, withPackage) {
  const started = performance.now();
  const pyodide = await loadPyodide({ indexURL, stdLibURL, lockFileContents, stdout: () => {}, stderr: (line) => console.error(line) });
  const loadMs = Math.round(performance.now() - started);
  const packageFile = `/tmp/package/${basename(packagePath)}`;
  pyodide.FS.mkdirTree("/tmp/package");
  pyodide.FS.writeFile(packageFile, packageZip);
  pyodide.FS.writeFile("/tmp/api_surface.py", surface);
  pyodide.globals.set("package_file", withPackage ? packageFile : null);
  const replies = pyodide.runPython(`
import json, sys
if package_file:
    sys.path.insert(0, package_file)
import lightsout.api
sys.path.insert(0, "/tmp")
import api_surface
replies = json.dumps(api_surface.replies(), sort_keys=True)
sys.path.remove("/tmp")
del sys.modules["api_surface"]
replies
`);
  return [pyodide, replies, loadMs];
}

const [stock, stockReplies, stockMs] = await start(stockZip, true);
// Imported by the start only under `try: ... except ImportError` (asyncio.base_events,
// asyncio.sslproto, asyncio.selector_events: ssl; zipfile and shutil: bz2, lzma, compression.zstd),
// for what the site never does. The check below proves the start and the API go on without them.
const KEPT_OUT = ["ssl", "bz2", "lzma", "compression"];
stock.globals.set("kept_out", KEPT_OUT);
const zipped = stock.runPython(`
import ast, importlib._bootstrap_external as bootstrap, importlib.util, io, sys, zipfile

archive = next(path for path in sys.path if path.endswith(".zip") and path != package_file)  # the stock zip
sources = {}  # member -> the archive it comes from
for module in list(sys.modules.values()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    for home in (archive, package_file):
        if origin.startswith(home + "/"):
            sources[origin[len(home) + 1:]] = home
if not all(member.endswith(".py") for member in sources):
    raise SystemExit(f"not a module source: {[m for m in sources if not m.endswith('.py')]}")
package = sorted(member for member, home in sources.items() if home == package_file)
if not package or any(member in sources and sources[member] == archive for member in package):
    raise SystemExit(f"the package's modules were not imported from the package zip: {package}")
left_out = sorted(member for member in sources
                  if any(member == f"{name}.py" or member.startswith(f"{name}/") for name in kept_out.to_py()))
for member in left_out:
    del sources[member]


class WithoutDocstrings(ast.NodeTransformer):
    """A module's syntax tree without the docstring of the module, of each class and of each function."""

    def drop_docstring(self, node):
        self.generic_visit(node)
        first = node.body[0] if node.body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
        return node

    visit_Module = visit_ClassDef = visit_FunctionDef = visit_AsyncFunctionDef = drop_docstring


out = io.BytesIO()
with zipfile.ZipFile(archive) as stock, zipfile.ZipFile(package_file) as package_zip, zipfile.ZipFile(out, "w") as trimmed:
    for member in sorted(sources):
        text = (stock if sources[member] == archive else package_zip).read(member)
        filename = f"{archive}/{member}"
        code = compile(WithoutDocstrings().visit(ast.parse(text, filename)), filename, "exec", dont_inherit=True)
        info = zipfile.ZipInfo(member[:-3] + ".pyc", date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_STORED
        info.external_attr = 0o644 << 16
        trimmed.writestr(info, bytes(bootstrap._code_to_hash_pyc(code, importlib.util.source_hash(text), False)))
out.getvalue()
`);
const bytes = zipped.toJs();
zipped.destroy();
const modules = stock.runPython("len(sources) - len(package)");
const packageModules = stock.runPython("len(package)");
const keptOut = stock.runPython("[member[:-3] for member in left_out]").toJs();

// The check, from the file as written.
const trimmedMs = check ? await checkTrimmed() : null;
writeFileSync(output, bytes);
console.log(JSON.stringify({ modules, package: packageModules, bytes: bytes.length, stockBytes: readFileSync(stockZip).length, keptOut, loadMs: { stock: stockMs, trimmed: trimmedMs } }));

/** Start Pyodide from the new zip alone and ask it the API surface: the stock start's replies, or throw; returns its load time. */
async function checkTrimmed() {
  const scratch = mkdtempSync(join(tmpdir(), "lightsout-stdlib-"));
  try {
    const candidate = join(scratch, "python_stdlib.zip");
    writeFileSync(candidate, bytes);
    const [, trimmedReplies, loadMs] = await start(candidate, false);
    if (trimmedReplies !== stockReplies) {
      const a = JSON.parse(stockReplies);
      const b = JSON.parse(trimmedReplies);
      const first = a.findIndex((reply, index) => JSON.stringify(reply) !== JSON.stringify(b[index]));
      throw new Error(`request ${first} of tools/api_surface.py answers differently with the trimmed standard library:\n`
        + `  stock:   ${JSON.stringify(a[first]).slice(0, 300)}\n  trimmed: ${JSON.stringify(b[first]).slice(0, 300)}`);
    }
    return loadMs;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
