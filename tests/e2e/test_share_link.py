"""Share links: static/model/share.js against lightsout.share.links (the reference), the page's
location.hash following the game, opening a link in a new page, and hostile hashes."""

from __future__ import annotations

import base64
import random
import re

from conftest import open_sections, without_solver
from e2e_helpers import board, button, cell, click_cells, new_puzzle_of, read_board, simulate_press, status
from playwright.sync_api import Page, expect

from lightsout import BoardFormatError
from lightsout.model.rules import MOORE, PLUS, X_RULE
from lightsout.share.links import ShareState, format_share, parse_share

IMPORT_SHARE = "const share = await import(new URL('static/model/share.js', document.baseURI).href);"


def stencil_mask(stencil: frozenset[tuple[int, int]]) -> int:
    return sum(1 << ((dr + 2) * 5 + dc + 2) for dr, dc in stencil)


def pack(values: list[int], bits: int) -> int:
    """sum(value << (i * bits)), in linear time (that sum is quadratic on a 300×300 board)."""
    return int("".join(format(value, f"0{bits}b") for value in reversed(values)) or "0", 2)


def random_state(rng: random.Random) -> ShareState:
    rows, cols = rng.randint(1, 12), rng.randint(1, 12)
    if rng.random() < 0.1:
        rows, cols = rng.randint(1, 300), rng.randint(1, 300)
    cells = rows * cols
    k = rng.choice([2, 2, 2, 3, 4, 7, 16, 200, 255])
    bits = (k - 1).bit_length()
    values = lambda: pack([rng.randrange(k) for _ in range(cells)], bits)  # noqa: E731
    stencil = rng.choice([PLUS.stencil, PLUS.stencil, MOORE.stencil, X_RULE.stencil,
                          frozenset({(0, 0), (-2, 1), (2, 2)}), frozenset({(-2, -2)})])
    goal = rng.choice(["off", "off", "on", values() or "off"])
    holes = rng.choice([0, rng.getrandbits(cells)])
    dont_care = rng.choice([0, rng.getrandbits(cells)])
    # A hole has no button (the bits read from a string: holes >> cell is quadratic here too).
    buttons = [cell for cell, bit in enumerate(reversed(format(holes, f"0{cells}b"))) if bit == "0"]
    moves = tuple(rng.choice(buttons) for _ in range(rng.choice([0, 1, 5, 40]))) if buttons else ()
    surface = rng.choice(["plane", "plane", "torus", "klein", "projective"])
    return ShareState(rows, cols, values(), k, stencil, surface, goal, holes, dont_care, moves)


def js_input(state: ShareState) -> dict:
    """The state as share.js takes it, its packed bytes in base64 (a list of numbers costs
    Playwright seconds to send): the page turns them into Uint8Arrays (bytes() below)."""
    cells = state.rows * state.cols
    size = (cells * state.bits_per_cell + 7) // 8
    mask_size = (cells + 7) // 8
    b64 = lambda value, length: base64.b64encode(int(value).to_bytes(length, "little")).decode("ascii")  # noqa: E731
    return {
        "rows": state.rows, "cols": state.cols, "k": state.k,
        "cells": b64(state.cells, size), "stencil": stencil_mask(state.stencil),
        "surface": state.surface, "goal": state.goal if isinstance(state.goal, str) else {"bytes": b64(state.goal, size)},
        "holes": b64(state.holes, mask_size) if state.holes else None,
        "dontCare": b64(state.dont_care, mask_size) if state.dont_care else None,
        "moves": list(state.moves),
    }


# The thousands of cases are node tests (tests/js/share-fuzz.test.mjs compares share.js and
# lightsout.share.links refusal for refusal); the two tests here show that the page's own copy of
# share.js, in the browser, agrees with Python on a sample of both directions.

