"""The PDF edition (tools/pdf.py): one book per language, read back as a reader's
PDF viewer would (poppler's pdftotext, pdffonts, pdfinfo; pypdf for the outline).

Built from the same site the other tests build (a copy of it), cached in
.cache/pdf/ like `make build` does. The reading edition (issue 28) is read back too:
an outline, no Type 3 font, figure text (digits included) that extracts, every answer
after its question, no instruction that only a web page can follow, the reading path's order.
"""
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from attention_site import browser as chromium
from attention_site import toolchain
from attention_site import values
from tools import book, pdf

pytestmark = [pytest.mark.site, pytest.mark.browser]


@pytest.fixture(scope="module")
def books(site_dir, browser, tmp_path_factory):
    """{lang: path of the PDF}, printed from a copy of the built site. Without the PDF toolchain
    (system-packages.txt) the books are skipped locally, as `make build` skips them, and fail in CI."""
    missing = toolchain.missing()
    if missing:
        message = "the PDF toolchain is incomplete: " + "; ".join(missing)
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    copy = tmp_path_factory.mktemp("pdf") / "site"
    shutil.copytree(site_dir, copy)
    return {lang: pdf.build_book(copy, lang, browser)[0] for lang in pdf.LANGS}, copy


def text_of(path, first=None, last=None):
    args = ["pdftotext", "-layout"] + (["-f", str(first), "-l", str(last)] if first else []) + [str(path), "-"]
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


def squeeze(text):
    return re.sub(r"\s+", "", text)


def chapter_titles(site, lang):
    """The chapters' titles in the book's order (the reading path's)."""
    titles = []
    for stem, _ in pdf.reading_order(site, lang, pdf.chapters()):
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
        assert squeeze(values.render(name, lang)) in text, name


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
    (hooks/reading_path.py); the page is still found, and a title elsewhere is not."""
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
    playground get its 'try it on the website' line (a stale class name in WIDGETS). Every
    widget's stylesheet is a <head> link of its page (overrides/partials/widgets.html)."""
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
        assert any(href.endswith("explorer.css") for href in links)
        widgets = book.select("[data-attention-explorer], [data-attention-playground]")
        assert book.select("[data-attention-playground]") and book.select("[data-attention-explorer]")
        for widget in widgets:
            after = widget.find_next_sibling()
            assert after is not None and "pdf-online" in after.get("class", []), widget.name
            assert not widget.select("input, select, button, .ae-stepper"), "a widget prints its state, no controls"
        for block in book.select(".exercises"):
            assert "pdf-online" in block.find().get("class", [])


# --- The reading edition (issue 28) -------------------------------------------------------------


def outline(path):
    """[(depth, title, page)] of the PDF's outline (bookmarks)."""
    from pypdf import PdfReader

    reader = PdfReader(str(path))
    found = []

    def walk(items, depth):
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                found.append((depth, item.title, reader.get_destination_page_number(item) + 1))

    walk(reader.outline, 0)
    return found


@pytest.mark.parametrize("lang", pdf.LANGS)
def test_the_book_has_an_outline_of_chapters_and_sections(books, lang):
    paths, site = books
    entries = outline(paths[lang])
    titles = {squeeze(title) for _, title, _ in entries}
    for title in chapter_titles(site, lang):
        assert squeeze(title) in titles, f"{lang}: no bookmark for {title!r}"
    assert sum(depth > 0 for depth, _, _ in entries) >= 2 * len(pdf.chapters()), "sections are bookmarked too"
    pages = [page for _, _, page in entries]
    assert pages == sorted(pages)


@pytest.mark.parametrize("lang", pdf.LANGS)
def test_no_type3_font_and_every_figure_label_extracts_digits_included(books, lang):
    """Figures printed in Noto CJK (CFF) were Type 3 glyphs: "4.2 ... 84%" extracted as ". %", and
    42 Han characters as Kangxi radicals (⼀只, ⼿册)."""
    paths, site = books
    fonts = subprocess.run(["pdffonts", str(paths[lang])], capture_output=True, text=True, check=True).stdout
    assert "Type 3" not in fonts
    text = squeeze(text_of(paths[lang]))
    assert not re.search("[\u2f00-\u2fdf]", text), "Kangxi radicals: a CJK font printed as glyph procedures"
    figures = site / ("figures" if lang == "zh" else "en/figures")
    labels = 0
    for svg in sorted(figures.glob("*-light.svg")):
        for label in re.findall(r"<text[^>]*>([^<]+)</text>", svg.read_text(encoding="utf-8")):
            if re.search(r"\d", label):
                labels += 1
                assert squeeze(label) in text, f"{lang}: {svg.name}'s {label!r} does not extract"
    assert labels >= 50


