"""Big boards (above 64×64) on the shared ready page: the canvas board and its data
attributes, a 1000×1000 puzzle made, solved and checked in the worker while the page
keeps drawing frames, presses and undo on the canvas, zoom/pan/Fit, loading a big LOJ
file through "Open file…", downloading a solution, and Cancel restarting the worker.

Screenshots go to test-results/big-*.png (look at them: pixels are the point here)."""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path

from conftest import READY_TIMEOUT_MS, wait_ready
from e2e_helpers import after_frames, button, read_board, status
from playwright.sync_api import Locator, Page, expect

from lightsout.model.board import Board

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
    expect(canvas(page)).to_have_attribute("data-rows", str(rows))
    expect(canvas(page)).to_have_attribute("data-cols", str(cols))


def dark_board(page: Page, rows: int, cols: int) -> None:
    set_size(page, rows, cols)
    button(page, "Clear").click()
    expect(canvas(page)).to_have_attribute("data-lit-count", "0")


def solved_puzzle(page: Page, rows: int, cols: int) -> int:
    """A new rows × cols puzzle (goal all off), solved: returns the number of marked presses."""
    page.get_by_role("radio", name="All off").check()
    set_size(page, rows, cols)
    button(page, "New puzzle").click()
    expect(status(page)).to_contain_text(f"New {rows:,}×{cols:,} puzzle")
    button(page, "Solve").click()
    expect(canvas(page)).not_to_have_attribute("data-press-count", "0")
    return attribute(page, "data-press-count")


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


def test_thousand_board_generated_solved_and_verified_in_the_worker(ready_page):
    """The page's frame gaps meanwhile are printed here and measured by bench/page.py --big (a
    speed figure, not a test's: a busy machine stretches them)."""
    page = ready_page
    page.get_by_role("radio", name="All off").check()
    page.get_by_label("Lit cells").fill("")
    set_size(page, 1000, 1000)
    expect(page.get_by_role("grid")).to_have_count(0)  # the DOM grid is gone above 64×64
    page.evaluate(FRAME_PROBE)
    button(page, "New puzzle").click()
    expect(status(page)).to_contain_text("New 1,000×1,000 puzzle")
    lit = attribute(page, "data-lit-count")
    assert 400_000 < lit < 600_000, lit  # a uniform solvable board lights about half
    button(page, "Solve").click()
    expect(canvas(page)).not_to_have_attribute("data-press-count", "0")
    presses = attribute(page, "data-press-count")
    expect(status(page)).to_contain_text(f"Press the {presses:,} marked cells")
    # The check runs the presses on the board in Python (lightsout.api "verify").
    verdict = page.evaluate("window.lightsOut.verifyShown()")
    assert verdict["solved"] is True and verdict["lit"] == 0 and verdict["presses"] == presses
    after_frames(page, 2)
    frames = page.evaluate("({ gaps: window.__frames.gaps, longTasks: window.__frames.longTasks })")
    print(f"\nlongest frame gap {max(frames['gaps'], default=0):.0f} ms, longest task {max(frames['longTasks'], default=0):.0f} ms")
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


HEX_NEIGHBOURS = [(0, -1), (0, 1), (-1, 0), (1, 0), (-1, 1), (1, -1)]  # axial: docs/guide.md, the hex rule

PIXEL_AT_CELL = """([r, c]) => {
  const canvas = document.querySelector('canvas[aria-label=Board]');
  const box = canvas.getBoundingClientRect();
  const point = window.lightsOut.clientOfCell(r, c);
  const x = Math.floor((point.x - box.left) * canvas.width / box.width);
  const y = Math.floor((point.y - box.top) * canvas.height / box.height);
  return [...canvas.getContext('2d').getImageData(x, y, 1, 1).data].join(',');
}"""


