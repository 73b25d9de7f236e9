"""Helpers that drive the page the way a person does and read the automation contract."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterable
from pathlib import Path

from playwright.sync_api import Locator, Page, expect

from conftest import WAIT_MS

Cells = list[list[int]]
SCREENSHOTS = Path(os.environ.get("SHOTS_DIR", Path(__file__).resolve().parents[2] / "test-results"))
"""Where browser tests save screenshots for people to look at (gitignored; SHOTS_DIR moves it)."""


def shots_dir(name: str) -> Path:
    """The folder of one test file's screenshots under SCREENSHOTS (made on first use)."""
    folder = SCREENSHOTS / name
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def board(page: Page) -> Locator:
    return page.get_by_role("grid", name="Board")


def cell(page: Page, row: int, col: int) -> Locator:
    return board(page).locator(f'[role="gridcell"][data-row="{row}"][data-col="{col}"]')


# The centre of each asked cell of the grid, after scrolling the grid into view once; a
# cell that is missing, or covered there by another element, is an error.
CELL_CENTRES = """(grid, cells) => {
  grid.scrollIntoView({ block: "nearest", inline: "nearest" });
  return cells.map(([row, col]) => {
    const cell = grid.querySelector(`[role="gridcell"][data-row="${row}"][data-col="${col}"]`);
    if (!cell) throw new Error(`no cell at row ${row}, column ${col}`);
    const box = cell.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    if (document.elementFromPoint(x, y)?.closest('[role="gridcell"]') !== cell) {
      throw new Error(`the cell at row ${row}, column ${col} is covered or out of view`);
    }
    return [x, y];
  });
}"""


def click_cells(page: Page, cells: Iterable[tuple[int, int]]) -> None:
    """Click the Board's cells in turn with the mouse (trusted pointer events at each
    centre), as a person does. Unlike locator.click, which waits for a still, visible,
    uncovered target before each click (≈ 70 ms a click here), the cells are found and
    checked uncovered once; the board does not move while it is played (test_layout)."""
    for x, y in board(page).evaluate(CELL_CENTRES, [list(pair) for pair in cells]):
        page.mouse.click(x, y)


def after_frames(page: Page, count: int) -> None:
    """Return once the page has drawn `count` more animation frames: the wait for work done a
    frame at a time (a canvas drawn in the next frame, a playback's slices), an event, not a time."""
    page.evaluate("(n) => new Promise((done) => { const step = () => (n-- > 0 ? requestAnimationFrame(step) : done()); step(); })", count)


def quiet(page: Page) -> None:
    """Return once the page has nothing under way: two frames (a task a change set off, such as a
    deal after a field's change, has run), no request at the solver, two more (its answer drawn).
    What a test asserts did not happen would have happened by then."""
    after_frames(page, 2)
    page.wait_for_function("window.lightsOut.solverInfo().pending === 0")
    after_frames(page, 2)


def link_written(page: Page) -> str:
    """The address's hash once the page has written the game's link: it writes at most once per
    200 ms, and a preset's or graph's link after Python makes it (window.lightsOut.linkWritten)."""
    return page.evaluate("() => window.lightsOut.linkWritten()")


def wait_in_page(page: Page, predicate: str, arg: object = None) -> object:
    """The first truthy value of the page function `predicate(arg)` (it may be async), asked once a
    frame: a wait on what the page's own asynchronous APIs say (Cache Storage, say), which
    wait_for_function cannot await. Needs no eval in the page (a strict CSP allows it)."""
    return page.evaluate(f"""async (arg) => {{
      const predicate = {predicate};
      const end = performance.now() + {WAIT_MS};  // a bound for a broken page, not a deadline to race
      for (;;) {{
        const value = await predicate(arg);
        if (value) return value;
        if (performance.now() > end) throw new Error("waited {WAIT_MS / 1000:.0f} s for " + {json.dumps(predicate)});
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }}
    }}""", arg)


def settled(page: Page) -> None:
    """Wait until the grid has finished a chunked update (it is aria-busy meanwhile). Asked in the
    page (wait_in_page), so it also waits under the page's own policy (test_snapshot.py), where
    wait_for_function's second try of a predicate is an eval the policy refuses."""
    wait_in_page(page, "() => !document.querySelector('[role=\"grid\"][aria-label=\"Board\"][aria-busy=\"true\"]')")


def read_board(page: Page) -> Cells:
    """The lit state of every cell, as rows of 0/1, read from data-lit."""
    settled(page)
    return page.evaluate(
        """() => {
          const grid = document.querySelector('[role="grid"][aria-label="Board"]');
          return [...grid.querySelectorAll('[role="row"]')].map(row =>
            [...row.querySelectorAll('[role="gridcell"]')].map(cell => Number(cell.dataset.lit)));
        }"""
    )


