"""No command lost while the solver starts (issue 38): Solve, Hint, Explain and a cell press
given during "Loading the solver" on no link, a shared grid link, a shared Cube link and a
level link are answered for the board they were given on (or for the link's game, which the
stand-in board shown meanwhile stands for), or the message line says why not; Play solution
pressed while New puzzle's board is on its way, and Next level pressed while the solver
restarts, are answered too.

The start is held with the page's ?hold-start test knob (loopback only) and released by
window.lightsOut.releaseStart(): the half minute a slow phone link takes, as long as the test
needs and ended by an event. Before issue 38, Solve, Hint and Explain pressed then on the
Cube or level link came back to "Opened a shared … puzzle." with no marks (the link's own
request superseded the player's command), and the address bar showed a random 5×5's link
until the solver was ready. Every solution shown is checked by Python (verifyShown).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from conftest import CONTEXT_OPTIONS, PageWatch, solver_options, wait_ready
from e2e_helpers import click_cells, marked_cells, status

LINKS = {
    "none": "",
    "grid": "#5x5:3VaXAQ;p=random;m=AAE",  # a New puzzle's 5×5 with two moves played (written by the share op)
    "cube": "#cube:Rf_rKvofAA",  # the Lights Out Cube: Python reads the link (the share op)
    "level": "#classic:AFQAAA;p=level-classic;l=1",  # classic level 1
}
GRAPH_LINKS = {"cube", "level"}  # links Python must read: a stand-in board until the solver is ready


@pytest.fixture(scope="module")
def held_context(browser) -> Iterator[tuple[BrowserContext, PageWatch]]:
    """One context for the module's pages: its Cache Storage keeps the solver's start snapshot
    after the first page, so each later page starts in about a second once released."""
    context = browser.new_context(**CONTEXT_OPTIONS)
    watch = PageWatch()
    watch.attach(context)
    yield context, watch
    context.close()


@pytest.fixture
def open_held(held_context, site_url: str) -> Iterator:
    """open_held(link) → a new page on `link` whose solver start is held (?hold-start); after the
    test nothing may have left 127.0.0.1 and the console must hold no errors."""
    context, watch = held_context
    pages: list[Page] = []
    errors_before = len(watch.errors)

    def open_page(link: str) -> Page:
        page = context.new_page()
        pages.append(page)
        if not link:
            # No link and no game left: the context is shared, and a game kept by an earlier test (a
            # Cube's, read by Python) would come back instead of a board to press (issue 42).
            page.goto(f"{site_url}limits.json")
            page.evaluate("() => localStorage.removeItem('lightsout-game')")
        page.goto(f"{site_url}?hold-start{link}")
        page.wait_for_function("() => window.lightsOut !== undefined")
        expect(status(page)).to_have_attribute("data-state", "loading")
        if link and link.split(":")[0].lstrip("#") in ("cube", "classic"):
            expect(page.locator("#board")).to_have_attribute("data-opening", "")
        return page

    yield open_page
    for page in pages:
        page.close()
    assert watch.outside_requests() == []
    assert watch.errors[errors_before:] == []


def release(page: Page) -> None:
    assert page.evaluate("() => window.lightsOut.releaseStart()") is True
    wait_ready(page)


def message(page: Page):
    return page.locator("#message")


def snapshot(page: Page) -> dict:
    return page.evaluate("() => window.lightsOut.statesSnapshot()")


def marks_total(page: Page) -> int:
    marks = snapshot(page)["marks"]
    return sum(marks) if marks else 0


def expect_link_game(page: Page, link: str) -> None:
    """The link's own game is on the board: the Cube's 54 cells, level 1 with its label, or the grid link's moves."""
    if link == "cube":
        page.wait_for_function("() => window.lightsOut.statesSnapshot().puzzle?.preset === 'cube'")
    elif link == "level":
        expect(page.locator("#level-label-text")).to_contain_text("Level 1 of 50")
        assert snapshot(page)["puzzle"]["preset"] == "classic"
    elif link == "grid":
        assert snapshot(page)["moves"] >= 2


