"""The cube and the Orbix in 3D (issue #33), on one shared page: shown in 3D by default, Flat
one toggle away and remembered; a click presses the sticker seen there, a drag turns and
presses nothing, a sticker turned away takes no press; the board's cell contract and keys
(arrows across faces, Space, Shift+arrows turning, focus turned into sight); Solve's marks
played to the goal on both games, turning to reach the hidden ones (the note counts them);
Hint turned into sight; a link's round trip; the phone's layout; 中文 names. On a touch phone
(issue #38): a tap presses the sticker under the finger at every turn, a drag held still before
release does not spin on, Solve's marks are followed by taps and drags alone, the out-of-sight
note keeps off the board, and no word names a key the phone has not got."""

from __future__ import annotations

import json
import math
import random
import re
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from e2e_helpers import after_frames, board, button, link_written, restore_classic_game, status
from lightsout import api

FACES = {"U": "Up", "R": "Right", "F": "Front", "D": "Down", "L": "Left", "B": "Back"}


def puzzle_of(name: str) -> dict:
    return json.loads(api.handle(json.dumps({"op": "puzzle", "preset": name})))


CUBE, ORBIX = puzzle_of("cube"), puzzle_of("orbix")


def snapshot(page: Page) -> dict:
    return page.evaluate("() => window.lightsOut.statesSnapshot()")


def turn(page: Page) -> list[float]:
    return page.evaluate("() => window.lightsOut.view().turn")


def deal(page: Page, name: str) -> dict:
    """Choose game `name` and wait for its 3D view, settled; the game as plain data."""
    if page.locator("#games").get_attribute("open") is None:
        page.locator("#games > summary").click()
    expect(page.locator("#game-select")).to_be_enabled()
    page.locator("#game-select").select_option(name)
    page.wait_for_function("(name) => window.lightsOut.statesSnapshot().puzzle?.preset === name"
                           " && window.lightsOut.view().kind === 'solid'", arg=name)
    expect(board(page)).not_to_have_attribute("aria-busy", "true")
    return snapshot(page)


# Each cell: index, whether it is turned away, its centre (client pixels), box size, and whether a
# click at its centre lands on it.
CELLS = """() => [...document.querySelectorAll('[role="grid"][aria-label="Board"] [role="gridcell"]')].map((cell) => {
  const box = cell.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  return { index: Number(cell.dataset.index), away: cell.dataset.away === "1", press: Number(cell.dataset.press ?? 0), x, y,
           width: box.width, height: box.height, hit: document.elementFromPoint(x, y)?.closest('[role="gridcell"]') === cell };
})"""


def cells(page: Page) -> list[dict]:
    return sorted(page.evaluate(CELLS), key=lambda cell: cell["index"])


def press_seen(page: Page, index: int) -> None:
    """Click cell `index` where it is seen (it must be seen and uncovered there)."""
    seen = cells(page)[index]
    assert not seen["away"] and seen["hit"], seen
    page.mouse.click(seen["x"], seen["y"])


def pressed(lights: list[int], presses: list[list[int]], index: int, k: int = 2) -> list[int]:
    out = list(lights)
    for j in presses[index]:
        out[j] = (out[j] + 1) % k
    return out


def shift_turn(page: Page, key: str) -> None:
    """Shift+arrow on the board's focused cell (turns by a step; instant under reduced motion)."""
    page.keyboard.press(f"Shift+{key}")


@pytest.fixture
def solid_page(ready_page: Page) -> Iterator[Page]:
    ready_page.emulate_media(reduced_motion="reduce")  # turns are instant: the checks read them at once
    yield ready_page
    ready_page.emulate_media(reduced_motion="no-preference")
    ready_page.set_viewport_size({"width": 1100, "height": 800})
    restore_classic_game(ready_page)