def exercises_of(site, lang):
    """[(stem, question text, explanation text)] of every exercise on the built pages."""
    found = []
    for stem in pdf.chapters():
        page = BeautifulSoup(pdf.page_path(site, lang, stem).read_text(encoding="utf-8"), "html.parser")
        for exercise in page.select(".exercise"):
            question = exercise.select_one(".exercise__question")
            question.select_one(".exercise__number").decompose()
            explanation = exercise.select_one(".exercise__explanation")
            explanation.select_one(".exercise__answer-title").decompose()
            found.append((stem, squeeze(question.get_text()), squeeze(explanation.get_text())))
    return found


@pytest.mark.parametrize("lang", pdf.LANGS)
def test_every_answer_prints_after_its_question_at_the_chapters_end(books, lang):
    paths, site = books
    text = squeeze(text_of(paths[lang]))
    heading = squeeze(book.WORDS[lang]["answers"])
    exercises = exercises_of(site, lang)
    assert len(exercises) >= 20
    for stem, question, explanation in exercises:
        asked = text.find(question[:30])
        assert asked >= 0, f"{lang} {stem}: question {question[:30]!r} not in the book"
        answers = text.find(heading, asked)
        answered = text.find(explanation[:30], asked)
        assert 0 <= answers < answered, f"{lang} {stem}: {explanation[:30]!r} is not under {heading!r} after its question"


@pytest.mark.parametrize("lang", pdf.LANGS)
def test_no_web_only_instruction_is_printed(books, lang):
    """「点「检查」」, "your progress is kept in your browser", "use Copy all the code", the buttons."""
    paths, site = books
    text = squeeze(text_of(paths[lang]))
    web_only = set()
    for stem in pdf.chapters():
        page = BeautifulSoup(pdf.page_path(site, lang, stem).read_text(encoding="utf-8"), "html.parser")
        article = page.select_one("article")
        for tag in article.select(book.WEB_ONLY):  # not every button label: prose may quote one
            if len(squeeze(tag.get_text())) >= 4:
                web_only.add(squeeze(tag.get_text()))
    assert len(web_only) >= 5
    for words in sorted(web_only):
        assert words not in text, f"{lang}: printed {words!r}"


def test_inline_code_beside_chinese_punctuation_prints_without_a_gap(books):
    """「（ inf ，」: Material's padding around inline code, beside full-width punctuation."""
    paths, _ = books
    text = text_of(paths["zh"])
    gap = r"[（「，][ \t]+[A-Za-z_]|[A-Za-z_0-9)][ \t]+[）」，。]"  # within a line: a line may end at "，"
    assert not re.search(gap, text), re.findall(f".{{0,6}}(?:{gap}).{{0,6}}", text)[:5]


@pytest.mark.parametrize("lang", pdf.LANGS)
def test_the_book_follows_the_reading_path(books, lang):
    """Core chapters first (nav order), then the deep dives, then reference: each page's meta."""
    paths, site = books
    order = pdf.reading_order(site, lang, pdf.chapters())
    kinds = [path for _, path in order]
    assert kinds == sorted(kinds, key=pdf.reading_path.PATHS.index)
    assert set(kinds) == {"core", "extra", "reference"}
    contents = squeeze(text_of(paths[lang], 2, 3))
    names = pdf.part_names(lang)
    assert contents.index(squeeze(names["extra"])) < contents.index(squeeze(names["reference"]))


