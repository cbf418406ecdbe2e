"""The PDF edition: one book per language, printed from the built site by Chromium.

    python -m tools.pdf SITE_DIR   # writes SITE_DIR/attention-zh.pdf and SITE_DIR/attention-en.pdf

Why Chromium (through Playwright): the site is already tested in it, so the book
shows exactly what readers see — the same CSS, the same SVG figures (printed as
vectors), the same highlighted code with its `#>` outputs, the same CJK fallback
fonts — and its PDFs keep CJK text real and extractable with every font embedded
(subset). WeasyPrint would need a second stylesheet for Material's layout and
does not run the theme's CSS variables the same way; it is not used.

How: the chapters' <article>s, in reading-path order (the core chapters in nav order,
then the deep dives, then reference: each page's <meta name="reading-path">), are put
into one HTML document per language (cover, table of contents, chapters), so links
between chapters become links inside the PDF. tools/book.py makes each page a printed
chapter: folds open, figures in the light variant with their text in TrueType fonts,
widgets as their state plus a link online, exercises' answers at the chapter's end, no
web-only instructions. Chromium prints the book once, tagged (its outline, the
bookmarks, needs a tagged PDF), with empty page numbers in its table of contents; the
printed pages tell where each chapter starts, and the cover and contents alone are
printed again with the numbers and swapped in (finish). Dates come from
SOURCE_DATE_EPOCH, so the same site gives the same bytes; the result is cached in
.cache/pdf/ keyed on the document, everything it loads, the font files its font
families resolve to and the browser's version (PDF_CACHE=off bypasses the cache).

Before anything is printed, main() checks the toolchain (attention_site.toolchain: a
Chromium, fontconfig, the font WenQuanYi Micro Hei, poppler's pdftotext). Without it the
books are skipped with one line naming what is missing: the site is still built, its
download links stay hidden. Under CI a missing piece fails the build, naming it.
"""
import concurrent.futures
import hashlib
import io
import os
import posixpath
import re
import shutil
import subprocess
import sys
import time
from html import escape, unescape
from importlib import metadata
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from attention_site import browser as chromium
from attention_site import cache, reading_path, site_config, toolchain
from attention_site.languages import LANGS
from tools import book as reading
from tools import pdf_fonts

ROOT = Path(__file__).resolve().parents[1]
CACHE_DIR = cache.folder("pdf", ROOT)
NAME = "attention-{lang}.pdf"
MAX_BYTES = 5 * 1024 * 1024
TEXT = {
    "zh": {"series": "《Transformer 由浅入深》第 2 篇 · 阶段一「建立直觉」", "contents": "目录",
           "online": "这是一个可交互的部件，印在这里的是本章的数值；请在网页版上动手试：", "build": "构建版本",
           "page": "第 {n} 页"},
    "en": {"series": "Transformer, step by step · Part 2 · Stage one: building intuition", "contents": "Contents",
           "online": "This part is interactive; printed here at the chapter's values. Try it on the website:",
           "build": "Build", "page": "Page {n}"},
}


def chapters(root=ROOT):
    """Page names (file stems) in nav order, from mkdocs.yml."""
    return site_config.nav_pages(root)


READING_PATH = re.compile(r'<meta name="reading-path" content="([a-z]+)">')


