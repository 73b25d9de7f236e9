"""Lights Out with k states per light (2 ≤ k ≤ 255) on four surfaces.

A press adds 1 (mod k) to every light its stencil covers; the goal is a
target board (all 0, all k−1, or any).  With x the press counts (0..k−1 per
cell) and A the press matrix, the game is A·x ≡ target − start (mod k):
linear algebra over Z/kZ (:mod:`lightsout.zmod`), exact for composite k,
where elimination that treats Z/kZ as a field misses or invents solutions.

Surfaces (how the stencil wraps across the edges of an R×C rectangle):
``plane`` (no wrap), ``torus``, ``klein`` (rows wrap with the columns
mirrored: (r ± R, c) ~ (r, C−1−c); columns wrap plainly), ``projective``
(both directions wrap mirrored; across a corner the row wrap is applied
first).

Cells are flat lists of ints in 0..k−1, index r·C + c.  This module is the
general engine; the GF(2) solvers in :mod:`lightsout.solve` stay the fast
paths for k = 2 on planes and tori.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from .errors import BoardFormatError
from .rules import PLUS, SURFACES, Rule, wrap
from .zmod import ModularSolution, apply_matrix, solve_mod

__all__ = [
    "SURFACES",
    "Game",
    "StatesResult",
    "solve_states",
    "parse_states",
    "format_states",
    "MAX_STATES",
    "FULL_SYSTEM_CELLS",
    "FEWEST_SEARCH_LIMIT",
    "SYMBOLS",
]

MAX_STATES = 255
FULL_SYSTEM_CELLS = 400
"""Most cells the general engine eliminates (O(n³) ring operations)."""
FEWEST_SEARCH_LIMIT = 1 << 16
"""Most solutions searched for the fewest total presses."""
SYMBOLS = "0123456789abcdefghijklmnopqrstuvwxyz"
"""The symbols of states 0..35 in the text format (numbers above 36 states)."""


@dataclass(frozen=True)
class Game:
    """An R×C board with k states per light, a stencil and a surface.

    Raises ``ValueError`` for a size below 1×1, k outside 2..255 or an
    unknown surface.
    """

    rows: int
    cols: int
    k: int = 2
    stencil: frozenset[tuple[int, int]] = PLUS.stencil
    surface: str = "plane"

    def __post_init__(self) -> None:
        if self.rows < 1 or self.cols < 1:
            raise ValueError(f"board size must be at least 1x1, got {self.rows}x{self.cols}")
        if not 2 <= self.k <= MAX_STATES:
            raise ValueError(f"the number of states must be 2..{MAX_STATES}, not {self.k}")
        if self.surface not in SURFACES:
            raise ValueError(f"unknown surface {self.surface!r}; choose one of {', '.join(SURFACES)}")

    @classmethod
    def from_rule(cls, rows: int, cols: int, k: int, rule: Rule, surface: str | None = None) -> Game:
        """A game with a rule's stencil (and its torus flag, unless ``surface`` is given)."""
        return cls(rows, cols, k, rule.stencil, surface or rule.surface)

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    def covered(self, r: int, c: int) -> list[int]:
        """Flat indices a press at (r, c) adds 1 to (a cell may repeat on tiny wrapped boards)."""
        out = []
        for dr, dc in self.stencil:
            landed = wrap(r + dr, c + dc, self.rows, self.cols, self.surface)
            if landed is not None:
                out.append(landed[0] * self.cols + landed[1])
        return out

    @cached_property
    def matrix(self) -> list[list[int]]:
        """The press matrix A mod k: A[light][press] = times the press adds 1 to the light."""
        n = self.cells
        a = [[0] * n for _ in range(n)]
        for press in range(n):
            for light in self.covered(*divmod(press, self.cols)):
                a[light][press] = (a[light][press] + 1) % self.k
        return a

    def press(self, cells: Sequence[int], r: int, c: int, times: int = 1) -> list[int]:
        """Return ``cells`` after pressing (r, c) ``times`` times."""
        out = list(cells)
        for light in self.covered(r, c):
            out[light] = (out[light] + times) % self.k
        return out

    def apply(self, cells: Sequence[int], presses: Sequence[int]) -> list[int]:
        """Return ``cells`` after pressing each cell i presses[i] times."""
        out = list(cells)
        for index, times in enumerate(presses):
            if times % self.k:
                out = self.press(out, *divmod(index, self.cols), times)
        return out


