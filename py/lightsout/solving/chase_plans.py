"""The order of a light chase for the plus rule on each surface (plane, torus, Klein bottle, projective plane).

The chase itself on a plane is :func:`lightsout.solving.chase.chase`; a plan says,
for any surface, which press rows stay unknown and in which order the light
rows force the others.  Used by the Z/kZ chase of :mod:`lightsout.solving.zmod_chase`
(k > 2) and the projective chase of :mod:`lightsout.solving.methods`.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ChasePlan", "chase_plan"]


@dataclass(frozen=True, slots=True)
class ChasePlan:
    """The order of a light chase for the plus rule on some surface.

    ``unknown_rows``: the press rows left as unknowns; ``steps``: (light
    row, press row) pairs in order, each light row's lights deciding the
    presses of that press row (every other press reaching the light row is
    known by then); ``residual_rows``: light rows no press row is left to
    fix, whose lights must come out right; ``twice``: a (light row, press
    row) step whose press row was already forced, whose two values must
    agree (the middle row of an odd projective plane), or None.
    """

    unknown_rows: tuple[int, ...]
    steps: tuple[tuple[int, int], ...]
    residual_rows: tuple[int, ...]
    twice: tuple[int, int] | None = None


def chase_plan(rows: int, cols: int, surface: str) -> ChasePlan | None:
    """How to light-chase the plus rule on an R×C ``surface``, or None where no plan is known.

    Plane: row 0 unknown, light row i forces press row i+1, light row R−1
    remains.  Torus and Klein bottle (R, C ≥ 3): row 0 is reached from row
    R−1, so rows 0 and 1 are unknown and light rows R−1 and 0 remain.
    Projective plane (R ≥ 4, C ≥ 3): a press in column 0 or C−1 of row r
    also reaches row R−1−r, so rows 0 and R−1 are unknown and the chase
    runs from both ends to the middle.
    """
    if surface == "plane":
        return ChasePlan((0,), tuple((i, i + 1) for i in range(rows - 1)), (rows - 1,))
    if surface in ("torus", "klein") and rows >= 3 and cols >= 3:
        return ChasePlan((0, 1), tuple((i, i + 1) for i in range(1, rows - 1)), (rows - 1, 0))
    if surface == "projective" and rows >= 4 and cols >= 3:
        steps = []
        top, bottom = 0, rows - 1
        while bottom - top > 2:
            steps += [(top, top + 1), (bottom, bottom - 1)]
            top, bottom = top + 1, bottom - 1
        if bottom - top == 2:  # odd R: the middle row is forced from both sides, and its own lights remain
            return ChasePlan((0, rows - 1), tuple(steps + [(top, top + 1)]), (top + 1,), (bottom, bottom - 1))
        return ChasePlan((0, rows - 1), tuple(steps), (top, bottom))
    return None
