"""How a board is solved, as data a learner can follow: the API's ``explain`` and ``why`` ops.

Two kinds of explanation (:func:`explain`):

- **Light chasing** (``mode "chase"``: two states, the plus rule on a plane,
  or on a torus of at least 3×3, no holes or don't-care cells, at most
  :data:`EXPLAIN_SIDE` a side).  The chase plan of :func:`lightsout.solving.chase_plans.chase_plan`
  leaves some press rows unknown (the first row on a plane, the first two on a
  torus).  With those presses left out, each lit light of a chased row is
  cleared by pressing the cell below it, until only the *residual rows* (the
  last row on a plane; the last and the first on a torus) can be lit.  Whether
  the residual vanishes is affine in the unknown presses f: residual(f) =
  M·f + c, where column j of M is what pressing unknown j alone leaves after a
  chase of a dark board, and c the residual of the first chase.  This is the
  *first-row system* M·f = c (Anderson and Feil, "Turning Lights Out with
  Linear Algebra", Math. Magazine 71(4), 1998; the English Wikipedia page
  "Lights Out (game)", section "Light chasing").  If c is not in the column
  space of M no first row works and the board is unsolvable; the proof is a
  set of residual lights whose parity every first-row choice leaves unchanged
  (a vector y with yᵀM = 0) but which is odd now (yᵀc = 1).  Otherwise f is
  pressed, and a second chase ends with every light at the goal.
- **The full linear system** (``mode "system"``: any rule or surface, holes,
  don't-care cells, presets and graphs, k prime, at most :data:`SYSTEM_CELLS`
  cells): Gauss–Jordan elimination of A·x = goal − lights over Z/kZ (a field
  for prime k), one equation per light that counts and x_h = 0 per hole.  The
  pivots are the cells whose presses the elimination decides; the free
  (non-pivot) cells are the quiet patterns' degrees of freedom, set to 0.

Every explanation is a list of :class:`Step` (one press each, in order) that
a caller can replay through its own press path; the unit tests replay them.

:func:`why` answers "why is this cell pressed?": the per-cell formula x_c =
Σ y_j·(goal_j − light_j) (mod k) — the row of A⁻¹ when A is invertible — and,
with nullity > 0, the quiet patterns that press the cell (its press is then a
free choice) or, when none does, the formula that holds for every solution.

The API's ``methods`` op (the methods run and timed on the board) is
:mod:`lightsout.analysis.method_comparison`.

Cell indices are r·C + c; rows of the chase are ints with bit c = column c.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..solving.chase_plans import ChasePlan, chase_plan
from ..errors import TooLargeError
from ..solving.gf2 import null_space, solve_linear
from ..model.puzzle import Puzzle, apply
from ..solving.solver import solve
from ..model.rules import PLUS, row_mask

__all__ = [
    "Step", "Explanation", "explain", "why", "chase_applies",
    "EXPLAIN_SIDE", "SYSTEM_CELLS", "SHOWN_COLUMNS",
]

EXPLAIN_SIDE = 64
"""Most rows or columns of a light-chasing explanation (the page's DOM grid)."""

SYSTEM_CELLS = 64
"""Most cells of a full-system explanation (8×8; the cube's 54)."""

SHOWN_COLUMNS = 10
"""The first-row system's matrix and right-hand side are sent for boards of at most this many columns."""

FREE_CHOICE_NULLITY = 10
"""Up to this nullity every first-row choice is tried for the fewest net presses (2^10 chases)."""

SHOWN_QUIET = 8
"""Most quiet patterns :func:`why` returns for a free cell."""


@dataclass(frozen=True, slots=True)
class Step:
    """One press of an explanation: ``cell`` (r·C + c), ``kind`` and the light it clears (or None).

    ``kind``: ``"chase"`` (the first chase: the cell below a lit light),
    ``"first-row"`` (a press the first-row system chose), ``"chase-again"``
    (the second chase) or ``"system"`` (a press of the full system's solution).
    """

    cell: int
    kind: str
    clears: int | None = None


@dataclass
class Explanation:
    """An explanation (see the module docstring); ``to_json`` is the API's reply."""

    mode: str  # "chase", "system", or "none" (then ``refusal`` says why)
    refusal: str | None = None
    steps: list[Step] = field(default_factory=list)
    solvable: bool = False
    system: dict[str, Any] = field(default_factory=dict)
    residual: list[int] = field(default_factory=list)  # lights left after the first chase
    proof: list[int] = field(default_factory=list)  # unsolvable: residual lights of odd parity under every first row
    net: int = 0  # cells pressed an odd number of times (k = 2), or Σ presses mod k per cell
    minimal_presses: int | None = None
    minimal_proven: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "refusal": self.refusal,
            "steps": [{"cell": s.cell, "kind": s.kind, "clears": s.clears} for s in self.steps],
            "solvable": self.solvable,
            "system": self.system,
            "residual": self.residual,
            "proof": self.proof,
            "presses": len(self.steps),
            "net": self.net,
            "minimal_presses": self.minimal_presses,
            "minimal_proven": self.minimal_proven,
        }


