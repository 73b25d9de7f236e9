"""Issue #14, item 7: the smaller defects, each checked the way a player meets it — the
tagline follows the goal, the unsolvable message describes the board solved, counts agree
in number, Presses above the maximum say the maximum, a reload restores quietly, a shared
puzzle keeps its optimum and timer, and typing a size deals one board."""

from __future__ import annotations

from e2e_helpers import set_goal, status
from playwright.sync_api import Page, expect


def message(page: Page):
    return status(page).locator(".message")


def switch_language(page: Page, code: str) -> None:
    page.locator(f'[data-language="{code}"]').click()
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hans" if code == "zh" else "en")


def test_the_tagline_names_the_chosen_goal_in_both_languages(ready_page: Page):
    page = ready_page
    tagline = page.locator(".tagline")
    try:
        set_goal(page, "on")
        expect(tagline).to_have_text("Press a light to toggle it and its neighbours. Turn them all on.")
        switch_language(page, "zh")
        expect(tagline).to_have_text("按下一盏灯会切换它和相邻的灯。把所有灯都点亮。")
        page.get_by_role("radio", name="全部熄灭").check()
        expect(tagline).to_have_text("按下一盏灯会切换它和相邻的灯。把所有灯都关掉。")
        switch_language(page, "en")
        expect(tagline).to_have_text("Press a light to toggle it and its neighbours. Turn them all off.")
    finally:
        switch_language(page, "en")
        set_goal(page, "off")
