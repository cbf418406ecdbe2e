"""docs/assets/javascripts/widgets-core.js in Chromium, against its Python twins.

The one JavaScript copy of softmax and of the heatmap colours, which the playground and
the explorer both call (tests/test_widget_assets.py checks that neither keeps its own):
softmax on every shared test vector (tests/data/softmax_vectors.json) and its edge cases
against snippets.softmax; shade, luminance and contrast against attention_site/widgets/colour.py;
the strict contract (a throw, never a clamped colour); and start(), the widgets' start-up.

The file is loaded into a blank page, as the site serves it (MkDocs copies it as is), so
these tests need no site build.
"""
import math
from pathlib import Path

import pytest

from attention_site.widgets import colour
from snippets.softmax import ARTICLE_SCORES
from tests.helpers import load_vectors, python_weights

pytestmark = [pytest.mark.browser]

CORE = Path(__file__).resolve().parent.parent / "docs" / "assets" / "javascripts" / "widgets-core.js"
TOLERANCE = 1e-9


@pytest.fixture
def core(page):
    """A blank page with widgets-core.js loaded; page errors collected in page.errors."""
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.set_content("<!doctype html><html><body></body></html>")
    page.add_script_tag(path=str(CORE))
    assert page.evaluate("typeof window.attentionWidgets") == "object"
    return page


def test_softmax_matches_the_shared_vectors(core):
    cases = load_vectors()
    got = core.evaluate("cases => cases.map(c => attentionWidgets.softmax(c.scores, c.temperature))", cases)
    assert len(got) == len(cases) >= 15
    for case, weights in zip(cases, got):
        expected = python_weights(case["scores"], case["temperature"])
        assert all(math.isfinite(w) for w in weights), case
        assert max(abs(a - b) for a, b in zip(weights, case["weights"])) <= TOLERANCE, case
        assert max(abs(a - b) for a, b in zip(weights, expected)) <= TOLERANCE, case
    assert not core.errors


def test_softmax_edge_cases(core):
    result = core.evaluate("""() => {
        const sm = attentionWidgets.softmax;
        const thrown = f => { try { f(); return null; } catch (e) { return e.name; } };
        return {
            masked: sm([2, 1, -Infinity]),
            defaultTemperature: sm([0.5, 0.3, 1.2, 3.0]),
            huge: sm([1000, 0, 0]),
            nan: thrown(() => sm([1, NaN])),
            posInf: thrown(() => sm([1, Infinity])),
            allMasked: thrown(() => sm([-Infinity, -Infinity])),
            zeroTemperature: thrown(() => sm([1, 2], 0)),
            empty: thrown(() => sm([])),
        };
    }""")
    assert result["masked"][2] == 0.0
    assert result["masked"][:2] == pytest.approx(python_weights([2.0, 1.0], 1.0), abs=TOLERANCE)
    assert result["defaultTemperature"] == pytest.approx(python_weights(ARTICLE_SCORES, 1.0), abs=TOLERANCE)
    assert result["huge"] == pytest.approx([1.0, 0.0, 0.0], abs=TOLERANCE)  # stable: no exp(1000) overflow
    assert result["nan"] == result["posInf"] == result["allMasked"] == result["zeroTemperature"] == "RangeError"
    assert result["empty"] == "TypeError"


def test_softmax_of_one_argument_is_temperature_one(core):
    """The explorer calls softmax(row): an Array.map passing (row, index) would divide by the index."""
    rows = [[0.5, 0.3, 1.2, 3.0], [4.0, -2.0, 0.0]]
    got = core.evaluate("rows => rows.map(r => attentionWidgets.softmax(r))", rows)
    for row, weights in zip(rows, got):
        assert weights == pytest.approx(python_weights(row, 1.0), abs=TOLERANCE)


def test_shade_matches_python(core):
    stops = list(colour.VIRIDIS_STOPS)
    grid = [i / 400 for i in range(401)] + [0.0625, 0.3333333333333333, 0.7573]
    got = core.evaluate("([ws, stops]) => ws.map(w => attentionWidgets.shade(w, stops))", [grid, stops])
    assert [(g["background"], g["text"]) for g in got] == [colour.shade(w) for w in grid]
    assert not core.errors


def test_shade_throws_where_python_raises(core):
    """Strict, like Python's shade(): a weight no softmax can give is a bug to see, not a colour to clamp."""
    stops = list(colour.VIRIDIS_STOPS)
    thrown = core.evaluate("""stops => [-0.1, 1.1, NaN, '0.5', null, Infinity].map(w => {
        try { attentionWidgets.shade(w, stops); return null; } catch (e) { return e.name; } })""", stops)
    assert thrown == ["RangeError"] * 6
    for bad in (-0.1, 1.1, float("nan")):
        with pytest.raises(ValueError):
            colour.shade(bad)
    assert core.evaluate("""() => { try { attentionWidgets.shade(0.5, ['#000000']); return null; }
                                     catch (e) { return e.name; } }""") == "TypeError"


def test_luminance_contrast_and_text_colour_match_python(core):
    colours = list(colour.VIRIDIS_STOPS) + ["#000000", "#ffffff", "#767676", "#21918c", "#0a0b0c", "#fde725"]
    got = core.evaluate("""cs => cs.map(c => [attentionWidgets.luminance(c), attentionWidgets.contrast(c, '#ffffff'),
                                              attentionWidgets.contrast('#000000', c), attentionWidgets.textOn(c)])""",
                        colours)
    for hex_colour, (lum, on_white, on_black, text) in zip(colours, got):
        assert lum == pytest.approx(colour.relative_luminance(hex_colour), abs=1e-12), hex_colour
        assert on_white == pytest.approx(colour.contrast(hex_colour, "#ffffff"), abs=1e-12), hex_colour
        assert on_black == pytest.approx(colour.contrast("#000000", hex_colour), abs=1e-12), hex_colour
        want = max((colour.TEXT_LIGHT, colour.TEXT_DARK), key=lambda t: colour.contrast(hex_colour, t))
        assert text == want, hex_colour
    assert core.evaluate("attentionWidgets.contrast('#ffffff', '#000000')") == pytest.approx(21)


def test_start_runs_on_load_and_on_every_instant_page(core):
    """start(init): once now (the DOM is ready), and once per page Material announces on document$."""
    calls = core.evaluate("""() => {
        const subscribers = [];
        window.document$ = { subscribe: fn => subscribers.push(fn) };
        const calls = [];
        attentionWidgets.start(scope => calls.push(scope === document));
        subscribers.forEach(fn => fn());  // Material replays the first page, then one per navigation
        subscribers.forEach(fn => fn());
        delete window.document$;
        return calls;
    }""")
    assert calls == [True, True, True]
    assert not core.errors


def test_start_waits_for_the_dom_while_it_loads(page):
    """Loaded in <head> (before the body exists), start() waits for DOMContentLoaded."""
    page.set_content(f"""<!doctype html><html><head><script>{CORE.read_text(encoding="utf-8")}</script>
        <script>window.seen = []; attentionWidgets.start(d => seen.push(d.querySelectorAll('p').length));</script>
        </head><body><p>1</p><p>2</p></body></html>""")
    assert page.evaluate("seen") == [2]


def test_the_file_is_local_and_small():
    import gzip

    text = CORE.read_text(encoding="utf-8")
    assert "http://" not in text and "https://" not in text and "fetch(" not in text
    assert len(gzip.compress(text.encode(), 9)) < 3 * 1024
