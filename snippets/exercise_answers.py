"""The code an exercise's explanation folds away (``{{ exercises.<page> }}``).

Each section (``--8<-- [start:<name>]``) is self-contained, so that it runs as
copied; attention_site/exercises/ names the section an exercise shows and checks
its result against the exercise's answer (tests/test_exercises.py). Its Chinese
comments are in snippets/i18n/zh/exercise_answers.py.
"""


def main():
    # --8<-- [start:library_twin]
    import numpy as np

    # scores of the five books: the handbook twice
    relevance = np.array([4.2, 4.2, 2.4, 0.0, 0.0])
    exps = np.exp(relevance - relevance.max())
    weights = exps / exps.sum()
    print(weights.round(2))
    #> [0.46 0.46 0.08 0.01 0.01]
    # --8<-- [end:library_twin]

    # --8<-- [start:weights_equal]
    import numpy as np

    scores = np.array([2.0, 2.0, 2.0, 2.0])  # four equal scores
    exps = np.exp(scores - scores.max())  # each exp(0) = 1
    weights = exps / exps.sum()
    print(weights)
    #> [0.25 0.25 0.25 0.25]
    # --8<-- [end:weights_equal]

    # --8<-- [start:weights_shift]
    import numpy as np

    scores = np.array([0.5, 0.3, 1.2, 3.0])  # scores of it, is, a, cat
    for shifted in (scores, scores + 10):  # as they are, then 10 higher
        exps = np.exp(shifted - shifted.max())
        print((exps / exps.sum()).round(2))
    #> [0.06 0.05 0.13 0.76]
    #> [0.06 0.05 0.13 0.76]
    # --8<-- [end:weights_shift]

    # --8<-- [start:weights_mask]
    import numpy as np

    # cat gets -inf (masked): exp(-inf) is exactly 0
    scores = np.array([0.5, 0.3, 1.2, -np.inf])
    exps = np.exp(scores - scores.max())
    weights = exps / exps.sum()
    print(weights.round(2))
    #> [0.26 0.21 0.53 0.  ]
    # --8<-- [end:weights_mask]

    # --8<-- [start:weights_temperature]
    import numpy as np

    scores = np.array([0.5, 0.3, 1.2, 3.0])  # scores of it, is, a, cat
    cooled = scores / 0.8  # temperature 0.8
    exps = np.exp(cooled - cooled.max())
    weights = exps / exps.sum()
    print(weights.round(2))
    #> [0.04 0.03 0.09 0.84]
    # --8<-- [end:weights_temperature]

    # --8<-- [start:ws_note]
    import numpy as np

    weights = np.array([0.06, 0.05, 0.13, 0.76])  # it, is, a, cat
    pet = np.array([0, 0, 1, 1])  # "a" hands over "pet" too
    print(round(weights @ pet, 2))
    #> 0.89
    # --8<-- [end:ws_note]

    # --8<-- [start:why_2000]
    n = 2000
    # every word compares with every word
    print(f"{n * n:,}")
    #> 4,000,000
    # --8<-- [end:why_2000]

    # --8<-- [start:mis_ratio]
    import numpy as np

    scores = np.array([0.5, 0.3, 1.2, 3.0])  # scores of it, is, a, cat
    exps = np.exp(scores - scores.max())
    weights = exps / exps.sum()
    # weight of cat / weight of is, and e to the power of the gap
    print(round(weights[3] / weights[1], 2))
    #> 14.88
    print(round(np.exp(3.0 - 0.3), 2))
    #> 14.88
    # --8<-- [end:mis_ratio]

    # --8<-- [start:faq_double]
    for n in (1000, 2000):
        # n words: n * n comparisons
        print(n, f"{n * n:,}")
    #> 1000 1,000,000
    #> 2000 4,000,000
    # --8<-- [end:faq_double]


if __name__ == "__main__":
    main()
