"""The JSON boundary between the web page's worker and the package (contract: docs/api.md).

The worker calls :func:`call` (or :func:`handle`, the same without binary
payloads): one JSON request in, one JSON reply out, so no Python object ever
crosses into JavaScript.  Every reply is ``{"ok": true, ...}`` or ``{"ok":
false, "error": {"name", "message", "line"?, "column"?, "field"?, "limit"?,
"code"?, "params"?}}``: ``code`` and ``params`` say a text parser's error (or
a pasted board's size limit) as data the page translates
(:data:`lightsout.errors.PARSE_ERRORS`).

One puzzle model (:class:`lightsout.model.puzzle.Puzzle`): every op that has a
board takes the puzzle fields ``k``, ``rule``, ``surface`` (``torus: true``
is an alias of ``surface: "torus"``), ``holes``, ``dont_care`` and
``target``.  Boards are ``"RxC:<base64url>"`` or ``"RxC@N"`` (the packed
bytes at byte offset N of the request's payload), packed with
b = bit_length(k − 1) bits per cell (:mod:`lightsout.model.codec`); holes and
don't-care masks are always 1 bit per cell.  With ``"binary": true`` the
reply's boards are ``"RxC@N"`` references into the reply payload.

A ``preset`` (a real game, :mod:`lightsout.presets`) or ``graph`` (a
user-defined puzzle, :mod:`lightsout.text.puzzle_text`) field names a puzzle
whose cells, press rule and k are its own (:mod:`lightsout.api.puzzles`).

A request is read (its fields, boards, payloads and puzzle) by :mod:`lightsout.api.request_fields`;
this module answers it.

Operations (see :data:`OPERATIONS` and docs/api.md for every field):
``limits``, ``solve``, ``solutions``, ``parse``, ``format``, ``random``,
``analyze``, ``press``, ``verify``, ``presets``, ``puzzle``, ``share``,
``explain``, ``why``, ``methods``, ``levels``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from ..model import codec
from .published_limits import (
    MAX_API_CELLS,
    MAX_BOARDS,
    MAX_QUIET_SHOWN,
    MAX_SIDE,
    limits,
)
from ..analysis.figures import analysis_figures, solve_figures
from ..model.board import Board
from ..errors import BoardFormatError, LevelError, TooLargeError
from ..analysis.explain import explain, why
from ..analysis.method_comparison import compare_methods
from ..text.text_input import decode_text, text_field
from ..text.formats import (
    DEFAULT_STYLE,
    FORMATS,
    MAX_FORMAT_CELLS,
    POJ_COLS,
    POJ_ROWS,
    STATES,
    ParsedBoard,
    format_board,
    format_solution,
    format_states,
    parse_board,
    read_board,
)
from ..solving.methods import METHODS
from ..model.puzzle import (
    apply,
    check_size,
    differing,
    press,
)
from ..analysis.random_boards import LitWithPresses, PressCountError
from ..analysis.random_boards import random_board
from ..presets.presets import preset, presets_reply
from .puzzles import base_puzzle, describe
from .request_fields import Exchange, RequestError, field, puzzle_of, seconds_field, size_fields, states_field
from ..presets.levels import levels_reply
from ..text.cell_runs import format_cells, read_cells
from ..share.links import LEVEL_KIND, CHALLENGE_KIND, ShareState, format_share, parse_share
from ..solving.solver import LISTED_BITS, MAX_LISTED_SOLUTIONS, solve

__all__ = ["handle", "call", "limits", "OPERATIONS", "MAX_API_CELLS", "MAX_SIDE", "MAX_QUIET_SHOWN", "MAX_LISTED_SOLUTIONS"]

Reply = dict[str, Any]


def _solve(request: dict[str, Any], exchange: Exchange) -> Reply:
    puzzle, lights = puzzle_of(request, exchange)
    assert lights is not None
    method = field(request, "method", str, "auto")
    if method != "auto" and method not in METHODS:
        raise RequestError(f"unknown method {method!r}; choose auto or one of {', '.join(METHODS)}", "method")
    listing = field(request, "list", int, 0)
    if listing < 0:
        raise RequestError("list must be at least 0", "list")
    result = solve(puzzle, lights, method, field(request, "minimal", bool, False), seconds_field(request))
    reply = solve_figures(result, lambda value: exchange.board(puzzle, value))
    if result.solvable and result.solution_count <= min(listing, MAX_LISTED_SOLUTIONS):
        # Every solution, fewest presses first, this reply's own first among its equals:
        # listed[0] is the solution marked whenever it is a fewest one ("Solution 1 of N").
        reply["listed"] = [exchange.board(puzzle, s) for s in result.solutions(result.solution_count)]
    return reply


def _solutions(request: dict[str, Any], exchange: Exchange) -> Reply:
    puzzle, lights = puzzle_of(request, exchange)
    assert lights is not None
    limit = field(request, "limit", int, MAX_LISTED_SOLUTIONS)
    if limit < 0:
        raise RequestError("limit must be at least 0", "limit")
    seconds = seconds_field(request)
    result = solve(puzzle, lights)
    listed, complete = result.listing(min(limit, MAX_LISTED_SOLUTIONS), seconds)
    return {"solutions": [exchange.board(puzzle, s) for s in listed], "total": str(result.solution_count), "cut_short": not complete}


def _parse(request: dict[str, Any], exchange: Exchange) -> Reply:
    k = states_field(request)
    text = field(request, "text", str)
    # A preset's or graph's board: one symbol per cell (lightsout.text.cell_runs); its fields may be in the payload too.
    puzzle = puzzle_of(request, exchange, sized=True)[0] if base_puzzle(request) is not None else None
    original = None  # line n of a text cleaned as bytes, as given (decode_text)
    if text == "@":  # then the payload is let go: in Pyodide the page's bytes were copied in, the text is held once
        (text, original), exchange.payload = decode_text(exchange.payload), b""
    else:  # a big text that is not ASCII is read as the payload's bytes are: cleaned as bytes
        text, original = text_field(text)
    if puzzle is not None:
        value = read_cells(puzzle, text, original=original)
        return {"board": exchange.board(puzzle, value), "rows": puzzle.rows, "cols": puzzle.cols, "k": puzzle.k, "format": "cells"}
    chosen = field(request, "format", str, "auto")
    if chosen not in ("auto", *FORMATS, STATES):
        raise RequestError(f"unknown format {chosen!r}; choose auto, {', '.join(FORMATS)} or states", "format")
    if k > 2 and chosen not in ("auto", STATES, "id"):
        raise RequestError(f"the {chosen} format holds two-state boards; with k = {k} use states or id", "format")
    size = size_fields(request) if request.get("rows") is not None or request.get("cols") is not None else None
    read = read_board(text, chosen, k, size, MAX_BOARDS, original)
    check_size(read.rows, read.cols, "text")
    reply: Reply = {"board": exchange.emit(read.rows, read.cols, read.packed, k), "rows": read.rows, "cols": read.cols, "k": k, "format": read.format}
    if read.boards:
        reply["boards"] = [exchange.emit(read.rows, read.cols, value, k) for value in read.boards]
    return reply


def _format(request: dict[str, Any], exchange: Exchange) -> Reply:
    if base_puzzle(request) is not None:  # a preset's or graph's board in its own text form
        puzzle, _ = puzzle_of(request, exchange, sized=True)
        if request.get("board") is None:
            if field(request, "solution", bool, False):
                return {"text": "No solution"}
            raise RequestError("request field 'board' is missing", "board")
        rows, cols, value = exchange.packed(request, "board", puzzle.k)
        if (rows, cols) != (puzzle.rows, puzzle.cols):
            raise RequestError(f"board is {rows}x{cols}, this puzzle is {puzzle.rows}x{puzzle.cols}", "board")
        return {"text": format_cells(puzzle, value)}
    k = states_field(request)
    packed = None if request.get("board") is None else exchange.packed(request, "board", k)
    chosen = field(request, "format", str, None)
    if chosen is not None and chosen not in (*FORMATS, STATES):
        raise RequestError(f"unknown format {chosen!r}; choose one of {', '.join(FORMATS)}, states", "format")
    solution = field(request, "solution", bool, False)
    if packed is None and not solution:
        raise RequestError("request field 'board' is missing", "board")
    if packed is not None and chosen != "id" and packed[0] * packed[1] > MAX_FORMAT_CELLS:
        if chosen is not None or k > 2 or not _looks_like_id(field(request, "like", str, None)):
            raise TooLargeError(
                f"a {packed[0]}x{packed[1]} board is too large to write as text: max_format_cells is "
                f"{MAX_FORMAT_CELLS}; the id format has no such limit",
                "max_format_cells",
                "board",
            )
    if k > 2 or chosen == "states":
        if packed is None:
            return {"text": format_solution(None, ParsedBoard(Board(1, 1), "grid"))}
        rows, cols, value = packed
        if chosen == "id":
            return {"text": codec.format_packed(rows, cols, value, k)}
        return {"text": format_states(rows, cols, codec.unpack(value, rows * cols, codec.bits_per_cell(k)), k)}
    board = None if packed is None else Board.from_flat(*packed)
    like = field(request, "like", str, None)
    parsed = ParsedBoard(board or Board(1, 1), "grid", DEFAULT_STYLE)
    if like is not None:
        try:
            parsed = parse_board(like)
        except BoardFormatError:
            pass  # the pasted text may since have been edited: keep the default look
    if chosen is not None:
        parsed = ParsedBoard(parsed.board, chosen, parsed.style if chosen in ("loj", "grid") else DEFAULT_STYLE)
    if solution:
        return {"text": format_solution(board, parsed)}
    assert board is not None
    kind = parsed.format
    if (kind == "loj" and board.rows != board.cols) or (kind == "poj" and (board.rows, board.cols) != (POJ_ROWS, POJ_COLS)):
        kind = "grid"  # the pasted format cannot hold this board: its symbols still apply
    return {"text": format_board(board, kind, parsed.style)}


def _looks_like_id(like: str | None) -> bool:
    """Whether ``format`` would answer in kind with a game ID (the ``like`` text is one)."""
    return like is not None and codec.PACKED_BOARD.fullmatch(like.strip()) is not None


def _random(request: dict[str, Any], exchange: Exchange) -> Reply:
    puzzle, _ = puzzle_of(request, exchange, sized=True)
    rng = random.Random(field(request, "seed", int, None))
    lit, presses = field(request, "lit", int, None), field(request, "presses", int, None)
    try:
        board = random_board(puzzle, rng, lit, presses)
    except (TooLargeError, PressCountError):
        raise  # with its limit, its maximum
    except LitWithPresses as error:
        raise RequestError(str(error), error.field) from None
    except ValueError as error:  # lit/presses out of range or not met within random_search_seconds
        raise RequestError(str(error), "presses" if presses is not None else "lit" if lit is not None else None) from None
    return {"board": exchange.board(puzzle, board)}


def _analyze(request: dict[str, Any], exchange: Exchange) -> Reply:
    puzzle, _ = puzzle_of(request, exchange, sized=True)
    result = solve(puzzle, puzzle.target_board())
    shown = min(MAX_QUIET_SHOWN, max(1, LISTED_BITS // (puzzle.cells * puzzle.bits)))  # big boards: fewer patterns
    return analysis_figures(result, lambda value: exchange.board(puzzle, value), shown)


def _press(request: dict[str, Any], exchange: Exchange) -> Reply:
    puzzle, lights = puzzle_of(request, exchange)
    assert lights is not None
    if request.get("cell") is not None:  # a graph's cell index (r·C + c on a grid)
        cell = field(request, "cell", int)
        if not 0 <= cell < puzzle.cells:
            raise RequestError(f"cell {cell} is outside 0..{puzzle.cells - 1}", "cell")
        row, col = divmod(cell, puzzle.cols)
    else:
        row, col = field(request, "row", int), field(request, "col", int)
    if not 0 <= row < puzzle.rows:
        raise RequestError(f"row {row} is outside 0..{puzzle.rows - 1}", "row")
    if not 0 <= col < puzzle.cols:
        raise RequestError(f"col {col} is outside 0..{puzzle.cols - 1}", "col")
    if puzzle.holes >> (row * puzzle.cols + col) & 1:
        raise RequestError(f"cell ({row}, {col}) is a hole, which has no button", "row")
    return {"board": exchange.board(puzzle, press(puzzle, lights, row, col))}


def _verify(request: dict[str, Any], exchange: Exchange) -> Reply:
    puzzle, lights = puzzle_of(request, exchange)
    assert lights is not None
    rows, cols, presses = exchange.packed(request, "presses", puzzle.k)
    if (rows, cols) != (puzzle.rows, puzzle.cols):
        raise RequestError(f"presses is {rows}x{cols}, the board is {puzzle.rows}x{puzzle.cols}", "presses")
    if puzzle.holes and puzzle.flat_of(presses) & puzzle.holes:
        raise RequestError("the presses include a hole, which has no button", "presses")
    left = differing(puzzle, apply(puzzle, lights, presses))
    return {"solved": left == 0, "lit": left}


def _explain(request: dict[str, Any], exchange: Exchange) -> Reply:
    """The step-by-step explanation of solving the board (:func:`lightsout.analysis.explain.explain`)."""
    puzzle, lights = puzzle_of(request, exchange)
    assert lights is not None
    return explain(puzzle, lights).to_json()


def _why(request: dict[str, Any], exchange: Exchange) -> Reply:
    """Why a cell is pressed: its per-cell formula (:func:`lightsout.analysis.explain.why`)."""
    puzzle, lights = puzzle_of(request, exchange)
    assert lights is not None
    cell = field(request, "cell", int)
    if not 0 <= cell < puzzle.cells:
        raise RequestError(f"cell {cell} is outside 0..{puzzle.cells - 1}", "cell")
    try:
        return why(puzzle, lights, cell)
    except TooLargeError:
        raise
    except ValueError as error:
        raise RequestError(str(error), "k") from None


def _methods(request: dict[str, Any], exchange: Exchange) -> Reply:
    """The GF(2) methods run on the board, timed (:func:`lightsout.analysis.method_comparison.compare_methods`)."""
    puzzle, lights = puzzle_of(request, exchange)
    assert lights is not None
    return {"methods": compare_methods(puzzle, lights)}


def _describe(request: dict[str, Any], exchange: Exchange) -> Reply:
    puzzle, _ = puzzle_of(request, exchange, sized=True)
    return describe(puzzle, lambda value: exchange.board(puzzle, value), base_puzzle(request))


def _share(request: dict[str, Any], exchange: Exchange) -> Reply:
    """Read a share link (``text``) into its puzzle, board and moves; or write the link of the request's puzzle, ``board`` and ``moves``."""
    text = field(request, "text", str, None)
    if text is not None:
        try:
            state = parse_share(text.strip())
        except BoardFormatError as error:
            error.field = "text"
            raise
        puzzle = state.puzzle()
        base = None
        if state.preset is not None or state.graph is not None:
            base = base_puzzle({"preset": state.preset} if state.preset is not None else {})
        reply = describe(puzzle, lambda value: exchange.board(puzzle, value), base)
        reply["board"] = exchange.board(puzzle, state.cells)
        reply["moves"] = list(state.moves)
        reply["challenge_kind"] = state.challenge_kind
        reply["level"] = state.level
        reply["holes"] = exchange.emit(puzzle.rows, puzzle.cols, puzzle.holes) if puzzle.holes else None
        reply["dont_care"] = exchange.emit(puzzle.rows, puzzle.cols, puzzle.dont_care) if puzzle.dont_care else None
        return reply
    puzzle, lights = puzzle_of(request, exchange)
    assert lights is not None
    moves = field(request, "moves", list, [])
    if not all(isinstance(move, int) and not isinstance(move, bool) and 0 <= move < puzzle.cells for move in moves):
        raise RequestError(f"moves are cell numbers 0..{puzzle.cells - 1}", "moves")
    on_hole = next((number for number, move in enumerate(moves, 1) if puzzle.holes >> move & 1), None)
    if on_hole is not None:  # refused at write, as the reader refuses it (move_on_hole)
        raise RequestError(f"move {on_hole} presses cell {moves[on_hole - 1]}, a hole, which has no button", "moves")
    kind = field(request, "challenge_kind", str, None)
    if kind is not None and not CHALLENGE_KIND.fullmatch(kind):
        raise RequestError("challenge_kind is 1 to 32 characters a-z, 0-9 and '-', starting with a letter", "challenge_kind")
    name = request.get("preset")
    level = field(request, "level", int, None)
    if level is not None and not isinstance(name, str):
        raise RequestError("a level is played on its set's preset: give preset with level", "level")
    state = ShareState(
        puzzle.rows, puzzle.cols, lights, puzzle.k, puzzle.rule.stencil, puzzle.surface, puzzle.target, puzzle.holes, puzzle.dont_care,
        tuple(moves), kind, preset=name if isinstance(name, str) else None, graph=puzzle.graph if name is None else None, level=level,
    )
    text = format_share(state)
    if level is not None or (kind or "").startswith(LEVEL_KIND):
        try:
            parse_share(text)  # a level's link is checked as it will be read: its set, preset, number and board
        except BoardFormatError as error:
            error.field = "level"
            raise
    return {"text": text}


