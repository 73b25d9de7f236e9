#!/usr/bin/env python3
"""Build the static site into dist/, or build it and serve it locally.

    python3 build.py                 # build dist/
    python3 build.py serve [--port N] # build, then serve dist/ on http://127.0.0.1:N/
                                      # (--prefix /lightsout/: under a sub-path, as GitHub
                                      # Pages serves a project; --no-build: dist/ as it is)
    python3 build.py pin              # record the sha256 of the runtime files (after an upgrade)

What dist/ holds (every URL inside it is relative, so it works under any sub-path,
such as GitHub Pages' /<repo>/):

    index.html            with a preload hint for limits.json
    .nojekyll, manifest.webmanifest
    sw.js                 the service worker (static/sw.js with its cache version)
    limits.json           the solver's limits, from the package's "limits" op, which the
                          page reads at start (before Pyodide has loaded)
    static/               the front end: app.js is the page's modules bundled into one
                          (esbuild); the modules are also there under their own names,
                          for tests and debugging, but not precached (the page loads
                          none of them); worker.js and the solver's start it imports
                          (static/solver/), static/build-info.json,
                          static/precache.json (every file it lists with its sha256), icons
    pyodide/              the Pyodide runtime copied from the pinned npm package, and the
                          Python the solver runs, precompiled: python_stdlib.zip holds the
                          standard library modules the start and the package import and the
                          package itself, from its wheel (made in Node by tools/stdlib.mjs)

Only the standard library is used; npm, pip and Node are run as subprocesses.
"""

from __future__ import annotations

import argparse
import ast
import email.utils
import functools
import gzip
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import urllib.parse
import zipfile
import zlib
from pathlib import Path

from tools.error_strings import write_error_strings

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide"
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
# sha256 of every third-party file used (the Pyodide runtime files and its stock lock file),
# pinned in the repository: a build refuses files that differ from them.
RUNTIME_HASHES = ROOT / "runtime-hashes.json"

# The pinned npm package's files the site ships, relative to Pyodide's indexURL: the three
# copied as they are, and the standard library, which is trimmed (make_stdlib). The lock file
# is read for its "info" only (the worker passes it to loadPyodide as lockFileContents, so it
# is never fetched: the site loads no package).
PYODIDE_COPIED_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
PYODIDE_RUNTIME_FILES = (*PYODIDE_COPIED_FILES, "python_stdlib.zip")
STDLIB_SCRIPT = ROOT / "tools" / "stdlib.mjs"
API_SURFACE = ROOT / "tools" / "api_surface.py"
# The date of every member of the package zip (the earliest a zip can hold): the same source
# gives the same zip, so its sha256, and the Python zip keyed by it, stay put.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


class BuildError(RuntimeError):
    """A build step failed; the message says which and why."""


