"""What every step of the build shares: where things are, its one error, running a command, a file's sha256."""

from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
# What the build makes from pinned inputs alone and keeps under a key of every input (the
# trimmed standard library, the brotli copies: ≈ 35 s of CPU), kept per user as pip and npm
# keep theirs, so that a fresh clone of a commit this machine has built builds in seconds.
# $LIGHTSOUT_BUILD_CACHE, else $XDG_CACHE_HOME/lightsout-build, else ~/.cache/lightsout-build.
KEPT = Path(os.environ.get("LIGHTSOUT_BUILD_CACHE")
            or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "lightsout-build")
# The date of every member of the zips the build writes (the earliest a zip can hold): the same
# source gives the same zip, so its sha256, and what is keyed by it, stay put.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


class BuildError(RuntimeError):
    """A build step failed; the message says which and why."""


def run(command: list[str], cwd: Path = ROOT, **kwargs) -> None:
    print("+ " + " ".join(command), flush=True)
    try:
        subprocess.run(command, check=True, cwd=cwd, **kwargs)
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


def partial_beside(path: Path) -> Path:
    """Where to write ``path`` before it is complete (then renamed onto it, atomically): a name of
    this process's, so that two builds filling the same cache at once never write one file."""
    return path.with_name(f"{path.stem}.{os.getpid()}.partial")
