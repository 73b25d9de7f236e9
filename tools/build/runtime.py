"""The pinned Pyodide runtime: the npm packages installed once, every third-party file checked
against its pinned sha256 (runtime-hashes.json), the files the site ships as they are copied,
and the lock file the worker hands to loadPyodide."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from .common import ROOT, BuildError, run, sha256_of

PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide"
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"
BROTLI_PACKAGE = ROOT / "node_modules" / "brotli"  # its decoder, bundled for engines without one (bundle.py)
# sha256 of every third-party file used (the Pyodide runtime files and its stock lock file),
# pinned in the repository: a build refuses files that differ from them.
RUNTIME_HASHES = ROOT / "runtime-hashes.json"

# The pinned npm package's files the site ships, relative to Pyodide's indexURL: the three
# copied as they are, and the standard library, which is trimmed (make_stdlib). The lock file
# is read for its "info" only (the worker passes it to loadPyodide as lockFileContents, so it
# is never fetched: the site loads no package).
PYODIDE_COPIED_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
PYODIDE_RUNTIME_FILES = (*PYODIDE_COPIED_FILES, "python_stdlib.zip")


def ensure_node_modules() -> None:
    """Install the pinned npm packages (package-lock.json) unless Pyodide, esbuild and brotli are already there."""
    if not (PYODIDE_PACKAGE / "package.json").is_file() or not ESBUILD.is_file() or not (BROTLI_PACKAGE / "package.json").is_file():
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
