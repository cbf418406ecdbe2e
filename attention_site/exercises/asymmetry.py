"""The exercises on asymmetry (snippets/sentence.py; page asymmetry): the table of scores read the
other way round, predicted before it is read, and the same sentence with W_K = W_Q, whose table is
symmetric.

The page shows the row of 它 with W_K = W_Q; these ask about rows it does not show.
"""
import numpy as np

from attention_site.exercises.model import WEIGHT_TOLERANCE, Exercise, softmax
from snippets import sentence

WORDS = list(sentence.SENTENCE)
IT, IS, A, CAT = (WORDS.index(w) for w in ("它", "是", "一只", "猫"))


def exercises():
    untied = sentence.sentence_scores(WORDS)  # the chapter's table of scores: (n, n)
    tied = sentence.sentence_scores(WORDS, tied=True)  # W_K = W_Q: (n, n)
    return [read_backwards(untied), tied_top(tied), tied_pair(untied, tied)]


def read_backwards(untied):
    """How 一只 scores 它, against how 它 scores 一只."""
    forward, backward = float(untied[IT, A]), float(untied[A, IT])
    return Exercise(
        "asym-a", "asymmetry", "choice",
        "higher" if backward > forward else "lower" if backward < forward else "equal",
        values={"forward": forward, "backward": backward},
        choices=("higher", "equal", "lower"),
        mistakes={"equal": "equal", "higher": "higher"} if backward < forward else {"equal": "equal"})


def tied_top(tied):
    """With W_K = W_Q, the word 猫 looks at most. The texts say: 它 (the symmetric score), more than
    at itself."""
    if int(np.argmax(tied[CAT])) != IT or np.argsort(tied[CAT])[-2] != CAT:
        raise ValueError("exercise wv-tied: with W_K = W_Q, 猫 no longer looks at 它 most, then itself")
    tied_weights = softmax(tied)
    return Exercise(
        "wv-tied", "asymmetry", "choice", WORDS[IT],
        values={"self_score": float(tied[CAT, CAT]), "it_score": float(tied[CAT, IT]),
                "it_weight": float(tied_weights[CAT, IT])},
        choices=tuple(WORDS), mistakes={"self": WORDS[CAT], "verb": WORDS[IS]})


def tied_pair(untied, tied):
    """With W_K = W_Q, how 它 scores 是: what 是 scores 它, read off the symmetric table."""
    return Exercise(
        "wv-symmetric", "asymmetry", "number", float(tied[IT, IS]),
        values={"score": float(tied[IS, IT]), "untied_is_it": float(untied[IS, IT]),
                "untied_it_is": float(untied[IT, IS])},
        mistakes={"untied": float(untied[IT, IS])},  # the chapter's own score, separate matrices
        tolerance=WEIGHT_TOLERANCE, fmt="decimal")
