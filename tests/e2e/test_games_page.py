"""The Games choice and graph boards in the page (issue #15): every real game deals, its
solution from Solve is checked in Python and then pressed until the page says solved;
Lights Out 2000's colours and their reversal; a user's graph round-trips through a share
link; hex boards press and solve; arrow keys move by coordinates."""

from __future__ import annotations

import json
import math
import random
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from e2e_helpers import (
    after_frames, button, reveal_fewest, cell, click_cells, grid_text, link_written, load_text, quiet, restore_classic_game, set_states, settled, status,
)
from lightsout import api
from lightsout.model import codec

GAMES = [item["name"] for item in json.loads(api.handle(json.dumps({"op": "presets"})))["presets"]]

USER_GRAPH = """title A square with a tail
cells 5
goal on
edge 0 1
edge 1 2
edge 2 3
edge 3 0
press 4: 4 0
at 0 0 0
at 1 1 0
at 2 1 1
at 3 0 1
at 4 -1 -1
name 4 tail
start ##...
"""


def call(request: dict) -> dict:
    reply = json.loads(api.handle(json.dumps(request)))
    assert reply["ok"], reply
    return reply


def board_id(rows: int, cols: int, k: int, cells: list[int]) -> str:
    return codec.format_packed(rows, cols, codec.pack(cells, codec.bits_per_cell(k)), k)


def snapshot(page: Page) -> dict:
    return page.evaluate("() => window.lightsOut.statesSnapshot()")


def open_games(page: Page) -> None:
    """Open the Games section (collapsed at first) as a reader does."""
    if page.locator("#games").get_attribute("open") is None:
        page.locator("#games > summary").click()


def deal(page: Page, name: str) -> dict:
    """Choose the game `name` and wait until its board is drawn; the game as plain data."""
    open_games(page)
    expect(page.locator("#game-select")).to_be_enabled()
    page.locator("#game-select").select_option(name)
    expect(page.locator("#game-select")).to_have_value(name)
    # The select shows the choice at once; the game arrives when Python has made it.
    page.wait_for_function("(name) => window.lightsOut.statesSnapshot().puzzle?.preset === name", arg=name)
    expect(page.locator("#game-info")).to_be_visible()
    game = snapshot(page)
    assert game["puzzle"]["preset"] == name
    # This module plays the flat drawings (the cube's net, the Orbix's plane drawing); their 3D view is test_solid_page.py's.
    if page.locator("#view-controls").is_visible() and page.locator("#view-flat").get_attribute("aria-pressed") != "true":
        page.locator("#view-flat").click()
    expect(page.get_by_role("grid", name="Board").locator('[role="gridcell"]')).to_have_count(game["rows"] * game["cols"])
    return game


def link_with_moves(page: Page, head: str, moves: int) -> str:
    """The page's address once it has written its link (by the worker, for a preset or a graph): a `head` link with `moves` moves."""
    hash_text = link_written(page)
    reply = json.loads(api.handle(json.dumps({"op": "share", "text": hash_text})))
    assert hash_text.startswith(head) and reply["ok"] and len(reply["moves"]) == moves, (hash_text, reply)
    return page.url


def field_of(game: dict) -> dict:
    puzzle = game["puzzle"]
    return {"preset": puzzle["preset"]} if "preset" in puzzle else {"graph": puzzle["graph"]}


def solve_and_press(page: Page, game: dict) -> None:
    """Solve; check the marks in Python (verify) and in the page; press every mark until solved."""
    rows, cols, k = game["rows"], game["cols"], game["k"]
    if status(page).get_attribute("data-solved") == "1":
        button(page, "New puzzle").click()  # a dealt board that is already the goal: deal again
        quiet(page)
        game = snapshot(page)
    button(page, "Solve").click()
    expect(page.get_by_role("grid", name="Board").locator("[data-press]").first).to_be_attached()
    shown = snapshot(page)
    marks = shown["marks"]
    moves_before = shown["moves"]
    verdict = call({"op": "verify", **field_of(shown), "board": board_id(rows, cols, k, shown["cells"]),
                    "presses": board_id(rows, cols, k, marks)})
    assert verdict["solved"], f"{game['puzzle']}: the marked presses do not reach the goal"
    assert page.evaluate("() => window.lightsOut.verifyShown()")["solved"]
    click_cells(page, [divmod(index, cols) for index, count in enumerate(marks) for _ in range(count)])
    expect(status(page)).to_have_attribute("data-solved", "1")
    assert snapshot(page)["moves"] == moves_before + sum(marks)


@pytest.fixture
def games_page(ready_page: Page) -> Iterator[Page]:
    yield ready_page
    restore_classic_game(ready_page)


