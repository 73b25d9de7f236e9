"""Issue #13 in the browser: links opened by Back and Forward, the copied link's address,
the test-only query knobs on a host that is not this machine, what the page says after a
parse error without a column (in both languages), and the worker replaced when its wasm heap
grew. What it says after a request deadline is test_failures.py's (the deadline's one stop
of the solver there)."""

from __future__ import annotations

import re

import pytest
from conftest import CHROMIUM_FLAGS, CONTEXT_OPTIONS, chromium_path, solver_options, wait_ready
from e2e_helpers import board, button, link_written, quiet, read_board, status
from playwright.sync_api import Page, expect

GOOD_3X3 = "3x3:AAA;m=BAA"  # moves 4 and 0 on a dark 3×3 board
GOOD_4X4 = "4x4:AAA;m=BQ"  # move 5 on a dark 4×4 board
# Another: a test that opens a link the shared page shows already sees no hashchange (test order).
OTHER_4X4 = "4x4:AAA;m=Bg"  # move 6
BAD_LINKS = [
    ("2x2:AA;h=AQ;m=AA", "column 16 (m=): move 1 presses cell 0, a hole"),  # a move on a hole
    ("2x2:Ag;m=BA", "column 11 (m=): move 1 presses cell 4, outside the 4 cells"),
    ("2x2:Dg;k=3", "column 2 (board): the board has a state outside 0..2"),
    ("3x3:AAB", "column 9 (board): the board sets bits beyond its 9 bits"),  # bad base64url: stray bits
    ("99999x99999:", "column 2 (board size)"),
]


def message(page: Page):
    return status(page).locator(".message")


def cell_count(page: Page) -> int:
    return board(page).get_by_role("gridcell").count()


def shown_game(page: Page) -> tuple:
    """What must not change when a link is refused: the cells, the move count, the hash's game."""
    return (read_board(page), page.locator("#move-count").text_content())


def test_back_and_forward_through_bad_links_keep_the_board_and_say_why(ready_page):
    # The shared page, once nothing an earlier test set off is under way (a link being opened, a
    # request, the game's link still to be written), so nothing answers in the middle of the walk.
    # Back and Forward walk the session history from the first link on; the entries before it are
    # not visited. (The console's errors and outside requests are checked by ready_page.)
    page = ready_page
    quiet(page)
    if link_written(page) == "#" + GOOD_3X3:  # already shown: setting it again would open nothing
        page.evaluate("() => { location.hash = '5x5:AAAAAA'; }")
        expect(message(page)).to_contain_text("Opened a shared 5×5")
        quiet(page)
        link_written(page)
    page.evaluate("document.getElementById('message').textContent = ''")  # what an earlier test left said is not this link's
    page.evaluate("(text) => { location.hash = text; }", GOOD_3X3)
    expect(message(page)).to_contain_text("Opened a shared 3×3 game with 2 moves")
    # Each link is a history entry, as when a reader follows or types them one after another.
    for text, _ in BAD_LINKS:
        page.evaluate("(text) => { location.hash = text; }", text)
        expect(message(page)).to_contain_text("This link cannot be opened")
    page.evaluate("(text) => { location.hash = text; }", GOOD_4X4)
    expect(message(page)).to_contain_text("Opened a shared 4×4 game with 1 move")
    opened = shown_game(page)
    assert len(opened[0]) == 4
    # Back through every bad link: each is reported, and the 4×4 game stays as it was.
    for text, where in reversed(BAD_LINKS):
        page.go_back()
        expect(message(page)).to_contain_text(where)
        assert page.evaluate("decodeURIComponent(location.hash)") == "#" + text
        assert shown_game(page) == opened, text
        expect(status(page)).to_have_attribute("data-state", "ready")
    # Back to the first link: it opens again, whole.
    page.go_back()
    expect(message(page)).to_contain_text("Opened a shared 3×3 game with 2 moves")
    expect(page.locator("#board-error")).to_have_text("")
    expect(status(page)).not_to_have_attribute("data-tone", "error")
    assert cell_count(page) == 9
    button(page, "Undo").click()
    button(page, "Undo").click()
    assert read_board(page) == [[False] * 3] * 3
    # Forward onto a bad link again: the 3×3 game stays.
    three = shown_game(page)
    page.go_forward()
    expect(message(page)).to_contain_text(BAD_LINKS[0][1])
    assert shown_game(page) == three


def test_copy_link_drops_the_query(ready_page, site_url):
    # The shared page's address is given a query in place (Copy link reads the address
    # when pressed); the game is opened by the hash as a link would open it.
    page = ready_page
    page.evaluate("(query) => history.replaceState(null, '', query)", "?search-budget=400&request-timeout=60000")
    page.evaluate("(text) => { location.hash = text; }", GOOD_4X4)
    expect(message(page)).to_contain_text("Opened a shared 4×4 game")
    assert page.url == site_url + "?search-budget=400&request-timeout=60000#" + GOOD_4X4
    page.evaluate("() => { window.__writeText = navigator.clipboard.writeText; "
                           "navigator.clipboard.writeText = async (text) => { window.__copied = text; }; }")
    try:
        button(page, "Copy link").click()
        expect(message(page)).to_contain_text("Copied")
        copied = page.evaluate("window.__copied")
    finally:
        page.evaluate("() => { navigator.clipboard.writeText = window.__writeText; history.replaceState(null, '', location.pathname + location.hash); }")
    assert copied == site_url + "#" + GOOD_4X4
    assert "?" not in copied


