"""Self-attention on "it is a cat" (它 / 是 / 一只 / 猫), with hand-made numbers.

Every number is chosen by hand and means something. A word's embedding says
what kind of word it is and what it means; W_Q says what each kind of word
looks for; W_K puts the kind of word on its label (the Key); W_V hands over
what the word means (the Value). So a Key is not a Value: the Key of "cat"
says "noun", its Value says "animal, pet".
Pages: "Back to word vectors", "Scores → weights", "A weighted sum of values".
Run ``python -m snippets.sentence``.
"""
from snippets.softmax import softmax

# --8<-- [start:embeddings]
import numpy as np

features = ["pronoun", "verb", "measure", "noun", "particle",
            "animal", "pet", "weather"]  # d = 8
words = ["it", "is", "a", "cat", "rains", "le"]
vectors = [  # 1 = the word has this feature
    [1, 0, 0, 0, 0, 0, 0, 0],  # it: a pronoun
    [0, 1, 0, 0, 0, 0, 0, 0],  # is: a linking verb
    [0, 0, 1, 0, 0, 1, 0, 0],  # a: counts animals
    [0, 0, 0, 1, 0, 1, 1, 0],  # cat: an animal, a pet
    [0, 1, 0, 0, 0, 0, 0, 1],  # rains: a weather verb
    [0, 0, 0, 0, 1, 0, 0, 0],  # le: a particle
]
embedding = dict(zip(words, vectors))  # word -> its vector
# --8<-- [end:embeddings]

# --8<-- [start:projections]
# W_Q: what a word with each feature looks for, written
# in the Key's features.  (d, d_k) = (8, 6)
# The meaning rows (animal, pet, weather) look for nothing.
w_query = np.array([
    # pron verb meas noun part weat
    [0.5, 0.3, 1.2, 3.0, 0.0, 3.0],  # pronoun: a noun, weather
    [1.0, 2.0, 0.2, 0.2, 0.0, 0.0],  # verb: itself, its subject
    [0.2, 0.2, 2.0, 1.0, 0.0, 0.0],  # measure: itself, its noun
    [1.2, 0.2, 1.0, 1.5, 0.0, 0.0],  # noun: itself, its pronoun
    [0.0, 1.0, 0.0, 0.0, 1.0, 0.0],  # particle: its verb
    [0.0, 0.0, 0.0, 0.0, 0.0, 0.0],  # animal
    [0.0, 0.0, 0.0, 0.0, 0.0, 0.0],  # pet
    [0.0, 0.0, 0.0, 0.0, 0.0, 0.0],  # weather
])

# W_K: the label (Key) says what kind of word it is;
# "weather" is on it too: weather verbs take "it".  (8, 6)
w_key = np.array([
    # pron verb meas noun part weat
    [1, 0, 0, 0, 0, 0],  # pronoun
    [0, 1, 0, 0, 0, 0],  # verb
    [0, 0, 1, 0, 0, 0],  # measure
    [0, 0, 0, 1, 0, 0],  # noun
    [0, 0, 0, 0, 1, 0],  # particle
    [0, 0, 0, 0, 0, 0],  # animal: not on the label
    [0, 0, 0, 0, 0, 0],  # pet: not on the label
    [0, 0, 0, 0, 0, 1],  # weather
])

# W_V: the contents (Value) are what the word means;
# the kind of word (the first five rows) is not handed over.
value_features = ["animal", "pet", "weather"]  # (8, 3)
w_value = np.array([
    # anim pet weat
    [0, 0, 0],  # pronoun
    [0, 0, 0],  # verb
    [0, 0, 0],  # measure
    [0, 0, 0],  # noun
    [0, 0, 0],  # particle
    [1, 0, 0],  # animal
    [0, 1, 0],  # pet
    [0, 0, 1],  # weather
])
# --8<-- [end:projections]


# --8<-- [start:self_attention]
def self_attention(words):
    """Every word asks (Q) and answers (K, V)."""
    x = np.array([embedding[w] for w in words])  # (n, 8)
    q, k, v = x @ w_query, x @ w_key, x @ w_value
    scores = q @ k.T                    # (n, 6) @ (6, n) -> (n, n)
    weights = softmax(scores, axis=-1)  # each row sums to 1
    return weights, weights @ v         # (n, n) @ (n, 3) -> (n, 3)
# --8<-- [end:self_attention]


# The article's words, for figure and table labels: the Chinese word, its English.
SENTENCE = ["它", "是", "一只", "猫"]
RAIN_SENTENCE = ["它", "下雨", "了"]
ENGLISH = {"它": "it", "是": "is", "一只": "a", "猫": "cat", "下雨": "rains", "了": "le"}
# The Chinese words name the same vectors (figures, tables and the notebook use them).
embedding.update({zh: embedding[en] for zh, en in ENGLISH.items()})


