"""Command line: ``python -m lightsout solve|analyze|presets|levels`` (reference: py/README.md).

Every subcommand describes its puzzle with the same options: ``--states K``,
``--surface S`` (``--torus`` = ``--surface torus``), ``--rule R``,
``--mask FILE`` and ``--target T``; or ``--preset NAME`` (a real game) /
``--puzzle FILE`` (a user-defined graph), handled by :mod:`lightsout.cli.presets`.  The figures come from
:mod:`lightsout.analysis.figures`, the same functions the JSON API uses.

Exit status: 0 when an answer was computed (``No solution`` included), 2 for
bad input: one line on stderr naming what was wrong and where, never a
traceback.

Start-up: the module imports only argparse and the leaf modules its parser
needs (:mod:`lightsout.names`, ...); each command imports the rest when it
runs.  ``solve --format loj`` on a plain board (two states, the plus rule on
a plane, all off, no other option) reads, solves and writes through
:mod:`lightsout.text.grid_text`, :mod:`lightsout.solving.chebyshev` and
:mod:`lightsout.solving.chase` alone (:func:`_loj_answer`), so it starts about as
fast as the interpreter; ``tests/unit/test_start.py`` checks which modules
that path imports, ``bench/cli_start.py`` times it.
"""

from __future__ import annotations

import argparse
import sys

