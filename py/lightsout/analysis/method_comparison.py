"""The GF(2) methods of :mod:`lightsout.solving.methods` run and timed on one board: the API's ``methods`` op
(the Analysis panel's "The five methods, measured").

:func:`compare_methods` runs each method where it is affordable (under :data:`METHOD_BUDGETS`,
the panel's own caps, and the library's limits) and reports its measured time beside the
operation count its theoretical cost implies for the board (R×C, C the shorter side): full
enumeration 2^(RC), first-row enumeration 2^C·RC, the full linear system (RC)³, the first-row
system C³ + RC, Chebyshev polynomials RC (the costs as in Anderson and Feil, "Turning Lights
Out with Linear Algebra", Math. Magazine 71(4), 1998, and the English Wikipedia page "Lights
Out (game)").
"""

from __future__ import annotations

import math
import time
from typing import Any

from ..errors import TooLargeError
from ..solving.methods import METHODS
from ..model.puzzle import Puzzle
from ..solving.solver import solve

__all__ = ["compare_methods", "METHOD_BUDGETS", "COMPARED"]

METHOD_BUDGETS = {
    "full-enumeration": 20,  # cells: 2^20 patterns
    "first-row-enumeration": 1 << 20,  # rows × 2^columns row steps
    "full-system": 1600,  # cells: (R·C)³/w at 40×40
}
"""The panel's own caps, below the library's: each method runs in about a second at most."""

MEASURE_SECONDS = 0.02
"""Each method runs again until this long has passed (at most :data:`MEASURE_RUNS` times); its time is the mean."""

MEASURE_RUNS = 1000

COMPARED = ("full-enumeration", "first-row-enumeration", "full-system", "first-row-system", "chebyshev")


def _log10_cost(name: str, rows: int, cols: int) -> tuple[float, str]:
    """log10 of the operation count the method's theoretical cost implies, and the cost's formula."""
    cells = rows * cols
    short = min(rows, cols)
    if name == "full-enumeration":
        return cells * math.log10(2), "2^(RC)"
    if name == "first-row-enumeration":
        return short * math.log10(2) + math.log10(cells), "2^C·RC"
    if name == "full-system":
        return 3 * math.log10(cells), "(RC)³"
    if name == "first-row-system":
        return math.log10(short**3 + cells), "C³ + RC"
    return math.log10(cells), "RC"


def compare_methods(puzzle: Puzzle, lights: int) -> list[dict[str, Any]]:
    """Run each GF(2) method of :data:`COMPARED` on the board where affordable; one dict per method.

    Each: ``name``, ``cost`` (the theoretical cost's formula), ``log10_operations`` (log10 of
    the count it implies for this board), ``seconds`` (measured: the mean of ``runs`` runs, or None), ``presses`` (of the
    solution found, or None when unsolvable), ``reason`` (why not run: ``"two_states"``,
    ``"graph"``, ``"plus_plane"`` — the plus rule on a plane without holes only — or
    ``"too_slow"``, over :data:`METHOD_BUDGETS` or the library's limit), and ``limit`` (the
    figure it is over).
    """
    rows, cols = puzzle.rows, puzzle.cols
    out = []
    for name in COMPARED:
        log10, cost = _log10_cost(name, rows, cols)
        entry: dict[str, Any] = {
            "name": name, "cost": cost, "log10_operations": log10, "seconds": None, "runs": 0, "presses": None, "reason": None, "limit": None,
        }
        out.append(entry)
        if puzzle.k != 2:
            entry["reason"] = "two_states"
            continue
        if puzzle.graph is not None:
            entry["reason"] = "graph"
            continue
        standard = puzzle.rule.is_standard and puzzle.mask is None
        if name not in ("full-enumeration", "full-system") and not standard:
            entry["reason"] = "plus_plane"
            continue
        budget = METHOD_BUDGETS.get(name)
        work = {"full-enumeration": puzzle.buttons, "first-row-enumeration": max(rows, cols) << min(rows, cols), "full-system": puzzle.cells}.get(name)
        if budget is not None and work is not None and work > budget:
            entry["reason"], entry["limit"] = "too_slow", budget
            continue
        try:
            # Fast methods are repeated for MEASURE_SECONDS: a browser's clock ticks in 0.1 ms.
            runs = 0
            started = time.perf_counter()
            while True:
                result = solve(puzzle, lights, name)
                runs += 1
                elapsed = time.perf_counter() - started
                if elapsed >= MEASURE_SECONDS or runs >= MEASURE_RUNS:
                    break
            entry["seconds"] = elapsed / runs
            entry["runs"] = runs
        except TooLargeError as error:
            entry["reason"], entry["limit"] = "too_slow", error.limit
            continue
        except ValueError:
            entry["reason"] = "plus_plane"
            continue
        entry["presses"] = result.press_total
    assert set(COMPARED) <= set(METHODS)
    return out
