"""The site loads from 127.0.0.1 under a sub-path, shows a playable board before Python
is ready, reaches "ready", and recovers from a failed solver start with Retry."""

from __future__ import annotations

import json
import re

from conftest import READY_TIMEOUT_MS, wait_ready
from e2e_helpers import board, button, cell, read_board, simulate_press, status
from playwright.sync_api import Route, expect


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
    assert any(url.endswith("/pyodide/python_stdlib.zip") for url in watch.requests)
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


def test_failed_start_shows_error_and_retry_recovers(fresh_page, site_url):
    page, watch = fresh_page
    # The worker's requests go through the context's routes too. (An aborted .wasm makes
    # Pyodide hang rather than fail: that case is the timeout test below.)
    page.context.route(re.compile(r".*/python_stdlib\.zip$"), lambda route: route.abort())
    page.goto(site_url)
    expect(status(page)).to_have_attribute("data-state", "error", timeout=READY_TIMEOUT_MS)
    expect(status(page)).to_contain_text("could not start")
    retry = button(page, "Retry")
    expect(retry).to_be_visible()
    page.screenshot(path="test-results/solver-error.png")
    before = read_board(page)  # the board is untouched by the failure
    page.context.unroute_all(behavior="ignoreErrors")
    retry.click()
    wait_ready(page)
    expect(retry).to_be_hidden()
    assert read_board(page) == before
    assert watch.outside_requests() == []


def test_hanging_start_times_out_with_retry(fresh_page, site_url):
    page, _ = fresh_page
    stalled: list[Route] = []
    # Hold the wasm back forever, as a wrongly served .wasm would hang Pyodide.
    page.context.route(re.compile(r".*/pyodide\.asm\.wasm$"), lambda route: stalled.append(route))
    page.goto(site_url + "?load-timeout=1500")
    expect(status(page)).to_have_attribute("data-state", "error")
    expect(status(page)).to_contain_text("did not start")
    expect(button(page, "Retry")).to_be_visible()
    page.context.unroute_all(behavior="ignoreErrors")
