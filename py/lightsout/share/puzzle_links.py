"""Share links of presets and of puzzles on any graph: ``NAME:…`` and ``G<n>:…`` (grammar: :mod:`lightsout.share.links`).

The writer and reader of :func:`lightsout.share.links.format_share` and :func:`lightsout.share.links.parse_share` for
a preset of :mod:`lightsout.presets` (its fields g=, h=, d=, p=, l= — a level of :mod:`lightsout.presets.levels` —
and m=) and for a user graph (e= press sets, c= coordinates, n= names, s= outline, then k=, g=, h=, d=,
p=, m=), built on that module's fields.  Errors: :class:`~lightsout.errors.BoardFormatError` with a
code of :data:`lightsout.errors.LINK_ERRORS`, its column and the link's part.
"""

from __future__ import annotations

import re
from urllib.parse import quote, unquote

from ..model import codec
from ..errors import BoardFormatError
from ..presets.presets import PRESETS
from ..model.graph import MAX_GRAPH_CELLS, MAX_GRAPH_ENTRIES, OUTLINES, Graph, bits_of, is_coordinate
from ..presets.levels import LEVEL_SETS
from ..model.rules import PLUS
from .fields import (
    GRAPH_FIELD_ORDER,
    GRAPH_HEAD,
    LEVEL_KIND,
    PRESET_FIELD_ORDER,
    ShareState,
    canonical_goal,
    challenge_kind_field,
    decode_part,
    encode,
    encode_moves,
    link_error,
    masks_field,
    moves_field,
    no_leading_zero,
    read_fields,
    read_varints,
    states_field,
)

__all__ = ["format_graph_share", "parse_graph_share", "coordinate_text"]


def _varints(values: list[int]) -> str:
    return encode_moves(tuple(values))




def coordinate_text(value: float) -> str:
    """A coordinate as a link writes it: the shortest decimal that reads back as ``value`` (the digits of
    ``repr``), positional (no exponent), without ``.0`` and without the sign of ``-0``."""
    if value == 0:
        return "0"
    text = repr(value)
    if "e" in text:  # d.ddde±X: the same digits with the point moved (1e-05 is 0.00001)
        mantissa, exponent = text.split("e")
        sign, mantissa = ("-", mantissa[1:]) if mantissa.startswith("-") else ("", mantissa)
        whole, _, fraction = mantissa.partition(".")
        digits, point = whole + fraction, len(whole) + int(exponent)
        if point <= 0:
            text = f"{sign}0.{'0' * -point}{digits}"
        elif point >= len(digits):
            text = sign + digits + "0" * (point - len(digits))
        else:
            text = f"{sign}{digits[:point]}.{digits[point:]}"
    return text[:-2] if text.endswith(".0") else text


def format_graph_share(state: ShareState) -> str:
    cells = state.rows * state.cols
    bits = state.bits_per_cell
    parts: list[str] = []
    goal = canonical_goal(state.goal, cells, state.k)
    if state.preset is not None:
        base = PRESETS[state.preset].puzzle
        parts.append(f"{state.preset}:{encode(state.cells, cells * bits)}")
        if goal != canonical_goal(base.target, cells, base.k):
            parts.append("g=" + (goal if isinstance(goal, str) else encode(goal, cells * bits)))
    else:
        graph = state.graph
        assert graph is not None
        parts.append(f"G{cells}:{encode(state.cells, cells * bits)}")
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
            parts.append("c=" + ",".join(coordinate_text(v) for point in graph.coords for v in point))
        if graph.names is not None:
            parts.append("n=" + ",".join(quote(name, safe="") for name in graph.names))
        if graph.outline != "circle":
            parts.append("s=" + graph.outline)
        if state.k != 2:
            parts.append(f"k={state.k}")
        if goal != "off":
            parts.append("g=" + (goal if isinstance(goal, str) else encode(goal, cells * bits)))
    if state.holes:
        parts.append(f"h={encode(state.holes, cells)}")
    if state.dont_care:
        parts.append(f"d={encode(state.dont_care, cells)}")
    if state.challenge_kind is not None:
        parts.append(f"p={state.challenge_kind}")
    if state.level is not None:
        parts.append(f"l={state.level}")
    if state.moves:
        parts.append(f"m={encode_moves(state.moves)}")
    return ";".join(parts)


def parse_graph_share(head: str, fields: list[str], offset: int) -> ShareState:
    """Parse a preset or graph link (see the module docstring)."""
    match = GRAPH_HEAD.fullmatch(head)
    assert match is not None  # parse_share routes only a preset's or a graph's head here
    name = match.group(2)
    values = read_fields(head, fields, offset, PRESET_FIELD_ORDER if name is not None else GRAPH_FIELD_ORDER)
    payload_column = offset + len(head) - len(match.group(3)) + 1
    graph: Graph | None = None
    base_goal: int | str = "off"
    if name is not None:
        base = PRESETS[name].puzzle
        rows, cols, k, base_goal = base.rows, base.cols, base.k, base.target
    else:
        no_leading_zero(match.group(1), offset + 2, "size")
        cells = int(match.group(1))
        if not 1 <= cells <= MAX_GRAPH_CELLS:
            raise link_error("graph_cells", offset + 2, "size", most=MAX_GRAPH_CELLS, found=cells)
        graph = _graph_fields(values, cells, offset + 1)  # e=, c=, n=, s= come before k=
        rows, cols, k = 1, cells, states_field(values)
    cells = rows * cols
    bits = (k - 1).bit_length()
    start = decode_part(match.group(3), cells * bits, "the board", payload_column, "board")
    if k > 2 and codec.first_state_above(start, cells, k) is not None:
        raise link_error("state_above", payload_column, "board", what="the board", most=k - 1)
    goal: int | str = base_goal
    if "g" in values:
        value, where = values["g"]
        goal = value if value in ("on", "off") else decode_part(value, cells * bits, "the goal", where, "g")
        if isinstance(goal, int) and k > 2 and codec.first_state_above(goal, cells, k) is not None:
            raise link_error("state_above", where, "g", what="the goal", most=k - 1)
        written = canonical_goal(goal, cells, k)
        if written == canonical_goal(base_goal, cells, k):
            raise link_error("goal_own", where, "g")
        if written != goal:  # a payload of all off or all on: written as the word
            raise link_error("goal_word", where, "g", word=written)
        goal = written
    # In the fields' order: h=, d=, then p= and l=, then m=.
    holes, dont_care = masks_field(values, cells)
    kind = challenge_kind_field(values, levels=name is not None)
    level = None if name is None else _level(values, name, start, payload_column)
    moves = moves_field(values, cells, holes)
    return ShareState(
        rows, cols, start, k, PLUS.stencil, "plane", goal, holes, dont_care, moves, kind, preset=name, graph=graph, level=level,
    )


