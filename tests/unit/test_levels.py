"""Levels: the handhelds' built-in puzzles (lightsout.presets.levels, lightsout.presets.level_data), the API's levels op and the CLI (levels, solve --level).

Every level is solved by the package and its solution pressed cell by cell with press sets written
out here (the 5×5 cross; the Cube from its source's own numbering: each face a 3×3 grid, plus the
36 pairs its model joins across the cube's edges), and its fewest presses and their number are
counted again by visiting every solution: a particular one plus every quiet pattern, found by this
file's own elimination over GF(2).
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest
from lightsout import solve
from lightsout.model import codec
from lightsout.api import call, handle
from lightsout.cli.commands import main
from lightsout.presets.presets import PRESETS
from lightsout.errors import LEVEL_ERRORS
from lightsout.presets.level_data import CUBE, TIGER_1995
from lightsout.presets.levels import CUBE_APP_TURNS, LEVEL_SETS, cube_board, cube_cell, level_set, tiger_board
from lightsout.text.cell_runs import read_cells
from reference import least_weight_in_coset

PY = Path(__file__).resolve().parents[2] / "py"

# -- independent press sets ---------------------------------------------------

CROSS_5X5 = [
    {r * 5 + c for r, c in ((row, col), (row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)) if 0 <= r < 5 and 0 <= c < 5}
    for row in range(5)
    for col in range(5)
]

CUBE_APP_IDS = [10 * face + position for face in range(6) for position in range(1, 10)]

CUBE_APP_SEAMS = [
    (1, 49), (1, 53), (2, 46), (3, 23), (3, 43), (4, 56), (6, 22), (7, 11), (7, 59), (8, 12), (9, 13), (9, 21),
    (11, 59), (13, 21), (14, 58), (16, 24), (17, 37), (17, 57), (18, 34), (19, 27), (19, 31), (23, 43), (26, 42), (27, 31),
    (28, 32), (29, 33), (29, 41), (33, 41), (36, 44), (37, 57), (38, 54), (39, 47), (39, 51), (47, 51), (48, 52), (49, 53),
]
"""The pairs of cell ids (10·face + position) that LightsOutCubeApp's model (src/Model/LightsOutCubeModel.cs,
its offset table) makes neighbours across the cube's edges: 12 edges × 3 pairs.  Within a face, positions
1–9 are a 3×3 grid row by row."""


def cube_app_neighbours() -> dict[int, set[int]]:
    """Each source cell id's four neighbours: its face's grid, and the seams."""
    neighbours: dict[int, set[int]] = {cell: set() for cell in CUBE_APP_IDS}
    for cell in CUBE_APP_IDS:
        face, position = divmod(cell, 10)
        r, c = divmod(position - 1, 3)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < 3 and 0 <= cc < 3:
                neighbours[cell].add(10 * face + 3 * rr + cc + 1)
    for a, b in CUBE_APP_SEAMS:
        neighbours[a].add(b)
        neighbours[b].add(a)
    return neighbours


def cube_sets() -> list[set[int]]:
    """The cube preset's press sets as the source's model makes them, carried to the preset's cells by cube_cell."""
    sets: list[set[int]] = [set() for _ in range(54)]
    for cell, around in cube_app_neighbours().items():
        sets[cube_cell(cell)] = {cube_cell(cell)} | {cube_cell(other) for other in around}
    return sets


PRESS_SETS = {"classic": CROSS_5X5, "cube": cube_sets()}


def press_all(sets: list[set[int]], board: int, presses: int) -> int:
    """Press every cell of ``presses`` one at a time, toggling its press set."""
    for cell in range(len(sets)):
        if presses >> cell & 1:
            for light in sets[cell]:
                board ^= 1 << light
    return board


def quiet_basis(sets: list[set[int]]) -> list[int]:
    """A basis of the press patterns that change no light: eliminate the presses' effects, tracking which presses
    make each row; every effect that reduces to nothing leaves a quiet pattern."""
    pivots: dict[int, tuple[int, int]] = {}  # leading bit -> (effect, presses that make it)
    quiet = []
    for cell, reach in enumerate(sets):
        effect, made = sum(1 << light for light in reach), 1 << cell
        while effect:
            top = effect.bit_length() - 1
            if top not in pivots:
                pivots[top] = (effect, made)
                break
            effect ^= pivots[top][0]
            made ^= pivots[top][1]
        else:
            quiet.append(made)
    return quiet


# -- the data -----------------------------------------------------------------


