"""snippets/widgets.py: the playground's markup, and the shared softmax test vectors.

tests/data/softmax_vectors.json holds softmax(scores / temperature) cases that the
browser test (tests/test_playground_browser.py) also runs through the page's
JavaScript. Here they are checked against snippets.softmax, so the file cannot
drift from the Python code. Rewrite it with `python -m tests.test_widgets --update`.
"""
import json
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import autocorrect_py
import numpy as np
import pytest
import scipy.special

from snippets import page_values, widgets
from snippets.softmax import ARTICLE_SCORES, softmax

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


def python_weights(scores, temperature):
    """The reference: snippets.softmax of scores / temperature, as plain floats."""
    return [float(w) for w in softmax(np.asarray(scores, dtype=np.float64) / temperature)]  # (4,)


def make_vectors():
    return [{"scores": list(s), "temperature": t, "weights": python_weights(s, t)} for s, t in CASES]


def load_vectors():
    return json.loads(VECTORS.read_text(encoding="utf-8"))


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

class _Elements(HTMLParser):
    """Every element as (tag, attrs, text inside it), in document order."""

    VOID = {"input", "br", "img", "meta", "link", "hr"}

    def __init__(self, markup):
        super().__init__()
        self.elements, self._open = [], []
        self.feed(markup)
        self.close()
        assert not self._open, f"unclosed elements: {[e[0] for e in self._open]}"

    def handle_starttag(self, tag, attrs):
        element = [tag, dict(attrs), ""]
        self.elements.append(element)
        if tag not in self.VOID:
            self._open.append(element)

    def handle_endtag(self, tag):
        assert self._open and self._open[-1][0] == tag, f"</{tag}> closes {self._open[-1][0]!r}"
        self._open.pop()

    def handle_data(self, data):
        for element in self._open:
            element[2] += data

    def find(self, tag=None, **attrs):
        def matches(element):
            return (tag is None or element[0] == tag) and all(
                element[1].get(key.rstrip("_").replace("_", "-"), object()) == value for key, value in attrs.items())
        return [element for element in self.elements if matches(element)]


EXPECTED = {
    "zh": {"words": ["它", "是", "一只", "猫"], "temperature": "温度", "weight": "权重"},
    "en": {"words": ["it (它)", "is (是)", "a (一只)", "cat (猫)"], "temperature": "Temperature",
           "weight": "Weight"},
}


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_embed_playground(lang):
    markup = widgets.embed("playground", lang)
    assert "\n" not in markup  # one line: a placeholder may sit anywhere raw HTML may
    doc = _Elements(markup)
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

    # what is shown before any script runs: the weights as the prose quotes them
    shown = [e[2] for e in doc.find("span", class_="ap-num ap-num--weight")]
    assert " / ".join(shown) == page_values.render("num.article_weights", lang)
    widths = [e[1]["style"] for e in doc.find("span", class_="ap-bar__fill")]
    assert widths == [f"width: {w * 100:.4f}%" for w in weights]
    assert [e[2] for e in doc.find("td")] == shown
    [live] = [e for e in doc.elements if e[1].get("aria-live") == "polite"]
    assert all(number in live[2] for number in shown)

    [noscript] = doc.find("noscript")
    assert len(noscript[2]) > 20


def test_chinese_widget_text_is_well_typeset():
    spoken = re.sub(r"<[^>]+>", "", widgets.summary("zh", 1.0, [0.06, 0.05, 0.13, 0.76]))
    assert spoken == "温度 1.0 时的权重：它 0.06，是 0.05，一只 0.13，猫 0.76"
    texts = list(widgets.TEXT["zh"].values()) + [spoken]
    problems = [(text, line.new) for text in texts
                for line in autocorrect_py.lint_for(text + "\n", "md").lines]
    assert not problems


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
