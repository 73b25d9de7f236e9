"""Requests that exercise the whole JSON API (``lightsout.api.call``), for the trimmed standard library.

build.py ships a ``python_stdlib.zip`` holding only the modules Pyodide's start and the package
import (tools/stdlib.mjs). It finds them by running this file inside Pyodide, under the full
standard library, and recording ``sys.modules``; tests/unit/test_stdlib.py runs it again under the
trimmed one and compares every reply with CPython's, so a module the API reaches only on some
path (a lazily imported codec, a regular expression compiled on first use) cannot go missing
unnoticed. Every op of ``lightsout.api.OPERATIONS`` is asked at least once (``requests`` checks
that), with every rule, surface, format and preset, boards of several k, binary payloads, and
the error replies (bad JSON, bad text with its line and column, a size limit).

    python tools/api_surface.py     # with py/ on PYTHONPATH: prints the replies as JSON

Standard library only; runs on CPython 3.11+ and in Pyodide.
"""

from __future__ import annotations

import json
import sys
from typing import Any

GRAPH_TEXT = "title A square with a tail\ncells 5\nk 2\ngoal on\nedge 0 1\nedge 1 2\nedge 2 3\nedge 3 0\npress 4: 4 0\n" \
    "at 0 0 0\nat 1 1 0\nat 2 1 1\nat 3 0 1\nat 4 -1 -1\nname 4 tail\n"
METHOD_SURFACES = {"torus-chase": "torus", "klein-chase": "klein", "projective-chase": "projective"}
"""The surface each chase method solves (the others solve a plane)."""
TIMING_KEYS = ("seconds", "runs")
"""Reply keys measured in the call (``methods``), which differ from run to run."""


