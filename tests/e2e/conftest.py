"""Fixtures for browser tests: the built site served from 127.0.0.1 under a sub-path,
Debian's Chromium, and one shared ready page for tests that only need a loaded solver.

The site must be built (`python3 build.py`, which tests/run.sh runs); if dist/ is
missing it is built here once.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
SUB_PATH = "/lightsout/"  # like GitHub Pages' /<repository>/
# How long a solver's start may take before a test gives up: a cold start takes ~3 s here alone,
# but a minute beside the suite's other browsers and two CPU-bound processes. A bound for hangs.
READY_TIMEOUT_MS = 240_000
# The product's own deadlines (the start's 30 s without progress, a request's 60 s) give up on
# a machine that is merely slow, which a busy test machine is: every page the tests open has them
# at READY_TIMEOUT_MS (window.lightsOutTestKnobs, static/page/page-options.js; honoured on a
# loopback host only). A test of a deadline sets its own (?load-timeout=…, solver_options).
HARNESS_KNOBS = f"window.lightsOutTestKnobs = {{'load-timeout': {READY_TIMEOUT_MS}, 'request-timeout': {READY_TIMEOUT_MS}}};"
# How long any wait on the page may last before it fails: every wait ends on an event (a
# state, a text, an attribute), so the bound only decides when a broken page is given up on,
# and it is long enough for a machine busy with other work (issue 38: two CPU-bound
# processes beside the run). Playwright's own defaults (5 s for expect, 30 s for the rest)
# failed there. Tests that time the page assert durations they measure, not this bound.
WAIT_MS = 60_000
expect.set_options(timeout=WAIT_MS)
# Debian's Chromium, as its headless shell (the old headless mode, the build Playwright
# itself runs for headless tests) if installed: the same Blink and V8 with less of the
# browser around them (four heavy test modules in parallel: 97 → 86 s).
# Benchmarks run the full browser (full=True), which is what people use.
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/lib/chromium/chromium")
CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def chromium_path(full: bool = False) -> str:
    """$CHROMIUM if set, else Debian's headless shell (unless `full`), else its Chromium."""
    explicit = os.environ.get("CHROMIUM")
    shell = [] if full else [HEADLESS_SHELL]
    for candidate in ([explicit] if explicit else []) + [*shell, *CHROMIUM_CANDIDATES, shutil.which("chromium") or ""]:
        if candidate and Path(candidate).is_file():
            return candidate
    pytest.fail("no Chromium found: install Debian's `chromium-headless-shell` or `chromium` (tests/run.sh does it as root)")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": chromium_path(), "args": CHROMIUM_FLAGS}


class StartCount:
    """How many browser contexts, pages and solver workers (each one a Pyodide start) the browser
    tests open, in all and per test: printed at the end of the run, so a change that makes tests
    start Pyodide again shows. A stand-in worker (a script of the test's own served for
    static/worker.js: without_solver's idle one, or one that fails to start) starts none and is
    not counted: its page or context is marked `idle_solver`. E2E_STATS=1 also prints the counts
    per test."""

    KINDS = ("contexts", "pages", "pyodide")

    def __init__(self) -> None:
        self.totals = dict.fromkeys(self.KINDS, 0)
        self.per_test: dict[str, dict[str, int]] = {}
        self.current = "(session setup)"

    def add(self, what: str) -> None:
        self.totals[what] += 1
        counts = self.per_test.setdefault(self.current, dict.fromkeys(self.KINDS, 0))
        counts[what] += 1

    def watch_context(self, context: BrowserContext) -> BrowserContext:
        self.add("contexts")
        context.on("page", self.watch_page)
        for page in context.pages:
            self.watch_page(page)
        return context

    def watch_page(self, page: Page) -> None:
        self.add("pages")

        def started(worker) -> None:  # type: ignore[no-untyped-def]
            if "/static/worker.js" in worker.url and not (getattr(page, "idle_solver", False)
                                                           or getattr(page.context, "idle_solver", False)):
                self.add("pyodide")

        page.on("worker", started)


START_COUNT = StartCount()


