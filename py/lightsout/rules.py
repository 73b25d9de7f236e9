"""Press rules: which lights a press changes, and how the board wraps (its surface).

Bit order (used throughout the package): a board row is a Python ``int``
whose bit ``c`` is column ``c`` (column 0 is the least significant bit).

A rule is a *stencil* — the set of offsets ``(dr, dc)`` toggled by a press,
relative to the pressed cell — plus a surface: how the stencil wraps across
the edges of the R×C rectangle.  ``plane`` (no wrap), ``torus``, ``klein``
(the Klein bottle: rows wrap with the columns mirrored, (r ± R, c) ~
(r, C−1−c); columns wrap plainly) and ``projective`` (the real projective
plane: both directions wrap mirrored; across a corner the row wrap is
applied first).  Every
function that turns presses into light changes goes through
:func:`effect_rows`, so a new stencil or wrap mode needs no change elsewhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "Rule",
    "SURFACES",
    "SURFACE_NAMES",
    "MAX_STENCIL",
    "wrap",
    "PLUS",
    "MOORE",
    "X_RULE",
    "HEX",
    "RULES",
    "parse_rule",
    "format_stencil",
    "row_mask",
    "shift_row",
    "effect_rows",
    "mirror_row",
    "join_rows",
    "split_rows",
]


SURFACES = ("plane", "torus", "klein", "projective")
"""The surfaces a rule may wrap on."""

SURFACE_NAMES = {"plane": "plane", "torus": "torus", "klein": "Klein bottle", "projective": "projective plane"}
"""Each surface's name in prose."""


def wrap(r: int, c: int, rows: int, cols: int, surface: str) -> tuple[int, int] | None:
    """Return the cell (r, c) lands on after wrapping on ``surface``, or None off a plane.

    Raises ``ValueError`` for an unknown surface.
    """
    row_turns, r2 = divmod(r, rows)
    col_turns, c2 = divmod(c, cols)
    if surface == "plane":
        return (r, c) if row_turns == 0 and col_turns == 0 else None
    if surface == "torus":
        return r2, c2
    if surface == "klein":
        return r2, (cols - 1 - c2) if row_turns % 2 else c2
    if surface == "projective":
        if row_turns % 2:
            c2 = cols - 1 - c2
        if col_turns % 2:
            r2 = rows - 1 - r2
        return r2, c2
    raise ValueError(f"unknown surface {surface!r}; choose one of {', '.join(SURFACES)}")


@dataclass(frozen=True, slots=True)
class Rule:
    """A press rule: the stencil of offsets a press changes, and the surface.

    ``stencil`` holds ``(dr, dc)`` pairs; ``(0, 0)`` is the pressed cell
    itself.  ``surface`` is one of :data:`SURFACES`.  Raises ``ValueError``
    for an unknown surface.
    """

    name: str
    stencil: frozenset[tuple[int, int]]
    surface: str = "plane"

    def __post_init__(self) -> None:
        if self.surface not in SURFACES:
            raise ValueError(f"unknown surface {self.surface!r}; choose one of {', '.join(SURFACES)}")

    @property
    def torus(self) -> bool:
        """True on a torus (rows and columns wrap plainly)."""
        return self.surface == "torus"

    @property
    def row_reach(self) -> int:
        """Largest ``|dr|`` in the stencil (1 for the plus rule)."""
        return max((abs(dr) for dr, _ in self.stencil), default=0)

    @property
    def is_standard(self) -> bool:
        """True for the plus rule on a plane, where light chasing applies."""
        return self.stencil == PLUS.stencil and self.surface == "plane"

    @property
    def is_symmetric(self) -> bool:
        """True when (dr, dc) in the stencil implies (−dr, −dc): then the press matrix is symmetric.

        On every surface: each wrap is undone by the opposite offset (press p
        reaches light q iff press q reaches light p; checked in the unit tests).
        """
        return all((-dr, -dc) in self.stencil for dr, dc in self.stencil)

    def on_surface(self, surface: str) -> Rule:
        """Return this stencil on ``surface``.  Raises ``ValueError`` for an unknown one."""
        return Rule(self.name, self.stencil, surface)

    def on_torus(self, torus: bool = True) -> Rule:
        """Return this stencil on a torus (or on a plane for ``torus=False``)."""
        return self.on_surface("torus" if torus else "plane")

    def __str__(self) -> str:
        return self.name + ("" if self.surface == "plane" else f" on a {SURFACE_NAMES[self.surface]}")


