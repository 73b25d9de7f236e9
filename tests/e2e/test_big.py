"""Big boards (above 64×64) on the shared ready page: the canvas board and its data
attributes, a 1000×1000 puzzle made, solved and checked in the worker while the page
keeps drawing frames, presses and undo on the canvas, zoom/pan/Fit, loading a big LOJ
file through "Open file…", downloading a solution, and Cancel restarting the worker.

Screenshots go to test-results/big-*.png (look at them: pixels are the point here)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from conftest import READY_TIMEOUT_MS, wait_ready
from e2e_helpers import button, read_board, status
from playwright.sync_api import Locator, Page, expect

from lightsout import Board

SHOTS = Path("test-results")
SHOT_COPIES = Path("/tmp/lightsout-shots")  # pytest-playwright clears test-results/ on each run

# Records animation-frame gaps and long tasks from the moment it is installed; the
# worker's work must not show up here.
FRAME_PROBE = """() => {
  if (window.__frames) { window.__frames.reset(); return; }
  const probe = { gaps: [], longTasks: [], last: performance.now(),
                  reset() { this.gaps = []; this.longTasks = []; this.last = performance.now(); } };
  const tick = (now) => { probe.gaps.push(now - probe.last); probe.last = now; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push(entry.duration);
  }).observe({ type: "longtask" });
  window.__frames = probe;
}"""


def canvas(page: Page) -> Locator:
    return page.locator('canvas[aria-label="Board"]')


def attribute(page: Page, name: str) -> int:
    return int(canvas(page).get_attribute(name))


def set_size(page: Page, rows: int, cols: int) -> None:
    """Type a size into Rows and Columns; the worker makes a random board of it."""
    for label, value in (("Rows", rows), ("Columns", cols)):
        page.get_by_label(label).fill(str(value))
        page.get_by_label(label).press("Tab")
    expect(canvas(page)).to_have_attribute("data-rows", str(rows), timeout=30_000)
    expect(canvas(page)).to_have_attribute("data-cols", str(cols), timeout=30_000)


def dark_board(page: Page, rows: int, cols: int) -> None:
    set_size(page, rows, cols)
    button(page, "Clear").click()
    expect(canvas(page)).to_have_attribute("data-lit-count", "0")


def screenshot(page: Page, name: str) -> Path:
    page.evaluate("window.lightsOut.flush()")
    SHOTS.mkdir(exist_ok=True)
    path = SHOTS / name
    page.locator(".play").screenshot(path=path)
    SHOT_COPIES.mkdir(exist_ok=True)
    shutil.copy(path, SHOT_COPIES / name)
    return path


def click_cell(page: Page, row: int, col: int) -> None:
    point = page.evaluate("([r, c]) => window.lightsOut.clientOfCell(r, c)", [row, col])
    page.mouse.click(point["x"], point["y"])


def zoom_on(page: Page, row: int, col: int, steps: int = 12) -> None:
    """Fit, then wheel-zoom in around a cell until cells are many pixels wide."""
    button(page, "Fit").click()
    for _ in range(steps):
        point = page.evaluate("([r, c]) => window.lightsOut.clientOfCell(r, c)", [row, col])
        page.mouse.move(point["x"], point["y"])
        page.mouse.wheel(0, -300)
    page.evaluate("window.lightsOut.flush()")


def test_thousand_board_generated_solved_and_verified_in_the_worker_without_freezing(ready_page):
    page = ready_page
    page.get_by_role("radio", name="All off").check()
    page.get_by_label("Lit cells").fill("")
    set_size(page, 1000, 1000)
    expect(page.get_by_role("grid")).to_have_count(0)  # the DOM grid is gone above 64×64
    page.evaluate(FRAME_PROBE)
    button(page, "New puzzle").click()
    expect(status(page)).to_contain_text("New 1000×1000 puzzle", timeout=30_000)
    lit = attribute(page, "data-lit-count")
    assert 400_000 < lit < 600_000, lit  # a uniform solvable board lights about half
    button(page, "Solve").click()
    expect(canvas(page)).not_to_have_attribute("data-press-count", "0", timeout=30_000)
    presses = attribute(page, "data-press-count")
    expect(status(page)).to_contain_text(f"Press the {presses} marked cells")
    # The check runs the presses on the board in Python (lightsout.api "verify").
    verdict = page.evaluate("window.lightsOut.verifyShown()")
    assert verdict["solved"] is True and verdict["lit"] == 0 and verdict["presses"] == presses
    page.wait_for_timeout(200)
    frames = page.evaluate("({ gaps: window.__frames.gaps, longTasks: window.__frames.longTasks })")
    assert len(frames["gaps"]) > 10
    assert max(frames["gaps"]) < 500, f"the page froze for {max(frames['gaps']):.0f} ms"
    assert max(frames["longTasks"], default=0) < 500
    print(f"\nlongest frame gap {max(frames['gaps']):.0f} ms, longest task {max(frames['longTasks'], default=0):.0f} ms")
    screenshot(page, "big-1000-solution.png")
    zoom_on(page, 500, 500)
    screenshot(page, "big-1000-solution-zoomed.png")


def test_canvas_press_changes_the_stencil_redraws_only_it_and_undo_restores(ready_page):
    page = ready_page
    dark_board(page, 1000, 1000)
    zoom_on(page, 400, 600, steps=8)
    click_cell(page, 400, 600)
    expect(canvas(page)).to_have_attribute("data-lit-count", "5")
    expect(page.locator("#move-count")).to_have_text("Moves: 1")
    painted = page.evaluate("window.lightsOut.flush()")
    box = page.evaluate("(() => { const c = document.querySelector('canvas[aria-label=Board]'); return [c.width, c.height]; })()")
    scale = page.evaluate("window.lightsOut.view().scale")
    # Only the stencil's rectangle (3×3 cells, plus a pixel of margin) was repainted.
    assert painted["width"] <= 3 * scale + 4 and painted["height"] <= 3 * scale + 4, (painted, scale)
    assert painted["width"] * painted["height"] < box[0] * box[1] / 10
    button(page, "Undo").click()
    expect(canvas(page)).to_have_attribute("data-lit-count", "0")
    button(page, "Redo").click()
    expect(canvas(page)).to_have_attribute("data-lit-count", "5")
    # A corner press toggles three cells.
    zoom_on(page, 0, 0)
    click_cell(page, 0, 0)
    expect(canvas(page)).to_have_attribute("data-lit-count", "8")
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+z")
    expect(canvas(page)).to_have_attribute("data-lit-count", "0")
    screenshot(page, "big-1000-dark-zoomed-corner.png")


def test_zoom_pan_fit_and_minimap_do_not_press(ready_page):
    page = ready_page
    dark_board(page, 200, 200)
    fitted = page.evaluate("window.lightsOut.view().scale")
    button(page, "Zoom in").click()
    assert page.evaluate("window.lightsOut.view().scale") > fitted
    box = canvas(page).bounding_box()
    centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.move(*centre)
    page.mouse.wheel(0, -500)
    page.mouse.down()
    page.mouse.move(centre[0] + 120, centre[1] + 80, steps=6)
    page.mouse.up()  # a drag pans; it must not press
    button(page, "Zoom out").click()
    page.locator(".minimap").click()
    page.evaluate("window.lightsOut.flush()")
    assert attribute(page, "data-lit-count") == 0
    expect(page.locator("#move-count")).to_have_text("Moves: 0")
    button(page, "Fit").click()
    assert abs(page.evaluate("window.lightsOut.view().scale") - fitted) < 1e-9
    # Keyboard: the canvas is one tab stop; arrows move its cursor, Space presses.
    canvas(page).focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Space")
    expect(canvas(page)).to_have_attribute("data-lit-count", "5")  # (1, 1) is interior


def test_solution_overlay_screenshot_and_download(ready_page):
    page = ready_page
    page.get_by_role("radio", name="All off").check()
    set_size(page, 200, 200)
    button(page, "New puzzle").click()
    expect(status(page)).to_contain_text("New 200×200 puzzle", timeout=30_000)
    button(page, "Solve").click()
    expect(canvas(page)).not_to_have_attribute("data-press-count", "0", timeout=30_000)
    presses = attribute(page, "data-press-count")
    screenshot(page, "big-200-solution.png")
    zoom_on(page, 100, 100, steps=4)
    screenshot(page, "big-200-solution-zoomed.png")
    with page.expect_download() as download_info:
        button(page, "Download solution").click()
    text = Path(download_info.value.path()).read_text()
    lines = text.split()
    assert len(lines) == 200 and all(len(line) == 200 for line in lines)
    assert sum(line.count("#") for line in lines) == presses


def test_big_download_is_written_in_slices(ready_page):
    """Above 512×512 the #/. rows are made in the page from the solver's bits."""
    page = ready_page
    page.get_by_role("radio", name="All off").check()
    set_size(page, 600, 700)
    button(page, "New puzzle").click()
    expect(status(page)).to_contain_text("New 600×700 puzzle", timeout=30_000)
    button(page, "Solve").click()
    expect(canvas(page)).not_to_have_attribute("data-press-count", "0", timeout=30_000)
    presses = attribute(page, "data-press-count")
    with page.expect_download() as download_info:
        button(page, "Download solution").click()
    lines = Path(download_info.value.path()).read_text().split()
    assert len(lines) == 600 and {len(line) for line in lines} == {700}
    assert sum(line.count("#") for line in lines) == presses


