"""Press rules: which lights a press changes, and how the board wraps (its surface).

Bit order: see :mod:`lightsout.model.rows` (bit ``c`` of a row is column ``c``).

A rule is a *stencil* — the set of offsets ``(dr, dc)`` toggled by a press,
relative to the pressed cell — plus a surface: how the stencil wraps across
the edges of the R×C rectangle.  ``plane`` (no wrap), ``torus``, ``klein``
(the Klein bottle: rows wrap with the columns mirrored, (r ± R, c) ~
(r, C−1−c); columns wrap plainly) and ``projective`` (the real projective
plane: both directions wrap mirrored; across a corner the row wrap is
applied first).  Every
function that turns presses into light changes goes through
:func:`effect_rows`, so a new stencil or wrap mode needs no change elsewhere.
The row helpers (masks, shifts, joining rows into a flat int) live in
:mod:`lightsout.model.rows`, which states the bit order; they are re-exported here.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..names import SURFACES
from .rows import join_rows, mirror_row, row_mask, shift_row, split_rows, transpose_rows

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
    "transpose_rows",
]


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
        """True when the press matrix is symmetric on every board size: press p changes light q iff press q changes light p.

        On a plane or a torus that needs (dr, dc) in the stencil to imply
        (−dr, −dc); on the Klein bottle and the projective plane also
        (−dr, dc), i.e. the stencil mirror-symmetric as well (``custom:#../.#./..#``
        and ``hex`` are point-symmetric only, so they are not symmetric there).

        Why: :func:`wrap` sends a cell of the infinite grid to the board
        cell of its orbit under a group G of maps g(x) = L·x + t that fix no
        cell (trivial on a plane, where cells off the board are dropped).
        On a torus every L is the identity; the Klein bottle's G is generated
        by (r, c) ↦ (r + R, C − 1 − c) and (r, c) ↦ (r, c + C), so L is also
        the column mirror; the projective plane's by (r, c) ↦ (r + R,
        C − 1 − c) and (r, c) ↦ (R − 1 − r, c + C), so L is also the row
        mirror and both.  If press p lands on light q through offset s,
        g(p + s) = q, then q − L·s = g(p): offset −L·s from q lands on p, and
        (s, g) ↦ (−L·s, g⁻¹) pairs these landings one to one, so their
        numbers agree (mod 2 too) when −L·s is in the stencil for every s
        and every such L — the conditions above: across a mirrored edge the
        way back is (−dr, dc), not (−dr, −dc).  On boards of at least
        2·reach + 1 cells a side (reach: the largest |dr| or |dc|), where
        distinct offsets land on distinct cells, the conditions are also
        necessary, so only tiny boards can have a symmetric press matrix
        this does not see (they take the general path, cheap there).  The
        unit tests check both against the matrix built cell by cell on
        every surface.  Cost: O(|stencil|), whatever the board size.
        """
        mirrored = self.surface in ("klein", "projective")
        return all((-dr, -dc) in self.stencil and (not mirrored or (-dr, dc) in self.stencil) for dr, dc in self.stencil)

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
:func:`lightsout.model.graph.hex_centre`).  Holes cut other shapes out of it."""

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
