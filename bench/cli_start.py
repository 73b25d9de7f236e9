"""Start-up benchmark of the LOJ command line (issue #16): whole-process times, printed, not asserted.

    .venv/bin/python bench/cli_start.py [--n 1000] [--runs 21] [--seed 16] [--package DIR]

Times three whole processes on the same n×n LibreOJ #6243 board, interleaved (one of each per
round, so a busy moment of the shared machine hits all three alike), and prints their medians and
the median of the per-round ratios:

- ``python -m lightsout solve --format loj < board`` (the package from ``--package``, default this
  checkout's ``py/``: pass another checkout's ``py/`` to time it before a change);
- ``python -c pass``: the interpreter's own start-up, the floor;
- ``loj_bitset``: bench/loj_bitset.cpp (light chasing and the first-row system with
  ``std::bitset``), compiled here with ``g++ -O2`` into a temporary directory.

It also prints the package's import time as ``python -X importtime`` shows it (the median over the
rounds of the summed cumulative times of the top-level ``lightsout`` imports) and the standard
library modules the command imports beyond ``python -c pass``.  Before timing, both solvers answer
the board (default: the effect of random presses, so solvable) and an unsolvable-or-not random board:
they must agree on solvability, and each answer is checked by pressing it (plus rule, row ints).

Byte code: the environment of this machine sets PYTHONDONTWRITEBYTECODE, which would make every run
compile the package from source; the runs here drop it and cache byte code under a temporary
PYTHONPYCACHEPREFIX (warmed up first), as an installed package would have it.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "bench" / "loj_bitset.cpp"


def board_text(n: int, seed: int, solvable: bool) -> str:
    """An n×n LOJ board: the lights of random presses (solvable), or random lights."""
    rng = random.Random(seed)
    mask = (1 << n) - 1
    if solvable:
        presses = [rng.getrandbits(n) for _ in range(n)]
        rows = press_rows([0] * n, presses, n)
    else:
        rows = [rng.getrandbits(n) for _ in range(n)]
    return f"{n}\n" + "\n".join(format(row & mask, f"0{n}b")[::-1].translate(str.maketrans("10", "#.")) for row in rows) + "\n"


def press_rows(lights: list[int], presses: list[int], n: int) -> list[int]:
    """The rows after pressing ``presses`` (plus rule on a plane; bit c = column c)."""
    mask = (1 << n) - 1
    out = []
    for r in range(n):
        p = presses[r]
        row = lights[r] ^ p ^ (p << 1 & mask) ^ (p >> 1)
        if r > 0:
            row ^= presses[r - 1]
        if r + 1 < n:
            row ^= presses[r + 1]
        out.append(row)
    return out


def read_rows(text: str, n: int) -> list[int]:
    """Row ints of n lines of n cells ('#' lit)."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) != n or any(len(line) != n for line in lines):
        raise SystemExit(f"expected {n} rows of {n} cells, got {len(lines)} lines")
    return [int(line.translate(str.maketrans("#.", "10"))[::-1], 2) for line in lines]


def check_answer(name: str, board: str, answer: str, n: int) -> bool:
    """True when ``answer`` solves ``board``, False for "No solution"; exits on a wrong answer."""
    if answer.strip() == "No solution":
        return False
    lights = read_rows(board.split("\n", 1)[1], n)
    if any(press_rows(lights, read_rows(answer, n), n)):
        raise SystemExit(f"{name}: the answer leaves lights on")
    return True


def run(command: list[str], board: Path, env: dict[str, str], capture: bool = False) -> tuple[float, str, str]:
    """Run ``command`` with the board on stdin: (seconds, stdout, stderr)."""
    with board.open("rb") as stdin:
        start = time.perf_counter()
        done = subprocess.run(command, stdin=stdin, stdout=subprocess.PIPE if capture else subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, check=False)
        seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} exited {done.returncode}: {done.stderr.decode(errors='replace')[-500:]}")
    return seconds, done.stdout.decode() if capture else "", done.stderr.decode(errors="replace")


