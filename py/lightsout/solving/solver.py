"""``solve``: one entry point for every puzzle, picking a method by cost, and its :class:`Solution`.

For k = 2 :func:`solve` hands the board lights XOR goal (a flat int) to a
GF(2) method of :mod:`lightsout.solving.methods`: ``"auto"`` is Chebyshev for the
plus rule on a plane, the torus, Klein or projective chase for the plus rule
on those surfaces, elimination of the press matrix (up to 64×64) for other
rules, masks and graphs.  For k > 2 it solves over Z/kZ: light chasing
(:mod:`lightsout.solving.zmod_chase`) for the plus rule without a mask while its
work is at most :data:`~lightsout.solving.zmod_chase.CHASE_WORK_LIMIT`, else the
elimination of the whole press matrix per prime power (:mod:`lightsout.solving.zmod`, up to
:data:`FULL_SYSTEM_CELLS` cells) — exact for composite k, where elimination
that treats Z/kZ as a field misses or invents solutions.  A chase whose
unknowns are a row is run on the transpose of a board wider than tall, so
its unknowns are the shorter side.

The fewest-presses solution is a coset leader (:mod:`lightsout.solving.coset_leader`)
for k = 2, and the lightest of all solutions, when few enough, for k > 2.
The derived figures (solvable fraction, unsolvability proof, nearest
solvable board, worst case) are in :mod:`lightsout.analysis.figures`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property

from .chase_plans import chase_plan
from ..model.codec import transpose_packed
from .coset_leader import EXACT_NULLITY, SEARCH_SECONDS, minimum_in_coset
from .coset_walk import DEADLINE_STEPS, CosetWalk
from ..errors import TooLargeError
from .methods import METHODS, LazyBasis, auto_method
from ..names import MAX_LISTED_SOLUTIONS
from ..model.puzzle import Puzzle
from .zmod import ModularSolution, invariant_factor_generators, solve_mod
from .zmod_chase import CHASE_WORK_LIMIT, TRANSPOSABLE_SURFACES, chase_plan_of, chase_solve, chase_work

__all__ = [
    "Solution",
    "solve",
    "presses_lower_bound",
    "FULL_SYSTEM_CELLS",
    "FEWEST_SEARCH_LIMIT",
    "LISTED_BITS",
    "MAX_LISTED_SOLUTIONS",
]

FULL_SYSTEM_CELLS = 400
"""Most cells the Z/kZ elimination of the whole press matrix takes (O(n³) ring operations, k > 2)."""

FEWEST_SEARCH_LIMIT = 1 << 16
"""Most solutions of a k > 2 board visited for the fewest total presses (within the search's ``seconds``)."""

LISTING_BITS = 1 << 24
"""Cells × solutions :meth:`Solution.solutions` visits at most to sort them (beyond those listed)."""

LISTED_BITS = 1 << 27
"""Most packed bits of the solutions :meth:`Solution.solutions` returns (16 MiB): at least one is always listed."""


@dataclass(frozen=True)
class Solution:
    """What :func:`solve` found for one puzzle and board (packed boards throughout, see :mod:`lightsout.model.codec`).

    - ``presses``: press counts reaching the goal (a packed board), or None;
    - ``rank`` and ``nullity``: nullity is the number of invariant factors of
      the group of quiet patterns (press counts that change no light), the
      fewest elements that generate it, rank = buttons − nullity; for k = 2
      these are the GF(2) rank and nullity of the press matrix;
    - ``invariant_factors``: the group's invariant factors d1 | d2 | …,
      ascending (it is ≅ Z/d1 × Z/d2 × …; ``(2,) * nullity`` for k = 2; for
      composite k not the elementary divisors, :func:`lightsout.solving.zmod.invariant_factor_generators`),
      so a solvable board has ∏ invariant_factors solutions;
    - ``minimal``: True when ``presses`` is proven to need the fewest presses
      (Σ counts); ``minimal_count``: how many solutions share that count,
      when known;
    - ``basis``: the quiet group's generators (packed), generator i of order
      ``invariant_factors[i]``: the solutions are presses + Σ t_i·basis[i],
      0 ≤ t_i < invariant_factors[i] (for k = 2 a GF(2) basis, chased on demand
      where a chase found it).
    """

    puzzle: Puzzle
    lights: int
    method: str
    presses: int | None
    rank: int
    nullity: int
    invariant_factors: tuple[int, ...]
    minimal: bool = False
    minimal_count: int | None = None
    basis: Sequence[int] = ()

    @property
    def solvable(self) -> bool:
        return self.presses is not None

    @property
    def solution_count(self) -> int:
        """Number of press-count boards that solve the puzzle (0 when unsolvable)."""
        return math.prod(self.invariant_factors) if self.solvable else 0

    @cached_property
    def press_total(self) -> int | None:
        """Σ press counts of ``presses`` (None when unsolvable)."""
        if self.presses is None or self.puzzle.k == 2:
            return None if self.presses is None else self.presses.bit_count()
        return sum(self._counts)

    @property
    def cells_pressed(self) -> int | None:
        """Cells pressed at least once in ``presses`` (None when unsolvable)."""
        if self.presses is None or self.puzzle.k == 2:
            return self.press_total  # one bit count of a big board, not two
        return len(self._counts) - self._counts.count(0)

    @cached_property
    def _counts(self) -> list[int]:
        """``presses`` as a flat list of press counts (k > 2), unpacked once for both figures."""
        assert self.presses is not None
        return self.puzzle.states(self.presses)

    def _repr_svg_(self) -> str | None:
        """The board with ``presses`` marked, for IPython's rich display (its only rich form: two would be
        drawn twice); ``No solution`` under an unsolvable board; None above the drawing's limit
        (:data:`lightsout.draw.svg.MAX_DRAWN_CELLS`)."""
        from ..draw.svg import drawing_or_none  # only a notebook draws: solving does not load the drawing

        return drawing_or_none(self.puzzle, self.lights, self.presses, None if self.solvable else "No solution")

    def quiet(self, limit: int | None = None) -> list[int]:
        """Generators of the quiet patterns (packed boards), at most ``limit``: a GF(2) basis for k = 2."""
        return list(self.basis[: self.nullity if limit is None else min(limit, self.nullity)])

    def solutions(self, limit: int) -> list[int]:
        """At most ``limit`` solutions (packed), fewest presses first, ``presses`` first among its equals
        (:meth:`listing` with no time budget)."""
        return self.listing(limit)[0]

    def listing(self, limit: int, seconds: float | None = None) -> tuple[list[int], bool]:
        """At most ``limit`` solutions (packed), fewest presses first, ``presses`` first among its equals, and
        whether every solution meant to be visited was visited within ``seconds`` (None: no budget).

        At most ``max(1, 2^27 / (cells·b))`` are listed (b bits per cell),
        so a big board's list stays small.  At most ``max(listed, min(65536,
        2^24 / cells))`` solutions are visited (Gray code for k = 2, a
        :class:`~lightsout.solving.coset_walk.CosetWalk` for k > 2, from
        ``presses``) and sorted by Σ presses; with more solutions than that,
        or when ``seconds`` runs out first (the flag is then False), the order
        holds among those visited only.
        """
        if self.presses is None or limit <= 0:
            return [], True
        limit = min(limit, max(1, LISTED_BITS // (self.puzzle.cells * self.puzzle.bits)))
        count = min(max(limit, min(FEWEST_SEARCH_LIMIT, LISTING_BITS // self.puzzle.cells)), self.solution_count)
        deadline = math.inf if seconds is None else time.monotonic() + seconds
        # The solution found first among those with as few presses: a fewest-presses solve's own
        # answer heads the list, so the page's "Solution 1 of N" is the solution it marked.
        if self.puzzle.k == 2:
            visited = list(self._gray(count, deadline))
            visited.sort(key=lambda value: (value.bit_count(), value != self.presses, value))
            return visited[:limit], len(visited) == count
        generators = [(self.puzzle.states(vector), order) for vector, order in zip(self.basis, self.invariant_factors)]
        walk = CosetWalk(self.puzzle.states(self.presses), generators, self.puzzle.k)
        visited = list(walk.walk(count, deadline))
        visited.sort(key=lambda value: (walk.total(value), value != walk.start, value))  # fields compare as boards do
        return [self.puzzle.packed(walk.unpack(value)) for value in visited[:limit]], len(visited) == count

    def _gray(self, count: int, deadline: float) -> Iterator[int]:
        """``count`` solutions of a k = 2 board in Gray code order (step i adds the basis vector of i's trailing
        zeros), ``presses`` first; stopping at ``deadline`` (``time.monotonic()``)."""
        assert self.presses is not None
        quiet = self.quiet(count.bit_length())
        current = self.presses
        for step in range(count):
            if step:
                if step % DEADLINE_STEPS == 1 and time.monotonic() >= deadline:
                    return
                current ^= quiet[(step & -step).bit_length() - 1]
            yield current


def solve(puzzle: Puzzle, lights: int, method: str = "auto", minimal: bool = False, seconds: float | None = None) -> Solution:
    """Solve ``lights`` (a packed board, see :mod:`lightsout.model.codec`) for the puzzle's goal.

    ``method`` names a GF(2) method of :data:`lightsout.solving.methods.METHODS` for
    k = 2 (``"auto"`` picks the cheapest that applies; a graph takes
    ``"auto"`` or ``"graph-system"``); for k > 2 only ``"auto"`` is
    accepted.  With ``minimal`` the solution is replaced by one with the
    fewest presses: for k = 2 the coset-leader search within ``seconds``
    (``math.inf`` runs it to the end; None, the default: to the end up to
    nullity :data:`~lightsout.solving.coset_leader.EXACT_NULLITY`, else
    :data:`~lightsout.solving.coset_leader.SEARCH_SECONDS`); for k > 2 every
    solution is visited when there are at most :data:`FEWEST_SEARCH_LIMIT`,
    within ``seconds`` (None: :data:`~lightsout.solving.coset_leader.SEARCH_SECONDS`).
    A search its budget cut short answers the best solution found, ``minimal``
    False unless counting proves it (:func:`presses_lower_bound`).
    Raises ``ValueError`` for a bad board or method and
    :class:`~lightsout.errors.TooLargeError` when no method can afford the
    puzzle.

    >>> from lightsout.model.puzzle import Puzzle
    >>> solve(Puzzle(3, 3), 0b010_111_010).presses == 1 << 4  # the plus a press at the centre makes
    True
    """
    puzzle.check_board(lights)
    if puzzle.k == 2:
        return _solve_two_states(puzzle, lights, method, minimal, seconds)
    if method != "auto":
        raise ValueError(f"method {method!r} is for two states; with {puzzle.k} states use 'auto'")
    return _solve_states(puzzle, lights, minimal, seconds)


def _solve_two_states(puzzle: Puzzle, lights: int, method: str, minimal: bool, seconds: float | None) -> Solution:
    """:func:`solve` for k = 2: a GF(2) method on lights XOR goal, then the coset-leader search when asked."""
    if puzzle.graph is not None:
        if method not in ("auto", "graph-system"):
            raise ValueError(f"a graph puzzle is solved by elimination (method 'auto' or 'graph-system'), not {method!r}")
        name = "full-system"
    else:
        name = auto_method(puzzle) if method == "auto" else method
        if name not in METHODS:
            raise ValueError(f"unknown method {method!r}; choose one of {', '.join(METHODS)}")
    found = METHODS[name](puzzle, lights ^ puzzle.target_board())
    presses, nullity = found.presses, len(found.quiet)
    exact, minimal_count = presses is not None and nullity == 0, None
    if minimal and presses is not None:
        if seconds is None:
            seconds = math.inf if nullity <= EXACT_NULLITY else SEARCH_SECONDS
        presses, minimal_count, exact = minimum_in_coset(presses, list(found.quiet), seconds)
    if presses is not None and not exact:
        exact = _meets_bound(puzzle, lights, presses.bit_count())
    return Solution(puzzle, lights, found.method, presses, puzzle.buttons - nullity, nullity, (2,) * nullity, exact, minimal_count, found.quiet)


def _solve_states(puzzle: Puzzle, lights: int, minimal: bool, seconds: float | None) -> Solution:
    """:func:`solve` for k > 2: light chasing over Z/kZ where it applies and is affordable, else the whole press matrix."""
    k, n = puzzle.k, puzzle.cells
    plan = chase_plan_of(puzzle)
    work = chase_work(puzzle.rows, puzzle.cols, plan)
    if plan is not None and puzzle.rule.surface in TRANSPOSABLE_SURFACES and puzzle.cols > puzzle.rows:
        flipped_work = chase_work(puzzle.cols, puzzle.rows, chase_plan(puzzle.cols, puzzle.rows, puzzle.rule.surface))
        if flipped_work < work and (flipped_work <= CHASE_WORK_LIMIT or n <= FULL_SYSTEM_CELLS):
            return _solve_transposed(puzzle, lights, minimal, seconds)
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
    if puzzle.target == "off":
        goal = [(-s) % k for s in puzzle.states(lights)]
    else:
        goal = [(t - s) % k for t, s in zip(puzzle.states(puzzle.target_board()), puzzle.states(lights))]
    if plan is not None:
        found = chase_solve(puzzle, plan, goal)
        surface = puzzle.rule.surface
        method = "first-row-system" if surface == "plane" else f"{surface}-chase"
    else:
        found = _full_system(puzzle, goal)
        method = "full-system"
    # One generator per invariant factor, ascending (for composite k a prime power's generators merge with the others'):
    # the order of ``invariant_factors``.
    generators = invariant_factor_generators(found.generators, k)
    nullity = len(generators)
    counts = found.particular
    exact = counts is not None and nullity == 0
    if minimal and counts is not None and found.solution_count <= FEWEST_SEARCH_LIMIT:
        # Every solution visited, within the budget: the lightest of them all, or the lightest of those visited (not proven).
        budget = SEARCH_SECONDS if seconds is None else seconds
        walk = CosetWalk(counts, generators, k)
        counts, exact = walk.fewest(found.solution_count, time.monotonic() + budget)
    if counts is not None and not exact:
        exact = _meets_bound(puzzle, lights, sum(counts))
    return Solution(
        puzzle, lights, method, None if counts is None else puzzle.packed(counts), puzzle.buttons - nullity, nullity,
        tuple(order for _, order in generators), exact, None, LazyBasis([vector for vector, _ in generators], puzzle.packed),
    )


EXACT_REACH_CELLS = 4096
"""Up to this many cells the most one press adds to the relevant lights is found press by press
(:func:`presses_lower_bound`); above it a press's stencil or press set stands in for it."""


def presses_lower_bound(puzzle: Puzzle, lights: int) -> int:
    """The fewest total presses (Σ counts) any solution of ``lights`` (a packed board) can have, by counting.

    A press adds 1 (mod k) to each light it reaches; light i must in all be raised by d_i = (goal − light) mod
    k or by d_i plus a multiple of k, so by at least d_i.  One press adds at most m to the relevant lights
    together (m: the most any press that exists adds, each light's additions taken mod k — a light reached
    twice by one press of a two-state puzzle is not changed), so a solution has at least ⌈Σ d_i / m⌉
    presses: for k = 2 the lit relevant lights over the most relevant lights one press changes, and at
    least 1 for any board not at its goal.  m is exact up to :data:`EXACT_REACH_CELLS` cells, above it the
    size of the stencil or the largest press set (no smaller than m, so the bound stays a bound).  0 for a
    board at its goal, and for one no press can change (unsolvable).
    """
    needed = _needed(puzzle, lights)
    most = _most_added(puzzle) if needed else 0
    return 0 if most == 0 else -(-needed // most)


def _needed(puzzle: Puzzle, lights: int) -> int:
    """Σ (goal − light) mod k over the relevant lights: the lit relevant lights for k = 2."""
    goal = puzzle.target_board()
    if puzzle.k == 2:
        return ((lights ^ goal) & puzzle.relevant).bit_count()
    relevant, k = puzzle.relevant, puzzle.k
    return sum((g - s) % k for i, (g, s) in enumerate(zip(puzzle.states(goal), puzzle.states(lights))) if relevant >> i & 1)


def _most_added(puzzle: Puzzle) -> int:
    """The most one press adds to the relevant lights together, each light's additions mod k (see
    :func:`presses_lower_bound`); an upper bound of that above :data:`EXACT_REACH_CELLS` cells."""
    graph = puzzle.graph
    if puzzle.cells > EXACT_REACH_CELLS:
        return len(puzzle.rule.stencil) if graph is None else max(reach.bit_count() for reach in graph.presses)
    relevant, holes, k = puzzle.relevant, puzzle.holes, puzzle.k
    if graph is not None:
        return max(((reach & relevant).bit_count() for i, reach in enumerate(graph.presses) if not holes >> i & 1), default=0)
    most = 0
    for button in range(puzzle.cells):
        if holes >> button & 1:
            continue
        added: dict[int, int] = {}
        for light in puzzle.covered(*divmod(button, puzzle.cols)):  # a light twice on a tiny wrapped board
            if relevant >> light & 1:
                added[light] = added.get(light, 0) + 1
        most = max(most, sum(times % k for times in added.values()))
    return most


def _meets_bound(puzzle: Puzzle, lights: int, total: int) -> bool:
    """Whether a solution of ``total`` presses is proven fewest by :func:`presses_lower_bound`: the press-by-press
    figure is looked for only when it could prove it (the bound is at most the light changes needed)."""
    if total == 0:
        return True
    needed = _needed(puzzle, lights)
    if total > needed:
        return False
    most = _most_added(puzzle)
    return most > 0 and total <= -(-needed // most)


def _full_system(puzzle: Puzzle, goal: list[int]) -> ModularSolution:
    """A·x ≡ ``goal`` (mod k) over the whole press matrix: the relevant lights' equations, x_h = 0 for each hole h."""
    n, k = puzzle.cells, puzzle.k
    skipped = puzzle.holes | puzzle.dont_care
    matrix = [row for j, row in enumerate(puzzle.matrix) if not skipped >> j & 1]
    rhs = [value for j, value in enumerate(goal) if not skipped >> j & 1]
    for h in range(n):
        if puzzle.holes >> h & 1:  # a hole has no button: its press count is 0
            matrix.append([1 if i == h else 0 for i in range(n)])
            rhs.append(0)
    return solve_mod(matrix, rhs, n, k)


def _solve_transposed(puzzle: Puzzle, lights: int, minimal: bool, seconds: float | None) -> Solution:
    """Solve a k > 2 plus-rule puzzle wider than tall (no mask) on its transpose, where the chase's unknowns are the shorter side.

    The board, the target, the presses and the quiet basis are read across by
    :func:`lightsout.model.codec.transpose_packed` (the basis one generator at a
    time, when asked for).  (The two-state plane chases transpose their own
    rows: :mod:`lightsout.solving.methods`.)
    """
    rows, cols, bits = puzzle.rows, puzzle.cols, puzzle.bits
    target = puzzle.target if isinstance(puzzle.target, str) else transpose_packed(puzzle.target, rows, cols, bits)
    flipped = Puzzle(cols, rows, puzzle.k, puzzle.rule, 0, 0, target)
    found = solve(flipped, transpose_packed(lights, rows, cols, bits), "auto", minimal, seconds)

    def back(value: int) -> int:
        return transpose_packed(value, cols, rows, bits)

    presses = None if found.presses is None else back(found.presses)
    return Solution(
        puzzle, lights, found.method, presses, found.rank, found.nullity, found.invariant_factors,
        found.minimal, found.minimal_count, LazyBasis(found.basis, back),
    )
