"""The JSON boundary between the web page's worker and the package.

The worker calls only :func:`handle`: one JSON request in, one JSON reply
out, both plain text, so no Python object ever crosses into JavaScript.

Boards cross as game IDs (``RxC:`` + base64url packed bits; see
:mod:`lightsout.formats`), never as nested lists.

Every reply is ``{"ok": true, ...}`` or ``{"ok": false, "error": {"name":
..., "message": ..., "line": ..., "column": ...}}`` (``line``/``column`` only
for text that failed to parse, 1-based).  Operations:

``solve``   ``board``, ``target`` ("off" | "on" | ID), ``minimal`` (bool),
            ``method`` (optional, default "auto") →
            ``solvable``, ``solution`` (ID or null), ``presses``, ``rank``,
            ``nullity``, ``solutions`` (decimal string), ``minimal``.
``parse``   ``text``, ``format`` ("auto" | loj | grid | indices | id) →
            ``board``, ``rows``, ``cols``, ``format``.
``format``  ``board`` (ID or null), ``like`` (text the board's format and
            symbols are copied from, or null), ``solution`` (bool: format as
            an answer — LOJ answers have no size line, null is "No solution")
            → ``text``.
``random``  ``rows``, ``cols``, ``lit`` (int or null), ``seed`` (int or null)
            → ``board``.
``analyze`` ``rows``, ``cols`` → ``rows``, ``cols``, ``rank``, ``nullity``,
            ``solvable_fraction`` ("1/2^k"), ``quiet`` (IDs).
``press``   ``board``, ``row``, ``col`` → ``board``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from .board import Board
from .formats import (
    DEFAULT_STYLE,
    BoardFormatError,
    ParsedBoard,
    format_board,
    format_game_id,
    format_solution,
    parse_board,
    parse_game_id,
)
from .puzzles import random_solvable
from .quiet import analyze
from .solve import solve

__all__ = ["handle", "MAX_API_CELLS"]

MAX_API_CELLS = 10_000 * 10_000
"""Largest board (in cells) the API accepts."""

Reply = dict[str, Any]


class RequestError(ValueError):
    """A request that is not well formed (missing or mistyped field)."""


def _field(request: dict[str, Any], name: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
    if name not in request or request[name] is None:
        if default is ...:
            raise RequestError(f"request field {name!r} is missing")
        return default
    value = request[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RequestError(f"request field {name!r} has the wrong type")
    return value


def _board(request: dict[str, Any], name: str = "board") -> Board:
    return parse_game_id(_field(request, name, str))


def _size(request: dict[str, Any]) -> tuple[int, int]:
    rows, cols = _field(request, "rows", int), _field(request, "cols", int)
    if rows < 1 or cols < 1 or rows * cols > MAX_API_CELLS:
        raise RequestError(f"board size {rows}x{cols} is outside 1x1 .. {MAX_API_CELLS} cells")
    return rows, cols


def _solve(request: dict[str, Any]) -> Reply:
    board = _board(request)
    target_field = _field(request, "target", str, "off")
    target: Board | str = target_field if target_field in ("off", "on") else parse_game_id(target_field)
    result = solve(board, target, _field(request, "method", str, "auto"), _field(request, "minimal", bool, False))
    return {
        "solvable": result.solvable,
        "solution": None if result.presses is None else format_game_id(result.presses),
        "presses": result.press_count,
        "rank": result.rank,
        "nullity": result.nullity,
        "solutions": str(result.solution_count),
        "minimal": result.minimal,
    }


def _parse(request: dict[str, Any]) -> Reply:
    parsed = parse_board(_field(request, "text", str), _field(request, "format", str, "auto"))
    board = parsed.board
    return {"board": format_game_id(board), "rows": board.rows, "cols": board.cols, "format": parsed.format}


def _format(request: dict[str, Any]) -> Reply:
    board = None if request.get("board") is None else _board(request)
    like = _field(request, "like", str, None)
    parsed = ParsedBoard(board or Board(1, 1), "grid", DEFAULT_STYLE)
    if like is not None:
        try:
            parsed = parse_board(like)
        except BoardFormatError:
            pass  # the pasted text may since have been edited: keep the default look
    if _field(request, "solution", bool, False):
        text = format_solution(board, parsed)
    elif board is None:
        raise RequestError("request field 'board' is missing")
    else:
        kind = parsed.format
        if kind == "loj" and board.rows != board.cols:
            kind = "grid"
        text = format_board(board, kind, parsed.style)
    return {"text": text}


def _random(request: dict[str, Any]) -> Reply:
    rows, cols = _size(request)
    seed = _field(request, "seed", int, None)
    rng = random.Random(seed)
    board = random_solvable(rows, cols, rng, _field(request, "lit", int, None))
    return {"board": format_game_id(board)}


def _analyze(request: dict[str, Any]) -> Reply:
    rows, cols = _size(request)
    analysis = analyze(rows, cols)
    return {
        "rows": rows,
        "cols": cols,
        "rank": analysis.rank,
        "nullity": analysis.nullity,
        "solvable_fraction": f"1/2^{analysis.nullity}",
        "quiet": [format_game_id(q) for q in analysis.quiet],
    }


def _press(request: dict[str, Any]) -> Reply:
    board = _board(request).press(_field(request, "row", int), _field(request, "col", int))
    return {"board": format_game_id(board)}


OPERATIONS: dict[str, Callable[[dict[str, Any]], Reply]] = {
    "solve": _solve,
    "parse": _parse,
    "format": _format,
    "random": _random,
    "analyze": _analyze,
    "press": _press,
}


def _error(error: Exception) -> Reply:
    detail: dict[str, Any] = {"name": type(error).__name__, "message": str(error)}
    if isinstance(error, BoardFormatError):
        if error.line is not None:
            detail["line"] = error.line
        if error.column is not None:
            detail["column"] = error.column
    return {"ok": False, "error": detail}


def handle(request: str) -> str:
    """Answer one JSON request (see the module docstring) with one JSON reply.

    Never raises: malformed requests, bad boards and unexpected failures all
    come back as ``{"ok": false, "error": {...}}``.
    """
    try:
        message = json.loads(request)
        if not isinstance(message, dict):
            raise RequestError("a request is a JSON object")
        operation = OPERATIONS.get(_field(message, "op", str))
        if operation is None:
            raise RequestError(f"unknown op {message['op']!r}; choose one of {', '.join(OPERATIONS)}")
        reply: Reply = {"ok": True}
        reply.update(operation(message))
    except Exception as error:  # noqa: BLE001 - the page needs a typed reply, not a dead worker
        reply = _error(error)
    return json.dumps(reply)
