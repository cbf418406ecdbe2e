"""snippets.page_values: every placeholder renders in both languages, from the worked examples."""
import math

import numpy as np
import pytest

from snippets import cost, library, page_values, sentence
from snippets.page_values import LANGS, VALUES, render

ALL = [(name, lang) for name in sorted(VALUES) for lang in LANGS]


def article_weights():
    """Independent of page_values: the article's raw scores through math.exp."""
    exps = [math.exp(s) for s in [0.5, 0.3, 1.2, 3.0]]
    return [e / sum(exps) for e in exps]


def pct(x):
    return f"{round(x * 100)}%"


def table_rows(markdown):
    """A Markdown table as lists of cells; checks the header separator on the way."""
    lines = markdown.split("\n")
    assert all(line.startswith("| ") and line.endswith(" |") for line in lines), markdown
    cells = [[c.strip() for c in line[1:-1].split("|")] for line in lines]
    assert all(set(c) <= set("-: ") for c in cells[1]), "second line must be the separator"
    assert len({len(row) for row in cells}) == 1, "every row needs the same number of cells"
    return cells[0], cells[2:]


@pytest.mark.parametrize("name, lang", ALL)
def test_every_placeholder_renders_in_both_languages(name, lang):
    text = render(name, lang)
    assert isinstance(text, str) and text.strip() == text and text
    assert "nan" not in text.lower() and "inf" not in text.lower()
    assert "{{" not in text


def test_the_expected_placeholders_exist():
    assert {name.split(".")[0] for name in VALUES} == {"num", "table"}
    for name in ["num.article_weights", "num.it_cat_percent", "num.new_it_formula", "table.heatmap",
                 "table.library", "table.cost", "num.cost_1000", "num.rain_weather_percent"]:
        assert name in VALUES


@pytest.mark.parametrize("name", ["num.nope", "num.it_cat_percentage", "table.heatmaps", ""])
def test_an_unknown_name_is_a_key_error_naming_it(name):
    with pytest.raises(KeyError, match=f"unknown placeholder {{{{ {name} }}}}"):
        render(name, "zh")


@pytest.mark.parametrize("lang", ["de", "EN", "", None])
def test_an_unknown_language_is_rejected(lang):
    with pytest.raises(ValueError, match="unknown language"):
        render("num.it_cat_weight", lang)


def test_article_weights_are_what_softmax_gives_not_the_hand_rounded_ones():
    expected = " / ".join(f"{w:.2f}" for w in article_weights())
    assert expected == "0.06 / 0.05 / 0.13 / 0.76"
    for lang in LANGS:
        assert render("num.article_weights", lang) == expected
        assert "0.78" not in render("num.article_weights", lang)


def test_numbers_about_it_match_the_sentence_and_the_article():
    row = sentence.sentence_weights()[0]  # the same numbers reached through self-attention
    np.testing.assert_allclose(row, article_weights(), rtol=1e-14)
    it, is_, a, cat = article_weights()
    for lang in LANGS:
        assert render("num.it_cat_weight", lang) == f"{cat:.2f}"
        assert render("num.it_cat_percent", lang) == pct(cat)
        assert render("num.others_percent", lang) == pct(it + is_ + a)
        assert render("num.it_a_weight", lang) == f"{a:.2f}"
        assert render("num.it_a_percent", lang) == pct(a)
        assert render("num.it_it_weight", lang) == f"{it:.2f}"
        assert render("num.it_is_weight", lang) == f"{is_:.2f}"
        assert render("num.score_ratio", lang) == f"{3.0 / 1.2:.1f}"
        assert render("num.weight_ratio", lang) == f"{cat / a:.1f}"
        assert render("num.cat_it_weight", lang) == f"{sentence.sentence_weights()[3, 0]:.2f}"
        rain = sentence.self_attention(sentence.RAIN_SENTENCE)[0]
        assert render("num.rain_weather_percent", lang) == pct(rain[0, 1])


def test_library_numbers_match_the_lookup():
    for lang in LANGS:
        assert render("num.library_top_percent", lang) == pct(library.weights[0])
        assert render("num.library_second_percent", lang) == pct(library.weights[1])
        assert render("num.library_off_topic_percent", lang) == pct(library.weights[3])


def test_cost_numbers_match_the_functions():
    for lang in LANGS:
        assert render("num.cost_double_factor", lang) == str(cost.comparisons(8) // cost.comparisons(4))
        assert render("num.cost_1000", lang) == f"{1000 * 1000:,}"


def test_new_it_formula_lists_each_words_weight_in_order():
    weights = [f"{w:.2f}" for w in article_weights()]
    zh, en = render("num.new_it_formula", "zh"), render("num.new_it_formula", "en")
    assert zh.startswith("新的「它」 = ") and en.startswith("new *it* = ")
    assert zh.split(" = ", 1)[1] == " + ".join(
        f"{w}×「{word}」的 V" for w, word in zip(weights, ["它", "是", "一只", "猫"]))
    assert en.split(" = ", 1)[1] == " + ".join(
        f"{w} × V({word})" for w, word in zip(weights, ["it", "is", "a", "cat"]))


@pytest.mark.parametrize("lang", LANGS)
def test_heatmap_table_is_the_sentence_weights(lang):
    header, rows = table_rows(render("table.heatmap", lang))
    weights = sentence.sentence_weights()
    assert len(header) == 5 and len(rows) == 4
    for word, cell in zip(sentence.SENTENCE, header[1:]):
        assert cell.startswith(word)
        assert (sentence.ENGLISH[word] in cell) == (lang == "en")
    for row, expected in zip(rows, weights):
        assert row[0].startswith("**") and row[0].endswith("**")
        assert [float(c) for c in row[1:]] == [round(x, 2) for x in expected]


@pytest.mark.parametrize("lang", LANGS)
def test_library_table_is_the_lookup(lang):
    header, rows = table_rows(render("table.library", lang))
    assert header == (["书", "相关性", "权重"] if lang == "zh" else ["Book", "Relevance", "Weight"])
    assert len(rows) == len(library.books)
    for row, title, score, weight in zip(rows, library.books, library.relevance, library.weights):
        if lang == "en":
            assert row[0] == f"*{title}*"
        else:
            assert row[0].startswith("《") and row[0].endswith("》")
        assert float(row[1]) == round(score, 1) and float(row[2]) == round(weight, 2)


@pytest.mark.parametrize("lang", LANGS)
def test_cost_table_is_n_squared_and_n_minus_one(lang):
    header, rows = table_rows(render("table.cost", lang))
    assert len(header) == 3
    assert [int(r[0]) for r in rows] == [4, 8, 16, 1000]
    for n, squared, steps in ((int(a), b, c) for a, b, c in rows):
        assert int(squared.replace(",", "")) == n * n and int(steps.replace(",", "")) == n - 1


def test_values_follow_the_inputs_rather_than_being_typed(monkeypatch):
    """Change an input and the rendered number changes with it."""
    monkeypatch.setattr(page_values, "ARTICLE_SCORES", [1.0, 1.0, 1.0, 1.0])
    assert render("num.article_weights", "en") == "0.25 / 0.25 / 0.25 / 0.25"
    assert render("num.it_cat_percent", "zh") == "25%"
    monkeypatch.setattr(sentence, "w_query", np.zeros((6, 6)))
    assert render("num.cat_it_weight", "en") == "0.25"
    assert render("num.rain_weather_percent", "en") == pct(1 / 3)
    monkeypatch.setattr(cost, "comparisons", lambda n: 3 * n)
    assert render("num.cost_1000", "en") == "3,000"
