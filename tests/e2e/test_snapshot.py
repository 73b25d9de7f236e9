"""The solver's two ways to start (static/solver/start.js): the usual path (Pyodide, then the package
imported from the shipped Python zip), which also snapshots the interpreter's memory and keeps
it in Cache Storage ("lightsout:snapshot") with the build's snapshotKey and the memory's sha256;
and the next start, which restores that snapshot if this build made it and it is intact, and
otherwise falls back to the usual path (making a new one). Both must end in a working solver;
which one was taken is `#status[data-solver-start]` ("snapshot" or "install") and
`lightsOut.solverInfo().start`. Every case that damages the kept entry does it as another page
of the origin could: through the page's own Cache Storage.

Every start here runs under the page's Content Security Policy (its meta tag, not bypassed as in
the other modules' contexts) and a worker policy as strict as test_security.py's, served as the
worker script's header: the snapshot is made and restored, and each fallback taken, without eval
in the page or the worker. The tests wait without eval in the page too (wait_in_page, expect).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator

import pytest
from conftest import CONTEXT_OPTIONS, READY_TIMEOUT_MS, PageWatch, open_sections
from e2e_helpers import grid_text, load_text, simulate_press, solve_and_press_marks, status, wait_in_page
from playwright.sync_api import Browser, Page, Route, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

# The worker's own policy, as strict as test_security.py's: no eval in the worker either.
STRICT_WORKER_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'"

# The kept entry, as the page sees it: {build, sha256, bytes (header), length (body), bodySha256}, or null.
KEPT = """async () => {
  const cache = await caches.open("lightsout:snapshot");
  const kept = await cache.match(new URL("static/start.snapshot", document.baseURI).href);
  if (!kept) return null;
  const body = await kept.arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return { build: kept.headers.get("x-lightsout-build"), sha256: kept.headers.get("x-lightsout-sha256"),
           bytes: Number(kept.headers.get("x-lightsout-bytes")), length: body.byteLength,
           bodySha256: Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("") };
}"""

# Replace the kept entry: `change` is "damage" (64 bytes in the middle inverted, headers kept),
# "truncate" (half the body, headers kept), "other-build" (the build key changed), or
# "foreign" (bytes that are no snapshot, with their own true sha256, length and this build's key:
# what a foreign page of the origin could write).
REWRITE = """async (change) => {
  const cache = await caches.open("lightsout:snapshot");
  const url = new URL("static/start.snapshot", document.baseURI).href;
  const kept = await cache.match(url);
  const headers = Object.fromEntries(kept.headers);
  let body = new Uint8Array(await kept.arrayBuffer());
  if (change === "damage") for (let i = body.length >> 1; i < (body.length >> 1) + 64; i++) body[i] ^= 0xff;
  if (change === "truncate") body = body.slice(0, body.length >> 1);
  if (change === "other-build") headers["x-lightsout-build"] = "0".repeat(64);
  if (change === "foreign") {
    body = new TextEncoder().encode("not a snapshot ".repeat(100000));
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
    headers["x-lightsout-sha256"] = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
    headers["x-lightsout-bytes"] = String(body.length);
  }
  await cache.put(url, new Response(body, { headers }));
}"""


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


def wait_ready(page: Page) -> None:
    """conftest.wait_ready without eval in the page (its policy holds here): wait until the solver
    has loaded; fail at once (with the message) if it failed."""
    wait_in_page(page, "() => document.getElementById('status').dataset.state !== 'loading'")
    expect(status(page)).to_have_attribute("data-state", "ready", timeout=1)
    open_sections(page)


def solves_by_request(page: Page) -> None:
    """The solver answers the API's solve and verify ops: #.# / .#. / #.# needs all nine presses
    (3×3 has nullity 0)."""
    reply = page.evaluate("window.lightsOut.request({ op: 'solve', board: '3x3:VQE', target: 'off' })")
    assert reply.get("solvable") is True and reply["presses"] == 9, reply
    check = page.evaluate(f"window.lightsOut.request({{ op: 'verify', board: '3x3:VQE', presses: '{reply['solution']}', target: 'off' }})")
    assert check.get("solved") is True, check


def started_from(page: Page) -> dict:
    return page.evaluate("window.lightsOut.solverInfo().start")


def kept_snapshot(page: Page) -> dict:
    """The kept entry once the worker has written it (it does so after "ready")."""
    return wait_in_page(page, KEPT)


def globals_left_patched(page: Page) -> list[str]:
    """The globals the start borrowed (fetch, console.warn, console.error) that are not the
    browser's own in the solver's worker, once it is ready: none, whichever path it took."""
    worker = next(worker for worker in reversed(page.workers) if "/static/worker.js" in worker.url)
    return worker.evaluate("""() => Object.entries({ fetch, warn: console.warn, error: console.error })
      .filter(([, f]) => !/\\{\\s*\\[native code\\]\\s*\\}$/.test(Function.prototype.toString.call(f)))
      .map(([name]) => name)""")


def build_info(site_dir) -> dict:
    return json.loads((site_dir / "static" / "build-info.json").read_text())


BUILD_INFO = re.compile(r".*/static/build-info\.json$")
WORKER = re.compile(r".*/static/worker\.js(\?.*)?$")
WASM = re.compile(r".*/pyodide\.asm\.wasm(\.br)?$")


class SnapshotSite:
    """One context for the module: its first visit (the usual start, which keeps a snapshot) is made
    once, and recorded; each test then starts the page again as it needs (a restore, a fallback).
    On the first visit build-info.json is held back until the wasm has been asked for (a start that
    waited for it would never ask): test_a_first_visit_fetches_the_runtime_without_waiting_for_build_info."""

    def __init__(self, browser: Browser, site_url: str) -> None:
        self.context = browser.new_context(**{**CONTEXT_OPTIONS, "bypass_csp": False})
        self.policies_served = 0  # worker scripts served with the worker's policy
        self.enforce_worker_policy()
        self.watch = PageWatch()
        self.watch.attach(self.context)
        self.requested: list[str] = []
        self.context.on("request", lambda request: self.requested.append(request.url))
        self.site_url = site_url
        held: list[Route] = []
        self.context.route(BUILD_INFO, lambda route: held.append(route))
        self.page = self.context.new_page()
        try:
            # Asked for while build-info.json is held: at once (≈ 0.1 s). A start that waits for the
            # file is let go on after 20 s, within its start-up deadline (30 s without progress), so
            # that only the test of it fails.
            with self.page.expect_request(WASM, timeout=20_000):
                self.page.goto(site_url)
            self.wasm_asked_first = True
        except PlaywrightTimeoutError:
            self.wasm_asked_first = False
        self.page.evaluate("0")  # a round trip: the route's handler has run by its end
        self.build_info_held = len(held)  # build-info.json asked for, and held, by the time the wasm was asked for
        for route in held:
            route.continue_()
        self.context.unroute(BUILD_INFO)
        wait_ready(self.page)
        # What the first visit was: its start, what it fetched, what it left patched.
        self.first_start = started_from(self.page)
        self.first_start_attribute = self.page.get_attribute("#status", "data-solver-start")
        self.first_requests = list(self.requested)
        self.first_patched = globals_left_patched(self.page)

    def enforce_worker_policy(self) -> None:
        """Serve the solver's worker script with STRICT_WORKER_CSP as its header (the worker's own policy)."""
        def with_csp(route: Route) -> None:
            response = route.fetch()
            route.fulfill(response=response, headers={**response.headers, "content-security-policy": STRICT_WORKER_CSP})
            self.policies_served += 1

        self.context.route(WORKER, with_csp)

    def with_snapshot_kept(self) -> Page:
        """The page once this build's intact snapshot is kept (after a test that left none: started again)."""
        if self.page.evaluate(KEPT) is None:
            self.page.goto("about:blank")
            self.page.goto(self.site_url)
            wait_ready(self.page)
        kept = kept_snapshot(self.page)
        assert kept["bodySha256"] == kept["sha256"], kept
        return self.page


