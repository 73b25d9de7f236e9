"""The Lights Out board: an R×C grid of lights under a click rule.

Bit order: ``board.lights[r]`` is row ``r`` as an ``int`` whose bit ``c`` is
column ``c`` (1 = lit).  A *press pattern* has the same shape, with bit ``c``
of row ``r`` set when cell (r, c) is pressed; it is a :class:`Board` too, so
solutions print, compare and serialise like boards.

The *flat* form joins the rows into one int: bit ``r·C + c`` is cell (r, c).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from . import puzzle as model
from .codec import format_packed, parse_packed
from .rules import PLUS, Rule, join_rows, row_mask, split_rows, transpose_rows

__all__ = ["Board"]


class Board:
    """An immutable R×C board of lights (1 ≤ R, C), with its click rule.

    >>> b = Board(2, 3).press(0, 0)
    >>> print(b)
    ##.
    #..
    >>> b.lit_count
    3

    Raises ``ValueError`` for a size below 1×1 or a row with bits beyond
    column C − 1.
    """

    __slots__ = ("rows", "cols", "lights", "rule")

    rows: int
    cols: int
    lights: tuple[int, ...]
    rule: Rule

    def __init__(self, rows: int, cols: int, lights: Iterable[int] = (), rule: Rule = PLUS) -> None:
        if rows < 1 or cols < 1:
            raise ValueError(f"board size must be at least 1x1, got {rows}x{cols}")
        lights = tuple(lights) or (0,) * rows
        if len(lights) != rows:
            raise ValueError(f"expected {rows} rows, got {len(lights)}")
        limit = 1 << cols
        if min(lights) < 0 or max(lights) >= limit:  # min/max run at C speed: a board may have 10^6 rows
            r = next(r for r, row in enumerate(lights) if not 0 <= row < limit)
            raise ValueError(f"row {r} has bits outside columns 0..{cols - 1}")
        self.rows = rows
        self.cols = cols
        self.lights = lights
        self.rule = rule

    # -- construction ---------------------------------------------------

    @classmethod
    def all_on(cls, rows: int, cols: int, rule: Rule = PLUS) -> Board:
        """Return the R×C board with every light on."""
        return cls(rows, cols, (row_mask(cols),) * rows, rule)

    @classmethod
    def from_cells(cls, rows: int, cols: int, cells: Iterable[tuple[int, int]], rule: Rule = PLUS) -> Board:
        """Return the board whose lit cells are ``cells`` ((row, col), 0-based).

        Raises ``ValueError`` for a cell outside the board.
        """
        lights = [0] * rows
        for r, c in cells:
            if not (0 <= r < rows and 0 <= c < cols):
                raise ValueError(f"cell ({r}, {c}) is outside a {rows}x{cols} board")
            lights[r] ^= 1 << c
        return cls(rows, cols, lights, rule)

    @classmethod
    def from_flat(cls, rows: int, cols: int, flat: int, rule: Rule = PLUS) -> Board:
        """Return the board whose cell (r, c) is bit ``r·C + c`` of ``flat``."""
        if flat >> (rows * cols):
            raise ValueError(f"flat value has bits beyond a {rows}x{cols} board")
        return cls(rows, cols, split_rows(flat, rows, cols), rule)

    @classmethod
    def from_id(cls, game_id: str, rule: Rule = PLUS) -> Board:
        """Parse a game ID (``RxC:`` + packed bits); see :mod:`lightsout.model.codec`.

        Raises :class:`~lightsout.errors.BoardFormatError`.
        """
        rows, cols, flat = parse_packed(game_id.strip())
        return cls.from_flat(rows, cols, flat, rule)

    # -- queries --------------------------------------------------------

    @property
    def flat(self) -> int:
        """The board as one int: bit ``r·C + c`` is cell (r, c)."""
        return join_rows(self.lights, self.cols)

    @property
    def lit_count(self) -> int:
        """Number of lights on."""
        return sum(row.bit_count() for row in self.lights)

    @property
    def is_dark(self) -> bool:
        """True when every light is off."""
        return not any(self.lights)

    def is_lit(self, row: int, col: int) -> bool:
        """True when cell (row, col) is on.  Raises ``IndexError`` outside the board."""
        self._check_cell(row, col)
        return bool(self.lights[row] >> col & 1)

    def cells(self) -> Iterator[tuple[int, int]]:
        """Yield the lit cells (row, col) in row-major order."""
        for r, row in enumerate(self.lights):
            while row:
                low = row & -row
                yield r, low.bit_length() - 1
                row ^= low

    # -- moves ----------------------------------------------------------

    def press(self, row: int, col: int) -> Board:
        """Return the board after pressing cell (row, col) under the board's rule.

        Raises ``IndexError`` outside the board.
        """
        self._check_cell(row, col)
        return self._after(model.press(self.puzzle, self.flat, row, col))

    def apply(self, presses: Board) -> Board:
        """Return the board after pressing every cell set in ``presses`` (same R×C).

        Order does not matter and a double press cancels (GF(2)).
        Raises ``ValueError`` when the shapes differ.
        """
        if (presses.rows, presses.cols) != (self.rows, self.cols):
            raise ValueError(f"press pattern is {presses.rows}x{presses.cols}, board is {self.rows}x{self.cols}")
        return self._after(model.apply(self.puzzle, self.flat, presses.flat))

    @property
    def puzzle(self) -> model.Puzzle:
        """The two-state R×C puzzle of the board's rule (no holes, the goal all off): what pressing it means."""
        return model.Puzzle(self.rows, self.cols, 2, self.rule)

    def _after(self, flat: int) -> Board:
        return Board(self.rows, self.cols, split_rows(flat, self.rows, self.cols), self.rule)

    def __xor__(self, other: Board) -> Board:
        """Cell-wise XOR of two boards of the same shape (e.g. start XOR target)."""
        if (other.rows, other.cols) != (self.rows, self.cols):
            raise ValueError(f"cannot combine {self.rows}x{self.cols} with {other.rows}x{other.cols}")
        return Board(self.rows, self.cols, [a ^ b for a, b in zip(self.lights, other.lights)], self.rule)

    def transposed(self) -> Board:
        """The C×R board whose cell (c, r) is this board's cell (r, c), under the same rule.

        One byte per cell and a strided slice per column (C speed); a dark
        board is made at once.  O(R·C).
        """
        if self.is_dark:
            return Board(self.cols, self.rows, (), self.rule)
        return Board(self.cols, self.rows, transpose_rows(self.lights, self.cols), self.rule)

    # -- text -----------------------------------------------------------

    def to_id(self) -> str:
        """Return the board's game ID (``RxC:`` + packed bits, URL-safe)."""
        return format_packed(self.rows, self.cols, self.flat)

    def __str__(self) -> str:
        return "\n".join(
            "".join("#" if row >> c & 1 else "." for c in range(self.cols)) for row in self.lights
        )

    def __repr__(self) -> str:
        rule = "" if self.rule == PLUS else f", rule={self.rule!r}"
        lights = ", ".join(hex(row) for row in self.lights)
        return f"Board({self.rows}, {self.cols}, [{lights}]{rule})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (self.rows, self.cols, self.lights, self.rule) == (other.rows, other.cols, other.lights, other.rule)

    def __hash__(self) -> int:
        return hash((self.rows, self.cols, self.lights, self.rule))

    def _check_cell(self, row: int, col: int) -> None:
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise IndexError(f"cell ({row}, {col}) is outside a {self.rows}x{self.cols} board")
