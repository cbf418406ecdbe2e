"""The row of 它: softmax of the article's scores, the weights most chapters quote.

weights, softmax, faq, differences and others say "0.76" or "76%": each is this one row, read
at the word's position, so no page can quote a weight the softmax did not give.
"""
import numpy as np

from attention_site.values.format import pct, w
from attention_site.values.words import A, CAT, IS, IT
from snippets.softmax import ARTICLE_SCORES, softmax


def article_row():
    """The weights 它 gives 它, 是, 一只, 猫: softmax of the article's scores."""
    return softmax(np.array(ARTICLE_SCORES))


NUMBERS = {
    "num.article_weights": lambda: " / ".join(w(x) for x in article_row()),
    "num.it_cat_weight": lambda: w(article_row()[CAT]),
    "num.it_cat_percent": lambda: pct(article_row()[CAT]),
    "num.others_percent": lambda: pct(1 - article_row()[CAT]),
    "num.it_a_weight": lambda: w(article_row()[A]),
    "num.it_a_percent": lambda: pct(article_row()[A]),
    "num.it_it_weight": lambda: w(article_row()[IT]),
    "num.it_is_weight": lambda: w(article_row()[IS]),
    "num.it_is_percent": lambda: pct(article_row()[IS]),
}
PER_LANGUAGE = {}
