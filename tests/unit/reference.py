"""Reference helpers for the unit tests: brute-force references that share no code with the solvers."""

from __future__ import annotations

from pathlib import Path

from lightsout import Board

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


def naive_solution_table(rows: int, cols: int) -> dict[Board, list[frozenset[tuple[int, int]]]]:
    """Map every reachable R×C board to all press sets that switch it off.

    Built by pressing each of the 2^(R·C) press sets on a dark list-of-lists
    grid: the board a set produces is exactly the board it solves.
    """
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    table: dict[Board, list[frozenset[tuple[int, int]]]] = {}
    for mask in range(1 << len(cells)):
        grid = [[0] * cols for _ in range(rows)]
        chosen = [cells[i] for i in range(len(cells)) if mask >> i & 1]
        for r, c in chosen:
            naive_press(grid, r, c)
        board = Board.from_cells(rows, cols, [(r, c) for r in range(rows) for c in range(cols) if grid[r][c]])
        table.setdefault(board, []).append(frozenset(chosen))
    return table


def simulate(board: Board, presses: Board) -> list[list[int]]:
    """Press every cell of ``presses`` one at a time on a list-of-lists copy of ``board``."""
    grid = to_cells(board)
    for r, c in presses.cells():
        naive_press(grid, r, c)
    return grid


def all_boards(rows: int, cols: int):
    for flat in range(1 << (rows * cols)):
        yield Board.from_flat(rows, cols, flat)


__all__ = ["DATA", "naive_press", "simulate", "all_boards", "to_cells"]
