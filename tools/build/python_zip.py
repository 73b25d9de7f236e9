"""The Python the solver runs: the package's modules zipped (the source), and the Python zip made
from them and the stock standard library by tools/stdlib.mjs (docs/building.md, "The Python zip");
the package's name and its limits, read from the package itself."""

from __future__ import annotations

import ast
import hashlib
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from .common import KEPT, ROOT, ZIP_DATE, BuildError, partial_beside, sha256_of
from .runtime import PYODIDE_PACKAGE, third_party_files

STDLIB_SCRIPT = ROOT / "tools" / "stdlib.mjs"
API_SURFACE = ROOT / "tools" / "api_surface.py"


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
    (modules of each, sizes), "keptOut" (the modules left out).

    tools/stdlib.mjs starts the runtime in ``pyodide_dir`` in Node with the stock zip, runs the
    whole API (tools/api_surface.py) with ``package_zip`` on sys.path, keeps the modules then
    loaded, each compiled to a .pyc by Pyodide's Python, and checks that the API answers the
    same from the new zip alone. The zip is reproducible (sorted, fixed dates) and cached in
    the build's kept files (common.KEPT: stdlib/) under a key of everything it depends on: the runtime, the stock zip, the
    package zip and both scripts. Raises BuildError if Node is missing or the script fails.
    """
    inputs = {name: sha256_of(path) for name, path in third_party_files().items()}
    inputs |= {"package": sha256_of(package_zip), "script": sha256_of(STDLIB_SCRIPT), "surface": sha256_of(API_SURFACE)}
    key = hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest()[:24]
    cached = KEPT / "stdlib" / f"{key}.zip"
    report = cached.with_suffix(".json")
    if not (cached.is_file() and report.is_file()):
        node = shutil.which("node")
        if node is None:
            raise BuildError("Node.js is not installed; it is needed to trim the standard library (tools/stdlib.mjs)")
        cached.parent.mkdir(parents=True, exist_ok=True)
        partial = partial_beside(cached)
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
    return {name: summary[name] for name in ("modules", "package", "bytes", "stockBytes", "keptOut")}


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
