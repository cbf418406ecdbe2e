"""Figure `cost`: what attention costs (n² comparisons) and what it buys (a path of 1).

Page: "Why this fixes the two problems from part 1" (docs/*/why.md).
Counts from snippets.cost: comparisons, chain_steps, path_length.
"""
import numpy as np

from snippets import cost
from snippets.figures import style

NAME = "cost"
SIZE = (7.2, 3.4)
LENGTHS = tuple(range(1, 17))   # sentence lengths n on the left panel
MARKED = (4, 8, 16)             # the lengths the table on the page lists
DISTANCES = tuple(range(1, 21))  # how far apart two words are, right panel
CAPTION = {
    "zh": "左：注意力让每个词和每个词比一次，比对次数按 n² 增长，逐个传话只要 n − 1 步；"
          "右：但任意两个词之间，注意力只隔 1 步，传话要走的步数和距离一样长。",
    "en": "Left: attention compares every word with every word, so the comparisons grow as n², while a relay "
          "down the line takes n − 1 steps; right: yet any two words are 1 step apart for attention, "
          "and as many steps as they are far apart for the relay.",
}
TEXT = {
    "zh": {"left": "要做多少次比对", "right": "两个词之间隔几步", "n": "句子长度 n（词）",
           "d": "两个词的距离（词）", "attention": "注意力", "pairs": "注意力：n² 次比对",
           "chain": "逐个传话：n − 1 步", "relay": "逐个传话：距离多远走多少步", "one": "注意力：始终 1 步"},
    "en": {"left": "How many comparisons", "right": "Steps between two words", "n": "sentence length n (words)",
           "d": "distance between the two words (words)", "attention": "attention", "pairs": "attention: n² comparisons",
           "chain": "relay: n − 1 steps", "relay": "relay: one step per word of distance", "one": "attention: always 1 step"},
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
    marks = [(m, cost.comparisons(m)) for m in MARKED]
    far = int(v["d"][-1])
    if lang == "zh":
        counts = "，".join(f"{m} 个词 {c} 次" for m, c in marks)
        return (f"两张折线图。左：注意力要做 n² 次两两比对：{counts}；逐个传话只需 n − 1 步。"
                f"右：相距 {far} 个词的两个词，注意力 {cost.path_length(far)} 步就连上，"
                f"逐个传话要 {cost.path_length(far, attention=False)} 步。")
    counts = ", ".join(f"{c} for {m} words" for m, c in marks)
    return (f"Two line charts. Left: attention makes n² pairwise comparisons: {counts}; a relay down the line "
            f"needs only n − 1 steps. Right: for two words {far} words apart, attention connects them in "
            f"{cost.path_length(far)} step, the relay needs {cost.path_length(far, attention=False)} steps.")


def draw(lang, theme):
    v = data()
    text = TEXT[lang]
    fig = style.new_figure(SIZE)
    left, right = fig.subplots(1, 2)

    left.plot(v["n"], v["comparisons"], color=theme.primary, label=text["pairs"])
    left.plot(v["n"], v["chain"], color=theme.secondary, linestyle="--", label=text["chain"])
    for m in MARKED:
        c = cost.comparisons(m)
        left.plot([m], [c], "o", color=theme.primary, markersize=5)
        left.annotate(f"{c}", (m, c), textcoords="offset points", xytext=(-6, 4), ha="right", color=theme.text)
    left.set_ylim(0, v["comparisons"].max() * 1.1)
    left.set_xlim(0, v["n"].max() + 0.5)
    left.set_xticks(MARKED)
    left.set_xlabel(text["n"])
    left.set_title(text["left"])
    left.legend(loc="upper left")
    style.tidy_axes(left, theme, grid_axis="y")

    right.plot(v["d"], v["relay_path"], color=theme.secondary, linestyle="--", label=text["relay"])
    right.plot(v["d"], v["attention_path"], color=theme.primary, label=text["one"])
    far = int(v["d"][-1])
    for key in ("relay_path", "attention_path"):
        y = int(v[key][-1])
        right.annotate(f"{y}", (far, y), textcoords="offset points", xytext=(4, 0), va="center", color=theme.text)
    right.set_ylim(0, v["relay_path"].max() * 1.15)
    right.set_xlim(0, far + 2)
    right.set_xlabel(text["d"])
    right.set_title(text["right"])
    right.legend(loc="upper left")
    style.tidy_axes(right, theme, grid_axis="y")
    return fig
