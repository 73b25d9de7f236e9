"""`build.py serve`: dist/ on 127.0.0.1, as GitHub Pages serves it (gzip on the fly for text and
wasm, under a sub-path if asked), with the page's policy as a Content-Security-Policy header."""

from __future__ import annotations

import email.utils
import functools
import gzip
import http.server
import io
import os
import re
import urllib.parse
from pathlib import Path

from .common import DIST


def content_security_policy(site: Path) -> str | None:
    """The policy of the <meta http-equiv="Content-Security-Policy"> in ``site``/index.html, if any."""
    match = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)"',
                      (site / "index.html").read_text(encoding="utf-8"))
    return match.group(1) if match else None


# Files worth compressing in transit (text and wasm); zip, wheel, gzip and PNG files are
# compressed already. GitHub Pages compresses much the same (docs/building.md).
COMPRESSIBLE_SUFFIXES = (".html", ".js", ".mjs", ".json", ".css", ".wasm", ".webmanifest", ".txt", ".svg", ".map")


def make_server(port: int, site: Path = DIST, sent: list[tuple[str, int, int]] | None = None,
                prefix: str = "/") -> http.server.ThreadingHTTPServer:
    """An HTTP server for ``site`` on 127.0.0.1 that sends the page's CSP as a header on
    every file and gzip-compresses text and wasm for a client that accepts it. The site is
    served under ``prefix`` (a path that starts and ends with "/"); any other path is a 404,
    so a URL wrongly starting with "/" fails under a sub-path as it would on GitHub Pages.

    The meta tag governs the page only; a worker takes its policy from its own
    response, so the header is what puts static/worker.js under the policy too.
    Compressed bodies are made once per file version and kept in memory. If ``sent`` is
    a list, each response appends (path, status, body bytes sent) to it (benchmarks).
    """
    policy = content_security_policy(site)
    compressed: dict[tuple[str, int, int], bytes] = {}

    if not (prefix.startswith("/") and prefix.endswith("/")):
        raise ValueError(f"the prefix {prefix!r} must start and end with '/'")

    class SiteHandler(http.server.SimpleHTTPRequestHandler):
        status = 0

        def translate_path(self, path: str) -> str:
            route = urllib.parse.urlsplit(path).path
            if not route.startswith(prefix):
                return str(site / "__outside_the_site__")
            return super().translate_path("/" + path[len(prefix):])

        def send_response(self, code: int, message: str | None = None) -> None:
            self.status = code
            super().send_response(code, message)

        def end_headers(self) -> None:
            if policy:
                self.send_header("Content-Security-Policy", policy)
            super().end_headers()

        def send_head(self):  # type: ignore[no-untyped-def]
            path = self.translate_path(self.path)
            accepted = self.headers.get("Accept-Encoding", "")
            if not (path.endswith(COMPRESSIBLE_SUFFIXES) and os.path.isfile(path)
                    and re.search(r"\bgzip\b", accepted)):
                return super().send_head()
            stat = os.stat(path)
            since = self.headers.get("If-Modified-Since")
            if since:
                try:
                    if int(stat.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                        self.send_response(http.HTTPStatus.NOT_MODIFIED)
                        self.send_header("Vary", "Accept-Encoding")
                        self.end_headers()
                        return None
                except (TypeError, ValueError, OverflowError, IndexError):
                    pass  # an unreadable date: send the file
            key = (path, stat.st_mtime_ns, stat.st_size)
            if key not in compressed:
                compressed[key] = gzip.compress(Path(path).read_bytes(), compresslevel=6, mtime=0)
            body = compressed[key]
            self.send_response(http.HTTPStatus.OK)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
            self.end_headers()
            return io.BytesIO(body)

        def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
            start = source.tell() if hasattr(source, "tell") else 0
            super().copyfile(source, outputfile)
            if sent is not None:
                sent.append((self.path, self.status, source.tell() - start))

        def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
            if sent is None:
                super().log_request(code, size)
            elif self.status == http.HTTPStatus.NOT_MODIFIED:
                sent.append((self.path, self.status, 0))

    return http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(SiteHandler, directory=str(site)))


def serve(port: int, prefix: str = "/") -> None:
    with make_server(port, prefix=prefix) as server:
        print(f"serving {DIST} at http://127.0.0.1:{server.server_address[1]}{prefix}  (Ctrl+C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("stopped")