def marked_cells(page: Page) -> list[tuple[int, int]]:
    settled(page)
    return [tuple(pair) for pair in page.evaluate(
        """() => [...document.querySelectorAll('[role="gridcell"][data-press="1"]')]
                  .map(cell => [Number(cell.dataset.row), Number(cell.dataset.col)])"""
    )]


def status(page: Page) -> Locator:
    return page.get_by_role("status")


def button(page: Page, name: str) -> Locator:
    return page.get_by_role("button", name=name, exact=True)


def load_text(page: Page, text: str) -> None:
    """Paste `text` into the Board box and press Load; waits until the board shows it."""
    box = page.get_by_role("textbox", name="Board")
    box.fill(text)
    button(page, "Load").click()
    expect(status(page).locator(".message")).to_contain_text("Loaded")


def new_puzzle_of(page: Page, rows: int, cols: int, lit: int | None = None, presses: int | None = None) -> None:
    """Set Rows, Columns, Lit cells and Presses (None: empty) and press New puzzle, in one task of
    the page. The puzzle panel writes the board's size back into the size fields, unfocused, at
    every change of the session (a reply arriving, the lists loaded): fields set by a script,
    which never focuses them, and a click made apart could see the values undone in between (a
    player's fields are focused while they type, and leaving them deals the size)."""
    page.evaluate("""([rows, cols, lit, presses]) => {
      const set = (id, value) => { document.getElementById(id).value = value === null ? "" : String(value); };
      set("rows", rows); set("cols", cols); set("lit", lit); set("presses", presses);
      document.getElementById("new-puzzle").click();
    }""", [rows, cols, lit, presses])


def reveal_fewest(page: Page) -> None:
    """Tap "Fewest?" under the board: the puzzle's fewest presses, hidden until the win (issue 50),
    shown on the player's asking (beside the moves, or in a level's label)."""
    page.locator("#show-fewest").click()
    expect(page.locator("#show-fewest")).to_be_hidden()


def set_goal(page: Page, goal: str) -> None:
    page.get_by_role("radio", name="All on" if goal == "on" else "All off").check()


def grid_text(cells: Cells) -> str:
    return "\n".join("".join("#" if lit else "." for lit in row) for row in cells) + "\n"


def set_language(page: Page, code: str) -> None:
    """Switch the page to English ("en") or 中文 ("zh") with its language buttons."""
    page.locator(f"#language-switch button[data-language='{code}']").click()
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hans" if code == "zh" else "en")


def simulate_press(cells: Cells, row: int, col: int) -> Cells:
    """Reference press (plus rule, bounded board) used to check what the page shows."""
    out = [list(line) for line in cells]
    for dr, dc in ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + dr, col + dc
        if 0 <= r < len(out) and 0 <= c < len(out[0]):
            out[r][c] ^= 1
    return out


def solve_and_press_marks(page: Page, goal: str = "off") -> list[tuple[int, int]]:
    """Press Solve, check that pressing the marks solves the board in simulation, then
    click every marked cell and check the page says solved. Returns the presses.
    Solve is pressed at once, whatever is in flight: the page answers it for the board on
    its way (a board dealt by leaving a size field, then New puzzle's, used to land after
    Solve and replace its marks: issue 38)."""
    button(page, "Solve").click()
    expect(board(page).locator('[data-press="1"]').first).to_be_visible()
    presses = marked_cells(page)
    simulated = read_board(page)
    for row, col in presses:
        simulated = simulate_press(simulated, row, col)
    want = 1 if goal == "on" else 0
    assert all(value == want for line in simulated for value in line), "the marked presses do not solve the board"
    click_cells(page, presses)
    expect(status(page)).to_have_attribute("data-solved", "1")
    assert marked_cells(page) == []
    assert all(value == want for line in read_board(page) for value in line)
    return presses


def set_states(page: Page, k: int) -> None:
    """Type k into States (the page plays k states per light once it changes)."""
    field = page.get_by_label("States", exact=True)
    field.fill(str(k))
    field.dispatch_event("change")
    expect(field).to_have_value(str(k))


def restore_classic_game(page: Page) -> None:
    """Two states, the plus rule on a plane, goal all off and a dark 5×5 board (what other tests expect)."""
    set_states(page, 2)
    page.get_by_label("Surface", exact=True).select_option("plane")
    page.get_by_label("Rule", exact=True).select_option("plus")
    set_goal(page, "off")
    load_text(page, grid_text([[0] * 5 for _ in range(5)]))


def full_page_screenshot(page: Page, name: str) -> None:
    """Save the whole page as test-results/<name> (and a copy in /tmp to look at)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / name
    page.mouse.move(0, 0)
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 10_000
    shutil.copy(path, Path("/tmp") / name)
