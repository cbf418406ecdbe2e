"""The exercises on the article's four scores turned into weights (snippets/softmax.py; pages
weights, softmax and faq): equal scores, a shift, a mask, a temperature, a ratio of weights and
the budget left over.

Each picks a case the pages do not print, so that the reader computes rather than reads.
"""
import numpy as np

from attention_site.exercises.model import RATIO_TOLERANCE, WEIGHT_TOLERANCE, Exercise, softmax
from snippets.softmax import ARTICLE_CAT_WEIGHT, ARTICLE_SCORES, ARTICLE_WORDS

IS, A, CAT = (ARTICLE_WORDS.index(w) for w in ("是", "一只", "猫"))


def exercises():
    scores = np.asarray(ARTICLE_SCORES, dtype=np.float64)  # (4,)
    weights = softmax(scores)  # (4,)
    return [equal(), shift(scores, weights), mask(scores, weights), temperature(scores, weights),
            ratio(scores, weights), budget(weights)]


def equal():
    """Four equal scores: the weight of each word."""
    weights = softmax(np.full(4, 2.0))
    return Exercise(
        "weights-equal", "weights", "number", float(weights[0]), mistakes={"half": 0.5},
        tolerance=WEIGHT_TOLERANCE, percent=True, code="weights_equal",
        code_value=lambda ns: ns["weights"], code_expected=weights)


def shift(scores, weights):
    """Every score plus 10: the weight of 猫."""
    shifted = softmax(scores + 10)
    return Exercise(
        "weights-shift", "weights", "number", float(shifted[CAT]),
        values={"cat": float(weights[CAT]), "shift": 10, "article": ARTICLE_CAT_WEIGHT},
        mistakes={"article": ARTICLE_CAT_WEIGHT,  # "unchanged", with the article's rough figure
                  "to_weight": float(weights[CAT]) + 10},  # R26: the 10 added to the weight
        tolerance=WEIGHT_TOLERANCE, percent=True, code="weights_shift",
        code_value=lambda ns: ns["exps"] / ns["exps"].sum(), code_expected=shifted)


def mask(scores, weights):
    """The score of 猫 masked with -inf: its weight."""
    masked_scores = scores.copy()
    masked_scores[CAT] = -np.inf
    masked = softmax(masked_scores)
    return Exercise(
        "weights-mask", "softmax", "number", float(masked[CAT]),
        values={"a": float(masked[A]), "a_before": float(weights[A]), "cat": float(weights[CAT])},
        mistakes={"cat": float(weights[CAT])},
        tolerance=0.001, percent=True, code="weights_mask",  # exactly 0: "0.01" is the lesson's opposite
        code_value=lambda ns: ns["weights"], code_expected=masked)


def temperature(scores, weights):
    """The scores divided by a temperature of 0.8: the weight of 猫."""
    cold = softmax(scores / 0.8)  # not one of the temperatures the page prints (0.5, 1, 2)
    return Exercise(
        "weights-temperature", "softmax", "number", float(cold[CAT]),
        values={"temperature": 0.8, "cat": float(weights[CAT])}, mistakes={"cat": float(weights[CAT])},
        tolerance=WEIGHT_TOLERANCE, percent=True, code="weights_temperature",
        code_value=lambda ns: ns["weights"], code_expected=cold)


def ratio(scores, weights):
    """Differences, not ratios: "cat" against "is", not "a" (the weights chapter works "cat" against
    "a"; R41 zh: 6.05 again)."""
    value = float(weights[CAT] / weights[IS])
    return Exercise(
        "mis-ratio", "softmax", "number", value,
        values={"cat_score": float(scores[CAT]), "is_score": float(scores[IS]),
                "score_ratio": float(scores[CAT] / scores[IS]), "gap": float(scores[CAT] - scores[IS])},
        tolerance=2 * RATIO_TOLERANCE, fmt="ratio", code="mis_ratio",  # 0.76 / 0.05 off the page: 15.2
        mistakes={"score_ratio": float(scores[CAT] / scores[IS])},
        # the section's scores are the article's, in its order (it, is, a, cat)
        code_value=lambda ns: ns["weights"][CAT] / ns["weights"][IS], code_expected=value)


def budget(weights):
    """What the other three words share once 猫 has its weight."""
    return Exercise(
        "faq-budget", "faq", "number", float(1 - weights[CAT]), values={"cat": float(weights[CAT])},
        mistakes={"cat": float(weights[CAT])},
        tolerance=WEIGHT_TOLERANCE, percent=True)
