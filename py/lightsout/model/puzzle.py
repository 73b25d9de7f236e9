"""The one puzzle model for every number of states and surface: what a press changes, and pressing.

A :class:`Puzzle` is

- the cells: an R×C grid, with an optional mask of *holes* (no light, no
  button) and *don't-care* cells (a light whose final state does not count);
- the press rule: a stencil on a surface (:class:`lightsout.model.rules.Rule`);
- the number of states k (2..255): a press adds 1 (mod k) to every light
  its stencil reaches;
- the goal: ``"off"`` (every light 0), ``"on"`` (every light k − 1) or a
  board.

Boards (lights, goals, press counts) are *packed ints*: cell i = r·C + c
holds bits i·b … i·b + b − 1 with b = bit_length(k − 1) (see
:mod:`lightsout.model.codec`); for k = 2 that is the flat int, bit r·C + c = cell
(r, c), which the two-state fast paths take as is.

:func:`apply`, :func:`press` and :func:`differing` play on it; solving is
:func:`lightsout.solving.solver.solve`, the derived figures :mod:`lightsout.analysis.figures`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from operator import add

from . import codec
from ..errors import TooLargeError
from .graph import Graph, bits_of
from .mask import Mask
from ..names import MAX_STATES, MIN_STATES
from .rules import PLUS, Rule, effect_rows, join_rows, split_rows, wrap

__all__ = [
    "Puzzle",
    "apply",
    "press",
    "differing",
    "MIN_STATES",
    "MAX_STATES",
    "MAX_CELLS",
    "MAX_LONG_SIDE",
    "MAX_STATE_CELLS",
    "check_size",
]

MAX_CELLS = codec.MAX_DECLARED_CELLS
"""Most cells of any board (10000 × 10000)."""

MAX_LONG_SIDE = codec.MAX_LONG_SIDE
"""Most cells along a board's longer side (:data:`lightsout.model.codec.MAX_LONG_SIDE`, where the text readers find it)."""


def check_size(rows: int, cols: int, field: str | None = None) -> None:
    """Raise :class:`~lightsout.errors.TooLargeError` (naming the limit, its figures in ``params``) unless 1 ≤ R, C ≤
    :data:`MAX_LONG_SIDE` and R·C ≤ :data:`MAX_CELLS`; ``ValueError`` for a side below 1."""
    if rows < 1 or cols < 1:
        raise ValueError(f"board size must be at least 1x1, got {rows}x{cols}")
    if max(rows, cols) > MAX_LONG_SIDE:
        raise TooLargeError(
            f"a board side is at most max_long_side ({MAX_LONG_SIDE}) cells, not {max(rows, cols)}",
            "max_long_side",
            field,
            {"most": MAX_LONG_SIDE, "found": max(rows, cols)},
        )
    if rows * cols > MAX_CELLS:
        raise TooLargeError(
            f"a board has at most max_cells ({MAX_CELLS}) cells, not {rows}x{cols} = {rows * cols}",
            "max_cells",
            field,
            {"most": MAX_CELLS, "rows": rows, "cols": cols, "found": rows * cols},
        )

MAX_STATE_CELLS = codec.MAX_STATE_CELLS
"""Most cells of a board with more than two states (held as a list of states while solved or pressed)."""