def closing_quietly(context: BrowserContext) -> BrowserContext:
    """Make `context.close()` first drop its routes, ignoring handlers still running: a
    handler that fetched the real file (route.fetch) while the test ended would otherwise
    fail to fulfil ("Fetch response has been disposed") and Playwright raises that in the
    next test's first call, failing a test that did nothing wrong."""
    close = context.close

    def close_quietly(*args, **kwargs):
        context.unroute_all(behavior="ignoreErrors")
        return close(*args, **kwargs)

    context.close = close_quietly  # type: ignore[method-assign]
    return context


@pytest.fixture(scope="session", autouse=True)
def _count_starts(browser: Browser) -> Iterator[None]:
    """Every context the tests open is counted (StartCount), gives the product's deadlines a busy
    machine's time (HARNESS_KNOBS) and closes quietly (closing_quietly)."""
    new_context, new_page = browser.new_context, browser.new_page

    def counted_context(*args, **kwargs):
        context = new_context(*args, **kwargs)
        context.set_default_timeout(WAIT_MS)
        context.add_init_script(HARNESS_KNOBS)
        return closing_quietly(START_COUNT.watch_context(context))

    def counted_page(*args, **kwargs):
        page = new_page(*args, **kwargs)
        page.context.set_default_timeout(WAIT_MS)
        page.context.add_init_script(HARNESS_KNOBS)
        closing_quietly(START_COUNT.watch_context(page.context))
        return page

    browser.new_context, browser.new_page = counted_context, counted_page  # type: ignore[method-assign]
    yield
    browser.new_context, browser.new_page = new_context, new_page  # type: ignore[method-assign]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests marked `starts_first` go to the front: one that mostly waits (a download
    throttled to a slow phone's link, ~40 s) then waits while the other workers work, instead of
    starting late and holding the run's end (pytest-xdist hands each worker a run of the
    collection in order; the rest is balanced by --dist worksteal)."""
    items.sort(key=lambda item: item.get_closest_marker("starts_first") is None)  # stable: else in order


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    START_COUNT.current = item.nodeid


def pytest_sessionfinish(session: pytest.Session) -> None:
    """On a pytest-xdist worker: hand this worker's start counts to the controller."""
    if hasattr(session.config, "workeroutput"):
        session.config.workeroutput["start_count"] = {"totals": START_COUNT.totals, "per_test": START_COUNT.per_test}


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error) -> None:
    """On the pytest-xdist controller: add up the counts each worker handed over."""
    counted = getattr(node, "workeroutput", {}).get("start_count")
    if counted:
        for what, number in counted["totals"].items():
            START_COUNT.totals[what] += number
        START_COUNT.per_test.update(counted["per_test"])


def pytest_terminal_summary(terminalreporter) -> None:
    if not START_COUNT.per_test:
        return
    totals = START_COUNT.totals
    terminalreporter.write_line(
        f"browser tests opened {totals['contexts']} contexts, {totals['pages']} pages, "
        f"{totals['pyodide']} solver workers (Pyodide starts)"
    )
    if os.environ.get("E2E_STATS"):
        for nodeid, counts in START_COUNT.per_test.items():
            if any(counts.values()):
                terminalreporter.write_line(
                    f"  {counts['contexts']:3} ctx {counts['pages']:3} pages {counts['pyodide']:3} pyodide  {nodeid}"
                )


@pytest.fixture(scope="session")
def site_dir() -> Path:
    if not (DIST / "index.html").is_file() or not (DIST / "static" / "build-info.json").is_file():
        subprocess.run([sys.executable, str(ROOT / "build.py")], check=True, cwd=ROOT)
    return DIST


class SubPathHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site only under SUB_PATH; anything else is a 404, so a URL that
    wrongly starts with "/" fails the tests instead of working by accident."""

    def translate_path(self, path: str) -> str:
        route = urlsplit(path).path
        if not route.startswith(SUB_PATH):
            return str(Path(self.directory) / "__outside_the_site__")
        return super().translate_path("/" + path[len(SUB_PATH):])

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - base signature
        pass


class SiteServer(http.server.ThreadingHTTPServer):
    """A threaded server that says nothing when a browser hangs up mid-transfer: tests
    close their contexts while files are still arriving (e.g. once a failure is reported)."""

    def handle_error(self, request, client_address) -> None:  # type: ignore[no-untyped-def]
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


@contextlib.contextmanager
def serve_site(directory: Path) -> Iterator[str]:
    """Serve `directory` at http://127.0.0.1:<free port>/lightsout/ in a thread; yields the URL."""
    handler = functools.partial(SubPathHandler, directory=str(directory))
    server = SiteServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{SUB_PATH}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    with serve_site(site_dir) as url:
        yield url


