"""Variants and analysis on the shared ready page: click rules (named, custom, torus),
shaped boards (holes, don't-care cells, presets), the analysis panel with its gallery of
quiet patterns, unsolvable boards explained (proof, nearest solvable board), and the
all-solutions navigator. Every solution the page marks is checked by simulating its
presses with the Python package under the same rule and shape."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from e2e_helpers import board, button, cell, click_cells, full_page_screenshot, grid_text, load_text, set_goal, settled, status
from playwright.sync_api import Page, expect

from lightsout.model.board import Board
from lightsout.model.rules import Rule, parse_rule

RULE_OPTIONS = {"plus": "plus", "moore": "moore", "x": "x"}


@pytest.fixture
def page(ready_page: Page) -> Iterator[Page]:
    """The shared page, put back to the plain game afterwards (other tests expect the plus
    rule on a full board, and a closed analysis panel asks the solver nothing)."""
    yield ready_page
    page = ready_page
    if page.get_by_role("button", name="Edit shape").get_attribute("aria-pressed") == "true":
        button(page, "Edit shape").click()
    page.get_by_label("Rule", exact=True).select_option("plus")
    page.get_by_label("States", exact=True).fill("2")
    page.get_by_label("States", exact=True).dispatch_event("change")
    page.get_by_label("Surface", exact=True).select_option("plane")
    page.evaluate("document.getElementById('analysis').open = false")
    load_text(page, grid_text([[0] * 5 for _ in range(5)]))
    button(page, "Full board").click()
    expect(board(page).locator("[data-hole]")).to_have_count(0)
    set_goal(page, "off")


# ---------------------------------------------------------------------------------
# Reading the page and simulating it in Python


def cells(page: Page) -> list[dict[str, Any]]:
    """Every cell with its contract attributes, in reading order."""
    settled(page)
    return page.evaluate(
        """() => [...document.querySelectorAll('[role="grid"][aria-label="Board"] [role="gridcell"]')].map(e => ({
             row: Number(e.dataset.row), col: Number(e.dataset.col), tag: e.tagName.toLowerCase(),
             lit: e.dataset.lit === "1", hole: e.dataset.hole === "1", dontCare: e.dataset.dontCare === "1",
             proof: e.dataset.proof === "1", nearest: e.dataset.nearest === "1", quiet: e.dataset.quiet === "1",
             press: e.dataset.press === "1", tabindex: e.getAttribute("tabindex"),
             disabled: e.getAttribute("aria-disabled") }))"""
    )


def where(page: Page, key: str) -> set[tuple[int, int]]:
    return {(c["row"], c["col"]) for c in cells(page) if c[key]}


def size(page: Page) -> tuple[int, int]:
    shown = cells(page)
    return shown[-1]["row"] + 1, shown[-1]["col"] + 1


def simulate(lit: set[tuple[int, int]], presses: set[tuple[int, int]], rows: int, cols: int,
             rule: Rule, holes: set[tuple[int, int]] = frozenset()) -> set[tuple[int, int]]:
    """The lit cells after `presses`, by lightsout.Board.press (a hole has no light)."""
    assert not presses & holes, "a press landed on a hole"
    result = Board.from_cells(rows, cols, lit, rule)
    for row, col in presses:
        result = result.press(row, col)
    return set(result.cells()) - holes


def select_rule(page: Page, name: str, torus: bool) -> None:
    page.get_by_label("Rule", exact=True).select_option(RULE_OPTIONS.get(name, "custom"))
    if name.startswith("custom:"):
        draw_stencil(page, name)
    page.get_by_label("Surface", exact=True).select_option("torus" if torus else "plane")


def draw_stencil(page: Page, name: str) -> None:
    """Click the editor's squares until it shows the stencil `name` ("custom:...")."""
    want = {(dr, dc) for dr, dc in parse_rule(name).stencil}
    editor = page.get_by_role("group", name="Stencil")
    for dr in range(-2, 3):
        for dc in range(-2, 3):
            label = "Centre (the pressed cell)" if (dr, dc) == (0, 0) else f"Offset {dr}, {dc}"
            square = editor.get_by_role("button", name=label, exact=True)
            if (square.get_attribute("aria-pressed") == "true") != ((dr, dc) in want):
                square.click()


def solve_check_and_press(page: Page, rule: Rule, goal: str = "off") -> set[tuple[int, int]]:
    """Solve; check the marks by simulation (holes and don't-care cells honoured); press
    them all in the page; check it says solved. Returns the presses."""
    button(page, "Solve").click()
    expect(board(page).locator('[data-press="1"]').first).to_be_visible()
    shown = cells(page)
    rows, cols = size(page)
    presses = {(c["row"], c["col"]) for c in shown if c["press"]}
    holes = {(c["row"], c["col"]) for c in shown if c["hole"]}
    relevant = {(c["row"], c["col"]) for c in shown if not c["hole"] and not c["dontCare"]}
    lit = {(c["row"], c["col"]) for c in shown if c["lit"]}
    after = simulate(lit, presses, rows, cols, rule, holes)
    want = set() if goal == "off" else relevant
    assert after & relevant == want, "the marked presses do not solve the board"
    click_cells(page, sorted(presses))
    expect(status(page)).to_have_attribute("data-solved", "1")
    assert where(page, "lit") & relevant == want
    return presses




