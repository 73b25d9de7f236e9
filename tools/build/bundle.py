"""The page's modules bundled into one (esbuild), index.html with its preload hint, and the brotli
decoder bundled into one classic script."""

from __future__ import annotations

import json
from pathlib import Path

from .common import ROOT, BuildError, run
from .runtime import ESBUILD


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


BROTLI_DECODER_SOURCE = ROOT / "tools" / "brotli-decode.js"


def bundle_brotli_decoder(destination: Path) -> None:
    """Bundle the brotli decoder of the npm package ``brotli`` (tools/brotli-decode.js) into
    ``destination`` as one classic script (esbuild, not minified), which the solver's worker
    imports and the service worker loads with importScripts where the engine cannot decode
    brotli itself (docs/building.md, "Brotli")."""
    run([str(ESBUILD), str(BROTLI_DECODER_SOURCE), "--bundle", "--format=iife", "--platform=browser",
         "--log-level=warning", f"--outfile={destination}"])


def bundle_early_start(destination: Path) -> None:
    """Bundle static/early-start.js, the page's first script (it makes the solver's worker before
    app.js has arrived), and the modules it imports into ``destination``, one ES module (esbuild):
    one request instead of one per import level."""
    run([str(ESBUILD), str(ROOT / "static" / "early-start.js"), "--bundle", "--format=esm", "--charset=utf8",
         "--log-level=warning", f"--outfile={destination}", "--allow-overwrite"])


def bundle_worker(site: Path) -> None:
    """Bundle the solver's worker in ``site`` (static/worker.js and the start's modules it imports,
    static/solver/) into static/worker.js, one ES module (esbuild, not minified): the worker then
    begins after one request instead of four import levels, each a round trip (≈ 0.15 s apiece on
    a slow phone link). Pyodide's own module and the brotli decoder stay files of their own, which
    the start imports by the site's address. The modules stay in static/solver/ (tests, debugging)."""
    # Run in ``site``, so that the bundle names its modules by their paths in the site (its comments),
    # not by the build's temporary folder: the same sources give the same bytes (and snapshot key).
    run([str(ESBUILD), "static/worker.js", "--bundle", "--format=esm", "--charset=utf8", "--log-level=warning",
         "--outfile=static/worker.js", "--allow-overwrite"], cwd=site)
