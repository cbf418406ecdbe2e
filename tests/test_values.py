"""attention_site.values: every placeholder renders in both languages, from the worked examples;
every "the page says ..." check stops the build when its claim stops being true."""
import importlib
import math
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from attention_site import values
from attention_site.languages import LANGS
from attention_site.values import NAMES, render
from attention_site.values.words import feature_name
from snippets import coreference, cost, library, sentence

ALL = [(name, lang) for name in NAMES for lang in LANGS]


def article_weights():
    """Independent of attention_site.values: the article's raw scores through math.exp."""
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
    assert {name.split(".")[0] for name in NAMES} == {"num", "table"}
    for name in ["num.article_weights", "num.it_cat_percent", "num.new_it_formula", "table.heatmap",
                 "table.library", "table.cost", "num.cost_1000", "num.rain_weather_percent"]:
        assert name in NAMES


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
        assert render("num.cat_it_weight", lang) == f"{sentence.sentence_weights()[3, 0]:.2f}"
        rain = sentence.rain_attention()[0]
        assert render("num.rain_weather_percent", lang) == pct(rain[0, 1])


def test_word_vector_numbers_match_the_sentence():
    scores, tied = sentence.sentence_scores(), sentence.sentence_scores(tied=True)
    tied_weights = [math.exp(s - max(tied[0])) for s in tied[0]]  # independent softmax of 它's row
    for lang in LANGS:
        assert render("num.it_cat_score", lang) == "3.0"  # the article's raw score for 猫
        assert render("num.cat_it_score", lang) == f"{scores[3, 0]:.1f}" == "1.2"
        assert render("num.tied_it_cat_score", lang) == f"{tied[3, 0]:.1f}"  # symmetric
        assert render("num.tied_it_self_score", lang) == f"{sum(x * x for x in sentence.w_query[0]):.1f}"
        assert render("num.tied_it_self_weight", lang) == f"{tied_weights[0] / sum(tied_weights):.2f}" == "0.93"
        weights = sentence.sentence_weights()[0]
        # from 猫, and half of 一只's share (只 counts animals: the measure word hands over a little)
        assert render("num.new_it_animal", lang) == f"{weights[3] + 0.5 * weights[2]:.2f}"
        assert render("num.new_it_pet", lang) == f"{weights[3]:.2f}"  # from 猫 alone
        assert render("num.new_it_refers", lang) == f"{weights[0]:.2f}" != "0.00"  # from 它 itself
        rain = sentence.rain_attention()[0]
        assert render("num.rain_it_weather", lang) == f"{rain[0, 1]:.2f}"
        # W_K = W_Q: 它 keeps its weight for itself ("refers" only); what is left of 猫 (and of 一只's half)
        shares = [t / sum(tied_weights) for t in tied_weights]
        assert render("num.tied_new_it_animal", lang) == f"{shares[3] + 0.5 * shares[2]:.2f}" != "0.00"
        assert render("num.tied_new_it_pet", lang) == f"{shares[3]:.2f}" != "0.00"
        assert render("num.tied_new_it_refers", lang) == f"{shares[0]:.2f}" == "0.93"


def test_library_numbers_match_the_lookup():
    for lang in LANGS:
        assert render("num.library_top_percent", lang) == pct(library.weights[0])
        assert render("num.library_second_percent", lang) == pct(library.weights[1])
        assert render("num.library_off_topic_percent", lang) == pct(library.weights[3])
        # the weighted note against the top book alone: what it gives up, gains, picks up
        best = library.contents[0]
        assert library.scores.argmax() == 0
        assert render("num.library_feeding_lost", lang) == f"{best[0] - library.note[0]:.2f}"
        assert render("num.library_deworming_gained", lang) == f"{library.note[1] - best[1]:.2f}"
        assert render("num.library_noise", lang) == f"{library.note[2] - best[2]:.2f}"


