"""Self-attention on "it is a cat" (它 / 是 / 一只 / 猫), with hand-made numbers.

Every number is chosen by hand and means something. A word's embedding says
what kind of word it is (four features) and what it means (two); W_Q says what
each kind of word looks for; W_K puts the kind of word, and "animal", on its
label (the Key); W_V hands over what the word means (the Value). So a Key is
not a Value: the Key of "cat" says "noun, animal", its Value "animal, pet".
A score is a sum over the Key's slots: "it" scores "cat" 2.0 (noun) + 1.0
(animal) = 3.0, the article's number, so a Query is not a list of scores;
"a" gets its medium 1.2 for being a measure word, as in the article.
The sentence 它下雨了 needs two features this one does not (weather, particle):
section ``widen`` adds them to a copy of the model, every old number unchanged.
Pages: "Self-attention", its deep dives "Where the three faces come from" and
"What if W_K = W_Q?", "Scores → weights", "A weighted sum of values".
Run ``python -m snippets.sentence``.
"""
from snippets.attention import dot_product_attention
from snippets.projections import project
from snippets.softmax import softmax

# --8<-- [start:embeddings]
import numpy as np

features = [
    "pronoun", "verb", "measure", "noun",  # the kind of word
    "animal", "pet",  # what the word means
]
words = ["it", "is", "a", "cat"]
vectors = [  # 1 = the word has this feature
    [1, 0, 0, 0, 0, 0],  # it: a pronoun
    [0, 1, 0, 0, 0, 0],  # is: a linking verb
    [0, 0, 1, 0, 0, 0],  # a: a measure word
    [0, 0, 0, 1, 1, 1],  # cat: a noun; an animal, a pet
]
embedding = dict(zip(words, vectors))  # word -> its vector
# --8<-- [end:embeddings]

# --8<-- [start:w_query]
# W_Q: what each kind of word looks for, in the Key's slots.
# (d, d_k) = (6, 5). The two meaning rows look for nothing.
w_query = np.array([
    # pron verb meas noun anim
    [0.5, 0.3, 1.2, 2.0, 1.0],  # pronoun: a noun, an animal, a measure
    [1.0, 2.0, 0.0, 0.0, 0.1],  # verb: verbs, then pronouns
    [0.2, 0.2, 1.2, 0.2, 0.8],  # measure: measures, animals
    [1.2, 0.2, 0.6, 1.0, 0.5],  # noun: pronouns, nouns
    [0.0, 0.0, 0.0, 0.0, 0.0],  # animal
    [0.0, 0.0, 0.0, 0.0, 0.0],  # pet
])
# --8<-- [end:w_query]

# --8<-- [start:w_key_value]
# W_K: the label (Key) is the kind of word, and "animal".  (6, 5)
w_key = np.array([
    # pron verb meas noun anim
    [1, 0, 0, 0, 0],  # pronoun
    [0, 1, 0, 0, 0],  # verb
    [0, 0, 1, 0, 0],  # measure
    [0, 0, 0, 1, 0],  # noun
    [0, 0, 0, 0, 1],  # animal: on the label too
    [0, 0, 0, 0, 0],  # pet: not on the label
])

# W_V: the contents (Value) are what the word means.  (6, 3)
value_features = ["refers", "animal", "pet"]
w_value = np.array([
    # refr anim pet
    [1, 0, 0],  # pronoun: "refers to something"
    [0, 0, 0],  # verb: none of these 3 meanings
    [0, 0.5, 0],  # measure: a little "animal" (zhi (只) counts animals)
    [0, 0, 0],  # noun
    [0, 1, 0],  # animal
    [0, 0, 1],  # pet
])
# --8<-- [end:w_key_value]

key_features = features[:5]  # the Key's slots (the explorer's column names)


# --8<-- [start:self_attention]
def self_attention(words):
    """Every word asks (Q) and answers (K, V)."""
    x = np.array([embedding[w] for w in words])  # (n, 6)
    q, k, v = x @ w_query, x @ w_key, x @ w_value
    scores = q @ k.T                    # (n, 5) @ (5, n) -> (n, n)
    weights = softmax(scores, axis=-1)  # each row sums to 1
    return weights, weights @ v         # (n, n) @ (n, 3) -> (n, 3)