@dataclass(frozen=True)
class Puzzle:
    """An R×C Lights Out puzzle: cells (with holes and don't-care cells), press rule, k states, goal.

    The Z/kZ elimination, :func:`apply` and :func:`press` reach the grid
    only through :meth:`covered` (the lights a press adds 1 to) and the flat
    cell index r·C + c, so a general graph with explicit press sets stands
    in for the R×C grid there: with ``graph`` (a :class:`~lightsout.model.graph.Graph`
    of R·C cells) a press of cell i adds 1 to the lights of
    ``graph.presses[i]`` and ``rule`` is unused; for k = 2 such a puzzle is
    solved by the GF(2) full system (:func:`lightsout.solving.methods.full_system`).  The chases and the
    two-state fast paths work on the grid's rows (grids only).

    ``holes`` and ``dont_care`` are flat ints (bit r·C + c); a cell in both
    counts as a hole.  ``target`` is ``"off"``, ``"on"`` or a packed board
    (k states per cell).  Raises ``ValueError`` for a size below 1×1, k
    outside 2..255, a mask or target with bits beyond the board, a target
    state of k or more, an unknown target word, or a graph whose number of
    cells is not R·C.
    """

    rows: int
    cols: int
    k: int = 2
    rule: Rule = PLUS
    holes: int = 0
    dont_care: int = 0
    target: str | int = "off"
    graph: Graph | None = None

    def __post_init__(self) -> None:
        check_size(self.rows, self.cols)
        if self.graph is not None and self.graph.cells != self.cells:
            raise ValueError(f"a graph of {self.graph.cells} cells does not fill a {self.rows}x{self.cols} puzzle")
        if not MIN_STATES <= self.k <= MAX_STATES:
            raise ValueError(f"the number of states must be {MIN_STATES}..{MAX_STATES}, not {self.k}")
        if self.k > 2 and self.cells > MAX_STATE_CELLS:
            raise TooLargeError(f"a board with {self.k} states has at most max_state_cells ({MAX_STATE_CELLS}) cells, not {self.cells}", "max_state_cells")
        # Checked by bit lengths, not by masking: a 10000×10000 board's ints have 10^8 bits.
        if self.holes < 0 or self.dont_care < 0 or max(self.holes.bit_length(), self.dont_care.bit_length()) > self.cells:
            raise ValueError(f"a mask has bits beyond the {self.cells} cells of a {self.rows}x{self.cols} board")
        if self.holes and self.dont_care:
            object.__setattr__(self, "dont_care", self.dont_care & ~self.holes)
        if isinstance(self.target, str):
            if self.target not in ("off", "on"):
                raise ValueError(f"target must be 'off', 'on' or a board, not {self.target!r}")
        else:
            self.check_board(self.target, "target")

    # -- shape ----------------------------------------------------------

    @property
    def cells(self) -> int:
        """R·C (holes included)."""
        return self.rows * self.cols

    @cached_property
    def bits(self) -> int:
        """Bits per cell of a packed board: bit_length(k − 1)."""
        return codec.bits_per_cell(self.k)

    @property
    def surface(self) -> str:
        return self.rule.surface

    @property
    def buttons(self) -> int:
        """Cells that can be pressed: R·C less the holes."""
        return self.cells - self.holes.bit_count()

    @cached_property
    def _full(self) -> int:
        """Flat int of every cell (built once, and only when needed)."""
        return (1 << self.cells) - 1

    @property
    def relevant(self) -> int:
        """Flat int of the lights that count for the goal (neither holes nor don't care)."""
        return self._full & ~(self.holes | self.dont_care)

    @property
    def mask(self) -> Mask | None:
        """The holes and don't-care cells as a :class:`Mask`, or None when there are none."""
        mask = Mask(self.rows, self.cols, self.holes, self.dont_care)
        return None if mask.is_empty else mask

    def check_board(self, value: int, what: str = "board") -> None:
        """Raise ``ValueError`` unless ``value`` is a packed R×C board with states below k."""
        if value < 0 or value.bit_length() > self.cells * self.bits:
            raise ValueError(f"the {what} has bits beyond a {self.rows}x{self.cols} board")
        bad = codec.first_state_above(value, self.cells, self.k)
        if bad is not None and self.graph is not None:
            raise ValueError(f"the {what} has a state of {self.k} or more at cell {bad}")
        if bad is not None:
            raise ValueError(f"the {what} has a state of {self.k} or more at row {bad // self.cols + 1}, column {bad % self.cols + 1}")

    # -- conversions ----------------------------------------------------

    def states(self, value: int) -> list[int]:
        """A packed board as a flat list of R·C states."""
        return codec.unpack(value, self.cells, self.bits)

    def packed(self, states: list[int]) -> int:
        """Inverse of :meth:`states`."""
        return codec.pack(states, self.bits)

    def covered(self, row: int, col: int) -> list[int]:
        """Flat indices a press at (row, col) adds 1 to (a cell may repeat on tiny wrapped boards)."""
        if self.graph is not None:
            return bits_of(self.graph.presses[row * self.cols + col])
        out = []
        for dr, dc in self.rule.stencil:
            landed = wrap(row + dr, col + dc, self.rows, self.cols, self.rule.surface)
            if landed is not None:
                out.append(landed[0] * self.cols + landed[1])
        return out

    @cached_property
    def matrix(self) -> list[list[int]]:
        """The press matrix A mod k, R·C × R·C: A[light][press] = times the press adds 1 to the light."""
        n = self.cells
        a = [[0] * n for _ in range(n)]
        for button in range(n):
            for light in self.covered(*divmod(button, self.cols)):
                a[light][button] = (a[light][button] + 1) % self.k
        return a

    def goal(self) -> int:
        """The target as a packed board."""
        if self.target == "off":
            return 0
        if self.target == "on":
            return self.packed([self.k - 1] * self.cells) if self.k > 2 else self._full
        assert isinstance(self.target, int)
        return self.target

    def spread(self, flat: int) -> int:
        """The packed board with every bit of each cell set in the 1-bit mask ``flat`` (e.g. to clear the holes)."""
        if self.k == 2:
            return flat
        ones = (1 << self.bits) - 1
        return self.packed([ones if flat >> i & 1 else 0 for i in range(self.cells)])

    def flat_of(self, value: int) -> int:
        """Flat int of the cells whose packed state is not 0."""
        if self.k == 2:
            return value
        return sum(1 << i for i, state in enumerate(self.states(value)) if state)


