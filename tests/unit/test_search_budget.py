"""Every search within its budget (issue 49): the fewest-presses search with k > 2 and the listing of
solutions stop at ``seconds`` and say so — the best found marked not proven (``minimal`` false, as
k = 2 does), a list cut short marked ``cut_short`` — and every answer still solves its board, checked
by pressing it.  A budget of 0 s stops every search before its second solution, whatever the machine."""

from __future__ import annotations

import json

import pytest

from lightsout.api import handle
from lightsout.cli.commands import main
from lightsout.model import codec
from lightsout.model.puzzle import Puzzle, apply, differing
from lightsout.model.rules import PLUS
from lightsout.solving.solver import solve

# (rows, cols, k, surface, seed of the API's random board): the first solution found is not a fewest one
# (tests/unit: found with seconds 0 and with a full search). 5x17 is solved on its transpose.
BOARDS = [(5, 5, 3, "torus", 1), (4, 4, 3, "torus", 1), (5, 17, 3, "plane", 1), (4, 11, 6, "plane", 1)]


def _random(rows: int, cols: int, k: int, surface: str, seed: int) -> str:
    reply = json.loads(handle(json.dumps({"op": "random", "rows": rows, "cols": cols, "k": k, "surface": surface, "seed": seed})))
    assert reply["ok"], reply
    return str(reply["board"])


def _solves(puzzle: Puzzle, lights: int, presses: int) -> bool:
    """Whether pressing ``presses`` (a packed board of press counts) takes ``lights`` to the puzzle's goal."""
    return differing(puzzle, apply(puzzle, lights, presses)) == 0


@pytest.mark.parametrize(("rows", "cols", "k", "surface", "seed"), BOARDS)
def test_fewest_presses_with_more_than_two_states_stops_at_its_budget(rows, cols, k, surface, seed):
    """seconds=0: the solution found first, minimal False; with time to visit them all: a lighter one, proven."""
    _, _, lights = codec.parse_packed(_random(rows, cols, k, surface, seed), k)
    puzzle = Puzzle(rows, cols, k, PLUS.on_surface(surface))
    cut = solve(puzzle, lights, minimal=True, seconds=0)
    whole = solve(puzzle, lights, minimal=True, seconds=60)
    assert cut.presses is not None and whole.presses is not None
    assert not cut.minimal and whole.minimal
    assert whole.press_total is not None and cut.press_total is not None and whole.press_total < cut.press_total
    assert _solves(puzzle, lights, cut.presses) and _solves(puzzle, lights, whole.presses)


def test_the_api_answers_the_best_found_within_seconds_not_proven():
    board = _random(5, 5, 3, "torus", 1)
    request = {"op": "solve", "board": board, "k": 3, "surface": "torus", "minimal": True}
    cut = json.loads(handle(json.dumps({**request, "seconds": 0})))
    whole = json.loads(handle(json.dumps({**request, "seconds": 60})))
    assert cut["ok"] and cut["minimal"] is False and whole["minimal"] is True and whole["presses"] < cut["presses"]
    puzzle = Puzzle(5, 5, 3, PLUS.on_surface("torus"))
    lights = codec.parse_packed(board, 3)[2]
    for reply in (cut, whole):
        assert _solves(puzzle, lights, codec.parse_packed(reply["solution"], 3)[2])


def test_the_cli_honours_seconds_with_more_than_two_states(tmp_path, capsys):
    board = _random(5, 5, 3, "torus", 1)
    (tmp_path / "board.txt").write_text(board)
    status = main(["solve", str(tmp_path / "board.txt"), "--format", "id", "--states", "3", "--torus", "--minimal", "--seconds", "0", "--json"])
    out, err = capsys.readouterr()
    assert status == 0 and "fewest presses not proven" in err and "--seconds gives the search more time" in err
    report = json.loads(out)
    assert report["minimal"] is False
    puzzle = Puzzle(5, 5, 3, PLUS.on_surface("torus"))
    assert _solves(puzzle, codec.parse_packed(board, 3)[2], codec.parse_packed(report["solution_id"], 3)[2])


@pytest.mark.parametrize(("rows", "cols", "k", "surface", "seed"), [(4, 4, 3, "torus", 1), (5, 5, 2, "plane", 1)])
def test_the_solutions_op_says_when_its_list_is_cut_short(rows, cols, k, surface, seed):
    """seconds=0: the solution found first only, cut_short true; by default every solution (4x4 torus, k = 3:
    243; 5x5, k = 2: 4), fewest presses first, cut_short false. The total is the same either way."""
    board = _random(rows, cols, k, surface, seed)
    request = {"op": "solutions", "board": board, "k": k, "surface": surface}
    cut = json.loads(handle(json.dumps({**request, "seconds": 0})))
    whole = json.loads(handle(json.dumps(request)))
    assert cut["ok"] and whole["ok"], (cut, whole)
    assert cut["cut_short"] is True and whole["cut_short"] is False
    assert cut["total"] == whole["total"] and len(whole["solutions"]) == int(whole["total"]) and len(cut["solutions"]) == 1
    puzzle = Puzzle(rows, cols, k, PLUS.on_surface(surface))
    lights = codec.parse_packed(board, k)[2]
    listed = [codec.parse_packed(text, k)[2] for text in whole["solutions"]]
    assert len(set(listed)) == len(listed) and all(_solves(puzzle, lights, presses) for presses in listed)
    totals = [sum(puzzle.states(presses)) for presses in listed]
    assert totals == sorted(totals)
    assert _solves(puzzle, lights, codec.parse_packed(cut["solutions"][0], k)[2])


def test_the_cli_says_when_all_is_cut_short(tmp_path, capsys):
    board = _random(4, 4, 3, "torus", 1)
    (tmp_path / "board.txt").write_text(board)
    status = main(["solve", str(tmp_path / "board.txt"), "--format", "id", "--states", "3", "--torus", "--all", "--seconds", "0", "--json"])
    out, err = capsys.readouterr()
    assert status == 0 and "the list is cut short" in err
    report = json.loads(out)
    puzzle = Puzzle(4, 4, 3, PLUS.on_surface("torus"))
    lights = codec.parse_packed(board, 3)[2]
    assert len(report["all_solutions"]) == 1 and _solves(puzzle, lights, codec.parse_packed(report["all_solutions"][0], 3)[2])
