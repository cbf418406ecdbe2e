"""Figure `temperature`: the same scores, divided by a temperature before softmax.

Page: "Scores → weights" (docs/*/weights.md). Weights from
snippets.softmax.sharpen: a low temperature sharpens, a high one flattens.
"""
import numpy as np

from attention_site.figures import style
from snippets.softmax import ARTICLE_SCORES, ARTICLE_WORDS, sharpen

NAME = "temperature"
SIZE = (7.0, 3.0)
PHONE_SIZE = (style.PHONE_WIDTH, 6.6)  # one temperature per row
TEMPERATURES = (0.5, 1.0, 2.0)  # the values the code section on the page prints
CAPTION = {
    "zh": "同一组分数先除以温度 T 再做 softmax：T 越小，权重越集中（更尖锐）；T 越大，越平均（更平缓）。",
    "en": "The same scores divided by a temperature T before softmax: a small T concentrates the weights "
          "(sharper), a large T evens them out (flatter).",
}
TITLES = {
    "zh": {"sharper": "T = {t:g}：更尖锐", "same": "T = {t:g}：原样", "flatter": "T = {t:g}：更平缓"},
    "en": {"sharper": "T = {t:g}: sharper", "same": "T = {t:g}: as is", "flatter": "T = {t:g}: flatter"},
}
YLABEL = {"zh": "权重", "en": "weight"}


def data():
    """words (4,), temperatures (3,), weights (3, 4): one row per temperature."""
    scores = np.array(ARTICLE_SCORES, dtype=float)
    return list(ARTICLE_WORDS), TEMPERATURES, np.array([sharpen(scores, t) for t in TEMPERATURES])


def _kind(t):
    return "sharper" if t < 1 else "same" if t == 1 else "flatter"


def alt(lang):
    words, temps, weights = data()
    top = int(weights[list(temps).index(1.0)].argmax())
    name = style.word_name(words[top], lang)
    if lang == "zh":
        parts = "，".join(f"T = {t:g} 时是 {style.w2(row[top])}" for t, row in zip(temps, weights))
        return (f"三组柱状图：同样的分数除以温度 T 再做 softmax。{name}的权重在 {parts}："
                "温度越低分配越尖锐，越高越平缓。")
    parts = ", ".join(f"{style.w2(row[top])} at T = {t:g}" for t, row in zip(temps, weights))
    return (f"Three bar charts: the same scores divided by a temperature T before softmax. "
            f"The weight of {name} is {parts}: a low temperature sharpens the weights, a high one flattens them.")


def draw(lang, theme, layout="wide"):
    words, temps, weights = data()
    phone = layout == "phone"
    labels = [style.word_label(w, lang) for w in words]
    fig = style.new_figure(PHONE_SIZE if phone else SIZE)
    axes = fig.subplots(len(temps), 1, sharex=True) if phone else fig.subplots(1, len(temps), sharey=True)
    for ax, t, row in zip(axes, temps, weights):
        bars = ax.bar(labels, row, color=list(theme.words), width=0.66)  # (4,) from 0
        ax.bar_label(bars, labels=[style.w2(w) for w in row], padding=2, color=theme.text,
                     fontsize=style.fontsize(layout, 9.5))
        ax.set_title(TITLES[lang][_kind(t)].format(t=t))
        style.tidy_axes(ax, theme)
        ax.set_ylim(0, 1.08)
        ax.set_yticks([0, 0.5, 1.0] if phone else [0, 0.25, 0.5, 0.75, 1.0])
        if phone:
            ax.set_ylabel(YLABEL[lang])
    if not phone:
        axes[0].set_ylabel(YLABEL[lang])
    return fig