@pytest.fixture
def named_host_browser(playwright):
    """Chromium resolving lights.test to 127.0.0.1: the site as a deployed copy would be."""
    browser = playwright.chromium.launch(
        executable_path=chromium_path(), args=[*CHROMIUM_FLAGS, "--host-resolver-rules=MAP lights.test 127.0.0.1"])
    yield browser
    browser.close()


def test_test_knobs_are_ignored_on_a_host_that_is_not_this_machine(named_host_browser, site_url):
    page = named_host_browser.new_context(**CONTEXT_OPTIONS).new_page()
    shared = site_url.replace("127.0.0.1", "lights.test") + "?load-timeout=1&request-timeout=1#" + GOOD_3X3
    page.goto(shared)
    wait_ready(page)  # with load-timeout=1 honoured, the start would fail after 1 ms
    expect(message(page)).to_contain_text("Opened a shared 3×3 game")
    button(page, "Solve").click()  # and with request-timeout=1, every request would fail
    expect(message(page)).to_contain_text("Press the")
    expect(status(page)).to_have_attribute("data-state", "ready")
    # Nor can the script hook that sets them on a running page (the browser tests' way).
    refused = page.evaluate("""() => { try { window.lightsOut.solverOptions({ requestTimeoutMs: 1 }); return "changed"; }
                                       catch (error) { return error.message; } }""")
    assert refused == "the solver's options change only on this machine"
    assert page.evaluate("typeof window.lightsOut.solverOptions") == "function"  # it exists; its use is refused


def test_a_parse_error_names_its_line_and_column_in_either_language(ready_page):
    page = ready_page
    alert = page.get_by_role("alert")
    box = page.locator("#board-text")
    box.fill("10000\n#.")
    button(page, "Load").click()
    # Rows missing: the message names the size line that asks for them, a line the box has (issue #41;
    # issue #13: "column undefined" before that).
    expect(alert).to_have_text("Line 1, column 1: the size line says 10,000 rows, but there are 1.")
    page.locator('[data-language="zh"]').click()
    box.fill("10000\n#.\n")
    page.locator("#load").click()
    expect(alert).to_have_text("第 1 行，第 1 列：第一行说有 10,000 行，实际有 1 行。")  # no English inside (issue #14)
    box.fill("#.\n#")
    page.locator("#load").click()
    expect(alert).to_have_text(re.compile(r"^第 2 行，第 2 列："))
    assert "undefined" not in alert.text_content()
    page.locator('[data-language="en"]').click()


def test_a_worker_whose_heap_grew_is_replaced_when_idle_and_the_board_stays(ready_page):
    page = ready_page
    # As ?restart-above=40 (MB); a fresh worker's heap is 30 MB, 43–52 MB after the format below
    # (how much it grows depends on what the start left in the heap).
    with solver_options(page, restartAboveBytes=RESTART_ABOVE):
        heap_grows_and_worker_is_replaced(page)


RESTART_ABOVE = 40 * 2**20


def heap_grows_and_worker_is_replaced(page: Page) -> None:
    page.evaluate("(text) => { location.hash = text; }", OTHER_4X4)
    expect(message(page)).to_contain_text("Opened a shared 4×4 game")
    # The shared worker may have grown in earlier tests: a first request under the new limit
    # replaces it if so, and the test goes on from a fresh worker, as on a page opened so.
    # The replacement is a task after the reply: by the time the test asks, it may have begun
    # (the heap is then unknown, null, until the new worker's first reply).
    recycled = page.evaluate("window.lightsOut.solverInfo().recycled")
    page.evaluate("window.lightsOut.request({ op: 'limits' })")
    heap = page.evaluate("window.lightsOut.solverInfo().heapBytes")
    if heap is None or heap > RESTART_ABOVE:
        page.wait_for_function("(recycled) => window.lightsOut.solverInfo().recycled > recycled", arg=recycled)
        wait_ready(page)
    recycled = page.evaluate("window.lightsOut.solverInfo().recycled")
    baseline = page.evaluate("window.lightsOut.debug('memory')")["wasmBytes"]
    before = shown_game(page)
    # Writing a 2048×2048 board (max_format_cells) as text grows the heap past the threshold.
    length = page.evaluate("""async () => {
      const n = 2048, characters = Math.ceil(Math.ceil(n * n / 8) * 8 / 6);
      const reply = await window.lightsOut.request(
        { op: "format", board: `${n}x${n}:` + "A".repeat(characters), like: null, solution: false, k: 2 });
      return reply.text.length;
    }""")
    assert length == 2048 * 2049 - 1
    page.wait_for_function("(recycled) => window.lightsOut.solverInfo().recycled === recycled + 1", arg=recycled)
    wait_ready(page)
    after = page.evaluate("window.lightsOut.debug('memory')")["wasmBytes"]
    print(f"\nwasm heap: {baseline / 2**20:.0f} MB at start, back to {after / 2**20:.0f} MB after the replacement")
    assert after <= baseline * 1.2
    assert shown_game(page) == before
    button(page, "Solve").click()
    expect(message(page)).to_contain_text("Press the")
    assert page.evaluate("window.lightsOut.solverInfo().recycled") == recycled + 1
