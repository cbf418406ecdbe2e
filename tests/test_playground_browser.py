"""The playground on docs/{zh,en}/weights.md, used in Chromium the way a reader uses it.

Sliders are moved with the keyboard (focus + arrow keys / End / Home) and
programmatically (fill, and a scripted input event); after each move the root's
data-weights must equal Python's snippets.softmax of its data-scores /
data-temperature within 1e-9. The page's softmax and cell colours are widgets-core.js's,
compared with Python on every shared test vector in tests/test_widgets_core_browser.py.
"""
import json
import math
from urllib.parse import urlsplit

import pytest

from snippets.softmax import ARTICLE_SCORES
from attention_site.widgets import colour, playground
from attention_site.widgets.text_files import words
from tests.cases import EXPECTED
from tests.helpers import python_weights

pytestmark = [pytest.mark.site, pytest.mark.browser]

PAGES = {"zh": "softmax/", "en": "en/softmax/"}  # the whole slider, temperature included
ROOT = "[data-attention-playground]"
TOLERANCE = 1e-9

# Console errors the theme itself causes on any page of this offline site, each named:
# Material fetches the repository's facts from GitHub and, for the language
# switcher, a sitemap.xml beside the page.
THEME_NOISE = [
    ("api.github.com", "/repos/attention-docs/attention"),
    (None, "/sitemap.xml"),
]


def _is_theme_noise(message):
    url = urlsplit(message.location.get("url", ""))
    return message.text.startswith("Failed to load resource") and any(
        (host is None or url.hostname == host) and path in url.path for host, path in THEME_NOISE)


@pytest.fixture
def errors(page):
    """JavaScript errors and console errors (minus the named theme noise) while the test runs."""
    found = []
    page.on("pageerror", lambda error: found.append(f"pageerror: {error}"))
    page.on("console", lambda m: m.type == "error" and not _is_theme_noise(m) and found.append(m.text))
    return found


def open_playground(page, site_url, lang):
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(site_url + PAGES[lang])
    page.locator(f'{ROOT}[data-ready="true"]').wait_for(timeout=5000)
    assets = [url for url in requests if "/assets/" in url and ("playground" in url or "widgets-core" in url)]
    assert sorted(urlsplit(u).path.rsplit("/", 1)[1] for u in assets) == [
        "playground.css", "playground.js", "widgets-core.js"]  # each once; softmax and shade live in widgets-core.js
    assert all(url.startswith(site_url) for url in assets), assets  # shipped with the site, no CDN
    return page.locator(ROOT)


def state(root):
    return (json.loads(root.get_attribute("data-scores")),
            json.loads(root.get_attribute("data-temperature")),
            json.loads(root.get_attribute("data-weights")))


def _hex(css_rgb):
    """'rgb(33, 145, 140)' (computed style) -> '#21918c'."""
    channels = css_rgb[css_rgb.index("(") + 1:css_rgb.index(")")].split(",")
    assert len(channels) == 3, css_rgb  # opaque: rgb(), not rgba()
    return "#" + "".join(f"{int(c):02x}" for c in channels)


def cell_colours(root, i):
    """(background, text) of heatmap cell i as the browser paints it, '#rrggbb'."""
    background, text = root.locator(f'[data-ap-cell="{i}"]').evaluate(
        "el => [getComputedStyle(el).backgroundColor, getComputedStyle(el.firstElementChild).color]")
    return _hex(background), _hex(text)


