"""A chapter's web page made into a printed chapter of the book: the reading edition's rules.

Paper cannot run JavaScript, take a click or keep progress, and the book is one document, so:

- the theme's web furniture goes (permalinks, edit buttons, scripts, dark figures), and so do
  web-only parts (`drop_web_only`): the copy-all button, "needs code from a fold above: ... or
  use Copy all", the exercises' "press Check, your progress is kept in your browser", the
  download-the-PDF paragraph, "with JavaScript enabled ..."; any element a page marks
  `{.web-only}` goes too;
- folds print open;
- ids get the chapter's name in front (`stem--id`), and links between chapters become links
  inside the book (`book_links`); a link to another file of the site goes to its online copy;
- figures print with their text in the book's TrueType fonts (`print_figures`): the SVGs name
  Noto Sans CJK first, whose CFF outlines Chromium embeds as Type 3 glyphs (digits that do
  not extract, Han that extracts as Kangxi radicals);
- widgets print their state (static_widgets), exercises their questions with the answers at
  the chapter's end (answers), and Chinese text its full-width brackets set close (punctuation).
"""
import base64
import posixpath
import re
from urllib.parse import urljoin

from attention_site.pdf import answers, punctuation, static_widgets
from attention_site.pdf.pages import page_url

FURNITURE = ('a.headerlink, .md-content__button, .md-source-file, script, '
             'img[src$="#only-dark"], .computed-stamp, link[rel="stylesheet"]')
WEB_ONLY = (".web-only, .copy-all, .needs-fold, .pdf-download, .ae-noscript, .exercises__intro, "
            ".exercise__format, .exercise__feedback, .exercise__buttons, .story-toggle, .story-reveal, "
            "noscript")
# Print fonts for figure text, in the book's order: Latin in Liberation Sans, CJK in WenQuanYi
# (both TrueType, both embedded as real fonts), never a CFF font that would print as Type 3.
FIGURE_FONTS = "'Liberation Sans', 'WenQuanYi Micro Hei', sans-serif"


def stylesheets(soup, here):
    """The page's own stylesheets as paths from the site root (the widgets' load only on their pages)."""
    found = []
    for link in soup.select('link[rel="stylesheet"]'):
        if not link["href"].startswith(("http:", "https:")):
            found.append(posixpath.normpath(posixpath.join(here, link["href"])))
    return found


def drop_web_only(article):
    for tag in article.select(WEB_ONLY):
        tag.decompose()


def book_links(article, stem, here, urls, online):
    """Ids prefixed with `stem--`; images from the site root; links to a chapter of the book
    (`urls`: {its URL: its stem}) made links inside the book; other files of the site online."""
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


def print_figures(article, site):
    """Each figure's SVG inlined as a data: URI whose text names the book's print fonts first."""
    for img in article.select("img[src]"):
        path = site / img["src"]
        if not img["src"].endswith(".svg") or not path.is_file():
            continue
        svg = re.sub(r"font-family:[^;}\"]*", f"font-family: {FIGURE_FONTS}", path.read_text(encoding="utf-8"))
        img["src"] = "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def printed_chapter(soup, source, stem, lang, site, urls, online):
    """(title, <section> HTML) of the page `soup` (read from `source`) as the book prints it.

    `urls`: {URL of each chapter of the book: its stem}; `online`: the site's URL.
    """
    article = soup.select_one("article.md-content__inner") or soup.select_one("article")
    if article is None:
        raise ValueError(f"{source}: no <article> to print")
    here = page_url(lang, stem)
    for tag in article.select(FURNITURE):
        tag.decompose()
    drop_web_only(article)
    for details in article.select("details"):
        details["open"] = ""
    book_links(article, stem, here, urls, online)
    print_figures(article, site)
    page_online = urljoin(online, here)
    static_widgets.print_widgets(article, soup, page_online, lang)
    answered = answers.exercises_for_print(article, soup, stem, lang, page_online)
    if answered is not None:
        article.append(answered)
    if lang == "zh":
        punctuation.tight_cjk_punctuation(article, soup)
    heading = article.find("h1")
    name = heading.get_text(" ", strip=True) if heading else stem
    return name, f'<section class="pdf-chapter" id="chapter-{stem}">{article.decode_contents()}</section>'
