"""snippets.coreference: one layer cannot tell which noun 它 (it) means, a second layer can.

The claims the chapter makes (docs/*/two-layers.md), each checked here:
one fixed set of embeddings and matrices for both sentences; in layer 1 the weights of
"it" over cat and fish are the same in both sentences (and why: same query, same keys);
layer 1 mixes the last word into "it"; layer 2 then chooses cat after "was full" and fish
after "was stale"; the result survives small changes to every hand-made number; and an
independent plain-loop computation gives the same numbers.
"""
import math

import numpy as np
import pytest

from snippets import coreference as c
from snippets.attention import attention

FULL, STALE = "was full", "was stale"
STATE = 5  # position of the last word


def plain_layer(x, w_query, w_key, w_value):
    """A self-attention layer with lists and math.exp, residual added: no numpy algebra."""
    def matmul(a, b):
        return [[sum(a[i][t] * b[t][j] for t in range(len(b))) for j in range(len(b[0]))]
                for i in range(len(a))]
    q, k, v = matmul(x, w_query), matmul(x, w_key), matmul(x, w_value)
    out, all_weights = [], []
    for i, qi in enumerate(q):
        scores = [sum(a * b for a, b in zip(qi, kj)) for kj in k]
        exps = [math.exp(s - max(scores)) for s in scores]
        weights = [e / sum(exps) for e in exps]
        mix = [sum(w * vj[f] for w, vj in zip(weights, v)) for f in range(len(v[0]))]
        out.append([a + b for a, b in zip(x[i], mix)])
        all_weights.append(weights)
    return out, all_weights


def run(last, w_query_1=None, w_query_2=None):
    """(x after layer 1, layer-1 weights, layer-2 weights) for the sentence ending in `last`."""
    w_query_1 = c.w_query_1 if w_query_1 is None else w_query_1
    w_query_2 = c.w_query_2 if w_query_2 is None else w_query_2
    x = np.array([c.vectors[w] for w in c.SENTENCES[last]], dtype=float)
    x1, weights_1 = c.layer(x, w_query_1, c.w_key_1)
    _, weights_2 = c.layer(x1, w_query_2, c.w_key_2)
    return x1, weights_1, weights_2


def test_both_sentences_share_every_word_but_the_last_and_one_set_of_numbers():
    full, stale = c.SENTENCES[FULL], c.SENTENCES[STALE]
    assert full[:-1] == stale[:-1] and full[-1] == FULL and stale[-1] == STALE
    assert (full.index("it"), full.index("cat"), full.index("fish")) == (c.IT, c.CAT, c.FISH) == (4, 0, 2)
    dims = {len(v) for v in c.vectors.values()}
    assert dims == {len(c.feature_names)} == {7}
    for m in (c.w_query_1, c.w_query_2, c.w_key_1, c.w_key_2, c.w_value_both):
        assert m.shape == (7, 7)
    assert not np.array_equal(c.w_key_1, c.w_value_both), "Key and Value differ (labels are not contents)"


def test_weights_of_it_is_what_the_shown_loop_prints():
    for last in (FULL, STALE):
        _, weights_1, weights_2 = run(last)
        shown_1, shown_2 = c.weights_of_it(last)
        np.testing.assert_array_equal(shown_1, weights_1[c.IT])
        np.testing.assert_array_equal(shown_2, weights_2[c.IT])


