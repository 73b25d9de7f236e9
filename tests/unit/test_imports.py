"""Every module of the package imports on its own, none is too long, and the package exports one
result type.  The layers and the import graph's having no cycle: tests/unit/test_layers.py."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "py" / "lightsout"
PATHS = sorted(path for path in PACKAGE.rglob("*.py") if "__pycache__" not in path.parts)
MODULES = sorted(".".join(path.relative_to(PACKAGE).with_suffix("").parts).removesuffix(".__init__")
                 for path in PATHS if path != PACKAGE / "__init__.py")
"""The package's modules and folders, dotted below ``lightsout`` (``model.board``, ``model``)."""


@pytest.mark.parametrize("module", [m for m in MODULES if m != "__main__"])  # __main__ runs the CLI
def test_every_module_imports_in_a_fresh_interpreter(module):
    env = dict(os.environ, PYTHONPATH=str(PACKAGE.parent))
    done = subprocess.run([sys.executable, "-c", f"import lightsout.{module}"], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr


MOST_LINES = 600
"""Issue #30: no module of the package is longer than this."""


def test_no_module_is_longer_than_600_lines():
    long = {path.relative_to(PACKAGE).as_posix(): n for path in PATHS if (n := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert not long, long


def test_the_package_exports_one_result_type_and_no_board():
    code = (
        "import lightsout, lightsout.solving.solver\n"
        "from lightsout import solve, Solution\n"
        "assert callable(solve) and solve is lightsout.solving.solver.solve, solve\n"
        "assert Solution is lightsout.solving.solver.Solution\n"
        "names = set(lightsout.__all__)\n"
        "assert not names & {'Board', 'SolveResult', 'solve_board', 'fewest_presses'}, names\n"
        "assert len(names) == len(lightsout.__all__)\n"
        "assert all(getattr(lightsout, name) is not None for name in names)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(PACKAGE.parent))
    subprocess.run([sys.executable, "-c", code], check=True, env=env)
