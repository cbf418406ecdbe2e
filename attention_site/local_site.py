"""A site on this machine: build one (`mkdocs build --strict`) and serve one where GitHub Pages does.

The tests, the benches and the PDF edition all need these, so they live here rather than in
tests/ (nothing outside tests/ imports tests/: a tool must not depend on the test suite's layout).

The published site lives under the path of `site_url` (/attention/), and some links are
absolute to it (the language switcher on the home pages, the 404 page). Serving the build at
"/" would make those links 404 locally, so `serve` serves it under that same path.
"""
import contextlib
import functools
import http.server
import os
import re
import socketserver
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]


def build_site(dest, project=ROOT, extra_env=None):
    """`mkdocs build --strict` of `project` into `dest`; returns CompletedProcess."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(project),
           "SOURCE_DATE_EPOCH": os.environ.get("SOURCE_DATE_EPOCH", "1700000000"),
           **(extra_env or {})}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--clean", "-d", str(dest)],
        cwd=project, env=env, capture_output=True, text=True,
    )


def site_path(project=ROOT):
    """The path part of `site_url` in mkdocs.yml, e.g. '/attention/'."""
    text = (Path(project) / "mkdocs.yml").read_text(encoding="utf-8")
    match = re.search(r"^site_url:\s*(\S+)", text, re.M)
    if not match:
        raise ValueError("mkdocs.yml has no site_url")
    path = urlsplit(match.group(1).strip("'\"")).path or "/"
    return path if path.endswith("/") else path + "/"


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Serves `directory` under `prefix`; anything outside it is a 404."""

    prefix = "/"

    def translate_path(self, path):
        split = urlsplit(path)
        if not split.path.startswith(self.prefix):
            return str(Path(self.directory) / "\0missing")
        return super().translate_path("/" + split.path[len(self.prefix):])

    def send_error(self, code, message=None, explain=None):
        # Like GitHub Pages: a missing URL gets the site's 404 page (status 404).
        not_found = Path(self.directory) / "404.html"
        if code == 404 and not_found.exists():
            body = not_found.read_bytes()
            self.send_response(404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
            return
        super().send_error(code, message, explain)

    def log_message(self, *args):
        pass


@contextlib.contextmanager
def serve(directory, prefix="/"):
    """Serve `directory` on 127.0.0.1 (free port) under `prefix`; yields the base URL."""
    handler = functools.partial(type("Handler", (_Handler,), {"prefix": prefix}),
                                directory=str(directory))
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{prefix}"
    finally:
        server.shutdown()
        server.server_close()