def chase_applies(puzzle: Puzzle) -> bool:
    """True when the board is explained by light chasing (two states, plus rule, plane or torus ≥ 3×3, no mask)."""
    return (
        puzzle.k == 2 and puzzle.graph is None and not puzzle.holes and not puzzle.dont_care
        and puzzle.rule.stencil == PLUS.stencil
        and (puzzle.surface == "plane" or (puzzle.surface == "torus" and puzzle.rows >= 3 and puzzle.cols >= 3))
        and max(puzzle.rows, puzzle.cols) <= EXPLAIN_SIDE
    )


def _is_prime(k: int) -> bool:
    return k >= 2 and all(k % p for p in range(2, math.isqrt(k) + 1))


def explain(puzzle: Puzzle, lights: int) -> Explanation:
    """Return the step-by-step explanation of solving ``lights`` (a packed board) for the puzzle's goal.

    Light chasing where :func:`chase_applies`, else the full system for at
    most :data:`SYSTEM_CELLS` cells and prime k; otherwise ``mode "none"``
    with ``refusal`` ``"size"`` or ``"states"``.
    """
    puzzle.check_board(lights)
    if chase_applies(puzzle):
        explanation = _explain_chase(puzzle, lights)
    elif puzzle.cells > SYSTEM_CELLS:
        return Explanation("none", "size")
    elif not _is_prime(puzzle.k):
        return Explanation("none", "states")
    else:
        explanation = _explain_system(puzzle, lights)
    if explanation.solvable:
        fewest = solve(puzzle, lights, minimal=True, seconds=0.5)
        explanation.minimal_presses = fewest.press_total
        explanation.minimal_proven = fewest.minimal
    return explanation


# -- light chasing ------------------------------------------------------------------


