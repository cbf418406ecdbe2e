"""The PDF edition (tools/pdf.py): one book per language, read back as a reader's
PDF viewer would (poppler's pdftotext, pdffonts, pdfinfo).

Built from the same site the other tests build (a copy of it), cached in
.cache/pdf/ like `make build` does.
"""
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from snippets import page_values
from tools import pdf

pytestmark = [pytest.mark.site, pytest.mark.browser]


@pytest.fixture(scope="module")
def books(site_dir, browser, tmp_path_factory):
    """{lang: path of the PDF}, printed from a copy of the built site."""
    if shutil.which("pdftotext") is None:
        pytest.fail("pdftotext is missing: apt-get install poppler-utils (.ci/run does)")
    copy = tmp_path_factory.mktemp("pdf") / "site"
    shutil.copytree(site_dir, copy)
    return {lang: pdf.build_book(copy, lang, browser)[0] for lang in pdf.LANGS}, copy


def text_of(path, first=None, last=None):
    args = ["pdftotext", "-layout"] + (["-f", str(first), "-l", str(last)] if first else []) + [str(path), "-"]
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


def squeeze(text):
    return re.sub(r"\s+", "", text)


def chapter_titles(site, lang):
    titles = []
    for stem in pdf.chapters():
        soup = BeautifulSoup(pdf.page_path(site, lang, stem).read_text(encoding="utf-8"), "html.parser")
        titles.append(soup.select_one("article h1").get_text(" ", strip=True).rstrip("¶").strip())
    return titles


@pytest.mark.parametrize("lang", pdf.LANGS)
def test_every_chapter_title_code_and_computed_number_is_in_the_book(books, lang):
    paths, site = books
    text = squeeze(text_of(paths[lang]))
    for title in chapter_titles(site, lang):
        assert squeeze(title) in text, f"{lang}: chapter {title!r} missing"
    assert "defsoftmax(" in text and "np.exp(" in text  # the code, as shown on the pages
    assert squeeze(f"#> ") in text or "#>" in text      # with its printed outputs
    for name in ("num.it_cat_percent", "num.it_cat_weight"):
        assert squeeze(page_values.render(name, lang)) in text, name


@pytest.mark.parametrize("lang", pdf.LANGS)
def test_the_table_of_contents_has_page_numbers_that_hold(books, lang):
    paths, site = books
    contents = text_of(paths[lang], 2, 2)
    titles = chapter_titles(site, lang)
    numbers = []
    for title in titles:
        line = next((l for l in contents.splitlines() if squeeze(title) in squeeze(l)), None)
        assert line is not None, f"{lang}: {title!r} not in the table of contents"
        numbers.append(int(line.split()[-1]))
    assert numbers == sorted(numbers) and numbers[0] >= 3
    for title, number in zip(titles, numbers):
        page = pdf.CHAPTER_NUMBER.sub("", squeeze(text_of(paths[lang], number, number)))  # "第 2 章 · …"
        assert page.startswith(squeeze(title)), f"{lang}: page {number} does not start with {title!r}"


@pytest.mark.parametrize("lang", pdf.LANGS)
def test_fonts_are_embedded_and_text_is_text(books, lang):
    paths, _ = books
    fonts = subprocess.run(["pdffonts", str(paths[lang])], capture_output=True, text=True, check=True).stdout
    rows = [line for line in fonts.splitlines()[2:] if line.strip()]
    assert rows
    for row in rows:
        emb, _sub, uni = row.split()[-5:-2]
        assert emb == "yes" and uni == "yes", row
    if lang == "zh":
        assert re.search("[\u4e00-\u9fff]{4}", text_of(paths[lang], 3, 3))  # CJK extracts as text


@pytest.mark.parametrize("lang", pdf.LANGS)
def test_the_book_is_small_has_a_cover_and_page_numbers(books, lang):
    paths, _ = books
    assert paths[lang].stat().st_size <= pdf.MAX_BYTES
    cover = text_of(paths[lang], 1, 1)
    assert pdf.TEXT[lang]["build"] in cover and pdf.site_url() in cover
    info = subprocess.run(["pdfinfo", str(paths[lang])], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))
    assert pages >= 20
    assert re.search(rf"\b5 / {pages}\b", text_of(paths[lang], 5, 5))  # the footer numbers pages
    # the cover and contents are printed on their own and swapped in: their footers count the book
    assert re.search(rf"\b2 / {pages}\b", text_of(paths[lang], 2, 2))


@pytest.mark.parametrize("lang", pdf.LANGS)
def test_links_between_chapters_stay_inside_the_book(books, lang):
    from pypdf import PdfReader

    paths, _ = books
    internal = external = 0
    for page in PdfReader(str(paths[lang])).pages:
        for annotation in page.get("/Annots") or []:
            action = annotation.get_object()
            if "/Dest" in action or action.get("/A", {}).get("/S") == "/GoTo":
                internal += 1
            elif action.get("/A", {}).get("/S") == "/URI":
                uri = str(action["/A"]["/URI"])
                assert not uri.startswith("file:"), uri
                external += 1
    assert internal >= 10, internal


def test_interactive_parts_point_to_the_website(books):
    paths, _ = books
    for lang in pdf.LANGS:
        assert squeeze(pdf.TEXT[lang]["online"]) in squeeze(text_of(paths[lang]))


def test_the_same_site_prints_the_same_bytes_from_the_cache(books, browser):
    paths, site = books
    again, cached = pdf.build_book(site, "en", browser)
    assert cached and again.read_bytes() == paths["en"].read_bytes()


