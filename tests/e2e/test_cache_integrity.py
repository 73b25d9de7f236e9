"""The offline cache trusts nothing it fetched or finds (static/sw.js, static/solver/):
a truncated file is never cached, so a broken first visit recovers by itself once the
server is fixed, and an entry another page of the same origin wrote into the site's
cache is never served.

The site is served by a real HTTP server (not page.route), under /lightsout/ next to a
foreign page at /other/, so the browser's HTTP cache and the service worker both see
what a deployment on user.github.io would give them.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import http.server
import json
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import CONTEXT_OPTIONS, READY_TIMEOUT_MS, PageWatch, wait_ready, without_solver
from e2e_helpers import button, solve_and_press_marks, status, wait_in_page
from playwright.sync_api import expect

A_YEAR_AGO = 1_700_000_000  # an old Last-Modified: heuristic HTTP freshness of weeks


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - base signature
        pass


@contextlib.contextmanager
def serve_origin(root: Path) -> Iterator[str]:
    """Serve `root` (which holds lightsout/ and other/) on 127.0.0.1; yields the origin."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, name="origin-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def origin(site_dir: Path, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A copy of the site at <origin>/lightsout/ and an empty page at <origin>/other/page.html."""
    shutil.copytree(site_dir, tmp_path / "lightsout")
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "page.html").write_text("<!doctype html><title>another site</title>")
    with serve_origin(tmp_path) as url:
        yield url, tmp_path / "lightsout"


@pytest.fixture
def context(browser):
    """A context with service workers allowed (the shared ones block them)."""
    context = browser.new_context(**{**CONTEXT_OPTIONS, "service_workers": "allow"})
    yield context
    context.close()


def wait_installed(page) -> None:
    """Wait until the service worker the page registered is active. It does not take the page
    that registered it (the first load is never claimed): the page's next load is its first
    controlled one, and the tests load the page again only where that load is what they check."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    assert page.evaluate("navigator.serviceWorker.controller") is None


def cached_sha256(page, cache: str, path: str) -> str | None:
    """The sha256 of the site cache's entry for `path` (relative to the site), or None."""
    return page.evaluate("""async ([name, path]) => {
      const cache = await caches.open(name);
      const response = await cache.match(new URL(path, new URL("./", document.baseURI)).href);
      if (!response) return null;
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
      return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
    }""", [cache, path])


PYTHON_ZIP = "pyodide/python_stdlib.zip"


def test_a_truncated_python_zip_on_the_first_visit_is_not_cached_and_a_reload_recovers(browser, context, origin):
    url, site = origin
    info = json.loads((site / "static" / "build-info.json").read_text())
    # The zip and its brotli copy (which the worker and the service worker try first).
    zips = [site / PYTHON_ZIP, site / f"{PYTHON_ZIP}.br"]
    good = [path.read_bytes() for path in zips]
    # The server sends half of each, and they look old, so the HTTP cache would keep
    # them fresh for weeks and revalidation (same Last-Modified as the fixed file) would
    # answer 304: only a fetch past the HTTP cache sees the fixed file.
    for path, data in zip(zips, good):
        path.write_bytes(data[: len(data) // 2])
        os.utime(path, (A_YEAR_AGO, A_YEAR_AGO))
    watch = PageWatch()
    watch.attach(context)
    page = context.new_page()
    page.goto(f"{url}/lightsout/")
    expect(status(page)).to_have_attribute("data-state", "error", timeout=READY_TIMEOUT_MS)
    expect(status(page)).to_contain_text(f"the file {PYTHON_ZIP} is damaged or incomplete")
    assert len(watch.errors) <= 1, watch.errors

    # The service worker refused to install with that zip: nothing is cached under its
    # version, and nothing controls the page.
    version = json.loads((site / "static" / "precache.json").read_text())["version"]
    # The page asks for the registration only once the solver has started (or failed): wait for
    # the browser's answer before waiting for the install to end, or a late install is missed.
    page.wait_for_selector("html[data-service-worker]", state="attached")
    page.evaluate("""async () => {
      for (;;) {  // until the install has ended (a failed first install drops the registration)
        const registration = await navigator.serviceWorker.getRegistration();
        if (!registration || (!registration.installing && !registration.waiting)) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }""")
    assert page.evaluate("navigator.serviceWorker.controller") is None
    assert f"lightsout-{version}" not in page.evaluate("caches.keys()")

    # The server is fixed (same names, same dates): a reload runs the real zip.
    for path, data in zip(zips, good):
        path.write_bytes(data)
        os.utime(path, (A_YEAR_AGO, A_YEAR_AGO))
    page.reload()
    wait_ready(page)
    solve_and_press_marks(page)
    # ... and the worker that installs now caches the real zip, so offline works too.
    wait_installed(page)
    assert cached_sha256(page, f"lightsout-{version}", PYTHON_ZIP) == info["runtimeSha256"][PYTHON_ZIP]
    context.set_offline(True)
    page.reload()
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    wait_ready(page)
    # The reload restored the game just solved (its link holds the moves): deal a new one.
    button(page, "New puzzle").click()
    expect(status(page)).to_contain_text("New ")
    solve_and_press_marks(page)


FOREIGN_APP = 'document.title = "pwned";'


def test_a_cache_entry_written_by_another_page_of_the_origin_is_never_served(context, origin):
    url, site = origin
    precache = json.loads((site / "static" / "precache.json").read_text())
    cache = precache["cache"]
    real = {entry["path"]: entry["sha256"] for entry in precache["files"]}
    # The first visit installs the service worker (checked files cached). Its solver plays no part:
    # an idle stand-in (on the page: a route on the context would take the service worker's own
    # requests too) whose start fails at once (?load-timeout=1), as the page registers the service
    # worker once its solver has started or failed (app.js).
    page = context.new_page()
    without_solver(page)
    page.goto(f"{url}/lightsout/?load-timeout=1")
    expect(status(page)).to_have_attribute("data-state", "error")
    wait_installed(page)
    assert cached_sha256(page, cache, "static/app.js") == real["static/app.js"]
    # A page the service worker controls asks for app.js: the worker checks the cached copy and
    # keeps it in its memo of checked files. (A file of the site opened as the page: no solver.)
    page.goto(f"{url}/lightsout/limits.json")
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert page.evaluate("fetch('static/app.js').then((response) => response.text())") == (site / "static" / "app.js").read_text()

    # Another site on the same origin (user.github.io/other/) writes into our cache.
    other = context.new_page()
    other.goto(f"{url}/other/page.html")
    other.evaluate("""async ([cache, target, body]) => {
      const opened = await caches.open(cache);
      await opened.put(target, new Response(body, { headers: { "content-type": "text/javascript" } }));
    }""", [cache, f"{url}/lightsout/static/app.js", FOREIGN_APP])
    assert cached_sha256(page, cache, "static/app.js") == hashlib.sha256(FOREIGN_APP.encode()).hexdigest()
    # ... and where the solver keeps its start-up snapshot: bytes that are not a snapshot, with
    # their own true sha256 and length and this build's key (all of which it can read). The
    # solver's worker restores nothing Pyodide refuses: it starts the usual way and keeps a
    # snapshot of its own in place of the foreign one.
    key = json.loads((site / "static" / "build-info.json").read_text())["snapshotKey"]
    other.evaluate("""async ([target, key]) => {
      const body = new TextEncoder().encode("not a snapshot ".repeat(100000));
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
      const sha256 = Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
      await (await caches.open("lightsout:snapshot")).put(target, new Response(body, { headers: {
        "x-lightsout-build": key, "x-lightsout-sha256": sha256, "x-lightsout-bytes": String(body.length) } }));
    }""", [f"{url}/lightsout/static/start.snapshot", key])

    # While the service worker runs, it answers from its memo of checked files: the foreign
    # entry is not even read (it is still there after the page has loaded).
    page.close()
    page = context.new_page()
    page.goto(f"{url}/lightsout/")
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    wait_ready(page)
    assert page.title() != "pwned"
    assert cached_sha256(page, cache, "static/app.js") == hashlib.sha256(FOREIGN_APP.encode()).hexdigest()
    start = page.evaluate("window.lightsOut.solverInfo().start")
    assert start["path"] == "install" and start["fallback"] != "no snapshot kept yet", start
    wait_in_page(page, """async () => {
      const kept = await (await caches.open("lightsout:snapshot")).match(new URL("static/start.snapshot", document.baseURI).href);
      return kept && Number(kept.headers.get("x-lightsout-bytes")) > 10000000;
    }""")

    # A later visit: the browser has stopped the idle service worker (and with it the
    # worker's memo of files it already checked), and a new page (a reload may take
    # app.js from the renderer's memory) asks for app.js again.
    session = context.new_cdp_session(other)
    session.send("ServiceWorker.enable")
    session.send("ServiceWorker.stopAllWorkers")
    page.close()
    page = context.new_page()
    page.goto(f"{url}/lightsout/")
    wait_ready(page)
    assert page.title() != "pwned"
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    solve_and_press_marks(page)
    # The foreign entry is gone, the real file is cached again, and offline still works.
    assert cached_sha256(page, cache, "static/app.js") == real["static/app.js"]
    context.set_offline(True)
    page.close()
    page = context.new_page()
    page.goto(f"{url}/lightsout/")
    wait_ready(page)
    assert page.title() != "pwned"
