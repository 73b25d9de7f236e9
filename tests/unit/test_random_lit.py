"""random with an exact lit count (lightsout.analysis.random_boards.random_solvable): solvable boards, and a search bounded in work and time."""

import random
from types import SimpleNamespace

import pytest

from lightsout.solving import chase
from lightsout.analysis import random_boards
from lightsout import Puzzle, solve
from lightsout.model.board import Board
from lightsout.model.rules import PLUS
from lightsout.analysis.random_boards import random_solvable
from reference import simulate


@pytest.mark.parametrize("rows, cols", [(4, 4), (5, 5), (9, 9), (16, 16), (5, 17)])
def test_every_board_has_the_count_and_its_solution_switches_it_off(rows, cols):
    rng = random.Random(rows * 100 + cols)
    for lit in sorted({0, 1, 2, 3, rows * cols // 2, rows * cols - 1, rows * cols}):
        try:
            board = random_solvable(rows, cols, rng, lit)
        except ValueError:  # no solvable board has that count (e.g. one lit cell on 4x4)
            continue
        assert board.lit_count == lit
        result = solve(Puzzle(rows, cols, 2, PLUS), board.flat)
        assert result.solvable and result.presses is not None
        assert simulate(board, Board.from_flat(rows, cols, result.presses)) == [[0] * cols for _ in range(rows)]


def test_a_search_chases_only_the_quiet_patterns_it_reaches(monkeypatch):
    # 256×256 has 144 quiet patterns: a board is solvable one time in 2^144, so every draw fails.
    # A draw fails at its first odd overlap (the first pattern half the time), so a search of 60
    # draws needs about the first log2(60) + 1 patterns; building all 144 before the first draw (as
    # 2048×2048's 1 056 of 4 Mi bits each took 6.9 s and 794 MB) is what this rules out.
    chased = 0
    plain = chase.chase

    def counted(*args):
        nonlocal chased
        chased += 1
        return plain(*args)

    monkeypatch.setattr(chase, "chase", counted)
    monkeypatch.setattr(random_boards, "MAX_ATTEMPTS", 60)
    monkeypatch.setattr(random_boards, "SEARCH_SECONDS", 600.0)
    with pytest.raises(ValueError) as caught:
        random_solvable(256, 256, random.Random(1), 1000)
    assert chased <= 20, chased
    assert "exactly 1000 lit cells: 60 tried in" in str(caught.value) and "one board in 2^144 " in str(caught.value)


class Clock:
    """A time.monotonic that moves only when told: the search's deadline without the machine's load."""

    def __init__(self):
        self.now = 0.0

    def monotonic(self):
        return self.now


def test_the_setup_and_the_draws_stay_within_the_search_seconds(monkeypatch):
    # Setting up the check takes 2 s and each draw 2 s of the 5 s: one draw, then the next would
    # end at 6 s, so the search gives up at 4 s (it took 3 draws and 6 s when the deadline was
    # only looked at between draws and started after the setup).
    clock = Clock()
    monkeypatch.setattr(random_boards, "time", SimpleNamespace(monotonic=clock.monotonic))
    plain_solve = random_boards.solve

    def slow_solve(*args, **kwargs):
        clock.now += 2
        return plain_solve(*args, **kwargs)

    monkeypatch.setattr(random_boards, "solve", slow_solve)
    rng = random.Random(1)
    plain_sample = rng.sample

    draws = 0

    def slow_sample(*args):
        nonlocal draws
        draws += 1
        clock.now += 2
        return plain_sample(*args)

    rng.sample = slow_sample
    with pytest.raises(ValueError) as caught:
        random_solvable(256, 256, rng, 1000)
    assert (draws, clock.now) == (1, 4.0)
    assert "1 tried in 4.0 s" in str(caught.value)