def test_open_a_big_loj_file(ready_page, tmp_path):
    page = ready_page
    rng = random.Random(1000)
    side = 1000
    board = Board.from_flat(side, side, rng.getrandbits(side * side))
    rows = ["".join("#" if board.is_lit(r, c) else "." for c in range(side)) for r in range(side)]
    path = tmp_path / "big.loj.txt"
    path.write_text(f"{side}\n" + "\n".join(rows) + "\n")
    page.locator("#file-input").set_input_files(path)
    expect(status(page)).to_contain_text(f"Loaded a {side}×{side} board (loj)", timeout=30_000)
    expect(canvas(page)).to_have_attribute("data-lit-count", str(board.lit_count))
    # A big file's text is not copied into the Board box.
    assert page.get_by_role("textbox", name="Board").input_value() != rows[0]


def test_cancel_a_long_request_restarts_the_worker_and_keeps_the_board(ready_page):
    page = ready_page
    page.get_by_label("Rows").fill("64")
    page.get_by_label("Rows").press("Tab")
    page.get_by_label("Columns").fill("64")
    page.get_by_label("Columns").press("Tab")
    expect(page.get_by_role("grid", name="Board").get_by_role("gridcell")).to_have_count(64 * 64)
    before = read_board(page)
    # The full linear system on 4096 cells takes seconds: long enough to cancel.
    page.evaluate("window.lightsOut.solve({ method: 'full-system' }); null")
    progress = page.locator("#progress")
    expect(progress).to_be_visible(timeout=5_000)
    expect(progress).to_contain_text("Working…")
    button(page, "Cancel").click()
    expect(status(page)).to_have_attribute("data-state", "loading")
    expect(status(page)).to_contain_text("Cancelled")
    expect(progress).to_be_hidden()
    assert read_board(page) == before
    wait_ready(page)
    expect(status(page)).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
    # The page and the new worker work: a press, then a (fast) solve.
    page.get_by_role("grid", name="Board").locator('[data-row="0"][data-col="0"]').click()
    button(page, "Solve").click()
    expect(page.get_by_role("grid", name="Board").locator('[data-press="1"]').first).to_be_visible(timeout=60_000)
