"""The exercises on what attention costs (snippets/cost.py; pages order-and-cost and why): the
comparisons of 2000 words, what doubling the words does to them, and how many steps apart two
words 500 words apart are.
"""
from attention_site.exercises.model import Exercise
from snippets import cost


def exercises():
    return [comparisons(), distance(), doubled()]


def comparisons():
    """How many comparisons 2000 words make."""
    return Exercise(
        "why-2000", "order-and-cost", "number", cost.comparisons(2000), values={"n": 2000},
        mistakes={"n": 2000, "relay": cost.chain_steps(2000), "twice": 2 * 2000,
                  "half": 2000 * 2000 // 2, "pairs": 2000 * 1999 // 2},  # each pair counted once
        fmt="count", code="why_2000", code_value=lambda ns: ns["n"] * ns["n"],
        code_expected=cost.comparisons(2000))


def distance():
    """The page works a distance of 21: ask about 500."""
    chain = cost.path_length(500, attention=False)
    return Exercise(
        "why-distance", "why", "number", cost.path_length(500), values={"distance": 500, "chain": chain},
        fmt="count", mistakes={"chain": chain})


def doubled():
    """How many times more comparisons 2000 words make than 1000."""
    ratio = cost.comparisons(2000) / cost.comparisons(1000)
    return Exercise(
        "faq-double", "order-and-cost", "number", ratio,
        values={"n": 1000, "n2": 2000}, fmt="count", code="faq_double", mistakes={"twice": 2},
        code_value=lambda ns: ns["n"] * ns["n"] / 1000 ** 2, code_expected=ratio)
