"""What the explorer says: its numbers as explorer.js writes them, the features' names, the six
step sentences and the live summary, in the page's language ([explorer] in ../zh.toml, ../en.toml).
"""
from decimal import ROUND_HALF_UP, Decimal

import numpy as np

from attention_site.widgets.explorer.model import STEPS, column_names
from attention_site.widgets.markup import word_label
from attention_site.widgets.text_files import words


def fmt(x):
    """A number as the explorer shows it: 2 decimals, never "-0.00".

    The same text as fmt() in explorer.js (JavaScript's toFixed): the exact binary
    value rounded, an exact tie away from zero (6.125 -> "6.13", where Python's
    format() would give "6.12").
    """
    text = str(Decimal(float(x)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
    return "0.00" if text == "-0.00" else text


def vector(values):
    """'[0.50, -1.00]': a vector as the step sentences quote it."""
    return "[" + ", ".join(fmt(x) for x in values) + "]"


def features(lang):
    """{feature: (short column header, full name)} in the page's words: [explorer.features]."""
    return {name: tuple(pair) for name, pair in words("explorer", lang)["features"].items()}


def feature_labels(lang, names):
    """[(short, full)] labels of feature `names` in the page's language."""
    table = features(lang)
    missing = [f for f in names if f not in table]
    if missing:
        raise KeyError(f"explorer: no {lang} label for feature(s) {missing}; add them to [explorer.features] "
                       f"in attention_site/widgets/{lang}.toml")
    return [table[f] for f in names]


def value_names(lang):
    """The Value's slots in the page's words (指代 / refers, ...): the new word is read by name."""
    return [full for _, full in feature_labels(lang, column_names("v"))]


def named(values, lang):
    """'refers 0.06, animal 0.89, pet 0.76': a Value-sized vector with its slots named (R23),
    as explorer.js's named(); a vector of another size is an error, not a silent cut."""
    return words("explorer", lang)["sep"].join(f"{n} {fmt(x)}" for n, x in zip(value_names(lang), values, strict=True))


def say_templates(lang, scale):
    """The six step descriptions of `lang` with the chapter's scale written in; {word}, {q}... stay."""
    text = words("explorer", lang)
    parts = [("" if scale == 1 else text["scale4" if step == 4 else "scale"].format(s=f"{scale:.3g}"))
             for step in range(1, STEPS + 1)]  # step 4 says the scale before the temperature
    return [template.replace("{scale}", part) for template, part in zip(text["say"], parts)]


def say(lang, step, model, scores, weights, output, asking=0):
    """The description of `step` (1..6) with the numbers of the asking word, plain text."""
    names = model["words"]
    row = weights[asking]
    best = int(np.argmax(row))
    q = np.asarray(model["embeddings"])[asking] @ np.asarray(model["w_query"])  # (d,) @ (d, d_k)
    values = {
        "d": len(model["embeddings"][0]), "word": word_label(names[asking], lang),
        "best": word_label(names[best], lang), "bs": fmt(scores[asking][best]),
        "bw": fmt(row[best]), "q": vector(q), "t": f"{model['temperature']:.1f}",
        "out": named(output[asking], lang),
    }
    return say_templates(lang, model["scale"])[step - 1].format(**values)


def summary(lang, model, weights, output, asking=0):
    """What the live region reads after a change: the asking word's weights and new vector."""
    text = words("explorer", lang)
    names = model["words"]
    items = text["sep"].join(text["item"].format(w=word_label(w, lang), x=fmt(x))
                             for w, x in zip(names, weights[asking]))
    return text["summary"].format(word=word_label(names[asking], lang), items=items,
                                  out=named(output[asking], lang))
