"""build.py refuses runtime files whose sha256 differs from the pinned one."""

import hashlib
import importlib.util
import json
import posixpath
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("site_build", ROOT / "build.py")
site_build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(site_build)
from tools.build import runtime as build_runtime  # noqa: E402 - importable once build.py has run


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
    monkeypatch.setattr(build_runtime, "RUNTIME_HASHES", hashes)
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


def test_serve_under_a_prefix_serves_the_site_there_and_nothing_outside(tmp_path):
    """`build.py serve --prefix /lightsout/` serves the site as GitHub Pages serves a project
    (tests/engines/ run on it): the prefix's files, and a 404 for a path outside it."""
    import threading
    import urllib.error
    import urllib.request

    import pytest

    (tmp_path / "index.html").write_text("<!doctype html><title>page</title>")
    with pytest.raises(ValueError):
        site_build.make_server(0, tmp_path, prefix="lightsout")
    with site_build.make_server(0, tmp_path, prefix="/lightsout/") as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}"
        try:
            with urllib.request.urlopen(f"{base}/lightsout/index.html") as response:
                assert b"<title>page</title>" in response.read()
            with urllib.request.urlopen(f"{base}/lightsout/") as response:
                assert response.status == 200
            for outside in ("/index.html", "/", "/lightsoutindex.html"):
                with pytest.raises(urllib.error.HTTPError) as refused:
                    urllib.request.urlopen(base + outside)
                assert refused.value.code == 404, outside
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
            folder = posixpath.dirname(name)
            waiting += [posixpath.normpath(posixpath.join(folder, found)) for found in
                        re.findall(r'^\s*(?:import|export)\s[^;]*?from\s+"(\.{1,2}/[\w/.-]+\.js(?:on)?)"', text, re.MULTILINE)]
    assert sorted(f"static/{name}" for name in reached) == bundled
    assert all(f"// static/{name}\n" in source for name in reached)
    assert {"static/strings/en.json", "static/strings/zh.json"} <= set(bundled)  # the strings are inside too
    assert "static/worker.js" not in bundled and "中文" in source  # not escaped: --charset=utf8
    # The 3D view is its own file, imported on demand (solid-choice.js) by an address esbuild leaves alone: the one
    # dynamic import, of a module that imports only its geometry, which imports nothing and is in no bundle (so the
    # page has one copy of each module).
    assert "static/views/solid-view.js" not in bundled and "static/views/solid-geometry.js" not in bundled
    assert re.findall(r"\bimport\((\w+)\)", source) == ["SOLID_MODULE"]
    assert 'new URL("./views/solid-view.js", import.meta.url)' in source  # addresses.js, resolved from static/ as the bundle is
    views = ROOT / "static" / "views"
    assert re.findall(r'^\s*import\b[^;]*?"([^"]+)"', (views / "solid-view.js").read_text(encoding="utf-8"), re.MULTILINE) == ["./solid-geometry.js"]
    assert not re.search(r"^\s*import\b", (views / "solid-geometry.js").read_text(encoding="utf-8"), re.MULTILINE)


