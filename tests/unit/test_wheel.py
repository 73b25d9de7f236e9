"""The package as the index will get it: the sdist and the wheel built by the standard `build` frontend,
checked by `twine check`, and the wheel installed into a fresh virtual environment with no index
reachable, where the `lightsout` command solves a board and the public names import.

The build runs without isolation (setuptools comes from requirements-dev.txt, as the build backend
pyproject.toml names), on a copy of py/, so nothing is fetched and the tree gets no build folders."""

from __future__ import annotations

import email.parser
import os
import shutil
import subprocess
import sys
import tomllib
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "py"
PROJECT = tomllib.loads((PACKAGE / "pyproject.toml").read_text(encoding="utf-8"))["project"]
NAME = PROJECT["name"]  # lightsout-solver


def run(*command: str | Path, cwd: Path, env: dict[str, str] | None = None, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(part) for part in command], cwd=cwd, env=env, input=stdin, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"{command}: {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done


def offline_environment() -> dict[str, str]:
    """The environment with no package index (pip's PIP_NO_INDEX) and nothing of the checkout on the path."""
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "PYTHONHOME", "PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_FIND_LINKS")}
    return env | {"PIP_NO_INDEX": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_CONFIG_FILE": os.devnull}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    work = tmp_path_factory.mktemp("package")
    source = work / "source"
    shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))
    out = work / "dist"
    # cwd is the copy: `python -m build` run from the checkout's root would find build.py (the site's) first.
    run(sys.executable, "-m", "build", "--no-isolation", "--outdir", out, ".", cwd=source, env=offline_environment())
    (wheel,) = out.glob("*.whl")
    (sdist,) = out.glob("*.tar.gz")
    return {"wheel": wheel, "sdist": sdist, "work": work}


def test_the_sdist_and_wheel_pass_twine_check(built):
    done = run(sys.executable, "-m", "twine", "check", "--strict", built["sdist"], built["wheel"], cwd=built["work"])
    assert done.stdout.count("PASSED") == 2


def test_the_wheel_holds_the_package_typed_with_its_metadata(built):
    import lightsout

    assert built["wheel"].name == f"lightsout_solver-{lightsout.__version__}-py3-none-any.whl"
    with zipfile.ZipFile(built["wheel"]) as wheel:
        names = set(wheel.namelist())
        info = f"lightsout_solver-{lightsout.__version__}.dist-info"
        metadata = email.parser.Parser().parsestr(wheel.read(f"{info}/METADATA").decode())
        entry_points = wheel.read(f"{info}/entry_points.txt").decode()
    assert "lightsout/py.typed" in names and "lightsout/svg.py" in names and "lightsout/draw/svg.py" in names
    modules = {path.relative_to(PACKAGE).as_posix() for path in (PACKAGE / "lightsout").rglob("*.py") if "__pycache__" not in path.parts}
    assert modules <= names
    assert metadata["Name"] == NAME and metadata["Version"] == lightsout.__version__
    assert metadata["License-Expression"] == "MIT" and metadata["Requires-Python"] == ">=3.11"
    assert metadata["Description-Content-Type"] == "text/markdown"
    assert metadata.get_payload().startswith("# lightsout-solver")
    assert "Typing :: Typed" in metadata.get_all("Classifier")
    assert {url.split(",")[0] for url in metadata.get_all("Project-URL")} == set(PROJECT["urls"])
    assert "lightsout = lightsout.cli.commands:main" in entry_points
    assert f"{info}/licenses/LICENSE" in names


def test_the_wheel_installs_offline_into_a_fresh_environment_and_runs(built):
    fresh = built["work"] / "fresh"
    venv.create(fresh, with_pip=False)  # the test's own pip installs into it: no index, no network
    python = fresh / "bin" / "python"
    env = offline_environment()
    run(sys.executable, "-m", "pip", "--python", python, "install", "--no-index", "--no-deps", built["wheel"], cwd=built["work"], env=env)

    # The command line: a 5×5 LOJ board, answered by presses that clear it (simulated here).
    board = ["#.#..", ".##..", "..#..", ".#.#.", "....#"]
    done = run(fresh / "bin" / "lightsout", "solve", "--format", "loj", cwd=built["work"], env=env, stdin="5\n" + "\n".join(board) + "\n")
    presses = done.stdout.split()
    assert len(presses) == 5 and all(len(row) == 5 for row in presses)
    lights = [[cell == "#" for cell in row] for row in board]
    for r in range(5):
        for c in range(5):
            if presses[r][c] == "#":
                for dr, dc in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
                    if 0 <= r + dr < 5 and 0 <= c + dc < 5:
                        lights[r + dr][c + dc] ^= True
    assert not any(any(row) for row in lights)

    # The public names, from the installed copy, not the checkout.
    script = (
        "import importlib.metadata, lightsout, lightsout.svg\n"
        "from lightsout import *\n"
        "missing = [name for name in lightsout.__all__ if getattr(lightsout, name, None) is None]\n"
        "assert not missing, missing\n"
        "board = parse_board('5x5: 1 7 13 19 25')\n"
        "drawing = solve(board.puzzle, board.lights)._repr_svg_()\n"
        "assert drawing.startswith('<svg') and drawing.count('class=\"press\"') > 0\n"
        "assert importlib.metadata.version('lightsout-solver') == lightsout.__version__\n"
        "print(lightsout.__file__)\n"
    )
    done = run(python, "-I", "-c", script, cwd=built["work"], env=env)
    assert Path(done.stdout.strip()).is_relative_to(fresh)
