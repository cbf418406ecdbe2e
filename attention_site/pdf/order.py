"""The book's chapters and their order: the core path first, then the deep dives, then reference.

The nav (mkdocs.yml) lists the pages; each built page says which path it is on in
<meta name="reading-path"> (hooks/reading_path.py). The book keeps nav order within a path.
"""
import re

from attention_site import reading_path, site_config
from attention_site.pdf.pages import page_path
from attention_site.site_config import ROOT

READING_PATH = re.compile(r'<meta name="reading-path" content="([a-z]+)">')


def chapters(root=ROOT):
    """Page names (file stems) in nav order, from mkdocs.yml."""
    return site_config.nav_pages(root)


def reading_order(site, lang, stems):
    """`stems` (nav order) as the book prints them: [(stem, path)], core first, then extra, then reference.

    A page without its <meta name="reading-path"> stops the print, naming it, rather than
    landing somewhere arbitrary.
    """
    paths = {}
    for stem in stems:
        found = READING_PATH.search(page_path(site, lang, stem).read_text(encoding="utf-8"))
        if found is None or found.group(1) not in reading_path.PATHS:
            raise ValueError(f"{page_path(site, lang, stem)}: no <meta name=\"reading-path\"> "
                             f"with one of {reading_path.PATHS}")
        paths[stem] = found.group(1)
    order = sorted(stems, key=lambda stem: reading_path.PATHS.index(paths[stem]))  # stable: nav order within
    return [(stem, paths[stem]) for stem in order]


def part_names(lang, root=ROOT):
    """{path: the nav section's title in `lang`} for the deep dives and reference (mkdocs.yml)."""
    names = {"extra": reading_path.DEEP_DIVES, "reference": reading_path.REFERENCE}
    return {path: site_config.nav_label(name, lang, root) for path, name in names.items()}