def test_the_order_of_a_book_comes_from_each_pages_meta(tmp_path):
    for stem, path in (("index", "core"), ("glossary", "reference"), ("rain", "extra"), ("why", "core")):
        page = pdf.page_path(tmp_path, "zh", stem)
        page.parent.mkdir(parents=True, exist_ok=True)
        page.write_text(f'<head><meta name="reading-path" content="{path}"></head>')
    assert pdf.reading_order(tmp_path, "zh", ["index", "glossary", "rain", "why"]) == [
        ("index", "core"), ("why", "core"), ("rain", "extra"), ("glossary", "reference")]
    pdf.page_path(tmp_path, "zh", "why").write_text("<head></head>")
    with pytest.raises(ValueError, match="why.*reading-path"):
        pdf.reading_order(tmp_path, "zh", ["index", "why"])


# --- The cache key covers everything the printed bytes depend on ---------------------------------


@pytest.fixture
def fake_toolchain(tmp_path, monkeypatch):
    """fc-match and a browser that say what the test tells them (files under tmp_path)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()

    def program(name, output):
        path = bin_dir / name
        path.write_text(f"#!/bin/sh\necho '{output}'\n")
        path.chmod(0o755)
        return path

    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv(chromium.ENV, str(program("fake-chromium", "Chromium 1.0")))
    chromium.executable.cache_clear()
    yield program
    chromium.executable.cache_clear()


def test_the_cache_key_changes_with_the_fonts_the_print_resolves_to(tmp_path, fake_toolchain):
    """A book printed before fonts-wqy-microhei was installed was served from the cache after it."""
    html = "<html><body>书</body></html>"
    fake_toolchain("fc-match", "/usr/share/fonts/noto/NotoSansCJK-Regular.ttc|0|2.004")
    before = pdf.cache_key(html, tmp_path)
    assert pdf.cache_key(html, tmp_path) == before
    fake_toolchain("fc-match", "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc|0|0.2")
    assert pdf.cache_key(html, tmp_path) != before


def test_the_cache_key_changes_with_the_browser_version(tmp_path, fake_toolchain):
    html = "<html><body>book</body></html>"
    fake_toolchain("fc-match", "/fonts/a.ttf|0|1")
    before = pdf.cache_key(html, tmp_path)
    fake_toolchain("fake-chromium", "Chromium 2.0")
    assert pdf.cache_key(html, tmp_path) != before


def test_the_print_css_and_figure_fonts_are_all_resolved():
    families = pdf.font_families(pdf.PRINT_CSS, f"font-family: {book.FIGURE_FONTS}")
    assert {"Liberation Sans", "WenQuanYi Micro Hei", "Liberation Mono", "monospace", "sans-serif"} <= set(families)


@pytest.mark.parametrize("value", ["off", "0", "false", "OFF"])
def test_pdf_cache_off_neither_reads_nor_writes_the_cache(value, tmp_path, monkeypatch):
    monkeypatch.setenv("PDF_CACHE", value)
    monkeypatch.setattr(pdf, "CACHE_DIR", tmp_path / "cache")
    monkeypatch.setattr(pdf, "book_html", lambda site, lang, root=None: "<html>book</html>")
    monkeypatch.setattr(pdf, "cache_key", lambda html, site: "k" * 40)
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / f"en.{'k' * 20}.pdf").write_bytes(b"%PDF stale")

    class Printed(Exception):
        pass

    def printing(*args, **kwargs):
        raise Printed

    monkeypatch.setattr(pdf, "_print", printing)
    site = tmp_path / "site"
    site.mkdir()
    with pytest.raises(Printed):  # it printed instead of copying the cached book
        pdf.build_book(site, "en", browser=object())
    assert not (site / "attention-en.pdf").exists()
    assert not pdf.cache_on()
    monkeypatch.setenv("PDF_CACHE", "on")
    assert pdf.build_book(site, "en", browser=object()) == (site / "attention-en.pdf", True)


def test_lists_and_admonition_titles_indent_in_the_book(site_dir, browser, tmp_path):
    """Material indents lists and admonition titles only under [dir=ltr]: without it on the book's
    body, 41 lists a book lost their bullets and 102 titles printed under their icon."""
    copy = tmp_path / "site"
    shutil.copytree(site_dir, copy)
    source = copy / ".book-en.html"
    source.write_text(pdf.book_html(copy, "en"), encoding="utf-8")
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