class PageWatch:
    """Records every request (the page's and its workers') and every console error.

    One error is the browser's own, not the page's: the full Chromium (not its headless shell)
    asks for `/favicon.ico` at the origin's root when it shows a document that names no icon
    (a JSON file the tests open to reach the origin's storage), and logs the 404 of a server
    that has none. Such a request is no `request` event (the page never made it); a failed
    load of that address the page did ask for still counts."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        self.errors: list[str] = []

    def attach(self, context: BrowserContext) -> None:
        context.on("request", lambda request: self.requests.append(request.url))
        context.on("console", self._console)
        context.on("weberror", lambda error: self.errors.append(str(error.error)))

    def _console(self, message) -> None:  # type: ignore[no-untyped-def]
        if message.type != "error":
            return
        source = message.location.get("url", "")
        if urlsplit(source).path == "/favicon.ico" and source not in self.requests:
            return  # the browser's own request for an icon (see the class's docstring)
        self.errors.append(message.text)

    def outside_requests(self) -> list[str]:
        return [url for url in self.requests
                if not url.startswith(("data:", "blob:")) and urlsplit(url).hostname != "127.0.0.1"]


def wait_ready(page: Page) -> None:
    """Wait until the solver has loaded; fail at once (with the message) if it failed."""
    page.wait_for_function(
        "document.querySelector('[role=status]').dataset.state !== 'loading'", timeout=READY_TIMEOUT_MS
    )
    expect(page.get_by_role("status")).to_have_attribute("data-state", "ready", timeout=1)
    open_sections(page)


def open_sections(page: Page) -> None:
    """Open the page's collapsed sections (not Analysis, which asks the solver whenever it
    is open), as a reader would to reach their controls: the tests drive those controls
    by name. test_layout.py checks the page as it first appears, sections closed."""
    page.evaluate("() => { for (const section of document.querySelectorAll('details.section:not(#analysis)')) section.open = true; }")


# The page's Content Security Policy forbids eval, and Playwright's wait_for_function
# tries its predicate again by eval in the page (the first try is not an eval): contexts for
# ordinary tests bypass the policy. test_security.py and test_snapshot.py open their own
# contexts with the policy enforced, and wait in the page (e2e_helpers.wait_in_page).
# Service workers are blocked in the shared contexts: a worker answering from its cache
# would hide requests from page.route (the failure tests) and cost each context a full
# precache download. tests/e2e/test_offline.py opens its own context with them allowed.
CONTEXT_OPTIONS = {"viewport": {"width": 1100, "height": 800}, "bypass_csp": True, "service_workers": "block"}


@pytest.fixture(scope="session")
def shared_context(browser: Browser) -> Iterator[tuple[BrowserContext, PageWatch]]:
    context = browser.new_context(**CONTEXT_OPTIONS)
    watch = PageWatch()
    watch.attach(context)
    yield context, watch
    context.close()


class SharedPage:
    """One page with a loaded solver, shared by the tests of every module a worker runs: a
    Pyodide start costs seconds of CPU, and most tests only need a ready solver and set the
    board they need. When a test of another module comes, the page is made as a new visitor
    finds it without loading it again (window.lightsOut.newVisitor: storage emptied, English,
    no dialog, the standard game on a new random 5×5 board), so a module never depends on what
    another left behind, whichever worker runs it. A module marked `fresh_visit` (what it tests
    is the page as it loads) gets the page loaded afresh, its storage cleared."""

    def __init__(self, context: BrowserContext, site_url: str) -> None:
        self.context = context
        self.site_url = site_url
        self.page: Page | None = None
        self.module: str | None = None

    def for_module(self, module: str, fresh: bool = False) -> Page:
        if self.page is None:
            self.page = self.context.new_page()
            self.load()
        elif module != self.module:
            if fresh:
                self.load()
            else:
                self.page.evaluate("window.lightsOut.newVisitor()")
                wait_ready(self.page)
        self.module = module
        return self.page

    def load(self) -> None:
        """Load the page afresh, as a new visitor's, its storage cleared."""
        assert self.page is not None
        if self.module is not None:
            # Leave the page first (it keeps its game as it goes: static/session/resume.js), on a
            # file of the same origin, whose storage is then the page's to clear.
            self.page.goto(self.site_url + "static/strings/en.json")
            self.page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        self.page.goto("about:blank")  # a new document even if only the #hash differs
        self.page.goto(self.site_url)
        wait_ready(self.page)