def test_the_sets_their_presets_and_sizes() -> None:
    assert [(entry.name, entry.preset, len(entry.levels)) for entry in LEVEL_SETS.values()] == [
        ("classic", "classic", 50), ("lights-out-2000", "classic", 50), ("cube", "cube", 54)]
    for entry in LEVEL_SETS.values():
        puzzle = PRESETS[entry.preset].puzzle
        assert [level.number for level in entry.levels] == list(range(1, len(entry.levels) + 1))
        assert all(0 < level.board < 1 << puzzle.cells for level in entry.levels)
        assert len({level.board for level in entry.levels}) == len(entry.levels)  # no board twice in a set
    assert all(len(set(cells)) == len(cells) for cells in CUBE)  # the source toggles each: a repeat would cancel


def test_jaaps_rows_are_read_top_down_with_bit_j_the_column_j_plus_1() -> None:
    # Bit 0 is the leftmost column (Jaap's player draws column j from bit j after shifting the row left by one).
    assert tiger_board((1, 2, 4, 8, 16)) == sum(1 << (6 * i) for i in range(5))  # the diagonal from the top left
    assert tiger_board((16, 0, 0, 0, 0)) == 1 << 4  # top right
    assert tiger_board(TIGER_1995[0]) == read_cells(PRESETS["classic"].puzzle, "..... ..... #.#.# ..... .....")
    for bad in ((0, 0, 0, 0), (32, 0, 0, 0, 0), (0, 0, 0, 0, -1)):
        with pytest.raises(ValueError, match="five rows of 0..31"):
            tiger_board(bad)


@pytest.mark.parametrize("name", list(LEVEL_SETS))
def test_every_level_is_solved_in_its_fewest_presses_counted_again(name: str) -> None:
    entry = LEVEL_SETS[name]
    puzzle = PRESETS[entry.preset].puzzle
    sets = PRESS_SETS[entry.preset]
    quiet = quiet_basis(sets)
    assert len(quiet) == {"classic": 2, "cube": 6}[entry.preset]  # docs/games.md's nullities
    for level in entry.levels:
        result = solve(puzzle, level.board, minimal=True)
        assert result.presses is not None and result.minimal, (name, level.number)
        assert press_all(sets, level.board, result.presses) == puzzle.target_board(), (name, level.number)
        fewest, count = least_weight_in_coset(result.presses, quiet)
        assert (fewest, count) == (level.minimal_presses, level.minimal_count) == (result.press_total, result.minimal_count), (name, level.number)


