"""The printed books (attention_site/pdf: edition.build_book), read back as a reader's
PDF viewer would (poppler's pdftotext, pdffonts, pdfinfo; pypdf for the outline).

Built from the same site the other tests build (a copy of it), cached in
.cache/pdf/ like `make build` does. Every test that reads the books is in this file, so they
are printed once per run (the module-scoped `books`); each module's own tests are in
tests/test_pdf_<module>.py. The reading edition (issue 28) is read back too:
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

from attention_site import reading_path, toolchain, values
from attention_site.languages import LANGS
from attention_site.pdf import answers, book, chapter, edition, links, order, page_numbers, static_widgets
from attention_site.pdf.pages import page_path

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
    return {lang: edition.build_book(copy, lang, browser)[0] for lang in LANGS}, copy


def text_of(path, first=None, last=None):
    args = ["pdftotext", "-layout"] + (["-f", str(first), "-l", str(last)] if first else []) + [str(path), "-"]
    return subprocess.run(args, capture_output=True, text=True, check=True).stdout


def squeeze(text):
    return re.sub(r"\s+", "", text)


def chapter_titles(site, lang):
    """The chapters' titles in the book's order (the reading path's)."""
    titles = []
    for stem, _ in order.reading_order(site, lang, order.chapters()):
        soup = BeautifulSoup(page_path(site, lang, stem).read_text(encoding="utf-8"), "html.parser")
        titles.append(soup.select_one("article h1").get_text(" ", strip=True).rstrip("¶").strip())
    return titles


@pytest.mark.parametrize("lang", LANGS)
def test_every_chapter_title_code_and_computed_number_is_in_the_book(books, lang):
    paths, site = books
    text = squeeze(text_of(paths[lang]))
    for title in chapter_titles(site, lang):
        assert squeeze(title) in text, f"{lang}: chapter {title!r} missing"
    assert "defsoftmax(" in text and "np.exp(" in text  # the code, as shown on the pages
    assert squeeze(f"#> ") in text or "#>" in text      # with its printed outputs
    for name in ("num.it_cat_percent", "num.it_cat_weight"):
        assert squeeze(values.render(name, lang)) in text, name


@pytest.mark.parametrize("lang", LANGS)
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
        page = page_numbers.CHAPTER_NUMBER.sub("", squeeze(text_of(paths[lang], number, number)))  # "第 2 章 · …"
        assert page.startswith(squeeze(title)), f"{lang}: page {number} does not start with {title!r}"


@pytest.mark.parametrize("lang", LANGS)
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


@pytest.mark.parametrize("lang", LANGS)
def test_the_book_is_small_has_a_cover_and_page_numbers(books, lang):
    paths, _ = books
    assert paths[lang].stat().st_size <= edition.MAX_BYTES
    cover = text_of(paths[lang], 1, 1)
    assert book.TEXT[lang]["build"] in cover and book.site_url() in cover
    info = subprocess.run(["pdfinfo", str(paths[lang])], capture_output=True, text=True, check=True).stdout
    pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))
    assert pages >= 20
    assert re.search(rf"\b5 / {pages}\b", text_of(paths[lang], 5, 5))  # the footer numbers pages
    # the cover and contents are printed on their own and swapped in: their footers count the book
    assert re.search(rf"\b2 / {pages}\b", text_of(paths[lang], 2, 2))


@pytest.mark.parametrize("lang", LANGS)
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
    for lang in LANGS:
        assert squeeze(static_widgets.ONLINE[lang]) in squeeze(text_of(paths[lang]))


def test_the_same_site_prints_the_same_bytes_from_the_cache(books, browser):
    paths, site = books
    again, cached = edition.build_book(site, "en", browser)
    assert cached and again.read_bytes() == paths["en"].read_bytes()


def test_pdf_links_are_hidden_until_the_books_are_printed(books, site_dir, browser):
    """`make serve` and a bare build have no PDF: no link to a 404. After attention_site.pdf, every
    page's footer link and the home pages' paragraph show, and each opens its book."""
    _, copy = books
    pages = [p for p in copy.rglob("*.html") if "assets" not in p.parts]  # 404.html too
    before = {p: p.read_text(encoding="utf-8") for p in pages}
    assert all(links.HIDDEN_LINK in html for html in before.values())
    assert links.show_pdf_links(copy) == len(pages)
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


@pytest.mark.parametrize("lang", LANGS)
def test_the_book_has_an_outline_of_chapters_and_sections(books, lang):
    paths, site = books
    entries = outline(paths[lang])
    titles = {squeeze(title) for _, title, _ in entries}
    for title in chapter_titles(site, lang):
        assert squeeze(title) in titles, f"{lang}: no bookmark for {title!r}"
    assert sum(depth > 0 for depth, _, _ in entries) >= 2 * len(order.chapters()), "sections are bookmarked too"
    pages = [page for _, _, page in entries]
    assert pages == sorted(pages)


@pytest.mark.parametrize("lang", LANGS)
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
    for stem in order.chapters():
        page = BeautifulSoup(page_path(site, lang, stem).read_text(encoding="utf-8"), "html.parser")
        for exercise in page.select(".exercise"):
            question = exercise.select_one(".exercise__question")
            question.select_one(".exercise__number").decompose()
            explanation = exercise.select_one(".exercise__explanation")
            explanation.select_one(".exercise__answer-title").decompose()
            found.append((stem, squeeze(question.get_text()), squeeze(explanation.get_text())))
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_every_answer_prints_after_its_question_at_the_chapters_end(books, lang):
    paths, site = books
    text = squeeze(text_of(paths[lang]))
    heading = squeeze(answers.WORDS[lang]["answers"])
    exercises = exercises_of(site, lang)
    assert len(exercises) >= 20
    for stem, question, explanation in exercises:
        asked = text.find(question[:30])
        assert asked >= 0, f"{lang} {stem}: question {question[:30]!r} not in the book"
        answers_start = text.find(heading, asked)
        answered = text.find(explanation[:30], asked)
        assert 0 <= answers_start < answered, f"{lang} {stem}: {explanation[:30]!r} is not under {heading!r} after its question"


@pytest.mark.parametrize("lang", LANGS)
def test_no_web_only_instruction_is_printed(books, lang):
    """「点「检查」」, "your progress is kept in your browser", "use Copy all the code", the buttons."""
    paths, site = books
    text = squeeze(text_of(paths[lang]))
    web_only = set()
    for stem in order.chapters():
        page = BeautifulSoup(page_path(site, lang, stem).read_text(encoding="utf-8"), "html.parser")
        article = page.select_one("article")
        for tag in article.select(chapter.WEB_ONLY):  # not every button label: prose may quote one
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


@pytest.mark.parametrize("lang", LANGS)
def test_the_book_follows_the_reading_path(books, lang):
    """Core chapters first (nav order), then the deep dives, then reference: each page's meta."""
    paths, site = books
    chapters = order.reading_order(site, lang, order.chapters())
    kinds = [path for _, path in chapters]
    assert kinds == sorted(kinds, key=reading_path.PATHS.index)
    assert set(kinds) == {"core", "extra", "reference"}
    contents = squeeze(text_of(paths[lang], 2, 3))
    names = order.part_names(lang)
    assert contents.index(squeeze(names["extra"])) < contents.index(squeeze(names["reference"]))


