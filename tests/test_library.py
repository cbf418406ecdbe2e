"""snippets.library: question, spine labels and contents -> relevance -> weights -> a note."""
import math

import numpy as np

from snippets import library
from snippets.attention import attention


def reference_lookup():
    """The same lookup with plain Python: dot products, math.exp, a weighted sum."""
    relevance = [sum(q * k for q, k in zip(library.question, label)) for label in library.labels]
    exps = [math.exp(r) for r in relevance]
    weights = [e / sum(exps) for e in exps]
    note = [sum(w * book[j] for w, book in zip(weights, library.contents))
            for j in range(library.contents.shape[1])]
    return relevance, weights, note


def test_the_data_has_matching_shapes():
    assert len(library.books) == len(library.labels) == len(library.contents) == 4
    assert library.question.shape == (len(library.topics),) == (4,)
    assert library.labels.shape == (4, 4) and library.contents.shape == (4, 3)
    assert library.books == ["Cat Care Handbook", "Pet Care", "300 Tang Poems", "Quantum Mechanics"]


def test_relevance_is_the_question_dotted_with_each_label():
    # 3*1 + 1.5*0.8 = 4.2; 3*0.3 + 1.5*1 = 2.4; the poems and physics share no topic
    np.testing.assert_allclose(library.relevance, [4.2, 2.4, 0.0, 0.0], rtol=1e-15)
    relevance, _, _ = reference_lookup()
    np.testing.assert_allclose(library.relevance, relevance, rtol=1e-15)


def test_weights_are_softmax_of_relevance_and_ordered_like_it():
    _, weights, _ = reference_lookup()
    np.testing.assert_allclose(library.weights, weights, rtol=1e-14)
    w = library.weights
    assert math.isclose(w.sum(), 1.0, rel_tol=1e-14)
    assert w[0] > w[1] > w[2] > 0  # the cat handbook first, pet care second
    assert w[2] == w[3]             # two off-topic books: same small share
    assert [round(x, 2) for x in w] == [0.84, 0.14, 0.01, 0.01]


def test_the_note_is_the_weighted_mix_of_all_contents():
    _, _, note = reference_lookup()
    np.testing.assert_allclose(library.note, note, rtol=1e-14)
    mix = sum(w * c for w, c in zip(library.weights, library.contents))
    np.testing.assert_allclose(library.note, mix, rtol=1e-14)


def test_the_note_is_not_winner_takes_all():
    best_only = library.contents[library.relevance.argmax()]
    assert not np.allclose(library.note, best_only)
    assert not any(np.allclose(library.note, book) for book in library.contents)
    # the deworming advice of the second book survives, diluted, in the note
    assert best_only[1] < library.note[1] < library.contents[1][1]
    # the off-topic books add a little, not nothing and not much
    assert 0 < library.note[2] < 0.05


def test_the_lookup_is_attention_with_one_query():
    output, weights = attention(library.question, library.labels, library.contents, scale=1.0)
    np.testing.assert_allclose(weights, library.weights, rtol=1e-14)
    np.testing.assert_allclose(output, library.note, rtol=1e-14)
