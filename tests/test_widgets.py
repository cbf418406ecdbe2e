"""The widgets package (attention_site/widgets/): the registry (embed), the playground's
markup and readout (playground/), the heatmap colours (colour.py), the words in
zh.toml / en.toml (text_files.py) and that each widget renders on one line; and the shared
softmax test vectors. The template environment itself is tested in tests/test_templates.py. The explorer has its own file, tests/test_explorer.py.

tests/data/softmax_vectors.json holds softmax(scores / temperature) cases that the
browser test (tests/test_playground_browser.py) also runs through the page's
JavaScript. Here they are checked against snippets.softmax, so the file cannot
drift from the Python code. Rewrite it with `python -m tests.test_widgets --update`.
"""
import html
import json
import math
import re
import sys
from pathlib import Path

import autocorrect_py
import numpy as np
import pytest
import scipy.special

from attention_site import values, widgets
from attention_site import templates
from attention_site.widgets import colour, playground, text_files
from attention_site.widgets.text_files import MissingText, texts, words
from snippets.softmax import ARTICLE_SCORES
from tests.cases import EXPECTED
from tests.helpers import Elements, load_vectors, python_weights

VECTORS = Path(__file__).resolve().parent / "data" / "softmax_vectors.json"

A = ARTICLE_SCORES  # 0.5 / 0.3 / 1.2 / 3.0
# (scores, temperature): the article, the sliders' corners, and what the sliders cannot reach.
CASES = [
    (A, 1.0), (A, 0.5), (A, 2.0), (A, 0.1), (A, 10.0),
    ([1.0, 1.0, 1.0, 1.0], 1.0),            # equal scores: equal weights
    ([0.0, 0.0, 0.0, 0.0], 0.1),
    ([-50.0, -50.0, -50.0, -50.0], 1.0),    # equal and very negative: still 0.25 each
    ([50.0, -50.0, 0.0, 0.0], 1.0),
    ([50.0, 50.0, -50.0, -50.0], 0.1),      # gap of 1000 after scaling: exp underflows to 0
    ([50.0, -50.0, 50.0, -50.0], 10.0),
    ([-50.0, -49.9, 3.0, 3.0], 0.1),
    ([1000.0, 0.0, 0.0, 0.0], 1.0),         # naive exp(1000) is inf
    ([-1000.0, 0.0, 0.0, 0.0], 1.0),
    ([700.0, 699.0, 0.0, -700.0], 1.0),
    ([5.0, -5.0, -5.0, -5.0], 0.1),         # slider corners
    ([-5.0, 5.0, 5.0, -5.0], 5.0),
    ([0.1, 0.2, 0.3, 0.4], 0.1),
    ([1e-9, 0.0, 0.0, 0.0], 1.0),           # a difference far below the display precision
]


def make_vectors():
    return [{"scores": list(s), "temperature": t, "weights": python_weights(s, t)} for s, t in CASES]


# --- the shared test vectors ---------------------------------------------------------------

def test_vectors_file_lists_the_cases():
    assert [(case["scores"], case["temperature"]) for case in load_vectors()] == [
        (list(s), t) for s, t in CASES], "run: python -m tests.test_widgets --update"


@pytest.mark.parametrize("index", range(len(CASES)), ids=lambda i: f"{CASES[i][0]}/{CASES[i][1]}")
def test_vector_weights_are_pythons_softmax(index):
    case = load_vectors()[index]
    expected = python_weights(case["scores"], case["temperature"])
    np.testing.assert_allclose(case["weights"], expected, rtol=0, atol=1e-14)
    # and an independent reference agrees
    scaled = np.asarray(case["scores"]) / case["temperature"]
    np.testing.assert_allclose(case["weights"], scipy.special.softmax(scaled), rtol=0, atol=1e-12)
    assert len(case["weights"]) == 4 and min(case["weights"]) >= 0
    assert sum(case["weights"]) == pytest.approx(1, abs=1e-12)


def test_vectors_include_the_extremes():
    cases = load_vectors()
    assert any(max(abs(s) for s in c["scores"]) >= 50 for c in cases)
    assert {0.1, 10.0} <= {c["temperature"] for c in cases}
    assert any(len(set(c["scores"])) == 1 for c in cases)
    assert any(c["scores"] == [1000.0, 0.0, 0.0, 0.0] for c in cases)
    # a case where exp() of the scaled scores overflows without the shift, one that underflows to 0
    assert any(max(c["scores"]) / c["temperature"] > 709.8 for c in cases)
    assert any(0.0 in c["weights"] for c in cases)