class _Chaser:
    """The plus rule on an R×C plane or torus, pressed a row at a time (rows are ints, bit c = column c)."""

    def __init__(self, rows: int, cols: int, torus: bool) -> None:
        self.rows, self.cols, self.torus = rows, cols, torus
        self.mask = row_mask(cols)
        plan = chase_plan(rows, cols, "torus" if torus else "plane")
        assert plan is not None
        self.plan: ChasePlan = plan

    def press_row(self, lights: list[int], row: int, presses: int) -> None:
        """Press every cell of ``presses`` in row ``row`` of ``lights`` (in place)."""
        cols, mask = self.cols, self.mask
        if self.torus:
            left = ((presses << 1) | (presses >> (cols - 1))) & mask
            right = ((presses >> 1) | (presses << (cols - 1))) & mask
        else:
            left, right = presses << 1 & mask, presses >> 1
        lights[row] ^= presses ^ left ^ right
        for other in (row - 1, row + 1):
            if self.torus:
                lights[other % self.rows] ^= presses
            elif 0 <= other < self.rows:
                lights[other] ^= presses

    def unknown_cells(self) -> list[int]:
        return [row * self.cols + c for row in self.plan.unknown_rows for c in range(self.cols)]

    def press_unknowns(self, lights: list[int], presses: list[int], unknowns: int) -> None:
        for u, row in enumerate(self.plan.unknown_rows):
            value = unknowns >> (u * self.cols) & self.mask
            presses[row] ^= value
            self.press_row(lights, row, value)

    def chase(self, lights: list[int], presses: list[int], steps: list[Step] | None = None, kind: str = "chase") -> None:
        """Chase ``lights`` in place by the plan, adding the forced presses to ``presses`` (and to ``steps``)."""
        cols = self.cols
        for light_row, press_row in self.plan.steps:
            forced = lights[light_row]
            if steps is not None:
                for c in range(cols):
                    if forced >> c & 1:
                        steps.append(Step(press_row * cols + c, kind, light_row * cols + c))
            presses[press_row] ^= forced
            self.press_row(lights, press_row, forced)

    def residual(self, lights: list[int]) -> int:
        """The residual rows' lights as one vector: residual row i's column c is bit i·C + c."""
        return sum(lights[row] << (i * self.cols) for i, row in enumerate(self.plan.residual_rows))

    def residual_cells(self) -> list[int]:
        return [row * self.cols + c for row in self.plan.residual_rows for c in range(self.cols)]

    def chased(self, lights: list[int], unknowns: int) -> tuple[list[int], list[int]]:
        """Press ``unknowns`` and chase: (press rows, lights after)."""
        lights = list(lights)
        presses = [0] * self.rows
        self.press_unknowns(lights, presses, unknowns)
        self.chase(lights, presses)
        return presses, lights


def _flat(rows: list[int], cols: int) -> int:
    return sum(row << (r * cols) for r, row in enumerate(rows))


def _bits_text(value: int, width: int) -> str:
    return "".join("1" if value >> j & 1 else "0" for j in range(width))


@dataclass(frozen=True, slots=True)
class _FirstRows:
    """The first-row system of a chase explanation, kept for :func:`why`: M (one int of ``unknowns``
    bits per equation), the residual c (bit e = equation e), the unknowns chosen (None: unsolvable),
    the cells of the unknowns and of the equations, and the number of solutions of the board."""

    matrix: list[int]
    residual: int
    choice: int | None
    unknown_cells: list[int]
    equation_cells: list[int]
    solutions: int


def _explain_chase(puzzle: Puzzle, lights: int) -> Explanation:
    return _chase_parts(puzzle, lights)[0]


