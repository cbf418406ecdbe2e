"""The built site as a whole: strict build, both languages, computed content filled in."""
import re
from pathlib import Path

import pytest

from attention_site import values
from snippets import sentence

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
pytestmark = pytest.mark.site


def zh_pages():
    return sorted(p.stem for p in (DOCS / "zh").iterdir() if p.suffix in {".md", ".ipynb"})


def html_path(site_dir, lang, stem):
    prefix = site_dir if lang == "zh" else site_dir / "en"
    return prefix / "index.html" if stem == "index" else prefix / stem / "index.html"


def test_build_log_is_clean(build_log):
    for bad in ("WARNING", "Glyph", "missing from font", "Traceback"):
        assert bad not in build_log, f"build log contains {bad!r}"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_page_is_built_as_html(site_dir, lang):
    for stem in zh_pages():
        path = html_path(site_dir, lang, stem)
        assert path.exists(), f"{lang}/{stem} was not built"
        text = path.read_text(encoding="utf-8")
        assert text.lstrip().startswith("<!doctype html>"), f"{path} is not an HTML page"
        assert f'<html lang="{lang}"' in text, f"{path} does not declare lang={lang}"


def test_no_placeholder_left_unfilled(site_dir):
    for path in site_dir.rglob("*.html"):
        assert not re.search(r"\{\{\s*(num|table|fig|widget)\.", path.read_text(encoding="utf-8")), path


def test_computed_pages_carry_the_version_stamp(site_dir):
    import matplotlib
    import numpy

    for lang, stamp in (("zh", f"NumPy {numpy.__version__}、Matplotlib {matplotlib.__version__}"),
                        ("en", f"NumPy {numpy.__version__}, Matplotlib {matplotlib.__version__}")):
        for stem in zh_pages():
            source = (DOCS / lang / f"{stem}.md")
            text = source.read_text(encoding="utf-8") if source.exists() else ""
            html = html_path(site_dir, lang, stem).read_text(encoding="utf-8")
            # a computed number, table or figure carries the stamp; exercises and widgets alone do not
            # (a reader of "why" saw it under a page without a number)
            quotes = re.search(r"\{\{\s*(num|table|fig)\.", text)
            assert (stamp in html) == bool(quotes), (lang, stem)


def test_quoted_numbers_come_from_the_build(site_dir):
    for lang in ("zh", "en"):  # weights#budget: the share of "cat" and what is left for the rest
        html = html_path(site_dir, lang, "weights").read_text(encoding="utf-8")
        for name in ("num.it_cat_percent", "num.others_percent"):
            assert values.render(name, lang) in html, (lang, name)


def derived_strings():
    """Every derived number the prose quotes, as rendered (with a '.' or '%')."""
    found = set()
    for name in values.NAMES:
        if name.startswith("num."):
            for token in re.findall(r"\d+(?:\.\d+)?%?", values.render(name, "en")):
                if "." in token or "%" in token:
                    found.add(token)
    # The article's own raw scores are inputs, quoted as the article gives them; a score
    # placeholder that happens to render one of them does not make it derived. So are the
    # hand-set numbers of W_Q, which word-vectors quotes (through placeholders) as a Query.
    from snippets.softmax import ARTICLE_SCORES
    inputs = {f"{score:.1f}" for score in ARTICLE_SCORES} | {f"{x:.1f}" for x in sentence.w_query.flat}
    return found - inputs


# The article's own FAQ example, quoted verbatim: a hypothetical share, not a computed one.
ARTICLE_QUOTES = ("哪怕某个词只拿到 5% 的权重，它的内容也会按 5% 的比例混进结果里。",
                  "Even a word that gets only 5% of the weight has its content mixed into the result, at 5%.")


@pytest.mark.parametrize("path", sorted(DOCS.rglob("*.md")), ids=lambda p: str(p.relative_to(DOCS)))
def test_no_derived_number_is_typed_into_docs(path):
    text = re.sub(r"\{\{.*?\}\}", "", path.read_text(encoding="utf-8"))
    for quote in ARTICLE_QUOTES:
        text = text.replace(quote, "")
    typed = sorted(s for s in derived_strings() | {"0.78", "0.04", "78%"}
                   if re.search(rf"(?<![\d.]){re.escape(s)}(?![\d])", text))
    assert not typed, f"{path.relative_to(DOCS)} types derived numbers {typed}: use a placeholder"


def test_sitemap_and_404_exist(site_dir):
    assert (site_dir / "sitemap.xml").exists()
    assert (site_dir / "404.html").exists()


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_theme_chrome_speaks_the_page_language(site_dir, lang):
    """Header, footer, palette toggle and navigation labels (text, title, aria-label) are in the
    page's language; only the language switcher names the other language in its own words."""
    from bs4 import BeautifulSoup

    cjk = re.compile(r"[\u3400-\u9fff]")
    for stem in zh_pages():
        soup = BeautifulSoup(html_path(site_dir, lang, stem).read_text(encoding="utf-8"), "html.parser")
        for switcher in soup.select(".md-select"):
            switcher.decompose()
        labels = [soup.select_one("header").get_text(" "), soup.select_one(".md-copyright").get_text(" ")]
        labels += [tag.get(attr, "") for tag in soup.select("header [title], header [aria-label], "
                                                             "nav [aria-label], label[title]")
                   for attr in ("title", "aria-label")]
        toggles = [tag.get("title", "") for tag in soup.select("form[data-md-component=palette] label")]
        assert len(toggles) == 2, f"{lang}/{stem}: expected two palette toggles"
        for text in labels + toggles:
            if lang == "en":  # the example sentence and "it (它)" glosses stay Chinese in headings
                bare = re.sub(r"它\s*是\s*一只\s*猫|\([\u3400-\u9fff]+\)", "", text)
                assert not cjk.search(bare), f"en/{stem}: Chinese in the theme's chrome: {text.strip()[:80]!r}"
        if lang == "zh":
            assert "Adapted" not in soup.select_one(".md-copyright").get_text(), f"zh/{stem}: English footer"
        for text in toggles:
            if lang == "zh":
                assert cjk.search(text) and not re.search(r"[A-Za-z]", text), f"zh/{stem}: toggle {text!r}"


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_chapter_says_its_number_as_the_home_map_counts_it(site_dir, lang):
    """hooks/reading_path.py: "第 3 章 · 共 7 章" / "Chapter 3 of 7" above each core chapter's
    title (R32 en: the home page said "chapter 7", no page did), the same number the home
    page's map gives it; pages off the map (deep dives, reference pages, home) say none."""
    from bs4 import BeautifulSoup

    home = BeautifulSoup(html_path(site_dir, lang, "index").read_text(encoding="utf-8"), "html.parser")
    heading = home.find(id="chapter-map")
    listed = [a["href"].strip("./").split("/")[-1] or a["href"] for a in heading.find_next("ol").select("li > a")]
    assert 5 <= len(listed) <= 7, listed  # the core chapters (tests/test_reading_path.py)
    label = {"zh": "第 {n} 章 · 共 {total} 章", "en": "Chapter {n} of {total}"}[lang]
    for stem in zh_pages():
        soup = BeautifulSoup(html_path(site_dir, lang, stem).read_text(encoding="utf-8"), "html.parser")
        said = [p.get_text() for p in soup.select("article p.chapter-number")]
        if stem in listed:
            assert said == [label.format(n=listed.index(stem) + 1, total=len(listed))], (lang, stem)
            title = soup.select_one("article h1")
            assert title is not None and soup.select_one("article p.chapter-number").find_next("h1") is title
        else:
            assert said == [], (lang, stem)