def test_a_hex_board_above_the_grid_limit_is_drawn_pressed_and_solved_as_hexagons(ready_page):
    page = ready_page
    rows, cols = 66, 50  # above the grid's 64 a side, within the full system's 4096 cells (the hex rule's solver)
    page.get_by_label("Rule", exact=True).select_option("hex")
    try:
        dark_board(page, rows, cols)
        expect(canvas(page)).to_have_attribute("data-outline", "hex")
        zoom_on(page, 40, 30, steps=8)
        click_cell(page, 40, 30)
        expect(canvas(page)).to_have_attribute("data-lit-count", "7")
        cells = page.evaluate("window.lightsOut.statesSnapshot().cells")
        lit = {divmod(index, cols) for index, state in enumerate(cells) if state}
        assert lit == {(40, 30)} | {(40 + dr, 30 + dc) for dr, dc in HEX_NEIGHBOURS}
        page.evaluate("window.lightsOut.flush()")
        colour = {cell: page.evaluate(PIXEL_AT_CELL, list(cell)) for cell in [*lit, (39, 29), (41, 31), (40, 27)]}
        assert len({colour[cell] for cell in lit}) == 1  # every lit hexagon drawn lit at its centre
        # (39, 29) and (41, 31) touch (40, 30) on a square grid's diagonal, not on the hex board: dark
        assert colour[(39, 29)] == colour[(41, 31)] == colour[(40, 27)] != colour[(40, 30)]
        screenshot(page, "big-hex-pressed.png")
        button(page, "New puzzle").click()
        expect(status(page)).to_contain_text(f"New {rows:,}×{cols:,} puzzle")
        button(page, "Solve").click()
        expect(canvas(page)).not_to_have_attribute("data-press-count", "0")
        verdict = page.evaluate("window.lightsOut.verifyShown()")  # the presses run on the board in Python
        assert verdict["solved"] is True and verdict["lit"] == 0
        button(page, "Fit").click()
        screenshot(page, "big-hex-solution.png")
    finally:
        page.get_by_label("Rule", exact=True).select_option("plus")


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
    presses = solved_puzzle(page, 200, 200)
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
    presses = solved_puzzle(page, 600, 700)
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
    expect(status(page)).to_contain_text("Loaded a 1,000×1,000 board (LibreOJ)")
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
    wait_ready(page)  # a worker whose heap grew on an earlier big board may be restarting
    before = read_board(page)
    # The worker is kept busy ("stall": until it is stopped) before New puzzle asks it for a board,
    # so the request is still running when Cancel is pressed, however fast or loaded the machine is.
    progress = page.locator("#progress")
    expect(progress).to_be_hidden()  # no earlier request's progress taken for this one's
    page.evaluate("window.lightsOut.debug('stall').catch(() => {}); null")
    button(page, "New puzzle").click()
    expect(progress).to_be_visible()
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


def boxes_overlap(a: dict, b: dict) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


# Client points on a 20×20 lattice over the canvas whose topmost element is not the canvas:
# what lies over the board there (a tool, the minimap) hides the cells under it.
COVERED_POINTS = """() => {
  const canvas = document.querySelector('canvas[aria-label=Board]');
  const box = canvas.getBoundingClientRect();
  const covered = [];
  for (let i = 0; i < 20; i++) for (let j = 0; j < 20; j++) {
    const x = box.left + (i + 0.5) * box.width / 20, y = box.top + (j + 0.5) * box.height / 20;
    if (document.elementFromPoint(x, y) !== canvas) covered.push([Math.round(x), Math.round(y)]);
  }
  return covered;
}"""


def test_the_minimap_and_tools_never_cover_a_cell(ready_page):
    page = ready_page
    dark_board(page, 100, 100)
    button(page, "Fit").click()
    page.evaluate("window.lightsOut.flush()")
    minimap = page.locator(".minimap")
    expect(minimap).to_be_hidden()  # at Fit the whole board is in view: a minimap would only repeat it
    # The corner cells, where the minimap and the zoom tools used to sit over the board, press.
    page.locator(".play").scroll_into_view_if_needed()
    for row, col, lit in ((99, 99, 3), (0, 0, 6), (99, 0, 9), (0, 99, 12)):
        click_cell(page, row, col)
        expect(canvas(page)).to_have_attribute("data-lit-count", str(lit))
    expect(page.locator("#move-count")).to_have_text("Moves: 4")
    assert page.evaluate(COVERED_POINTS) == []
    screenshot(page, "big-100-fit.png")
    # Zoomed in, part of the board is out of view: the minimap shows, beside the board, not on it.
    zoom_on(page, 99, 99, steps=6)
    expect(minimap).to_be_visible()
    assert not boxes_overlap(minimap.bounding_box(), canvas(page).bounding_box())
    assert page.evaluate(COVERED_POINTS) == []
    click_cell(page, 99, 99)  # the bottom-right cell, zoomed in, presses too
    expect(canvas(page)).to_have_attribute("data-lit-count", "9")
    screenshot(page, "big-100-zoomed-minimap.png")
    # Fit again: the minimap goes, and the bar under the board keeps its height.
    bar = page.locator(".canvas-bar").bounding_box()
    button(page, "Fit").click()
    page.evaluate("window.lightsOut.flush()")
    expect(minimap).to_be_hidden()
    assert page.locator(".canvas-bar").bounding_box()["height"] == bar["height"]


