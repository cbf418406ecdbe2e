"""Figure `softmax`: the article's scores beside the weights softmax gives them.

Page: "Scores → weights" (docs/*/weights.md). The weights come from
snippets.softmax.softmax; the bottom strip shows them as a budget that sums to 1.
"""
import numpy as np

from attention_site.figures import style
from snippets.softmax import ARTICLE_SCORES, ARTICLE_WORDS, softmax

NAME = "softmax"
SIZE = (7.0, 4.0)  # inches
PHONE_SIZE = (style.PHONE_WIDTH, 6.4)  # panels stacked
CAPTION = {
    "zh": "第一幅：文章里的分数；第二幅：softmax 之后的权重。顺序不变，差距被放大；最后：权重像一份总和为 1 的预算。",
    "en": "The article's scores, and the weights softmax makes of them: the order stays, the gaps grow, and "
          "the weights are a budget that sums to 1.",
}
TEXT = {
    "zh": {"scores": "softmax 之前的分数（可以是任意大小）", "weights": "softmax 之后的权重（0 到 1）",
           "budget": "预算：权重之和 = {total}"},
    "en": {"scores": "Scores before softmax (any size)", "weights": "Weights after softmax (0 to 1)",
           "budget": "The budget: the weights sum to {total}"},
}


def data():
    """words (4,), scores (4,), weights (4,)."""
    scores = np.array(ARTICLE_SCORES, dtype=float)
    return list(ARTICLE_WORDS), scores, softmax(scores)


def alt(lang):
    words, scores, weights = data()
    top = int(weights.argmax())
    rest = 1 - weights[top]
    if lang == "zh":
        return (
            f"柱状图：{''.join(style.word_name(w, lang) for w in words)}的分数 {'、'.join(f'{s:.1f}' for s in scores)}"
            f" 经 softmax 变成权重 {'、'.join(style.w2(w) for w in weights)}；"
            f"{style.word_name(words[top], lang)}得到 {style.pct(weights[top])}，其余三个词合计 {style.pct(rest)}，"
            f"四个权重加起来等于 {weights.sum():.0f}。"
        )
    names = ", ".join(style.WORD_EN[w] for w in words)
    return (
        f"Bar charts: the scores {', '.join(f'{s:.1f}' for s in scores)} ({names}) become the weights "
        f"{', '.join(style.w2(w) for w in weights)} after softmax; {style.word_name(words[top], lang)} gets "
        f"{style.pct(weights[top])}, the other three words {style.pct(rest)} together, "
        f"and the four weights add up to {weights.sum():.0f}."
    )


def draw(lang, theme, layout="wide"):
    words, scores, weights = data()
    text = TEXT[lang]
    phone = layout == "phone"
    labels = [style.word_label(w, lang) for w in words]
    colors = list(theme.words)
    size = style.fontsize(layout, 9.5)

    fig = style.new_figure(PHONE_SIZE if phone else SIZE)
    if phone:
        axes = fig.subplot_mosaic([["scores"], ["weights"], ["budget"]], height_ratios=[3, 3, 1.1])
    else:
        axes = fig.subplot_mosaic([["scores", "weights"], ["budget", "budget"]], height_ratios=[3.4, 0.85])

    ax = axes["scores"]
    bars = ax.bar(labels, scores, color=colors, width=0.62)  # (4,) bars from 0
    ax.bar_label(bars, labels=[f"{s:.1f}" for s in scores], padding=2, color=theme.text)
    ax.set_ylim(0, scores.max() * 1.18)
    ax.set_title(text["scores"])
    style.tidy_axes(ax, theme)

    ax = axes["weights"]
    bars = ax.bar(labels, weights, color=colors, width=0.62)
    ax.bar_label(bars, labels=[style.w2(w) for w in weights], padding=2, color=theme.text)
    ax.set_ylim(0, 1)  # weights live in [0, 1]
    ax.set_title(text["weights"])
    style.tidy_axes(ax, theme)

    ax = axes["budget"]
    left = np.concatenate([[0.0], np.cumsum(weights)[:-1]])  # (4,): where each share starts
    ax.barh([0], weights, left=left, color=colors, height=0.7)
    thin = []  # shares too narrow to hold their number: named in one row under the strip
    for word, start, share, color in zip(words, left, weights, colors):
        if share < (0.09 if phone else 0.045):
            thin.append(f"{style.word_label(word, lang)} {style.pct(share)}")
            continue
        label = style.pct(share) if share < 0.2 else f"{style.word_label(word, lang)}  {style.pct(share)}"
        ax.text(start + share / 2, 0, label, ha="center", va="center", color=style.text_on(color), fontsize=size)
    if thin:  # left-aligned under the strip, where the thin shares start (they come first here)
        ax.text(0, -0.42, ("，" if lang == "zh" else ", ").join(thin), ha="left", va="top",
                color=theme.text, fontsize=size)
    ax.set_xlim(0, 1)
    ax.set_ylim(-0.5, 0.5)
    ax.set_axis_off()
    ax.set_title(text["budget"].format(total=f"{weights.sum():.2f}"))
    return fig