def test_the_cube_opens_in_3d_with_the_cell_contract_and_flat_is_one_remembered_toggle_away(solid_page: Page) -> None:
    page = solid_page
    game = deal(page, "cube")
    grid_cells = board(page).locator('[role="gridcell"]')
    expect(grid_cells).to_have_count(54)
    assert board(page).locator('[tabindex="0"]').count() == 1  # one tab stop for the board
    labels = grid_cells.evaluate_all("(cells) => cells.map((c) => [Number(c.dataset.index), c.dataset.lit, c.getAttribute('aria-label')])")
    for index, lit, label in labels:
        face, row, col = CUBE["solid"]["places"][index]
        state = "lit" if game["cells"][index] else "dark"
        assert lit == ("1" if game["cells"][index] else "0")
        assert label == f"{FACES[face]} face, row {row + 1}, column {col + 1}, {state}", label
    seen = {CUBE["solid"]["places"][cell["index"]][0] for cell in cells(page) if not cell["away"]}
    assert seen == {"U", "R", "F"}  # three faces at first
    expect(button(page, "3D")).to_have_attribute("aria-pressed", "true")
    # The solid-view module and its geometry were fetched from this origin, on demand: the two files the 3D adds.
    for name in ("solid-view.js", "solid-geometry.js"):
        assert page.evaluate("(name) => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(`/static/views/${name}`))", name)
    listed = page.evaluate("() => fetch('static/precache.json').then((reply) => reply.json())")["files"]
    paths = [entry["path"] for entry in listed]
    assert "static/views/solid-view.js" in paths and "static/views/solid-geometry.js" in paths  # kept for offline play, hash-checked
    button(page, "Flat").click()
    page.wait_for_function("() => window.lightsOut.view().kind === 'grid'")
    expect(button(page, "Reset view")).to_be_hidden()
    assert page.evaluate("() => localStorage.getItem('lightsout.boardView')") == "flat"
    deal_flat = page.locator("#game-select")
    deal_flat.select_option("orbix")
    page.wait_for_function("() => window.lightsOut.statesSnapshot().puzzle?.preset === 'orbix'")
    assert page.evaluate("() => window.lightsOut.view().kind") == "grid"  # the choice holds for the next game
    button(page, "3D").click()
    page.wait_for_function("() => window.lightsOut.view().kind === 'solid'")
    assert page.evaluate("() => localStorage.getItem('lightsout.boardView')") == "3d"
    expect(board(page).locator('[role="gridcell"]')).to_have_count(12)  # the new view makes its cells in its first frame
    labels = board(page).locator('[role="gridcell"]').evaluate_all("(cells) => cells.map((c) => c.getAttribute('aria-label'))")
    assert labels[4].startswith("Button 5, ")


def test_a_click_presses_the_sticker_seen_a_drag_turns_and_a_hidden_one_takes_no_press(solid_page: Page) -> None:
    page = solid_page
    game = deal(page, "cube")
    front = next(i for i, place in enumerate(CUBE["solid"]["places"]) if place == ["F", 1, 1])
    press_seen(page, front)
    after = snapshot(page)
    assert after["cells"] == pressed(game["cells"], CUBE["presses"], front) and after["moves"] == 1
    # A drag turns the cube and presses nothing, even when it starts and ends on stickers.
    before = turn(page)
    start = cells(page)[front]
    page.mouse.move(start["x"], start["y"])
    page.mouse.down()
    for step in range(1, 11):
        page.mouse.move(start["x"] + 12 * step, start["y"] + 3 * step)
    page.mouse.up()
    assert turn(page) != before and snapshot(page)["moves"] == 1
    # A sticker turned away is transparent to the pointer and a click sent to it presses nothing.
    away = [cell for cell in cells(page) if cell["away"]]
    assert away and not any(cell["hit"] for cell in away)
    page.evaluate("(index) => document.querySelector(`[role=gridcell][data-index=\"${index}\"]`).dispatchEvent("
                  "new MouseEvent('click', {bubbles: true}))", away[0]["index"])
    assert snapshot(page)["moves"] == 1
    button(page, "Reset view").click()
    seen = {CUBE["solid"]["places"][cell["index"]][0] for cell in cells(page) if not cell["away"]}
    assert seen == {"U", "R", "F"}
    button(page, "Undo").click()
    assert snapshot(page)["cells"] == game["cells"]


