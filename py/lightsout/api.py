"""The JSON boundary between the web page's worker and the package.

The worker calls only :func:`handle`: one JSON request in, one JSON reply
out, both plain text, so no Python object ever crosses into JavaScript.

Boards cross as game IDs (``RxC:`` + base64url packed bits; see
:mod:`lightsout.formats`), never as nested lists.  Big boards skip the
base64 step: :func:`call` also takes and returns one binary *payload*, and a
board field may then be ``"RxC@N"`` — the packed bits (same layout as the
game ID) at byte offset N of the payload.  With ``"binary": true`` in the
request, boards in the reply come back in that form, in the reply payload.

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
``verify``  ``board``, ``presses``, ``target`` → ``solved`` (bool),
            ``lit`` (lights on after the presses).
``parse`` may read the text from the payload instead (``"text": "@"``: the
payload is the file's UTF-8 bytes).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
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
from .rules import row_mask
from .puzzles import random_solvable
from .quiet import analyze
from .solve import resolve_target as solve_target
from .solve import solve

__all__ = ["handle", "call", "MAX_API_CELLS"]

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


_PACKED = re.compile(r"(\d+)x(\d+)@(\d+)")


@dataclass
class _Exchange:
    """One call's binary payloads: the one that came in, and the one going out."""

    payload: bytes
    binary: bool
    out: bytearray = field(default_factory=bytearray)

    def board(self, request: dict[str, Any], name: str = "board") -> Board:
        value = _field(request, name, str)
        packed = _PACKED.fullmatch(value)
        if packed is None:
            return parse_game_id(value)
        rows, cols, offset = (int(group) for group in packed.groups())
        if rows < 1 or cols < 1 or rows * cols > MAX_API_CELLS:
            raise RequestError(f"board size {rows}x{cols} is outside 1x1 .. {MAX_API_CELLS} cells")
        size = (rows * cols + 7) // 8
        data = self.payload[offset : offset + size]
        if len(data) != size:
            raise RequestError(f"the payload holds no {rows}x{cols} board at byte {offset}")
        flat = int.from_bytes(data, "little") & row_mask(rows * cols)
        return Board.from_flat(rows, cols, flat)

    def emit(self, board: Board) -> str:
        """Return the reply field for ``board``: its game ID, or a payload reference."""
        if not self.binary:
            return format_game_id(board)
        offset = len(self.out)
        self.out += board.flat.to_bytes((board.rows * board.cols + 7) // 8, "little")
        return f"{board.rows}x{board.cols}@{offset}"


def _size(request: dict[str, Any]) -> tuple[int, int]:
    rows, cols = _field(request, "rows", int), _field(request, "cols", int)
    if rows < 1 or cols < 1 or rows * cols > MAX_API_CELLS:
        raise RequestError(f"board size {rows}x{cols} is outside 1x1 .. {MAX_API_CELLS} cells")
    return rows, cols


def _target(request: dict[str, Any], exchange: _Exchange) -> Board | str:
    value = _field(request, "target", str, "off")
    return value if value in ("off", "on") else exchange.board(request, "target")


def _solve(request: dict[str, Any], exchange: _Exchange) -> Reply:
    board = exchange.board(request)
    target = _target(request, exchange)
    result = solve(board, target, _field(request, "method", str, "auto"), _field(request, "minimal", bool, False))
    return {
        "solvable": result.solvable,
        "solution": None if result.presses is None else exchange.emit(result.presses),
        "presses": result.press_count,
        "rank": result.rank,
        "nullity": result.nullity,
        "solutions": str(result.solution_count),
        "minimal": result.minimal,
    }


def _parse(request: dict[str, Any], exchange: _Exchange) -> Reply:
    text = _field(request, "text", str)
    if text == "@":
        try:
            text = exchange.payload.decode("utf-8")
        except UnicodeDecodeError as error:
            raise BoardFormatError(f"the file is not UTF-8 text (byte {error.start + 1})") from None
    parsed = parse_board(text, _field(request, "format", str, "auto"))
    board = parsed.board
    return {"board": exchange.emit(board), "rows": board.rows, "cols": board.cols, "format": parsed.format}


def _format(request: dict[str, Any], exchange: _Exchange) -> Reply:
    board = None if request.get("board") is None else exchange.board(request)
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


def _random(request: dict[str, Any], exchange: _Exchange) -> Reply:
    rows, cols = _size(request)
    seed = _field(request, "seed", int, None)
    rng = random.Random(seed)
    board = random_solvable(rows, cols, rng, _field(request, "lit", int, None))
    return {"board": exchange.emit(board)}


def _analyze(request: dict[str, Any], exchange: _Exchange) -> Reply:
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


def _press(request: dict[str, Any], exchange: _Exchange) -> Reply:
    board = exchange.board(request).press(_field(request, "row", int), _field(request, "col", int))
    return {"board": exchange.emit(board)}


def _verify(request: dict[str, Any], exchange: _Exchange) -> Reply:
    board = exchange.board(request)
    presses = exchange.board(request, "presses")
    target = solve_target(board, _target(request, exchange))
    left = board.apply(presses) ^ target
    return {"solved": left.is_dark, "lit": left.lit_count}


OPERATIONS: dict[str, Callable[[dict[str, Any], _Exchange], Reply]] = {
    "solve": _solve,
    "parse": _parse,
    "format": _format,
    "random": _random,
    "analyze": _analyze,
    "press": _press,
    "verify": _verify,
}


def _error(error: Exception) -> Reply:
    detail: dict[str, Any] = {"name": type(error).__name__, "message": str(error)}
    if isinstance(error, BoardFormatError):
        if error.line is not None:
            detail["line"] = error.line
        if error.column is not None:
            detail["column"] = error.column
    return {"ok": False, "error": detail}


def call(request: str, payload: Any = None) -> tuple[str, bytes]:
    """Answer one JSON request with a binary payload; return (JSON reply, reply payload).

    ``payload`` is bytes-like, or a Pyodide proxy of a ``Uint8Array`` (anything
    with ``to_bytes()``).  Never raises: every failure comes back as
    ``{"ok": false, "error": {...}}``.
    """
    exchange = _Exchange(b"", False)
    try:
        if payload is not None:
            exchange.payload = payload.to_bytes() if hasattr(payload, "to_bytes") else bytes(payload)
        message = json.loads(request)
        if not isinstance(message, dict):
            raise RequestError("a request is a JSON object")
        exchange.binary = _field(message, "binary", bool, False)
        operation = OPERATIONS.get(_field(message, "op", str))
        if operation is None:
            raise RequestError(f"unknown op {message['op']!r}; choose one of {', '.join(OPERATIONS)}")
        reply: Reply = {"ok": True}
        reply.update(operation(message, exchange))
    except Exception as error:  # noqa: BLE001 - the page needs a typed reply, not a dead worker
        reply = _error(error)
        exchange.out.clear()
    return json.dumps(reply), bytes(exchange.out)


def handle(request: str) -> str:
    """Answer one JSON request (see the module docstring) with one JSON reply.

    Boards are game IDs both ways.  Never raises: malformed requests, bad
    boards and unexpected failures all come back as ``{"ok": false, ...}``.
    """
    return call(request)[0]
