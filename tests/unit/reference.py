"""Reference helpers for the unit tests: brute-force references that share no code with the solvers."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path

from lightsout.model.board import Board

DATA = Path(__file__).resolve().parent.parent / "data"


def naive_press(cells: list[list[int]], r: int, c: int) -> None:
    """Toggle (r, c) and its orthogonal neighbours in a list-of-lists grid (plane)."""
    rows, cols = len(cells), len(cells[0])
    for dr, dc in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < rows and 0 <= cc < cols:
            cells[rr][cc] ^= 1


def to_cells(board: Board) -> list[list[int]]:
    return [[row >> c & 1 for c in range(board.cols)] for row in board.lights]


@functools.lru_cache(maxsize=None)
def naive_solution_table(rows: int, cols: int) -> dict[Board, list[frozenset[tuple[int, int]]]]:
    """Map every reachable R×C board to all press sets that switch it off (plus rule, plane).

    The board a press set produces on a dark grid is exactly the board it
    solves.  Each cell's single press is made by :func:`naive_press` on a dark
    list-of-lists grid; the 2^(R·C) sets are visited in Gray-code order, one
    cell toggled a step, so each step XORs one press's lights.  Built once per
    size (cached: do not change the returned table).
    """
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    single = []
    for r, c in cells:
        grid = [[0] * cols for _ in range(rows)]
        naive_press(grid, r, c)
        single.append(sum(1 << (rr * cols + cc) for rr in range(rows) for cc in range(cols) if grid[rr][cc]))
    table: dict[int, list[frozenset[tuple[int, int]]]] = {0: [frozenset()]}
    lights = chosen = 0
    for step in range(1, 1 << len(cells)):
        i = (step & -step).bit_length() - 1  # the Gray code's one changed cell
        chosen ^= 1 << i
        lights ^= single[i]
        table.setdefault(lights, []).append(frozenset(cells[j] for j in range(len(cells)) if chosen >> j & 1))
    return {Board.from_flat(rows, cols, flat): sets for flat, sets in table.items()}


def simulate(board: Board, presses: Board) -> list[list[int]]:
    """Press every cell of ``presses`` one at a time on a list-of-lists copy of ``board``."""
    grid = to_cells(board)
    for r, c in presses.cells():
        naive_press(grid, r, c)
    return grid


def all_boards(rows: int, cols: int):
    for flat in range(1 << (rows * cols)):
        yield Board.from_flat(rows, cols, flat)


STENCILS = {
    "plus": [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)],
    "moore": [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)],
    "x": [(0, 0), (-1, -1), (-1, 1), (1, -1), (1, 1)],
    "hex": [(0, 0), (0, -1), (0, 1), (-1, 0), (1, 0), (-1, 1), (1, -1)],
    # Written out by hand (not parsed by lightsout.model.rules): each name is the rule's own spelling.
    "custom:#../.#./..#": [(-1, -1), (0, 0), (1, 1)],  # point-symmetric, not mirror-symmetric
    "custom:##./.#./...": [(-1, -1), (-1, 0), (0, 0)],  # not even point-symmetric
    "custom:.#./#.#/.#.": [(-1, 0), (0, -1), (0, 1), (1, 0)],  # mirror-symmetric, no centre
}
"""Each rule's offsets (dr, dc) by the name the CLI and the API take (``--rule``, ``rule``)."""


def naive_landing(r: int, c: int, rows: int, cols: int, surface: str) -> tuple[int, int] | None:
    """Where offset cell (r, c) lands, written out case by case (independent of lightsout.model.rules.wrap)."""
    if 0 <= r < rows and 0 <= c < cols:
        return r, c
    if surface == "plane":
        return None
    mirror_cols = mirror_rows = False
    if not 0 <= r < rows:
        turns = r // rows
        r -= turns * rows
        mirror_cols = surface in ("klein", "projective") and turns % 2 == 1
    if not 0 <= c < cols:
        turns = c // cols
        c -= turns * cols
        mirror_rows = surface == "projective" and turns % 2 == 1
    if mirror_cols:
        c = cols - 1 - c
    if mirror_rows:
        r = rows - 1 - r
    return r, c


