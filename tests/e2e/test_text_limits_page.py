"""A text or file too large for the solver, in the page (issue #39).

Open file… with 60 MB of one-cell rows (under the page's byte limit) once left the solver busy
for 60 s, then "Stopped; the board is as it was." with the solver down until Retry, and no word
that the text was too large.  Now the page counts the lines before sending (static/model/limits.js, as
lightsout.text.text_input counts them) and refuses with the limit in the message, in English and 中文;
the solver was never asked, stays up and answers the next request; the board is as it was.  A text
within the page's checks but past a limit of the solver's reader (a million and one rows) is refused
by Python at its line, quickly, with the limit in the message."""

from __future__ import annotations

from pathlib import Path

from e2e_helpers import set_language, shots_dir
from playwright.sync_api import Page, expect

LINES = 1 << 21  # the API's max_text_lines


def open_file(page: Page, path: Path) -> None:
    page.locator("#file-input").set_input_files(str(path))


def paste(page: Page, text: str) -> None:
    """Paste ``text`` over the page (not into the Board box: a million lines in a textarea take Chromium
    half a minute to lay out, which is why the page holds a big paste aside for Load)."""
    page.evaluate("(text) => { const data = new DataTransfer(); data.setData('text/plain', text); "
                  "document.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true})); }", text)


def load(page: Page, text: str, side: int) -> None:
    """Load a small board (side × side) from the Board box and wait until it is on the page."""
    page.locator("#board-text").fill(text)
    page.locator("#load").click()
    page.wait_for_function("(side) => { const s = window.lightsOut.statesSnapshot(); return s.rows === side && s.cols === side; }", arg=side)
    expect(page.locator("#board-error")).to_have_text("")


def solver_answers(page: Page) -> None:
    """The solver is up and free: nothing pending, and a request answered at once."""
    assert page.evaluate("() => window.lightsOut.solverInfo().pending") == 0
    reply = page.evaluate("() => window.lightsOut.request({op: 'verify', board: '1x1:AQ', presses: '1x1:AQ'})")
    assert reply.get("solved") is True, reply


def test_a_file_of_too_many_lines_is_refused_before_it_is_sent(ready_page: Page, tmp_path: Path):
    page = ready_page
    assert page.evaluate("() => window.lightsOut.limits().max_text_lines") == LINES
    load(page, "#.#\n.#.\n#.#", 3)
    before = page.evaluate("() => window.lightsOut.statesSnapshot()")
    heap = page.evaluate("() => window.lightsOut.solverInfo().heapBytes")
    rows = tmp_path / "rows.txt"
    rows.write_bytes(b"#\n" * 30_000_000)  # 60 MB: the file
    error = page.locator("#board-error")
    try:
        for language, words in (("en", f"The file has more than {LINES:,} lines; the solver reads at most {LINES:,}."),
                                ("zh", f"文件超过 {LINES:,} 行；求解器最多读取 {LINES:,} 行。")):
            set_language(page, language)
            page.evaluate("() => { document.getElementById('board-error').textContent = ''; }")
            open_file(page, rows)
            expect(error).to_have_text(words)
            expect(page.locator("#status .message")).to_have_text(words)
            page.screenshot(path=str(shots_dir("text-limits") / f"file-too-many-lines-{language}.png"))
            assert page.evaluate("() => window.lightsOut.statesSnapshot()") == before  # the board as it was
            solver_answers(page)
        assert page.evaluate("() => window.lightsOut.solverInfo().heapBytes") == heap  # the solver never saw it
    finally:
        set_language(page, "en")


def test_a_paste_of_too_many_lines_is_refused_before_it_is_sent(ready_page: Page):
    page = ready_page
    load(page, "#.\n.#", 2)
    before = page.evaluate("() => window.lightsOut.statesSnapshot()")
    paste(page, "\n#" * LINES)  # a blank first line: LINES + 1 lines
    expect(page.locator("#board-error")).to_have_text(
        f"The text has more than {LINES:,} lines, the most the solver reads; open a smaller board.")
    assert page.evaluate("() => window.lightsOut.statesSnapshot()") == before
    solver_answers(page)


def test_a_text_past_the_readers_row_limit_is_refused_by_the_solver_at_its_line(ready_page: Page):
    # Within the page's checks (2 MB, a million and one lines): sent, and refused by Python where the row
    # past max_long_side starts, in a second or two (it was 1 GB and seconds a MB of such rows).
    page = ready_page
    load(page, "#.\n.#", 2)
    before = page.evaluate("() => window.lightsOut.statesSnapshot()")
    paste(page, "#\n" * 1_000_001)
    error = page.locator("#board-error")
    expect(error).to_have_text("Line 1,000,001, column 1: a board has at most 1,000,000 rows; this is row 1,000,001.")
    assert page.evaluate("() => window.lightsOut.statesSnapshot()") == before
    solver_answers(page)