@dataclass(frozen=True)
class StatesResult:
    """Solutions of a k-state board: one solution (press counts), their number and structure.

    ``structure`` lists the orders of the cyclic factors of the solution
    module (solutions = ``presses`` + Σ t_i·g_i, 0 ≤ t_i < order_i), so
    ``solution_count`` = ∏ structure when solvable.  ``minimal`` is True when
    ``presses`` has the fewest total presses among all solutions.
    """

    game: Game
    method: str
    presses: list[int] | None
    solution_count: int
    structure: list[int]
    generators: list[tuple[list[int], int]]
    minimal: bool = False

    @property
    def solvable(self) -> bool:
        return self.presses is not None

    @property
    def total_presses(self) -> int | None:
        return None if self.presses is None else sum(self.presses)


def _chase_forms(game: Game, goal: Sequence[int]) -> tuple[list[list[int]], list[int]]:
    """Light-chase with the first row unknown: forms for the last light row's residuals.

    A form is a list of C coefficients (the first-row unknowns) plus a
    constant, mod k.  Row i+1's presses must bring light row i to its goal:
    x(i+1, c) = g(i, c) − x(i, c) − x(i, c−1) − x(i, c+1) − x(i−1, c).
    Returns (equations, constants) for the last light row.
    """
    rows, cols, k = game.rows, game.cols, game.k
    width = cols + 1
    zero = [0] * width

    def unit(c: int) -> list[int]:
        form = [0] * width
        form[c] = 1
        return form

    above = [zero] * cols
    current = [unit(c) for c in range(cols)]
    for i in range(rows):
        residual = []
        for c in range(cols):
            parts = [current[c], above[c]]
            if c > 0:
                parts.append(current[c - 1])
            if c + 1 < cols:
                parts.append(current[c + 1])
            form = [(-sum(values)) % k for values in zip(*parts)]
            form[cols] = (form[cols] + goal[i * cols + c]) % k
            residual.append(form)
        if i == rows - 1:
            return [form[:cols] for form in residual], [(-form[cols]) % k for form in residual]
        above, current = current, residual
    raise AssertionError("unreachable")


def _chase_numeric(game: Game, goal: Sequence[int], first: Sequence[int]) -> list[int]:
    rows, cols, k = game.rows, game.cols, game.k
    presses = list(first)
    above = [0] * cols
    current = list(first)
    for i in range(rows - 1):
        following = []
        for c in range(cols):
            total = current[c] + above[c] + (current[c - 1] if c else 0) + (current[c + 1] if c + 1 < cols else 0)
            following.append((goal[i * cols + c] - total) % k)
        presses += following
        above, current = current, following
    return presses


def solve_states(
    game: Game, cells: Sequence[int], target: Sequence[int] | str = "zero", minimal: bool = False, holes: int = 0, dont_care: int = 0
) -> StatesResult:
    """Solve a k-state board: press counts x with A·x ≡ target − cells (mod k).

    ``target`` is "zero" (all 0), "full" (all k−1) or a flat list.  The plus
    rule on a plane uses light chasing (a C × C system over Z/kZ); every
    other game the full system (at most :data:`FULL_SYSTEM_CELLS` cells).
    With ``minimal`` the solution with the fewest total presses is searched
    when there are at most :data:`FEWEST_SEARCH_LIMIT` solutions.
    ``holes`` and ``dont_care`` are flat ints (bit r·C + c): a hole has no
    button (its press count is pinned to 0) and no light; a don't-care light
    has no equation.  Either one sends the board to the full system.
    Raises ``ValueError`` for cells of the wrong length or out of 0..k−1, and
    for a board too big for the full system.
    """
    n, k = game.cells, game.k
    if len(cells) != n or any(not 0 <= value < k for value in cells):
        raise ValueError(f"expected {n} cell states in 0..{k - 1}")
    if isinstance(target, str):
        if target not in ("zero", "full"):
            raise ValueError(f"target must be 'zero', 'full' or a list, not {target!r}")
        goal_cells = [0 if target == "zero" else k - 1] * n
    else:
        if len(target) != n or any(not 0 <= value < k for value in target):
            raise ValueError(f"the target needs {n} cell states in 0..{k - 1}")
        goal_cells = list(target)
    goal = [(t - s) % k for t, s in zip(goal_cells, cells)]
    if game.stencil == PLUS.stencil and game.surface == "plane" and not holes | dont_care:
        equations, constants = _chase_forms(game, goal)
        first = solve_mod(equations, constants, game.cols, k)
        dark = [0] * n
        particular = None if first.particular is None else _chase_numeric(game, goal, first.particular)
        generators = [(_chase_numeric(game, dark, vector), order) for vector, order in first.generators]
        solution = ModularSolution(k, particular, generators)
        method = "chase"
    else:
        if n > FULL_SYSTEM_CELLS:
            raise ValueError(f"the general engine handles at most {FULL_SYSTEM_CELLS} cells, not {n}")
        skipped = holes | dont_care
        matrix = [row for j, row in enumerate(game.matrix) if not skipped >> j & 1]
        rhs = [value for j, value in enumerate(goal) if not skipped >> j & 1]
        for h in range(n):
            if holes >> h & 1:
                matrix.append([1 if i == h else 0 for i in range(n)])
                rhs.append(0)
        solution = solve_mod(matrix, rhs, n, k)
        method = "full-system"
    result = StatesResult(game, method, solution.particular, solution.solution_count, solution.structure, solution.generators)
    if minimal and result.presses is not None:
        result = _fewest_total(result)
    return result


