"""The explorer's model: one layer of self-attention on the chapters' sentence, in numpy.

The sentence (它 / 是 / 一只 / 猫), its embeddings E and the matrices W_Q, W_K, W_V are read
through snippets.sentence (never copied); the scale is the one that reproduces
sentence.self_attention. compute() is the reference explorer.js must match
(tests/test_explorer_browser.py compares them on many models).
"""
import numpy as np

from snippets import sentence
from snippets.softmax import softmax

TEMPERATURE = 1.0
TEMPERATURE_RANGE = (0.1, 5.0, 0.1)  # min, max, step of the slider
STEPS = 6


def plain(array):
    """A numpy array as nested lists of Python floats (JSON-ready)."""
    return np.asarray(array, dtype=np.float64).tolist()


def compute(model):
    """(scores, weights, output) of a model dict, with numpy and snippets.softmax.

    scores = (E W_Q)(E W_K)^T (n, n); weights = softmax(scores * scale / temperature)
    row by row (n, n); output = weights @ (E W_V) (n, d_v).
    """
    e = np.asarray(model["embeddings"], dtype=np.float64)  # (n, d)
    q = e @ np.asarray(model["w_query"], dtype=np.float64)  # (n, d) @ (d, d_k) -> (n, d_k)
    k = e @ np.asarray(model["w_key"], dtype=np.float64)  # (n, d) @ (d, d_k) -> (n, d_k)
    v = e @ np.asarray(model["w_value"], dtype=np.float64)  # (n, d) @ (d, d_v) -> (n, d_v)
    scores = q @ k.T  # (n, d_k) @ (d_k, n) -> (n, n)
    weights = softmax(scores * model["scale"] / model["temperature"], axis=-1)  # (n, n)
    return scores, weights, weights @ v  # (n, n) @ (n, d_v) -> (n, d_v)


def chapter_scale():
    """The factor the chapter multiplies its scores by: 1 (plain dot product) or 1/sqrt(d_k).

    Read off snippets.sentence itself: the candidate whose softmax reproduces
    sentence.self_attention's weights. Raises if none does (the chapter's
    attention changed in a way the explorer does not model).
    """
    words = list(sentence.SENTENCE)
    expected, _ = sentence.self_attention(words)
    d_k = np.asarray(sentence.w_key).shape[1]
    candidates = [getattr(sentence, name) for name in ("SCALE", "scale") if hasattr(sentence, name)]
    candidates += [1.0, 1.0 / d_k ** 0.5]
    for scale in candidates:
        model = _model(words, float(scale))
        if np.allclose(compute(model)[1], expected, rtol=0, atol=1e-12):
            return float(scale)
    raise ValueError("explorer: no scale reproduces snippets.sentence.self_attention's weights")


def _model(words, scale):
    return {
        "words": list(words),
        "embeddings": plain([sentence.embedding[w] for w in words]),  # (n, d)
        "w_query": plain(sentence.w_query),  # (d, d_k)
        "w_key": plain(sentence.w_key),  # (d, d_k)
        "w_value": plain(sentence.w_value),  # (d, d_v)
        "scale": scale,
        "temperature": TEMPERATURE,
    }


def chapter_model():
    """The chapter's sentence, embeddings and matrices, as the explorer starts."""
    return _model(sentence.SENTENCE, chapter_scale())


def _one_hot_names(matrix):
    """Names of a matrix's columns when each column picks exactly one feature (a 0/1 column
    with a single 1), e.g. W_K (d, d_k) -> ["pronoun", "verb", ...]; else None."""
    matrix = np.asarray(matrix)
    names = []
    for column in matrix.T:
        ones = np.flatnonzero(column)
        if len(ones) != 1 or column[ones[0]] != 1:
            return None
        names.append(sentence.features[ones[0]])
    return names


def column_names(kind):
    """English feature names of the columns of E ("e"), Q and K ("k"), V ("v"), or None.

    From snippets.sentence: `features` for E; `key_features` / `value_features`
    when the module has them, else read off W_K / W_V when each column copies one
    feature; None (columns numbered 1, 2, ...) otherwise.
    """
    if kind == "e":
        return list(sentence.features)
    matrix = sentence.w_key if kind == "k" else sentence.w_value
    names = getattr(sentence, "key_features" if kind == "k" else "value_features", None)
    names = list(names) if names is not None else _one_hot_names(matrix)
    if names is not None and len(names) != np.asarray(matrix).shape[1]:
        return None
    return names