# ---------------------------------------------------------------------------------
# Click rules


def test_custom_stencil_press_toggles_exactly_the_stencil_and_the_torus_wraps(page):
    # A lopsided stencil without its centre: two up, one right, and one down-left.
    load_text(page, grid_text([[0] * 7 for _ in range(7)]))
    page.get_by_label("Rule", exact=True).select_option("custom")
    editor = page.get_by_role("group", name="Stencil")
    expect(editor).to_be_visible()
    draw_stencil(page, "custom:..#../...../...#./.#.../.....")
    expect(page.locator("#stencil-text")).to_have_text("custom:..#../...../...#./.#.../.....")
    # The centre is marked for what it is, and can be left out.
    expect(editor.get_by_role("button", name="Centre (the pressed cell)")).to_have_attribute("aria-pressed", "false")
    full_page_screenshot(page, "variants-rule-editor.png")

    cell(page, 3, 3).click()
    assert where(page, "lit") == {(1, 3), (3, 4), (4, 2)}
    cell(page, 3, 3).click()
    assert where(page, "lit") == set()

    # On a plane a press by the edge loses the part of the stencil past it ...
    cell(page, 0, 6).click()
    assert where(page, "lit") == {(1, 5)}
    cell(page, 0, 6).click()
    # ... on a torus it comes back on the other side.
    page.get_by_label("Surface", exact=True).select_option("torus")
    expect(status(page)).to_contain_text("on a torus")
    cell(page, 0, 6).click()
    assert where(page, "lit") == {(5, 6), (0, 0), (1, 5)}
    rule = parse_rule("custom:..#../...../...#./.#.../.....").on_torus(True)
    assert where(page, "lit") == simulate(set(), {(0, 6)}, 7, 7, rule)

    # An empty drawing is refused and keeps the rule.
    draw_stencil(page, "custom:#")
    page.get_by_role("group", name="Stencil").get_by_role("button", name="Centre (the pressed cell)").click()
    expect(page.locator("#stencil-error")).to_contain_text("at least one")


@pytest.mark.parametrize("torus", [False, True], ids=["plane", "torus"])
@pytest.mark.parametrize("rule_name", ["plus", "moore", "x", "custom:#.#/.#./#.#", "custom:.#./##./..."])
def test_every_rule_solve_and_press_every_mark(page, rule_name, torus):
    rows, cols = (6, 5) if torus else (5, 6)
    load_text(page, grid_text([[0] * cols for _ in range(rows)]))
    select_rule(page, rule_name, torus)
    button(page, "New puzzle").click()
    expect(status(page)).to_contain_text(f"New {rows}×{cols} puzzle")
    # Python redraws a dark random board up to 8 times; a dark result would be a bug there.
    assert where(page, "lit"), "New puzzle gave a dark board"
    solve_check_and_press(page, parse_rule(rule_name).on_torus(torus))


def test_other_rules_refuse_boards_above_64x64_with_a_clear_message(page):
    page.get_by_label("Rule", exact=True).select_option("moore")
    page.get_by_label("Rows").fill("65")
    page.get_by_label("Columns").fill("65")
    page.get_by_label("Lit cells").fill("")
    button(page, "New puzzle").click()
    expect(status(page)).to_contain_text("New 65×65 puzzle")
    button(page, "Solve").click()
    expect(status(page)).to_contain_text("Too large for this solver")
    expect(status(page)).to_contain_text("gf2_full_system_cells (4096) cells")
    page.get_by_label("Rows").fill("5")
    page.get_by_label("Columns").fill("5")


# ---------------------------------------------------------------------------------
# Shapes


def test_cross_preset_is_solved_end_to_end_and_its_holes_cannot_be_pressed(page):
    load_text(page, grid_text([[0] * 7 for _ in range(7)]))
    button(page, "Cross").click()
    expect(status(page)).to_contain_text("Cross shape on a 7×7 board")
    shown = cells(page)
    holes = {(c["row"], c["col"]) for c in shown if c["hole"]}
    corners = {(r, c) for r in (0, 1, 5, 6) for c in (0, 1, 5, 6)}
    assert holes == corners
    for c in shown:
        if c["hole"]:
            assert c["tag"] == "div" and c["tabindex"] is None and c["disabled"] == "true" and not c["lit"]
        else:
            assert c["tag"] == "button"
    # A hole ignores clicks: nothing changes, no move is made.
    before = where(page, "lit")
    cell(page, 0, 0).click(force=True)  # a person can still click the empty space
    assert where(page, "lit") == before
    expect(page.locator("#move-count")).to_have_text("Moves: 0")
    # A press beside a hole leaves the hole alone.
    cell(page, 0, 2).click()
    assert not where(page, "lit") & holes
    button(page, "Undo").click()
    presses = solve_check_and_press(page, parse_rule("plus"))
    assert not presses & holes


