"""The printed book finished: its front pages swapped in, the structure tree dropped, whole font
collections cut down, dates fixed.

The book is printed once, with empty page numbers in its table of contents; `front` is the
cover and contents printed again with the numbers (printing.py). Only what the front pages
draw (their content streams and the fonts those use) is swapped in: their links, the outline
and every chapter page stay as Chromium printed them. Fixed dates (SOURCE_DATE_EPOCH): the
same site prints to the same bytes.
"""
import io
import os
import time

from attention_site.pdf import fonts, structure

PRODUCER = "Chromium (attention_site.pdf)"


def finish(book, front=None, front_length=None):
    """The printed book with its first `front_length` pages taken from `front`, dated from SOURCE_DATE_EPOCH."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject

    reader = PdfReader(io.BytesIO(book))
    structure.drop_structure(reader)
    writer = PdfWriter(clone_from=reader)
    if front is not None:
        pages = PdfReader(io.BytesIO(front)).pages
        if len(pages) != front_length:
            raise ValueError(f"the cover and contents print on {len(pages)} pages, not the book's {front_length}")
        for number, page in enumerate(pages):
            for name in ("/Contents", "/Resources"):
                writer.pages[number][NameObject(name)] = page.raw_get(name).clone(writer)
    fonts.subset_collections(writer)
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "0") or 0)
    date = time.strftime("D:%Y%m%d%H%M%SZ", time.gmtime(epoch))
    writer.add_metadata({"/CreationDate": date, "/ModDate": date, "/Producer": PRODUCER})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
