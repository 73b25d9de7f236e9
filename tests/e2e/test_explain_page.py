"""Explain in the page: random solvable and unsolvable boards of several sizes, on the plane and the torus
and under another rule, walked step by step to the end with Next step. After every step exactly one press
happened (the move counter went up by one and the board is the last board with the data-next cell pressed,
simulated here); the walk ends at the goal, or — unsolvable — after the first chase with only the rows
the stated reason names lit. Previous step takes one press back. Screenshots of a 5×5 and an 8×8
walk-through on a desktop and a phone go to test-results/explain/ (SHOTS_DIR moves test-results)."""

from __future__ import annotations

import random
import re

from conftest import CONTEXT_OPTIONS
from e2e_helpers import board, button, grid_text, load_text, set_goal, shots_dir, status
from playwright.sync_api import Page, expect

PLUS = ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1))
MOORE = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1))


def press(cells, row, col, stencil=PLUS, torus=False):
    rows, cols = len(cells), len(cells[0])
    out = [list(line) for line in cells]
    for dr, dc in stencil:
        r, c = row + dr, col + dc
        if torus:
            r, c = r % rows, c % cols
        elif not (0 <= r < rows and 0 <= c < cols):
            continue
        out[r][c] ^= 1
    return out


# The board, the move count and the cell(s) marked data-next, in one look (a page function).
LOOK = """() => {
  const snap = window.lightsOut.statesSnapshot();
  const next = [...document.querySelectorAll('[role="gridcell"][data-next="1"]')]
    .map(cell => [Number(cell.dataset.row), Number(cell.dataset.col)]);
  const nav = document.getElementById('explain-nav');
  return {cells: snap.cells, cols: snap.cols, moves: snap.moves, next,
          index: Number(nav.dataset.index), total: Number(nav.dataset.total), phase: nav.dataset.phase};
}"""

# Click Next step up to `count` times in the page, each once the last one has shown, and
# return the look after each: one round trip for a walk instead of several per step. It
# stops early after a step whose index is in `indexes` or whose phase is in `phases` (a
# screenshot is due there).
STEPS = """async ({ count, indexes, phases }) => {
  const look = """ + LOOK + """;
  const next = document.getElementById('next-step'); // the button named Next step
  const looks = [];
  for (let i = 0; i < count; i++) {
    const index = look().index;
    next.click();
    const deadline = performance.now() + 60000; // a bound for a hang (conftest.WAIT_MS), not a speed
    while (look().index !== index + 1) {
      if (performance.now() > deadline) throw new Error(`Next step did not go past step ${index}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const after = look();
    looks.push(after);
    if (indexes.includes(after.index) || phases.includes(after.phase)) break;
  }
  return looks;
}"""


def snapshot(page: Page) -> dict:
    """The board, the move count and the cell(s) marked data-next, in one look."""
    return page.evaluate(LOOK)


def grid_of(snap: dict) -> list[list[int]]:
    cols = snap["cols"]
    return [snap["cells"][i : i + cols] for i in range(0, len(snap["cells"]), cols)]


def start_explaining(page: Page) -> dict:
    button(page, "Show how").click()
    expect(page.locator("#explain-nav")).to_be_visible()
    expect(button(page, "Show how")).to_have_attribute("aria-pressed", "true")
    return snapshot(page)


