"""Figure `library`: how relevant each book is, and what the note takes from each.

Page: "An everyday analogy: looking things up in a library" (docs/*/library.md).
Numbers from snippets.library: relevance = labels @ question, weights =
softmax(relevance), note = weights @ contents.
"""
import numpy as np
from matplotlib.patches import Patch

from attention_site.figures import style
from snippets import library

NAME = "library"
SIZE = (7.2, 4.9)
PHONE_SIZE = (style.PHONE_WIDTH, 7.4)  # panels stacked
BOOKS_ZH = ("《猫咪饲养手册》", "《宠物护理》", "《唐诗三百首》", "《量子力学》")  # same order as library.books
TOPICS = {  # the columns of library.contents
    "zh": ("喂养", "驱虫", "离题（诗、物理）"),
    "en": ("feeding", "deworming", "off-topic"),
}
CAPTION = {
    "zh": "分数、权重、笔记：笔记的每一项按权重混合各本书，不是只抄第一名。",
    "en": "Scores, weights, then the note: each item of the note blends all the books by weight instead of "
          "copying the best match.",
}
TEXT = {
    "zh": {"relevance": "分数", "weights": "权重（加起来等于 1）", "note": "笔记里每一项来自哪本书"},
    "en": {"relevance": "Score", "weights": "Weight (they add up to 1)", "note": "Where each item of the note comes from"},
}


def data():
    """relevance (b,), weights (b,), parts (b, t): what book b adds to note item t; note (t,)."""
    parts = library.weights[:, None] * library.contents  # (b, 1) * (b, t) -> (b, t)
    return library.relevance, library.weights, parts, library.note


def titles(lang):
    return list(BOOKS_ZH) if lang == "zh" else list(library.books)


def alt(lang):
    relevance, weights, parts, note = data()
    names = titles(lang)
    order = [int(i) for i in np.argsort(-weights, kind="stable")]
    top, rest = order[0], order[1:]
    deworm = TOPICS["en"].index("deworming")
    helper = max(rest, key=lambda i: parts[i, deworm])  # the other book that adds most to it
    best_only = library.contents[top, deworm]  # what copying the top book alone would give
    if lang == "zh":
        others = "，".join(f"{names[i]}{style.pct(weights[i])}" for i in rest)
        return (f"图书馆查资料：问题和{names[top]}最相关（分数 {relevance[top]:.1f}），它拿到 {style.pct(weights[top])} 的权重；"
                f"{others}。笔记不是只抄一本：驱虫一项是 {note[deworm]:.2f}，只抄{names[top]}只有 {best_only:.2f}，"
                f"多出的主要来自{names[helper]}。")
    others = ", ".join(f"{names[i]} {style.pct(weights[i])}" for i in rest)
    return (f"The library lookup: {names[top]} matches the question best (score {relevance[top]:.1f}) "
            f"and gets {style.pct(weights[top])} of the weight; {others}. The note is not copied from one book: "
            f"its deworming item is {note[deworm]:.2f}, against {best_only:.2f} from {names[top]} alone; "
            f"the extra comes mostly from {names[helper]}.")

def draw(lang, theme, layout="wide"):
    relevance, weights, parts, note = data()
    text = TEXT[lang]
    phone = layout == "phone"
    names = titles(lang)
    colors = list(theme.words)
    y = np.arange(len(names))

    fig = style.new_figure(PHONE_SIZE if phone else SIZE)
    if phone:  # one panel per row; the weights panel names the books again
        axes = fig.subplot_mosaic([["relevance"], ["weights"], ["note"]], height_ratios=[1, 1, 1])
    else:
        axes = fig.subplot_mosaic([["relevance", "weights"], ["note", "note"]], height_ratios=[1.25, 1])

    ax = axes["relevance"]
    bars = ax.barh(y, relevance, color=colors, height=0.62)  # (b,) from 0
    ax.bar_label(bars, labels=[f"{r:.1f}" for r in relevance], padding=3, color=theme.text)
    ax.set_yticks(y, names)
    ax.set_xlim(0, relevance.max() * 1.2)
    ax.invert_yaxis()
    ax.set_title(text["relevance"])
    style.tidy_axes(ax, theme, grid_axis="x")

    ax = axes["weights"]
    bars = ax.barh(y, weights, color=colors, height=0.62)
    ax.bar_label(bars, labels=[style.pct(w) for w in weights], padding=3, color=theme.text)
    ax.set_yticks(y, names if phone else [""] * len(names))
    ax.set_xlim(0, 1)
    ax.invert_yaxis()
    ax.set_title(text["weights"])
    style.tidy_axes(ax, theme, grid_axis="x")

    ax = axes["note"]
    topics = TOPICS[lang]
    ty = np.arange(len(topics))
    left = np.zeros(len(topics))
    for book_parts, color in zip(parts, colors):  # stack book by book: (t,) each
        ax.barh(ty, book_parts, left=left, color=color, height=0.6)
        left += book_parts
    for t, total in zip(ty, note):
        ax.text(total + 0.01, t, f"{total:.2f}", va="center", color=theme.text)
    fig.legend(handles=[Patch(color=c, label=name) for c, name in zip(colors, names)], loc="outside lower center",
               ncols=2 if phone else len(names), handlelength=1.0, columnspacing=1.4)
    ax.set_yticks(ty, topics)
    ax.set_xlim(0, max(1.0, note.max() * 1.1))
    ax.invert_yaxis()
    ax.set_title(style.wrap(text["note"], lang, 30) if phone else text["note"])
    if phone:
        for panel in ("weights", "note"):
            axes[panel].set_xticks([0, 0.5, 1])
    style.tidy_axes(ax, theme, grid_axis="x")
    return fig