def assert_consistent(root):
    """data-weights == Python softmax(data-scores / data-temperature), and the page shows it."""
    scores, temperature, weights = state(root)
    expected = python_weights(scores, temperature)
    assert len(weights) == 4
    assert max(abs(a - b) for a, b in zip(weights, expected)) <= TOLERANCE, (scores, temperature)
    for i, weight in enumerate(expected):
        shown = root.locator(f'[data-ap-weight="{i}"]').all_inner_texts()
        assert set(shown) - {""} == {f"{weight:.2f}"}, (i, shown)
        width = root.locator(f'[data-ap-bar="{i}"]').evaluate("el => parseFloat(el.style.width)")
        assert width == pytest.approx(weight * 100, abs=1e-3)
        # the cell's colours: Python's shade() of the page's own weight (exactly)
        assert cell_colours(root, i) == colour.shade(weights[i]), (i, weights[i])
    summary = root.locator("[data-ap-summary]")
    assert summary.get_attribute("aria-live") == "polite"
    assert f"{temperature:.1f}" in summary.text_content()
    # the readout: cat's weight over a's, from numpy's unrounded weights, shown and spoken
    lang = root.evaluate("el => el.ownerDocument.documentElement.lang")
    ratio = playground.ratio_text(expected[3] / expected[2], lang)
    assert root.locator('[data-ap-ratio="3 2"]').all_inner_texts() == [ratio, ratio]
    assert ratio in summary.text_content()
    return scores, temperature, weights


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_labels_in_the_page_language(page, site_url, errors, lang):
    root = open_playground(page, site_url, lang)
    expected = EXPECTED[lang]
    assert page.locator("html").get_attribute("lang") == lang
    assert root.locator("[data-ap-label]").all_inner_texts() == expected["words"]
    assert root.locator("thead th").all_inner_texts()[1:] == expected["words"]
    assert root.locator('label[for$="-temperature"]').inner_text() == expected["temperature"]
    assert root.locator(".ap-head--weight").inner_text() == expected["weight"]
    # every slider is named by its label (what a screen reader says)
    for i, word in enumerate(expected["words"]):
        slider = root.locator(f'input[data-ap-input="score"][data-index="{i}"]')
        assert word in slider.evaluate("el => el.labels[0].textContent")
    assert state(root)[:2] == (ARTICLE_SCORES, 1.0)
    assert_consistent(root)
    assert not errors


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_keyboard_moves_the_sliders(page, site_url, errors, lang):
    root = open_playground(page, site_url, lang)
    cat = root.locator('input[data-ap-input="score"][data-index="3"]')
    cat.focus()
    assert cat.evaluate("el => getComputedStyle(el).outlineStyle") != "none"  # focus is visible
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    scores, _, _ = assert_consistent(root)
    assert scores[3] == pytest.approx(3.3, abs=1e-12)
    page.keyboard.press("End")
    assert state(root)[0][3] == 5.0
    assert_consistent(root)

    temperature = root.locator('input[data-ap-input="temperature"]')
    temperature.focus()
    page.keyboard.press("Home")
    _, t, weights = assert_consistent(root)
    assert t == pytest.approx(0.1, abs=1e-12)
    assert weights[3] > 0.999  # cold: the winner takes (almost) all
    page.keyboard.press("Tab")  # on to the next control, still in the widget
    assert page.evaluate("document.activeElement.matches('[data-ap-reset]')")
    page.keyboard.press("Enter")  # back to the article's numbers
    assert state(root)[:2] == (ARTICLE_SCORES, 1.0)
    assert_consistent(root)
    assert not errors


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_fill_and_scripted_input_update_the_state(page, site_url, errors, lang):
    root = open_playground(page, site_url, lang)
    root.locator('input[data-ap-input="temperature"]').fill("2.5")
    root.locator('input[data-ap-input="score"][data-index="0"]').fill("-1.7")
    scores, t, _ = assert_consistent(root)
    assert (scores[0], t) == (-1.7, 2.5)

    root.locator('input[data-ap-input="score"][data-index="1"]').evaluate(
        "el => { el.value = '4.2'; el.dispatchEvent(new Event('input', {bubbles: true})); }")
    scores, _, weights = assert_consistent(root)
    assert scores == [-1.7, 4.2, 1.2, 3.0]
    assert max(weights) == weights[1]
    # numbers for screen readers follow along
    live = root.locator("[data-ap-summary]").text_content()
    assert "2.5" in live and f"{weights[1]:.2f}" in live
    assert not errors


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_readout_checks_the_table_of_leads(page, site_url, errors, lang):
    """The page's task: put cat 1, 2 and 3 points ahead of a; the readout gives e^lead to
    one decimal, as the table of leads does (the two weights as shown, 0.83 / 0.04, give 20.75)."""
    root = open_playground(page, site_url, lang)
    readout = root.locator(".ap-ratio")
    assert readout.is_visible()
    assert readout.evaluate("el => parseFloat(getComputedStyle(el).fontSize)") >= 12
    assert readout.evaluate("el => el.closest('[data-attention-playground]') !== null")
    a = root.locator('input[data-ap-input="score"][data-index="2"]')
    for lead, a_score in ((1, "2"), (2, "1"), (3, "0")):  # cat stays at 3.0
        a.fill(a_score)
        scores, _, weights = assert_consistent(root)
        assert scores[3] - scores[2] == pytest.approx(lead, abs=1e-12)
        shown = root.locator(".ap-ratio [data-ap-ratio]").inner_text()
        assert shown == f"{math.exp(lead):.1f}" == playground.ratio_text(weights[3] / weights[2])
    # the coldest temperature: e^(3 / 0.1) is said in words, not 14 digits nor a power of ten
    root.locator('input[data-ap-input="temperature"]').fill("0.1")
    assert_consistent(root)
    assert root.locator(".ap-ratio [data-ap-ratio]").inner_text() == words("playground", lang)["over"]
    gist = root.locator(".ap-ratio [data-ap-gist]")  # a number nobody can picture, said in words
    assert gist.inner_text() == playground.gist(lang, 1e13) != ""
    a.fill("3")  # a tie: no gist
    assert gist.inner_text() == ""
    root.locator('input[data-ap-input="score"][data-index="3"]').fill("0")  # cat 3 points behind, at 0.1
    assert root.locator(".ap-ratio [data-ap-ratio]").inner_text() == words("playground", lang)["under"]
    assert gist.inner_text() == playground.gist(lang, 1e-13) != playground.gist(lang, 1e13)
    assert not errors


