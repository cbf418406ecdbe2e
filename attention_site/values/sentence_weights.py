"""The weights of 它是一只猫, every word asking: the heatmap and what the FAQ says of its diagonal.

weights and differences quote the row of 猫; faq#why-attend-to-itself says 猫, 是 and 一只 keep
the biggest share of their rows for themselves (checked here: the build stops if that stops
being true) and shows the diagonal as a table short enough for a phone.
"""
import numpy as np

from attention_site.values.format import pct, table, w
from attention_site.values.words import CAT, IT, sentence_grid, word_names
from snippets import sentence


def heatmap_table(lang):
    return sentence_grid(lang, sentence.sentence_weights(), w)


def self_weights_table(lang):
    """Each word of 它是一只猫 and the weight it keeps for itself (the heatmap's diagonal)."""
    header = ["词", "留给自己的权重"] if lang == "zh" else ["Word", "Weight on itself"]
    diagonal = np.diag(sentence.sentence_weights())
    return table(header, [[n, w(x)] for n, x in zip(word_names(lang), diagonal)])


def self_weight(word):
    """faq#why-attend-to-itself: the weight `word` keeps for itself, said to be the biggest of its row."""
    i = sentence.SENTENCE.index(word)
    weights = sentence.sentence_weights()
    if int(np.argmax(weights[i])) != i:
        raise ValueError(f"faq: {word} does not keep the biggest share of its row for itself")
    return w(weights[i, i])


NUMBERS = {
    "num.cat_it_weight": lambda: w(sentence.sentence_weights()[CAT, IT]),
    "num.cat_it_percent": lambda: pct(sentence.sentence_weights()[CAT, IT]),
    "num.cat_self_weight": lambda: w(sentence.sentence_weights()[CAT, CAT]),
    "num.cat_self_percent": lambda: pct(sentence.sentence_weights()[CAT, CAT]),
    # faq#why-attend-to-itself: 猫 keeps the largest share, not a majority
    "num.cat_others_percent": lambda: pct(1 - sentence.sentence_weights()[CAT, CAT]),
    "num.it_self_weight": lambda: w(sentence.sentence_weights()[IT, IT]),
    "num.is_self_weight": lambda: self_weight("是"),
    "num.a_self_weight": lambda: self_weight("一只"),
}
PER_LANGUAGE = {
    "table.heatmap": heatmap_table,
    "table.self_weights": self_weights_table,
}
