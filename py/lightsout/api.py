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
            ``seconds`` (time budget of the fewest-presses search, default
            0.5), ``method`` (optional, default "auto") →
            ``solvable``, ``solution`` (ID or null), ``presses``, ``rank``,
            ``nullity``, ``solutions`` (decimal string), ``minimal``,
            ``optimal_count`` (int or null), and for an unsolvable board
            ``proof`` (ID: lights every press changes evenly, lit oddly on
            the board) and ``nearest`` (ID: fewest lights to toggle to make
            it solvable, or null when too costly to find).
``solutions`` ``board``, ``target``, ``limit`` → ``solutions`` (IDs, at
            most ``limit``, fewest presses first), ``total`` (decimal string).
``parse``   ``text``, ``format`` ("auto" | loj | grid | indices | id) →
            ``board``, ``rows``, ``cols``, ``format``.
``format``  ``board`` (ID or null), ``like`` (text the board's format and
            symbols are copied from, or null), ``format`` (loj | grid |
            indices | id, overriding ``like``'s), ``solution`` (bool: format
            as an answer — LOJ answers have no size line, null is "No
            solution") → ``text``.
``random``  ``rows``, ``cols``, ``lit`` (int or null), ``presses`` (int or
            null: the fewest presses the board must need), ``seed`` (int or
            null; the same seed gives the same board in CPython and Pyodide,
            e.g. a puzzle of the day) → ``board``.
``analyze`` ``rows``, ``cols`` → ``rows``, ``cols``, ``rank``, ``nullity``,
            ``solvable_fraction`` ("1/2^k": k = lights that matter − rank),
            ``quiet`` (IDs, at most
            :data:`MAX_QUIET_SHOWN`), ``worst_case`` (int, boards of at most
            36 cells when the search is cheap enough, else null).

``solve_states`` (k states per light, see :mod:`lightsout.modk`) ``rows``,
            ``cols``, ``k``, ``cells`` (flat list of states), ``target``
            ("zero" | "full" | flat list), ``rule``, ``surface`` ("plane" |
            "torus" | "klein" | "projective"), ``minimal`` → ``solvable``,
            ``presses`` (flat list of press counts or null), ``total``,
            ``solutions`` (decimal string), ``structure`` (orders of the
            cyclic factors), ``minimal``.
``parse_states`` ``text``, ``k`` → ``rows``, ``cols``, ``cells``.
``format_states`` ``rows``, ``cols``, ``k``, ``cells`` → ``text``.

Every op that takes a board also takes the variant fields ``rule``
("plus" | "moore" | "x" | "custom:.#./###/.#."), ``torus`` (bool), and the
mask fields ``holes`` and ``dont_care`` (IDs of the same size, or null).
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

from .analysis import nearest_solvable, unsolvable_proof, worst_case_if_small
from .board import Board
from .formats import (
    DEFAULT_STYLE,
    FORMATS,
    BoardFormatError,
    ParsedBoard,
    format_board,
    format_game_id,
    format_solution,
    parse_board,
    parse_game_id,
)
from .mask import Mask
from .modk import Game, format_states, parse_states, solve_states
from .puzzles import random_solvable, random_with_presses
from .quiet import fewest_presses
from .rules import PLUS, Rule, parse_rule, row_mask
from .solve import TooLargeError, solve
from .solve import resolve_target as solve_target

__all__ = ["handle", "call", "MAX_API_CELLS", "MAX_QUIET_SHOWN", "MAX_LISTED_SOLUTIONS"]

MAX_API_CELLS = 10_000 * 10_000
"""Largest board (in cells) the API accepts."""

MAX_QUIET_SHOWN = 64
"""Most quiet patterns ``analyze`` returns (the gallery)."""

MAX_LISTED_SOLUTIONS = 1024
"""Most solutions the ``solutions`` op lists."""

DEFAULT_SEARCH_SECONDS = 0.5
"""Time budget of the fewest-presses search for ``solve`` with ``minimal`` (seconds)."""

MAX_SEARCH_SECONDS = 3600.0
"""Largest ``seconds`` a request may give the search (enough to finish nullity 30 in Pyodide)."""


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

    def board(self, request: dict[str, Any], name: str = "board", rule: Rule = PLUS) -> Board:
        value = _field(request, name, str)
        packed = _PACKED.fullmatch(value)
        if packed is None:
            return parse_game_id(value, rule)
        rows, cols, offset = (int(group) for group in packed.groups())
        if rows < 1 or cols < 1 or rows * cols > MAX_API_CELLS:
            raise RequestError(f"board size {rows}x{cols} is outside 1x1 .. {MAX_API_CELLS} cells")
        size = (rows * cols + 7) // 8
        data = self.payload[offset : offset + size]
        if len(data) != size:
            raise RequestError(f"the payload holds no {rows}x{cols} board at byte {offset}")
        flat = int.from_bytes(data, "little") & row_mask(rows * cols)
        return Board.from_flat(rows, cols, flat, rule)

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


def _rule(request: dict[str, Any]) -> Rule:
    return parse_rule(_field(request, "rule", str, "plus")).on_torus(_field(request, "torus", bool, False))


def _mask(request: dict[str, Any], exchange: _Exchange, rows: int, cols: int) -> Mask | None:
    parts = []
    for name in ("holes", "dont_care"):
        part = 0
        if request.get(name) is not None:
            board = exchange.board(request, name)
            if (board.rows, board.cols) != (rows, cols):
                raise RequestError(f"{name} is {board.rows}x{board.cols}, the board is {rows}x{cols}")
            part = board.flat
        parts.append(part)
    holes, dont_care = parts
    mask = Mask(rows, cols, holes, dont_care & ~holes)
    return None if mask.is_empty else mask


def _game(request: dict[str, Any], exchange: _Exchange) -> tuple[Board, Mask | None]:
    board = exchange.board(request, "board", _rule(request))
    return board, _mask(request, exchange, board.rows, board.cols)


def _target(request: dict[str, Any], exchange: _Exchange, board: Board) -> Board | str:
    value = _field(request, "target", str, "off")
    return value if value in ("off", "on") else exchange.board(request, "target", board.rule)


def _solve(request: dict[str, Any], exchange: _Exchange) -> Reply:
    board, mask = _game(request, exchange)
    target = _target(request, exchange, board)
    result = solve(board, target, _field(request, "method", str, "auto"), False, mask)
    if _field(request, "minimal", bool, False):
        seconds = _field(request, "seconds", (int, float), DEFAULT_SEARCH_SECONDS)
        result = fewest_presses(result, max(0.0, min(float(seconds), MAX_SEARCH_SECONDS)))
    reply: Reply = {
        "solvable": result.solvable,
        "solution": None if result.presses is None else exchange.emit(result.presses),
        "presses": result.press_count,
        "rank": result.rank,
        "nullity": result.nullity,
        "solutions": str(result.solution_count),
        "minimal": result.minimal,
        "optimal_count": result.optimal_count,
    }
    if not result.solvable:
        proof = unsolvable_proof(board, target, mask)
        reply["proof"] = None if proof is None else exchange.emit(proof)
        try:
            reply["nearest"] = exchange.emit(nearest_solvable(board, target, mask))
        except TooLargeError:
            reply["nearest"] = None
    return reply


def _solutions(request: dict[str, Any], exchange: _Exchange) -> Reply:
    board, mask = _game(request, exchange)
    result = solve(board, _target(request, exchange, board), mask=mask)
    limit = min(_field(request, "limit", int, MAX_LISTED_SOLUTIONS), MAX_LISTED_SOLUTIONS)
    if result.solution_count > MAX_LISTED_SOLUTIONS:
        listed = list(result.all_solutions(limit))
    else:
        listed = sorted(result.all_solutions(), key=lambda solution: solution.lit_count)[:limit]
    return {"solutions": [exchange.emit(s) for s in listed], "total": str(result.solution_count)}


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
    chosen = _field(request, "format", str, None)
    if chosen is not None:
        if chosen not in FORMATS:
            raise RequestError(f"unknown format {chosen!r}; choose one of {', '.join(FORMATS)}")
        parsed = ParsedBoard(parsed.board, chosen, parsed.style if chosen in ("loj", "grid") else DEFAULT_STYLE)
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
    mask = _mask(request, exchange, rows, cols)
    presses = _field(request, "presses", int, None)
    if presses is not None:
        if mask is not None:
            raise RequestError("a press count cannot be combined with holes or don't-care cells")
        board = random_with_presses(rows, cols, rng, presses, _rule(request))
    else:
        board = random_solvable(rows, cols, rng, _field(request, "lit", int, None), _rule(request), mask)
    return {"board": exchange.emit(board)}


def _analyze(request: dict[str, Any], exchange: _Exchange) -> Reply:
    rows, cols = _size(request)
    rule = _rule(request)
    mask = _mask(request, exchange, rows, cols)
    result = solve(Board(rows, cols, (), rule), mask=mask)
    shown = min(result.nullity, MAX_QUIET_SHOWN)
    # A board is solvable iff it is in the column space: 2^rank of the 2^(lights that matter).
    mattering = rows * cols if mask is None else mask.cared.bit_count()
    return {
        "rows": rows,
        "cols": cols,
        "rank": result.rank,
        "nullity": result.nullity,
        "solvable_fraction": f"1/2^{mattering - result.rank}",
        "quiet": [exchange.emit(result.quiet[i]) for i in range(shown)],
        "worst_case": worst_case_if_small(rows, cols, rule, mask),
    }


def _press(request: dict[str, Any], exchange: _Exchange) -> Reply:
    board, mask = _game(request, exchange)
    row, col = _field(request, "row", int), _field(request, "col", int)
    board = board.press(row, col)
    if mask is not None:
        if mask.holes >> (row * board.cols + col) & 1:
            raise RequestError(f"cell ({row}, {col}) is a hole, which has no button")
        board = Board.from_flat(board.rows, board.cols, board.flat & ~mask.holes, board.rule)  # holes have no light
    return {"board": exchange.emit(board)}


def _verify(request: dict[str, Any], exchange: _Exchange) -> Reply:
    board, mask = _game(request, exchange)
    presses = exchange.board(request, "presses", board.rule)
    target = solve_target(board, _target(request, exchange, board))
    left = (board.apply(presses) ^ target).flat
    if mask is not None:
        if presses.flat & mask.holes:
            raise RequestError("the presses include a hole, which has no button")
        left &= mask.cared
    return {"solved": left == 0, "lit": left.bit_count()}


def _states_game(request: dict[str, Any]) -> Game:
    rows, cols = _size(request)
    rule = parse_rule(_field(request, "rule", str, "plus"))
    return Game(rows, cols, _field(request, "k", int), rule.stencil, _field(request, "surface", str, "plane"))


def _cell_list(request: dict[str, Any], name: str, game: Game) -> list[int]:
    cells = _field(request, name, list)
    if len(cells) != game.cells or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < game.k for v in cells):
        raise RequestError(f"{name} must be {game.cells} states in 0..{game.k - 1}")
    return list(cells)


