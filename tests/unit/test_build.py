"""build.py refuses runtime files whose sha256 differs from the pinned one."""

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("site_build", ROOT / "build.py")
site_build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(site_build)


def test_pinned_hashes_cover_every_shipped_runtime_file():
    pinned = json.loads((ROOT / "runtime-hashes.json").read_text())
    for name in site_build.PYODIDE_RUNTIME_FILES:
        assert len(pinned[name]) == 64
    assert any(name.startswith("micropip-") and name.endswith(".whl") for name in pinned)


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
