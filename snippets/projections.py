"""Three faces of one word: Query, Key and Value made from one embedding.

Page: "From the analogy back to word vectors" (docs/*/word-vectors.md).
Run ``python -m snippets.projections``.
"""

# --8<-- [start:project]
import numpy as np


def project(embeddings, w_query, w_key, w_value):
    """Q, K, V: three views of the same embeddings, one matrix each.

    (n, d) @ w_query (d, d_k) -> Q (n, d_k)  "what I am looking for"
    (n, d) @ w_key   (d, d_k) -> K (n, d_k)  "what I can be found by"
    (n, d) @ w_value (d, d_v) -> V (n, d_v)  "what I hand over"
    """
    embeddings = np.asarray(embeddings, dtype=float)
    if embeddings.ndim != 2:
        raise ValueError("project: embeddings must be (n, d), "
                         f"got shape {embeddings.shape}")
    faces = []
    named = (("w_query", w_query), ("w_key", w_key), ("w_value", w_value))
    for name, w in named:
        w = np.asarray(w, dtype=float)
        if w.ndim != 2 or w.shape[0] != embeddings.shape[1]:
            d = embeddings.shape[1]
            raise ValueError(f"project: {name} must be (d={d}, width), "
                             f"got shape {w.shape}")
        faces.append(embeddings @ w)  # (n, d) @ (d, width) -> (n, width)
    return tuple(faces)


def score_matrix(queries, keys):
    """Entry [i, j]: how much word i's question matches word j's label."""
    # (n, d_k) @ (d_k, n) -> (n, n)
    return np.asarray(queries) @ np.asarray(keys).T
# --8<-- [end:project]


def main():
    # --8<-- [start:asymmetry]
    rng = np.random.default_rng(seed=2)
    x = rng.normal(size=(4, 3))        # 4 words, 3 features each: (n, d) = (4, 3)
    w_q = rng.normal(size=(3, 3))      # (d, d_k)
    w_k = rng.normal(size=(3, 3))      # (d, d_k), learned separately
    w_v = np.eye(3)                    # values do not matter for the scores

    q, k, _ = project(x, w_q, w_k, w_v)
    separate = score_matrix(q, k)
    print(np.allclose(separate, separate.T))   # does A->B equal B->A?
    #> False

    q, k, _ = project(x, w_q, w_q, w_v)        # force W_Q = W_K
    shared = score_matrix(q, k)
    print(np.allclose(shared, shared.T))
    #> True
    # --8<-- [end:asymmetry]


if __name__ == "__main__":
    main()