# --- the markup ------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", ["zh", "en"])
def test_embed_playground(lang):
    markup = widgets.embed("playground", lang)
    assert "\n" not in markup  # one line: a placeholder may sit anywhere raw HTML may
    doc = Elements(markup)
    [root] = [e for e in doc.elements if "data-attention-playground" in e[1]]
    assert doc.elements[0] is root

    scores = json.loads(root[1]["data-scores"])
    temperature = json.loads(root[1]["data-temperature"])
    weights = json.loads(root[1]["data-weights"])
    assert scores == ARTICLE_SCORES and temperature == 1.0
    np.testing.assert_allclose(weights, python_weights(scores, temperature), rtol=0, atol=1e-15)
    assert json.loads(root[1]["data-words"]) == ["它", "是", "一只", "猫"]

    expected = EXPECTED[lang]
    assert [e[2] for e in doc.find("span", class_="ap-word__text")] == expected["words"]
    assert [e[2] for e in doc.find("th", scope="col")][1:] == expected["words"]
    assert [e[2] for e in doc.find("th", scope="row")] == expected["words"][:1]
    [temperature_label] = doc.find("label", for_=f"ap-{lang}-temperature")
    assert temperature_label[2] == expected["temperature"]
    assert expected["weight"] in [e[2] for e in doc.find("span", class_="ap-head ap-head--weight")]

    # every slider has a label, starts at the article's value, and waits for the script
    sliders = doc.find("input", type="range")
    assert len(sliders) == 5
    labelled = {e[1]["for"] for e in doc.find("label")}
    for slider in sliders:
        assert slider[1]["id"] in labelled and "disabled" in slider[1]
    assert [float(s[1]["value"]) for s in sliders] == ARTICLE_SCORES + [1.0]
    # what playground.js reads off each slider: which input it is and, for a score, which word's
    assert [s[1].get("data-ap-input") for s in sliders] == ["score"] * 4 + ["temperature"]
    assert [s[1].get("data-index") for s in sliders] == ["0", "1", "2", "3", None]
    for slider in sliders[:4]:
        [label] = doc.find("label", for_=slider[1]["id"])
        [word] = doc.find("span", data_ap_label=slider[1]["data-index"])
        assert word[2] in label[2] and word[2] == expected["words"][int(slider[1]["data-index"])]

    # what is shown before any script runs: the weights as the prose quotes them
    shown = [e[2] for e in doc.find("span", class_="ap-num ap-num--weight")]
    assert " / ".join(shown) == values.render("num.article_weights", lang)
    widths = [e[1]["style"] for e in doc.find("span", class_="ap-bar__fill")]
    assert widths == [f"width: {w * 100:.4f}%" for w in weights]
    assert [e[2] for e in doc.find("td")] == shown
    # cells coloured before any script runs, with the table playground.js reads
    assert json.loads(root[1]["data-colormap"]) == list(colour.VIRIDIS_STOPS)
    assert [e[1]["style"] for e in doc.find("td")] == [
        "background-color: {}; color: {}".format(*colour.shade(w)) for w in weights]
    [live] = [e for e in doc.elements if e[1].get("aria-live") == "polite"]
    assert all(number in live[2] for number in shown)

    # the readout: cat's weight over a's, from the unrounded weights (6.05, not 0.76 / 0.13 = 5.85)
    ratio = playground.ratio_text(weights[3] / weights[2])
    assert ratio == f"{np.exp(1.8):.1f}" == "6.0"
    readouts = doc.find("span", data_ap_ratio="3 2")
    assert [e[2] for e in readouts] == [ratio, ratio]  # shown, and in the live region
    [shown_readout] = doc.find("p", class_="ap-ratio")
    assert shown_readout[1]["aria-hidden"] == "true" and ratio in live[2]
    cat, a = (expected["words"][i].split(" ")[0] for i in (3, 2))
    assert cat in shown_readout[2] and a in shown_readout[2]

    [noscript] = doc.find("noscript")
    assert len(noscript[2]) > 20


# --- the heatmap colours --------------------------------------------------------------------

def test_stops_are_matplotlibs_viridis():
    """The same map as the heatmap figure (attention_site/figures/heatmap.py: cmap="viridis", 0..1)."""
    import matplotlib
    cmap = matplotlib.colormaps["viridis"]
    positions = np.linspace(0, 1, len(colour.VIRIDIS_STOPS))
    assert 9 <= len(colour.VIRIDIS_STOPS) <= 17
    assert list(colour.VIRIDIS_STOPS) == [matplotlib.colors.to_hex(cmap(p)) for p in positions]
    # between stops: close to matplotlib's own 256-step map
    for t in np.linspace(0, 1, 513):
        got = np.array(colour.rgb(colour.shade(float(t))[0]))
        want = np.round(np.array(cmap(t)[:3]) * 255)
        assert np.abs(got - want).max() <= 14, (t, got, want)