from ..errors import BoardFormatError
from ..names import (
    EXACT_NULLITY,
    FORMATS,
    HIDDEN_CHARACTERS,
    MAX_LISTED_SOLUTIONS,
    MAX_STATES,
    METHOD_NAMES,
    MIN_STATES,
    PUZZLE_OPTIONS,
    SEARCH_SECONDS,
    STATES,
    SURFACES,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any, NoReturn

    from ..text.formats import ParsedBoard
    from ..model.mask import Mask
    from ..model.puzzle import Puzzle

__all__ = ["main"]


def _say(message: str) -> None:
    """Print ``lightsout: <message>`` on stderr, one line, each hidden character (ESC, BEL, a bidi
    override...: :data:`lightsout.names.HIDDEN_CHARACTERS`) written as its escape: a file name or a
    token of the input quoted in an error never acts on the terminal."""
    import re

    line = message.splitlines()[0] if message.strip() else message
    print("lightsout: " + re.sub(HIDDEN_CHARACTERS, lambda match: match.group().encode("unicode_escape", "backslashreplace").decode("ascii"), line), file=sys.stderr)


class UsageError(Exception):
    """Bad input from the command line; the message is shown as is."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (``lightsout: <what>``) and exit 2."""

    def error(self, message: str) -> NoReturn:
        _say(message)
        raise SystemExit(2)


def _read(path: str | None) -> str:
    """The text of ``path`` (``-`` or None: stdin): :func:`_read_text`'s."""
    return _read_text(path)[0]


def _read_text(path: str | None) -> tuple[str, Callable[[int], str] | None]:
    """The text of ``path`` (``-`` or None: stdin), at most max_text_bytes of it: a file or stream of more is
    refused having read one byte more (``solve /dev/zero`` read 7.6 GB before), and big text that is not
    ASCII is cleaned as bytes, with the reader of its lines as given (:func:`lightsout.text.text_input.decode_text`)."""
    from ..errors import TooLargeError
    from ..text.text_input import MAX_TEXT_BYTES, decode_text

    source = _source(path)
    try:
        if path is None or path == "-":
            stream = getattr(sys.stdin, "buffer", None)
            data = stream.read(MAX_TEXT_BYTES + 1) if stream is not None else sys.stdin.read(MAX_TEXT_BYTES + 1).encode("utf-8", "surrogatepass")
        else:
            with open(path, "rb") as handle:
                data = handle.read(MAX_TEXT_BYTES + 1)
    except OSError as error:
        raise UsageError(f"cannot read {path}: {error.strerror}") from None
    if len(data) > MAX_TEXT_BYTES:
        raise UsageError(f"{source} is larger than max_text_bytes ({MAX_TEXT_BYTES} bytes, {MAX_TEXT_BYTES >> 20} MiB): not read")
    try:
        return decode_text(data)
    except BoardFormatError as error:
        if error.code == "not_utf8":
            raise UsageError(f"{source} is not UTF-8 text (byte {error.params['byte']})") from None
        raise UsageError(f"{source}: {error}") from None
    except TooLargeError as error:
        raise UsageError(f"{source}: {error}") from None


def _source(path: str | None) -> str:
    return "<stdin>" if path in (None, "-") else str(path)


def _board_text(text: str, k: int, format: str, source: str, original: Callable[[int], str] | None = None) -> tuple[int, int, int, ParsedBoard | None]:
    """Read a board in ``format`` with k states: (rows, cols, packed, the parsed two-state board or None);
    ``original`` as :func:`lightsout.text.formats.read_board` takes it."""
    from ..errors import TooLargeError
    from ..text.formats import read_board

    try:
        read = read_board(text, format, k, original=original)
    except (BoardFormatError, TooLargeError) as error:
        raise UsageError(f"{source}: {error}") from None
    return read.rows, read.cols, read.packed, read.parsed


def _puzzle(args: argparse.Namespace, rows: int, cols: int) -> Puzzle:
    """The puzzle the options describe (``--states``, ``--surface``/``--torus``, ``--rule``, ``--mask``, ``--target``),
    built by :func:`lightsout.model.puzzle_fields.puzzle_from_fields` as the API builds a request's."""
    from ..model.puzzle_fields import puzzle_from_fields

    holes: tuple[int, int, int] | None = None
    dont_care: tuple[int, int, int] | None = None
    if args.mask is not None:
        mask = _mask(args.mask)
        holes, dont_care = (mask.rows, mask.cols, mask.holes), (mask.rows, mask.cols, mask.dont_care)
    target: str | tuple[int, int, int] | None = args.target
    if args.target not in (None, "off", "on"):
        target_rows, target_cols, value, _ = _board_text(_read(args.target), args.states, "auto", args.target)
        target = (target_rows, target_cols, value)
    try:
        return puzzle_from_fields(rows, cols, args.states, args.rule, args.surface, args.torus, holes, dont_care, target, name=PUZZLE_OPTIONS.__getitem__)
    except ValueError as error:  # a PuzzleFieldError naming the option, or a puzzle the model refuses
        raise UsageError(str(error)) from None


def _mask(path: str) -> Mask:
    """The mask of ``--mask`` (rows of ``.`` ``?`` ``-``)."""
    from ..text.mask_text import parse_mask

    try:
        return parse_mask(_read(path))
    except BoardFormatError as error:
        raise UsageError(f"{path}: {error}") from None


def _describe(puzzle: Puzzle) -> dict[str, Any]:
    return {"states": puzzle.k, "surface": puzzle.surface, "rule": str(puzzle.rule)}


def _solve(args: argparse.Namespace) -> int:
    if args.level is not None or args.set is not None:
        from . import levels

        return levels.solve_level(args, _read)
    if args.preset is not None or args.puzzle is not None:
        from . import presets

        return presets.solve_command(args, _read)
    source = _source(args.file)
    if args.states > 2 and args.algorithm != "auto":
        raise UsageError(f"--algorithm is for two states; with --states {args.states} the method is chosen by cost")
    if args.states > 2 and args.format not in ("auto", STATES, "id"):
        raise UsageError(f"--format {args.format} holds two-state boards; with --states {args.states} use states or id")
    text, original = _read_text(args.file)
    if _plain_loj(args):
        print(_loj_answer(text, source, original))
        return 0
    from ..text.formats import POJ_STYLE, ParsedBoard

    rows, cols, lights, parsed = _board_text(text, args.states, args.format, source, original)
    if parsed is not None and parsed.format == "poj":
        # POJ 1222: every puzzle of the set, each answer after its "PUZZLE #m" line (or in a JSON list).
        answers = [_solve_one(args, rows, cols, board.flat, ParsedBoard(board, "poj", POJ_STYLE)) for board in parsed.boards]
        if args.json:
            print("[\n" + ",\n".join(answers) + "\n]")
        else:
            print("\n".join(f"PUZZLE #{number}\n{answer}" for number, answer in enumerate(answers, start=1)))
        return 0
    print(_solve_one(args, rows, cols, lights, parsed))
    return 0


def _plain_loj(args: argparse.Namespace) -> bool:
    """Whether ``solve`` was asked for a LibreOJ #6243 board with nothing but ``--format loj`` (and FILE)."""
    return (
        args.format == "loj"
        and args.states == 2
        and args.algorithm == "auto"
        and args.surface in (None, "plane")
        and not args.torus
        and args.rule in (None, "plus")
        and args.mask is None
        and args.target in (None, "off")
        and not (args.minimal or args.all or args.json)
    )


def _loj_answer(text: str, source: str, original: Callable[[int], str] | None = None) -> str:
    """The answer to a LibreOJ #6243 board (n×n, the plus rule on a plane, all off).

    The same answer as the general path (which :func:`lightsout.solving.solver.solve`
    solves by the Chebyshev method for this board), through the LOJ reader and
    writer of :mod:`lightsout.text.grid_text`, the first-row system in GF(2)[y]
    (:func:`lightsout.solving.chebyshev.chebyshev_system`) and light chasing
    (:func:`lightsout.solving.chase.chase`): no Board, Puzzle or dataclass is loaded.
    Raises :class:`UsageError` for text that is not an LOJ board, with the
    message of the general path (both read through :func:`lightsout.text.grid_text.read_loj`,
    which refuses n·n past max_cells at the size line).
    """
    # "from .module import name", not "from . import module": -X importtime reports only the former.
    from ..solving.chase import chase
    from ..solving.chebyshev import chebyshev_system
    from ..errors import TooLargeError
    from ..text.grid_text import NO_SOLUTION, forgiving, read_loj, write_rows

    try:
        size, rows, symbols = forgiving(text, read_loj, original)
    except (BoardFormatError, TooLargeError) as error:
        raise UsageError(f"{source}: {error}") from None
    first, _, _ = chebyshev_system(rows, size)
    if first is None:
        return NO_SOLUTION
    presses, _ = chase(rows, first, size)
    return write_rows(presses, size, symbols)


def _solve_one(args: argparse.Namespace, rows: int, cols: int, lights: int, parsed: ParsedBoard | None) -> str:
    """Solve one board read from the input; return what is printed for it."""
    import json

    from ..model import codec
    from ..analysis.figures import solve_figures
    from ..text.formats import MAX_FORMAT_CELLS, NO_SOLUTION
    from ..solving.solver import solve

    puzzle = _puzzle(args, rows, cols)
    lights &= ~puzzle.spread(puzzle.holes)
    try:
        result = solve(puzzle, lights, args.algorithm, args.minimal, args.seconds)
    except ValueError as error:
        raise UsageError(str(error)) from None
    from .presets import listed_solutions, say_not_proven

    say_not_proven(args, result)
    if parsed is not None and parsed.format == "indices" and puzzle.cells > MAX_FORMAT_CELLS and result.solvable:
        # The answer is written in the board's format; the indices text costs a number per press.
        raise UsageError(
            f"the {rows}x{cols} answer is too large to write in the indices format: max_format_cells is "
            f"{MAX_FORMAT_CELLS}; give the board as a game ID (RxC:...) to get the answer as one"
        )
    text = _text(puzzle, parsed, solution=True)
    listed = listed_solutions(args, result)
    if args.json:
        report = {"rows": rows, "cols": cols, "format": STATES if parsed is None else parsed.format, **_describe(puzzle)}
        report.update(solve_figures(result, lambda value: codec.format_packed(rows, cols, value, puzzle.k)))
        report["solution_id"] = report["solution"]
        report["solution"] = None if result.presses is None else text(result.presses)
        for name in ("proof", "nearest"):
            if report.get(name) is not None:
                report[name + "_id"] = report[name]
                report[name] = _text(puzzle, None)(codec.parse_packed(report[name], puzzle.k)[2])
        if args.all:
            report["all_solutions"] = [codec.format_packed(rows, cols, value, puzzle.k) for value in listed]
        return json.dumps(report, indent=2)
    if args.all and listed:
        return "\n\n".join(text(value) for value in listed)
    if result.presses is None:
        return NO_SOLUTION
    return str(text(result.presses))


def _text(puzzle: Puzzle, parsed: ParsedBoard | None, solution: bool = False) -> Any:
    """A writer of packed boards as text: the input's format and symbols (two states), else the states format."""
    from ..model.board import Board
    from ..text.formats import format_grid, format_solution, format_states

    def write(value: int) -> str:
        if puzzle.k > 2 or (parsed is None and solution):
            return format_states(puzzle.rows, puzzle.cols, puzzle.states(value), puzzle.k)
        board = Board.from_flat(puzzle.rows, puzzle.cols, value)
        return format_solution(board, parsed) if parsed is not None else format_grid(board)

    return write


def _analyze(args: argparse.Namespace) -> int:
    import json
    import math

    from . import presets
    from ..model import codec
    from ..analysis.figures import analysis_figures
    from ..model.rules import SURFACE_NAMES
    from ..solving.solver import solve

    if args.preset is not None or args.puzzle is not None:
        return presets.analyze_command(args, _read)
    if args.size is None:
        raise UsageError("analyze needs a size RxC, --preset NAME or --puzzle FILE")
    rows, cols = args.size
    puzzle = _puzzle(args, rows, cols)
    try:
        result = solve(puzzle, puzzle.target_board())
    except ValueError as error:
        raise UsageError(str(error)) from None
    if args.json:
        report = {**analysis_figures(result, lambda value: codec.format_packed(rows, cols, value, puzzle.k), None), **_describe(puzzle)}
        report["solutions_per_solvable_board"] = str(math.prod(result.invariant_factors))
        print(json.dumps(report, indent=2))
        return 0
    figures = analysis_figures(result, _text(puzzle, None), None)
    heading = f"{rows}x{cols} board, {puzzle.k} states, {puzzle.rule.name} rule on a {SURFACE_NAMES[puzzle.surface]}" + (
        ", masked" if puzzle.mask is not None else ""
    )
    print(presets.analysis_text(heading, result, figures))
    return 0


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = float("nan")
    if not seconds >= 0:
        raise argparse.ArgumentTypeError(f"expected a number of seconds >= 0, got {text!r}")
    return seconds


def _states(text: str) -> int:
    if not (text.isascii() and text.isdigit() and MIN_STATES <= int(text) <= MAX_STATES):
        raise argparse.ArgumentTypeError(f"expected a number of states from {MIN_STATES} to {MAX_STATES}, got {text!r}")
    return int(text)


def _size(text: str) -> tuple[int, int]:
    import re

    from ..model.puzzle import check_size

    match = re.fullmatch(r"\s*(\d{1,9})\s*[xX×]\s*(\d{1,9})\s*", text)
    if not match or int(match.group(1)) < 1 or int(match.group(2)) < 1:
        raise argparse.ArgumentTypeError(f"expected a size such as 5x5, got {text!r}")
    rows, cols = int(match.group(1)), int(match.group(2))
    try:
        check_size(rows, cols)  # the API's limits (max_long_side, max_cells), by the same function
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{text!r}: {error}") from None
    return rows, cols


def _limit(text: str) -> int:
    if not (text.isascii() and text.isdigit() and 1 <= int(text[:9]) <= MAX_LISTED_SOLUTIONS):
        raise argparse.ArgumentTypeError(f"expected a whole number from 1 to max_listed_solutions ({MAX_LISTED_SOLUTIONS}), got {text!r}")
    return int(text)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="lightsout", description="Solve and analyse Lights Out puzzles: any number of states, any surface.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    solve_parser = commands.add_parser("solve", help="solve a board read from FILE or stdin")
    solve_parser.add_argument("file", nargs="?", metavar="FILE", help="board text (default: stdin)")
    solve_parser.add_argument("--format", choices=("auto", *FORMATS, STATES), default="auto", help="input format (default: auto-detect; states with --states above 2)")
    solve_parser.add_argument("--algorithm", choices=("auto", *METHOD_NAMES), default="auto", help="two-state solving method (default: auto)")
    solve_parser.add_argument("--minimal", action="store_true", help="give a solution with the fewest presses")
    solve_parser.add_argument(
        "--seconds",
        type=_seconds,
        metavar="S",
        help=f"time budget of --minimal (default: with two states none up to nullity {EXACT_NULLITY}, else {SEARCH_SECONDS:g}) and of --all's visit (default: none)",
    )
    solve_parser.add_argument("--all", action="store_true", help="list every solution (up to --limit), fewest presses first")
    solve_parser.add_argument(
        "--limit", type=_limit, default=100, metavar="N", help=f"most solutions --all lists, 1..{MAX_LISTED_SOLUTIONS} (default: 100)"
    )
    solve_parser.add_argument("--json", action="store_true", help="print a JSON report")
    solve_parser.add_argument("--level", type=_level, metavar="N", help="solve level N of --set NAME, or of the set named as --preset (see the levels command)")
    solve_parser.add_argument("--set", "--game", dest="set", metavar="NAME",
                              help="the level set of --level: classic, lights-out-2000, cube (its preset is the puzzle; --game is its old name)")
    _add_puzzle_options(solve_parser)
    solve_parser.set_defaults(run=_solve)

    analyze_parser = commands.add_parser("analyze", help="rank, nullity, solvable fraction and quiet patterns of RxC puzzles")
    analyze_parser.add_argument("size", type=_size, metavar="RxC", nargs="?", help="board size (not with --preset or --puzzle)")
    analyze_parser.add_argument("--json", action="store_true", help="print a JSON report")
    _add_puzzle_options(analyze_parser)
    analyze_parser.set_defaults(run=_analyze)

    presets_parser = commands.add_parser("presets", help="list the real games --preset names")
    presets_parser.add_argument("--json", action="store_true", help="print their facts as JSON (the API's presets op)")
    presets_parser.add_argument("--figures", action="store_true", help="cells, states, rank, nullity and the fewest presses from all off / all on to the goal")
    presets_parser.set_defaults(run=_presets)

    levels_parser = commands.add_parser("levels", help="the real games' built-in puzzles and the fewest presses each needs")
    levels_parser.add_argument("--set", "--game", dest="set", metavar="NAME",
                               help="one level set: classic, lights-out-2000, cube (default: all; --game is its old name)")
    levels_parser.add_argument("--level", type=_level, metavar="N", help="one level of --set NAME, its board in full")
    levels_parser.add_argument("--json", action="store_true", help="print the API's levels reply, boards as text and game IDs")
    levels_parser.set_defaults(run=_levels)
    return parser


def _level(text: str) -> int:
    from .levels import level_number

    return level_number(text)


def _levels(args: argparse.Namespace) -> int:
    from . import levels

    return levels.list_levels(args)


def _presets(args: argparse.Namespace) -> int:
    from . import presets

    return presets.list_presets(args)


def _add_puzzle_options(parser: argparse.ArgumentParser) -> None:
    """The options that describe the puzzle, the same for every subcommand."""
    parser.add_argument("--states", type=_states, default=2, metavar="K", help=f"states per light, {MIN_STATES}..{MAX_STATES} (a press adds 1 mod K; default 2)")
    parser.add_argument("--surface", choices=SURFACES, default=None, help="how the edges wrap (default: plane)")
    parser.add_argument("--torus", action="store_true", help="the same as --surface torus")
    parser.add_argument("--rule", metavar="plus|moore|x|custom:ROWS", help="press rule (default: plus; custom: rows of #/. joined by /, e.g. custom:.#./###/.#.)")
    parser.add_argument("--mask", metavar="FILE", help="holes and don't-care cells: rows of '.' (cell), '?' (don't care), '-' (hole)")
    parser.add_argument("--target", default=None, metavar="off|on|FILE", help="the lights wanted at the end (default: off, or the preset's goal; on = every light at K-1)")
    parser.add_argument("--preset", metavar="NAME", help="a real game (see the presets command): its cells, rule, states and goal")
    parser.add_argument("--puzzle", metavar="FILE", help="a user-defined puzzle (cells and press sets, text or JSON; see py/README.md)")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    args = _parser().parse_args(argv)
    try:
        return int(args.run(args))
    except UsageError as error:
        _say(str(error))
        return 2
    except MemoryError:  # Python's own says nothing ("MemoryError" and no message)
        _say("out of memory: the input needed more memory than this process could get")
        return 2
    except (ValueError, RecursionError, OverflowError) as error:  # a limit of the model (TooLargeError, ...): still one line
        _say(str(error) or type(error).__name__)
        return 2
    except BrokenPipeError:
        # The reader went away (`... | head`): no traceback; stdout points at devnull so that
        # the interpreter's own flush at exit does not fail again (the Python docs' recipe, signal module).
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