def test_dont_care_cells_never_block_solved(page):
    load_text(page, grid_text([[0] * 5 for _ in range(5)]))
    button(page, "Edit shape").click()
    expect(button(page, "Edit shape")).to_have_attribute("aria-pressed", "true")
    button(page, "Don't care").click()
    cell(page, 0, 0).click()
    cell(page, 4, 4).click()
    button(page, "Hole").click()
    cell(page, 2, 2).click()
    cell(page, 2, 2).click()  # the same tool again turns it back into a cell
    cell(page, 1, 3).click()
    button(page, "Edit shape").click()
    assert where(page, "dontCare") == {(0, 0), (4, 4)}
    assert where(page, "hole") == {(1, 3)}
    expect(cell(page, 0, 0)).to_have_attribute("aria-label", "Row 1, column 1, dark, don't care")
    # Light only a don't-care cell: the board already counts as solved.
    cell(page, 0, 1).click()
    cell(page, 0, 2).click()
    cell(page, 1, 1).click()
    # (0,1)+(0,2)+(1,1) under plus: (0,0) lit by (0,1), everything else cancels or is lit.
    rows, cols = 5, 5
    lit = simulate(set(), {(0, 1), (0, 2), (1, 1)}, rows, cols, parse_rule("plus"), {(1, 3)})
    assert where(page, "lit") == lit
    button(page, "New puzzle").click()
    expect(status(page)).to_contain_text("New 5×5 puzzle")
    assert where(page, "hole") == {(1, 3)}, "a new puzzle keeps the shape"
    if where(page, "lit") - {(0, 0), (4, 4)}:
        solve_check_and_press(page, parse_rule("plus"))
    load_text(page, "#....\n.....\n.....\n.....\n.....\n")
    expect(status(page)).to_have_attribute("data-solved", "1")  # only a don't-care light is on


def test_heart_screenshot(page):
    load_text(page, grid_text([[0] * 9 for _ in range(9)]))
    button(page, "Heart").click()
    expect(status(page)).to_contain_text("Heart shape on a 9×9 board")
    holes = where(page, "hole")
    assert (0, 0) in holes and (8, 0) in holes and (4, 4) not in holes
    button(page, "Solve").click()
    expect(board(page).locator('[data-press="1"]').first).to_be_visible()
    full_page_screenshot(page, "variants-heart.png")
    assert not where(page, "press") & holes


# ---------------------------------------------------------------------------------
# Analysis


def test_analysis_panel_for_5x5_and_a_quiet_pattern_overlay(page):
    load_text(page, "#.#..\n.....\n..#..\n.....\n#...#\n")
    page.get_by_text("Analysis", exact=True).click()
    panel = page.locator("#analysis")
    expect(panel.locator("#analysis-nullity")).to_have_text("2")
    expect(panel.locator("#analysis-rank")).to_have_text("23")
    expect(panel.locator("#analysis-worst")).to_have_text("15")
    expect(panel.locator("#analysis-solutions")).to_have_text("4")
    expect(panel.locator("#analysis-fraction")).to_have_text("1 in 4")
    gallery = panel.get_by_role("button", name="Quiet pattern")
    expect(gallery).to_have_count(2)
    before = where(page, "lit")
    panel.get_by_role("button", name="Quiet pattern 1").click()
    expect(panel.get_by_role("button", name="Quiet pattern 1")).to_have_attribute("aria-pressed", "true")
    quiet = where(page, "quiet")
    assert quiet, "the overlay shows the pattern on the board"
    assert where(page, "lit") == before, "showing a pattern changes no light"
    expect(page.locator("#overlay-text")).to_contain_text(f"pressing all {len(quiet)} of its cells changes no light")
    full_page_screenshot(page, "variants-analysis.png")
    # Pressing every cell of a quiet pattern changes no light.
    click_cells(page, sorted(quiet))
    assert where(page, "lit") == before
    assert where(page, "quiet") == quiet, "the pattern stays shown while the lights change"
    # The panel follows the rule. The 5×5 Moore board has nullity 9: too many quiet
    # patterns for the worst-case search, so the gallery shows the lightest of them.
    page.get_by_label("Rule", exact=True).select_option("moore")
    expect(panel.locator("#analysis-for")).to_contain_text("8-neighbour")
    expect(panel.locator("#analysis-nullity")).to_have_text("9")
    expect(panel.locator("#analysis-worst")).to_contain_text("not computed")
    expect(panel.get_by_role("button", name="Quiet pattern")).to_have_count(64)
    expect(panel.locator("#quiet-note")).to_contain_text("quiet patterns with the fewest cells, of 511")
    assert where(page, "quiet") == set(), "a rule change hides the pattern"
    expect(button(page, "Undo")).to_be_disabled()  # the rule change restarted history