# --8<-- [end:self_attention]


# --8<-- [start:widen]
# it is raining (它下雨了) needs two features "it is a cat" did not:
# "weather" (a meaning, also on labels: weather verbs take "it") and
# "particle" (such as le (了)). They go at the end of each vector.
rain_features = features + ["weather", "particle"]  # d = 8
rain_embedding = {w: v + [0, 0] for w, v in embedding.items()}
rain_embedding["rains"] = [0, 1, 0, 0, 0, 0, 1, 0]  # verb; weather
rain_embedding["le"] = [0, 0, 0, 0, 0, 0, 0, 1]     # particle

# Every matrix keeps its old numbers and gets a row per new feature.
rain_w_query = np.zeros((8, 7))  # Key slots: the 5 old, weather, particle
rain_w_query[:6, :5] = w_query   # the old numbers, unchanged
rain_w_query[0, 5] = 3.0         # a pronoun also looks for weather
rain_w_query[7, [1, 6]] = 1.0    # a particle looks for its verb, itself
rain_w_key = np.zeros((8, 7))
rain_w_key[:6, :5] = w_key
rain_w_key[6, 5] = rain_w_key[7, 6] = 1  # new labels: weather, particle
rain_w_value = np.zeros((8, 4))  # Value slots: the 3 old, weather
rain_w_value[:6, :3] = w_value
rain_w_value[6, 3] = 1           # weather is handed over
# --8<-- [end:widen]


# The article's words, for figure and table labels: the Chinese word, its English.
SENTENCE = ["它", "是", "一只", "猫"]
RAIN_SENTENCE = ["它", "下雨", "了"]
ENGLISH = {"它": "it", "是": "is", "一只": "a", "猫": "cat", "下雨": "rains", "了": "le"}
rain_value_features = value_features + ["weather"]
# The Chinese words name the same vectors (figures, tables and the notebook use them).
embedding.update({zh: embedding[en] for zh, en in ENGLISH.items() if en in embedding})
rain_embedding.update({zh: rain_embedding[en] for zh, en in ENGLISH.items()})


def _attend(x, w_q, w_k, w_v):
    """(weights (n, n), new (n, d_v)) of word vectors x (n, d) under three matrices: the
    chapters' projection and three-step attention, reused."""
    new, weights = dot_product_attention(*project(x, w_q, w_k, w_v))
    return weights, new


def rain_attention(words=RAIN_SENTENCE):
    """self_attention on the wider model of section ``widen``: (weights (n, n), new (n, 4))."""
    x = [rain_embedding[w] for w in words]  # (n, 8)
    return _attend(x, rain_w_query, rain_w_key, rain_w_value)


def face(word, matrix):
    """One face of `word`: its Query, Key or Value, its vector times w_query, w_key or w_value."""
    return np.asarray(embedding[word], dtype=float) @ matrix  # (d,) @ (d, m) -> (m,)


def sentence_scores(words=SENTENCE, *, tied=False):
    """The (n, n) scores Q @ K.T, before softmax; tied=True uses W_Q for the Keys too (W_K = W_Q)."""
    x = np.array([embedding[w] for w in words], dtype=float)  # (n, d)
    q = x @ w_query                                            # (n, d_k)
    k = x @ (w_query if tied else w_key)                       # (n, d_k)
    return q @ k.T                                             # (n, n)


def tied_new_it_meaning():
    """{value feature: amount} of the new 它 when W_K = W_Q (the explorer's "tie" box)."""
    x = [embedding[w] for w in SENTENCE]  # (4, 6)
    return dict(zip(value_features, _attend(x, w_query, w_query, w_value)[1][0]))  # row 0: 它


def sentence_weights():
    """The (4, 4) attention weights of 它 是 一只 猫: the heatmap."""
    return self_attention(SENTENCE)[0]


def new_it_shares():
    """How much of each word's value the new 它 is made of (row 0 of the weights)."""
    return dict(zip(SENTENCE, sentence_weights()[0]))