def _chase_parts(puzzle: Puzzle, lights: int) -> tuple[Explanation, _FirstRows]:
    rows, cols = puzzle.rows, puzzle.cols
    chaser = _Chaser(rows, cols, puzzle.surface == "torus")
    difference = lights ^ puzzle.goal()
    start = [difference >> (r * cols) & chaser.mask for r in range(rows)]
    steps: list[Step] = []
    board = list(start)
    first_presses = [0] * rows
    chaser.chase(board, first_presses, steps, "chase")
    residual = chaser.residual(board)
    unknowns = len(chaser.plan.unknown_rows) * cols
    equations = len(chaser.plan.residual_rows) * cols
    # Column j of M: what unknown j alone leaves in the residual rows after chasing a dark board.
    columns = [chaser.residual(chaser.chased([0] * rows, 1 << j)[1]) for j in range(unknowns)]
    matrix = [sum((columns[j] >> e & 1) << j for j in range(unknowns)) for e in range(equations)]
    linear = solve_linear(matrix, residual, unknowns)
    shown = cols <= SHOWN_COLUMNS
    unknown_cells, residual_cells = chaser.unknown_cells(), chaser.residual_cells()
    system: dict[str, Any] = {
        "kind": "first-row" if len(chaser.plan.unknown_rows) == 1 else "first-rows",
        "equations": equations,
        "unknowns": unknowns,
        "rank": linear.rank,
        "nullity": linear.nullity,
        "unknown_cells": unknown_cells,
        "equation_cells": residual_cells,
        "matrix": [_bits_text(row, unknowns) for row in matrix] if shown else None,
        "rhs": _bits_text(residual, equations) if shown else None,
        "solution": None,
        "consistent": linear.particular is not None,
    }
    explanation = Explanation("chase", steps=steps, system=system, residual=[residual_cells[e] for e in range(equations) if residual >> e & 1])
    if linear.particular is None:
        # yᵀM = 0 and yᵀc = 1: these residual lights keep their parity whatever the first row is.
        transpose = [sum((matrix[e] >> j & 1) << e for e in range(equations)) for j in range(unknowns)]
        for y in null_space(transpose, equations):
            if (y & residual).bit_count() % 2:
                explanation.proof = [residual_cells[e] for e in range(equations) if y >> e & 1]
                break
        return explanation, _FirstRows(matrix, residual, None, unknown_cells, residual_cells, 0)
    first_flat = _flat(first_presses, cols)
    choice = linear.particular
    if linear.nullity <= FREE_CHOICE_NULLITY:
        # The first row is free up to the kernel: take the one whose net presses are fewest.
        def net_of(unknown_values: int) -> int:
            return (first_flat ^ _flat(chaser.chased([0] * rows, unknown_values)[0], cols)).bit_count()

        best = net_of(choice)
        current = choice
        for step in range(1, 1 << linear.nullity):
            current ^= linear.null_basis[(step & -step).bit_length() - 1]
            count = net_of(current)
            if count < best:
                best, choice = count, current
    system["solution"] = _bits_text(choice, unknowns) if shown else None
    for j in range(unknowns):
        if choice >> j & 1:
            steps.append(Step(unknown_cells[j], "first-row"))
    second = [0] * rows
    chaser.press_unknowns(board, second, choice)
    chaser.chase(board, second, steps, "chase-again")
    assert not any(board), "the second chase ends with every light at the goal"
    explanation.solvable = True
    explanation.net = (first_flat ^ _flat(second, cols)).bit_count()
    return explanation, _FirstRows(matrix, residual, choice, unknown_cells, residual_cells, 1 << linear.nullity)


# -- the full system ----------------------------------------------------------------


@dataclass
class _Eliminated:
    """Gauss–Jordan elimination of [E | rhs] over Z/p with the row operations L kept (L·E = R)."""

    reduced: list[list[int]]  # R, m × n
    transform: list[list[int]]  # L, m × m
    rhs: list[int]  # L·rhs
    pivots: list[int]  # pivot column of row i, i < rank
    p: int

    @property
    def rank(self) -> int:
        return len(self.pivots)


def _eliminate(equations: list[list[int]], rhs: list[int], columns: int, p: int) -> _Eliminated:
    m = len(equations)
    rows = [equations[i][:] + [rhs[i]] + [1 if j == i else 0 for j in range(m)] for i in range(m)]
    pivots: list[int] = []
    rank = 0
    for column in range(columns):
        pivot = next((i for i in range(rank, m) if rows[i][column] % p), None)
        if pivot is None:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        inverse = pow(rows[rank][column], -1, p)
        rows[rank] = [value * inverse % p for value in rows[rank]]
        pivot_row = rows[rank]
        for i in range(m):
            factor = rows[i][column] if i != rank else 0
            if factor:
                rows[i] = [(a - factor * b) % p for a, b in zip(rows[i], pivot_row)]
        pivots.append(column)
        rank += 1
        if rank == m:
            break
    return _Eliminated([row[:columns] for row in rows], [row[columns + 1 :] for row in rows], [row[columns] for row in rows], pivots, p)


