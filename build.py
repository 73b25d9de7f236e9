#!/usr/bin/env python3
"""Build the static site into dist/, or build it and serve it locally.

    python3 build.py                 # build dist/
    python3 build.py serve [--port N] # build, then serve dist/ on http://127.0.0.1:N/
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
                          none of them); worker.js, static/build-info.json,
                          static/precache.json (every file it lists with its sha256), icons
    pyodide/              the Pyodide runtime copied from the pinned npm package, the
                          micropip wheel, and a pyodide-lock.json trimmed to micropip
    wheels/               the project's own wheel, built from py/
    snapshot/             the start-up snapshot: the interpreter's memory with the wheel
                          installed and its API imported, gzip-compressed (made in Node by
                          tools/snapshot.mjs; its name carries the wheel's sha256 and the
                          Pyodide version, and build-info.json describes it)

Only the standard library is used; npm, pip and Node are run as subprocesses.
"""

from __future__ import annotations

import argparse
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
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide"
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
# sha256 of every third-party file shipped (the Pyodide runtime and the micropip wheel),
# pinned in the repository: a build refuses files that differ from them.
RUNTIME_HASHES = ROOT / "runtime-hashes.json"

# Everything pyodide.mjs loads at start-up, relative to its indexURL. The lock file is
# written by us (see write_trimmed_lock), not copied.
PYODIDE_RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)
SNAPSHOT_SCRIPT = ROOT / "tools" / "snapshot.mjs"
# Zip timestamps of the project wheel (1980-01-01, the earliest a zip can hold): the same
# source gives the same wheel, so its sha256, and the snapshot keyed by it, stay put.
WHEEL_SOURCE_DATE_EPOCH = "315532800"
MICROPIP_REQUIREMENT = "micropip==0.11.1"
# micropip 0.11.1 requires Python >= 3.13; Pyodide 314.0.7 runs CPython 3.14.
PYODIDE_PYTHON_VERSION = "3.14"


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
    missing = [name for name in PYODIDE_RUNTIME_FILES if not (PYODIDE_PACKAGE / name).is_file()]
    if missing:
        raise BuildError(f"the pyodide npm package lacks {', '.join(missing)} (looked in {PYODIDE_PACKAGE})")
    destination.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_RUNTIME_FILES:
        shutil.copy2(PYODIDE_PACKAGE / name, destination / name)


def third_party_files(micropip: Path) -> dict[str, Path]:
    """The shipped third-party files by their name in dist/pyodide/."""
    files = {name: PYODIDE_PACKAGE / name for name in PYODIDE_RUNTIME_FILES}
    files[micropip.name] = micropip
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
    """Record the sha256 of the current runtime files (run after upgrading Pyodide or micropip)."""
    ensure_node_modules()
    hashes = {name: sha256_of(path) for name, path in third_party_files(micropip_wheel()).items()}
    RUNTIME_HASHES.write_text(json.dumps(hashes, indent=1, sort_keys=True) + "\n")
    print(f"wrote {RUNTIME_HASHES.name} with {len(hashes)} hashes")