def new_it_meaning():
    """{value feature: amount} of the new 它 in 它是一只猫 (row 0 of self-attention's output)."""
    return dict(zip(value_features, self_attention(SENTENCE)[1][0]))


def rain_it_meaning():
    """{value feature: amount} of the new 它 in 它下雨了 (the wider model)."""
    return dict(zip(rain_value_features, rain_attention(RAIN_SENTENCE)[1][0]))


def main():
    # --8<-- [start:faces]
    words = ["it", "is", "a", "cat"]
    x = np.array([embedding[w] for w in words])  # one row per word
    q = x @ w_query  # what each word looks for
    k = x @ w_key    # what each word is found by
    v = x @ w_value  # what each word hands over
    # the Key and the Value of "cat"
    print(k[3], v[3])
    #> [0 0 0 1 1] [0. 1. 1.]
    # --8<-- [end:faces]

    # --8<-- [start:scores_rows]
    scores = q @ k.T  # (4 words, 5 slots) @ (5 slots, 4 words) -> (4, 4)
    for word, row in zip(words, scores):
        print(word, *(f"{s:.1f}" for s in row))
    #> it 0.5 0.3 1.2 3.0
    #> is 1.0 2.0 0.0 0.1
    #> a 0.2 0.2 1.2 1.0
    #> cat 1.2 0.2 0.6 1.5
    # --8<-- [end:scores_rows]

    # --8<-- [start:heatmap_rows]
    words = ["it", "is", "a", "cat"]
    weights, new = self_attention(words)
    for word, row in zip(words, weights):
        print(word, row.round(2))
    #> it [0.06 0.05 0.13 0.76]
    #> is [0.22 0.61 0.08 0.09]
    #> a [0.14 0.14 0.39 0.32]
    #> cat [0.31 0.11 0.17 0.41]
    # --8<-- [end:heatmap_rows]

    # --8<-- [start:asymmetric]
    scores = q @ k.T  # the scores, before softmax
    print(f"it->cat: score {scores[0, 3]:.1f}, weight {weights[0, 3]:.2f}")
    print(f"cat->it: score {scores[3, 0]:.1f}, weight {weights[3, 0]:.2f}")
    #> it->cat: score 3.0, weight 0.76
    #> cat->it: score 1.2, weight 0.31
    # --8<-- [end:asymmetric]

    # --8<-- [start:tied]
    tied = q @ q.T  # W_K = W_Q: every Key is the word's own Query
    print(f"it->cat: score {tied[0, 3]:.1f}, cat->it: {tied[3, 0]:.1f}")
    print(f"it->it:  score {tied[0, 0]:.1f}, weight {softmax(tied)[0, 0]:.2f}")
    #> it->cat: score 3.9, cat->it: 3.9
    #> it->it:  score 6.8, weight 0.93
    # --8<-- [end:tied]

    # --8<-- [start:new_it]
    values = np.array([embedding[w] for w in words]) @ w_value  # (4, 3)
    new_it = weights[0] @ values  # (4,) @ (4, 3) -> (3,)
    for feature, amount in zip(value_features, new_it):
        print(f"{feature:<8}{amount:.2f}")
    #> refers  0.06
    #> animal  0.82
    #> pet     0.76

    print("same as new[0]:", np.allclose(new_it, new[0]))
    #> same as new[0]: True
    # --8<-- [end:new_it]

    # --8<-- [start:rain]
    # it is raining (它下雨了), word by word: it, rains, le (a particle)
    x = np.array([rain_embedding[w] for w in ["it", "rains", "le"]])
    q, k, v = x @ rain_w_query, x @ rain_w_key, x @ rain_w_value
    rain_weights = softmax(q @ k.T, axis=-1)  # (3, 3)
    print(rain_weights[0].round(2))  # "it" looks at the weather word
    #> [0.06 0.91 0.03]
    print((rain_weights @ v)[0].round(2))  # and takes its meaning
    #> [0.06 0.   0.   0.91]
    # --8<-- [end:rain]


if __name__ == "__main__":
    main()
