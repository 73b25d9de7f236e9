"""The two-state (GF(2)) solving methods: A·x = b over GF(2) for a puzzle's board b = lights XOR goal.

Every method is a function ``method(puzzle, difference) -> Found`` for a
two-state :class:`~lightsout.model.puzzle.Puzzle` and ``difference`` = lights XOR
goal as a flat int (bit r·C + c = cell (r, c)); A is the puzzle's press
matrix and x the press pattern:

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
  surface — or a graph's press sets (reported as ``graph-system``) — so
  every press rule on every surface works through it.  O((R·C)³/w); at most
  :data:`FULL_SYSTEM_LIMIT` cells.
- ``first-row-system``: light chasing, then the C × C first-row system
  (:mod:`lightsout.solving.chase`).  O(R·C + C³/w); at most
  :data:`FIRST_ROW_SYSTEM_COLUMNS` columns.
- ``chebyshev``: the same first-row system solved as one congruence in
  GF(2)[y] by extended Euclid (:mod:`lightsout.solving.chebyshev`).  O(R·C/w + C²/w);
  the default for the plus rule on a plane.
- ``torus-chase`` / ``klein-chase``: light chasing with two unknown rows for
  the plus rule on a torus or Klein bottle of at least 3×3 (:func:`torus_chase`).
- ``projective-chase``: light chasing from both ends for the plus rule on a
  projective plane of at least 4×3 (:func:`projective_chase`).

The three plane chases (:data:`TRANSPOSED_METHODS`) want C to be the shorter
side: they chase the transpose of a board wider than tall, its rows read
across by :func:`lightsout.model.rows.transpose_rows` (the rows they chase anyway;
a packed transpose would add a join and a split of the whole board, 10 %
more time at 100×10⁶).  These are the k = 2 fast paths on Python ints (rows as
ints, bit c = column c; affine forms as ints, bit 0 the constant): light
chasing over Z/kZ (:mod:`lightsout.solving.zmod_chase`) does the same for any k on
lists of coefficients, and at k = 2 took 90 times as long on a 118×118 torus
(0.71 s against 8 ms) and 2 500 times on a 200×200 plane (1.6 s against the
Chebyshev method's 0.6 ms) here, so the two stay apart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Generic, NamedTuple, TypeVar, overload

from .chase import chase, chase_residual, first_row_matrix
from .chase_plans import chase_plan
from .chebyshev import chebyshev_system
from ..errors import TooLargeError
from .gf2 import reduce_against, solve_linear
from ..model.puzzle import Puzzle
from ..model.rules import PLUS, Rule, join_rows, split_rows, transpose_rows, wrap

__all__ = [
    "Found",
    "LazyBasis",
    "METHODS",
    "TRANSPOSED_METHODS",
    "auto_method",
    "cell_effects",
    "full_enumeration",
    "first_row_enumeration",
    "full_system",
    "first_row_system",
    "chebyshev_method",
    "torus_chase",
    "projective_chase",
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


class Found(NamedTuple):
    """What a GF(2) method found: its name, a press pattern (flat int, or None when
    unsolvable) and a basis of the quiet patterns (flat ints: press patterns that change no
    light).  The rank is the puzzle's buttons less ``len(quiet)``."""

    method: str
    presses: int | None
    quiet: Sequence[int]


Source = TypeVar("Source")


class LazyBasis(Sequence[int], Generic[Source]):
    """``function`` applied to each of ``sources``, one item at a time on demand.

    A quiet basis chased from its first rows holds ``nullity`` C-bit ints, not
    ``nullity`` whole boards, until a pattern is asked for; a basis read back
    from a transposed board, or packed from Z/kZ vectors, stays lazy the same way.
    """

    def __init__(self, sources: Sequence[Source], function: Callable[[Source], int]) -> None:
        self._sources, self._function = sources, function

    def __len__(self) -> int:
        return len(self._sources)

    @overload
    def __getitem__(self, index: int) -> int: ...
    @overload
    def __getitem__(self, index: slice) -> list[int]: ...
    def __getitem__(self, index: int | slice) -> int | list[int]:
        if isinstance(index, slice):
            return [self._function(source) for source in self._sources[index]]
        return self._function(self._sources[index])

    def __iter__(self) -> Iterator[int]:
        return (self._function(source) for source in self._sources)


