"""The reading path (issue 27): a short numbered core, deep dives one click away, reference apart.

Contract read by an outside check: every built page has <meta name="reading-path"
content="core|extra|reference">; the home page is core; at most 7 core chapters besides it, within
the prose budget (twice the article); every extra or reference page is linked from a core page of
the same language. The frame: each core chapter opens with a three-point "in this chapter" box and
ends with a "key points" box. attention_site/reading_path.py (the rule), hooks/reading_path.py.
"""
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from attention_site import prose, reading_path
from attention_site.languages import LANGS

ROOT = Path(__file__).resolve().parents[1]
MAX_CHAPTERS = 7
MAX_PAGE_BYTES = 100_000


# --- the rule, on a nav made by hand (fast lane) --------------------------------------------

def _page(uri):
    return SimpleNamespace(is_section=False, is_page=True, file=SimpleNamespace(src_uri=uri))


def _section(title, *children):
    return SimpleNamespace(is_section=True, is_page=False, title=title, children=list(children))


NAV = [_page("index.md"),
       _section("直觉", _page("library.md"), _page("self-attention.md")),
       _section(reading_path.DEEP_DIVES, _page("softmax.md")),
       _section(reading_path.REFERENCE, _page("glossary.md"))]


def test_paths_come_from_the_nav_sections():
    assert reading_path.classify(NAV) == {"index.md": "core", "library.md": "core",
                                          "self-attention.md": "core", "softmax.md": "extra",
                                          "glossary.md": "reference"}
    assert reading_path.chapters(NAV) == ["library.md", "self-attention.md"]


def test_an_en_nav_numbers_the_same_chapters():
    en = [_page("en/index.md"), _section("直觉", _page("en/library.md")),
          _section(reading_path.REFERENCE, _page("en/glossary.md"))]
    assert reading_path.chapters(en) == ["en/library.md"]


def test_prose_counts_han_characters_and_words_and_skips_folds_and_code():
    html = ('<html><head><meta name="reading-path" content="core"></head><body><article>'
            "<p>注意力 attention is all</p><details><p>折叠里的字</p></details>"
            '<pre>代码</pre><div class="highlight">x = 1</div><p hidden>藏</p>'
            '<div class="footnote">脚注</div></article></body></html>')
    assert prose.page(html, "zh") == ("core", 3)
    assert prose.page(html, "en") == ("core", 3)


# --- the built site ---------------------------------------------------------------------------

def _soup(path):
    from bs4 import BeautifulSoup
    return BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")


def _pages(site_dir, lang):
    """{name: path} of the built pages of `lang` ('index' for the home page)."""
    from attention_site import languages

    found = {}
    for path in site_dir.rglob("index.html"):
        rel = path.relative_to(site_dir).parent.as_posix().strip(".")
        if languages.of_path(rel) != lang:
            continue
        found[rel.removeprefix("en").strip("/") or "index"] = path
    return found


def _path_of(path):
    tags = _soup(path).find_all("meta", attrs={"name": "reading-path"})
    assert len(tags) == 1, f"{path}: {len(tags)} reading-path meta tags"
    return tags[0].get("content")


@pytest.mark.site
def test_every_built_page_says_its_reading_path(site_dir):
    pages = list(site_dir.rglob("index.html")) + list(site_dir.glob("404.html"))
    assert len(pages) > 20
    for path in pages:
        assert _path_of(path) in reading_path.PATHS, path


@pytest.mark.site
@pytest.mark.parametrize("lang", LANGS)
def test_the_core_is_the_home_page_and_at_most_seven_chapters(site_dir, lang):
    paths = {name: _path_of(path) for name, path in _pages(site_dir, lang).items()}
    assert paths["index"] == "core"
    chapters = [name for name, p in paths.items() if p == "core" and name != "index"]
    assert 5 <= len(chapters) <= MAX_CHAPTERS, chapters
    assert {"extra", "reference"} <= set(paths.values())
    label = {"zh": "共 {n} 章", "en": "of {n}"}[lang].format(n=len(chapters))
    for name, path in _pages(site_dir, lang).items():
        said = [p.get_text() for p in _soup(path).select("article p.chapter-number")]
        if name in chapters:
            assert len(said) == 1 and said[0].endswith(label), (lang, name, said)
        else:
            assert said == [], f"{lang}/{name} is not a core chapter but says {said}"