# -- moves ------------------------------------------------------------------


def apply(puzzle: Puzzle, lights: int, presses: int) -> int:
    """Return ``lights`` after pressing cell i ``presses``[i] times (both packed boards).

    Holes have no light: they stay 0.  Raises ``ValueError`` when a hole is
    pressed.  Cost: O(R·|stencil|) row operations for k = 2 on a plane or
    torus, else O(presses · |stencil|).
    """
    if puzzle.holes and puzzle.flat_of(presses) & puzzle.holes:
        raise ValueError("the presses include a hole, which has no button")
    if puzzle.k == 2:
        if puzzle.graph is not None:
            flat = lights ^ puzzle.graph.effect(presses)
        elif presses:
            rows, cols = puzzle.rows, puzzle.cols
            flat = lights ^ join_rows(effect_rows(split_rows(presses, rows, cols), cols, puzzle.rule), cols)
        else:
            flat = lights
        return flat & ~puzzle.holes if puzzle.holes else flat
    states = puzzle.states(lights)
    k = puzzle.k
    if puzzle.graph is not None:
        for index, times in enumerate(puzzle.states(presses)):
            if times:
                for light in puzzle.covered(*divmod(index, puzzle.cols)):
                    states[light] += times
    else:
        states = _add_presses(puzzle, states, puzzle.states(presses))
    states = [state % k for state in states]
    for i in bits_of(puzzle.holes):
        states[i] = 0
    return puzzle.packed(states)


def _add_presses(puzzle: Puzzle, states: list[int], counts: list[int]) -> list[int]:
    """``states`` + A·``counts`` (not reduced mod k) for a grid rule, as flat lists of R·C.

    A row of presses lands, for each stencil offset, on at most a few runs of one row — one run for
    each time c + dc crosses an edge — and a run maps columns by ±1 on every surface (a crossing
    may mirror it: Klein bottle, projective plane), so the two ends of a run, placed by
    :func:`~lightsout.model.rules.wrap`, place all of it, and one slice addition adds it.  A 1024×1024
    board with a 5×5 stencil is 2·10⁵ slices rather than 2.6·10⁷ single additions (15–27 s before).
    """
    rows, cols, surface = puzzle.rows, puzzle.cols, puzzle.rule.surface
    grid = [states[r * cols : (r + 1) * cols] for r in range(rows)]
    for r in range(rows):
        source = counts[r * cols : (r + 1) * cols]
        if not any(source):
            continue
        for dr, dc in puzzle.rule.stencil:
            for turns in range(dc // cols, (cols - 1 + dc) // cols + 1):  # the runs: c + dc in [turns·C, turns·C + C)
                first, last = max(0, turns * cols - dc), min(cols - 1, turns * cols + cols - 1 - dc)
                start = wrap(r + dr, first + dc, rows, cols, surface)
                end = wrap(r + dr, last + dc, rows, cols, surface)
                if start is None or end is None:
                    continue
                target, run = grid[start[0]], source[first : last + 1]
                if start[1] <= end[1]:
                    target[start[1] : end[1] + 1] = map(add, target[start[1] : end[1] + 1], run)
                else:
                    target[end[1] : start[1] + 1] = map(add, target[end[1] : start[1] + 1], reversed(run))
    return [state for row in grid for state in row]


def press(puzzle: Puzzle, lights: int, row: int, col: int) -> int:
    """Return ``lights`` after one press of cell (row, col).  Raises ``ValueError`` outside the board or on a hole."""
    if not (0 <= row < puzzle.rows and 0 <= col < puzzle.cols):
        raise ValueError(f"cell ({row}, {col}) is outside a {puzzle.rows}x{puzzle.cols} board")
    index = row * puzzle.cols + col
    if puzzle.holes >> index & 1:
        raise ValueError(f"cell ({row}, {col}) is a hole, which has no button")
    return apply(puzzle, lights, 1 << index * puzzle.bits)


def differing(puzzle: Puzzle, lights: int) -> int:
    """Number of relevant lights whose state differs from the goal."""
    goal = puzzle.goal()
    if puzzle.k == 2:
        if not (puzzle.holes or puzzle.dont_care):
            return (lights ^ goal).bit_count() if goal else lights.bit_count()
        return ((lights ^ goal) & puzzle.relevant).bit_count()
    states, wanted = puzzle.states(lights), puzzle.states(goal)
    if not (puzzle.holes or puzzle.dont_care):
        return sum(a != b for a, b in zip(states, wanted))
    # The relevant cells listed once: testing bit i of the R·C-bit mask for each i was quadratic (15 s at 1024×1024).
    return sum(states[i] != wanted[i] for i in bits_of(puzzle.relevant))
