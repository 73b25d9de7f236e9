import base64
import json

import pytest

from lightsout.model.board import Board
from lightsout.api import handle
from reference import naive_apply, pack, simulate, unpack


def call(**request):
    return json.loads(handle(json.dumps(request)))


def test_solve_returns_a_verified_minimal_solution():
    board = Board(5, 5).apply(Board.from_cells(5, 5, [(0, 0), (2, 2), (4, 1)]))
    reply = call(op="solve", board=board.to_id(), target="off", minimal=True)
    assert reply["ok"] and reply["solvable"] and reply["minimal"]
    presses = Board.from_id(reply["solution"])
    assert simulate(board, presses) == [[0] * 5 for _ in range(5)]
    assert (reply["nullity"], reply["rank"], reply["solutions"]) == (2, 23, "4")
    assert reply["presses"] == presses.lit_count <= 3


def test_solve_unsolvable():
    reply = call(op="solve", board=Board.from_cells(5, 5, [(0, 0)]).to_id())
    assert reply["ok"] and not reply["solvable"] and reply["solution"] is None and reply["solutions"] == "0"


def test_parse_error_carries_line_and_column():
    reply = call(op="parse", text="#.\n#?")
    assert reply == {
        "ok": False,
        "error": {
            "name": "BoardFormatError", "message": "line 2, column 2: unknown symbol “?”; expected “#” (lit) or “.” (dark)", "line": 2, "column": 2,
            "code": "unknown_symbol", "params": {"symbol": "?", "lit": "#", "dark": "."},
        },
    }


def test_parse_and_format_like():
    reply = call(op="parse", text="3\n#..\n...\n..#\n")
    assert reply["ok"] and reply["format"] == "loj" and (reply["rows"], reply["cols"]) == (3, 3)
    text = call(op="format", board=reply["board"], like="3\n#..\n...\n..#\n")["text"]
    assert text == "3\n#..\n...\n..#"
    answer = call(op="format", board=reply["board"], like="3\n#..\n...\n..#\n", solution=True)["text"]
    assert answer == "#..\n...\n..#"
    assert call(op="format", board=None, solution=True)["text"] == "No solution"


def test_random_is_solvable_and_has_the_lit_count():
    for lit in (1, 5, 12):
        reply = call(op="random", rows=5, cols=5, lit=lit, seed=lit)
        board = Board.from_id(reply["board"])
        assert board.lit_count == lit
        assert call(op="solve", board=reply["board"])["solvable"]
    board = Board.from_id(call(op="random", rows=7, cols=3, seed=1)["board"])
    assert not board.is_dark and call(op="solve", board=board.to_id())["solvable"]


def test_random_impossible_lit_count_is_an_error():
    reply = call(op="random", rows=2, cols=2, lit=5)
    assert not reply["ok"] and "0..4" in reply["error"]["message"]


def test_analyze_and_press():
    reply = call(op="analyze", rows=4, cols=4)
    assert (reply["rank"], reply["nullity"], reply["solvable_fraction"]) == (12, 4, "1/2^4")
    assert len(reply["quiet"]) == 4
    pressed = call(op="press", board=Board(3, 3).to_id(), row=1, col=1)["board"]
    assert set(Board.from_id(pressed).cells()) == {(1, 1), (0, 1), (2, 1), (1, 0), (1, 2)}


def test_malformed_requests_get_typed_errors():
    for request in ["nope", "[]", '{"op": "fly"}', '{"op": "solve"}', '{"op": "solve", "board": 5}', '{"op": "random", "rows": 0, "cols": 3}']:
        reply = json.loads(handle(request))
        assert reply["ok"] is False and reply["error"]["name"] and reply["error"]["message"]


def test_requests_that_are_not_json_name_why_as_request_errors():
    """Invalid JSON, a number past Python's 4300-digit limit and deep nesting each get a RequestError sentence."""
    cases = {
        "{bad": "not valid JSON",
        '{"op": "solve", "rows": 1' + "0" * 5000 + "}": "more than 4300 digits",
        "[" * 100_000: "nested too deeply",
    }
    for request, reason in cases.items():
        error = json.loads(handle(request))["error"]
        assert error["name"] == "RequestError" and reason in error["message"], error