class _Plane(NamedTuple):
    """A plane chase's board: the rows of lights XOR goal, chased down the longer side.

    ``lights`` are ``rows`` ints of ``cols`` bits; ``transposed`` says they are the
    columns of the puzzle's board (a board wider than tall), so presses go back across.
    """

    lights: list[int]
    rows: int
    cols: int
    transposed: bool

    def flat(self, presses: list[int]) -> int:
        """The press rows chased on this board as the puzzle's flat int."""
        if self.transposed:
            return join_rows(transpose_rows(presses, self.cols), self.rows)
        return join_rows(presses, self.cols)

    def chased(self, first: int | None) -> int | None:
        """The press pattern (flat) light chasing gives from ``first`` (None passes through)."""
        return None if first is None else self.flat(chase(self.lights, first, self.cols)[0])

    def quiet(self, first_rows: Sequence[int]) -> LazyBasis[int]:
        """The quiet patterns whose first rows are ``first_rows``, chased (from a dark board) on demand."""
        dark = [0] * self.rows
        return LazyBasis(tuple(first_rows), lambda first: self.flat(chase(dark, first, self.cols)[0]))


def _plane(puzzle: Puzzle, difference: int) -> _Plane:
    """The rows a plane chase works on: the puzzle's, or its columns when it is wider than tall."""
    rows, cols = puzzle.rows, puzzle.cols
    if cols <= rows:
        return _Plane(split_rows(difference, rows, cols), rows, cols, False)
    if not difference:
        return _Plane([0] * cols, cols, rows, True)
    return _Plane(transpose_rows(split_rows(difference, rows, cols), cols), cols, rows, True)


def _require_plain(puzzle: Puzzle, method: str) -> None:
    if puzzle.graph is not None:
        raise ValueError(f"a graph puzzle is solved by elimination (method 'auto' or 'graph-system'), not {method}")
    if puzzle.holes or puzzle.dont_care:
        raise ValueError(f"{method} does not handle holes or don't-care cells; use the full system")


def _require_standard(puzzle: Puzzle, method: str) -> None:
    _require_plain(puzzle, method)
    if not puzzle.rule.is_standard:
        raise ValueError(f"{method} supports only the plus rule on a plane, not the {puzzle.rule} rule")


