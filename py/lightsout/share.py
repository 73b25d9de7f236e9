"""Share links: a whole game's state as one compact, URL-safe, stable string.

The page keeps this string in ``location.hash``; the package parses and
formats the same string, so both sides can be tested against each other.

Grammar::

    share   = R "x" C ":" payload *( ";" field )
    payload = base64url, no padding, of the packed cells
    field   = "k=" states         (2..255; default 2)
            | "r=" rule           (plus | moore | x | hex | s<hex>; default plus)
            | "w=" surface        (torus | klein | projective; default plane)
            | "g=" goal           (on | <payload>; default all off)
            | "h=" <1-bit payload> holes
            | "d=" <1-bit payload> don't-care cells
            | "p=" challenge      (the kind of challenge the start board was dealt as: 1 to 32
                                   characters a-z, 0-9, "-", starting with a letter; the
                                   page's names are random, lit-N, presses-N, daily and
                                   sample-<id>, and game-<NAME> for a real game, so that an
                                   opened link shows the puzzle's fewest presses, timer and
                                   best result)
            | "m=" moves          (base64url of LEB128 varints: cell indices in play order)

A preset of a real game (:mod:`lightsout.games`) or a puzzle on any graph
(:mod:`lightsout.graph`) has a head of its own, which a grid parser
refuses rather than misreads::

    preset  = NAME ":" payload *( ";" pfield )       NAME as in lightsout.games.PRESETS
    pfield  = "g=" (off | on | <payload>)            only when not the preset's own goal
            | "h=" ... | "d=" ... | "p=" ... | "m=" ...   as above
    graph   = "G" n ":" payload *( ";" gfield )      n cells (a 1×n puzzle)
    gfield  = "e=" press sets                        (required) base64url of LEB128 varints: for each
                                                     cell, the size of its press set, then its cells
                                                     in increasing order, each as the gap from the
                                                     one before (the first from −1) less 1
            | "c=" x "," y *( "," x "," y )          coordinates, decimal numbers of size at most 1e9
            | "n=" name *( "," name )                names, percent-encoded (RFC 3986)
            | "s=" (square | hex)                    cell outline (default circle)
            | "k=" ... | "g=" ... | "h=" ... | "d=" ... | "p=" ... | "m=" ...   as above

Packing: with b = bit_length(k − 1) bits per cell (1 for k = 2), cell
i = r·C + c occupies bits i·b .. i·b + b − 1, least significant bit first,
in little-endian bytes; unused bits of the last byte are 0.  For k = 2 the
``R x C : payload`` head is exactly the game ID of :mod:`lightsout.formats`.
``s<hex>`` is a custom stencil: bit (dr + 2)·5 + (dc + 2) of a 25-bit mask
over the 5×5 square around the pressed cell.  "on" means every light at
k − 1.  Fields are written in the order above and only when not default,
so every state has exactly one string.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from urllib.parse import quote, unquote

from . import codec
from .board import Board
from .errors import BoardFormatError
from .codec import MAX_DECLARED_CELLS
from .games import PRESETS
from .graph import MAX_GRAPH_CELLS, MAX_GRAPH_ENTRIES, OUTLINES, Graph, bits_of, is_coordinate
from .puzzle import MAX_STATES, Puzzle
from .rules import PLUS, RULES, SURFACES, Rule, format_stencil

__all__ = ["ShareState", "parse_share", "format_share", "stencil_mask", "FIELD_ORDER", "CHALLENGE_KIND"]

CHALLENGE_KIND = re.compile(r"[a-z][a-z0-9-]{0,31}")
"""A p= value: the kind of challenge a link's start board was dealt as."""
_HEAD = re.compile(r"([0-9]{1,9})x([0-9]{1,9}):([A-Za-z0-9_-]*)")
FIELD_ORDER = ("k", "r", "w", "g", "h", "d", "p", "m")
"""The share link's fields, in the order they are written."""