def _tree(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


@pytest.fixture
def scratch_build(tmp_path, monkeypatch):
    """build() aimed at tmp_path/dist (holding a previous build) and tmp_path/.cache, with the
    Python zip's step (Node, ≈ 20 s) replaced by a stub zip; yields tmp_path/dist."""
    dist = tmp_path / "dist"
    (dist / "pyodide").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html><title>the previous build</title>\n")
    (dist / "pyodide" / "python_stdlib.zip").write_bytes(b"the previous zip")
    monkeypatch.setattr(site_build, "DIST", dist)
    monkeypatch.setattr(site_build, "CACHE", tmp_path / ".cache")

    def stub_stdlib(pyodide_dir: Path, package_source: Path) -> dict:
        (pyodide_dir / "python_stdlib.zip").write_bytes(b"PK\5\6" + bytes(18))  # an empty zip
        return {"modules": 0, "package": 0, "bytes": 22, "stockBytes": 0}

    monkeypatch.setattr(site_build, "make_stdlib", stub_stdlib)
    return dist


def test_a_build_that_fails_midway_leaves_the_previous_dist_whole(scratch_build, monkeypatch):
    """The site is built beside dist/ and swapped in only when complete: a step that fails
    (here the page's bundle, after the runtime, the Python zip, index.html and static/ are
    written) leaves dist/ exactly as it was and no half-built folder behind."""
    before = _tree(scratch_build)

    def failing_bundle(destination: Path) -> list[str]:
        raise site_build.BuildError("simulated failure of the bundler")

    monkeypatch.setattr(site_build, "bundle_page", failing_bundle)
    with pytest.raises(site_build.BuildError, match="simulated failure"):
        site_build.build()
    assert _tree(scratch_build) == before
    assert sorted(path.name for path in scratch_build.parent.iterdir() if path.name.startswith(".dist")) == []


def test_a_build_that_succeeds_replaces_dist_whole(scratch_build, monkeypatch):
    def stub_bundle(destination: Path) -> list[str]:
        destination.write_text("// the bundle\n")
        return ["static/app.js"]

    monkeypatch.setattr(site_build, "bundle_page", stub_bundle)
    assert site_build.build() == scratch_build
    files = _tree(scratch_build)
    assert "<title>the previous build</title>" not in files["index.html"].decode()
    assert files["pyodide/python_stdlib.zip"] == b"PK\5\6" + bytes(18)
    assert {"sw.js", "limits.json", "static/worker.js", "static/build-info.json", "pyodide/pyodide.asm.wasm"} <= set(files)
    assert sorted(path.name for path in scratch_build.parent.iterdir() if path.name.startswith(".dist")) == []
    assert scratch_build.stat().st_mode & 0o777 == 0o755


def test_the_package_zip_holds_the_packages_modules_and_is_reproducible(tmp_path):
    """The Python zip's source for the package is made from py/ without pip (no build backend
    to fetch): every module of the package, and the same bytes from the same source."""
    first = site_build.make_package_zip(ROOT / "py", tmp_path / "a.zip")
    second = site_build.make_package_zip(ROOT / "py", tmp_path / "b.zip")
    assert first.read_bytes() == second.read_bytes()
    import zipfile

    with zipfile.ZipFile(first) as archive:
        names = archive.namelist()
        assert names == sorted(names)
        assert all(info.date_time == (1980, 1, 1, 0, 0, 0) for info in archive.infolist())
        modules = sorted(path.relative_to(ROOT / "py").as_posix() for path in (ROOT / "py" / "lightsout").rglob("*.py")
                         if "__pycache__" not in path.parts)
        assert names == modules and "lightsout/api/operations.py" in names
        assert archive.read("lightsout/api/operations.py") == (ROOT / "py" / "lightsout" / "api" / "operations.py").read_bytes()


def test_the_workers_modules_are_shipped_precached_and_key_the_snapshot(scratch_build, monkeypatch):
    """The worker imports the solver's start from static/solver/ (not bundled: the page never
    imports it): every module there is shipped and precached, even one the page's bundle also
    holds, and each shapes the snapshot's key."""
    def stub_bundle(destination: Path) -> list[str]:
        destination.write_text("// the bundle\n")
        return ["static/app.js", "static/page/errors.js", "static/solver/start-cache.js"]  # as if the page imported it

    monkeypatch.setattr(site_build, "bundle_page", stub_bundle)
    site_build.build()
    files = _tree(scratch_build)
    solver = {f"static/solver/{path.name}" for path in (ROOT / "static" / "solver").glob("*.js")}
    solver.add("static/solver/brotli-decode.js")  # the decoder build.py bundles from npm's brotli, which the worker may import
    assert {"static/solver/start.js", "static/solver/start-cache.js"} <= solver <= set(files)
    listed = {entry["path"] for entry in json.loads(files["static/precache.json"])["files"]}
    assert {"static/worker.js", *solver} <= listed and "static/page/errors.js" not in listed
    assert site_build.worker_modules(scratch_build) == ["static/worker.js", *sorted(solver)]
    info = json.loads(files["static/build-info.json"])
    shaping = {path: site_build.sha256_of(scratch_build / path) for path in [*info["runtimeSha256"], "static/worker.js", *solver]}
    assert info["snapshotKey"] == hashlib.sha256(json.dumps(shaping, sort_keys=True).encode()).hexdigest()


def test_a_brotli_copy_decodes_to_the_file_and_is_kept_for_the_next_build(tmp_path, monkeypatch):
    """brotli_beside writes <file>.br with Node's zlib (quality 11) and keeps it in the build's
    kept files (common.KEPT, the user's cache: here a folder of the test's), brotli/."""
    import subprocess
    from tools.build import brotli as build_brotli

    monkeypatch.setattr(build_brotli, "KEPT", tmp_path / "kept")
    original = tmp_path / "pyodide.asm.wasm"
    original.write_bytes(b"\0asm" + b"the runtime, many times over " * 2000)
    copy = build_brotli.brotli_beside(original)
    assert copy == tmp_path / "pyodide.asm.wasm.br" and copy.stat().st_size < original.stat().st_size // 20
    decoded = subprocess.run(["node", "-e", "process.stdout.write(require('zlib').brotliDecompressSync(require('fs').readFileSync(process.argv[1])))",
                              str(copy)], check=True, capture_output=True).stdout
    assert decoded == original.read_bytes()
    assert [path.suffix for path in (tmp_path / "kept" / "brotli").iterdir()] == [".br"]  # no partial left
    copy.unlink()
    monkeypatch.setattr(build_brotli.subprocess, "run", lambda *args, **kwargs: pytest.fail("compressed again"))
    assert build_brotli.brotli_beside(original).exists()  # from the cache, not compressed again
