import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest
from lightsout import parse_board
from lightsout.model.board import Board
from lightsout.cli.commands import main
from reference import DATA, naive_apply, pack, simulate, unpack

PY = Path(__file__).resolve().parents[2] / "py"


def run(*args, stdin=""):
    """Run the CLI as a user does, in a fresh interpreter."""
    env = dict(os.environ, PYTHONPATH=str(PY))
    return subprocess.run([sys.executable, "-m", "lightsout", *args], input=stdin, capture_output=True, text=True, env=env, timeout=60)


def test_loj_round_trip_through_the_cli():
    text = "4\n#...\n.#..\n..#.\n...#\n"
    board = parse_board(text).board
    done = run("solve", "--format", "loj", stdin=text)
    assert done.returncode == 0, done.stderr
    answer = done.stdout
    assert answer.endswith("\n") and len(answer.splitlines()) == 4
    presses = parse_board(answer).board
    assert simulate(board, presses) == [[0] * 4 for _ in range(4)]


def test_loj_no_solution():
    done = run("solve", "--format", "loj", stdin="4\n#...\n....\n....\n....\n")
    assert (done.returncode, done.stdout) == (0, "No solution\n")


def test_tv_show_file(capsys):
    assert main(["solve", str(DATA / "tv-show-8x8.txt"), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    board = parse_board((DATA / "tv-show-8x8.txt").read_text()).board
    assert report["solvable"] and report["nullity"] == 0 and report["solutions"] == "1"
    presses = Board.from_id(report["solution_id"])
    assert simulate(board, presses) == [[0] * 8 for _ in range(8)]
    assert report["presses"] == presses.lit_count == 20


def test_solution_keeps_the_board_symbols(tmp_path, capsys):
    path = tmp_path / "b.txt"
    path.write_text("1 1 0\n1 0 0\n0 0 0\n")
    assert main(["solve", str(path)]) == 0
    out = capsys.readouterr().out
    assert set(out.replace("\n", "")) <= {"1", "0", " "}
    presses = parse_board(out).board
    assert simulate(parse_board(path.read_text()).board, presses) == [[0] * 3 for _ in range(3)]


def test_target_on_and_file(tmp_path, capsys):
    board_path = tmp_path / "b.txt"
    board_path.write_text("...\n...\n...\n")
    assert main(["solve", str(board_path), "--target", "on", "--json"]) == 0
    presses = Board.from_id(json.loads(capsys.readouterr().out)["solution_id"])
    assert simulate(Board(3, 3), presses) == [[1] * 3 for _ in range(3)]
    target_path = tmp_path / "t.txt"
    target_path.write_text("#..\n...\n..#\n")
    assert main(["solve", str(board_path), "--target", str(target_path), "--json"]) == 0
    presses = Board.from_id(json.loads(capsys.readouterr().out)["solution_id"])
    assert simulate(Board(3, 3), presses) == [[1, 0, 0], [0, 0, 0], [0, 0, 1]]


def test_all_and_minimal():
    board = Board(4, 4).apply(Board.from_cells(4, 4, [(1, 1), (3, 0)]))
    text = str(board) + "\n"
    done = run("solve", "--all", "--limit", "20", "--json", "--minimal", stdin=text)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["nullity"] == 4 and report["solutions"] == "16" and report["minimal"]
    solutions = [Board.from_id(game_id) for game_id in report["all_solutions"]]
    assert len(solutions) == 16 == len(set(solutions))
    for presses in solutions:
        assert simulate(board, presses) == [[0] * 4 for _ in range(4)]
    assert report["presses"] == min(s.lit_count for s in solutions) == 2
    listed = run("solve", "--all", "--limit", "3", stdin=text)
    assert listed.returncode == 0 and listed.stdout.count("\n\n") == 2


@pytest.mark.parametrize("algorithm", ["full-enumeration", "first-row-enumeration", "full-system", "first-row-system"])
def test_every_algorithm_by_name(tmp_path, capsys, algorithm):
    path = tmp_path / "b.txt"
    path.write_text("#.#.\n.##.\n#..#\n" if algorithm != "full-enumeration" else "#.#.\n.##.\n#..#\n")
    assert main(["solve", str(path), "--algorithm", algorithm, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["method"] == algorithm
    board = parse_board(path.read_text()).board
    if report["solvable"]:
        assert simulate(board, Board.from_id(report["solution_id"])) == [[0] * 4 for _ in range(3)]


def test_analyze_json(capsys):
    assert main(["analyze", "5x5", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["rows"], report["cols"], report["rank"], report["nullity"]) == (5, 5, 23, 2)
    for game_id in report["quiet"]:
        assert Board(5, 5).apply(Board.from_id(game_id)).is_dark


def test_analyze_text_shows_quiet_grids(capsys):
    assert main(["analyze", "4x4"]) == 0
    out = capsys.readouterr().out
    assert "nullity: 4" in out and out.count("\n\n") == 4


@pytest.mark.parametrize("k, power, factors, unproven", [(2, "2^599", "", "2^598"), (3, "3^199", " ((Z/3)^199)", "3^198")])
def test_a_count_of_more_than_15_digits_is_written_as_powers(tmp_path, capsys, k, power, factors, unproven):
    cells = 600 if k == 2 else 200  # every press lights cell 0 only: k^(cells - 1) solutions per solvable board
    path = tmp_path / "zero.txt"
    path.write_text(f"cells {cells}\nk {k}\n" + "".join(f"press {i}: 0\n" for i in range(cells)))
    assert main(["analyze", "--puzzle", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"\nsolutions per solvable board: {power}{factors}\n" in out, out
    assert f"\nsolvable boards: 1/{power}\n" in out, out
    figures = out.split("quiet patterns")[0]  # then the patterns, as boards of digits
    assert not any(len(word) > 15 and word.isdigit() for word in figures.replace("/", " ").split())
    assert len(str(k ** (cells - 1))) > 90  # what was written in full
    # A fewest-presses search that is not proven says how many solutions it chose from the same way.  (On the
    # puzzle above every answer is proven by counting: one press changes the one light that counts.)  Here press 1
    # lights cells 1 and 2, every other press cells 0 and 1 (k^(cells - 2) solutions); the board needs 2 presses
    # (k = 2: lights 0 and 2) or 4 (k = 3: states 1 2 1), one more than its lights to change over 2 a press.
    pairs = tmp_path / "pairs.txt"
    pairs.write_text(f"cells {cells}\nk {k}\npress 1: 1 2\n" + "".join(f"press {i}: 0 1\n" for i in range(cells) if i != 1))
    board = tmp_path / "board.txt"
    board.write_text(("101" if k == 2 else "121") + "0" * (cells - 3))
    assert main(["solve", "--puzzle", str(pairs), str(board), "--minimal", "--seconds", "0.1"]) == 0
    assert f"the best of {unproven} solutions" in capsys.readouterr().err


@pytest.mark.parametrize("k, cells, power", [(2, 1000, "2^1000"), (3, 380, "3^380")])
def test_an_unproven_fewest_presses_answer_on_a_grid_writes_its_count_as_powers(tmp_path, k, cells, power):
    # A 40×40 (k = 2) or 20×20 (k = 3) board whose first `cells` cells do not count: k^cells solutions (not all
    # 400 of 20×20: pressing nothing would be proven fewest).
    side = 40 if k == 2 else 20
    mask = tmp_path / "mask.txt"
    mask.write_text("\n".join("".join("?" if r * side + c < cells else "." for c in range(side)) for r in range(side)) + "\n")
    board = "\n".join(("#" if k == 2 else "1") * side for _ in range(side)) + "\n"
    states = [] if k == 2 else ["--states", str(k)]
    done = run("solve", "--minimal", "--seconds", "0.1", "--mask", str(mask), *states, stdin=board)
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith(f"lightsout: fewest presses not proven: the best of {power} solutions ("), done.stderr
    assert done.stderr.rstrip().endswith(")") and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert not any(len(word) > 15 and word.isdigit() for word in done.stderr.replace("^", " ").split())


@pytest.mark.parametrize(
    "args,stdin,message",
    [
        (["solve"], "#.\n#x\n", "line 2, column 2"),
        (["solve", "--format", "loj"], "3\n#.#\n", "says 3 rows"),
        (["solve", "/no/such/file"], "", "cannot read /no/such/file"),
        (["solve", "--algorithm", "full-enumeration"], "#####\n#####\n#####\n#####\n#####\n", "full_enumeration_cells (20) cells"),
        (["solve", "--target", "on"], "", "the text holds no board"),
    ],
)
def test_bad_input_exits_2_with_one_line(args, stdin, message):
    done = run(*args, stdin=stdin)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_bad_size_exits_2():
    done = run("analyze", "0x5")
    assert done.returncode == 2 and "Traceback" not in done.stderr


LIGHTS_OUT_2000 = "01200\n12010\n20102\n01021\n00210\n"


def test_three_states_solved_by_the_cli_with_the_fewest_presses(tmp_path):
    from lightsout.text.formats import parse_states

    path = tmp_path / "lo2000.txt"
    path.write_text(LIGHTS_OUT_2000)
    done = run("solve", str(path), "--states", "3", "--minimal")
    assert done.returncode == 0, done.stderr
    rows, cols, presses = parse_states(done.stdout, 3)
    _, _, cells = parse_states(LIGHTS_OUT_2000, 3)
    assert (rows, cols) == (5, 5) and naive_apply(5, 5, 3, "plus", "plane", cells, presses) == [0] * 25
    # every solution, by the API: the CLI's has the fewest presses
    from lightsout.api import handle

    board = pack(5, 5, cells, 3)
    listed = json.loads(handle(json.dumps({"op": "solutions", "board": board, "k": 3})))
    assert sum(presses) == min(sum(unpack(s, 3)[2]) for s in listed["solutions"])


def test_states_on_a_klein_bottle_json_and_analyze(tmp_path, capsys):
    from lightsout.text.formats import format_states, parse_states

    cells = naive_apply(3, 4, 7, "plus", "klein", [0] * 12, [3, 0, 6, 1, 0, 2, 5, 0, 0, 4, 1, 6])  # solvable by construction
    path = tmp_path / "k7.txt"
    path.write_text(format_states(3, 4, cells, 7) + "\n")
    assert main(["solve", str(path), "--states", "7", "--surface", "klein", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["states"], report["surface"], report["method"], report["solvable"]) == (7, "klein", "klein-chase", True)
    presses = parse_states(report["solution"], 7)[2]
    assert naive_apply(3, 4, 7, "plus", "klein", cells, presses) == [0] * 12
    assert int(report["solutions"]) == math.prod(report["invariant_factors"])
    assert main(["analyze", "6x6", "--states", "7", "--surface", "klein"]) == 0
    assert "solutions per solvable board: 343 (Z/7 x Z/7 x Z/7)" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args,message",
    [
        (["--states", "3", "--torus", "--surface", "klein"], "contradict"),
        (["--states", "3", "--algorithm", "chebyshev"], "--algorithm is for two states"),
        (["--states", "3", "--format", "loj"], "--format loj holds two-state boards"),
        (["--states", "1"], "from 2 to 255"),
        (["--states", "3", "--mask", "/dev/null"], "empty mask"),
        (["--states", "3", "--surface", "sphere"], "invalid choice"),
        (["--states", "3", "--surface", "klein", "--mask", "/no/such/mask"], "cannot read /no/such/mask"),
    ],
)
def test_bad_states_options_exit_2(tmp_path, args, message):
    path = tmp_path / "board.txt"
    path.write_text(LIGHTS_OUT_2000)
    done = run("solve", str(path), *args)
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_every_solution_of_a_k_state_board(tmp_path, capsys):
    from lightsout.text.formats import parse_states

    path = tmp_path / "k3.txt"
    path.write_text("0000\n0000\n0000\n")  # the dark 3x4 torus, 3 states: 3^4 = 81 solutions (its quiet patterns)
    assert main(["solve", str(path), "--states", "3", "--surface", "torus", "--all", "--limit", "50"]) == 0
    listed = [parse_states(block, 3)[2] for block in capsys.readouterr().out.strip().split("\n\n")]
    assert listed[0] == [0] * 12 and len(listed) == len({tuple(s) for s in listed}) == 50
    totals = [sum(s) for s in listed]
    assert totals == sorted(totals)
    for presses in listed:
        assert naive_apply(3, 4, 3, "plus", "torus", [0] * 12, presses) == [0] * 12


@pytest.mark.parametrize(("args", "symbols", "size_line"), [(["--format", "loj"], "01", "400\n"), ([], "#.", "")])
def test_a_reader_that_goes_away_gets_no_traceback(tmp_path, args, symbols, size_line):
    """`lightsout solve big.txt | head`: the closed pipe ends the run quietly (exit 1), not with a traceback
    (the LOJ fast path and the general one)."""
    rng = __import__("random").Random(5)
    board = tmp_path / "big.txt"
    board.write_text(size_line + "\n".join("".join(rng.choice(symbols) for _ in range(400)) for _ in range(400)) + "\n")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "py")}
    process = subprocess.Popen([sys.executable, "-m", "lightsout", "solve", *args, str(board)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert process.stdout is not None and process.stderr is not None
    assert len(process.stdout.read(100)) == 100  # the answer (160 kB, more than a pipe holds) has started
    process.stdout.close()
    error = process.stderr.read().decode()
    assert process.wait(timeout=60) == 1
    assert "Traceback" not in error and "BrokenPipe" not in error, error
