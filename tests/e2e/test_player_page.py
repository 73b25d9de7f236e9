"""The player's page, round three (issue 41, points 3, 4 and 6), in English and 中文:

- plain first words: Puzzles, the paste help, Analysis and Explain say nothing of rank,
  nullity, LOJ, POJ, M·f, GF(2) … as they first open, and the mathematics is one click further;
- the phone: a level's label says "fewest possible", a tapped cell does not stay lit up,
  Explain is a word beside Help, not a bare "?"; the Orbix drawn flat starts under its
  3D / Flat switch; 中文 writes a cell's name against the words around it;
- one column: the solution row lines up with the toolbar's edges, the moves line centres on
  the board, a Hint offers no Play solution, and nothing is wider than a 375 px phone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from conftest import CONTEXT_OPTIONS
from e2e_helpers import reveal_fewest, set_language, restore_classic_game, shots_dir, status

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"viewport": {"width": 375, "height": 667}, "has_touch": True, "is_mobile": True}

# Words a player does not know, as the issue found them on the page (and their kin).
TERMS = {
    "en": re.compile(r"\brank\b|\bnullity\b|\bLOJ\b|LibreOJ|\bPOJ\b|M·f|A·x|GF\(2\)|Z/\d|Z/kZ|\bkernel\b|\bbasis\b"
                     r"|\bmatrix\b|\bequations\b|\bunknowns\b|column space|elimination|\bpivot", re.I),
    "zh": re.compile(r"秩|零化度|零度|LOJ|LibreOJ|POJ|M·f|A·x|GF\(2\)|Z/\d|矩阵|方程|未知数|消元|主元|列空间|零空间|一组基|基图案"),
}
# The mathematics, still there one click further.
MATHS = {"en": re.compile(r"\brank\b"), "zh": re.compile("秩")}
# A cell's name set apart from the Han characters around it ("按了 第 2 行第 1 列").
SPACED_CELL = re.compile(r"[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef] 第 \d+ 行|第 \d+ 列 [\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]")


def seen_text(page: Page, selector: str) -> str:
    """What a reader sees of an element: its rendered text (a closed <details> shows its summary only)."""
    return page.locator(selector).evaluate("(element) => element.innerText")


def rect(page: Page, selector: str) -> dict:
    box = page.locator(selector).bounding_box()
    assert box, selector
    return box


@pytest.fixture
def desktop(ready_page: Page) -> Iterator[Page]:
    """The shared page at 1280×800, every section closed as a visitor finds them; put back after."""
    page = ready_page
    page.set_viewport_size(DESKTOP)
    page.evaluate("() => { for (const section of document.querySelectorAll('details')) section.open = false; }")
    yield page
    if page.locator("#explain-nav").is_visible():
        page.locator("#explain-done").click()
    set_language(page, "en")
    page.set_viewport_size(CONTEXT_OPTIONS["viewport"])
    page.evaluate("() => { for (const section of document.querySelectorAll('details.section:not(#analysis)')) section.open = true; }")
    page.locator("#analysis").evaluate("(section) => { section.open = false; }")
    restore_classic_game(page)


@pytest.fixture
def phone(phone_page: Page) -> Iterator[Page]:
    """The shared touch phone (375×667), every section closed as a visitor finds them."""
    phone_page.evaluate("() => { for (const section of document.querySelectorAll('details')) section.open = false; }")
    yield phone_page
    set_language(phone_page, "en")


def open_section(page: Page, section: str) -> str:
    page.locator(f"#{section}").evaluate("(section) => { section.open = true; }")
    return seen_text(page, f"#{section}")


@pytest.mark.parametrize("language", ["en", "zh"])
def test_panels_first_words_are_a_players_and_the_mathematics_is_one_click_further(desktop: Page, language: str) -> None:
    page = desktop
    set_language(page, language)
    terms = TERMS[language]
    page.evaluate("location.hash = '5x5:M5GpAQ'")  # a solvable 5×5 (4 solutions: rank 23, nullity 2)
    page.wait_for_function("() => window.lightsOut.statesSnapshot().cells.some((state) => state)")

    seen = {name: open_section(page, name) for name in ("section-puzzles", "section-text")}
    page.locator("#analysis").evaluate("(section) => { section.open = true; }")
    expect(page.locator("#analysis-facts")).to_be_visible()
    expect(page.locator("#analysis-solutions")).to_have_text("4")
    seen["analysis"] = seen_text(page, "#analysis")

    page.locator("#explain-toggle").click()
    expect(page.locator("#explain-nav")).to_be_visible()
    expect(page.locator("#explain-story")).not_to_be_empty()
    seen["explain at its start"] = seen_text(page, "#explain-details")
    # Walk the first chase to where the story reaches the first row, checking the message line's cell names.
    next_step = page.locator("#next-step")
    while page.locator("#explain-nav").get_attribute("data-phase") == "chase":
        index = page.locator("#explain-nav").get_attribute("data-index")
        next_step.click()
        expect(page.locator("#explain-nav")).not_to_have_attribute("data-index", index)
        said = status(page).locator(".message").text_content()
        assert not SPACED_CELL.search(said), said
    expect(page.locator("#explain-story")).to_contain_text("第一行" if language == "zh" else "first-row")
    seen["explain at the first row"] = seen_text(page, "#explain-details")
    page.screenshot(path=str(shots_dir("player") / f"panels-{language}.png"))

    for name, text in seen.items():
        assert not terms.search(text), (name, terms.search(text).group(0), text)

    # The mathematics is one click further, in both panels.
    for maths in ("#analysis-maths", "#explain-maths"):
        page.locator(f"{maths} > summary").click()
        assert MATHS[language].search(seen_text(page, maths)), maths
    assert "M·f" in seen_text(page, "#explain-maths")
    page.locator("#paste-formats > summary").click()
    assert "POJ 1222" in seen_text(page, "#paste-formats")
    for maths in ("#analysis-maths", "#explain-maths", "#paste-formats"):
        page.locator(maths).evaluate("(details) => { details.open = false; }")
    page.locator("#explain-done").click()


@pytest.mark.parametrize("language", ["en", "zh"])
def test_phone_words_taps_and_the_orbix_switch(phone: Page, language: str) -> None:
    page = phone
    set_language(page, language)
    page.evaluate("location.hash = '5x5:M5GpAQ'")
    page.wait_for_function("() => window.lightsOut.statesSnapshot().cells.some((state) => state)")
    page.evaluate("() => window.scrollTo(0, 0)")

    # Explain has a word on the toolbar, not a bare "?" beside Help.
    explain = page.locator("#explain-toggle")
    shown = explain.locator(".tool-icon")  # what the phone shows; the label stays for screen readers
    expect(shown).to_be_visible()
    expect(shown).to_have_text("怎么解" if language == "zh" else "How?")
    expect(explain).to_have_accessible_name("怎么解" if language == "zh" else "Show how")

    # A tapped cell does not stay lit up once the tap is over (a touch screen's :hover sticks).
    tapped = page.locator('#board [role="gridcell"][data-row="2"][data-col="2"]')
    tapped_box = tapped.bounding_box()
    page.touchscreen.tap(tapped_box["x"] + tapped_box["width"] / 2, tapped_box["y"] + tapped_box["height"] / 2)
    page.wait_for_function("() => window.lightsOut.statesSnapshot().moves === 1")
    assert tapped.evaluate("(cell) => getComputedStyle(cell).filter") == "none"

    # A level's label, once the player asks, says the fewest possible (not "best", read as the player's own).
    page.locator("#levels-open").click()
    expect(page.locator("#level-set")).to_be_enabled()
    page.locator("#level-set").select_option("classic")
    page.locator('#level-list button[data-level="1"]').click()
    short = page.locator("#level-label-short")
    expect(short).to_be_visible()
    expect(short).to_have_text(re.compile(r"^第 1/\d+ 关$" if language == "zh" else r"^Level 1/\d+$"))  # hidden until asked
    reveal_fewest(page)
    expect(short).to_have_text(re.compile(r"最少可能 \d+ 步" if language == "zh" else r"fewest possible \d+"))
    assert "best" not in short.text_content()
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(shots_dir("player") / f"phone-level-{language}.png"))
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 375

    # The Orbix drawn flat starts under its 3D / Flat switch (its top button's rim was under it).
    for viewport in (PHONE["viewport"], DESKTOP):
        page.set_viewport_size(viewport)
        page.locator("#games").evaluate("(section) => { section.open = true; }")
        expect(page.locator("#game-select")).to_be_enabled()
        page.locator("#game-select").select_option("orbix")
        expect(page.locator("#view-controls")).to_be_visible()
        page.locator("#view-flat").click()
        expect(page.locator("#board .gcell").first).to_be_attached()
        expect(page.locator("#view-flat")).to_have_attribute("aria-pressed", "true")
        covered = page.evaluate("""() => {
          const over = document.getElementById('view-controls').getBoundingClientRect();
          return [...document.querySelectorAll('#board .gcell')].map((cell) => cell.getBoundingClientRect())
            .filter((box) => box.bottom + 2 > over.top && box.top - 2 < over.bottom && box.right + 2 > over.left && box.left - 2 < over.right).length;
        }""")
        assert covered == 0, viewport
    page.set_viewport_size(PHONE["viewport"])
    page.locator("#view-3d").click()
    page.locator("#games").evaluate("(section) => { section.open = false; }")
    set_language(page, "en")


@pytest.mark.parametrize("language", ["en", "zh"])
def test_one_column_under_the_board(desktop: Page, phone: Page, language: str) -> None:
    page = desktop
    set_language(page, language)
    page.evaluate("location.hash = '5x5:M5GpAQ'")
    page.wait_for_function("() => window.lightsOut.statesSnapshot().cells.some((state) => state)")

    # A Hint is one press: no Play solution for it.
    page.locator("#hint").click()
    expect(page.locator("#board [data-press]")).to_have_count(1)
    expect(page.locator("#play-solution")).to_be_hidden()

    # Solve: the solution row spans the toolbar, edge to edge.
    page.locator("#solve").click()
    expect(page.locator("#solution-nav")).to_be_visible()
    expect(page.locator("#play-solution")).to_be_visible()
    buttons = page.locator("#toolbar > button")
    first, last = buttons.first.bounding_box(), buttons.last.bounding_box()
    nav, play = rect(page, "#solution-nav"), rect(page, "#play-solution")
    assert abs(nav["x"] - first["x"]) <= 1, (nav, first)
    assert abs((play["x"] + play["width"]) - (last["x"] + last["width"])) <= 1, (play, last)
    page.screenshot(path=str(shots_dir("player") / f"desktop-solve-{language}.png"))

    # The moves line, timer and fewest possible included, centres on the board.
    page.locator("#daily-card").click()
    reveal_fewest(page)
    expect(page.locator("#minimum")).not_to_be_empty()
    page.locator('#board [role="gridcell"][data-row="0"][data-col="0"]').click()
    expect(page.locator("#timer")).to_be_visible()
    line = page.evaluate("""() => {
      const parts = [...document.querySelectorAll('.history > *')].filter((part) => part.offsetWidth > 0)
        .map((part) => part.getBoundingClientRect());
      return [Math.min(...parts.map((box) => box.left)), Math.max(...parts.map((box) => box.right)), parts.length];
    }""")
    grid = rect(page, "#board .grid")
    assert line[2] == 3, line
    assert abs((line[0] + line[1]) / 2 - (grid["x"] + grid["width"] / 2)) <= 2, (line, grid)

    # The phone: after Solve, nothing is wider than the screen.
    set_language(phone, language)
    phone.evaluate("location.hash = '5x5:M5GpAQ'")
    phone.wait_for_function("() => window.lightsOut.statesSnapshot().cells.some((state) => state)")
    phone.locator("#solve").click()
    expect(phone.locator("#play-solution")).to_be_visible()
    wide = phone.evaluate("""() => [document.documentElement.scrollWidth,
      ...[...document.querySelectorAll('.play *')].filter((element) => element.offsetWidth > 0)
        .filter((element) => { const box = element.getBoundingClientRect(); return box.left < -0.5 || box.right > 375.5; })
        .map((element) => element.id || element.className)]""")
    assert wide == [375], wide
    nav, play = rect(phone, "#solution-nav"), rect(phone, "#play-solution")
    assert nav["x"] + nav["width"] <= play["x"], (nav, play)  # side by side, not over each other
    phone.screenshot(path=str(shots_dir("player") / f"phone-solve-{language}.png"))
    set_language(phone, "en")