@pytest.fixture(scope="module")
def snapshot_site(browser: Browser, site_url: str) -> Iterator[SnapshotSite]:
    site = SnapshotSite(browser, site_url)
    yield site
    site.context.unroute_all(behavior="ignoreErrors")
    site.context.close()


@pytest.fixture
def visited(snapshot_site: SnapshotSite, site_dir) -> Iterator[tuple[Page, PageWatch]]:
    """The module's page with this build's snapshot kept; after the test, no console error and nothing outside."""
    errors_before = len(snapshot_site.watch.errors)
    page = snapshot_site.with_snapshot_kept()
    assert page.evaluate(KEPT)["build"] == build_info(site_dir)["snapshotKey"]
    yield page, snapshot_site.watch
    snapshot_site.context.unroute_all(behavior="ignoreErrors")  # what the test routed; then the module's own again
    snapshot_site.enforce_worker_policy()
    assert snapshot_site.watch.errors[errors_before:] == [] and snapshot_site.watch.outside_requests() == []


def test_a_first_visit_starts_the_usual_way_keeps_a_checked_snapshot_and_the_next_restores_it(snapshot_site, visited, site_url):
    """Both ways, under the page's and the worker's policies (the module's context: no CSP bypass,
    the worker's own header), with no console error (visited): the snapshot is made and restored
    without eval, and each start then answers requests."""
    page, _ = visited
    first = snapshot_site
    assert first.policies_served >= 1  # the first visit's worker script came with the worker's policy
    assert first.first_start_attribute == "install"
    start = first.first_start
    assert start["path"] == "install" and start["fallback"] == "no snapshot kept yet", start
    # "ready" did not wait for the snapshot: it is made after (before any request runs).
    assert {"started", "apiReady"} <= set(start["steps"]) and "snapshotMade" not in start["steps"], start["steps"]
    assert first.first_patched == []
    # The kept entry records the memory's sha256 and length, and they are its body's.
    kept = page.evaluate(KEPT)
    assert kept["bodySha256"] == kept["sha256"] and kept["length"] == kept["bytes"] > 10_000_000
    # Only what the start uses is fetched: no lock file, no package (micropip, a wheel), no snapshot;
    # the wasm and the Python zip as their brotli copies first (issue 51). Chromium has no
    # DecompressionStream("brotli"): over this loopback link, faster than its decoder by script,
    # each copy is dropped once its first bytes show it, and the file is fetched as it is
    # (brotli.js; the slow link's test sees the copies decoded).
    names = {url.split("?")[0].rsplit("/", 1)[-1] for url in first.first_requests}
    assert {"pyodide.asm.wasm.br", "python_stdlib.zip.br", "pyodide.asm.mjs", "build-info.json"} <= names
    for path, how in start["files"].items():
        assert how == "brotli, script" or how.startswith("original (the link is fast"), start["files"]
        assert (path.rsplit("/", 1)[-1] in names) == how.startswith("original"), (names, start["files"])
    assert sorted(start["files"]) == ["pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"], start
    assert not [name for name in names if name == "pyodide-lock.json" or name.endswith((".whl", ".gz", ".snapshot"))], names
    solve_board(page)
    solves_by_request(page)

    served = first.policies_served
    page.goto("about:blank")
    page.goto(site_url)
    wait_ready(page)
    assert first.policies_served > served  # this start's worker script too
    expect(status(page)).to_have_attribute("data-solver-start", "snapshot")
    start = started_from(page)
    assert start["path"] == "snapshot" and start["fallback"] is None, start
    assert {"snapshotRead", "snapshotChecked", "restored"} <= set(start["steps"])
    assert globals_left_patched(page) == []
    solve_board(page)
    solves_by_request(page)