def test_in_layer_one_it_weighs_cat_and_fish_the_same_in_both_sentences():
    (_, w_full, _), (_, w_stale, _) = run(FULL), run(STALE)
    it_full, it_stale = w_full[c.IT], w_stale[c.IT]
    np.testing.assert_allclose(it_full[[c.CAT, c.FISH]], it_stale[[c.CAT, c.FISH]], rtol=1e-12)
    # why: the query of "it" and the keys of cat and fish are the same vectors in both sentences
    for last in (FULL, STALE):
        x = np.array([c.vectors[w] for w in c.SENTENCES[last]], dtype=float)
        q, k = x @ c.w_query_1, x @ c.w_key_1
        np.testing.assert_array_equal(q[c.IT], np.array(c.vectors["it"]) @ c.w_query_1)
        np.testing.assert_array_equal(k[[c.CAT, c.FISH]], np.array([c.vectors["cat"], c.vectors["fish"]]))
    # and the cat : fish ratio depends only on their score gap, whatever the last word is
    assert it_full[c.CAT] / it_full[c.FISH] == pytest.approx(it_stale[c.CAT] / it_stale[c.FISH], rel=1e-12)


def test_layer_one_mixes_the_last_word_into_it():
    hunger, freshness = c.feature_names.index("hunger"), c.feature_names.index("freshness")
    x_full, w_full, _ = run(FULL)
    x_stale, _, _ = run(STALE)
    assert w_full[c.IT, STATE] == max(w_full[c.IT]) > 0.3
    assert x_full[c.IT, hunger] > 0.3 and x_full[c.IT, freshness] == 0
    assert x_stale[c.IT, freshness] > 0.3 and x_stale[c.IT, hunger] == 0


def test_layer_two_chooses_cat_when_full_and_fish_when_stale():
    _, _, w_full = run(FULL)
    _, _, w_stale = run(STALE)
    full, stale = w_full[c.IT], w_stale[c.IT]
    assert full[c.CAT] == max(full) and full[c.CAT] > 3 * full[c.FISH]
    assert stale[c.FISH] == max(stale) and stale[c.FISH] > 3 * stale[c.CAT]
    np.testing.assert_allclose(full[[c.CAT, c.FISH]], stale[[c.FISH, c.CAT]], rtol=1e-12)  # mirror images


def test_without_a_second_layer_nothing_is_chosen():
    """Layer 2 with layer 1's matrix again: "it" has absorbed its state, but nothing in W_Q
    maps hunger or freshness to a kind of noun, so cat and fish stay level."""
    for last in (FULL, STALE):
        _, _, weights = run(last, w_query_2=c.w_query_1)
        assert weights[c.IT, c.CAT] == pytest.approx(weights[c.IT, c.FISH], rel=1e-12)


@pytest.mark.parametrize("seed", range(20))
def test_the_choice_survives_small_changes_to_every_hand_made_number(seed):
    rng = np.random.default_rng(seed)
    w1 = c.w_query_1 + rng.uniform(-0.2, 0.2, size=c.w_query_1.shape)
    w2 = c.w_query_2 + rng.uniform(-0.2, 0.2, size=c.w_query_2.shape)
    _, l1_full, full = run(FULL, w1, w2)
    _, l1_stale, stale = run(STALE, w1, w2)
    assert full[c.IT, c.CAT] > 2 * full[c.IT, c.FISH]
    assert stale[c.IT, c.FISH] > 2 * stale[c.IT, c.CAT]
    ratio_full = l1_full[c.IT, c.CAT] / l1_full[c.IT, c.FISH]
    ratio_stale = l1_stale[c.IT, c.CAT] / l1_stale[c.IT, c.FISH]
    assert ratio_full == pytest.approx(ratio_stale, rel=1e-12)  # layer 1 still cannot choose


def test_an_independent_plain_loop_computation_gives_the_same_numbers():
    for last in (FULL, STALE):
        x = [[float(v) for v in c.vectors[w]] for w in c.SENTENCES[last]]
        x1, weights_1 = plain_layer(x, c.w_query_1.tolist(), c.w_key_1.tolist(), c.w_value_both.tolist())
        _, weights_2 = plain_layer(x1, c.w_query_2.tolist(), c.w_key_2.tolist(), c.w_value_both.tolist())
        shown_1, shown_2 = c.weights_of_it(last)
        np.testing.assert_allclose(shown_1, weights_1[c.IT], rtol=1e-12)
        np.testing.assert_allclose(shown_2, weights_2[c.IT], rtol=1e-12)


