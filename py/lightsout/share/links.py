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
                                   best result; level-<SET> is a level's, only on its
                                   preset's link, below)
            | "m=" moves          (base64url of LEB128 varints: cell indices in play order)

A preset of a real game (:mod:`lightsout.presets`) or a puzzle on any graph
(:mod:`lightsout.model.graph`) has a head of its own, which a grid parser
refuses rather than misreads::

    preset  = NAME ":" payload *( ";" pfield )       NAME as in lightsout.presets.PRESETS
    pfield  = "g=" (off | on | <payload>)            only when not the preset's own goal
            | "h=" ... | "d=" ... | "p=" ...           as above
            | "l=" level                             a level of :mod:`lightsout.presets.levels`: its number
                                                     (1.., shortest form), with p=level-<SET> naming
                                                     its set, whose preset NAME is; the payload is
                                                     then that level's board
            | "m=" ...                               as above
    graph   = "G" n ":" payload *( ";" gfield )      n cells (a 1×n puzzle)
    gfield  = "e=" press sets                        (required) base64url of LEB128 varints: for each
                                                     cell, the size of its press set, then its cells
                                                     in increasing order, each as the gap from the
                                                     one before (the first from −1) less 1
            | "c=" x "," y *( "," x "," y )          coordinates, decimal numbers of size at most 1e9
            | "n=" name *( "," name )                names, percent-encoded (RFC 3986)
            | "s=" (square | hex)                    cell outline (default circle)
            | "k=" ... | "g=" ... | "h=" ... | "d=" ... | "p=" ... | "m=" ...   as above

Numbers (sizes, k, a level) are written without leading zeros; a goal
equal to all off or all on is written as the word (or left out when it is
the default); a coordinate is the shortest decimal that reads back as its
value, with no exponent and no ``-0``; a name escapes every byte but the
unreserved characters of RFC 3986 (letters, digits, ``-._~``) as ``%XX`` in
capitals.  The readers refuse every other form of the same state, at its
column, so every state has exactly one string.

