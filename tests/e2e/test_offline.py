"""Offline: after one visit the service worker serves the page, its modules, the Pyodide
runtime and both wheels from its cache, so a reload with the network off plays and solves."""

from __future__ import annotations

import json

from conftest import CONTEXT_OPTIONS, PageWatch, wait_ready
from e2e_helpers import board, cell, read_board, simulate_press, solve_and_press_marks, status
from playwright.sync_api import expect


def test_the_page_plays_and_solves_offline_after_one_visit(browser, site_url, site_dir):
    context = browser.new_context(**{**CONTEXT_OPTIONS, "service_workers": "allow"})
    watch = PageWatch()
    watch.attach(context)
    try:
        page = context.new_page()
        page.goto(site_url)
        wait_ready(page)
        # The worker installs (precaching every file) and activates; the page that
        # registered it is controlled from its next load.
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
        version = json.loads((site_dir / "static" / "precache.json").read_text())["version"]
        assert page.evaluate("caches.keys()") == [f"lightsout-{version}"]

        context.set_offline(True)
        page.reload()
        expect(board(page).get_by_role("gridcell")).to_have_count(25)
        before = read_board(page)
        cell(page, 2, 2).click()
        assert read_board(page) == simulate_press(before, 2, 2)
        wait_ready(page)
        expect(status(page)).to_have_attribute("data-state", "ready")
        solve_and_press_marks(page)
        # A new build changes sw.js, so the browser would install a new worker and cache;
        # the old "lightsout-*" caches go on activation (static/sw.js).
        assert watch.errors == []
    finally:
        context.close()
