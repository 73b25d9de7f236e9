"""The solving methods: the four classic ones of seed 004 and the Chebyshev method.

Every method is a function ``method(board, target) -> SolveResult`` that
solves ``A·x = board XOR target`` over GF(2), where A is the press matrix of
the board's click rule and x the press pattern:

- ``full-enumeration``: try all 2^(R·C) press patterns (Gray-code order, one
  XOR per step).  Any rule; refuses more than :data:`FULL_ENUMERATION_LIMIT`
  cells.
- ``first-row-enumeration``: try all 2^C first rows and light-chase each
  (seed 002).  Plus rule on a plane only; refuses more than
  :data:`FIRST_ROW_ENUMERATION_LIMIT` columns.
- ``full-system``: Gaussian elimination on the R·C × R·C press matrix (seed
  004), built generically from the rule's stencil, so every click rule and
  the torus work through it.  O((R·C)³/w).
- ``first-row-system``: light chasing, then the C × C first-row system
  (seeds 000 and 003).  O(R·C + C³/w).
- ``chebyshev``: the same first-row system solved as one congruence in
  GF(2)[y] by extended Euclid (:mod:`lightsout.chebyshev`).  O(R·C/w + C²/w);
  the default for the plus rule on a plane.

:func:`solve` picks a method by name (``"auto"`` = the best one for the
rule) and optionally replaces the solution by one with the fewest presses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from . import chase as chasing
from .chebyshev import chebyshev_system
from .board import Board
from .gf2 import reduce_against, solve_linear
from .rules import Rule

__all__ = [
    "SolveResult",
    "TooLargeError",
    "METHODS",
    "solve",
    "full_enumeration",
    "first_row_enumeration",
    "full_linear_system",
    "first_row_linear_system",
    "chebyshev_method",
    "resolve_target",
    "FULL_ENUMERATION_LIMIT",
    "FIRST_ROW_ENUMERATION_LIMIT",
    "FEWEST_PRESSES_NULLITY_LIMIT",
]

FULL_ENUMERATION_LIMIT = 20
"""Most cells full enumeration accepts (2^20 ≈ 10⁶ patterns, ~0.5 s)."""

FIRST_ROW_ENUMERATION_LIMIT = 20
"""Most columns first-row enumeration accepts."""

FEWEST_PRESSES_NULLITY_LIMIT = 20
"""Largest nullity for which fewest presses is found by exhaustive search."""


class TooLargeError(ValueError):
    """The board is too large for the chosen method; the message says the limit."""


@dataclass(frozen=True, slots=True)
class SolveResult:
    """What a solver found for one board and target.

    - ``presses``: a press pattern (a Board, bit c of row r = press (r, c))
      reaching the target, or ``None`` when there is none;
    - ``rank`` and ``nullity`` of the R·C × R·C press matrix (rank + nullity = R·C);
    - ``quiet``: a basis of the quiet patterns (the null space: press patterns
      that change nothing), ``nullity`` boards;
    - ``minimal``: True when ``presses`` is proven to have the fewest presses
      among all solutions.
    """

    board: Board
    target: Board
    method: str
    presses: Board | None
    rank: int
    nullity: int
    quiet: Sequence[Board]
    minimal: bool = False

    @property
    def solvable(self) -> bool:
        return self.presses is not None

    @property
    def solution_count(self) -> int:
        """Number of press patterns that solve the board: 2^nullity, or 0."""
        return 1 << self.nullity if self.solvable else 0

    @property
    def press_count(self) -> int | None:
        """Number of presses in ``presses`` (None when unsolvable)."""
        return None if self.presses is None else self.presses.lit_count

    def all_solutions(self, limit: int | None = None) -> Iterator[Board]:
        """Yield every solution (at most ``limit``), ``presses`` first, in Gray-code order.

        Each step XORs one quiet pattern into the previous solution (seed 002
        lists all solutions the same way, by enumeration).
        """
        if self.presses is None:
            return
        board = self.presses
        total = self.solution_count if limit is None else min(limit, self.solution_count)
        rows, cols, rule = board.rows, board.cols, board.rule
        quiet = quiet_flats(self.quiet)
        current = board.flat
        for step in range(total):
            if step:
                current ^= quiet[(step & -step).bit_length() - 1]
            yield Board.from_flat(rows, cols, current, rule)


Method = Callable[[Board, Board], SolveResult]


def quiet_flats(quiet: Sequence[Board]) -> list[int]:
    """The quiet patterns as flat ints (chased straight to ints for a lazy basis)."""
    if isinstance(quiet, chasing.QuietBasis):
        return list(quiet.flats())
    return [q.flat for q in quiet]


def _require_standard(board: Board, method: str) -> None:
    if not board.rule.is_standard:
        raise ValueError(f"{method} supports only the plus rule on a plane, not {_describe(board.rule)}")


def _describe(rule: Rule) -> str:
    return f"the {rule.name} rule" + (" on a torus" if rule.torus else "")


def _cell_effects(rows: int, cols: int, rule: Rule, transpose: bool = False) -> list[int]:
    """Flat light changes of each single press (the columns of A), cell index r·C + c.

    With ``transpose`` the stencil is reflected, which gives the rows of A:
    the presses that change light (r, c).
    """
    sign = -1 if transpose else 1
    stencil = [(sign * dr, sign * dc) for dr, dc in rule.stencil]
    effects = []
    for r in range(rows):
        for c in range(cols):
            flat = 0
            for dr, dc in stencil:
                tr, tc = r + dr, c + dc
                if rule.torus:
                    tr %= rows
                    tc %= cols
                elif not (0 <= tr < rows and 0 <= tc < cols):
                    continue
                flat ^= 1 << (tr * cols + tc)
            effects.append(flat)
    return effects


def _result(board: Board, target: Board, method: str, presses: Board | None, quiet: Sequence[Board]) -> SolveResult:
    nullity = len(quiet)
    return SolveResult(
        board=board,
        target=target,
        method=method,
        presses=presses,
        rank=board.rows * board.cols - nullity,
        nullity=nullity,
        quiet=quiet,
        minimal=presses is not None and nullity == 0,  # the only solution is the fewest
    )


def _boards(board: Board, flats: Sequence[int]) -> tuple[Board, ...]:
    return tuple(Board.from_flat(board.rows, board.cols, flat, board.rule) for flat in flats)


def _flat_board(board: Board, flat: int | None) -> Board | None:
    return None if flat is None else Board.from_flat(board.rows, board.cols, flat, board.rule)


def _chased_board(board: Board, lights: Sequence[int], first: int | None) -> Board | None:
    """The press pattern light chasing gives from ``first`` (None passes through)."""
    if first is None:
        return None
    return Board(board.rows, board.cols, chasing.chase(lights, first, board.cols)[0], board.rule)


def full_enumeration(board: Board, target: Board) -> SolveResult:
    """Solve by trying all 2^(R·C) press patterns (seed 004, method 1).

    Works for any rule.  Raises :class:`TooLargeError` above
    :data:`FULL_ENUMERATION_LIMIT` cells.
    """
    cells = board.rows * board.cols
    if cells > FULL_ENUMERATION_LIMIT:
        raise TooLargeError(f"full enumeration handles at most {FULL_ENUMERATION_LIMIT} cells, not {cells}")
    goal = (board ^ target).flat
    effects = _cell_effects(board.rows, board.cols, board.rule)
    presses = effect = 0
    solution: int | None = 0 if goal == 0 else None  # no presses solve a dark goal
    quiet = []
    for step in range(1, 1 << cells):
        cell = (step & -step).bit_length() - 1
        presses ^= 1 << cell
        effect ^= effects[cell]
        if effect == 0:
            quiet.append(presses)
        if effect == goal and solution is None:
            solution = presses
    return _result(board, target, "full-enumeration", _flat_board(board, solution), _boards(board, reduce_against(quiet)))


def first_row_enumeration(board: Board, target: Board) -> SolveResult:
    """Solve by light chasing every one of the 2^C first rows (seed 002).

    Plus rule on a plane only.  Raises :class:`TooLargeError` above
    :data:`FIRST_ROW_ENUMERATION_LIMIT` columns.
    """
    _require_standard(board, "first-row enumeration")
    cols = board.cols
    if cols > FIRST_ROW_ENUMERATION_LIMIT:
        raise TooLargeError(f"first-row enumeration handles at most {FIRST_ROW_ENUMERATION_LIMIT} columns, not {cols}")
    lights = (board ^ target).lights
    dark = [0] * board.rows
    # The residual is affine in the first row: residual_b(f) = residual_0(f) ^ residual_b(0).
    wanted = chasing.chase_residual(lights, 0, cols)
    solution_first: int | None = None
    quiet_firsts = []
    for first in range(1 << cols):
        residual = chasing.chase_residual(dark, first, cols)
        if residual == 0:
            quiet_firsts.append(first)
        if residual == wanted and solution_first is None:
            solution_first = first
    quiet = chasing.QuietBasis(board.rows, cols, board.rule, reduce_against(quiet_firsts))
    return _result(board, target, "first-row-enumeration", _chased_board(board, lights, solution_first), quiet)


def full_linear_system(board: Board, target: Board) -> SolveResult:
    """Solve A·x = b by Gaussian elimination on the R·C × R·C system (seed 004, method 3).

    A is built from the board's rule (any stencil, plane or torus); row
    ``r·C + c`` of A lists the presses that change light (r, c).
    O((R·C)³/w) time, O((R·C)²) bits of memory.
    """
    rows, cols = board.rows, board.cols
    matrix = _cell_effects(rows, cols, board.rule, transpose=True)
    linear = solve_linear(matrix, (board ^ target).flat, rows * cols)
    return _result(board, target, "full-system", _flat_board(board, linear.particular), _boards(board, linear.null_basis))


def first_row_linear_system(board: Board, target: Board) -> SolveResult:
    """Solve by light chasing and the C × C first-row system (seeds 000, 003).

    Chasing with an all-zero first row leaves residual c in the last row;
    the first row f must satisfy M·f = c with M from
    :func:`lightsout.chase.first_row_matrix`.  Quiet patterns are the chases
    of the kernel of M.  Plus rule on a plane only.  O(R·C/w + C³/w).
    """
    _require_standard(board, "the first-row linear system")
    rows, cols = board.rows, board.cols
    lights = (board ^ target).lights
    residual = chasing.chase_residual(lights, 0, cols)
    matrix = chasing.first_row_matrix(rows, cols)
    linear = solve_linear(matrix, residual, cols)
    quiet = chasing.QuietBasis(rows, cols, board.rule, linear.null_basis)
    return _result(board, target, "first-row-system", _chased_board(board, lights, linear.particular), quiet)


def chebyshev_method(board: Board, target: Board) -> SolveResult:
    """Solve through the first-row system in GF(2)[y] (see :mod:`lightsout.chebyshev`).

    Plus rule on a plane only.  O(R·C/w + C²/w) word operations; the quiet
    basis is chased lazily from its first rows.
    """
    _require_standard(board, "the Chebyshev method")
    cols = board.cols
    lights = (board ^ target).lights
    first, _, quiet_firsts = chebyshev_system(lights, cols)
    quiet = chasing.QuietBasis(board.rows, cols, board.rule, quiet_firsts)
    return _result(board, target, "chebyshev", _chased_board(board, lights, first), quiet)


METHODS: dict[str, Method] = {
    "full-enumeration": full_enumeration,
    "first-row-enumeration": first_row_enumeration,
    "full-system": full_linear_system,
    "first-row-system": first_row_linear_system,
    "chebyshev": chebyshev_method,
}
"""The solving methods by name, cheapest-to-describe first."""


def resolve_target(board: Board, target: Board | str) -> Board:
    """Return the target board for ``"off"`` (all dark), ``"on"`` (all lit) or a Board.

    Raises ``ValueError`` for another string or a board of a different shape.
    """
    if isinstance(target, Board):
        if (target.rows, target.cols) != (board.rows, board.cols):
            raise ValueError(f"target is {target.rows}x{target.cols}, board is {board.rows}x{board.cols}")
        return Board(board.rows, board.cols, target.lights, board.rule)
    if target == "off":
        return Board(board.rows, board.cols, (), board.rule)
    if target == "on":
        return Board.all_on(board.rows, board.cols, board.rule)
    raise ValueError(f"target must be 'off', 'on' or a board, not {target!r}")


def solve(board: Board, target: Board | str = "off", method: str = "auto", minimal: bool = False) -> SolveResult:
    """Solve ``board`` for ``target`` ("off", "on" or a Board of the same shape).

    ``method`` is a key of :data:`METHODS` or ``"auto"`` (the Chebyshev
    method for the standard game, the full system otherwise).  With
    ``minimal`` the solution is replaced by one with the fewest presses (see
    :func:`lightsout.quiet.fewest_presses`).

    Raises ``ValueError`` for an unknown method or target, and
    :class:`TooLargeError` when the method cannot handle the size.
    """
    goal = resolve_target(board, target)
    if method == "auto":
        method = "chebyshev" if board.rule.is_standard else "full-system"
    try:
        function = METHODS[method]
    except KeyError:
        raise ValueError(f"unknown method {method!r}; choose one of {', '.join(METHODS)}") from None
    result = function(board, goal)
    if minimal:
        from .quiet import fewest_presses

        result = fewest_presses(result)
    return result