def progress_counts(text: str) -> tuple[int, int]:
    """(played, total) from "Playing 12,345 / 40,000" or "Stopped after 12,345 of 40,000 presses"."""
    numbers = re.findall(r"\d[\d,]*", text)
    played, total = (int(number.replace(",", "")) for number in numbers[:2])
    return played, total


# Once the playback bar has moved: the message ("Playing 1,234 / 5,678"), then Stop clicked, in one task.
STOP_AT_FIRST_PROGRESS = """() => new Promise((resolve) => {
  const look = () => {
    if (Number(document.getElementById('playback-bar').value) > 0) {
      const message = document.getElementById('message').textContent;
      document.getElementById('stop-playback').click();
      resolve(message);
    } else {
      requestAnimationFrame(look);
    }
  };
  look();
})"""


def test_play_solution_on_a_big_board_shows_progress_stops_and_carries_on(ready_page):
    page = ready_page
    presses = solved_puzzle(page, 200, 200)
    assert presses > 1000  # played in slices, not press by press
    # The marks are checked in Python before they are played: they take this board to the goal.
    assert page.evaluate("window.lightsOut.verifyShown()")["solved"] is True
    board_before = page.evaluate("window.lightsOut.statesSnapshot().cells")

    button(page, "Play solution").click()
    playback = page.locator("#playback")
    expect(playback).to_be_visible()
    expect(page.locator("#message")).to_contain_text("Playing")
    # Stop is pressed in the page in the frame the bar first moves, so the playback cannot end
    # before it however fast or loaded the machine is; the message it replaced is kept.
    playing = page.evaluate(STOP_AT_FIRST_PROGRESS)
    played, total = progress_counts(playing)
    assert total == presses and 0 <= played < presses
    expect(playback).to_be_hidden()
    screenshot(page, "big-200-playback-stopped.png")
    expect(status(page)).to_contain_text("Stopped after")
    played, total = progress_counts(page.locator("#message").text_content())
    assert 0 < played < presses and total == presses
    # The presses so far are moves in the history; the marks hold the rest, and together they
    # still solve the board (Python presses them on the board as it is now).
    expect(page.locator("#move-count")).to_have_text(f"Moves: {played:,}")
    assert attribute(page, "data-press-count") == presses - played
    # The presses played changed the board (not its count of lit lights: two presses can leave
    # that as it was, and a loaded machine may stop the playback after a few).
    assert page.evaluate("window.lightsOut.statesSnapshot().cells") != board_before
    verdict = page.evaluate("window.lightsOut.verifyShown()")
    assert verdict["solved"] is True and verdict["presses"] == presses - played
    after_frames(page, 10)  # a playback presses a slice a frame: ten frames later, nothing played on after Stop
    expect(page.locator("#move-count")).to_have_text(f"Moves: {played:,}")

    # Undo takes back one press, Redo puts it back.
    lit_stopped = attribute(page, "data-lit-count")
    button(page, "Undo").click()
    expect(page.locator("#move-count")).to_have_text(f"Moves: {played - 1:,}")
    assert attribute(page, "data-lit-count") != lit_stopped
    button(page, "Redo").click()
    expect(page.locator("#move-count")).to_have_text(f"Moves: {played:,}")
    expect(canvas(page)).to_have_attribute("data-lit-count", str(lit_stopped))

    # The marks reroute with Undo and Redo (issue #41: the press taken back joins them, the press
    # put back leaves them), so they still hold the rest of the solution and Play solution, beside
    # them, plays the board to the end.
    expect(canvas(page)).to_have_attribute("data-press-count", str(presses - played))
    button(page, "Play solution").click()
    expect(status(page)).to_have_attribute("data-solved", "1", timeout=60_000)
    expect(canvas(page)).to_have_attribute("data-lit-count", "0")
    expect(playback).to_be_hidden()
    expect(status(page)).to_contain_text("Solved by Play solution, in")  # as the banner says (issue 50)
    assert int(page.locator("#move-count").text_content().split()[-1].replace(",", "")) > played
