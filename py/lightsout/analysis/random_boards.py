"""Random puzzles that are guaranteed to be solvable.

Pressing a uniformly random press pattern x gives the board A·x; since
x ↦ A·x is linear, the result is uniform over the solvable boards (the
column space of A) — the same argument Simon Tatham's "Flip" (in his Portable Puzzle
Collection) uses; the same holds over Z/kZ.  A board with an exact number
of lit cells is drawn uniformly from those boards and kept only if it is
solvable (about one draw in 2^nullity).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from .figures import worst_case_if_small
from ..model.board import Board
from ..errors import TooLargeError
from ..model.mask import Mask
from ..solving.coset_leader import SEARCH_SECONDS as COSET_SECONDS
from ..model.puzzle import Puzzle, apply
from ..model.rules import PLUS, Rule, split_rows
from ..solving.solver import solve

__all__ = ["random_board", "random_solvable", "random_with_presses", "LitWithPresses", "PressCountError", "MAX_ATTEMPTS", "RANDOM_LIT_CELLS"]

MAX_ATTEMPTS = 2000
"""Draws tried before giving up on an exact lit-cell count or press count."""

SEARCH_SECONDS = 5.0
"""Most seconds spent drawing a board with an exact lit-cell count or press count (setting up the
solvability test included; a draw is not started when one like the last would end after it)."""

RANDOM_LIT_CELLS = 1 << 21
"""Most cells one draw of an exact lit count picks (lit, or the cells left dark when fewer): each
picked cell is a Python step, about 1.4–1.9 µs, so one draw takes 3–4 s (6–8 s in Pyodide), once
within the 5 s search (docs/limits.md)."""

MASKED_DRAW_CELLS = 1 << 22
"""Most cells of a board with holes from which lit cells are drawn (the cells that exist are listed)."""

KEPT_CHECK_BITS = 1 << 25
"""Most bits of quiet patterns one search keeps as flat ints between draws (4 MiB); the others are
chased again each time they are needed."""


class _ParityChecks:
    """Whether a two-state board can be switched off, by its overlap with each quiet pattern in turn.

    For a rule whose press matrix is symmetric and no mask the quiet patterns are the left kernel
    (:mod:`lightsout.analysis.figures`): a board is solvable iff it lights an even number of cells of every
    one.  A random board fails the first check with probability 1/2, the second with 1/4, ..., so
    a draw is usually refused after a pattern or two, and only the patterns a search reaches are
    chased (a solve's ``basis`` is a :class:`lightsout.solving.methods.LazyBasis`, holding first rows
    only): a 2048×2048 board has 1 056, 4 Mi bits each, and building them all first took 6.9 s
    and 794 MB.  The first :data:`KEPT_CHECK_BITS` bits of patterns are kept for the next draws.
    """

    def __init__(self, quiet: Sequence[int], count: int, cells: int) -> None:
        self.quiet = quiet  # the first ``count`` are the patterns (a solve's basis may hold more)
        self.count = count
        self.kept: list[int] = []
        self.keep = KEPT_CHECK_BITS // max(1, cells)

    def solvable(self, flat: int, deadline: float) -> bool | None:
        """Whether the board ``flat`` (bit r·C + c) is solvable; None when ``deadline`` (time.monotonic) passed first."""
        for index in range(self.count):
            if index < len(self.kept):
                pattern = self.kept[index]
            else:
                if time.monotonic() > deadline:
                    return None
                pattern = self.quiet[index]
                if index < self.keep:
                    self.kept.append(pattern)
            if (flat & pattern).bit_count() % 2:
                return False
        return True


def random_solvable(
    rows: int, cols: int, rng: random.Random, lit: int | None = None, rule: Rule = PLUS, mask: Mask | None = None
) -> Board:
    """Return a random solvable R×C board (dark only when nothing else is reachable).

    With ``lit`` the board has exactly that many lit relevant cells (neither
    holes nor don't-care cells: the lights :func:`lightsout.model.puzzle.differing`
    and the API's ``verify`` count), every other cell dark.  With a mask,
    holes stay dark and are never pressed.  Raises ``ValueError`` when
    ``lit`` is outside 0..relevant cells or no solvable board with that count
    turned up in :data:`MAX_ATTEMPTS` draws or :data:`SEARCH_SECONDS` (the
    message says how many were tried, and the share of boards that can be
    solved).
    """
    holes = 0 if mask is None else mask.holes
    if lit is None:
        board = Board(rows, cols, (), rule)
        for _ in range(8):
            drawn = rng.getrandbits(rows * cols)
            presses = Board.from_flat(rows, cols, drawn & ~holes if holes else drawn, rule)
            board = Board(rows, cols, (), rule).apply(presses)
            if holes:
                board = Board.from_flat(rows, cols, board.flat & ~holes, rule)
            if not board.is_dark:
                break
        return board
    # The cells lit cells are drawn from: those whose light counts (not holes, not don't-care cells).
    skipped = holes | (0 if mask is None else mask.dont_care)
    cells: Sequence[int] = range(rows * cols)
    if skipped:
        if rows * cols > MASKED_DRAW_CELLS:
            raise ValueError(f"lit cells are drawn on boards with holes or don't-care cells of at most {MASKED_DRAW_CELLS} cells, not {rows * cols}")
        cells = [i for i, out in enumerate(format(skipped, f"0{rows * cols}b")[::-1]) if out == "0"]
    if not 0 <= lit <= len(cells):
        raise ValueError(f"this {rows}x{cols} board has 0..{len(cells)} cells to light, not {lit}")
    if min(lit, len(cells) - lit) > RANDOM_LIT_CELLS:
        raise TooLargeError(
            f"a board with exactly {lit} of {len(cells)} cells lit is drawn cell by cell: random_lit_cells is {RANDOM_LIT_CELLS} "
            "(the lit cells, or the dark ones when fewer)",
            "random_lit_cells",
            "lit",
        )
    dark_draw = lit > len(cells) // 2  # draw the fewer: the cells left dark
    puzzle = Puzzle(rows, cols, 2, rule, holes, 0 if mask is None else mask.dont_care)
    start = time.monotonic()
    deadline = start + SEARCH_SECONDS
    checks = None
    if rule.is_symmetric and mask is None:
        dark = solve(Puzzle(rows, cols, 2, rule), 0)
        checks = _ParityChecks(dark.basis, dark.nullity, rows * cols)
    draws, last = 0, 0.0  # draws made, seconds the last one took
    for _ in range(MAX_ATTEMPTS):
        began = time.monotonic()
        if began + last > deadline:
            break
        chosen = rng.sample(cells, len(cells) - lit if dark_draw else lit)
        board = Board.from_cells(rows, cols, (divmod(i, cols) for i in chosen), rule)
        if dark_draw:
            board = Board(rows, cols, [row ^ full for row, full in zip(board.lights, _full_rows(rows, cols, skipped))], rule)
        draws += 1
        solvable = checks.solvable(board.flat, deadline) if checks is not None else solve(puzzle, board.flat).solvable
        if solvable:
            return board
        if solvable is None:
            break
        last = time.monotonic() - began
    share = "" if checks is None or not checks.count else f", and only one board in 2^{checks.count} of this size can be solved"
    raise ValueError(
        f"found no solvable {rows}x{cols} board with exactly {lit} lit cells: {draws} tried in {time.monotonic() - start:.1f} s{share}"
    )


def _full_rows(rows: int, cols: int, skipped: int) -> list[int]:
    """Every cell but the ``skipped`` ones (a flat int: holes, don't-care cells), as rows."""
    full = (1 << cols) - 1
    if not skipped:
        return [full] * rows
    return [full & ~row for row in split_rows(skipped, rows, cols)]


class LitWithPresses(ValueError):
    """``lit`` and ``presses`` asked of one deal (:func:`random_board`): two different boards, so neither is dealt.
    ``field`` is the API request field named first, ``"lit"`` (the message names both)."""

    field = "lit"


class PressCountError(ValueError):
    """No board with a fewest solution of the asked number of presses was found.

    ``maximum`` is the most presses a fewest solution of an R×C board can
    have, as far as known: the worst case itself (``bound`` ``"worst_case"``,
    :func:`lightsout.analysis.figures.worst_case_if_small`) or, when that is not
    computed, the rank (``bound`` ``"rank"``: an upper bound, since setting
    the free variables of an elimination to 0 leaves a solution pressing only
    pivot cells).  ``field`` is the API request field at fault, ``"presses"``.
    """

    def __init__(self, message: str, maximum: int, bound: str) -> None:
        super().__init__(message)
        self.maximum = maximum
        self.bound = bound
        self.field = "presses"


def random_with_presses(rows: int, cols: int, rng: random.Random, presses: int, rule: Rule = PLUS) -> Board:
    """Return a random R×C board whose fewest-press solution has exactly ``presses`` presses.

    Draws ``presses`` distinct cells, presses them on a dark board, and keeps
    the board if no solution is shorter (proven by
    :func:`lightsout.solving.solver.solve` with ``minimal``; a board whose minimum could not
    be proven is skipped).  Raises ``ValueError`` for a negative ``presses``,
    :class:`PressCountError` (with the maximum) when ``presses`` is above
    the size's worst case or rank, or when no such board turned up in
    :data:`MAX_ATTEMPTS` draws or :data:`SEARCH_SECONDS`.
    """
    cells = rows * cols
    if presses < 0:
        raise ValueError(f"a {rows}x{cols} board has 0..{cells} cells to press, not {presses}")
    worst = worst_case_if_small(rows, cols, rule)
    if worst is not None and presses > worst:
        raise PressCountError(f"no {rows}x{cols} board needs more than {worst} presses (its worst case), not {presses}", worst, "worst_case")
    if presses > cells:
        rank = solve(Puzzle(rows, cols, 2, rule), 0).rank
        raise PressCountError(f"no {rows}x{cols} board needs more than {rank} presses (its rank), not {presses}", rank, "rank")
    if presses > RANDOM_LIT_CELLS:
        raise TooLargeError(f"a board needing {presses} presses is drawn press by press: random_lit_cells is {RANDOM_LIT_CELLS}", "random_lit_cells", "presses")
    puzzle = Puzzle(rows, cols, 2, rule)
    deadline = time.monotonic() + SEARCH_SECONDS
    for _ in range(MAX_ATTEMPTS):
        left = deadline - time.monotonic()
        if left <= 0:
            break
        chosen = rng.sample(range(cells), presses)
        board = Board(rows, cols, (), rule).apply(Board.from_cells(rows, cols, (divmod(i, cols) for i in chosen), rule))
        result = solve(puzzle, board.flat, minimal=True, seconds=min(left, COSET_SECONDS))
        if result.minimal and result.press_total == presses:
            return board
    maximum, bound = (worst, "worst_case") if worst is not None else (solve(puzzle, 0).rank, "rank")
    raise PressCountError(f"found no {rows}x{cols} board needing exactly {presses} presses; none needs more than {maximum} ({bound})",
                          maximum, bound)


def random_board(puzzle: Puzzle, rng: random.Random, lit: int | None = None, presses: int | None = None) -> int:
    """A random board the puzzle can solve (packed), uniform over the solvable boards by default.

    For k = 2, ``lit`` asks for exactly that many relevant lights (neither
    holes nor don't-care cells) differing from the goal, the don't-care
    cells at the goal; ``presses`` for a board whose fewest-press solution
    has exactly that many presses (no mask).  Raises :class:`LitWithPresses`
    (a ``ValueError``) for both at once, ``ValueError`` when one cannot be
    met (see :func:`random_solvable`, :func:`random_with_presses`) or for
    ``lit``/``presses`` with k > 2.  A graph puzzle (k = 2) is drawn by
    :func:`_random_graph_board`.
    """
    if lit is not None and presses is not None:
        raise LitWithPresses(
            f"lit ({lit}) and presses ({presses}) cannot be asked together: lit deals a board with that many lights to "
            "change, presses one whose fewest solution has that many presses; give one of them"
        )
    if puzzle.k == 2 and puzzle.graph is not None:
        return _random_graph_board(puzzle, rng, lit, presses)
    if puzzle.k == 2:
        if presses is not None:
            if puzzle.mask is not None:
                raise ValueError("a press count cannot be combined with holes or don't-care cells")
            board = random_with_presses(puzzle.rows, puzzle.cols, rng, presses, puzzle.rule)
        else:
            board = random_solvable(puzzle.rows, puzzle.cols, rng, lit, puzzle.rule, puzzle.mask)
        target = puzzle.goal()
        if not target:
            return board.flat
        return board.flat ^ (target & ~puzzle.holes if puzzle.holes else target)
    if lit is not None or presses is not None:
        raise ValueError("lit and presses are for two-state boards")
    counts = [0 if puzzle.holes >> i & 1 else rng.randrange(puzzle.k) for i in range(puzzle.cells)]
    pushed = puzzle.states(apply(puzzle, 0, puzzle.packed(counts)))
    goal = puzzle.states(puzzle.goal())
    holes = puzzle.holes
    return puzzle.packed([0 if holes >> i & 1 else (g - p) % puzzle.k for i, (g, p) in enumerate(zip(goal, pushed))])


def _random_graph_board(puzzle: Puzzle, rng: random.Random, lit: int | None, presses: int | None) -> int:
    """:func:`random_board` for a two-state graph puzzle (at most 4096 cells: every check is one solve).

    By default uniform over the solvable boards: the goal changed by a
    uniformly random set of presses (holes never pressed; redrawn up to 8
    times while it equals the goal).  ``lit``: exactly that many relevant
    lights (neither holes nor don't-care cells, as ``verify`` counts them)
    differ from the goal, drawn uniformly and kept when solvable, the
    don't-care cells at the goal; ``presses``: that many distinct cells
    pressed, kept when no solution is shorter (proven).  Raises
    ``ValueError`` when no such board turns up within :data:`MAX_ATTEMPTS`
    draws or :data:`SEARCH_SECONDS`.
    """
    holes, goal = puzzle.holes, puzzle.goal() & ~puzzle.holes
    drawn_from = puzzle.holes | (puzzle.dont_care if presses is None else 0)  # lit: relevant lights; presses: buttons
    cells = [i for i in range(puzzle.cells) if not drawn_from >> i & 1]
    if lit is None and presses is None:
        board = goal
        for _ in range(8):
            board = apply(puzzle, goal, rng.getrandbits(puzzle.cells) & ~holes)
            if board != goal:
                break
        return board
    wanted = presses if presses is not None else lit
    assert wanted is not None
    if not 0 <= wanted <= len(cells):
        what = "cells to press" if presses is not None else "cells to light"
        raise ValueError(f"this puzzle has 0..{len(cells)} {what}, not {wanted}")
    deadline = time.monotonic() + SEARCH_SECONDS
    for _ in range(MAX_ATTEMPTS):
        left = deadline - time.monotonic()
        if left <= 0:
            break
        chosen = sum(1 << i for i in rng.sample(cells, wanted))
        if presses is not None:
            board = apply(puzzle, goal, chosen)
            found = solve(puzzle, board, minimal=True, seconds=min(left, COSET_SECONDS))
            if found.minimal and found.press_total == presses:
                return board
        elif solve(puzzle, goal ^ chosen).solvable:
            return goal ^ chosen
    if presses is not None:
        raise ValueError(f"found no board of this puzzle needing exactly {presses} presses")
    raise ValueError(f"found no solvable board of this puzzle with exactly {lit} lights differing from the goal")