def requests() -> list[tuple[dict[str, Any], bytes | None]]:
    """The requests, each with its binary payload (or None), in a fixed order."""
    from lightsout import api
    from lightsout.presets.presets import PRESETS

    out: list[tuple[dict[str, Any], bytes | None]] = [({"op": "limits"}, None), ({"op": "presets"}, None)]
    rules = ["plus", "moore", "x", "hex", "custom:.#./###/.#."]
    surfaces = ["plane", "torus", "klein", "projective"]
    for k in (2, 3, 5):
        for rule in rules:
            for surface in surfaces:
                puzzle = {"rows": 5, "cols": 6, "k": k, "rule": rule, "surface": surface}
                out.append(({"op": "random", **puzzle, "seed": 7}, None))
                out.append(({"op": "analyze", **puzzle}, None))
    # Boards to solve come from the random op itself, so the requests hold no hand-made board.
    from lightsout.api import handle

    def board(**puzzle: Any) -> str:
        reply = json.loads(handle(json.dumps({"op": "random", "seed": 3, **puzzle})))
        return str(reply["board"])

    grid = board(rows=5, cols=5)
    for k in (2, 3):
        for surface in surfaces:
            puzzle = {"rows": 5, "cols": 5, "k": k, "surface": surface}
            lights = board(**puzzle)
            out += [
                ({"op": "solve", "board": lights, **{key: value for key, value in puzzle.items() if key not in ("rows", "cols")},
                  "minimal": True}, None),
                ({"op": "solutions", "board": lights, "k": k, "surface": surface, "limit": 4}, None),
                ({"op": "explain", "board": lights, "k": k, "surface": surface}, None),
                ({"op": "why", "board": lights, "k": k, "surface": surface, "cell": 3}, None),
                ({"op": "press", "board": lights, "k": k, "surface": surface, "row": 1, "col": 2}, None),
                ({"op": "verify", "board": lights, "k": k, "surface": surface, "presses": lights}, None),
                ({"op": "methods", "board": lights, "k": k, "surface": surface}, None),
                ({"op": "puzzle", "rows": 5, "cols": 5, "k": k, "surface": surface}, None),
                ({"op": "share", "board": lights, "k": k, "surface": surface, "moves": [0, 4], "challenge_kind": "random"}, None),
            ]
    out += [
        ({"op": "solve", "board": grid if method != "full-enumeration" else board(rows=4, cols=4), "method": method,
          "surface": METHOD_SURFACES.get(method, "plane")}, None) for method in api.limits()["methods"]
    ] + [
        ({"op": "solve", "board": board(rows=4, cols=4, rule="moore"), "rule": "moore", "holes": board(rows=4, cols=4),
          "dont_care": board(rows=4, cols=4), "target": "on"}, None),
        ({"op": "solve", "board": "4x4:AAA", "target": "on"}, None),  # 4x4 has quiet patterns: maybe unsolvable
        ({"op": "solve", "board": board(rows=30, cols=30), "minimal": True, "seconds": 0}, None),  # no time to prove: "not minimal" whatever the load (a budget in seconds would make the answer depend on it)
        ({"op": "random", "rows": 6, "cols": 6, "lit": 5, "seed": 1}, None),
        ({"op": "random", "rows": 6, "cols": 6, "presses": 9, "seed": 1}, None),
        ({"op": "random", "rows": 4, "cols": 4, "presses": 99}, None),  # above the most any board needs
        ({"op": "explain", "board": board(rows=6, cols=6, rule="x"), "rule": "x"}, None),
        ({"op": "explain", "board": board(rows=80, cols=80)}, None),  # refused: too big
        ({"op": "share", "text": "#" + json.loads(handle(json.dumps({"op": "share", "board": grid, "moves": [1]})))["text"]}, None),
    ]
    texts = {
        "loj": "3\n#.#\n.#.\n#.#\n",
        "grid": "#.#\n.#.\n#.#\n",
        "indices": "1 3 5 7 9",
        "id": grid,
        "poj": "2\n" + "\n".join(["0 1 0 1 0 1"] * 5) + "\n" + "\n".join(["1 0 1 0 1 0"] * 5) + "\n",
        "states": "0 1 2\n2 1 0\n",
    }
    for name, text in texts.items():
        k = 3 if name == "states" else 2
        out.append(({"op": "parse", "text": text, "format": name, "k": k}, None))
        out.append(({"op": "parse", "text": text, "format": "auto", "k": k}, None))
    out += [
        ({"op": "parse", "text": "@", "binary": True}, "\ufeff2\r\n#.\r\n.#\r\n".encode()),
        ({"op": "parse", "text": "@"}, b"\xff\xfe"),  # not UTF-8: names the byte
        ({"op": "parse", "text": "3\n#.#\n.x.\n#.#\n"}, None),  # an unknown symbol: line and column
        ({"op": "parse", "text": "3\n#.#\n.#.\n"}, None),
        ({"op": "solve", "board": "5x5@0", "binary": True}, bytes([0b10101010, 0b01010101, 0b11110000, 0]) + b"\x01"),
        ({"op": "solve", "board": "100000000x100:AA"}, None),  # beyond max_cells
        ({"op": "solve", "board": 5}, None),
        ({"op": "fly"}, None),
    ]
    for format_name in ("grid", "loj", "indices", "id", "states"):
        out.append(({"op": "format", "board": grid, "format": format_name, "k": 2 if format_name != "states" else 3,
                     **({"board": board(rows=5, cols=5, k=3)} if format_name == "states" else {})}, None))
    out += [
        ({"op": "format", "board": grid, "like": "1 0 1\n0 1 0\n"}, None),
        ({"op": "format", "board": None, "solution": True}, None),
    ]
    for name in PRESETS:
        lights = board(preset=name)
        out += [
            ({"op": "puzzle", "preset": name}, None),
            ({"op": "solve", "preset": name, "board": lights}, None),
            ({"op": "format", "preset": name, "board": lights}, None),
            ({"op": "share", "preset": name, "board": lights, "moves": [0]}, None),
            ({"op": "explain", "preset": name, "board": lights}, None),
        ]
    graph_board = board(graph=GRAPH_TEXT)
    out += [
        ({"op": "puzzle", "graph": GRAPH_TEXT}, None),
        ({"op": "solve", "graph": GRAPH_TEXT, "board": graph_board}, None),
        ({"op": "explain", "graph": GRAPH_TEXT, "board": graph_board}, None),
        ({"op": "press", "graph": GRAPH_TEXT, "board": graph_board, "cell": 4}, None),
        ({"op": "share", "graph": GRAPH_TEXT, "board": graph_board, "moves": [2]}, None),
        ({"op": "parse", "graph": GRAPH_TEXT, "text": "#.#.#"}, None),
        ({"op": "puzzle", "graph": "cells 3\nedge 0 9\n"}, None),  # a graph that does not read
    ]
    out += [
        ({"op": "levels"}, None),
        ({"op": "levels", "game": "cube", "level": 46, "binary": True}, None),
        ({"op": "levels", "game": "classic", "level": 51}, None),  # out of range: names the field
    ]
    missing = set(api.OPERATIONS) - {request["op"] for request, _ in out}
    if missing:
        raise AssertionError(f"tools/api_surface.py asks no request of the ops {sorted(missing)}")
    return out


def replies() -> list[dict[str, Any]]:
    """Every request's reply (``call``), its payload's length added as ``payload_bytes`` and the
    measured times (``TIMING_KEYS``) taken out, so two runs compare equal."""
    from lightsout.api import call

    answers = []
    for request, payload in requests():
        text, data = call(json.dumps(request), payload)
        answers.append(_untimed({**json.loads(text), "payload_bytes": len(data)}))
    return answers


def _untimed(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _untimed(item) for key, item in value.items() if key not in TIMING_KEYS}
    if isinstance(value, list):
        return [_untimed(item) for item in value]
    return value


if __name__ == "__main__":
    json.dump(replies(), sys.stdout)
