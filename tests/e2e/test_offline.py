"""Offline: after one visit the service worker serves the page, its modules, the Pyodide
runtime and the Python zip from its cache, so a reload with the network off plays and solves."""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

from conftest import CONTEXT_OPTIONS, PageWatch, serve_site, wait_ready, without_solver
from e2e_helpers import board, cell, read_board, simulate_press, solve_and_press_marks, status, wait_in_page
from playwright.sync_api import expect

_spec = importlib.util.spec_from_file_location("site_build_for_offline", Path(__file__).resolve().parents[2] / "build.py")
_build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_build)
write_offline_files = _build.write_offline_files


def test_the_page_plays_and_solves_offline_after_one_visit(browser, site_url, site_dir):
    context = browser.new_context(**{**CONTEXT_OPTIONS, "service_workers": "allow"})
    watch = PageWatch()
    watch.attach(context)
    try:
        page = context.new_page()
        page.goto(site_url)
        wait_ready(page)
        # The worker installs (precaching every file) and activates; the page that
        # registered it is controlled from its next load (the offline one below).
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        assert page.evaluate("navigator.serviceWorker.controller") is None
        # The solver's worker keeps its snapshot after "ready", in the background: wait for it.
        wait_in_page(page, """async () => Boolean(await (await caches.open("lightsout:snapshot"))
                                 .match(new URL("static/start.snapshot", document.baseURI).href))""")
        version = json.loads((site_dir / "static" / "precache.json").read_text())["version"]
        # The site's cache, and the solver's kept snapshot (its own cache, which the service worker leaves alone).
        assert sorted(page.evaluate("caches.keys()")) == sorted([f"lightsout-{version}", "lightsout:snapshot"])

        context.set_offline(True)
        page.reload()
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        expect(board(page).get_by_role("gridcell")).to_have_count(25)
        before = read_board(page)
        cell(page, 2, 2).click()
        assert read_board(page) == simulate_press(before, 2, 2)
        wait_ready(page)
        expect(status(page)).to_have_attribute("data-state", "ready")
        expect(status(page)).to_have_attribute("data-solver-start", "snapshot")
        # The first visit fetched the runtime's brotli copies; install unpacked them into the cache
        # under the originals' names (sw.js), and a page it controls is given those: nothing to decode.
        assert page.evaluate("window.lightsOut.solverInfo().start.files") == {}
        info = json.loads((site_dir / "static" / "build-info.json").read_text())
        for path in ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"):
            assert page.evaluate("""async ([name, path]) => {
              const response = await (await caches.open(name)).match(new URL(path, new URL("./", document.baseURI)).href);
              const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
              return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
            }""", [f"lightsout-{version}", path]) == info["runtimeSha256"][path]
        solve_and_press_marks(page)
        # A new build changes sw.js, so the browser would install a new worker and cache;
        # the old "lightsout-*" caches go on activation (static/sw.js).
        assert watch.errors == []
    finally:
        context.close()


def wait_for_caches(page, want: str, timeout_ms: int = 60_000) -> None:
    """Wait until the origin's cache names, sorted and joined by commas, are `want` (polled in
    the page: wait_for_function would take the returned promise itself as truthy)."""
    names = page.evaluate("""async ([want, timeout]) => {
      const end = Date.now() + timeout;
      let names = (await caches.keys()).sort();
      while (names.join() !== want && Date.now() < end) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        names = (await caches.keys()).sort();
      }
      return names.join();
    }""", [want, timeout_ms])
    assert names == want


def test_a_new_build_replaces_the_cache_and_deletes_the_old_one(browser, site_dir, tmp_path):
    """A deploy changes sw.js (its VERSION) and precache.json: the browser installs the new
    worker, which fills lightsout-<new> and deletes every other lightsout-* cache (not the
    solver's kept snapshot, "lightsout:snapshot": it names the build that made it).

    The solver plays no part: the page gets an idle stand-in worker (conftest.without_solver, on
    the page: a route on the context would take the service worker's own requests too, and its
    install never ends) whose start fails at once (?load-timeout=1), as the page registers the
    service worker once its solver has started or failed (app.js). The snapshot's cache is made
    by the test, as the solver's worker would keep it."""
    site = tmp_path / "site"
    shutil.copytree(site_dir, site)
    context = browser.new_context(**{**CONTEXT_OPTIONS, "service_workers": "allow"})
    try:
        with serve_site(site) as url:
            page = context.new_page()
            without_solver(page)
            page.goto(url + "?load-timeout=1")
            expect(status(page)).to_have_attribute("data-state", "error")
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            old = json.loads((site / "static" / "precache.json").read_text())["version"]
            wait_for_caches(page, f"lightsout-{old}")
            page.evaluate("""async () => {
              await (await caches.open("lightsout:snapshot")).put(new URL("static/start.snapshot", document.baseURI).href,
                                                                  new Response("a kept snapshot"));
              await caches.open("lightsout-stale");
            }""")
            wait_for_caches(page, f"lightsout-{old},lightsout-stale,lightsout:snapshot")
            # "Deploy" a new build: one changed file, so a new list, version and sw.js.
            (site / "static" / "page" / "i18n.js").write_text((site / "static" / "page" / "i18n.js").read_text() + "\n// new build\n")
            sw = (site / "sw.js").read_text()
            (site / "static" / "sw.js").write_text(sw)  # write_offline_files moves it back to the root
            (site / "static" / "precache.json").unlink()
            new = write_offline_files(site)
            assert new != old
            page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update()).then(() => true)")
            wait_for_caches(page, f"lightsout-{new},lightsout:snapshot")
            cached = page.evaluate(
                """async (name) => {
                  const cache = await caches.open(name);
                  const key = (await cache.keys()).find((request) => request.url.endsWith('/static/page/i18n.js'));
                  return key ? (await cache.match(key)).text() : "keys: " + (await cache.keys()).map((r) => r.url).join(" ");
                }""",
                f"lightsout-{new}")
            assert cached.endswith("// new build\n"), cached[-300:]
            page.close()
    finally:
        context.close()