def test_js_format_and_parse_agree_with_python_on_random_states(ready_page):
    page = ready_page
    rng = random.Random(2026)
    states = [random_state(rng) for _ in range(80)]
    results = page.evaluate(
        "async (cases) => { " + IMPORT_SHARE + """
        const bytes = (base64) => base64 === null ? null : Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        return cases.map(({ input, text }) => {
          const state = { ...input, cells: bytes(input.cells), holes: bytes(input.holes),
                          dontCare: bytes(input.dontCare),
                          goal: typeof input.goal === "string" ? input.goal : bytes(input.goal.bytes) };
          const formatted = share.formatShare(state);
          const parsed = share.parseShare("#" + text);
          return { formatted, reformatted: share.formatShare(parsed), rows: parsed.rows, k: parsed.k,
                   stencil: parsed.stencil, moves: [...parsed.moves] };
        }); }""",
        [{"input": js_input(state), "text": format_share(state)} for state in states],
    )
    for state, result in zip(states, results):
        text = format_share(state)
        assert result["formatted"] == text
        assert result["reformatted"] == text
        assert (result["rows"], result["k"], result["stencil"]) == (state.rows, state.k, stencil_mask(state.stencil))
        assert tuple(result["moves"]) == state.moves


BAD_AND_ODD = [
    "5x5", "0x5:", "2x2:Ag;z=1", "2x2:Ag;m=AA;k=3", "2x2:Ag;k=2", "2x2:Ag;k=300", "2x2:Ag;r=hex",
    "2x2:Ag;r=plus", "2x2:Ag;w=sphere", "2x2:Ag;g=AA", "2x2:Ag;h=AA", "2x2:Ag;m=BA", "2x2:Ag;m=gB",
    "2x2:Ag;m=gA", "2x2:Ag;m=gw", "2x2:AgA", "2x2:EA", "99999x99999:", "1x1:A", "1x1:AQ", "1x1:Ag",
    "3x3:AAA;m=", "3x3:AAA;m=CQ", "3x3:AAA;m=____Dw", "3x3:AAA;m=gICAgAE", "3x3:AAA;m=A+A",
    "3x3:AAA;r=s23880", "3x3:AAA;r=s0", "3x3:AAA;r=s2000000", "3x3:AAA;r=s1c000", "3x3:AAA;r=moore;r=x",
    "2x2:Ag;k=3", "2x2:DQ;k=3", "2x2:Dg;k=3", "2x2:Ag;g=on;g=on", "2x2:Ag;d=Dw", "2x2:Ag;d=EA",
    "<img src=x onerror=alert(1)>", "5x5:AAAAAA;<script>", "javascript:alert(1)", "", "#", "##5x5:AAAAAA",
    "5x5:AAAAAA;", "5x5:AAAAAA;=", "5x5:AAAAAA;m", "1234567890x1:", "1x1:;k=999",
    "2x2:AA;h=AQ;m=AA", "2x2:AA;h=Ag;m=AAE", "2x2:AA;h=AQ;m=AQI",
]


def python_outcome(text: str) -> dict:
    try:
        state = parse_share(text)
    except BoardFormatError as error:
        return {"ok": False, "column": error.column}
    return {"ok": True, "text": format_share(state)}


def test_js_parse_errors_match_python_column_for_column(ready_page):
    page = ready_page
    rng = random.Random(7)
    alphabet = "0123456789x:;=#ABCDEFQgwabcdefgkmrwhdonplustvj_-+/%<>\"' "
    texts = BAD_AND_ODD + ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30))) for _ in range(150)]
    # Mutations of valid strings reach the deeper checks more often than random text.
    for _ in range(150):
        text = list(format_share(random_state(rng)))
        for _ in range(rng.randint(1, 3)):
            if text:
                text[rng.randrange(len(text))] = rng.choice(alphabet)
        texts.append("".join(text))
    outcomes = page.evaluate(
        "async (texts) => { " + IMPORT_SHARE + """
        return texts.map((text) => {
          try {
            return { ok: true, text: share.formatShare(share.parseShare(text)) };
          } catch (error) {
            if (error.name !== "ShareError") return { ok: false, column: -1, crash: String(error) };
            return { ok: false, column: error.column };
          }
        }); }""",
        texts,
    )
    mismatches = [(text, python, js) for text, js in zip(texts, outcomes) if (python := python_outcome(text)) != js]
    assert mismatches == [], mismatches[:5]
    print(f"\n{len(texts)} share strings: JS and Python agree ({sum(o['ok'] for o in outcomes)} valid)")