def test_binary_payload_round_trip():
    from lightsout.api import call

    board = Board(30, 17).apply(Board.from_cells(30, 17, [(0, 0), (29, 16), (12, 5)]))
    data = board.flat.to_bytes((30 * 17 + 7) // 8, "little")
    text, out = call(json.dumps({"op": "solve", "board": "30x17@0", "binary": True}), data)
    reply = json.loads(text)
    assert reply["ok"] and reply["solvable"] and reply["solution"] == "30x17@0"
    presses = Board.from_flat(30, 17, int.from_bytes(out, "little"))
    assert board.apply(presses).is_dark
    text, _ = call(json.dumps({"op": "verify", "board": "30x17@0", "presses": f"30x17@{len(data)}"}), data + out)
    assert json.loads(text) == {"ok": True, "solved": True, "lit": 0}
    text, _ = call(json.dumps({"op": "verify", "board": "30x17@0", "presses": "30x17@0"}), data)
    assert json.loads(text)["solved"] is False


def test_binary_payload_holds_every_reply_board_at_its_offset():
    from lightsout.api import call

    board = Board.from_cells(5, 5, [(0, 0)])  # 5x5 plus: nullity 2, a single light is unsolvable
    data = board.flat.to_bytes(4, "little")
    text, out = call(json.dumps({"op": "solve", "board": "5x5@0", "binary": True}), data)
    reply = json.loads(text)
    assert reply["ok"] and not reply["solvable"]
    assert reply["proof"] == "5x5@0" and reply["nearest"] == "5x5@4" and len(out) == 8
    plain = json.loads(handle(json.dumps({"op": "solve", "board": board.to_id()})))
    assert Board.from_flat(5, 5, int.from_bytes(out[:4], "little")) == Board.from_id(plain["proof"])
    nearest = Board.from_flat(5, 5, int.from_bytes(out[4:], "little"))
    assert nearest == Board.from_id(plain["nearest"])
    fixed = board ^ nearest  # the lights nearest says to flip
    solved = json.loads(handle(json.dumps({"op": "solve", "board": fixed.to_id()})))
    assert solved["solvable"] and fixed.apply(Board.from_id(solved["solution"])).is_dark  # checked by simulation


def test_binary_payload_errors_and_file_text():
    from lightsout.api import call

    reply = json.loads(call(json.dumps({"op": "solve", "board": "4x4@1"}), b"\x00\x00")[0])
    assert not reply["ok"] and "payload" in reply["error"]["message"]
    text, out = call(json.dumps({"op": "parse", "text": "@", "binary": True}), b"2\n#.\n.#\n")
    reply = json.loads(text)
    assert reply["board"] == "2x2@0" and out == bytes([0b1001])
    reply = json.loads(call(json.dumps({"op": "parse", "text": "@"}), b"\xff\xfe")[0])
    assert reply["error"]["name"] == "BoardFormatError" and "UTF-8" in reply["error"]["message"]


def test_variants_through_the_api():
    from lightsout.model.rules import MOORE

    board = Board(4, 4, rule=MOORE.on_torus()).apply(Board.from_cells(4, 4, [(0, 0)], MOORE.on_torus()))
    reply = call(op="solve", board=board.to_id(), rule="moore", torus=True, minimal=True)
    assert reply["ok"] and reply["solvable"] and reply["presses"] == 1 and reply["minimal"]
    holes = Board.from_cells(3, 3, [(0, 0), (0, 2), (2, 0), (2, 2)])
    cross = Board.from_cells(3, 3, [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)])
    reply = call(op="solve", board=cross.to_id(), holes=holes.to_id())
    assert reply["solvable"] and Board.from_id(reply["solution"]) == Board.from_cells(3, 3, [(1, 1)])
    assert (reply["rank"], reply["nullity"]) == (5, 0)
    verified = call(op="verify", board=cross.to_id(), presses=reply["solution"], holes=holes.to_id())
    assert verified == {"ok": True, "solved": True, "lit": 0}
    bad = call(op="solve", board=cross.to_id(), holes=Board(2, 2).to_id())
    assert not bad["ok"] and "2x2" in bad["error"]["message"]


def test_unsolvable_reply_carries_proof_and_nearest():
    board = Board.from_cells(5, 5, [(0, 0)])
    reply = call(op="solve", board=board.to_id())
    proof = Board.from_id(reply["proof"])
    assert (proof.flat & board.flat).bit_count() % 2 == 1
    assert Board(5, 5).apply(proof).is_dark  # symmetric rule: the proof is a quiet pattern
    nearest = Board.from_id(reply["nearest"])
    assert nearest.lit_count == 1 and call(op="solve", board=(board ^ nearest).to_id())["solvable"]


