"""Every figure docs/limits.md states, measured: one case a figure, run on demand.

    .venv/bin/python bench/limits.py [--pyodide] [--repeat N] [--case WORD ...] [--timeout S]

Each case names the row of docs/limits.md it measures (the limit's key, or the page's row) and
what the doc says (CPU time of the call, CPython and Pyodide; peak memory of the process), then
prints what it measures now.  In CPython every run is a whole process
(start, read the request, answer it: the doc's figures) with the package of this checkout's
``py/``, run ``--repeat`` times (default 3): the median of its time, the median of the API call
alone and the highest peak resident memory.  With ``--pyodide`` each API case is also answered by
the built site's Python under Pyodide in Node (bench/pyodide.mjs: the runtime and Python
zip of ``dist/``, as the page's worker runs them; build first), ``--repeat`` times in one
interpreter, which is replaced when its heap grows past the page's 256 MB: the median call time,
its ratio to CPython's, and the wasm heap after the case.  The outcome column is the reply (or
the CLI's exit status and first line of stderr) and what the case derives from it.  Figures of
the page itself (Chromium's layout and paint) are not here: bench/page.py and the
browser tests measure those.  This prints figures; it asserts nothing.

``--case`` runs the cases whose row or name holds one of the words (``--case explain why``);
``--case text:`` runs the hostile texts of issue #39 (docs/limits.md, *Hostile texts*), whose
payloads (up to 120 MB) are made when the case runs and handed to the child and to Pyodide as a file
of raw bytes, so each holds the text once, as the page's worker does.  ``--package DIR`` runs the
CPython cases on another checkout's package (the "before" figures).
With ``--pyodide`` the whole run took 21 minutes on a loaded 2-core machine (load average 10), six
of them the k = 252 graph, which ran out of the 60 s ``--timeout`` in both before its elimination
was done on packed rows (1.1 s now).
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import select
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import hostile as bench_hostile  # noqa: E402  (the process runner and the board makers of the issue's cases)
from hostile import ROOT, _graph, _graph_board, _packed, _packed_cells, run_process  # noqa: E402

sys.path.insert(0, str(ROOT / "py"))
from lightsout.api import handle  # noqa: E402  (inputs only: random boards to explain)

PAGE_HEAP_LIMIT = 256 << 20
"""The page replaces its worker once the wasm heap is above this (docs/limits.md, Worker memory)."""

API_CHILD = """
import base64, json, sys, time
from lightsout.api import call
with open(sys.argv[1]) as given:
    case = json.load(given)
if case.get("payload_file"):  # a big text: its bytes as they are, as the page's worker holds them
    with open(case["payload_file"], "rb") as raw:
        payload = raw.read()
else:
    payload = base64.b64decode(case["payload"]) if case["payload"] else None
def resident():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmRSS:"))
before = resident()
start, cpu = time.perf_counter(), time.process_time()
reply, out = call(case["request"], payload)
seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
with open(sys.argv[2], "w") as written:
    written.write(reply)
print(json.dumps({"call_s": seconds, "call_cpu_s": cpu, "payload_bytes": len(out), "rss_before": before}))
"""

BIG_PAYLOAD = 1 << 20
"""A payload above this many bytes goes to the child (and to Pyodide) as a file of its raw bytes, not base64 in the
case's JSON: the child then holds the text once, as the page's worker does, and its peak memory is the call's."""


@dataclass
class Case:
    """One figure of docs/limits.md: its ``row``, the case's ``name``, what the ``doc`` says, and what is run.

    An API case has ``request`` (and ``payload``, bytes the page would send beside it); a CLI case
    ``argv`` and ``stdin``.  ``derive`` turns the measured run into the figure the doc derives
    from it (a rate, a size), appended to the outcome.
    """

    row: str
    name: str
    doc: str
    request: dict[str, Any] | None = None
    payload: bytes = b""
    argv: list[str] = field(default_factory=list)
    stdin: str = ""
    derive: Callable[[Measured], str] | None = None
    files: dict[str, Callable[[], bytes]] = field(default_factory=dict)
    """Files a CLI case reads (made when it runs), written to the scratch folder; ``{folder}`` in ``argv`` is that folder."""
    make_payload: Callable[[], bytes] | None = None
    """The payload made when the case runs (a big text is not held for every case at once)."""
    address_cap: int | None = bench_hostile.ADDRESS_CAP
    """The process's address space (RLIMIT_AS), to see a case under a memory cap."""


@dataclass
class Measured:
    """What the runs of one case measured (medians over the repeats; peak: the highest)."""

    seconds: float
    call: float | None
    cpu: float | None
    peak: int
    reply: dict[str, Any] | None
    reply_bytes: int = 0
    payload_bytes: int = 0
    outcome: str = ""


