"""The page's words for the code's names, in each language, and where each word of 它是一只猫 stands.

The Chinese is what the code prints (its catalogue), the English what the sentence and the
explorer call it, so a table names 量词 / "measure word" and 它 / "it (它)" the way the rest of
the site does. Values index rows by IT, IS, A, CAT, never by a bare 3.
"""
from attention_site.widgets import explorer
from attention_site.widgets.markup import corner_html
from attention_site.values.format import table
from snippets import sentence

WORD_EN = sentence.ENGLISH
IT, IS, A, CAT = (sentence.SENTENCE.index(word) for word in ("它", "是", "一只", "猫"))


def chinese(english):
    """The Chinese the code prints for an English name or phrase: one source, the catalogue."""
    from snippets import i18n
    return i18n.catalogue("zh")[f'"{english}"'].strip('"')


def feature_name(feature, lang):
    """A feature in the page's words: 量词 (as the code prints it) / "measure word" (the explorer's)."""
    return chinese(feature) if lang == "zh" else explorer.features("en")[feature][1]


def word_names(lang):
    """The four words as tables name them: 它 / it (它)."""
    return sentence.SENTENCE if lang == "zh" else [f"{WORD_EN[w]} ({w})" for w in sentence.SENTENCE]


def sentence_grid(lang, grid, fmt):
    """A 4 x 4 table over 它是一只猫: rows ask, columns are looked at, the words named as the
    sliders' heatmap and the explorer name them ("it (它)"), the corner saying which is which."""
    names = word_names(lang)
    return table([corner_html(lang)] + names,
                 [[f"**{n}**"] + [fmt(x) for x in row] for n, row in zip(names, grid)])
