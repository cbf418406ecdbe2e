"""Self-attention on 它 / 是 / 一只 / 猫 (it / is / a / cat), with hand-made numbers.

Every number is chosen by hand and means something, feature by feature: a word's
embedding says what kind of word it is; W_Q says what each kind of word looks
for; W_K lets each word show what it is; W_V hands over what it is.
Pages: "Back to word vectors", "Relevance → weights", "A weighted sum of values".
Run ``python -m snippets.sentence``.
"""
from snippets.softmax import softmax

# --8<-- [start:embeddings]
features = ["pronoun", "verb", "measure", "noun", "weather", "particle"]
embedding = {          # one row per word: which features it has (d = 6)
    "它":   [1, 0, 0, 0, 0, 0],   # it: a pronoun, needs a referent
    "是":   [0, 1, 0, 0, 0, 0],   # is: a linking verb
    "一只": [0, 0, 1, 0, 0, 0],   # a: a measure word, used for animals
    "猫":   [0, 0, 0, 1, 0, 0],   # cat: a concrete noun
    "下雨": [0, 1, 0, 0, 1, 0],   # rain: a verb about the weather
    "了":   [0, 0, 0, 0, 0, 1],   # le: a particle
}
# --8<-- [end:embeddings]

# --8<-- [start:projections]
import numpy as np

# W_Q, row by row: what a word with this feature looks for.
# Columns: the features of the words it meets.  (d, d_k) = (6, 6)
w_query = np.array([
    # pron verb meas noun weat part
    [0.5, 0.3, 1.2, 3.0, 3.0, 0.0],  # pronoun: a noun or an event
    [1.0, 2.0, 0.2, 0.2, 0.0, 0.0],  # verb: itself and its subject
    [0.2, 0.2, 2.0, 1.0, 0.0, 0.0],  # measure word: itself, its noun
    [1.2, 0.2, 1.0, 1.5, 0.0, 0.0],  # noun: itself, then its pronoun
    [0.0, 0.0, 0.0, 0.0, 1.0, 0.0],  # weather: weather
    [0.0, 1.0, 0.0, 0.0, 0.0, 1.0],  # particle: its verb
])
w_key = np.eye(6)    # every word shows what it is  (d, d_k) = (6, 6)
w_value = np.eye(6)  # and hands over what it is    (d, d_v) = (6, 6)
# --8<-- [end:projections]


# --8<-- [start:self_attention]
def self_attention(words):
    """Every word asks (Q) and answers (K, V): the weights, new vectors."""
    x = np.array([embedding[w] for w in words], dtype=float)  # (n, d)
    q, k, v = x @ w_query, x @ w_key, x @ w_value  # (n, d) @ (d, d) -> (n, d)
    scores = q @ k.T                     # (n, d) @ (d, n) -> (n, n)
    weights = softmax(scores, axis=-1)   # each row sums to 1
    return weights, weights @ v          # (n, n) @ (n, d) -> (n, d)
# --8<-- [end:self_attention]


SENTENCE = ["它", "是", "一只", "猫"]
ENGLISH = {"它": "it", "是": "is", "一只": "a", "猫": "cat", "下雨": "rain", "了": "(le)"}
RAIN_SENTENCE = ["它", "下雨", "了"]


def sentence_weights():
    """The (4, 4) attention weights of 它 是 一只 猫: the heatmap."""
    return self_attention(SENTENCE)[0]


def new_it_shares():
    """How much of each word's value the new 它 is made of (row 0 of the weights)."""
    return dict(zip(SENTENCE, sentence_weights()[0]))


def main():
    # --8<-- [start:heatmap_rows]
    words = ["它", "是", "一只", "猫"]
    weights, new = self_attention(words)
    for word, row in zip(words, weights):
        print(word, row.round(2))
    #> 它 [0.06 0.05 0.13 0.76]
    #> 是 [0.22 0.59 0.1  0.1 ]
    #> 一只 [0.1  0.1  0.59 0.22]
    #> 猫 [0.28 0.1  0.23 0.38]
    # --8<-- [end:heatmap_rows]

    # --8<-- [start:asymmetric]
    print(f"它 -> 猫: {weights[0, 3]:.2f}   猫 -> 它: {weights[3, 0]:.2f}")
    #> 它 -> 猫: 0.76   猫 -> 它: 0.28
    # --8<-- [end:asymmetric]

    # --8<-- [start:new_it]
    values = np.array([embedding[w] for w in words])  # (4, 6)
    new_it = weights[0] @ values                      # (4,) @ (4, 6) -> (6,)
    for feature, share in zip(features, new_it):
        print(f"{feature:<9}{share:.2f}")
    #> pronoun  0.06
    #> verb     0.05
    #> measure  0.13
    #> noun     0.76
    #> weather  0.00
    #> particle 0.00

    # the same as row 0 of self_attention's output
    print(np.allclose(new_it, new[0]))
    #> True
    # --8<-- [end:new_it]

    # --8<-- [start:rain]
    weights, _ = self_attention(["它", "下雨", "了"])   # "it is raining"
    print(weights[0].round(2))                        # 它 now looks at the weather
    #> [0.06 0.91 0.03]
    # --8<-- [end:rain]


if __name__ == "__main__":
    main()
