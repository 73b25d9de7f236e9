"""The figures derived from a solve: solvable fraction, why a board is unsolvable, the nearest
solvable board, the worst case, and the rank/nullity/quiet-pattern analysis of a board size.

The puzzle-level functions (:func:`solvable_fraction`, :func:`proof`,
:func:`nearest`, :func:`worst_case_of`) are the one implementation the CLI
and the API share; the two-state ones below them work on a size and rule.

Let A be the press matrix restricted to the lights that matter (no holes, no
don't-care cells) and to the buttons that exist (no holes).  A board b is
solvable iff b is in the column space of A, i.e. iff yᵀb = 0 for every y in
the *left kernel* {y : yᵀA = 0}.  Such a y is a set of lights that every
press changes an even number of times, so the parity of the lit cells in y
never changes: a board with an odd number of lit cells in y can never be
switched off — a proof anyone can check.  For a rule whose press matrix
is symmetric (:attr:`Rule.is_symmetric <lightsout.model.rules.Rule.is_symmetric>`:
a point-symmetric stencil, on the Klein bottle and the projective plane a
mirror-symmetric one too) and no mask, the left kernel is the space of quiet
patterns (Anderson and Feil, "Turning Lights Out with Linear Algebra", Math.
Magazine 71(4), 1998: a board is solvable iff it is orthogonal to every
quiet pattern).

Bit order: flat ints, bit r·C + c = cell (r, c).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import TooLargeError
from ..solving.gf2 import null_space
from ..model.mask import Mask
from ..solving.methods import cell_effects
from ..model.puzzle import Puzzle
from ..model.rules import PLUS, Rule
from ..solving.solver import FULL_SYSTEM_CELLS, Solution, solve
from ..solving.zmod import solve_mod

__all__ = [
    "solve_figures",
    "analysis_figures",
    "solvable_fraction",
    "proof",
    "nearest",
    "worst_case_of",
    "Analysis",
    "analyze",
    "left_kernel",
    "parity_checks",
    "worst_case",
    "worst_case_if_small",
    "WORST_CASE_CELLS",
    "NEAREST_NULLITY_LIMIT",
    "WORST_CASE_LIMIT",
]

NEAREST_NULLITY_LIMIT = 20
"""Largest left-kernel dimension for which the nearest solvable board is searched."""

NEAREST_SEARCH_LIMIT = 1 << 22
"""Most breadth-first steps (states × syndromes) the nearest-board search may take."""

WORST_CASE_CELLS = 36
"""Boards up to this many cells (6×6) get a worst case from :func:`worst_case_if_small`."""

WORST_CASE_LIMIT = 1 << 22
"""Most (count vectors × quiet combinations) :func:`worst_case` will evaluate (≈ 2 s)."""


PROOF_CELLS = FULL_SYSTEM_CELLS
"""Most cells for which a k-state (k > 2) unsolvability proof is computed (one Z/kZ elimination)."""


def solvable_fraction(solution: Solution) -> str:
    """The share of boards (over the relevant lights) that can be solved: ``"1/2^n"`` for k = 2, else ``"1/N"``.

    ``solution`` is any solve of the puzzle (the figure depends on the
    puzzle only).  The solvable boards are the image of the press matrix
    restricted to the relevant lights: k^buttons / |quiet group| of the
    k^relevant boards.  For k = 2 that is 1/2^(relevant − rank) — not
    1/2^nullity, which counts buttons, not lights.
    """
    puzzle = solution.puzzle
    relevant = puzzle.relevant.bit_count()
    if puzzle.k == 2:
        return f"1/2^{relevant - solution.rank}"
    kernel = math.prod(solution.invariant_factors)
    return f"1/{puzzle.k ** relevant * kernel // puzzle.k ** puzzle.buttons}"


def proof(solution: Solution, checks: Sequence[int] | None = None) -> int | None:
    """A certificate that an unsolvable board cannot reach the goal (a packed board), or None.

    A board of weights y with yᵀA ≡ 0 (every press changes Σ y·light by
    0 mod k) and y·(goal − board) ≢ 0 on the relevant lights: the weighted sum
    can never reach the goal's.  For k = 2, y is a set of lights every press
    changes evenly, lit oddly on board XOR goal, taken from ``checks`` (the
    :func:`parity_checks` of the solve; computed when None).
    None for a solvable board, and for k > 2 above :data:`PROOF_CELLS` cells.
    Over Z/kZ such a y exists for every unsolvable board (Z/kZ is
    self-injective), and a generator of the left kernel is enough.
    """
    puzzle = solution.puzzle
    if solution.solvable:
        return None
    if puzzle.k == 2:
        goal = (solution.lights ^ puzzle.goal()) & puzzle.relevant
        return next((y for y in (parity_checks(solution) if checks is None else checks) if (y & goal).bit_count() % 2), None)
    if puzzle.cells > PROOF_CELLS:
        return None
    k, n = puzzle.k, puzzle.cells
    relevant, holes = puzzle.relevant, puzzle.holes
    a = puzzle.matrix
    # y lives on the relevant lights: yᵀA = 0 on every button, y = 0 off the relevant lights.
    rows = [[a[light][button] if relevant >> light & 1 else 0 for light in range(n)] for button in range(n) if not holes >> button & 1]
    rows += [[1 if i == j else 0 for i in range(n)] for j in range(n) if not relevant >> j & 1]
    kernel = solve_mod(rows, [0] * len(rows), n, k)
    difference = [(g - s) % k for g, s in zip(puzzle.states(puzzle.goal()), puzzle.states(solution.lights))]
    for vector, _ in kernel.generators:
        if sum(y * d for y, d in zip(vector, difference)) % k:
            return puzzle.packed(vector)
    return None


def nearest(solution: Solution, checks: Sequence[int] | None = None) -> int | None:
    """The fewest lights to toggle so that an unsolvable two-state board becomes solvable (packed), or None.

    Each light j has a syndrome h_j (which :func:`left_kernel` vectors
    contain it); toggling a set of lights fixes the board iff their
    syndromes add up to the board's.  A breadth-first search over the 2^m
    syndromes (m = the left kernel's dimension) finds a smallest such set, so
    no board closer to this one is solvable.  None for a solvable board, for
    k > 2, and when the search is too costly: m above
    :data:`NEAREST_NULLITY_LIMIT` or more than :data:`NEAREST_SEARCH_LIMIT`
    steps.  ``checks``: the :func:`parity_checks` of the solve (computed when None).
    """
    puzzle = solution.puzzle
    if solution.solvable or puzzle.k != 2:
        return None
    try:
        return _nearest_toggles(parity_checks(solution) if checks is None else checks, (solution.lights ^ puzzle.goal()) & puzzle.relevant, puzzle.relevant)
    except TooLargeError:
        return None


def worst_case_of(puzzle: Puzzle) -> int | None:
    """Most presses any solvable board of the puzzle needs (k = 2, see :func:`worst_case_if_small`), else None."""
    if puzzle.k != 2:
        return None
    if puzzle.graph is not None:
        if puzzle.cells > WORST_CASE_CELLS:
            return None
        try:
            return _covering_radius(solve(puzzle, 0).quiet(), puzzle.cells, puzzle.holes)
        except TooLargeError:
            return None
    return worst_case_if_small(puzzle.rows, puzzle.cols, puzzle.rule, puzzle.mask)


def parity_checks(solution: Solution) -> Sequence[int]:
    """The parity checks of a two-state puzzle, a basis of :func:`left_kernel` (flat ints, bit r·C + c): the solve's own quiet basis where A is symmetric
    and nothing is masked (no second solve), else from the columns of A (a graph's press sets)."""
    puzzle = solution.puzzle
    if puzzle.graph is not None:
        return _left_kernel_of(puzzle.graph.presses, puzzle.cells, puzzle.relevant, puzzle.holes)
    if puzzle.rule.is_symmetric and not (puzzle.holes or puzzle.dont_care):
        return solution.quiet()
    return left_kernel(puzzle.rows, puzzle.cols, puzzle.rule, puzzle.mask)


def solve_figures(result: Solution, board: Callable[[int], Any]) -> dict[str, Any]:
    """The figures of a solve, as the API and the CLI's ``--json`` report them.

    ``board`` turns a packed board into what the report holds (an ``RxC:``
    string, a payload reference).  Keys: solvable, solution, presses,
    cells_pressed, rank, nullity, invariant_factors, solutions (decimal string),
    solvable_fraction (of the puzzle's boards, see :func:`solvable_fraction`:
    the figure a message about this board's shape quotes), minimal,
    minimal_count, method, and for an unsolvable board proof and nearest (see
    :func:`proof`, :func:`nearest`).
    """
    reply: dict[str, Any] = {
        "solvable": result.solvable,
        "solution": None if result.presses is None else board(result.presses),
        "presses": result.press_total,
        "cells_pressed": result.cells_pressed,
        "rank": result.rank,
        "nullity": result.nullity,
        "invariant_factors": list(result.invariant_factors),
        "solutions": str(result.solution_count),
        "solvable_fraction": solvable_fraction(result),
        "minimal": result.minimal,
        "minimal_count": result.minimal_count,
        "method": result.method,
    }
    if not result.solvable:
        checks = parity_checks(result) if result.puzzle.k == 2 else None  # one left kernel for both
        found = proof(result, checks)
        reply["proof"] = None if found is None else board(found)
        closest = nearest(result, checks)
        reply["nearest"] = None if closest is None else board(closest)
    return reply


def analysis_figures(result: Solution, board: Callable[[int], Any], shown: int | None) -> dict[str, Any]:
    """The figures of an analysis, as the API and the CLI report them.

    ``result`` is a solve of the puzzle's goal itself (the figures depend on
    the puzzle only); at most ``shown`` quiet-pattern generators are listed
    (all for None).  Keys: rows, cols, cells (R·C, holes included), rank,
    nullity, invariant_factors, solvable_fraction, quiet, worst_case.
    """
    puzzle = result.puzzle
    return {
        "rows": puzzle.rows,
        "cols": puzzle.cols,
        "cells": puzzle.cells,
        "rank": result.rank,
        "nullity": result.nullity,
        "invariant_factors": list(result.invariant_factors),
        "solvable_fraction": solvable_fraction(result),
        "quiet": [board(q) for q in result.quiet(shown)],
        "worst_case": worst_case_of(puzzle),
    }


@dataclass(frozen=True, slots=True)
class Analysis:
    """The press matrix of an R×C two-state board under a rule: rank, nullity, quiet basis."""

    rows: int
    cols: int
    rule: Rule
    rank: int
    nullity: int
    quiet: tuple[int, ...]
    """A basis of the quiet patterns, flat ints (bit r·C + c)."""

    @property
    def solutions_per_solvable_board(self) -> int:
        """2^nullity: every solvable board has this many solutions."""
        return 1 << self.nullity

    def is_solvable(self, lights: int) -> bool:
        """True when the flat board ``lights`` has an even overlap with every quiet pattern: whether it can be switched off, for a rule with ``is_symmetric`` only.

        (Otherwise the quiet patterns, {x : A·x = 0}, are not the left kernel
        {y : yᵀA = 0} that decides it; see :func:`left_kernel`.)
        """
        return all((lights & q).bit_count() % 2 == 0 for q in self.quiet)


def analyze(rows: int, cols: int, rule: Rule = PLUS) -> Analysis:
    """Return rank, nullity and a quiet-pattern basis for R×C two-state boards under ``rule``.

    Raises ``ValueError`` for a size below 1×1.
    """
    result = solve(Puzzle(rows, cols, 2, rule), 0)
    return Analysis(rows, cols, rule, result.rank, result.nullity, tuple(result.quiet()))


def left_kernel(rows: int, cols: int, rule: Rule = PLUS, mask: Mask | None = None) -> list[int]:
    """Return a basis of {y : yᵀA = 0}: light sets every press changes evenly (flat ints).

    Only lights that matter appear in y.  For a rule whose press matrix is
    symmetric (:attr:`Rule.is_symmetric <lightsout.model.rules.Rule.is_symmetric>`)
    without a mask this is the quiet-pattern basis (cheap, even for huge
    boards); otherwise it is the null space of Aᵀ by elimination,
    O((R·C)³/w) (those rules are solved by elimination too).
    """
    if rule.is_symmetric and (mask is None or mask.is_empty):
        return solve(Puzzle(rows, cols, 2, rule), 0).quiet()
    cells = rows * cols
    relevant = (1 << cells) - 1 if mask is None else mask.relevant
    holes = 0 if mask is None else mask.holes
    return _left_kernel_of(cell_effects(rows, cols, rule), cells, relevant, holes)


def _left_kernel_of(effects: Sequence[int], cells: int, relevant: int, holes: int) -> list[int]:
    """{y : yᵀA = 0, y = 0 off the relevant lights} for the columns ``effects`` of A (one flat int per press)."""
    # Row p of Aᵀ is the set of (relevant) lights press p changes; y must vanish off the relevant lights.
    matrix = [effect & relevant for p, effect in enumerate(effects) if not holes >> p & 1]
    matrix += [1 << j for j in range(cells) if not relevant >> j & 1]
    return list(null_space(matrix, cells))


def _nearest_toggles(kernel: Sequence[int], goal: int, relevant: int) -> int:
    """The fewest relevant lights to toggle so that ``goal`` (board XOR target, flat) is orthogonal to every ``kernel`` vector (see :func:`nearest`).

    Raises :class:`TooLargeError` above :data:`NEAREST_NULLITY_LIMIT` vectors or :data:`NEAREST_SEARCH_LIMIT` steps.
    """
    if len(kernel) > NEAREST_NULLITY_LIMIT:
        raise TooLargeError(f"the nearest solvable board is searched up to {NEAREST_NULLITY_LIMIT} parity checks, this board has {len(kernel)}")
    wanted = sum(((y & goal).bit_count() & 1) << i for i, y in enumerate(kernel))
    if wanted == 0:
        return 0
    # Split the lights into classes of equal syndrome with whole-board AND/AND-NOT
    # (one pass per kernel vector), rather than testing every light's k bits in Python.
    classes = {0: relevant}
    for i, y in enumerate(kernel):
        split: dict[int, int] = {}
        for syndrome, lights in classes.items():
            inside, outside = lights & y, lights & ~y
            if inside:
                split[syndrome | 1 << i] = inside
            if outside:
                split[syndrome] = outside
        classes = split
    cell_of = {syndrome: (lights & -lights).bit_length() - 1 for syndrome, lights in classes.items() if syndrome}
    parent: dict[int, tuple[int, int]] = {0: (0, -1)}
    frontier = [0]
    work = 0
    while wanted not in parent:
        work += len(frontier) * len(cell_of)
        if work > NEAREST_SEARCH_LIMIT:
            raise TooLargeError(f"the nearest solvable board needs more than {NEAREST_SEARCH_LIMIT} search steps here")
        following = []
        for state in frontier:
            for syndrome, cell in cell_of.items():
                reached = state ^ syndrome
                if reached not in parent:
                    parent[reached] = (state, cell)
                    following.append(reached)
        frontier = following
    toggles = 0
    state = wanted
    while state:
        state, cell = parent[state]
        toggles |= 1 << cell
    return toggles


def worst_case(rows: int, cols: int, rule: Rule = PLUS, mask: Mask | None = None) -> int:
    """Return the most presses any solvable R×C board needs (its fewest-press solution).

    The solutions of a solvable board are a coset x + Q of the quiet space Q,
    so the answer is Q's covering radius.  Cells are grouped by which quiet
    basis vectors contain them; a coset's least weight depends only on how
    many cells of each group x lights, so the search runs over those counts
    (for 5×5: 15, the known figure).  Raises :class:`TooLargeError` when
    the search would take more than :data:`WORST_CASE_LIMIT` steps.
    """
    holes, dont_care = (0, 0) if mask is None else (mask.holes, mask.dont_care)
    result = solve(Puzzle(rows, cols, 2, rule, holes, dont_care), 0)
    return _covering_radius(result.quiet(), rows * cols, holes)


def _covering_radius(basis: Sequence[int], cells: int, holes: int) -> int:
    """The most presses any coset x + span(``basis``) needs at least (the quiet space's covering radius); see :func:`worst_case`."""
    sizes: dict[int, int] = {}
    for j in range(cells):
        if not holes >> j & 1:
            pattern = sum((q >> j & 1) << i for i, q in enumerate(basis))
            sizes[pattern] = sizes.get(pattern, 0) + 1
    untouched = sizes.pop(0, 0)  # cells in no quiet pattern: always pressed if lit in x
    patterns: Sequence[int] = list(sizes)
    counts = [sizes[p] for p in patterns]
    total = 1 << len(basis)  # each count vector is checked against every coset shift
    for count in counts:
        total *= count + 1
    if total > WORST_CASE_LIMIT:
        raise TooLargeError(f"the worst case needs {total} steps, more than {WORST_CASE_LIMIT}")
    flips = [[(c & p).bit_count() & 1 for p in patterns] for c in range(1 << len(basis))]
    worst = 0
    for lit in itertools.product(*(range(n + 1) for n in counts)):
        best = min(
            sum(n - m if flip else m for flip, m, n in zip(row, lit, counts)) for row in flips
        )
        worst = max(worst, best)
    return worst + untouched


def worst_case_if_small(rows: int, cols: int, rule: Rule = PLUS, mask: Mask | None = None) -> int | None:
    """:func:`worst_case` for boards of at most :data:`WORST_CASE_CELLS` cells, else None.

    Also None when the search would exceed :data:`WORST_CASE_LIMIT` steps.
    """
    if rows * cols > WORST_CASE_CELLS:
        return None
    try:
        return worst_case(rows, cols, rule, mask)
    except TooLargeError:
        return None
