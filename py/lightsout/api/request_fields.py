"""Reading a JSON request: its fields, its boards (``RxC:`` strings or packed payloads) and its puzzle.

:mod:`lightsout.api.operations` answers requests; this module reads them.  :func:`field` takes one
field of a JSON type (a whole number at most ``max_number`` in size, ``true``/``false`` never a
number); :class:`Exchange` holds one call's binary payloads, reads a board field (``"RxC:<base64url>"``
or ``"RxC@N"``, N a byte offset into the request's payload, packed with b = bit_length(k − 1) bits a
cell: :mod:`lightsout.model.codec`) and writes a reply's boards; :func:`puzzle_of` reads the puzzle
fields (``k``, ``rule``, ``surface``, ``torus``, ``holes``, ``dont_care``, ``target``, ``preset``,
``graph``) and builds the puzzle through the one builder the CLI uses too,
:func:`lightsout.model.puzzle_fields.puzzle_from_fields`.  Every fault is a :class:`RequestError`
naming the request field (docs/api.md); a board that does not read is a
:class:`~lightsout.errors.BoardFormatError` with that ``field``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field as data_field
from typing import Any

from ..errors import BoardFormatError
from ..model import codec
from ..model.puzzle import MAX_STATE_CELLS, Puzzle, check_size
from ..model.puzzle_fields import PuzzleFieldError, Sized, check_states, puzzle_from_fields
from .published_limits import DEFAULT_SEARCH_SECONDS, MAX_API_CELLS, MAX_NUMBER, MAX_SEARCH_SECONDS
from .puzzles import base_puzzle

__all__ = ["RequestError", "field", "size_fields", "states_field", "seconds_field", "Exchange", "puzzle_of"]


class RequestError(ValueError):
    """A request that is not well formed; ``field`` names the request field at fault (or None)."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def field(request: dict[str, Any], name: str, kind: type | tuple[type, ...], default: Any = ...) -> Any:
    """Request field ``name`` of the JSON type ``kind``; ``default`` when it is missing or null (no
    default: a :class:`RequestError`).  A whole number is at most ``max_number`` in size; ``true`` and
    ``false`` are not numbers (bool is an int subclass in Python)."""
    if name not in request or request[name] is None:
        if default is ...:
            raise RequestError(f"request field {name!r} is missing", name)
        return default
    value = request[name]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise RequestError(f"request field {name!r} has the wrong type", name)
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
        raise RequestError(f"request field {name!r} is out of range: at most {MAX_NUMBER} in size", name)
    return value


def size_fields(request: dict[str, Any]) -> tuple[int, int]:
    """The request's ``rows`` and ``cols``: at least 1 each and within the board limits (``check_size``)."""
    rows, cols = field(request, "rows", int), field(request, "cols", int)
    for name, value in (("rows", rows), ("cols", cols)):
        if value < 1:
            raise RequestError(f"{name} must be at least 1, not {value}", name)
    check_size(rows, cols, "cols" if cols > rows else "rows")
    return rows, cols


def states_field(request: dict[str, Any], default: int = 2) -> int:
    """The request's ``k``, a number of states (2..255)."""
    try:
        return check_states(field(request, "k", int, default))
    except PuzzleFieldError as error:
        raise RequestError(str(error), error.field) from None


def seconds_field(request: dict[str, Any]) -> float:
    """The request's ``seconds`` (default ``default_search_seconds``): a number ≥ 0, taken as at most ``max_search_seconds``."""
    seconds = float(field(request, "seconds", (int, float), DEFAULT_SEARCH_SECONDS))
    if not seconds >= 0:  # NaN too (json.loads reads NaN)
        raise RequestError("seconds must be a number of seconds >= 0", "seconds")
    return min(seconds, MAX_SEARCH_SECONDS)


_PACKED = re.compile(r"(\d{1,9})x(\d{1,9})@(\d{1,12})")


