import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lightsout import BoardFormatError
from lightsout.model.board import Board
from lightsout.text.formats import format_game_id
from lightsout.model.rules import MOORE, PLUS, X_RULE
from lightsout.model import codec
from lightsout.api import handle
from lightsout.presets.presets import PRESETS
from lightsout.presets.levels import LEVEL_SETS
from lightsout.share.links import ShareState, canonical_goal, format_share, parse_share


@st.composite
def states(draw):
    rows, cols = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    k = draw(st.sampled_from([2, 2, 3, 5, 16, 255]))
    bits = (k - 1).bit_length()
    cells = sum(draw(st.integers(0, k - 1)) << (i * bits) for i in range(rows * cols))
    stencil = draw(st.sampled_from([PLUS.stencil, MOORE.stencil, X_RULE.stencil, frozenset({(0, 0), (-2, 1), (2, 2)})]))
    surface = draw(st.sampled_from(["plane", "torus", "klein", "projective"]))
    goal_cells = sum(draw(st.integers(0, k - 1)) << (i * bits) for i in range(rows * cols))
    goal = draw(st.sampled_from(["off", "on", goal_cells or "off"]))
    holes = draw(st.integers(0, (1 << rows * cols) - 1))
    dont_care = draw(st.integers(0, (1 << rows * cols) - 1))
    buttons = [cell for cell in range(rows * cols) if not holes >> cell & 1]  # a hole has no button
    moves = tuple(draw(st.lists(st.sampled_from(buttons), max_size=20))) if buttons else ()
    kind = draw(st.sampled_from([None, None, "daily", "sample-tv", "presses-15", "x" * 32, "a1-"]))
    return ShareState(rows, cols, cells, k, stencil, surface, goal, holes, dont_care, moves, kind)


@settings(max_examples=300)
@given(states())
def test_share_round_trips_and_is_url_safe(state):
    text = format_share(state)
    # A goal board of all off or all on reads back as the word it is written as (one string per state).
    written = replace(state, goal=canonical_goal(state.goal, state.rows * state.cols, state.k))
    assert parse_share(text) == written
    assert parse_share("#" + text) == written
    assert all(ch.isalnum() or ch in "x:;=-_" for ch in text)


def test_head_is_the_game_id_for_two_states():
    board = Board.from_cells(5, 5, [(0, 0), (4, 4)])
    state = ShareState(5, 5, board.flat)
    assert format_share(state) == format_game_id(board)
    assert parse_share(format_game_id(board)).board() == board


def test_a_puzzle_field_comes_before_the_moves():
    state = ShareState(2, 2, 0b0010, moves=(0, 3), challenge_kind="sample-tv")
    assert format_share(state) == "2x2:Ag;p=sample-tv;m=AAM"
    assert parse_share("2x2:Ag;p=sample-tv;m=AAM") == state


def test_known_string():
    state = ShareState(2, 2, 0b0010, stencil=MOORE.stencil, surface="torus", goal="on", moves=(0, 3))
    assert format_share(state) == "2x2:Ag;r=moore;w=torus;g=on;m=AAM"
    assert state.rule() == MOORE.on_torus()
    puzzle = state.puzzle()
    assert (puzzle.rows, puzzle.cols, puzzle.k, puzzle.rule, puzzle.target) == (2, 2, 2, MOORE.on_torus(), "on")


@pytest.mark.parametrize(
    "text,column,words",
    [
        ("5x5", 1, "expected a game"),
        ("0x5:", 1, "outside"),
        ("2x2:Ag;z=1", 8, "unknown field"),
        ("2x2:Ag;m=AA;k=3", 13, "repeated or out of order"),
        ("2x2:Ag;k=2", 10, "states must be"),
        ("2x2:Ag;k=300", 10, "states must be"),
        ("2x2:Ag;r=tri", 10, "unknown rule"),
        ("2x2:Ag;r=plus", 10, "default"),
        ("2x2:Ag;w=sphere", 10, "surface"),
        ("2x2:Ag;g=AA", 10, "default"),
        ("2x2:Ag;h=AA", 10, "default"),
        ("2x2:Ag;m=BA", 10, "outside the 4 cells"),
        ("2x2:Ag;m=gB", 10, "not valid base64url"),
        ("2x2:Ag;m=gA", 12, "middle of a number"),
        ("2x2:Ag;m=gw", 12, "middle of a number"),
        ("2x2:AgA", 5, "needs 2"),
        ("2x2:Ag;m=gAA", 10, "shortest form"),
        ("2x2:Ag;r=s23880", 10, "write r=plus"),
        ("1x2:AA;k=3;g=Dw", 14, "outside 0..2"),
        ("\u0662x2:Ag", 1, "expected a game"),
        ("2x2:EA", 7, "beyond"),
        ("2x2:AA;h=AQ;m=AA", 15, "move 1 presses cell 0, a hole"),
        ("2x2:AA;h=Ag;m=AAE", 15, "move 2 presses cell 1, a hole"),
        ("2x2:Ag;p=", 10, "the puzzle must be"),
        ("2x2:Ag;p=Daily", 10, "the puzzle must be"),
        ("2x2:Ag;p=1x", 10, "the puzzle must be"),
        ("2x2:Ag;p=" + "x" * 33, 10, "the puzzle must be"),
        ("2x2:Ag;p=daily;d=Ag", 16, "repeated or out of order"),
    ],
)
def test_bad_share_strings(text, column, words):
    with pytest.raises(BoardFormatError) as caught:
        parse_share(text)
    assert words in str(caught.value)
    assert caught.value.column == column
    assert caught.value.column == column