def run(command: list[str], **kwargs) -> None:
    print("+ " + " ".join(command), flush=True)
    try:
        subprocess.run(command, check=True, cwd=ROOT, **kwargs)
    except FileNotFoundError as error:
        raise BuildError(f"cannot run {command[0]!r}: {error}") from error
    except subprocess.CalledProcessError as error:
        raise BuildError(f"command failed with exit code {error.returncode}: {' '.join(command)}") from error


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for chunk in iter(lambda: stream.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def ensure_node_modules() -> None:
    """Install the pinned npm packages (package-lock.json) unless Pyodide and esbuild are already there."""
    if not (PYODIDE_PACKAGE / "package.json").is_file() or not ESBUILD.is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise BuildError("npm is not installed; it is needed once to fetch the pinned Pyodide runtime")
        run([npm, "ci", "--no-audit", "--no-fund"])
    installed = json.loads((PYODIDE_PACKAGE / "package.json").read_text())["version"]
    pinned = json.loads((ROOT / "package.json").read_text())["devDependencies"]["pyodide"]
    if installed != pinned:
        raise BuildError(f"node_modules has pyodide {installed} but package.json pins {pinned}: run `npm ci`")


def copy_pyodide_runtime(destination: Path) -> None:
    """Copy the runtime files shipped as they are (not the standard library: make_stdlib)."""
    missing = [name for name in PYODIDE_RUNTIME_FILES if not (PYODIDE_PACKAGE / name).is_file()]
    if missing:
        raise BuildError(f"the pyodide npm package lacks {', '.join(missing)} (looked in {PYODIDE_PACKAGE})")
    destination.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_COPIED_FILES:
        shutil.copy2(PYODIDE_PACKAGE / name, destination / name)


def third_party_files() -> dict[str, Path]:
    """The third-party files the build uses, by their pinned name: the runtime files and the stock lock file."""
    files = {name: PYODIDE_PACKAGE / name for name in PYODIDE_RUNTIME_FILES}
    files["pyodide-lock.json (stock)"] = PYODIDE_PACKAGE / "pyodide-lock.json"
    return files


def check_pinned_hashes(files: dict[str, Path]) -> None:
    """Refuse to build with a runtime file whose sha256 is not the pinned one."""
    if not RUNTIME_HASHES.is_file():
        raise BuildError(f"{RUNTIME_HASHES.name} is missing: run `python3 build.py pin` once and commit it")
    pinned = json.loads(RUNTIME_HASHES.read_text())
    for name, path in files.items():
        if name not in pinned:
            raise BuildError(f"{name} has no pinned sha256 in {RUNTIME_HASHES.name}: run `python3 build.py pin` after checking the upgrade")
        actual = sha256_of(path)
        if actual != pinned[name]:
            raise BuildError(f"{path} has sha256 {actual}, but {RUNTIME_HASHES.name} pins {pinned[name]}: refusing to ship it")


def pin_hashes() -> None:
    """Record the sha256 of the current runtime files (run after upgrading Pyodide)."""
    ensure_node_modules()
    hashes = {name: sha256_of(path) for name, path in third_party_files().items()}
    RUNTIME_HASHES.write_text(json.dumps(hashes, indent=1, sort_keys=True) + "\n")
    print(f"wrote {RUNTIME_HASHES.name} with {len(hashes)} hashes")


def lock_file() -> dict:
    """The lock file the worker hands to loadPyodide (lockFileContents): the stock one's ``info``
    (Pyodide checks its ABI version) and no package, since the site loads none."""
    stock = json.loads((PYODIDE_PACKAGE / "pyodide-lock.json").read_text())
    return {"info": stock["info"], "packages": {}}


def package_folder(package_source: Path) -> Path:
    """The folder holding ``lightsout/`` in ``package_source`` (a flat or a ``src/`` layout)."""
    return package_source / "src" if (package_source / "src" / "lightsout").is_dir() else package_source


def package_name(package_source: Path) -> str:
    """"lightsout-<version>": the package the site ships, by its import name (the distribution's name,
    ``lightsout-solver``, is the package index's), at the version ``lightsout/__init__.py`` gives
    ``__version__`` (its one place: pyproject.toml reads it there too); "lightsout" without one."""
    init = package_folder(package_source) / "lightsout" / "__init__.py"
    if not init.is_file():
        return "lightsout"
    for node in ast.parse(init.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(isinstance(target, ast.Name) and target.id == "__version__" for target in node.targets):
            if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
                return f"lightsout-{node.value.value}"
    return "lightsout"


def make_package_zip(package_source: Path, destination: Path) -> Path:
    """Write ``destination``: a zip of the package's modules (every ``lightsout/**/*.py`` of
    ``package_source``, nothing of ``__pycache__``), which tools/stdlib.mjs puts on sys.path as
    the package's source for the Python zip; returns ``destination``. Made here from the files
    as they are, not as a wheel: a wheel's build asks PyPI for its build backend (pip's build
    isolation), so a build with no network failed, and an in-tree build leaves copies in
    ``py/build/`` that a later wheel could pick up. Reproducible: members sorted, stored (no
    compression), dated 1980-01-01, so the same source gives the same bytes. Raises BuildError
    if there is no module.
    """
    folder = package_folder(package_source)
    modules = sorted(path for path in (folder / "lightsout").rglob("*.py") if "__pycache__" not in path.parts)
    if not modules:
        raise BuildError(f"no lightsout package in {package_source} (looked for {folder / 'lightsout'}/*.py)")
    destination.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(destination, "w", zipfile.ZIP_STORED) as archive:
        for path in modules:
            info = zipfile.ZipInfo(path.relative_to(folder).as_posix(), date_time=ZIP_DATE)
            info.external_attr = 0o644 << 16
            archive.writestr(info, path.read_bytes())
    return destination


def make_stdlib(pyodide_dir: Path, package_zip: Path) -> dict:
    """Write the Python zip into ``pyodide_dir``/python_stdlib.zip: the standard library trimmed
    to what Pyodide's start and the package import, and the package from ``package_zip``
    (make_package_zip), all precompiled. Returns {"modules", "package", "bytes", "stockBytes"}
    (modules of each, sizes).

    tools/stdlib.mjs starts the runtime in ``pyodide_dir`` in Node with the stock zip, runs the
    whole API (tools/api_surface.py) with ``package_zip`` on sys.path, keeps the modules then
    loaded, each compiled to a .pyc by Pyodide's Python, and checks that the API answers the
    same from the new zip alone. The zip is reproducible (sorted, fixed dates) and cached in
    .cache/stdlib/ under a key of everything it depends on: the runtime, the stock zip, the
    package zip and both scripts. Raises BuildError if Node is missing or the script fails.
    """
    inputs = {name: sha256_of(path) for name, path in third_party_files().items()}
    inputs |= {"package": sha256_of(package_zip), "script": sha256_of(STDLIB_SCRIPT), "surface": sha256_of(API_SURFACE)}
    key = hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest()[:24]
    cached = CACHE / "stdlib" / f"{key}.zip"
    report = cached.with_suffix(".json")
    if not (cached.is_file() and report.is_file()):
        node = shutil.which("node")
        if node is None:
            raise BuildError("Node.js is not installed; it is needed to trim the standard library (tools/stdlib.mjs)")
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(".partial")
        command = [node, str(STDLIB_SCRIPT), str(pyodide_dir), str(PYODIDE_PACKAGE / "python_stdlib.zip"),
                   str(PYODIDE_PACKAGE / "pyodide-lock.json"), str(package_zip), str(partial)]
        print("+ " + " ".join(command), flush=True)
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        if done.returncode != 0 or not partial.is_file():
            said = "\n".join(line[:300] for line in (done.stderr or done.stdout).strip().splitlines()[-12:])
            raise BuildError(f"trimming the standard library failed (tools/stdlib.mjs, exit code {done.returncode}):\n{said}")
        line = done.stdout.strip().splitlines()[-1]
        print(line, flush=True)
        report.write_text(line + "\n")
        partial.replace(cached)
    shutil.copyfile(cached, pyodide_dir / "python_stdlib.zip")
    summary = json.loads(report.read_text())
    return {name: summary[name] for name in ("modules", "package", "bytes", "stockBytes")}


def transfer_sizes(dist: Path, paths: list[str]) -> dict[str, dict[str, int]]:
    """For each file of ``paths`` (in ``dist``): ``bytes``, its size, and ``sent``, what a host
    that compresses it in transit as GitHub Pages does (gzip level 6, for COMPRESSIBLE_SUFFIXES)
    sends. The worker reports its progress in these units ("2.1 of 5.6 MB")."""
    sizes = {}
    for path in paths:
        data = (dist / path).read_bytes()
        sent = len(gzip.compress(data, compresslevel=6, mtime=0)) if path.endswith(COMPRESSIBLE_SUFFIXES) else len(data)
        sizes[path] = {"bytes": len(data), "sent": min(sent, len(data))}
    return sizes


def package_limits(package_source: Path) -> dict:
    """The package's limits, as ``lightsout.api.handle('{"op": "limits"}')`` replies (without "ok").

    Run in a fresh interpreter on ``package_source`` (the package shipped), so the page's
    figures are exactly the API's.
    """
    script = (
        "import json\n"
        "from lightsout.api import handle\n"
        "reply = json.loads(handle(json.dumps({'op': 'limits'})))\n"
        "if not reply.pop('ok'):\n"
        "    raise SystemExit(f'limits op: {reply}')\n"
        "print(json.dumps(reply, sort_keys=True))\n"
    )
    source = package_folder(package_source)
    try:
        done = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True,
                              env={"PYTHONPATH": str(source), "PATH": "/usr/bin:/bin"})
    except subprocess.CalledProcessError as error:
        raise BuildError(f"the package's limits op failed: {error.stderr.strip()}") from error
    return json.loads(done.stdout)


def write_index(destination: Path) -> None:
    """Copy index.html with a preload hint for limits.json, which app.js would otherwise
    ask for only once it runs."""
    hint = '  <link rel="preload" href="limits.json" as="fetch" crossorigin="anonymous">\n'
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    marker = '  <script type="module" src="static/app.js"></script>\n'
    if marker not in page:
        raise BuildError(f"index.html no longer has the line {marker.strip()!r} that build.py adds a hint after")
    destination.write_text(page.replace(marker, marker + hint), encoding="utf-8")


def bundle_page(destination: Path) -> list[str]:
    """Bundle static/app.js and every module it imports into ``destination`` (one ES module,
    not minified) with the pinned esbuild; returns the bundled files' paths in the site
    (static/...: the modules and the string files, static/strings/*.json, i18n.js imports).
    The page then loads one script instead of 41 modules, each a request and an import level
    the browser discovers in turn: on this machine, navigation → first grid 494 → 244 ms,
    → solver ready 1546 → 1320 ms (docs/building.md).
    The worker (worker.js and static/solver/, which import Pyodide's own module) is not bundled.
    """
    meta = destination.with_name("bundle-meta.json")
    try:
        run([str(ESBUILD), str(ROOT / "static" / "app.js"), "--bundle", "--format=esm", "--charset=utf8",
             "--log-level=warning", f"--outfile={destination}", f"--metafile={meta}"])
        inputs = json.loads(meta.read_text())["inputs"]
    finally:
        meta.unlink(missing_ok=True)
    bundled = sorted(Path(name).as_posix() for name in inputs)  # relative to ROOT, esbuild's working folder
    if not all(path.startswith("static/") and (ROOT / path).is_file() for path in bundled):
        raise BuildError(f"the bundle has modules from outside static/: {sorted(inputs)}")
    return bundled


def build(package_source: Path = ROOT / "py") -> Path:
    """Build the site into a new folder beside dist/, then put it in dist/'s place, and return
    dist/'s path. A build that fails leaves dist/ as it was (the new folder is deleted)."""
    ensure_node_modules()
    check_pinned_hashes(third_party_files())
    site = Path(tempfile.mkdtemp(prefix=".dist-new-", dir=DIST.parent))  # same file system: the swap is two renames
    try:
        name = build_site(site, package_source)
    except BaseException:
        shutil.rmtree(site, ignore_errors=True)
        raise
    old = DIST.with_name(site.name.replace(".dist-new-", ".dist-old-"))
    if DIST.exists():
        DIST.rename(old)
    try:
        site.rename(DIST)
    except OSError as error:
        if old.exists():
            old.rename(DIST)
        shutil.rmtree(site, ignore_errors=True)
        raise BuildError(f"could not put the new build in {DIST}'s place: {error}") from error
    shutil.rmtree(old, ignore_errors=True)
    print(f"built {DIST.name}/ with {name}", flush=True)
    return DIST


def worker_modules(site: Path) -> list[str]:
    """The solver worker's own modules in ``site`` (paths in the site): static/worker.js and the
    start's modules it imports, static/solver/*.js. Not bundled (the page never imports them);
    copied with static/ and precached like every file the page asks for."""
    return ["static/worker.js", *sorted(path.relative_to(site).as_posix() for path in (site / "static" / "solver").glob("*.js"))]


def build_site(site: Path, package_source: Path) -> str:
    """Build the site into the empty folder ``site``; returns the package's name and version."""
    site.chmod(0o755)  # mkdtemp makes it private; dist/ is served
    pyodide_dir = site / "pyodide"
    copy_pyodide_runtime(pyodide_dir)
    # The package's modules, zipped: the source of the Python zip (the site does not ship it).
    package_zip = make_package_zip(package_source, CACHE / "package" / "lightsout.zip")
    pyodide_version = json.loads((PYODIDE_PACKAGE / "package.json").read_text())["version"]
    stdlib = make_stdlib(pyodide_dir, package_zip)

    write_index(site / "index.html")
    (site / "limits.json").write_text(json.dumps(package_limits(package_source), indent=1, sort_keys=True) + "\n")
    write_error_strings()  # English's error strings from Python's table (tools/error_strings.py), before static/ is copied and bundled
    shutil.copytree(ROOT / "static", site / "static")
    bundled = bundle_page(site / "static" / "app.js")
    (site / ".nojekyll").write_text("")
    # The worker reads this. When Pyodide fails to start, it checks the runtime files
    # against runtimeSha256 to name the one at fault; after restoring a snapshot it checks
    # the Python zip (which Python does not read then). "lockFile" goes to loadPyodide as it
    # is. "snapshotKey" ties the memory snapshot a worker makes of its first start (and
    # keeps in the browser) to this build: a hash of every file that shapes that memory
    # (the runtime, the Python zip, worker.js and the start's modules, static/solver/).
    # "download" lists the files the start fetches with their sizes, sent and unpacked, for
    # its progress report.
    runtime = {f"pyodide/{path.name}": sha256_of(path) for path in sorted(pyodide_dir.iterdir()) if path.is_file()}
    worker = worker_modules(site)
    shaping = {**runtime, **{path: sha256_of(site / path) for path in worker}}
    build_info = {
        "runtimeSha256": runtime,
        "pyodide": pyodide_version,
        "package": package_name(package_source),
        "lockFile": lock_file(),
        "snapshotKey": hashlib.sha256(json.dumps(shaping, sort_keys=True).encode()).hexdigest(),
        "python": stdlib,
        "download": transfer_sizes(site, list(runtime)),
    }
    (site / "static" / "build-info.json").write_text(json.dumps(build_info, indent=1) + "\n")
    shutil.copy2(ROOT / "manifest.webmanifest", site / "manifest.webmanifest")
    icons = site / "static" / "icons"
    icons.mkdir()
    for size in (192, 512):
        (icons / f"icon-{size}.png").write_bytes(png(size))
    # last: it lists every file above, but not the modules in the bundle (the page never asks for
    # them; the worker's would stay listed, it fetches its own)
    write_offline_files(site, unlisted={path for path in bundled if path != "static/app.js" and path not in worker})
    return package_name(package_source)


def png(size: int) -> bytes:
    """A size×size PNG icon: a 5×5 Lights Out board (some lights on) on a dark square."""
    dark, lit, off = (27, 30, 36), (255, 213, 74), (58, 65, 80)
    pattern = ["#.#.#", ".###.", "##.##", ".###.", "#.#.#"]
    cell = size // 6
    margin = (size - 5 * cell) // 2
    gap = max(1, cell // 10)
    rows = []
    for y in range(size):
        row = bytearray([0])  # filter type 0 (None) for every scanline
        for x in range(size):
            r, c = (y - margin) // cell, (x - margin) // cell
            inside = 0 <= r < 5 and 0 <= c < 5 and (y - margin) % cell >= gap and (x - margin) % cell >= gap
            row += bytes(dark if not inside else lit if pattern[r][c] == "#" else off)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def write_offline_files(dist: Path, unlisted: set[str] | frozenset[str] = frozenset()) -> str:
    """Write static/precache.json (every file the site serves but ``unlisted``, with its sha256) and
    dist/sw.js with that list built in (``FILES``) and the cache version: the first 16 hex
    digits of the sha256 of the list. Returns the version.

    The service worker checks every body against its built-in list, before it caches a
    file and again before it answers from the cache; the list travels inside sw.js, so
    nothing another page can write (Cache Storage, a fetched list) can change it.
    precache.json is the same list for people and tools; sw.js does not read it.
    """
    files = sorted(
        path for path in dist.rglob("*")
        if path.is_file() and path.name != ".nojekyll"
        and path.relative_to(dist).as_posix() not in ("sw.js", "static/sw.js", "static/precache.json", *unlisted)
    )
    listed = [{"path": path.relative_to(dist).as_posix(), "sha256": sha256_of(path)} for path in files]
    version = hashlib.sha256(json.dumps(listed, sort_keys=True).encode()).hexdigest()[:16]
    precache = {"version": version, "cache": f"lightsout-{version}", "files": listed}
    (dist / "static" / "precache.json").write_text(json.dumps(precache, indent=1) + "\n")
    source = (ROOT / "static" / "sw.js").read_text()
    table = "{\n" + "".join(f"  {json.dumps(entry['path'])}: {json.dumps(entry['sha256'])},\n" for entry in listed) + "}"
    for marker, value in (('const VERSION = "development";', f'const VERSION = "{version}";'),
                          ("const FILES = {};", f"const FILES = {table};")):
        if marker not in source:
            raise BuildError(f"static/sw.js no longer has the text {marker!r} that build.py fills in")
        source = source.replace(marker, value, 1)
    (dist / "sw.js").write_text(source)
    (dist / "static" / "sw.js").unlink()  # served from the root only, where its scope is the site
    return version


def content_security_policy(site: Path) -> str | None:
    """The policy of the <meta http-equiv="Content-Security-Policy"> in ``site``/index.html, if any."""
    match = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)"',
                      (site / "index.html").read_text(encoding="utf-8"))
    return match.group(1) if match else None