def test_table_of_contents_names_and_page_numbers():
    html = ('<nav class="pdf-toc"><ol><li><a href="#chapter-qa"><span class="pdf-toc-name">Q &amp; A</span>'
            '<span class="pdf-toc-page" data-chapter="qa"></span></a></li></ol></nav>'
            '<section class="pdf-chapter" id="chapter-qa"><h1>Q &amp; A</h1></section></div></body></html>')
    assert pdf.toc_names(html) == {"qa": "Q & A"}
    filled = pdf.with_page_numbers(html, {"qa": 3})
    assert '<span class="pdf-toc-page" data-chapter="qa">3</span>' in filled
    with pytest.raises(ValueError, match="'intro'"):
        pdf.with_page_numbers(html, {"intro": 4})
    front = pdf.front_matter(filled)
    assert "pdf-chapter" not in front and ">3</span>" in front and front.endswith("</body></html>")


def test_a_chapter_starts_at_its_title_after_its_number():
    """A chapter's first page reads "第 2 章 · 共 10 章" / "Chapter 2 of 10" before its title
    (hooks/chapter_number.py); the page is still found, and a title elsewhere is not."""
    texts = ["封面", "第2章·共10章从类比回到词向量一个词", "Chapter3of10Self-attention:asentence", "正文从类比回到词向量"]
    assert pdf.first_pages(texts, {"word-vectors": "从类比回到词向量",
                                   "self-attention": "Self-attention: a sentence"}) == {
        "word-vectors": 2, "self-attention": 3}
    with pytest.raises(ValueError, match="从类比回到词向量"):
        pdf.first_pages(texts[:1] + texts[3:], {"word-vectors": "从类比回到词向量"})


def test_front_pages_that_do_not_match_the_book_stop_the_print():
    from pypdf import PdfWriter

    def blank(pages):
        writer = PdfWriter()
        for _ in range(pages):
            writer.add_blank_page(595, 842)
        out = __import__("io").BytesIO()
        writer.write(out)
        return out.getvalue()

    with pytest.raises(ValueError, match="3 pages, not the book's 2"):
        pdf.finish(blank(6), blank(3), front_length=2)


def test_book_order_follows_the_nav():
    stems = pdf.chapters()
    assert stems[0] == "index" and "glossary" in stems and len(stems) >= 11
    assert len(set(stems)) == len(stems)


def test_every_page_links_its_language_book(site_dir):
    for path in site_dir.rglob("index.html"):
        if "assets" in path.parts:
            continue
        lang = "en" if path.relative_to(site_dir).parts[0] == "en" else "zh"
        html = path.read_text(encoding="utf-8")
        link = re.search(r'md-copyright__pdf" data-pdf-link hidden>\s*<a href="([^"]+)"', html)
        assert link, path
        target = (path.parent / link.group(1)).resolve()
        assert target == (site_dir / f"attention-{lang}.pdf").resolve(), (path, link.group(1))


def test_pdf_links_are_hidden_until_the_books_are_printed(books, site_dir, browser):
    """`make serve` and a bare build have no PDF: no link to a 404. After tools/pdf.py, every
    page's footer link and the home pages' paragraph show, and each opens its book."""
    _, copy = books
    pages = [p for p in copy.rglob("*.html") if "assets" not in p.parts]  # 404.html too
    before = {p: p.read_text(encoding="utf-8") for p in pages}
    assert all(pdf.HIDDEN_LINK in html for html in before.values())
    assert pdf.show_pdf_links(copy) == len(pages)
    page = browser.new_page()
    try:
        for lang, home in (("zh", copy / "index.html"), ("en", copy / "en" / "index.html")):
            html = home.read_text(encoding="utf-8")
            assert "data-pdf-link hidden" not in html and html.count("data-pdf-link") == 2
            page.goto(home.as_uri())
            for link in page.locator("[data-pdf-link] a").all():
                assert link.is_visible()
                assert (home.parent / link.get_attribute("href")).resolve() == copy / f"attention-{lang}.pdf"
        page.goto((site_dir / "index.html").as_uri())  # the plain build: nothing to click
        assert page.locator("[data-pdf-link] a").count() == 2
        assert not any(link.is_visible() for link in page.locator("[data-pdf-link] a").all())
    finally:
        page.close()


def test_every_widget_in_the_book_points_online_and_keeps_its_stylesheet(site_dir):
    """R40 en: the score sliders printed as run-together text. Their stylesheet loads only on
    their own page, and the book took its stylesheets from the home page alone; nor did the
    playground get its 'try it on the website' line (a stale class name in WIDGETS)."""
    for lang in pdf.LANGS:
        book = BeautifulSoup(pdf.book_html(site_dir, lang), "html.parser")
        links = [link["href"] for link in book.select('link[rel="stylesheet"]')]
        assert len(links) == len(set(links))
        for stem in pdf.chapters():
            page = BeautifulSoup(pdf.page_path(site_dir, lang, stem).read_text(encoding="utf-8"), "html.parser")
            for link in page.select('link[rel="stylesheet"]'):
                assert link["href"].startswith("http") or any(
                    href.endswith(link["href"].lstrip("./")) for href in links), (stem, link["href"])
        assert any(href.endswith("playground.css") for href in links)
        widgets = book.select("[data-attention-explorer], [data-attention-playground], [data-exercise]")
        assert book.select("[data-attention-playground]") and book.select("[data-attention-explorer]")
        for widget in widgets:
            after = widget.find_next_sibling()
            assert after is not None and "pdf-online" in after.get("class", []), widget.name
