"""Content Security Policy and script injection.

These tests open their own browser contexts *with* the page's CSP enforced (the shared
fixtures bypass it, because Playwright's wait_for_function uses eval). With the policy on,
waiting is done by polling page.evaluate, which goes through the DevTools protocol and
is not subject to the page's policy.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from conftest import READY_TIMEOUT_MS, PageWatch, open_sections, without_solver
from playwright.sync_api import Browser, Page, Route, expect

STRICT_WORKER_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'"

# Records CSP violations from the first moment of every document.
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
});
"""

XSS = [
    "<img src=x onerror=window.__xss=1>",
    '"><script>window.__xss=1</script>',
    "javascript:window.__xss=1",
    "<svg onload=window.__xss=1>",
    "5x5:<img src=x onerror=window.__xss=1>",
    "</textarea><img src=x onerror=window.__xss=1>",
    "\u202e<b onmouseover=window.__xss=1>x</b>",
]


def poll(page: Page, expression: str, timeout_ms: float = 20_000) -> None:
    """Wait until `expression` is truthy in the page, without eval (see the module docstring)."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {expression}")
        page.wait_for_timeout(50)


def wait_ready_polling(page: Page) -> None:
    poll(page, "document.getElementById('status').dataset.state !== 'loading'", READY_TIMEOUT_MS)
    assert page.evaluate("document.getElementById('status').dataset.state") == "ready"
    open_sections(page)


@pytest.fixture
def strict_page(browser: Browser) -> Iterator[tuple[Page, PageWatch]]:
    """A fresh page with the CSP enforced and violations recorded."""
    context = browser.new_context(viewport={"width": 1100, "height": 800})
    watch = PageWatch()
    watch.attach(context)
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    yield page, watch
    context.close()


def csp_console_errors(watch: PageWatch) -> list[str]:
    return [text for text in watch.errors if "Content Security Policy" in text or "Content-Security-Policy" in text]


def drop_file(page: Page, text: str, name: str = "board.txt") -> None:
    page.evaluate(
        """([text, name]) => {
          const transfer = new DataTransfer();
          transfer.items.add(new File([text], name, { type: "text/plain" }));
          document.body.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
        }""",
        [text, name],
    )


def test_no_csp_violation_while_loading_playing_solving_pasting_and_sharing(strict_page, site_url):
    page, watch = strict_page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.goto(site_url)
    content = page.evaluate("document.querySelector('meta[http-equiv=Content-Security-Policy]').content")
    assert "script-src 'self' 'wasm-unsafe-eval'" in content and "unsafe-eval'" not in content.replace("wasm-unsafe-eval'", "")
    wait_ready_polling(page)
    page.locator('[role=gridcell][data-row="2"][data-col="2"]').click()
    page.get_by_role("button", name="Solve", exact=True).click()
    poll(page, "document.getElementById('message').textContent.includes('marked')")
    page.get_by_role("textbox", name="Board").fill("#.#\n.#.\n#.#\n")
    page.get_by_role("button", name="Load", exact=True).click()
    poll(page, "document.getElementById('message').textContent.includes('Loaded a 3×3')")
    drop_file(page, "4\n1 0 0 1\n0 0 0 0\n0 0 0 0\n1 0 0 1\n")
    poll(page, "document.getElementById('message').textContent.includes('Loaded a 4×4')")
    page.get_by_role("button", name="Copy link", exact=True).click()
    poll(page, "document.getElementById('message').textContent.includes('Copied')")
    page.evaluate("location.hash = '2x2:Dw'")
    poll(page, "document.getElementById('message').textContent.includes('Opened a shared 2×2')")
    page.get_by_role("button", name="Solve", exact=True).click()
    poll(page, "document.getElementById('message').textContent.includes('marked')")
    with page.expect_download():
        page.get_by_role("button", name="Download solution", exact=True).click()
    # A 100×100 board switches to the canvas view (styles set from script, a minimap).
    page.evaluate("""() => { const rows = document.getElementById("rows"); rows.value = 100;
                             rows.dispatchEvent(new Event("change")); }""")
    poll(page, "!!document.querySelector('canvas')")
    assert page.evaluate("window.__violations") == []
    assert csp_console_errors(watch) == []
    assert watch.outside_requests() == []
    assert watch.errors == []


def test_pyodide_runs_in_a_worker_whose_own_csp_forbids_eval(strict_page, site_url):
    """Serve worker.js with a CSP header that allows WebAssembly but not 'unsafe-eval':
    Pyodide still loads, the package imports from the Python zip and the API answers."""
    page, watch = strict_page

    def with_csp(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-security-policy": STRICT_WORKER_CSP})

    page.context.route(re.compile(r".*/static/worker\.js$"), with_csp)
    page.goto(site_url)
    wait_ready_polling(page)
    page.get_by_role("button", name="Solve", exact=True).click()
    poll(page, "document.getElementById('message').textContent.includes('marked')")
    assert page.evaluate("window.lightsOut.verifyShown().then((result) => result.solved)")
    assert watch.errors == []


def test_the_page_policy_does_not_reach_into_a_worker(strict_page, site_url):
    """A same-origin worker script served without a CSP header may eval even though
    the page may not: the worker's policy comes from its own response headers."""
    page, _ = strict_page
    without_solver(page.context)  # the page's own solver plays no part here
    probe = "let r; try { r = String(new Function('return 42')()); } catch (e) { r = e.name; } postMessage(r);"
    page.context.route(re.compile(r".*/static/probe-worker\.js$"),
                       lambda route: route.fulfill(body=probe, content_type="text/javascript"))
    page.goto(site_url)
    inside = page.evaluate("""new Promise((resolve) => {
      const worker = new Worker("static/probe-worker.js");
      worker.onmessage = (event) => { resolve(event.data); worker.terminate(); };
    })""")
    # In the page the same policy blocks inline script (eval cannot be shown from a test:
    # page.evaluate itself runs with the policy lifted).
    page.evaluate("""() => { const script = document.createElement("script");
                             script.textContent = "window.__inline = 1"; document.head.append(script); }""")
    poll(page, "window.__violations.length > 0")
    assert inside == "42"
    assert page.evaluate("window.__inline") is None
    assert any(v.startswith("script-src") for v in page.evaluate("window.__violations"))


