"""Attention: compare each query with every key, softmax, mix the values.

Two versions of one idea. The deep dive "Attention in one function"
(docs/*/formula.md) shows ``dot_product_attention``: three lines,
scores -> weights -> mix, the article's plain dot product, and runs it on
one question and three books (section ``one_query``). The appendix
"Under the hood" (docs/*/under-the-hood.md) shows ``attention``, the sturdy
version the figures, tests and benchmark use: scaled by 1/sqrt(d_k) unless
told otherwise, batched, checked. tests/test_attention.py proves they agree.
Run ``python -m snippets.attention``.
"""
import numpy as np

from snippets.softmax import softmax


# --8<-- [start:dot_product_attention]
def dot_product_attention(query, key, value):
    """Mix the values by how well each key matches each query."""
    # 1. scores: (n_q, d) @ (d, n_k) -> (n_q, n_k)
    scores = query @ key.T
    # 2. weights: softmax over the keys, each row sums to 1
    weights = softmax(scores, axis=-1)
    # 3. weighted sum of the values: (n_q, n_k) @ (n_k, d_v)
    output = weights @ value
    return output, weights
# --8<-- [end:dot_product_attention]


# --8<-- [start:attention]
def attention(query, key, value, *, scale=None):
    """dot_product_attention made sturdy: scaled, batched, checked.

    scale=None divides the scores by sqrt(d_k), PyTorch's default;
    1.0 is the plain dot product. Batches (..., n, d) and one query (d,).
    """
    query, key, value = _check_inputs(query, key, value)  # see below
    if query.ndim == 1:  # one query: (d,) -> (1, d) and back
        output, weights = attention(query[None], key, value, scale=scale)
        return output[..., 0, :], weights[..., 0, :]
    key_t = np.swapaxes(key, -1, -2)  # (..., n_k, d) -> (..., d, n_k)
    scores = (query * _scale(scale, key)) @ key_t  # (..., n_q, n_k)
    weights = softmax(scores, axis=-1, out=scores)  # in place
    output = weights @ value  # (..., n_q, n_k) @ (..., n_k, d_v)
    return output, weights
# --8<-- [end:attention]


# --8<-- [start:attention_checks]
def _check_inputs(query, key, value):
    """The three inputs as float arrays whose shapes fit together."""
    query = _as_real_array(query, "query")
    key = _as_real_array(key, "key")
    value = _as_real_array(value, "value")
    _check_shapes(query, key, value)
    return query, key, value


def _as_real_array(x, name):
    """`x` as a float array, or TypeError/ValueError naming `name`."""
    x = np.asarray(x)
    if x.dtype == bool or np.issubdtype(x.dtype, np.integer):
        x = x.astype(np.float64)  # float32 and float64 stay as they are
    if not np.issubdtype(x.dtype, np.floating):
        raise TypeError(f"attention: {name} must be real numbers, "
                        f"got dtype {x.dtype}")
    if not np.isfinite(x).all():
        raise ValueError(f"attention: {name} {x.shape} contains NaN or inf")
    return x


def _check_shapes(query, key, value):
    """ValueError naming all three shapes unless they fit together."""
    shapes = f"query {query.shape}, key {key.shape}, value {value.shape}"
    if key.ndim < 2 or value.ndim < 2:
        raise ValueError("attention: key and value need shape (n_k, d) "
                         f"at least; got {shapes}")
    if key.shape[-2] == 0:
        raise ValueError(f"attention: the key sequence is empty; got {shapes}")
    if query.shape[-1] != key.shape[-1]:
        raise ValueError(f"attention: query width {query.shape[-1]} != "
                         f"key width {key.shape[-1]}; got {shapes}")
    if key.shape[-1] == 0:
        raise ValueError("attention: query and key have width 0, "
                         f"nothing to compare; got {shapes}")
    if key.shape[-2] != value.shape[-2]:
        raise ValueError(f"attention: {key.shape[-2]} keys but "
                         f"{value.shape[-2]} values; got {shapes}")
    try:
        np.broadcast_shapes(query.shape[:-2], key.shape[:-2],
                            value.shape[:-2])
    except ValueError:
        raise ValueError("attention: batch dimensions do not match; "
                         f"got {shapes}") from None


def _scale(scale, key):
    """1/sqrt(d_k) by default (d_k: the width of each key), as a Python
    float so that float32 stays float32."""
    if scale is None:
        return 1.0 / key.shape[-1] ** 0.5
    number = (int, float, np.integer, np.floating)
    if isinstance(scale, bool) or not isinstance(scale, number):
        raise TypeError("attention: scale must be a number or None, "
                        f"got {type(scale).__name__}")
    if not np.isfinite(scale):
        raise ValueError(f"attention: scale must be finite, got {scale}")
    return float(scale)
# --8<-- [end:attention_checks]


def main():
    # --8<-- [start:one_query]
    # one question, three books: query (2,), key (3, 2)
    # two topics on each label: cats, cooking
    query = np.array([1.0, 0.0])  # the question: about cats
    # labels: book 1 cats, book 2 cooking, book 3 both
    key = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    value = np.array([[10.0], [20.0], [50.0]])  # contents
    output, weights = dot_product_attention(query, key, value)
    print(weights.round(2), output.round(2))
    #> [0.42 0.16 0.42] [28.45]
    # --8<-- [end:one_query]

    # --8<-- [start:scale]
    rng = np.random.default_rng(0)
    # random stand-ins for Q and K: 4 words, 64 numbers each
    d_k = 64
    query = rng.normal(size=(4, d_k))
    key = rng.normal(size=(4, d_k))
    plain = softmax(query @ key.T, axis=-1)
    # QK^T / sqrt(d_k): every score divided by sqrt(64) = 8
    scaled = softmax(query @ key.T / np.sqrt(d_k), axis=-1)
    print(plain.max(axis=-1).round(2))   # top weight of each row
    print(scaled.max(axis=-1).round(2))  # calmer after scaling
    #> [0.98 0.96 0.84 0.77]
    #> [0.48 0.4  0.37 0.44]
    # --8<-- [end:scale]

    # --8<-- [start:agree]
    rng = np.random.default_rng(1)
    # three random tables q, k, v: 5 words, 8 numbers each
    q, k, v = rng.normal(size=(3, 5, 8))
    simple, _ = dot_product_attention(q, k, v)
    sturdy, _ = attention(q, k, v, scale=1.0)
    print("same output:", np.allclose(simple, sturdy))
    #> same output: True
    # the default scale: the same as dividing q by sqrt(d_k)
    scaled, _ = dot_product_attention(q / np.sqrt(8), k, v)
    default, _ = attention(q, k, v)
    print("same output:", np.allclose(scaled, default))
    #> same output: True
    # --8<-- [end:agree]

    # --8<-- [start:batch]
    rng = np.random.default_rng(2)
    # 2 sentences x 4 heads, 5 words each, d = 8:
    # a Query, a Key and a Value table for every head
    q, k, v = rng.normal(size=(3, 2, 4, 5, 8))
    output, weights = attention(q, k, v)
    print(output.shape, weights.shape)
    #> (2, 4, 5, 8) (2, 4, 5, 5)
    print("rows sum to 1:", np.allclose(weights.sum(axis=-1), 1))
    #> rows sum to 1: True
    # --8<-- [end:batch]


if __name__ == "__main__":
    main()
