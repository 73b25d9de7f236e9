"""The two-state (GF(2)) solving methods, and :func:`solve_board` that picks one.

Every method is a function ``method(board, target, mask) -> SolveResult`` that
solves ``A·x = board XOR target`` over GF(2), where A is the press matrix of
the board's click rule and x the press pattern:

- ``full-enumeration``: try all 2^(R·C) press patterns (Gray-code order, one
  XOR per step).  Any rule; refuses more than :data:`FULL_ENUMERATION_LIMIT`
  cells.
- ``first-row-enumeration``: try all 2^C first rows and light-chase each.
  Plus rule on a plane only; refuses more than
  :data:`FIRST_ROW_ENUMERATION_LIMIT` columns or R·2^C above
  :data:`FIRST_ROW_ENUMERATION_WORK`.
- ``full-system``: Gaussian elimination on the R·C × R·C press matrix
  (Anderson and Feil, "Turning Lights Out with Linear Algebra", Math.
  Magazine 71(4), 1998), built generically from the rule's stencil and
  surface, so every press rule on every surface works through it.
  O((R·C)³/w); at most :data:`FULL_SYSTEM_LIMIT` cells.
- ``first-row-system``: light chasing, then the C × C first-row system
  (:mod:`lightsout.chase`).  O(R·C + C³/w); at most
  :data:`FIRST_ROW_SYSTEM_COLUMNS` columns.

The three plane chases above run on the transpose of a board wider than
tall (:data:`TRANSPOSED_METHODS`), so C is always the shorter side.
- ``chebyshev``: the same first-row system solved as one congruence in
  GF(2)[y] by extended Euclid (:mod:`lightsout.chebyshev`).  O(R·C/w + C²/w);
  the default for the plus rule on a plane.
- ``torus-chase`` / ``klein-chase``: light chasing with two unknown rows for
  the plus rule on a torus or Klein bottle of at least 3×3 (:func:`torus_chase`).
- ``projective-chase``: light chasing from both ends for the plus rule on a
  projective plane of at least 4×3 (:func:`projective_chase`).

:func:`solve_board` picks a method by name (``"auto"`` = the cheapest one
that applies) and optionally replaces the solution by one with the fewest
presses (:func:`fewest_presses`, a coset-leader search of
:mod:`lightsout.coset_leader`).  Puzzles of any k go through
:func:`lightsout.puzzle.solve`, which calls this layer for k = 2.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import overload

from . import chase as chasing
from .chase_plans import chase_plan
from .board import Board
from .chebyshev import chebyshev_system
from .coset_leader import SEARCH_SECONDS, minimum_in_coset
from .errors import TooLargeError
from .gf2 import reduce_against, solve_linear
from .mask import Mask
from .rules import PLUS, Rule, join_rows, wrap

__all__ = [
    "SolveResult",
    "QuietBasis",
    "TooLargeError",
    "METHODS",
    "solve_board",
    "fewest_presses",
    "quiet_flats",
    "cell_effects",
    "full_enumeration",
    "first_row_enumeration",
    "full_linear_system",
    "first_row_linear_system",
    "chebyshev_method",
    "torus_chase",
    "projective_chase",
    "auto_method",
    "TRANSPOSED_METHODS",
    "resolve_target",
    "FULL_ENUMERATION_LIMIT",
    "FIRST_ROW_ENUMERATION_LIMIT",
    "FIRST_ROW_ENUMERATION_WORK",
    "FIRST_ROW_SYSTEM_COLUMNS",
    "FULL_SYSTEM_LIMIT",
    "TORUS_CHASE_LIMIT",
    "PROJECTIVE_CHASE_LIMIT",
]

FULL_ENUMERATION_LIMIT = 20
"""Most cells full enumeration accepts (2^20 ≈ 10⁶ patterns, ~0.5 s)."""

FIRST_ROW_ENUMERATION_LIMIT = 18
"""Most columns first-row enumeration accepts: the most C with C·2^C ≤ :data:`FIRST_ROW_ENUMERATION_WORK`,
since the columns are the shorter side (19 columns need at least 19·2^19 row steps)."""

FIRST_ROW_ENUMERATION_WORK = 1 << 23
"""Most row steps (R × 2^C) first-row enumeration takes: 0.3–0.45 µs each in CPython here, so ≤ 4 s.
A board wider than tall is enumerated on its transpose (C = the shorter side)."""

FIRST_ROW_SYSTEM_COLUMNS = 3000
"""Most columns (the shorter side) of the first-row system's C × C elimination, O(C³/w):
0.7 s at 2000, about 2.5 s at 3000 in CPython here."""

FULL_SYSTEM_LIMIT = 64 * 64
"""Most cells the full system accepts (4096 unknowns: ≈ 0.5–0.7 s in CPython)."""

TORUS_CHASE_LIMIT = 1 << 22
"""Most cells the torus and Klein chases accept (2048×2048: ≈ 8 s in CPython; O(R·C) steps on 2C-bit ints)."""

PROJECTIVE_CHASE_LIMIT = 1 << 18
"""Most cells the projective chase accepts (512×512: ≈ 2.5 s; it keeps R·C forms of 2C bits)."""



@dataclass(frozen=True, slots=True)
class SolveResult:
    """What a solver found for one board and target.

    - ``presses``: a press pattern (a Board, bit c of row r = press (r, c))
      reaching the target, or ``None`` when there is none;
    - ``rank`` and ``nullity`` of the press matrix (rank + nullity = the
      number of cells: R·C less the mask's holes);
    - ``quiet``: a basis of the quiet patterns (the null space: press patterns
      that change nothing), ``nullity`` boards;
    - ``minimal``: True when ``presses`` is proven to have the fewest presses
      among all solutions;
    - ``optimal_count``: how many solutions have that fewest count, when known.
    """

    board: Board
    target: Board
    method: str
    presses: Board | None
    rank: int
    nullity: int
    quiet: Sequence[Board]
    minimal: bool = False
    mask: Mask | None = None
    optimal_count: int | None = None

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

        Each step XORs one quiet pattern into the previous solution.
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


Method = Callable[[Board, Board, "Mask | None"], SolveResult]


class QuietBasis(Sequence[Board]):
    """The quiet patterns of an R×C board, each light-chased from its first row on demand.

    Holds only the ``nullity`` first rows (C bits each); item ``i`` costs one
    chase (O(R) row operations), so a big nullity on a big board costs no
    memory until a pattern is asked for.
    """

    def __init__(self, rows: int, cols: int, rule: Rule, first_rows: Sequence[int]) -> None:
        self._rows, self._cols, self._rule = rows, cols, rule
        self.first_rows = tuple(first_rows)

    def __len__(self) -> int:
        return len(self.first_rows)

    @overload
    def __getitem__(self, index: int) -> Board: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Board]: ...
    def __getitem__(self, index: int | slice) -> Board | Sequence[Board]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        presses, _ = chasing.chase([0] * self._rows, self.first_rows[index], self._cols)
        return Board(self._rows, self._cols, presses, self._rule)

    def __iter__(self) -> Iterator[Board]:
        return (self[i] for i in range(len(self)))

    def flats(self) -> Iterator[int]:
        """Yield each quiet pattern as a flat int (bit r·C + c)."""
        for first in self.first_rows:
            yield join_rows(chasing.chase([0] * self._rows, first, self._cols)[0], self._cols)


def quiet_flats(quiet: Sequence[Board]) -> list[int]:
    """The quiet patterns as flat ints (chased straight to ints for a lazy basis)."""
    if isinstance(quiet, QuietBasis):
        return list(quiet.flats())
    return [q.flat for q in quiet]


def _require_standard(board: Board, mask: Mask | None, method: str) -> None:
    if not board.rule.is_standard:
        raise ValueError(f"{method} supports only the plus rule on a plane, not the {board.rule} rule")
    _require_no_mask(mask, method)


def _require_no_mask(mask: Mask | None, method: str) -> None:
    if mask is not None and not mask.is_empty:
        raise ValueError(f"{method} does not handle holes or don't-care cells; use the full system")


def cell_effects(rows: int, cols: int, rule: Rule, transpose: bool = False) -> list[int]:
    """Flat light changes of each single press (the columns of A), cell index r·C + c.

    With ``transpose`` the stencil is reflected, which gives the rows of A:
    the presses that change light (r, c).
    """
    effects = [0] * (rows * cols)
    for r in range(rows):
        for c in range(cols):
            for dr, dc in rule.stencil:
                landed = wrap(r + dr, c + dc, rows, cols, rule.surface)
                if landed is None:
                    continue
                light, press = landed[0] * cols + landed[1], r * cols + c
                if transpose:
                    effects[light] ^= 1 << press
                else:
                    effects[press] ^= 1 << light
    return effects


def _result(board: Board, target: Board, method: str, presses: Board | None, quiet: Sequence[Board], mask: Mask | None = None) -> SolveResult:
    nullity = len(quiet)
    cells = board.rows * board.cols if mask is None else mask.cells
    return SolveResult(
        board=board,
        target=target,
        method=method,
        presses=presses,
        rank=cells - nullity,
        nullity=nullity,
        quiet=quiet,
        minimal=presses is not None and nullity == 0,  # the only solution is the fewest
        mask=None if mask is None or mask.is_empty else mask,
    )


def _mask_bits(board: Board, mask: Mask | None) -> tuple[int, int]:
    """Return (cared, holes) as flat ints; without a mask every cell matters."""
    if mask is None:
        return (1 << board.rows * board.cols) - 1, 0
    mask.check_shape(board.rows, board.cols)
    return mask.cared, mask.holes


def _boards(board: Board, flats: Sequence[int]) -> tuple[Board, ...]:
    return tuple(Board.from_flat(board.rows, board.cols, flat, board.rule) for flat in flats)


def _flat_board(board: Board, flat: int | None) -> Board | None:
    return None if flat is None else Board.from_flat(board.rows, board.cols, flat, board.rule)


def _chased_board(board: Board, lights: Sequence[int], first: int | None) -> Board | None:
    """The press pattern light chasing gives from ``first`` (None passes through)."""
    if first is None:
        return None
    return Board(board.rows, board.cols, chasing.chase(lights, first, board.cols)[0], board.rule)


def full_enumeration(board: Board, target: Board, mask: Mask | None = None) -> SolveResult:
    """Solve by trying all 2^(cells) press patterns, in Gray-code order.

    Works for any rule and mask (holes are never pressed; don't-care lights
    are ignored).  Raises :class:`TooLargeError` above
    :data:`FULL_ENUMERATION_LIMIT` cells.
    """
    cared, holes = _mask_bits(board, mask)
    cells = [i for i in range(board.rows * board.cols) if not holes >> i & 1]
    if len(cells) > FULL_ENUMERATION_LIMIT:
        raise TooLargeError(f"full enumeration handles at most full_enumeration_cells ({FULL_ENUMERATION_LIMIT}) cells, not {len(cells)}", "full_enumeration_cells")
    goal = (board ^ target).flat & cared
    effects = cell_effects(board.rows, board.cols, board.rule)
    presses = effect = 0
    solution: int | None = 0 if goal == 0 else None  # no presses solve a dark goal
    quiet = []
    for step in range(1, 1 << len(cells)):
        cell = cells[(step & -step).bit_length() - 1]
        presses ^= 1 << cell
        effect ^= effects[cell] & cared
        if effect == 0:
            quiet.append(presses)
        if effect == goal and solution is None:
            solution = presses
    quiet_boards = _boards(board, reduce_against(quiet))
    return _result(board, target, "full-enumeration", _flat_board(board, solution), quiet_boards, mask)


def first_row_enumeration(board: Board, target: Board, mask: Mask | None = None) -> SolveResult:
    """Solve by light chasing every one of the 2^C first rows.

    Plus rule on a plane only.  Raises :class:`TooLargeError` above
    :data:`FIRST_ROW_ENUMERATION_LIMIT` columns.
    """
    _require_standard(board, mask, "first-row enumeration")
    cols = board.cols
    if cols > FIRST_ROW_ENUMERATION_LIMIT:
        raise TooLargeError(
            f"first-row enumeration handles at most first_row_enumeration_columns ({FIRST_ROW_ENUMERATION_LIMIT}) columns "
            f"(the shorter side), not {cols}",
            "first_row_enumeration_columns",
        )
    if board.rows << cols > FIRST_ROW_ENUMERATION_WORK:
        raise TooLargeError(
            # No R×C here: a board wider than tall arrives transposed (solve_board).
            f"first-row enumeration chases {board.rows} rows for each of the 2^{cols} first rows: {board.rows << cols} row steps, "
            f"more than first_row_enumeration_work ({FIRST_ROW_ENUMERATION_WORK})",
            "first_row_enumeration_work",
        )
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
    quiet = QuietBasis(board.rows, cols, board.rule, reduce_against(quiet_firsts))
    return _result(board, target, "first-row-enumeration", _chased_board(board, lights, solution_first), quiet)


def full_linear_system(board: Board, target: Board, mask: Mask | None = None) -> SolveResult:
    """Solve A·x = b by Gaussian elimination on the R·C × R·C system over GF(2).

    A is built from the board's rule (any stencil, plane or torus); row
    ``r·C + c`` of A lists the presses that change light (r, c).  A mask
    drops the equations of don't-care and hole lights and adds x_h = 0 for
    each hole h (a hole has no button).  O((R·C)³/w) time, O((R·C)²) bits.
    """
    rows, cols = board.rows, board.cols
    if rows * cols > FULL_SYSTEM_LIMIT:
        raise TooLargeError(
            f"the full system handles at most gf2_full_system_cells ({FULL_SYSTEM_LIMIT}) cells (64x64), not {rows * cols}",
            "gf2_full_system_cells",
        )
    cared, holes = _mask_bits(board, mask)
    matrix = cell_effects(rows, cols, board.rule, transpose=True)
    goal = (board ^ target).flat
    equations = [row for j, row in enumerate(matrix) if cared >> j & 1]
    rhs = [goal >> j & 1 for j in range(rows * cols) if cared >> j & 1]
    equations += [1 << h for h in range(rows * cols) if holes >> h & 1]
    rhs += [0] * holes.bit_count()
    linear = solve_linear(equations, sum(bit << i for i, bit in enumerate(rhs)), rows * cols)
    quiet = _boards(board, linear.null_basis)
    return _result(board, target, "full-system", _flat_board(board, linear.particular), quiet, mask)


def first_row_linear_system(board: Board, target: Board, mask: Mask | None = None) -> SolveResult:
    """Solve by light chasing and the C × C first-row system (see :mod:`lightsout.chase`).

    Chasing with an all-zero first row leaves residual c in the last row;
    the first row f must satisfy M·f = c with M from
    :func:`lightsout.chase.first_row_matrix`.  Quiet patterns are the chases
    of the kernel of M.  Plus rule on a plane only.  O(R·C/w + C³/w).
    """
    _require_standard(board, mask, "the first-row linear system")
    rows, cols = board.rows, board.cols
    if cols > FIRST_ROW_SYSTEM_COLUMNS:
        raise TooLargeError(
            # No R×C here: a board wider than tall arrives transposed (solve_board).
            f"the first-row system eliminates a {cols}x{cols} matrix ({cols}: the board's shorter side); first_row_system_columns "
            f"is {FIRST_ROW_SYSTEM_COLUMNS}; the chebyshev method handles any size",
            "first_row_system_columns",
        )
    lights = (board ^ target).lights
    residual = chasing.chase_residual(lights, 0, cols)
    matrix = chasing.first_row_matrix(rows, cols)
    linear = solve_linear(matrix, residual, cols)
    quiet = QuietBasis(rows, cols, board.rule, linear.null_basis)
    return _result(board, target, "first-row-system", _chased_board(board, lights, linear.particular), quiet)


def chebyshev_method(board: Board, target: Board, mask: Mask | None = None) -> SolveResult:
    """Solve through the first-row system in GF(2)[y] (see :mod:`lightsout.chebyshev`).

    Plus rule on a plane only.  O(R·C/w + C²/w) word operations; the quiet
    basis is chased lazily from its first rows.
    """
    _require_standard(board, mask, "the Chebyshev method")
    cols = board.cols
    lights = (board ^ target).lights
    first, _, quiet_firsts = chebyshev_system(lights, cols)
    quiet = QuietBasis(board.rows, cols, board.rule, quiet_firsts)
    return _result(board, target, "chebyshev", _chased_board(board, lights, first), quiet)


def torus_chase(board: Board, target: Board, mask: Mask | None = None) -> SolveResult:
    """Solve the plus rule on an R×C torus or Klein bottle (R, C ≥ 3) by light chasing with two unknown rows.

    With wrap-around, row 0 is touched by row R−1, so one free row is not
    enough: rows 0 and 1 are left as 2C unknowns and chased symbolically
    (each press is an affine form: an int whose bit 0 is the constant and
    bit 1 + j unknown j), which forces rows 2..R−1; light rows R−1 and 0
    then give a 2C × 2C system.  Its solution is chased again with plain
    ints.  On a Klein bottle the columns wrap plainly too and only the row
    wrap is mirrored (column c of row R−1 meets column C−1−c of row 0), so
    the same chase applies with row 0 read backwards in the two wrap
    equations.  O(R·C) operations on 2C-bit ints, O(C²) memory.
    """
    rule = board.rule
    if rule.stencil != PLUS.stencil or rule.surface not in ("torus", "klein"):
        raise ValueError(f"the torus chase supports only the plus rule on a torus or Klein bottle, not the {rule} rule")
    _require_no_mask(mask, "the torus chase")
    rows, cols = board.rows, board.cols
    if rows < 3 or cols < 3:
        raise ValueError(f"the torus chase needs at least 3x3, not {rows}x{cols}; use the full system")
    if rows * cols > TORUS_CHASE_LIMIT:
        raise TooLargeError(
            f"the {rule.surface} chase handles at most torus_chase_cells ({TORUS_CHASE_LIMIT}) cells, not {rows * cols}", "torus_chase_cells"
        )
    mirrored = rule.surface == "klein"
    lights = (board ^ target).lights

    def forced(above: list[int], current: list[int], light_row: int) -> list[int]:
        # The presses of the next row that clear light row `light_row` (plus rule, wrapped columns).
        return [
            (light_row >> c & 1) ^ current[c] ^ current[c - 1] ^ current[(c + 1) % cols] ^ above[c]
            for c in range(cols)
        ]

    first = [1 << (1 + c) for c in range(cols)]
    second = [1 << (1 + cols + c) for c in range(cols)]
    above, current = first, second
    for i in range(1, rows - 1):
        above, current = current, forced(above, current, lights[i])
    # current = row R−1, above = row R−2.  Light row R−1 sees rows R−2, R−1 and 0;
    # light row 0 sees rows R−1, 0 and 1: both must end dark.
    last_residual = forced(above, current, lights[rows - 1])
    across = first[::-1] if mirrored else first  # the presses of row 0 as light row R−1 meets them
    equations = [last_residual[c] ^ across[c] for c in range(cols)]
    first_residual = forced(current[::-1] if mirrored else current, first, lights[0])
    equations += [first_residual[c] ^ second[c] for c in range(cols)]
    matrix = [form >> 1 for form in equations]
    rhs = sum((form & 1) << i for i, form in enumerate(equations))
    linear = solve_linear(matrix, rhs, 2 * cols)

    def chase_numeric(unknowns: int, light_rows: Sequence[int]) -> list[int]:
        mask_row = (1 << cols) - 1
        presses = [unknowns & mask_row, unknowns >> cols]
        for i in range(1, rows - 1):
            p = presses[i]
            wrapped = ((p << 1) | (p >> (cols - 1))) & mask_row ^ ((p >> 1) | (p << (cols - 1))) & mask_row
            presses.append(light_rows[i] ^ p ^ wrapped ^ presses[i - 1])
        return presses

    solution = None
    if linear.particular is not None:
        solution = Board(rows, cols, chase_numeric(linear.particular, lights), rule)
    dark = [0] * rows
    quiet = tuple(Board(rows, cols, chase_numeric(vector, dark), rule) for vector in linear.null_basis)
    return _result(board, target, "klein-chase" if mirrored else "torus-chase", solution, quiet)


def projective_chase(board: Board, target: Board, mask: Mask | None = None) -> SolveResult:
    """Solve the plus rule on an R×C projective plane (R ≥ 4, C ≥ 3) by light chasing from both ends.

    On the projective plane a press in column 0 or C−1 of row r also reaches
    row R−1−r, so rows pair up: (r, R−1−r).  Rows 0 and R−1 are left as 2C
    unknowns (affine forms: bit 0 the constant, bit 1 + j unknown j); light
    row j then forces press row j + 1 and light row R−1−j forces press row
    R−2−j, from both ends towards the middle.  The light rows left over in
    the middle (and, for odd R, the two forcings of the middle row agreeing)
    give a 2C × 2C system; each press is then read off its form.  O(R·C)
    form operations on 2C-bit ints, O(R·C) forms kept.
    """
    rule = board.rule
    if rule.stencil != PLUS.stencil or rule.surface != "projective":
        raise ValueError(f"the projective chase supports only the plus rule on a projective plane, not the {rule} rule")
    _require_no_mask(mask, "the projective chase")
    rows, cols = board.rows, board.cols
    if rows < 4 or cols < 3:
        raise ValueError(f"the projective chase needs at least 4x3, not {rows}x{cols}; use the full system")
    if rows * cols > PROJECTIVE_CHASE_LIMIT:
        raise TooLargeError(
            f"the projective chase handles at most projective_chase_cells ({PROJECTIVE_CHASE_LIMIT}) cells, not {rows * cols}",
            "projective_chase_cells",
        )
    lights = (board ^ target).lights
    offsets = sorted(PLUS.stencil)

    def reaching(i: int, c: int) -> list[tuple[int, int]]:
        if 0 < i < rows - 1 and 0 < c < cols - 1:
            return [(i + dr, c + dc) for dr, dc in offsets]
        return [cell for cell in (wrap(i + dr, c + dc, rows, cols, "projective") for dr, dc in offsets) if cell is not None]

    plan = chase_plan(rows, cols, "projective")
    assert plan is not None

    def run(first: list[int], last: list[int], light_rows: Sequence[int]) -> tuple[list[list[int]], list[int]]:
        """Chase by the plan from rows 0 and R−1; return (the press rows, the residual forms that must vanish)."""
        presses: list[list[int]] = [[] for _ in range(rows)]
        presses[0], presses[rows - 1] = first, last

        def force(i: int, forced_row: int) -> list[int]:
            # The press of row `forced_row` under each light of row i that leaves it as wanted
            # (forced_row = -1: the light's residual, which must vanish).
            out = []
            for c in range(cols):
                value = light_rows[i] >> c & 1
                for r, c2 in reaching(i, c):
                    if (r, c2) != (forced_row, c):
                        value ^= presses[r][c2]
                out.append(value)
            return out

        for light_row, press_row in plan.steps:
            presses[press_row] = force(light_row, press_row)
        residual = []
        if plan.twice is not None:
            light_row, press_row = plan.twice
            residual = [a ^ b for a, b in zip(presses[press_row], force(light_row, press_row))]
        for light_row in plan.residual_rows:
            residual += force(light_row, -1)
        return presses, residual

    width = 2 * cols
    first = [1 << (1 + c) for c in range(cols)]
    last = [1 << (1 + cols + c) for c in range(cols)]
    forms, equations = run(first, last, lights)
    matrix = [form >> 1 for form in equations]
    rhs = sum((form & 1) << i for i, form in enumerate(equations))
    linear = solve_linear(matrix, rhs, width)

    def evaluate(unknowns: int, constant: int) -> Board:
        # Each press is an affine form: its value is the parity of its unknowns that are set (+ its constant).
        out = []
        for row in forms:
            bits = 0
            for c, form in enumerate(row):
                bits |= ((((form >> 1) & unknowns).bit_count() ^ (form & constant)) & 1) << c
            out.append(bits)
        return Board(rows, cols, out, rule)

    solution = None if linear.particular is None else evaluate(linear.particular, 1)
    quiet = tuple(evaluate(vector, 0) for vector in linear.null_basis)
    return _result(board, target, "projective-chase", solution, quiet)


METHODS: dict[str, Method] = {
    "full-enumeration": full_enumeration,
    "first-row-enumeration": first_row_enumeration,
    "full-system": full_linear_system,
    "first-row-system": first_row_linear_system,
    "chebyshev": chebyshev_method,
    "torus-chase": torus_chase,
    "klein-chase": torus_chase,
    "projective-chase": projective_chase,
}
"""The solving methods by name, cheapest-to-describe first."""


TRANSPOSED_METHODS = ("first-row-enumeration", "first-row-system", "chebyshev")
"""The plane chases :func:`solve_board` runs on the transpose of a board wider than tall (the plus
rule on a plane is the same on the transpose, and the first-row unknowns are the shorter side)."""


class _TransposedBoards(Sequence[Board]):
    """A sequence of boards read transposed, one at a time (a lazily chased quiet basis stays lazy)."""

    def __init__(self, boards: Sequence[Board]) -> None:
        self._boards = boards

    def __len__(self) -> int:
        return len(self._boards)

    @overload
    def __getitem__(self, index: int) -> Board: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Board]: ...
    def __getitem__(self, index: int | slice) -> Board | Sequence[Board]:
        if isinstance(index, slice):
            return [board.transposed() for board in self._boards[index]]
        return self._boards[index].transposed()


def _transposed(result: SolveResult, board: Board, goal: Board) -> SolveResult:
    """A result found on the transposed board, read back on ``board``."""
    presses = None if result.presses is None else result.presses.transposed()
    return replace(result, board=board, target=goal, presses=presses, quiet=_TransposedBoards(result.quiet))


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


def auto_method(board: Board, mask: Mask | None = None) -> str:
    """The method ``"auto"`` picks: Chebyshev for the standard game, the torus
    chase for the plus rule on a torus of at least 3×3, the full system for
    everything else (other rules, masks)."""
    if mask is not None and not mask.is_empty:
        return "full-system"
    if board.rule.is_standard:
        return "chebyshev"
    if board.rule.stencil == PLUS.stencil and board.rows >= 3 and board.cols >= 3:
        if board.rule.surface == "torus":
            return "torus-chase"
        if board.rule.surface == "klein":
            return "klein-chase"
        if board.rule.surface == "projective" and board.rows >= 4:
            return "projective-chase"
    return "full-system"


def solve_board(
    board: Board,
    target: Board | str = "off",
    method: str = "auto",
    minimal: bool = False,
    mask: Mask | None = None,
) -> SolveResult:
    """Solve ``board`` for ``target`` ("off", "on" or a Board of the same shape).

    ``method`` is a key of :data:`METHODS` or ``"auto"`` (see
    :func:`auto_method`).  ``mask`` marks holes and don't-care cells.  With
    ``minimal`` the solution is replaced by one with the fewest presses (see
    :func:`fewest_presses`).

    Raises ``ValueError`` for an unknown method or target, a method that
    cannot handle the rule or mask, or a mask of another shape, and
    :class:`TooLargeError` when the method cannot handle the size.
    """
    goal = resolve_target(board, target)
    if method == "auto":
        method = auto_method(board, mask)
    try:
        function = METHODS[method]
    except KeyError:
        raise ValueError(f"unknown method {method!r}; choose one of {', '.join(METHODS)}") from None
    if method in TRANSPOSED_METHODS and board.cols > board.rows and board.rule.is_standard and (mask is None or mask.is_empty):
        # The first row holds the unknowns: chase down the longer side (a 1×C row has C unknowns, its transpose 1).
        result = _transposed(function(board.transposed(), goal.transposed(), None), board, goal)
    else:
        result = function(board, goal, mask)
    if minimal:
        result = fewest_presses(result)
    return result


def fewest_presses(result: SolveResult, seconds: float = SEARCH_SECONDS) -> SolveResult:
    """Return ``result`` with ``presses`` replaced by a solution with the fewest presses.

    The solutions are ``presses`` + the span of the quiet patterns; see
    :func:`lightsout.coset_leader.minimum_in_coset` for the search (within
    ``seconds``; ``math.inf`` runs it to the end).  ``minimal`` is True only
    when the result is proven fewest, and then ``optimal_count`` says how
    many solutions share that count.  Unsolvable results are returned
    unchanged.
    """
    if result.presses is None:
        return result
    presses = result.presses
    best, count, exact = minimum_in_coset(presses.flat, quiet_flats(result.quiet), seconds)
    minimal_board = Board.from_flat(presses.rows, presses.cols, best, presses.rule)
    return replace(result, presses=minimal_board, minimal=exact, optimal_count=count)
