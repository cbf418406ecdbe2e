"""The playground's state: the article's four scores at temperature 1, and the sliders' ranges.

Page: "Scores → weights" (docs/*/weights.md). The weights come from snippets.softmax, the twin of
the softmax in docs/assets/javascripts/widgets-core.js that recomputes them as a reader drags.
"""
import numpy as np

from snippets.softmax import ARTICLE_SCORES, softmax

# Slider ranges (the JavaScript softmax itself works for any finite scores).
SCORE_RANGE = (-5.0, 5.0, 0.1)  # min, max, step
TEMPERATURE_RANGE = (0.1, 5.0, 0.1)
TEMPERATURE = 1.0

# The readout "猫 gets r times the weight of 一只": word indices (numerator, denominator).
RATIO_PAIR = (3, 2)
GIST_LIMIT = 1e4  # beyond this ratio (or below its inverse) the readout says it in words too


def initial_state():
    """The article's scores at temperature 1, and their weights from snippets.softmax."""
    scores = np.asarray(ARTICLE_SCORES, dtype=np.float64)  # (4,)
    weights = softmax(scores / TEMPERATURE)  # (4,) -> (4,)
    return [float(s) for s in scores], TEMPERATURE, [float(w) for w in weights]
