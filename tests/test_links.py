"""Every internal link, image, script, stylesheet and #anchor of the built site resolves,
and nothing is loaded from another host."""
import html.parser
import posixpath
from urllib.parse import unquote, urlsplit

import pytest

pytestmark = pytest.mark.site


class _Collector(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.refs = set(), []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and "name" in attrs:
            self.ids.add(attrs["name"])
        for attr in ("href", "src"):
            if attrs.get(attr) is not None:
                self.refs.append((tag, attr, attrs[attr], attrs.get("rel")))


def parse(path):
    collector = _Collector()
    collector.feed(path.read_text(encoding="utf-8"))
    return collector


def site_pages(site_dir):
    return sorted(site_dir.rglob("*.html"))


def resolve(site_dir, page, url, prefix="/"):
    """The file a same-site URL points to (or None if it leaves the site).
    Absolute paths are taken under `prefix`, the path of site_url (/attention/)."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc:
        return None
    rel = unquote(parts.path)
    if not rel:
        return page
    if rel.startswith("/"):
        if not rel.startswith(prefix):
            return site_dir / "\0outside-the-site"
        target = site_dir / posixpath.normpath(rel[len(prefix):] or ".")
    else:
        base = posixpath.dirname(page.relative_to(site_dir).as_posix())
        target = site_dir / posixpath.normpath(posixpath.join(base, rel))
    if target.is_dir() or rel.endswith("/"):
        target = target / "index.html"
    return target


NOT_LOADED = {"canonical", "alternate"}  # <link rel=...> that a browser does not fetch
# Printed after the MkDocs build by `make build` (attention_site/pdf), so absent from a plain
# build; tests/test_pdf.py prints them into a copy of the site and checks these links.
PRINTED_LATER = {"attention-zh.pdf", "attention-en.pdf"}


def check_site(site_dir, prefix="/"):
    """Return a list of problems: broken links/anchors, third-party resources."""
    problems, cache = [], {}
    for page in site_pages(site_dir):
        for tag, attr, url, rel in parse(page).refs:
            parts = urlsplit(url)
            if parts.scheme in ("mailto", "data", "javascript"):
                continue
            if parts.scheme or parts.netloc:
                if tag != "a" and not (tag == "link" and set((rel or "").split()) & NOT_LOADED):
                    problems.append(f"{page.relative_to(site_dir)}: third-party {tag} {url}")
                continue
            target = resolve(site_dir, page, url, prefix)
            if target.name in PRINTED_LATER and target.parent == site_dir:
                continue
            if not target.exists():
                problems.append(f"{page.relative_to(site_dir)}: broken {tag} {attr}={url}")
                continue
            if parts.fragment and target.suffix == ".html":
                ids = cache.setdefault(target, parse(target).ids)
                if unquote(parts.fragment) not in ids:
                    problems.append(f"{page.relative_to(site_dir)}: missing anchor {url}")
    return problems


def test_all_internal_links_and_anchors_resolve(site_dir):
    from tests.served import site_path

    problems = check_site(site_dir, site_path())
    assert not problems, "\n".join(problems[:50])


def test_checker_finds_a_broken_anchor_and_a_cdn(tmp_path):
    (tmp_path / "index.html").write_text(
        '<html><body><h2 id="here">x</h2><a href="#here">ok</a><a href="#gone">bad</a>'
        '<a href="missing/">bad</a><link rel="canonical" href="https://example.com/">'
        '<a href="/elsewhere/">bad</a><script src="https://cdn.example.com/x.js"></script></body></html>',
        encoding="utf-8")
    problems = check_site(tmp_path)
    assert len(problems) == 4, problems
