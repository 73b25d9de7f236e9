"""The solver's two ways to start (static/worker.js): restoring the start-up snapshot that
build.py made, and the usual path (Pyodide, micropip, the wheel) it falls back to when the
snapshot does not match this build or cannot be read. Both must end in a working solver;
which one was taken is `#status[data-solver-start]` ("snapshot" or "install") and
`lightsOut.solverInfo().start`.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable

import pytest
from conftest import READY_TIMEOUT_MS, PageWatch, wait_ready
from e2e_helpers import grid_text, load_text, simulate_press, solve_and_press_marks, status
from playwright.sync_api import Browser, Page, Route, expect

SNAPSHOT = re.compile(r".*/snapshot/[^/]+\.snapshot\.gz$")
BUILD_INFO = re.compile(r".*/static/build-info\.json$")
# The worker's own policy, as strict as test_security.py's: no eval in the worker either.
STRICT_WORKER_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'"


def _pressed(presses: list[tuple[int, int]]) -> list[list[int]]:
    cells = [[0] * 5 for _ in range(5)]
    for row, col in presses:
        cells = simulate_press(cells, row, col)
    return cells


BOARD = _pressed([(0, 0), (1, 3), (2, 2), (4, 1)])  # solvable by construction


def solve_board(page: Page) -> None:
    """Load a solvable 5×5 board, press Solve, and check the marks by simulation (then by pressing them)."""
    load_text(page, grid_text(BOARD))
    assert solve_and_press_marks(page), "a non-trivial board needs presses"


def started_from(page: Page) -> dict:
    return page.evaluate("window.lightsOut.solverInfo().start")


def test_a_normal_load_restores_the_snapshot_and_solves(fresh_page, site_url, site_dir):
    page, watch = fresh_page
    requested: list[str] = []
    page.context.on("request", lambda request: requested.append(request.url))
    page.goto(site_url)
    wait_ready(page)
    expect(status(page)).to_have_attribute("data-solver-start", "snapshot")
    start = started_from(page)
    assert start["path"] == "snapshot" and start["fallback"] is None
    # The snapshot replaces micropip and the wheel's install: micropip is never fetched.
    info = json.loads((site_dir / "static" / "build-info.json").read_text())
    assert any(url.endswith(info["snapshot"]["file"]) for url in requested)
    assert not any("/micropip-" in url for url in requested)
    solve_board(page)
    assert watch.errors == [] and watch.outside_requests() == []


def _damaged(route: Route) -> None:
    """The real snapshot with bytes changed in its middle (still gzip, wrong sha256)."""
    response = route.fetch()
    body = bytearray(response.body())
    body[len(body) // 2: len(body) // 2 + 64] = bytes(64)
    route.fulfill(response=response, body=bytes(body))


def _other_wheel(route: Route) -> None:
    """build-info.json whose snapshot was made for another wheel."""
    info = route.fetch().json()
    info["snapshot"]["wheelSha256"] = "0" * 64
    route.fulfill(status=200, body=json.dumps(info), content_type="application/json")


def _other_pyodide(route: Route) -> None:
    info = route.fetch().json()
    info["snapshot"]["pyodide"] = "0.0.1"
    route.fulfill(status=200, body=json.dumps(info), content_type="application/json")


def _not_gzip(route: Route) -> None:
    """A file with the right name that is not the memory of this runtime at all."""
    route.fulfill(status=200, body=b"not a snapshot" * 1000, content_type="application/octet-stream")


def _small_manifest(route: Route) -> None:
    """build-info.json that says the snapshot is 4 kB, compressed and raw: the real file is
    longer than any file the manifest describes, and the worker stops reading it there (as
    it would a server that never stops sending)."""
    info = route.fetch().json()
    info["snapshot"]["bytes"] = info["snapshot"]["rawBytes"] = 4096
    route.fulfill(status=200, body=json.dumps(info), content_type="application/json")


# case: (URL pattern, handler, words in solverInfo().start.fallback)
FALLBACKS: dict[str, tuple[re.Pattern[str], Callable[[Route], None], str]] = {
    "snapshot damaged": (SNAPSHOT, _damaged, "is damaged or incomplete"),
    "snapshot missing": (SNAPSHOT, lambda route: route.fulfill(status=404, body="gone"), "HTTP 404"),
    "snapshot not this runtime's memory": (SNAPSHOT, _not_gzip, "is damaged or incomplete"),
    "snapshot longer than its manifest": (BUILD_INFO, _small_manifest, "longer than its manifest says (over 4096 bytes)"),
    "made for another wheel": (BUILD_INFO, _other_wheel, "made for another wheel"),
    "made for another Pyodide": (BUILD_INFO, _other_pyodide, "made for Pyodide 0.0.1"),
}


# The case followed to the end of the usual start and a solve; the others stop once the
# snapshot is refused (their usual start is the same path). A missing snapshot is refused
# once the worker has begun the snapshot's start (loadPyodide is waiting for its memory),
# like a damaged one, without twice 7 MB through the test's route first: under the full
# parallel run "damaged", followed, took 25 s of the page's 30 s start deadline.
FOLLOWED = "snapshot missing"
assert FOLLOWED in FALLBACKS


@pytest.mark.parametrize("case", list(FALLBACKS))
def test_a_snapshot_that_does_not_match_falls_back_to_the_usual_start(fresh_page, site_url, case):
    """Each case is refused for its reason, and the page goes on starting (FOLLOWED: to a solve)."""
    page, watch = fresh_page
    pattern, handler, words = FALLBACKS[case]
    page.context.route(pattern, handler)
    page.goto(site_url)
    page.wait_for_function("window.lightsOut?.solverInfo().fallback != null", timeout=READY_TIMEOUT_MS)
    fallback = page.evaluate("window.lightsOut.solverInfo().fallback")
    assert words in fallback, fallback
    if case == FOLLOWED:
        wait_ready(page)  # ready, not an error: the reader sees only a slower start
        expect(status(page)).to_have_attribute("data-solver-start", "install")
        start = started_from(page)
        assert start["path"] == "install" and start["fallback"] == fallback, start
        solve_board(page)
    else:
        assert page.evaluate("document.getElementById('status').dataset.state") != "error"
    assert watch.errors == [] and watch.outside_requests() == []


def test_the_loopback_knob_switches_the_snapshot_off(fresh_page, site_url):
    """?snapshot=off takes the usual path from the start: the snapshot is not fetched. The
    snapshot's start asks for it before loadPyodide asks for the standard library, so
    once that is asked for, the snapshot never will be. (The usual path is followed to a
    solve by FOLLOWED above.)"""
    page, watch = fresh_page
    requested: list[str] = []
    page.context.on("request", lambda request: requested.append(request.url))
    with page.expect_request(re.compile(r".*/python_stdlib\.zip$"), timeout=READY_TIMEOUT_MS):
        page.goto(site_url + "?snapshot=off")
    page.wait_for_function("window.lightsOut?.solverInfo().fallback != null"
                           " || document.getElementById('status').dataset.state !== 'loading'", timeout=READY_TIMEOUT_MS)
    assert "switched off" in (page.evaluate("window.lightsOut.solverInfo().fallback") or "")
    assert not any(SNAPSHOT.match(url) for url in requested), requested
    assert watch.errors == []


def test_the_snapshot_is_restored_under_the_page_and_worker_policies(browser: Browser, site_url):
    """No CSP bypass here: the page's policy from its meta tag, the worker's as a header."""
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    watch = PageWatch()
    watch.attach(context)

    def with_csp(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-security-policy": STRICT_WORKER_CSP})

    context.route(re.compile(r".*/static/worker\.js$"), with_csp)
    page = context.new_page()
    try:
        page.goto(site_url)
        deadline = time.monotonic() + READY_TIMEOUT_MS / 1000
        while page.evaluate("document.getElementById('status').dataset.state") == "loading":
            assert time.monotonic() < deadline, "the solver did not start"
            page.wait_for_timeout(50)
        assert page.evaluate("document.getElementById('status').dataset.solverStart") == "snapshot"
        # #.# / .#. / #.# needs all nine presses (3×3 has nullity 0): check it by the verify op.
        reply = page.evaluate("window.lightsOut.request({ op: 'solve', board: '3x3:VQE', target: 'off' })")
        assert reply.get("solvable") is True and reply["presses"] == 9, reply
        check = page.evaluate(f"window.lightsOut.request({{ op: 'verify', board: '3x3:VQE', presses: '{reply['solution']}', target: 'off' }})")
        assert check.get("solved") is True, check
        assert [text for text in watch.errors if "Content Security Policy" in text] == []
    finally:
        context.close()


def test_the_build_names_and_describes_its_snapshot(site_dir):
    """build-info.json's manifest is the file's: its name carries the wheel's sha256 and the
    Pyodide version, it is gzip of rawBytes with rawSha256, and the service worker lists it."""
    import gzip
    import hashlib

    info = json.loads((site_dir / "static" / "build-info.json").read_text())
    manifest = info["snapshot"]
    assert manifest["wheelSha256"] == info["wheelSha256"] and manifest["pyodide"] == info["pyodide"]
    assert manifest["file"] == f"snapshot/lightsout-{info['wheelSha256'][:16]}-pyodide-{info['pyodide']}.snapshot.gz"
    compressed = (site_dir / manifest["file"]).read_bytes()
    assert len(compressed) == manifest["bytes"] and hashlib.sha256(compressed).hexdigest() == manifest["sha256"]
    raw = gzip.decompress(compressed)
    assert len(raw) == manifest["rawBytes"] and hashlib.sha256(raw).hexdigest() == manifest["rawSha256"]
    precache = json.loads((site_dir / "static" / "precache.json").read_text())
    assert {"path": manifest["file"], "sha256": manifest["sha256"]} in precache["files"]
    assert manifest["file"] in (site_dir / "sw.js").read_text()
