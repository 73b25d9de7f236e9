"""What the command line loads: `solve --format loj` imports only its reader, solver and writer.

The LOJ path (py/lightsout/cli/commands.py, ``_loj_answer``) must stay lean as the package grows: a
subprocess runs ``python -m lightsout solve --format loj`` and the test names every package module
and the heavy standard-library modules it may not load.  Its answers must be the general path's
(``--algorithm chebyshev`` takes that path and the same method), and every answer is checked by
pressing it.  The package's names resolve lazily (PEP 562) to the objects of their home modules.
Speed itself is measured by bench/cli_start.py, not asserted here.
"""

from __future__ import annotations

import ast
import importlib
import os
import random
import subprocess
import sys
from pathlib import Path

import lightsout
import pytest
from lightsout import names
from lightsout.cli import commands as cli

PY = Path(__file__).resolve().parents[2] / "py"

LOJ_PATH_MODULES = {
    "lightsout",
    "lightsout.cli.commands",
    "lightsout.names",
    "lightsout.errors",
    "lightsout.text.text_input",
    "lightsout.text.grid_text",
    "lightsout.model.codec",
    "lightsout.solving.chebyshev",
    "lightsout.solving.poly",
    "lightsout.solving.chase",
    "lightsout.model.rows",
    "lightsout.cli",
    "lightsout.text",
    "lightsout.model",
    "lightsout.solving",
}
"""The parser (grid_text, reading through text_input within its limits, with codec's size limits and errors'
messages), the GF(2) solver
(chebyshev, poly, chase, rows) and the command line itself (cli.commands, names); and the folders
they are in, whose ``__init__.py`` imports nothing."""

HEAVY_STDLIB = ("dataclasses", "inspect", "typing", "ast", "dis", "tokenize", "json", "random", "base64", "importlib.metadata")
"""Standard-library modules the LOJ path does not need (dataclasses alone pulls in inspect, ast,
dis and tokenize: about 10 ms)."""

_RUN = """
import contextlib, io, runpy, sys  # no json here: the test looks for it in sys.modules
sys.argv = ["lightsout", "solve", "--format", "loj"]
out = io.StringIO()
code = 0
with contextlib.redirect_stdout(out):
    try:
        runpy.run_module("lightsout", run_name="__main__", alter_sys=True)
    except SystemExit as stop:
        code = stop.code
print(repr({"code": code, "out": out.getvalue(), "modules": sorted(sys.modules)}))
"""


def _press(rows: list[str], presses: list[str]) -> list[str]:
    """The board after pressing every '#' of ``presses`` (plus rule on a plane)."""
    n = len(rows)
    lit = [[cell == "#" for cell in row] for row in rows]
    for r in range(n):
        for c in range(n):
            if presses[r][c] == "#":
                for dr, dc in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
                    if 0 <= r + dr < n and 0 <= c + dc < n:
                        lit[r + dr][c + dc] = not lit[r + dr][c + dc]
    return ["".join("#" if cell else "." for cell in row) for row in lit]


def _loj(rows: list[str]) -> str:
    return f"{len(rows)}\n" + "\n".join(rows) + "\n"


def _random_rows(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice("#.") for _ in range(n)) for _ in range(n)]


