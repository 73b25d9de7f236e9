"""Files shipped brotli-compressed beside the originals (<file>.br), which the solver's worker
decodes (docs/building.md, "Brotli"): made with Node's zlib (tools/brotli.mjs) and kept in
the build's kept files (common.KEPT: brotli/) under a key of the input and the script, since
quality 11 takes ≈ 30–100 s for the 9.6 MB wasm."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from pathlib import Path

from .common import KEPT, ROOT, BuildError, partial_beside, sha256_of

BROTLI_SCRIPT = ROOT / "tools" / "brotli.mjs"


def brotli_beside(path: Path) -> Path:
    """Write ``path``.br, ``path`` compressed with brotli at quality 11; returns its path.
    Raises BuildError if Node is missing or fails."""
    key = hashlib.sha256(f"{sha256_of(path)} {sha256_of(BROTLI_SCRIPT)}".encode()).hexdigest()[:24]
    cached = KEPT / "brotli" / f"{key}.br"
    if not cached.is_file():
        node = shutil.which("node")
        if node is None:
            raise BuildError("Node.js is not installed; it is needed to compress the runtime (tools/brotli.mjs)")
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = partial_beside(cached)
        command = [node, str(BROTLI_SCRIPT), str(path), str(partial)]
        print("+ " + " ".join(command), flush=True)
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        if done.returncode != 0 or not partial.is_file():
            raise BuildError(f"compressing {path.name} failed (tools/brotli.mjs, exit code {done.returncode}): {done.stderr.strip()[-600:]}")
        partial.replace(cached)
    destination = path.with_name(path.name + ".br")
    shutil.copyfile(cached, destination)
    return destination