# Files worth compressing in transit (text and wasm); zip, wheel, gzip and PNG files are
# compressed already. GitHub Pages compresses much the same (docs/building.md).
COMPRESSIBLE_SUFFIXES = (".html", ".js", ".mjs", ".json", ".css", ".wasm", ".webmanifest", ".txt", ".svg", ".map")


def make_server(port: int, site: Path = DIST, sent: list[tuple[str, int, int]] | None = None,
                prefix: str = "/") -> http.server.ThreadingHTTPServer:
    """An HTTP server for ``site`` on 127.0.0.1 that sends the page's CSP as a header on
    every file and gzip-compresses text and wasm for a client that accepts it. The site is
    served under ``prefix`` (a path that starts and ends with "/"); any other path is a 404,
    so a URL wrongly starting with "/" fails under a sub-path as it would on GitHub Pages.

    The meta tag governs the page only; a worker takes its policy from its own
    response, so the header is what puts static/worker.js under the policy too.
    Compressed bodies are made once per file version and kept in memory. If ``sent`` is
    a list, each response appends (path, status, body bytes sent) to it (benchmarks).
    """
    policy = content_security_policy(site)
    compressed: dict[tuple[str, int, int], bytes] = {}

    if not (prefix.startswith("/") and prefix.endswith("/")):
        raise ValueError(f"the prefix {prefix!r} must start and end with '/'")

    class SiteHandler(http.server.SimpleHTTPRequestHandler):
        status = 0

        def translate_path(self, path: str) -> str:
            route = urllib.parse.urlsplit(path).path
            if not route.startswith(prefix):
                return str(site / "__outside_the_site__")
            return super().translate_path("/" + path[len(prefix):])

        def send_response(self, code: int, message: str | None = None) -> None:
            self.status = code
            super().send_response(code, message)

        def end_headers(self) -> None:
            if policy:
                self.send_header("Content-Security-Policy", policy)
            super().end_headers()

        def send_head(self):  # type: ignore[no-untyped-def]
            path = self.translate_path(self.path)
            accepted = self.headers.get("Accept-Encoding", "")
            if not (path.endswith(COMPRESSIBLE_SUFFIXES) and os.path.isfile(path)
                    and re.search(r"\bgzip\b", accepted)):
                return super().send_head()
            stat = os.stat(path)
            since = self.headers.get("If-Modified-Since")
            if since:
                try:
                    if int(stat.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                        self.send_response(http.HTTPStatus.NOT_MODIFIED)
                        self.send_header("Vary", "Accept-Encoding")
                        self.end_headers()
                        return None
                except (TypeError, ValueError, OverflowError, IndexError):
                    pass  # an unreadable date: send the file
            key = (path, stat.st_mtime_ns, stat.st_size)
            if key not in compressed:
                compressed[key] = gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)
            body = compressed[key]
            self.send_response(http.HTTPStatus.OK)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
            self.end_headers()
            return io.BytesIO(body)

        def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
            start = source.tell() if hasattr(source, "tell") else 0
            super().copyfile(source, outputfile)
            if sent is not None:
                sent.append((self.path, self.status, source.tell() - start))

        def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
            if sent is None:
                super().log_request(code, size)
            elif self.status == http.HTTPStatus.NOT_MODIFIED:
                sent.append((self.path, self.status, 0))

    return http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(SiteHandler, directory=str(site)))