def test_mirrored_surfaces_prove_and_deal_by_the_press_matrix_not_its_transpose():
    # hex is point-symmetric but not mirror-symmetric: on a Klein bottle press p can reach light q
    # without q reaching p, so the proof is not a quiet pattern (the page's "Make solvable" needs nearest).
    board = Board.from_cells(2, 3, [(1, 1)])
    reply = call(op="solve", board=board.to_id(), rule="hex", surface="klein")
    assert reply["ok"] and not reply["solvable"] and reply["proof"] is not None
    proof = unpack(reply["proof"])[2]
    assert sum(proof[i] for i in range(6) if board.flat >> i & 1) % 2 == 1
    for cell in range(6):
        changed = naive_apply(2, 3, 2, "hex", "klein", [0] * 6, [int(i == cell) for i in range(6)])
        assert sum(p * c for p, c in zip(proof, changed)) % 2 == 0, cell
    nearest = Board.from_id(reply["nearest"])
    assert nearest.lit_count == 1
    fixed = call(op="solve", board=(board ^ nearest).to_id(), rule="hex", surface="klein")
    presses = unpack(fixed["solution"])[2]
    assert naive_apply(2, 3, 2, "hex", "klein", unpack((board ^ nearest).to_id())[2], presses) == [0] * 6
    for seed in range(12):  # every deal with an exact lit count can be switched off
        dealt = call(op="random", rows=2, cols=3, rule="hex", surface="klein", lit=2, seed=seed)["board"]
        assert call(op="solve", board=dealt, rule="hex", surface="klein")["solvable"], seed


def test_solutions_and_analyze_gallery():
    board = Board(4, 4).apply(Board.from_cells(4, 4, [(1, 1), (2, 3)]))
    reply = call(op="solutions", board=board.to_id())
    assert reply["total"] == "16" and len(reply["solutions"]) == 16
    counts = [Board.from_id(s).lit_count for s in reply["solutions"]]
    assert counts == sorted(counts) and counts[0] == 2
    for game_id in reply["solutions"]:
        assert board.apply(Board.from_id(game_id)).is_dark
    analysis = call(op="analyze", rows=5, cols=5, rule="plus")
    assert analysis["worst_case"] == 15 and len(analysis["quiet"]) == 2
    assert call(op="analyze", rows=7, cols=7)["worst_case"] is None
    moore = call(op="random", rows=6, cols=6, rule="moore", lit=9, seed=3)
    from lightsout.model.rules import MOORE

    lit_board = Board.from_id(moore["board"], MOORE)
    assert lit_board.lit_count == 9
    assert call(op="solve", board=moore["board"], rule="moore")["solvable"]


def test_random_above_the_most_presses_says_the_maximum():
    """Presses above what any board of the size needs are refused with the maximum: the worst
    case (analyze's worst_case) where it is computed, else the rank (an upper bound)."""
    for rows, cols, presses in ((5, 5, 24), (5, 5, 16), (4, 4, 8), (3, 3, 10)):
        error = call(op="random", rows=rows, cols=cols, presses=presses, seed=1)["error"]
        worst = call(op="analyze", rows=rows, cols=cols)["worst_case"]
        assert (error["name"], error["field"], error["maximum"], error["bound"]) == ("PressCountError", "presses", worst, "worst_case")
        assert f"more than {worst} presses" in error["message"]
        reply = call(op="random", rows=rows, cols=cols, presses=worst, seed=2)  # the maximum itself is dealt
        assert call(op="solve", board=reply["board"], minimal=True)["presses"] == worst
    assert call(op="analyze", rows=5, cols=5)["worst_case"] == 15
    error = call(op="random", rows=7, cols=7, presses=50, seed=1)["error"]  # 49 cells: no worst case computed
    assert (error["maximum"], error["bound"]) == (call(op="analyze", rows=7, cols=7)["rank"], "rank")


def test_random_by_fewest_presses_and_seed():
    for presses in (1, 8, 15):
        reply = call(op="random", rows=5, cols=5, presses=presses, seed=presses)
        board = Board.from_id(reply["board"])
        solved = call(op="solve", board=reply["board"], minimal=True)
        assert solved["minimal"] and solved["presses"] == presses
        assert board.apply(Board.from_id(solved["solution"])).is_dark
    assert not call(op="random", rows=5, cols=5, presses=16, seed=1)["ok"]  # 15 is the worst case
    day = call(op="random", rows=5, cols=5, seed=20261122)
    assert day == call(op="random", rows=5, cols=5, seed=20261122)