def micropip_wheel() -> Path:
    """Return the cached micropip wheel, downloading it from PyPI the first time."""
    folder = CACHE / "micropip"
    wheels = sorted(folder.glob("micropip-*.whl"))
    if not wheels:
        folder.mkdir(parents=True, exist_ok=True)
        run([
            sys.executable, "-m", "pip", "download", MICROPIP_REQUIREMENT,
            "--python-version", PYODIDE_PYTHON_VERSION, "--only-binary=:all:", "--no-deps",
            "--disable-pip-version-check", "--dest", str(folder),
        ])
        wheels = sorted(folder.glob("micropip-*.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one micropip wheel in {folder}, found {[w.name for w in wheels]}")
    return wheels[0]


def write_trimmed_lock(micropip: Path, destination: Path) -> None:
    """Write a pyodide-lock.json that lists only micropip, with the sha256 of the wheel we ship.

    The stock lock file lists ~350 packages we do not ship; Node's Pyodide would fetch
    those from a public CDN, and the stock micropip hash differs from PyPI's wheel, which
    makes Chromium's integrity check reject it (and loadPackage only logs, it does not throw).
    """
    stock = json.loads((PYODIDE_PACKAGE / "pyodide-lock.json").read_text())
    entry = dict(stock["packages"]["micropip"])
    if entry["depends"]:
        raise BuildError(f"micropip now depends on {entry['depends']}; ship those too")
    entry["file_name"] = micropip.name
    entry["sha256"] = sha256_of(micropip)
    lock = {"info": stock["info"], "packages": {"micropip": entry}}
    (destination / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    shutil.copy2(micropip, destination / micropip.name)


def build_project_wheel(source: Path, destination: Path) -> Path:
    destination.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        run([
            sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check",
            "--wheel-dir", scratch, str(source),
        ], env={**os.environ, "SOURCE_DATE_EPOCH": WHEEL_SOURCE_DATE_EPOCH})
        wheels = list(Path(scratch).glob("*.whl"))
        if len(wheels) != 1 or not wheels[0].name.endswith("-py3-none-any.whl"):
            raise BuildError(f"expected one pure-Python wheel from {source}, got {[w.name for w in wheels]}")
        return Path(shutil.copy2(wheels[0], destination / wheels[0].name))


def make_snapshot(pyodide_dir: Path, wheel: Path, destination: Path, pyodide_version: str) -> dict:
    """Write the start-up snapshot into ``destination`` and return its manifest for build-info.json.

    tools/snapshot.mjs starts the runtime in ``pyodide_dir`` in Node, installs ``wheel``
    with micropip as the worker does, imports lightsout.api, writes the interpreter's
    memory gzip-compressed, and checks that it restores. The result is cached in
    .cache/snapshot/ under a key of everything it depends on: the runtime files (the lock
    file and micropip too), the wheel and the script; the file's name carries the wheel's
    sha256 and the Pyodide version. Raises BuildError if Node is missing or the script fails.
    """
    wheel_sha256 = sha256_of(wheel)
    inputs = {path.name: sha256_of(path) for path in sorted(pyodide_dir.iterdir()) if path.is_file()}
    inputs |= {"wheel": wheel_sha256, "script": sha256_of(SNAPSHOT_SCRIPT), "pyodide": pyodide_version}
    key = hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest()[:24]
    cached = CACHE / "snapshot" / f"{key}.gz"
    if not cached.is_file():
        node = shutil.which("node")
        if node is None:
            raise BuildError("Node.js is not installed; it is needed to make the start-up snapshot (tools/snapshot.mjs)")
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(".partial")
        command = [node, str(SNAPSHOT_SCRIPT), str(pyodide_dir), str(wheel), str(partial)]
        print("+ " + " ".join(command), flush=True)
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        if done.returncode != 0 or not partial.is_file():
            said = "\n".join(line[:300] for line in (done.stderr or done.stdout).strip().splitlines()[-12:])
            raise BuildError(f"making the start-up snapshot failed (tools/snapshot.mjs, exit code {done.returncode}):\n{said}")
        print(done.stdout.strip().splitlines()[-1], flush=True)
        partial.replace(cached)
    compressed = cached.read_bytes()
    raw = gzip.decompress(compressed)
    destination.mkdir(parents=True, exist_ok=True)
    target = destination / f"lightsout-{wheel_sha256[:16]}-pyodide-{pyodide_version}.snapshot.gz"
    target.write_bytes(compressed)
    return {
        "file": target.relative_to(destination.parent).as_posix(),
        "sha256": hashlib.sha256(compressed).hexdigest(),
        "bytes": len(compressed),
        "rawSha256": hashlib.sha256(raw).hexdigest(),
        "rawBytes": len(raw),
        "pyodide": pyodide_version,
        "wheelSha256": wheel_sha256,
    }


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
    source = package_source / "src" if (package_source / "src" / "lightsout").is_dir() else package_source
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
    not minified) with the pinned esbuild; returns the bundled modules' paths in the site
    (static/...). The page then loads one script instead of 41 modules, each a request
    and an import level the browser discovers in turn: on this machine, navigation → first
    grid 494 → 244 ms, → solver ready 1546 → 1320 ms (docs/building.md).
    The worker (worker.js, which imports Pyodide's own module) is not bundled.
    """
    meta = destination.with_name("bundle-meta.json")
    try:
        run([str(ESBUILD), str(ROOT / "static" / "app.js"), "--bundle", "--format=esm", "--charset=utf8",
             "--log-level=warning", f"--outfile={destination}", f"--metafile={meta}"])
        inputs = json.loads(meta.read_text())["inputs"]
    finally:
        meta.unlink(missing_ok=True)
    bundled = sorted(f"static/{Path(name).name}" for name in inputs)
    if not all((ROOT / path).is_file() for path in bundled):
        raise BuildError(f"the bundle has modules from outside static/: {sorted(inputs)}")
    return bundled


def build(package_source: Path = ROOT / "py") -> Path:
    """Build dist/ from scratch and return its path."""
    ensure_node_modules()
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    pyodide_dir = DIST / "pyodide"
    micropip = micropip_wheel()
    check_pinned_hashes(third_party_files(micropip))
    copy_pyodide_runtime(pyodide_dir)
    write_trimmed_lock(micropip, pyodide_dir)
    project_wheel = build_project_wheel(package_source, DIST / "wheels")
    pyodide_version = json.loads((PYODIDE_PACKAGE / "package.json").read_text())["version"]
    snapshot = make_snapshot(pyodide_dir, project_wheel, DIST / "snapshot", pyodide_version)

    write_index(DIST / "index.html")
    (DIST / "limits.json").write_text(json.dumps(package_limits(package_source), indent=1, sort_keys=True) + "\n")
    shutil.copytree(ROOT / "static", DIST / "static")
    bundled = bundle_page(DIST / "static" / "app.js")
    (DIST / ".nojekyll").write_text("")
    # The worker reads this to know which wheel to install (micropip only accepts a URL
    # that ends in a valid PEP 427 wheel file name, so the real name must be used) and
    # checks the wheel's sha256 before installing it. When Pyodide fails to start, it
    # checks the runtime files against runtimeSha256 to name the one at fault. "snapshot"
    # is the start-up snapshot's manifest: the worker restores it only if it was made for
    # this Pyodide and this wheel, and its bytes have this sha256.
    runtime = sorted(p for p in pyodide_dir.iterdir() if p.is_file())
    build_info = {
        "wheel": f"wheels/{project_wheel.name}",
        "wheelSha256": sha256_of(project_wheel),
        "runtimeSha256": {f"pyodide/{path.name}": sha256_of(path) for path in runtime},
        "pyodide": pyodide_version,
        "snapshot": snapshot,
    }
    (DIST / "static" / "build-info.json").write_text(json.dumps(build_info, indent=1) + "\n")
    shutil.copy2(ROOT / "manifest.webmanifest", DIST / "manifest.webmanifest")
    icons = DIST / "static" / "icons"
    icons.mkdir()
    for size in (192, 512):
        (icons / f"icon-{size}.png").write_bytes(png(size))
    # last: it lists every file above, but not the modules in the bundle (the page never asks for them)
    write_offline_files(DIST, unlisted={path for path in bundled if path != "static/app.js"},
                        checked_by_reader=(snapshot["file"], build_info["wheel"]))
    print(f"built {DIST.relative_to(ROOT)}/ with {project_wheel.name}", flush=True)
    return DIST


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


def write_offline_files(dist: Path, unlisted: set[str] | frozenset[str] = frozenset(),
                        checked_by_reader: tuple[str, ...] = ()) -> str:
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
                          ("const FILES = {};", f"const FILES = {table};"),
                          ("const CHECKED_BY_READER = [];", f"const CHECKED_BY_READER = {json.dumps(list(checked_by_reader))};")):
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


def make_server(port: int, site: Path = DIST, sent: list[tuple[str, int, int]] | None = None) -> http.server.ThreadingHTTPServer:
    """An HTTP server for ``site`` on 127.0.0.1 that sends the page's CSP as a header on
    every file and gzip-compresses text and wasm for a client that accepts it.

    The meta tag governs the page only; a worker takes its policy from its own
    response, so the header is what puts static/worker.js under the policy too.
    Compressed bodies are made once per file version and kept in memory. If ``sent`` is
    a list, each response appends (path, status, body bytes sent) to it (benchmarks).
    """
    policy = content_security_policy(site)
    compressed: dict[tuple[str, int, int], bytes] = {}

    class SiteHandler(http.server.SimpleHTTPRequestHandler):
        status = 0

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


def serve(port: int) -> None:
    with make_server(port) as server:
        print(f"serving {DIST} at http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("stopped")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="?", choices=("build", "serve", "pin"), default="build")
    parser.add_argument("--port", type=int, default=8000, help="port for `serve` (default 8000; 0 picks a free one)")
    parser.add_argument("--package", type=Path, default=ROOT / "py",
                        help="folder of the Python package to ship (default: py/)")
    args = parser.parse_args(argv)
    try:
        if args.command == "pin":
            pin_hashes()
            return 0
        build(args.package.resolve())
    except BuildError as error:
        print(f"build.py: error: {error}", file=sys.stderr)
        return 1
    if args.command == "serve":
        serve(args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
