"""differences: the article's own sketches next to what this site computes.

The article's row of 它 (0.05 / 0.04 / 0.13 / 0.78) and its text heatmap are inputs quoted from
it, not derived; the tables put each beside the computed numbers so the page can say where and
why they differ (the sketch is not the softmax of the article's own scores; 猫 looks mostly at
itself, not at 它).
"""
from attention_site.values.format import pct, table, w
from attention_site.values.weights import article_row
from attention_site.values.words import CAT, sentence_grid, word_names
from snippets import sentence
from snippets.softmax import ARTICLE_CAT_WEIGHT

# Inputs quoted from the article: its normalised row for 它 (a sketch; softmax of its own scores
# gives the computed row) and its text heatmap, rows asking, darker = more.
ARTICLE_WEIGHTS = [0.05, 0.04, 0.13, ARTICLE_CAT_WEIGHT]
ARTICLE_HEATMAP = [["░", "░", "▒", "█"],
                   ["▒", "█", "░", "░"],
                   ["░", "░", "█", "▒"],
                   ["█", "░", "▒", "▒"]]
SKETCH = {"zh": ("原文（示意）", "本站（算出来的）"),
          "en": ("The article (a sketch)", "This site (computed)")}


def article_weights_table(lang):
    """differences#numbers: the article's row of 它 next to softmax of the article's scores."""
    total = "合计" if lang == "zh" else "total"
    rows = [[f"**{name}**"] + [w(x) for x in row] + [w(sum(row))]
            for name, row in zip(SKETCH[lang], [ARTICLE_WEIGHTS, article_row()])]
    return table([""] + list(word_names(lang)) + [total], rows)


def article_heatmap_table(lang):
    """differences#colours: the article's text heatmap, as a table of its symbols."""
    return sentence_grid(lang, ARTICLE_HEATMAP, str)


def cat_row_table(lang):
    """differences#heatmap: the row of 猫 in the article's picture and in the computed heatmap."""
    rows = [[f"**{name}**"] + list(row) for name, row in
            zip(SKETCH[lang], [ARTICLE_HEATMAP[CAT], [w(x) for x in sentence.sentence_weights()[CAT]]])]
    return table([""] + list(word_names(lang)), rows, numbers=False)


NUMBERS = {
    "num.article_cat_weight": lambda: w(ARTICLE_CAT_WEIGHT),  # the article's own sketch: an input
    "num.article_others_percent": lambda: pct(1 - ARTICLE_CAT_WEIGHT),
}
PER_LANGUAGE = {
    "table.article_weights": article_weights_table,
    "table.article_heatmap": article_heatmap_table,
    "table.cat_row": cat_row_table,
}
