"""build.py's offline files: the precache list and versioned sw.js, and the PNG icons."""

import hashlib
import importlib.util
import json
import re
import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("site_build_offline", ROOT / "build.py")
site_build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(site_build)


def test_icon_is_a_valid_rgb_png():
    data = site_build.png(24)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    assert (width, height, depth, colour) == (24, 24, 8, 2)
    start = data.index(b"IDAT") + 4
    length = struct.unpack(">I", data[start - 8:start - 4])[0]
    assert len(zlib.decompress(data[start:start + length])) == 24 * (1 + 24 * 3)


def test_precache_lists_every_file_and_the_version_follows_the_contents(tmp_path):
    dist = tmp_path / "dist"
    (dist / "static").mkdir(parents=True)
    (dist / "index.html").write_text("<!doctype html>")
    (dist / "static" / "app.js").write_text("1")
    (dist / "static" / "sw.js").write_text("copied")
    (dist / ".nojekyll").write_text("")
    version = site_build.write_offline_files(dist)
    listed = json.loads((dist / "static" / "precache.json").read_text())
    assert listed["version"] == version and listed["cache"] == f"lightsout-{version}"
    assert [f["path"] for f in listed["files"]] == ["index.html", "static/app.js"]
    assert listed["files"][1]["sha256"] == hashlib.sha256(b"1").hexdigest()
    worker = (dist / "sw.js").read_text()
    assert f'const VERSION = "{version}";' in worker
    # The list is built into the service worker, which checks every body against it.
    files = re.search(r"const FILES = (\{.*?\n\});", worker, re.DOTALL)
    assert files is not None
    assert json.loads(re.sub(r",\n\}$", "\n}", files.group(1))) == {f["path"]: f["sha256"] for f in listed["files"]}
    assert not (dist / "static" / "sw.js").exists()

    # Files left unlisted are not listed.
    (dist / "static" / "sw.js").write_text("copied")
    (dist / "static" / "module.js").write_text("bundled")
    site_build.write_offline_files(dist, unlisted={"static/module.js"})
    assert [f["path"] for f in json.loads((dist / "static" / "precache.json").read_text())["files"]] == [
        "index.html", "static/app.js"]
    (dist / "static" / "module.js").unlink()

    (dist / "static" / "sw.js").write_text("copied")  # a second run (the list exists now)
    assert site_build.write_offline_files(dist) == version
    assert [f["path"] for f in json.loads((dist / "static" / "precache.json").read_text())["files"]] == [
        "index.html", "static/app.js"]  # precache.json does not list itself

    (dist / "static" / "app.js").write_text("2")  # any change of a file changes the version
    (dist / "static" / "sw.js").write_text("copied")
    (dist / "static" / "precache.json").unlink()
    assert site_build.write_offline_files(dist) != version


def test_a_file_shipped_with_a_brotli_copy_is_named_for_the_service_worker_to_unpack(tmp_path):
    """sw.js's UNPACKED: each file that has a <file>.br beside it, with its length, which the
    service worker's install unpacks from the copy instead of downloading it again."""
    dist = tmp_path / "dist"
    (dist / "static").mkdir(parents=True)
    (dist / "pyodide").mkdir()
    (dist / "static" / "sw.js").write_text((ROOT / "static" / "sw.js").read_text())
    (dist / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm" + bytes(96))
    (dist / "pyodide" / "pyodide.asm.wasm.br").write_bytes(b"a brotli copy")
    (dist / "pyodide" / "pyodide.asm.mjs").write_text("no copy")
    site_build.write_offline_files(dist)
    worker = (dist / "sw.js").read_text()
    assert 'const UNPACKED = {"pyodide/pyodide.asm.wasm": 100};' in worker
    listed = [f["path"] for f in json.loads((dist / "static" / "precache.json").read_text())["files"]]
    assert listed == ["pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm", "pyodide/pyodide.asm.wasm.br"]
