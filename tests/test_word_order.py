"""snippets.word_order: attention alone ignores word order (the why page's demo).

Shuffle the words and self-attention gives the same numbers, moved: row i and
column j of the new table are row order[i] and column order[j] of the old one,
and every word gets the same new vector. Checked for every order of the sentence.
"""
import itertools
import runpy

import numpy as np
import pytest

from snippets import sentence


@pytest.mark.parametrize("order", list(itertools.permutations(range(len(sentence.SENTENCE)))))
def test_any_order_only_moves_the_numbers(order):
    order = list(order)
    words = list(sentence.SENTENCE)
    weights, new = sentence.self_attention(words)
    shuffled_weights, shuffled_new = sentence.self_attention([words[i] for i in order])
    np.testing.assert_allclose(shuffled_weights, weights[order][:, order], rtol=1e-13, atol=1e-15)
    np.testing.assert_allclose(shuffled_new, new[order], rtol=1e-13, atol=1e-15)


def test_it_still_gives_cat_the_same_weight_read_backwards():
    words = list(sentence.SENTENCE)
    backwards = words[::-1]
    weights, _ = sentence.self_attention(words)
    reversed_weights, _ = sentence.self_attention(backwards)
    it, cat = words[0], words[3]
    assert reversed_weights[backwards.index(it), backwards.index(cat)] == pytest.approx(weights[0, 3], abs=1e-15)


def test_the_module_runs_and_says_the_numbers_only_moved(capsys):
    runpy.run_module("snippets.word_order", run_name="__main__")
    lines = capsys.readouterr().out.strip().split("\n")
    assert len(lines) == len(sentence.SENTENCE) + 1 and lines[-1] == "same numbers, moved: True"
    english = [sentence.ENGLISH[w] for w in sentence.SENTENCE]  # the page's code prints English words
    assert [line.split(" [")[0] for line in lines[:-1]] == english[::-1]
