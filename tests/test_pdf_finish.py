"""attention_site/pdf/finish.py: the front pages swapped in, dates from SOURCE_DATE_EPOCH."""
import io

import pytest
from pypdf import PdfReader, PdfWriter
from pypdf.generic import DecodedStreamObject, NameObject

from attention_site.pdf import finish


def blank(pages, mark=None):
    """A PDF of `pages` A4 pages; with `mark`, page n draws the content stream b"% <mark> n"."""
    writer = PdfWriter()
    for number in range(pages):
        page = writer.add_blank_page(595, 842)
        if mark is not None:
            stream = DecodedStreamObject()
            stream.set_data(f"% {mark} {number}".encode())
            page[NameObject("/Contents")] = writer._add_object(stream)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_front_pages_that_do_not_match_the_book_stop_the_print():
    with pytest.raises(ValueError, match="3 pages, not the book's 2"):
        finish.finish(blank(6), blank(3), front_length=2)


def test_the_front_pages_draw_the_second_print_and_the_chapters_the_first():
    finished = PdfReader(io.BytesIO(finish.finish(blank(4, "book"), blank(2, "front"), front_length=2)))
    drawn = [page.get_contents().get_data() for page in finished.pages]
    assert drawn == [b"% front 0", b"% front 1", b"% book 2", b"% book 3"]


def test_the_same_book_finishes_to_the_same_bytes_dated_from_source_date_epoch(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    once = finish.finish(blank(4, "book"), blank(2, "front"), front_length=2)
    assert finish.finish(blank(4, "book"), blank(2, "front"), front_length=2) == once
    info = PdfReader(io.BytesIO(once)).metadata
    assert info["/CreationDate"] == info["/ModDate"] == "D:20231114221320Z"
    assert info["/Producer"] == finish.PRODUCER
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1800000000")
    assert finish.finish(blank(4, "book"), blank(2, "front"), front_length=2) != once