def walk(page: Page, stencil=PLUS, torus=False, goal=0, shots: dict[int | str, str] | None = None) -> dict:
    """Click Next step to the end, checking every step; returns the last snapshot. `shots`: screenshots
    to take after the step of that index, or on reaching that phase."""
    snap = snapshot(page)
    shots = dict(shots or {})
    assert snap["index"] == 0
    while snap["index"] < snap["total"]:
        # The first step by Playwright's click, as a person would; the rest by the page's own
        # clicks, in one round trip up to the next screenshot (STEPS).
        if snap["index"] == 0:
            button(page, "Next step").click()
            expect(page.locator("#explain-nav")).to_have_attribute("data-index", str(snap["index"] + 1))
            looks = [snapshot(page)]
        else:
            looks = page.evaluate(STEPS, {"count": snap["total"] - snap["index"],
                                          "indexes": [key for key in shots if isinstance(key, int)],
                                          "phases": [key for key in shots if isinstance(key, str)]})
        for after in looks:
            assert len(snap["next"]) == 1, "exactly one cell is the next step's"
            row, col = snap["next"][0]
            assert after["index"] == snap["index"] + 1
            assert after["moves"] == snap["moves"] + 1, "one press, one move"
            assert grid_of(after) == press(grid_of(snap), row, col, stencil, torus), "exactly the data-next cell was pressed"
            snap = after
            for key in (snap["index"], snap["phase"]):
                if key in shots:
                    shoot(page, shots.pop(key))
    expect(button(page, "Next step")).to_be_disabled()
    assert snap["next"] == []
    message = status(page).locator(".message")
    cells = grid_of(snap)
    if snap["phase"] == "done":
        assert all(value == goal for line in cells for value in line)
        expect(status(page)).to_have_attribute("data-solved", "1")
        expect(message).to_contain_text("Done:")
        expect(message).to_contain_text("presses")
    else:
        assert snap["phase"] == "unsolvable"
        expect(message).to_contain_text("cannot be solved")
        lit = [(r, c) for r, line in enumerate(cells) for c, value in enumerate(line) if value != goal]
        assert lit, "an unsolvable board keeps lights on"
        rows = len(cells)
        allowed = {rows - 1, 0} if torus else {rows - 1}
        if stencil == PLUS:
            assert {r for r, _ in lit} <= allowed, "only the residual rows are lit after the first chase"
        assert page.locator('[role="gridcell"][data-formula="1"]').count() > 0, "the proof is marked"
    # Previous step takes exactly one press back; Next step presses it again.
    if snap["total"] > 0:
        button(page, "Previous step").click()
        expect(page.locator("#explain-nav")).to_have_attribute("data-index", str(snap["total"] - 1))
        back = snapshot(page)
        assert back["moves"] == snap["moves"] - 1 and len(back["next"]) == 1
        assert grid_of(back) == press(cells, *back["next"][0], stencil, torus)
        button(page, "Next step").click()
        expect(page.locator("#explain-nav")).to_have_attribute("data-index", str(snap["total"]))
    return snap


def shoot(page: Page, name: str) -> None:
    folder = shots_dir("explain")  # looked at by people, not compared
    page.mouse.move(0, 0)
    page.evaluate("() => { document.querySelector('aside.controls').scrollTop = 0; window.scrollTo(0, 0); }")
    page.screenshot(path=str(folder / name), full_page=True)