def test_keys_move_across_faces_press_turn_and_keep_the_focused_cell_in_sight(solid_page: Page) -> None:
    page = solid_page
    deal(page, "cube")
    places = [tuple(place) for place in CUBE["solid"]["places"]]
    start = places.index(("F", 1, 2))
    page.locator(f'[role="gridcell"][data-index="{start}"]').focus()
    page.keyboard.press("ArrowRight")  # across the edge onto the right face
    focused = page.evaluate("() => Number(document.activeElement.dataset.index)")
    assert places[focused] == ("R", 1, 0)
    before = snapshot(page)
    page.keyboard.press("Space")
    assert snapshot(page)["cells"] == pressed(before["cells"], CUBE["presses"], focused)
    # Shift+→ four times: a quarter turn each, three faces always seen, back where it started.
    first = turn(page)
    faces_seen = set()
    for _ in range(4):
        shift_turn(page, "ArrowRight")
        seen = {places[cell["index"]][0] for cell in cells(page) if not cell["away"]}
        assert len(seen) == 3
        faces_seen |= seen
    assert faces_seen == {"U", "F", "R", "B", "L"}
    assert abs(abs(sum(a * b for a, b in zip(turn(page), first))) - 1) < 1e-6
    # Walking right along the middle row goes round the cube, the view turning to keep each cell seen.
    for _ in range(12):
        page.keyboard.press("ArrowRight")
        index = page.evaluate("() => Number(document.activeElement.dataset.index)")
        assert places[index][1] == 1, places[index]
        assert not cells(page)[index]["away"], places[index]
    assert page.evaluate("() => Number(document.activeElement.dataset.index)") == focused  # twelve steps round
    button(page, "Undo").click()


def play_marks_through_the_3d_view(page: Page, name: str) -> None:
    """Solve, then click the marks that are seen, turning (Shift+arrows) when every one left is out of sight."""
    game = deal(page, name)
    if game["cells"] == snapshot(page)["cells"] and status(page).get_attribute("data-solved") == "1":
        button(page, "New puzzle").click()
    button(page, "Solve").click()
    expect(board(page).locator("[data-press]").first).to_be_attached()
    assert page.evaluate("() => window.lightsOut.verifyShown()")["solved"]
    marks = snapshot(page)["marks"]
    total, clicks, turns = sum(marks), 0, 0
    note = page.locator("#view-note")
    keys = ["ArrowRight", "ArrowRight", "ArrowRight", "ArrowDown"]
    while snapshot(page)["marks"] and any(snapshot(page)["marks"]):
        shown = cells(page)
        seen = [cell for cell in shown if cell["press"] and not cell["away"]]
        hidden = sum(1 for cell in shown if cell["press"] and cell["away"])
        if hidden:
            expect(note).to_have_text(f"{hidden} mark{'s are' if hidden > 1 else ' is'} out of sight: drag the board or press "
                                      "Shift+arrows to turn it.")
        else:
            expect(note).to_be_hidden()
        if seen:
            press_seen(page, seen[0]["index"])
            clicks += 1
            continue
        focus = next(cell["index"] for cell in shown if not cell["away"])
        page.locator(f'[role="gridcell"][data-index="{focus}"]').focus()
        shift_turn(page, keys[turns % len(keys)])
        turns += 1
        assert turns < 40, "the marks could not be reached by turning"
    assert clicks == total
    expect(status(page)).to_have_attribute("data-solved", "1")
    expect(page.locator("#board")).to_have_class("board board--graph won")
    assert turns > 0 or name == "orbix"  # the cube's solutions always have marks on the three hidden faces


@pytest.mark.parametrize("name", ["cube", "orbix"])
def test_solves_marks_are_played_to_the_goal_turning_to_reach_the_hidden_ones(solid_page: Page, name: str) -> None:
    play_marks_through_the_3d_view(solid_page, name)