def _fewest_total(result: StatesResult) -> StatesResult:
    """Visit every solution (mixed-radix counter over the generators) when few enough."""
    assert result.presses is not None
    if result.solution_count > FEWEST_SEARCH_LIMIT:
        return result
    k = result.game.k
    current = list(result.presses)
    best, best_total = list(current), sum(current)
    counters = [0] * len(result.generators)
    for _ in range(result.solution_count - 1):
        # Increment the counter; a digit that wraps subtracts order·g (≡ 0), so add g anyway
        # and carry: the vector stays particular + Σ counter_i·g_i.
        for index, (vector, order) in enumerate(result.generators):
            current = [(x + g) % k for x, g in zip(current, vector)]
            counters[index] += 1
            if counters[index] < order:
                break
            counters[index] = 0
        total = sum(current)
        if total < best_total:
            best, best_total = list(current), total
    return StatesResult(result.game, result.method, best, result.solution_count, result.structure, result.generators, True)


def parse_states(text: str, k: int) -> tuple[int, int, list[int]]:
    """Parse a k-state board: rows of one symbol per cell (0–9 then a–z) or of space-separated numbers.

    Returns (rows, cols, cells).  Raises :class:`BoardFormatError` with the
    line and column of a symbol outside 0..k−1, ragged rows or empty input.
    """
    lines = [(number, raw) for number, raw in enumerate(text.splitlines(), start=1) if raw.strip()]
    if not lines:
        raise BoardFormatError(f"empty input: expected rows of states 0..{k - 1}")
    spaced = any(" " in raw.strip() or "\t" in raw.strip() for _, raw in lines)
    cells: list[int] = []
    width: int | None = None
    for number, raw in lines:
        tokens = [(match.start() + 1, match.group()) for match in re.finditer(r"\S+" if spaced else r"\S", raw)]
        for column, token in tokens:
            if spaced:
                value = int(token) if token.isascii() and token.isdigit() and len(token) <= 3 else -1
            else:
                value = SYMBOLS.find(token.lower()) if token.isascii() else -1
            if not 0 <= value < k:
                raise BoardFormatError(f"expected a state 0..{k - 1}, found {token[:10]!r}", number, column)
            cells.append(value)
        if width is None:
            width = len(tokens)
        elif len(tokens) != width:
            last_column, last_token = tokens[-1]
            column = tokens[width][0] if len(tokens) > width else last_column + len(last_token)
            raise BoardFormatError(f"ragged rows: this row has {len(tokens)} cells, expected {width} as in the first row", number, column)
    assert width is not None
    return len(lines), width, cells


def format_states(rows: int, cols: int, cells: Sequence[int], k: int) -> str:
    """Return a k-state board as text: one symbol per cell up to 36 states, else numbers."""
    lines = []
    for r in range(rows):
        row = cells[r * cols : (r + 1) * cols]
        if k <= len(SYMBOLS):
            lines.append("".join(SYMBOLS[value] for value in row))
        else:
            lines.append(" ".join(f"{value:>3}" for value in row).rstrip())
    return "\n".join(lines)


def check(game: Game, cells: Sequence[int], presses: Sequence[int], target: Sequence[int]) -> bool:
    """True when pressing ``presses`` takes ``cells`` to ``target`` (a verification helper)."""
    return apply_matrix(game.matrix, presses, game.k) == [(t - s) % game.k for t, s in zip(target, cells)]
