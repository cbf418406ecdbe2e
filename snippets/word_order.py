"""Attention alone ignores word order: shuffle the words and the numbers only move.

Self-attention compares every word with every word, and nothing in that
comparison says where a word stands. Read the sentence in another order and
every weight is still there: the rows and the columns of the table move with
the words, and each word gets the same new vector as before. Transformers add
the order back with positional encoding (later in the series).
Page: the deep dive "Word order and cost" (docs/*/order-and-cost.md).
Run ``python -m snippets.word_order``.
"""
import numpy as np

from snippets.sentence import self_attention


def main():
    # --8<-- [start:shuffle]
    words = ["it", "is", "a", "cat"]
    weights, _ = self_attention(words)
    order = [3, 2, 1, 0]  # the same words, backwards
    shuffled = [words[i] for i in order]
    new_weights, _ = self_attention(shuffled)
    for word, row in zip(shuffled, new_weights):
        print(word, row.round(2))
    #> cat [0.41 0.17 0.11 0.31]
    #> a [0.32 0.39 0.14 0.14]
    #> is [0.09 0.08 0.61 0.22]
    #> it [0.76 0.13 0.05 0.06]

    moved = weights[order][:, order]  # the old table, reordered
    print("same numbers, moved:", np.allclose(new_weights, moved))
    #> same numbers, moved: True
    # --8<-- [end:shuffle]


if __name__ == "__main__":
    main()
