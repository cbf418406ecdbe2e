"""A page printed from the browser (docs/assets/stylesheets/print.css), and the explorer's cells on phones.

Issue 28, from the audit: printing in dark mode with "Background graphics" on gave #121212 margins on
every page (the root kept the dark colour scheme); a printed page showed buttons, sliders and answer
boxes that do nothing on paper; on phones the explorer's number cells were 26 px wide, so a typed
-1.25 read "-1.2".
"""
import shutil
import subprocess

import pytest

pytestmark = [pytest.mark.site, pytest.mark.browser]

INERT = ("button", "input[type=range]", ".exercise__input", ".exercises__intro", ".copy-all", "[data-ae-all]")


def page_with(site_dir, marker, lang):
    """The URL (relative to the site) of the first page of `lang` whose HTML contains `marker`."""
    base = site_dir / "en" if lang == "en" else site_dir
    for path in sorted(base.glob("*/index.html")):
        if marker in path.read_text(encoding="utf-8"):
            return path.parent.relative_to(site_dir).as_posix() + "/"
    pytest.fail(f"no {lang} page has {marker}")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_print_in_dark_mode_has_light_margins_and_no_inert_controls(browser, site_url, site_dir, lang):
    context = browser.new_context(viewport={"width": 1000, "height": 900}, color_scheme="dark")
    page = context.new_page()
    try:
        for marker in ("data-attention-playground", "data-attention-explorer", 'class="exercise"'):
            page.goto(site_url + page_with(site_dir, marker, lang))
            page.emulate_media(media="print", color_scheme="dark")
            assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "light"
            shown = page.evaluate("""(selectors) => selectors.flatMap(s =>
                [...document.querySelectorAll('.md-content ' + s)].filter(e => e.checkVisibility({visibilityProperty: true}))
                  .map(e => s + ' .' + e.className + ': ' + (e.textContent || e.value || '').trim().slice(0, 30)))""", list(INERT))
            assert not shown, f"{lang} {marker}: printed {shown[:5]}"
            if marker == "data-attention-playground":  # hidden sliders keep the numbers in their columns
                assert page.locator(".ap-num--weight").first.is_visible()
            if marker == "data-attention-playground":
                assert margin_colour(page.pdf(format="A4", print_background=True)) == (255, 255, 255)
    finally:
        context.close()


def margin_colour(pdf):
    """The colour of the first page's top-left corner (in the page margin), read with poppler's pdftoppm."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm is missing (poppler-utils, system-packages.txt)")
    ppm = subprocess.run(["pdftoppm", "-r", "10", "-f", "1", "-l", "1", "-x", "0", "-y", "0", "-W", "1", "-H", "1",
                          "-"], input=pdf, capture_output=True, check=True).stdout  # no output root: stdout
    return tuple(ppm[-3:])


@pytest.mark.parametrize("width", [390, 360])
def test_explorer_cells_show_a_negative_decimal_whole_on_a_phone(browser, site_url, site_dir, width):
    context = browser.new_context(viewport={"width": width, "height": 800}, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(site_url + page_with(site_dir, "data-attention-explorer", "en"))
        cell = page.locator(".ae-m--e input").first
        cell.wait_for(state="attached")
        page.wait_for_function("!document.querySelector('.ae-m--e input').disabled")
        cell.fill("-1.25")
        cell.press("Tab")
        size = cell.evaluate("e => ({width: e.getBoundingClientRect().width, scroll: e.scrollWidth, client: e.clientWidth})")
        assert size["width"] >= 40, size
        assert size["scroll"] <= size["client"], f"-1.25 does not fit: {size}"
        assert page.evaluate("document.documentElement.scrollWidth") <= width  # the wider table still fits
    finally:
        context.close()
