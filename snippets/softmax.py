"""Softmax: turn raw relevance scores into weights that sum to 1.

Page: "Relevance → weights" (docs/*/weights.md). Run ``python -m snippets.softmax``
to print the article's worked example.
"""

# --8<-- [start:softmax]
import numpy as np


def softmax(scores, axis=-1, *, out=None):
    """Weights along `axis` that are positive and sum to 1.

    A score of -inf gets weight 0 (that is how masking works later on).
    `out=scores` reuses the memory of a scores array you no longer need.
    """
    scores, largest = _check_scores(scores, axis)  # input checks: see below
    # 1. subtract the largest score: same result, but exp() cannot overflow
    exps = np.subtract(scores, largest, out=out)  # (..., n) - (..., 1)
    # 2. exp: every value is now in [0, 1], the largest one is exactly 1
    np.exp(exps, out=exps)  # (..., n)
    # 3. normalise: divide by the total, so each slice sums to 1
    exps /= exps.sum(axis=axis, keepdims=True)  # (..., n) / (..., 1)
    return exps
# --8<-- [end:softmax]


# --8<-- [start:softmax_checks]
def _check_scores(scores, axis):
    """Return (scores as floats, their largest value along `axis`).

    Raise TypeError or ValueError saying what is wrong and where.
    """
    scores = np.asarray(scores)
    if scores.dtype.kind not in "biuf":
        raise TypeError("softmax: scores must be real numbers, "
                        f"got dtype {scores.dtype}")
    if scores.size == 0 or scores.ndim == 0:
        raise ValueError("softmax: need at least one score along an axis, "
                         f"got shape {scores.shape}")
    if scores.dtype.kind != "f":
        scores = scores.astype(np.float64)  # ints -> float64; float32 stays
    largest = scores.max(axis=axis, keepdims=True)  # (..., 1)
    if not np.isfinite(largest).all():  # NaN and +inf show up in the max
        _raise_for_bad_scores(scores, largest, axis)
    return scores, largest


def _raise_for_bad_scores(scores, largest, axis):
    """Say what is wrong and where (NaN, +inf, or a slice of only -inf)."""
    for problem, found in (("NaN", np.isnan(scores)),
                           ("+inf", np.isposinf(scores))):
        if found.any():
            where = tuple(int(i) for i in np.argwhere(found)[0])
            raise ValueError(
                f"softmax: scores contain {problem} at index {where}")
    where = tuple(int(i) for i in np.argwhere(np.isneginf(largest))[0])
    raise ValueError(
        f"softmax: every score is -inf in the slice at {where} "
        f"along axis {axis}; at least one score must be finite"
    )
# --8<-- [end:softmax_checks]


def sharpen(scores, temperature):
    """softmax(scores / temperature): a low temperature sharpens, a high one flattens."""
    if isinstance(temperature, bool) or not isinstance(temperature, (int, float, np.number)):
        raise TypeError(f"temperature must be a number, got {type(temperature).__name__}")
    if not np.isfinite(temperature) or temperature <= 0:
        raise ValueError(f"temperature must be a finite number > 0, got {temperature}")
    return softmax(np.asarray(scores, dtype=np.float64) / temperature)


ARTICLE_WORDS = ["它", "是", "一只", "猫"]  # it / is / a / cat
ARTICLE_SCORES = [0.5, 0.3, 1.2, 3.0]  # the article's raw scores from 它 to each word


def main():
    # --8<-- [start:article_scores]
    words = ["它", "是", "一只", "猫"]  # it / is / a / cat
    scores = np.array([0.5, 0.3, 1.2, 3.0])  # how relevant each word is to 它: (4,)
    weights = softmax(scores)  # (4,) -> (4,), sums to 1

    for word, weight in zip(words, weights):
        print(f"{word:<4}{weight:.2f}")
    #> 它   0.06
    #> 是   0.05
    #> 一只  0.13
    #> 猫   0.76

    print(f"sum = {weights.sum():.2f}")
    #> sum = 1.00
    # --8<-- [end:article_scores]

    # --8<-- [start:amplify]
    # softmax widens gaps: compare the ratio of scores with the ratio of weights
    print(f"{scores[3] / scores[2]:.1f}x the score,",
          f"{weights[3] / weights[2]:.1f}x the weight")
    #> 2.5x the score, 6.0x the weight
    # --8<-- [end:amplify]

    # --8<-- [start:temperature]
    for temperature in [0.5, 1.0, 2.0]:  # divide the scores before softmax
        print(temperature, softmax(scores / temperature).round(2))
    #> 0.5 [0.01 0.   0.03 0.96]
    #> 1.0 [0.06 0.05 0.13 0.76]
    #> 2.0 [0.15 0.13 0.21 0.51]
    # --8<-- [end:temperature]

    # --8<-- [start:stable]
    print(softmax([1000.0, 0.0, 0.0]))  # naive exp(1000) would overflow to inf
    #> [1. 0. 0.]
    print(softmax([2.0, 1.0, -np.inf]))  # -inf gets exactly 0 (masking)
    #> [0.73105858 0.26894142 0.        ]
    # --8<-- [end:stable]


if __name__ == "__main__":
    main()