def test_the_layer_uses_attention_without_scaling():
    """The page's layer is the article's plain dot product: attention(..., scale=1.0)."""
    x = np.array([c.vectors[w] for w in c.SENTENCES[FULL]], dtype=float)
    out, weights = c.layer(x, c.w_query_1, c.w_key_1)
    sturdy_out, sturdy_weights = attention(x @ c.w_query_1, x @ c.w_key_1, x @ c.w_value_both, scale=1.0)
    np.testing.assert_allclose(weights, sturdy_weights, rtol=1e-12)
    np.testing.assert_allclose(out, x + sturdy_out, rtol=1e-12)


def test_it_leaves_layer_1_a_pronoun_carrying_its_state():
    """two-layers#carry shows this table: "it" keeps its pronoun (the residual
    connection) and takes in the last word's state by the weight it gave that word."""
    from attention_site.values import render

    for last, state, other in [("was full", "hunger", "freshness"), ("was stale", "freshness", "hunger")]:
        carried = c.it_after_layer_1(last)
        assert carried["pronoun"] == pytest.approx(1.0)
        assert carried[state] == pytest.approx(c.weights_of_it(last)[0][-1])
        assert carried[other] == 0
    for lang in ("zh", "en"):
        rows = render("table.coref_it_after_layer1", lang).splitlines()[2:]
        assert [[float(c) for c in row.strip("|").split("|")[1:]] for row in rows] == [
            pytest.approx([round(c.it_after_layer_1(last)[f], 2) for f in ("pronoun", "hunger", "freshness")])
            for last in c.SENTENCES]


def test_the_query_of_it_is_the_same_in_layer_1_and_differs_in_layer_2():
    """two-layers#layer-2: layer 1 asks for animal and food alike in both sentences; in layer 2
    the "full" it asks for an animal harder, by about the hunger it carries times the rule."""
    animal, food = c.feature_names.index("animal"), c.feature_names.index("food")
    q1 = {last: c.query_of_it(last, 1) for last in (FULL, STALE)}
    assert q1[FULL] == q1[STALE] and q1[FULL]["animal"] == q1[FULL]["food"] == c.w_query_1[0, animal]
    full, stale = c.query_of_it(FULL, 2), c.query_of_it(STALE, 2)
    assert full["animal"] > 1.9 * full["food"] and stale["food"] > 1.9 * stale["animal"]
    assert (full["animal"], full["food"]) == pytest.approx((stale["food"], stale["animal"]))
    rule = c.w_query_2[c.feature_names.index("hunger"), animal]
    hunger = c.it_after_layer_1(FULL)["hunger"]
    assert full["animal"] == pytest.approx(c.w_query_2[0, animal] + hunger * rule, abs=1e-12)
    x1, _, _ = run(FULL)
    np.testing.assert_allclose(list(full.values()), (x1 @ c.w_query_2)[c.IT], rtol=1e-12)
    with pytest.raises(ValueError, match="layer must be 1 or 2"):
        c.query_of_it(FULL, 3)


def test_scores_of_it_give_the_weights_of_it():
    from snippets.softmax import softmax

    for last in (FULL, STALE):
        for number, weights in enumerate(c.weights_of_it(last), 1):
            np.testing.assert_allclose(softmax(c.scores_of_it(last, number)), weights, rtol=1e-12)
    assert list(c.scores_of_it(FULL, 1)) == [1.5, 0, 1.5, 0, 0, 2.0]  # the page's sums