@dataclass
class Exchange:
    """One call's binary payloads: the one that came in, and the one going out."""

    payload: bytes
    binary: bool
    out: list[bytes] = data_field(default_factory=list)
    size: int = 0

    def packed(self, request: dict[str, Any], name: str, k: int) -> Sized:
        """Read board field ``name`` with k states per cell: (rows, cols, packed int)."""
        value = field(request, name, str)
        reference = _PACKED.fullmatch(value)
        header = re.match(r"\s*(\d{1,9})x(\d{1,9})[:@]", value)
        if k > 2 and header is not None and int(header.group(1)) * int(header.group(2)) > MAX_STATE_CELLS:
            raise RequestError(f"{name}: a board with {k} states has at most {MAX_STATE_CELLS} cells", name)
        try:
            if reference is None:
                return codec.parse_packed(value.strip(), k, f"the {name}")
            rows, cols, offset = (int(group) for group in reference.groups())
            if rows < 1 or cols < 1 or rows * cols > MAX_API_CELLS:
                raise RequestError(f"{name}: board size {rows}x{cols} is outside 1x1 .. {MAX_API_CELLS} cells", name)
            bits = rows * cols * codec.bits_per_cell(k)
            size = codec.byte_length(bits)
            data = self.payload[offset : offset + size]
            if len(data) != size:
                raise RequestError(f"{name}: the payload holds no {rows}x{cols} board at byte {offset}", name)
            packed = codec.from_bytes(data, bits)
            bad = codec.first_state_above(packed, rows * cols, k)
            if bad is not None:
                raise RequestError(f"{name}: cell {bad} has a state outside 0..{k - 1}", name)
            return rows, cols, packed
        except BoardFormatError as error:
            error.field = name
            raise

    def emit(self, rows: int, cols: int, value: int, k: int = 2) -> str:
        """The reply field for a packed board: ``RxC:`` + base64url, or a payload reference."""
        bits = rows * cols * codec.bits_per_cell(k)
        if not self.binary:
            return codec.format_packed(rows, cols, value, k)
        offset = self.size
        data = codec.to_bytes(value, bits)
        self.out.append(data)  # joined once at the end: a 10000x10000 board is copied once, not twice
        self.size += len(data)
        return f"{rows}x{cols}@{offset}"

    def board(self, puzzle: Puzzle, value: int) -> str:
        """The reply field for a packed board of ``puzzle`` (its size and k)."""
        return self.emit(puzzle.rows, puzzle.cols, value, puzzle.k)


def puzzle_of(request: dict[str, Any], exchange: Exchange, size: tuple[int, int] | None = None, sized: bool = False) -> tuple[Puzzle, int | None]:
    """The puzzle the request's fields describe, and its ``board`` (unless ``sized``: then ``size`` or, for a
    preset or graph, its own).  A ``preset`` or ``graph`` fixes the cells, the press rule and k (a ``k``
    that differs is an error); ``target``, ``holes`` and ``dont_care`` may change its own.  Built by
    :func:`lightsout.model.puzzle_fields.puzzle_from_fields`; its :class:`PuzzleFieldError` becomes a
    :class:`RequestError` naming the field."""
    base = base_puzzle(request)
    given_k = field(request, "k", int, None)
    k = states_field(request) if base is None else base.puzzle.k  # a preset's boards are read with its k: another is refused below
    lights = None
    try:
        if base is not None:
            rows, cols = base.puzzle.rows, base.puzzle.cols
            if not sized:
                board_rows, board_cols, lights = exchange.packed(request, "board", k)
                if (board_rows, board_cols) != (rows, cols):
                    raise RequestError(f"board is {board_rows}x{board_cols}, this puzzle is {rows}x{cols}", "board")
        elif not sized:
            rows, cols, lights = exchange.packed(request, "board", k)
            check_size(rows, cols, "board")
        else:
            rows, cols = size if size is not None else size_fields(request)
            if k > 2 and rows * cols > MAX_STATE_CELLS:
                raise RequestError(f"a board with {k} states has at most {MAX_STATE_CELLS} cells, not {rows * cols}", "rows")
        rule, surface = field(request, "rule", str, None), field(request, "surface", str, None)
        torus = field(request, "torus", bool, False)
        holes, dont_care = (None if request.get(name) is None else exchange.packed(request, name, 2) for name in ("holes", "dont_care"))
        target_field = field(request, "target", str, None)
        target = target_field if target_field in (None, "off", "on") else exchange.packed(request, "target", k)
        puzzle = puzzle_from_fields(rows, cols, given_k, rule, surface, torus, holes, dont_care, target, None if base is None else base.puzzle)
    except PuzzleFieldError as error:
        raise RequestError(str(error), error.field) from None
    if lights is not None and puzzle.holes:
        lights &= ~puzzle.spread(puzzle.holes)  # holes have no light
    return puzzle, lights
