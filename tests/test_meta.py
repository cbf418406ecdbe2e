"""hooks/meta.py: descriptions and OpenGraph tags, escaped exactly once.

Unit tests drive the hook with fake pages (a `"` and a `&` in the text); the
`site` tests parse the <head> of every built page: one description meta with
nothing but name and content, the full text (not cut at a quote), OpenGraph
title and description escaped once, footer link labels escaped once.
"""
import html
import html.parser
import types
from pathlib import Path

import pytest

from tests import helpers

ROOT = Path(__file__).resolve().parents[1]


def load_hook():
    return helpers.load_hook("meta")


def fake_page(src_uri="en/library.md", title="Library", meta=None, homepage=False):
    return types.SimpleNamespace(file=types.SimpleNamespace(src_uri=src_uri), title=title, meta=dict(meta or {}),
                                 is_homepage=homepage, canonical_url="https://example.org/x/")


CONFIG = types.SimpleNamespace(site_name="Site & Co", site_description="The site.")
HEAD = "<html><head><title>t</title></head><body>{body}</body></html>"


class HeadParser(html.parser.HTMLParser):
    """Every <meta> (attributes as parsed by a browser-like parser) and footer link labels."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.metas, self.footer_labels = [], []

    def handle_starttag(self, tag, attrs):
        if tag == "meta":
            self.metas.append(attrs)
        if tag == "a" and "md-footer__link" in (dict(attrs).get("class") or ""):
            self.footer_labels.append(dict(attrs).get("aria-label"))


def parse(text):
    parser = HeadParser()
    parser.feed(text)
    return parser


def meta_value(parser, key, value):
    found = [dict(a) for a in parser.metas if dict(a).get(key) == value]
    assert len(found) == 1, (key, value, found)
    return found[0]["content"]


def test_description_from_first_paragraph_is_escaped_for_the_theme():
    hook = load_hook()
    page = fake_page()
    content = '<h1>x</h1><p>Ask <em>"what is it?"</em> &amp; look &lt;here&gt;.</p><p>second</p>'
    assert hook.on_page_content(content, page, CONFIG, None) == content
    assert page.meta["description_text"] == 'Ask "what is it?" & look <here>.'
    assert page.meta["description"] == "Ask &quot;what is it?&quot; &amp; look &lt;here&gt;."
    # What Material's base.html does with it: content="{{ page.meta.description }}"
    parsed = parse(f'<meta name="description" content="{page.meta["description"]}">')
    assert parsed.metas == [[("name", "description"), ("content", 'Ask "what is it?" & look <here>.')]]


def test_front_matter_description_wins_and_is_escaped_too():
    hook = load_hook()
    page = fake_page(meta={"description": 'Say "hi" & go'})
    hook.on_page_content("<p>first paragraph</p>", page, CONFIG, None)
    assert page.meta["description_text"] == 'Say "hi" & go'
    assert page.meta["description"] == "Say &quot;hi&quot; &amp; go"
    hook.on_page_content("<p>first paragraph</p>", page, CONFIG, None)  # a second run escapes nothing twice
    assert page.meta["description"] == "Say &quot;hi&quot; &amp; go"


def test_long_paragraph_is_cut_and_empty_page_falls_back():
    hook = load_hook()
    page = fake_page()
    hook.on_page_content("<p>" + "word " * 100 + "</p>", page, CONFIG, None)
    assert len(page.meta["description_text"]) == 160 and page.meta["description_text"].endswith("…")
    empty = fake_page()
    hook.on_page_content("<h1>only a title</h1>", empty, CONFIG, None)
    assert empty.meta["description_text"] == "The site."


@pytest.mark.parametrize("homepage", [False, True])
def test_opengraph_title_and_description_escaped_once(homepage):
    hook = load_hook()
    # page.title is HTML (MkDocs renders it): "&" arrives as "&amp;"
    page = fake_page(src_uri="zh/summary.md", title="小结 &amp; 下一篇预告", homepage=homepage)
    hook.on_page_content('<p>He said "go" &amp; went.</p>', page, CONFIG, None)
    out = hook.on_post_page(HEAD.format(body=""), page, CONFIG)
    parsed = parse(out)
    expected = "小结 & 下一篇预告" if homepage else "小结 & 下一篇预告 - Site & Co"
    assert meta_value(parsed, "property", "og:title") == expected
    assert meta_value(parsed, "property", "og:site_name") == "Site & Co"
    assert meta_value(parsed, "property", "og:description") == 'He said "go" & went.'
    assert meta_value(parsed, "property", "og:locale") == "zh_CN"
    assert "&amp;amp;" not in out


def test_footer_labels_lose_the_theme_s_second_escape():
    hook = load_hook()
    page = fake_page()
    hook.on_page_content("<p>x</p>", page, CONFIG, None)
    # Material: aria-label="{{ direction }}: {{ page.next_page.title | e }}" with title "A &amp; B"
    body = ('<a href="../x/" class="md-footer__link md-footer__link--next" aria-label="Next: A &amp;amp; B">'
            '<a href="../y/" class="md-footer__link md-footer__link--prev" aria-label="Previous: Say &amp;#34;hi&amp;#34;">'
            '<a href="../z/" class="other" aria-label="keep &amp;amp; me">')
    out = hook.on_post_page(HEAD.format(body=body), page, CONFIG)
    assert parse(out).footer_labels == ["Next: A & B", 'Previous: Say "hi"']
    assert 'aria-label="keep &amp;amp; me"' in out  # only the theme's footer links are touched


def test_page_without_head_is_left_alone():
    hook = load_hook()
    page = fake_page()
    hook.on_page_content("<p>x</p>", page, CONFIG, None)
    assert hook.on_post_page("<p>fragment</p>", page, CONFIG) == "<p>fragment</p>"


# -- every built page -------------------------------------------------------------

def built_pages(site_dir):
    return [p for p in sorted(site_dir.rglob("*.html")) if p.name != "404.html"]


@pytest.mark.site
def test_every_page_head_has_one_intact_description(site_dir):
    pages = built_pages(site_dir)
    assert len(pages) >= 20
    problems = []
    for path in pages:
        text = path.read_text(encoding="utf-8")
        head = text[: text.index("</head>")]
        parsed = parse(head)
        names = [dict(a) for a in parsed.metas if dict(a).get("name") == "description"]
        where = path.relative_to(site_dir).as_posix()
        if len(names) != 1:
            problems.append(f"{where}: {len(names)} description metas")
            continue
        attrs = [a for a in parsed.metas if dict(a).get("name") == "description"][0]
        if [k for k, _ in attrs] != ["name", "content"]:
            problems.append(f"{where}: description meta has attributes {attrs}")  # a quote ended the value
        og = meta_value(parsed, "property", "og:description")
        if names[0]["content"] != og:
            problems.append(f"{where}: description {names[0]['content']!r} != og:description {og!r}")
        for key in ("og:title", "og:description", "og:site_name"):
            value = meta_value(parsed, "property", key)
            if "&amp;" in value or "&#" in value or "&quot;" in value:
                problems.append(f"{where}: {key} escaped twice: {value!r}")
        for label in parse(text).footer_labels:
            if label and ("&amp;" in label or "&#" in label):
                problems.append(f"{where}: footer aria-label escaped twice: {label!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.site
def test_titles_with_ampersand_read_right(site_dir):
    """The zh summary page: its title has a "&"; og:title and the footer label that names it show one."""
    summary = parse((site_dir / "summary" / "index.html").read_text(encoding="utf-8"))
    title = meta_value(summary, "property", "og:title")
    if "&" not in title:
        pytest.skip("the summary title has no '&' any more")
    assert "& " in title and "&amp;" not in title
    faq = parse((site_dir / "faq" / "index.html").read_text(encoding="utf-8"))
    assert any(label and title.split(" - ")[0] in label for label in faq.footer_labels), faq.footer_labels
