"""attention_site/pdf/book.py: one HTML document per language from the built pages.

The books themselves are printed and read back in tests/test_pdf.py; here the document is
checked before any print: its stylesheets, its widgets and exercises, its layout in Chromium.
"""
import shutil

import pytest
from bs4 import BeautifulSoup

from attention_site.languages import LANGS
from attention_site.pdf import book, order
from attention_site.pdf.pages import page_path


def test_the_contents_name_a_part_where_it_starts():
    toc = [("index", "core", "Home"), ("weights", "core", "Weights & sums"), ("rain", "extra", "Rain"),
           ("more", "extra", "More"), ("glossary", "reference", "Glossary")]
    entries = book.contents(toc, {"extra": "Deep dives", "reference": "Reference"}).splitlines()
    assert [e.split(">")[1].split("<")[0] for e in entries if "pdf-toc-part" in e] == ["Deep dives", "Reference"]
    assert entries.index('<li class="pdf-toc-part">Deep dives</li>') == 2
    assert 'Weights &amp; sums</span><span class="pdf-toc-page" data-chapter="weights"></span>' in entries[1]
    assert len(entries) == len(toc) + 2


def test_the_version_stamp_is_the_sites_or_the_source_date(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert book.version_stamp(tmp_path) == "2023-11-14"
    (tmp_path / "version.txt").write_text("abc1234 2026-12-07\n", encoding="utf-8")
    assert book.version_stamp(tmp_path) == "abc1234 2026-12-07"


@pytest.mark.site
def test_every_widget_in_the_book_points_online_and_keeps_its_stylesheet(site_dir):
    """R40 en: the score sliders printed as run-together text. Their stylesheet loads only on
    their own page, and the book took its stylesheets from the home page alone; nor did the
    playground get its 'try it on the website' line (a stale class name in WIDGETS). Every
    widget's stylesheet is a <head> link of its page (overrides/partials/widgets.html)."""
    for lang in LANGS:
        document = BeautifulSoup(book.book_html(site_dir, lang), "html.parser")
        links = [link["href"] for link in document.select('link[rel="stylesheet"]')]
        assert len(links) == len(set(links))
        for stem in order.chapters():
            page = BeautifulSoup(page_path(site_dir, lang, stem).read_text(encoding="utf-8"), "html.parser")
            for link in page.select('link[rel="stylesheet"]'):
                assert link["href"].startswith("http") or any(
                    href.endswith(link["href"].lstrip("./")) for href in links), (stem, link["href"])
        assert any(href.endswith("playground.css") for href in links)
        assert any(href.endswith("explorer.css") for href in links)
        widgets = document.select("[data-attention-explorer], [data-attention-playground]")
        assert document.select("[data-attention-playground]") and document.select("[data-attention-explorer]")
        for widget in widgets:
            after = widget.find_next_sibling()
            assert after is not None and "pdf-online" in after.get("class", []), widget.name
            assert not widget.select("input, select, button, .ae-stepper"), "a widget prints its state, no controls"
        for block in document.select(".exercises"):
            assert "pdf-online" in block.find().get("class", [])


@pytest.mark.site
@pytest.mark.browser
def test_lists_and_admonition_titles_indent_in_the_book(site_dir, browser, tmp_path):
    """Material indents lists and admonition titles only under [dir=ltr]: without it on the book's
    body, 41 lists a book lost their bullets and 102 titles printed under their icon."""
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    source = copy / ".book-en.html"
    source.write_text(book.book_html(copy, "en"), encoding="utf-8")
    page = browser.new_page()
    try:
        page.emulate_media(media="print")
        page.goto(source.as_uri())
        found = page.evaluate("""() => ({
            title: parseFloat(getComputedStyle(document.querySelector('.pdf-chapter .admonition-title')).paddingLeft),
            item: parseFloat(getComputedStyle(document.querySelector('.pdf-chapter ul > li')).marginLeft),
            font: getComputedStyle(document.querySelector('.pdf-chapter p')).fontFamily})""")
    finally:
        page.close()
    assert found["title"] >= 30 and found["item"] >= 10, found
    assert found["font"].startswith('"Liberation Sans", "WenQuanYi Micro Hei"'), found
