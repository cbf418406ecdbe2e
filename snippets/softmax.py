"""Softmax: turn scores into weights that sum to 1.

Page: "Scores → weights" (docs/*/weights.md). Run ``python -m snippets.softmax``
to print the article's worked example.

Two versions of one function. The chapter shows the idea, three steps
(section ``idea``); it is kept as ``teaching_softmax``. The ``softmax`` that
the rest of the site imports (section ``softmax``, defined right after it and
so replacing the name) does the same three steps, plus input checks and
``out=``; tests/test_softmax.py proves that both give the same weights.
"""

# --8<-- [start:idea]
import numpy as np


def softmax(scores, axis=-1):
    """Scores in, weights out: positive, adding up to 1."""
    # 1. subtract the largest score, so exp() can't overflow
    largest = np.max(scores, axis=axis, keepdims=True)
    shifted = scores - largest
    # 2. exp turns every score into a positive number
    exps = np.exp(shifted)
    # 3. divide by the total, so the weights add up to 1
    return exps / np.sum(exps, axis=axis, keepdims=True)
# --8<-- [end:idea]


teaching_softmax = softmax  # the three steps above, under a name of its own


# --8<-- [start:softmax]
import numpy as np


def softmax(scores, axis=-1, *, out=None):
    """Weights along `axis` that are positive and sum to 1.

    The same three steps as the short version, plus input checks.
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
    if not _is_real(scores.dtype):
        raise TypeError("softmax: scores must be real numbers, "
                        f"got dtype {scores.dtype}")
    if scores.size == 0 or scores.ndim == 0:
        raise ValueError("softmax: need at least one score along an axis, "
                         f"got shape {scores.shape}")
    if not np.issubdtype(scores.dtype, np.floating):
        scores = scores.astype(np.float64)  # ints -> float64; float32 stays
    largest = scores.max(axis=axis, keepdims=True)  # (..., 1)
    if not np.isfinite(largest).all():  # NaN and +inf show up in the max
        _raise_for_bad_scores(scores, largest, axis)
    return scores, largest


def _is_real(dtype):
    """Bool, integers or floats: not complex numbers, text,
    objects, dates or time spans."""
    return (dtype == bool or np.issubdtype(dtype, np.floating)
            or (np.issubdtype(dtype, np.integer)
                and not np.issubdtype(dtype, np.timedelta64)))


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
ARTICLE_SCORES = [0.5, 0.3, 1.2, 3.0]  # the article's scores from 它 to each word
ARTICLE_CAT_WEIGHT = 0.78  # the article's rough weight for 猫 (softmax of its scores gives a little less)


def main():
    # --8<-- [start:article_scores]
    # --8<-- [start:scores]
    words = ["it", "is", "a", "cat"]
    # the scores "it" gives each word (before softmax)
    scores = np.array([0.5, 0.3, 1.2, 3.0])
    # --8<-- [end:scores]
    weights = softmax(scores)

    for word, weight in zip(words, weights):
        print(f"{word:<4}{weight:.2f}")
    #> it  0.06
    #> is  0.05
    #> a   0.13
    #> cat 0.76

    print(f"sum = {weights.sum():.2f}")
    #> sum = 1.00
    # --8<-- [end:article_scores]

    # --8<-- [start:amplify]
    weights = softmax(scores)  # the weights of "it", as above
    # a lead of d points becomes e^d times the weight
    for i, j in [(3, 2), (0, 1)]:  # cat vs a, it vs is
        lead = scores[i] - scores[j]
        ratio = weights[i] / weights[j]
        print(f"{words[i]} vs {words[j]}: {lead:.1f} ahead, "
              f"{ratio:.2f}x the weight, "
              f"e^{lead:.1f} = {np.exp(lead):.2f}")
    #> cat vs a: 1.8 ahead, 6.05x the weight, e^1.8 = 6.05
    #> it vs is: 0.2 ahead, 1.22x the weight, e^0.2 = 1.22
    # --8<-- [end:amplify]

    # --8<-- [start:temperature]
    # divide the scores by a temperature t, then softmax
    for t in [0.5, 1.0, 2.0]:
        print(t, softmax(scores / t).round(2))
    #> 0.5 [0.01 0.   0.03 0.96]
    #> 1.0 [0.06 0.05 0.13 0.76]
    #> 2.0 [0.15 0.13 0.21 0.51]
    # --8<-- [end:temperature]

    # --8<-- [start:stable]
    # exp(1000) alone would overflow to inf; shifted, it is fine
    print(softmax([1000.0, 0.0, 0.0]))
    #> [1. 0. 0.]
    # a score of -inf gets a weight of exactly 0 (masking)
    print(softmax([2.0, 1.0, -np.inf]))
    #> [0.73105858 0.26894142 0.        ]
    # --8<-- [end:stable]

    # --8<-- [start:sum_to_one]
    # big scores or small, many or few: the weights add up to 1
    for some in ([0.5, 0.3, 1.2, 3.0], [100.0, 200.0], [-5.0] * 3):
        shares = softmax(np.array(some))
        print(shares.round(2), shares.sum().round(6))
    #> [0.06 0.05 0.13 0.76] 1.0
    #> [0. 1.] 1.0
    #> [0.33 0.33 0.33] 1.0
    # --8<-- [end:sum_to_one]

    # --8<-- [start:bad_input]
    bad = np.array([1.0, np.nan])  # a NaN slipped into the scores
    exps = np.exp(bad - np.max(bad))  # the three steps, no checks
    print(exps / np.sum(exps))
    #> [nan nan]
    try:
        softmax(bad)  # the full version stops and says where
    except ValueError as error:
        print(error)
    #> softmax: scores contain NaN at index (1,)
    # --8<-- [end:bad_input]


if __name__ == "__main__":
    main()