def test_a_hint_on_a_hidden_face_turns_into_sight_and_a_link_round_trips(solid_page: Page) -> None:
    page = solid_page
    deal(page, "cube")
    button(page, "Hint").click()
    expect(board(page).locator("[data-press]")).to_have_count(1)
    hinted = int(board(page).locator("[data-press]").get_attribute("data-index"))
    # Turn until the hinted sticker is out of sight, then ask again: the view turns back to it.
    page.locator('[role="gridcell"][tabindex="0"]').focus()
    for key in ["ArrowRight", "ArrowRight", "ArrowDown", "ArrowDown"]:
        if cells(page)[hinted]["away"]:
            break
        shift_turn(page, key)
    assert cells(page)[hinted]["away"]
    button(page, "Hint").click()
    expect(page.locator("#message")).to_have_text("Hint: press the marked cell.")
    page.wait_for_function("(i) => !document.querySelector(`[role=gridcell][data-index=\"${i}\"]`).dataset.away", arg=hinted)
    press_seen(page, hinted)
    game = snapshot(page)
    link = link_written(page)  # by the worker, a moment after the press
    assert link.startswith("#cube:") and json.loads(api.handle(json.dumps({"op": "share", "text": link})))["moves"], link
    deal(page, "orbix")
    page.wait_for_function("() => location.hash.startsWith('#orbix:')")  # another game's link first
    page.evaluate("(hash) => { location.hash = hash; }", link)
    page.wait_for_function("() => window.lightsOut.statesSnapshot().puzzle?.preset === 'cube' && window.lightsOut.view().kind === 'solid'")
    expect(page.locator("#message")).to_have_text("Opened a shared Lights Out Cube game with 1 move.")  # its name, not "6×9"
    again = snapshot(page)
    assert (again["cells"], again["moves"]) == (game["cells"], game["moves"])


def test_the_phone_layout_keeps_the_cube_and_orbix_cells_40_pixels_and_clear_of_the_controls(solid_page: Page) -> None:
    page = solid_page
    page.set_viewport_size({"width": 375, "height": 667})
    for name, facing_cells in (("cube", 9), ("orbix", 1)):
        deal(page, name)
        button(page, "Reset view").click()
        page.locator("#board").scroll_into_view_if_needed()
        seen = [cell for cell in cells(page) if not cell["away"]]
        assert all(cell["hit"] for cell in seen), "a seen cell is covered (by the view's buttons?)"
        biggest = sorted(seen, key=lambda cell: -min(cell["width"], cell["height"]))[:facing_cells]
        assert all(min(cell["width"], cell["height"]) >= 40 for cell in biggest), [(c["index"], c["width"], c["height"]) for c in biggest]
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 375
        assert math.isclose(page.locator("#board").bounding_box()["width"], page.locator("#board").bounding_box()["height"], rel_tol=0.25)


def test_the_note_on_marks_out_of_sight_keeps_off_the_board_on_a_desktop_in_english_and_chinese(solid_page: Page) -> None:
    page = solid_page
    page.set_viewport_size({"width": 1280, "height": 800})
    deal(page, "cube")
    button(page, "Reset view").click()
    page.wait_for_function("() => window.lightsOut.solverInfo().pending === 0")
    button(page, "Solve").click()
    note = page.locator("#view-note")
    try:
        for language, said in (("en", "drag the board or press Shift+arrows to turn it."), ("zh", "拖动棋盘或按 Shift+方向键转动它。")):
            page.locator(f'button[data-language="{language}"]').click()
            expect(note).to_contain_text(said)  # a mouse and a keyboard: the keys are named
            note_box, board_box = note.bounding_box(), page.locator("#board").bounding_box()
            assert note_box["y"] >= board_box["y"] + board_box["height"], (note_box, board_box)
            assert note.evaluate("(note) => note.scrollHeight <= note.clientHeight")  # its whole text shows
            assert page.locator("#move-count").bounding_box()["y"] >= note_box["y"] + note_box["height"]
    finally:
        page.locator('button[data-language="en"]').click()
        button(page, "New puzzle").click()


def test_the_3d_view_in_chinese(solid_page: Page) -> None:
    page = solid_page
    game = deal(page, "cube")
    page.locator('button[data-language="zh"]').click()
    try:
        expect(page.locator("#view-flat")).to_have_text("平面")
        expect(page.locator("#reset-view")).to_have_text("复原视角")
        index = CUBE["solid"]["places"].index(["F", 0, 1])
        state = "亮" if game["cells"][index] else "暗"
        expect(page.locator(f'[role="gridcell"][data-index="{index}"]')).to_have_attribute("aria-label", f"前面，第 1 行，第 2 列，{state}")
        assert page.evaluate("() => window.lightsOut.view().kind") == "solid"
    finally:
        page.locator('button[data-language="en"]').click()


