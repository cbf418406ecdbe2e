"""Three faces of one word: Query, Key and Value made from one embedding.

Page: the deep dive "What if W_K = W_Q?" (docs/*/asymmetry.md), which shows the tied
scores symmetric with random matrices too.
Run ``python -m snippets.projections``.
"""

# --8<-- [start:project]
import numpy as np


def project(x, w_query, w_key, w_value):
    """Q, K, V: three faces of the same word vectors x (n, d)."""
    x = np.asarray(x, dtype=float)
    # (n, d) @ (d, d_k) -> (n, d_k); the Values are (n, d_v)
    return x @ w_query, x @ w_key, x @ w_value


def score_matrix(queries, keys):
    """Entry [i, j]: how well word i's Query matches word j's Key."""
    # (n, d_k) @ (d_k, n) -> (n, n)
    return np.asarray(queries) @ np.asarray(keys).T
# --8<-- [end:project]


def main():
    # --8<-- [start:asymmetry]
    import numpy as np
    rng = np.random.default_rng(seed=2)
    x = rng.normal(size=(4, 3))    # random numbers: 4 words, 3 features
    w_q = rng.normal(size=(3, 3))  # (d, d_k)
    w_k = rng.normal(size=(3, 3))  # (d, d_k), learned separately

    q, k = x @ w_q, x @ w_k        # (n, d) @ (d, d_k) -> (n, d_k)
    separate = q @ k.T             # (n, d_k) @ (d_k, n) -> (n, n)
    print("symmetric?", np.allclose(separate, separate.T))
    #> symmetric? False

    q, k = x @ w_q, x @ w_q        # force W_K = W_Q
    shared = q @ k.T
    print("symmetric?", np.allclose(shared, shared.T))
    #> symmetric? True
    # --8<-- [end:asymmetry]


if __name__ == "__main__":
    main()