def reading_order(site, lang, stems):
    """`stems` (nav order) as the book prints them: the core path first, then the deep dives, then reference.

    Each built page says its path in <meta name="reading-path"> (hooks/reading_path.py); a page
    without one stops the print, naming it, rather than landing somewhere arbitrary.
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


def page_path(site, lang, stem):
    base = site if lang == "zh" else site / "en"
    return base / "index.html" if stem == "index" else base / stem / "index.html"


def page_url(lang, stem):
    """The page's URL relative to the site root."""
    prefix = "" if lang == "zh" else "en/"
    return prefix if stem == "index" else f"{prefix}{stem}/"


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

    order = reading_order(site, lang, chapters(root))
    urls = {page_url(lang, s): s for s, _ in order}
    first = BeautifulSoup(page_path(site, lang, order[0][0]).read_text(encoding="utf-8"), "html.parser")
    styles = []  # every page's own stylesheets too: the widgets' load only on their pages
    title = first.select_one("article h1").get_text(" ", strip=True).rstrip("¶").strip()
    online = site_url(root)
    words = TEXT[lang]

    parts, toc = [], []
    for stem, path in order:
        soup = BeautifulSoup(page_path(site, lang, stem).read_text(encoding="utf-8"), "html.parser")
        article = soup.select_one("article.md-content__inner") or soup.select_one("article")
        if article is None:
            raise ValueError(f"{page_path(site, lang, stem)}: no <article> to print")
        here = page_url(lang, stem)
        for link in soup.select('link[rel="stylesheet"]'):
            href = posixpath.normpath(posixpath.join(here, link["href"]))
            if not link["href"].startswith(("http:", "https:")) and href not in styles:
                styles.append(href)
        for tag in article.select("a.headerlink, .md-content__button, .md-source-file, script, "
                                  'img[src$="#only-dark"], .computed-stamp, link[rel="stylesheet"]'):
            tag.decompose()
        reading.drop_web_only(article)
        for details in article.select("details"):
            details["open"] = ""
        for tag in article.select("[id]"):
            tag["id"] = f"{stem}--{tag['id']}"
        for img in article.select("img[src]"):
            img["src"] = urljoin(here, img["src"]).split("#")[0]
            img.attrs.pop("loading", None)
        for link in article.select("a[href]"):
            href = link["href"]
            if href.startswith(("http:", "https:", "mailto:")):
                continue
            target = urljoin(here, href)
            path_part, _, fragment = target.partition("#")
            if path_part in urls:
                link["href"] = f"#{urls[path_part]}--{fragment}" if fragment else f"#chapter-{urls[path_part]}"
            elif href.startswith("#"):
                link["href"] = f"#{stem}--{href[1:]}"
            else:  # a file of the site (an SVG, the notebook): the online copy
                link["href"] = urljoin(online, path_part)
        reading.print_figures(article, site)
        page_online = urljoin(online, here)
        for widget in article.select("[data-attention-explorer]"):
            reading.static_explorer(widget, soup, words["online"], page_online, lang)
        for widget in article.select("[data-attention-playground]"):
            reading.static_playground(widget, soup, words["online"], page_online)
        answers = reading.exercises_for_print(article, soup, stem, lang, page_online)
        if answers is not None:
            article.append(answers)
        if lang == "zh":
            reading.tight_cjk_punctuation(article, soup)
        heading = article.find("h1")
        name = heading.get_text(" ", strip=True) if heading else stem
        toc.append((stem, path, name))
        parts.append(f'<section class="pdf-chapter" id="chapter-{stem}">{article.decode_contents()}</section>')

    links = "\n".join(f'<link rel="stylesheet" href="{href}">' for href in styles)
    named = part_names(lang, root)
    entries, previous = [], "core"
    for stem, path, name in toc:
        if path != previous and path in named:
            entries.append(f'<li class="pdf-toc-part">{escape(named[path])}</li>')
        previous = path
        entries.append(f'<li><a href="#chapter-{stem}"><span class="pdf-toc-name">{escape(name)}</span>'
                       f'<span class="pdf-toc-page" data-chapter="{stem}"></span></a></li>')
    entries = "\n".join(entries)
    # dir="ltr": Material scopes list indents and admonition-title padding to [dir=ltr]; without
    # it 41 lists a book lost their bullets and 102 titles printed under their icon.
    return f"""<!doctype html>
<html lang="{lang}" dir="ltr"><head><meta charset="utf-8"><title>{title}</title>
{links}
<style>{PRINT_CSS}</style></head>
<body dir="ltr"><div class="md-typeset">
<section class="pdf-cover"><h1 class="pdf-title">{title}</h1><p class="pdf-series">{words["series"]}</p>
<p class="pdf-online-home"><a href="{urljoin(online, page_url(lang, 'index'))}">{urljoin(online, page_url(lang, 'index'))}</a></p>
<p class="pdf-version">{words["build"]}: {version_stamp(site)}</p></section>
<nav class="pdf-toc"><h2>{words["contents"]}</h2><ol>{entries}</ol></nav>
{"".join(parts)}
</div></body></html>"""