def new_puzzle(page: Page, rows: int, cols: int, timeout: float = 30_000) -> None:
    """A random rows×cols puzzle via New puzzle. The fields are set without change
    events: each of those starts its own new board, and their replies may interleave.
    The status may still show the previous test's "New R×C puzzle", so the new game's hash
    is awaited too (a random board equal to the last one is a 2^-(R·C) event)."""
    old_hash = page.evaluate("location.hash")
    new_puzzle_of(page, rows, cols)
    expect(status(page)).to_contain_text(f"New {rows:,}×{cols:,} puzzle", timeout=timeout)
    page.wait_for_function("(old) => location.hash !== old", arg=old_hash, timeout=timeout)


def hash_of(page: Page) -> str:
    return page.evaluate("location.hash")


def test_the_hash_follows_the_game_without_new_history_entries(ready_page):
    page = ready_page
    new_puzzle(page, 4, 6)
    button(page, "Clear").click()  # a known start: 4×6 all dark
    length = page.evaluate("history.length")
    for row, col in [(0, 0), (1, 2), (3, 5)]:
        cell(page, row, col).click()
    page.wait_for_function("location.hash.includes(';m=')")
    state = parse_share(hash_of(page))
    assert (state.rows, state.cols, state.cells) == (4, 6, 0)
    want = "#" + format_share(ShareState(4, 6, 0, moves=(0, 8, 23)))
    page.wait_for_function("(want) => location.hash === want", arg=want)
    assert page.evaluate("history.length") == length


def open_in_new_page(page: Page, url: str, solver: bool = True) -> Page:
    """The link in a new page; solver=False: one that never asks Python (without_solver)."""
    other = page.context.new_page()
    if not solver:
        without_solver(other)
    other.goto(url)
    expect(other.locator("#move-count")).to_be_visible()
    open_sections(other)  # the goal's radios are in a collapsed section
    return other


def test_share_link_round_trip_in_a_new_page(ready_page, site_url):
    page = ready_page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    new_puzzle(page, 5, 7)
    page.get_by_role("radio", name="All on").check()
    presses = [(0, 0), (2, 3), (4, 6), (2, 3), (1, 1)]
    click_cells(page, presses)
    shown = read_board(page)
    button(page, "Copy link").click()
    expect(status(page)).to_contain_text("Copied")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link.startswith(site_url) and link == page.evaluate("location.href")
    state = parse_share(link.split("#", 1)[1])
    assert state.goal == "on" and state.moves == tuple(r * 7 + c for r, c in presses)

    # A grid link is read and replayed by the page alone: the new page's solver is an idle stand-in
    # (no Pyodide start), but the page starts it as it opens the link (a link never keeps the solver
    # from starting; that the solver then becomes ready on a grid link's arrival is test_no_press_lost.py's).
    other = open_in_new_page(page, link, solver=False)
    try:
        assert read_board(other) == shown
        expect(other.locator("#move-count")).to_have_text("Moves: 5")
        expect(other.get_by_role("radio", name="All on")).to_be_checked()
        expect(status(other)).to_contain_text("Opened a shared 5×7 game with 5 moves")
        # Undo takes back the replayed moves, newest first.
        expected = shown
        for row, col in reversed(presses[-2:]):
            button(other, "Undo").click()
            expected = simulate_press(expected, row, col)
            assert read_board(other) == expected
        expect(other.locator("#move-count")).to_have_text("Moves: 3")
        assert [worker for worker in other.workers if "/static/worker.js" in worker.url], "the page did not start its solver"
    finally:
        other.close()
        page.get_by_role("radio", name="All off").check()


def test_a_1000_by_1000_board_fits_in_a_link(ready_page):
    page = ready_page
    new_puzzle(page, 1000, 1000)
    page.wait_for_function("location.hash.startsWith('#1000x1000:')")
    state = parse_share(hash_of(page))
    assert (state.rows, state.cols) == (1000, 1000)
    link = page.evaluate("location.href")
    other = open_in_new_page(page, link, solver=False)  # the link is read and written by the page alone
    try:
        expect(status(other)).to_contain_text("Opened a shared 1,000×1,000 puzzle")
        mine, theirs = hash_of(page), other.evaluate("location.hash")
        first = next((i for i, (a, b) in enumerate(zip(mine, theirs)) if a != b), None)
        assert mine == theirs, (len(mine), len(theirs), first, mine[:40], theirs[:40])
    finally:
        other.close()


