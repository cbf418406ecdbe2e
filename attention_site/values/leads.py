"""softmax: a lead of d points makes e^d times the weight, and the temperature T divides every lead.

The page teaches differences, not ratios: 猫 leads 一只 by 1.8 points (not "2.5 times the
score") and so gets about 6 times its weight. Ratios come from softmax itself, not from e^lead,
so the page's rule is checked by the numbers rather than assumed by them.
"""
import numpy as np

from attention_site.values.format import table, w
from attention_site.values.weights import article_row
from attention_site.values.words import A, CAT, IS, IT
from snippets.softmax import ARTICLE_SCORES, softmax

LEADS = (0.2, 1.0, 1.8, 2.0, 3.0)  # the lead -> weight-ratio table (1, 2, 3: the sliders task); 6 columns fit


def lead(i, j, temperature=1.0):
    """How many points word i's score leads word j's (the article's scores), over T."""
    return (ARTICLE_SCORES[i] - ARTICLE_SCORES[j]) / temperature


def weight_ratio(i, j, temperature=1.0):
    """How many times word j's weight word i gets, from softmax itself (not from e^lead)."""
    weights = softmax(np.array(ARTICLE_SCORES) / temperature)
    return weights[i] / weights[j]


def lead_table(lang):
    """Two rows: a lead of d points, and the weight ratio e^d that softmax makes of it."""
    ratios = [softmax(np.array([d, 0.0]))[0] / softmax(np.array([d, 0.0]))[1] for d in LEADS]
    header = ["领先多少分"] if lang == "zh" else ["Lead (points)"]
    label = "权重是对方的几倍" if lang == "zh" else "Weight ratio"
    return table(header + [f"{d:g}" for d in LEADS],
                 [[label] + [f"{r:.1f}×" for r in ratios]])


NUMBERS = {
    "num.cat_a_lead": lambda: f"{lead(CAT, A):.1f}",
    "num.cat_a_score_ratio": lambda: f"{ARTICLE_SCORES[CAT] / ARTICLE_SCORES[A]:.1f}",
    "num.cat_is_score_ratio": lambda: f"{ARTICLE_SCORES[CAT] / ARTICLE_SCORES[IS]:g}",
    "num.cat_a_weight_ratio": lambda: f"{round(weight_ratio(CAT, A), 1):g}",  # 6.05 -> "6", not "6.0"
    "num.cat_a_weight_ratio_exact": lambda: f"{weight_ratio(CAT, A):.2f}",
    # weights#widen: dividing the two rounded weights as printed gives a little less
    "num.cat_a_rounded_ratio": lambda: f"{float(w(article_row()[CAT])) / float(w(article_row()[A])):.1f}",
    "num.it_is_lead": lambda: f"{lead(IT, IS):.1f}",
    "num.it_is_score_ratio": lambda: f"{ARTICLE_SCORES[IT] / ARTICLE_SCORES[IS]:.1f}",
    "num.it_is_weight_ratio": lambda: f"{weight_ratio(IT, IS):.2f}",
    "num.cat_a_lead_cold": lambda: f"{lead(CAT, A, 0.5):.1f}",
    "num.cat_a_weight_ratio_cold": lambda: f"{weight_ratio(CAT, A, 0.5):.0f}",
    "num.cat_a_lead_hot": lambda: f"{lead(CAT, A, 2.0):.1f}",
    "num.cat_a_weight_ratio_hot": lambda: f"{weight_ratio(CAT, A, 2.0):.1f}",
}
PER_LANGUAGE = {
    "table.lead_to_weight": lead_table,
}