def test_page_ratio_text_matches_python(page, site_url, errors):
    open_playground(page, site_url, "zh")
    grid = [math.exp(x / 8) for x in range(-800, 801)] + [1.0, 1e4, 9999.96, 0.999996, 1e-3, 0.00099999]
    got = page.evaluate("rs => rs.map(r => attentionPlayground.ratioText(r))", grid)
    assert got == [playground.ratio_text(r) for r in grid]
    for lang in ("zh", "en"):  # with the words the page's span carries, as the readout calls it
        span = {"over": words("playground", lang)["over"], "under": words("playground", lang)["under"],
                 "limit": f"{playground.GIST_LIMIT:g}"}  # the span's data-* attributes
        got = page.evaluate("([rs, w]) => rs.map(r => attentionPlayground.ratioText(r, w))", [grid, span])
        assert got == [playground.ratio_text(r, lang) for r in grid]
    assert not errors


def test_init_is_idempotent(page, site_url, errors):
    """A second init (instant navigation, or a second script tag) must not bind twice."""
    root = open_playground(page, site_url, "zh")
    page.evaluate("attentionPlayground.init(); attentionPlayground.init(document)")
    writes = root.evaluate("""root => new Promise(resolve => {
        const records = [];
        const observer = new MutationObserver(r => records.push(...r));
        observer.observe(root, {attributes: true, attributeFilter: ['data-weights']});
        const input = root.querySelector('input[data-ap-input="score"]');
        input.value = '2.0';
        input.dispatchEvent(new Event('input', {bubbles: true}));
        setTimeout(() => { observer.disconnect(); resolve(records.length); }, 50);
    })""")
    assert writes == 1
    assert_consistent(root)
    assert not errors


def test_without_javascript_the_article_values_show(browser, site_url):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site_url + PAGES["zh"])
        root = page.locator(ROOT)
        assert root.get_attribute("data-ready") is None
        assert root.locator('input[type="range"]:disabled').count() == 5
        shown = root.locator(".ap-num--weight").all_inner_texts()
        weights = python_weights(ARTICLE_SCORES, 1.0)
        assert shown == [f"{w:.2f}" for w in weights]
        assert [cell_colours(root, i) for i in range(4)] == [colour.shade(w) for w in weights]
        assert root.locator(".ap-noscript").inner_text().startswith("启用 JavaScript")
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_widget_is_accessible_in_both_colour_schemes(browser, site_url, lang, scheme):
    """axe-core (offline, bundled with axe-playwright-python) finds nothing in the widget:
    contrast in light and dark (Material's slate), labels, ARIA."""
    from axe_playwright_python.sync_playwright import Axe

    context = browser.new_context(color_scheme=scheme)
    try:
        page = context.new_page()
        root = open_playground(page, site_url, lang)
        expected = "slate" if scheme == "dark" else "default"
        assert page.locator("body").get_attribute("data-md-color-scheme") == expected
        root.locator('input[data-ap-input="score"][data-index="2"]').fill("4")  # after a move (a range input normalises "4.0" to "4")
        result = Axe().run(page, context={"include": [[ROOT]]})
        violations = [(v["id"], [n["target"] for n in v["nodes"]]) for v in result.response["violations"]]
        assert not violations
        assert len(result.response["passes"]) >= 10  # it did look at the widget
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_largest_weight_is_the_brightest_cell(browser, site_url, scheme):
    """Like the heatmap figure: brighter = more attention, in light and in dark mode alike,
    with every number readable (contrast >= 4.5:1) on its cell."""
    for lang in ("zh", "en"):
        context = browser.new_context(color_scheme=scheme)
        try:
            page = context.new_page()
            root = open_playground(page, site_url, lang)
            assert page.locator("body").get_attribute("data-md-color-scheme") == (
                "slate" if scheme == "dark" else "default")
            for move in (None, ("1", "4.2"), ("0", "-3"), ("temperature", "0.6")):
                if move:
                    kind, value = move
                    selector = ('input[data-ap-input="temperature"]' if kind == "temperature"
                                else f'input[data-ap-input="score"][data-index="{kind}"]')
                    root.locator(selector).fill(value)
                _, _, weights = assert_consistent(root)
                colours = [cell_colours(root, i) for i in range(4)]
                luminance = [colour.relative_luminance(bg) for bg, _ in colours]
                top = max(range(4), key=weights.__getitem__)
                assert max(range(4), key=luminance.__getitem__) == top, (weights, colours)
                # and the order of all four cells follows the weights
                assert sorted(range(4), key=weights.__getitem__) == sorted(range(4), key=luminance.__getitem__)
                assert all(colour.contrast(bg, fg) >= 4.5 for bg, fg in colours), colours
                assert luminance[top] > 2 * min(luminance)
        finally:
            context.close()


