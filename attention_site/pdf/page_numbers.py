"""The contents' page numbers: where each chapter starts in the printed book, written into the contents.

The book is printed once with empty page-number slots; its pages' text (poppler's pdftotext)
tells where each chapter starts, because every chapter starts a page with its title (after
its number, "第 2 章 · 共 10 章" / "Chapter 2 of 10"). The numbers are then written into the
contents, and the cover and contents alone (`front_matter`) are printed again for finish.py
to swap in.
"""
import re
import subprocess
from html import unescape

from attention_site import toolchain

# "第 2 章 · 共 10 章" / "Chapter 2 of 10" above a chapter's title (hooks/reading_path.py), as
# the extractors give it without spaces: the title follows it.
CHAPTER_NUMBER = re.compile(r"^(?:第\d+章·共\d+章|Chapter\d+of\d+)")
TOC_ENTRY = re.compile(r'<li><a href="#chapter-([\w-]+)"><span class="pdf-toc-name">([^<]*)</span>')


def page_texts(pdf_bytes):
    """Each page's text, whitespace removed, by poppler's pdftotext (0.2 s for the zh book where
    pypdf took 3 s, and it reads CJK the way the tests do). __main__ checks it is installed."""
    result = subprocess.run(["pdftotext", "-enc", "UTF-8", "-", "-"], input=pdf_bytes,
                            capture_output=True, check=True)
    pages = result.stdout.decode("utf-8").split("\f")  # a form feed ends every page
    if pages and not pages[-1].strip():
        pages.pop()
    return ["".join(text.split()) for text in pages]


def chapter_pages(pdf_bytes, names):
    """{stem: first page number (1-based)}: every chapter starts a page with its title."""
    return first_pages(page_texts(pdf_bytes), names)


def first_pages(texts, names):
    """chapter_pages from the pages' texts; `names`: {stem: title} in book order."""
    firsts = [(n, CHAPTER_NUMBER.sub("", text)) for n, text in enumerate(texts, 1)]
    found, start = {}, 1
    for stem, name in names.items():  # in book order: search after the previous chapter
        title = "".join(name.split())  # extractors space CJK from Latin: compare without spaces
        hit = next((n for n, text in firsts[start:] if text.startswith(title)), None)
        if hit is None:
            raise ValueError(f"no page of the PDF starts with the chapter title {title!r} (printed in "
                             f"another font? `fc-match '{toolchain.FONT}'` should name it)")
        found[stem], start = hit, hit
    return found


def toc_names(html):
    """{stem: chapter title} from the book's table of contents, in book order."""
    return {stem: unescape(name) for stem, name in TOC_ENTRY.findall(html)}


def with_page_numbers(html, numbers):
    """The book with each chapter's first page written into its table-of-contents entry."""
    for stem, number in numbers.items():
        empty = f'<span class="pdf-toc-page" data-chapter="{stem}"></span>'
        if html.count(empty) != 1:
            raise ValueError(f"the table of contents has no single page-number slot for {stem!r}")
        html = html.replace(empty, f'<span class="pdf-toc-page" data-chapter="{stem}">{number}</span>')
    return html


def front_matter(html):
    """The book's cover and table of contents alone: the same document up to the first chapter."""
    cut = html.index('<section class="pdf-chapter"')
    return html[:cut] + "</div></body></html>"