PLUS = Rule("plus", frozenset({(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)}))
"""The standard game: a press toggles the cell and its orthogonal neighbours."""

MOORE = Rule("moore", frozenset((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)))
"""The 8-neighbour rule: the cell and the whole 3×3 square around it."""

X_RULE = Rule("x", frozenset({(0, 0), (-1, -1), (-1, 1), (1, -1), (1, 1)}))
"""The cell and its four diagonal neighbours."""

HEX = Rule("hex", frozenset({(0, 0), (0, -1), (0, 1), (-1, 0), (1, 0), (-1, 1), (1, -1)}))
"""Hexagonal boards in axial layout: the cell and its six neighbours.  Cell (r, c) is the hexagon at
axial (q, r) = (c, r); its neighbours are (r, c ± 1), (r ± 1, c), (r − 1, c + 1) and (r + 1, c − 1),
so an R×C board is a rhombus of hexagons, each row half a cell right of the one above (drawn by
:func:`lightsout.graph.hex_centre`).  Holes cut other shapes out of it."""

RULES = {rule.name: rule for rule in (PLUS, MOORE, X_RULE, HEX)}
"""The named click rules."""

MAX_STENCIL = 5
"""A custom stencil fits in a 5×5 square centred on the pressed cell."""


def parse_rule(text: str) -> Rule:
    """Return the rule named ``plus``, ``moore``, ``x`` or ``hex``, or a custom stencil.

    A custom stencil is written ``custom:`` + rows of ``#`` (toggled) and
    ``.`` separated by ``/``, an odd number of rows and columns up to 5×5,
    centred on the pressed cell: ``custom:.#./###/.#.`` is the plus rule.
    Raises ``ValueError`` with the position of the first problem.
    """
    name = text.strip()
    if name.lower() in RULES:
        return RULES[name.lower()]
    if not name.lower().startswith("custom:"):
        raise ValueError(f"unknown rule {text!r}; choose plus, moore, x, hex or custom:<rows/separated/by/slashes>")
    rows = name[len("custom:"):].split("/")
    height, width = len(rows), len(rows[0])
    if height % 2 == 0 or width % 2 == 0 or height > MAX_STENCIL or width > MAX_STENCIL:
        raise ValueError(f"a custom stencil has an odd number of rows and columns, at most {MAX_STENCIL}x{MAX_STENCIL}; got {height}x{width}")
    stencil = set()
    for r, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(f"custom stencil row {r + 1} has {len(row)} cells, expected {width}")
        for c, symbol in enumerate(row):
            if symbol not in "#.":
                raise ValueError(f"custom stencil row {r + 1}, column {c + 1}: expected '#' or '.', found {symbol!r}")
            if symbol == "#":
                stencil.add((r - height // 2, c - width // 2))
    if not stencil:
        raise ValueError("a custom stencil needs at least one '#'")
    frozen = frozenset(stencil)
    for rule in RULES.values():
        if rule.stencil == frozen:
            return rule
    return Rule("custom:" + format_stencil(frozen), frozen)


def format_stencil(stencil: frozenset[tuple[int, int]]) -> str:
    """Return a stencil as ``#``/``.`` rows joined by ``/`` (the smallest odd square around it)."""
    reach = max(max(abs(dr), abs(dc)) for dr, dc in stencil)
    span = range(-reach, reach + 1)
    return "/".join("".join("#" if (dr, dc) in stencil else "." for dc in span) for dr in span)


def row_mask(cols: int) -> int:
    """Return the int with the low ``cols`` bits set (a full row)."""
    return (1 << cols) - 1


def shift_row(row: int, dc: int, cols: int, torus: bool) -> int:
    """Return ``row`` moved ``dc`` columns to the right (bit c → bit c+dc).

    Bits pushed past either edge are dropped on a plane and wrap on a torus.
    """
    mask = row_mask(cols)
    if torus:
        dc %= cols
        if dc == 0:
            return row
        return ((row << dc) | (row >> (cols - dc))) & mask
    if dc >= 0:
        return (row << dc) & mask
    return row >> -dc


def effect_rows(presses: list[int] | tuple[int, ...], cols: int, rule: Rule = PLUS) -> list[int]:
    """Return the light changes (R rows) caused by a press pattern (R rows).

    ``presses[r]`` has bit ``c`` set when cell (r, c) is pressed; the result
    has the same shape and bit order.  Cost: O(R · |stencil|) int operations.
    """
    rows = len(presses)
    out = [0] * rows
    if rule.surface == "klein" or (rule.surface == "projective" and rows >= 3 and cols >= 3):
        return _mirrored_effect_rows(presses, rows, cols, rule)
    if rule.surface == "projective":
        # A tiny projective plane (a side below 3) may wrap twice: visit the pressed cells one by one.
        for r, p in enumerate(presses):
            while p:
                low = p & -p
                p ^= low
                c = low.bit_length() - 1
                for dr, dc in rule.stencil:
                    landed = wrap(r + dr, c + dc, rows, cols, rule.surface)
                    if landed is not None:
                        out[landed[0]] ^= 1 << landed[1]
        return out
    if rule.is_standard:
        # The plus rule, inlined: it is every solver's inner loop.
        mask = row_mask(cols)
        previous = 0
        for r in range(rows):
            p = presses[r]
            out[r] ^= p ^ (p << 1 & mask) ^ (p >> 1)
            if r:
                out[r - 1] ^= p
                out[r] ^= previous
            previous = p
        return out
    for dr, dc in rule.stencil:
        for r in range(rows):
            p = presses[r]
            if not p:
                continue
            target = r + dr
            if rule.torus:
                target %= rows
            elif not 0 <= target < rows:
                continue
            out[target] ^= shift_row(p, dc, cols, rule.torus)
    return out


def mirror_row(row: int, cols: int) -> int:
    """Return ``row`` with its C columns reversed (bit c → bit C−1−c)."""
    return int(format(row, f"0{cols}b")[::-1], 2)


def _mirrored_effect_rows(presses: list[int] | tuple[int, ...], rows: int, cols: int, rule: Rule) -> list[int]:
    """:func:`effect_rows` on a Klein bottle (any size) or a projective plane of at least 3×3, row by row.

    A row wrap (an odd number of turns) mirrors the columns; on the
    projective plane a column wrap sends the bits that cross the edge to row
    R−1−r (one turn at most when C ≥ 3 and |dc| ≤ 2), as :func:`wrap` does.
    """
    out = [0] * rows
    full = row_mask(cols)
    projective = rule.surface == "projective"
    for dr, dc in rule.stencil:
        # The columns whose bits stay on the board when moved by dc (projective only).
        inside = (full >> dc) if dc >= 0 else (full << -dc) & full
        for r in range(rows):
            p = presses[r]
            if not p:
                continue
            turns, target = divmod(r + dr, rows)
            if projective:
                parts = [(shift_row(p & inside, dc, cols, False), target), (shift_row(p & ~inside, dc, cols, True), rows - 1 - target)]
            else:
                parts = [(shift_row(p, dc, cols, True), target)]
            for moved, row in parts:
                if moved:
                    out[row] ^= mirror_row(moved, cols) if turns % 2 else moved
    return out


def join_rows(rows: list[int] | tuple[int, ...], cols: int) -> int:
    """Return the flat int of R rows: bit ``r·C + c`` is bit c of ``rows[r]``.

    Eight rows take exactly C bytes, so groups of eight rows are joined as
    ints (C bits a row, or one ``to_bytes`` a row when 8 divides C) and the
    groups as bytes: one pass over the board, O(R·C / w), with one big-int
    conversion at the end.  Rows with bits beyond column C − 1 (or below 0)
    are joined by shifts and ORs, as the rows' ints say.
    """
    count = len(rows)
    if count <= 8:
        return _join_shifted(rows, cols)
    if min(rows) < 0 or max(row.bit_length() for row in rows) > cols:
        return _join_shifted(rows, cols)
    if cols % 8 == 0:
        width = cols // 8
        data = b"".join([row.to_bytes(width, "little") for row in rows])
    else:
        data = b"".join([_join_shifted(rows[i : i + 8], cols).to_bytes(cols, "little") for i in range(0, count, 8)])
    return int.from_bytes(data, "little")


def _join_shifted(rows: list[int] | tuple[int, ...], cols: int) -> int:
    """:func:`join_rows` pairwise (a balanced tree): O(R·C·log R / w)."""
    items = list(rows)
    width = cols
    while len(items) > 1:
        merged = [items[i] | items[i + 1] << width for i in range(0, len(items) - 1, 2)]
        if len(items) % 2:
            merged.append(items[-1])
        items = merged
        width *= 2
    return items[0] if items else 0


_BITS_TO_DIGITS = bytes.maketrans(b"\x00\x01", b"01")
_DIGITS_TO_BITS = bytes.maketrans(b"01", b"\x00\x01")


def transpose_rows(rows: Sequence[int], cols: int) -> list[int]:
    """The C columns of R rows (C bits each) as ints of R bits: bit r of column c = bit c of row r.

    A single row's bits become C ints through one ``bytes.translate``, a
    single column's R bits one int through ``bytes``; otherwise one binary
    string per row and ``zip`` over them.  O(R·C) at C speed.
    """
    if len(rows) == 1:
        return list(format(rows[0], f"0{cols}b")[::-1].encode().translate(_DIGITS_TO_BITS))
    if cols == 1:
        return [int(bytes(rows).translate(_BITS_TO_DIGITS)[::-1], 2)]
    # One byte per cell, row-major (byte r·C + c = bit c of row r): column c is the strided slice
    # data[c::C], cut at C speed; reversed, it is column c's binary numeral (bit r = byte r).
    data = b"".join(format(row, f"0{cols}b")[::-1].encode() for row in rows)
    return [int(data[c::cols][::-1], 2) for c in range(cols)]


def split_rows(flat: int, rows: int, cols: int) -> list[int]:
    """Inverse of :func:`join_rows`: the R rows (C bits each) of a flat int (bits past R·C are dropped).

    One ``to_bytes`` of the board, then eight rows (C bytes) at a time:
    O(R·C / w).
    """
    if rows <= 8 or flat < 0:
        return _split_halves(flat, rows, cols)
    total = rows * cols
    if flat.bit_length() > total:
        flat &= (1 << total) - 1
    data = flat.to_bytes((total + 7) // 8, "little")
    if cols % 8 == 0:
        width = cols // 8
        return [int.from_bytes(data[i : i + width], "little") for i in range(0, rows * width, width)]
    mask = row_mask(cols)
    out: list[int] = []
    for group in range(0, rows, 8):
        chunk = int.from_bytes(data[group * cols // 8 : (group + 8) * cols // 8], "little")
        out += [chunk >> (i * cols) & mask for i in range(min(8, rows - group))]
    return out


def _split_halves(flat: int, rows: int, cols: int) -> list[int]:
    """:func:`split_rows` by halves: O(R·C·log R / w)."""
    if rows == 1:
        return [flat & row_mask(cols)]
    half = rows // 2
    low_bits = half * cols
    return _split_halves(flat & row_mask(low_bits), half, cols) + _split_halves(flat >> low_bits, rows - half, cols)
