"""The parts share links are made of (grammar: :mod:`lightsout.share.links`): the state a link carries,
its ``name=value`` fields read in their order, payloads, varint lists, masks, moves, goals and
challenge kinds, and the errors that name the link's part and column.

:mod:`lightsout.share.links` (grid links, and the entry points) and :mod:`lightsout.share.puzzle_links` (preset
and graph links) are built on these, so both read a field the same way and name the same first problem.
Errors: :class:`~lightsout.errors.BoardFormatError` with a code of :data:`lightsout.errors.LINK_ERRORS`
(or the codec's), line 1 and the column, and ``params["field"]``: the link's part.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from ..model import codec
from ..model.board import Board
from ..errors import BoardFormatError
from ..presets.presets import PRESETS
from ..model.graph import Graph
from ..model.puzzle import MAX_STATES, Puzzle
from ..model.rules import PLUS, RULES, Rule, format_stencil

__all__ = [
    "ShareState", "CHALLENGE_KIND", "LEVEL_KIND", "FIELD_ORDER", "GRAPH_FIELD_ORDER", "PRESET_FIELD_ORDER", "GRAPH_HEAD",
    "canonical_goal", "check_moves", "link_error", "link_part", "decode_part", "read_varints", "encode_moves",
    "read_fields", "states_field", "masks_field", "moves_field", "challenge_kind_field", "no_leading_zero", "encode",
]

CHALLENGE_KIND = re.compile(r"[a-z][a-z0-9-]{0,31}")
"""A p= value: the kind of challenge a link's start board was dealt as."""
FIELD_ORDER = ("k", "r", "w", "g", "h", "d", "p", "m")
"""The share link's fields, in the order they are written."""
GRAPH_HEAD = re.compile(r"(?:G([0-9]{1,5})|([a-z][a-z0-9-]{0,39})):([A-Za-z0-9_-]*)")
"""The head of a graph's link (``G<n>:payload``) or a preset's (``NAME:payload``)."""
GRAPH_FIELD_ORDER = ("e", "c", "n", "s", "k", "g", "h", "d", "p", "m")
"""The fields of a graph link, in the order they are written."""
PRESET_FIELD_ORDER = ("g", "h", "d", "p", "l", "m")
"""The fields of a preset's link, in the order they are written."""
LEVEL_KIND = "level-"
"""How a level's p= value starts: ``level-<SET>``, SET a name of :data:`lightsout.presets.levels.LEVEL_SETS`."""


@dataclass(frozen=True)
class ShareState:
    """Everything a share link carries.  Cell values and masks are packed ints (the packing: :mod:`lightsout.share.links`)."""

    rows: int
    cols: int
    cells: int
    k: int = 2
    stencil: frozenset[tuple[int, int]] = PLUS.stencil
    surface: str = "plane"
    goal: int | str = "off"
    holes: int = 0
    dont_care: int = 0
    moves: tuple[int, ...] = field(default=())
    challenge_kind: str | None = None
    """The p= field: the kind of challenge the start board was dealt as, or None."""
    preset: str | None = None
    """The name of a preset of :mod:`lightsout.presets` (its rows, cols, k, rule and graph; ``goal`` is the game's own unless changed)."""
    graph: Graph | None = None
    """A user-defined graph (rows = 1, cols = its cells)."""
    level: int | None = None
    """The l= field: the number of the level (of the set ``challenge_kind`` names, ``level-<SET>``) the start board is, or None."""

    @property
    def bits_per_cell(self) -> int:
        return (self.k - 1).bit_length()

    def cell(self, index: int) -> int:
        """State of cell ``index`` (r·C + c)."""
        b = self.bits_per_cell
        return self.cells >> (index * b) & ((1 << b) - 1)

    def rule(self) -> Rule:
        """The press rule: the stencil on the link's surface."""
        for rule in RULES.values():
            if rule.stencil == self.stencil:
                return rule.on_surface(self.surface)
        return Rule("custom:" + format_stencil(self.stencil), self.stencil, self.surface)

    def puzzle(self) -> Puzzle:
        """The puzzle this link describes (:class:`lightsout.model.puzzle.Puzzle`; a cell both a hole and
        don't-care counts as a hole).  Its lights are :attr:`cells`, packed the same way."""
        if self.preset is not None:
            base = PRESETS[self.preset].puzzle
            return Puzzle(base.rows, base.cols, base.k, base.rule, self.holes, self.dont_care, self.goal, base.graph)
        return Puzzle(self.rows, self.cols, self.k, self.rule(), self.holes, self.dont_care, self.goal, self.graph)

    def board(self) -> Board:
        """The start board (k = 2 only).  Raises ``ValueError`` for k > 2."""
        if self.k != 2:
            raise ValueError("a board with more than two states is not a GF(2) Board")
        return Board.from_flat(self.rows, self.cols, self.cells, self.rule())


encode = codec.encode


def link_error(code: str, column: int, field: str | None, *, what: str = "", **params: Any) -> BoardFormatError:
    """The link error ``code`` (:data:`lightsout.errors.LINK_ERRORS`) at ``column``, ``field`` (the
    link's part at fault: ``size``, ``board``, a field letter, or None) among its params."""
    return BoardFormatError.of(code, 1, column, part=what, field=field, **params)


@contextmanager
def link_part(field: str) -> Iterator[None]:
    """Name the link's part ``field`` in the params of a codec error raised inside."""
    try:
        yield
    except BoardFormatError as error:
        error.params["field"] = field
        raise


def decode_part(text: str, bits: int, what: str, column: int, field: str) -> int:
    """:func:`lightsout.model.codec.decode` of the link's part ``field``, which its error's params name."""
    with link_part(field):
        return codec.decode(text, bits, what, column)


