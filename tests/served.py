"""Helpers shared by the reader-side gates (test_browser, test_a11y): which pages the
built site has, and a local server that serves it under the same sub-path as the
published site.

The published site lives under the path of `site_url` (/attention/), and some
links are absolute to it (the language switcher on the home pages, the 404
page). Serving the build at "/" would make those links 404 locally, so the
browser gates serve it where GitHub Pages does.
"""
import contextlib
import functools
import http.server
import re
import shutil
import socketserver
import threading
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("zh", "en")


def site_path(project=ROOT):
    """The path part of `site_url` in mkdocs.yml, e.g. '/attention/'."""
    text = (Path(project) / "mkdocs.yml").read_text(encoding="utf-8")
    match = re.search(r"^site_url:\s*(\S+)", text, re.M)
    if not match:
        raise ValueError("mkdocs.yml has no site_url")
    path = urlsplit(match.group(1).strip("'\"")).path or "/"
    return path if path.endswith("/") else path + "/"


PROJECT_PARTS = ("mkdocs.yml", "docs", "snippets", "hooks", "overrides", "extensions", "tools",
                 "translations.json", "Makefile")


def copy_project(dest, parts=PROJECT_PARTS):
    """The files a build reads, copied to `dest` (no .git, .venv, site/, caches)."""
    dest.mkdir(parents=True)
    for name in parts:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints"))
        elif src.exists():
            shutil.copy2(src, dest / name)
    return dest


def page_urls(site_dir):
    """Every HTML page of the built site as (lang, url relative to the site root).

    zh pages live at the root, en pages under en/; 404.html is included (it is
    served for every missing URL).
    """
    pages = []
    for path in sorted(Path(site_dir).rglob("*.html")):
        rel = path.relative_to(site_dir).as_posix()
        url = rel[: -len("index.html")] if rel.endswith("index.html") else rel
        lang = "en" if rel.startswith("en/") else "zh"
        pages.append((lang, url))
    return pages


def page_file(site_dir, url):
    """The HTML file behind a page url from page_urls()."""
    return Path(site_dir) / url if url.endswith(".html") else Path(site_dir) / url / "index.html"


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
