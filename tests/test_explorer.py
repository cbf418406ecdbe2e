"""attention_site/widgets/explorer/ (model, text, render): the attention explorer's markup and initial state, checked in Python.

The explorer starts from snippets.sentence (read at build time, never copied) and
its numbers must be the chapter's: the weights and new vectors of
sentence.self_attention. The browser side (explorer.js) is checked against the
same computations in tests/test_explorer_browser.py.
"""
import gzip
import json
import math
import re
from pathlib import Path

import numpy as np
import pytest

from attention_site import widgets
from attention_site.widgets import colour, explorer
from attention_site.widgets.markup import word_label
from attention_site.widgets.text_files import words
from attention_site.languages import LANGS
from snippets import sentence
from snippets.softmax import softmax
from tests.cases import random_models
from tests.helpers import Elements

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "docs" / "assets" / "javascripts" / "explorer.js"
CSS = ROOT / "docs" / "assets" / "stylesheets" / "explorer.css"
CJK = re.compile(r"[\u4e00-\u9fff]")
ENGLISH_WORD = re.compile(r"(?<![\w{])[A-Za-z]{2,}(?![\w}])")  # 2+ letters, not a {placeholder}
# Latin words a zh label may keep: maths names and the function softmax.
ZH_LATIN = {"softmax", "exp", "W_Q", "W_K", "W_V", "Query", "Key", "Value"}  # the glossary keeps these English


def reference(model):
    """Independent reference: plain Python loops and math.exp over the model's lists."""
    def times(a, b):  # (n, m) @ (m, p) -> (n, p)
        return [[sum(row[i] * b[i][j] for i in range(len(b))) for j in range(len(b[0]))] for row in a]
    e = model["embeddings"]
    q, k, v = times(e, model["w_query"]), times(e, model["w_key"]), times(e, model["w_value"])
    scores = [[sum(a * b for a, b in zip(qi, kj)) for kj in k] for qi in q]
    weights = []
    for row in scores:
        x = [s * model["scale"] / model["temperature"] for s in row]
        exps = [math.exp(xi - max(x)) for xi in x]
        weights.append([ex / sum(exps) for ex in exps])
    return np.array(scores), np.array(weights), np.array(times(weights, v))


def parse(lang):
    markup = widgets.embed("explorer", lang)
    doc = Elements(markup)
    [root] = [e for e in doc.elements if "data-attention-explorer" in e[1]]
    return markup, doc, root


# --- the model and its numbers -------------------------------------------------------------

def test_chapter_model_reads_snippets_sentence():
    model = explorer.chapter_model()
    assert set(model) == {"words", "embeddings", "w_query", "w_key", "w_value", "scale", "temperature"}
    assert model["words"] == list(sentence.SENTENCE)
    assert model["embeddings"] == [[float(x) for x in sentence.embedding[w]] for w in sentence.SENTENCE]
    for key in ("w_query", "w_key", "w_value"):
        np.testing.assert_array_equal(model[key], getattr(sentence, key))
    assert model["temperature"] == 1.0
    json.dumps(model)  # plain JSON types only


def test_chapter_numbers_are_self_attention():
    """The explorer's formula with the chapter's scale gives the chapter's heatmap and new vectors."""
    weights, output = sentence.self_attention(list(sentence.SENTENCE))
    scores, got_weights, got_output = explorer.compute(explorer.chapter_model())
    np.testing.assert_allclose(got_weights, weights, rtol=0, atol=1e-12)
    np.testing.assert_allclose(got_output, output, rtol=0, atol=1e-12)
    e = np.array([sentence.embedding[w] for w in sentence.SENTENCE], dtype=float)
    np.testing.assert_allclose(scores, (e @ sentence.w_query) @ (e @ sentence.w_key).T, rtol=0, atol=1e-12)


def test_scale_is_the_chapters():
    scale = explorer.chapter_scale()
    # the chapter's self_attention scores with a plain dot product unless it scales
    e = np.array([sentence.embedding[w] for w in sentence.SENTENCE], dtype=float)
    scores = (e @ sentence.w_query) @ (e @ sentence.w_key).T
    np.testing.assert_allclose(softmax(scores * scale), sentence.self_attention(list(sentence.SENTENCE))[0],
                               rtol=0, atol=1e-12)