def test_injected_markup_through_paste_file_input_drop_and_hash_stays_text(strict_page, site_url):
    page, watch = strict_page
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(site_url)
    wait_ready_polling(page)
    alert = page.get_by_role("alert")
    message = page.get_by_role("status").locator(".message")  # where a bad link is reported
    box = page.get_by_role("textbox", name="Board")
    cases = 0
    for text in XSS:
        before = page.evaluate("location.hash")
        # Paste
        box.fill(text)
        page.get_by_role("button", name="Load", exact=True).click()
        expect(alert).not_to_be_empty()
        cases += 1
        # File input ("Open file…")
        page.evaluate("document.getElementById('board-error').textContent = ''")
        page.locator("#file-input").set_input_files(files=[{"name": text[:20] + ".txt", "mimeType": "text/plain",
                                                            "buffer": text.encode()}])
        expect(alert).not_to_be_empty()
        cases += 1
        # Drop
        page.evaluate("document.getElementById('board-error').textContent = ''")
        drop_file(page, text, name=text[:30] + ".txt")
        expect(alert).not_to_be_empty()
        cases += 1
        # Hash
        page.evaluate("document.getElementById('message').textContent = ''")
        page.evaluate("(text) => { location.hash = text; }", text)
        expect(message).to_contain_text("This link cannot be opened")
        cases += 1
        assert page.locator("#board-error *, #message *").count() == 0, "markup was rendered"
        assert page.evaluate("window.__xss") is None
        assert before is not None
    # The hash on arrival, too.
    for text in XSS[:3]:
        page.goto(site_url + "#" + text)
        expect(message).to_contain_text("This link cannot be opened")
        cases += 1
        assert page.evaluate("window.__xss") is None
    page.wait_for_timeout(300)  # give any injected handler a chance to run: none may
    assert page.evaluate("window.__xss") is None
    assert dialogs == []
    assert page.evaluate("window.__violations") == []
    assert watch.outside_requests() == []
    print(f"\n{cases} injection cases, none ran")


def test_static_code_never_writes_markup():
    """No innerHTML, outerHTML, insertAdjacentHTML, document.write or eval in static/."""
    from pathlib import Path

    static = Path(__file__).resolve().parents[2] / "static"
    pattern = re.compile(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function|setAttribute\(\s*['\"]on")
    found = [f"{path.name}:{number}: {line.strip()}" for path in sorted(static.rglob("*.js"))
             for number, line in enumerate(path.read_text().splitlines(), 1) if pattern.search(line)]
    assert found == []
