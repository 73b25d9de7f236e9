"""Share links of k-state games and of the Klein bottle and projective plane: the page
writes exactly the string lightsout.share.links.format_share writes for the game (k=, r=, w=,
g=, m=), and a link opens in a new page as the same game — board, k, surface, rule, goal
and moves — with Undo taking the replayed moves back as the API says. Links the
page's k-state play cannot hold (more than 64×64 with k > 2: the canvas draws two states) name their field and keep the
board."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import without_solver
from e2e_helpers import button, cell, click_cells, grid_text, load_text, restore_classic_game, set_goal, set_states, settled, status
from playwright.sync_api import Page, expect

from states_reference import Game
from lightsout.model.rules import parse_rule
from lightsout.share.links import ShareState, format_share, parse_share


@pytest.fixture
def page(ready_page: Page) -> Iterator[Page]:
    """The shared page, put back to the classic game afterwards."""
    yield ready_page
    page = ready_page
    restore_classic_game(page)




def snapshot(page: Page) -> dict[str, Any]:
    settled(page)
    return page.evaluate("window.lightsOut.statesSnapshot()")


def packed(states: list[int], k: int) -> int:
    bits = (k - 1).bit_length()
    return sum(value << (i * bits) for i, value in enumerate(states))


def symbols(states: list[int], cols: int) -> str:
    """A board for the Board box: one symbol per state (0-9, then a-z)."""
    alphabet = "0123456789abcdefghijklmnopqrstuvwxyz"
    rows = [states[i:i + cols] for i in range(0, len(states), cols)]
    return "\n".join("".join(alphabet[value] for value in row) for row in rows)


def open_in_new_page(page: Page, url: str) -> Page:
    """The link in a new page of the same browser; the new page opens it and plays
    without Python, so it does not start the solver (conftest.without_solver)."""
    other = page.context.new_page()
    without_solver(other)
    other.goto(url)
    expect(other.locator("#move-count")).to_be_visible()
    return other


CASES = [
    # k, surface, rule, rows, cols, goal
    (3, "plane", "plus", 5, 5, "off"),
    (7, "klein", "plus", 4, 6, "off"),
    (5, "projective", "moore", 5, 4, "on"),
    (20, "torus", "x", 3, 5, "off"),
    (2, "klein", "custom:##./.#./...", 4, 5, "on"),
    (2, "projective", "plus", 3, 3, "off"),
]


@pytest.mark.parametrize(("k", "surface", "rule", "rows", "cols", "goal"), CASES)
def test_k_state_and_surface_links_round_trip_in_a_new_page(page, k, surface, rule, rows, cols, goal):
    rng = random.Random(f"{k}/{surface}/{rule}")
    page.get_by_label("Rule", exact=True).select_option(rule if not rule.startswith("custom:") else "plus")
    page.get_by_label("Surface", exact=True).select_option(surface)
    set_states(page, k)
    start = [rng.randrange(k) for _ in range(rows * cols)]
    load_text(page, symbols(start, cols) if k > 2 else grid_text(
        [[value for value in start[r * cols:(r + 1) * cols]] for r in range(rows)]))
    if rule.startswith("custom:"):
        # Draw the stencil ##. / .#. : the pressed cell, the one above it and the one above-left.
        page.get_by_label("Rule", exact=True).select_option("custom")
        for label in ("Offset 0, 1", "Offset 1, 0", "Offset 0, -1"):  # plus minus these, minus below
            page.get_by_role("button", name=label, exact=True).click()
        page.get_by_role("button", name="Offset -1, -1", exact=True).click()
        expect(page.locator("#stencil-text")).to_have_text(rule)
    set_goal(page, goal)
    data = snapshot(page)
    assert (data["k"], data["surface"], data["rule"], data["cells"]) == (k, surface, rule, start)

    game = Game(rows, cols, k, parse_rule(rule).stencil, surface)
    presses = [(rng.randrange(rows), rng.randrange(cols)) for _ in range(5)] + [(0, 0), (rows - 1, cols - 1)]
    expected = start
    for row, col in presses:
        cell(page, row, col).click()
        expected = game.press(expected, row, col)
    assert snapshot(page)["cells"] == expected

    want = format_share(ShareState(
        rows, cols, packed(start, k), k, parse_rule(rule).stencil, surface, goal,
        moves=tuple(r * cols + c for r, c in presses)))
    page.wait_for_function("(want) => location.hash === '#' + want", arg=want)
    state = parse_share(want)
    assert (state.k, state.surface, state.goal) == (k, surface, goal)

    other = open_in_new_page(page, page.evaluate("location.href"))
    try:
        expect(status(other)).to_contain_text(f"Opened a shared {rows}×{cols} game with {len(presses)} moves")
        opened = snapshot(other)
        assert (opened["k"], opened["surface"], opened["rule"], opened["target"]) == (k, surface, rule, goal)
        assert opened["cells"] == expected
        expect(other.get_by_label("States", exact=True)).to_have_value(str(k))
        expect(other.get_by_label("Surface", exact=True)).to_have_value(surface)
        expect(other.locator("#move-count")).to_have_text(f"Moves: {len(presses)}")
        other.wait_for_function("(want) => location.hash === '#' + want", arg=want)
        undone = expected
        for row, col in reversed(presses[-3:]):
            button(other, "Undo").click()
            undone = game.press(undone, row, col, k - 1)
            assert snapshot(other)["cells"] == undone
        expect(other.locator("#move-count")).to_have_text(f"Moves: {len(presses) - 3}")
    finally:
        other.close()


def test_a_python_link_to_a_7_state_klein_bottle_opens_and_solves(page):
    rng = random.Random(7)
    game = Game(5, 5, 7, surface="klein")
    cells = [0] * 25
    for index in range(25):
        cells = game.press(cells, *divmod(index, 5), rng.randrange(7))  # solvable by construction
    text = format_share(ShareState(5, 5, packed(cells, 7), 7, surface="klein", moves=(12,)))
    page.evaluate("(text) => { location.hash = text; }", text)
    expect(status(page)).to_contain_text("Opened a shared 5×5 game with 1 move")
    data = snapshot(page)
    assert (data["k"], data["surface"]) == (7, "klein")
    assert data["cells"] == game.press(cells, 2, 2)
    button(page, "Solve").click()
    expect(page.locator("#board [data-press]").first).to_be_visible()
    data = snapshot(page)
    assert game.apply(data["cells"], data["marks"]) == [0] * 25
    button(page, "Play solution").click()
    expect(status(page)).to_have_attribute("data-solved", "1")


def test_k_state_links_the_page_cannot_hold_name_their_field_and_keep_the_board(page):
    set_states(page, 3)
    load_text(page, "012\n120\n201")
    before = snapshot(page)["cells"]
    too_big = format_share(ShareState(65, 65, 0, 3))
    cases = [
        (too_big, "column 2 (board size)"),
        (format_share(ShareState(3, 3, 1, 4, goal=2)), "(g=)"),
    ]
    alert = status(page).locator(".message")  # a bad link is reported on the message line
    for text, where in cases:
        page.evaluate("(text) => { location.hash = text; }", text)
        expect(alert).to_contain_text("This link cannot be opened")
        expect(alert).to_contain_text(where)
        assert snapshot(page)["cells"] == before, text
        page.evaluate("document.getElementById('message').textContent = ''")
    # The model raises the code and params (share-link.js); the page words them (link-errors.js).
    assert "at most 64×64" in page.evaluate("""async (text) => {
      const link = await import(new URL("static/model/share-link.js", document.baseURI).href);
      const words = await import(new URL("static/page/link-errors.js", document.baseURI).href);
      const { inLanguage } = await import(new URL("static/page/i18n.js", document.baseURI).href);
      try { link.gameOfLink(text); } catch (error) { return inLanguage("en", () => words.linkErrorReason(error)); }
      return "opened"; }""", too_big)


def test_a_three_state_link_with_a_hole_and_a_dont_care_cell_opens_and_solves(page):
    """k = 3 with h= and d= (and two states on a projective plane with d=) open with their shape."""
    game = Game(4, 4, 3)
    cells = [0] * 16
    for index, times in ((1, 1), (6, 2), (11, 1)):
        cells = game.press(cells, *divmod(index, 4), times)
    hole, dont_care = 15, 0
    cells[hole] = 0
    text = format_share(ShareState(4, 4, packed(cells, 3), 3, holes=1 << hole, dont_care=1 << dont_care))
    assert "k=3" in text and "h=" in text
    page.evaluate("(text) => { location.hash = text; }", text)
    expect(page.locator('[role="gridcell"][data-hole="1"]')).to_have_count(1)
    expect(page.locator('[role="gridcell"][data-dont-care="1"]')).to_have_count(1)
    data = snapshot(page)
    assert (data["k"], data["rows"], data["cols"]) == (3, 4, 4)
    assert data["cells"] == cells
    assert page.locator('[role="gridcell"][data-row="3"][data-col="3"]').get_attribute("data-hole") == "1"
    button(page, "Solve").click()
    expect(page.locator("[data-press]").first).to_be_visible()
    marks = snapshot(page)["marks"]
    assert marks[hole] == 0
    # Simulate the presses here (plus rule on a plane; the hole has no light).
    after = list(cells)
    for index, times in enumerate(marks):
        row, col = divmod(index, 4)
        for dr, dc in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
            r, c = row + dr, col + dc
            if 0 <= r < 4 and 0 <= c < 4 and r * 4 + c != hole:
                after[r * 4 + c] = (after[r * 4 + c] + times) % 3
    assert all(after[i] == 0 for i in range(16) if i not in (hole, dont_care)), after
    assert page.evaluate("window.lightsOut.verifyShown()")["solved"] is True
    page.evaluate("(text) => { location.hash = text; }",
                  format_share(ShareState(3, 3, 0b101, 2, surface="projective", dont_care=2)))
    expect(page.locator('[role="gridcell"][data-dont-care="1"]')).to_have_count(1)
    assert snapshot(page)["surface"] == "projective"
    button(page, "Full board").click()
    expect(page.locator('[role="gridcell"][data-dont-care="1"]')).to_have_count(0)


def test_a_link_after_make_solvable_starts_from_the_edited_board(page):
    """An edit is not a press: the link's board is the one Make solvable left, its moves
    the presses after it (the edit used to be written as a move no page could open)."""
    load_text(page, "#....\n.....\n.....\n.....\n.....")
    original = format_share(ShareState(5, 5, 1))
    page.wait_for_function("(want) => location.hash === '#' + want", arg=original)  # the head is made now
    button(page, "Solve").click()
    expect(status(page)).to_contain_text("cannot be solved")
    button(page, "Make solvable").click()
    edited = snapshot(page)["cells"]
    presses = [(1, 1), (3, 2)]
    click_cells(page, presses)
    after = snapshot(page)["cells"]
    want = format_share(ShareState(5, 5, packed(edited, 2), moves=tuple(r * 5 + c for r, c in presses)))
    page.wait_for_function("(want) => location.hash === '#' + want", arg=want)
    other = open_in_new_page(page, page.evaluate("location.href"))
    try:
        expect(status(other)).to_contain_text("Opened a shared 5×5 game with 2 moves")
        assert snapshot(other)["cells"] == after
        button(other, "Undo").click()
        button(other, "Undo").click()
        assert snapshot(other)["cells"] == edited
    finally:
        other.close()
    # Undoing the edit too starts the link from the first board again.
    for _ in range(3):
        button(page, "Undo").click()
    page.wait_for_function("(want) => location.hash === '#' + want", arg=original)
