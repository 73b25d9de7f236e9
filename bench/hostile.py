"""Hostile-input benchmark (issue #13): each attack case's time and peak memory, run on demand.

    .venv/bin/python bench/hostile.py [--timeout S] [--only WORD ...]

Every case runs in its own Python process (the package from this checkout's
``py/``), so its peak resident memory (VmHWM of that child, polled every 20 ms) is its own.  A case is killed after ``--timeout`` seconds
(default 30) and its address space is capped at 6 GiB so a runaway case
cannot take the machine down.  The budget every case must meet is about
10 s and 1 GB: the last column says ``ok`` or what was over.  The outcome
column is the exit status and the first line of stderr (CLI) or the reply's
``ok``/error (API).  This prints figures; it asserts nothing (the tests in
tests/unit/test_hostile_input.py check the answers).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGET_SECONDS = 10.0
BUDGET_BYTES = 1 << 30
ADDRESS_CAP = 6 << 30
PACKAGE = ROOT / "py"

API = """
import json, sys
from lightsout.api import call
request = sys.stdin.read()
reply, payload = call(request)
data = json.loads(reply)
if data["ok"]:
    print("ok " + ", ".join(f"{key}={str(value)[:40]}" for key, value in data.items() if key != "ok"))
else:
    error = data["error"]
    print("error " + error["name"] + (" field=" + error["field"] if "field" in error else "") + ": " + error["message"][:160])
