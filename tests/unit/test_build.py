"""build.py refuses runtime files whose sha256 differs from the pinned one."""

import importlib.util
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("site_build", ROOT / "build.py")
site_build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(site_build)


def test_pinned_hashes_cover_every_runtime_file_the_build_uses():
    pinned = json.loads((ROOT / "runtime-hashes.json").read_text())
    assert set(pinned) == {*site_build.PYODIDE_RUNTIME_FILES, "pyodide-lock.json (stock)"}
    assert all(len(value) == 64 for value in pinned.values())


def test_a_file_that_differs_from_its_pin_is_refused(tmp_path, monkeypatch):
    good, bad = tmp_path / "good.bin", tmp_path / "bad.bin"
    good.write_bytes(b"runtime")
    bad.write_bytes(b"tampered")
    hashes = tmp_path / "hashes.json"
    hashes.write_text(json.dumps({"good.bin": site_build.sha256_of(good), "bad.bin": site_build.sha256_of(good)}))
    monkeypatch.setattr(site_build, "RUNTIME_HASHES", hashes)
    site_build.check_pinned_hashes({"good.bin": good})
    with pytest.raises(site_build.BuildError, match="refusing to ship"):
        site_build.check_pinned_hashes({"good.bin": good, "bad.bin": bad})
    with pytest.raises(site_build.BuildError, match="no pinned sha256"):
        site_build.check_pinned_hashes({"other.bin": good})


def test_serve_sends_the_page_policy_as_a_header_on_every_file(tmp_path):
    """The worker's policy comes from its own response, so `build.py serve` sends the meta policy as a header."""
    import threading
    import urllib.request

    (tmp_path / "index.html").write_text((ROOT / "index.html").read_text())
    (tmp_path / "static").mkdir()
    (tmp_path / "static" / "worker.js").write_text("// worker\n")
    expected = site_build.content_security_policy(ROOT)
    assert expected and "'wasm-unsafe-eval'" in expected
    with site_build.make_server(0, tmp_path) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        try:
            for path in ("", "static/worker.js"):
                with urllib.request.urlopen(base + path) as response:
                    assert response.headers["Content-Security-Policy"] == expected
        finally:
            server.shutdown()


def test_serve_compresses_text_and_wasm_for_a_client_that_accepts_gzip(tmp_path):
    """`build.py serve` sends text and wasm gzip-compressed when asked, as GitHub Pages does;
    wheels and the (already compressed) snapshot go as they are; revalidation still works."""
    import gzip
    import threading
    import urllib.error
    import urllib.request

    (tmp_path / "index.html").write_text((ROOT / "index.html").read_text())
    (tmp_path / "static").mkdir()
    script = b"export const answer = 42;\n" * 200
    (tmp_path / "static" / "app.js").write_bytes(script)
    (tmp_path / "pyodide").mkdir()
    wasm = b"\0asm\1\0\0\0" + bytes(5000)
    (tmp_path / "pyodide" / "pyodide.asm.wasm").write_bytes(wasm)
    (tmp_path / "snapshot").mkdir()
    snapshot = gzip.compress(b"memory" * 100)
    (tmp_path / "snapshot" / "x.snapshot.gz").write_bytes(snapshot)
    sent: list[tuple[str, int, int]] = []
    with site_build.make_server(0, tmp_path, sent) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"

        def get(path: str, **headers: str):
            with urllib.request.urlopen(urllib.request.Request(base + path, headers=headers)) as response:
                return response.headers, response.read()

        try:
            for path, original in (("static/app.js", script), ("pyodide/pyodide.asm.wasm", wasm)):
                headers, body = get(path, **{"Accept-Encoding": "gzip, deflate, br"})
                assert headers["Content-Encoding"] == "gzip" and headers["Vary"] == "Accept-Encoding"
                assert gzip.decompress(body) == original and len(body) < len(original)
                headers, body = get(path)  # a client that does not accept gzip
                assert headers["Content-Encoding"] is None and body == original
            headers, body = get("pyodide/pyodide.asm.wasm", **{"Accept-Encoding": "gzip"})
            assert headers["Content-Type"] == "application/wasm"
            headers, body = get("snapshot/x.snapshot.gz", **{"Accept-Encoding": "gzip"})
            assert headers["Content-Encoding"] is None and body == snapshot
            headers, _ = get("static/app.js", **{"Accept-Encoding": "gzip"})
            with pytest.raises(urllib.error.HTTPError) as answer:
                get("static/app.js", **{"Accept-Encoding": "gzip", "If-Modified-Since": headers["Last-Modified"]})
            assert answer.value.code == 304
        finally:
            server.shutdown()
    assert ("/static/app.js", 304, 0) in sent
    assert any(path == "/static/app.js" and status == 200 and 0 < size < len(script) for path, status, size in sent)


def test_the_page_is_bundled_into_one_module_with_everything_app_js_imports(tmp_path):
    out = tmp_path / "app.js"
    bundled = site_build.bundle_page(out)
    source = out.read_text(encoding="utf-8")
    # One script: no import of another file is left for the browser to fetch.
    assert not re.search(r'^\s*import\s[^;]*from\s+"|^\s*import\s*\(', source, re.MULTILINE)
    # Every module app.js reaches, transitively, is inside (esbuild marks each with its path).
    reached, waiting = set(), ["app.js"]
    while waiting:
        name = waiting.pop()
        if name not in reached:
            reached.add(name)
            text = (ROOT / "static" / name).read_text(encoding="utf-8")
            waiting += re.findall(r'^\s*(?:import|export)\s[^;]*?from\s+"\./([\w/-]+\.js(?:on)?)"', text, re.MULTILINE)
    assert sorted(f"static/{name}" for name in reached) == bundled
    assert all(f"// static/{name}\n" in source for name in reached)
    assert {"static/strings/en.json", "static/strings/zh.json"} <= set(bundled)  # the strings are inside too
    assert "static/worker.js" not in bundled and "中文" in source  # not escaped: --charset=utf8
