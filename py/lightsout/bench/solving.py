"""Benchmark: solve times of each method on random n×n boards, run on demand.

``python -m lightsout.bench.solving`` prints a table of median solve times (seconds)
for n = 100, 300, 1000 (``--big`` adds 2000, 4000 and 10000; ``--sizes``
picks others), each method run where it is practical, and the log-log slope
of time against n per method (2 means time grows like the board, R·C).

``python -m lightsout.bench.solving --fewest`` times the fewest-presses search
instead: random solvable boards of nullity 16, 20 and 30 (19×19, 30×30,
47×47; the last takes one to two minutes) searched to the end, a nullity-30
puzzle made by nine presses, and the Gray-code search for comparison.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from ..solving import coset_leader
from ..model.puzzle import Puzzle, apply
from ..solving.solver import solve

__all__ = ["main"]

# Largest n at which each method is run on the standard game (beyond it the
# method is impractical); the torus chase needs a torus and is not listed.
PRACTICAL = {
    "full-enumeration": 4,
    "first-row-enumeration": 14,
    "full-system": 40,
    "first-row-system": 4000,
    "chebyshev": 1_000_000,
}


def _median_time(method: str, puzzle: Puzzle, lights: int, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = solve(puzzle, lights, method)
        times.append(time.perf_counter() - start)
    if result.presses is not None and apply(puzzle, lights, result.presses):
        raise AssertionError(f"{method} returned a wrong solution for n = {puzzle.rows}")
    return statistics.median(times)


def _slope(points: list[tuple[int, float]]) -> float | None:
    """Least-squares slope of log(time) against log(n)."""
    if len(points) < 2:
        return None
    xs = [math.log(n) for n, _ in points]
    ys = [math.log(max(t, 1e-9)) for _, t in points]
    mean_x, mean_y = statistics.fmean(xs), statistics.fmean(ys)
    numerator = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys))
    denominator = sum((x - mean_x) ** 2 for x in xs)
    return numerator / denominator if denominator else None


def _fewest(rng: random.Random) -> None:
    """Print the fewest-presses search on boards of growing nullity (see the module doc)."""
    print(f"{'board':>22} {'nullity':>7} {'seconds':>8} {'ns/solution':>11} {'presses':>7} {'minimal':>7}  proven")
    cases: list[tuple[str, Puzzle, int]] = []
    for n in (19, 30, 47):
        cases.append((f"{n}x{n} random", Puzzle(n, n), apply(Puzzle(n, n), 0, rng.getrandbits(n * n))))
    cells = 0
    for _ in range(9):
        cells ^= 1 << rng.randrange(47 * 47)
    cases.append(("47x47 nine presses", Puzzle(47, 47), apply(Puzzle(47, 47), 0, cells)))
    for name, puzzle, lights in cases:
        result = solve(puzzle, lights)
        start = time.perf_counter()
        fewest = solve(puzzle, lights, minimal=True, seconds=math.inf)
        seconds = time.perf_counter() - start
        if fewest.presses is None or apply(puzzle, lights, fewest.presses):
            raise AssertionError(f"fewest presses gave a wrong solution for {name}")
        rate = seconds / (1 << result.nullity) * 1e9
        print(f"{name:>22} {result.nullity:>7} {seconds:>8.2f} {rate:>11.0f} {fewest.press_total:>7} {fewest.minimal_count!s:>7}  {fewest.minimal}", flush=True)
    _, puzzle, lights = cases[0]
    result = solve(puzzle, lights)
    start = time.perf_counter()
    coset_leader._gray_search(result.presses or 0, result.quiet())
    seconds = time.perf_counter() - start
    print(f"Gray code, one vector at a time, 19x19: {seconds:.2f} s = {seconds / (1 << result.nullity) * 1e9:.0f} ns/solution")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lightsout.bench.solving", description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", metavar="N", help="board sides to time")
    parser.add_argument("--big", action="store_true", help="also time n = 2000, 4000 and 10000")
    parser.add_argument("--repeats", type=int, default=5, help="runs per measurement below n = 2000 (median reported)")
    parser.add_argument("--methods", nargs="+", choices=list(PRACTICAL), default=list(PRACTICAL))
    parser.add_argument("--fewest", action="store_true", help="time the fewest-presses search instead (about two minutes)")
    args = parser.parse_args(argv)
    if args.fewest:
        _fewest(random.Random(2024))
        return 0
    sizes = args.sizes or ([100, 300, 1000] + ([2000, 4000, 10000] if args.big else []))
    rng = random.Random(2024)
    methods = [m for m in args.methods]
    print(f"{'n':>6} " + " ".join(f"{m:>22}" for m in methods))
    points: dict[str, list[tuple[int, float]]] = {m: [] for m in methods}
    for n in sizes:
        puzzle, lights = Puzzle(n, n), rng.getrandbits(n * n)
        cells = []
        for method in methods:
            if n > PRACTICAL[method]:
                cells.append(f"{'-':>22}")
                continue
            seconds = _median_time(method, puzzle, lights, args.repeats if n < 2000 else 1)
            points[method].append((n, seconds))
            cells.append(f"{seconds * 1000:>19.2f} ms")
        print(f"{n:>6} " + " ".join(cells), flush=True)
    print()
    for method in methods:
        slope = _slope(points[method])
        if slope is not None:
            print(f"log-log slope of time vs n, {method}: {slope:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