def _solve_states(request: dict[str, Any], exchange: _Exchange) -> Reply:
    game = _states_game(request)
    cells = _cell_list(request, "cells", game)
    target_field = request.get("target", "zero")
    target = target_field if isinstance(target_field, str) else _cell_list(request, "target", game)
    result = solve_states(game, cells, target, _field(request, "minimal", bool, False))
    return {
        "solvable": result.solvable,
        "presses": result.presses,
        "total": result.total_presses,
        "solutions": str(result.solution_count),
        "structure": result.structure,
        "minimal": result.minimal,
        "method": result.method,
    }


def _parse_states(request: dict[str, Any], exchange: _Exchange) -> Reply:
    rows, cols, cells = parse_states(_field(request, "text", str), _field(request, "k", int))
    return {"rows": rows, "cols": cols, "cells": cells}


def _format_states(request: dict[str, Any], exchange: _Exchange) -> Reply:
    game = _states_game(request)
    return {"text": format_states(game.rows, game.cols, _cell_list(request, "cells", game), game.k)}


OPERATIONS: dict[str, Callable[[dict[str, Any], _Exchange], Reply]] = {
    "solve": _solve,
    "parse": _parse,
    "format": _format,
    "random": _random,
    "analyze": _analyze,
    "press": _press,
    "verify": _verify,
    "solutions": _solutions,
    "solve_states": _solve_states,
    "parse_states": _parse_states,
    "format_states": _format_states,
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
