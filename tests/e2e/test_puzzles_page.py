"""Puzzles: exactly N presses, the puzzle of the day (seeded by the UTC date), presets,
moves against the proven minimum, the timer and best results in localStorage."""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path

from conftest import open_sections
from e2e_helpers import button, click_cells, new_puzzle_of, read_board, reveal_fewest, solve_and_press_marks, status
from playwright.sync_api import expect

from lightsout import api

DATA = Path(__file__).resolve().parents[1] / "data"


def fewest_presses(cells: list[list[int]]) -> int:
    text = "\n".join("".join("#" if v else "." for v in row) for row in cells)
    board = json.loads(api.handle(json.dumps({"op": "parse", "text": text, "format": "grid"})))["board"]
    reply = json.loads(api.handle(json.dumps({"op": "solve", "board": board, "target": "off", "minimal": True})))
    assert reply["minimal"]
    return reply["presses"]


def fewest_solution(cells: list[list[int]]) -> list[tuple[int, int]]:
    text = "\n".join("".join("#" if v else "." for v in row) for row in cells)
    board = json.loads(api.handle(json.dumps({"op": "parse", "text": text, "format": "grid"})))["board"]
    reply = json.loads(api.handle(json.dumps({"op": "solve", "board": board, "target": "off", "minimal": True})))
    marks = board_cells(reply["solution"])
    return [(r, c) for r, row in enumerate(marks) for c, v in enumerate(row) if v]


def test_a_puzzle_with_exactly_n_presses(ready_page):
    page = ready_page
    page.get_by_role("radio", name="All off").check()
    try:
        new_puzzle_of(page, 4, 5, presses=3)
        expect(status(page)).to_contain_text("exactly 3 presses")
        assert fewest_presses(read_board(page)) == 3
        expect(page.locator("#minimum")).to_have_text("")  # hidden until the win, or asked for
        reveal_fewest(page)
        expect(page.locator("#minimum")).to_have_text("(best possible: 3)")
        expect(page.locator("#move-count")).to_have_text("Moves: 0")
    finally:
        page.get_by_label("Presses").fill("")


