"""weighted-sum#rain: in 它下雨了, 它 means the weather, in a wider model with one hand-set rule.

The page quotes the weight 它 gives 下雨 and the weather 它 then holds, and shows the whole row
of 它 (scores and their softmax) so the 91% can be checked on the page. The rule ("a pronoun
also looks for weather") is W_Q's pronoun row in the first new slot.
"""
import numpy as np

from attention_site.values.format import pct, table, w
from attention_site.values.words import WORD_EN
from snippets import projections, sentence
from snippets.softmax import softmax

RAIN_IT, RAINS = (sentence.RAIN_SENTENCE.index(word) for word in ("它", "下雨"))


def rain_rule():
    """The one hand-set number of weighted-sum#rain: W_Q's pronoun row, first new (weather) slot."""
    weather_slot = len(sentence.key_features)  # the new slots come after the old five
    return sentence.rain_w_query[sentence.features.index("pronoun"), weather_slot]


def rain_row_of_it(lang):
    """weighted-sum#rain: the scores and weights "it" gives each word of 它下雨了 (the wider
    model of sentence.py's ``widen``), so the page shows the 0.91 it quotes, not only a claim."""
    words = sentence.RAIN_SENTENCE
    x = np.array([sentence.rain_embedding[word] for word in words], dtype=float)  # (n, 8)
    q, k, _ = projections.project(x, sentence.rain_w_query, sentence.rain_w_key, sentence.rain_w_value)
    scores = q[RAIN_IT] @ k.T                                # (7,) @ (7, n) -> (n,)
    weights = sentence.rain_attention(words)[0][RAIN_IT]     # (n,)
    if not np.allclose(weights, softmax(scores)):
        raise ValueError("rain: the weights of 它 are not the softmax of its scores")
    names = [f"「{word}」" for word in words] if lang == "zh" else [f"{WORD_EN[word]} ({word})" for word in words]
    labels = ["「它」打的分", "权重"] if lang == "zh" else ['score from "it"', "weight"]
    corner = "「它」看 →" if lang == "zh" else '"it" looks at →'
    return table([corner] + names, [[labels[0]] + [f"{s:.1f}" for s in scores],
                                    [labels[1]] + [w(x) for x in weights]])


NUMBERS = {
    "num.rain_weather_percent": lambda: pct(sentence.rain_attention()[0][RAIN_IT, RAINS]),
    "num.rain_it_weather": lambda: w(sentence.rain_it_meaning()["weather"]),
    # the hand-set rule "a pronoun also looks for weather": W_Q's pronoun row, weather slot (R32 zh)
    "num.rain_rule": lambda: f"{rain_rule():.1f}",
}
PER_LANGUAGE = {
    "table.rain_row_of_it": rain_row_of_it,
}
