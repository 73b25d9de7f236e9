"""static/build-info.json: what the solver's worker reads about this build (docs/building.md, step 5)."""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

from .common import sha256_of
from .runtime import lock_file
from .server import COMPRESSIBLE_SUFFIXES


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


def worker_modules(site: Path) -> list[str]:
    """The solver worker's own modules in ``site`` (paths in the site): static/worker.js and the
    start's modules it imports, static/solver/*.js. Not bundled (the page never imports them);
    copied with static/ and precached like every file the page asks for."""
    return ["static/worker.js", *sorted(path.relative_to(site).as_posix() for path in (site / "static" / "solver").glob("*.js"))]


def build_info(site: Path, pyodide_version: str, package: str, python: dict) -> dict:
    """The worker's record of the build in ``site`` (its runtime in ``site``/pyodide/ and its worker modules).

    When Pyodide fails to start, the worker checks the runtime files against runtimeSha256 to name
    the one at fault; after restoring a snapshot it checks the Python zip (which Python does not
    read then). "lockFile" goes to loadPyodide as it is. "snapshotKey" ties the memory snapshot a
    worker makes of its first start (and keeps in the browser) to this build: a hash of every file
    that shapes that memory (the runtime, the Python zip, worker.js and the start's modules,
    static/solver/). "download" lists the files the start fetches with their sizes, sent and
    unpacked, for its progress report. ``python``: what make_stdlib reports of the Python zip.
    """
    runtime = {f"pyodide/{path.name}": sha256_of(path) for path in sorted((site / "pyodide").iterdir()) if path.is_file()}
    shaping = {**runtime, **{path: sha256_of(site / path) for path in worker_modules(site)}}
    return {
        "runtimeSha256": runtime,
        "pyodide": pyodide_version,
        "package": package,
        "lockFile": lock_file(),
        "snapshotKey": hashlib.sha256(json.dumps(shaping, sort_keys=True).encode()).hexdigest(),
        "python": python,
        "download": download_plan(site, list(runtime)),
    }


def download_plan(site: Path, paths: list[str]) -> dict[str, dict]:
    """The start's files among ``paths`` (in ``site``) with their sizes as a first visit fetches
    them (transfer_sizes): {bytes, sent}; for a file shipped with a brotli copy (<file>.br, which
    the worker fetches instead and decodes), the copy's, and the file's own as "original"."""
    sizes = transfer_sizes(site, paths)
    plan: dict[str, dict] = {}
    for path in paths:
        if not path.endswith(".br"):
            plan[path] = sizes[path + ".br"] | {"original": sizes[path]} if path + ".br" in sizes else sizes[path]
    return plan
