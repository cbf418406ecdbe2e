"""The tagged PDF's structure tree dropped, its outline kept.

Chromium writes the outline (bookmarks) only into a tagged PDF, and the structure tree of a
tagged book is some 20,000 uncompressed objects, 2.6 MB a book. `drop_structure` removes the
tree and keeps the outline, whose entries point at pages, not at the tree.
"""
from pypdf.generic import NameObject


def drop_structure(reader):
    """Remove the structure tree from `reader`'s objects (before cloning them into a writer)."""
    root = reader.trailer["/Root"]
    for key in ("/StructTreeRoot", "/MarkInfo"):
        if key in root:
            del root[NameObject(key)]
    for page in reader.pages:
        # reader.pages holds copies of the page dictionaries: delete from the object itself,
        # the one a writer cloned from the reader gets (on the copy nothing changed)
        page = page.indirect_reference.get_object()
        for key in ("/StructParents", "/Tabs"):
            if key in page:
                del page[NameObject(key)]
        for annotation in page.get("/Annots") or []:
            annotation = annotation.get_object()
            if "/StructParent" in annotation:
                del annotation[NameObject("/StructParent")]
    stack = [root["/Outlines"].get_object()] if "/Outlines" in root else []
    while stack:  # outline items point at their heading's structure element (/SE) too
        item = stack.pop()
        if "/SE" in item:
            del item[NameObject("/SE")]
        stack.extend(item[key].get_object() for key in ("/First", "/Next") if key in item)
