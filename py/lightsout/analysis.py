"""Why a board is unsolvable, the nearest solvable board, and the worst case.

Let A be the press matrix restricted to the lights that matter (no holes, no
don't-care cells) and to the buttons that exist (no holes).  A board b is
solvable iff b is in the column space of A, i.e. iff yᵀb = 0 for every y in
the *left kernel* {y : yᵀA = 0}.  Such a y is a set of lights that every
press changes an even number of times, so the parity of the lit cells in y
never changes: a board with an odd number of lit cells in y can never be
switched off — a proof anyone can check.  For a symmetric rule without a
mask, A is symmetric and the left kernel is the space of quiet patterns
(seed 004: "solvable iff orthogonal to every quiet pattern").

Bit order: flat ints, bit r·C + c = cell (r, c).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from .board import Board
from .gf2 import null_space
from .mask import Mask
from .rules import PLUS, Rule
from .solve import TooLargeError, cell_effects, quiet_flats, resolve_target, solve

__all__ = [
    "left_kernel",
    "unsolvable_proof",
    "nearest_solvable",
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


def left_kernel(rows: int, cols: int, rule: Rule = PLUS, mask: Mask | None = None) -> list[int]:
    """Return a basis of {y : yᵀA = 0}: light sets every press changes evenly (flat ints).

    Only lights that matter appear in y.  For a symmetric rule without a mask
    this is the quiet-pattern basis (cheap, even for huge boards); otherwise
    it is the null space of Aᵀ by elimination, O((R·C)³/w).
    """
    board = Board(rows, cols, (), rule)
    if rule.is_symmetric and (mask is None or mask.is_empty):
        return quiet_flats(solve(board).quiet)
    cells = rows * cols
    cared = (1 << cells) - 1 if mask is None else mask.cared
    holes = 0 if mask is None else mask.holes
    # Row p of Aᵀ is the set of (cared) lights press p changes; y must vanish off the cared lights.
    matrix = [effect & cared for p, effect in enumerate(cell_effects(rows, cols, rule)) if not holes >> p & 1]
    matrix += [1 << j for j in range(cells) if not cared >> j & 1]
    return list(null_space(matrix, cells))


def _goal(board: Board, target: Board | str, mask: Mask | None) -> int:
    goal = (board ^ resolve_target(board, target)).flat
    if mask is not None:
        mask.check_shape(board.rows, board.cols)
        goal &= mask.cared
    return goal


def unsolvable_proof(board: Board, target: Board | str = "off", mask: Mask | None = None) -> Board | None:
    """Return a light set proving ``board`` cannot reach ``target``, or None if it can.

    The returned R×C board y satisfies: every press changes an even number
    of its lights, and board XOR target has an odd number of lit cells in it.
    """
    goal = _goal(board, target, mask)
    for y in left_kernel(board.rows, board.cols, board.rule, mask):
        if (y & goal).bit_count() % 2:
            return Board.from_flat(board.rows, board.cols, y, board.rule)
    return None


def nearest_solvable(board: Board, target: Board | str = "off", mask: Mask | None = None) -> Board:
    """Return the fewest lights to toggle so that ``board`` becomes solvable (an R×C board).

    Each light j has a syndrome h_j (which left-kernel vectors contain it);
    toggling a set of lights fixes the board iff their syndromes add up to
    the board's.  A breadth-first search over the 2^k syndromes finds a
    smallest such set, so no board closer to ``board`` is solvable.  The
    result is dark for a solvable board.  Raises :class:`TooLargeError` when
    k exceeds :data:`NEAREST_NULLITY_LIMIT` or the search would exceed
    :data:`NEAREST_SEARCH_LIMIT` steps.
    """
    kernel = left_kernel(board.rows, board.cols, board.rule, mask)
    if len(kernel) > NEAREST_NULLITY_LIMIT:
        raise TooLargeError(f"the nearest solvable board is searched up to {NEAREST_NULLITY_LIMIT} parity checks, this board has {len(kernel)}")
    goal = _goal(board, target, mask)
    wanted = sum(((y & goal).bit_count() & 1) << i for i, y in enumerate(kernel))
    dark = Board(board.rows, board.cols, (), board.rule)
    if wanted == 0:
        return dark
    cared = (1 << board.rows * board.cols) - 1 if mask is None else mask.cared
    # Split the lights into classes of equal syndrome with whole-board AND/AND-NOT
    # (one pass per kernel vector), rather than testing every light's k bits in Python.
    classes = {0: cared}
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
    return Board.from_flat(board.rows, board.cols, toggles, board.rule)


def worst_case(rows: int, cols: int, rule: Rule = PLUS, mask: Mask | None = None) -> int:
    """Return the most presses any solvable R×C board needs (its fewest-press solution).

    The solutions of a solvable board are a coset x + Q of the quiet space Q,
    so the answer is Q's covering radius.  Cells are grouped by which quiet
    basis vectors contain them; a coset's least weight depends only on how
    many cells of each group x lights, so the search runs over those counts
    (for 5×5: 15, the known figure).  Raises :class:`TooLargeError` when
    the search would take more than :data:`WORST_CASE_LIMIT` steps.
    """
    board = Board(rows, cols, (), rule)
    result = solve(board, mask=mask)
    basis = quiet_flats(result.quiet)
    holes = 0 if mask is None else mask.holes
    sizes: dict[int, int] = {}
    for j in range(rows * cols):
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
