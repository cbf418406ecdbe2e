"""snippets.sentence: 它 / 是 / 一只 / 猫 with hand-made embeddings and projections."""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from snippets import sentence
from snippets.attention import attention
from snippets.softmax import ARTICLE_SCORES

IT, IS, A, CAT = range(4)


def reference_self_attention(words):
    """Dot products and math.exp over the hand-made tables, one pair of words at a time."""
    x = [sentence.embedding[w] for w in words]
    def times(row, matrix):  # (d,) @ (d, m) -> (m,)
        return [sum(r * matrix[i][j] for i, r in enumerate(row)) for j in range(len(matrix[0]))]
    q = [times(row, sentence.w_query.tolist()) for row in x]
    k = [times(row, sentence.w_key.tolist()) for row in x]
    v = [times(row, sentence.w_value.tolist()) for row in x]
    weights = []
    for qi in q:
        scores = [sum(a * b for a, b in zip(qi, kj)) for kj in k]
        exps = [math.exp(s - max(scores)) for s in scores]
        weights.append([e / sum(exps) for e in exps])
    new = [[sum(w * vj[f] for w, vj in zip(row, v)) for f in range(len(v[0]))] for row in weights]
    return np.array(weights), np.array(new)


def test_the_embeddings_are_hand_made_features():
    assert sentence.features == ["pronoun", "verb", "measure", "noun", "weather", "particle"]
    for word, vector in sentence.embedding.items():
        assert len(vector) == len(sentence.features)
        assert set(vector) <= {0, 1}, word  # a word has a feature or it has not
    for i, word in enumerate(sentence.SENTENCE):  # each of the four words is one kind of word
        assert sentence.embedding[word] == [int(j == i) for j in range(6)]
    assert sentence.w_query.shape == (6, 6)
    np.testing.assert_array_equal(sentence.w_key, np.eye(6))
    np.testing.assert_array_equal(sentence.w_value, np.eye(6))


def test_the_pronoun_row_of_w_query_holds_the_articles_raw_scores():
    np.testing.assert_array_equal(sentence.w_query[0, :4], ARTICLE_SCORES)


def test_self_attention_agrees_with_the_plain_loop():
    for words in (sentence.SENTENCE, sentence.RAIN_SENTENCE, ["猫", "了", "它", "下雨", "是"]):
        weights, new = sentence.self_attention(words)
        ref_weights, ref_new = reference_self_attention(words)
        np.testing.assert_allclose(weights, ref_weights, rtol=1e-14)
        np.testing.assert_allclose(new, ref_new, rtol=1e-14, atol=1e-16)
        assert weights.shape == (len(words), len(words)) and new.shape == (len(words), 6)
        np.testing.assert_allclose(weights.sum(axis=1), 1.0, rtol=1e-14)


def test_self_attention_is_attention_with_the_plain_dot_product():
    x = np.array([sentence.embedding[w] for w in sentence.SENTENCE], dtype=float)
    out, weights = attention(x @ sentence.w_query, x @ sentence.w_key, x @ sentence.w_value, scale=1.0)
    ref_weights, ref_new = sentence.self_attention(sentence.SENTENCE)
    np.testing.assert_allclose(weights, ref_weights, rtol=1e-14)
    np.testing.assert_allclose(out, ref_new, rtol=1e-14, atol=1e-16)


def test_it_attends_mostly_to_cat():
    weights = sentence.sentence_weights()
    assert weights[IT].argmax() == CAT
    assert weights[IT, CAT] > 0.5
    assert weights[IT, CAT] > 2 * weights[IT, [IT, IS, A]].sum()
    assert [round(x, 2) for x in weights[IT]] == [0.06, 0.05, 0.13, 0.76]


def test_attention_is_asymmetric():
    weights = sentence.sentence_weights()
    assert weights[IT, CAT] != pytest.approx(weights[CAT, IT], abs=0.05)
    assert weights[IT, CAT] > weights[CAT, IT]
    assert not np.allclose(weights, weights.T)


def test_each_row_has_the_ownership_the_comments_describe():
    weights = sentence.sentence_weights()
    assert weights[IS].argmax() == IS     # a verb looks at itself ...
    assert weights[IS, IT] > weights[IS, A]  # ... and at its subject
    assert weights[A].argmax() == A       # a measure word at itself ...
    assert weights[A, CAT] > weights[A, IT]  # ... and its noun
    assert weights[CAT].argmax() == CAT   # a noun looks at itself, ...
    assert np.argsort(weights[CAT])[-2] == IT  # ... then at what points to it


def test_the_new_it_is_row_zero_of_the_output_and_a_mix_of_the_values():
    weights, new = sentence.self_attention(sentence.SENTENCE)
    values = np.array([sentence.embedding[w] for w in sentence.SENTENCE], dtype=float) @ sentence.w_value
    mix = sum(w * v for w, v in zip(weights[IT], values))
    np.testing.assert_allclose(new[IT], mix, rtol=1e-15)
    np.testing.assert_allclose(new[IT][:4], weights[IT], rtol=1e-15)  # one-hot values: shares = features
    assert new[IT][4] == new[IT][5] == 0.0  # nothing about weather or particles in this sentence
    shares = sentence.new_it_shares()
    assert list(shares) == sentence.SENTENCE
    np.testing.assert_allclose(list(shares.values()), weights[IT], rtol=0)


def test_in_the_rain_sentence_it_attends_to_the_weather():
    weights, _ = sentence.self_attention(sentence.RAIN_SENTENCE)
    assert sentence.RAIN_SENTENCE[weights[0].argmax()] == "下雨"
    assert weights[0, 1] > 0.9
    assert [round(x, 2) for x in weights[0]] == [0.06, 0.91, 0.03]


@settings(max_examples=30, deadline=None)
@given(st.permutations(list(sentence.embedding)), st.integers(1, 6))
def test_reordering_the_words_reorders_the_result(words, n):
    words = words[:n]
    weights, new = sentence.self_attention(words)
    order = list(range(n))[::-1]
    weights_r, new_r = sentence.self_attention([words[i] for i in order])
    np.testing.assert_allclose(weights_r, weights[order][:, order], rtol=1e-14)
    np.testing.assert_allclose(new_r, new[order], rtol=1e-14, atol=1e-16)


def test_every_word_has_an_english_gloss():
    assert set(sentence.ENGLISH) == set(sentence.embedding)
    assert [sentence.ENGLISH[w] for w in sentence.SENTENCE] == ["it", "is", "a", "cat"]


def test_an_unknown_word_is_a_key_error_naming_it():
    with pytest.raises(KeyError, match="狗"):
        sentence.self_attention(["它", "狗"])
