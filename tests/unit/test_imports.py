"""The package's import graph has no cycles, and every module imports on its own."""

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "py" / "lightsout"
MODULES = sorted(path.stem for path in PACKAGE.glob("*.py") if path.stem != "__init__")


def imports_of(module: str) -> set[str]:
    """The package modules ``module`` imports (relative imports and lightsout.* imports, at any depth)."""
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                found.add(node.module.split(".")[0])
            elif node.level == 1:
                found.update(alias.name for alias in node.names if alias.name in MODULES)
            elif node.module and node.module.startswith("lightsout."):
                found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            found.update(alias.name.split(".")[1] for alias in node.names if alias.name.startswith("lightsout."))
    return found & set(MODULES)


def test_import_graph_is_acyclic():
    graph = {module: imports_of(module) for module in MODULES}
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            cycle = path[path.index(module):] + [module]
            raise AssertionError("import cycle: " + " -> ".join(cycle))
        if module in done:
            return
        for imported in sorted(graph[module]):
            visit(imported, path + [module])
        done.add(module)

    for module in MODULES:
        visit(module, [])
    assert "api" not in graph["cli"] and "cli" not in graph["api"]  # siblings over the same figures


@pytest.mark.parametrize("module", [m for m in MODULES if m != "__main__"])  # __main__ runs the CLI
def test_every_module_imports_in_a_fresh_interpreter(module):
    env = dict(os.environ, PYTHONPATH=str(PACKAGE.parent))
    done = subprocess.run([sys.executable, "-c", f"import lightsout.{module}"], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr


MOST_LINES = 600
"""Issue #30: no module of the package is longer than this."""


def test_no_module_is_longer_than_600_lines():
    long = {path.name: n for path in PACKAGE.glob("*.py") if (n := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert not long, long


def test_the_model_module_does_not_solve():
    # puzzle.py is the model (cells, presses, goal); solving lives in solver, methods and zmod_chase.
    assert imports_of("puzzle").isdisjoint({"solver", "methods", "zmod_chase", "zmod", "gf2", "chase", "chebyshev", "board", "coset_leader"})


def test_the_package_exports_one_result_type_and_no_board():
    code = (
        "import lightsout, lightsout.solver\n"
        "from lightsout import solve, Solution\n"
        "assert callable(solve) and solve is lightsout.solver.solve, solve\n"
        "assert Solution is lightsout.solver.Solution\n"
        "names = set(lightsout.__all__)\n"
        "assert not names & {'Board', 'SolveResult', 'solve_board', 'fewest_presses'}, names\n"
        "assert len(names) == len(lightsout.__all__)\n"
        "assert all(getattr(lightsout, name) is not None for name in names)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(PACKAGE.parent))
    subprocess.run([sys.executable, "-c", code], check=True, env=env)
