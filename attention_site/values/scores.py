"""Scores before softmax: every pair of 它是一只猫, and the Query-Key sums the page works by hand.

self-attention quotes "it -> cat 3.0" and shows how it is made: the Query numbers of 它 in the
slots the Key of 猫 has, slot by slot. The sums and products are checked against the score
table, so the page's arithmetic cannot drift from the code's.
"""
import numpy as np

from attention_site.values.format import table
from attention_site.values.words import A, CAT, IS, IT, WORD_EN, feature_name, sentence_grid
from snippets import sentence


def score(row, column):
    """The score word `row` gives word `column`, one decimal as the code prints it."""
    return f"{sentence.sentence_scores()[row, column]:.1f}"


def sum_of_matches(asking, looked_at):
    """'2.0 + 1.0': the Query numbers of `asking` in the slots the Key of `looked_at` has."""
    key = sentence.face(looked_at, sentence.w_key)
    if not set(key) <= {0, 1}:
        raise ValueError(f"the Key of {looked_at} is not 0s and 1s: a score is not a plain sum of slots")
    return " + ".join(f"{q:.1f}" for q, k in zip(sentence.face(asking, sentence.w_query), key) if k)


def score_table(lang):
    """self-attention#score-table: every pair's score, rows asking, columns looked at, words named
    (the printed rows have no header: R37 zh/en)."""
    return sentence_grid(lang, sentence.sentence_scores(), lambda x: f"{x:.1f}")


def query_meets_key(lang, asking="它", looked_at="猫"):
    """word-vectors: one Query meets one Key, slot by slot: the two faces, their products, and
    the slots the Key has in bold (only those count). The sum is the score the prose quotes."""
    query = sentence.face(asking, sentence.w_query)  # (5,)
    key = sentence.face(looked_at, sentence.w_key)    # (5,)
    product = query * key                             # (5,) slot by slot
    if not np.isclose(product.sum(), sentence.sentence_scores()[sentence.SENTENCE.index(asking),
                                                                 sentence.SENTENCE.index(looked_at)]):
        raise ValueError(f"the products of {asking}'s Query and {looked_at}'s Key do not add up to its score")
    names = [feature_name(f, lang) for f in sentence.key_features]

    def cells(values, fmt):
        return [f"**{fmt.format(x)}**" if k else fmt.format(x) for x, k in zip(values, key)]
    if lang == "zh":
        labels = [f"「{asking}」的 Query", f"「{looked_at}」的 Key", "逐格相乘"]
    else:
        labels = [f'Query of "{WORD_EN[asking]}"', f'Key of "{WORD_EN[looked_at]}"', "multiplied"]
    rows = [[labels[0]] + cells(query, "{:.1f}"), [labels[1]] + cells(key, "{:.0f}"),
            [labels[2]] + cells(product, "{:.1f}")]
    return table(["标签项" if lang == "zh" else "slot"] + [f"**{n}**" if k else n for n, k in zip(names, key)], rows)


NUMBERS = {
    "num.it_cat_score": lambda: score(IT, CAT),
    "num.it_a_score": lambda: score(IT, A),
    "num.it_it_score": lambda: score(IT, IT),
    "num.it_is_score": lambda: score(IT, IS),
    "num.cat_self_score": lambda: score(CAT, CAT),
    "num.cat_it_score": lambda: score(CAT, IT),
    # the scores of 它 worked by hand: the Query numbers in the slots a Key has
    "num.it_cat_sum": lambda: sum_of_matches("它", "猫"),
    "num.it_a_sum": lambda: sum_of_matches("它", "一只"),
    "num.cat_self_sum": lambda: sum_of_matches("猫", "猫"),
}
PER_LANGUAGE = {
    "table.scores": score_table,
    "table.query_meets_key": query_meets_key,
}