def test_loj_path_imports_only_its_reader_solver_and_writer():
    rows = _random_rows(60, 1)
    env = dict(os.environ, PYTHONPATH=str(PY))
    done = subprocess.run([sys.executable, "-c", _RUN], input=_loj(rows), capture_output=True, text=True, env=env, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    report = ast.literal_eval(done.stdout)
    assert report["code"] == 0
    presses = report["out"].split()
    assert len(presses) == 60 and _press(rows, presses) == ["." * 60] * 60
    loaded = {name for name in report["modules"] if name == "lightsout" or name.startswith("lightsout.")}
    assert loaded == LOJ_PATH_MODULES
    assert not set(HEAVY_STDLIB) & set(report["modules"])


def test_importing_the_package_imports_no_module_of_it():
    env = dict(os.environ, PYTHONPATH=str(PY))
    code = "import sys, lightsout; print(sorted(m for m in sys.modules if m.startswith('lightsout.')))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("name", lightsout.__all__)
def test_every_public_name_is_its_home_modules_object(name):
    if name in lightsout._HOMES:
        home = importlib.import_module(f"lightsout.{lightsout._HOMES[name]}")
        assert getattr(lightsout, name) is getattr(home, name)
    else:  # a public submodule (svg): the module itself, imported on first use too
        assert name == "svg" and getattr(lightsout, name) is importlib.import_module(f"lightsout.{name}")
    assert name in dir(lightsout)


def test_submodules_are_attributes_and_unknown_names_raise_attribute_error():
    assert lightsout.api is importlib.import_module("lightsout.api")
    with pytest.raises(AttributeError):
        _ = lightsout.no_such_name
    assert not hasattr(lightsout, "no_such_module")


def test_the_names_module_is_what_the_owners_export():
    from lightsout.solving import coset_leader, methods, solver
    from lightsout.text import formats
    from lightsout.model import puzzle, rules

    assert tuple(methods.METHODS) == names.METHOD_NAMES
    assert formats.FORMATS is names.FORMATS and formats.STATES is names.STATES
    assert rules.SURFACES is names.SURFACES
    assert (puzzle.MIN_STATES, puzzle.MAX_STATES, solver.MAX_LISTED_SOLUTIONS) == (names.MIN_STATES, names.MAX_STATES, names.MAX_LISTED_SOLUTIONS)
    assert (coset_leader.SEARCH_SECONDS, coset_leader.EXACT_NULLITY) == (names.SEARCH_SECONDS, names.EXACT_NULLITY)


def _run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    code = cli.main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# Boards the LOJ path and the general path must answer alike: solvable and unsolvable (4x4 and
# 5x5 have quiet patterns), other symbol pairs and spacing, forgiven text (BOM, CRLF, no-break
# spaces), and the errors of a bad size line, row count, width or symbol.
_CASES = [
    _loj(_random_rows(n, seed)) for n, seed in ((1, 0), (1, 1), (2, 2), (3, 3), (4, 4), (4, 5), (5, 6), (5, 7), (9, 8), (17, 9), (33, 10))
] + [
    "3\n1 0 1\n0 1 0\n1 0 1\n",
    "2\nXO\nOX\n",
    "\ufeff3\r\n#.#\r\n.#.\r\n#.#\r\n",
    "  4\n\u00a0#..#\n....\n....\n#..#\n\n",
    "",
    "x\n#\n",
    "3\n#.#\n...\n",
    "2\n#.#\n...\n",
    "2\n#2\n..\n",
    "0\n",
    "1234567890\n#\n",
    "10001\n#\n",
]


@pytest.mark.parametrize("text", _CASES)
def test_the_loj_path_answers_as_the_general_path(text, tmp_path, capsys):
    board = tmp_path / "board.txt"
    board.write_text(text, encoding="utf-8", newline="")
    fast = _run(capsys, ["solve", "--format", "loj", str(board)])
    general = _run(capsys, ["solve", "--format", "loj", "--algorithm", "chebyshev", str(board)])
    assert fast == general
    code, out, _ = fast
    if code == 0 and out.strip() != "No solution":
        board_read = lightsout.parse_board(text, "loj").board
        presses = lightsout.parse_board(f"{board_read.rows}\n{out}", "loj").board
        assert board_read.apply(presses).is_dark


def test_a_board_beyond_max_cells_is_refused_at_its_size_line_naming_the_limit(tmp_path, capsys, monkeypatch):
    # The reader refuses n·n past max_cells at the size line, before any row (both paths read through read_loj).
    from lightsout.model import codec, puzzle

    monkeypatch.setattr(codec, "MAX_DECLARED_CELLS", 8)
    monkeypatch.setattr(puzzle, "MAX_CELLS", 8)
    board = tmp_path / "board.txt"
    board.write_text(_loj(_random_rows(3, 1)), encoding="utf-8")
    code, out, err = _run(capsys, ["solve", "--format", "loj", str(board)])
    assert (code, out) == (2, "") and "line 1, column 1: a 3 board is too large: at most 8 cells" in err