def first_cell_centre(page: Page) -> tuple[float, float]:
    """A grid cell's centre (the stand-in, the grid links and no link draw a DOM grid)."""
    box = page.locator('#board [role="gridcell"][data-row="0"][data-col="0"]').bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def verify_marks_solve(page: Page) -> None:
    verdict = page.evaluate("() => window.lightsOut.verifyShown()")
    assert verdict["solved"] and verdict["presses"] > 0, verdict


@pytest.mark.parametrize("link", list(LINKS))
def test_a_press_then_solve_while_the_solver_starts_are_played_or_said_to_wait_then_solved(open_held, link: str) -> None:
    """A press on the board shown is played (a grid board, read in the page) or said to wait (a
    stand-in for a link Python reads); Solve, pressed next, marks a solution of the board as it
    then is (the pressed board, or the link's game) once the solver is ready."""
    page = open_held(LINKS[link])
    before = snapshot(page)
    page.mouse.click(*first_cell_centre(page))
    if link in GRAPH_LINKS:
        # The stand-in is not the shared puzzle: the press is refused, and said so.
        expect(message(page)).to_have_text("The shared puzzle is still opening.")
        assert snapshot(page)["moves"] == before["moves"] == 0
        assert snapshot(page)["cells"] == before["cells"]
        assert page.evaluate("() => location.hash") == LINKS[link], "the address keeps the link while it opens"
    else:
        assert snapshot(page)["moves"] == before["moves"] + 1, "the press is played on the board shown"
    pressed = snapshot(page)
    page.locator("#solve").click()
    expect(message(page)).to_have_text("Solving…")
    expect(page.locator("#progress")).to_be_hidden()  # nothing runs yet: no Working… and Cancel
    release(page)
    page.wait_for_function("() => window.lightsOut.statesSnapshot().marks?.some((count) => count > 0)")
    expect_link_game(page, link)
    after = snapshot(page)
    if link in GRAPH_LINKS:
        assert after["moves"] == 0
    else:
        assert after["cells"] == pressed["cells"] and after["moves"] == pressed["moves"], "the board pressed stays"
    verify_marks_solve(page)
    expect(message(page)).to_contain_text("marked")


# Hint and Explain on a link Python reads (the Cube, a level), whose stand-in board is shown
# meanwhile; Solve and a press above take every link, a board the page reads too.
@pytest.mark.parametrize("link", ["cube"])
def test_hint_pressed_while_the_solver_starts_marks_a_press_of_the_fewest_solution(open_held, link: str) -> None:
    page = open_held(LINKS[link])
    page.locator("#hint").click()
    release(page)
    page.wait_for_function("() => window.lightsOut.statesSnapshot().marks !== null")
    expect_link_game(page, link)
    assert marks_total(page) == 1
    hinted = snapshot(page)["marks"].index(1)
    page.locator("#solve").click()  # the fewest solution the hint was taken from
    page.wait_for_function("(hinted) => (window.lightsOut.statesSnapshot().marks ?? []).filter(Boolean).length > 1"
                           " && window.lightsOut.statesSnapshot().marks[hinted] === 1", arg=hinted)
    verify_marks_solve(page)


@pytest.mark.parametrize("link", ["level"])
def test_explain_pressed_while_the_solver_starts_explains_the_board(open_held, link: str) -> None:
    page = open_held(LINKS[link])
    page.locator("#explain-toggle").click()
    expect(message(page)).to_have_text("Working out the explanation…")
    release(page)
    expect(page.locator("#explain-nav")).to_be_visible()
    expect(message(page)).to_contain_text("The solution in")
    expect_link_game(page, link)


def test_play_solution_pressed_while_new_puzzles_board_is_on_its_way_plays_the_new_puzzle(ready_page) -> None:
    page = ready_page
    page.locator("#solve").click()
    expect(page.locator("#play-solution")).to_be_visible()
    old = snapshot(page)["cells"]
    # New puzzle asks the solver for its board; Play solution, pressed before it comes, is for that board.
    page.evaluate("() => { document.getElementById('new-puzzle').click(); document.getElementById('play-solution').click(); }")
    # Before issue 38 the old board's marks began to play, New puzzle's board stopped them,
    # and the new puzzle stayed unplayed.
    expect(status(page)).to_have_attribute("data-solved", "1")
    page.wait_for_function("() => window.lightsOut.solverInfo().pending === 0")
    played = snapshot(page)
    assert played["moves"] > 0 and all(value == 0 for value in played["cells"])
    expect(status(page)).to_have_attribute("data-solved", "1")
    assert old != played["cells"]