def _levels(request: dict[str, Any], exchange: Exchange) -> Reply:
    """The handhelds' built-in puzzles (:func:`lightsout.presets.levels.levels_reply`): every set, ``set``'s, or its ``level``.
    ``game`` is the field's old name, still read for one release (given both, they must agree).
    A bad set or number is a :class:`~lightsout.errors.LevelError` with its ``code`` and ``params`` and ``field``
    ``set`` (``unknown_set``) or ``level`` (``number_outside``, ``set_needed``)."""
    name, old_name = field(request, "set", str, None), field(request, "game", str, None)
    if name is not None and old_name is not None and name != old_name:
        raise RequestError(f"request fields 'set' ({name!r}) and 'game' ({old_name!r}, its old name) name different level sets", "set")
    name = name if name is not None else old_name
    number = field(request, "level", int, None)
    try:
        return levels_reply(lambda entry, value: exchange.board(preset(entry.preset).puzzle, value), name, number)
    except LevelError as error:
        error.field = "set" if error.code == "unknown_set" else "level"
        raise


OPERATIONS: dict[str, Callable[[dict[str, Any], Exchange], Reply]] = {
    "limits": lambda request, exchange: limits(),
    "solve": _solve,
    "solutions": _solutions,
    "parse": _parse,
    "format": _format,
    "random": _random,
    "analyze": _analyze,
    "press": _press,
    "verify": _verify,
    "presets": lambda request, exchange: presets_reply(),
    "puzzle": _describe,
    "share": _share,
    "explain": _explain,
    "why": _why,
    "methods": _methods,
    "levels": _levels,
}
"""The operations by name."""