PRINT_CSS = """
@page { size: A4; margin: 18mm 16mm 20mm 16mm; }
html, body { background: #fff !important; color: #000; }
body { font-size: 11pt; }
/* A CJK font with TrueType outlines: Chromium embeds it as a real (subset CID) font.
   Noto CJK (CFF outlines) would be embedded as Type 3 glyph procedures, 3-4x larger, and so
   would a synthesised bold: WenQuanYi has no bold, so CJK bold prints at regular weight. */
* { font-family: "Liberation Sans", "WenQuanYi Micro Hei", sans-serif !important; font-synthesis: none; }
svg, svg * { max-width: 100%; }
code, pre, kbd, code *, pre * { font-family: "Liberation Mono", "WenQuanYi Micro Hei Mono", monospace !important; }
.md-typeset { font-size: 11pt; }
.pdf-cover { break-after: page; padding-top: 30vh; text-align: center; }
.pdf-title { font-size: 2.2em; margin-bottom: .4em; }
.pdf-series, .pdf-version, .pdf-online-home { color: #333; }
.pdf-toc { break-after: page; }
.pdf-toc ol { list-style: none; padding: 0; }
.pdf-toc li a { display: flex; gap: .5em; color: #000; text-decoration: none; padding: .2em 0; }
.pdf-toc-name { flex: 1; border-bottom: 1px dotted #888; }
.pdf-chapter { break-before: page; }
h1, h2, h3, h4 { break-after: avoid; page-break-after: avoid; }
figure, img, .highlight, table, .admonition { break-inside: avoid; }
pre, code { white-space: pre-wrap !important; word-break: break-word; }
details > summary::after { display: none !important; }
.pdf-online { font-size: .9em; color: #333; border-left: 3px solid #888; padding-left: .6em; }
.pdf-toc-part { font-weight: 700; margin-top: .8em; }
.pdf-toc li a, .pdf-toc-name { text-decoration: none !important; }
/* Widgets at their state (tools/book.py): no control, nothing to press. */
button, input, select, .md-clipboard { display: none !important; }
.pdf-state { font-size: .9em; color: #333; }
.md-typeset .attention-playground .ap-grid { grid-template-columns: minmax(3.5em, max-content) 0 3em minmax(5em, 1fr) 3em; }
.md-typeset .attention-playground .pdf-slot { display: block; }
.md-typeset .attention-playground .ap-head--score { grid-column: 3; text-align: right; }
/* Exercises: the question, choices A-D or a line to write on, the hint; the answer at the chapter's end. */
.pdf-exercise { margin: 1em 0; break-inside: avoid; }
.pdf-choices { margin-top: .2em !important; }
.pdf-write::after { content: ""; display: inline-block; width: 8em; border-bottom: 1px solid #555; margin-left: .4em; }
.pdf-answer-link { font-size: .9em; margin: .2em 0 0 !important; }
.pdf-answers { break-before: page; }
.pdf-answer { break-inside: avoid; margin-bottom: .8em; }
.pdf-answer-title { font-weight: 700; margin-bottom: .2em !important; }
/* Inline code beside full-width punctuation: the punctuation carries its own space. */
.md-typeset code.pdf-tight-start { padding-left: 0; margin-left: -0.2em; }
.md-typeset code.pdf-tight-end { padding-right: 0; margin-right: -0.12em; }
.pdf-open { margin-right: -0.22em; }
.pdf-close { margin-left: -0.22em; }
"""


