"""Page weight: everything a reader downloads to open each page, gzip as a server sends it.

HTML, CSS, JavaScript, images and figures that the page references (both the
light and the dark figure variants count: the browser fetches both). The search
index is excluded (it loads only when someone searches). Goals: ≤ 150 KB per
page, each page's own HTML ≤ 100 KB, each figure ≤ 30 KB (gzip).
Builds the site into a temp folder unless --site points at a built one.
"""
import gzip
import html.parser
import posixpath
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parents[1]
PAGE_GOAL, HTML_GOAL, FIGURE_GOAL = 150_000, 100_000, 30_000


class _Refs(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "link" and set((attrs.get("rel") or "").split()) & {"stylesheet", "icon", "preload", "modulepreload"}:
            self.urls.append(attrs.get("href"))
        elif tag in ("script", "img", "source") and attrs.get("src"):
            self.urls.append(attrs["src"])


def gzipped_size(path, _cache={}):
    if path not in _cache:
        _cache[path] = len(gzip.compress(path.read_bytes(), compresslevel=6, mtime=0))
    return _cache[path]


def resources(site, page, prefix):
    parser = _Refs()
    parser.feed(page.read_text(encoding="utf-8"))
    found = set()
    for url in filter(None, parser.urls):
        parts = urlsplit(url)
        if parts.scheme or parts.netloc:
            continue
        rel = unquote(parts.path)
        if rel.startswith("/"):
            target = site / rel[len(prefix):] if rel.startswith(prefix) else None
        else:
            target = site / posixpath.normpath(posixpath.join(posixpath.dirname(page.relative_to(site).as_posix()), rel))
        if target is not None and target.is_file() and "search_index" not in target.name:
            found.add(target)
    return found


def measure(site, prefix="/"):
    """[(page, html_gz, total_gz, figures)] for every HTML page of the site."""
    rows = []
    for page in sorted(site.rglob("*.html")):
        files = resources(site, page, prefix)
        figures = {f: gzipped_size(f) for f in files if f.suffix == ".svg" and "figures" in f.parts}
        total = gzipped_size(page) + sum(gzipped_size(f) for f in files)
        rows.append((page.relative_to(site).as_posix(), gzipped_size(page), total, figures))
    return rows


def run(args):
    from attention_site.local_site import build_site
    from attention_site.site_config import site_path

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        result = build_site(site)
        if result.returncode != 0:
            print(result.stdout[-2000:], result.stderr[-2000:])
            return 1
        rows = measure(site, site_path())
        figures = {}
        for *_, figs in rows:
            figures.update(figs)
    rows.sort(key=lambda r: -r[2])
    print(f"{len(rows)} pages; heaviest first (KB, gzip; search index excluded):")
    print(f"  {'page':<40} {'html':>7} {'total':>7}")
    for page, html_gz, total, _ in rows[:8]:
        print(f"  {page:<40} {html_gz / 1000:>7.1f} {total / 1000:>7.1f}")
    worst_page, worst_html = max(r[2] for r in rows), max(r[1] for r in rows)
    worst_fig = max(figures.values(), default=0)
    status = 0
    for label, value, goal in (("heaviest page", worst_page, PAGE_GOAL), ("heaviest HTML", worst_html, HTML_GOAL),
                               ("heaviest figure", worst_fig, FIGURE_GOAL)):
        ok = value <= goal
        status |= (not ok) and args.check
        print(f"{label:<16} {value / 1000:7.1f} KB  goal ≤ {goal / 1000:.0f} KB  {'met' if ok else 'MISSED'}")
    print(f"figures: {len(figures)} files, median {sorted(figures.values())[len(figures) // 2] / 1000:.1f} KB gzip"
          if figures else "figures: none found")
    return int(status)
