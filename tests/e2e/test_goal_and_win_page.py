"""One story told the same way everywhere (issue 50, point 6), on the shared pages:

- the message line and the win banner say the same thing of a win: a player's own press ("Solved
  in 2 moves!" / "Solved!"), a win after Hint or after Solve's marks were pressed ("with help"),
  and Play solution's ("Solved by Play solution" in both: the line said "Solved in 500,282 moves!");
- Undo of a press off the marked route says what it undid (the line went blank);
- the solver getting ready is said in a player's words, never "Python";
- a goal that is not plain — Merlin's, the outer ring lit — is drawn under the board (it was only
  words), a game drawn from coordinates (the Cube) as its cells' places, and nothing around the
  board area moves.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from conftest import CONTEXT_OPTIONS, without_solver
from e2e_helpers import reveal_fewest, set_language, status

# How each way of winning is named, by the banner and by the message line alike.
HELP_WORDS = {"en": {"helped": "with help", "played": "by Play solution"}, "zh": {"helped": "在帮助下", "played": "演示解法"}}
SAID = {
    "en": {"player": ("Solved!", "Solved in 2 moves!"), "helped": ("Solved, with help", "Solved, with help, in 2 moves."),
           "played": ("Solved by Play solution", "Solved by Play solution, in 2 moves.")},
    "zh": {"player": ("解开了！", "用 2 步解开了！"), "helped": ("在帮助下解开", "在帮助下用 2 步解开。"),
           "played": ("由“演示解法”解开", "由“演示解法”用 2 步解开。")},
}
MERLIN_GOAL = ["1", "1", "1", "1", "0", "1", "1", "1", "1"]


def cell(page: Page, row: int, col: int):
    return page.locator(f'#board .cell[data-row="{row}"][data-col="{col}"]')


def one_press_from_goal(page: Page) -> None:
    """A dark 5×5 game, then its middle pressed: one press (the same) takes it back to the goal."""
    page.evaluate("() => { location.hash = ''; location.hash = '5x5:AAAAAA'; }")
    page.wait_for_function("() => { const game = window.lightsOut.statesSnapshot();"
                           " return game.rows === 5 && game.cells.every((state) => state === 0) && game.moves === 0; }")
    cell(page, 2, 2).click()
    expect(page.locator("#win")).to_be_hidden()


def marked(page: Page) -> list[tuple[int, int]]:
    marks = page.evaluate("window.lightsOut.statesSnapshot().marks") or []
    return [divmod(index, 5) for index, count in enumerate(marks) for _ in range(count)]


def win_by(page: Page, way: str) -> None:
    one_press_from_goal(page)
    if way == "player":
        cell(page, 2, 2).click()
    elif way == "hint":
        page.locator("#hint").click()
        expect(page.locator("#board [data-press]")).to_have_count(1)
        cell(page, *marked(page)[0]).click()
    elif way == "solve":
        page.locator("#solve").click()
        expect(page.locator("#board [data-press]").first).to_be_attached()
        for row, col in marked(page):
            cell(page, row, col).click()
    else:
        page.locator("#solve").click()
        expect(page.locator("#play-solution")).to_be_visible()
        page.locator("#play-solution").click()
    expect(page.locator("#win")).to_be_visible()


@pytest.fixture
def desktop(ready_page: Page) -> Iterator[Page]:
    page = ready_page
    page.set_viewport_size({"width": 1280, "height": 800})
    yield page
    set_language(page, "en")
    page.set_viewport_size(CONTEXT_OPTIONS["viewport"])


@pytest.mark.parametrize("language", ["en", "zh"])
def test_the_message_and_the_banner_say_the_same_of_a_win(desktop: Page, language: str) -> None:
    page = desktop
    set_language(page, language)
    message = status(page).locator(".message")
    for way, by in (("player", "player"), ("hint", "helped"), ("solve", "helped"), ("play", "played")):
        win_by(page, way)
        expect(page.locator("#win")).to_have_attribute("data-by", by)
        title, said = SAID[language][by]
        expect(page.locator("#win-title")).to_have_text(title)
        expect(message).to_have_text(said)
        for words in HELP_WORDS[language].values():  # each way's name in both, or in neither
            assert (words in page.locator("#win-title").text_content()) == (words in message.text_content()), (way, words)
        expect(page.locator("#win-detail")).to_have_text("2 步" if language == "zh" else "2 moves")


def test_undo_of_a_press_off_the_route_says_what_it_did(desktop: Page) -> None:
    page = desktop
    one_press_from_goal(page)
    page.locator("#solve").click()
    expect(page.locator("#board [data-press]").first).to_be_attached()
    before = page.evaluate("window.lightsOut.statesSnapshot().marks")
    off = next(index for index, count in enumerate(before) if not count)
    row, col = divmod(off, 5)
    cell(page, row, col).click()
    message = status(page).locator(".message")
    expect(message).to_have_text("Off the route: the marks now include that light.")
    page.locator("#undo").click()
    expect(message).to_have_text(f"Undid the press at row {row + 1}, column {col + 1}; the marks are back on route.")
    assert page.evaluate("window.lightsOut.statesSnapshot().marks") == before
    set_language(page, "zh")  # said again in 中文 on the switch
    expect(message).to_have_text(f"撤销了第 {row + 1} 行第 {col + 1} 列的按键；标记回到了原来的路线。")


@pytest.mark.parametrize(("locale", "words"), [("en-GB", "Getting the solver ready…"), ("zh-CN", "正在准备求解器…")])
def test_the_solver_getting_ready_is_said_without_python(browser: Browser, site_url: str, locale: str, words: str) -> None:
    """The first paint said "Loading Python…" (正在加载 Python…) while the solver started. A page
    whose solver never starts (an idle worker: no Pyodide) shows what it says meanwhile."""
    context = browser.new_context(**CONTEXT_OPTIONS, locale=locale)
    try:
        without_solver(context)
        page = context.new_page()
        page.goto(site_url)
        expect(page.locator("#solver-status")).to_have_text(words)
        assert "python" not in page.evaluate("document.body.innerText").lower()
        assert "python" not in (page.locator("#solver-status").get_attribute("title") or "").lower()
    finally:
        context.close()


def test_merlins_goal_is_drawn_under_the_board(desktop: Page) -> None:
    page = desktop
    picture = page.locator("#goal-picture")
    expect(picture).to_be_hidden()  # all off: the tagline says it
    stage = page.locator(".board-stage").bounding_box()
    page.evaluate("document.getElementById('games').open = true")
    page.locator("#game-select").select_option("merlin")
    page.wait_for_function("window.lightsOut.statesSnapshot().puzzle?.preset === 'merlin'")
    expect(picture).to_be_visible()
    cells = picture.locator(".goal-grid span")
    expect(cells).to_have_count(9)
    assert cells.evaluate_all("(spans) => spans.map((span) => span.dataset.goal)") == MERLIN_GOAL
    assert cells.evaluate_all("(spans) => spans.map((span) => span.classList.contains('lit') ? '1' : '0')") == MERLIN_GOAL
    expect(picture.locator("figcaption")).to_have_text("Goal")
    expect(picture.locator("[role=img]")).to_have_attribute(
        "aria-label", "The goal, row by row: row 1: on, on, on; row 2: on, off, on; row 3: on, on, on.")
    # In the board area, under the board, over nothing; the area itself did not move.
    assert page.locator(".board-stage").bounding_box() == stage
    board, drawn = page.locator("#board").bounding_box(), picture.bounding_box()
    assert drawn["y"] >= board["y"] + board["height"] - 0.5, (board, drawn)
    assert drawn["y"] + drawn["height"] <= stage["y"] + stage["height"] + 0.5, (drawn, stage)
    set_language(page, "zh")
    expect(picture.locator("figcaption")).to_have_text("目标")
    expect(picture.locator("[role=img]")).to_have_attribute("aria-label", "目标图案，逐行：第 1 行：亮、亮、亮；第 2 行：亮、灭、亮；第 3 行：亮、亮、亮。")
    set_language(page, "en")
    # A game drawn from coordinates: the Cube with a link's goal (one light on, F5), as its cells' places.
    page.evaluate("() => { location.hash = 'cube:CwAAAAAAAA;g=ABAAAAAAAA'; }")
    page.wait_for_function("window.lightsOut.statesSnapshot().puzzle?.preset === 'cube'")
    expect(picture.locator(".goal-points circle")).to_have_count(54)
    goal = page.evaluate("window.lightsOut.statesSnapshot().target")
    lit = picture.locator(".goal-points circle.lit")
    expect(lit).to_have_count(sum(goal))
    assert page.locator(".board-stage").bounding_box() == stage
    # Back to a plain goal: the picture goes.
    page.evaluate("() => { location.hash = '5x5:AAAAAA'; }")
    expect(picture).to_be_hidden()


def test_merlins_goal_on_a_phone_is_in_view_beside_nothing_it_covers(phone_page: Page) -> None:
    page = phone_page
    page.evaluate("() => { document.getElementById('games').open = true; }")
    page.locator("#game-select").select_option("merlin")
    page.wait_for_function("window.lightsOut.statesSnapshot().puzzle?.preset === 'merlin'")
    page.evaluate("window.scrollTo(0, 0)")
    picture = page.locator("#goal-picture")
    expect(picture).to_be_in_viewport()
    board, drawn, toolbar = (page.locator(selector).bounding_box() for selector in ("#board", "#goal-picture", "#toolbar"))
    assert board["y"] + board["height"] <= drawn["y"] + 0.5 and drawn["y"] + drawn["height"] <= toolbar["y"], (board, drawn, toolbar)
    assert toolbar["y"] + toolbar["height"] <= 667, toolbar
    # Merlin is a timed puzzle: Play solution's win says so, its time and that it is no best result,
    # whole on the phone's two lines (it ran to "…(The solver helped, so this is not …").
    message = status(page).locator(".message")
    for language in ("en", "zh"):
        set_language(page, language)
        page.locator("#new-puzzle").click()
        expect(page.locator("#win")).to_be_hidden()
        reveal_fewest(page)  # the fewest count, hidden until the win, on the player's asking
        expect(page.locator("#minimum")).not_to_be_empty()
        page.locator("#solve").click()
        expect(page.locator("#play-solution")).to_be_visible()
        page.locator("#play-solution").click()
        expect(page.locator("#win")).to_have_attribute("data-by", "played")
        expect(message).to_contain_text("（不计入最佳成绩。）" if language == "zh" else "(Not a best result.)")
        expect(message).to_contain_text("由“演示解法”用" if language == "zh" else "Solved by Play solution, in")
        fits = message.evaluate("(line) => line.scrollHeight <= line.clientHeight")
        assert fits, message.text_content()
    set_language(page, "en")
