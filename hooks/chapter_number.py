"""Each chapter says its number above its title: "第 3 章 · 共 11 章" / "Chapter 3 of 11".

The home page's chapter map and the menu (a CSS counter in site.css) number the chapters: the
pages of the first three nav sections, the glossary (a reference, not a chapter) excepted. On a
phone the menu is a tap away, so a reader met "chapter 7" on the home page and no number on
any page (R32 en). The numbers are counted from the nav here, never typed, so inserting a
chapter renumbers every page. tests/test_site.py checks them against the home page's map.
"""
LABEL = {"zh": "第 {n} 章 · 共 {total} 章", "en": "Chapter {n} of {total}"}
NOT_A_CHAPTER = ("glossary.md",)
SECTIONS = 3  # intuition, how it works, looking back: the notebook and appendix come after

_numbers = {}  # src_uri -> (n, total), for the language being built


def _language(page):
    return "en" if page.file.src_uri.startswith("en/") else "zh"


def chapters(nav):
    """The chapter pages in reading order: those of the first SECTIONS sections of `nav`."""
    sections = [item for item in nav.items if item.is_section][:SECTIONS]
    return [page for section in sections for page in section.children
            if page.is_page and not page.file.src_uri.endswith(NOT_A_CHAPTER)]


def on_nav(nav, config, files):
    found = chapters(nav)
    _numbers.clear()
    _numbers.update({page.file.src_uri: (n, len(found)) for n, page in enumerate(found, 1)})
    return nav


def on_page_content(html, page, config, files):
    found = _numbers.get(page.file.src_uri)
    if found is None:
        return html
    label = LABEL[_language(page)].format(n=found[0], total=found[1])
    return f'<p class="chapter-number">{label}</p>\n{html}'