@pytest.mark.site
@pytest.mark.parametrize("lang", LANGS)
def test_the_core_prose_stays_within_twice_the_article(site_dir, lang):
    counts = {name: prose.page(path.read_text(encoding="utf-8"), lang)
              for name, path in _pages(site_dir, lang).items()}
    core = {name: n for name, (path, n) in counts.items() if path == "core"}
    total = sum(core.values())
    assert total <= prose.BUDGET[lang], f"{lang} core prose {total} > {prose.BUDGET[lang]}: {core}"


def _targets(soup, page_path, site_dir):
    """The built index.html files that the article's links of a page point to."""
    found = set()
    for a in soup.select("article a[href]"):
        href = a["href"].split("#")[0]
        if not href or re.match(r"^[a-z]+:", href) or href.endswith((".pdf", ".ipynb")):
            continue
        target = (page_path.parent / href).resolve()
        target = target / "index.html" if target.is_dir() else target
        if target.exists():
            found.add(target)
    return found


@pytest.mark.site
@pytest.mark.parametrize("lang", LANGS)
def test_every_extra_and_reference_page_is_linked_from_a_core_page(site_dir, lang):
    pages = _pages(site_dir, lang)
    paths = {name: _path_of(path) for name, path in pages.items()}
    linked, deep_dive_boxes = set(), set()
    for name, path in pages.items():
        if paths[name] != "core":
            continue
        soup = _soup(path)
        linked |= _targets(soup, path, site_dir)
        for box in soup.select("article .admonition.deep-dive"):
            deep_dive_boxes |= _targets(box, path, site_dir)
    for name, path in pages.items():
        if paths[name] != "core":
            assert path.resolve() in linked, f"{lang}/{name} ({paths[name]}) is linked from no core page"
        if paths[name] == "extra" and name != "index":
            chapters = [n for n, p in paths.items() if p == "core" and n != "index"]
            assert path.resolve() in deep_dive_boxes, (
                f"{lang}/{name}: no deep-dive box on a core chapter ({chapters}) links it")


@pytest.mark.site
@pytest.mark.parametrize("lang", LANGS)
def test_every_core_chapter_opens_with_three_goals_and_ends_with_key_points(site_dir, lang):
    for name, path in _pages(site_dir, lang).items():
        if name == "index" or _path_of(path) != "core":
            continue
        article = _soup(path).select_one("article")
        title = article.find("h1")
        first = title.find_next_sibling(True)
        assert first is not None and "chapter-goals" in first.get("class", []), (
            f"{lang}/{name}: the first block after the title is not the chapter-goals box")
        assert len(first.select("li")) == 3, f"{lang}/{name}: the goals box has not three points"
        boxes = article.select(".admonition.key-points")
        assert len(boxes) == 1, f"{lang}/{name}: {len(boxes)} key-points boxes"
        after = [t for t in boxes[0].find_next_siblings(True)
                 if t.name in ("h2", "p", "div", "table", "ul", "ol", "details", "figure")
                 and "computed-stamp" not in t.get("class", [])]
        heading = after[0] if after else None
        assert heading is None or (heading.name == "h2" and heading.get("id") == "try-it"), (
            f"{lang}/{name}: something other than the exercises follows the key points: "
            f"{heading.name if heading else None} {heading.get('id') if heading else ''}")
        assert boxes[0].select("li"), f"{lang}/{name}: empty key points"


@pytest.mark.site
def test_no_page_weighs_over_100_kb(site_dir):
    heavy = {p.relative_to(site_dir).as_posix(): p.stat().st_size for p in site_dir.rglob("*.html")
             if p.stat().st_size > MAX_PAGE_BYTES}
    assert not heavy, f"pages over {MAX_PAGE_BYTES} bytes: {heavy}"


def test_the_page_language_has_one_rule_for_sources_and_built_paths():
    from attention_site import languages

    assert [languages.of_path(p) for p in ("en/weights.md", "weights.md", "en", "en/weights/index.html",
                                           ".", "", "english.md")] == ["en", "zh", "en", "en", "zh", "zh", "zh"]
