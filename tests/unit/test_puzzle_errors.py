"""A user-defined puzzle or a share link that cannot be read says why as a code with params
(lightsout.errors PUZZLE_ERRORS, LINK_ERRORS) at its line and column, so the page can say it
in its own language: every case of tests/data/bad-puzzles.json through the real API, and the
codes only the library reaches (a Graph built directly) on their own."""

from __future__ import annotations

import json
import re

import pytest
from lightsout.api import call
from lightsout.model.codec import encode, encode_bytes
from lightsout.errors import LINK_ERRORS, PARSE_ERRORS, PUZZLE_ERRORS, BoardFormatError, TooLargeError, worded
from lightsout.model.graph import MAX_COORDINATE, MAX_GRAPH_ENTRIES, MAX_NAME_LENGTH, Graph
from lightsout.text.puzzle_text import _Draft, parse_puzzle, puzzle_from_json
from lightsout.share.puzzle_links import coordinate_text
from lightsout.share.links import ShareState, format_share, parse_share
from reference import DATA

CASES = json.loads((DATA / "bad-puzzles.json").read_text(encoding="utf-8"))
PUZZLES, LINKS = CASES["puzzles"], CASES["links"]
TEMPLATES = {**PARSE_ERRORS, **PUZZLE_ERRORS, **LINK_ERRORS}


def api_error(request: dict) -> dict:
    reply = json.loads(call(json.dumps(request))[0])
    assert reply["ok"] is False, request
    return reply["error"]


def english_reason(error: dict) -> str:
    return re.sub(r"^line \d+(, column \d+)?: ", "", error["message"])


@pytest.mark.parametrize("case", PUZZLES, ids=[case["name"] for case in PUZZLES])
def test_every_bad_puzzle_gives_its_code_params_and_position(case):
    error = api_error({"op": "puzzle", "graph": case["graph"] if "graph" in case else case["text"]})
    assert error["field"] == "graph"
    assert (error["code"], error["params"]) == (case["code"], case["params"])
    assert (error.get("line"), error.get("column")) == (case.get("line"), case.get("column"))
    assert all(isinstance(value, (str, int)) for value in error["params"].values())
    if case["code"] in TEMPLATES:  # json_syntax adds Python's own words after the sentence
        assert english_reason(error).split(": ")[0] == worded(TEMPLATES[case["code"]], error["params"]).split(": ")[0]


@pytest.mark.parametrize("case", LINKS, ids=[case["name"] for case in LINKS])
def test_every_bad_link_gives_its_code_params_part_and_column(case):
    error = api_error({"op": "share", "text": case["text"]})
    assert (error["code"], error["params"], error["column"], error["line"]) == (case["code"], case["params"], case["column"], 1)
    assert "field" in error["params"]  # the link's part at fault; the error's own field is the request's
    assert error["field"] == "text"


def test_the_cases_reach_every_code_a_page_can_meet():
    puzzle_codes = {case["code"] for case in PUZZLES}
    # Reached only by a caller of the library (the page's requests cannot): tested below.
    library_only = {"not_object", "graph_empty", "press_set_beyond", "coords_count", "coord_invalid", "names_count"}
    # A grid preset's board in rows that do not fit it: no user puzzle is a grid (tests/unit/test_paste.py).
    preset_only = {"run_row", "run_rows"}
    assert set(PUZZLE_ERRORS) - library_only - preset_only - {"unknown_field"} <= puzzle_codes
    assert "unknown_field" in puzzle_codes and "max_graph_cells" in puzzle_codes
    link_codes = {case["code"] for case in LINKS}
    # press_sets_too_many needs a link of a megabyte: test_a_link_of_too_many_press_set_entries
    assert set(LINK_ERRORS) - {"press_sets_too_many"} | {"unknown_field", "id_length", "bad_base64", "stray_bits", "name_invalid"} <= link_codes


def test_a_link_of_too_many_press_set_entries():
    cells = 1025  # every cell pressing all 1025: 1025² > max_graph_entries
    stream = bytes([cells & 0x7F | 0x80, cells >> 7] + [0] * cells) * cells
    text = f"G{cells}:{encode(0, cells)};e={encode_bytes(stream)}"
    error = api_error({"op": "share", "text": text})
    assert (error["code"], error["params"]) == ("press_sets_too_many", {"field": "e", "found": cells * cells, "most": MAX_GRAPH_ENTRIES})
    assert error["column"] == text.index(";e=") + 4


@pytest.mark.parametrize("text,allowed", [("1e9", True), ("-1000000000", True), ("999999999.5", True), ("1000000001", False), ("-1.0000001e9", False), ("1e10", False)])
def test_a_coordinate_has_one_bound_in_json_text_links_and_the_graph(text, allowed):
    """The JSON reader, the text reader, a graph link and Graph refuse the same coordinates
    (a link that opens is one every later request can send back as JSON)."""
    value = float(text)
    # A link writes a coordinate in its one form (1e9 as 1000000000: coordinate_text; test_share_corpus.py refuses the others).
    link = format_share(ShareState(1, 2, 0, graph=Graph((0b11, 0b11)))) + f";c=0,0,{coordinate_text(value) if allowed else text},0"
    readers = {
        "json": lambda: puzzle_from_json({"cells": 2, "edges": [[0, 1]], "coords": [[0, 0], [value, 0]]}),
        "text": lambda: parse_puzzle(f"cells 2\nedge 0 1\nat 0 0 0\nat 1 {text} 0\n"),
        "link": lambda: parse_share(link),
        "graph": lambda: Graph((0b11, 0b11), ((0.0, 0.0), (value, 0.0))),
    }
    if allowed:  # what a link opens, later requests send back as JSON (the share reply's graph)
        opened = json.loads(call(json.dumps({"op": "share", "text": link}))[0])
        again = json.loads(call(json.dumps({"op": "puzzle", "graph": opened["graph"]}))[0])
        assert again["ok"] and again["coords"] == opened["coords"], again
    for name, read in readers.items():
        if allowed:
            read()
            continue
        with pytest.raises(BoardFormatError) as caught:
            read()
        assert "at most 1e9" in str(caught.value), name
    assert (abs(value) <= MAX_COORDINATE) == allowed
    if not allowed:
        error = api_error({"op": "share", "text": link})
        assert (error["code"], error["column"], error["params"]) == ("coord_not_finite", link.index(text) + 1, {"field": "c", "found": text})