@pytest.mark.parametrize("name", GAMES)
def test_every_game_deals_and_its_solution_solves_it(games_page: Page, name: str) -> None:
    game = deal(games_page, name)
    facts = call({"op": "puzzle", "preset": name})
    assert (game["rows"], game["cols"], game["k"]) == (facts["rows"], facts["cols"], facts["k"])
    assert game["puzzle"]["presses"] == facts["presses"]
    goal = {"off": "Turn them all off.", "on": "Turn them all on."}.get(facts["target"], "Reach the game's goal pattern.")
    expect(games_page.locator(".tagline")).to_contain_text(goal)
    solve_and_press(games_page, game)


def test_the_cube_and_orbix_are_drawn_from_coordinates_and_keys_move_by_them(games_page: Page) -> None:
    page = games_page
    deal(page, "cube")
    grid = page.get_by_role("grid", name="Board")
    assert grid.locator("svg rect.goutline").count() == 54
    first = cell(page, 0, 0)  # U1, top left of the net's top face
    first.click()
    page.keyboard.press("ArrowRight")
    expect(page.locator(":focus")).to_have_attribute("data-index", "1")
    page.keyboard.press("ArrowDown")
    expect(page.locator(":focus")).to_have_attribute("data-index", "4")
    before = snapshot(page)["cells"]
    page.keyboard.press(" ")
    after = snapshot(page)["cells"]
    presses = snapshot(page)["puzzle"]["presses"][4]
    assert [i for i in range(54) if before[i] != after[i]] == sorted(presses)
    deal(page, "orbix")
    assert grid.locator("svg circle.goutline").count() == 12
    assert grid.locator(".gedges line").count() == 30


