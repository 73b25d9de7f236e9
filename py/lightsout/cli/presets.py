"""The command line for presets and graph puzzles: ``--preset NAME``, ``--puzzle FILE``, ``presets``.

:mod:`lightsout.cli.commands` calls :func:`solve`, :func:`analyze` and
:func:`list_presets` when a command names a preset of
:mod:`lightsout.presets` or a user-defined puzzle (:mod:`lightsout.text.puzzle_text`).
A board is read in the puzzle's text form: one symbol per cell in the
documented cell order, whitespace ignored (grids also take every grid
format).  Errors are ``ValueError`` with one line naming what and where;
:func:`lightsout.cli.commands.main` prints it and exits 2.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
from collections.abc import Callable, Sequence
from typing import Any

from ..model import codec
from ..analysis.figures import analysis_figures, solve_figures
from ..solving.coset_leader import SEARCH_SECONDS
from ..errors import BoardFormatError
from ..presets.presets import PRESETS, Preset, preset, preset_figures, presets_reply
from ..text.mask_text import parse_mask
from ..model.puzzle import Puzzle
from ..model.puzzle_fields import puzzle_from_fields
from ..names import PUZZLE_OPTIONS
from ..solving.solver import FEWEST_SEARCH_LIMIT, Solution, solve
from ..text.cell_runs import format_cells, read_cells
from ..text.puzzle_text import UserPuzzle, parse_puzzle

__all__ = ["solve_command", "analyze_command", "analysis_text", "count_text", "list_presets", "named_puzzle", "say_not_proven", "listed_solutions"]

Reader = Callable[[str | None], str]


def named_puzzle(args: argparse.Namespace, read: Reader) -> tuple[Puzzle, Preset | None, UserPuzzle | None]:
    """The puzzle of ``--preset`` or ``--puzzle``, with ``--target`` and ``--mask`` applied.

    Raises ``ValueError`` for both options at once, an unknown preset, a
    puzzle file that does not read, or an option the puzzle fixes
    (``--rule``, ``--surface``, ``--torus``, ``--states`` other than its own).
    """
    if args.preset is not None and args.puzzle is not None:
        raise ValueError("give --preset or --puzzle, not both")
    chosen: Preset | None = None
    user: UserPuzzle | None = None
    if args.preset is not None:
        chosen = preset(args.preset)
        base = chosen.puzzle
    else:
        try:
            user = parse_puzzle(read(args.puzzle))
        except BoardFormatError as error:
            raise ValueError(f"{args.puzzle}: {error}") from None
        base = user.puzzle
    holes: tuple[int, int, int] | None = None
    dont_care: tuple[int, int, int] | None = None
    if args.mask is not None:
        mask = parse_mask(read(args.mask))
        holes, dont_care = (mask.rows, mask.cols, mask.holes), (mask.rows, mask.cols, mask.dont_care)
    target: str | tuple[int, int, int] | None = args.target
    if args.target not in (None, "off", "on"):
        target = (base.rows, base.cols, _cells(base, read(args.target), args.target))
    states = None if args.states == 2 else args.states  # 2 is --states' default: the puzzle's own k
    puzzle = puzzle_from_fields(
        base.rows, base.cols, states, args.rule, args.surface, args.torus, holes, dont_care, target, base, name=PUZZLE_OPTIONS.__getitem__
    )
    return puzzle, chosen, user


def _cells(puzzle: Puzzle, text: str, source: str) -> int:
    try:
        return read_cells(puzzle, text)
    except BoardFormatError as error:
        raise ValueError(f"{source}: {error}") from None


def _head(puzzle: Puzzle, chosen: Preset | None, user: UserPuzzle | None) -> dict[str, Any]:
    return {
        "preset": None if chosen is None else chosen.name,
        "title": None if user is None else user.name,
        "rows": puzzle.rows,
        "cols": puzzle.cols,
        "cells": puzzle.cells,
        "states": puzzle.k,
        "format": "cells",
    }


def solve_command(args: argparse.Namespace, read: Reader) -> int:
    """``solve --preset NAME`` / ``solve --puzzle FILE``: read the board (FILE, stdin, or the puzzle's ``start`` without FILE) and solve it."""
    puzzle, chosen, user = named_puzzle(args, read)
    if args.file is None and user is not None and user.start is not None:
        lights = user.start
    else:
        lights = _cells(puzzle, read(args.file), "<stdin>" if args.file in (None, "-") else args.file)
    lights &= ~puzzle.spread(puzzle.holes)
    result = solve(puzzle, lights, "auto", args.minimal, args.seconds)
    say_not_proven(args, result)
    listed = listed_solutions(args, result)
    if args.json:
        report = _head(puzzle, chosen, user)
        report.update(solve_figures(result, lambda value: codec.format_packed(puzzle.rows, puzzle.cols, value, puzzle.k)))
        report["solution_id"] = report["solution"]
        report["solution"] = None if result.presses is None else format_cells(puzzle, result.presses)
        for name in ("proof", "nearest"):
            if report.get(name) is not None:
                report[name + "_id"] = report[name]
                report[name] = format_cells(puzzle, codec.parse_packed(report[name], puzzle.k)[2])
        if args.all:
            report["all_solutions"] = [format_cells(puzzle, value) for value in listed]
        print(json.dumps(report, indent=2, ensure_ascii=False))
    elif args.all and listed:
        print("\n\n".join(format_cells(puzzle, value) for value in listed))
    else:
        print("No solution" if result.presses is None else format_cells(puzzle, result.presses))
    return 0


def analyze_command(args: argparse.Namespace, read: Reader) -> int:
    """``analyze --preset NAME`` / ``analyze --puzzle FILE``: cells, rank, nullity, solvable fraction, quiet patterns."""
    puzzle, chosen, user = named_puzzle(args, read)
    result = solve(puzzle, puzzle.target_board())
    if args.json:
        report = _head(puzzle, chosen, user)
        report.update(analysis_figures(result, lambda value: codec.format_packed(puzzle.rows, puzzle.cols, value, puzzle.k), None))
        report["solutions_per_solvable_board"] = str(math.prod(result.invariant_factors))
        fewest = solve(puzzle, 0, minimal=True)
        report["fewest_from_off"] = fewest.press_total if fewest.minimal else None
        print(json.dumps(report, indent=2, ensure_ascii=False))
        return 0
    figures = analysis_figures(result, lambda value: format_cells(puzzle, value), None)
    name = chosen.game["en"] if chosen is not None else user.name if user is not None and user.name else "user-defined puzzle"
    print(analysis_text(f"{name}: {puzzle.cells} cells, {puzzle.k} states", result, figures))
    return 0


LONGEST_COUNT = 15
"""Digits a count is written with in full; a longer one is written as powers (:func:`count_text`)."""

_PRIMES = tuple(n for n in range(2, 256) if all(n % d for d in range(2, n)))


def say_not_proven(args: argparse.Namespace, result: Solution) -> None:
    """Say on stderr, when ``--minimal``'s answer is not proven fewest, why: the search's budget
    (``--seconds``, default :data:`~lightsout.solving.coset_leader.SEARCH_SECONDS` where a search
    has one) ran out, or (k > 2) there were too many solutions to visit."""
    if not (args.minimal and result.solvable and not result.minimal):
        return
    budget = SEARCH_SECONDS if args.seconds is None else args.seconds
    if result.puzzle.k == 2:
        why = f"found in {budget:g} s at nullity {result.nullity}; --seconds gives the search more time"
    elif result.solution_count > FEWEST_SEARCH_LIMIT:
        why = f"the first one found: more than {FEWEST_SEARCH_LIMIT} solutions are not searched"
    else:
        why = f"the best found in {budget:g} s; --seconds gives the search more time"
    print(f"lightsout: fewest presses not proven: the best of {count_text(result.solution_count)} solutions ({why})", file=sys.stderr)


def listed_solutions(args: argparse.Namespace, result: Solution) -> list[int]:
    """``--all``'s solutions (at most ``--limit``), visited within ``--seconds`` when given; a list cut short says so on stderr."""
    if not args.all:
        return []
    listed, complete = result.listing(args.limit, args.seconds)
    if not complete:
        print(f"lightsout: the list is cut short: {args.seconds:g} s (--seconds) ran out; these are the fewest presses first "
              "among the solutions visited", file=sys.stderr)
    return listed


def count_text(count: int) -> str:
    """A count of solutions or boards (≥ 1) as the CLI's text writes it: in full up to
    :data:`LONGEST_COUNT` digits, else as a product of prime powers, ``"2^600"``, ``"2^3 x 3^100"``.

    Every such count is a product of orders of cyclic groups Z/m with m dividing k ≤ 255, so its
    primes are below 256; another number (none is expected) is written by its order, ``"~1e179"``.
    """
    if count < 10**LONGEST_COUNT:
        return str(count)
    parts, rest = [], count
    for prime in _PRIMES:
        power = 0
        while rest % prime == 0:
            rest //= prime
            power += 1
        if power:
            parts.append(str(prime) if power == 1 else f"{prime}^{power}")
    if rest == 1:
        return " x ".join(parts)
    return f"~1e{int(count.bit_length() * math.log10(2))}"  # str() refuses more than 4300 digits


def _invariant_factors_text(orders: Sequence[int]) -> str:
    """The group of quiet patterns, ``"Z/2 x Z/3 x Z/3"``; more than three equal factors once with a power, ``"(Z/3)^199"``."""
    parts = []
    for order, group in itertools.groupby(orders):
        power = len(list(group))
        parts.append(f"(Z/{order})^{power}" if power > 3 else " x ".join([f"Z/{order}"] * power))
    return " x ".join(parts) or "a single solution"


def analysis_text(heading: str, result: Solution, figures: dict[str, Any]) -> str:
    """The text report of ``analyze`` (grids, presets and graphs alike): ``heading``, then the figures of
    :func:`lightsout.analysis.figures.analysis_figures` (its quiet patterns already written as text); a count of
    more than :data:`LONGEST_COUNT` digits as powers (:func:`count_text`)."""
    count = count_text(math.prod(result.invariant_factors))
    factors = _invariant_factors_text(result.invariant_factors)
    fraction = figures["solvable_fraction"]  # "1/2^n" or "1/N"
    denominator = fraction.partition("/")[2]
    if denominator.isdigit():
        fraction = "1/" + count_text(int(denominator))
    lines = [
        heading,
        f"rank: {result.rank}",
        f"nullity: {result.nullity}",
        f"solutions per solvable board: {count}" + (f" ({factors})" if result.puzzle.k > 2 else ""),
        f"solvable boards: {fraction}",
    ]
    if figures["worst_case"] is not None:
        lines.append(f"most presses any solvable board needs: {figures['worst_case']}")
    if figures["quiet"]:
        lines.append(f"quiet patterns (generators, {result.nullity}):")
        for pattern in figures["quiet"]:
            lines += ["", pattern]
    return "\n".join(lines)


def list_presets(args: argparse.Namespace) -> int:
    """``presets``: one line per real game (``--json``: the API's ``presets`` reply); ``--figures``: a table of
    cells, k, rank, nullity and the fewest presses from all off / all on to the goal (in the JSON: ``figures``)."""
    figures = preset_figures() if args.figures else None
    if args.json:
        reply = presets_reply()
        if figures is not None:
            for entry, row in zip(reply["presets"], figures):
                entry["figures"] = row
        print(json.dumps(reply, indent=2, ensure_ascii=False))
        return 0
    if figures is not None:
        print(f"{'preset':<16} {'cells':>5} {'k':>2} {'rank':>5} {'nullity':>7} {'off→goal':>8} {'on→goal':>8}")
        for row in figures:
            print(f"{row['name']!s:<16} {row['cells']!s:>5} {row['k']!s:>2} {row['rank']!s:>5} {row['nullity']!s:>7} {row['from_off']!s:>8} {row['from_on']!s:>8}")
        return 0
    for entry in PRESETS.values():
        puzzle = entry.puzzle
        goal = puzzle.target if isinstance(puzzle.target, str) else format_cells(puzzle, puzzle.target).replace("\n", "/")
        year = "" if entry.year is None else f", {entry.year}"
        print(f"{entry.name:16} {entry.game['en']} ({entry.maker}{year}): {puzzle.cells} cells, {puzzle.k} states, goal {goal}. {entry.description['en']}")
    return 0