def solved_by_simulation(rows, cols, k, rule, surface, board, presses, target="off", holes=(), dont_care=()):
    """True when pressing ``presses`` (flat counts) one at a time takes ``board`` to the target on every relevant light."""
    final = naive_apply(rows, cols, k, rule, surface, board, presses, holes)
    goal = [0] * (rows * cols) if target == "off" else [k - 1] * (rows * cols) if target == "on" else target
    return all(final[i] == goal[i] for i in range(rows * cols) if i not in holes and i not in dont_care)


def test_limits_publish_every_constant_the_page_needs():
    reply = call(op="limits")
    assert reply["ok"]
    expected = {
        "max_cells": 10_000 * 10_000, "max_side": 10_000, "min_side": 1, "min_states": 2, "max_states": 255,
        "max_stencil": 5, "max_quiet_shown": 64, "max_listed_solutions": 1024, "default_search_seconds": 0.5,
        "max_search_seconds": 3600.0, "exact_nullity": 30, "full_system_cells": 400, "gf2_full_system_cells": 4096,
        "max_state_cells": 1 << 20, "chase_work_limit": 1 << 25, "chase_cell_cost": 128, "nearest_parity_checks": 20, "max_listed_bits": 1 << 27,
        "torus_chase_cells": 1 << 22, "projective_chase_cells": 1 << 18,
        "worst_case_cells": 36, "max_text_bytes": 100 * 1024 * 1024, "max_text_lines": 1 << 21, "max_text_numbers": 1 << 22, "state_symbols": "0123456789abcdefghijklmnopqrstuvwxyz",
        "max_long_side": 1_000_000, "max_format_cells": 1 << 22, "max_number": 1 << 53, "full_enumeration_cells": 20,
        "first_row_enumeration_columns": 18, "first_row_enumeration_work": 1 << 23, "first_row_system_columns": 3000,
        "random_search_seconds": 5.0, "random_lit_cells": 1 << 21, "max_boards": 10_000,
        "max_graph_cells": 4096, "max_graph_entries": 1 << 16, "explain_side": 64, "explain_cells": 64, "explain_shown_columns": 10,
    }
    assert {name: reply[name] for name in expected} == expected
    assert reply["surfaces"] == ["plane", "torus", "klein", "projective"]
    assert reply["rules"] == ["plus", "moore", "x", "hex", "custom:"]
    assert reply["formats"] == ["loj", "grid", "indices", "id", "poj", "states"]
    assert reply["rule_masks"] == {"plus": 0x23880, "moore": 0x739C0, "x": 0x51140, "hex": 0x33980}
    assert reply["share_fields"] == ["k", "r", "w", "g", "h", "d", "p", "m"]
    assert reply["graph_share_fields"] == ["e", "c", "n", "s", "k", "g", "h", "d", "p", "m"]
    assert reply["presets"] == ["classic", "lights-out-2000", "deluxe-plus", "deluxe-x", "mini", "merlin", "xl25", "xl25-knight", "cube", "orbix"]
    assert reply["methods"] == ["full-enumeration", "first-row-enumeration", "full-system", "first-row-system", "chebyshev",
                                "torus-chase", "klein-chase", "projective-chase"]


def test_three_states_on_a_klein_bottle_parse_solve_format():
    text = "012\n120\n201"
    parsed = call(op="parse", text=text, k=3)
    assert (parsed["rows"], parsed["cols"], parsed["k"], parsed["format"]) == (3, 3, 3, "states")
    assert unpack(parsed["board"], 3)[2] == [0, 1, 2, 1, 2, 0, 2, 0, 1]
    reply = call(op="solve", board=parsed["board"], k=3, surface="klein", minimal=True)
    assert reply["ok"] and reply["solvable"], reply
    counts = unpack(reply["solution"], 3)[2]
    assert solved_by_simulation(3, 3, 3, "plus", "klein", unpack(parsed["board"], 3)[2], counts)
    assert reply["presses"] == sum(counts) and reply["cells_pressed"] == sum(1 for v in counts if v)
    assert reply["minimal"] and reply["invariant_factors"] == [3] * reply["nullity"]
    assert call(op="format", board=parsed["board"], k=3)["text"] == text
    assert call(op="verify", board=parsed["board"], presses=reply["solution"], k=3, surface="klein") == {"ok": True, "solved": True, "lit": 0}


@pytest.mark.parametrize("surface", ["torus", "klein", "projective"])
def test_two_states_on_a_200x200_wrapped_board_are_chased(surface):
    import random

    rng = random.Random(7)
    presses = [rng.randrange(2) for _ in range(200 * 200)]
    board = naive_apply(200, 200, 2, "plus", surface, [0] * 40000, presses)
    reply = call(op="solve", board=pack(200, 200, board), surface=surface)
    assert reply["ok"] and reply["solvable"] and reply["method"] == f"{surface}-chase"
    assert solved_by_simulation(200, 200, 2, "plus", surface, board, unpack(reply["solution"])[2])


