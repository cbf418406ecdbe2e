"""Which one does 它 (it) mean? One layer cannot tell, a second layer can.

The cat didn't eat the fish because it was full (it = the cat) / because it
was stale (it = the fish): 猫没有吃鱼，因为它已经饱了 / 因为它不新鲜了.
One fixed set of hand-made embeddings and matrices serves both sentences;
nothing is tuned per sentence. In layer 1, the query of "it" and the keys of
"cat" and "fish" are the same in both sentences, so "it" weighs cat and fish
alike; layer 1 mixes the last word (full / stale) into "it", and with that
the query of layer 2 can choose. Layer 2's labels (Keys) say only what a word
is, an animal or food, and the Values hand over only the state, so the
layer-2 scores of "it" are the animal and food numbers of its Query.
Page: "Two layers: when "it" has to choose" (docs/*/two-layers.md).
Run ``python -m snippets.coreference``.
"""
from snippets.attention import dot_product_attention

# --8<-- [start:data]
import numpy as np

feature_names = ["pronoun", "animal", "food", "eating", "because",
                 "hunger", "freshness"]
vectors = {  # which of the 7 features each word has
    "cat": [0, 1, 0, 0, 0, 0, 0],
    "didn't eat": [0, 0, 0, 1, 0, 0, 0],
    "fish": [0, 0, 1, 0, 0, 0, 0],
    "because": [0, 0, 0, 0, 1, 0, 0],
    "it": [1, 0, 0, 0, 0, 0, 0],
    "was full": [0, 0, 0, 0, 0, 1, 0],  # said of one who eats
    "was stale": [0, 0, 0, 0, 0, 0, 1],  # said of what is eaten
}
# W_Q of layer 1: only the pronoun asks anything (row 0).
# Columns: the features of the words it meets.
w_query_1 = np.zeros((7, 7))
w_query_1[0] = [0.0, 1.5, 1.5, 0.0, 0.0, 2.0, 2.0]
# layer 2's W_Q: layer 1's, plus common sense (2 numbers)
w_query_2 = w_query_1.copy()
w_query_2[5, 1] = 4.0   # hunger belongs to an animal
w_query_2[6, 2] = 4.0   # freshness belongs to food
# W_K, the labels: in layer 1 every feature is on them;
# in layer 2 only what a word is: an animal, or food
w_key_1 = np.eye(7)  # 1s on the diagonal: copies every feature
w_key_2 = np.diag([0.0, 1, 1, 0, 0, 0, 0])
# W_V, both layers: only the state (hunger, freshness) is
# handed over, so we can follow the clue and nothing else
w_value_both = np.diag([0.0, 0, 0, 0, 0, 1, 1])
# --8<-- [end:data]


# --8<-- [start:layer]
def layer(x, w_query, w_key):
    """One self-attention layer that keeps each word's own vector."""
    q, k, v = x @ w_query, x @ w_key, x @ w_value_both
    output, weights = dot_product_attention(q, k, v)
    # residual connection: add the mix, keep the word itself
    return x + output, weights
# --8<-- [end:layer]


SENTENCES = {  # the last word decides what "it" means
    "was full": ["cat", "didn't eat", "fish", "because", "it", "was full"],
    "was stale": ["cat", "didn't eat", "fish", "because", "it", "was stale"],
}
IT, CAT, FISH = 4, 0, 2  # positions in both sentences


MATRICES = {1: (w_query_1, w_key_1), 2: (w_query_2, w_key_2)}  # layer -> (W_Q, W_K)


def _layer_1(last):
    """(every word's vector, the weights) out of layer 1, for the sentence ending in `last`."""
    x = np.array([vectors[w] for w in SENTENCES[last]], dtype=float)
    return layer(x, w_query_1, w_key_1)


def it_after_layer_1(last):
    """{feature: amount} of "it" coming out of layer 1 (its own vector plus the mix it took in)."""
    x, _ = _layer_1(last)
    return dict(zip(feature_names, x[IT]))


def weights_of_it(last):
    """(layer 1 weights, layer 2 weights) of "it" over the sentence ending in `last`."""
    x, weights_1 = _layer_1(last)
    x, weights_2 = layer(x, w_query_2, w_key_2)
    return weights_1[IT], weights_2[IT]


def input_of_layer(last, number):
    """Every word's vector going into layer `number` (1 or 2) of the sentence ending in `last`."""
    if number not in (1, 2):
        raise ValueError(f"layer must be 1 or 2, got {number!r}")
    x = np.array([vectors[w] for w in SENTENCES[last]], dtype=float)
    return x if number == 1 else layer(x, w_query_1, w_key_1)[0]


def layer_1_weights(last):
    """Every word's weights in layer 1 of the sentence ending in `last`, (6, 6)."""
    return _layer_1(last)[1]


def query_of_it(last, number):
    """{feature: amount} of the Query "it" asks with in layer `number`: what it looks for."""
    x = input_of_layer(last, number)  # checks `number`
    w_query, _ = MATRICES[number]
    return dict(zip(feature_names, (x @ w_query)[IT]))


def scores_of_it(last, number):
    """The scores "it" gives the six words in layer `number` (before softmax)."""
    x = input_of_layer(last, number)
    w_query, w_key = MATRICES[number]
    return ((x @ w_query) @ (x @ w_key).T)[IT]  # (n, d) @ (d, n) -> (n, n): row of "it"


def weights_of_it_layer_1_labels(last):
    """Layer 2 weights of "it" if layer 2 kept layer 1's labels (every feature on them): the
    choice does not rest on layer 2's labels, which only make its scores easy to read."""
    _, weights = layer(input_of_layer(last, 2), w_query_2, w_key_1)
    return weights[IT]


def weights_of_it_skipping_layer_1(last):
    """Layer 2 alone, on the words as they are: the weights of "it" (its rule has no clue to use)."""
    _, weights = layer(input_of_layer(last, 1), w_query_2, w_key_2)
    return weights[IT]


def it_without_residual(last):
    """{feature: amount} of "it" out of layer 1 if the layer returned only the mix (no residual)."""
    x = input_of_layer(last, 1)
    output, _ = dot_product_attention(x @ w_query_1, x @ w_key_1, x @ w_value_both)
    return dict(zip(feature_names, output[IT]))


def main():
    # --8<-- [start:choose]
    for last in ["was full", "was stale"]:
        six_words = ["cat", "didn't eat", "fish", "because", "it", last]
        x = np.array([vectors[w] for w in six_words], dtype=float)
        x, weights_1 = layer(x, w_query_1, w_key_1)  # 1: reads
        x, weights_2 = layer(x, w_query_2, w_key_2)  # 2: chooses
        # row 4, counting from 0, is "it"; columns: "cat", "fish", the last word
        print(f"{last:<9}", weights_1[4, [0, 2, 5]].round(2),
              weights_2[4, [0, 2]].round(2))
    #> was full  [0.23 0.23 0.38] [0.71 0.15]
    #> was stale [0.23 0.23 0.38] [0.15 0.71]
    # --8<-- [end:choose]


if __name__ == "__main__":
    main()