def serve(port: int, prefix: str = "/") -> None:
    with make_server(port, prefix=prefix) as server:
        print(f"serving {DIST} at http://127.0.0.1:{server.server_address[1]}{prefix}  (Ctrl+C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("stopped")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="?", choices=("build", "serve", "pin"), default="build")
    parser.add_argument("--port", type=int, default=8000, help="port for `serve` (default 8000; 0 picks a free one)")
    parser.add_argument("--prefix", default="/", help="the path `serve` serves the site under (default /; e.g. /lightsout/)")
    parser.add_argument("--no-build", action="store_true", help="`serve` dist/ as it is, without building it first")
    parser.add_argument("--package", type=Path, default=ROOT / "py",
                        help="folder of the Python package to ship (default: py/)")
    args = parser.parse_args(argv)
    if not (args.prefix.startswith("/") and args.prefix.endswith("/")):
        parser.error(f"--prefix {args.prefix!r} must start and end with '/'")
    try:
        if args.command == "pin":
            pin_hashes()
            return 0
        if not (args.command == "serve" and args.no_build):
            build(args.package.resolve())
        elif not (DIST / "index.html").is_file():
            raise BuildError(f"{DIST} holds no built site: run `python3 build.py` first")
    except BuildError as error:
        print(f"build.py: error: {error}", file=sys.stderr)
        return 1
    if args.command == "serve":
        serve(args.port, args.prefix)
    return 0


if __name__ == "__main__":
    sys.exit(main())
