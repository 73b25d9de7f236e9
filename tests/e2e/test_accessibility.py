"""Accessibility and languages: keyboard-only play, shortcuts, the Help dialog, the live
line, the Chinese UI, a 375 px phone, high contrast and dark mode.

Screenshots go to $A11Y_SCREENSHOTS when set (else the test's tmp_path)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import PageWatch, open_sections, without_solver
from e2e_helpers import (
    board,
    button,
    cell,
    grid_text,
    load_text,
    marked_cells,
    read_board,
    status,
)
from playwright.sync_api import Browser, BrowserContext, Page, expect

# Visible control text may hold no English word of 3+ letters in Chinese, except these
# names (the language's own name, formats and products).
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")
PROPER_NAMES = {"English", "LOJ", "Python", "JavaScript", "Merlin", "Orbix"}  # and two games named as on the box


def screenshot_dir(tmp_path: Path) -> Path:
    directory = Path(os.environ.get("A11Y_SCREENSHOTS") or tmp_path)
    directory.mkdir(parents=True, exist_ok=True)
    return directory


@pytest.fixture
def new_context(browser: Browser) -> Iterator:
    """Open contexts with options; closed after the test, which fails on console errors."""
    opened: list[BrowserContext] = []
    watch = PageWatch()

    def open_context(solver: bool = True, **options) -> BrowserContext:
        """solver=False: the page alone, without starting Pyodide (conftest.without_solver)."""
        context = browser.new_context(bypass_csp=True, **options)
        if not solver:
            without_solver(context)
        watch.attach(context)
        opened.append(context)
        return context

    yield open_context
    for context in opened:
        context.close()
    assert watch.errors == []


def focused_cell(page: Page) -> tuple[int, int] | None:
    found = page.evaluate(
        """() => { const e = document.activeElement;
                   return e && e.getAttribute('role') === 'gridcell' ? [Number(e.dataset.row), Number(e.dataset.col)] : null; }"""
    )
    return tuple(found) if found else None


def move_focus_to(page: Page, row: int, col: int) -> None:
    """Arrow keys from the focused cell to (row, col)."""
    here = focused_cell(page)
    assert here is not None
    for _ in range(abs(row - here[0])):
        page.keyboard.press("ArrowDown" if row > here[0] else "ArrowUp")
    for _ in range(abs(col - here[1])):
        page.keyboard.press("ArrowRight" if col > here[1] else "ArrowLeft")
    assert focused_cell(page) == (row, col)


def test_solve_with_the_keyboard_only(ready_page):
    page = ready_page
    page.get_by_role("radio", name="All off").check()
    # Lights from pressing (1,1), (2,3) and (4,0) on a dark 5×5 board: solvable.
    load_text(page, grid_text([[0, 1, 0, 0, 0], [1, 1, 1, 1, 0], [0, 1, 1, 1, 1], [1, 0, 0, 1, 0], [1, 1, 0, 0, 0]]))
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(80):
        page.keyboard.press("Tab")
        if focused_cell(page) is not None:
            break
    assert focused_cell(page) is not None, "Tab never reached the board"
    before = read_board(page)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    row, col = focused_cell(page)
    page.keyboard.press("Space")
    expect(page.locator("#announcer")).to_contain_text(f"Pressed row {row + 1}, column {col + 1}.")
    assert read_board(page) != before
    page.keyboard.press("u")  # U undoes
    expect(page.locator("#move-count")).to_have_text("Moves: 0")
    assert read_board(page) == before
    page.keyboard.press("r")  # R redoes
    expect(page.locator("#move-count")).to_have_text("Moves: 1")
    page.keyboard.press("s")  # S solves
    expect(status(page).locator(".message")).to_contain_text("Press the")
    marks = marked_cells(page)
    assert marks
    for mark_row, mark_col in marks:
        move_focus_to(page, mark_row, mark_col)
        page.keyboard.press("Space")
    expect(status(page)).to_have_attribute("data-solved", "1")
    assert marked_cells(page) == []


def test_shortcuts_do_not_fire_while_typing(ready_page):
    page = ready_page
    load_text(page, grid_text([[1, 1, 0], [1, 0, 0], [0, 0, 0]]))
    cell(page, 0, 0).click()
    expect(page.locator("#move-count")).to_have_text("Moves: 1")
    box = page.get_by_role("textbox", name="Board")
    box.fill("")
    box.press("u")
    box.press("s")
    expect(page.locator("#move-count")).to_have_text("Moves: 1")
    assert marked_cells(page) == []
    expect(box).to_have_value("us")


def test_help_dialog_opens_with_question_mark_and_closes_with_escape(ready_page):
    page = ready_page
    dialog = page.get_by_role("dialog", name="How to play")
    cell(page, 0, 0).focus()
    page.keyboard.press("?")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading", name="Keyboard shortcuts")).to_be_visible()
    expect(dialog).to_contain_text("Ctrl")
    page.keyboard.press("s")  # no shortcut fires under the dialog
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert focused_cell(page) == (0, 0)  # focus came back
    button(page, "Help").click()
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Close").click()
    expect(dialog).to_be_hidden()


def test_live_line_announces_a_press(ready_page):
    page = ready_page
    load_text(page, grid_text([[0] * 4 for _ in range(4)]))
    live = page.locator("#announcer")
    expect(live).to_have_attribute("aria-live", "polite")
    cell(page, 2, 1).click()
    expect(live).to_have_text("Pressed row 3, column 2. 5 lights on.")
    cell(page, 0, 3).click()
    expect(live).to_have_text("Pressed row 1, column 4. 8 lights on.")


def control_words(page: Page) -> list[str]:
    """English words in the visible text of buttons, labels, legends, summaries and headings."""
    texts = page.evaluate(
        """() => [...document.querySelectorAll('button, label, legend, summary, h1, h2, option, [role=status]')]
                  .filter(e => e.offsetParent !== null || e.tagName === 'OPTION')
                  .map(e => e.innerText ?? e.textContent)"""
    )
    words = [word for text in texts for word in ENGLISH_WORD.findall(text)]
    return [word for word in words if word not in PROPER_NAMES]


def test_chinese_ui_has_no_english_in_its_controls(new_context, site_url, tmp_path):
    """The page's own words in a Chinese browser (without its solver: what the solver's answers say
    in 中文 is test_paste_page.py's, test_words_page.py's and the engines' 中文 flow's)."""
    context = new_context(solver=False, locale="zh-CN", viewport={"width": 1100, "height": 800})
    page = context.new_page()
    page.goto(site_url)
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
    expect(page.get_by_role("button", name="求解", exact=True)).to_be_visible()
    expect(page.get_by_role("grid", name="棋盘")).to_be_visible()
    assert control_words(page) == []
    cell_label = page.locator('[role="gridcell"][data-row="0"][data-col="0"]').get_attribute("aria-label")
    assert cell_label.startswith("第 1 行")
    page.screenshot(path=str(screenshot_dir(tmp_path) / "a11y-zh.png"), full_page=True)
    # The switch goes to English and is remembered; 中文 comes back the same way.
    page.get_by_role("button", name="English").click()
    expect(button(page, "Solve")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.reload()
    expect(button(page, "Solve")).to_be_visible()
    page.get_by_role("button", name="中文").click()
    expect(page.get_by_role("button", name="求解", exact=True)).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")


def test_english_locale_starts_in_english(new_context, site_url):
    page = new_context(solver=False, locale="en-US").new_page()
    page.goto(site_url)
    expect(button(page, "Solve")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("button", name="English")).to_have_attribute("aria-pressed", "true")


def test_a_10x10_board_fits_a_375px_phone(new_context, site_url, tmp_path):
    context = new_context(solver=False, viewport={"width": 375, "height": 667}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(site_url)
    open_sections(page)  # Rows and Columns are in the collapsed Puzzles section
    for name in ("Rows", "Columns"):
        field = page.get_by_role("spinbutton", name=name)
        field.fill("10")
        field.dispatch_event("change")
    expect(board(page).locator('[role="row"]')).to_have_count(10)
    expect(board(page).locator('[role="row"]').first.locator('[role="gridcell"]')).to_have_count(10)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    box = board(page).bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 375
    last = cell(page, 9, 9).bounding_box()
    assert last["x"] + last["width"] <= 375
    # Controls stack under the board.
    solve_box = button(page, "Solve").bounding_box()
    assert solve_box["y"] > box["y"] + box["height"]
    # A tap presses.
    before = read_board(page)
    cell(page, 4, 4).tap()
    expect(page.locator("#move-count")).to_have_text("Moves: 1")
    assert read_board(page) != before
    page.screenshot(path=str(screenshot_dir(tmp_path) / "a11y-375.png"), full_page=True)


def test_high_contrast_persists_across_reload(new_context, site_url, tmp_path):
    page = new_context(solver=False, viewport={"width": 1100, "height": 800}).new_page()
    page.goto(site_url)
    toggle = button(page, "High contrast")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    plain = page.evaluate("getComputedStyle(document.querySelector('.cell')).backgroundColor")
    toggle.click()
    expect(page.locator("html")).to_have_class(re.compile(r"\bhigh-contrast\b"))
    page.reload()
    expect(page.locator("html")).to_have_class(re.compile(r"\bhigh-contrast\b"))
    expect(button(page, "High contrast")).to_have_attribute("aria-pressed", "true")
    # A dark cell turns black (after its colour transition, which a busy machine catches midway).
    page.wait_for_function("getComputedStyle(document.querySelector('.cell[data-lit=\"0\"]')).backgroundColor === 'rgb(0, 0, 0)'")
    assert plain != "rgb(0, 0, 0)"
    page.screenshot(path=str(screenshot_dir(tmp_path) / "a11y-high-contrast.png"), full_page=True)
    button(page, "High contrast").click()
    page.reload()
    expect(button(page, "High contrast")).to_have_attribute("aria-pressed", "false")


def test_dark_mode_follows_the_system(new_context, site_url, tmp_path):
    page = new_context(solver=False, viewport={"width": 1100, "height": 800}).new_page()
    page.goto(site_url)
    background = "getComputedStyle(document.documentElement).backgroundColor"
    page.emulate_media(color_scheme="light")
    light = page.evaluate(background)
    page.emulate_media(color_scheme="dark")
    dark = page.evaluate(background)
    assert light != dark

    def luminance(rgb: str) -> float:
        red, green, blue = (int(part) for part in re.findall(r"\d+", rgb)[:3])
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue

    assert luminance(dark) < 60 < luminance(light)
    page.screenshot(path=str(screenshot_dir(tmp_path) / "a11y-dark.png"), full_page=True)


def test_reduced_motion_turns_transitions_off(new_context, site_url):
    page = new_context(solver=False, reduced_motion="reduce").new_page()
    page.goto(site_url)
    expect(board(page)).to_be_visible()
    duration = page.evaluate("getComputedStyle(document.querySelector('.cell')).transitionDuration")
    assert all(float(part.rstrip("s")) == 0 for part in duration.split(","))


def test_controls_wait_until_the_page_is_wired(new_context, site_url):
    # The composition root awaits limits.json before the panels listen; a control used
    # before then would lose its input, so the controls are disabled until they work.
    context = new_context(solver=False)
    page = context.new_page()
    held = []

    def hold_limits(route):
        if held is None:
            route.continue_()
        else:
            held.append(route)

    page.route("**/limits.json", hold_limits)
    with page.expect_request("**/limits.json"):  # the page has asked for it: it waits for it now
        page.goto(site_url, wait_until="domcontentloaded")
    open_sections(page)  # a round trip: the route's handler has run by its end
    assert held, "limits.json was asked for but not held"
    rows = page.get_by_role("spinbutton", name="Rows")
    expect(rows).to_be_disabled()
    expect(button(page, "New puzzle")).to_be_disabled()
    waiting, held = held, None
    for route in waiting:
        route.continue_()
    expect(rows).to_be_enabled()
    rows.fill("7")
    rows.dispatch_event("change")
    expect(board(page).locator('[role="row"]')).to_have_count(7)