def read_varints(text: str, column: int, field: str, what: str, cells: int | None = None) -> list[int]:
    """Base64url of LEB128 varints (each in its shortest form) as numbers; ``field`` is the link's
    part, ``what`` names it in English; with ``cells`` each number is a cell below it, checked as
    it is read (the order share.js checks in)."""
    with link_part(field):
        data = codec.decode_bytes(text, what, column)
    out: list[int] = []
    value = shift = 0
    for byte in data:
        value |= (byte & 0x7F) << shift
        shift += 7
        if shift > 35:
            raise link_error("number_too_long", column, field, what=what)
        if not byte & 0x80:
            if shift > 7 and byte == 0:
                raise link_error("not_shortest", column, field, what=what, number=len(out) + 1)
            if cells is not None and value >= cells:
                raise link_error("move_outside", column, field, number=len(out) + 1, cell=value, cells=cells)
            out.append(value)
            value = shift = 0
    if shift:
        raise link_error("numbers_cut", column + len(text), field, what=what)
    return out


def encode_moves(moves: tuple[int, ...]) -> str:
    data = bytearray()
    for move in moves:
        while True:
            byte = move & 0x7F
            move >>= 7
            data.append(byte | (0x80 if move else 0))
            if not move:
                break
    return codec.encode_bytes(bytes(data))


def decode_moves(text: str, cells: int, column: int) -> tuple[int, ...]:
    return tuple(read_varints(text, column, "m", "the move list", cells))


def all_on(cells: int, k: int) -> int:
    """The packed board with every light at k − 1."""
    bits = (k - 1).bit_length()
    if k == 1 << bits:
        return (1 << cells * bits) - 1
    return codec.pack([k - 1] * cells, bits)


def canonical_goal(goal: int | str, cells: int, k: int) -> int | str:
    """``goal`` as a link writes it: a packed board of all off is ``"off"``, of all on ``"on"``, any other as it is."""
    if isinstance(goal, str):
        return goal
    if goal == 0:
        return "off"
    return "on" if goal == all_on(cells, k) else goal


def check_moves(state: ShareState) -> None:
    """Raise ``ValueError`` for a move outside the board or on a hole: the reader refuses both (move_outside, move_on_hole)."""
    cells = state.rows * state.cols
    for number, move in enumerate(state.moves, 1):
        if not 0 <= move < cells:
            raise ValueError(f"move {number} presses cell {move}, outside the {cells} cells")
        if state.holes >> move & 1:
            raise ValueError(f"move {number} presses cell {move}, a hole, which has no button")


def no_leading_zero(digits: str, column: int, field: str) -> None:
    """Refuse a number written with a leading zero (``05``): every number has one form."""
    if len(digits) > 1 and digits.startswith("0"):
        raise link_error("leading_zero", column, field, found=digits[:12])


def read_fields(head: str, fields: list[str], offset: int, order: tuple[str, ...]) -> dict[str, tuple[str, int]]:
    """The ``name=value`` fields after ``head``, each with the column of its value; in ``order``, each at most once."""
    values: dict[str, tuple[str, int]] = {}
    column = offset + len(head) + 2
    last = -1
    for item in fields:
        name, equals, value = item.partition("=")
        if not equals or name not in order:
            raise link_error("unknown_field", column, None, found=item[:20], choices=", ".join(n + "=" for n in order))
        position = order.index(name)
        if position <= last:
            raise link_error("field_order", column, name, name=name)
        last = position
        values[name] = (value, column + len(name) + 1)
        column += len(item) + 1
    return values


def states_field(values: dict[str, tuple[str, int]]) -> int:
    """The ``k=`` field (3..255), or 2 without one."""
    if "k" not in values:
        return 2
    value, where = values["k"]
    if not re.fullmatch(r"[0-9]{1,3}", value) or not 3 <= int(value) <= MAX_STATES:
        raise link_error("states", where, "k", most=MAX_STATES)
    no_leading_zero(value, where, "k")
    return int(value)


def masks_field(values: dict[str, tuple[str, int]], cells: int) -> tuple[int, int]:
    """The ``h=`` and ``d=`` fields: (holes, don't-care cells)."""
    masks = []
    for name, what in (("h", "the holes"), ("d", "the don't-care cells")):
        mask = 0
        if name in values:
            value, where = values[name]
            mask = decode_part(value, cells, what, where, name)
            if mask == 0:
                raise link_error("mask_default", where, name)
        masks.append(mask)
    return masks[0], masks[1]


def moves_field(values: dict[str, tuple[str, int]], cells: int, holes: int) -> tuple[int, ...]:
    """The ``m=`` field: the moves, none outside the board or on a hole."""
    moves: tuple[int, ...] = ()
    if "m" in values:
        value, where = values["m"]
        moves = decode_moves(value, cells, where)
        if not moves:
            raise link_error("moves_default", where, "m")
        for number, move in enumerate(moves, 1):
            if holes >> move & 1:
                raise link_error("move_on_hole", where, "m", number=number, cell=move)
    return moves


def challenge_kind_field(values: dict[str, tuple[str, int]], levels: bool = True) -> str | None:
    """The ``p=`` field: the kind of challenge the start board was dealt as, or None.  A level's
    kind (``level-…``) is refused where no level is played (``levels`` false: a grid's or a graph's link)."""
    if "p" not in values:
        return None
    value, where = values["p"]
    if not CHALLENGE_KIND.fullmatch(value):
        raise link_error("puzzle_name", where, "p")
    if not levels and value.startswith(LEVEL_KIND):
        raise link_error("level_grid", where, "p")
    return value