def test_puzzle_of_the_day_is_the_seeded_board(ready_page):
    page = ready_page
    page.get_by_role("radio", name="All off").check()
    seed = int(datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%d"))
    page.locator("#daily-card").click()
    expect(status(page)).to_contain_text("Puzzle of the day")
    reply = json.loads(api.handle(json.dumps({"op": "random", "rows": 5, "cols": 5, "lit": None, "seed": seed})))
    assert read_board(page) == board_cells(reply["board"])
    reveal_fewest(page)
    expect(page.locator("#minimum")).to_contain_text("best possible")


def board_cells(game_id: str) -> list[list[int]]:
    text = json.loads(api.handle(json.dumps({"op": "format", "board": game_id, "like": None, "format": "grid",
                                              "solution": False})))["text"]
    return [[1 if ch in "#1" else 0 for ch in line] for line in text.split() if line]


def test_tv_show_preset_minimum_timer_and_best_result(ready_page):
    page = ready_page
    page.get_by_role("radio", name="All off").check()
    page.evaluate("localStorage.removeItem('lightsout-records')")
    button(page, "TV show 8×8").click()
    expected = [[1 if ch == "#" else 0 for ch in line] for line in (DATA / "tv-show-8x8.txt").read_text().split()]
    assert read_board(page) == expected
    reveal_fewest(page)
    expect(page.locator("#minimum")).to_have_text(f"(best possible: {fewest_presses(expected)})")
    expect(page.locator("#timer")).to_have_text("Time: 0:00")
    expect(page.locator("#best-result")).to_be_hidden()
    presses = fewest_solution(expected)
    click_cells(page, presses)
    expect(status(page)).to_have_attribute("data-solved", "1")
    expect(status(page)).to_contain_text(f"Solved in {len(presses)} moves and 0:")
    expect(status(page)).to_contain_text("A new best!")
    best = page.evaluate("JSON.parse(localStorage.getItem('lightsout-records')).best")
    assert best["sample tv:8x8"]["moves"] == len(presses)
    expect(page.locator("#best-result")).to_have_text(re.compile(rf"^Best for TV show 8×8: {len(presses)} moves, 0:\d\d\.$"))
    # Loading the preset again shows the record; the small samples (LibreOJ's examples) load as boards.
    button(page, "TV show 8×8").click()
    expect(page.locator("#best-result")).to_be_visible()
    # With the solver's help the result is not recorded.
    solve_and_press_marks(page)
    expect(status(page).locator(".message")).to_have_text(re.compile(r"^Solved, with help, in \d+ moves and 0:\d\d\. \(Not a best result\.\)$"))
    assert page.evaluate("JSON.parse(localStorage.getItem('lightsout-records')).best") == best
    button(page, "Small 3×3").click()
    assert read_board(page) == [[1, 0, 1], [0, 0, 0], [1, 0, 1]]
    button(page, "Classic 5×5").click()
    assert read_board(page)[0] == [1, 0, 1, 0, 1]


def test_the_board_asked_for_last_wins_over_an_earlier_queued_one(fresh_page, site_url):
    """New puzzle with Lit cells waits for the worker; one without is made at once: when the
    worker answers the first later, its board must not replace the one asked for last."""
    page, watch = fresh_page
    held = []  # the Python zip's request, held so the solver stays loading
    page.context.route(re.compile(r".*/python_stdlib\.zip(\.br)?$"), lambda route: held.append(route))
    with page.expect_request(re.compile(r".*/python_stdlib\.zip(\.br)?$")):
        page.goto(site_url)
        expect(page.get_by_role("grid", name="Board")).to_be_visible()
        open_sections(page)
        page.get_by_label("Lit cells").fill("7")
        button(page, "New puzzle").click()  # queued until the solver is ready
        page.get_by_label("Lit cells").fill("")
        button(page, "New puzzle").click()  # made in the page at once
        expect(status(page)).to_contain_text("New 5×5 puzzle")
    shown = read_board(page)  # a round trip: the route's handler has run by its end
    assert held, "the Python zip was asked for but not held"
    assert page.evaluate("window.lightsOut.solverInfo().pending") == 1  # the first New puzzle's request waits
    held[0].continue_()
    expect(status(page)).to_have_attribute("data-state", "ready", timeout=60_000)
    page.wait_for_function("window.lightsOut.solverInfo().pending === 0")  # the queued reply has arrived
    assert read_board(page) == shown
    assert watch.outside_requests() == []


# Difficulty by name (issue 50): each a size and a range of fewest presses, proven here by CPython.
DIFFICULTIES = {"Easy": (5, (3, 5)), "Medium": (5, (6, 9)), "Hard": (6, (11, 16))}


def test_a_difficulty_deals_its_size_and_a_fewest_count_of_its_range_hidden_until_asked(ready_page):
    page = ready_page
    page.get_by_role("radio", name="All on").check()  # a difficulty is the classic game's: every light off
    for name, (side, (low, high)) in DIFFICULTIES.items():
        choice = page.get_by_role("group", name="Difficulty").get_by_role("button", name=name, exact=True)
        for deal in (lambda: choice.click(), lambda: button(page, "New puzzle").click()):  # New puzzle deals the same again
            before = page.evaluate("window.lightsOut.statesSnapshot().cells")
            deal()
            expect(status(page).locator(".message")).to_have_text(re.compile(rf"^New puzzle: {name}, {side}×{side}\."))
            page.wait_for_function("(before) => window.lightsOut.statesSnapshot().cells.join() !== before.join()", arg=before)
            expect(choice).to_have_attribute("aria-pressed", "true")
            expect(page.get_by_role("radio", name="All off")).to_be_checked()
            cells = read_board(page)
            assert (len(cells), len(cells[0])) == (side, side)
            fewest = fewest_presses(cells)
            assert low <= fewest <= high, (name, fewest)
            expect(page.locator("#minimum")).to_have_text("")  # hidden: the player asks, or wins
            reveal_fewest(page)
            expect(page.locator("#minimum")).to_have_text(f"(best possible: {fewest})")
    # The last deal played to its end with its fewest presses: the count shows once won.
    button(page, "New puzzle").click()
    expect(page.locator("#show-fewest")).to_be_visible()
    presses = fewest_solution(read_board(page))
    click_cells(page, presses)
    expect(status(page)).to_contain_text(f"Solved in {len(presses)} moves and 0:")
    expect(page.locator("#minimum")).to_have_text(f"(best possible: {len(presses)})")
    expect(page.locator("#best-result")).to_have_text(re.compile(rf"^Best for Hard: {len(presses)} moves, 0:\d\d\.$"))
    # Scored as a level is: the moves against the fewest, and three stars for a win of one's own.
    expect(page.locator("#win-detail")).to_have_text(f"{len(presses)} moves · best possible {len(presses)} · The fewest possible!")
    expect(page.locator("#win-score")).to_have_text("★★★")


def test_every_new_game_starts_from_zero_and_names_its_own_best(ready_page):
    page = ready_page
    page.get_by_role("radio", name="All off").check()
    button(page, "TV show 8×8").click()
    click_cells(page, [(0, 0)])
    expect(page.locator("#timer")).to_be_visible()
    page.wait_for_function("document.getElementById('timer').textContent !== 'Time: 0:00'")  # a second played
    # A pasted board is no puzzle: no time, no best of another's, moves from zero.
    box = page.get_by_role("textbox", name="Board")
    box.fill("#.#\n...\n#.#\n")
    button(page, "Load").click()
    expect(status(page)).to_contain_text("Loaded")
    expect(page.locator("#timer")).to_be_hidden()
    expect(page.locator("#move-count")).to_have_text("Moves: 0")
    expect(page.locator("#best-result")).to_be_hidden()
    # A difficulty after it: its own clock from zero, and no other puzzle's best.
    page.get_by_role("button", name="Easy", exact=True).click()
    expect(status(page).locator(".message")).to_have_text("New puzzle: Easy, 5×5.")
    expect(page.locator("#timer")).to_have_text("Time: 0:00")
    expect(page.locator("#best-result")).to_be_hidden()  # no Easy puzzle won here yet: no best to name


def test_todays_puzzle_won_counts_down_to_the_next(ready_page):
    page = ready_page
    card = page.locator("#daily-card")
    # Day #1 is 2026-11-28, counted in the page's local calendar (static/session/daily.js).
    day = page.evaluate("(() => { const d = new Date(); "
                        "return Math.round((Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) - Date.UTC(2026, 10, 28)) / 864e5) + 1; })()")
    expect(page.locator("#daily-card-name")).to_have_text(f"Puzzle of the day #{day}")
    card.click()
    expect(status(page)).to_contain_text("Puzzle of the day")
    expect(card).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#daily-card-state")).to_have_text("Playing")
    click_cells(page, fewest_solution(read_board(page)))
    expect(status(page)).to_have_attribute("data-solved", "1")
    expect(card).to_have_attribute("data-state", "won")
    state = page.locator("#daily-card-state")
    expect(state).to_have_text(re.compile(r"^Solved ✓ · next in \d{1,2}:\d\d:\d\d$"))
    first = state.text_content()
    page.wait_for_function("(first) => document.getElementById('daily-card-state').textContent !== first", arg=first)  # it ticks
    # The time it says is the time to the page's local midnight (within the second it ticks).
    left = page.evaluate("""() => {
      const [h, m, s] = document.getElementById('daily-card-state').textContent.match(/(\\d+):(\\d\\d):(\\d\\d)$/).slice(1).map(Number);
      const now = new Date();
      const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
      return (midnight - now) / 1000 - (h * 3600 + m * 60 + s);
    }""")
    assert -2 <= left <= 1, left
    # Another puzzle: the card still says today's is solved, and offers it again.
    page.get_by_role("button", name="Easy", exact=True).click()
    expect(card).to_have_attribute("aria-pressed", "false")
    expect(card).to_have_attribute("data-state", "won")