def api(row: str, name: str, doc: str, request: dict[str, Any], payload: bytes = b"",
        derive: Callable[[Measured], str] | None = None) -> Case:
    return Case(row, name, doc, request=request, payload=payload, derive=derive)


def cli(row: str, name: str, doc: str, *argv: str, stdin: str = "", files: dict[str, Callable[[], bytes]] | None = None) -> Case:
    return Case(row, name, doc, argv=list(argv), stdin=stdin, files=files or {})


def text(row: str, name: str, doc: str, payload: Callable[[], bytes], address_cap: int | None = bench_hostile.ADDRESS_CAP, **fields: Any) -> Case:
    """The page's Open file: ``parse`` of a file's bytes (the payload, ``text: "@"``), k and format auto, as text-panel.js sends it."""
    request = {"op": "parse", "text": "@", "format": "auto", "k": 2, "binary": True, **fields}
    return Case(row, name, doc, request=request, make_payload=payload, address_cap=address_cap)


def text_cases() -> list[Case]:
    """The hostile texts of issue #39, each a shape a reader could once be made to pay for beyond its size."""
    mb = 1_000_000
    row_of_states = ("012" * 334)[:1000] + "\n"


    def numbers() -> bytes:  # 1,2,3,... to 60 MB, written a block at a time
        blocks, size, start = [], 0, 1
        while size < 60 * mb:
            block = ",".join(map(str, range(start, start + 100_000))).encode() + b","
            blocks.append(block)
            size += len(block)
            start += 100_000
        return b"".join(blocks)[: 60 * mb].rstrip(b",")

    return [
        text("text: lines", "api parse 10 MB of one-cell rows (#\\n)", "6 s / 1 GB before", lambda: b"#\n" * (5 * mb)),
        text("text: lines", "api parse 25 MB of one-cell rows", "15 s / 2.5 GB before", lambda: b"#\n" * (12_500_000)),
        text("text: lines", "api parse 60 MB of one-cell rows (the page's file)", "60 s in the page before", lambda: b"#\n" * (30 * mb)),
        text("text: lines", "api parse 100 MiB of one-cell rows", "", lambda: b"#\n" * (50 << 20)),
        text("text: bytes", "api parse 120 MB of one-cell rows, 2 GiB address cap", "untyped MemoryError before", lambda: b"#\n" * (60 * mb), 2 << 30),
        text("text: lines", "api parse 1000001 one-cell rows (the most rows + 1)", "refused at its last line", lambda: b"#\n" * 1_000_001),
        text("text: cells", "api parse k=3 states, 10 MB (10000 rows of 1000)", "accepted as 10⁷ cells before", lambda: row_of_states.encode() * 10_000, k=3),
        text("text: columns", "api parse 100 MB in one line of #", "", lambda: b"#" * (100 * mb)),
        text("text: columns", "api parse 60 MB in one spaced line (# # #)", "", lambda: b"# " * (30 * mb)),
        text("text: numbers", "api parse 60 MB list of lit cells (1,2,3,…)", "", numbers),
        text("text: lines", "api parse 100 MB of blank lines", "", lambda: b"\n" * (100 * mb)),
        text("text: lines", "api parse 100 MB of spaces", "", lambda: b" " * (100 * mb)),
        text("text: wide", "api parse 100 MB of rows and one emoji", "", lambda: b"#.\n" * (33 * mb) + "😀".encode()),
        text("text: wide", "api parse 99 MB of U+3000 spaces", "", lambda: "\u3000".encode() * (33 * mb)),
        *[text("text: zero-width", f"api parse 100 MiB of U+{ord(mark):04X}", doc, lambda mark=mark: mark.encode() * ((100 << 20) // 3))
          for mark, doc in (("\u200b", "7.9–8.5 s before"), ("\u200d", "5.4 s before"), ("\ufeff", "5.4 s before"), ("\u2060", "5.4 s before"))],
        text("text: zero-width", "api parse a 2000x12500 grid, a U+200B after each cell (100 MB)", "6.5–7.3 s before",
             lambda: ("#\u200b.\u200b" * 1000 + "\n").encode() * 12_500),
        cli("text: zero-width", "cli solve 100 MiB of U+200B", "7.5 s before", "solve", "{folder}/marks.txt",
            files={"marks.txt": lambda: "\u200b".encode() * ((100 << 20) // 3)}),
        text("text: valid", "api parse 10000x10000 grid (100 MB)", "", lambda: (b"#." * 5000 + b"\n") * 10_000),
        text("text: valid", "api parse 1000000x100 grid (10⁸ cells, 101 MB)", "", lambda: (b"#." * 50 + b"\n") * 1_000_000),
        text("text: valid", "api parse preset cube, 100 MB of blank lines", "", lambda: b"\n" * (100 * mb), preset="cube"),
        Case("text: lines", "api puzzle, a graph's text of 20 MB of blank lines", "", request={"op": "puzzle", "graph": "cells 3\n" + "\n" * (20 * mb)}),
        cli("text: cli", "cli solve /dev/zero", "7.6 GB, then 'lightsout: MemoryError' before", "solve", "/dev/zero"),
        cli("text: cli", "cli solve a 60 MB file of one-cell rows", "", "solve", "{folder}/rows.txt", files={"rows.txt": lambda: b"#\n" * (30 * mb)}),
        cli("text: cli", "cli solve 1000x1000 --mask (1 MB mask)", "", "solve", "{folder}/board.txt", "--mask", "{folder}/mask.txt",
            files={"board.txt": lambda: (b"#" * 1000 + b"\n") * 1000, "mask.txt": lambda: (b"?" * 999 + b".\n") * 1000}),
    ]


def fewest_cases() -> list[Case]:
    """Issue 49: the fewest-presses search with k > 2 and the listing of solutions, within ``seconds`` (before: 65 536
    solutions visited as lists of states, ``seconds`` ignored)."""
    boards = {  # random solvable boards: 65 536, 65 536 and 19 683 solutions
        "115x115 torus k=4": (_random_board(rows=115, cols=115, k=4, surface="torus"), 4, "torus"),
        "164x164 k=9": (_random_board(rows=164, cols=164, k=9), 9, "plane"),
        "55x55 torus k=4": (_random_board(rows=55, cols=55, k=4, surface="torus"), 4, "torus"),
    }
    before = {"115x115 torus k=4": "52 s before", "164x164 k=9": "33 s before", "55x55 torus k=4": "11 s before"}
    moore_dont_care = _packed_cells(20, 20, range(10))
    moore = _random_board(rows=20, cols=20, k=3, rule="moore", dont_care=moore_dont_care)
    big, _, _ = boards["115x115 torus k=4"]
    cases = []
    for name, (board, k, surface) in boards.items():
        request = {"op": "solve", "board": board, "k": k, "surface": surface, "minimal": True}
        cases.append(api("max_search_seconds", f"api solve {name} minimal (seconds 0.5)", before[name], request))
        cases.append(api("max_search_seconds", f"api solve {name} minimal, seconds 60", "every solution visited", {**request, "seconds": 60}))
    cases.append(cli("max_search_seconds", "cli solve 115x115 torus k=4 --minimal --seconds 1", "66 s before", "solve", "{folder}/board.txt",
                     "--format", "id", "--states", "4", "--torus", "--minimal", "--seconds", "1", files={"board.txt": big.encode}))
    cases.append(api("max_listed_solutions", "api solutions 20x20 k=3 moore 10 don't-care", "10.3 s before",
                     {"op": "solutions", "board": moore, "k": 3, "rule": "moore", "dont_care": moore_dont_care}))
    return cases


def _random_board(**request: Any) -> str:
    """A random solvable board from the API's ``random`` op (an ``RxC:`` string)."""
    reply = json.loads(handle(json.dumps({"op": "random", "seed": 28, **request})))
    assert reply["ok"], reply
    return str(reply["board"])


def _poj_text(puzzles: int) -> str:
    """A POJ 1222 set: the count, then each puzzle's 5 rows of 6 numbers."""
    rows = [" ".join("01"[(p * 7 + r * 3 + c) % 5 == 0] for c in range(6)) for p in range(puzzles) for r in range(5)]
    return f"{puzzles}\n" + "\n".join(rows) + "\n"


def _per(unit: str, count: float, scale: float = 1e6) -> Callable[[Measured], str]:
    """A derived rate: the call's CPU time per ``count`` things, in µs (``scale`` 1e6)."""
    return lambda m: "" if m.cpu is None else f"{m.cpu / count * scale:.2f} µs of CPU {unit}"


def cases() -> list[Case]:
    """Every case, in the order of docs/limits.md."""
    poj = _poj_text(10_000)
    explain_boards = {  # the largest board of each nullity a 64-a-side explanation meets (plus rule)
        "64x64 plane (nullity 28)": _random_board(rows=64, cols=64),
        "54x61 plane (nullity 10: 2^10 first rows)": _random_board(rows=54, cols=61),
        "61x61 plane (nullity 40)": _random_board(rows=61, cols=61),
        "63x64 plane (nullity 0)": _random_board(rows=63, cols=64),
        "62x62 torus (nullity 80)": _random_board(rows=62, cols=62, surface="torus"),
    }
    torus = {"62x62 torus (nullity 80)": "torus"}
    moore_k3 = _random_board(rows=8, cols=8, k=3, rule="moore")
    cube = _random_board(preset="cube")
    share_side = 3400
    graph_400 = 65_536 // 400 - 1  # others a cell: the densest 400-cell graph max_graph_entries allows
    graph_4096 = 65_536 // 4096 - 1
    return [
        # -- the page -------------------------------------------------------------------------
        api("fewest presses search", "api solve 40x40 1000 don't-care minimal", "0.27 s, Pyodide 0.37 s",
            {"op": "solve", "board": _packed(40, 40, fill=1), "minimal": True, "dont_care": _packed_cells(40, 40, range(1000))}),
        *[api("explain", f"api explain {name}", "0.01–0.22 s, Pyodide 0.02–0.22 s",
              {"op": "explain", "board": board, "surface": torus.get(name, "plane")}) for name, board in explain_boards.items()],
        api("explain", "api explain 8x8 moore k=3 (full system, 64 cells)", "0.01–0.22 s, Pyodide 0.02–0.22 s",
            {"op": "explain", "board": moore_k3, "k": 3, "rule": "moore"}),
        api("explain", "api explain cube (54 cells)", "0.01–0.22 s, Pyodide 0.02–0.22 s", {"op": "explain", "preset": "cube", "board": cube}),
        *[api("explain", f"api why {name} cell 0", "0.005–0.023 s, Pyodide 0.006–0.046 s",
              {"op": "why", "board": board, "cell": 0, "surface": torus.get(name, "plane")}) for name, board in explain_boards.items()],
        api("explain", "api why 8x8 moore k=3 cell 0", "0.005–0.023 s, Pyodide 0.006–0.046 s", {"op": "why", "board": moore_k3, "k": 3, "rule": "moore", "cell": 0}),
        api("explain", "api why cube cell 0", "0.005–0.023 s, Pyodide 0.006–0.046 s", {"op": "why", "preset": "cube", "board": cube, "cell": 0}),
        api("explain", "api why 10000x10000 (refused)", "refused, whole process 0.8 s",
            {"op": "why", "board": _packed(10_000, 10_000), "cell": 0}),
        *[api("explain", f"api methods {rows}x{cols} (Measure)", "≤ 0.22 s, Pyodide ≤ 0.43 s", {"op": "methods", "board": _random_board(rows=rows, cols=cols)})
          for rows, cols in ((4, 5), (16, 16), (40, 40), (64, 64))],
        api("share link", f"api share {share_side}x{share_side}", "1 926 677 characters: ≈ 12 million cells fit",
            {"op": "share", "board": _packed(share_side, share_side, fill=1)},
            derive=lambda m: _share_cells(m, share_side * share_side)),
        api("copy board", "api format 2048x2048 grid (max_format_cells)", "0.04 s",
            {"op": "format", "board": _packed(2048, 2048, fill=1), "format": "grid"}),
        api("copy board", "api format 10000x10000 grid (refused)", "refused (10⁸ cells took 65 s / 2.2 GB before)",
            {"op": "format", "board": _packed(10_000, 10_000, fill=1), "format": "grid"}),
        # -- the solver -----------------------------------------------------------------------
        api("max_cells", "api solve 10000x10000", "0.51 s / 180 MB, Pyodide 0.91 s", {"op": "solve", "board": _packed(10_000, 10_000, fill=1)}),
        api("max_cells", "api press 10000x10000", "0.45 s, Pyodide 0.71 s", {"op": "press", "board": _packed(10_000, 10_000, fill=1), "row": 5, "col": 5}),
        api("max_cells", "api random 10000x10000", "0.22 s, Pyodide 0.34 s", {"op": "random", "rows": 10_000, "cols": 10_000, "seed": 1}),
        api("max_cells", "api analyze 10000x10000", "0.08 s, Pyodide 0.07 s", {"op": "analyze", "rows": 10_000, "cols": 10_000}),
        api("max_long_side", "api solve 1x1000000 row", "0.42 s", {"op": "solve", "board": _packed(1, 1_000_000, fill=1)}),
        cli("max_long_side", "cli solve 1x1000000 row", "(the API's 0.42 s and a process)", "solve", stdin="#." * 500_000 + "\n"),
        api("max_long_side", "api solve 100x1000000", "3.8 s / 530 MB, Pyodide 7.4 s", {"op": "solve", "board": _packed(100, 1_000_000, fill=1)}),
        api("max_state_cells", "api verify k=255 1024x1024 custom 5x5", "1.6 s, Pyodide 3.7 s",
            {"op": "verify", "k": 255, "rule": "custom:" + "/".join(["#####"] * 5),
             "board": _packed(1024, 1024, 255, fill=1), "presses": _packed(1024, 1024, 255, fill=1)}),
        api("chase_work_limit", "api solve k=3 200x200", "1.2 s, Pyodide 2.7 s", {"op": "solve", "k": 3, "board": _packed(200, 200, 3, fill=1)}),
        api("chase_work_limit", "api solve k=3 torus 118x118", "0.6 s, Pyodide 1.2 s", {"op": "solve", "k": 3, "surface": "torus", "board": _packed(118, 118, 3, fill=1)}),
        api("chase_work_limit", "api solve k=3 1x100000", "1.1 s / 60 MB, Pyodide 1.8 s", {"op": "solve", "k": 3, "board": _packed(1, 100_000, 3, fill=1)}),
        api("chase_work_limit", "api solve k=3 1x258000 (the limit's edge)", "3.4 s / 130 MB, Pyodide 5.7 s",
            {"op": "solve", "k": 3, "board": _packed(1, 258_000, 3, fill=1)}),
        api("chase_work_limit", "api solve k=3 1x1000000 (refused)", "refused in 0.9 s", {"op": "solve", "k": 3, "board": _packed(1, 1_000_000, 3, fill=1)}),
        api("full_system_cells", "api solve k=3 moore 20x20", "0.08 s", {"op": "solve", "k": 3, "rule": "moore", "board": _packed(20, 20, 3, fill=1)}),
        *[api("full_system_cells", f"api solve graph 400x{graph_400 + 1} k={k}", doc,
              {"op": "solve", "graph": _graph(400, graph_400, k), "board": _graph_board(400, k)})
          for k, doc in ((3, "0.25 s, Pyodide 0.35 s"), (5, "0.44 s, Pyodide 0.84 s"), (255, "1.2 s, Pyodide 2.1 s"),
                           (243, "0.23 s, Pyodide 0.47 s"), (252, "1.1 s, Pyodide 1.9 s"), (210, "1.3 s, Pyodide 2.4 s: the worst k"))],
        api("gf2_full_system_cells", "api solve moore 64x64", "0.65 s, Pyodide 0.96 s", {"op": "solve", "rule": "moore", "board": _packed(64, 64, fill=1)}),
        api("max_graph_entries", f"api solve graph 4096x{graph_4096 + 1}", "1.5 s, Pyodide 4.5 s",
            {"op": "solve", "graph": _graph(4096, graph_4096), "board": _graph_board(4096)}),
        api("max_graph_entries", "api solve graph 4096x256 (refused)", "refused (2²⁰ entries)",
            {"op": "solve", "graph": _graph(4096, 255), "board": _graph_board(4096)}),
        api("torus_chase_cells", "api solve torus 2048x2048", "2.6 s / 37 MB, Pyodide 7.4 s", {"op": "solve", "surface": "torus", "board": _packed(2048, 2048, fill=1)}),
        api("projective_chase_cells", "api solve projective 512x512", "0.53 s / 58 MB, Pyodide 0.91 s",
            {"op": "solve", "surface": "projective", "board": _packed(512, 512, fill=1)}),
        api("full_enumeration_cells", "api solve full-enumeration 4x5", "0.13 s, Pyodide 0.36 s",
            {"op": "solve", "method": "full-enumeration", "board": _packed(4, 5, fill=1)}),
        # 2²³ row steps: 32 rows × 2^18 first rows (19 columns would need at least 19 rows: 19·2^19 steps, refused).
        api("first_row_enumeration_columns", "api solve first-row-enumeration 18x18 (the most columns)", "2¹⁸ first rows",
            {"op": "solve", "method": "first-row-enumeration", "board": _packed(18, 18, fill=1)}),
        api("first_row_enumeration_work", "api solve first-row-enumeration 32x18 (2²³ steps)", "0.17 µs a row step: 1.4 s, Pyodide 3.1 s",
            {"op": "solve", "method": "first-row-enumeration", "board": _packed(32, 18, fill=1)}, derive=_per("a row step", 32 << 18)),
        api("first_row_enumeration_work", "api solve first-row-enumeration 33x18 (refused)", "refused at once",
            {"op": "solve", "method": "first-row-enumeration", "board": _packed(33, 18, fill=1)}),
        api("first_row_enumeration_columns", "api solve first-row-enumeration 3000x20 (refused)", "refused at once",
            {"op": "solve", "method": "first-row-enumeration", "board": _packed(3000, 20, fill=1)}),
        api("first_row_system_columns", "api solve first-row-system 3000x3000", "0.34 s, Pyodide 0.81 s",
            {"op": "solve", "method": "first-row-system", "board": _packed(3000, 3000, fill=1)}),
        api("first_row_system_columns", "api solve first-row-system 1x20000", "0.01 s",
            {"op": "solve", "method": "first-row-system", "board": _packed(1, 20_000, fill=1)}),
        api("max_format_cells", "api format 2048x2048 indices", "0.44 s / 80 MB, Pyodide 0.79 s", {"op": "format", "board": _packed(2048, 2048, fill=1), "format": "indices"}),
        api("max_format_cells", "api format 2048x2048 grid", "0.04 s", {"op": "format", "board": _packed(2048, 2048, fill=1), "format": "grid"}),
        api("max_format_cells", "api format 10000x10000 indices (refused)", "refused (over 20 s / 1.3 GB before)",
            {"op": "format", "board": _packed(10_000, 10_000, fill=1), "format": "indices"}),
        api("max_number", "api solve seconds 10**400 (refused)", "refused (an OverflowError before)",
            {"op": "solve", "board": _packed(5, 5, fill=1), "minimal": True, "seconds": 10**400}),
        *fewest_cases(),
        api("random_search_seconds", "api random presses=200 47x47", "gives up after 5.0 s", {"op": "random", "rows": 47, "cols": 47, "presses": 200, "seed": 1}),
        api("random_lit_cells", "api random 1024x4096 lit=2097152 (nullity 0)", "1.4 µs a picked cell: 2.9 s / 200 MB",
            {"op": "random", "rows": 1024, "cols": 4096, "lit": 1 << 21, "seed": 1}, derive=_per("a picked cell", 1 << 21)),
        api("random_lit_cells", "api random 2048x2048 lit=2097152 (nullity 1 056)", "one draw: 3.9 s / 201 MB, Pyodide 7.6 s",
            {"op": "random", "rows": 2048, "cols": 2048, "lit": 1 << 21, "seed": 1}),
        api("random_lit_cells", "api random 10000x10000 lit=50000000 (refused)", "refused at once",
            {"op": "random", "rows": 10_000, "cols": 10_000, "lit": 50_000_000, "seed": 1}),
        api("max_boards", "api parse 10000 POJ puzzles", "0.27 s, Pyodide 0.74 s, 127 kB + 40 kB",
            {"op": "parse", "text": "@", "format": "auto", "k": 2, "binary": True}, payload=poj.encode(),
            derive=lambda m: f"{len(poj) / 1e6:.2f} MB of text; 120 MiB of it: {(120 << 20) / (len(poj) / 10_000) / 1e6:.1f} million boards"),
        api("analyze", "api analyze 1x1000000", "0.53 s, Pyodide 1.0 s", {"op": "analyze", "rows": 1, "cols": 1_000_000}),
        api("graph puzzles", "api analyze preset cube", "1 ms", {"op": "analyze", "preset": "cube"}),
        api("graph puzzles", "api solve preset cube minimal", "1 ms", {"op": "solve", "preset": "cube", "board": cube, "minimal": True}),
        *text_cases(),
    ]


def _share_cells(measured: Measured, cells: int) -> str:
    """How many cells of a random-looking board fit the page's 2 000 000-character link, at the measured rate."""
    if measured.reply is None or "text" not in measured.reply:
        return ""
    length = len(measured.reply["text"])
    return f"{length} characters ({length / cells:.3f} a cell): 2 000 000 hold {2e6 * cells / length / 1e6:.1f} million cells"


def summary(reply: dict[str, Any] | None) -> str:
    """The reply in one line: ok and its fields (long strings by length, lists by size), or the error."""
    if reply is None:
        return "no reply"
    if not reply.get("ok"):
        error = reply.get("error", {})
        return f"error {error.get('name')}" + (f" limit={error['limit']}" if "limit" in error else "") + f": {str(error.get('message'))[:120]}"
    parts = []
    for key, value in reply.items():
        if key == "ok":
            continue
        if isinstance(value, str) and len(value) > 24:
            value = f"<{len(value)} chars>"
        elif isinstance(value, list) and (len(value) > 4 or len(str(value)) > 40):
            value = f"[{len(value)} items]"
        elif isinstance(value, dict):
            value = "{…}"
        parts.append(f"{key}={value}")
    return "ok " + ", ".join(parts)[:200]


def _write_case(case: Case, folder: Path) -> Path:
    path = folder / "case.json"
    data: dict[str, Any] = {"request": json.dumps(case.request), "payload": ""}
    payload = case.payload if case.make_payload is None else case.make_payload()
    if len(payload) > BIG_PAYLOAD:
        raw = folder / "payload.bin"
        raw.write_bytes(payload)
        data["payload_file"] = str(raw)
    else:
        data["payload"] = base64.b64encode(payload).decode()
    path.write_text(json.dumps(data))
    return path


def run_cpython(case: Case, repeat: int, timeout: float, folder: Path) -> Measured:
    """The case's whole process, ``repeat`` times: median seconds and call seconds, highest peak."""
    seconds, calls, cpus, peaks = [], [], [], []
    reply: dict[str, Any] | None = None
    outcome = ""
    reply_bytes = payload_bytes = 0
    case_path = _write_case(case, folder) if case.request is not None else None
    for _ in range(repeat):
        if case_path is not None:
            reply_path = folder / "reply.json"
            argv = [sys.executable, "-c", API_CHILD, str(case_path), str(reply_path)]
            taken, peak, code, stdout, stderr = run_process(argv, "", timeout, case.address_cap)
            if code == 0:
                figures = json.loads(stdout.strip().splitlines()[-1])
                calls.append(figures["call_s"])
                cpus.append(figures["call_cpu_s"])
                payload_bytes = figures["payload_bytes"]
                text = reply_path.read_text()
                reply_bytes = len(text.encode())
                reply = json.loads(text)
                outcome = summary(reply)
            else:
                outcome = f"killed after {timeout:g} s" if code is None else f"exit {code}: {stderr.strip().splitlines()[-1:]}"
        else:
            for name, make in case.files.items():
                (folder / name).write_bytes(make())
            argv = [sys.executable, "-m", "lightsout", *(arg.replace("{folder}", str(folder)) for arg in case.argv)]
            taken, peak, code, stdout, stderr = run_process(argv, case.stdin, timeout, case.address_cap)
            lines = stderr.strip().splitlines()
            outcome = f"killed after {timeout:g} s" if code is None else f"exit {code}" + (f": {lines[0][:120]}" if lines else f", {len(stdout)} characters out")
        seconds.append(taken)
        peaks.append(peak)
    return Measured(statistics.median(seconds), statistics.median(calls) if calls else None, statistics.median(cpus) if cpus else None,
                    max(peaks), reply, reply_bytes, payload_bytes, outcome)


class PyodideServer:
    """bench/pyodide.mjs, one Pyodide interpreter answering case after case until its heap passes the page's limit."""

    def __init__(self, timeout: float) -> None:
        self.timeout = timeout
        self.process: subprocess.Popen[str] | None = None
        self.heap = 0
        self.starts: list[tuple[float, int]] = []

    def _start(self) -> None:
        self.process = subprocess.Popen(["node", str(ROOT / "bench" / "pyodide.mjs")], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, cwd=ROOT)
        figures = self._line(120.0)
        if figures is None:
            raise SystemExit("Pyodide did not start: build the site first (python3 build.py)")
        self.heap = figures["heap_bytes"]
        self.starts.append((figures["load_s"], figures["heap_bytes"]))

    def _line(self, timeout: float) -> dict[str, Any] | None:
        assert self.process is not None and self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        if not ready:
            return None
        line = self.process.stdout.readline()
        return json.loads(line) if line.strip() else None

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None

    def call(self, case_path: Path, reply_path: Path) -> dict[str, Any] | None:
        """One request: its figures, or None when it ran out of time or the interpreter died (then restarted)."""
        if self.process is None or self.heap > PAGE_HEAP_LIMIT:
            self.stop()
            self._start()
        assert self.process is not None and self.process.stdin is not None
        self.process.stdin.write(f"{case_path} {reply_path}\n")
        self.process.stdin.flush()
        figures = self._line(self.timeout)
        if figures is None:
            self.stop()
            return None
        self.heap = figures["heap_bytes"]
        return figures


def run_pyodide(case: Case, repeat: int, server: PyodideServer, folder: Path) -> tuple[float | None, float | None, int, str]:
    """The API case in Pyodide, ``repeat`` times: (median call seconds, median call CPU seconds, heap bytes after it, outcome)."""
    case_path = _write_case(case, folder)
    reply_path = folder / "reply-pyodide.json"
    reply_path.unlink(missing_ok=True)  # no earlier case's reply read as this one's
    calls, cpus = [], []
    heap = 0
    for _ in range(repeat):
        figures = server.call(case_path, reply_path)
        if figures is None:
            return None, None, 0, f"no answer in {server.timeout:g} s"
        calls.append(figures["call_s"])
        cpus.append(figures["call_cpu_s"])
        heap = figures["heap_bytes"]
    try:
        reply = json.loads(reply_path.read_text())
    except (OSError, ValueError):  # the interpreter failed (out of its wasm memory): no reply written
        server.stop()
        return statistics.median(calls), statistics.median(cpus), heap, "no reply: the interpreter failed"
    return statistics.median(calls), statistics.median(cpus), heap, summary(reply)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pyodide", action="store_true", help="also answer each API case in Pyodide under Node (build the site first)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each case; the medians are printed (default 3)")
    parser.add_argument("--case", nargs="+", default=[], help="run the cases whose row or name holds one of these words")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds before a run is stopped (default 60: the page's request deadline)")
    parser.add_argument("--package", type=Path, default=ROOT / "py", help="the folder holding lightsout/ for the CPython runs (default: py/)")
    args = parser.parse_args()
    bench_hostile.PACKAGE = args.package
    chosen = [case for case in cases() if not args.case or any(word in case.row or word in case.name for word in args.case)]
    print(f"load: {os.getloadavg()[0]:.1f} {os.getloadavg()[1]:.1f} {os.getloadavg()[2]:.1f} (1, 5, 15 min) on {os.cpu_count()} cores; "
          f"medians of {args.repeat}; {len(chosen)} cases")
    header = f"{'row':<26} {'case':<52} {'doc says':<46} {'s':>6} {'call s':>7} {'cpu s':>7} {'peak MB':>7}"
    if args.pyodide:
        header += f" {'Pyodide s':>9} {'cpu s':>7} {'×':>5} {'heap MB':>7}"
    print(header + "  outcome")
    server = PyodideServer(args.timeout) if args.pyodide else None
    ratios = []
    try:
        with tempfile.TemporaryDirectory() as scratch:
            folder = Path(scratch)
            for case in chosen:
                measured = run_cpython(case, args.repeat, args.timeout, folder)
                call = "" if measured.call is None else f"{measured.call:.3f}"
                cpu = "" if measured.cpu is None else f"{measured.cpu:.3f}"
                line = f"{case.row:<26} {case.name:<52} {case.doc:<46} {measured.seconds:>6.2f} {call:>7} {cpu:>7} {measured.peak / 1e6:>7.0f}"
                outcome = measured.outcome
                if case.request is not None and case.request.get("op") == "parse":
                    outcome += f"; reply {measured.reply_bytes / 1e3:.0f} kB + {measured.payload_bytes / 1e3:.0f} kB of boards"
                if case.derive is not None:
                    outcome += "; " + case.derive(measured)
                if server is not None:
                    if case.request is None:
                        line += f" {'—':>9} {'':>7} {'':>5} {'':>7}"
                    else:
                        seconds, used, heap, answered = run_pyodide(case, args.repeat, server, folder)
                        # The ratio of CPU times: the machine's load stretches wall times, less so the CPU a call takes.
                        ratio = used / measured.cpu if used is not None and measured.cpu else None
                        if ratio is not None and measured.cpu is not None and measured.cpu >= 0.1:
                            ratios.append((ratio, case.name))
                        line += (f" {'—' if seconds is None else f'{seconds:.3f}':>9} {'' if used is None else f'{used:.3f}':>7}"
                                 f" {'' if ratio is None else f'{ratio:.1f}':>5} {heap / 1e6:>7.0f}")
                        if answered.split(":")[0] != outcome.split(":")[0]:
                            outcome += f" | Pyodide: {answered}"
                print(f"{line}  {outcome}", flush=True)
    finally:
        if server is not None:
            server.stop()
    if server is not None:
        if server.starts:
            loads = [load for load, _ in server.starts]
            print(f"\nPyodide start in Node (loadPyodide + import lightsout.api), {len(loads)} starts: median {statistics.median(loads):.2f} s, "
                  f"heap {server.starts[0][1] / 1e6:.0f} MB (doc: a fresh worker ≈ 30 MB, loading ≈ 3 s in the page)")
        if ratios:
            ratios.sort()
            print(f"Pyodide / CPython (CPU time of the call), cases of at least 0.1 s in CPython: {ratios[0][0]:.1f}× ({ratios[0][1]}) to {ratios[-1][0]:.1f}× ({ratios[-1][1]}), "
                  f"median {statistics.median(r for r, _ in ratios):.1f}× (doc: 1.2–3.4×)")
    derived = {
        "a 10 000×10 000 #/. grid (pasted text)": f"{10_000 * 10_001 / 1e6:.0f} MB (doc: 100 MB)",
        "max_listed_bits": f"2²⁷ bits = {(1 << 27) / 8 / (1 << 20):.0f} MiB (doc: 16 MiB)",
        "chase_work_limit, one row": f"2²⁵ / (1 + 1 + 128) = {(1 << 25) // 130} cells (doc: up to 258 000)",
        "max_long_side, 1×10⁸": "refused; 100 × the 1×10⁶ figure above would be its time (doc: about a minute)",
    }
    print()
    for what, value in derived.items():
        print(f"derived: {what}: {value}")
    print(f"load at the end: {os.getloadavg()[0]:.1f} {os.getloadavg()[1]:.1f} {os.getloadavg()[2]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