def import_figures(stderr: str) -> tuple[float, list[str]]:
    """From ``-X importtime`` output: ms summed over the top-level lightsout imports, and every module imported."""
    total = 0.0
    modules = []
    for line in stderr.splitlines():
        if not line.startswith("import time:") or "|" not in line:
            continue
        _, cumulative, name = line.split("|")
        if not cumulative.strip().isdigit():
            continue  # the header line
        modules.append(name.strip())
        if name.startswith(" lightsout") and (name.strip() == "lightsout" or name.strip().startswith("lightsout.")):
            total += int(cumulative) / 1000
    return total, modules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=1000, help="board side (default 1000)")
    parser.add_argument("--runs", type=int, default=21, help="interleaved rounds (default 21)")
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--package", type=Path, default=ROOT / "py", help="the directory holding lightsout/ (default: this checkout's py/)")
    args = parser.parse_args()
    compiler = shutil.which("g++")
    if compiler is None:
        raise SystemExit("g++ not found (apt-get install g++)")
    with tempfile.TemporaryDirectory(prefix="bench-cli-start-") as temp:
        work = Path(temp)
        binary = work / "loj_bitset"
        subprocess.run([compiler, "-O2", "-o", str(binary), str(SOURCE)], check=True)
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        env.update(PYTHONPATH=str(args.package.resolve()), PYTHONPYCACHEPREFIX=str(work / "pyc"))
        python = [sys.executable, "-m", "lightsout", "solve", "--format", "loj"]
        commands = {"python -m lightsout solve --format loj": python, "python -c pass": [sys.executable, "-c", "pass"], "loj_bitset (g++ -O2)": [str(binary)]}

        boards = {"presses": board_text(args.n, args.seed, True), "random": board_text(args.n, args.seed + 1, False)}
        for kind, text in boards.items():
            path = work / f"{kind}.txt"
            path.write_text(text, encoding="ascii")
            answers = {name: check_answer(name, text, run(command, path, env, capture=True)[1], args.n) for name, command in commands.items() if "pass" not in name}
            if len(set(answers.values())) != 1:
                raise SystemExit(f"{kind} board: the solvers disagree on solvability: {answers}")
            print(f"{args.n}x{args.n} board ({kind}): {'solvable' if next(iter(answers.values())) else 'no solution'}, both answers agree and are checked by pressing them")
        board = work / "presses.txt"

        for _ in range(2):  # warm-up: byte code cached, files in the page cache
            for command in commands.values():
                run(command, board, env)
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, command in commands.items():
                times[name].append(run(command, board, env)[0])
        imports = []
        modules: list[str] = []
        for _ in range(args.runs):
            total, modules = import_figures(run([sys.executable, "-X", "importtime", *python[1:]], board, env)[2])
            imports.append(total)
        _, floor_modules = import_figures(run([sys.executable, "-X", "importtime", "-c", "pass"], board, env)[2])

    print(f"\n{platform_line()}; {args.runs} interleaved rounds; package {args.package}")
    print(f"{'command':<42} {'median':>9} {'min':>9} {'max':>9}")
    for name, values in times.items():
        print(f"{name:<42} {statistics.median(values) * 1000:8.1f}ms {min(values) * 1000:8.1f}ms {max(values) * 1000:8.1f}ms")
    lightsout_times, floor, native = (times[name] for name in commands)
    print(f"median ratio python -m lightsout / python -c pass: {statistics.median(a / b for a, b in zip(lightsout_times, floor)):.2f}")
    print(f"median ratio python -m lightsout / loj_bitset:     {statistics.median(a / b for a, b in zip(lightsout_times, native)):.2f}")
    print(f"median ratio loj_bitset / python -c pass:          {statistics.median(a / b for a, b in zip(native, floor)):.2f}")
    print(f"python -X importtime: the lightsout imports total {statistics.median(imports):.1f} ms (median; min {min(imports):.1f}, max {max(imports):.1f})")
    package = sorted(name for name in modules if name == "lightsout" or name.startswith("lightsout."))
    stdlib = sorted(set(modules) - set(floor_modules) - set(package))
    print(f"package modules imported ({len(package)}): {', '.join(package)}")
    print(f"standard-library modules imported beyond python -c pass ({len(stdlib)}): {', '.join(stdlib)}")


def platform_line() -> str:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, load average {load:.2f} at the end"


if __name__ == "__main__":
    main()
