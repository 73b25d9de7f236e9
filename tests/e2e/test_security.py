"""Content Security Policy and script injection.

These tests open their own browser contexts *with* the page's CSP enforced (the shared
fixtures bypass it, because Playwright's wait_for_function uses eval). With the policy on,
waiting is done by polling page.evaluate, which goes through the DevTools protocol and
is not subject to the page's policy.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from conftest import PageWatch, open_sections, without_solver
from e2e_helpers import after_frames, wait_in_page
from playwright.sync_api import Browser, Page, expect


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


def poll(page: Page, expression: str) -> None:
    """Wait until `expression` is truthy in the page, without eval (see the module docstring)."""
    wait_in_page(page, f"() => ({expression})")


def wait_ready_polling(page: Page) -> None:
    poll(page, "document.getElementById('status').dataset.state !== 'loading'")
    assert page.evaluate("document.getElementById('status').dataset.state") == "ready"
    open_sections(page)


class StrictSite:
    """One context for the module, the CSP enforced and violations recorded; its page is opened
    (one Pyodide start) by the first test that needs the site with its solver (`page_with_solver`)."""

    def __init__(self, browser: Browser, site_url: str) -> None:
        self.context = browser.new_context(viewport={"width": 1100, "height": 800})
        self.watch = PageWatch()
        self.watch.attach(self.context)
        self.context.add_init_script(RECORD_VIOLATIONS)
        self.site_url = site_url
        self.page: Page | None = None

    def page_with_solver(self) -> Page:
        if self.page is None:
            self.page = self.context.new_page()
            self.page.goto(self.site_url)
            wait_ready_polling(self.page)
        return self.page


@pytest.fixture(scope="module")
def strict_site(browser: Browser, site_url: str) -> Iterator[StrictSite]:
    site = StrictSite(browser, site_url)
    yield site
    site.context.close()


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


def test_no_csp_violation_while_loading_playing_solving_pasting_and_sharing(strict_site):
    watch = strict_site.watch
    strict_site.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = strict_site.page_with_solver()
    content = page.evaluate("document.querySelector('meta[http-equiv=Content-Security-Policy]').content")
    assert "script-src 'self' 'wasm-unsafe-eval'" in content and "unsafe-eval'" not in content.replace("wasm-unsafe-eval'", "")
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


def test_the_page_policy_does_not_reach_into_a_worker(strict_site, site_url):
    """A same-origin worker script served without a CSP header may eval even though
    the page may not: the worker's policy comes from its own response headers. (Pyodide in a
    worker whose own policy forbids eval: test_snapshot.py, under both policies.)"""
    page = strict_site.context.new_page()
    without_solver(page)  # the page's own solver plays no part here
    probe = "let r; try { r = String(new Function('return 42')()); } catch (e) { r = e.name; } postMessage(r);"
    page.route(re.compile(r".*/static/probe-worker\.js$"),
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
    page.close()


def test_injected_markup_through_paste_file_input_drop_and_hash_stays_text(strict_site, site_url):
    page, watch = strict_site.page_with_solver(), strict_site.watch
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.evaluate("window.__violations = []")
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
    assert page.evaluate("window.__violations") == []
    # The hash on arrival, too: read by the page alone (a grid link), so the solver is left out.
    arrival = strict_site.context.new_page()
    without_solver(arrival)
    arrival.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page = arrival
    message = page.get_by_role("status").locator(".message")
    for text in XSS[:3]:
        page.goto(site_url + "#" + text)
        expect(message).to_contain_text("This link cannot be opened")
        cases += 1
        assert page.evaluate("window.__xss") is None
    after_frames(page, 10)  # give any injected handler (a load error, a pointer over it) its frames to run: none may
    assert page.evaluate("window.__xss") is None
    assert dialogs == []
    assert page.evaluate("window.__violations") == []
    assert watch.outside_requests() == []
    arrival.close()
    print(f"\n{cases} injection cases, none ran")


def test_static_code_never_writes_markup():
    """No innerHTML, outerHTML, insertAdjacentHTML, document.write or eval in static/."""
    from pathlib import Path

    static = Path(__file__).resolve().parents[2] / "static"
    pattern = re.compile(r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function|setAttribute\(\s*['\"]on")
    found = [f"{path.name}:{number}: {line.strip()}" for path in sorted(static.rglob("*.js"))
             for number, line in enumerate(path.read_text().splitlines(), 1) if pattern.search(line)]
    assert found == []
