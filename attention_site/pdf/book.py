"""One HTML document per language: the whole book, from the built site's pages.

A cover (title, series, the site's address, the build stamp), the table of contents (each
chapter with an empty page-number slot that page_numbers fills in, and the names of the deep
dives and reference parts), then the chapters in reading-path order (chapter.py makes each
page a printed chapter). Putting them into one document makes links between chapters links
inside the PDF. The document loads every page's own stylesheets (the widgets' load only on
their pages), then book.css. The HTML is templates/book.html and templates/contents.html
(rendered by attention_site.templates); this module gathers what they show.
"""
import os
import time
from pathlib import Path
from urllib.parse import urljoin

from markupsafe import Markup

from attention_site import site_config, templates
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
    return str(templates.render(
        "pdf/book.html", lang=lang, title=title, styles=styles, print_css=Markup(PRINT_CSS),
        words=TEXT[lang], home=urljoin(online, page_url(lang, "index")), version=version_stamp(site),
        contents=contents(toc, order.part_names(lang, root)), chapters=[Markup(part) for part in parts]))


def contents(toc, named):
    """The table of contents' entries (templates/contents.html): [(stem, path, title)] in book
    order, a part's name where it starts."""
    entries, previous = [], "core"
    for stem, path, name in toc:
        part = named[path] if path != previous and path in named else None
        previous = path
        entries.append({"stem": stem, "name": name, "part": part})
    return templates.render("pdf/contents.html", entries=entries)