@settings(max_examples=400)
@given(st.text(alphabet="0123456789x:;=#ABCDEFabcdefgkmrwhdonplustvj_-", max_size=40))
def test_any_string_parses_or_raises_board_format_error(text):
    try:
        state = parse_share(text)
    except BoardFormatError:
        return
    assert format_share(state) == text.lstrip("#")


# -- a level's link: NAME:<board>;p=level-<SET>;l=<number> ---------------------------------


def _level_link(set_name: str, number: int, tail: str = "") -> str:
    entry = LEVEL_SETS[set_name]
    puzzle = PRESETS[entry.preset].puzzle
    return f"{entry.preset}:{codec.encode(entry.level(number).board, puzzle.cells)};p=level-{set_name};l={number}{tail}"


@pytest.mark.parametrize("set_name", list(LEVEL_SETS))
def test_every_level_link_round_trips_with_its_number(set_name):
    entry = LEVEL_SETS[set_name]
    for level in entry.levels:
        state = parse_share(_level_link(set_name, level.number, ";m=AAM"))
        assert (state.preset, state.challenge_kind, state.level, state.cells, state.moves) == (
            entry.preset, f"level-{set_name}", level.number, level.board, (0, 3))
        assert format_share(state) == _level_link(set_name, level.number, ";m=AAM")


@pytest.mark.parametrize(
    "text,column,code,params",
    [
        # a level is a preset's: a grid's or a graph's link names none
        ("2x2:Ag;p=level-classic", 10, "level_grid", {"field": "p"}),
        ("G1:AA;e=AQA;p=level-classic", 15, "level_grid", {"field": "p"}),
        # the set, its preset, the number, the board
        (_level_link("classic", 1).replace("p=level-classic", "p=level-deluxe"), 18, "level_set",
         {"field": "p", "found": "deluxe", "choices": "classic, lights-out-2000, cube"}),
        (_level_link("classic", 1).replace("p=level-classic", "p=level-cube"), 18, "level_preset",
         {"field": "p", "set": "cube", "preset": "cube"}),
        (_level_link("classic", 1).replace(";l=1", ""), 18, "level_missing", {"field": "p", "set": "classic"}),
        (_level_link("classic", 1).replace(";p=level-classic", ""), 18, "level_needs_set", {"field": "l"}),
        (_level_link("classic", 1).replace(";p=level-classic", ";p=daily"), 26, "level_needs_set", {"field": "l"}),
        (_level_link("classic", 1).replace("l=1", "l=51"), 34, "level_number", {"field": "l", "count": 50, "found": "51"}),
        (_level_link("classic", 1).replace("l=1", "l=01"), 34, "level_number", {"field": "l", "count": 50, "found": "01"}),
        (_level_link("classic", 1).replace("l=1", "l=0"), 34, "level_number", {"field": "l", "count": 50, "found": "0"}),
        (_level_link("classic", 1).replace("l=1", "l=2"), 9, "level_board", {"field": "board", "number": 2, "set": "classic"}),
        (_level_link("classic", 1).replace("l=1", "l=1;p=daily"), 36, "field_order", {"field": "p", "name": "p"}),
    ],
)
def test_a_bad_level_link_names_its_part(text, column, code, params):
    with pytest.raises(BoardFormatError) as caught:
        parse_share(text)
    assert (caught.value.code, caught.value.params, caught.value.column) == (code, params, column)


def test_the_share_op_writes_and_reads_a_level():
    entry = LEVEL_SETS["lights-out-2000"]
    board = codec.format_packed(5, 5, entry.level(7).board)
    written = json.loads(handle(json.dumps(
        {"op": "share", "preset": "classic", "board": board, "moves": [2], "challenge_kind": "level-lights-out-2000", "level": 7})))
    assert written == {"ok": True, "text": _level_link("lights-out-2000", 7, ";m=Ag")}
    read = json.loads(handle(json.dumps({"op": "share", "text": "#" + written["text"]})))
    assert (read["level"], read["challenge_kind"], read["board"], read["moves"]) == (7, "level-lights-out-2000", board, [2])
    plain = json.loads(handle(json.dumps({"op": "share", "text": "classic:AAAAAA"})))
    assert plain["level"] is None
    wrong = json.loads(handle(json.dumps(
        {"op": "share", "preset": "classic", "board": board, "challenge_kind": "level-lights-out-2000", "level": 8})))
    assert (wrong["error"]["field"], wrong["error"]["code"]) == ("level", "level_board")
    grid = json.loads(handle(json.dumps({"op": "share", "rows": 5, "cols": 5, "board": board, "level": 7})))
    assert grid["error"]["field"] == "level"
