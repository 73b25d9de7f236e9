"""The site loads from 127.0.0.1 under a sub-path, shows a playable board before Python
is ready, and reaches "ready" (a start that fails or hangs: test_failures.py)."""

from __future__ import annotations

import json

from conftest import wait_ready
from e2e_helpers import board, cell, read_board, simulate_press, status
from playwright.sync_api import expect


def test_board_is_playable_at_once_then_solver_becomes_ready(fresh_page, site_url):
    page, watch = fresh_page
    page.goto(site_url)
    # The JS-made 5×5 puzzle is there without waiting for Python.
    expect(board(page).get_by_role("gridcell")).to_have_count(25)
    before = read_board(page)
    cell(page, 2, 2).click()
    assert read_board(page) == simulate_press(before, 2, 2)
    wait_ready(page)
    expect(status(page)).to_contain_text("Ready")
    assert watch.outside_requests() == []
    assert watch.errors == []
    # Every file came from the site's own sub-path (relative URLs only).
    assert all(url.startswith(site_url) for url in watch.requests), watch.requests
    # The Python zip came from the site: the original, or (where the engine decodes brotli, or the
    # link is slow enough that decoding by script pays: static/solver/brotli.js) its brotli copy.
    assert any(url.endswith(("/pyodide/python_stdlib.zip", "/pyodide/python_stdlib.zip.br")) for url in watch.requests)
    # The solver's limits reached the page from the API (build.py's limits.json), before
    # Python loaded: exactly the "limits" op's reply, plus the page's own grid limit.
    from lightsout.api import handle

    api_limits = json.loads(handle('{"op": "limits"}'))
    del api_limits["ok"]
    page_limits = page.evaluate("window.lightsOut.limits()")
    assert page_limits.pop("gridLimit") == 64
    assert page_limits == api_limits
    from_worker = page.evaluate("window.lightsOut.request({op: 'limits'}).then(({payload, timing, ...reply}) => reply)")
    assert from_worker == {**api_limits, "ok": True}