def test_lights_out_2000_shows_red_and_green_and_reverses_them(games_page: Page) -> None:
    page = games_page
    deal(page, "lights-out-2000")
    expect(page.locator("#game-states")).to_have_text("States: off → red → green.")
    cells = snapshot(page)["cells"]
    one = cells.index(1)
    target = cell(page, one // 5, one % 5)
    red = target.evaluate("b => b.style.backgroundColor")
    assert red == "rgb(229, 57, 53)"
    page.get_by_label("Reverse the colour order").check()
    expect(page.locator("#game-states")).to_have_text("States: off → green → red.")
    assert target.evaluate("b => b.style.backgroundColor") == "rgb(67, 160, 71)"
    page.get_by_label("Reverse the colour order").uncheck()


def reopen(page: Page, link: str, cells: int) -> dict:
    """Open `link` again, as a friend's browser opens it: from another game (a plain 5×5's link) to it."""
    page.evaluate("() => { location.hash = '5x5:AAAAAA'; }")
    expect(page.locator("#message")).to_contain_text("Opened a shared 5×5")
    return open_hash(page, link.split("#", 1)[1], cells)


def test_a_preset_link_reopens_the_same_board_and_moves(games_page: Page) -> None:
    page = games_page
    deal(page, "cube")
    cell(page, 0, 4).click()
    cell(page, 3, 7).click()
    played = snapshot(page)
    link = link_with_moves(page, "#cube:", 2)
    assert ";p=game-cube;" in link  # the game was dealt from the Games choice: the link says so
    reveal_fewest(page)
    minimum = page.locator("#minimum").text_content()
    assert re.fullmatch(r"\(best possible: \d+\)", minimum), minimum
    other = page
    reopened = reopen(other, link, 54)
    expect(other.locator("#game-select")).to_have_value("cube")
    assert (reopened["cells"], reopened["moves"]) == (played["cells"], 2)
    # The same puzzle again: its proven fewest presses (of the dealt board) and its timer.
    reveal_fewest(other)
    expect(other.locator("#minimum")).to_have_text(minimum)
    # A broken game link is refused by Python's share parser, named by its column, board kept.
    other.evaluate("location.hash = 'cube:xyz'")
    message = other.locator("#message")
    expect(message).to_have_text("This link cannot be opened — column 6 (board): the board needs 10 base64url characters, found 3."
                                 " The board was kept.")
    assert snapshot(other)["cells"] == played["cells"]


def test_a_user_graph_round_trips_through_a_share_link(games_page: Page) -> None:
    page = games_page
    open_games(page)
    page.locator("#graph-load summary").click()
    box = page.get_by_label("Puzzle text")
    box.fill("cells 3\npress 0: 9\n")
    button(page, "Play this puzzle").click()
    expect(page.locator("#graph-error")).to_contain_text("Line 2")
    before = snapshot(page)
    box.fill(USER_GRAPH)
    button(page, "Play this puzzle").click()
    expect(page.locator("#graph-error")).to_have_text("")
    expect(page.get_by_role("grid", name="Board").locator('[role="gridcell"]')).to_have_count(5)
    assert before["puzzle"] is None or before["cells"] != snapshot(page)["cells"]
    game = snapshot(page)
    assert game["cells"] == [1, 1, 0, 0, 0] and game["target"] == "on"
    assert game["puzzle"]["presses"][4] == [0, 4]
    cell(page, 0, 4).click()  # the tail: itself and cell 0
    played = snapshot(page)
    assert played["cells"] == [0, 1, 0, 0, 1]
    link = link_with_moves(page, "#G5:", 1)
    other = page
    reopened = reopen(other, link, 5)
    expect(other.get_by_role("grid", name="Board").locator('[role="gridcell"]')).to_have_count(5)
    assert reopened["cells"] == played["cells"] and reopened["moves"] == 1
    assert reopened["puzzle"]["presses"] == played["puzzle"]["presses"]
    assert reopened["target"] == "on"
    solve_and_press(other, reopened)


def open_hash(page: Page, text: str, cells: int) -> dict:
    """Edit the hash to the game link `text` (of `cells` cells), as a reader does; the game once Python has opened it."""
    page.evaluate("(text) => { location.hash = text; }", text)
    page.wait_for_function("(cells) => { const game = window.lightsOut.statesSnapshot();"
                           " return game.puzzle !== null && game.rows * game.cols === cells"
                           " && document.querySelector('#message').textContent.includes('Opened'); }", arg=cells)
    return snapshot(page)


def test_a_game_link_keeps_its_goal_shape_and_names(games_page: Page) -> None:
    """Issue #28: a preset link's g= is the goal Solve answers and the win waits for; h= and d= open
    as holes and don't-care cells; names with , ; % # read back; the page writes each link back."""
    page = games_page
    page.evaluate("() => { location.hash = ''; }")
    game = open_hash(page, "merlin:BQA;g=xwE", 9)
    goal = [1, 1, 1, 0, 0, 0, 1, 1, 1]  # xwE: bits 0-2 and 6-8
    assert game["target"] == goal and game["cells"] == [1, 0, 1, 0, 0, 0, 0, 0, 0]
    button(page, "Solve").click()
    expect(page.get_by_role("grid", name="Board").locator("[data-press]").first).to_be_attached()
    marks = snapshot(page)["marks"]
    verdict = call({"op": "verify", "preset": "merlin", "target": board_id(3, 3, 2, goal),
                    "board": board_id(3, 3, 2, game["cells"]), "presses": board_id(3, 3, 2, marks)})
    assert verdict["solved"], "the marks reach the goal shown"
    click_cells(page, [divmod(index, 3) for index, count in enumerate(marks) for _ in range(count)])
    expect(status(page)).to_have_attribute("data-solved", "1")
    expect(page).to_have_url(re.compile(r"#merlin:BQA;g=xwE;m="))

    open_hash(page, "cube:CwAAAAAAAA;h=EAAAAAAAAA;d=ACAAAAAAAA", 54)
    grid = page.get_by_role("grid", name="Board")
    expect(grid.locator("[data-hole='1']")).to_have_count(1)
    expect(grid.locator("[data-index='4']")).to_have_attribute("data-hole", "1")
    expect(grid.locator("[data-index='13']")).to_have_attribute("data-dont-care", "1")
    assert link_written(page) == "#cube:CwAAAAAAAA;h=EAAAAAAAAA;d=ACAAAAAAAA"  # the page's own write of the link keeps it

    link = call({"op": "share", "graph": {"cells": 4, "edges": [[0, 1], [1, 2], [2, 3]], "names": ["a,b", "c;d", "50%", "C#"]},
                 "board": "1x4:AQ"})["text"]
    open_hash(page, link, 4)
    for index, name in enumerate(["a,b", "c;d", "50%", "C#"]):
        expect(grid.locator(f"[data-index='{index}']")).to_have_attribute("aria-label", re.compile(re.escape(name)))
    assert link_written(page) == "#" + link


def test_a_hex_board_presses_its_six_neighbours_and_solves(games_page: Page) -> None:
    page = games_page
    load_text(page, grid_text([[0] * 4 for _ in range(4)]))
    page.get_by_label("Rule", exact=True).select_option("hex")
    grid = page.get_by_role("grid", name="Board")
    expect(grid.locator("svg polygon.goutline")).to_have_count(16)
    cell(page, 1, 1).click()
    lit = [i for i, state in enumerate(snapshot(page)["cells"]) if state]
    assert lit == sorted(r * 4 + c for r, c in [(1, 1), (1, 0), (1, 2), (0, 1), (2, 1), (0, 2), (2, 0)])
    load_text(page, grid_text([[1, 0, 0, 1], [0, 1, 0, 0], [0, 0, 1, 0], [1, 0, 0, 0]]))
    expect(grid.locator("svg polygon.goutline")).to_have_count(16)
    game = snapshot(page)
    button(page, "Solve").click()
    expect(grid.locator("[data-press]").first).to_be_attached()
    shown = snapshot(page)
    verdict = call({"op": "verify", "rule": "hex", "board": board_id(4, 4, 2, shown["cells"]),
                    "presses": board_id(4, 4, 2, shown["marks"])})
    assert verdict["solved"] and game["cells"] == shown["cells"]
    for index, count in enumerate(shown["marks"]):
        if count:
            cell(page, index // 4, index % 4).click()
    expect(status(page)).to_have_attribute("data-solved", "1")


HEX_NEIGHBOURS = [(0, 0), (0, -1), (0, 1), (-1, 0), (1, 0), (-1, 1), (1, -1)]  # axial (docs/guide.md)


def test_a_hex_board_with_a_hole_and_a_dont_care_cell_draws_skips_and_solves_them(games_page: Page) -> None:
    page = games_page
    page.get_by_label("Rule", exact=True).select_option("hex")
    expect(page.locator(".graph-board")).to_have_attribute("data-outline", "hex")
    button(page, "Edit shape").click()
    page.locator("button.tool[data-tool=hole]").click()
    cell(page, 2, 2).click()
    page.locator("button.tool[data-tool=dontCare]").click()
    cell(page, 1, 3).click()
    button(page, "Edit shape").click()  # back to play
    hole, unknown = cell(page, 2, 2), cell(page, 1, 3)
    expect(hole).to_have_attribute("data-hole", "1")
    expect(hole).to_have_attribute("aria-disabled", "true")
    expect(hole).to_have_attribute("aria-label", re.compile("hole"))
    expect(hole.locator(".goutline")).to_have_css("fill", "none")
    expect(unknown).to_have_attribute("data-dont-care", "1")
    expect(unknown.locator(".gdontcare")).to_be_visible()
    expect(unknown).to_have_attribute("aria-label", re.compile("don't care"))
    hole.click(force=True)  # a hole has no button
    assert snapshot(page)["moves"] == 0
    cell(page, 2, 1).focus()
    page.keyboard.press("ArrowRight")  # over the hole to the next cell of the row
    assert page.evaluate("() => [document.activeElement.dataset.row, document.activeElement.dataset.col]") == ["2", "3"]
    button(page, "New puzzle").click()
    expect(status(page)).to_contain_text("New")
    button(page, "Solve").click()
    expect(page.get_by_role("grid", name="Board").locator("[data-press]").first).to_be_attached()
    shown = snapshot(page)
    states, marks = list(shown["cells"]), shown["marks"]
    assert marks[2 * 5 + 2] == 0 and states[2 * 5 + 2] == 0  # nothing in the hole
    for index, count in enumerate(marks):  # the presses, simulated with the hex rule here
        row, col = divmod(index, 5)
        for dr, dc in HEX_NEIGHBOURS:
            r, c = row + dr, col + dc
            if 0 <= r < 5 and 0 <= c < 5 and (r, c) != (2, 2):
                states[r * 5 + c] ^= count & 1
    assert [i for i, state in enumerate(states) if state and i != 1 * 5 + 3] == []
    page.get_by_label("Rule", exact=True).select_option("plus")
    button(page, "Full board").click()


def test_the_rule_and_surface_menus_name_a_games_own_press_sets_and_leave_it(games_page: Page) -> None:
    page = games_page
    rule, surface = page.get_by_label("Rule", exact=True), page.get_by_label("Surface", exact=True)
    game = deal(page, "orbix")
    for menu in (rule, surface):
        expect(menu).to_have_value("game")
        assert menu.evaluate("m => m.selectedOptions[0].textContent") == "The game's own"
    rule.select_option("moore")  # a rule chosen leaves the game for a plain board of its size
    expect(rule).to_have_value("moore")
    expect(surface).to_have_value("plane")
    left = snapshot(page)
    assert left["puzzle"] is None and (left["rows"], left["cols"]) == (game["rows"], game["cols"])
    deal(page, "mini")
    expect(surface).to_have_value("game")
    surface.select_option("torus")
    expect(surface).to_have_value("torus")
    expect(rule).to_have_value("plus")
    assert snapshot(page)["puzzle"] is None


def test_the_games_panel_in_chinese_has_no_english_words(games_page: Page) -> None:
    page = games_page
    deal(page, "lights-out-2000")
    page.get_by_role("button", name="中文").click()
    try:
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
        expect(page.locator("#game-name")).to_have_text("关灯 2000")
        expect(page.locator("#game-states")).to_have_text("状态：灭 → 红 → 绿。")
        texts = page.evaluate(
            """() => [...document.querySelectorAll('#games legend, #games label, #games option, #games summary, #games button, #game-info p:not(.game-sources)')]
                      .map(e => e.textContent)""")
        words = [word for text in texts for word in re.findall(r"[A-Za-z]{3,}", text)]
        assert [word for word in words if word not in {"Merlin", "Orbix"}] == [], words
        assert "undefined" not in " ".join(texts)
    finally:
        page.get_by_role("button", name="English").click()


@pytest.mark.parametrize("name", ["cube", "merlin", "lights-out-2000"])
def test_analysis_of_a_game_is_its_own(games_page: Page, name: str) -> None:
    page = games_page
    deal(page, name)
    facts = call({"op": "analyze", "preset": name})
    analysis = page.locator("#analysis")
    if analysis.get_attribute("open") is None:
        analysis.locator(":scope > summary").click()
    try:
        game = facts.get("preset") or call({"op": "presets"})["presets"][GAMES.index(name)]
        expect(page.locator("#analysis-for")).to_contain_text(game["game"]["en"])
        if facts.get("invariant_factors") and any(order != 2 for order in facts["invariant_factors"]):
            expect(page.locator("#analysis-invariant-factors")).not_to_be_empty()
        else:
            expect(page.locator("#analysis-nullity")).to_have_text(str(facts["nullity"]))
            expect(page.locator("#analysis-rank")).to_have_text(str(facts["rank"]))
    finally:
        analysis.locator(":scope > summary").click()


def test_a_games_board_text_is_its_own_form(games_page: Page) -> None:
    """Load reads the cube as 54 symbols in its cell order (the game stays); a bad count is refused, the board kept."""
    page = games_page
    deal(page, "cube")
    page.evaluate("() => { for (const s of document.querySelectorAll('details.section:not(#analysis)')) s.open = true; }")
    box = page.get_by_role("textbox", name="Board")
    box.fill("#" * 54)
    button(page, "Load").click()
    expect(status(page).locator(".message")).to_contain_text("Loaded a 6×9 board (one symbol per cell)")
    game = snapshot(page)
    assert game["cells"] == [1] * 54 and game["puzzle"]["preset"] == "cube"
    box.fill("#" * 53)
    button(page, "Load").click()
    expect(page.locator("#board-error")).not_to_be_empty()
    assert snapshot(page)["cells"] == [1] * 54


def nearest_in_direction(coords: list[list[float]], start: int, dx: int, dy: int) -> int | None:
    """The documented rule (docs/guide.md, graph-layout.js), written again: among the cells within
    60° of (dx, dy) (y down), the least distance along it plus twice the distance across."""
    x0, y0 = coords[start]
    best, best_score = None, math.inf
    for j, (x, y) in enumerate(coords):
        along = (x - x0) * dx + (y - y0) * dy
        across = abs((x - x0) * dy - (y - y0) * dx)
        if j == start or along <= 1e-9 or across > along * math.sqrt(3) + 1e-9:
            continue
        if along + 2 * across < best_score - 1e-9:
            best, best_score = j, along + 2 * across
    return best


def test_orbix_arrow_keys_walk_its_drawing_by_coordinates(games_page: Page) -> None:
    page = games_page
    deal(page, "orbix")
    coords = call({"op": "puzzle", "preset": "orbix"})["coords"]
    keys = {"ArrowRight": (1, 0), "ArrowLeft": (-1, 0), "ArrowDown": (0, 1), "ArrowUp": (0, -1)}
    cell(page, 0, 0).focus()
    at = 0
    visited = {at}
    for key in ["ArrowDown", "ArrowRight", "ArrowDown", "ArrowLeft", "ArrowLeft", "ArrowUp", "ArrowRight", "ArrowUp",
                "ArrowDown", "ArrowDown", "ArrowDown", "ArrowRight", "ArrowRight", "ArrowUp", "ArrowLeft"]:
        page.keyboard.press(key)
        step = nearest_in_direction(coords, at, *keys[key])
        at = at if step is None else step  # at an edge the focus stays
        expect(page.locator(":focus")).to_have_attribute("data-index", str(at))
        visited.add(at)
    assert len(visited) >= 4, visited  # the walk really moved
    # Space presses the focused button: its five neighbours change, not itself.
    before = snapshot(page)["cells"]
    page.keyboard.press(" ")
    after = snapshot(page)["cells"]
    changed = [i for i in range(12) if before[i] != after[i]]
    assert changed == sorted(call({"op": "puzzle", "preset": "orbix"})["presses"][at]) and at not in changed


def test_a_puzzle_file_opens_as_a_game_and_a_bad_one_keeps_the_board(games_page: Page, tmp_path) -> None:
    page = games_page
    open_games(page)
    page.locator("#graph-load").evaluate("details => { details.open = true; }")  # an earlier test may have opened it
    good = tmp_path / "square.txt"
    good.write_text("\ufeff" + USER_GRAPH.replace("\n", "\r\n"), encoding="utf-8")  # as an editor on Windows saves it
    with page.expect_file_chooser() as chooser:
        page.locator("#graph-file-button").click()
    chooser.value.set_files(str(good))
    expect(page.get_by_role("grid", name="Board").locator('[role="gridcell"]')).to_have_count(5)
    game = snapshot(page)
    assert game["cells"] == [1, 1, 0, 0, 0] and game["puzzle"]["presses"][4] == [0, 4]
    bad = tmp_path / "bad.json"
    bad.write_text('{"cells": 3, "presses": [[0], [1], [7]]}', encoding="utf-8")
    with page.expect_file_chooser() as chooser:
        page.locator("#graph-file-button").click()
    chooser.value.set_files(str(bad))
    expect(page.locator("#graph-error")).not_to_be_empty()
    assert snapshot(page)["cells"] == game["cells"]  # the game is kept
    assert page.locator("#graph-text").input_value() == bad.read_text(encoding="utf-8")  # shown, to be mended
    # Random text, thousands of characters no font here has: read, but kept out of the box,
    # whose layout of it would hold the page for a second (text-box.js); Play reads it again.
    rng = random.Random(16)
    junk = tmp_path / "junk.txt"
    junk.write_text("".join(chr(rng.randrange(0x100, 0x2FFF)) for _ in range(4096)), encoding="utf-8")
    page.locator("#graph-error").evaluate("error => { error.textContent = ''; }")
    with page.expect_file_chooser() as chooser:
        page.locator("#graph-file-button").click()
    chooser.value.set_files(str(junk))
    expect(page.locator("#graph-error")).not_to_be_empty()
    box = page.locator("#graph-text")
    assert box.input_value() == "" and "not shown" in (box.get_attribute("placeholder") or "")
    page.locator('[data-language="zh"]').click()  # the note is said again in the other language
    try:
        expect(box).to_have_attribute("placeholder", re.compile(r"^（文件已读取"))
    finally:
        page.locator('[data-language="en"]').click()
    expect(box).to_have_attribute("placeholder", re.compile(r"^\(The file is read but not shown"))
    page.locator("#graph-error").evaluate("error => { error.textContent = ''; }")
    page.locator("#graph-play").click()
    expect(page.locator("#graph-error")).not_to_be_empty()
    assert snapshot(page)["cells"] == game["cells"]


# The words a 中文 message may keep: the puzzle format's keywords, a link's field names, what the user typed.
ALLOWED_NAMES = re.compile(r"\b(cells|k|goal|start|self|press|edge|at|name|shape|title|null|off|on|JSON)\b|[a-z]=")


def test_a_bad_puzzle_file_and_a_bad_game_link_are_said_in_chinese(games_page: Page, tmp_path) -> None:
    page = games_page  # English again afterwards (said_in_chinese), then the classic game
    try:
        said_in_chinese(page, tmp_path)
    finally:
        page.locator('[data-language="en"]').click()


def said_in_chinese(page: Page, tmp_path) -> None:
    page.locator('[data-language="zh"]').click()
    open_games(page)
    page.locator("#graph-load").evaluate("details => { details.open = true; }")
    before = snapshot(page)
    bad = tmp_path / "bad-goal.txt"
    bad.write_text("cells 3\nedge 0 1\ngoal #.?\n", encoding="utf-8")
    with page.expect_file_chooser() as chooser:
        page.locator("#graph-file-button").click()
    chooser.value.set_files(str(bad))
    error = page.locator("#graph-error")
    # Python's code and params (lightsout.errors.PUZZLE_ERRORS), said by the page: line, column, the field.
    expect(error).to_have_text("第 3 行，第 8 列：目标（goal）中应为表示灯的符号：#、*、1、x（亮）或 .、-、0、o（灭），这里是“?”。")
    assert not re.search(r"[A-Za-z]{2,}", ALLOWED_NAMES.sub(" ", error.text_content()))
    assert snapshot(page)["cells"] == before["cells"]  # the board is kept
    page.locator('[data-language="en"]').click()  # said again in the other language
    expect(error).to_have_text("Line 3, column 8: the goal: expected a light, # * 1 x (lit) or . - 0 o (dark), found “?”.")
    page.locator('[data-language="zh"]').click()
    expect(error).to_contain_text("第 3 行，第 8 列：目标（goal）中应为")
    # A broken game link, refused by Python's share parser: its column and part, in 中文.
    page.evaluate("location.hash = 'cube:xyz'")
    message = page.locator("#message")
    expect(message).to_have_text("无法打开此链接——第 6 列（棋盘）：棋盘需要 10 个编码字符，这里有 3 个。棋盘保持不变。")
    page.evaluate("location.hash = 'G3:BQ;e=AgAAAwAAAAIBBQ'")
    expect(message).to_have_text("无法打开此链接——第 9 列（e=）：格子 2 的按键集合涉及格子 7，超出了 3 个格子。棋盘保持不变。")
    assert not re.search(r"[A-Za-z]{2,}", ALLOWED_NAMES.sub(" ", message.text_content()))
    assert snapshot(page)["cells"] == before["cells"]


def test_a_graph_label_is_cut_on_whole_characters_and_a_title_with_an_escape_is_refused(games_page: Page, tmp_path) -> None:
    """Issue 28: a label cut to six characters split an emoji's surrogate pair ("😀😀\\ud83d…"), and a
    title holding ESC or BEL was shown as it was."""
    page = games_page
    open_games(page)
    page.locator("#graph-load").evaluate("details => { details.open = true; }")
    emoji = tmp_path / "emoji.txt"
    emoji.write_text("cells 2\nedge 0 1\nname 0 " + "😀" * 7 + "\nname 1 b\n", encoding="utf-8")
    with page.expect_file_chooser() as chooser:
        page.locator("#graph-file-button").click()
    chooser.value.set_files(str(emoji))
    expect(page.get_by_role("grid", name="Board").locator('[role="gridcell"]')).to_have_count(2)
    assert page.locator(".glabel").all_text_contents() == ["😀" * 5 + "…", "b"]
    game = snapshot(page)
    evil = tmp_path / "evil.txt"
    evil.write_text("title a\x1b[31mred\x07\ncells 2\nedge 0 1\n", encoding="utf-8")
    with page.expect_file_chooser() as chooser:
        page.locator("#graph-file-button").click()
    chooser.value.set_files(str(evil))
    expect(page.locator("#graph-error")).to_contain_text("control character")
    assert snapshot(page)["cells"] == game["cells"]


BIG_HEX = 33  # a side: 1 089 cells, more than graph-canvas.js's MAX_SVG_CELLS (1 024), so drawn on a canvas

# The canvas pixel (RGBA) at the centre of each listed cell, found as a click finds it (window.lightsOut.clientOfCell).
CENTRE_PIXELS = """(indices) => {
  const canvas = document.querySelector('#board canvas');
  const box = canvas.getBoundingClientRect();
  const context = canvas.getContext('2d');
  return indices.map((i) => {
    const point = window.lightsOut.clientOfCell(Math.floor(i / %d), i %% %d);
    const x = Math.floor((point.x - box.left) * canvas.width / box.width);
    const y = Math.floor((point.y - box.top) * canvas.height / box.height);
    return [...context.getImageData(x, y, 1, 1).data];
  });
}""" % (BIG_HEX, BIG_HEX)


def css_colour(page: Page, name: str) -> list[int]:
    """A colour variable of the page's stylesheet as [r, g, b, 255] (they are written #rrggbb)."""
    text = page.evaluate("(name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim()", name)
    assert re.fullmatch(r"#[0-9a-f]{6}", text), text
    return [int(text[i:i + 2], 16) for i in (1, 3, 5)] + [255]


def hex_press(states: list[int], side: int, index: int) -> list[int]:
    """States after pressing cell `index` of a side×side hex board (the hex rule, bounded)."""
    row, col = divmod(index, side)
    out = list(states)
    for dr, dc in HEX_NEIGHBOURS:
        r, c = row + dr, col + dc
        if 0 <= r < side and 0 <= c < side:
            out[r * side + c] ^= 1
    return out


def test_a_big_hex_board_is_drawn_on_a_canvas_and_plays_as_the_svg_does(games_page: Page) -> None:
    """Above MAX_SVG_CELLS cells a board drawn from coordinates is a canvas with one gridcell, the
    keyboard's (an SVG of 4 096 cells held the page 50–76 ms a press): cells in the stylesheet's
    colours, a click presses the cell under it and focuses it, a click between cells presses
    nothing, arrows move by coordinates, Space presses, marks show and are named."""
    page = games_page
    rng = random.Random(BIG_HEX)
    load_text(page, grid_text([[rng.getrandbits(1) for _ in range(BIG_HEX)] for _ in range(BIG_HEX)]))
    page.get_by_label("Rule", exact=True).select_option("hex")
    grid = page.get_by_role("grid", name="Board")
    expect(grid.locator("canvas")).to_have_attribute("data-cells", str(BIG_HEX * BIG_HEX))
    expect(grid).not_to_have_attribute("aria-busy", "true")
    assert page.evaluate("() => window.lightsOut.view().kind") == "graph-canvas"
    expect(grid.locator("canvas")).to_have_attribute("aria-hidden", "true")
    expect(grid).to_have_attribute("aria-colcount", str(BIG_HEX))
    expect(grid.locator('[role="gridcell"]')).to_have_count(1)  # a virtual grid: the keyboard's cell
    on, off = css_colour(page, "--cell-on"), css_colour(page, "--cell-off")

    def shown_as(states: list[int]) -> None:
        after_frames(page, 2)  # the canvas is drawn in the next frame
        sample = list(range(0, BIG_HEX * BIG_HEX, 7))
        pixels = page.evaluate(CENTRE_PIXELS, sample)
        assert pixels == [on if states[i] else off for i in sample]

    before = snapshot(page)["cells"]
    shown_as(before)
    index = 5 * BIG_HEX + 7
    point = page.evaluate("([r, c]) => window.lightsOut.clientOfCell(r, c)", [5, 7])
    # Half a cell right of a centre is the gap between two hexagons (0.92 cells wide): no press.
    right = page.evaluate("([r, c]) => window.lightsOut.clientOfCell(r, c)", [5, 8])
    page.mouse.click((point["x"] + right["x"]) / 2, point["y"])
    assert snapshot(page)["moves"] == 0
    page.mouse.click(point["x"], point["y"])
    after = snapshot(page)["cells"]
    assert after == hex_press(before, BIG_HEX, index) and snapshot(page)["moves"] == 1
    focused = page.locator(":focus")
    expect(focused).to_have_attribute("data-index", str(index))
    expect(focused).to_have_attribute("aria-label", f"Cell {index + 1}, {'lit' if after[index] else 'dark'}")
    shown_as(after)
    page.keyboard.press("ArrowRight")
    expect(page.locator(":focus")).to_have_attribute("data-index", str(index + 1))
    page.keyboard.press(" ")
    pressed = snapshot(page)
    assert pressed["cells"] == hex_press(after, BIG_HEX, index + 1) and pressed["moves"] == 2
    expect(page.locator(":focus")).to_have_attribute("aria-label", f"Cell {index + 2}, {'lit' if pressed['cells'][index + 1] else 'dark'}")
    shown_as(pressed["cells"])
    button(page, "Solve").click()
    page.wait_for_function("() => window.lightsOut.statesSnapshot().marks !== null")
    marks = snapshot(page)["marks"]
    verdict = call({"op": "verify", "rule": "hex", "board": board_id(BIG_HEX, BIG_HEX, 2, pressed["cells"]),
                    "presses": board_id(BIG_HEX, BIG_HEX, 2, marks)})
    assert verdict["solved"]
    after_frames(page, 2)  # the marks are drawn in the next frame
    shown = page.evaluate(CENTRE_PIXELS, list(range(BIG_HEX * BIG_HEX)))
    assert [i for i, pixel in enumerate(shown) if pixel not in (on, off)] == [i for i, count in enumerate(marks) if count]


# palette.js's colours of states 1 and 2 of three (state 0 is the stylesheet's dark cell).
THREE_STATE_FILLS = ["#ffd54a", "#56b4e9"]


@pytest.mark.parametrize("side", [4, BIG_HEX])
def test_a_hex_board_with_three_states_shows_each_states_colour(games_page: Page, side: int) -> None:
    """Issue #28 item 7's review: the SVG set its k-state colours as presentation attributes, which
    the stylesheet's .goutline fill overrides, so every cell looked dark; the canvas must show them too."""
    page = games_page
    page.get_by_label("Rule", exact=True).select_option("hex")
    load_text(page, grid_text([[0] * side for _ in range(side)]))
    set_states(page, 3)
    button(page, "New puzzle").click()
    page.wait_for_function("() => window.lightsOut.statesSnapshot().cells.some((state) => state === 2)", timeout=60_000)  # a deal waits for the solver, slow under load
    states = snapshot(page)["cells"]
    expected = [css_colour(page, "--cell-off")] + [[int(c[i:i + 2], 16) for i in (1, 3, 5)] + [255] for c in THREE_STATE_FILLS]
    if side == BIG_HEX:
        after_frames(page, 2)  # drawn in the next frame
        shown = page.evaluate(CENTRE_PIXELS, list(range(side * side)))
    else:
        settled(page)
        shown = page.evaluate("""() => [...document.querySelectorAll('#board .gcell')].map((cell) =>
          [...getComputedStyle(cell.querySelector('.goutline')).fill.match(/\\d+/g).map(Number), 255])""")
    assert shown == [expected[state] for state in states]
    set_states(page, 2)


def test_the_keyboards_cell_shows_on_a_lit_svg_cell(games_page: Page) -> None:
    """The lit outline's selector was more specific than the focus's (and the overlays'), so a
    lit cell of an SVG board never showed that it had the keyboard."""
    page = games_page
    page.get_by_label("Rule", exact=True).select_option("hex")
    load_text(page, grid_text([[1, 0, 0], [0, 0, 0], [0, 0, 0]]))
    settled(page)
    lit = cell(page, 0, 0)
    lit.focus()
    focus = css_colour(page, "--focus")
    stroke = lit.locator(".goutline").evaluate("(shape) => getComputedStyle(shape).stroke")
    assert stroke == "rgb({}, {}, {})".format(*focus[:3])