def test_shade_ends_order_and_contrast():
    assert colour.shade(0.0) == (colour.VIRIDIS_STOPS[0], "#ffffff")  # dark purple, white text
    assert colour.shade(1.0) == (colour.VIRIDIS_STOPS[-1], "#000000")  # yellow, black text
    assert colour.shade(0.5)[0] == colour.VIRIDIS_STOPS[5]
    grid = [float(t) for t in np.linspace(0, 1, 1001)]
    luminance = [colour.relative_luminance(colour.shade(t)[0]) for t in grid]
    # more weight is brighter: strictly at the shown precision (0.01 apart); between two such
    # steps, rounding each channel to 0..255 may cost a brightness far below visibility (< 1%)
    coarse = luminance[::10]
    assert all(b > a for a, b in zip(coarse, coarse[1:])), "more weight must be brighter"
    assert all(b >= 0.99 * a for a, b in zip(luminance, luminance[1:]))
    assert luminance[-1] > 10 * luminance[0]
    ratios = [colour.contrast(*colour.shade(t)) for t in grid]
    assert min(ratios) >= 4.5
    texts = [colour.shade(t)[1] for t in grid]  # white on the dark end, then black: one switch
    assert texts == sorted(texts, key=lambda c: c == "#000000") and len(set(texts)) == 2


def test_luminance_and_contrast_reference_values():
    assert colour.relative_luminance("#000000") == 0
    assert colour.relative_luminance("#ffffff") == pytest.approx(1)
    assert colour.contrast("#ffffff", "#000000") == pytest.approx(21)
    assert colour.contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # WCAG's grey


@pytest.mark.parametrize("bad, error", [(-0.01, ValueError), (1.5, ValueError), (float("nan"), ValueError),
                                        ("0.5", TypeError), (None, TypeError), (True, TypeError)])
def test_shade_rejects_bad_weights(bad, error):
    with pytest.raises(error, match="weight"):
        colour.shade(bad)


def test_chinese_widget_text_is_well_typeset():
    spoken = re.sub(r"<[^>]+>", "", playground.summary("zh", 1.0, [0.06, 0.05, 0.13, 0.76]))
    assert spoken == "温度 1.0 时的权重：它 0.06，是 0.05，一只 0.13，猫 0.76；「猫」的权重是「一只」的 5.8 倍"
    texts = list(words("playground", "zh").values()) + [spoken]
    problems = [(text, line.new) for text in texts
                for line in autocorrect_py.lint_for(text + "\n", "md").lines]
    assert not problems


@pytest.mark.parametrize("ratio, text", [
    (math.exp(1.8), "6.0"), (math.exp(2), "7.4"), (math.exp(3), "20.1"), (1.0, "1.0"), (148.41, "148.4"),
    (9999.96, "10000.0"), (0.37, "0.37"), (0.0498, "0.050"), (0.99996, "1.0"), (0.0067, "0.0067"),
    (0.00099, "0.00099"), (0.000099, "9.9 × 10⁻⁵"), (math.exp(100), "2.7 × 10⁴³"), (math.exp(-100), "3.7 × 10⁻⁴⁴"), (1e4, "1.0 × 10⁴"),
])
def test_ratio_text(ratio, text):
    """The readout's number: like the table of leads from 1 up, never '0.0', never 40 digits wide."""
    assert playground.ratio_text(ratio) == text


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_ratio_text_says_a_ratio_beyond_ten_thousand_in_words(lang):
    """Readers could not read "6.6 × 10⁷": beyond 10 000 either way the readout says it plainly."""
    said = words("playground", lang)
    assert playground.ratio_text(math.exp(100), lang) == said["over"] != playground.ratio_text(math.exp(100))
    assert playground.ratio_text(math.exp(-100), lang) == said["under"]
    assert playground.ratio_text(9999.96, lang) == "10000.0" and playground.ratio_text(0.00011, lang) == "0.00011"
    assert "10⁴" not in playground.ratio_text(1.0001e4, lang)
    # the words name the limit the code uses (a translator's lost zero would misstate it)
    def number(text):
        return float(re.sub(r"[^0-9.]", "", text))
    assert number(said["over"]) == playground.GIST_LIMIT and number(said["under"]) == 1 / playground.GIST_LIMIT


@pytest.mark.parametrize("bad", [0.0, -1.0, float("inf"), float("nan"), "6"])
def test_ratio_text_rejects_what_softmax_cannot_give(bad):
    with pytest.raises(ValueError, match="ratio"):
        playground.ratio_text(bad)


def test_embed_rejects_unknown_names_and_languages():
    with pytest.raises(KeyError, match="no-such-widget"):
        widgets.embed("no-such-widget", "zh")
    with pytest.raises(ValueError, match="fr"):
        widgets.embed("playground", "fr")