# case: words in solverInfo().start.fallback
FALLBACKS = {
    "damage": "is damaged (its sha256 is not the one recorded when it was made)",
    "truncate": "is damaged (its sha256 is not the one recorded when it was made)",
    "other-build": "was made by another build",
    "foreign": "",  # its sha256 matches; Pyodide refuses the memory (any reason)
}


@pytest.mark.parametrize("change", list(FALLBACKS))
def test_a_kept_snapshot_that_is_not_this_builds_intact_memory_falls_back_and_is_replaced(visited, site_url, site_dir, change):
    """Each case is refused (the reader sees only the usual start), the page solves, and a new,
    intact snapshot of this build replaces the entry."""
    page, _ = visited
    before = page.evaluate(KEPT)
    page.evaluate(REWRITE, change)
    page.goto("about:blank")
    page.goto(site_url)
    wait_ready(page)  # ready, not an error
    expect(status(page)).to_have_attribute("data-solver-start", "install")
    start = started_from(page)
    assert start["path"] == "install" and FALLBACKS[change] in start["fallback"] and start["fallback"] != "no snapshot kept yet", start
    solve_board(page)
    # A new intact snapshot is kept in its place (what the entry was before is `before`).
    kept = wait_in_page(page, f"""async (before) => {{
      const kept = await ({KEPT})();
      return kept && JSON.stringify(kept) !== JSON.stringify(before) && kept.bodySha256 === kept.sha256 && kept;
    }}""", before)
    assert kept["build"] == build_info(site_dir)["snapshotKey"]