# ---------------------------------------------------------------------------------
# Unsolvable boards, explained


def test_unsolvable_board_shows_a_proof_and_make_solvable_fixes_it(page):
    text = "##...\n.....\n..#..\n.....\n.....\n"
    load_text(page, text)
    original = where(page, "lit")
    button(page, "Solve").click()
    expect(status(page)).to_contain_text("cannot be solved")
    expect(board(page).locator('[data-proof="1"]').first).to_be_visible()
    proof = where(page, "proof")
    lit = where(page, "lit")
    assert len(proof & lit) % 2 == 1, "an odd number of the proof's lights are on"
    # Every press changes an even number of the proof's lights (checked in Python).
    for row in range(5):
        for col in range(5):
            changed = simulate(set(), {(row, col)}, 5, 5, parse_rule("plus"))
            assert len(changed & proof) % 2 == 0
    expect(page.locator("#proof-legend")).to_contain_text("an odd number of these lights are on")
    nearest = where(page, "nearest")
    assert nearest
    expect(page.locator("#nearest-legend")).to_contain_text("makes the board solvable")
    full_page_screenshot(page, "variants-proof.png")

    button(page, "Make solvable").click()
    assert where(page, "lit") == original ^ nearest
    assert where(page, "proof") == set() and where(page, "nearest") == set()
    expect(page.locator("#move-count")).to_have_text("Moves: 0")  # an edit, not presses
    # One undoable edit.
    button(page, "Undo").click()
    assert where(page, "lit") == original
    button(page, "Redo").click()
    assert where(page, "lit") == original ^ nearest
    solve_check_and_press(page, parse_rule("plus"))


def test_make_solvable_on_a_hex_klein_bottle(page):
    # hex on a Klein bottle: press p can reach light q without q reaching p, so the nearest
    # solvable board comes from the press matrix itself, not from the quiet patterns.
    load_text(page, "...\n.#.\n")
    page.get_by_label("Rule", exact=True).select_option("hex")
    page.get_by_label("Surface", exact=True).select_option("klein")
    original = where(page, "lit")
    button(page, "Solve").click()
    expect(status(page)).to_contain_text("cannot be solved")
    expect(button(page, "Make solvable")).to_be_enabled()
    nearest = where(page, "nearest")
    button(page, "Make solvable").click()
    assert nearest and where(page, "lit") == original ^ nearest
    solve_check_and_press(page, parse_rule("hex").on_surface("klein"))


# ---------------------------------------------------------------------------------
# Fewest presses and all solutions


def test_all_solutions_of_a_4x4_board(page):
    # Pressing cells of a dark board makes a solvable board (nullity 4: 16 solutions).
    start = simulate(set(), {(0, 0), (1, 2), (3, 1), (2, 2), (3, 3)}, 4, 4, parse_rule("plus"))
    rows = [["#" if (r, c) in start else "." for c in range(4)] for r in range(4)]
    load_text(page, "\n".join("".join(line) for line in rows) + "\n")
    button(page, "Solve").click()
    label = page.locator("#solution-label")
    expect(label).to_contain_text("Solution 1 of 16")
    expect(status(page)).to_contain_text("proven fewest")
    expect(status(page)).to_contain_text("16 solutions;")  # and how many are that short, in one sentence (issue 50)
    seen = []
    for index in range(16):
        expect(label).to_contain_text(f"Solution {index + 1} of 16")
        presses = where(page, "press")
        expect(label).to_contain_text(f"({len(presses)} press")
        assert simulate(start, presses, 4, 4, parse_rule("plus")) == set(), f"solution {index + 1}"
        seen.append(frozenset(presses))
        if index < 15:
            page.get_by_role("button", name="Next solution").click()
    expect(page.get_by_role("button", name="Next solution")).to_be_disabled()
    assert len(set(seen)) == 16
    counts = [len(s) for s in seen]
    assert counts == sorted(counts), "fewest presses first"
    page.get_by_role("button", name="Previous solution").click()
    expect(label).to_contain_text("Solution 15 of 16")
    assert frozenset(where(page, "press")) == seen[14]
    # Pressing the chosen solution's marks solves the board.
    click_cells(page, sorted(seen[14]))
    expect(status(page)).to_have_attribute("data-solved", "1")
    expect(page.locator("#solution-nav")).to_be_hidden()
