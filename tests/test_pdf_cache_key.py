"""attention_site/pdf/cache_key.py: the printed book's cache key covers everything its bytes depend on.

A cache that ignores one of its inputs serves stale output: an old PDF (issue 13 §4). One check
per kind of input, nested files included: the document, the CSS and figures it loads, the print
stylesheet, each module of the package, SOURCE_DATE_EPOCH, the font files and the browser.
"""
import os

import pytest

from attention_site import browser as chromium
from attention_site.pdf import book, cache_key, chapter


@pytest.fixture
def book_site(tmp_path):
    site = tmp_path / "site"
    (site / "assets").mkdir(parents=True)
    (site / "figures" / "deep").mkdir(parents=True)
    (site / "assets" / "a.css").write_text("body{}", encoding="utf-8")
    (site / "figures" / "deep" / "h.svg").write_text("<svg/>", encoding="utf-8")
    html = '<link rel="stylesheet" href="assets/a.css"><img src="figures/deep/h.svg">'
    return site, html


def test_pdf_key_follows_the_document_css_figures_print_css_code_and_date(book_site, monkeypatch, tmp_path):
    site, html = book_site
    key = cache_key.cache_key(html, site)
    assert cache_key.cache_key(html, site) == key
    assert cache_key.cache_key(html + "<p>more</p>", site) != key
    (site / "assets" / "a.css").write_text("body{color:red}", encoding="utf-8")
    key_css = cache_key.cache_key(html, site)
    assert key_css != key
    (site / "figures" / "deep" / "h.svg").write_text("<svg><g/></svg>", encoding="utf-8")
    key_svg = cache_key.cache_key(html, site)
    assert key_svg != key_css
    monkeypatch.setattr(book, "PRINT_CSS", book.PRINT_CSS + "p{}")
    key_print = cache_key.cache_key(html, site)
    assert key_print != key_svg
    code = list(cache_key.KEY_CODE)
    for n, module in enumerate(code):  # how a page becomes a chapter, how the book is printed and finished
        edited = tmp_path / f"{n}-{module.name}"
        edited.write_bytes(module.read_bytes() + b"# changed\n")
        monkeypatch.setattr(cache_key, "KEY_CODE", [*code[:n], edited, *code[n + 1:]])
        assert cache_key.cache_key(html, site) != key_print, module.name
    monkeypatch.setattr(cache_key, "KEY_CODE", code)
    assert cache_key.cache_key(html, site) == key_print
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1800000000")
    assert cache_key.cache_key(html, site) != key_print


def test_the_key_covers_every_module_of_the_package():
    package = {p.name for p in (cache_key.KEY_CODE[0].parent).glob("*.py")}
    assert {p.name for p in cache_key.KEY_CODE} == package
    assert {"book.py", "chapter.py", "printing.py", "finish.py", "fonts.py", "structure.py"} <= package


@pytest.fixture
def fake_toolchain(tmp_path, monkeypatch):
    """fc-match and a browser that say what the test tells them (files under tmp_path)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()

    def program(name, output):
        path = bin_dir / name
        path.write_text(f"#!/bin/sh\necho '{output}'\n")
        path.chmod(0o755)
        return path

    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv(chromium.ENV, str(program("fake-chromium", "Chromium 1.0")))
    chromium.executable.cache_clear()
    yield program
    chromium.executable.cache_clear()


def test_the_cache_key_changes_with_the_fonts_the_print_resolves_to(tmp_path, fake_toolchain):
    """A book printed before fonts-wqy-microhei was installed was served from the cache after it."""
    html = "<html><body>书</body></html>"
    fake_toolchain("fc-match", "/usr/share/fonts/noto/NotoSansCJK-Regular.ttc|0|2.004")
    before = cache_key.cache_key(html, tmp_path)
    assert cache_key.cache_key(html, tmp_path) == before
    fake_toolchain("fc-match", "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc|0|0.2")
    assert cache_key.cache_key(html, tmp_path) != before



def test_the_cache_key_changes_with_the_fonts_a_loaded_figure_names(book_site, fake_toolchain, monkeypatch):
    """A figure's SVG names its own font families: the key follows the file each resolves to
    (the SVG's bytes unchanged), as it does for the print stylesheet's and the CSS's."""
    site, html = book_site
    (site / "figures" / "deep" / "h.svg").write_text(
        '<svg><style>text { font-family: Figure Face, sans-serif }</style></svg>', encoding="utf-8")
    files = {}
    monkeypatch.setattr(cache_key, "resolved_fonts", lambda families: {f: files.get(f, "/fonts/a.ttf|0|1")
                                                                         for f in families})
    before = cache_key.cache_key(html, site)
    files["Figure Face"] = "/fonts/figure-face-2.ttf|0|2"
    assert cache_key.cache_key(html, site) != before

def test_the_cache_key_changes_with_the_browser_version(tmp_path, fake_toolchain):
    html = "<html><body>book</body></html>"
    fake_toolchain("fc-match", "/fonts/a.ttf|0|1")
    before = cache_key.cache_key(html, tmp_path)
    fake_toolchain("fake-chromium", "Chromium 2.0")
    assert cache_key.cache_key(html, tmp_path) != before


def test_the_print_css_and_figure_fonts_are_all_resolved():
    families = cache_key.font_families(book.PRINT_CSS, f"font-family: {chapter.FIGURE_FONTS}")
    assert {"Liberation Sans", "WenQuanYi Micro Hei", "Liberation Mono", "monospace", "sans-serif"} <= set(families)


@pytest.mark.parametrize("value", ["off", "0", "false", "OFF"])
def test_pdf_cache_off_is_the_cache_switch(value, monkeypatch):
    monkeypatch.setenv("PDF_CACHE", value)
    assert not cache_key.cache_on()
    monkeypatch.setenv("PDF_CACHE", "on")
    assert cache_key.cache_on()


def test_the_cache_lives_where_attention_site_cache_says():
    from attention_site import cache

    assert cache_key.CACHE_DIR == cache.folder("pdf")