def _system_of(puzzle: Puzzle, lights: int) -> tuple[list[list[int]], list[int], list[int | None]]:
    """The equations of A·x = goal − lights (mod k): one per light that counts, x_h = 0 per hole.

    Returns (equations, right-hand sides, the light of each equation or None for a hole's)."""
    k, n = puzzle.k, puzzle.cells
    goal = puzzle.states(puzzle.goal())
    states = puzzle.states(lights)
    skipped = puzzle.holes | puzzle.dont_care
    equations: list[list[int]] = []
    rhs: list[int] = []
    of: list[int | None] = []
    for j in range(n):
        if not skipped >> j & 1:
            equations.append([value % k for value in puzzle.matrix[j]])
            rhs.append((goal[j] - states[j]) % k)
            of.append(j)
    for h in range(n):
        if puzzle.holes >> h & 1:
            equations.append([1 if i == h else 0 for i in range(n)])
            rhs.append(0)
            of.append(None)
    return equations, rhs, of


def _null_basis(eliminated: _Eliminated, columns: int) -> list[list[int]]:
    p = eliminated.p
    pivot_set = set(eliminated.pivots)
    basis = []
    for free in range(columns):
        if free in pivot_set:
            continue
        vector = [0] * columns
        vector[free] = 1
        for row, column in zip(eliminated.reduced, eliminated.pivots):
            vector[column] = (-row[free]) % p
        basis.append(vector)
    return basis


def _explain_system(puzzle: Puzzle, lights: int) -> Explanation:
    n, k = puzzle.cells, puzzle.k
    equations, rhs, _ = _system_of(puzzle, lights)
    eliminated = _eliminate(equations, rhs, n, k)
    consistent = all(value == 0 for value in eliminated.rhs[eliminated.rank :])
    pivot_set = set(eliminated.pivots)
    free = [c for c in range(n) if c not in pivot_set and not puzzle.holes >> c & 1]
    system = {
        "kind": "full",
        "equations": len(equations),
        "unknowns": n,
        "rank": eliminated.rank,
        "nullity": n - eliminated.rank,
        "pivots": eliminated.pivots,
        "free": free,
        "consistent": consistent,
    }
    explanation = Explanation("system", system=system)
    if not consistent:
        return explanation
    counts = [0] * n
    for value, column in zip(eliminated.rhs, eliminated.pivots):
        counts[column] = value  # the free cells' presses are 0
    explanation.steps = [Step(cell, "system") for cell in range(n) for _ in range(counts[cell])]
    explanation.solvable = True
    explanation.net = sum(1 for value in counts if value)
    final = apply(puzzle, lights, puzzle.packed(counts) if k > 2 else sum(1 << c for c in range(n) if counts[c]))
    goal = puzzle.goal()
    assert all((a == b) or (puzzle.holes | puzzle.dont_care) >> i & 1 for i, (a, b) in enumerate(zip(puzzle.states(final), puzzle.states(goal))))
    return explanation


# -- why this press? ---------------------------------------------------------------