def test_every_k_on_every_surface_with_masks_and_targets():
    import random

    rng = random.Random(11)
    for k in (2, 3, 4, 6):
        for surface in ("plane", "torus", "klein", "projective"):
            for rule in ("plus", "moore"):
                rows, cols = rng.randrange(2, 6), rng.randrange(2, 6)
                holes = {rng.randrange(rows * cols)}
                dont_care = {rng.randrange(rows * cols)} - holes
                target = rng.choice(["off", "on"])
                counts = [0 if i in holes else rng.randrange(k) for i in range(rows * cols)]
                goal = [0 if target == "off" else k - 1] * (rows * cols)
                pushed = naive_apply(rows, cols, k, rule, surface, [0] * (rows * cols), counts, holes)
                board = [0 if i in holes else (g - p) % k for i, (g, p) in enumerate(zip(goal, pushed))]
                fields = dict(
                    k=k, rule=rule, surface=surface, target=target,
                    holes=pack(rows, cols, [int(i in holes) for i in range(rows * cols)]),
                    dont_care=pack(rows, cols, [int(i in dont_care) for i in range(rows * cols)]),
                )
                # Time to visit every solution (the default 0.5 s of wall time may run out on a loaded machine).
                reply = call(op="solve", board=pack(rows, cols, board, k), minimal=True, seconds=60, **fields)
                assert reply["ok"] and reply["solvable"], (k, surface, rule, reply)
                solution = unpack(reply["solution"], k)[2]
                assert all(solution[i] == 0 for i in holes)
                assert solved_by_simulation(rows, cols, k, rule, surface, board, solution, target, holes, dont_care)
                assert int(reply["solutions"]) >= 1 and reply["rank"] + reply["nullity"] == rows * cols - len(holes)
                listed = call(op="solutions", board=pack(rows, cols, board, k), limit=50, seconds=60, **fields)
                assert listed["total"] == reply["solutions"]
                totals = [sum(unpack(s, k)[2]) for s in listed["solutions"]]
                assert totals == sorted(totals)
                if int(listed["total"]) <= 65536:  # every solution visited: the list starts at the proven fewest
                    assert reply["minimal"] and totals[0] == reply["presses"]
                for s in listed["solutions"]:
                    assert solved_by_simulation(rows, cols, k, rule, surface, board, unpack(s, k)[2], target, holes, dont_care)
                verified = call(op="verify", board=pack(rows, cols, board, k), presses=reply["solution"], **fields)
                assert verified == {"ok": True, "solved": True, "lit": 0}
                drawn = call(op="random", rows=rows, cols=cols, seed=k, **fields)
                assert call(op="solve", board=drawn["board"], **fields)["solvable"]


def test_k_state_unsolvable_board_has_a_checkable_proof():
    # 2x2 plus rule with 3 states on a plane: every press changes three cells, rank 4? find an unsolvable board.
    reply = call(op="analyze", rows=4, cols=4, k=3)
    assert reply["ok"] and reply["solvable_fraction"] == f"1/{3 ** reply['nullity']}"
    assert reply["invariant_factors"] == [3] * reply["nullity"] and reply["nullity"] > 0
    for quiet in reply["quiet"]:
        assert naive_apply(4, 4, 3, "plus", "plane", [0] * 16, unpack(quiet, 3)[2]) == [0] * 16
    board = [1] + [0] * 15
    solved = call(op="solve", board=pack(4, 4, board, 3), k=3)
    assert solved["ok"] and not solved["solvable"] and solved["nearest"] is None
    y = unpack(solved["proof"], 3)[2]
    for button in range(16):
        single = [int(i == button) for i in range(16)]
        effect = naive_apply(4, 4, 3, "plus", "plane", [0] * 16, single)
        assert sum(a * b for a, b in zip(y, effect)) % 3 == 0
    assert sum(a * (0 - b) for a, b in zip(y, board)) % 3 != 0


def test_solvable_fraction_counts_relevant_lights_minus_rank():
    dont_care = pack(3, 3, [0] * 4 + [1] + [0] * 4)
    reply = call(op="analyze", rows=3, cols=3, dont_care=dont_care)
    assert (reply["rank"], reply["nullity"], reply["solvable_fraction"]) == (8, 1, "1/2^0")
    reply = call(op="analyze", rows=3, cols=3, k=3, dont_care=dont_care)
    assert reply["solvable_fraction"] == "1/1"


