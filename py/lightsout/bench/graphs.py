"""Benchmark: graph puzzles, run on demand (``python -m lightsout.bench.graphs``).

Prints, for random graphs of n cells (each press set: the cell itself and
``--degree`` random other cells, not symmetric), the time of one solve,
of the analysis figures (rank, nullity, quiet patterns, worst case), of a
random solvable board and of the fewest-presses search (within its default
budget), for k = 2 at n = 512 … 4096 (``max_graph_cells``) and for k = 3
and 5 at n = 100 … 400 (``full_system_cells``); then the presets of the real
games with their figures.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import TypeVar

from ..analysis.figures import analysis_figures
from ..cli.presets import list_presets
from ..model.graph import Graph
from ..model.puzzle import Puzzle, apply
from ..solving.solver import solve
from ..analysis.random_boards import random_board

__all__ = ["main"]

T = TypeVar("T")


def _graph(n: int, degree: int, rng: random.Random) -> Graph:
    return Graph(tuple(1 << i | sum(1 << j for j in rng.sample(range(n), degree)) for i in range(n)))


def _timed(action: Callable[[], T]) -> tuple[float, T]:
    start = time.perf_counter()
    result = action()
    return time.perf_counter() - start, result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lightsout.bench.graphs", description=__doc__)
    parser.add_argument("--degree", type=int, default=4, help="random cells in each press set besides the cell itself (default 4)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    print(f"{'k':>3} {'n':>5} {'solve s':>8} {'analyze s':>9} {'random s':>8} {'fewest s':>8} {'rank':>5} {'nullity':>7}")
    for k, sizes in ((2, (512, 1024, 2048, 4096)), (3, (100, 200, 400)), (5, (100, 200, 400))):
        for n in sizes:
            puzzle = Puzzle(1, n, k, graph=_graph(n, args.degree, rng))
            board = random_board(puzzle, rng)
            solve_time, found = _timed(lambda: solve(puzzle, board))
            assert found.presses is not None and apply(puzzle, board, found.presses) == puzzle.goal()
            analyze_time, _ = _timed(lambda: analysis_figures(solve(puzzle, puzzle.goal()), str, 64))
            random_time, _ = _timed(lambda: random_board(puzzle, rng))
            fewest_time, _ = _timed(lambda: solve(puzzle, board, minimal=True))
            print(f"{k:>3} {n:>5} {solve_time:>8.2f} {analyze_time:>9.2f} {random_time:>8.2f} {fewest_time:>8.2f} {found.rank:>5} {found.nullity:>7}")
    print()
    list_presets(argparse.Namespace(json=False, figures=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