def naive_apply(rows, cols, k, rule, surface, lights, presses, holes=()):
    """Press cell i presses[i] times, one press at a time, on a copy of the flat list ``lights`` (mod k)."""
    out = list(lights)
    for index, times in enumerate(presses):
        r, c = divmod(index, cols)
        for _ in range(times):
            for dr, dc in STENCILS[rule]:
                landed = naive_landing(r + dr, c + dc, rows, cols, surface)
                if landed is not None:
                    j = landed[0] * cols + landed[1]
                    out[j] = (out[j] + 1) % k
    return [0 if i in holes else v for i, v in enumerate(out)]


@functools.lru_cache(maxsize=None)
def state_table(rows: int, cols: int, k: int, rule: str, surface: str) -> dict[tuple[int, ...], list[tuple[int, ...]]]:
    """Every press-count vector (0..k−1 per cell) by the lights it makes from a dark board (mod k).

    The presses that take ``lights`` to ``target`` are the vectors under the
    key (target − lights) mod k: an exhaustive search as a lookup.  The k^(R·C)
    vectors are counted up like an odometer (itertools.product order): adding
    1 to a cell's count mod k adds that cell's single-press effect
    (:func:`naive_apply` of one press) mod k, so a step costs one vector
    addition (two at a carry, ...) instead of a :func:`naive_apply` of the
    whole vector.  Built once per puzzle (cached: do not change the table).
    """
    n = rows * cols
    single = [naive_apply(rows, cols, k, rule, surface, [0] * n, [int(j == i) for j in range(n)]) for i in range(n)]
    counts = [0] * n
    lights = [0] * n
    table: dict[tuple[int, ...], list[tuple[int, ...]]] = {tuple(lights): [tuple(counts)]}
    for _ in range(k**n - 1):
        i = n - 1
        while True:
            counts[i] = (counts[i] + 1) % k
            lights = [(a + b) % k for a, b in zip(lights, single[i])]
            if counts[i]:
                break
            i -= 1
        table.setdefault(tuple(lights), []).append(tuple(counts))
    return table


def unpack(text_id: str, k: int = 2) -> tuple[int, int, list[int]]:
    """Read an ``RxC:`` + base64url board packed with bit_length(k − 1) bits per cell, by hand."""
    import base64

    size, payload = text_id.split(":")
    rows, cols = (int(n) for n in size.split("x"))
    data = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    bits = max(1, (k - 1).bit_length())
    text = "".join(format(byte, "08b")[::-1] for byte in data)  # bit j of the packed int is text[j]
    return rows, cols, [int(text[i * bits : (i + 1) * bits][::-1], 2) for i in range(rows * cols)]