def sentence_scores(words=SENTENCE, *, tied=False):
    """The (n, n) scores Q @ K.T, before softmax; tied=True uses W_Q for the Keys too (W_K = W_Q)."""
    x = np.array([embedding[w] for w in words], dtype=float)  # (n, d)
    q = x @ w_query                                            # (n, d_k)
    k = x @ (w_query if tied else w_key)                       # (n, d_k)
    return q @ k.T                                             # (n, n)


def sentence_weights():
    """The (4, 4) attention weights of 它 是 一只 猫: the heatmap."""
    return self_attention(SENTENCE)[0]


def new_it_shares():
    """How much of each word's value the new 它 is made of (row 0 of the weights)."""
    return dict(zip(SENTENCE, sentence_weights()[0]))


def new_it_meaning(words=SENTENCE):
    """{value feature: amount} of the new 它 (row 0 of self-attention's output)."""
    return dict(zip(value_features, self_attention(words)[1][0]))


def main():
    # --8<-- [start:faces]
    words = ["it", "is", "a", "cat"]
    x = np.array([embedding[w] for w in words])  # one row per word
    q = x @ w_query  # what each word looks for
    k = x @ w_key    # what each word is found by
    v = x @ w_value  # what each word hands over
    # the Key and the Value of "cat"
    print(k[3], v[3])
    #> [0 0 0 1 0 0] [1 1 0]
    # --8<-- [end:faces]

    # --8<-- [start:scores_rows]
    scores = q @ k.T  # every Query against every Key: (4, 6) @ (6, 4) -> (4, 4)
    for word, row in zip(words, scores):
        print(word, *(f"{s:.1f}" for s in row))
    #> it 0.5 0.3 1.2 3.0
    #> is 1.0 2.0 0.2 0.2
    #> a 0.2 0.2 2.0 1.0
    #> cat 1.2 0.2 1.0 1.5
    # --8<-- [end:scores_rows]

    # --8<-- [start:heatmap_rows]
    words = ["it", "is", "a", "cat"]
    weights, new = self_attention(words)
    for word, row in zip(words, weights):
        print(word, row.round(2))
    #> it [0.06 0.05 0.13 0.76]
    #> is [0.22 0.59 0.1  0.1 ]
    #> a [0.1  0.1  0.59 0.22]
    #> cat [0.28 0.1  0.23 0.38]
    # --8<-- [end:heatmap_rows]

    # --8<-- [start:asymmetric]
    scores = q @ k.T  # the scores, before softmax
    print(f"it->cat: score {scores[0, 3]:.1f}, weight {weights[0, 3]:.2f}")
    print(f"cat->it: score {scores[3, 0]:.1f}, weight {weights[3, 0]:.2f}")
    #> it->cat: score 3.0, weight 0.76
    #> cat->it: score 1.2, weight 0.28
    # --8<-- [end:asymmetric]

    # --8<-- [start:tied]
    tied = q @ q.T  # W_K = W_Q: every Key is the word's own Query
    print(f"it->cat: score {tied[0, 3]:.1f}, cat->it: {tied[3, 0]:.1f}")
    print(f"it->it:  score {tied[0, 0]:.1f}, weight {softmax(tied)[0, 0]:.2f}")
    #> it->cat: score 6.4, cat->it: 6.4
    #> it->it:  score 19.8, weight 1.00
    # --8<-- [end:tied]

    # --8<-- [start:new_it]
    values = np.array([embedding[w] for w in words]) @ w_value  # (4, 3)
    new_it = weights[0] @ values  # (4,) @ (4, 3) -> (3,)
    for feature, amount in zip(value_features, new_it):
        print(f"{feature:<8}{amount:.2f}")
    #> animal  0.89
    #> pet     0.76
    #> weather 0.00

    print("same as new[0]:", np.allclose(new_it, new[0]))
    #> same as new[0]: True
    # --8<-- [end:new_it]

    # --8<-- [start:rain]
    # it is raining (它下雨了), word by word: it, rains, le (a particle)
    rain_weights, rain_new = self_attention(["it", "rains", "le"])
    print(rain_weights[0].round(2))  # "it" looks at the weather word
    #> [0.06 0.91 0.03]
    print(rain_new[0].round(2))      # and absorbs its meaning: weather
    #> [0.   0.   0.91]
    # --8<-- [end:rain]


if __name__ == "__main__":
    main()