def test_next_level_pressed_while_the_solver_restarts_opens_level_two(ready_page) -> None:
    page = ready_page
    page.evaluate("(link) => { location.hash = link; }", LINKS["level"])
    expect_link_game(page, "level")
    page.locator("#solve").click()
    page.wait_for_function("() => window.lightsOut.statesSnapshot().marks !== null")
    click_cells(page, marked_cells(page))
    expect(page.locator("#next-puzzle")).to_be_visible()
    # The solver restarts (as after a big board grows its heap: solver-client.js) once it is
    # idle; Next level, pressed while it starts again, opens level 2 when it is ready.
    # Any reply from now on restarts it. The request is not awaited: a reply already on its way
    # (the level's link, asked of Python a moment after the win) may restart the solver first,
    # and the request then waits for the held start (awaiting it hung CI until its 5400 s).
    recycled = page.evaluate("() => window.lightsOut.solverInfo().recycled")
    with solver_options(page, restartAboveBytes=1, holdStart=True):
        page.evaluate("() => { window.lightsOut.request({ op: 'limits' }); }")
        page.wait_for_function("(before) => window.lightsOut.solverInfo().recycled > before", arg=recycled)
        page.evaluate("() => window.lightsOut.solverOptions({ restartAboveBytes: 2 ** 30 })")
        expect(status(page)).to_have_attribute("data-state", "loading")
        page.locator("#next-puzzle").click()
        page.locator("#solve").click()
        expect(message(page)).to_have_text("Solving…")
        release(page)
        expect(page.locator("#level-label-text")).to_contain_text("Level 2 of 50")
        page.wait_for_function("() => window.lightsOut.statesSnapshot().marks !== null")
        verify_marks_solve(page)


def test_solve_given_while_a_bad_link_opens_leaves_the_links_error_said(open_held) -> None:
    """Solve meant for the shared puzzle is not answered for the stand-in when the link turns
    out unreadable: the message line keeps why the link failed, and the board is kept."""
    page = open_held("#cube:AAAA")  # too short for the Cube's 54 lights
    before = snapshot(page)
    page.locator("#solve").click()
    release(page)
    expect(message(page)).to_contain_text("This link cannot be opened")
    page.wait_for_function("() => window.lightsOut.solverInfo().pending === 0")
    expect(message(page)).to_contain_text("This link cannot be opened")
    after = snapshot(page)
    assert after["marks"] is None and after["cells"] == before["cells"] and after["puzzle"] is None


# A worker script that fails as it loads: a start that fails without starting Pyodide.
FAILING_WORKER = "throw new Error('the solver could not start');"


def test_a_link_the_solver_could_not_read_says_so_and_opens_after_retry(held_context, site_url: str) -> None:
    """The solver failing to start is not the link's fault: the message line says the link opens
    once the solver runs again (before issue 38, "This link cannot be opened — column 1 (field
    name): no reason given"), and Retry opens it. The start that fails is a stand-in worker script
    that throws (no Pyodide start; how each file's failure is reported is test_failures.py's)."""
    context, watch = held_context
    page = context.new_page()
    errors_before = len(watch.errors)
    try:
        page.route("**/static/worker.js", lambda route: route.fulfill(body=FAILING_WORKER, content_type="text/javascript"))
        page.idle_solver = True  # a stand-in: it starts no Pyodide (conftest.StartCount)
        page.goto(site_url + LINKS["cube"])
        expect(status(page)).to_have_attribute("data-state", "error")
        expect(message(page)).to_have_text("The shared puzzle opens once the solver runs again.")
        assert page.evaluate("() => location.hash") == LINKS["cube"]
        page.unroute("**/static/worker.js")
        page.idle_solver = False  # the real solver from here on
        page.get_by_role("button", name="Retry", exact=True).click()
        page.wait_for_function("() => window.lightsOut.statesSnapshot().puzzle?.preset === 'cube'")
        expect(message(page)).to_have_text("Opened a shared Lights Out Cube puzzle.")
        assert watch.errors[errors_before:] == []
    finally:
        page.close()
