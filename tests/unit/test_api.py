import json

from lightsout import Board
from lightsout.api import handle
from reference import simulate


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
        "error": {"name": "BoardFormatError", "message": "line 2, column 2: unknown symbol '?'; expected '#' (lit) or '.' (dark)", "line": 2, "column": 2},
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
    from lightsout.rules import MOORE

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
    from lightsout.rules import MOORE

    lit_board = Board.from_id(moore["board"], MOORE)
    assert lit_board.lit_count == 9
    assert call(op="solve", board=moore["board"], rule="moore")["solvable"]


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


def test_k_state_ops():
    from lightsout.modk import Game

    text = "012\n120\n201"
    parsed = call(op="parse_states", text=text, k=3)
    assert (parsed["rows"], parsed["cols"]) == (3, 3)
    reply = call(op="solve_states", rows=3, cols=3, k=3, cells=parsed["cells"], surface="klein", rule="plus", minimal=True)
    assert reply["ok"], reply
    game = Game(3, 3, 3, surface="klein")
    if reply["solvable"]:
        assert game.apply(parsed["cells"], reply["presses"]) == [0] * 9
        assert reply["total"] == sum(reply["presses"])
    assert call(op="format_states", rows=3, cols=3, k=3, cells=parsed["cells"])["text"] == text
    bad = call(op="solve_states", rows=2, cols=2, k=3, cells=[0, 1, 2, 3])
    assert not bad["ok"] and "0..2" in bad["error"]["message"]
    error = call(op="parse_states", text="01\n0z", k=3)["error"]
    assert (error["line"], error["column"]) == (2, 2)


def test_format_option_and_search_budget():
    board = Board.from_cells(2, 2, [(0, 1)])
    assert call(op="format", board=board.to_id(), format="loj")["text"] == "2\n.#\n.."
    assert call(op="format", board=board.to_id(), format="loj", solution=True)["text"] == ".#\n.."
    assert call(op="format", board=board.to_id(), format="indices")["text"] == "2x2: 2"
    assert not call(op="format", board=board.to_id(), format="xml")["ok"]
    big = Board(64, 64).apply(Board.from_cells(64, 64, [(r, (r * 7) % 64) for r in range(64)]))
    reply = call(op="solve", board=big.to_id(), minimal=True, seconds=0)
    assert reply["solvable"] and reply["nullity"] == 28 and not reply["minimal"]
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