"""


def _api(request: dict[str, object]) -> tuple[list[str], str]:
    return [sys.executable, "-c", API], json.dumps(request)


def _cli(*argv: str, stdin: str = "") -> tuple[list[str], str]:
    return [sys.executable, "-m", "lightsout", *argv], stdin


def _packed(rows: int, cols: int, k: int = 2, fill: int = 0) -> str:
    sys.path.insert(0, str(ROOT / "py"))
    from lightsout.model import codec

    bits = codec.bits_per_cell(k)
    value = 0
    if fill:
        value = int.from_bytes(bytes([0b01010101 if bits == 2 else 0b10110101]) * codec.byte_length(rows * cols * bits), "little")
        value &= (1 << rows * cols * bits) - 1
    return codec.format_packed(rows, cols, value, k)


def cases() -> list[tuple[str, tuple[list[str], str]]]:
    """(name, (argv, stdin)) of every attack case of issue #13 items 3, 4 and 6."""
    row_20k = "".join("#." [i % 3 == 0] for i in range(20_000))
    states_row = "".join("012"[i * 7 % 3] for i in range(20_000))
    return [
        ("cli analyze 99999x99999", _cli("analyze", "99999x99999")),
        ("cli analyze 1x100000000", _cli("analyze", "1x100000000")),
        ("cli analyze 9999999999x1", _cli("analyze", "9999999999x1")),
        ("cli analyze 65x65 --rule moore", _cli("analyze", "65x65", "--rule", "moore")),
        ("cli analyze 10000x10000 --states 3", _cli("analyze", "10000x10000", "--states", "3")),
        ("cli analyze 10000x10000", _cli("analyze", "10000x10000")),
        ("api analyze 1x1000000", _api({"op": "analyze", "rows": 1, "cols": 1_000_000})),
        ("api analyze 1x10000", _api({"op": "analyze", "rows": 1, "cols": 10_000})),
        ("api analyze 10000x10000", _api({"op": "analyze", "rows": 10_000, "cols": 10_000})),
        ("cli solve 1x300000 row", _cli("solve", stdin="#." * 150_000 + "\n")),
        ("cli solve 1x1000000 row", _cli("solve", stdin="#." * 500_000 + "\n")),
        ("api solve 1x1000000 row", _api({"op": "solve", "board": _packed(1, 1_000_000, fill=1)})),
        ("cli solve --states 3 20 kB row", _cli("solve", "--states", "3", stdin=states_row + "\n")),
        ("cli solve 20 kB row", _cli("solve", stdin=row_20k + "\n")),
        ("api solve k=3 1x100000", _api({"op": "solve", "k": 3, "board": _packed(1, 100_000, 3, fill=1)})),
        ("api solve k=3 1000x1000", _api({"op": "solve", "k": 3, "board": _packed(1000, 1000, 3, fill=1)})),
        ("api random presses=200 47x47", _api({"op": "random", "rows": 47, "cols": 47, "presses": 200, "seed": 1})),
        ("api random presses=9 47x47", _api({"op": "random", "rows": 47, "cols": 47, "presses": 9, "seed": 1})),
        ("api solve first-row-enumeration 3000x20", _api({"op": "solve", "method": "first-row-enumeration", "board": _packed(3000, 20, fill=1)})),
        ("api solve first-row-system 1x20000", _api({"op": "solve", "method": "first-row-system", "board": _packed(1, 20_000, fill=1)})),
        ("api solve full-enumeration 4x5", _api({"op": "solve", "method": "full-enumeration", "board": _packed(4, 5, fill=1)})),
        ("api format 10000x10000 solution", _api({"op": "format", "board": _packed(10_000, 10_000, fill=1), "solution": True, "like": "10000x10000: 1"})),
        ("api format 10000x10000 grid", _api({"op": "format", "board": _packed(10_000, 10_000, fill=1), "format": "grid"})),
        ("api solutions limit -5", _api({"op": "solutions", "board": _packed(4, 4, fill=1), "limit": -5})),
        ("api solve seconds true", _api({"op": "solve", "board": _packed(5, 5, fill=1), "minimal": True, "seconds": True})),
        ("api solve seconds 10**400", _api({"op": "solve", "board": _packed(5, 5, fill=1), "minimal": True, "seconds": 10**400})),
        ("cli solve --all --limit 0", _cli("solve", "--all", "--limit", "0", stdin="#.#\n...\n#.#\n")),
        ("cli solve --all --limit -5", _cli("solve", "--all", "--limit", "-5", stdin="#.#\n...\n#.#\n")),
        ("api parse '100000\\n#.'", _api({"op": "parse", "text": "100000\n#."})),
        # the limits at their edges: each published figure's measured cost
        ("api solve 10000x10000", _api({"op": "solve", "board": _packed(10_000, 10_000, fill=1)})),
        ("api press 10000x10000", _api({"op": "press", "board": _packed(10_000, 10_000, fill=1), "row": 5, "col": 5})),
        ("api random 10000x10000", _api({"op": "random", "rows": 10_000, "cols": 10_000, "seed": 1})),
        ("api solve 100x1000000", _api({"op": "solve", "board": _packed(100, 1_000_000, fill=1)})),
        ("api solve torus 2048x2048", _api({"op": "solve", "surface": "torus", "board": _packed(2048, 2048, fill=1)})),
        ("api solve projective 512x512", _api({"op": "solve", "surface": "projective", "board": _packed(512, 512, fill=1)})),
        ("api solve moore 64x64", _api({"op": "solve", "rule": "moore", "board": _packed(64, 64, fill=1)})),
        ("api solve k=3 200x200", _api({"op": "solve", "k": 3, "board": _packed(200, 200, 3, fill=1)})),
        ("api solve k=3 torus 118x118", _api({"op": "solve", "k": 3, "surface": "torus", "board": _packed(118, 118, 3, fill=1)})),
        ("api solve k=3 1x1000000", _api({"op": "solve", "k": 3, "board": _packed(1, 1_000_000, 3, fill=1)})),
        ("api solve k=3 moore 20x20", _api({"op": "solve", "k": 3, "rule": "moore", "board": _packed(20, 20, 3, fill=1)})),
        ("api solve first-row-enumeration 8x20", _api({"op": "solve", "method": "first-row-enumeration", "board": _packed(8, 20, fill=1)})),
        ("api solve first-row-system 3000x3000", _api({"op": "solve", "method": "first-row-system", "board": _packed(3000, 3000, fill=1)})),
        ("api format 2048x2048 indices", _api({"op": "format", "board": _packed(2048, 2048, fill=1), "format": "indices"})),
        ("api random 10000x10000 lit=50000000", _api({"op": "random", "rows": 10_000, "cols": 10_000, "lit": 50_000_000, "seed": 1})),
        ("api random 1000x2000 lit=1999000", _api({"op": "random", "rows": 1000, "cols": 2000, "lit": 1_999_000, "seed": 1})),
        ("api parse 1x1000000 row", _api({"op": "parse", "text": "#." * 500_000})),
        # issue #28: graphs at max_graph_cells / full_system_cells, k-state verify, fewest presses at nullity 1000, why
        ("api solve graph 4096 dense", _api({"op": "solve", "graph": _graph(4096, 255), "board": _graph_board(4096)})),
        ("api solve graph 4096 dense minimal", _api({"op": "solve", "graph": _graph(4096, 255), "board": _graph_board(4096), "minimal": True})),
        ("api analyze graph 4096 dense", _api({"op": "analyze", "graph": _graph(4096, 255)})),
        ("api solve graph 4096 degree 5", _api({"op": "solve", "graph": _graph(4096, 4), "board": _graph_board(4096)})),
        *[(f"api solve graph 400 dense k={k}", _api({"op": "solve", "graph": _graph(400, 255, k), "board": _graph_board(400, k)})) for k in (3, 5, 255, 243, 252)],
        ("api solve graph 400 dense k=5 minimal", _api({"op": "solve", "graph": _graph(400, 255, 5), "board": _graph_board(400, 5), "minimal": True})),
        ("api verify k=255 1024x1024 custom 5x5", _api({"op": "verify", "k": 255, "rule": "custom:" + "/".join(["#####"] * 5),
                                                       "board": _packed(1024, 1024, 255, fill=1), "presses": _packed(1024, 1024, 255, fill=1)})),
        ("api solve 40x40 1000 don't-care minimal", _api({"op": "solve", "board": _packed(40, 40, fill=1), "minimal": True,
                                                          "dont_care": _packed_cells(40, 40, range(1000))})),
        ("api why 10000x10000", _api({"op": "why", "board": _packed(10_000, 10_000), "cell": 0})),
    ]


