"""The exercises on the library (snippets/library.py): which book a question finds (page library),
then two predictions the pages do not print, a doubled question and a copied book (page softmax).

The easy one comes first (R35 en: the first exercise a reader met was a challenge), the challenge last.
"""
import numpy as np

from attention_site.exercises.model import Exercise, as_list, softmax
from snippets import library


def exercises():
    return [pet(), quantum(), twin()]


def pet():
    """The spine labels and the contents: a question about pet care only."""
    question = np.array([0.0, 3.0, 0.0, 0.0])  # only "pet care"
    book = library.books[int(np.argmax(library.labels @ question))]
    return Exercise(
        "library-pet", "library", "choice", book,
        values={"question": as_list(question)},
        choices=tuple(library.books),
        mistakes={"handbook": "Cat Care Handbook"} if book != "Cat Care Handbook" else {})


def quantum():
    """(A challenge.) Double the question; the off-topic book still scores 0."""
    q_book, top = library.books.index("Quantum Mechanics"), int(np.argmax(library.scores))
    keen = 2 * library.question
    keen_scores = library.labels @ keen  # (4,)
    if keen_scores[q_book] != 0 or library.scores[q_book] != 0:
        raise ValueError("exercise library-quantum says Quantum Mechanics scores 0 before and after")
    before, after = float(library.weights[q_book]), float(softmax(keen_scores)[q_book])
    return Exercise(
        "library-quantum", "softmax", "choice",
        "zero" if after == 0 else "down" if after < before else "up" if after > before else "same",
        values={"question": as_list(keen), "before": before, "after": after,
                "lead_before": float(library.scores[top] - library.scores[q_book]),
                "lead": float(keen_scores[top] - keen_scores[q_book]),
                "top": float(softmax(keen_scores)[top]), "top_score": float(keen_scores[top])},
        choices=("up", "same", "down", "zero"), mistakes={"same": "same", "zero": "zero"})


def twin():
    """The first book twice. A choice, so that it can be predicted: weights are proportional to the
    exps, so with the old weights as the exps, each copy gets before / (1 + before)."""
    twin_relevance = np.concatenate([library.relevance[:1], library.relevance])
    weights = softmax(twin_relevance)
    before, each = float(library.weights[0]), float(weights[0])
    return Exercise(
        "library-twin", "softmax", "choice",
        "as-before" if np.isclose(each, before) else "half" if np.isclose(each, before / 2)
        else "more-than-half" if each > before / 2 else "less-than-half",
        values={"before": before, "rest": 1 - before, "each": each,
                "pet_before": float(library.weights[library.books.index("Pet Care")]),
                "pet": float(weights[1 + library.books.index("Pet Care")]), "both": float(weights[0] + weights[1])},
        choices=("as-before", "half", "more-than-half", "less-than-half"), code="library_twin",
        mistakes={"half": "half", "as-before": "as-before"},
        code_value=lambda ns: ns["weights"], code_expected=weights)