def test_cells_are_the_same_in_light_and_dark(browser, site_url):
    painted = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(color_scheme=scheme)
        try:
            page = context.new_page()
            root = open_playground(page, site_url, "en")
            root.locator('input[data-ap-input="score"][data-index="2"]').fill("4")
            painted[scheme] = [cell_colours(root, i) for i in range(4)]
        finally:
            context.close()
    assert painted["light"] == painted["dark"]
    assert len({bg for bg, _ in painted["light"]}) == 4


def test_heatmap_corner_never_splits_a_chinese_word_on_a_phone(page, site_url, errors):
    """At 390 px the corner 「提问的词 ↓ 被看的词 →」 wraps between its two halves, never inside
    a word (R15 reader: 「被看的 / 词 →」), and no arrow stands alone."""
    page.set_viewport_size({"width": 390, "height": 844})
    root = open_playground(page, site_url, "zh")
    corner = root.locator(".ap-heatmap__corner")
    corner.scroll_into_view_if_needed()
    lines = corner.evaluate("""th => {
        const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT), range = document.createRange(), rows = [];
        let row = '', top = null;
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
          for (let i = 0; i < text.length; i++) {
            range.setStart(text, i); range.setEnd(text, i + 1);
            const box = range.getBoundingClientRect();
            if (!box.width) { row += text.data[i]; continue; }  // a space at the end of a line
            if (top !== null && box.top > top + 2) { rows.push(row); row = ''; }
            top = box.top; row += text.data[i];
          }
        }
        return rows.concat([row]).map(r => r.trim()); }""")
    assert lines == ["提问的词\u00a0↓", "被看的词\u00a0→"] or lines == [words("playground", "zh")["corner"]], lines
    assert not errors


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_score_plus_one_leaves_the_weights(page, site_url, errors, lang):
    """"Every score +1" adds 1 to all four sliders at once (four exact drags otherwise, R19/R20):
    the weights stay as they were. A button that would push a score past its slider's end is
    disabled: a clamped score would change the gaps, and the lesson with them."""
    root = open_playground(page, site_url, lang)
    up, down = root.locator('[data-ap-shift="+1"]'), root.locator('[data-ap-shift="-1"]')
    assert up.inner_text() == words("playground", lang)["shift_up"]
    _, _, before = assert_consistent(root)
    up.click()
    scores, _, weights = assert_consistent(root)
    assert scores == pytest.approx([s + 1 for s in ARTICLE_SCORES], abs=1e-12)
    assert weights == pytest.approx(before, abs=TOLERANCE)
    up.click()  # "cat" is now at 5.0, the slider's end
    assert state(root)[0][3] == pytest.approx(playground.SCORE_RANGE[1], abs=1e-12)
    assert up.is_disabled() and not down.is_disabled()
    assert root.locator("[data-ap-limit]").inner_text() == playground.limit_text(lang)  # says why
    assert "5" in playground.limit_text(lang) and "{" not in playground.limit_text(lang)
    down.click()
    assert not root.locator("[data-ap-limit]").is_visible()
    down.click()
    scores, _, weights = assert_consistent(root)
    assert scores == pytest.approx(ARTICLE_SCORES, abs=1e-12)
    assert weights == pytest.approx(before, abs=TOLERANCE)
    assert not errors
