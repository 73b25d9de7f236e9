"""Write press fixtures for tests/js/agreement.test.mjs: random boards of every k, rule
and surface (and shapes), a few presses each, and the board Python ends on.

    PYTHONPATH=py python3 tests/js/make_fixtures.py > fixtures.json

Python is the reference: every end board comes from ``lightsout.api.handle`` ``press``
requests (docs/api.md). Boards are written as "RxC:<base64url>" packed at
bit_length(k − 1) bits a cell — packed here independently of both codecs, so the test
also checks the page's codec against the API's reading of the same strings.
"""

from __future__ import annotations

import base64
import json
import random
import sys

from lightsout.api import handle

RULES = ["plus", "moore", "x", "custom:#.#/.#./#.#", "custom:##./.#./...",
         "custom:..#../...../.#.#./...../#...#", "custom:#"]
SURFACES = ["plane", "torus", "klein", "projective"]
STATES = [2, 3, 4, 6]


def pack(cells: list[int], k: int) -> bytes:
    bits = max(1, (k - 1).bit_length())
    value = 0
    for index, state in enumerate(cells):
        value |= state << (index * bits)
    return value.to_bytes((len(cells) * bits + 7) // 8, "little")


def board_id(rows: int, cols: int, cells: list[int], k: int) -> str:
    return f"{rows}x{cols}:" + base64.urlsafe_b64encode(pack(cells, k)).decode().rstrip("=")


def api(request: dict) -> dict:
    reply = json.loads(handle(json.dumps(request)))
    if not reply["ok"]:
        raise RuntimeError(f"{request['op']}: {reply['error']}")
    return reply


def python_end(case: dict) -> str:
    fields = {"k": case["k"], "rule": case["rule"], "surface": case["surface"], "holes": case["holes"]}
    board = case["start"]
    for row, col in case["presses"]:
        board = api({"op": "press", "board": board, "row": row, "col": col, **fields})["board"]
    return board


def cases(seed: int = 20261123) -> list[dict]:
    rng = random.Random(seed)
    out = []
    for k in STATES:
        for surface in SURFACES:
            for rule in RULES:
                for _ in range(3):
                    rows, cols = rng.randint(1, 7), rng.randint(1, 7)
                    cells = [rng.randrange(k) for _ in range(rows * cols)]
                    presses = [[rng.randrange(rows), rng.randrange(cols)] for _ in range(rng.randint(1, 6))]
                    out.append({"rows": rows, "cols": cols, "k": k, "rule": rule, "surface": surface,
                                "holes": None, "cells": cells, "presses": presses})
    # Shapes: two states on a plane or torus, holes kept dark and never pressed.
    for surface in ("plane", "torus"):
        for rule in RULES[:3]:
            for _ in range(4):
                rows, cols = rng.randint(2, 8), rng.randint(2, 8)
                holes = [1 if rng.random() < 0.25 else 0 for _ in range(rows * cols)]
                cells = [0 if hole else rng.randrange(2) for hole in holes]
                open_cells = [i for i, hole in enumerate(holes) if not hole] or [0]
                holes[open_cells[0]] = 0
                presses = [list(divmod(rng.choice(open_cells), cols)) for _ in range(rng.randint(1, 6))]
                out.append({"rows": rows, "cols": cols, "k": 2, "rule": rule, "surface": surface,
                            "holes": board_id(rows, cols, holes, 2), "cells": cells, "presses": presses})
    return out


def main() -> None:
    listed = cases()
    for case in listed:
        case["start"] = board_id(case["rows"], case["cols"], case["cells"], case["k"])
        case["end"] = python_end(case)
    json.dump({"cases": listed}, sys.stdout)


if __name__ == "__main__":
    main()