def _graph_fields(values: dict[str, tuple[str, int]], cells: int, column: int) -> Graph:
    """The graph of a graph link: press sets (e=), coordinates (c=), names (n=), outline (s=)."""
    if "e" not in values:
        raise link_error("press_sets_missing", column, "e")
    text, where = values["e"]
    stream = read_varints(text, where, "e", "the press sets")
    presses = []
    position = 0
    for i in range(cells):
        if position >= len(stream):
            raise link_error("press_sets_end", where, "e", cell=i)
        size = stream[position]
        members = stream[position + 1 : position + 1 + size]
        if len(members) != size:
            raise link_error("press_set_early", where, "e", cell=i)
        position += 1 + size
        reach, previous = 0, -1
        for gap in members:
            previous += gap + 1
            if previous >= cells:
                raise link_error("press_set_outside", where, "e", cell=i, reach=previous, cells=cells)
            reach |= 1 << previous
        presses.append(reach)
    if position != len(stream):
        raise link_error("press_sets_extra", where, "e", cells=cells)
    coords = None
    if "c" in values:
        text, where = values["c"]
        numbers = text.split(",")
        if len(numbers) != 2 * cells or not all(re.fullmatch(r"-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?", v) for v in numbers):
            raise link_error("coords_link", where, "c", count=2 * cells)
        floats = [float(v) for v in numbers]
        at = where  # the column of each number in turn
        for number, value in zip(numbers, floats):
            if not is_coordinate(value):  # the bound the JSON and text readers apply
                raise link_error("coord_not_finite", at, "c", found=number[:20])
            shortest = coordinate_text(value)
            if number != shortest:  # an exponent, a zero too many, a digit past the shortest, -0: another form of it
                raise link_error("coord_form", at, "c", found=number[:20], shortest=shortest)
            at += len(number) + 1
        coords = tuple((floats[2 * i], floats[2 * i + 1]) for i in range(cells))
    names = None
    if "n" in values:
        text, where = values["n"]
        parts = text.split(",")
        if len(parts) != cells:
            raise link_error("names_link", where, "n", cells=cells)
        try:
            names = tuple(unquote(part, errors="strict") for part in parts)
        except UnicodeDecodeError:
            raise link_error("name_not_utf8", where, "n") from None
        at = where
        for index, (written, decoded) in enumerate(zip(parts, names), 1):
            if quote(decoded, safe="") != written:  # "%" unescaped, %xx in small letters, an unreserved character escaped...
                raise link_error("name_form", at, "n", number=index)
            at += len(written) + 1
    outline = "circle"
    if "s" in values:
        text, where = values["s"]
        if text not in OUTLINES or text == "circle":
            raise link_error("shape_link", where, "s")
        outline = text
    entries = sum(reach.bit_count() for reach in presses)
    if entries > MAX_GRAPH_ENTRIES:
        raise link_error("press_sets_too_many", values["e"][1], "e", found=entries, most=MAX_GRAPH_ENTRIES)
    try:
        return Graph(tuple(presses), coords, names, outline)
    except BoardFormatError as error:
        # a name too long or with a control character (the rest is checked above): the n= field
        part = "n" if "n" in values else None
        moved = error.moved(1, values["n"][1] if part else column)
        moved.params = {**error.params, "field": part}
        raise moved from None


def _level(values: dict[str, tuple[str, int]], name: str, start: int, board_column: int) -> int | None:
    """The ``l=`` field of preset ``name``'s link whose board is ``start``: the level's number, or None
    without one.  It needs ``p=level-<SET>`` (and that kind needs it), SET's levels on this preset, a
    number in the set's range, and the level's own board."""
    kind = challenge_kind_field(values)
    if kind is None or not kind.startswith(LEVEL_KIND):
        if "l" in values:
            raise link_error("level_needs_set", values["l"][1], "l")
        return None
    set_name, where = kind[len(LEVEL_KIND):], values["p"][1]
    entry = LEVEL_SETS.get(set_name)
    if entry is None:
        raise link_error("level_set", where, "p", found=set_name, choices=", ".join(LEVEL_SETS))
    if entry.preset != name:
        raise link_error("level_preset", where, "p", set=set_name, preset=entry.preset)
    if "l" not in values:
        raise link_error("level_missing", where, "p", set=set_name)
    text, at = values["l"]
    if not re.fullmatch(r"[1-9][0-9]{0,8}", text) or int(text) > len(entry.levels):
        raise link_error("level_number", at, "l", count=len(entry.levels), found=text[:20])
    number = int(text)
    if start != entry.level(number).board:
        raise link_error("level_board", board_column, "board", number=number, set=set_name)
    return number