@pytest.mark.parametrize("name", ["classic", "lights-out-2000"])
def test_tigers_levels_come_in_blocks_of_five_needing_6_to_15_presses(name: str) -> None:
    assert [level.minimal_presses for level in LEVEL_SETS[name].levels] == [6 + (n - 1) // 5 for n in range(1, 51)]


def test_the_cubes_levels_need_1_to_12_presses_three_each_then_13_to_30() -> None:
    expected = [math.ceil(n / 3) if n <= 36 else n - 24 for n in range(1, 55)]
    assert [level.minimal_presses for level in LEVEL_SETS["cube"].levels] == expected


# -- the Cube's numbering -------------------------------------------------------


def test_the_cube_map_is_a_bijection_keeping_every_neighbour_pair() -> None:
    assert sorted(cube_cell(cell) for cell in CUBE_APP_IDS) == list(range(54))
    neighbours = cube_app_neighbours()
    assert all(len(around) == 4 for around in neighbours.values())
    pairs = {frozenset((cube_cell(a), cube_cell(b))) for a, around in neighbours.items() for b in around}
    puzzle = PRESETS["cube"].puzzle
    preset_pairs = {frozenset((i, j)) for i in range(54) for j in puzzle.covered(*divmod(i, puzzle.cols)) if j != i}
    assert len(pairs) == 108 and pairs == preset_pairs


def test_the_cube_map_turns_faces_3_to_5() -> None:
    # The source's face 3 is the preset's D turned a quarter clockwise: its top row is D's right column.
    assert [cube_cell(30 + position) for position in (1, 2, 3)] == [27 + 2, 27 + 5, 27 + 8]
    assert CUBE_APP_TURNS == (0, 0, 0, 1, 3, 3)


@pytest.mark.parametrize("cell_id", [0, 10, 30, 50, 60, 65, -1])
def test_a_cube_id_naming_no_button_is_refused(cell_id: int) -> None:
    with pytest.raises(ValueError, match="names no button"):
        cube_cell(cell_id)


def one_light_changes(board: int) -> dict[int, int | None]:
    """The fewest presses of the board with each one cell toggled (None when unsolvable)."""
    puzzle = PRESETS["cube"].puzzle
    return {cell: solve(puzzle, board ^ 1 << cell, minimal=True).press_total for cell in range(54)}


def test_cube_level_29_is_the_source_without_its_id_30() -> None:
    # Puzzle.txt listed 30 (no button) in puzzle 29; Puzzle.xml dropped it. As transcribed the level needs 10
    # presses, as 28 and 30 do; no one light more or less gives 10, so the 30 stood for no light.
    board = cube_board(CUBE[28])
    assert board == LEVEL_SETS["cube"].level(29).board
    assert solve(PRESETS["cube"].puzzle, board, minimal=True).press_total == 10
    assert 10 not in one_light_changes(board).values()


def test_cube_level_46_reads_the_sources_50_as_55() -> None:
    # Puzzle.txt listed 50 (no button) in puzzle 46; Puzzle.xml dropped it, and the level then needs 17 presses,
    # where its place (37–54 need 13–30) says 22. Of the 54 one-light changes only adding 55 gives 22.
    transcribed = cube_board(tuple(cell for cell in CUBE[45] if cell != 55))
    assert CUBE[45][-1] == 55 and len(CUBE[45]) == 10
    assert solve(PRESETS["cube"].puzzle, transcribed, minimal=True).press_total == 17
    changes = one_light_changes(transcribed)
    assert [cell for cell, fewest in changes.items() if fewest == 22] == [cube_cell(55)]
    level = LEVEL_SETS["cube"].level(46)
    assert level.board == transcribed | 1 << cube_cell(55) and level.minimal_presses == 22
    assert level.note is not None and "55" in level.note["en"] and "55" in level.note["zh"]
    assert [entry.number for entry in LEVEL_SETS["cube"].levels if entry.note] == [46]


def test_level_lookup_names_the_range() -> None:
    assert level_set("cube").level(54).minimal_presses == 30
    with pytest.raises(ValueError, match="level 55 is outside the cube levels, 1 to 54"):
        level_set("cube").level(55)
    with pytest.raises(ValueError, match="unknown level set “deluxe”; choose one of classic, lights-out-2000, cube"):
        level_set("deluxe")


# -- the API --------------------------------------------------------------------


def ask(**request: object) -> dict:
    return json.loads(handle(json.dumps({"op": "levels", **request})))


def test_the_levels_op_gives_every_set_and_level_as_boards_of_their_presets() -> None:
    reply = ask()
    assert reply["ok"] and [entry["name"] for entry in reply["sets"]] == list(LEVEL_SETS)
    for entry in reply["sets"]:
        preset = PRESETS[entry["preset"]].puzzle
        assert entry["count"] == len(entry["levels"]) == len(LEVEL_SETS[entry["name"]].levels)
        assert set(entry["game"]) == set(entry["description"]) == {"en", "zh"} and entry["sources"]
        for level in entry["levels"]:
            rows, cols, board = codec.parse_packed(level["board"], preset.k)
            assert (rows, cols) == (preset.rows, preset.cols)
            assert board == LEVEL_SETS[entry["name"]].level(level["number"]).board
    # The page solves a level with the solve op on the set's preset: the fewest presses agree.
    level = ask(game="lights-out-2000", level=50)["sets"][0]["levels"][0]
    solved = json.loads(handle(json.dumps({"op": "solve", "preset": "classic", "board": level["board"], "minimal": True})))
    assert (solved["presses"], solved["minimal_count"]) == (level["minimal_presses"], level["minimal_count"]) == (15, 4)


def test_the_levels_op_gives_one_set_or_one_level() -> None:
    cube = ask(game="cube")["sets"]
    assert len(cube) == 1 and cube[0]["count"] == len(cube[0]["levels"]) == 54
    one = ask(game="classic", level=12)["sets"]
    assert len(one) == 1 and one[0]["count"] == 50
    assert one[0]["levels"] == [{"number": 12, "board": "5x5:X22nAA", "minimal_presses": 8, "minimal_count": 1, "note": None}]
    assert codec.parse_packed("5x5:X22nAA")[2] == tiger_board(TIGER_1995[11])
    assert ask(game="cube", level=46)["sets"][0]["levels"][0]["note"]["en"].startswith("The transcription lists cell 50")
    reply, payload = call(json.dumps({"op": "levels", "set": "classic", "level": 1, "binary": True}))
    board = json.loads(reply)["sets"][0]["levels"][0]["board"]
    assert board == "5x5@0" and codec.from_bytes(payload, 25) == LEVEL_SETS["classic"].level(1).board


@pytest.mark.parametrize(
    ("request_fields", "field", "message", "code", "params"),
    [
        ({"set": "deluxe-plus"}, "set", "unknown level set “deluxe-plus”; choose one of classic, lights-out-2000, cube",
         "unknown_set", {"found": "deluxe-plus", "choices": "classic, lights-out-2000, cube"}),
        ({"set": "classic", "level": 51}, "level", "level 51 is outside the classic levels, 1 to 50",
         "number_outside", {"number": 51, "set": "classic", "count": 50}),
        ({"set": "cube", "level": 0}, "level", "level 0 is outside the cube levels, 1 to 54", "number_outside", {"number": 0, "set": "cube", "count": 54}),
        ({"level": 3}, "level", "a level number needs the level set it belongs to", "set_needed", {}),
        ({"set": "classic", "level": "3"}, "level", "request field 'level' has the wrong type", None, None),
        ({"set": 7}, "set", "request field 'set' has the wrong type", None, None),
        ({"game": 7}, "game", "request field 'game' has the wrong type", None, None),
        ({"set": "cube", "game": "classic"}, "set",
         "request fields 'set' ('cube') and 'game' ('classic', its old name) name different level sets", None, None),
    ],
)
def test_the_levels_op_names_a_bad_field(request_fields: dict, field: str, message: str, code: str | None, params: dict | None) -> None:
    """A bad set or number comes with its code and params (lightsout.errors.LEVEL_ERRORS), which the page words
    from its strings (levels_<code>, static/strings/*.json); a field of the wrong type is the API's own."""
    reply = ask(**request_fields)
    assert not reply["ok"]
    assert (reply["error"]["field"], reply["error"]["message"]) == (field, message)
    assert (reply["error"].get("code"), reply["error"].get("params")) == (code, params)
    if code is not None:
        assert LEVEL_ERRORS[code].format(**params) == message


# -- the command line -------------------------------------------------------------


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(PY))
    return subprocess.run([sys.executable, "-m", "lightsout", *args], capture_output=True, text=True, env=env, timeout=120)