def _print(browser, html_path, lang, footer):
    page = browser.new_page()
    try:
        page.emulate_media(media="print", color_scheme="light")
        page.goto(html_path.as_uri(), wait_until="load")
        page.evaluate("document.fonts.ready")
        # tagged=True: Chromium writes the outline (bookmarks: chapters, sections) only into a
        # tagged PDF; the structure tree also lets screen readers and reflowing viewers read it.
        return page.pdf(format="A4", print_background=True, outline=True, tagged=True,
                        display_header_footer=True, header_template="<span></span>",
                        footer_template=footer, margin={"top": "18mm", "bottom": "20mm",
                                                        "left": "16mm", "right": "16mm"})
    finally:
        page.close()


def page_texts(pdf_bytes):
    """Each page's text, whitespace removed, by poppler's pdftotext (0.2 s for the zh book where
    pypdf took 3 s, and it reads CJK the way the tests do). main() checks it is installed."""
    result = subprocess.run(["pdftotext", "-enc", "UTF-8", "-", "-"], input=pdf_bytes,
                            capture_output=True, check=True)
    pages = result.stdout.decode("utf-8").split("\f")  # a form feed ends every page
    if pages and not pages[-1].strip():
        pages.pop()
    return ["".join(text.split()) for text in pages]


def chapter_pages(pdf_bytes, names):
    """{stem: first page number (1-based)}: every chapter starts a page with its title."""
    return first_pages(page_texts(pdf_bytes), names)


# "第 2 章 · 共 10 章" / "Chapter 2 of 10" above a chapter's title (hooks/reading_path.py), as
# the extractors give it without spaces: the title follows it.
CHAPTER_NUMBER = re.compile(r"^(?:第\d+章·共\d+章|Chapter\d+of\d+)")


def first_pages(texts, names):
    """chapter_pages from the pages' texts."""
    firsts = [(n, CHAPTER_NUMBER.sub("", text)) for n, text in enumerate(texts, 1)]
    found, start = {}, 1
    for stem, name in names.items():  # in book order: search after the previous chapter
        title = "".join(name.split())  # extractors space CJK from Latin: compare without spaces
        hit = next((n for n, text in firsts[start:] if text.startswith(title)), None)
        if hit is None:
            raise ValueError(f"no page of the PDF starts with the chapter title {title!r} (printed in "
                             f"another font? `fc-match '{toolchain.FONT}'` should name it)")
        found[stem], start = hit, hit
    return found


def front_matter(html):
    """The book's cover and table of contents alone: the same document up to the first chapter."""
    cut = html.index('<section class="pdf-chapter"')
    return html[:cut] + "</div></body></html>"


