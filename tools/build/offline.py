"""The offline files: the precache list (static/precache.json) and the service worker (sw.js)
with that list built in (docs/security.md, "Offline")."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .common import ROOT, BuildError, sha256_of


def write_offline_files(dist: Path, unlisted: set[str] | frozenset[str] = frozenset()) -> str:
    """Write static/precache.json (every file the site serves but ``unlisted``, with its sha256) and
    dist/sw.js with that list built in (``FILES``), the cache version: the first 16 hex digits
    of the sha256 of the list, and ``UNPACKED``: the length of each file shipped with a brotli
    copy (<file>.br), which the service worker unpacks rather than downloads. Returns the version.

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
    # The files shipped with a brotli copy beside them, which install unpacks instead of downloading.
    unpacked = {entry["path"]: (dist / entry["path"]).stat().st_size for entry in listed
                if any(other["path"] == entry["path"] + ".br" for other in listed)}
    for marker, value in (('const VERSION = "development";', f'const VERSION = "{version}";'),
                          ("const FILES = {};", f"const FILES = {table};"),
                          ("const UNPACKED = {};", f"const UNPACKED = {json.dumps(unpacked, sort_keys=True)};")):
        if marker not in source:
            raise BuildError(f"static/sw.js no longer has the text {marker!r} that build.py fills in")
        source = source.replace(marker, value, 1)
    (dist / "sw.js").write_text(source)
    (dist / "static" / "sw.js").unlink()  # served from the root only, where its scope is the site
    return version
