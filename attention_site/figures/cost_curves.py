"""Figure `cost`: what attention costs (n² comparisons) and what it buys (a path of 1).

Page: the deep dive "Word order and cost" (docs/*/order-and-cost.md).
Counts from snippets.cost: comparisons, chain_steps, path_length.
"""
import numpy as np
from matplotlib.ticker import MaxNLocator

from attention_site.figures import style
from snippets import cost

NAME = "cost"
SIZE = (7.2, 3.0)
PHONE_SIZE = (style.PHONE_WIDTH, 7.2)  # one panel per row
LENGTHS = tuple(range(1, 17))   # sentence lengths n, first two panels
MARKED = (4, 8, 16)             # the lengths the table on the page lists
DISTANCES = tuple(range(1, 22))  # how far apart two words are, last panel: up to the page's 21
# Comparisons (work done at once) and relay steps (hand-offs one after another) are
# different quantities: each has its own panel and axis; only the last panel compares
# like with like (steps between two words).
CAPTION = {
    "zh": "第一幅：注意力让每个词和每个词比一次，比对次数按 n² 增长，但可以同时做完；"
          "第二幅：逐个传话只要 n − 1 步，却得一步接一步地走（两者单位不同，各用一根纵轴）；"
          "第三幅：任意两个词之间，注意力只隔 1 步，传话要走的步数和距离一样长。",
    "en": "Attention compares every word with every word, so its comparisons grow as n², all done at once. "
          "A relay down the line takes only n − 1 steps, but one after another (a different unit, so a chart "
          "of its own). And any two words are 1 step apart for attention, as many steps as they are far "
          "apart for the relay.",
}
TEXT = {
    "zh": {"pairs": "注意力：比对次数", "pairs_y": "比对次数（n²）", "chain": "逐个传话：先后步数",
           "chain_y": "步数（n − 1）", "path": "两个词之间隔几步", "path_y": "步数",
           "n": "句子长度 n（词）", "d": "两个词的距离（词）",
           "relay": "逐个传话：距离多远走多少步", "one": "注意力：始终 1 步"},
    "en": {"pairs": "Attention: comparisons", "pairs_y": "comparisons (n²)", "chain": "Relay: steps in a row",
           "chain_y": "steps (n − 1)", "path": "Steps between two words", "path_y": "steps",
           "n": "sentence length n (words)", "d": "distance between them (words)",
           "relay": "relay: one step per word apart", "one": "attention: always 1 step"},
}


def data():
    """lengths (L,), comparisons (L,), chain steps (L,); distances (D,), attention path (D,), relay path (D,)."""
    n = np.array(LENGTHS)
    d = np.array(DISTANCES)
    return {
        "n": n,
        "comparisons": np.array([cost.comparisons(int(k)) for k in n]),
        "chain": np.array([cost.chain_steps(int(k)) for k in n]),
        "d": d,
        "attention_path": np.array([cost.path_length(int(k)) for k in d]),
        "relay_path": np.array([cost.path_length(int(k), attention=False) for k in d]),
    }


def alt(lang):
    v = data()
    marks = [(m, cost.comparisons(m), cost.chain_steps(m)) for m in MARKED]
    far = int(v["d"][-1])
    if lang == "zh":
        counts = "，".join(f"{m} 个词 {c} 次" for m, c, _ in marks)
        steps = "，".join(f"{m} 个词 {s} 步" for m, _, s in marks)
        return (f"三张折线图。第一幅：注意力要做 n² 次两两比对：{counts}。第二幅：逐个传话要一步接一步地走 n − 1 步：{steps}。"
                f"第三幅：相距 {far} 个位置的两个词，注意力 {cost.path_length(far)} 步就连上，"
                f"逐个传话要 {cost.path_length(far, attention=False)} 步。")
    counts = ", ".join(f"{c} for {m} words" for m, c, _ in marks)
    steps = ", ".join(f"{s} for {m} words" for m, _, s in marks)
    return (f"Three line charts. First: attention makes n² pairwise comparisons: {counts}. Second: a relay down "
            f"the line takes n − 1 steps, one after another: {steps}. Third: for two words {far} positions apart, "
            f"attention connects them in {cost.path_length(far)} step, the relay needs "
            f"{cost.path_length(far, attention=False)} steps.")


def _counts(ax, x, y, color, linestyle, theme, *, title, ylabel, xlabel, layout):
    """One quantity against sentence length, its marked lengths labelled with their values."""
    ax.plot(x, y, color=color, linestyle=linestyle)
    for m in MARKED:
        value = int(y[list(x).index(m)])
        ax.plot([m], [value], "o", color=color, markersize=5)
        ax.annotate(f"{value}", (m, value), textcoords="offset points", xytext=(-5, 4), ha="right",
                    color=theme.text, fontsize=style.fontsize(layout, 10))
    ax.set_ylim(0, y.max() * 1.15)
    ax.set_xlim(0, x.max() + 0.5)
    ax.set_xticks(MARKED)
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))  # counts: no 2.5 steps (R26)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    style.tidy_axes(ax, theme, grid_axis="y")


def draw(lang, theme, layout="wide"):
    v = data()
    text = TEXT[lang]
    phone = layout == "phone"
    fig = style.new_figure(PHONE_SIZE if phone else SIZE)
    pairs, chain, path = fig.subplots(3, 1) if phone else fig.subplots(1, 3)

    _counts(pairs, v["n"], v["comparisons"], theme.primary, "-", theme,
            title=text["pairs"], ylabel=text["pairs_y"], xlabel=text["n"], layout=layout)
    _counts(chain, v["n"], v["chain"], theme.secondary, "--", theme,
            title=text["chain"], ylabel=text["chain_y"], xlabel=text["n"], layout=layout)

    path.plot(v["d"], v["relay_path"], color=theme.secondary, linestyle="--", label=text["relay"])
    path.plot(v["d"], v["attention_path"], color=theme.primary, label=text["one"])
    far = int(v["d"][-1])
    for key in ("relay_path", "attention_path"):
        y = int(v[key][-1])
        path.annotate(f"{y}", (far, y), textcoords="offset points", xytext=(4, 0), va="center", color=theme.text,
                      fontsize=style.fontsize(layout, 10))
    path.set_ylim(0, v["relay_path"].max() * (1.15 if phone else 1.6))
    path.set_xlim(0, far + 3)
    path.yaxis.set_major_locator(MaxNLocator(integer=True))
    path.set_xlabel(text["d"])
    path.set_ylabel(text["path_y"])
    path.set_title(text["path"])
    path.legend(loc="upper left", fontsize=style.fontsize(layout, 9))
    style.tidy_axes(path, theme, grid_axis="y")
    return fig
