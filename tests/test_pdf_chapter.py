"""attention_site/pdf/chapter.py: a web page made into a printed chapter (the rules, on small pages).

What the whole books print is read back in tests/test_pdf.py (no web-only sentence, figure text
that extracts, links inside the book).
"""
import base64
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from attention_site.pdf import chapter

URLS = {"weights/": "weights", "": "index"}
ONLINE = "https://example.org/attention/"


def soup_of(article, head=""):
    return BeautifulSoup(f"<html><head>{head}</head><body><article class=\"md-content__inner\">{article}"
                         f"</article></body></html>", "html.parser")


def test_links_between_chapters_stay_inside_the_book_and_files_go_online():
    soup = soup_of('<h2 id="why">Why</h2><a href="../weights/#sum">w</a><a href="../weights/">W</a>'
                   '<a href="#why">up</a><a href="../figures/a.svg">svg</a><a href="https://x.org/">x</a>'
                   '<img src="../figures/b.svg#only-light" loading="lazy">')
    article = soup.select_one("article")
    chapter.book_links(article, "softmax", "softmax/", URLS, ONLINE)
    assert article.select_one("h2")["id"] == "softmax--why"
    assert [a["href"] for a in article.select("a")] == [
        "#weights--sum", "#chapter-weights", "#softmax--why", ONLINE + "figures/a.svg", "https://x.org/"]
    img = article.select_one("img")
    assert img["src"] == "figures/b.svg" and "loading" not in img.attrs


def test_figures_print_in_the_books_fonts(tmp_path):
    (tmp_path / "figures").mkdir()
    (tmp_path / "figures" / "a.svg").write_text('<svg><text style="font-family: Noto Sans CJK SC; '
                                                'font-size: 9px">猫 0.78</text></svg>', encoding="utf-8")
    soup = soup_of('<img src="figures/a.svg"><img src="figures/missing.svg"><img src="a.png">')
    chapter.print_figures(soup.select_one("article"), tmp_path)
    first, missing, png = (img["src"] for img in soup.select("img"))
    svg = base64.b64decode(first.removeprefix("data:image/svg+xml;base64,")).decode("utf-8")
    assert f"font-family: {chapter.FIGURE_FONTS}; font-size: 9px" in svg and "Noto" not in svg
    assert (missing, png) == ("figures/missing.svg", "a.png")


def test_a_printed_chapter_has_no_web_furniture_and_opens_its_folds():
    soup = soup_of('<a class="headerlink" href="#x">¶</a><h1>Title</h1><script>x()</script>'
                   '<p class="copy-all">Copy all</p><p class="web-only">press Check</p>'
                   '<details><summary>more</summary>hidden</details><p>kept</p>',
                   head='<link rel="stylesheet" href="../assets/site.css">'
                        '<link rel="stylesheet" href="https://cdn.example/x.css">')
    assert chapter.stylesheets(soup, "softmax/") == ["assets/site.css"]
    name, section = chapter.printed_chapter(soup, Path("softmax/index.html"), "softmax", "en", Path("/site"),
                                            URLS, ONLINE)
    printed = BeautifulSoup(section, "html.parser")
    assert name == "Title" and printed.section["id"] == "chapter-softmax"
    assert printed.select_one("details").has_attr("open")
    text = printed.get_text(" ", strip=True)
    assert "kept" in text and not any(w in text for w in ("Copy all", "press Check", "x()", "¶"))


def test_a_page_without_an_article_stops_the_print_naming_it():
    soup = BeautifulSoup("<html><body><p>no article</p></body></html>", "html.parser")
    with pytest.raises(ValueError, match="en/weights/index.html: no <article>"):
        chapter.printed_chapter(soup, Path("en/weights/index.html"), "weights", "en", Path("/site"), URLS, ONLINE)