def test_a_complete_graph_on_256_cells_is_the_densest_graph_read():
    """max_graph_entries bounds the work a graph costs the page (its reply, press sets and link):
    a complete graph on 256 cells (2¹⁶ pairs) is read as a link, text and JSON; on 257 each is refused naming the limit."""
    assert MAX_GRAPH_ENTRIES == 256 * 256

    def forms(cells: int) -> dict[str, dict]:
        stream = bytes([cells & 0x7F | 0x80, cells >> 7] + [0] * cells) * cells
        everything = " ".join(str(j) for j in range(cells))
        return {
            "link": {"op": "share", "text": f"G{cells}:{encode(0, cells)};e={encode_bytes(stream)}"},
            "text": {"op": "puzzle", "graph": f"cells {cells}\n" + "".join(f"press {i}: {everything}\n" for i in range(cells))},
            "json": {"op": "puzzle", "graph": {"cells": cells, "presses": [list(range(cells))] * cells}},
        }

    for form, request in forms(256).items():
        reply = json.loads(call(json.dumps(request))[0])
        assert reply["ok"] and reply["cells"] == 256, form
    expected = {"link": ("press_sets_too_many", {"field": "e", "found": 257 * 257, "most": MAX_GRAPH_ENTRIES}),
                "text": ("max_graph_entries", {"most": MAX_GRAPH_ENTRIES, "line": 257}),
                "json": ("max_graph_entries", {"most": MAX_GRAPH_ENTRIES, "line": 1})}
    for form, request in forms(257).items():
        error = api_error(request)
        assert (error["code"], error["params"]) == expected[form], form


def test_positions_name_the_character_at_fault():
    """A line and column of a plain-text case point at the token the params quote (a long one clipped with "…")."""
    for case in PUZZLES:
        found = case["params"].get("found")
        if not isinstance(found, str) or "graph" in case or case["text"].startswith("{") or "line" not in case:
            continue
        line = case["text"].splitlines()[case["line"] - 1]
        assert line[case["column"] - 1 :].startswith(found.removesuffix("…")), case["name"]


def test_a_goal_over_several_lines_is_placed_in_the_file_or_at_its_json_field():
    with pytest.raises(BoardFormatError) as caught:
        parse_puzzle("cells 4\n# a comment\ngoal #.\n  goal .x?\n")
    error = caught.value
    assert (error.code, error.params, error.line, error.column) == ("run_symbol", {"field": "goal", "found": "?"}, 4, 10)
    # In JSON the goal is a string of its own: the error is at line 1, column 1 like every JSON field's, the field named.
    with pytest.raises(BoardFormatError) as caught:
        parse_puzzle('{"cells": 4,\n "goal": "#.\\n.?"}')
    error = caught.value
    assert (error.code, error.params, error.line, error.column) == ("run_symbol", {"field": "goal", "found": "?"}, 1, 1)


def test_codes_only_the_library_reaches():
    cases = [
        (lambda: puzzle_from_json([1, 2]), "not_object", {}),
        (lambda: Graph(()), "graph_empty", {}),
        (lambda: Graph((0b100, 0b11)), "press_set_beyond", {"cell": 0, "cells": 2}),
        (lambda: Graph((1, 2), ((0.0, 0.0),)), "coords_count", {"cells": 2, "found": 1}),
        (lambda: Graph((1, 2), ((0.0, 0.0), (float("nan"), 1.0))), "coord_invalid", {"cell": 1}),
        (lambda: Graph((1, 2), None, ("a",)), "names_count", {"cells": 2, "found": 1}),
        (lambda: Graph((1, 2), None, ("a", "b" * (MAX_NAME_LENGTH + 1))), "name_invalid", {"cell": 1, "most": MAX_NAME_LENGTH}),
        (lambda: Graph((1, 2), None, None, "star"), "unknown_shape", {"found": "star", "choices": "circle, square, hex"}),
    ]
    for make, code, params in cases:
        with pytest.raises(BoardFormatError) as caught:
            make()
        assert (caught.value.code, caught.value.params) == (code, params)
        assert caught.value.reason == worded(TEMPLATES[code], params)


def test_size_limits_of_a_puzzle_carry_their_figures():
    draft = _Draft()
    draft.count(MAX_GRAPH_ENTRIES, 7)
    with pytest.raises(TooLargeError) as caught:
        draft.count(1, 8)
    assert (caught.value.limit, caught.value.params) == ("max_graph_entries", {"most": MAX_GRAPH_ENTRIES, "line": 8})
    error = api_error({"op": "puzzle", "graph": {"cells": 5000}})
    assert (error["code"], error["params"]) == ("max_graph_cells", {"most": 4096, "found": 5000})
