"""Attention: compare a query with every key, softmax, mix the values.

Page: "A weighted sum of values" (docs/*/weighted-sum.md) and the summary's
preview of softmax(QKᵀ/√dₖ)V. Run ``python -m snippets.attention``.
"""
import numpy as np

from snippets.softmax import softmax


# --8<-- [start:attention]
def attention(query, key, value, *, scale=None):
    """Return (output, weights): each query's weighted mix of the values.

    scale=None uses 1/sqrt(d_k), as PyTorch does; scale=1.0 is the plain dot
    product of the article. Leading batch dimensions are carried along, and a
    single query vector (d,) gives an output (d_v,) and weights (n_k,).
    """
    query = _as_real_array(query, "query")  # input checks: see below
    key = _as_real_array(key, "key")
    value = _as_real_array(value, "value")
    if query.ndim == 1:  # one question, many books: (d,) -> (1, d)
        output, weights = attention(query[None, :], key, value, scale=scale)
        return output[..., 0, :], weights[..., 0, :]  # drop the n_q axis
    _check_shapes(query, key, value)
    scale = _scale(scale, d_k=key.shape[-1])  # 1/sqrt(d_k) unless given
    # 1. scores: (..., n_q, d) @ (..., d, n_k) -> (..., n_q, n_k)
    scores = (query * scale) @ np.swapaxes(key, -1, -2)
    # 2. softmax over the keys, each row sums to 1 (out= reuses the memory)
    weights = softmax(scores, axis=-1, out=scores)  # (..., n_q, n_k)
    # 3. weighted sum: (..., n_q, n_k) @ (..., n_k, d_v) -> (..., n_q, d_v)
    output = weights @ value
    return output, weights
# --8<-- [end:attention]


# --8<-- [start:attention_checks]
def _as_real_array(x, name):
    """`x` as a float array, or TypeError/ValueError naming `name`."""
    x = np.asarray(x)
    if x.dtype.kind not in "biuf":
        raise TypeError(f"attention: {name} must be real numbers, "
                        f"got dtype {x.dtype}")
    if x.dtype.kind != "f":
        x = x.astype(np.float64)
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


def _scale(scale, d_k):
    """1/sqrt(d_k) by default, as a Python float so float32 stays float32."""
    if scale is None:
        return 1.0 / d_k ** 0.5
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
    query = np.array([1.0, 0.0])                  # one question: (d,) = (2,)
    key = np.array([[1.0, 0.0],                   # three labels: (n_k, d) = (3, 2)
                    [0.0, 1.0],
                    [1.0, 1.0]])
    value = np.array([[10.0], [20.0], [30.0]])    # contents: (n_k, d_v) = (3, 1)
    output, weights = attention(query, key, value, scale=1.0)
    print(weights.round(3), output.round(3))
    #> [0.422 0.155 0.422] [20.]
    # --8<-- [end:one_query]

    # --8<-- [start:scale]
    rng = np.random.default_rng(0)
    q, k, v = rng.normal(size=(3, 4, 64))         # 4 words, d = 64
    _, plain = attention(q, k, v, scale=1.0)      # the article's plain dot product
    _, scaled = attention(q, k, v)                # default scale 1/sqrt(64) = 1/8
    print(plain.max(axis=-1).round(2))            # the top weight in each row
    print(scaled.max(axis=-1).round(2))           # calmer after scaling
    #> [0.98 0.96 0.84 0.77]
    #> [0.48 0.4  0.37 0.44]
    # --8<-- [end:scale]


if __name__ == "__main__":
    main()
