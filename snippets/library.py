"""The library analogy: one question (Query), spine labels (Keys), contents (Values).

Page: "An everyday analogy: looking things up in a library" (docs/*/library.md).
Run ``python -m snippets.library``.
"""
# --8<-- [start:books]
import numpy as np
books = ["Cat Care Handbook", "Pet Care",
         "300 Tang Poems", "Quantum Mechanics"]
# Query, by topic: cats, pet care, poetry, physics
question = np.array([3.0, 1.5, 0.0, 0.0])
# Keys: each book's spine label, same four topics
labels = np.array([[1.0, 0.8, 0.0, 0.0],
                   [0.3, 1.0, 0.0, 0.0],
                   [0.0, 0.0, 1.0, 0.0],
                   [0.0, 0.0, 0.0, 1.0]])
# Values: feeding, deworming, off-topic
contents = np.array([[0.9, 0.0, 0.0],
                     [0.2, 0.9, 0.0],
                     [0.0, 0.0, 1.0],
                     [0.0, 0.0, 1.0]])
# --8<-- [end:books]

# --8<-- [start:softmax_preview]
def softmax(scores):
    """Scores in, weights out (taken apart in "From scores to weights")."""
    exps = np.exp(scores - np.max(scores))  # all positive
    return exps / np.sum(exps)              # they add up to 1
# --8<-- [end:softmax_preview]

# The columns of `question` and `labels` (the playground notebook prints them).
topics = ["cats", "pet care", "poetry", "physics"]

# --8<-- [start:lookup]
# scores: the question against every label
scores = labels @ question      # (4, 4) @ (4,) -> (4,)
# weights: the scores as shares that add up to 1
weights = softmax(scores)       # (4,)
# the note: a little of every book's contents, by weight
note = weights @ contents       # (4,) @ (4, 3) -> (3,)
# --8<-- [end:lookup]

relevance = scores  # the name the library figure (attention_site/figures/library_lookup.py) reads


def soft_get(query, keys, values):
    """Attention as a dictionary lookup: score every key, return a blend of every value.

    The page defines the same function in its ``soft_dict`` section; it computes
    what the ``lookup`` section does, and what
    ``snippets.attention.attention(query, keys, values, scale=1.0)`` does.
    """
    return softmax(keys @ query) @ values


def main():
    # --8<-- [start:show]
    for book, s, w in zip(books, scores, weights):
        print(f"score {s:.1f}  weight {w:.2f}  {book}")
    #> score 4.2  weight 0.84  Cat Care Handbook
    #> score 2.4  weight 0.14  Pet Care
    #> score 0.0  weight 0.01  300 Tang Poems
    #> score 0.0  weight 0.01  Quantum Mechanics
    # --8<-- [end:show]

    # --8<-- [start:winner]
    # winner takes all: copy the top book, nothing else
    best = contents[scores.argmax()]
    # columns: feeding, deworming, off-topic
    print("top book only:", best)
    #> top book only: [0.9 0.  0. ]
    print("weighted note:", note.round(2))
    #> weighted note: [0.78 0.12 0.03]
    # --8<-- [end:winner]

    # --8<-- [start:soft_dict]
    # a dict: the exact key gives one value; close is not enough
    shelf = dict(zip(books, contents))
    print(shelf["Pet Care"], shelf.get("pet care"))
    #> [0.2 0.9 0. ] None
    # a "soft" dict: score every key, blend every value
    def soft_get(query, keys, values):
        return softmax(keys @ query) @ values

    print(soft_get(question, labels, contents).round(2))
    #> [0.78 0.12 0.03]
    # --8<-- [end:soft_dict]


if __name__ == "__main__":
    main()
