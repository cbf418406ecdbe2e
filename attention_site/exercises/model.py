"""What an exercise is: the `Exercise` record, the tolerances the texts state, and how each
language reads a decimal comma.

The chapter modules (library, word_vectors, weights, ...) build `Exercise`s from snippets;
render.py turns them into markup; the browser checks a reply against what they carry.
"""
from dataclasses import dataclass, field

import numpy as np

from snippets.softmax import softmax as teaching_softmax

# Tolerances the texts state: weights to two decimals; a ratio to one.
WEIGHT_TOLERANCE = 0.01
RATIO_TOLERANCE = 0.25  # 0.76 / 0.13 read off the page gives 5.85 for e^1.8 = 6.05

# Whether "1,5" reads as 1.5 (issue 27). Chinese writes decimals with a point only, so in zh a comma
# between digits is a slip (for 15? for 1.5?): the box asks 「你是想写 1.5 吗？」 instead of guessing.
# English readers from decimal-comma countries type 0,76, and "1,5" is no English thousands
# grouping, so in en it has one sensible reading: 1.5.
DECIMAL_COMMA = {"zh": False, "en": True}


@dataclass(frozen=True)
class Exercise:
    """One question. `kind` is "number" or "choice"; `fmt` names the answer format
    the label states ("weight", "ratio", "count" for numbers)."""
    id: str
    page: str
    kind: str
    answer: object
    values: dict = field(default_factory=dict)  # named numbers the texts may quote
    tolerance: float = 0.0
    percent: bool = False  # a weight: "76%" is read as 0.76
    fmt: str = "weight"  # "weight" (percent too), "decimal", "ratio", "count"
    choices: tuple = ()
    code: str = None  # section of snippets/exercise_answers.py that computes the answer
    code_value: object = None  # ns -> the number the code computed (tests)
    code_expected: object = None  # what code_value must equal (default: answer)
    # Predictable wrong answers that get their own feedback: name -> the wrong number (a
    # "number" exercise) or the wrong choice's value; the words are [<id>.mistakes] <name>.
    mistakes: dict = field(default_factory=dict)


def as_list(values):
    """A question as the page's code writes it: [6, 3, 0, 0]."""
    return "[" + ", ".join(f"{x:g}" for x in values) + "]"


def softmax(scores):
    """snippets.softmax.softmax of `scores` as float64: the weights every chapter computes."""
    return teaching_softmax(np.asarray(scores, dtype=np.float64))
