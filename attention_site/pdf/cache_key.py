"""The key of a printed book in .cache/pdf/: everything the printed bytes depend on.

The document; every file of the site it loads (CSS, figures); the print stylesheet; the code of
this package (how a page becomes a chapter, how the book is printed and finished); the font
file each font family it names resolves to (`fc-match`); the browser's and the PDF libraries'
versions; SOURCE_DATE_EPOCH. Where the cache lives and its switch (PDF_CACHE=off) are
attention_site.cache's.
"""
import hashlib
import os
import re
import subprocess
from importlib import metadata
from pathlib import Path
from urllib.parse import urlsplit

from attention_site import browser as chromium
from attention_site import cache
from attention_site.pdf import book, chapter
from attention_site.site_config import ROOT

CACHE_DIR = cache.folder("pdf", ROOT)
KEY_CODE = sorted(Path(__file__).parent.glob("*.py"))  # this package: what prints and finishes the book
FONT_FAMILY = re.compile(r"font-family:\s*([^;}!<>]+)")


def cache_on():
    """PDF_CACHE=off (or 0, false, no) neither reads nor writes .cache/pdf/ (attention_site.cache)."""
    return cache.enabled("pdf")


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
    """sha256 of the document, of every file of the site it loads (CSS, figures), of the print
    stylesheet and this package's code, of the font files its font families resolve to and of the
    browser's version: all that the printed bytes depend on."""
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
    digest.update(book.PRINT_CSS.encode())
    for code in KEY_CODE:
        digest.update(code.read_bytes())
    families = font_families(book.PRINT_CSS, f"font-family: {chapter.FIGURE_FONTS}", *loaded)
    for family, font in resolved_fonts(families).items():
        digest.update(f"{family}={font}\n".encode())
    digest.update(chromium.version(chromium.executable()).encode())
    for package in ("playwright", "pypdf"):
        digest.update(f"{package}={metadata.version(package)}".encode())
    digest.update(os.environ.get("SOURCE_DATE_EPOCH", "").encode())
    return digest.hexdigest()
