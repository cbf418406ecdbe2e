"""A language's PDF edition: SITE/attention-<lang>.pdf, printed or copied from the cache.

The book's document is made (book.py) and keyed (cache_key.py); an unchanged book is copied
from .cache/pdf/. Otherwise it is printed twice (printing.py), finished (finish.py) and
checked: the chapters must start where the contents say after the swap, and the book must stay
under MAX_BYTES (a larger one is kept beside it as .too-big.pdf and stops the build).
"""
import shutil

from attention_site import browser as chromium
from attention_site.pdf import book, cache_key, finish, page_numbers, printing

NAME = "attention-{lang}.pdf"
MAX_BYTES = 5 * 1024 * 1024


def build_book(site, lang, browser=None, root=book.ROOT):
    """Write SITE/attention-<lang>.pdf; returns (path, from_cache).

    `browser`: a Playwright Chromium to print with (the tests pass theirs); by default
    one is started for this book.
    """
    html = book.book_html(site, lang, root)
    target = site / NAME.format(lang=lang)
    use_cache = cache_key.cache_on()
    cached = cache_key.CACHE_DIR / f"{lang}.{cache_key.cache_key(html, site)[:20]}.pdf" if use_cache else None
    if use_cache and cached.is_file():
        shutil.copyfile(cached, target)
        return target, True
    numbers, printed, front = print_with(browser, html, site / f".book-{lang}.html")
    data = finish.finish(printed, front, front_length=min(numbers.values()) - 1)
    if page_numbers.chapter_pages(data, page_numbers.toc_names(html)) != numbers:
        raise ValueError(f"{lang} PDF: the chapters moved when the front pages were swapped in")
    if len(data) > MAX_BYTES:
        target.with_suffix(".too-big.pdf").write_bytes(data)
        raise ValueError(f"{target.name}: {len(data) / 1e6:.1f} MB, more than {MAX_BYTES / 1e6:.0f} MB")
    if use_cache:
        cache_key.CACHE_DIR.mkdir(parents=True, exist_ok=True)
        for old in cache_key.CACHE_DIR.glob(f"{lang}.*.pdf"):
            old.unlink()
        cached.write_bytes(data)
    target.write_bytes(data)
    return target, False


def print_with(browser, html, source):
    """printing.print_book with `browser`, or with a Chromium started for it; `source` is removed after."""
    try:
        if browser is not None:
            return printing.print_book(browser, html, source)
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            own = chromium.launch(playwright)
            printed = printing.print_book(own, html, source)
            own.close()
            return printed
    finally:
        source.unlink(missing_ok=True)