def test_cost_numbers_match_the_functions():
    for lang in LANGS:
        assert render("num.cost_double_factor", lang) == str(cost.comparisons(8) // cost.comparisons(4))
        assert render("num.cost_1000", lang) == f"{1000 * 1000:,}"


def test_weights_page_numbers_teach_differences_not_ratios():
    """Weights page: a lead of d points is e^d times the weight; T divides every lead."""
    it, is_, a, cat = article_weights()
    for lang in LANGS:
        assert render("num.cat_a_lead", lang) == "1.8"
        # "about 6 times", as people say it (R20 zh: 「6.0 倍」 read oddly); exact in the footnote
        assert float(render("num.cat_a_weight_ratio", lang)) == round(cat / a, 1) == round(math.exp(1.8), 1)
        assert render("num.cat_a_weight_ratio", lang) == "6"
        assert render("num.cat_a_weight_ratio_exact", lang) == f"{cat / a:.2f}" == f"{math.exp(1.8):.2f}"
        assert render("num.cat_a_score_ratio", lang) == f"{3.0 / 1.2:.1f}"
        assert render("num.it_is_lead", lang) == "0.2"
        assert render("num.it_is_score_ratio", lang) == f"{0.5 / 0.3:.1f}"
        assert render("num.it_is_weight_ratio", lang) == f"{it / is_:.2f}" == f"{math.exp(0.2):.2f}"
        assert render("num.cat_a_lead_cold", lang) == "3.6"  # T = 0.5 doubles the lead
        assert render("num.cat_a_weight_ratio_cold", lang) == f"{math.exp(3.6):.0f}"
        assert render("num.cat_a_lead_hot", lang) == "0.9"   # T = 2 halves it
        assert render("num.cat_a_weight_ratio_hot", lang) == f"{math.exp(0.9):.1f}"
    # the page's point: equal score ratios are not what decides; the lead is
    assert 0.5 / 0.3 < 3.0 / 1.2 and it / is_ < 1.3 and cat / a > 6


@pytest.mark.parametrize("lang", LANGS)
def test_lead_table_is_e_to_the_lead(lang):
    header, rows = table_rows(render("table.lead_to_weight", lang))
    leads = [float(cell) for cell in header[1:]]
    assert leads == sorted(leads) and 1.8 in leads  # includes cat's lead over a
    assert {1.0, 2.0, 3.0} <= set(leads)  # the leads the page asks the reader to set with the sliders
    assert len(rows) == 1
    for lead, cell in zip(leads, rows[0][1:]):
        assert cell == f"{math.exp(lead):.1f}×"


def test_heatmap_prose_about_the_cat_row_holds():
    """Weights page: cat keeps the most for itself and gives it less than it gives cat."""
    weights = sentence.sentence_weights()
    assert weights[3].argmax() == 3 and weights[3, 0] < weights[0, 3]
    for lang in LANGS:
        assert render("num.cat_self_weight", lang) == f"{weights[3, 3]:.2f}"


def test_weights_rounded_ratio_is_the_printed_weights_divided():
    """Weights page: 'divide the printed 0.76 by 0.13 and you get 5.8', less than the true 6.0."""
    for lang in LANGS:
        printed = float(render("num.it_cat_weight", lang)) / float(render("num.it_a_weight", lang))
        assert render("num.cat_a_rounded_ratio", lang) == f"{printed:.1f}"
        assert render("num.cat_a_rounded_ratio", lang) != render("num.cat_a_weight_ratio", lang)


def test_faq_claim_about_the_cat_keeping_itself_holds():
    """FAQ: cat keeps the largest share of its row for itself, yet less than half: the rest
    (a majority) goes to the other words; its 'pet' comes from itself alone."""
    weights = sentence.sentence_weights()
    assert weights[3].argmax() == 3 and weights[3, 3] < 0.5
    pet = sentence.value_features.index("pet")
    new_cat = sentence.self_attention(sentence.SENTENCE)[1][3]
    assert new_cat[pet] == pytest.approx(weights[3, 3])  # only cat has 'pet' among the four Values
    for lang in LANGS:
        assert render("num.cat_others_percent", lang).rstrip("% ") == f"{100 * (1 - weights[3, 3]):.0f}"
        assert render("num.new_cat_pet", lang) == f"{new_cat[pet]:.2f}"


def test_the_sentence_gives_it_exactly_the_article_scores():
    """Weights page: 'the toy sentence was built so that it gives exactly these scores'."""
    np.testing.assert_allclose(sentence.sentence_scores()[0], [0.5, 0.3, 1.2, 3.0], rtol=0, atol=1e-12)


def test_why_page_numbers_follow_the_cost_functions():
    for lang in LANGS:
        assert render("num.cost_4_words", lang) == "16" and render("num.cost_8_words", lang) == "64"
        assert render("num.relay_hand_offs_21", lang) == "21"  # twenty words between: 21 apart


def test_new_it_formula_lists_each_words_weight_in_order():
    weights = [f"{w:.2f}" for w in article_weights()]
    zh, en = render("num.new_it_formula", "zh"), render("num.new_it_formula", "en")
    assert zh.startswith("新的「它」 = ") and en.startswith("new *it* = ")
    assert zh.split(" = ", 1)[1] == " + ".join(
        f"{w}×「{word}」的 V" for w, word in zip(weights, ["它", "是", "一只", "猫"]))
    assert en.split(" = ", 1)[1] == " + ".join(
        f"{w} × V<sub>{word}</sub>" for w, word in zip(weights, ["it", "is", "a", "cat"]))


@pytest.mark.parametrize("lang", LANGS)
def test_heatmap_table_is_the_sentence_weights(lang):
    header, rows = table_rows(render("table.heatmap", lang))
    weights = sentence.sentence_weights()
    assert len(header) == 5 and len(rows) == 4
    for word, cell in zip(sentence.SENTENCE, header[1:]):
        # zh: 它; en: it (它), the site's one label order
        assert cell == (word if lang == "zh" else f"{sentence.ENGLISH[word]} ({word})")
    for row, expected in zip(rows, weights):
        assert row[0].startswith("**") and row[0].endswith("**")
        assert [float(c) for c in row[1:]] == [round(x, 2) for x in expected]


@pytest.mark.parametrize("lang", LANGS)
def test_library_table_is_the_lookup(lang):
    header, rows = table_rows(render("table.library", lang))
    assert header == (["书", "分数", "权重"] if lang == "zh" else ["Book", "Score", "Weight"])
    assert len(rows) == len(library.books)
    for row, title, score, weight in zip(rows, library.books, library.scores, library.weights):
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
    monkeypatch.setattr(values.weights, "ARTICLE_SCORES", [1.0, 1.0, 1.0, 1.0])
    assert render("num.article_weights", "en") == "0.25 / 0.25 / 0.25 / 0.25"
    assert render("num.it_cat_percent", "zh") == "25%"
    monkeypatch.setattr(sentence, "w_query", np.zeros_like(sentence.w_query))
    assert render("num.cat_it_weight", "en") == "0.25"
    monkeypatch.setattr(sentence, "rain_w_query", np.zeros_like(sentence.rain_w_query))
    assert render("num.rain_weather_percent", "en") == pct(1 / 3)
    monkeypatch.setattr(cost, "comparisons", lambda n: 3 * n)
    assert render("num.cost_1000", "en") == "3,000"


# ---- the review pages (faq): short tables for phones
@pytest.mark.parametrize("lang", LANGS)
def test_self_weights_table_is_the_heatmap_diagonal_in_two_short_columns(lang):
    header, rows = table_rows(render("table.self_weights", lang))
    assert header == (["词", "留给自己的权重"] if lang == "zh" else ["Word", "Weight on itself"])
    diagonal = [sentence.sentence_weights()[i, i] for i in range(len(sentence.SENTENCE))]
    assert [float(r[1]) for r in rows] == [round(x, 2) for x in diagonal]
    names = [r[0] for r in rows]
    assert names == (sentence.SENTENCE if lang == "zh"
                     else [f"{sentence.ENGLISH[w]} ({w})" for w in sentence.SENTENCE])
    assert render("num.it_self_weight", lang) == rows[0][1]


def test_the_faq_five_percent_is_the_weight_of_is():
    assert render("num.it_is_percent", "en") == pct(article_weights()[1]) == "5%"


def test_coreference_numbers_come_from_the_two_layers():
    """faq#one-layer-is-not-enough, two-layers: layer 1 weighs cat and fish alike in both sentences, layer 2 chooses."""
    from snippets import coreference
    for last in ("was full", "was stale"):
        one, two = coreference.weights_of_it(last)
        assert f"{one[coreference.CAT]:.2f}" == render("num.coref_layer1_cat", "en")
        assert f"{one[coreference.FISH]:.2f}" == render("num.coref_layer1_fish", "en")
        assert f"{one[-1]:.2f}" == render("num.coref_layer1_state", "zh")
        word = "full" if last == "was full" else "stale"
        for lang in LANGS:
            assert render(f"num.coref_{word}_cat", lang) == f"{two[coreference.CAT]:.2f}"
            assert render(f"num.coref_{word}_fish", lang) == f"{two[coreference.FISH]:.2f}"
            assert render(f"num.coref_{word}_state", lang) == f"{two[-1]:.2f}"  # the last words
    assert float(render("num.coref_full_cat", "zh")) > float(render("num.coref_full_fish", "zh"))
    assert float(render("num.coref_stale_fish", "zh")) > float(render("num.coref_stale_cat", "zh"))
    # the at-a-glance table quotes one number for "cat or fish" in layer 2: the same in both sentences
    assert render("num.coref_full_cat", "zh") == render("num.coref_stale_fish", "zh")


def test_zh_library_titles_are_the_ones_the_code_prints():
    """The table's 《title》 for each book is the catalogue's translation of that book, and
    its numbers are the en table's numbers: a swapped title cannot slip through."""
    from snippets import i18n, library

    entries = i18n.catalogue("zh")
    zh_rows = render("table.library", "zh").splitlines()[2:]
    en_rows = render("table.library", "en").splitlines()[2:]
    for book, zh, en in zip(library.books, zh_rows, en_rows):
        assert zh.split("|")[1].strip() == entries[f'"{book}"'].strip('"')
        assert zh.split("|")[2:] == en.split("|")[2:]


def test_one_query_meets_one_key_slot_by_slot():
    """word-vectors: "it" asks about "cat" as a table: the Query of it, the Key of cat, their
    products; the slots cat's label has are bold, and the products add up to the score the
    table of scores prints (R20: learners wanted one Query meeting one Key before the rule)."""
    query, key = sentence.face("它", sentence.w_query), sentence.face("猫", sentence.w_key)
    for lang in LANGS:
        lines = render("table.query_meets_key", lang).splitlines()
        header = [cell.strip() for cell in lines[0].strip("|").split("|")][1:]
        rows = [[cell.strip() for cell in line.strip("|").split("|")][1:] for line in lines[2:]]
        assert [h.startswith("**") for h in header] == [bool(k) for k in key]
        numbers = [[float(cell.strip("*")) for cell in row] for row in rows]
        assert numbers[0] == pytest.approx(query) and numbers[1] == pytest.approx(key)
        assert numbers[2] == pytest.approx(query * key)
        assert sum(numbers[2]) == pytest.approx(sentence.sentence_scores()[0, 3])


def test_w_query_table_is_the_matrix_with_the_query_of_it_in_bold():
    """word-vectors shows W_Q as a table (R22: the matrix that carries the story was folded away).
    Its rows are the features, its columns the Key's slots, its numbers w_query's; the bold row
    is the one 它 has, and that row is 它's Query."""
    for lang in LANGS:
        lines = render("table.w_query", lang).splitlines()
        header = [c.strip() for c in lines[0].strip("|").split("|")]
        titles = [re.sub(r'<abbr title="(.*?)">.*?</abbr>', r"\1", h) for h in header[1:]]  # en: short heads
        names = [feature_name(f, lang) for f in sentence.key_features]
        assert titles == ([f"找{n}" for n in names] if lang == "zh" else names)  # zh: 找代词, "looks for"
        rows = [[c.strip() for c in line.strip("|").split("|")] for line in lines[2:]]
        shown = [i for i, row in enumerate(sentence.w_query) if row.any()]  # all-zero rows left out
        assert [r[0].strip("*") for r in rows] == [feature_name(sentence.features[i], lang)
                                                   for i in shown]
        assert [sentence.features[i] for i in range(len(sentence.features)) if i not in shown] == \
            ["animal", "pet"]  # the two the page names
        for row, numbers in zip(rows, sentence.w_query[shown]):
            assert [float(c.strip("*")) for c in row[1:]] == [round(x, 1) for x in numbers]
        bold = [shown[i] for i, r in enumerate(rows) if all(c.startswith("**") for c in r)]
        assert bold == [sentence.features.index("pronoun")]
        assert sum("**" in c for r in rows for c in r) == len(rows[0])  # one bold row
        np.testing.assert_array_equal(sentence.w_query[bold[0]], sentence.face("它", sentence.w_query))


def _cells(text):
    """The rows of a rendered Markdown table, header first, separator dropped."""
    lines = text.splitlines()
    return [[c.strip() for c in line.strip("|").split("|")] for line in lines[:1] + lines[2:]]


def test_rain_row_of_it_is_its_scores_and_their_softmax():
    """weighted-sum#rain: the page shows the row of 它 in 它下雨了 (R25 zh and en: the 0.91 could
    not be checked on the page): scores from the wider model, weights their softmax, and the
    weight of 下雨 the one the prose quotes as a percentage."""
    x = np.array([sentence.rain_embedding[w] for w in sentence.RAIN_SENTENCE], dtype=float)
    scores = (x[0] @ sentence.rain_w_query) @ (x @ sentence.rain_w_key).T
    for lang in LANGS:
        header, score_row, weight_row = _cells(render("table.rain_row_of_it", lang))
        assert len(header) == 1 + len(sentence.RAIN_SENTENCE)
        assert [float(c) for c in score_row[1:]] == [round(s, 1) for s in scores]
        assert [float(c) for c in weight_row[1:]] == pytest.approx(softmax_of(scores), abs=0.005)
        assert f"{float(weight_row[2]) * 100:.0f}%" == render("num.rain_weather_percent", lang)


def softmax_of(scores):
    e = np.exp(scores - np.max(scores))
    return e / e.sum()


def test_pairs_with_it_are_both_directions_of_each_pair():
    """asymmetry#one-way lists each pair with 它 both ways (R25 en: name the pairs that differ):
    cat, a, is, each 'it -> word' then 'word -> it', as the table of scores holds them."""
    scores, words = sentence.sentence_scores(), sentence.SENTENCE
    for lang in LANGS:
        pairs = re.split("、|, ", render("num.pairs_with_it", lang))
        assert len(pairs) == 3
        for pair, j in zip(pairs, (3, 2, 1)):  # cat, a, is
            it, other = ("「它」", f"「{words[j]}」") if lang == "zh" else ('"it"', f'"{sentence.ENGLISH[words[j]]}"')
            forward, backward = re.split(" ?(?:对|vs) ?", pair)
            assert forward.startswith(f"{it}→{other}") and backward.startswith(f"{other}→{it}"), pair
            assert float(forward.split("→")[1][len(other):]) == round(scores[0, j], 1)
            assert float(backward.split("→")[1][len(it):]) == round(scores[j, 0], 1)


def test_copy_map_is_what_w_key_and_w_value_copy():
    """word-vectors shows W_K and W_V as a map: each feature, the label slots its W_K row has 1s
    in, the meanings its W_V row hands over ("—" for none; "0.5 × animal" for a share), in the
    page's words."""
    for lang in LANGS:
        header, *rows = _cells(render("table.copy_map", lang))
        assert len(header) == 3 and len(rows) == len(sentence.features)
        sep = "、" if lang == "zh" else ", "
        for feature, k, v, row in zip(sentence.features, sentence.w_key, sentence.w_value, rows):
            assert row[0] == feature_name(feature, lang)
            for cell, matrix_row, slots in ((row[1], k, sentence.key_features), (row[2], v, sentence.value_features)):
                named = [] if cell == "—" else cell.split(sep)
                assert named == [feature_name(s, lang) if x == 1
                                 else f"{x:g} × {feature_name(s, lang)}"
                                 for s, x in zip(slots, matrix_row) if x]


def test_score_table_is_every_pair_of_scores_with_the_words_named():
    """self-attention#score-table: the printed rows again, with the words as row and column names."""
    scores = sentence.sentence_scores()
    for lang in LANGS:
        header, *rows = _cells(render("table.scores", lang))
        names = sentence.SENTENCE if lang == "zh" else [f"{sentence.ENGLISH[w]} ({w})" for w in sentence.SENTENCE]
        assert header[1:] == names and [row[0].strip("*") for row in rows] == names
        assert [[float(c) for c in row[1:]] for row in rows] == [[round(x, 1) for x in r] for r in scores]


def test_library_labels_table_is_the_question_and_the_labels_by_topic():
    from snippets import library

    for lang in LANGS:
        header, *rows = _cells(render("table.library_labels", lang))
        assert len(header) == 1 + len(library.topics) and len(rows) == 1 + len(library.books)
        assert [[float(c) for c in row[1:]] for row in rows] == [
            list(library.question)] + [list(r) for r in library.labels]


def test_library_sums_are_the_question_times_each_label():
    from snippets import library

    for book in ("Cat Care Handbook", "Pet Care"):
        text = render("num.library_handbook_sum" if book == "Cat Care Handbook" else "num.library_pet_sum", "en")
        terms, total = text.split(" = ")
        i = library.books.index(book)
        assert float(total) == round(library.scores[i], 1)
        assert sum(float(a) * float(b) for a, b in (t.split(" × ") for t in terms.split(" + "))) == \
            pytest.approx(library.scores[i])


# ---- differences: the article's sketches next to the computed numbers (issue 27)
def test_article_weights_table_puts_the_articles_row_next_to_softmax_of_its_scores():
    """differences#numbers: the article's 0.05 / 0.04 / 0.13 / 0.78 (a sketch, an input) and the
    computed row; both add up to 1, and only the computed one is softmax of the article's scores."""
    for lang in LANGS:
        header, rows = table_rows(render("table.article_weights", lang))
        assert len(header) == 2 + len(sentence.SENTENCE) and len(rows) == 2
        article, computed = ([float(c) for c in row[1:-1]] for row in rows)
        assert article == [0.05, 0.04, 0.13, 0.78]
        assert computed == [round(w, 2) for w in article_weights()]
        assert article != computed and [row[-1] for row in rows] == ["1.00", "1.00"]
    assert render("num.article_others_percent", "en") == "22%"


def test_cat_row_puts_the_articles_symbols_next_to_the_computed_weights():
    """differences#heatmap: in the article's picture 猫 looks mostly at 它 (█); computed, at itself."""
    cat = sentence.SENTENCE.index("猫")
    weights = sentence.sentence_weights()[cat]
    for lang in LANGS:
        header, (article, computed) = table_rows(render("table.cat_row", lang))
        assert article[1:].index("█") == sentence.SENTENCE.index("它")
        assert [float(c) for c in computed[1:]] == [round(w, 2) for w in weights]
        assert int(np.argmax(weights)) == cat  # the difference the page explains
    assert render("num.cat_self_percent", "en") == pct(weights[cat])
    assert render("num.cat_it_percent", "en") == pct(weights[0])


def test_article_heatmap_table_is_the_articles_text_picture():
    """differences#colours: the article's block art, row by row, darker = more."""
    header, rows = table_rows(render("table.article_heatmap", "zh"))
    assert ["".join(row[1:]) for row in rows] == ["░░▒█", "▒█░░", "░░█▒", "█░▒▒"]
    assert [row[0].strip("*") for row in rows] == sentence.SENTENCE


def test_faq_self_weights_are_the_biggest_cells_of_their_rows():
    """faq#why-attend-to-itself: 是 and 一只 keep the biggest share of their rows; 它 keeps little."""
    weights = sentence.sentence_weights()
    for lang in LANGS:
        for name, word in (("num.is_self_weight", "是"), ("num.a_self_weight", "一只")):
            i = sentence.SENTENCE.index(word)
            assert weights[i].argmax() == i and render(name, lang) == f"{weights[i, i]:.2f}"
    assert weights[0, 0] < weights[0].max()  # 它, the exception: it looks elsewhere


def test_formula_one_query_numbers_are_what_its_code_prints():
    """formula#one-query quotes the cooking book's share; it must be the weight the section prints
    (run here as copied), and small only with the keen question."""
    import textwrap
    from pathlib import Path
    from snippets.attention import dot_product_attention
    source = (Path(__file__).resolve().parents[1] / "snippets" / "attention.py").read_text(encoding="utf-8")
    section = re.search(r"# --8<-- \[start:one_query\]\n(.*?)# --8<-- \[end:one_query\]", source, re.S).group(1)
    ns = {"np": np, "dot_product_attention": dot_product_attention, "print": lambda *a: None}
    exec(textwrap.dedent(section), ns)
    assert render("num.one_query_cooking_percent", "en") == pct(ns["weights"][1])
    keen = ns["query"] * 3  # the page: write 3 for cats instead of 1
    keen_weights = dot_product_attention(keen, ns["key"], ns["value"])[1]
    assert render("num.one_query_cooking_percent_keen", "en") == pct(keen_weights[1])
    assert keen_weights[1] < 0.05 < ns["weights"][1]


# ---- the "page says ..." checks: each stops the build once its claim is false
def _patch(target, replacement):
    """A way to make a claim false: set `target` ("module.name") to what replacement() returns."""
    return lambda monkeypatch: monkeypatch.setattr(target, replacement())


def _patch_item(target, key, replacement):
    """The same for one entry of a dict (`target`, "module.name")."""
    module, name = target.rsplit(".", 1)
    return lambda monkeypatch: monkeypatch.setitem(getattr(importlib.import_module(module), name), key,
                                                   replacement())


COREF_WORDS = len(coreference.SENTENCES["was full"])  # words in each two-layers sentence
GUARDS = [  # (placeholder, how to make the claim it keeps false, the claim its error names)
    ("num.it_cat_sum", _patch("snippets.sentence.w_key", lambda: sentence.w_key * 0.5), "not 0s and 1s"),
    ("table.query_meets_key", _patch("snippets.sentence.sentence_scores", lambda: lambda *a, **k: np.zeros((4, 4))),
     "do not add up to its score"),
    ("table.w_query", _patch_item("snippets.sentence.embedding", "它", lambda: [1] * len(sentence.features)),
     "its Query is not one row of W_Q"),
    ("table.copy_map", _patch("snippets.sentence.w_key", lambda: sentence.w_key * 2), "does not just copy"),
    ("num.tied_it_self_squares", _patch("snippets.sentence.sentence_scores", lambda: lambda *a, **k: np.zeros((4, 4))),
     "not its Query dotted with itself"),
    ("num.pairs_with_it", _patch("snippets.sentence.sentence_scores", lambda: lambda *a, **k: np.ones((4, 4))),
     "scores the same both ways"),
    ("num.is_self_weight", _patch("snippets.sentence.sentence_weights",
                                  lambda: lambda: np.tile([0.7, 0.1, 0.1, 0.1], (4, 1))), "biggest share"),
    ("table.rain_row_of_it", _patch("snippets.sentence.rain_attention",
                                    lambda: lambda words=None: (np.full((3, 3), 1 / 3),)), "not the softmax"),
    ("num.library_handbook_sum", _patch("snippets.library.scores", lambda: library.scores + 1), "is not its score"),
    ("num.coref_layer2_score_cat", _patch("snippets.coreference.scores_of_it",
                                          lambda: lambda last, number: np.zeros(COREF_WORDS)), "Query's number"),
    ("num.coref_layer1_other", _patch("snippets.coreference.weights_of_it",
                                      lambda: lambda last: (np.arange(COREF_WORDS),) * 2), "same weight"),
    ("num.coref_old_labels_cat", _patch("snippets.coreference.weights_of_it_layer_1_labels",
                                        lambda: lambda last: np.ones(COREF_WORDS)), "still picks the cat"),
    ("table.coref_words", _patch_item("snippets.coreference.vectors", "cat",
                                      lambda: [1] * len(coreference.feature_names)), "one feature"),
    ("table.coref_query", _patch("snippets.coreference.query_of_it",
                                 lambda: lambda last, number: {"animal": len(last), "food": 0.0}),
     "same in both sentences"),
]


@pytest.mark.parametrize("name, make_false, claim", GUARDS, ids=[g[0] for g in GUARDS])
def test_a_claim_the_numbers_stop_keeping_stops_the_build(name, make_false, claim, monkeypatch):
    """The checks raise only when the claim is false: true today, ValueError naming it once an input breaks it."""
    for lang in LANGS:
        render(name, lang)
    make_false(monkeypatch)
    for lang in LANGS:
        with pytest.raises(ValueError, match=claim):
            render(name, lang)


def test_a_name_two_modules_define_stops_the_import(monkeypatch):
    import types

    twin = types.SimpleNamespace(__name__="attention_site.values.twin", NUMBERS={"num.it_cat_weight": lambda: "1"})
    monkeypatch.setattr(values, "CHAPTERS", (values.weights, twin))
    with pytest.raises(ValueError, match=r"num.it_cat_weight }} is defined in both attention_site.values.weights"):
        values._merge("NUMBERS")


def test_the_values_import_on_their_own_and_print_nothing():
    """A fresh interpreter in the repository root (no PYTHONPATH) imports the package and every
    chapter module, and nothing is printed: the values render pages, they do not teach."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run([sys.executable, "-X", "utf8", "-c", "import attention_site.values"],
                            cwd=Path(values.__file__).parents[2], env=env, capture_output=True, text=True,
                            encoding="utf-8", timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "" and result.stderr == ""