def _error(error: Exception) -> Reply:
    if isinstance(error, MemoryError):  # Python's own is untyped and says nothing ("MemoryError", "")
        error = TooLargeError("out of memory: the request needed more memory than the solver could get", code="out_of_memory")
    detail: dict[str, Any] = {"name": type(error).__name__, "message": str(error)}
    if isinstance(error, (BoardFormatError, TooLargeError)):  # a text refused where it went wrong or past a limit
        if error.line is not None:
            detail["line"] = error.line
        if error.column is not None:
            detail["column"] = error.column
    where = getattr(error, "field", None)
    if where is not None:
        detail["field"] = where
    if isinstance(error, TooLargeError) and error.limit is not None:
        detail["limit"] = error.limit
    if isinstance(error, PressCountError):
        detail.update(maximum=error.maximum, bound=error.bound)
    code = getattr(error, "code", None) or (error.limit if isinstance(error, TooLargeError) and error.params else None)
    if code is not None:
        detail["code"] = code
        detail["params"] = getattr(error, "params", {}) or {}
    return {"ok": False, "error": detail}


def call(request: str, payload: Any = None) -> tuple[str, bytes]:
    """Answer one JSON request with a binary payload; return (JSON reply, reply payload).

    ``payload`` is bytes-like, or a Pyodide proxy of a ``Uint8Array`` (anything
    with ``to_bytes()``).  Never raises: every failure comes back as
    ``{"ok": false, "error": {...}}``.
    """
    exchange = Exchange(b"", False)
    try:
        if payload is not None:
            exchange.payload = payload.to_bytes() if hasattr(payload, "to_bytes") else bytes(payload)
        try:
            message = json.loads(request)
        except json.JSONDecodeError as error:
            raise RequestError(f"the request is not valid JSON: {error}") from None
        except ValueError:  # an integer beyond Python's int_max_str_digits
            raise RequestError("the request holds a number of more than 4300 digits") from None
        except RecursionError:
            raise RequestError("the request's JSON is nested too deeply") from None
        if not isinstance(message, dict):
            raise RequestError("a request is a JSON object")
        exchange.binary = field(message, "binary", bool, False)
        operation = OPERATIONS.get(field(message, "op", str))
        if operation is None:
            raise RequestError(f"unknown op {message['op']!r}; choose one of {', '.join(OPERATIONS)}", "op")
        reply: Reply = {"ok": True}
        reply.update(operation(message, exchange))
    except Exception as error:  # noqa: BLE001 - the page needs a typed reply, not a dead worker
        reply = _error(error)
        exchange.out.clear()
    return json.dumps(reply), exchange.out[0] if len(exchange.out) == 1 else b"".join(exchange.out)


def handle(request: str) -> str:
    """Answer one JSON request (see docs/api.md) with one JSON reply; boards as ``RxC:`` strings.

    Never raises: malformed requests, bad boards and failures all come back as ``{"ok": false, ...}``."""
    return call(request)[0]