def test_bad_puzzle_fields_name_the_field():
    cases = [
        (dict(op="solve", board="2x2:AA", k=1), "k"),
        (dict(op="solve", board="2x2:AA", k=256), "k"),
        (dict(op="solve", board="2x2:AA", surface="sphere"), "surface"),
        (dict(op="solve", board="2x2:AA", surface="klein", torus=True), "torus"),
        (dict(op="solve", board="2x2:AA", rule="hexagon"), "rule"),
        (dict(op="solve", board="1x2:Aw", k=3), "board"),  # a cell holds state 3
        (dict(op="solve", board="2x2:AA", holes="3x3:AAA"), "holes"),
        (dict(op="solve", board="2x2:AA", target="2x2:"), "target"),
        (dict(op="random", rows=0, cols=3), "rows"),
        (dict(op="random", rows=3, cols=1_000_001), "cols"),  # max_long_side (the page's own max_side is 10000)
        (dict(op="press", board="2x2:AA", row=2, col=0), "row"),
        (dict(op="solve", board="2x2:AA", method="magic"), "method"),
        (dict(op="verify", board="2x2:AA", presses="3x3:AAA"), "presses"),
        (dict(op="fly"), "op"),
    ]
    for request, field in cases:
        reply = call(**request)
        assert not reply["ok"] and reply["error"]["field"] == field, (request, reply)


def test_k_state_limits_follow_the_cost():
    import time

    # 30x30, 3 states, on every wrapped surface: light chasing with two unknown rows (no 400-cell cap)
    counts = [(i * 7) % 3 for i in range(900)]
    for surface in ("torus", "klein", "projective"):
        board = naive_apply(30, 30, 3, "plus", surface, [0] * 900, counts)
        reply = call(op="solve", board=pack(30, 30, board, 3), k=3, surface=surface)
        assert reply["ok"] and reply["solvable"] and reply["method"] == f"{surface}-chase"
        assert naive_apply(30, 30, 3, "plus", surface, board, unpack(reply["solution"], 3)[2]) == [0] * 900
    start = time.monotonic()
    refused = [
        call(op="solve", board=pack(30, 30, [1] * 900, 3), k=3, rule="moore"),  # 900 cells > the 400 of the Z/kZ elimination
        call(op="solve", board=pack(400, 400, [0] * 160000, 3), k=3),  # chasing would take 400·400·401 + 400³ steps
        call(op="solve", board=pack(150, 150, [0] * 22500, 3), k=3, surface="klein"),  # 150·150·301 + 300³
    ]
    for reply in refused:
        assert not reply["ok"] and reply["error"]["name"] == "TooLargeError" and "400" in reply["error"]["message"]
    for request in (dict(op="solve", board="10001x10001:", k=3), dict(op="solve", board="2000x2000@0", k=3),
                    dict(op="random", rows=2000, cols=2000, k=3), dict(op="analyze", rows=5000, cols=5000, k=7)):
        reply = call(**request)
        assert not reply["ok"] and reply["error"].get("field") in ("board", "rows"), reply
    assert time.monotonic() - start < 5


def test_k_state_binary_payload_and_press_with_holes():
    from lightsout.api import call as call_binary

    states = [0, 1, 2, 3, 4, 0, 1, 2, 3]
    data = int(sum(v << (3 * i) for i, v in enumerate(states))).to_bytes(4, "little")
    text, out = call_binary(json.dumps({"op": "press", "board": "3x3@0", "k": 5, "row": 1, "col": 1, "binary": True,
                                        "holes": pack(3, 3, [1] + [0] * 8)}), data)
    reply = json.loads(text)
    assert reply["board"] == "3x3@0"
    value = int.from_bytes(out, "little")
    after = [value >> (3 * i) & 7 for i in range(9)]
    assert after == naive_apply(3, 3, 5, "plus", "plane", states, [0] * 4 + [1] + [0] * 4, {0})


