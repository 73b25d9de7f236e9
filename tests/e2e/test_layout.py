"""Issue #14's layout: the board is the page. The board and the toolbar stay in view while
the other controls (collapsed sections) are used; a first-time player sees about ten
controls; every message lands on one line of fixed height; nothing moves under the
player's finger (layout shift over a scripted session, every entry counted); Help starts
with how to play."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator

import pytest
from conftest import CONTEXT_OPTIONS, READY_TIMEOUT_MS, ROOT
from e2e_helpers import board, button, cell, reveal_fewest, status
from layout_shift import BOUND, SHIFT_PROBE, VIEWPORTS, play_session, total_shift
from play_column import moves, walk
from playwright.sync_api import Browser, Page, expect

TOOLBAR_IDS = ["new-puzzle", "undo", "redo", "hint", "solve"]
SCAN_PICTURES = ROOT / "tests" / "js" / "scan-pictures.mjs"


class ViewPages:
    """The pages this module's tests look at, by viewport (VIEWPORTS). `page(name)`: the shared
    ready page (conftest's ready_page) at that size, put back as on arrival by the page's own
    means (see `reset`); `arrival(name)`: a page that has done nothing since it loaded, opened
    for it in a context of that size (the layout-shift test counts every shift from the first
    paint on), one Pyodide start each."""

    def __init__(self, browser: Browser, site_url: str) -> None:
        self.browser, self.site_url = browser, site_url
        self.contexts: dict = {}
        self.shared: Page | None = None  # the test's ready_page (the views fixture)

    def arrival(self, name: str) -> Page:
        if name not in self.contexts:
            context = self.browser.new_context(viewport=VIEWPORTS[name], service_workers="block", bypass_csp=True)
            context.add_init_script(SHIFT_PROBE)
            # Each page opened arrives as a new visitor: not with the game the page before it kept (resume.js).
            context.add_init_script("try { localStorage.removeItem('lightsout-game'); } catch {}")
            self.contexts[name] = context
        page = self.contexts[name].new_page()
        page.goto(self.site_url)
        expect(status(page)).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)
        return page

    def page(self, name: str) -> Page:
        assert self.shared is not None
        self.shared.set_viewport_size(VIEWPORTS[name])
        reset(self.shared)
        return self.shared

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()


RESET_LINKS = ("5x5:gAAAAA", "5x5:AAAAAA")  # a plain 5×5 game (plus rule, plane), one light on or none


def reset(page: Page) -> None:
    """Put a used page back as it is on arrival without reloading it (a reload starts
    Pyodide again): English, no dialog, a 5×5 grid game opened from a link (which sets
    the rule, surface and size back), every section closed, scrolled to the top."""
    page.evaluate("() => { for (const dialog of document.querySelectorAll('dialog[open]')) dialog.close(); }")
    if page.evaluate("document.documentElement.lang") != "en":
        page.locator("[data-language=en]").click()
        expect(page.locator("html")).to_have_attribute("lang", "en")
    link = next(link for link in RESET_LINKS if page.evaluate("location.hash") != "#" + link)
    page.evaluate("(link) => { location.hash = link; }", link)
    expect(status(page).locator(".message")).to_contain_text("Opened a shared 5×5")
    expect(board(page).get_by_role("gridcell")).to_have_count(25)
    page.evaluate("""() => { for (const section of document.querySelectorAll('details.section')) section.open = false;
                             document.activeElement?.blur(); window.scrollTo(0, 0); }""")
    page.mouse.move(0, 0)
    expect(status(page)).to_have_attribute("data-state", "ready", timeout=READY_TIMEOUT_MS)


@pytest.fixture(scope="module")
def _view_pages(browser: Browser, site_url: str) -> Iterator[ViewPages]:
    pages = ViewPages(browser, site_url)
    yield pages
    pages.close()


@pytest.fixture
def views(_view_pages: ViewPages, ready_page: Page) -> Iterator[ViewPages]:
    _view_pages.shared = ready_page
    yield _view_pages
    reset(ready_page)  # English, no dialog, a plain 5×5
    ready_page.set_viewport_size(CONTEXT_OPTIONS["viewport"])
    ready_page.evaluate("() => { for (const section of document.querySelectorAll('details.section:not(#analysis)')) section.open = true; }")


def box(page: Page, selector: str) -> dict:
    return page.locator(selector).bounding_box()


def in_view(page: Page, selector: str) -> bool:
    rect = box(page, selector)
    size = page.viewport_size
    return rect["y"] >= 0 and rect["x"] >= 0 and rect["y"] + rect["height"] <= size["height"] + 0.5 \
        and rect["x"] + rect["width"] <= size["width"] + 0.5


def visible_controls(page: Page) -> list[str]:
    """Buttons, fields and section headings a reader can see and use on arrival."""
    return page.evaluate("""() => [...document.querySelectorAll('button:not(.cell), input, select, textarea, summary')]
        .filter((element) => element.checkVisibility())
        .map((element) => element.id || element.textContent.trim())""")


@pytest.mark.parametrize("name", list(VIEWPORTS))
def test_nothing_moves_over_a_scripted_session(views, name):
    page = views.arrival(name)
    play_session(page)
    total, shifts = total_shift(page)
    assert total <= BOUND, f"layout shift {total:.3f} at {name}: {shifts}"


@pytest.mark.parametrize("name", list(VIEWPORTS))
def test_first_view_is_the_board_and_a_few_controls(views, name):
    page = views.page(name)
    toolbar = page.get_by_role("toolbar")
    expect(toolbar).to_have_attribute("id", "toolbar")
    assert toolbar.locator("button").evaluate_all("(buttons) => buttons.map((b) => b.id)")[:5] == TOOLBAR_IDS
    for selector in ("#board .grid", "#toolbar", "#status"):
        assert in_view(page, selector), selector
    controls = visible_controls(page)
    sections = {"More puzzles", "Handheld games and levels", "Rules, goal and shape", "Analysis", "Your own board: set up, paste, open"}
    buttons = [control for control in controls if control not in sections]
    # Issue #14 allowed 10; issue #18 puts Explain next to Solve: 11; issue #32 the Levels button in the header: 12;
    # issue #42 Statistics and Sound in the header: 14; issue #50 the day's card and three difficulties over the
    # board (18) and Set up into Your own board (17), the goal into Rules (five sections, not six).
    assert len(buttons) <= 17, repr(controls)
    assert len(controls) <= 22, controls  # at most 17 controls and the 5 section headings
    assert sections <= set(controls), controls
    # The board is large: it fills the play column up to a comfortable cell size.
    grid = box(page, "#board .grid")
    cell_size = box(page, '.cell[data-row="0"][data-col="0"]')["width"]
    assert cell_size >= 56 or grid["width"] >= 0.9 * page.viewport_size["width"] - 40, (cell_size, grid)
    if name == "phone":
        # One row of title and tools, the tagline under it (test_phone_shows_the_tagline_...);
        # the toolbar right under the board, and the slot under it in view.
        assert box(page, ".page-header h1")["height"] <= 52
        assert box(page, "#toolbar")["y"] - (grid["y"] + grid["height"]) < 48
        assert in_view(page, ".board-slot")


@pytest.mark.parametrize("name", list(VIEWPORTS))
@pytest.mark.parametrize("rule", ["plus", "hex"])
def test_a_canvas_board_and_its_bar_fit_between_the_header_and_the_toolbar(views, name, rule):
    page = views.page(name)
    # The sections are opened by their property, not a click on their heading: on a phone a
    # rule change scrolls the board back into view, and a click during that scroll missed
    # the heading once (the Rows field then stayed hidden).
    page.evaluate("document.getElementById('section-rules').open = true")
    page.get_by_label("Rule", exact=True).select_option(rule)
    page.evaluate("document.getElementById('section-puzzles').open = true")
    for label, value in (("Rows", 80), ("Columns", 100)):
        page.get_by_label(label).fill(str(value))
        page.get_by_label(label).press("Tab")
    expect(page.locator('canvas[aria-label="Board"]')).to_have_attribute("data-cols", "100")
    page.evaluate("window.scrollTo(0, 0)")
    header, message, canvas = box(page, ".page-header"), box(page, ".status-bar"), box(page, ".board-canvas")
    tools, toolbar = box(page, ".canvas-bar"), box(page, "#toolbar")
    assert header["y"] + header["height"] <= message["y"] + 0.5, (header, message)  # the message line is not under the header
    assert message["y"] + message["height"] <= canvas["y"] + 0.5
    assert canvas["y"] + canvas["height"] <= tools["y"] + 0.5 and tools["y"] + tools["height"] <= toolbar["y"] + 0.5
    if name == "desktop":  # the whole play column in the window; a phone scrolls to the sections under it
        assert in_view(page, "#toolbar"), toolbar


def test_the_board_stays_in_view_while_the_side_column_scrolls(views):
    page = views.page("desktop")
    before = box(page, "#board .grid")
    for summary in page.locator("details.section:not(#analysis) > summary").all():
        summary.click()
    page.locator("#download-text").scroll_into_view_if_needed()
    page.mouse.wheel(0, 2000)
    button(page, "Copy board").click()
    assert box(page, "#board .grid") == before
    assert in_view(page, "#board .grid") and in_view(page, "#toolbar")


def test_phone_brings_the_board_back_when_a_section_changes_it(views):
    page = views.page("phone")
    page.locator("#section-rules > summary").click()
    heart = button(page, "Heart")
    heart.scroll_into_view_if_needed()
    assert not in_view(page, "#status")
    heart.click()
    expect(status(page).locator(".message")).to_contain_text("Heart")
    page.wait_for_function("document.getElementById('status').getBoundingClientRect().top >= 0")
    expect(board(page).locator(".cell--hole").first).to_be_in_viewport()


def test_message_line_keeps_its_height_and_shows_every_error(ready_page):
    page = ready_page
    bar = page.locator(".status-bar")
    message = status(page).locator(".message")
    # The longest messages: an unsolvable board's explanation, a bad paste, a bad link.
    page.get_by_role("textbox", name="Board").fill("#....\n.....\n.....\n.....\n.....\n")
    button(page, "Load").click()
    expect(message).to_contain_text("Loaded")
    height = bar.bounding_box()["height"]
    grid = box(page, "#board .grid")
    button(page, "Solve").click()
    expect(message).to_contain_text("cannot be solved")
    text = message.text_content()
    assert message.get_attribute("title") == text
    assert bar.bounding_box()["height"] == height
    assert box(page, "#board .grid") == grid
    page.get_by_role("textbox", name="Board").fill("#.#\n#.\n")
    button(page, "Load").click()
    expect(message).to_contain_text(re.compile(r"Line 2, column \d+"))
    expect(status(page)).to_have_attribute("data-tone", "error")
    expect(page.get_by_role("alert")).to_contain_text("Line 2")  # the box is marked too
    page.evaluate("location.hash = '7x7:AAAAAA'")
    expect(message).to_contain_text("This link cannot be opened")
    expect(status(page)).to_have_attribute("data-tone", "error")
    assert bar.bounding_box()["height"] == height
    assert box(page, "#board .grid") == grid
    # Drawing an empty custom stencil is reported on the message line, too.
    page.get_by_label("Rule", exact=True).select_option("custom")
    pressed = page.locator("#stencil-grid button[aria-pressed=true]")
    for _ in range(pressed.count()):
        pressed.first.click()
    expect(message).to_contain_text("at least one")
    page.get_by_label("Rule", exact=True).select_option("plus")
    button(page, "New puzzle").click()
    expect(status(page)).not_to_have_attribute("data-tone", "error")


def test_lit_cells_keep_their_light_inside(ready_page):
    """The amber glow spilled onto dark neighbours: every shadow of a lit cell is inset."""
    page = ready_page
    cell(page, 0, 0).click()
    lit = board(page).locator('[data-lit="1"]').first
    shadow = lit.evaluate("(cell) => getComputedStyle(cell).boxShadow")
    parts = re.split(r",(?![^(]*\))", shadow)
    assert parts and all("inset" in part for part in parts), shadow


@pytest.mark.parametrize("language", ["en", "zh"])
def test_help_starts_with_how_to_play(views, language):
    # In Chinese by the page's switch (a zh-CN browser's arrival is test_accessibility.py's).
    page = views.page("desktop")
    if language == "zh":
        page.locator("[data-language=zh]").click()
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
    button(page, "帮助" if language == "zh" else "Help").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_be_visible()
    title, rule, goal = (dialog.locator(selector).first.inner_text() for selector in ("h2", "p", "p + p"))
    if language == "en":
        assert title == "How to play"
        assert "toggles it and its neighbours" in rule and "off" in goal
    else:
        assert title == "玩法"
        assert "相邻" in rule and "关掉" in goal
        assert not re.search(r"[A-Za-z]{3,}", rule + goal)
    # The example: a dark 3×3 board, then the middle press lights the plus.
    before, after = dialog.locator(".mini-grid").all()
    assert before.locator(".lit").count() == 0
    assert [span.get_attribute("class") == "lit" for span in after.locator("span").all()] == \
        [False, True, False, True, True, True, False, True, False]
    # The shortcuts follow the example.
    order = dialog.evaluate("""(d) => [...d.querySelectorAll('figure, table.shortcuts')].map((e) => e.tagName)""")
    assert order == ["FIGURE", "TABLE"]


def test_toolbar_arrow_keys_move_between_its_buttons(ready_page):
    page = ready_page
    button(page, "New puzzle").focus()
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.id")
    assert focused in TOOLBAR_IDS[1:]  # the next enabled one (Undo and Redo may be disabled)
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.id") == "explain-toggle"  # the toolbar's last button
    page.keyboard.press("Home")
    assert page.evaluate("document.activeElement.id") == "new-puzzle"


@pytest.mark.parametrize("language", ["en", "zh"])
def test_phone_toolbar_is_one_row_with_every_label_whole(views, language):
    page = views.page("phone")
    if language == "zh":
        page.locator("[data-language=zh]").click()
    buttons = page.locator("#toolbar button")
    tops = {round(b["y"]) for b in buttons.evaluate_all("(all) => all.map((b) => b.getBoundingClientRect().toJSON())")}
    assert len(tops) == 1, tops
    # No label is cut or wrapped: each fits its button on one line.
    cut = buttons.evaluate_all("""(all) => all.filter((b) => b.scrollWidth > b.clientWidth + 1
        || b.getBoundingClientRect().height > 50).map((b) => b.id)""")
    assert cut == [], cut
    # Undo and Redo show arrows here but keep their names.
    expect(page.get_by_role("button", name="撤销" if language == "zh" else "Undo")).to_have_attribute("id", "undo")
    expect(page.get_by_role("button", name="重做" if language == "zh" else "Redo")).to_have_attribute("id", "redo")


def test_a_cut_message_opens_whole_on_a_tap_without_moving_the_board(views):
    page = views.page("phone")
    message = status(page).locator(".message")
    grid = box(page, "#board .grid")
    line = box(page, ".status-bar")
    page.evaluate("location.hash = '7x7:AAAAAA'")
    expect(message).to_contain_text("This link cannot be opened")
    expect(status(page)).to_have_attribute("data-truncated", "")
    closed = box(page, "#message")["height"]
    message.click()
    expect(status(page)).to_have_attribute("data-expanded", "")
    assert box(page, "#message")["height"] > closed
    # The whole text is on screen, its end included.
    expect(message).to_contain_text("The board was kept.")
    assert box(page, "#message")["y"] + box(page, "#message")["height"] <= page.viewport_size["height"]
    assert box(page, "#board .grid") == grid and box(page, ".status-bar") == line
    message.press("Enter")
    expect(status(page)).not_to_have_attribute("data-expanded", "")
    # A new message closes it and is measured afresh: a short one is not cut.
    button(page, "New puzzle").click()
    expect(message).to_contain_text("New 5×5 puzzle")
    expect(status(page)).not_to_have_attribute("data-truncated", "")


@pytest.mark.parametrize("name", list(VIEWPORTS))
def test_the_play_column_never_moves(views, name):
    """Issue #31: the message line, the board area, the moves line, the toolbar and the slot
    keep their rectangles through board sizes (8×8, 3×12, an 80×100 canvas), games (Merlin,
    Orbix), and English → 中文 → English; the board scales inside its area."""
    page = views.page(name)
    seen = walk(page)
    assert moves(seen) == [], "\n".join(moves(seen))
    area = seen[0][1]["board area"]
    # The board fits its area in every case (the last one is back to the classic 5×5).
    rect = page.locator("#board").bounding_box()
    assert rect["y"] + page.evaluate("scrollY") >= area[1] - 0.5
    assert rect["y"] + page.evaluate("scrollY") + rect["height"] <= area[1] + area[3] + 0.5


TAGLINE_WHOLE = """(line) => line.checkVisibility() && line.scrollHeight <= line.clientHeight + 1
    && line.scrollWidth <= line.clientWidth + 1"""


@pytest.mark.parametrize("language", ["en", "zh"])
def test_phone_shows_the_tagline_whole_and_centres_the_move_counter(views, language):
    """Issue #31, point 7: on a phone the tagline shows, whole, and the moves line — the timer,
    the move counter and the puzzle's minimum — is centred under the board as a whole (issue
    41: the counter alone was, and the line a player reads sat off the board's centre)."""
    page = views.page("phone")
    if language == "zh":
        page.locator("[data-language=zh]").click()
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
    tagline = page.locator(".tagline")
    expect(tagline).to_have_text("按下一盏灯会切换它和相邻的灯。把所有灯都关掉。" if language == "zh"
                                 else "Press a light to toggle it and its neighbours. Turn them all off.")
    assert tagline.evaluate(TAGLINE_WHOLE)
    assert in_view(page, ".tagline")
    page.locator("#new-puzzle").click()
    reveal_fewest(page)
    expect(page.locator("#minimum")).not_to_be_empty()
    page.locator('#board .cell[data-row="2"][data-col="2"]').click()  # by place: the grid's name is the page's language
    expect(page.locator("#timer")).to_be_visible()
    timer, minimum, grid = box(page, "#timer"), box(page, "#minimum"), box(page, "#board .grid")
    line_centre = (timer["x"] + minimum["x"] + minimum["width"]) / 2
    assert abs(line_centre - (grid["x"] + grid["width"] / 2)) <= 2, (timer, minimum, grid)
    for side in ("#timer", "#minimum"):  # whole, not cut
        assert page.locator(side).evaluate("(e) => e.scrollWidth <= e.clientWidth + 1"), page.locator(side).text_content()


@pytest.mark.parametrize("language", ["en", "zh"])
def test_phone_dialogs_show_their_main_action_without_scrolling(views, language, tmp_path):
    """Issue #31, point 7: at 375×667 Help's Close and Scan's buttons (Use this board once a
    picture is read, a landscape one and a portrait one) are in view as the dialog opens."""
    page = views.page("phone")
    if language == "zh":
        page.locator("[data-language=zh]").click()
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
    page.locator("#help").click()
    expect(page.locator("#help-dialog")).to_be_visible()
    assert in_view(page, "#help-close") and in_view(page, "#help-title")
    page.keyboard.press("Escape")
    page.locator("#section-puzzles > summary").click()
    page.locator("#scan").click()
    expect(page.locator("#scan-dialog")).to_be_visible()
    for selector in ("#scan-camera", "#scan-file-button", "#scan-close"):
        assert in_view(page, selector), selector
    for width, height in ((800, 600), (600, 800)):
        path = tmp_path / f"board-{width}x{height}.png"
        subprocess.run(["node", str(SCAN_PICTURES), "--seed", "501", "--rows", "5", "--cols", "5", "--style", "glow",
                        "--width", str(width), "--height", str(height), "--png", str(path)], check=True, capture_output=True)
        if page.locator("#scan-dialog").get_attribute("data-step") == "adjust":
            page.locator("#scan-again").click()
        page.locator("#scan-file").set_input_files(str(path))
        expect(page.locator("#scan-dialog")).to_have_attribute("data-step", "adjust")
        for selector in ("#scan-title", "#scan-use", "#scan-again", "#scan-close"):
            assert in_view(page, selector), (width, height, selector, box(page, selector))
    page.locator("#scan-close").click()


# Play solution clicked; once Stop shows in its place: where it is (in the slot under the toolbar,
# in view), then Stop clicked (or {ended} if the playback ended first).
PLAY_THEN_STOP = """() => new Promise((resolve) => {
  document.getElementById('play-solution').click();
  const look = () => {
    const stop = document.getElementById('stop-playback');
    const playHidden = !document.getElementById('play-solution').checkVisibility();
    if (document.getElementById('status').dataset.solved === '1') return resolve({ ended: 'before Stop was seen' });
    if (!stop.checkVisibility() || !playHidden) return requestAnimationFrame(look);
    const { top, left, bottom, right } = stop.getBoundingClientRect();
    const shown = { top, left, bottom, right, width: innerWidth, height: innerHeight,
                    inSlot: stop.closest('.board-slot') !== null, playHidden };
    stop.click();
    resolve(shown);
  };
  look();
})"""


@pytest.mark.parametrize("language", ["en", "zh"])
def test_phone_follows_a_solution_from_the_play_column(views, language):
    """Issue #31, point 4: after Solve, Play solution sits in the slot under the toolbar beside
    the solution navigator, in view on a phone with every section closed; while it plays,
    Stop takes its place; nothing needed to follow the marks is in a collapsed section."""
    page = views.page("phone")
    if language == "zh":
        page.locator("[data-language=zh]").click()
        expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
    page.evaluate("location.hash = '5x5:M5GpAQ'")  # six presses from dark: a solvable 5×5
    page.wait_for_function("window.lightsOut.statesSnapshot().cells.some((state) => state)")
    play = page.locator("#play-solution")
    expect(play).to_be_hidden()  # nothing to play before Solve
    page.locator("#solve").click()
    expect(play).to_be_visible()
    expect(play).to_have_text("演示解法" if language == "zh" else "Play solution")
    assert play.evaluate("(button) => button.closest('details') === null && button.closest('.board-slot') !== null")
    page.evaluate("window.scrollTo(0, 0)")
    assert in_view(page, "#play-solution") and in_view(page, "#board .grid")
    if page.locator("#solution-nav").is_visible():  # beside the navigator, on one row
        nav, button_box = box(page, "#solution-nav"), box(page, "#play-solution")
        assert abs((nav["y"] + nav["height"] / 2) - (button_box["y"] + button_box["height"] / 2)) <= 2
    marks = page.evaluate("window.lightsOut.statesSnapshot().marks")
    assert sum(marks) >= 3
    # Play, then Stop as soon as it shows, in one task of the page: six presses play in well
    # under a second, which a test's round trips on a busy machine may outlast.
    shown = page.evaluate(PLAY_THEN_STOP)
    assert shown["inSlot"] and shown["playHidden"], shown
    assert shown["top"] >= 0 and shown["left"] >= 0 and shown["bottom"] <= shown["height"] + 0.5 \
        and shown["right"] <= shown["width"] + 0.5, shown
    expect(status(page).locator(".message")).to_contain_text("演示已停止" if language == "zh" else "Stopped after")
    expect(play).to_be_visible()  # the marks left show the rest; Play solution carries on
    play.click()
    expect(status(page)).to_have_attribute("data-solved", "1")
    expect(play).to_be_hidden()


TOOLBAR_FIT = """() => {
  const column = document.querySelector('.play').getBoundingClientRect();
  return [...document.querySelectorAll('#toolbar button')].filter((b) => {
    const r = b.getBoundingClientRect();
    return r.left < column.left - 0.5 || r.right > column.right + 0.5 || b.scrollWidth > b.clientWidth + 1;
  }).map((b) => b.id);
}"""


def test_the_toolbar_fits_the_play_column_at_every_window_width(views):
    """Between one column and a wide window (a 1024 px tablet held sideways), seven buttons of
    their desktop width were wider than the play column: New puzzle was cut off at the left."""
    page = views.page("desktop")
    try:
        for width in (897, 960, 1024, 1100, 1200, 1280):
            page.set_viewport_size({"width": width, "height": 800})
            assert page.evaluate(TOOLBAR_FIT) == [], width
    finally:
        page.set_viewport_size(VIEWPORTS["desktop"])