def finish(book, front=None, front_length=None):
    """The printed book with its front pages taken from `front`, dated from SOURCE_DATE_EPOCH.

    The book is printed once, with empty page numbers in its table of contents; `front`
    is the cover and contents printed again with the numbers. Only what the front pages
    draw (their content streams and the fonts those use) is swapped in: their links,
    the outline and every chapter page stay as Chromium printed them. Fixed dates: the
    same site prints to the same bytes. tools/pdf_fonts.py then drops the structure tree
    (kept: the outline) and cuts whole embedded font collections down to what is drawn.
    """
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject

    reader = PdfReader(io.BytesIO(book))
    pdf_fonts.drop_structure(reader)
    writer = PdfWriter(clone_from=reader)
    if front is not None:
        pages = PdfReader(io.BytesIO(front)).pages
        if len(pages) != front_length:
            raise ValueError(f"the cover and contents print on {len(pages)} pages, not the book's {front_length}")
        for number, page in enumerate(pages):
            for name in ("/Contents", "/Resources"):
                writer.pages[number][NameObject(name)] = page.raw_get(name).clone(writer)
    pdf_fonts.subset_collections(writer)
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH", "0") or 0)
    date = time.strftime("D:%Y%m%d%H%M%SZ", time.gmtime(epoch))
    writer.add_metadata({"/CreationDate": date, "/ModDate": date, "/Producer": "Chromium (tools/pdf.py)"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


TOC_ENTRY = re.compile(r'<li><a href="#chapter-([\w-]+)"><span class="pdf-toc-name">([^<]*)</span>')


def toc_names(html):
    """{stem: chapter title} from the book's table of contents, in book order."""
    return {stem: unescape(name) for stem, name in TOC_ENTRY.findall(html)}


def with_page_numbers(html, numbers):
    """The book with each chapter's first page written into its table-of-contents entry."""
    for stem, number in numbers.items():
        empty = f'<span class="pdf-toc-page" data-chapter="{stem}"></span>'
        if html.count(empty) != 1:
            raise ValueError(f"the table of contents has no single page-number slot for {stem!r}")
        html = html.replace(empty, f'<span class="pdf-toc-page" data-chapter="{stem}">{number}</span>')
    return html


FONT_FAMILY = re.compile(r"font-family:\s*([^;}!<>]+)")


def font_families(*texts):
    """Every family named in a font-family declaration of `texts` (CSS, SVG), generic ones included."""
    found = []
    for text in texts:
        for declaration in FONT_FAMILY.findall(text):
            for family in declaration.split(","):
                family = family.strip().strip("'\"")
                # a name, not var(--md-text-font) or inherit
                if re.fullmatch(r"[^\W\d_][\w .-]*", family) and family not in ("inherit", "initial") \
                        and family not in found:
                    found.append(family)
    return sorted(found)


def resolved_fonts(families):
    """{family: the font file fontconfig resolves it to, its face index and version} (`fc-match`).

    What the print looks like depends on these files, not on the names: a book printed before
    fonts-wqy-microhei was installed (Noto CJK, Type 3 glyphs) was served from the cache after it.
    """
    resolved = {}
    for family in families:
        result = subprocess.run(["fc-match", "--format=%{file}|%{index}|%{fontversion}", family],
                                capture_output=True, text=True)
        resolved[family] = result.stdout.strip() if result.returncode == 0 else f"fc-match failed: {result.stderr}"
    return resolved


def cache_key(html, site):
    """sha256 of the document, of every file of the site it loads (CSS, figures), of the font files
    its font families resolve to and of the browser's version: all that the printed bytes depend on."""
    digest = hashlib.sha256(html.encode("utf-8"))
    loaded = []
    for ref in sorted(set(re.findall(r'(?:href|src)="([^"#:]+)"', html))):
        path = site / urlsplit(ref).path
        if path.is_file():
            digest.update(ref.encode())
            data = path.read_bytes()
            digest.update(data)
            if path.suffix in (".css", ".svg"):
                loaded.append(data.decode("utf-8", "replace"))
    digest.update(PRINT_CSS.encode())
    digest.update(Path(__file__).read_bytes())  # how the book is printed and finished
    for module in (reading, pdf_fonts):  # how a page becomes a printed chapter, what finish() shrinks
        digest.update(Path(module.__file__).read_bytes())
    families = font_families(PRINT_CSS, f"font-family: {reading.FIGURE_FONTS}", *loaded)
    for family, font in resolved_fonts(families).items():
        digest.update(f"{family}={font}\n".encode())
    digest.update(chromium.version(chromium.executable()).encode())
    for package in ("playwright", "pypdf"):
        digest.update(f"{package}={metadata.version(package)}".encode())
    digest.update(os.environ.get("SOURCE_DATE_EPOCH", "").encode())
    return digest.hexdigest()


def cache_on():
    """PDF_CACHE=off (or 0, false, no) neither reads nor writes .cache/pdf/ (attention_site.cache)."""
    return cache.enabled("pdf")


def build_book(site, lang, browser=None, root=ROOT):
    """Write SITE/attention-<lang>.pdf; returns (path, from_cache).

    `browser`: a Playwright Chromium to print with (the tests pass theirs); by default
    one is started for this book.
    """
    html = book_html(site, lang, root)
    target = site / NAME.format(lang=lang)
    use_cache = cache_on()
    cached = CACHE_DIR / f"{lang}.{cache_key(html, site)[:20]}.pdf" if use_cache else None
    if use_cache and cached.is_file():
        shutil.copyfile(cached, target)
        return target, True

    from playwright.sync_api import sync_playwright

    footer = ('<div style="font-size:9px;width:100%;text-align:center;color:#555">'
              '<span class="pageNumber"></span> / <span class="totalPages"></span></div>')
    source = site / f".book-{lang}.html"
    names = toc_names(html)

    def print_book(browser):
        """The book once (its contents without page numbers), then its front pages with them."""
        source.write_text(html, encoding="utf-8")
        book = _print(browser, source, lang, footer)
        texts = page_texts(book)
        numbers = first_pages(texts, names)
        source.write_text(front_matter(with_page_numbers(html, numbers)), encoding="utf-8")
        total = footer.replace('<span class="totalPages"></span>', str(len(texts)))  # the book's, not the front's
        return numbers, book, _print(browser, source, lang, total)

    try:
        if browser is not None:
            numbers, book, front = print_book(browser)
        else:
            with sync_playwright() as playwright:
                own = chromium.launch(playwright)
                numbers, book, front = print_book(own)
                own.close()
    finally:
        source.unlink(missing_ok=True)
    data = finish(book, front, front_length=min(numbers.values()) - 1)
    if chapter_pages(data, names) != numbers:
        raise ValueError(f"{lang} PDF: the chapters moved when the front pages were swapped in")
    if len(data) > MAX_BYTES:
        target.with_suffix(".too-big.pdf").write_bytes(data)
        raise ValueError(f"{target.name}: {len(data) / 1e6:.1f} MB, more than {MAX_BYTES / 1e6:.0f} MB")
    if use_cache:
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        for old in CACHE_DIR.glob(f"{lang}.*.pdf"):
            old.unlink()
        cached.write_bytes(data)
    target.write_bytes(data)
    return target, False


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m tools.pdf SITE_DIR", file=sys.stderr)
        return 2
    site = Path(argv[0]).resolve()
    missing = toolchain.missing()
    if missing:
        what = "; ".join(missing)
        if os.environ.get("CI", "").lower() not in {"", "0", "false"}:
            print(f"tools.pdf: cannot print the PDF books, missing {what} (see system-packages.txt)",
                  file=sys.stderr)
            return 1
        print(f"tools.pdf: site built without the PDF books (their links stay hidden), missing {what}")
        return 0
    # Processes, not threads: building each book's HTML is Python work that would share one GIL.
    with concurrent.futures.ProcessPoolExecutor(max_workers=len(LANGS)) as pool:
        futures = {lang: pool.submit(build_book, site, lang) for lang in LANGS}
        for lang, future in futures.items():
            path, from_cache = future.result()
            print(f"tools.pdf: {path.name} {path.stat().st_size / 1e6:.2f} MB"
                  f"{' (cached)' if from_cache else ''}")
    print(f"tools.pdf: download links shown on {show_pdf_links(site)} pages")
    return 0


HIDDEN_LINK = " data-pdf-link hidden>"


def show_pdf_links(site):
    """Unhide every [data-pdf-link] of the site's pages, now that the books exist.

    The build hides them (overrides/partials/copyright.html, the home pages): a site
    without the PDFs, as `make serve` gives, offers no link that would answer 404.
    Returns how many pages changed.
    """
    changed = 0
    for path in sorted(site.rglob("*.html")):
        html = path.read_text(encoding="utf-8")
        if HIDDEN_LINK in html:
            path.write_text(html.replace(HIDDEN_LINK, " data-pdf-link>"), encoding="utf-8")
            changed += 1
    return changed


if __name__ == "__main__":
    sys.exit(main())
