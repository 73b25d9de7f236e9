"""The one puzzle model and the one ``solve`` for every number of states and surface.

A :class:`Puzzle` is

- the cells: an R×C grid, with an optional mask of *holes* (no light, no
  button) and *don't-care* cells (a light whose final state does not count);
- the press rule: a stencil on a surface (:class:`lightsout.rules.Rule`);
- the number of states k (2..255): a press adds 1 (mod k) to every light
  its stencil reaches;
- the goal: ``"off"`` (every light 0), ``"on"`` (every light k − 1) or a
  board.

Boards (lights, goals, press counts) are *packed ints*: cell i = r·C + c
holds bits i·b … i·b + b − 1 with b = bit_length(k − 1) (see
:mod:`lightsout.codec`); for k = 2 that is the flat int of a
:class:`~lightsout.board.Board`, so the two-state fast paths take it as is.

:func:`solve` dispatches by cost, never by routing: for k = 2 to the GF(2)
methods of :mod:`lightsout.methods` (Chebyshev / light chasing for the
plus rule on a plane, the torus chase on a torus or Klein bottle, packed
GF(2) elimination on any surface, holes and don't-care cells included); for
k > 2 to linear algebra over Z/kZ (:mod:`lightsout.zmod`): light chasing and
the C × C first-row system for the plus rule on a plane, else the Smith
normal form of the whole press matrix — exact for composite k, where
elimination that treats Z/kZ as a field misses or invents solutions.  The
fewest-presses solution is a coset leader (:mod:`lightsout.coset_leader`)
for k = 2, and the lightest of all solutions, when few enough, for k > 2.

The derived figures (solvable fraction, unsolvability proof, nearest
solvable board, worst case) are in :mod:`lightsout.analysis`.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from operator import add

from . import codec
from .board import Board
from .chase_plans import ChasePlan, chase_plan
from .coset_leader import EXACT_NULLITY, SEARCH_SECONDS
from .errors import TooLargeError
from .graph import Graph, bits_of, graph_system
from .mask import Mask
from .names import MAX_LISTED_SOLUTIONS, MAX_STATES, MIN_STATES
from .methods import SolveResult, fewest_presses, quiet_flats, solve_board
from .rules import PLUS, Rule, wrap
from .zmod import ModularSolution, solve_mod

__all__ = [
    "Puzzle",
    "Solution",
    "solve",
    "apply",
    "press",
    "differing",
    "MIN_STATES",
    "MAX_STATES",
    "MAX_CELLS",
    "MAX_LONG_SIDE",
    "check_size",
    "FULL_SYSTEM_CELLS",
    "FEWEST_SEARCH_LIMIT",
    "CHASE_WORK_LIMIT",
    "CHASE_CELL_COST",
    "MAX_STATE_CELLS",
    "LISTED_BITS",
    "MAX_LISTED_SOLUTIONS",
]

MAX_CELLS = codec.MAX_DECLARED_CELLS
"""Most cells of any board (10000 × 10000)."""

MAX_LONG_SIDE = 1_000_000
"""Most cells along a board's longer side.  A board is a list of row ints and the chases run
along the longer side, one Python step per row: 10^6 rows (or one row of 10^6 cells, solved on
its transpose) take about 0.5 s; 10^8 would take a minute and, as a list of rows, gigabytes."""


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

FULL_SYSTEM_CELLS = 400
"""Most cells the Z/kZ elimination of the whole press matrix takes (O(n³) ring operations, k > 2)."""

FEWEST_SEARCH_LIMIT = 1 << 16
"""Most solutions of a k > 2 board visited for the fewest total presses."""

CHASE_CELL_COST = 128
"""The Z/kZ chase's fixed cost per cell, in ring operations: the Python steps of visiting a cell
(its neighbours, one list per form) cost about as much as summing 128 coefficients, which run at C
speed.  Measured here: 1×100 000 with 3 states (width 2) took as long as 200×200 (width 201) per
12 000 000 ring operations."""

CHASE_WORK_LIMIT = 1 << 25
"""Most work the Z/kZ light chase may take, counted as cells × (unknowns + 1 + CHASE_CELL_COST) +
unknowns³ (the chase with affine forms, then the elimination of the unknowns' system): about
200×200 on a plane (C unknowns, the shorter side), 118×118 on a torus, Klein bottle or projective
plane (2C), one row of 250 000 cells; 1.5–3 s in CPython here (8 s with the machine loaded 3×)."""

MAX_STATE_CELLS = 1 << 20
"""Most cells of a board with more than two states (held as a list of states while solved or pressed)."""

LISTING_BITS = 1 << 24
"""Cells × solutions :meth:`Solution.solutions` visits at most to sort them (beyond those listed)."""

LISTED_BITS = 1 << 27
"""Most packed bits of the solutions :meth:`Solution.solutions` returns (16 MiB): at least one is always listed."""


@dataclass(frozen=True)
class Puzzle:
    """An R×C Lights Out puzzle: cells (with holes and don't-care cells), press rule, k states, goal.

    The Z/kZ elimination, :func:`apply` and :func:`press` reach the grid
    only through :meth:`covered` (the lights a press adds 1 to) and the flat
    cell index r·C + c, so a general graph with explicit press sets stands
    in for the R×C grid there: with ``graph`` (a :class:`~lightsout.graph.Graph`
    of R·C cells) a press of cell i adds 1 to the lights of
    ``graph.presses[i]`` and ``rule`` is unused; for k = 2 such a puzzle is
    solved by :func:`~lightsout.graph.graph_system`.  The chases and the
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

    @property
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
    def cared(self) -> int:
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

    def board(self, value: int) -> Board:
        """A packed two-state board as a :class:`Board` under this rule (k = 2 only)."""
        assert self.k == 2
        if value == 0:
            return Board(self.rows, self.cols, (), self.rule)
        return Board.from_flat(self.rows, self.cols, value, self.rule)

    def goal_board(self) -> Board:
        """The goal as a :class:`Board` (k = 2 only)."""
        if self.target == "on":
            return Board.all_on(self.rows, self.cols, self.rule)
        return self.board(self.goal())

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
        else:
            flat = puzzle.board(lights).apply(puzzle.board(presses)).flat
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
    :func:`~lightsout.rules.wrap`, place all of it, and one slice addition adds it.  A 1024×1024
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
    """Number of cared lights whose state differs from the goal."""
    goal = puzzle.goal()
    if puzzle.k == 2:
        if not (puzzle.holes or puzzle.dont_care):
            return (lights ^ goal).bit_count() if goal else lights.bit_count()
        return ((lights ^ goal) & puzzle.cared).bit_count()
    states, wanted = puzzle.states(lights), puzzle.states(goal)
    if not (puzzle.holes or puzzle.dont_care):
        return sum(a != b for a, b in zip(states, wanted))
    # The cared cells listed once: testing bit i of the R·C-bit mask for each i was quadratic (15 s at 1024×1024).
    return sum(states[i] != wanted[i] for i in bits_of(puzzle.cared))


# -- solving ----------------------------------------------------------------


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` found for one puzzle and board.

    - ``presses``: press counts reaching the goal (a packed board), or None;
    - ``rank`` and ``nullity``: nullity is the number of cyclic factors of
      the group of quiet patterns (press counts that change no light), rank
      = buttons − nullity; for k = 2 these are the GF(2) rank and nullity of
      the press matrix;
    - ``structure``: the orders of those cyclic factors (``[2] * nullity``
      for k = 2), so a solvable board has ∏ structure solutions;
    - ``minimal``: True when ``presses`` is proven to need the fewest presses
      (Σ counts); ``optimal_count``: how many solutions share that count,
      when known.
    """

    puzzle: Puzzle
    lights: int
    method: str
    presses: int | None
    rank: int
    nullity: int
    structure: tuple[int, ...]
    minimal: bool = False
    optimal_count: int | None = None
    gf2: SolveResult | None = None
    generators: tuple[tuple[list[int], int], ...] = ()
    """k > 2: the quiet group's generators (press counts, order); solutions = presses + Σ t_i·g_i, 0 ≤ t_i < order_i."""

    @property
    def solvable(self) -> bool:
        return self.presses is not None

    @property
    def solution_count(self) -> int:
        """Number of press-count boards that solve the puzzle (0 when unsolvable)."""
        return math.prod(self.structure) if self.solvable else 0

    def presses_board(self) -> Board | None:
        """``presses`` as a :class:`Board` (k = 2 only; no conversion when the GF(2) layer made it)."""
        if self.gf2 is not None:
            return self.gf2.presses
        return None if self.presses is None else self.puzzle.board(self.presses)

    @cached_property
    def press_total(self) -> int | None:
        """Σ press counts of ``presses`` (None when unsolvable)."""
        if self.presses is None:
            return None
        return self.presses.bit_count() if self.puzzle.k == 2 else sum(self.puzzle.states(self.presses))

    @property
    def cells_pressed(self) -> int | None:
        """Cells pressed at least once in ``presses`` (None when unsolvable)."""
        if self.presses is None or self.puzzle.k == 2:
            return self.press_total  # one bit count of a big board, not two
        return self.puzzle.flat_of(self.presses).bit_count()

    def quiet(self, limit: int | None = None) -> list[int]:
        """Generators of the quiet patterns (packed boards), at most ``limit``: a GF(2) basis for k = 2."""
        count = self.nullity if limit is None else min(limit, self.nullity)
        if self.gf2 is not None:
            return quiet_flats(self.gf2.quiet[:count])
        return [self.puzzle.packed(vector) for vector, _ in self.generators[:count]]

    def solutions(self, limit: int) -> list[int]:
        """At most ``limit`` solutions (packed), fewest presses first.

        At most ``max(1, 2^27 / (cells·b))`` are listed (b bits per cell),
        so a big board's list stays small.  At most ``max(listed, min(65536,
        2^24 / cells))`` solutions are visited (Gray code / mixed-radix order
        from ``presses``) and sorted by Σ presses; with more solutions than
        that, the order holds among those visited only.
        """
        if self.presses is None or limit <= 0:
            return []
        limit = min(limit, max(1, LISTED_BITS // (self.puzzle.cells * self.puzzle.bits)))
        budget = max(limit, min(FEWEST_SEARCH_LIMIT, LISTING_BITS // self.puzzle.cells))
        listed = list(self._every(budget))
        listed.sort(key=lambda value: (self._total(value), value))
        return listed[:limit]

    def _total(self, value: int) -> int:
        return value.bit_count() if self.puzzle.k == 2 else sum(self.puzzle.states(value))

    def _every(self, limit: int) -> Iterator[int]:
        if self.gf2 is not None and self.presses is not None:
            quiet = quiet_flats(self.gf2.quiet[: min(self.nullity, limit.bit_length())])
            current = self.presses
            for step in range(min(limit, self.solution_count)):
                if step:
                    current ^= quiet[(step & -step).bit_length() - 1]
                yield current
            return
        assert self.presses is not None
        for counts in _coset(self.puzzle.states(self.presses), self.generators, self.puzzle.k, min(limit, self.solution_count)):
            yield self.puzzle.packed(counts)


def solve(puzzle: Puzzle, lights: int | Board, method: str = "auto", minimal: bool = False, seconds: float | None = None) -> Solution:
    """Solve ``lights`` (a packed board, or for k = 2 a :class:`Board` of the puzzle's size) for the puzzle's goal.

    ``method`` names a GF(2) method of :data:`lightsout.solve.METHODS` for
    k = 2 (``"auto"`` picks the cheapest that applies); for k > 2 only
    ``"auto"`` is accepted.  With ``minimal`` the solution is replaced by one
    with the fewest presses: for k = 2 the coset-leader search within
    ``seconds`` (``math.inf`` runs it to the end; None, the default: to the
    end up to nullity :data:`~lightsout.coset_leader.EXACT_NULLITY`, else
    :data:`~lightsout.coset_leader.SEARCH_SECONDS`); for k > 2 every
    solution is visited when there are at most
    :data:`FEWEST_SEARCH_LIMIT`.  Raises ``ValueError`` for a bad
    board or method and :class:`~lightsout.errors.TooLargeError` when no
    method can afford the puzzle.
    """
    if isinstance(lights, Board):
        if puzzle.k != 2 or (lights.rows, lights.cols) != (puzzle.rows, puzzle.cols):
            raise ValueError(f"a {lights.rows}x{lights.cols} two-state board does not fit this {puzzle.rows}x{puzzle.cols} puzzle with {puzzle.k} states")
        board = Board(puzzle.rows, puzzle.cols, lights.lights, puzzle.rule)
        lights = board.flat
    else:
        puzzle.check_board(lights)
        board = puzzle.board(lights) if puzzle.k == 2 and puzzle.graph is None else Board(1, 1)
    if puzzle.k == 2:
        if puzzle.graph is not None:
            if method not in ("auto", "graph-system"):
                raise ValueError(f"a graph puzzle is solved by elimination (method 'auto' or 'graph-system'), not {method!r}")
            result = graph_system(puzzle.graph, puzzle.rows, puzzle.cols, lights ^ puzzle.goal(), puzzle.cared, puzzle.holes, puzzle.mask)
        else:
            result = solve_board(board, puzzle.goal_board(), method, mask=puzzle.mask)
        if minimal:
            if seconds is None:
                seconds = math.inf if result.nullity <= EXACT_NULLITY else SEARCH_SECONDS
            result = fewest_presses(result, seconds)
        presses = None if result.presses is None else result.presses.flat
        return Solution(
            puzzle, lights, result.method, presses, result.rank, result.nullity, (2,) * result.nullity,
            result.minimal, result.optimal_count, gf2=result,
        )
    if method != "auto":
        raise ValueError(f"method {method!r} is for two states; with {puzzle.k} states use 'auto'")
    k, n = puzzle.k, puzzle.cells
    plan = _chase_plan(puzzle)
    work = _chase_work(puzzle.rows, puzzle.cols, plan)
    if plan is not None and puzzle.surface in _TRANSPOSABLE_SURFACES and puzzle.cols > puzzle.rows:
        flipped_work = _chase_work(puzzle.cols, puzzle.rows, chase_plan(puzzle.cols, puzzle.rows, puzzle.surface))
        if flipped_work < work and (flipped_work <= CHASE_WORK_LIMIT or n <= FULL_SYSTEM_CELLS):
            return _solve_transposed(puzzle, lights, minimal)
        work = min(work, flipped_work)  # refused below: name the cheaper figure
    if plan is None or work > CHASE_WORK_LIMIT:
        if n > FULL_SYSTEM_CELLS:
            if plan is None:
                raise TooLargeError(
                    f"with {k} states this puzzle needs the Z/{k}Z elimination of the whole press matrix, "
                    f"which handles at most full_system_cells ({FULL_SYSTEM_CELLS}) cells, not {n}",
                    "full_system_cells",
                )
            raise TooLargeError(
                f"with {k} states light chasing this {puzzle.rows}x{puzzle.cols} board takes {work} steps, "
                f"more than chase_work_limit ({CHASE_WORK_LIMIT}); the whole press matrix is eliminated "
                f"up to full_system_cells ({FULL_SYSTEM_CELLS}) cells",
                "chase_work_limit",
            )
        plan = None
    goal = [(t - s) % k for t, s in zip(puzzle.states(puzzle.goal()), puzzle.states(lights))]
    if plan is not None:
        cols = puzzle.cols
        width = len(plan.unknown_rows) * cols
        unknowns = [[[int(j == u * cols + c) for j in range(width)] + [0] for c in range(cols)] for u in range(len(plan.unknown_rows))]
        _, residuals = _chase(puzzle, plan, goal, unknowns, keep=False)
        first = solve_mod([form[:width] for form in residuals], [(-form[width]) % k for form in residuals], width, k)

        # One more chase gives every answer at once: column j of the start forms holds generator j's
        # unknowns (chased with a dark goal, as only the constant column sees the goal) and the
        # constant column the particular solution's unknowns.
        vectors = [vector for vector, _ in first.generators]
        base = first.particular or [0] * width
        start = [[[vector[u * cols + c] for vector in vectors] + [base[u * cols + c]] for c in range(cols)] for u in range(len(plan.unknown_rows))]
        columns = [form for row in _chase(puzzle, plan, goal, start)[0] for form in row]
        particular = None if first.particular is None else [form[-1] for form in columns]
        generators = [([form[j] for form in columns], order) for j, (_, order) in enumerate(first.generators)]
        found = ModularSolution(k, particular, generators)
        method = "first-row-system" if puzzle.surface == "plane" else f"{puzzle.surface}-chase"
    else:
        skipped = puzzle.holes | puzzle.dont_care
        matrix = [row for j, row in enumerate(puzzle.matrix) if not skipped >> j & 1]
        rhs = [value for j, value in enumerate(goal) if not skipped >> j & 1]
        for h in range(n):
            if puzzle.holes >> h & 1:  # a hole has no button: its press count is 0
                matrix.append([1 if i == h else 0 for i in range(n)])
                rhs.append(0)
        found = solve_mod(matrix, rhs, n, k)
        method = "full-system"
    nullity = len(found.generators)
    counts = found.particular
    exact = counts is not None and nullity == 0
    if minimal and counts is not None and found.solution_count <= FEWEST_SEARCH_LIMIT:
        counts, exact = _fewest_total(counts, found.generators, found.solution_count, k), True
    return Solution(
        puzzle, lights, method, None if counts is None else puzzle.packed(counts), puzzle.buttons - nullity, nullity,
        tuple(found.structure), exact, None, generators=tuple(found.generators),
    )


_TRANSPOSABLE_SURFACES = ("plane", "torus", "projective")
"""Surfaces the plus rule looks the same on after a transpose (the Klein bottle's mirrored wrap is
across the rows only, so its transpose is another surface)."""


def _chase_work(rows: int, cols: int, plan: ChasePlan | None) -> float:
    """Work of the Z/kZ light chase: cells × (unknowns + 1 + :data:`CHASE_CELL_COST`) + unknowns³ (inf without a plan)."""
    if plan is None:
        return math.inf
    unknowns = len(plan.unknown_rows) * cols
    return rows * cols * (unknowns + 1 + CHASE_CELL_COST) + unknowns**3  # the chase with forms, then the unknowns' system


def _transpose_packed(puzzle: Puzzle, value: int) -> int:
    """The packed board of the transposed puzzle (C×R) holding ``value``'s cell (r, c) at (c, r)."""
    states, rows, cols = puzzle.states(value), puzzle.rows, puzzle.cols
    return codec.pack([states[r * cols + c] for c in range(cols) for r in range(rows)], puzzle.bits)


def _solve_transposed(puzzle: Puzzle, lights: int, minimal: bool) -> Solution:
    """Solve a k > 2 plus-rule puzzle wider than tall on its transpose (fewer unknowns: the shorter side)."""
    target = puzzle.target if isinstance(puzzle.target, str) else _transpose_packed(puzzle, puzzle.target)
    flipped = Puzzle(puzzle.cols, puzzle.rows, puzzle.k, puzzle.rule, 0, 0, target)
    found = solve(flipped, _transpose_packed(puzzle, lights), "auto", minimal)
    back = [r * flipped.cols + c for c in range(flipped.cols) for r in range(flipped.rows)]  # cell r·C + c of the flipped board's transpose
    presses = None if found.presses is None else _transpose_packed(flipped, found.presses)
    generators = tuple(([vector[i] for i in back], order) for vector, order in found.generators)
    return Solution(
        puzzle, lights, found.method, presses, found.rank, found.nullity, found.structure,
        found.minimal, found.optimal_count, generators=generators,
    )


def _chase_plan(puzzle: Puzzle) -> ChasePlan | None:
    """The light-chase plan of a k > 2 puzzle (plus rule, no mask, no graph; see :func:`lightsout.chase_plans.chase_plan`), or None."""
    if puzzle.graph is not None or puzzle.rule.stencil != PLUS.stencil or puzzle.holes | puzzle.dont_care:
        return None
    return chase_plan(puzzle.rows, puzzle.cols, puzzle.surface)


def _chase(
    puzzle: Puzzle, plan: ChasePlan, goal: Sequence[int], start: list[list[list[int]]], keep: bool = True
) -> tuple[list[list[list[int]]], list[list[int]]]:
    """Light chasing over Z/kZ for the plus rule, with affine forms: the forced presses and the residuals.

    A form is a list of coefficients of the unknowns followed by a constant
    (mod k); ``start`` holds the plan's unknown press rows as forms.  Each
    step's light row decides its press row:
    x(r, c) = g(i, c) − Σ x over the other presses reaching light (i, c).
    Returns (every press row as forms, the residual forms: Σ x − g of the
    plan's residual light rows, and for a press row forced twice the
    difference of its two values), which must all vanish.  With constant
    forms (width 1) this is plain chasing.  Cost: O(R·C·width) ring operations.
    Without ``keep`` only the residuals are wanted: on a plane, torus or
    Klein bottle each press row is dropped once no light row left reads it,
    so memory is O(C·width) forms rather than O(R·C·width).
    """
    rows, cols, k, surface = puzzle.rows, puzzle.cols, puzzle.k, puzzle.surface
    width = len(start[0][0])
    presses: list[list[list[int]]] = [[] for _ in range(rows)]
    for row, forms in zip(plan.unknown_rows, start):
        presses[row] = forms
    offsets = sorted(PLUS.stencil)

    def reaching(i: int, c: int) -> list[tuple[int, int]]:
        if surface == "plane":  # no wrap: bounds only (the chase's hot loop)
            return [(r, cc) for r, cc in ((i + dr, c + dc) for dr, dc in offsets) if 0 <= r < rows and 0 <= cc < cols]
        return [cell for cell in (wrap(i + dr, c + dc, rows, cols, surface) for dr, dc in offsets) if cell is not None]

    def unreduced(i: int, c: int, skip: tuple[int, int] | None) -> list[int]:
        # Σ of the forms of the presses reaching light (i, c) (one zip over them, summed at C speed), less the goal.
        forms = [presses[r][cc] for r, cc in reaching(i, c) if (r, cc) != skip]
        total = list(map(sum, zip(*forms))) if forms else [0] * width
        total[-1] -= goal[i * cols + c]
        return total

    def residual(i: int, c: int, skip: tuple[int, int] | None) -> list[int]:
        return [value % k for value in unreduced(i, c, skip)]

    def forced(i: int, row: int) -> list[list[int]]:
        return [[(-value) % k for value in unreduced(i, c, (row, c))] for c in range(cols)]

    drop = not keep and surface != "projective"  # projective: columns 0 and C−1 reach row R−1−r
    for light_row, press_row in plan.steps:
        presses[press_row] = forced(light_row, press_row)
        if drop and light_row >= 1 and light_row - 1 not in plan.unknown_rows:
            presses[light_row - 1] = []  # steps run (i, i + 1): no later light row reads row i − 1
    last: list[list[int]] = []
    if plan.twice is not None:
        light_row, press_row = plan.twice
        last = [[(a - b) % k for a, b in zip(x, y)] for x, y in zip(presses[press_row], forced(light_row, press_row))]
    for light_row in plan.residual_rows:
        last += [residual(light_row, c, None) for c in range(cols)]
    return presses, last


def _coset(counts: list[int], generators: Sequence[tuple[list[int], int]], k: int, limit: int) -> Iterator[list[int]]:
    """Yield ``limit`` vectors of counts + Σ t_i·g_i (0 ≤ t_i < order_i), by a mixed-radix counter over the t_i."""
    current = list(counts)
    counters = [0] * len(generators)
    for step in range(limit):
        if step:
            # A digit that wraps has added order·g ≡ 0: keep adding g and carry, so the
            # vector stays counts + Σ counter_i·g_i.
            for index, (vector, order) in enumerate(generators):
                current = [(x + g) % k for x, g in zip(current, vector)]
                counters[index] += 1
                if counters[index] < order:
                    break
                counters[index] = 0
        yield current


def _fewest_total(counts: list[int], generators: Sequence[tuple[list[int], int]], total: int, k: int) -> list[int]:
    """The solution with the fewest total presses among all ``total`` of them (the first one met on a tie)."""
    return min(_coset(counts, generators, k, total), key=sum)
