"""A built site served on this machine the way its static host (GitHub Pages) serves it.

One server for everything that looks at the site through HTTP: the browser tests, the
benches and `make audit` (tools/audit.py), so what they see is the same:

- the site lives under the path of `site_url` (/attention/, attention_site.site_config), since
  some links are absolute to it (the language switcher on the home pages, the 404 page);
  "/" and the prefix without its slash redirect to it, anything else outside it is a 404;
- a folder is its index.html (a folder without its trailing slash redirects to it);
- a missing path gets the site's 404.html with status 404;
- ETag/304, and `Cache-Control` one year `immutable` for files with a content hash in their
  name, one hour for other assets, `no-cache` (revalidate) for HTML and the search index;
- with `gzip=True` (the audit: Lighthouse scores transfer sizes) text is sent compressed, with
  `Content-Encoding` and `Vary`: a `.gz` file next to the original when there is one, else
  compressed once in memory.
"""
import contextlib
import email.utils
import gzip as gzip_module
import http.server
import mimetypes
import re
import sys
import threading
from pathlib import Path
from urllib.parse import unquote, urlsplit

TYPES = {
    ".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json", ".map": "application/json", ".ipynb": "application/x-ipynb+json",
    ".svg": "image/svg+xml", ".xml": "application/xml", ".txt": "text/plain; charset=utf-8",
    ".png": "image/png", ".jpg": "image/jpeg", ".webp": "image/webp", ".ico": "image/x-icon",
    ".woff2": "font/woff2", ".woff": "font/woff", ".pdf": "application/pdf", ".gz": "application/gzip",
}
COMPRESSIBLE = re.compile(r"^(text/|application/(json|xml|javascript|x-ipynb\+json)|image/svg\+xml)")
MIN_GZIP_BYTES = 256
HASHED = re.compile(r"\.[0-9a-f]{8,}\.(min\.)?(js|css)(\.map)?$")  # Material's bundle.<hash>.min.js


def cache_control(rel):
    """The Cache-Control header for a file at `rel` (relative to the site root)."""
    if HASHED.search(rel):
        return "public, max-age=31536000, immutable"
    if rel.endswith((".html", "search_index.json", "sitemap.xml")):
        return "no-cache"
    return "public, max-age=3600"


class StaticHost(http.server.ThreadingHTTPServer):
    """Serves `site` on 127.0.0.1 (a free port) under `prefix`; counts requests and bytes sent."""

    daemon_threads = True

    def __init__(self, site, prefix="/", gzip=False):
        super().__init__(("127.0.0.1", 0), Handler)
        self.site, self.prefix, self.gzip = Path(site), prefix, gzip
        self.gzipped = {}  # (path, mtime_ns, size) -> bytes
        self.lock = threading.Lock()
        self.requests = self.bytes_sent = 0

    def handle_error(self, request, client_address):
        """A browser that drops a connection mid-response (a page navigated away, a cancelled
        prefetch) is normal: say nothing. Anything else is printed as usual."""
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)

    @property
    def base_url(self):
        return f"http://127.0.0.1:{self.server_address[1]}{self.prefix}"

    def compressed(self, path, st):
        key = (str(path), st.st_mtime_ns, st.st_size)
        with self.lock:
            if key not in self.gzipped:
                pre = path.with_name(path.name + ".gz")
                if pre.is_file() and pre.stat().st_mtime_ns >= st.st_mtime_ns:
                    self.gzipped[key] = pre.read_bytes()
                else:
                    self.gzipped[key] = gzip_module.compress(path.read_bytes(), compresslevel=6, mtime=0)
            return self.gzipped[key]


class Handler(http.server.BaseHTTPRequestHandler):
    server_version = "attention-static"
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_HEAD(self):
        self.respond(body=False)

    def do_GET(self):
        self.respond(body=True)

    def respond(self, body):
        host = self.server
        path = unquote(urlsplit(self.path).path)
        if not path.startswith(host.prefix):
            if path in ("/", host.prefix.rstrip("/")):
                return self.redirect(host.prefix)
            return self.not_found(body)
        rel = path[len(host.prefix):]
        if ".." in rel.split("/"):
            return self.not_found(body)
        file = host.site / rel
        if file.is_dir():
            if rel and not rel.endswith("/"):
                return self.redirect(path + "/")
            file = file / "index.html"
        if not file.is_file():
            return self.not_found(body)
        self.send_file(file, file.relative_to(host.site).as_posix(), 200, body)

    def redirect(self, location):
        self.send_response(301)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def not_found(self, body):
        page = self.server.site / "404.html"
        if page.is_file():
            return self.send_file(page, "404.html", 404, body)
        self.send_response(404)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def send_file(self, file, rel, status, body):
        host = self.server
        st = file.stat()
        ctype = TYPES.get(file.suffix.lower()) or mimetypes.guess_type(file.name)[0] or "application/octet-stream"
        etag = '"%x-%x"' % (st.st_mtime_ns, st.st_size)
        accepts = self.headers.get("Accept-Encoding", "")
        use_gzip = (host.gzip and COMPRESSIBLE.match(ctype) and st.st_size >= MIN_GZIP_BYTES
                    and re.search(r"\bgzip\b(?!;q=0(\.0*)?\b)", accepts))
        if use_gzip:
            etag = etag[:-1] + '-gz"'
        if status == 200 and self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", cache_control(rel))
            self.end_headers()
            return
        data = host.compressed(file, st) if use_gzip else file.read_bytes()
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        if host.gzip and COMPRESSIBLE.match(ctype):
            self.send_header("Vary", "Accept-Encoding")
        if use_gzip:
            self.send_header("Content-Encoding", "gzip")
        if status == 200:
            self.send_header("ETag", etag)
            self.send_header("Last-Modified", email.utils.formatdate(st.st_mtime, usegmt=True))
            self.send_header("Cache-Control", cache_control(rel))
        else:
            self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        if body:
            self.wfile.write(data)
            with host.lock:
                host.requests += 1
                host.bytes_sent += len(data)


def start(site, prefix="/", gzip=False):
    """A StaticHost serving in a background thread; stop it with .shutdown() and .server_close()."""
    host = StaticHost(site, prefix, gzip)
    threading.Thread(target=host.serve_forever, daemon=True).start()
    return host


@contextlib.contextmanager
def serve(site, prefix="/", gzip=False):
    """Serve `site` under `prefix` while the block runs; yields the base URL."""
    host = start(site, prefix, gzip)
    try:
        yield host.base_url
    finally:
        host.shutdown()
        host.server_close()