def why(puzzle: Puzzle, lights: int, cell: int) -> dict[str, Any]:
    """Why cell ``cell`` is pressed (or not): the per-cell formula and its value on ``lights``.

    Returns ``{"cell", "determined", "formula", "coefficients", "wrong", "value", "nullity",
    "quiet"}``: with ``determined`` the press count of the cell is the same in every solution,
    ``value`` = Σ coefficients·(goal − light) over the ``formula`` lights (mod k; for k = 2 the
    parity of ``wrong``, the formula's lights that differ from the goal now); otherwise
    ``quiet`` lists (up to :data:`SHOWN_QUIET`) quiet patterns that press the cell, each a flat
    list of press counts, and the choice is free.

    ``reason`` says why in the words of the walk :func:`explain` gives for ``lights`` (the
    board the explanation started from), with ``lights`` the cells to show, ``solutions``
    the board's number of solutions (a decimal string) and ``pressed`` (light chasing):

    - light chasing: ``"chase"`` (``steps``, each ``{index, kind, clears}``, press it: the
      light above, ``lights[0]``, was lit when the chase reached it), ``"dark"`` (that light
      was dark each time), ``"first-row"`` (a press of the unknown rows decided by the
      residual ``lights``: ``lit`` of them are lit after the first chase; ``given``: the
      pressed free cells its equation also holds, so ``pressed`` is the parity of ``lit`` +
      len(``given``)), ``"free"`` (either value works: free in the first-row system) or
      ``"unsolvable"`` (no first row works; ``lights`` is the proof);
    - otherwise ``"formula"`` (``lights`` = ``formula``), ``"free"`` (``lights``: the first
      quiet pattern pressing it) or ``"unsolvable"``; ``pressed``: the full system's walk
      presses it.

    Boards of at most :data:`SYSTEM_CELLS`
    cells by elimination; larger ones (light chasing only: A is symmetric there, so the
    formula of cell c is a solution y of A·y = e_c) by one solve.  Raises
    :class:`~lightsout.errors.TooLargeError` for a bigger board of another kind, ``ValueError``
    for a cell outside the board or a k that is not prime.
    """
    n, k = puzzle.cells, puzzle.k
    if not 0 <= cell < n:
        raise ValueError(f"cell {cell} is outside 0..{n - 1}")
    if n > SYSTEM_CELLS and not chase_applies(puzzle):
        # Before the lights are unpacked: a 10000×10000 board took a minute and 2.5 GB to reach this.
        raise TooLargeError(f"why is answered for boards of at most {SYSTEM_CELLS} cells, or light chasing up to {EXPLAIN_SIDE} a side", "explain_cells")
    if not _is_prime(k):
        raise ValueError(f"why is answered for a prime number of states, not {k}")
    goal = puzzle.states(puzzle.goal())
    states = puzzle.states(lights)
    difference = [(g - s) % k for g, s in zip(goal, states)]
    reply: dict[str, Any] = {"cell": cell, "determined": False, "formula": [], "coefficients": [], "wrong": 0, "value": 0, "quiet": []}
    consistent, walked = True, 0
    if n <= SYSTEM_CELLS:
        equations, rhs, of = _system_of(puzzle, lights)
        eliminated = _eliminate(equations, rhs, n, k)
        consistent = all(value == 0 for value in eliminated.rhs[eliminated.rank :])
        reply["nullity"] = n - eliminated.rank
        pivot_row = eliminated.pivots.index(cell) if cell in eliminated.pivots else None
        walked = 0 if pivot_row is None else eliminated.rhs[pivot_row]  # the press count _explain_system gives the cell
        basis = _null_basis(eliminated, n)
        pressing = [vector for vector in basis if vector[cell]]
        if pivot_row is not None and not pressing:
            y = eliminated.transform[pivot_row]
            formula = [(of[e], y[e]) for e in range(len(y)) if y[e] and of[e] is not None]
            reply["determined"] = True
            reply["formula"] = [light for light, _ in formula]
            reply["coefficients"] = [coefficient for _, coefficient in formula]
        else:
            reply["quiet"] = pressing[:SHOWN_QUIET]
    else:  # light chasing (checked above)
        single = solve(Puzzle(puzzle.rows, puzzle.cols, 2, puzzle.rule), 1 << cell, minimal=True, seconds=0.5)
        reply["nullity"] = single.nullity
        if single.presses is not None:
            reply["determined"] = True
            reply["formula"] = [j for j in range(n) if single.presses >> j & 1]
            reply["coefficients"] = [1] * len(reply["formula"])
        else:
            dark = solve(Puzzle(puzzle.rows, puzzle.cols, 2, puzzle.rule), 0)
            reply["quiet"] = [[q >> j & 1 for j in range(n)] for q in dark.quiet() if q >> cell & 1][:SHOWN_QUIET]
    if reply["determined"]:
        reply["wrong"] = sum(1 for light in reply["formula"] if difference[light])
        reply["value"] = sum(c * difference[light] for light, c in zip(reply["formula"], reply["coefficients"])) % k
    if chase_applies(puzzle):
        reply.update(_chase_reason(puzzle, lights, cell))
    elif not consistent:
        reply.update(reason="unsolvable", lights=[], solutions="0", pressed=False)
    else:
        reply.update(reason="formula" if reply["determined"] else "free", solutions=str(k ** reply["nullity"]), pressed=walked != 0,
                     lights=reply["formula"] if reply["determined"] else [j for j, value in enumerate(reply["quiet"][0]) if value])
    return reply