# ---------------------------------------------------------------------------------
# A touch phone (issue #38): one page, its solver started once, for the tests below.

CUBE_LINK = "#cube:Rf_rKvofAA"
# Words naming keys a phone has not got, in English and 中文.
KEY_WORDS = re.compile(r"Ctrl|Shift|\barrows?\b|方向键", re.IGNORECASE)


@pytest.fixture
def phone(phone_page: Page) -> Iterator[Page]:
    """The shared touch phone (375×667) on a shared Cube link, shown in 3D (the default), nothing pending."""
    page = phone_page
    if page.evaluate("() => window.lightsOut.statesSnapshot().puzzle?.preset") != "cube":
        page.evaluate("(link) => { location.hash = link; }", CUBE_LINK)
    page.wait_for_function("() => window.lightsOut.statesSnapshot().puzzle?.preset === 'cube'"
                           " && window.lightsOut.view().kind === 'solid' && window.lightsOut.solverInfo().pending === 0")
    expect(board(page)).not_to_have_attribute("aria-busy", "true")
    page.locator("#board").scroll_into_view_if_needed()
    yield page


def about(axis: tuple[float, float, float], degrees: float) -> list[float]:
    """The unit quaternion [w, x, y, z] of a turn by `degrees` about `axis` (solid-geometry.js's turnAbout)."""
    half = math.radians(degrees) / 2
    size = math.hypot(*axis)
    return [math.cos(half), *(value / size * math.sin(half) for value in axis)]


def after(a: list[float], b: list[float]) -> list[float]:
    """The turn `a` after `b` (solid-geometry.js's compose)."""
    aw, ax, ay, az = a
    bw, bx, by, bz = b
    return [aw * bw - ax * bx - ay * by - az * bz, aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx, aw * bz + ax * by - ay * bx + az * bw]


def degrees_between(a: list[float], b: list[float]) -> float:
    return math.degrees(2 * math.acos(min(1.0, abs(sum(x * y for x, y in zip(a, b))))))


# The seen cells and where each is drawn: its own frame's origin (placeCell's transform) is its centre.
SEEN_CENTRES = """() => [...document.querySelectorAll('[role="grid"][aria-label="Board"] [role="gridcell"]:not([data-away])')]
  .map((cell) => { const frame = cell.getScreenCTM(); return [Number(cell.dataset.index), frame.e, frame.f]; })"""
# The game once its move count passes `moves` (a tap's click comes after the touch's events).
AFTER_MOVE = "(moves) => { const game = window.lightsOut.statesSnapshot(); return game.moves > moves ? game : null; }"


def tap_and_see(page: Page, x: float, y: float) -> int | None:
    """Tap (x, y) and return the cell the press pressed (its press set is what changed), or None for another change."""
    before = snapshot(page)
    page.touchscreen.tap(x, y)
    game = page.wait_for_function(AFTER_MOVE, arg=before["moves"]).json_value()
    changed = sorted(i for i, (was, now) in enumerate(zip(before["cells"], game["cells"])) if was != now)
    return next((i for i, presses in enumerate(game["puzzle"]["presses"]) if sorted(presses) == changed), None)


