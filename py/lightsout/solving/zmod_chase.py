"""Light chasing over Z/kZ: the plus rule on every surface, for any number of states k.

A press adds 1 (mod k) to the lights of its plus; once the presses above a
light row are known, that row's lights force the presses of the next row
(the only ones left that reach it).  Leaving the plan's first rows as
unknowns (:func:`lightsout.solving.chase_plans.chase_plan`: row 0 on a plane, rows 0
and 1 on a torus or Klein bottle, rows 0 and R−1 on a projective plane) and
chasing *affine forms* — coefficients of the unknowns plus a constant —
makes every press a form and leaves residual forms that must vanish: a
system in C (or 2C) unknowns, solved by the elimination over Z/kZ of
:mod:`lightsout.solving.zmod` (exact for composite k).  One more chase turns its
solutions into press counts.

Cost: :func:`chase_work`; :func:`lightsout.solving.solver.solve` takes the chase up to
:data:`CHASE_WORK_LIMIT` and on the transpose of a board wider than tall.
Boards are flat lists of states, cell r·C + c.  The two-state chases on
Python ints are :mod:`lightsout.solving.chase` (plane) and the torus and projective
chases of :mod:`lightsout.solving.methods`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .chase_plans import ChasePlan, chase_plan
from ..model.puzzle import Puzzle
from ..model.rules import PLUS, wrap
from .zmod import ModularSolution, solve_mod

__all__ = ["chase_plan_of", "chase_work", "chase_solve", "CHASE_WORK_LIMIT", "CHASE_CELL_COST", "TRANSPOSABLE_SURFACES"]

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

TRANSPOSABLE_SURFACES = ("plane", "torus", "projective")
"""Surfaces the plus rule looks the same on after a transpose (the Klein bottle's mirrored wrap is
across the rows only, so its transpose is another surface)."""


def chase_plan_of(puzzle: Puzzle) -> ChasePlan | None:
    """The light-chase plan of a puzzle (plus rule, no mask, no graph; see :func:`lightsout.solving.chase_plans.chase_plan`), or None."""
    if puzzle.graph is not None or puzzle.rule.stencil != PLUS.stencil or puzzle.holes | puzzle.dont_care:
        return None
    return chase_plan(puzzle.rows, puzzle.cols, puzzle.rule.surface)


def chase_work(rows: int, cols: int, plan: ChasePlan | None) -> float:
    """Work of the Z/kZ light chase: cells × (unknowns + 1 + :data:`CHASE_CELL_COST`) + unknowns³ (inf without a plan)."""
    if plan is None:
        return math.inf
    unknowns = len(plan.unknown_rows) * cols
    return rows * cols * (unknowns + 1 + CHASE_CELL_COST) + unknowns**3  # the chase with forms, then the unknowns' system


def chase_solve(puzzle: Puzzle, plan: ChasePlan, goal: Sequence[int]) -> ModularSolution:
    """Every press-count vector x (flat list, cell r·C + c) with A·x ≡ ``goal`` (mod k), by light chasing.

    ``goal`` is the flat list goal − lights (mod k).  Returns the particular
    solution (None when there is none) and the quiet group's generators with
    their orders.  O(cells · unknowns) ring operations, O(C · unknowns) forms
    kept while the unknowns' system is found.
    """
    k, cols = puzzle.k, puzzle.cols
    unknown_rows = len(plan.unknown_rows)
    width = unknown_rows * cols
    unknowns = [[[int(j == u * cols + c) for j in range(width)] + [0] for c in range(cols)] for u in range(unknown_rows)]
    _, residuals = _chase(puzzle, plan, goal, unknowns, keep=False)
    first = solve_mod([form[:width] for form in residuals], [(-form[width]) % k for form in residuals], width, k)

    # One more chase gives every answer at once: column j of the start forms holds generator j's
    # unknowns (chased with a dark goal, as only the constant column sees the goal) and the
    # constant column the particular solution's unknowns.
    vectors = [vector for vector, _ in first.generators]
    base = first.particular or [0] * width
    start = [[[vector[u * cols + c] for vector in vectors] + [base[u * cols + c]] for c in range(cols)] for u in range(unknown_rows)]
    columns = [form for row in _chase(puzzle, plan, goal, start)[0] for form in row]
    particular = None if first.particular is None else [form[-1] for form in columns]
    generators = [([form[j] for form in columns], order) for j, (_, order) in enumerate(first.generators)]
    return ModularSolution(k, particular, generators)


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
    rows, cols, k, surface = puzzle.rows, puzzle.cols, puzzle.k, puzzle.rule.surface
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
