"""attention_site/pdf/fonts.py: a whole embedded font collection cut down to the glyphs drawn.

The printed zh book's size (under edition.MAX_BYTES) and its embedded fonts are read back in
tests/test_pdf.py; here one small PDF embeds the whole WenQuanYi collection, as Chromium does.
"""
import io
import os
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfWriter
from pypdf.generic import ArrayObject, DecodedStreamObject, DictionaryObject, NameObject

from attention_site import toolchain
from attention_site.pdf import fonts

# Glyphs drawn with Tj and TJ; the /ActualText hex string is text, not glyphs.
CONTENT = (b"BT /F1 12 Tf <0037> Tj [<0055> -12 <07B9>] TJ "
           b"/Span <</ActualText <FEFF0041>>> BDC <0042> Tj EMC ET")


def pdf_with_font(font_bytes, base_font="/AAAAAA+WenQuanYiMicroHei"):
    """A writer whose one page draws CONTENT with a Type0 font embedding `font_bytes` as FontFile2."""
    writer = PdfWriter()
    page = writer.add_blank_page(595, 842)
    font_file = DecodedStreamObject()
    font_file.set_data(font_bytes)
    descriptor = DictionaryObject({NameObject("/Type"): NameObject("/FontDescriptor"),
                                   NameObject("/FontFile2"): writer._add_object(font_file)})
    descendant = DictionaryObject({NameObject("/Type"): NameObject("/Font"),
                                   NameObject("/Subtype"): NameObject("/CIDFontType2"),
                                   NameObject("/FontDescriptor"): writer._add_object(descriptor)})
    font = DictionaryObject({NameObject("/Type"): NameObject("/Font"), NameObject("/Subtype"): NameObject("/Type0"),
                             NameObject("/BaseFont"): NameObject(base_font),
                             NameObject("/DescendantFonts"): ArrayObject([writer._add_object(descendant)])})
    page[NameObject("/Resources")] = DictionaryObject({NameObject("/Font"): DictionaryObject(
        {NameObject("/F1"): writer._add_object(font)})})
    content = DecodedStreamObject()
    content.set_data(CONTENT)
    page[NameObject("/Contents")] = writer._add_object(content)
    return writer, font_file


def test_the_glyphs_drawn_are_those_of_tj_and_tj_arrays_only():
    writer, _ = pdf_with_font(b"\x00\x01\x00\x00 a TrueType font")
    [(stream, base_font, glyphs)] = fonts._glyphs_drawn(writer).values()
    assert base_font == "/AAAAAA+WenQuanYiMicroHei"
    assert glyphs == {0x0037, 0x0055, 0x07B9, 0x0042}
    assert fonts.subset_collections(writer) == 0  # not a collection: left as Chromium embedded it
    assert stream.get_data() == b"\x00\x01\x00\x00 a TrueType font"


def wqy_collection():
    found = subprocess.run(["fc-match", "--format=%{file}", toolchain.FONT], capture_output=True, text=True)
    path = Path(found.stdout)
    if found.returncode != 0 or path.suffix != ".ttc":
        if os.environ.get("CI"):
            pytest.fail(f"{toolchain.FONT} is not installed as a collection (system-packages.txt)")
        pytest.skip(f"{toolchain.FONT} is not installed here")
    return path.read_bytes()


def test_a_whole_collection_is_cut_to_its_face_and_the_glyphs_drawn_keeping_their_ids():
    from fontTools.ttLib import TTFont

    whole = wqy_collection()
    writer, font_file = pdf_with_font(whole)
    saved = fonts.subset_collections(writer)
    data = font_file.get_data()
    assert not data.startswith(b"ttcf") and saved == len(whole) - len(data) and len(data) < len(whole) / 20
    assert font_file["/Length1"] == len(data)
    face = TTFont(io.BytesIO(data))
    assert face["name"].getDebugName(6) == "WenQuanYiMicroHei"
    order = face.getGlyphOrder()
    outlines = {gid for gid in range(len(order)) if face["glyf"][order[gid]].numberOfContours}
    assert {0x0037, 0x0055, 0x07B9} <= outlines <= {0, 0x0037, 0x0055, 0x07B9, 0x0042}


def test_a_collection_without_the_face_the_pdf_names_stops_the_print():
    writer, _ = pdf_with_font(wqy_collection(), base_font="/AAAAAA+NotoSansCJK")
    with pytest.raises(ValueError, match="no face named 'NotoSansCJK'"):
        fonts.subset_collections(writer)