def test_levels_lists_every_set_and_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["levels"]) == 0
    out = capsys.readouterr().out
    blocks = out.split("\n\n")
    assert [block.splitlines()[0].split()[0] for block in blocks] == list(LEVEL_SETS)
    assert blocks[0].splitlines()[0] == (
        "classic          Lights Out (Tiger Electronics, 1995): 50 levels on --preset classic, 6 to 15 presses")
    assert blocks[0].splitlines()[1] == "   1  fewest  6  (2 solutions)  ...../...../#.#.#/...../....."
    assert blocks[2].splitlines()[1] == "   1  fewest  1  (1 solution)  .#./###/.#. .../.../... .../.../... .../.../... .../.../... .../.../..."
    assert [len(block.splitlines()) - 1 for block in blocks] == [50, 50, 54]
    for entry, block in zip(LEVEL_SETS.values(), blocks):
        puzzle = PRESETS[entry.preset].puzzle
        for level, line in zip(entry.levels, block.splitlines()[1:]):
            fields = line.split()
            assert (int(fields[0]), int(fields[2])) == (level.number, level.minimal_presses)
            assert read_cells(puzzle, line.split(")  ", 1)[1].replace("/", "")) == level.board


def test_levels_of_one_game_and_one_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["levels", "--set", "cube"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("cube ") and len(lines) == 55 and lines[-1].startswith("  54  fewest 30  (64 solutions)")
    assert main(["levels", "--set", "classic", "--level", "12"]) == 0
    assert capsys.readouterr().out == "classic level 12 of 50 (--preset classic): fewest presses 8 (1 solution)\n#####\n.#.#.\n##.##\n.###.\n.#.#.\n"
    assert main(["levels", "--set", "cube", "--level", "46"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "cube level 46 of 54 (--preset cube): fewest presses 22 (12 solutions)"
    assert read_cells(PRESETS["cube"].puzzle, out.split("\n", 1)[1].split("note:")[0]) == LEVEL_SETS["cube"].level(46).board
    assert "note: The transcription lists cell 50" in out


def test_levels_json_is_the_api_reply_with_text_boards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["levels", "--set", "lights-out-2000", "--level", "7", "--json"]) == 0
    reply = json.loads(capsys.readouterr().out)
    level = reply["sets"][0]["levels"][0]
    assert (reply["sets"][0]["name"], reply["sets"][0]["preset"], level["number"], level["minimal_presses"]) == ("lights-out-2000", "classic", 7, 7)
    expected = LEVEL_SETS["lights-out-2000"].level(7).board
    assert read_cells(PRESETS["classic"].puzzle, level["board"]) == codec.parse_packed(level["board_id"])[2] == expected
    assert main(["levels", "--json"]) == 0
    assert [len(entry["levels"]) for entry in json.loads(capsys.readouterr().out)["sets"]] == [50, 50, 54]


@pytest.mark.parametrize(
    ("args", "name", "number"),
    [
        (["--preset", "classic", "--level", "12"], "classic", 12),
        (["--set", "lights-out-2000", "--level", "3"], "lights-out-2000", 3),
        (["--set", "lights-out-2000", "--preset", "classic", "--level", "50"], "lights-out-2000", 50),
        (["--preset", "cube", "--level", "46"], "cube", 46),
    ],
)
def test_solve_a_level_in_its_fewest_presses(args: list[str], name: str, number: int, capsys: pytest.CaptureFixture[str]) -> None:
    entry = LEVEL_SETS[name]
    level = entry.level(number)
    puzzle = PRESETS[entry.preset].puzzle
    assert main(["solve", *args, "--minimal", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    presses = read_cells(puzzle, report["solution"])
    assert report["preset"] == entry.preset and report["minimal"] and report["presses"] == level.minimal_presses
    assert press_all(PRESS_SETS[entry.preset], level.board, presses) == puzzle.target_board()
    assert main(["solve", *args, "--minimal"]) == 0
    assert read_cells(puzzle, capsys.readouterr().out) == presses


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["levels", "--set", "deluxe"], "lightsout: --set: unknown level set “deluxe”; choose one of classic, lights-out-2000, cube"),
        (["levels", "--set", "classic", "--level", "51"], "lightsout: --level 51 is outside 1..50: the classic set has 50 levels"),
        (["levels", "--set", "cube", "--level", "0"], "lightsout: --level 0 is outside 1..54: the cube set has 54 levels"),
        (["levels", "--set", "cube", "--level", "x"], "lightsout: argument --level: expected a level number such as 12, got 'x'"),
        (["solve", "--preset", "cube", "--level", "-3"], "lightsout: argument --level: expected a level number such as 12, got '-3'"),
        (["levels", "--level", "3"], "lightsout: --level needs the level set: --set NAME (one of classic, lights-out-2000, cube)"),
        (["solve", "--preset", "cube", "--level", "55"], "lightsout: --level 55 is outside 1..54: the cube set has 54 levels"),
        (["solve", "--set", "nope", "--level", "1"], "lightsout: --set: unknown level set “nope”; choose one of classic, lights-out-2000, cube"),
        (["solve", "--preset", "lights-out-2000", "--level", "4"],
         "lightsout: --preset lights-out-2000 has no levels: the lights-out-2000 levels are boards of --preset classic; "
         "use --set lights-out-2000 --level 4"),
        (["solve", "--preset", "orbix", "--level", "1"],
         "lightsout: --preset orbix has no levels; the level sets are classic (--preset classic), lights-out-2000 "
         "(--preset classic), cube (--preset cube): give --set NAME"),
        (["solve", "--preset", "cube", "--set", "classic", "--level", "1"], "lightsout: --set classic is played on --preset classic, not cube"),
        (["solve", "--set", "classic"], "lightsout: --set classic names a level set: give --level N too"),
        (["solve", "--level", "2"], "lightsout: --level needs the level set: --set NAME (one of classic, lights-out-2000, cube) or --preset NAME"),
        (["solve", "--preset", "classic", "--level", "2", "board.txt"], "lightsout: give FILE or --level, not both (--level 2 is the board)"),
    ],
)
def test_a_bad_game_or_level_is_one_line_naming_it(args: list[str], message: str) -> None:
    done = run(*args)
    assert (done.returncode, done.stdout, done.stderr) == (2, "", message + "\n")


def test_the_old_names_of_a_level_set_are_still_read_for_one_release(capsys) -> None:
    """The levels op's ``game`` field and the CLI's ``--game`` flag, the old names of ``set`` and ``--set``."""
    new, _ = call(json.dumps({"op": "levels", "set": "cube", "level": 3}))
    old, _ = call(json.dumps({"op": "levels", "game": "cube", "level": 3}))
    same, _ = call(json.dumps({"op": "levels", "set": "cube", "game": "cube", "level": 3}))
    assert json.loads(new) == json.loads(old) == json.loads(same) and json.loads(new)["sets"][0]["name"] == "cube"
    assert main(["levels", "--set", "classic", "--level", "12"]) == 0
    by_set = capsys.readouterr().out
    assert main(["levels", "--game", "classic", "--level", "12"]) == 0
    assert capsys.readouterr().out == by_set and "12" in by_set
