"""Which reading path a page is on: the core chapters, a deep dive, or a reference page.

One rule, read from the nav in mkdocs.yml: pages in the section titled DEEP_DIVES are deep
dives ("extra"), pages in REFERENCE are reference, every other page (the home page and the
chapter sections) is core. The core chapters, in nav order, are the core pages other than the
home page; they alone are numbered ("第 3 章 · 共 7 章"). Every built page says its path in
``<meta name="reading-path" content="core|extra|reference">`` (an outside check reads it).
"""
DEEP_DIVES = "深入（选读）"
REFERENCE = "参考"
PATHS = ("core", "extra", "reference")


def classify(nav):
    """{src_uri: path} for every page in `nav` (a MkDocs Navigation or its items)."""
    found = {}

    def walk(items, path):
        for item in items:
            if item.is_section:
                section = {DEEP_DIVES: "extra", REFERENCE: "reference"}.get(item.title, path)
                walk(item.children, section)
            elif item.is_page:
                found[item.file.src_uri] = path

    walk(getattr(nav, "items", nav), "core")
    return found


def chapters(nav):
    """The core chapters in reading order: src_uris of core pages, the home page excepted."""
    return [uri for uri, path in classify(nav).items()
            if path == "core" and uri.split("/")[-1] != "index.md"]
