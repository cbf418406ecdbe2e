"""One HTML document per language: the whole book, from the built site's pages.

A cover (title, series, the site's address, the build stamp), the table of contents (each
chapter with an empty page-number slot that page_numbers fills in, and the names of the deep
dives and reference parts), then the chapters in reading-path order (chapter.py makes each
page a printed chapter). Putting them into one document makes links between chapters links
inside the PDF. The document loads every page's own stylesheets (the widgets' load only on
their pages), then book.css.
"""
import os
import time
from html import escape
from pathlib import Path
from urllib.parse import urljoin

from attention_site import site_config
from attention_site.pdf import order
from attention_site.pdf.chapter import printed_chapter, stylesheets
from attention_site.pdf.pages import page_path, page_url
from attention_site.site_config import ROOT

PRINT_CSS = Path(__file__).with_name("book.css").read_text(encoding="utf-8")
TEXT = {
    "zh": {"series": "《Transformer 由浅入深》第 2 篇 · 阶段一「建立直觉」", "contents": "目录",
           "build": "构建版本", "page": "第 {n} 页"},
    "en": {"series": "Transformer, step by step · Part 2 · Stage one: building intuition", "contents": "Contents",
           "build": "Build", "page": "Page {n}"},
}


def site_url(root=ROOT):
    return site_config.site_url(root)


def version_stamp(site):
    """The build's version stamp: the commit and date the site was built from."""
    stamp = site / "version.txt"
    if stamp.exists():
        return stamp.read_text(encoding="utf-8").strip()
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "0") or 0)
    return time.strftime("%Y-%m-%d", time.gmtime(epoch))


def book_html(site, lang, root=ROOT):
    """The whole book of `lang` as one HTML document (links inside it, folds open)."""
    from bs4 import BeautifulSoup

    chapters = order.reading_order(site, lang, order.chapters(root))
    urls = {page_url(lang, stem): stem for stem, _ in chapters}
    first = BeautifulSoup(page_path(site, lang, chapters[0][0]).read_text(encoding="utf-8"), "html.parser")
    title = first.select_one("article h1").get_text(" ", strip=True).rstrip("¶").strip()
    online = site_url(root)
    styles, parts, toc = [], [], []
    for stem, path in chapters:
        source = page_path(site, lang, stem)
        soup = BeautifulSoup(source.read_text(encoding="utf-8"), "html.parser")
        for href in stylesheets(soup, page_url(lang, stem)):
            if href not in styles:
                styles.append(href)
        name, section = printed_chapter(soup, source, stem, lang, site, urls, online)
        toc.append((stem, path, name))
        parts.append(section)
    links = "\n".join(f'<link rel="stylesheet" href="{href}">' for href in styles)
    home = urljoin(online, page_url(lang, "index"))
    words = TEXT[lang]
    # dir="ltr": Material scopes list indents and admonition-title padding to [dir=ltr]; without
    # it 41 lists a book lost their bullets and 102 titles printed under their icon.
    return f"""<!doctype html>
<html lang="{lang}" dir="ltr"><head><meta charset="utf-8"><title>{title}</title>
{links}
<style>
{PRINT_CSS}</style></head>
<body dir="ltr"><div class="md-typeset">
<section class="pdf-cover"><h1 class="pdf-title">{title}</h1><p class="pdf-series">{words["series"]}</p>
<p class="pdf-online-home"><a href="{home}">{home}</a></p>
<p class="pdf-version">{words["build"]}: {version_stamp(site)}</p></section>
<nav class="pdf-toc"><h2>{words["contents"]}</h2><ol>{contents(toc, order.part_names(lang, root))}</ol></nav>
{"".join(parts)}
</div></body></html>"""


def contents(toc, named):
    """The table of contents' entries: [(stem, path, title)] in book order, a part's name where it starts."""
    entries, previous = [], "core"
    for stem, path, name in toc:
        if path != previous and path in named:
            entries.append(f'<li class="pdf-toc-part">{escape(named[path])}</li>')
        previous = path
        entries.append(f'<li><a href="#chapter-{stem}"><span class="pdf-toc-name">{escape(name)}</span>'
                       f'<span class="pdf-toc-page" data-chapter="{stem}"></span></a></li>')
    return "\n".join(entries)