@dataclass(frozen=True)
class ShareState:
    """Everything a share link carries.  Cell values and masks are packed ints (see the module docstring)."""

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
    """The name of a preset of :mod:`lightsout.games` (its rows, cols, k, rule and graph; ``goal`` is the game's own unless changed)."""
    graph: Graph | None = None
    """A user-defined graph (rows = 1, cols = its cells)."""

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
        """The puzzle this link describes (:class:`lightsout.puzzle.Puzzle`; a cell both a hole and
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


_encode = codec.encode


def _fail(code: str, column: int, field: str | None, *, what: str = "", **params: object) -> BoardFormatError:
    """The link error ``code`` (:data:`lightsout.errors.LINK_ERRORS`) at ``column``, ``field`` (the
    link's part at fault: ``size``, ``board``, a field letter, or None) among its params."""
    return BoardFormatError.of(code, 1, column, what=what, field=field, **params)


@contextmanager
def _part(field: str) -> Iterator[None]:
    """Name the link's part ``field`` in the params of a codec error raised inside."""
    try:
        yield
    except BoardFormatError as error:
        error.params["field"] = field
        raise


def _decode(text: str, bits: int, what: str, column: int, field: str) -> int:
    """:func:`lightsout.codec.decode` of the link's part ``field``, which its error's params name."""
    with _part(field):
        return codec.decode(text, bits, what, column)


def _read_varints(text: str, column: int, field: str, what: str, cells: int | None = None) -> list[int]:
    """Base64url of LEB128 varints (each in its shortest form) as numbers; ``field`` is the link's
    part, ``what`` names it in English; with ``cells`` each number is a cell below it, checked as
    it is read (the order share.js checks in)."""
    with _part(field):
        data = codec.decode_bytes(text, what, column)
    out: list[int] = []
    value = shift = 0
    for byte in data:
        value |= (byte & 0x7F) << shift
        shift += 7
        if shift > 35:
            raise _fail("number_too_long", column, field, what=what)
        if not byte & 0x80:
            if shift > 7 and byte == 0:
                raise _fail("not_shortest", column, field, what=what, number=len(out) + 1)
            if cells is not None and value >= cells:
                raise _fail("move_outside", column, field, number=len(out) + 1, cell=value, cells=cells)
            out.append(value)
            value = shift = 0
    if shift:
        raise _fail("numbers_cut", column + len(text), field, what=what)
    return out


def _encode_moves(moves: tuple[int, ...]) -> str:
    data = bytearray()
    for move in moves:
        while True:
            byte = move & 0x7F
            move >>= 7
            data.append(byte | (0x80 if move else 0))
            if not move:
                break
    return codec.encode_bytes(bytes(data))


def _decode_moves(text: str, cells: int, column: int) -> tuple[int, ...]:
    return tuple(_read_varints(text, column, "m", "the move list", cells))


def stencil_mask(stencil: frozenset[tuple[int, int]]) -> int:
    """A stencil (offsets within ±2) as its 25-bit mask: bit (dr + 2)·5 + (dc + 2)."""
    return sum(1 << ((dr + 2) * 5 + dc + 2) for dr, dc in stencil)


def _stencil_hex(stencil: frozenset[tuple[int, int]]) -> str:
    return f"s{stencil_mask(stencil):x}"


def _parse_stencil(text: str, column: int) -> frozenset[tuple[int, int]]:
    for rule in RULES.values():
        if text == rule.name:
            return rule.stencil
    if re.fullmatch(r"s[0-9a-f]{1,7}", text):
        mask = int(text[1:], 16)
        if 0 < mask < 1 << 25 and _stencil_hex(_stencil_of(mask)) == text:
            named = next((rule.name for rule in RULES.values() if rule.stencil == _stencil_of(mask)), None)
            if named is not None:
                raise _fail("rule_named", column, "r", rule=named)
            return _stencil_of(mask)
    raise _fail("unknown_rule", column, "r", found=text[:20])


def _stencil_of(mask: int) -> frozenset[tuple[int, int]]:
    return frozenset((i // 5 - 2, i % 5 - 2) for i in range(25) if mask >> i & 1)


def format_share(state: ShareState) -> str:
    """Return the share string of ``state`` (see the module docstring)."""
    if state.preset is not None or state.graph is not None:
        return _format_graph_share(state)
    cells = state.rows * state.cols
    out = f"{state.rows}x{state.cols}:{_encode(state.cells, cells * state.bits_per_cell)}"
    if state.k != 2:
        out += f";k={state.k}"
    if state.stencil != PLUS.stencil:
        name = next((rule.name for rule in RULES.values() if rule.stencil == state.stencil), None)
        out += f";r={name or _stencil_hex(state.stencil)}"
    if state.surface != "plane":
        out += f";w={state.surface}"
    if state.goal != "off":
        goal = "on" if state.goal == "on" else _encode(int(state.goal), cells * state.bits_per_cell)
        out += f";g={goal}"
    if state.holes:
        out += f";h={_encode(state.holes, cells)}"
    if state.dont_care:
        out += f";d={_encode(state.dont_care, cells)}"
    if state.challenge_kind is not None:
        out += f";p={state.challenge_kind}"
    if state.moves:
        out += f";m={_encode_moves(state.moves)}"
    return out


def parse_share(text: str) -> ShareState:
    """Parse a share string (a leading ``#`` is ignored).

    Raises :class:`~lightsout.formats.BoardFormatError` naming the column of
    the first problem: a bad size or payload, an unknown, repeated or
    out-of-order field, a value out of range.
    """
    offset = 1 if text.startswith("#") else 0
    body = text[offset:]
    head, *fields = body.split(";")
    graph_head = _GRAPH_HEAD.fullmatch(head)
    if graph_head is not None and (graph_head.group(1) is not None or graph_head.group(2) in PRESETS):
        return _parse_graph_share(head, fields, offset)
    match = _HEAD.fullmatch(head)
    if not match:
        raise _fail("head", offset + 1, "size")
    rows, cols = int(match.group(1)), int(match.group(2))
    if rows < 1 or cols < 1 or rows * cols > MAX_DECLARED_CELLS:
        raise _fail("size", offset + 1, "size", size=f"{rows}x{cols}", most=MAX_DECLARED_CELLS)
    values = _read_fields(head, fields, offset, FIELD_ORDER)
    k = _states(values)
    cells = rows * cols
    bits = (k - 1).bit_length()
    start = _decode(match.group(3), cells * bits, "the board", offset + len(match.group(1)) + len(match.group(2)) + 3, "board")
    if k > 2 and any((start >> (i * bits) & ((1 << bits) - 1)) >= k for i in range(cells)):
        raise _fail("state_above", offset + 1, "board", what="the board", most=k - 1)
    stencil = PLUS.stencil
    if "r" in values:
        stencil = _parse_stencil(*values["r"])
        if stencil == PLUS.stencil:
            raise _fail("rule_default", values["r"][1], "r")
    surface = "plane"
    if "w" in values:
        value, where = values["w"]
        if value not in SURFACES or value == "plane":
            raise _fail("surface_name", where, "w")
        surface = value
    goal: int | str = "off"
    if "g" in values:
        value, where = values["g"]
        goal = "on" if value == "on" else _decode(value, cells * bits, "the goal", where, "g")
        if goal == 0:
            raise _fail("goal_default", where, "g")
        if k > 2 and isinstance(goal, int) and any((goal >> (i * bits) & ((1 << bits) - 1)) >= k for i in range(cells)):
            raise _fail("state_above", where, "g", what="the goal", most=k - 1)
    holes, dont_care, moves = _masks_and_moves(values, cells)
    return ShareState(rows, cols, start, k, stencil, surface, goal, holes, dont_care, moves, _challenge_kind(values))


def _read_fields(head: str, fields: list[str], offset: int, order: tuple[str, ...]) -> dict[str, tuple[str, int]]:
    """The ``name=value`` fields after ``head``, each with the column of its value; in ``order``, each at most once."""
    values: dict[str, tuple[str, int]] = {}
    column = offset + len(head) + 2
    last = -1
    for item in fields:
        name, equals, value = item.partition("=")
        if not equals or name not in order:
            raise _fail("unknown_field", column, None, found=item[:20], choices=", ".join(n + "=" for n in order))
        position = order.index(name)
        if position <= last:
            raise _fail("field_order", column, name, name=name)
        last = position
        values[name] = (value, column + len(name) + 1)
        column += len(item) + 1
    return values


def _states(values: dict[str, tuple[str, int]]) -> int:
    """The ``k=`` field (3..255), or 2 without one."""
    if "k" not in values:
        return 2
    value, where = values["k"]
    if not re.fullmatch(r"[0-9]{1,3}", value) or not 3 <= int(value) <= MAX_STATES:
        raise _fail("states", where, "k", most=MAX_STATES)
    return int(value)


def _masks_and_moves(values: dict[str, tuple[str, int]], cells: int) -> tuple[int, int, tuple[int, ...]]:
    """The ``h=``, ``d=`` and ``m=`` fields: (holes, don't-care cells, moves)."""
    masks = []
    for name, what in (("h", "the holes"), ("d", "the don't-care cells")):
        mask = 0
        if name in values:
            value, where = values[name]
            mask = _decode(value, cells, what, where, name)
            if mask == 0:
                raise _fail("mask_default", where, name)
        masks.append(mask)
    holes, dont_care = masks
    moves: tuple[int, ...] = ()
    if "m" in values:
        value, where = values["m"]
        moves = _decode_moves(value, cells, where)
        if not moves:
            raise _fail("moves_default", where, "m")
        for number, move in enumerate(moves, 1):
            if holes >> move & 1:
                raise _fail("move_on_hole", where, "m", number=number, cell=move)
    return holes, dont_care, moves


def _challenge_kind(values: dict[str, tuple[str, int]]) -> str | None:
    """The ``p=`` field: the kind of challenge the start board was dealt as, or None."""
    if "p" not in values:
        return None
    value, where = values["p"]
    if not CHALLENGE_KIND.fullmatch(value):
        raise _fail("puzzle_name", where, "p")
    return value


# -- presets and graphs -------------------------------------------------------

_GRAPH_HEAD = re.compile(r"(?:G([0-9]{1,5})|([a-z][a-z0-9-]{0,39})):([A-Za-z0-9_-]*)")
GRAPH_FIELD_ORDER = ("e", "c", "n", "s", "k", "g", "h", "d", "p", "m")
"""The fields of a graph link, in the order they are written (a preset link takes g, h, d, m)."""


def _varints(values: list[int]) -> str:
    return _encode_moves(tuple(values))




def _number(value: float) -> str:
    return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)


def _format_graph_share(state: ShareState) -> str:
    cells = state.rows * state.cols
    bits = state.bits_per_cell
    parts: list[str] = []
    if state.preset is not None:
        base = PRESETS[state.preset].puzzle
        parts.append(f"{state.preset}:{_encode(state.cells, cells * bits)}")
        if state.goal != base.target:
            parts.append("g=" + (state.goal if isinstance(state.goal, str) else _encode(state.goal, cells * bits)))
    else:
        graph = state.graph
        assert graph is not None
        parts.append(f"G{cells}:{_encode(state.cells, cells * bits)}")
        stream: list[int] = []
        for reach in graph.presses:
            members = bits_of(reach)
            stream.append(len(members))
            previous = -1
            for j in members:
                stream.append(j - previous - 1)
                previous = j
        parts.append("e=" + _varints(stream))
        if graph.coords is not None:
            parts.append("c=" + ",".join(_number(v) for point in graph.coords for v in point))
        if graph.names is not None:
            parts.append("n=" + ",".join(quote(name, safe="") for name in graph.names))
        if graph.outline != "circle":
            parts.append("s=" + graph.outline)
        if state.k != 2:
            parts.append(f"k={state.k}")
        if state.goal != "off":
            parts.append("g=" + (state.goal if isinstance(state.goal, str) else _encode(state.goal, cells * bits)))
    if state.holes:
        parts.append(f"h={_encode(state.holes, cells)}")
    if state.dont_care:
        parts.append(f"d={_encode(state.dont_care, cells)}")
    if state.challenge_kind is not None:
        parts.append(f"p={state.challenge_kind}")
    if state.moves:
        parts.append(f"m={_encode_moves(state.moves)}")
    return ";".join(parts)


def _parse_graph_share(head: str, fields: list[str], offset: int) -> ShareState:
    """Parse a preset or graph link (see the module docstring)."""
    match = _GRAPH_HEAD.fullmatch(head)
    assert match is not None  # parse_share routes only a preset's or a graph's head here
    name = match.group(2)
    values = _read_fields(head, fields, offset, ("g", "h", "d", "p", "m") if name is not None else GRAPH_FIELD_ORDER)
    payload_column = offset + len(head) - len(match.group(3)) + 1
    graph: Graph | None = None
    base_goal: int | str = "off"
    if name is not None:
        base = PRESETS[name].puzzle
        rows, cols, k, base_goal = base.rows, base.cols, base.k, base.target
    else:
        cells = int(match.group(1))
        if not 1 <= cells <= MAX_GRAPH_CELLS:
            raise _fail("graph_cells", offset + 2, "size", most=MAX_GRAPH_CELLS, found=cells)
        rows, cols, k = 1, cells, _states(values)
        graph = _graph_fields(values, cells, offset + 1)
    cells = rows * cols
    bits = (k - 1).bit_length()
    start = _decode(match.group(3), cells * bits, "the board", payload_column, "board")
    if k > 2 and codec.first_state_above(start, cells, k) is not None:
        raise _fail("state_above", payload_column, "board", what="the board", most=k - 1)
    goal: int | str = base_goal
    if "g" in values:
        value, where = values["g"]
        goal = value if value in ("on", "off") else _decode(value, cells * bits, "the goal", where, "g")
        if goal == base_goal or (goal == 0 and base_goal == "off") or (goal == "off" and name is None):
            raise _fail("goal_own", where, "g")
        if goal == 0:
            goal = "off"
        if isinstance(goal, int) and k > 2 and codec.first_state_above(goal, cells, k) is not None:
            raise _fail("state_above", where, "g", what="the goal", most=k - 1)
    holes, dont_care, moves = _masks_and_moves(values, cells)
    return ShareState(
        rows, cols, start, k, PLUS.stencil, "plane", goal, holes, dont_care, moves, _challenge_kind(values), preset=name, graph=graph
    )


def _graph_fields(values: dict[str, tuple[str, int]], cells: int, column: int) -> Graph:
    """The graph of a graph link: press sets (e=), coordinates (c=), names (n=), outline (s=)."""
    if "e" not in values:
        raise _fail("press_sets_missing", column, "e")
    text, where = values["e"]
    stream = _read_varints(text, where, "e", "the press sets")
    presses = []
    position = 0
    for i in range(cells):
        if position >= len(stream):
            raise _fail("press_sets_end", where, "e", cell=i)
        size = stream[position]
        members = stream[position + 1 : position + 1 + size]
        if len(members) != size:
            raise _fail("press_set_early", where, "e", cell=i)
        position += 1 + size
        reach, previous = 0, -1
        for gap in members:
            previous += gap + 1
            if previous >= cells:
                raise _fail("press_set_outside", where, "e", cell=i, reach=previous, cells=cells)
            reach |= 1 << previous
        presses.append(reach)
    if position != len(stream):
        raise _fail("press_sets_extra", where, "e", cells=cells)
    coords = None
    if "c" in values:
        text, where = values["c"]
        numbers = text.split(",")
        if len(numbers) != 2 * cells or not all(re.fullmatch(r"-?[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?", v) for v in numbers):
            raise _fail("coords_link", where, "c", count=2 * cells)
        floats = [float(v) for v in numbers]
        at = where  # the column of each number in turn
        for number, value in zip(numbers, floats):
            if not is_coordinate(value):  # the bound the JSON and text readers apply
                raise _fail("coord_not_finite", at, "c", found=number[:20])
            at += len(number) + 1
        coords = tuple((floats[2 * i], floats[2 * i + 1]) for i in range(cells))
    names = None
    if "n" in values:
        text, where = values["n"]
        parts = text.split(",")
        if len(parts) != cells:
            raise _fail("names_link", where, "n", cells=cells)
        try:
            names = tuple(unquote(part, errors="strict") for part in parts)
        except UnicodeDecodeError:
            raise _fail("name_not_utf8", where, "n") from None
    outline = "circle"
    if "s" in values:
        text, where = values["s"]
        if text not in OUTLINES or text == "circle":
            raise _fail("shape_link", where, "s")
        outline = text
    entries = sum(reach.bit_count() for reach in presses)
    if entries > MAX_GRAPH_ENTRIES:
        raise _fail("press_sets_too_many", values["e"][1], "e", found=entries, most=MAX_GRAPH_ENTRIES)
    try:
        return Graph(tuple(presses), coords, names, outline)
    except BoardFormatError as error:
        # a name too long or with a control character (the rest is checked above): the n= field
        part = "n" if "n" in values else None
        moved = error.moved(1, values["n"][1] if part else column)
        moved.params = {**error.params, "field": part}
        raise moved from None