def solvable_board(rows, cols, rng, stencil=PLUS, torus=False):
    cells = [[0] * cols for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            if rng.random() < 0.4:
                cells = press(cells, r, c, stencil, torus)
    return cells


def explain_board(page: Page, cells, stencil=PLUS, torus=False, goal=0, shots=None) -> dict:
    load_text(page, grid_text(cells))
    start_explaining(page)
    snap = walk(page, stencil, torus, goal, shots)
    button(page, "Done").click()
    expect(page.locator("#explain-nav")).to_be_hidden()
    return snap


def test_random_boards_are_explained_step_by_step_to_the_end(ready_page):
    page = ready_page
    rng = random.Random(18)
    ends = []
    for rows, cols in ((3, 3), (5, 5), (4, 7), (8, 8)):
        ends.append(explain_board(page, solvable_board(rows, cols, rng))["phase"])
        unsolvable = [[int(rng.random() < 0.5) for _ in range(cols)] for _ in range(rows)]
        if (rows, cols) in ((5, 5), (4, 7)):
            unsolvable = [[0] * cols for _ in range(rows)]
            unsolvable[0][0] = 1  # 5×5 and 4×7 have nullity > 0: one corner light cannot be solved
        ends.append(explain_board(page, unsolvable)["phase"])
    assert "done" in ends and "unsolvable" in ends
    # The all-on goal.
    set_goal(page, "on")
    assert explain_board(page, solvable_board(4, 4, rng), goal=1)["phase"] in ("done", "unsolvable")
    set_goal(page, "off")


def test_torus_and_another_rule(ready_page):
    page = ready_page
    rng = random.Random(7)
    page.get_by_label("Surface", exact=True).select_option("torus")
    ends = [explain_board(page, solvable_board(5, 5, rng, torus=True), torus=True)["phase"]]
    ends.append(explain_board(page, [[1, 0, 0, 0, 0]] + [[0] * 5 for _ in range(4)], torus=True)["phase"])
    ends.append(explain_board(page, solvable_board(6, 4, rng, torus=True), torus=True)["phase"])
    assert ends[0] == "done" and ends[1] == "unsolvable"
    page.get_by_label("Surface", exact=True).select_option("plane")
    page.get_by_label("Rule", exact=True).select_option("moore")
    load_text(page, grid_text(solvable_board(4, 4, rng, MOORE)))
    start_explaining(page)
    expect(page.locator("#explain-story")).to_contain_text("worked out for all the lights at once")
    expect(page.locator("#explain-maths")).to_contain_text("Gauss–Jordan elimination")  # one click further (issue 41)
    expect(page.locator("#explain-system")).to_contain_text("Free cells")
    assert walk(page, MOORE)["phase"] == "done"
    page.get_by_label("Rule", exact=True).select_option("plus")


def test_why_this_press_and_the_methods(ready_page):
    page = ready_page
    cells = press(press([[0] * 6 for _ in range(6)], 2, 3), 0, 0)  # 6×6: nullity 0, A invertible
    load_text(page, grid_text(cells))
    start_explaining(page)
    board(page).locator('[data-row="2"][data-col="3"]').click()
    message = status(page).locator(".message")
    # A chase press (issue #31: in the words of its step, not "its row of A⁻¹ … the parity of the 19 marked lights").
    said = "Why row 3, column 4? The light just above it, row 2, column 4, was lit when the chase reached it, so this press clears it."
    expect(message).to_have_text(said)
    expect(page.locator("#explain-why")).to_have_text(said)  # the whole answer, beside the board
    expect(page.locator('[role="gridcell"][data-formula="1"][data-row="1"][data-col="3"]')).to_have_count(1)
    expect(page.locator('[role="gridcell"][data-selected="1"]')).to_have_count(1)
    assert snapshot(page)["moves"] == 0, "asking why presses nothing"
    # Pressed in both chases: the answer is the next step's, the first chase's.
    board(page).locator('[data-row="5"][data-col="5"]').click()
    expect(message).to_have_text("Why row 6, column 6? The light just above it, row 5, column 6, was lit when the chase reached it, so this press clears it.")
    page.locator("#explain-methods").evaluate("(details) => { details.open = true; }")
    button(page, "Measure").click()
    table = page.locator("#methods-table")
    expect(table).to_be_visible()
    expect(table.locator("tbody tr")).to_have_count(5)
    expect(table.locator('tr[data-method="full-enumeration"]')).to_contain_text("not run")
    expect(table.locator('tr[data-method="chebyshev"] td').last).to_have_text(re.compile(r"^[\d.]+ (ns|µs|ms|s)$"))
    # 中文: the explanation speaks the page's language.
    page.get_by_role("button", name="中文").click()
    expect(button(page, "怎么解")).to_be_visible()
    expect(message).to_contain_text("为什么是第 6 行第 6 列")
    expect(button(page, "下一步")).to_be_visible()
    button(page, "下一步").click()
    expect(message).to_contain_text("第 1 / ")
    page.get_by_role("button", name="English").click()
    expect(message).to_contain_text("Step 1 of")
    button(page, "Done").click()


def test_explain_says_why_it_is_off_on_a_canvas_board(ready_page):
    """Above the grid's limit Explain is disabled and its title says why, in the page's language."""
    page = ready_page
    open_link(page, "100x100:" + "A" * 1667)
    toggle = page.locator("#explain-toggle")
    expect(toggle).to_be_disabled()
    expect(toggle).to_have_attribute("title", re.compile(r"grid \(up to 64×64\)"))
    page.get_by_role("button", name="中文").click()
    expect(toggle).to_have_attribute("title", re.compile(r"网格"))
    page.get_by_role("button", name="English").click()
    open_link(page, "5x5:AAAAAA")
    expect(toggle).to_be_enabled()
    assert toggle.get_attribute("title") is None


def open_link(page: Page, link: str) -> None:
    """Open `link` (a grid link, R×C first) as a reader who pastes it into the address bar of the open page."""
    page.evaluate("(link) => { location.hash = link; }", link)
    rows, cols = link.split(":")[0].split("x")
    expect(status(page).locator(".message")).to_contain_text(f"Opened a shared {int(rows):,}×{int(cols):,}")


def pressed_board(rows, cols, presses):
    cells = [[0] * cols for _ in range(rows)]
    for row, col in presses:
        cells = press(cells, row, col)
    return cells


def screenshots(page: Page, suffix: str) -> None:
    # Boards whose solution presses first-row cells, so the walk shows every phase.
    load_text(page, grid_text(pressed_board(5, 5, [(0, 1), (2, 2), (3, 4)])))
    start_explaining(page)
    shoot(page, f"explain-5x5-start-{suffix}.png")
    walk(page, shots={"first-row": f"explain-5x5-first-row-system-{suffix}.png"})
    shoot(page, f"explain-5x5-end-{suffix}.png")
    page.locator("#win-close").click()
    page.locator("#explain-methods").evaluate("(details) => { details.open = true; }")
    button(page, "Measure").click()
    expect(page.locator("#methods-table")).to_be_visible()
    page.locator("#explain-details").scroll_into_view_if_needed()
    page.screenshot(path=str(shots_dir("explain") / f"explain-5x5-methods-{suffix}.png"), full_page=False)
    button(page, "Done").click()
    load_text(page, grid_text(pressed_board(8, 8, [(0, 2), (0, 5), (3, 3), (5, 6), (6, 1), (7, 7)])))
    start_explaining(page)
    board(page).locator('[data-row="4"][data-col="4"]').click()
    expect(status(page).locator(".message")).to_contain_text("Why row 5, column 5?")
    shoot(page, f"explain-8x8-why-{suffix}.png")
    walk(page, shots={5: f"explain-8x8-chase-{suffix}.png", "first-row": f"explain-8x8-first-row-system-{suffix}.png"})
    shoot(page, f"explain-8x8-end-{suffix}.png")
    page.locator("#win-close").click()
    button(page, "Done").click()
    corner = [[0] * 5 for _ in range(5)]
    corner[0][0] = 1  # unsolvable on 5×5
    load_text(page, grid_text(corner))
    start_explaining(page)
    assert walk(page)["phase"] == "unsolvable"
    shoot(page, f"explain-5x5-unsolvable-{suffix}.png")


def test_screenshots_desktop_and_phone(ready_page):
    page = ready_page
    try:
        for suffix, viewport in (("desktop", {"width": 1280, "height": 800}), ("phone", {"width": 375, "height": 667})):
            page.set_viewport_size(viewport)
            screenshots(page, suffix)
    finally:
        page.set_viewport_size(CONTEXT_OPTIONS["viewport"])


def play_preset(page: Page, name: str) -> None:
    expect(page.locator("#game-select")).to_be_enabled()
    page.locator("#game-select").select_option(name)
    expect(page.locator("#game-select")).to_have_value(name)
    page.wait_for_function(f"window.lightsOut.statesSnapshot().puzzle?.preset === {name!r}")


# Click Next step to the end in the page: for each step, the game before it, the cell(s)
# marked data-next (as row * cols + col) and the game after it.
GAME_STEPS = """async () => {
  const nav = document.getElementById('explain-nav');
  const nextButton = document.getElementById('next-step');
  const steps = [];
  while (Number(nav.dataset.index) < Number(nav.dataset.total)) {
    const snap = window.lightsOut.statesSnapshot();
    const index = Number(nav.dataset.index);
    const next = [...document.querySelectorAll('[role="gridcell"][data-next="1"]')]
      .map(cell => Number(cell.dataset.row) * snap.cols + Number(cell.dataset.col));
    nextButton.click();
    const deadline = performance.now() + 60000; // a bound for a hang (conftest.WAIT_MS), not a speed
    while (Number(nav.dataset.index) !== index + 1) {
      if (performance.now() > deadline) throw new Error(`Next step did not go past step ${index}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    steps.push({ snap, next, after: window.lightsOut.statesSnapshot() });
  }
  return steps;
}"""


def test_handheld_games_are_explained_by_the_full_system(ready_page):
    """The real games (docs/games.md): Lights Out 2000's three states, the Cube's 54 squares (drawn from
    coordinates), Merlin's own press sets and goal: every step one press of the game's own press set."""
    page = ready_page
    for name in ("lights-out-2000", "cube", "merlin", "xl25-knight"):
        play_preset(page, name)
        start_explaining(page)
        expect(page.locator("#explain-story")).to_contain_text("worked out for all the lights at once")
        expect(page.locator("#explain-maths")).to_contain_text("Gauss–Jordan elimination")
        expect(page.locator("#explain-system")).to_contain_text("Pivot cells")
        # Every step is checked here; the page walks them in one round trip (GAME_STEPS).
        walked = page.evaluate(GAME_STEPS)
        assert walked, name
        for state in walked:
            snap, after = state["snap"], state["after"]
            assert len(state["next"]) == 1, name
            expected = list(snap["cells"])
            for light in snap["puzzle"]["presses"][state["next"][0]]:
                expected[light] = (expected[light] + 1) % snap["k"]
            assert after["moves"] == snap["moves"] + 1 and after["cells"] == expected, name
        snap = walked[-1]["after"]
        target = snap["target"]
        goal = [0] * len(snap["cells"]) if target == "off" else [snap["k"] - 1] * len(snap["cells"]) if target == "on" else target
        assert snap["cells"] == goal, name
        expect(status(page)).to_have_attribute("data-solved", "1")
        expect(status(page).locator(".message")).to_contain_text("Done:")
        button(page, "Done").click()