def _graph(cells: int, degree: int, k: int = 2) -> dict[str, object]:
    """A random graph puzzle: each press set the cell and ``degree`` others (255 at 4 096 cells: max_graph_entries)."""
    import random

    rng = random.Random(cells * 1000 + degree)
    return {"cells": cells, "k": k, "presses": [sorted({i, *rng.sample(range(cells), degree)}) for i in range(cells)]}


def _graph_board(cells: int, k: int = 2) -> str:
    """A board of a graph puzzle (1×n), every light at state 1."""
    sys.path.insert(0, str(ROOT / "py"))
    from lightsout.model import codec

    return codec.format_packed(1, cells, codec.pack([1] * cells, codec.bits_per_cell(k)), k)


def _packed_cells(rows: int, cols: int, cells: range) -> str:
    """An R×C two-state board with ``cells`` (flat indices) set: a mask field."""
    sys.path.insert(0, str(ROOT / "py"))
    from lightsout.model import codec

    return codec.format_packed(rows, cols, sum(1 << i for i in cells), 2)


def _high_water(pid: int) -> int:
    """The process's peak resident memory so far (VmHWM, bytes), or 0 once it is gone.

    Not ``ru_maxrss``: a forked child inherits the parent's figure, and this
    script holds the cases' big inputs.
    """
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def run_process(argv: list[str], stdin: str, timeout: float, address_cap: int | None = ADDRESS_CAP) -> tuple[float, int, int | None, str, str]:
    """Run one process with the package of ``PACKAGE`` on its path: (seconds, peak RSS bytes, exit status or None when
    killed after ``timeout`` s, stdout, stderr).  ``address_cap``: its address space in bytes (None: uncapped; Node's
    WebAssembly reserves more than it uses)."""
    env = dict(os.environ, PYTHONPATH=str(PACKAGE))

    def cap() -> None:
        if address_cap is not None:
            resource.setrlimit(resource.RLIMIT_AS, (address_cap, address_cap))

    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as given:
        given.write(stdin.encode())
        given.seek(0)
        start = time.perf_counter()
        child = subprocess.Popen(argv, stdin=given, stdout=out, stderr=err, env=env, preexec_fn=cap, cwd=ROOT)
        killed = False
        peak = 0
        while True:
            peak = max(peak, _high_water(child.pid))
            pid, status, _ = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - start > timeout:
                os.kill(child.pid, signal.SIGKILL)
                killed = True
            time.sleep(0.02)
        seconds = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode(errors="replace"), err.read().decode(errors="replace")
    return seconds, peak, None if killed else os.waitstatus_to_exitcode(status), stdout, stderr


def run(argv: list[str], stdin: str, timeout: float) -> tuple[float, int, str]:
    """Run one case: (seconds, peak RSS bytes, outcome)."""
    seconds, peak, returncode, stdout, stderr = run_process(argv, stdin, timeout)
    if returncode is None:
        outcome = f"killed after {timeout:g} s"
    elif argv[1] == "-c":
        outcome = stdout.strip().splitlines()[0] if stdout.strip() else "exit %d %s" % (returncode, stderr.strip().splitlines()[-1:] or "")
    else:
        lines = stderr.strip().splitlines()
        first = lines[0] if lines else stdout.strip().splitlines()[0][:60] if stdout.strip() else ""
        outcome = f"exit {returncode}: {first[:160]}" + (f" (+{len(lines) - 1} lines)" if len(lines) > 1 else "")
    return seconds, peak, outcome


def main() -> int:
    global PACKAGE
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=30.0, help="seconds before a case is killed (default 30)")
    parser.add_argument("--only", nargs="+", default=[], help="run the cases whose name contains one of these words")
    parser.add_argument("--package", type=Path, default=ROOT / "py", help="the folder holding lightsout/ (default: py/ of this checkout)")
    args = parser.parse_args()
    PACKAGE = args.package
    print(f"{'case':<42} {'seconds':>8} {'peak MB':>8}  budget  outcome")
    for name, (argv, stdin) in cases():
        if args.only and not any(word in name for word in args.only):
            continue
        seconds, peak, outcome = run(argv, stdin, args.timeout)
        over = [what for what, bad in (("time", seconds > BUDGET_SECONDS), ("memory", peak > BUDGET_BYTES)) if bad]
        print(f"{name:<42} {seconds:>8.2f} {peak / 1e6:>8.0f}  {'+'.join(over) or 'ok':<6}  {outcome}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
