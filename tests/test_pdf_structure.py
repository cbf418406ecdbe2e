"""attention_site/pdf/structure.py: the structure tree dropped, the outline kept.

That the printed books keep an outline of chapters and sections is read back in tests/test_pdf.py.
"""
import io

from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DictionaryObject, NameObject, NumberObject

from attention_site.pdf import structure


def tagged_pdf():
    """Two pages, a structure tree, a link annotation in it and a bookmark that points into it."""
    writer = PdfWriter()
    for _ in range(2):
        writer.add_blank_page(595, 842)
    tree = writer._add_object(DictionaryObject({NameObject("/Type"): NameObject("/StructTreeRoot")}))
    writer._root_object[NameObject("/StructTreeRoot")] = tree
    writer._root_object[NameObject("/MarkInfo")] = DictionaryObject({NameObject("/Marked"): NumberObject(1)})
    for number, page in enumerate(writer.pages):
        page[NameObject("/StructParents")] = NumberObject(number)
        page[NameObject("/Tabs")] = NameObject("/S")
    link = writer._add_object(DictionaryObject({NameObject("/Subtype"): NameObject("/Link"),
                                                NameObject("/StructParent"): NumberObject(5)}))
    writer.pages[0][NameObject("/Annots")] = ArrayObject([link])
    chapter = writer.add_outline_item(title="Chapter", page_number=0)
    section = writer.add_outline_item(title="Section", page_number=1, parent=chapter)
    for item in (chapter, section):
        item.get_object()[NameObject("/SE")] = tree
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_the_tree_goes_and_the_outline_stays():
    reader = PdfReader(io.BytesIO(tagged_pdf()))
    assert "/StructTreeRoot" in reader.trailer["/Root"]
    structure.drop_structure(reader)
    writer = PdfWriter(clone_from=reader)
    out = io.BytesIO()
    writer.write(out)
    result = PdfReader(io.BytesIO(out.getvalue()))
    root = result.trailer["/Root"]
    assert "/StructTreeRoot" not in root and "/MarkInfo" not in root
    for page in result.pages:  # a pypdf page is a copy: deleting from it changed nothing
        assert "/StructParents" not in page and "/Tabs" not in page
    assert all("/StructParent" not in a.get_object() for a in result.pages[0]["/Annots"])
    chapter, sections = result.outline
    assert chapter.title == "Chapter" and sections[0].title == "Section"
    assert result.get_destination_page_number(sections[0]) == 1
    first = root["/Outlines"]["/First"].get_object()
    assert "/SE" not in first and "/SE" not in first["/First"].get_object()
    assert b"StructTreeRoot" not in out.getvalue()