def _chase_reason(puzzle: Puzzle, lights: int, cell: int) -> dict[str, Any]:
    """Why the light-chasing walk of ``lights`` presses ``cell`` or not, in the walk's own terms (see :func:`why`)."""
    explanation, first = _chase_parts(puzzle, lights)
    steps = [{"index": i, "kind": step.kind, "clears": step.clears} for i, step in enumerate(explanation.steps) if step.cell == cell]
    reason: dict[str, Any] = {"steps": steps, "solutions": str(first.solutions), "given": [], "lit": 0}
    if cell not in first.unknown_cells:
        # A chased row: its presses are forced by the light above, in the row the chase has just left.
        row, column = divmod(cell, puzzle.cols)
        plan = _Chaser(puzzle.rows, puzzle.cols, puzzle.surface == "torus").plan
        above = next(light_row for light_row, press_row in plan.steps if press_row == row) * puzzle.cols + column
        return reason | {"reason": "chase" if steps else "dark", "lights": [above], "pressed": len(steps) % 2 == 1}
    if first.choice is None:
        return reason | {"reason": "unsolvable", "lights": explanation.proof, "pressed": False}
    j = first.unknown_cells.index(cell)
    pressed = first.choice >> j & 1 == 1
    # Gauss–Jordan on M with the chosen presses' columns first: the free (non-pivot) unknowns
    # fall on cells the walk leaves unpressed where the quiet patterns allow it.
    unknowns = len(first.unknown_cells)
    order = [u for u in range(unknowns) if first.choice >> u & 1] + [u for u in range(unknowns) if not first.choice >> u & 1]
    reduced = list(first.matrix)
    transform = [1 << e for e in range(len(reduced))]  # transform[i]·M = reduced[i]
    pivots: dict[int, int] = {}
    for column in order:
        found = next((i for i in range(len(pivots), len(reduced)) if reduced[i] >> column & 1), None)
        if found is None:
            continue
        top = len(pivots)
        reduced[top], reduced[found] = reduced[found], reduced[top]
        transform[top], transform[found] = transform[found], transform[top]
        for i in range(len(reduced)):
            if i != top and reduced[i] >> column & 1:
                reduced[i] ^= reduced[top]
                transform[i] ^= transform[top]
        pivots[column] = top
    if j not in pivots:
        return reason | {"reason": "free", "lights": [], "pressed": pressed}
    # f_j + Σ_free f_i·R[j][i] = y·c: the marked residual lights, and the free presses of the walk in the row.
    y = transform[pivots[j]]
    given = [u for u in range(unknowns) if u not in pivots and reduced[pivots[j]] >> u & 1 and first.choice >> u & 1]
    lit = (y & first.residual).bit_count()
    assert pressed == bool((lit + len(given)) % 2), "the chosen first row satisfies its equation"
    return reason | {
        "reason": "first-row", "lights": [first.equation_cells[e] for e in range(len(first.matrix)) if y >> e & 1],
        "lit": lit, "given": [first.unknown_cells[u] for u in given], "pressed": pressed,
    }