def pack(rows: int, cols: int, states: list[int], k: int = 2) -> str:
    """Inverse of :func:`unpack`."""
    import base64

    bits = max(1, (k - 1).bit_length())
    value = sum(v << (i * bits) for i, v in enumerate(states))
    data = value.to_bytes((rows * cols * bits + 7) // 8, "little")
    return f"{rows}x{cols}:" + base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _valuation(value: int, p: int, e: int) -> int:
    """p-adic valuation of a nonzero residue mod p^e (e for zero)."""
    if value == 0:
        return e
    v = 0
    while value % p == 0:
        value //= p
        v += 1
    return v


def smith_solve(matrix: Sequence[Sequence[int]], rhs: Sequence[int], columns: int, p: int, e: int) -> tuple[list[int] | None, list[tuple[list[int], int]]]:
    """Solve matrix · x ≡ rhs (mod p^e) by a Smith normal form on lists: (one solution or None, [(generator, order)]).

    The engine's own method before it eliminated packed rows (lightsout.solving.zmod, issue #28): pivot on an
    entry of least valuation in the whole block, clear its row and column (mirroring the column
    operations on V, x = V·y), read D·y = U·b.  O(n³) Python steps: a reference for small systems.
    """
    q = p**e
    a = [[value % q for value in row] for row in matrix]
    b = [value % q for value in rhs]
    m = len(a)
    # V starts as the identity; column operations on A are mirrored on V (x = V·y).
    v = [[1 if i == j else 0 for j in range(columns)] for i in range(columns)]
    pivots: list[int] = []  # valuation of each diagonal pivot
    rank = 0
    while rank < min(m, columns):
        best = None
        best_valuation = e
        for i in range(rank, m):
            row = a[i]
            for j in range(rank, columns):
                if row[j]:
                    valuation = _valuation(row[j], p, e)
                    if valuation < best_valuation:
                        best, best_valuation = (i, j), valuation
                        if valuation == 0:
                            break
            if best_valuation == 0:
                break
        if best is None:
            break
        i, j = best
        a[rank], a[i] = a[i], a[rank]
        b[rank], b[i] = b[i], b[rank]
        if j != rank:
            for row in a:
                row[rank], row[j] = row[j], row[rank]
            for row in v:
                row[rank], row[j] = row[j], row[rank]
        # Normalise the pivot to p^valuation: divide its row by the unit part.
        pivot = a[rank][rank]
        unit = pivot // p**best_valuation
        inverse = pow(unit, -1, q)
        a[rank] = [value * inverse % q for value in a[rank]]
        b[rank] = b[rank] * inverse % q
        power = p**best_valuation
        pivot_row = a[rank]
        # Every entry below and to the right has valuation ≥ the pivot's: exact quotients.
        for i2 in range(m):
            if i2 != rank and a[i2][rank]:
                factor = a[i2][rank] // power
                a[i2] = [(x - factor * y) % q for x, y in zip(a[i2], pivot_row)]
                b[i2] = (b[i2] - factor * b[rank]) % q
        for j2 in range(rank + 1, columns):
            if pivot_row[j2]:
                factor = pivot_row[j2] // power
                for row in v:
                    row[j2] = (row[j2] - factor * row[rank]) % q
                pivot_row[j2] = 0
        pivots.append(best_valuation)
        rank += 1
    # Now D·y = b with D = diag(p^pivots) on the first `rank` rows, zero rows below.
    particular: list[int] | None = None
    if not any(b[i] for i in range(rank, m)):
        y = [0] * columns
        particular = []
        for i, valuation in enumerate(pivots):
            if b[i] % p**valuation:
                particular = None
                break
            y[i] = b[i] // p**valuation
        if particular is not None:
            particular = [sum(v[r][c] * y[c] for c in range(columns)) % q for r in range(columns)]
    generators: list[tuple[list[int], int]] = []
    for i in range(columns):
        valuation = pivots[i] if i < rank else e
        if valuation == 0:
            continue
        step = p ** (e - valuation)  # y_i may move by multiples of p^(e−v): order p^v
        generators.append(([row[i] * step % q for row in v], p**valuation))
    return particular, generators


__all__ = ["DATA", "naive_press", "simulate", "all_boards", "to_cells", "naive_apply", "naive_landing", "state_table", "unpack", "pack", "smith_solve"]


def least_weight_in_coset(start: int, basis: Sequence[int]) -> tuple[int, int]:
    """(least weight, how many vectors have it) over ``start`` + span(``basis``), by listing all
    2^len(basis) sums: the fewest presses of a board whose solutions are ``start`` plus any
    combination of the quiet patterns ``basis``, and how many solutions need that few."""
    weights = []
    for mask in range(1 << len(basis)):
        vector = start
        for i, pattern in enumerate(basis):
            if mask >> i & 1:
                vector ^= pattern
        weights.append(vector.bit_count())
    least = min(weights)
    return least, weights.count(least)