def test_copy_link_of_a_board_too_large_for_a_url_says_so(ready_page):
    page = ready_page
    new_puzzle(page, 4000, 4000, timeout=60_000)
    page.wait_for_function("location.hash === ''")
    button(page, "Copy link").click()
    expect(status(page)).to_contain_text("too large to share as a link")
    page.wait_for_function("location.hash === ''")


HOSTILE_HASHES = [
    ("garbage!!", "column 2"),
    ("99999x99999:AAAA", "column 2 (board size)"),
    ("5x5:AAAA", "column 6 (board)"),
    ("5x5:AAA*AA", "column 2"),
    ("3x3:AAA;m=CQ", "column 12 (m=)"),
    ("3x3:AAA;m=A+A", "column 12 (m=)"),
    ("3x3:AAA;g=AQA", "column 12 (g=)"),  # a goal pattern: the page plays all off or all on
    ("20000x2:" + "A" * 6667, "column 2 (board size)"),
    ("<img src=x onerror=alert(1)>", "column 2"),
    ("<img src=x onerror=window.__xss=1>", "column 2"),
    ('"><script>window.__xss=1</script>', "column 2"),
    ("javascript:window.__xss=1", "column 2"),
    ("5x5:AAAAAA;zz=<b>bold</b>", "column 13 (field name)"),
]


def test_hostile_hashes_show_an_error_and_keep_the_board(ready_page):
    page = ready_page
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    new_puzzle(page, 5, 5)
    alert = status(page).locator(".message")  # a bad link is reported on the message line
    for text, where in HOSTILE_HASHES:
        before = read_board(page)
        page.evaluate("(text) => { location.hash = text; }", text)
        expect(alert).to_contain_text("This link cannot be opened")
        expect(alert).to_contain_text(where)
        assert read_board(page) == before, text
        assert page.evaluate("window.__xss") is None
        page.evaluate("document.getElementById('message').textContent = ''")
    assert page.locator("#message img, #message script, #message b").count() == 0
    assert dialogs == []


def test_a_hash_edit_is_read_from_its_event_not_from_the_address(ready_page):
    """The page's scheduled write of the game's hash (replaceState, 200 ms after a change) can
    run between the reader's edit and its hashchange event; the edit is still the one opened.
    This replays that order in one task (CI saw the old game reopened instead of the error)."""
    page = ready_page
    page.evaluate("location.hash = '3x3:AAA;m=BAA'")  # moves 4 and 0 on a dark 3×3 board
    expect(status(page)).to_contain_text("Opened a shared 3×3 game with 2 moves")
    before = read_board(page)
    assert before == simulate_press(simulate_press([[0] * 3 for _ in range(3)], 1, 1), 0, 0)
    page.evaluate("""() => {
        const game = location.hash;
        location.hash = "5x5:AAAA";
        history.replaceState(history.state, "", game);
    }""")
    alert = status(page).locator(".message")
    expect(alert).to_contain_text("This link cannot be opened")
    expect(alert).to_contain_text("column 6 (board)")
    assert read_board(page) == before


def test_a_bad_hash_on_arrival_keeps_the_random_board(fresh_page, site_url):
    """Read by the page alone (a grid link): the solver is left out here; that it still starts after
    a bad link on arrival is test_hostile_page_input.py's."""
    page, watch = fresh_page
    without_solver(page)
    page.goto(site_url + "#3x3:AAA;m=gICAgAE")
    expect(board(page).get_by_role("gridcell")).to_have_count(25)
    expect(status(page).locator(".message")).to_contain_text(re.compile(r"column \d+ \(m=\)"))
    before = read_board(page)
    cell(page, 0, 0).click()
    assert read_board(page) == simulate_press(before, 0, 0)
    assert watch.errors == []
