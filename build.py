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
                          package itself (made in Node by tools/stdlib.mjs); the wasm and that
                          zip also brotli-compressed (*.br), which the worker fetches and decodes

This file is the entry point and the recipe: which step runs when (build_site). Each step is a
module of tools/build/ (its __init__.py lists them); only the standard library is used, and
npm, esbuild and Node are run as subprocesses.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tools.error_strings import write_error_strings

ROOT = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # for tools/build/ when this file is loaded by its path (tests)

# The steps, and the names tests and benchmarks use from here.
from tools.build.build_info import build_info, worker_modules  # noqa: E402
from tools.build.brotli import brotli_beside  # noqa: E402
from tools.build.bundle import bundle_brotli_decoder, bundle_early_start, bundle_page, bundle_worker, write_index  # noqa: E402
from tools.build.common import CACHE, DIST, BuildError, sha256_of  # noqa: E402,F401
from tools.build.offline import write_offline_files  # noqa: E402
from tools.build.png import png  # noqa: E402
from tools.build.python_zip import make_package_zip, make_stdlib, package_limits, package_name  # noqa: E402
from tools.build.runtime import (  # noqa: E402,F401
    PYODIDE_PACKAGE,
    PYODIDE_RUNTIME_FILES,
    check_pinned_hashes,
    copy_pyodide_runtime,
    ensure_node_modules,
    pin_hashes,
    third_party_files,
)
from tools.build.server import COMPRESSIBLE_SUFFIXES, content_security_policy, make_server, serve  # noqa: E402,F401


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


def build_site(site: Path, package_source: Path) -> str:
    """Build the site into the empty folder ``site``; returns the package's name and version."""
    site.chmod(0o755)  # mkdtemp makes it private; dist/ is served
    pyodide_dir = site / "pyodide"
    copy_pyodide_runtime(pyodide_dir)
    # The package's modules, zipped: the source of the Python zip (the site does not ship it).
    package_zip = make_package_zip(package_source, CACHE / "package" / "lightsout.zip")
    pyodide_version = json.loads((PYODIDE_PACKAGE / "package.json").read_text())["version"]
    python = make_stdlib(pyodide_dir, package_zip)
    # The two big files also as brotli, which the worker fetches and decodes (GitHub Pages sends
    # the wasm gzip-compressed and a zip as it is; docs/building.md, "Brotli").
    # Both at once (each is one Node process at quality 11: ≈ 28 s and 7 s on one core, when not kept in .cache/).
    with ThreadPoolExecutor(max_workers=2) as pool:
        list(pool.map(brotli_beside, [pyodide_dir / "pyodide.asm.wasm", pyodide_dir / "python_stdlib.zip"]))

    write_index(site / "index.html")
    (site / "limits.json").write_text(json.dumps(package_limits(package_source), indent=1, sort_keys=True) + "\n")
    write_error_strings()  # English's error strings from Python's table (tools/error_strings.py), before static/ is copied and bundled
    shutil.copytree(ROOT / "static", site / "static")
    # The page's strings (static/strings/*.json) are in place here, and the bundle reads them
    # next: a step that writes strings of its own goes here.
    bundled = bundle_page(site / "static" / "app.js")
    bundle_early_start(site / "static" / "early-start.js")
    bundle_brotli_decoder(site / "static" / "solver" / "brotli-decode.js")
    bundle_worker(site)
    (site / ".nojekyll").write_text("")
    info = build_info(site, pyodide_version, package_name(package_source), python)
    (site / "static" / "build-info.json").write_text(json.dumps(info, indent=1) + "\n")
    shutil.copy2(ROOT / "manifest.webmanifest", site / "manifest.webmanifest")
    icons = site / "static" / "icons"
    icons.mkdir()
    for size in (192, 512):
        (icons / f"icon-{size}.png").write_bytes(png(size))
    # last: it lists every file above, but not the modules in the bundle (the page never asks for
    # them; the worker's would stay listed, it fetches its own)
    worker = worker_modules(site)
    write_offline_files(site, unlisted={path for path in bundled if path != "static/app.js" and path not in worker})
    return package_name(package_source)


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