Packing: with b = bit_length(k − 1) bits per cell (1 for k = 2), cell
i = r·C + c occupies bits i·b .. i·b + b − 1, least significant bit first,
in little-endian bytes; unused bits of the last byte are 0.  For k = 2 the
``R x C : payload`` head is exactly the game ID of :mod:`lightsout.text.formats`.
``s<hex>`` is a custom stencil: bit (dr + 2)·5 + (dc + 2) of a 25-bit mask
over the 5×5 square around the pressed cell.  "on" means every light at
k − 1.  Fields are written in the order above and only when not default,
so every state has exactly one string.
"""

from __future__ import annotations

import re

from ..model.codec import MAX_DECLARED_CELLS
from ..presets.presets import PRESETS
from ..model.rules import PLUS, RULES, SURFACES
from .fields import (
    CHALLENGE_KIND,
    FIELD_ORDER,
    GRAPH_FIELD_ORDER,
    GRAPH_HEAD,
    LEVEL_KIND,
    ShareState,
    canonical_goal,
    challenge_kind_field,
    check_moves,
    decode_part,
    encode_moves,
    encode,
    link_error,
    masks_field,
    moves_field,
    no_leading_zero,
    read_fields,
    states_field,
)
from .puzzle_links import format_graph_share, parse_graph_share

__all__ = [
    "ShareState", "parse_share", "format_share", "canonical_goal", "stencil_mask", "FIELD_ORDER", "GRAPH_FIELD_ORDER",
    "CHALLENGE_KIND", "LEVEL_KIND",
]

_HEAD = re.compile(r"([0-9]{1,9})x([0-9]{1,9}):([A-Za-z0-9_-]*)")


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
                raise link_error("rule_named", column, "r", rule=named)
            return _stencil_of(mask)
    raise link_error("unknown_rule", column, "r", found=text[:20])


def _stencil_of(mask: int) -> frozenset[tuple[int, int]]:
    return frozenset((i // 5 - 2, i % 5 - 2) for i in range(25) if mask >> i & 1)


def format_share(state: ShareState) -> str:
    """Return the share string of ``state`` (see the module docstring): the one string :func:`parse_share` reads back as it.

    A goal of all off or all on is written as the word (left out when it is the default).  Raises
    ``ValueError`` for a move outside the board or on a hole (a hole has no button).
    """
    check_moves(state)
    if state.preset is not None or state.graph is not None:
        return format_graph_share(state)
    cells = state.rows * state.cols
    out = f"{state.rows}x{state.cols}:{encode(state.cells, cells * state.bits_per_cell)}"
    if state.k != 2:
        out += f";k={state.k}"
    if state.stencil != PLUS.stencil:
        name = next((rule.name for rule in RULES.values() if rule.stencil == state.stencil), None)
        out += f";r={name or _stencil_hex(state.stencil)}"
    if state.surface != "plane":
        out += f";w={state.surface}"
    goal = canonical_goal(state.goal, cells, state.k)
    if goal != "off":
        out += f";g={goal if isinstance(goal, str) else encode(goal, cells * state.bits_per_cell)}"
    if state.holes:
        out += f";h={encode(state.holes, cells)}"
    if state.dont_care:
        out += f";d={encode(state.dont_care, cells)}"
    if state.challenge_kind is not None:
        out += f";p={state.challenge_kind}"
    if state.moves:
        out += f";m={encode_moves(state.moves)}"
    return out


def parse_share(text: str) -> ShareState:
    """Parse a share string (a leading ``#`` is ignored).

    Raises :class:`~lightsout.text.formats.BoardFormatError` naming the column of
    the first problem: a bad size or payload, an unknown, repeated or
    out-of-order field, a value out of range.
    """
    offset = 1 if text.startswith("#") else 0
    body = text[offset:]
    head, *fields = body.split(";")
    graph_head = GRAPH_HEAD.fullmatch(head)
    if graph_head is not None and (graph_head.group(1) is not None or graph_head.group(2) in PRESETS):
        return parse_graph_share(head, fields, offset)
    match = _HEAD.fullmatch(head)
    if not match:
        raise link_error("head", offset + 1, "size")
    no_leading_zero(match.group(1), offset + 1, "size")
    no_leading_zero(match.group(2), offset + len(match.group(1)) + 2, "size")
    rows, cols = int(match.group(1)), int(match.group(2))
    if rows < 1 or cols < 1 or rows * cols > MAX_DECLARED_CELLS:
        raise link_error("size", offset + 1, "size", size=f"{rows}x{cols}", most=MAX_DECLARED_CELLS)
    values = read_fields(head, fields, offset, FIELD_ORDER)
    k = states_field(values)
    cells = rows * cols
    bits = (k - 1).bit_length()
    start = decode_part(match.group(3), cells * bits, "the board", offset + len(match.group(1)) + len(match.group(2)) + 3, "board")
    if k > 2 and any((start >> (i * bits) & ((1 << bits) - 1)) >= k for i in range(cells)):
        raise link_error("state_above", offset + 1, "board", what="the board", most=k - 1)
    stencil = PLUS.stencil
    if "r" in values:
        stencil = _parse_stencil(*values["r"])
        if stencil == PLUS.stencil:
            raise link_error("rule_default", values["r"][1], "r")
    surface = "plane"
    if "w" in values:
        value, where = values["w"]
        if value not in SURFACES or value == "plane":
            raise link_error("surface_name", where, "w")
        surface = value
    goal: int | str = "off"
    if "g" in values:
        value, where = values["g"]
        goal = "on" if value == "on" else decode_part(value, cells * bits, "the goal", where, "g")
        if goal == 0:
            raise link_error("goal_default", where, "g")
        if k > 2 and isinstance(goal, int) and any((goal >> (i * bits) & ((1 << bits) - 1)) >= k for i in range(cells)):
            raise link_error("state_above", where, "g", what="the goal", most=k - 1)
        if canonical_goal(goal, cells, k) != goal:
            raise link_error("goal_word", where, "g", word="on")
    # In the fields' order (share.js checks in the same order, so both name the same first problem).
    holes, dont_care = masks_field(values, cells)
    kind = challenge_kind_field(values, levels=False)
    moves = moves_field(values, cells, holes)
    return ShareState(rows, cols, start, k, stencil, surface, goal, holes, dont_care, moves, kind)
