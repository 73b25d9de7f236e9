"""The walk of a solve: how often a solve crosses from one ``lightsout`` module into another.

    PYTHONPATH=py python tools/solve_walk.py [--pairs]

For a few typical solves (the classic 5×5 through ``lightsout.api.call``, a 20×20 torus, a k = 3
board and a graph, each through the API and through ``lightsout.solve`` alone) it counts, with
``sys.setprofile``, the Python calls whose callee lives in another module of the package than its
caller ("rooms entered") and the returns back across such a border ("returns"), and the modules
visited. Each solve runs once before it is counted, so imports and cached properties are warm.
The last column counts the form conversions among them: a :class:`~lightsout.model.board.Board` made,
rows split from or joined into a flat int, a board transposed, packed or unpacked
(:data:`CONVERSIONS`). ``--pairs`` also prints the most frequent crossings (caller module → callee
module). Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Callable
from types import FrameType
from typing import Any

PACKAGE = "lightsout"
CONVERSIONS = {
    ("lightsout.model.board", "__init__"),
    ("lightsout.model.rows", "split_rows"),
    ("lightsout.model.rows", "join_rows"),
    ("lightsout.model.rows", "transpose_rows"),
    ("lightsout.model.codec", "pack"),
    ("lightsout.model.codec", "unpack"),
    ("lightsout.model.codec", "transpose_packed"),
}
"""(module, function) of the calls that change a board's form."""


def _module(frame: FrameType | None) -> str | None:
    if frame is None:
        return None
    name = frame.f_globals.get("__name__", "")
    return name if name == PACKAGE or name.startswith(PACKAGE + ".") else None


def walk(run: Callable[[], object]) -> tuple[int, int, int, set[str], Counter[tuple[str, str]]]:
    """(rooms entered, returns, form conversions, modules visited, crossings by (from, to)) of one call of ``run``."""
    entered = returned = converted = 0
    visited: set[str] = set()
    pairs: Counter[tuple[str, str]] = Counter()

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal entered, returned, converted
        if event not in ("call", "return"):
            return
        here = _module(frame)
        if here is None:
            return
        if event == "call" and (here, frame.f_code.co_name) in CONVERSIONS:
            converted += 1
        there = _module(frame.f_back)
        if there == here:
            return
        outside = there or "(caller)"
        if event == "call":
            entered += 1
            visited.add(here)
            pairs[(outside, here)] += 1
        else:
            returned += 1

    run()  # warm: imports, cached properties
    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(None)
    return entered, returned, converted, visited, pairs


def cases() -> list[tuple[str, Callable[[], object]]]:
    """(name, a call that solves) for each typical solve, through the API and through ``solve``."""
    from lightsout import Puzzle, api, solve
    from lightsout.model import codec
    from lightsout.model.rules import PLUS

    rng = random.Random(30)

    def packed(rows: int, cols: int, k: int) -> int:
        return codec.pack([rng.randrange(k) for _ in range(rows * cols)], codec.bits_per_cell(k))

    classic = packed(5, 5, 2)
    torus = packed(20, 20, 2)
    three = packed(6, 6, 3)
    graph_text = "cells 5\nedge 0 1\nedge 1 2\nedge 2 3\nedge 3 0\nedge 3 4\n"
    graph_board = packed(1, 5, 2)

    def api_solve(request: dict[str, Any]) -> Callable[[], object]:
        import json

        text = json.dumps({"op": "solve", **request})

        def run() -> object:
            reply, _ = api.call(text)
            assert json.loads(reply)["ok"], reply
            return reply

        return run

    out: list[tuple[str, Callable[[], object]]] = [
        ("5×5 classic, api.call", api_solve({"rows": 5, "cols": 5, "board": codec.format_packed(5, 5, classic)})),
        ("20×20 torus, api.call", api_solve({"rows": 20, "cols": 20, "surface": "torus", "board": codec.format_packed(20, 20, torus)})),
        ("6×6 k = 3, api.call", api_solve({"rows": 6, "cols": 6, "k": 3, "board": codec.format_packed(6, 6, three, 3)})),
        ("graph of 5 cells, api.call", api_solve({"graph": graph_text, "board": codec.format_packed(1, 5, graph_board)})),
        ("5×5 classic, solve", lambda: solve(Puzzle(5, 5), classic)),
        ("20×20 torus, solve", lambda: solve(Puzzle(20, 20, 2, PLUS.on_surface("torus")), torus)),
        ("6×6 k = 3, solve", lambda: solve(Puzzle(6, 6, 3), three)),
    ]
    from lightsout.text.puzzle_text import parse_puzzle

    user = parse_puzzle(graph_text)
    out.append(("graph of 5 cells, solve", lambda: solve(user.puzzle, graph_board)))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", action="store_true", help="print the most frequent crossings too")
    args = parser.parse_args(argv)
    print(f"{'solve':<28} {'entered':>7} {'returns':>7} {'modules':>7} {'conversions':>11}  modules visited")
    for name, run in cases():
        entered, returned, converted, visited, pairs = walk(run)
        short = sorted(module.removeprefix(PACKAGE + ".") for module in visited)
        print(f"{name:<28} {entered:>7} {returned:>7} {len(visited):>7} {converted:>11}  {' '.join(short)}")
        if args.pairs:
            for (source, target), count in pairs.most_common(8):
                print(f"{'':<28} {count:>7}  {source.removeprefix(PACKAGE + '.')} → {target.removeprefix(PACKAGE + '.')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