def main(argv):
    if argv != ["--update"]:
        print(__doc__)
        return 2
    VECTORS.parent.mkdir(exist_ok=True)
    text = "[\n" + ",\n".join(json.dumps(case) for case in make_vectors()) + "\n]\n"  # a case a line
    if not VECTORS.exists() or VECTORS.read_text(encoding="utf-8") != text:
        VECTORS.write_text(text, encoding="utf-8")
        print(f"wrote {VECTORS}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_gist_says_which_word_gets_almost_nothing_only_past_the_limit(lang):
    """Only what the ratio of the two words says: the lesser one gets almost nothing next to the
    other. ("Nearly all goes to cat" was false when a third word, 它, took the most: R15 reader.)"""
    cat, a = ("「猫」", "「一只」") if lang == "zh" else ('"cat"', '"a"')
    assert playground.gist(lang, 6.0) == playground.gist(lang, 0.01) == ""
    hi, lo = playground.gist(lang, playground.GIST_LIMIT), playground.gist(lang, 1 / playground.GIST_LIMIT)
    assert hi.index(cat) < hi.index(a) and lo.index(a) < lo.index(cat)  # named last: gets almost nothing
    assert hi == playground.gist(lang, 1e13) != lo == playground.gist(lang, 1e-13)
    assert "nearly all" not in hi + lo and "几乎全" not in hi + lo


# --- the words: attention_site/widgets/zh.toml, en.toml (text_files.py) ----------------------

def _shape(value):
    """The shape of a text table: its keys, list lengths and {placeholders}, not its words."""
    if hasattr(value, "keys"):
        return {key: _shape(value[key]) for key in value}
    if isinstance(value, list):
        return [_shape(item) for item in value]
    return sorted(set(re.findall(r"\{(\w+)\}", value)))


def test_zh_and_en_have_the_same_keys_lists_and_placeholders():
    zh, en = _shape(texts("zh")), _shape(texts("en"))
    assert set(zh) == set(en) == {"playground", "explorer", "needs_fold"}
    assert zh == en


def test_every_word_is_filled_in():
    for lang in ("zh", "en"):
        strings = [v for widget in texts(lang).values() for v in widget.values() if isinstance(v, str)]
        assert strings and all(s.strip() for s in strings), lang


def test_a_missing_word_names_the_file_and_the_key():
    with pytest.raises(MissingText, match=r"en\.toml: no key 'no_such_key' in \[explorer\]"):
        words("explorer", "en")["no_such_key"]
    with pytest.raises(MissingText, match=r"zh\.toml: no key 'colour' in \[explorer\.features\]"):
        words("explorer", "zh")["features"]["colour"]
    with pytest.raises(ValueError):
        texts("fr")


def test_a_missing_word_stops_a_template(monkeypatch):
    """Jinja turns a KeyError into an undefined value; a missing word must stop the build instead."""
    real = text_files.texts

    def without_title(lang):
        table = real(lang)
        table._values["explorer"] = {k: v for k, v in table._values["explorer"].items() if k != "title"}
        return table

    monkeypatch.setattr(text_files, "texts", without_title)
    with pytest.raises(MissingText, match="title"):
        widgets.embed("explorer", "en")


def test_a_broken_text_file_names_itself(monkeypatch, tmp_path):
    (tmp_path / "en.toml").write_text('[explorer\ntitle = "x"\n', encoding="utf-8")
    monkeypatch.setattr(text_files, "HERE", tmp_path)
    with pytest.raises(ValueError, match=r"en\.toml"):
        texts("en")


# --- the markup: templates/*.html, each inside {% oneline %} ------------------------------

def test_widgets_render_on_one_line():
    """The needs-fold template is written on several lines; the page gets one, with no line
    break at its end (a widget sits inside a paragraph)."""
    assert "\n" in (templates.FOLDERS["widgets"] / "needs_fold.html").read_text(encoding="utf-8")
    for name in widgets.WIDGETS:
        for lang in ("zh", "en"):
            markup = widgets.embed(name, lang)
            assert "\n" not in markup, (name, lang)
            assert type(markup) is str, (name, lang)  # not Markup: str + Markup escapes the str


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_needs_fold_mark(lang):
    markup = widgets.embed("needs-fold", lang)
    doc = Elements(markup)
    [mark] = doc.find("p", class_="needs-fold")
    assert doc.elements[0] is mark
    [arrow] = doc.find("span", class_="needs-fold__arrow")
    assert arrow[1]["aria-hidden"] == "true" and arrow[2] == "↑"
    assert markup.endswith(f"</span> {html.escape(words('needs_fold', lang)['text'])}</p>")
