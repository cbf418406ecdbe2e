"""The library analogy: one question (Query), spine labels (Keys), contents (Values).

Page: "An everyday analogy: looking things up in a library" (docs/*/library.md).
Run ``python -m snippets.library``.
"""
from snippets.softmax import softmax

# --8<-- [start:books]
import numpy as np

# Question and labels: one number per topic, how much they are about it.
topics = ["cats", "pet care", "poetry", "physics"]
books = ["Cat Care Handbook", "Pet Care", "300 Tang Poems", "Quantum Mechanics"]

# Query: "how do I look after a cat?"  (d,) = (4,)
question = np.array([3.0, 1.5, 0.0, 0.0])
# Keys: the spine labels  (n_books, d) = (4, 4)
labels = np.array([
    [1.0, 0.8, 0.0, 0.0],  # Cat Care Handbook: cats, and care
    [0.3, 1.0, 0.0, 0.0],  # Pet Care: care, a little about cats
    [0.0, 0.0, 1.0, 0.0],  # 300 Tang Poems
    [0.0, 0.0, 0.0, 1.0],  # Quantum Mechanics
])
# Values: what you take away  (n_books, d_v) = (4, 3)
contents = np.array([
    # feeding  deworming  poems-and-physics
    [0.9,      0.3,       0.0],  # handbook: feeding and daily care
    [0.2,      0.9,       0.0],  # pet care: general deworming advice
    [0.0,      0.0,       1.0],
    [0.0,      0.0,       1.0],
])
# --8<-- [end:books]

# --8<-- [start:lookup]
# compare the question with every label: (4, 4) @ (4,) -> (4,)
relevance = labels @ question
# a budget that sums to 1: (4,)
weights = softmax(relevance)
# a little of every book, by weight: (4,) @ (4, 3) -> (3,)
note = weights @ contents
# --8<-- [end:lookup]


def main():
    # --8<-- [start:show]
    for book, score, weight in zip(books, relevance, weights):
        print(f"{book:<18} relevance {score:.1f}  weight {weight:.2f}")
    #> Cat Care Handbook  relevance 4.2  weight 0.84
    #> Pet Care           relevance 2.4  weight 0.14
    #> 300 Tang Poems     relevance 0.0  weight 0.01
    #> Quantum Mechanics  relevance 0.0  weight 0.01

    print("note:", note.round(2))    # feeding, deworming, off-topic
    #> note: [0.78 0.38 0.03]
    # --8<-- [end:show]

    # --8<-- [start:winner]
    best_only = contents[relevance.argmax()]          # winner takes all
    print("best book only:", best_only)
    #> best book only: [0.9 0.3 0. ]
    print("deworming tip kept:", note[1] > best_only[1])
    #> deworming tip kept: True
    # --8<-- [end:winner]


if __name__ == "__main__":
    main()
