"""Figure `mix`: the new 它 as a cocktail of every word's value.

Page: "A weighted sum makes a new representation" (docs/*/weighted-sum.md).
Shares from snippets.sentence.new_it_shares (row 0 of the attention weights).
"""
import numpy as np

from attention_site.figures import style
from snippets import sentence

NAME = "mix"
SIZE = (5.2, 3.6)
PHONE_SIZE = (style.PHONE_WIDTH, 3.3)
CAPTION = {
    "zh": "新的「它」是一杯鸡尾酒：每个词的 Value 按权重倒进去，「猫」占了大半，其他词各贡献一点；"
          "「它」自己那一小份带回一丝原味（「指代」）；「是」没有含义可交，它那一小份是白水。",
    "en": "The new “it” is a cocktail: every word's value is poured in by its weight; “cat” makes up most of it, "
          "the other words add a little each; the small share of “it” itself keeps a trace of its own flavour "
          "(“refers”); “is” has no meaning to hand over, so its share is plain water.",
}
TEXT = {
    "zh": {"glass": "新的「它」", "layer": "{word}的 Value", "empty": "{word}：白水（Value 全是 0）",
           "total": "合计 {total}"},
    "en": {"glass": "new it (它)", "layer": "value of {word}", "empty": "{word}: water (all-zero value)",
           "total": "total {total}"},
}


def data():
    """words (4,) and their shares (4,) in the new 它, summing to 1."""
    shares = sentence.new_it_shares()
    words = list(shares)
    return words, np.array([shares[w] for w in words])


def empty(word):
    """Whether `word` hands over nothing (its Value is all zeros): its share is plain water."""
    return not sentence.face(word, sentence.w_value).any()


def alt(lang):
    words, shares = data()
    order = np.argsort(-shares, kind="stable")  # largest share first
    first, *rest = [int(i) for i in order]
    name = style.word_name
    if lang == "zh":
        others = "，".join(
            f"{style.pct(shares[i])} 来自{'「它」自己' if words[i] == '它' else name(words[i], lang)}" for i in rest)
        return f"新的「它」像一杯鸡尾酒：{style.pct(shares[first])} 来自{name(words[first], lang)}的 Value，{others}。"
    others = ", ".join(
        f"{style.pct(shares[i])} from {'“it” itself' if words[i] == '它' else name(words[i], lang)}" for i in rest)
    return f"The new “it” is a cocktail: {style.pct(shares[first])} comes from the value of {name(words[first], lang)}, {others}."


def draw(lang, theme, layout="wide"):
    words, shares = data()
    text = TEXT[lang]
    phone = layout == "phone"
    colors = list(theme.words)
    fig = style.new_figure(PHONE_SIZE if phone else SIZE)
    ax = fig.subplots()

    # The glass: one stacked column, first word at the bottom; x in [0, 1] is the glass.
    bottoms = np.concatenate([[0.0], np.cumsum(shares)[:-1]])  # (4,): where each layer starts
    ax.bar([0.5], [1.0], width=0.5, bottom=0, color="none", edgecolor=theme.muted, linewidth=1.5)
    for share, bottom, color in zip(shares, bottoms, colors):
        ax.bar([0.5], [share], width=0.5, bottom=bottom, color=color)

    # Labels on the right, evenly spaced so thin layers stay readable, each tied to its layer.
    n = len(words)
    label_y = (np.arange(n) + 0.5) / n  # (4,) evenly spaced in [0, 1]
    pct_x, name_x = (1.2, 1.62) if phone else (1.2, 1.5)
    for word, share, bottom, y, color in zip(words, shares, bottoms, label_y, colors):
        middle = bottom + share / 2
        ax.plot([0.78, 0.95, 1.1], [middle, middle, y], color=theme.muted, linewidth=0.9, solid_capstyle="butt")
        ax.plot([1.1], [y], "s", color=color, markersize=9)
        ax.text(pct_x, y, f"{style.pct(share)}", ha="left", va="center", fontsize=12, color=theme.text)
        word_text = style.word_mark(word, lang) if lang == "zh" else style.word_label(word, lang)
        ax.text(name_x, y, text["empty" if empty(word) else "layer"].format(word=word_text),
                ha="left", va="center", color=theme.text)
    ax.text(0.5, -0.07, text["glass"], ha="center", va="top", fontsize=12, color=theme.text)
    ax.text(0.5, 1.04, text["total"].format(total=style.pct(shares.sum())), ha="center", va="bottom",
            color=theme.muted)
    ax.set_xlim(0, 2.9 if phone else 2.5)
    ax.set_ylim(-0.16, 1.1)
    ax.set_axis_off()
    return fig