def test_scale_follows_a_scaled_chapter(monkeypatch):
    d_k = np.asarray(sentence.w_key).shape[1]
    original = sentence.self_attention

    def scaled(words):
        e = np.array([sentence.embedding[w] for w in words], dtype=float)
        q, k, v = e @ sentence.w_query, e @ sentence.w_key, e @ sentence.w_value
        weights = softmax(q @ k.T / math.sqrt(d_k))
        return weights, weights @ v

    monkeypatch.setattr(sentence, "self_attention", scaled)
    assert explorer.chapter_scale() == pytest.approx(1 / math.sqrt(d_k), abs=1e-15)
    monkeypatch.setattr(sentence, "self_attention", lambda words: (original(words)[0] ** 2, None))
    with pytest.raises(ValueError, match="no scale reproduces"):
        explorer.chapter_scale()


@pytest.mark.parametrize("index", range(12))
def test_compute_matches_an_independent_reference(index):
    model = random_models()[index]
    scores, weights, output = explorer.compute(model)
    ref_scores, ref_weights, ref_output = reference(model)
    np.testing.assert_allclose(scores, ref_scores, rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(weights, ref_weights, rtol=0, atol=1e-12)
    np.testing.assert_allclose(output, ref_output, rtol=1e-12, atol=1e-9)
    np.testing.assert_allclose(weights.sum(axis=1), 1, rtol=0, atol=1e-12)


def test_fmt_never_shows_minus_zero():
    assert [explorer.fmt(x) for x in (-0.001, -0.0, 0.004, 0.76069, -1.5, 2.45 / 0.4, -0.125, 1e6)] == [
        "0.00", "0.00", "0.00", "0.76", "-1.50", "6.13", "-0.13", "1000000.00"]  # ties as toFixed


def test_every_feature_has_a_label_in_both_languages():
    for kind in ("e", "k", "v"):
        names = explorer.column_names(kind)
        if names is None:
            continue
        for lang in LANGS:
            labels = explorer.feature_labels(lang, names)
            assert all(short and full for short, full in labels)
            if lang == "zh":
                assert all(CJK.search(full) for _, full in labels), labels
    with pytest.raises(KeyError, match="no en label"):
        explorer.feature_labels("en", ["colour"])


# --- the markup --------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_root_publishes_the_contract(lang):
    markup, doc, (_, attrs, _) = parse(lang)
    assert "\n" not in markup  # one line: the placeholder may sit anywhere raw HTML may
    assert doc.elements[0][1] is attrs
    assert attrs["lang"] == lang
    model = json.loads(attrs["data-model"])
    assert model == explorer.chapter_model()
    scores, weights, output = explorer.compute(model)
    np.testing.assert_allclose(json.loads(attrs["data-weights"]), weights, rtol=0, atol=1e-15)
    np.testing.assert_allclose(json.loads(attrs["data-output"]), output, rtol=0, atol=1e-15)
    np.testing.assert_allclose(json.loads(attrs["data-scores"]), scores, rtol=0, atol=1e-15)
    n, d_v = len(model["words"]), np.asarray(model["w_value"]).shape[1]
    assert np.asarray(json.loads(attrs["data-weights"])).shape == (n, n)
    assert np.asarray(json.loads(attrs["data-output"])).shape == (n, d_v)
    assert attrs["data-asking"] == model["words"][0] and attrs["data-step"] == "1"
    assert attrs["data-tied"] == "false"
    assert json.loads(attrs["data-colormap"]) == list(colour.VIRIDIS_STOPS)
    assert json.loads(attrs["data-labels"]) == {w: word_label(w, lang) for w in model["words"]}


@pytest.mark.parametrize("lang", LANGS)
def test_tables_show_the_initial_numbers(lang):
    _, doc, _ = parse(lang)
    model = explorer.chapter_model()
    scores, weights, output = explorer.compute(model)
    labels = [word_label(w, lang) for w in model["words"]]
    e = np.asarray(model["embeddings"])

    def table(name):
        [element] = doc.find("table", data_ae_matrix=name)
        return element

    # the heatmap: every cell's number and viridis colours, rows = asking word
    cells = [el for el in doc.find("td") if "background-color" in el[1].get("style", "")]
    assert [c[2] for c in cells] == [explorer.fmt(w) for w in weights.ravel()]
    for cell, w in zip(cells, weights.ravel()):
        background, text = colour.shade(float(w))
        assert cell[1]["style"] == f"background-color: {background}; color: {text}"
    heat = table("heat")[2]
    for label in labels:
        assert label in heat
    # the embeddings as number fields, Q, K, V and the new vector
    fields = doc.find("input", type="number")
    assert [float(f[1]["value"]) for f in fields] == e.ravel().tolist()
    assert all("disabled" in f[1] for f in fields)  # until explorer.js takes over
    for name, key in (("q", "w_query"), ("k", "w_key"), ("v", "w_value")):
        shown = table(name)[2]
        for x in (e @ np.asarray(model[key])).ravel():
            assert explorer.fmt(x) in shown
    mix = table("mix")[2]
    assert all(explorer.fmt(x) in mix for x in output[0])
    rows = table("rows")[2]
    assert all(explorer.fmt(s) in rows for s in scores[0])


@pytest.mark.parametrize("lang", LANGS)
def test_every_control_is_labelled_in_the_page_language(lang):
    _, doc, _ = parse(lang)
    ids = [e[1]["id"] for e in doc.elements if "id" in e[1]]
    assert len(ids) == len(set(ids))
    labels = {e[1]["for"]: e[2] for e in doc.find("label")}
    controls = [e for e in doc.elements if e[0] in ("input", "select", "button")]
    assert len(controls) >= 4 + 24 + 2  # asking, temperature, tie, shuffle, reset, fields, prev/next
    names = []
    for tag, attrs, inner in controls:
        name = attrs.get("aria-label") or labels.get(attrs.get("id")) or inner
        assert name and name.strip(), (tag, attrs)
        names.append(name)
    for name in names:
        if lang == "zh":
            assert CJK.search(name) or name.strip("‹› ") in ZH_LATIN, name
            assert set(ENGLISH_WORD.findall(name)) <= ZH_LATIN, name
        else:
            assert ENGLISH_WORD.search(name), name
    live = [e for e in doc.elements if e[1].get("aria-live")]
    assert [e[1]["aria-live"] for e in live] == ["polite"]
    assert live[0][2] == explorer.summary(lang, explorer.chapter_model(),
                                          *explorer.compute(explorer.chapter_model())[1:])


@pytest.mark.parametrize("lang", LANGS)
def test_the_markup_shows_every_step(lang):
    """Only explorer.js hides the later steps: the built HTML (JavaScript off) shows all six, each
    step's sentence sits in the step bar, and "show all steps" is a labelled checkbox."""
    _, doc, _ = parse(lang)
    parts = {int(e[1].get("data-ae-part") or e[1]["data-ae-from"])
             for e in doc.elements if "data-ae-part" in e[1] or "data-ae-from" in e[1]}
    assert parts == set(range(1, explorer.STEPS + 1))
    hidden = [e for e in doc.elements if "hidden" in e[1]]
    assert [e[1] for e in hidden] == [{"class": "ae-invalid", "data-ae-invalid": None, "hidden": None},
                                      {"class": "ae-invalid", "data-ae-reverted": None, "role": "status",
                                       "hidden": None}]
    for name in ("e", "q", "k", "v", "rows", "mix", "scores", "heat"):
        assert doc.find("table", data_ae_matrix=name)
    [stepper] = doc.find("div", data_ae_stepper=None)
    model = explorer.chapter_model()
    say = explorer.say(lang, 1, model, *explorer.compute(model))
    assert doc.find("p", data_ae_say=None)[0][2] == say and say in stepper[2]
    [box] = doc.find("input", data_ae_all=None)
    assert box[1]["type"] == "checkbox" and "disabled" in box[1]
    assert [e[2] for e in doc.find("label", for_=box[1]["id"])] == [words("explorer", lang)["all"]]


@pytest.mark.parametrize("lang", LANGS)
def test_texts_are_in_the_page_language(lang):
    _, _, (_, attrs, _) = parse(lang)
    text = json.loads(attrs["data-ae-text"])
    assert len(text["say"]) == len(text["titles"]) == explorer.STEPS
    for template in text["say"] + text["titles"] + [text["summary"], text["counter"]]:
        if lang == "zh":
            assert CJK.search(template), template
            # Query, Key, Value stay English in Chinese text (the glossary's rule); x is the code's name
            assert set(ENGLISH_WORD.findall(template)) <= ZH_LATIN | {"q", "k", "v", "x", "Query", "Key", "Value"}, template
        else:
            assert not CJK.search(template), template
    placeholders = set(re.findall(r"\{(\w+)\}", "".join(text["say"])))
    assert placeholders <= {"d", "word", "best", "bs", "bw", "q", "t", "out"}


def test_the_explorer_names_itself_for_the_asset_rule_and_uses_no_cdn():
    """Its assets are linked by overrides/partials/widgets.html (tests/test_widget_assets.py),
    not by a script inside the markup: the root says data-widget="explorer"."""
    markup = widgets.embed("explorer", "en")
    assert "<script" not in markup and "<link" not in markup
    assert re.match(r'<div class="attention-explorer" data-widget="explorer" data-attention-explorer ', markup)
    for text in (markup, JS.read_text(encoding="utf-8"), CSS.read_text(encoding="utf-8")):
        assert not re.search(r"https?://|//cdn|@import", text)


def test_the_assets_are_light():
    """explorer.js + explorer.css together under 8 KB gzipped (issue 11 allowed 12 KB)."""
    size = sum(len(gzip.compress(path.read_bytes(), 9)) for path in (JS, CSS))
    assert size < 8 * 1024, size


def test_the_assets_are_not_loaded_site_wide():
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    assert "explorer.js" not in config and "explorer.css" not in config


def test_unknown_language():
    with pytest.raises(ValueError, match="language"):
        explorer.render("fr")


def test_chinese_text_is_well_typeset():
    """中文排版 (autocorrect) on every zh string, with the numbers filled in as the reader sees them."""
    import autocorrect_py

    def strings(value):
        if isinstance(value, str):
            yield value
        elif isinstance(value, (list, tuple, dict)):
            for item in (value.values() if isinstance(value, dict) else value):
                yield from strings(item)

    model = explorer.chapter_model()
    scores, weights, output = explorer.compute(model)
    filled = [explorer.say("zh", step, model, scores, weights, output) for step in range(1, explorer.STEPS + 1)]
    filled.append(explorer.summary("zh", model, weights, output))
    texts = list(strings(dict(words("explorer", "zh")))) + list(strings(explorer.features("zh"))) + filled
    problems = [(text, line.new) for text in texts for line in autocorrect_py.lint_for(text + "\n", "md").lines]
    assert not problems


def test_feature_names_are_translated_as_the_code_translates_them():
    """zh/en feature names are checked as pairs: a swapped zh label (动物 <-> 宠物) fails."""
    from snippets import i18n

    entries = i18n.catalogue("zh")
    checked = 0
    for feature, (short_zh, long_zh) in explorer.features("zh").items():
        assert feature in explorer.features("en")
        token = entries.get(f'"{feature}"')
        if token is not None:
            assert token.strip('"') in (short_zh, long_zh), (feature, token, short_zh, long_zh)
            checked += 1
    assert checked >= 5
    assert set(explorer.features("zh")) == set(explorer.features("en"))


@pytest.mark.parametrize("lang", LANGS)
def test_the_new_word_is_read_slot_by_slot(lang):
    """The summary names each slot of the new word's Value (R23: '[0.06, 0.89, 0.76]' meant nothing)."""
    from snippets import sentence
    model = explorer.chapter_model()
    weights, new = sentence.self_attention(sentence.SENTENCE)
    said = explorer.summary(lang, model, weights, new)
    names = explorer.value_names(lang)
    assert len(names) == len(sentence.value_features) == new.shape[1]
    for name, x in zip(names, new[0]):
        assert f"{name} {explorer.fmt(x)}" in said
    assert "[" not in said
