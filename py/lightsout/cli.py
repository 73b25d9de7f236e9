"""Command line: ``python -m lightsout solve|analyze``.

Exit status: 0 when an answer was computed (``No solution`` included), 2 for
bad input (a one-line message on stderr, no traceback).
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections.abc import Sequence
from typing import Any

from .analysis import nearest_solvable, unsolvable_proof, worst_case_if_small
from .board import Board
from .formats import FORMATS, BoardFormatError, ParsedBoard, format_game_id, format_grid, format_solution, parse_board
from .mask import Mask, parse_mask
from .modk import MAX_STATES, SURFACES, Game, format_states, parse_states, solve_states
from .quiet import EXACT_NULLITY, SEARCH_SECONDS, fewest_presses
from .rules import PLUS, Rule, parse_rule
from .solve import METHODS, TooLargeError, solve

__all__ = ["main"]

SURFACE_NAMES = {"plane": "plane", "torus": "torus", "klein": "Klein bottle", "projective": "projective plane"}


class UsageError(Exception):
    """Bad input from the command line; the message is shown as is."""


def _read(path: str | None) -> str:
    if path is None or path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path} is not UTF-8 text") from None


def _parse(text: str, format: str, source: str, rule: Rule = PLUS) -> ParsedBoard:
    try:
        return parse_board(text, format, rule)
    except BoardFormatError as error:
        raise UsageError(f"{source}: {error}") from None


def _rule(args: argparse.Namespace) -> Rule:
    try:
        rule = parse_rule(args.rule)
    except ValueError as error:
        raise UsageError(f"--rule: {error}") from None
    return rule.on_torus(args.torus)


def _mask(args: argparse.Namespace, rows: int, cols: int) -> Mask | None:
    if args.mask is None:
        return None
    try:
        mask = parse_mask(_read(args.mask))
    except BoardFormatError as error:
        raise UsageError(f"{args.mask}: {error}") from None
    if (mask.rows, mask.cols) != (rows, cols):
        raise UsageError(f"{args.mask}: mask is {mask.rows}x{mask.cols}, board is {rows}x{cols}")
    return mask


def _states_game(args: argparse.Namespace, rows: int, cols: int) -> Game:
    """The k-state game the options describe (``--states``, ``--surface``, ``--rule``, ``--torus``)."""
    if args.mask is not None:
        raise UsageError("--mask: holes and don't-care cells need 2 states on a plane or a torus")
    try:
        return Game.from_rule(rows, cols, args.states, _rule(args), None if args.surface == "plane" else args.surface)
    except ValueError as error:
        raise UsageError(str(error)) from None


def _uses_states(args: argparse.Namespace) -> bool:
    """True when the options need the general engine (more than 2 states, or a Klein bottle or projective plane)."""
    if args.torus and args.surface not in ("plane", "torus"):
        raise UsageError(f"--torus and --surface {args.surface} contradict each other")
    return bool(args.states != 2 or args.surface in ("klein", "projective"))


def _parse_states(text: str, k: int, source: str) -> tuple[int, int, list[int]]:
    try:
        return parse_states(text, k)
    except BoardFormatError as error:
        raise UsageError(f"{source}: {error}") from None


def _solve_states(args: argparse.Namespace, source: str) -> int:
    """``solve`` with k states per light: press counts per cell, as symbols 0–9, a–z (numbers above 36 states)."""
    if args.all or args.algorithm != "auto" or args.format != "auto":
        option = "--all" if args.all else "--algorithm" if args.algorithm != "auto" else "--format"
        raise UsageError(f"{option} is not available with --states or a Klein bottle or projective plane")
    rows, cols, cells = _parse_states(_read(args.file), args.states, source)
    game = _states_game(args, rows, cols)
    target: list[int] | str = {"off": "zero", "on": "full"}.get(args.target, "")
    if not target:
        target_rows, target_cols, target = _parse_states(_read(args.target), args.states, args.target)
        if (target_rows, target_cols) != (rows, cols):
            raise UsageError(f"{args.target}: target is {target_rows}x{target_cols}, board is {rows}x{cols}")
    try:
        result = solve_states(game, cells, target, minimal=args.minimal)
    except ValueError as error:
        raise UsageError(str(error)) from None
    solution = None if result.presses is None else format_states(rows, cols, result.presses, game.k)
    if args.json:
        print(json.dumps({
            "rows": rows,
            "cols": cols,
            "states": game.k,
            "surface": game.surface,
            "rule": str(_rule(args)),
            "method": result.method,
            "solvable": result.solvable,
            "solutions": result.solution_count,
            "structure": result.structure if result.solvable else None,
            "presses": result.total_presses,
            "minimal": result.minimal,
            "solution": solution,
        }, indent=2))
    else:
        print("No solution" if solution is None else solution)
    return 0


def _solve(args: argparse.Namespace) -> int:
    source = args.file if args.file not in (None, "-") else "<stdin>"
    if _uses_states(args):
        return _solve_states(args, source)
    rule = _rule(args)
    parsed = _parse(_read(args.file), args.format, source, rule)
    board = parsed.board
    target: Board | str = args.target
    if args.target not in ("off", "on"):
        target = _parse(_read(args.target), "auto", args.target, rule).board
        if (target.rows, target.cols) != (board.rows, board.cols):
            raise UsageError(f"{args.target}: target is {target.rows}x{target.cols}, board is {board.rows}x{board.cols}")
    mask = _mask(args, board.rows, board.cols)
    try:
        result = solve(board, target, args.algorithm, mask=mask)
    except (TooLargeError, ValueError) as error:
        raise UsageError(str(error)) from None
    if args.minimal:
        seconds = args.seconds
        if seconds is None:
            seconds = math.inf if result.nullity <= EXACT_NULLITY else SEARCH_SECONDS
        result = fewest_presses(result, seconds)
        if result.solvable and not result.minimal:
            print(
                f"lightsout: fewest presses not proven: the best of {result.solution_count} solutions "
                f"found in {seconds:g} s (nullity {result.nullity}; --seconds gives the search more time)",
                file=sys.stderr,
            )
    solutions = list(result.all_solutions(args.limit)) if args.all else []
    if args.json:
        report: dict[str, Any] = {
            "rows": board.rows,
            "cols": board.cols,
            "format": parsed.format,
            "method": result.method,
            "solvable": result.solvable,
            "rank": result.rank,
            "nullity": result.nullity,
            "solutions": result.solution_count,
            "presses": result.press_count,
            "minimal": result.minimal,
            "optimal_count": result.optimal_count,
            "solution": None if result.presses is None else format_solution(result.presses, parsed),
            "solution_id": None if result.presses is None else format_game_id(result.presses),
            "rule": str(rule),
        }
        if not result.solvable:
            proof = unsolvable_proof(board, target, mask)
            report["proof"] = None if proof is None else format_grid(proof)
            try:
                report["nearest"] = format_grid(nearest_solvable(board, target, mask))
            except TooLargeError:
                report["nearest"] = None
        if args.all:
            report["all_solutions"] = [format_game_id(s) for s in solutions]
        print(json.dumps(report, indent=2))
    elif args.all and solutions:
        print("\n\n".join(format_solution(s, parsed) for s in solutions))
    else:
        sys.stdout.write(format_solution(result.presses, parsed) + "\n")
    return 0


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not seconds >= 0:
        raise argparse.ArgumentTypeError(f"expected a number of seconds >= 0, got {text!r}")
    return seconds


def _states(text: str) -> int:
    if not (text.isascii() and text.isdigit() and 2 <= int(text) <= MAX_STATES):
        raise argparse.ArgumentTypeError(f"expected a number of states from 2 to {MAX_STATES}, got {text!r}")
    return int(text)


def _size(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*", text)
    if not match or int(match.group(1)) < 1 or int(match.group(2)) < 1:
        raise argparse.ArgumentTypeError(f"expected a size such as 5x5, got {text!r}")
    return int(match.group(1)), int(match.group(2))


def _analyze_states(args: argparse.Namespace) -> int:
    """``analyze`` with k states per light: how many solutions a solvable board has, and their structure."""
    rows, cols = args.size
    game = _states_game(args, rows, cols)
    try:
        result = solve_states(game, [0] * game.cells)
    except ValueError as error:
        raise UsageError(str(error)) from None
    structure = " x ".join(f"Z/{order}" for order in result.structure) or "a single solution"
    if args.json:
        print(json.dumps({
            "rows": rows, "cols": cols, "states": game.k, "surface": game.surface, "rule": str(_rule(args)),
            "solutions_per_solvable_board": result.solution_count, "structure": result.structure,
        }, indent=2))
        return 0
    print("\n".join([
        f"{rows}x{cols} board, {game.k} states, {_rule(args).name} rule on a {SURFACE_NAMES[game.surface]}",
        f"solutions per solvable board: {result.solution_count} ({structure})",
        f"solvable boards: 1 in {result.solution_count}",
    ]))
    return 0


def _analyze(args: argparse.Namespace) -> int:
    if _uses_states(args):
        return _analyze_states(args)
    rows, cols = args.size
    rule = _rule(args)
    mask = _mask(args, rows, cols)
    result = solve(Board(rows, cols, (), rule), mask=mask)
    worst = worst_case_if_small(rows, cols, rule, mask)
    quiet = list(result.quiet)
    if args.json:
        print(json.dumps({
            "rows": rows,
            "cols": cols,
            "rule": str(rule),
            "rank": result.rank,
            "nullity": result.nullity,
            "solutions_per_solvable_board": 1 << result.nullity,
            "solvable_fraction": f"1/2^{result.nullity}",
            "worst_case": worst,
            "quiet": [format_game_id(q) for q in quiet],
        }, indent=2))
        return 0
    lines = [
        f"{rows}x{cols} board, {rule.name} rule" + (" on a torus" if rule.torus else "") + (", masked" if mask is not None else ""),
        f"rank: {result.rank}",
        f"nullity: {result.nullity}",
        f"solutions per solvable board: {1 << result.nullity}",
        f"solvable boards: 1 in {1 << result.nullity}",
    ]
    if worst is not None:
        lines.append(f"most presses any solvable board needs: {worst}")
    if quiet:
        lines.append(f"quiet patterns (a basis of {result.nullity}):")
        for pattern in quiet:
            lines += ["", format_grid(pattern)]
    print("\n".join(lines))
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="lightsout", description="Solve and analyse Lights Out boards over GF(2).")
    commands = parser.add_subparsers(dest="command", required=True)

    solve_parser = commands.add_parser("solve", help="solve a board read from FILE or stdin")
    solve_parser.add_argument("file", nargs="?", metavar="FILE", help="board text (default: stdin)")
    solve_parser.add_argument("--format", choices=("auto", *FORMATS), default="auto", help="input format (default: auto-detect)")
    solve_parser.add_argument("--target", default="off", metavar="off|on|FILE", help="the lights wanted at the end (default: off)")
    solve_parser.add_argument("--algorithm", choices=("auto", *METHODS), default="auto", help="solving method (default: auto)")
    solve_parser.add_argument("--minimal", action="store_true", help="give a solution with the fewest presses")
    solve_parser.add_argument(
        "--seconds",
        type=_seconds,
        metavar="S",
        help=f"time budget of --minimal (default: none up to nullity {EXACT_NULLITY}, else {SEARCH_SECONDS:g})",
    )
    solve_parser.add_argument("--all", action="store_true", help="list every solution (up to --limit)")
    solve_parser.add_argument("--limit", type=int, default=100, metavar="N", help="most solutions --all lists (default: 100)")
    solve_parser.add_argument("--json", action="store_true", help="print a JSON report")
    _add_variant_options(solve_parser)
    solve_parser.set_defaults(run=_solve)

    analyze_parser = commands.add_parser("analyze", help="rank, nullity and quiet patterns of RxC boards")
    analyze_parser.add_argument("size", type=_size, metavar="RxC")
    analyze_parser.add_argument("--json", action="store_true", help="print a JSON report")
    _add_variant_options(analyze_parser)
    analyze_parser.set_defaults(run=_analyze)
    return parser


def _add_variant_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rule", default="plus", metavar="plus|moore|x|custom:ROWS", help="click rule (custom: rows of #/. joined by /, e.g. custom:.#./###/.#.)")
    parser.add_argument("--torus", action="store_true", help="rows and columns wrap around")
    parser.add_argument("--states", type=_states, default=2, metavar="K", help="states per light, 2..255 (a press adds 1 mod K; default 2)")
    parser.add_argument("--surface", choices=SURFACES, default="plane", help="how the edges wrap (default: plane; torus = --torus)")
    parser.add_argument("--mask", metavar="FILE", help="holes and don't-care cells: rows of '.' (cell), '?' (don't care), '-' (hole)")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    args = _parser().parse_args(argv)
    try:
        return int(args.run(args))
    except UsageError as error:
        print(f"lightsout: {error}", file=sys.stderr)
        return 2