def test_layer_2_alone_cannot_choose_and_without_the_residual_it_is_no_pronoun():
    """The two-layers exercises: layer 2's rule needs the clue layer 1 mixes in; the mix alone
    (no residual connection) holds no pronoun, because no Value hands it over."""
    for last in (FULL, STALE):
        skipped = c.weights_of_it_skipping_layer_1(last)
        assert skipped[c.CAT] == pytest.approx(skipped[c.FISH], rel=1e-12)
        assert max(skipped[[c.CAT, c.FISH]]) < max(c.weights_of_it(last)[1][[c.CAT, c.FISH]]) / 1.5
        bare = c.it_without_residual(last)
        assert bare["pronoun"] == 0
        assert c.it_after_layer_1(last)["pronoun"] == pytest.approx(1 + bare["pronoun"])


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_chapter_tables_show_the_computed_numbers(lang):
    from attention_site.values import render

    words = render("table.coref_words", lang).splitlines()[2:]
    assert len(words) == len(c.vectors)
    query = [row.strip("|").split("|") for row in render("table.coref_query", lang).splitlines()[2:]]
    assert [[float(x) for x in row[1:]] for row in query] == [
        pytest.approx([round(q["animal"], 2), round(q["food"], 2)])
        for q in (c.query_of_it(FULL, 1), c.query_of_it(FULL, 2), c.query_of_it(STALE, 2))]


def test_layer_2_scores_of_cat_and_fish_are_the_query_numbers():
    """two-layers#layer-2 (R41/R42: the Query table said 3.08 and the scores 4.13, because the Keys
    had drifted in layer 1): layer 2's labels say only animal or food and the Values hand over only
    the state, so the label of "cat" is animal 1 and that of "fish" food 1 after layer 1 too, and
    the scores "it" gives them are its Query's animal and food numbers; every other word gets 0."""
    for last in (FULL, STALE):
        keys = c.input_of_layer(last, 2) @ c.w_key_2
        animal, food = c.feature_names.index("animal"), c.feature_names.index("food")
        expected = np.zeros_like(keys)
        expected[c.CAT, animal] = expected[c.FISH, food] = 1
        np.testing.assert_array_equal(keys, expected)
        scores, query = c.scores_of_it(last, 2), c.query_of_it(last, 2)
        assert scores[c.CAT] == pytest.approx(query["animal"]) and scores[c.FISH] == pytest.approx(query["food"])
        assert all(scores[i] == 0 for i in range(len(scores)) if i not in (c.CAT, c.FISH))


def test_layer_two_is_layer_one_plus_the_common_sense_rule_only():
    """two-layers says layer 2's W_Q copies layer 1's and adds one piece of common sense, 2 numbers
    (R39/R40: a second change to the pronoun's row read as hand-tuning, and was dropped)."""
    changed = np.argwhere(c.w_query_2 != c.w_query_1)
    names = c.feature_names
    assert sorted(map(tuple, changed)) == [(names.index("hunger"), names.index("animal")),
                                           (names.index("freshness"), names.index("food"))]
    assert c.w_query_2[5, 1] == c.w_query_2[6, 2] > 0


def test_the_choice_does_not_rest_on_layer_2s_labels():
    """two-layers#layer-2 says so (R43 en: labels that name only animal or food read as rigged):
    with layer 1's labels (every feature on them) in layer 2, "it" still picks the right noun."""
    for last, right, wrong in ((FULL, c.CAT, c.FISH), (STALE, c.FISH, c.CAT)):
        weights = c.weights_of_it_layer_1_labels(last)
        assert weights[right] == max(weights) and weights[right] > 3 * weights[wrong]
        assert not np.allclose(weights, c.weights_of_it(last)[1])  # a different layer, same choice


def test_in_layer_1_it_gives_the_three_other_words_one_weight_and_the_row_adds_to_1():
    """two-layers#layer-1's table: cat, fish, the last word and 'each of the other 3'."""
    weights = c.weights_of_it(FULL)[0]
    others = np.delete(weights, [c.CAT, c.FISH, STATE])
    np.testing.assert_allclose(others, others[0])
    assert weights[c.CAT] + weights[c.FISH] + weights[STATE] + 3 * others[0] == pytest.approx(1)