def test_format_option_and_search_budget():
    board = Board.from_cells(2, 2, [(0, 1)])
    assert call(op="format", board=board.to_id(), format="loj")["text"] == "2\n.#\n.."
    assert call(op="format", board=board.to_id(), format="loj", solution=True)["text"] == ".#\n.."
    assert call(op="format", board=board.to_id(), format="indices")["text"] == "2x2: 2"
    assert not call(op="format", board=board.to_id(), format="xml")["ok"]
    # Presses side by side (their lights overlap): more presses than its lit lights over 5, so no count proves them fewest.
    big = Board(64, 64).apply(Board.from_cells(64, 64, [(r, c) for r in range(0, 64, 2) for c in (r % 60, r % 60 + 1, r % 60 + 2)]))
    reply = call(op="solve", board=big.to_id(), minimal=True, seconds=0)
    assert reply["solvable"] and reply["nullity"] == 28 and not reply["minimal"]
    assert reply["presses"] > -(-big.lit_count // 5)
    assert big.apply(Board.from_id(reply["solution"])).is_dark


def test_mask_aware_fraction_press_and_worst_case_limits():
    dont_care = Board.from_cells(5, 5, [(0, c) for c in range(5)])
    reply = call(op="analyze", rows=5, cols=5, dont_care=dont_care.to_id())
    assert reply["nullity"] == 5 and reply["rank"] == 20 and reply["solvable_fraction"] == "1/2^0"
    plain = call(op="analyze", rows=5, cols=5)
    assert plain["solvable_fraction"] == "1/2^2"
    torus = call(op="analyze", rows=5, cols=5, torus=True)
    assert torus["ok"] and torus["nullity"] == 8  # worst case too costly: null, not an error
    holes = Board.from_cells(3, 3, [(0, 0)])
    pressed = Board.from_id(call(op="press", board=Board(3, 3).to_id(), row=1, col=0, holes=holes.to_id())["board"])
    assert set(pressed.cells()) == {(1, 0), (2, 0), (1, 1)}
    assert not call(op="press", board=Board(3, 3).to_id(), row=0, col=0, holes=holes.to_id())["ok"]


def test_solutions_of_a_big_board_stay_small():
    # 373x373 plus rule: nullity 16, 65536 solutions; the list is capped by its size in bits (2^27 / 139129 = 964).
    n = 373
    dark = pack(n, n, [0] * (n * n))
    listed = call(op="solutions", board=dark, limit=1024, seconds=60)  # the listing's budget is not what is tested (it is under load)
    assert listed["ok"] and listed["total"] == str(2**16) and not listed.get("cut_short")
    assert len(listed["solutions"]) == (1 << 27) // (n * n) == 964
    totals = [int.from_bytes(base64.urlsafe_b64decode(s.split(":")[1] + "=="), "little").bit_count() for s in listed["solutions"]]
    assert totals == sorted(totals) and totals[0] == 0  # no presses solve the dark board: the fewest first
    for solution in listed["solutions"]:
        assert call(op="verify", board=dark, presses=solution) == {"ok": True, "solved": True, "lit": 0}
    assert naive_apply(n, n, 2, "plus", "plane", [0] * (n * n), unpack(listed["solutions"][1])[2]) == [0] * (n * n)


def test_random_boards_stay_fast_on_the_largest_board_and_keep_their_seeds():
    import time

    start = time.monotonic()
    reply = call(op="random", rows=10_000, cols=10_000, lit=5, seed=1)
    assert reply["ok"] and time.monotonic() - start < 10
    assert int.from_bytes(base64.urlsafe_b64decode(reply["board"].split(":")[1] + "=="), "little").bit_count() == 5
    # the same seeds give the same boards as before the one-model API (puzzles of the day stay put)
    assert call(op="random", rows=5, cols=5, seed=20261122)["board"] == "5x5:vxmGAA"
    assert call(op="random", rows=6, cols=6, lit=9, seed=3)["board"] == "6x6:BIGcQAQ"
    assert call(op="random", rows=5, cols=5, presses=8, seed=8)["board"] == "5x5:Nz9yAA"


@pytest.mark.parametrize("surface", ["torus", "klein", "projective"])
def test_huge_wrapped_boards_are_refused_at_once(surface):
    import time

    start = time.monotonic()
    reply = call(op="analyze", rows=10_000, cols=10_000, surface=surface)
    assert not reply["ok"] and reply["error"]["name"] == "TooLargeError" and "chase" in reply["error"]["message"]
    assert time.monotonic() - start < 10


def test_analyze_of_a_big_board_shows_few_quiet_patterns():
    fits = call(op="analyze", rows=999, cols=999)  # nullity 32: 32 patterns of 998001 bits fit in 2^27 bits
    assert fits["ok"] and fits["nullity"] == 32 and len(fits["quiet"]) == 32
    huge = call(op="analyze", rows=3999, cols=3999)  # nullity 128: 2^27 / 3999^2 = 8 patterns shown
    assert huge["ok"] and huge["nullity"] == 128 and len(huge["quiet"]) == (1 << 27) // (3999 * 3999) == 8
    dark = "3999x3999:" + "A" * (((3999 * 3999 + 7) // 8 * 8 + 5) // 6)
    for quiet in huge["quiet"]:
        assert call(op="verify", board=dark, presses=quiet) == {"ok": True, "solved": True, "lit": 0}


def test_the_largest_solution_counts_the_limits_allow_are_written_in_full():
    # "solutions" is a decimal string, and Python refuses to write an int of more than
    # sys.get_int_max_str_digits() digits (4300 by default, in Pyodide too). No board the limits
    # let through reaches that: a count is k^(nullity), with nullity at most the cells of an
    # elimination (k = 2: gf2_full_system_cells or max_graph_cells; k > 2: full_system_cells or
    # the cube root of chase_work_limit), twice the shorter side of a torus chase, the shorter side of
    # a plane (Chebyshev) or first-row system. Should a limit grow past it, this fails.
    import math
    import sys

    limits = call(op="limits")
    two = max(limits["gf2_full_system_cells"], limits["max_graph_cells"], 2 * math.isqrt(limits["torus_chase_cells"]),
              math.isqrt(limits["max_cells"]), limits["first_row_system_columns"])
    more = max(limits["full_system_cells"], round(limits["chase_work_limit"] ** (1 / 3)) + 1)
    digits = max(two * math.log10(2), more * math.log10(limits["max_states"])) + 1
    assert digits < sys.get_int_max_str_digits(), digits
    # The largest counts a board reaches: every cell a don't-care cell, at the elimination's limit.
    for k, side, cells in ((2, 64, limits["gf2_full_system_cells"]), (255, 20, limits["full_system_cells"])):
        assert side * side == cells
        bits = (k - 1).bit_length()
        everything = "{0}x{0}:".format(side) + base64.urlsafe_b64encode(b"\xff" * (cells // 8)).decode().rstrip("=")
        dark = "{0}x{0}:".format(side) + base64.urlsafe_b64encode(bytes(cells * bits // 8)).decode().rstrip("=")
        reply = call(op="solve", k=k, board=dark, dont_care=everything)
        assert reply["ok"] and reply["solutions"] == str(k**cells) and math.prod(reply["invariant_factors"]) == k**cells, reply.get("error")
        assert reply["solution"] == dark and reply["solvable_fraction"] == ("1/2^0" if k == 2 else "1/1")


def test_solve_lists_its_solutions_fewest_first_with_the_one_marked_first():
    """Issue #31: the page showed "Solution 2 of 4" first when two solutions tied for the fewest
    presses. With ``list``, solve's reply lists every solution, fewest presses first, its own
    solution first among its equals: listed[0] is the solution marked, each verified by pressing."""
    import random

    rng = random.Random(31)
    tied = 0
    for _ in range(60):
        presses = Board.from_cells(5, 5, [(r, c) for r in range(5) for c in range(5) if rng.random() < 0.4])
        board = Board(5, 5).apply(presses)
        reply = call(op="solve", board=board.to_id(), minimal=True, list=1024)
        listed = [Board.from_id(s) for s in reply["listed"]]
        assert len(listed) == int(reply["solutions"]) == 4
        assert listed[0] == Board.from_id(reply["solution"]) and reply["minimal"]
        counts = [s.lit_count for s in listed]
        assert counts == sorted(counts) and counts[0] == reply["presses"]
        for solution in listed:
            assert simulate(board, solution) == [[0] * 5 for _ in range(5)]
        tied += counts[0] == counts[1]
    assert tied > 0, "no board with two fewest solutions was tried"
    one = Board(5, 5).apply(Board.from_cells(5, 5, [(0, 1)])).to_id()
    assert "listed" not in call(op="solve", board=one) and "listed" not in call(op="solve", board=one, list=3)  # 4 solutions
    assert call(op="solve", board=Board(5, 5).to_id(), list=-1)["error"]["field"] == "list"


def test_invariant_factors_of_a_composite_k_are_the_invariant_factors():
    # The case: 4x4, k = 6 has the quiet group Z/2 × Z/2 × Z/6 × Z/6 (elementary divisors 2,2,2,2,3,3).
    for op in ("analyze", "solve"):
        fields = {"rows": 4, "cols": 4} if op == "analyze" else {"board": pack(4, 4, [0] * 16, 6)}
        reply = call(op=op, k=6, **fields)
        assert reply["ok"] and reply["invariant_factors"] == [2, 2, 6, 6], reply
        assert reply["nullity"] == 4 and reply["rank"] == 12