def test_a_tap_presses_the_sticker_under_the_finger_at_every_turn_however_steep(phone: Page) -> None:
    page = phone
    # The start's view, then twelve turns drawn uniformly over every way round (Shoemake's method, seeded: the same
    # turns each run): faces head on and at steep angles, every face. Chromium's touch adjustment sent 11 of these
    # 306 taps to a neighbouring sticker, on the steep faces of two turns, where a mouse pressed every one right.
    turns = [page.evaluate("() => window.lightsOut.view().turn")]
    draw = random.Random(38)
    for _ in range(12):
        u1, u2, u3 = draw.random(), draw.random(), draw.random()
        turns.append([math.sqrt(1 - u1) * math.sin(2 * math.pi * u2), math.sqrt(1 - u1) * math.cos(2 * math.pi * u2),
                      math.sqrt(u1) * math.sin(2 * math.pi * u3), math.sqrt(u1) * math.cos(2 * math.pi * u3)])
    misses, taps, faces = [], 0, set()
    for turn in turns:
        page.evaluate("(turn) => window.lightsOut.turnView(turn)", turn)
        for index, x, y in page.evaluate(SEEN_CENTRES):
            pressed = tap_and_see(page, x, y)
            taps += 1
            faces.add(CUBE["solid"]["places"][index][0])
            if pressed != index:
                misses.append((index, pressed, [round(v, 3) for v in turn]))
    assert faces == set(FACES) and taps > 250
    assert misses == [], f"{taps - len(misses)} of {taps} taps pressed the sticker tapped; (tapped, pressed, turn): {misses}"


TOUCH_CLOCK = [0.0]  # when the last scripted touch ended (seconds since the epoch): the next starts after it


def touch_drag(page: Page, points: list[tuple[float, float]], hold_ms: float) -> None:
    """A finger down on points[0], moved through the others one every 16 ms, held still `hold_ms` and lifted. The
    events carry those times (CDP's timestamp, which the page's event.timeStamp follows), so the page sees this timing
    however busy the machine is."""
    cdp = page.context.new_cdp_session(page)
    start = max(time.time(), TOUCH_CLOCK[0] + 0.1)
    TOUCH_CLOCK[0] = start + (len(points) - 1) * 0.016 + hold_ms / 1000
    try:
        for step, (x, y) in enumerate(points):
            cdp.send("Input.dispatchTouchEvent", {"type": "touchStart" if step == 0 else "touchMove",
                                                  "touchPoints": [{"x": x, "y": y}], "timestamp": start + step * 0.016})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": [], "timestamp": TOUCH_CLOCK[0]})
    finally:
        cdp.detach()


# Wait `n` animation frames: a flick turns the view once a frame.


def spin_after_release(page: Page, hold_ms: float) -> float:
    """Degrees the view turns after a drag across the cube (a move of 8 px every 16 ms) held still `hold_ms` before release."""
    box = board(page).locator("svg").bounding_box()
    x, y = box["x"] + box["width"] * 0.3, box["y"] + box["height"] * 0.5
    touch_drag(page, [(x + 8 * step, y + 2 * step) for step in range(12)], hold_ms)
    after_frames(page, 20)  # a flick turns from its first frame on, slowing by a tenth a frame
    return degrees_between(page.evaluate("() => window.turnAtRelease"), page.evaluate("() => window.lightsOut.view().turn"))


def test_a_drag_held_still_before_release_does_not_spin_on_and_a_flick_does(phone: Page) -> None:
    page = phone
    page.emulate_media(reduced_motion="no-preference")
    # The view's turn as the finger lifts (before the view's own pointerup handler, which starts a flick).
    page.evaluate("() => window.addEventListener('pointerup', () => { window.turnAtRelease = window.lightsOut.view().turn; }, true)")
    moves = snapshot(page)["moves"]
    flicked = spin_after_release(page, 0)
    assert flicked > 5, f"a drag released moving flicks on: {flicked:.1f}°"
    spins = {hold: spin_after_release(page, hold) for hold in (100, 200, 400, 800)}
    assert all(spin < 0.01 for spin in spins.values()), {hold: f"{spin:.1f}°" for hold, spin in spins.items()}
    assert snapshot(page)["moves"] == moves  # a drag presses nothing