def test_a_damaged_python_zip_is_named_on_the_snapshots_path_too(visited, site_url):
    """Python does not read its zip while it restores a snapshot: the worker checks the zip as
    it is fetched, so a truncated one is still named (and not restored over), and Retry recovers."""
    page, _ = visited

    def truncated(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=response.body()[:100_000])

    zips = re.compile(r".*/python_stdlib\.zip(\.br)?$")
    page.context.route(zips, truncated)  # its brotli copy too, which the worker tries first
    page.goto("about:blank")
    page.goto(site_url)
    expect(status(page)).to_have_attribute("data-state", "error", timeout=READY_TIMEOUT_MS)
    expect(status(page)).to_contain_text("the file pyodide/python_stdlib.zip is damaged or incomplete")
    page.context.unroute(zips)
    page.get_by_role("button", name="Retry").click()
    wait_ready(page)
    expect(status(page)).to_have_attribute("data-solver-start", "snapshot")
    solve_board(page)


def test_a_first_visit_fetches_the_runtime_without_waiting_for_build_info(snapshot_site, visited):
    """With no snapshot kept, the worker starts Pyodide (so its downloads) at once: it does not
    wait for build-info.json, which only a restore needs before it starts. On the module's first
    visit the file was held back until the wasm was asked for (SnapshotSite): the wasm must be
    asked for before it arrives, and the start must still end ready (and solve)."""
    page, _ = visited
    first = snapshot_site
    assert first.wasm_asked_first, "the wasm was not asked for while build-info.json was held back"
    assert first.build_info_held == 1, "build-info.json was not asked for before the wasm"
    start = first.first_start
    assert start["path"] == "install" and start["fallback"] == "no snapshot kept yet", start
    fetches = start["fetches"]  # name: [asked, arrived], ms since the worker began
    assert fetches["pyodide.asm.wasm.br"][0] < fetches["build-info.json"][1], fetches
    solve_board(page)


def test_the_loopback_knob_switches_the_snapshot_off(visited, site_url):
    """?snapshot=off takes the usual path although a snapshot is kept, and keeps none."""
    page, _ = visited
    page.evaluate("caches.delete('lightsout:snapshot')")
    page.goto("about:blank")
    page.goto(site_url + "?snapshot=off")
    wait_ready(page)
    expect(status(page)).to_have_attribute("data-solver-start", "install")
    assert "switched off" in started_from(page)["fallback"]
    solve_board(page)  # a request runs only once the start's snapshot, if any, is made
    assert page.evaluate(KEPT) is None


def test_the_build_ships_no_snapshot_and_keys_the_kept_one_to_what_shapes_it(site_dir):
    """build-info.json's snapshotKey is the sha256 of every file that shapes the memory (the
    runtime, the Python zip, worker.js and the start's modules in static/solver/); the site ships
    no snapshot, lock file or wheel."""
    info = build_info(site_dir)
    worker = ["static/worker.js", *sorted(path.relative_to(site_dir).as_posix() for path in (site_dir / "static" / "solver").glob("*.js"))]
    assert "static/solver/start.js" in worker
    shaping = {path: hashlib.sha256((site_dir / path).read_bytes()).hexdigest()
               for path in [*info["runtimeSha256"], *worker]}
    assert {path: shaping[path] for path in info["runtimeSha256"]} == info["runtimeSha256"]
    assert info["snapshotKey"] == hashlib.sha256(json.dumps(shaping, sort_keys=True).encode()).hexdigest()
    shipped = [path.relative_to(site_dir).as_posix() for path in site_dir.rglob("*") if path.is_file()]
    assert not [path for path in shipped if path.endswith((".gz", ".whl", "pyodide-lock.json")) or "snapshot" in path], shipped
