"""Chromium prints the book: once whole, then its cover and contents again with the page numbers.

Printed tagged: Chromium writes the outline (bookmarks: chapters, sections) only into a
tagged PDF, and the structure tree also lets screen readers and reflowing viewers read it
(finish.py drops the tree afterwards and keeps the outline). The footer numbers the pages
"n / total"; the front pages' second print is told the whole book's total.
"""
from attention_site.pdf import page_numbers

FOOTER = ('<div style="font-size:9px;width:100%;text-align:center;color:#555">'
          '<span class="pageNumber"></span> / <span class="totalPages"></span></div>')
MARGIN = {"top": "18mm", "bottom": "20mm", "left": "16mm", "right": "16mm"}


def print_pdf(browser, html_path, footer=FOOTER):
    """The PDF bytes of the document at `html_path`, A4, as print media in the light scheme."""
    page = browser.new_page()
    try:
        page.emulate_media(media="print", color_scheme="light")
        page.goto(html_path.as_uri(), wait_until="load")
        page.evaluate("document.fonts.ready")
        return page.pdf(format="A4", print_background=True, outline=True, tagged=True,
                        display_header_footer=True, header_template="<span></span>",
                        footer_template=footer, margin=MARGIN)
    finally:
        page.close()


def print_book(browser, html, source):
    """(numbers, book, front): the book printed from `html` (written to the file `source`) with
    empty page numbers, each chapter's first page {stem: n}, and the cover and contents printed
    again with those numbers."""
    source.write_text(html, encoding="utf-8")
    book = print_pdf(browser, source)
    texts = page_numbers.page_texts(book)
    numbers = page_numbers.first_pages(texts, page_numbers.toc_names(html))
    source.write_text(page_numbers.front_matter(page_numbers.with_page_numbers(html, numbers)), encoding="utf-8")
    total = FOOTER.replace('<span class="totalPages"></span>', str(len(texts)))  # the book's, not the front's
    return numbers, book, print_pdf(browser, source, total)