@pytest.fixture(scope="session")
def _shared_page(shared_context, site_url: str) -> SharedPage:
    context, _ = shared_context
    return SharedPage(context, site_url)


# A touch phone, as the tests' phones are: 375×667 CSS px, touch, a mobile viewport.
PHONE = {"viewport": {"width": 375, "height": 667}, "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="session")
def _phone_context(browser: Browser) -> Iterator[tuple[BrowserContext, PageWatch]]:
    context = browser.new_context(**{**CONTEXT_OPTIONS, **PHONE})
    watch = PageWatch()
    watch.attach(context)
    yield context, watch
    context.close()


@pytest.fixture(scope="session")
def _shared_phone(_phone_context, site_url: str) -> SharedPage:
    context, _ = _phone_context
    return SharedPage(context, site_url)


@pytest.fixture
def phone_page(_shared_phone: SharedPage, _phone_context, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A touch phone's page with its solver loaded, shared as ready_page is (made as a new visitor
    finds it for each test module); after the test nothing may have left 127.0.0.1 and the console
    must hold no errors."""
    _, watch = _phone_context
    page = _shared_phone.for_module(request.module.__name__, fresh=request.node.get_closest_marker("fresh_visit") is not None)
    errors_before = len(watch.errors)
    yield page
    assert watch.outside_requests() == []
    assert watch.errors[errors_before:] == []


@pytest.fixture
def ready_page(_shared_page: SharedPage, shared_context, request: pytest.FixtureRequest) -> Iterator[Page]:
    """The shared page with its solver loaded (as a new visitor's for each test module, SharedPage).
    Each test sets the board it needs; after it, nothing may have left 127.0.0.1 and the
    console must hold no errors."""
    _, watch = shared_context
    page = _shared_page.for_module(request.module.__name__, fresh=request.node.get_closest_marker("fresh_visit") is not None)
    errors_before = len(watch.errors)
    yield page
    assert watch.outside_requests() == []
    assert watch.errors[errors_before:] == []


@contextlib.contextmanager
def solver_options(page: Page, **options: float) -> Iterator[None]:
    """Run with the solver's deadlines or heap limit changed on a page that is already
    running (window.lightsOut.solverOptions: loadTimeoutMs, requestTimeoutMs,
    restartAboveBytes), as the ?load-timeout, ?request-timeout and ?restart-above test
    knobs would set them at start; afterwards the page's own settings are back and a
    solver the test left stopped is started again, so the next test finds it ready."""
    before = page.evaluate("window.lightsOut.solverOptions()")
    page.evaluate("(options) => window.lightsOut.solverOptions(options)", options)
    try:
        yield
    finally:
        page.evaluate("(options) => window.lightsOut.solverOptions(options)", before)
        if page.evaluate("document.getElementById('status').dataset.state") == "error":
            page.get_by_role("button", name="Retry", exact=True).click()
        wait_ready(page)


# A worker script that never answers: for tests of the page alone (layout, locale, media
# queries, markup), so their pages do not each start Pyodide. The solver stays "loading".
IDLE_WORKER = "self.onmessage = () => {};"


def without_solver(target: BrowserContext | Page) -> None:
    """Serve a context or a page an idle worker instead of the solver (see IDLE_WORKER)."""
    target.route("**/static/worker.js", lambda route: route.fulfill(body=IDLE_WORKER, content_type="text/javascript"))
    target.idle_solver = True  # its worker starts no Pyodide (StartCount)


@pytest.fixture
def fresh_page(browser: Browser, site_url: str) -> Iterator[tuple[Page, PageWatch]]:
    """A page in a new context (cold cache, new Pyodide), not yet navigated."""
    context = browser.new_context(**CONTEXT_OPTIONS)
    watch = PageWatch()
    watch.attach(context)
    page = context.new_page()
    yield page, watch
    context.close()