def test_solves_marks_are_followed_by_taps_and_drags_alone_and_the_note_keeps_off_the_board(phone: Page) -> None:
    """The phone's player: Solve, tap each mark seen, drag the cube round to the others (the third tap once went wrong and
    cleared every mark); the note on the marks out of sight stays off the board, says no key, and fits its room."""
    page = phone
    page.emulate_media(reduced_motion="no-preference")
    button(page, "Solve").tap()
    expect(board(page).locator("[data-press]").first).to_be_attached()
    total = sum(snapshot(page)["marks"])
    note = page.locator("#view-note")
    taps = drags = 0
    while any(snapshot(page)["marks"] or []):
        seen = cells(page)
        hidden = sum(1 for cell in seen if cell["press"] and cell["away"])
        if hidden:
            expect(note).to_have_text(f"{hidden} mark{'s are' if hidden > 1 else ' is'} out of sight: drag the board to turn it.")
            note_box, board_box = note.bounding_box(), page.locator("#board").bounding_box()
            assert note_box["y"] >= board_box["y"] + board_box["height"], (note_box, board_box)
            assert note.evaluate("(note) => note.scrollHeight <= note.clientHeight")  # its whole text shows
        marked = next((cell for cell in seen if cell["press"] and not cell["away"]), None)
        if marked:
            centre = page.evaluate("(i) => { const frame = document.querySelector(`[role=gridcell][data-index=\"${i}\"]`)"
                                   ".getScreenCTM(); return [frame.e, frame.f]; }", marked["index"])
            assert tap_and_see(page, *centre) == marked["index"]
            taps += 1
            continue
        # Every mark left is out of sight: a quarter turn by a drag held still before release (no flick), across or down.
        box = board(page).locator("svg").bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        dx, dy = [(1, 0), (1, 0), (1, 0), (0, 1)][drags % 4]
        touch_drag(page, [(x - 78 * dx + 13 * dx * step, y - 78 * dy + 13 * dy * step) for step in range(13)], 150)
        drags += 1
        assert drags < 20, "the marks could not be reached by dragging"
    assert taps == total and drags > 0
    expect(status(page)).to_have_attribute("data-solved", "1")
    expect(note).to_be_hidden()


def visible_words(page: Page) -> str:
    """The page's text as shown (innerText leaves out what is hidden), but the Help dialog's, which lists shortcuts."""
    return page.evaluate("() => document.body.innerText.replace(document.getElementById('help-dialog').innerText, '')")


def test_a_phone_is_told_of_no_key_it_has_not_got_in_english_or_chinese(phone: Page) -> None:
    page = phone
    page.emulate_media(reduced_motion="reduce")
    start = page.evaluate("() => window.lightsOut.view().turn")
    if page.locator("#win").is_visible():
        page.locator("#win-close").tap()
    page.evaluate("(turn) => window.lightsOut.turnView(turn)", start)
    index, x, y = page.evaluate(SEEN_CENTRES)[0]
    assert tap_and_see(page, x, y) == index  # a board to hint on (the one before it was solved, or the link's)
    button(page, "Hint").tap()
    expect(board(page).locator("[data-press]")).to_have_count(1)
    hinted = int(board(page).locator("[data-press]").get_attribute("data-index"))
    for turn in (start, after(about((0, 1, 0), 180), start), after(about((1, 0, 0), 180), start)):  # one of them hides it
        page.evaluate("(turn) => window.lightsOut.turnView(turn)", turn)
        if cells(page)[hinted]["away"]:
            break
    note = page.locator("#view-note")
    try:
        for language, said, slot in (
            ("en", "1 mark is out of sight: drag the board to turn it.", "Paste, open, scan or set up a board: Your own board, More puzzles."),
            ("zh", "有 1 个标记在背面看不到：拖动棋盘转动它。", "粘贴、打开、扫描或手动摆出棋盘：见“自己的棋盘”和“更多谜题”。"),
        ):
            page.locator(f'button[data-language="{language}"]').tap()
            expect(note).to_have_text(said)
            expect(page.locator(".slot-hint")).to_have_text(slot)
            # Every string of the markup (the Scan dialog's, Explain's too), and all the page shows.
            texts = page.evaluate("() => [...document.querySelectorAll('[data-i18n]')].filter((e) => !e.closest('#help-dialog'))"
                                  ".map((e) => e.textContent)")
            assert [text for text in texts if KEY_WORDS.search(text)] == [], language
            shown = visible_words(page)
            assert said in shown and not KEY_WORDS.search(shown), (language, KEY_WORDS.findall(shown))
    finally:
        page.locator('button[data-language="en"]').tap()
