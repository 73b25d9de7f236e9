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
methods of :mod:`lightsout.solve` (Chebyshev / light chasing for the plus
rule on a plane, the torus chase on a torus or Klein bottle, packed GF(2)
elimination on any surface, holes and don't-care cells included); for
k > 2 to :mod:`lightsout.modk` (light chasing over Z/kZ for the plus rule on
a plane, else the Smith normal form of the press matrix over Z/kZ).  The
fewest-presses solution is the coset leader of the solution coset (see
:mod:`lightsout.quiet`).

The derived figures — solvable fraction, unsolvability proof, nearest
solvable board, worst case — are computed here once for the CLI and the API.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from . import codec
from .analysis import nearest_solvable, unsolvable_proof, worst_case_if_small
from .board import Board
from .errors import TooLargeError
from .mask import Mask
from .modk import FEWEST_SEARCH_LIMIT, FULL_SYSTEM_CELLS, MAX_STATES, Game, StatesResult, solve_states
from .puzzles import random_solvable, random_with_presses
from .quiet import SEARCH_SECONDS, fewest_presses
from .rules import PLUS, Rule
from .solve import SolveResult, quiet_flats
from .solve import solve as solve_gf2
from .zmod import solve_mod

__all__ = [
    "Puzzle",
    "Solution",
    "solve",
    "apply",
    "press",
    "differing",
    "random_board",
    "solvable_fraction",
    "proof",
    "nearest",
    "worst_case",
    "MIN_STATES",
    "MAX_STATES",
    "PROOF_CELLS",
]

MIN_STATES = 2

LISTING_BITS = 1 << 24
"""Cells × solutions :meth:`Solution.solutions` visits at most (beyond the ``limit`` asked for)."""

PROOF_CELLS = FULL_SYSTEM_CELLS
"""Most cells for which a k-state (k > 2) unsolvability proof is computed (one more Z/kZ elimination)."""


@dataclass(frozen=True)
class Puzzle:
    """An R×C Lights Out puzzle: cells (with holes and don't-care cells), press rule, k states, goal.

    ``holes`` and ``dont_care`` are flat ints (bit r·C + c); a cell in both
    counts as a hole.  ``target`` is ``"off"``, ``"on"`` or a packed board
    (k states per cell).  Raises ``ValueError`` for a size below 1×1, k
    outside 2..255, a mask or target with bits beyond the board, a target
    state of k or more, or an unknown target word.
    """

    rows: int
    cols: int
    k: int = 2
    rule: Rule = PLUS
    holes: int = 0
    dont_care: int = 0
    target: str | int = "off"
    _full: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise ValueError(f"board size must be at least 1x1, got {self.rows}x{self.cols}")
        if not MIN_STATES <= self.k <= MAX_STATES:
            raise ValueError(f"the number of states must be {MIN_STATES}..{MAX_STATES}, not {self.k}")
        full = (1 << self.cells) - 1
        object.__setattr__(self, "_full", full)
        if self.holes & ~full or self.dont_care & ~full:
            raise ValueError(f"a mask has bits beyond the {self.cells} cells of a {self.rows}x{self.cols} board")
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
        if value < 0 or value >> (self.cells * self.bits):
            raise ValueError(f"the {what} has bits beyond a {self.rows}x{self.cols} board")
        bad = codec.first_state_above(value, self.cells, self.k)
        if bad is not None:
            raise ValueError(f"the {what} has a state of {self.k} or more at row {bad // self.cols + 1}, column {bad % self.cols + 1}")

    # -- conversions ----------------------------------------------------

    def board(self, value: int) -> Board:
        """A packed two-state board as a :class:`Board` under this rule (k = 2 only)."""
        assert self.k == 2
        return Board.from_flat(self.rows, self.cols, value, self.rule)

    def states(self, value: int) -> list[int]:
        """A packed board as a flat list of R·C states."""
        return codec.unpack(value, self.cells, self.bits)

    def packed(self, states: list[int]) -> int:
        """Inverse of :meth:`states`."""
        return codec.pack(states, self.bits)

    def game(self) -> Game:
        """The k-state press model of :mod:`lightsout.modk` (stencil, surface, k)."""
        return Game(self.rows, self.cols, self.k, self.rule.stencil, self.rule.surface)

    def goal(self) -> int:
        """The target as a packed board."""
        if self.target == "off":
            return 0
        if self.target == "on":
            return self.packed([self.k - 1] * self.cells) if self.k > 2 else self._full
        assert isinstance(self.target, int)
        return self.target

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
    if puzzle.flat_of(presses) & puzzle.holes:
        raise ValueError("the presses include a hole, which has no button")
    if puzzle.k == 2:
        flat = puzzle.board(lights).apply(puzzle.board(presses)).flat
        return flat & ~puzzle.holes
    game = puzzle.game()
    states = game.apply(puzzle.states(lights), puzzle.states(presses))
    for i in range(puzzle.cells):
        if puzzle.holes >> i & 1:
            states[i] = 0
    return puzzle.packed(states)


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
        return ((lights ^ goal) & puzzle.cared).bit_count()
    cared = puzzle.cared
    return sum(1 for i, (a, b) in enumerate(zip(puzzle.states(lights), puzzle.states(goal))) if a != b and cared >> i & 1)


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
    states: StatesResult | None = None

    @property
    def solvable(self) -> bool:
        return self.presses is not None

    @property
    def solution_count(self) -> int:
        """Number of press-count boards that solve the puzzle (0 when unsolvable)."""
        return math.prod(self.structure) if self.solvable else 0

    @property
    def press_total(self) -> int | None:
        """Σ press counts of ``presses`` (None when unsolvable)."""
        if self.presses is None:
            return None
        return self.presses.bit_count() if self.puzzle.k == 2 else sum(self.puzzle.states(self.presses))

    @property
    def cells_pressed(self) -> int | None:
        """Cells pressed at least once in ``presses`` (None when unsolvable)."""
        return None if self.presses is None else self.puzzle.flat_of(self.presses).bit_count()

    def quiet(self, limit: int | None = None) -> list[int]:
        """Generators of the quiet patterns (packed boards), at most ``limit``: a GF(2) basis for k = 2."""
        count = self.nullity if limit is None else min(limit, self.nullity)
        if self.gf2 is not None:
            return quiet_flats(self.gf2.quiet[:count])
        assert self.states is not None
        return [self.puzzle.packed(vector) for vector, _ in self.states.generators[:count]]

    def solutions(self, limit: int) -> list[int]:
        """At most ``limit`` solutions (packed), fewest presses first.

        At most ``max(limit, min(65536, 2^24 / cells))`` solutions are
        visited (Gray code / mixed-radix order from ``presses``) and sorted
        by Σ presses; with more solutions than that, the order holds among
        those visited only.
        """
        if self.presses is None or limit <= 0:
            return []
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
        assert self.states is not None and self.presses is not None
        k = self.puzzle.k
        counts = self.puzzle.states(self.presses)
        counters = [0] * len(self.states.generators)
        for step in range(min(limit, self.solution_count)):
            if step:
                for index, (vector, order) in enumerate(self.states.generators):
                    counts = [(x + g) % k for x, g in zip(counts, vector)]
                    counters[index] += 1
                    if counters[index] < order:
                        break
                    counters[index] = 0
            yield self.puzzle.packed(counts)


def solve(puzzle: Puzzle, lights: int, method: str = "auto", minimal: bool = False, seconds: float = SEARCH_SECONDS) -> Solution:
    """Solve ``lights`` (a packed board) for the puzzle's goal.

    ``method`` names a GF(2) method of :data:`lightsout.solve.METHODS` for
    k = 2 (``"auto"`` picks the cheapest that applies); for k > 2 only
    ``"auto"`` is accepted.  With ``minimal`` the solution is replaced by one
    with the fewest presses: for k = 2 the coset-leader search within
    ``seconds`` (``math.inf`` runs it to the end); for k > 2 every solution
    is visited when there are at most 65536.  Raises ``ValueError`` for a bad
    board or method and :class:`~lightsout.errors.TooLargeError` when no
    method can afford the puzzle.
    """
    puzzle.check_board(lights)
    if puzzle.k == 2:
        board = puzzle.board(lights)
        result = solve_gf2(board, puzzle.board(puzzle.goal()), method, mask=puzzle.mask)
        if minimal:
            result = fewest_presses(result, seconds)
        presses = None if result.presses is None else result.presses.flat
        return Solution(
            puzzle, lights, result.method, presses, result.rank, result.nullity, (2,) * result.nullity,
            result.minimal, result.optimal_count, gf2=result,
        )
    if method != "auto":
        raise ValueError(f"method {method!r} is for two states; with {puzzle.k} states use 'auto'")
    game = puzzle.game()
    if game.stencil != PLUS.stencil or game.surface != "plane" or puzzle.holes or puzzle.dont_care:
        if puzzle.cells > FULL_SYSTEM_CELLS:
            raise TooLargeError(
                f"with {puzzle.k} states this puzzle needs the Z/{puzzle.k}Z elimination, which handles at most "
                f"{FULL_SYSTEM_CELLS} cells, not {puzzle.cells}"
            )
    goal = puzzle.states(puzzle.goal())
    states = solve_states(game, puzzle.states(lights), goal, minimal, puzzle.holes, puzzle.dont_care)
    presses_list = states.presses
    nullity = len(states.structure)
    return Solution(
        puzzle, lights, states.method, None if presses_list is None else puzzle.packed(presses_list),
        puzzle.buttons - nullity, nullity, tuple(states.structure), states.minimal or (presses_list is not None and nullity == 0),
        None, states=states,
    )


def random_board(puzzle: Puzzle, rng: random.Random, lit: int | None = None, presses: int | None = None) -> int:
    """A random board the puzzle can solve (packed), uniform over the solvable boards by default.

    For k = 2, ``lit`` asks for exactly that many lights differing from the
    goal, ``presses`` for a board whose fewest-press solution has exactly
    that many presses (no mask).  Raises ``ValueError`` when that cannot be
    met (see :mod:`lightsout.puzzles`) or for ``lit``/``presses`` with k > 2.
    """
    if puzzle.k == 2:
        if presses is not None:
            if puzzle.mask is not None:
                raise ValueError("a press count cannot be combined with holes or don't-care cells")
            board = random_with_presses(puzzle.rows, puzzle.cols, rng, presses, puzzle.rule)
        else:
            board = random_solvable(puzzle.rows, puzzle.cols, rng, lit, puzzle.rule, puzzle.mask)
        return board.flat ^ (puzzle.goal() & ~puzzle.holes)
    if lit is not None or presses is not None:
        raise ValueError("lit and presses are for two-state boards")
    counts = [0 if puzzle.holes >> i & 1 else rng.randrange(puzzle.k) for i in range(puzzle.cells)]
    pushed = puzzle.states(apply(puzzle, 0, puzzle.packed(counts)))
    goal = puzzle.states(puzzle.goal())
    holes = puzzle.holes
    return puzzle.packed([0 if holes >> i & 1 else (g - p) % puzzle.k for i, (g, p) in enumerate(zip(goal, pushed))])


# -- derived figures (one implementation for the CLI and the API) -----------


def solvable_fraction(puzzle: Puzzle, solution: Solution) -> str:
    """The share of boards (over the cared lights) that can be solved: ``"1/2^n"`` for k = 2, else ``"1/N"``.

    The solvable boards are the image of the press matrix restricted to the
    cared lights: k^buttons / |quiet group| of the k^cared boards.  For k = 2
    that is 1/2^(cared − rank) (not 1/2^nullity, which counts buttons, not
    lights).
    """
    cared = puzzle.cared.bit_count()
    if puzzle.k == 2:
        return f"1/2^{cared - solution.rank}"
    kernel = math.prod(solution.structure)
    return f"1/{puzzle.k ** cared * kernel // puzzle.k ** puzzle.buttons}"


def proof(puzzle: Puzzle, solution: Solution) -> int | None:
    """A certificate that an unsolvable board cannot reach the goal, or None.

    A packed board y of weights with yᵀA ≡ 0 (every press changes the
    weighted sum of the lights by 0 mod k) and y·(goal − board) ≢ 0: the
    weighted sum can never reach the goal's.  For k = 2, y is a set of
    lights every press changes evenly, lit oddly on board XOR goal (see
    :func:`lightsout.analysis.unsolvable_proof`).  None for a solvable board,
    and for k > 2 above :data:`PROOF_CELLS` cells.
    """
    if solution.solvable:
        return None
    if puzzle.k == 2:
        found = unsolvable_proof(puzzle.board(solution.lights), puzzle.board(puzzle.goal()), puzzle.mask)
        return None if found is None else found.flat
    if puzzle.cells > PROOF_CELLS:
        return None
    k, n = puzzle.k, puzzle.cells
    cared = puzzle.cared
    matrix = puzzle.game().matrix
    # y ranges over the cared lights: yᵀA = 0 on every button, y = 0 off the cared lights.
    rows = [[matrix[light][button] if cared >> light & 1 else 0 for light in range(n)] for button in range(n) if not puzzle.holes >> button & 1]
    rows += [[1 if i == j else 0 for i in range(n)] for j in range(n) if not cared >> j & 1]
    kernel = solve_mod(rows, [0] * len(rows), n, k)
    difference = [(g - s) % k for g, s in zip(puzzle.states(puzzle.goal()), puzzle.states(solution.lights))]
    for vector, _ in kernel.generators:
        if sum(y * d for y, d in zip(vector, difference)) % k:
            return puzzle.packed(vector)
    return None


def nearest(puzzle: Puzzle, solution: Solution) -> int | None:
    """The fewest lights to toggle so that an unsolvable board becomes solvable (a packed 1-bit-per-cell
    board for k = 2), or None: for a solvable board, for k > 2, or when the search is too costly
    (see :func:`lightsout.analysis.nearest_solvable`)."""
    if solution.solvable or puzzle.k != 2:
        return None
    try:
        return nearest_solvable(puzzle.board(solution.lights), puzzle.board(puzzle.goal()), puzzle.mask).flat
    except TooLargeError:
        return None


def worst_case(puzzle: Puzzle) -> int | None:
    """Most presses any solvable board needs (k = 2, small boards; see
    :func:`lightsout.analysis.worst_case_if_small`), else None."""
    if puzzle.k != 2:
        return None
    return worst_case_if_small(puzzle.rows, puzzle.cols, puzzle.rule, puzzle.mask)


def with_target(puzzle: Puzzle, target: str | int) -> Puzzle:
    """The same puzzle with another goal."""
    return replace(puzzle, target=target)