def cell_effects(rows: int, cols: int, rule: Rule, transpose: bool = False) -> list[int]:
    """Flat light changes of each single press (the columns of A mod 2), cell index r·C + c.

    With ``transpose`` the stencil is reflected, which gives the rows of A:
    the presses that change light (r, c).  A press reaching a light twice
    (a tiny wrapped board) changes it by 2 ≡ 0.
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


def _presses_of_lights(puzzle: Puzzle) -> Sequence[int]:
    """The rows of A mod 2: for each light, the presses that change it (flat ints)."""
    if puzzle.graph is not None:
        return puzzle.graph.reached_by
    return cell_effects(puzzle.rows, puzzle.cols, puzzle.rule, transpose=True)


def full_enumeration(puzzle: Puzzle, difference: int) -> Found:
    """Solve by trying all 2^(cells) press patterns, in Gray-code order.

    Works for any rule and mask (holes are never pressed; don't-care lights
    are ignored).  Raises :class:`TooLargeError` above
    :data:`FULL_ENUMERATION_LIMIT` cells.
    """
    relevant, holes = puzzle.relevant, puzzle.holes
    cells = [i for i in range(puzzle.cells) if not holes >> i & 1]
    if len(cells) > FULL_ENUMERATION_LIMIT:
        raise TooLargeError(f"full enumeration handles at most full_enumeration_cells ({FULL_ENUMERATION_LIMIT}) cells, not {len(cells)}", "full_enumeration_cells")
    goal = difference & relevant
    effects = puzzle.graph.presses if puzzle.graph is not None else cell_effects(puzzle.rows, puzzle.cols, puzzle.rule)
    presses = effect = 0
    solution: int | None = 0 if goal == 0 else None  # no presses solve a dark goal
    quiet = []
    for step in range(1, 1 << len(cells)):
        cell = cells[(step & -step).bit_length() - 1]
        presses ^= 1 << cell
        effect ^= effects[cell] & relevant
        if effect == 0:
            quiet.append(presses)
        if effect == goal and solution is None:
            solution = presses
    return Found("full-enumeration", solution, tuple(reduce_against(quiet)))


def first_row_enumeration(puzzle: Puzzle, difference: int) -> Found:
    """Solve by light chasing every one of the 2^C first rows.

    Plus rule on a plane only.  Raises :class:`TooLargeError` above
    :data:`FIRST_ROW_ENUMERATION_LIMIT` columns or
    :data:`FIRST_ROW_ENUMERATION_WORK` row steps.
    """
    _require_standard(puzzle, "first-row enumeration")
    rows, cols = max(puzzle.rows, puzzle.cols), min(puzzle.rows, puzzle.cols)  # chased down the longer side
    if cols > FIRST_ROW_ENUMERATION_LIMIT:
        raise TooLargeError(
            f"first-row enumeration handles at most first_row_enumeration_columns ({FIRST_ROW_ENUMERATION_LIMIT}) columns "
            f"(the shorter side), not {cols}",
            "first_row_enumeration_columns",
        )
    if rows << cols > FIRST_ROW_ENUMERATION_WORK:
        raise TooLargeError(
            # No R×C here: a board wider than tall is chased on its transpose.
            f"first-row enumeration chases {rows} rows for each of the 2^{cols} first rows: {rows << cols} row steps, "
            f"more than first_row_enumeration_work ({FIRST_ROW_ENUMERATION_WORK})",
            "first_row_enumeration_work",
        )
    plane = _plane(puzzle, difference)
    dark = [0] * rows
    # The residual is affine in the first row: residual_b(f) = residual_0(f) ^ residual_b(0).
    wanted = chase_residual(plane.lights, 0, cols)
    solution_first: int | None = None
    quiet_firsts = []
    for first in range(1 << cols):
        residual = chase_residual(dark, first, cols)
        if residual == 0:
            quiet_firsts.append(first)
        if residual == wanted and solution_first is None:
            solution_first = first
    return Found("first-row-enumeration", plane.chased(solution_first), plane.quiet(reduce_against(quiet_firsts)))


def full_system(puzzle: Puzzle, difference: int) -> Found:
    """Solve A·x = b by Gaussian elimination on the R·C × R·C system over GF(2).

    A comes from the puzzle's rule (any stencil, any surface) or its graph's
    press sets; row j of A lists the presses that change light j.  Holes and
    don't-care cells drop their equations and each hole h adds x_h = 0 (a
    hole has no button).  Reported as ``graph-system`` for a graph.
    O((R·C)³/w) time, O((R·C)²) bits.
    """
    cells = puzzle.cells
    if cells > FULL_SYSTEM_LIMIT:
        raise TooLargeError(
            f"the full system handles at most gf2_full_system_cells ({FULL_SYSTEM_LIMIT}) cells (64x64), not {cells}",
            "gf2_full_system_cells",
        )
    relevant, holes = puzzle.relevant, puzzle.holes
    equations = [row for j, row in enumerate(_presses_of_lights(puzzle)) if relevant >> j & 1]
    rhs = [difference >> j & 1 for j in range(cells) if relevant >> j & 1]
    equations += [1 << h for h in range(cells) if holes >> h & 1]
    rhs += [0] * holes.bit_count()
    linear = solve_linear(equations, sum(bit << i for i, bit in enumerate(rhs)), cells)
    return Found("graph-system" if puzzle.graph is not None else "full-system", linear.particular, linear.null_basis)


def first_row_system(puzzle: Puzzle, difference: int) -> Found:
    """Solve by light chasing and the C × C first-row system (see :mod:`lightsout.solving.chase`).

    Chasing with an all-zero first row leaves residual c in the last row;
    the first row f must satisfy M·f = c with M from
    :func:`lightsout.solving.chase.first_row_matrix`.  Quiet patterns are the chases
    of the kernel of M.  Plus rule on a plane only.  O(R·C/w + C³/w).
    """
    _require_standard(puzzle, "the first-row linear system")
    rows, cols = max(puzzle.rows, puzzle.cols), min(puzzle.rows, puzzle.cols)  # chased down the longer side
    if cols > FIRST_ROW_SYSTEM_COLUMNS:
        raise TooLargeError(
            # No R×C here: a board wider than tall is chased on its transpose.
            f"the first-row system eliminates a {cols}x{cols} matrix ({cols}: the board's shorter side); first_row_system_columns "
            f"is {FIRST_ROW_SYSTEM_COLUMNS}; the chebyshev method handles any size",
            "first_row_system_columns",
        )
    plane = _plane(puzzle, difference)
    linear = solve_linear(first_row_matrix(rows, cols), chase_residual(plane.lights, 0, cols), cols)
    return Found("first-row-system", plane.chased(linear.particular), plane.quiet(linear.null_basis))


def chebyshev_method(puzzle: Puzzle, difference: int) -> Found:
    """Solve through the first-row system in GF(2)[y] (see :mod:`lightsout.solving.chebyshev`).

    Plus rule on a plane only.  O(R·C/w + C²/w) word operations; the quiet
    basis is chased lazily from its first rows.
    """
    _require_standard(puzzle, "the Chebyshev method")
    plane = _plane(puzzle, difference)
    first, _, quiet_firsts = chebyshev_system(plane.lights, plane.cols)
    return Found("chebyshev", plane.chased(first), plane.quiet(quiet_firsts))


def torus_chase(puzzle: Puzzle, difference: int) -> Found:
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
    rule = puzzle.rule
    _require_plain(puzzle, "the torus chase")
    if rule.stencil != PLUS.stencil or rule.surface not in ("torus", "klein"):
        raise ValueError(f"the torus chase supports only the plus rule on a torus or Klein bottle, not the {rule} rule")
    rows, cols = puzzle.rows, puzzle.cols
    if rows < 3 or cols < 3:
        raise ValueError(f"the torus chase needs at least 3x3, not {rows}x{cols}; use the full system")
    if rows * cols > TORUS_CHASE_LIMIT:
        raise TooLargeError(
            f"the {rule.surface} chase handles at most torus_chase_cells ({TORUS_CHASE_LIMIT}) cells, not {rows * cols}", "torus_chase_cells"
        )
    mirrored = rule.surface == "klein"
    lights = split_rows(difference, rows, cols)

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

    def chase_numeric(unknowns: int, light_rows: Sequence[int]) -> int:
        mask_row = (1 << cols) - 1
        presses = [unknowns & mask_row, unknowns >> cols]
        for i in range(1, rows - 1):
            p = presses[i]
            wrapped = ((p << 1) | (p >> (cols - 1))) & mask_row ^ ((p >> 1) | (p << (cols - 1))) & mask_row
            presses.append(light_rows[i] ^ p ^ wrapped ^ presses[i - 1])
        return join_rows(presses, cols)

    solution = None if linear.particular is None else chase_numeric(linear.particular, lights)
    dark = [0] * rows
    quiet = LazyBasis(linear.null_basis, lambda vector: chase_numeric(vector, dark))
    return Found("klein-chase" if mirrored else "torus-chase", solution, quiet)


def projective_chase(puzzle: Puzzle, difference: int) -> Found:
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
    rule = puzzle.rule
    _require_plain(puzzle, "the projective chase")
    if rule.stencil != PLUS.stencil or rule.surface != "projective":
        raise ValueError(f"the projective chase supports only the plus rule on a projective plane, not the {rule} rule")
    rows, cols = puzzle.rows, puzzle.cols
    if rows < 4 or cols < 3:
        raise ValueError(f"the projective chase needs at least 4x3, not {rows}x{cols}; use the full system")
    if rows * cols > PROJECTIVE_CHASE_LIMIT:
        raise TooLargeError(
            f"the projective chase handles at most projective_chase_cells ({PROJECTIVE_CHASE_LIMIT}) cells, not {rows * cols}",
            "projective_chase_cells",
        )
    lights = split_rows(difference, rows, cols)
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

    def evaluate(unknowns: int, constant: int) -> int:
        # Each press is an affine form: its value is the parity of its unknowns that are set (+ its constant).
        out = []
        for row in forms:
            bits = 0
            for c, form in enumerate(row):
                bits |= ((((form >> 1) & unknowns).bit_count() ^ (form & constant)) & 1) << c
            out.append(bits)
        return join_rows(out, cols)

    solution = None if linear.particular is None else evaluate(linear.particular, 1)
    quiet = LazyBasis(linear.null_basis, lambda vector: evaluate(vector, 0))
    return Found("projective-chase", solution, quiet)


Method = Callable[[Puzzle, int], Found]

METHODS: dict[str, Method] = {
    "full-enumeration": full_enumeration,
    "first-row-enumeration": first_row_enumeration,
    "full-system": full_system,
    "first-row-system": first_row_system,
    "chebyshev": chebyshev_method,
    "torus-chase": torus_chase,
    "klein-chase": torus_chase,
    "projective-chase": projective_chase,
}
"""The two-state solving methods by name, cheapest-to-describe first (a graph puzzle takes
``full-system`` only, by the name ``graph-system``)."""

TRANSPOSED_METHODS = ("first-row-enumeration", "first-row-system", "chebyshev")
"""The plane chases that run on the transpose of a board wider than tall (the plus rule on a
plane is the same on the transpose, and the first-row unknowns are the shorter side)."""


def auto_method(puzzle: Puzzle) -> str:
    """The method ``"auto"`` picks for a two-state puzzle: Chebyshev for the standard game, the
    torus, Klein or projective chase for the plus rule on those surfaces when big enough, the full
    system for everything else (other rules, masks, graphs: ``graph-system``)."""
    if puzzle.graph is not None:
        return "graph-system"
    if puzzle.holes or puzzle.dont_care:
        return "full-system"
    rule, rows, cols = puzzle.rule, puzzle.rows, puzzle.cols
    if rule.is_standard:
        return "chebyshev"
    if rule.stencil == PLUS.stencil and rows >= 3 and cols >= 3:
        if rule.surface == "torus":
            return "torus-chase"
        if rule.surface == "klein":
            return "klein-chase"
        if rule.surface == "projective" and rows >= 4:
            return "projective-chase"
    return "full-system"
