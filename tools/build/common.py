"""What every step of the build shares: where things are, its one error, running a command, a file's sha256."""

from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"
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
