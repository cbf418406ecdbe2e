"""Figure `heatmap`: the attention weights of 它 是 一只 猫, a weight in every cell.

Page: "Scores → weights" (docs/*/weights.md). Weights from
snippets.sentence.sentence_weights: row i is how word i shares its attention.
"""
from matplotlib.patches import Rectangle

from attention_site.figures import style
from snippets import sentence

NAME = "heatmap"
SIZE = (6.2, 4.4)
PHONE_SIZE = (style.PHONE_WIDTH, 4.7)
CAPTION = {
    "zh": "注意力热力图：读一行——这个词把注意力怎样分给句子里的每个词（每行之和为 1）；颜色越亮权重越大。",
    "en": "The attention heatmap. Read a row: how that word shares its attention among all the words "
          "(each row sums to 1); brighter means more weight.",
}
TEXT = {
    "zh": {"rows": "提问的词（Query）↓", "cols": "被看的词（Key）→", "bar": "权重",
           "read": "读一行：{asker}这一行加起来是 {total}，其中 {share} 给了{target}"},
    "en": {"rows": "word asking (Query) ↓", "cols": "word looked at (Key) →", "bar": "weight",
           "read": "Read a row: the row of {asker} adds up to {total}; {share} of that row goes to {target}"},
}


def data():
    """words (4,), weights (4, 4): rows ask, columns answer."""
    return list(sentence.SENTENCE), sentence.sentence_weights()


def alt(lang):
    words, weights = data()
    parts = []
    for i, (word, row) in enumerate(zip(words, weights)):
        j = int(row.argmax())
        asker, share = style.word_name(word, lang), style.pct(row[j])
        if lang == "zh":
            target = "自己" if i == j else style.word_name(words[j], lang)
            parts.append(f"{asker}把 {share} 的注意力给了{target}")
        else:
            target = "itself" if i == j else style.word_name(words[j], lang)
            parts.append(f"{asker} gives {share} of its attention to {target}")
    if lang == "zh":
        return (f"注意力热力图，{len(words)}×{len(words)} 个权重，每行之和为 1。"
                + "；".join(parts) + "。")
    return (f"Attention heatmap of {len(words)} × {len(words)} weights, each row summing to 1: "
            + "; ".join(parts) + ".")


def draw(lang, theme, layout="wide"):
    words, weights = data()
    text = TEXT[lang]
    phone = layout == "phone"
    rows = [style.word_label(w, lang) for w in words]
    cols = [style.word_label(w, lang, two_lines=phone) for w in words]
    n = len(words)

    fig = style.new_figure(PHONE_SIZE if phone else SIZE)
    ax = fig.subplots()
    # Row i is the asking word (Query), column j the word looked at (Key): cell (i, j) = weights[i, j].
    mesh = style.matrix(ax, weights, rows, theme, cmap="viridis", fmt=style.w2, vmax=1,
                        fontsize=style.fontsize(layout, 11), col_labels=cols)
    # "Read a row": outline the first one and say what it holds.
    row, top = weights[0], int(weights[0].argmax())
    ax.add_patch(Rectangle((0.03, 0.03), n - 0.06, 0.94, fill=False, edgecolor=theme.text, linewidth=1.6))
    mark = style.word_mark if lang == "zh" else style.word_label  # 「它」 / it (它)
    read = text["read"].format(asker=mark(words[0], lang), total=f"{row.sum():.2f}",
                               share=style.w2(row[top]), target=mark(words[top], lang))
    ax.set_xlabel(style.wrap(read, lang, 20 if lang == "zh" else 40) if phone else read, labelpad=10)
    ax.set_title(text["cols"], loc="center", color=theme.muted, fontsize=style.fontsize(layout, 10.5), pad=6)
    if phone:  # no room beside the row labels: the rows' name runs up the left edge
        ax.set_ylabel(text["rows"].rstrip(" ↓"), color=theme.muted)
        style.colorbar(fig, mesh, ax, theme, text["bar"], location="bottom", shrink=0.7, pad=0.02,
                       aspect=25, ticks=[0, 0.5, 1], title_size=style.fontsize(layout, 10))
    else:
        ax.text(-0.02, 1.0, text["rows"], transform=ax.transAxes, ha="right", va="bottom", color=theme.muted)
        style.colorbar(fig, mesh, ax, theme, text["bar"], shrink=0.85, pad=0.05, ticks=[0, 0.25, 0.5, 0.75, 1])
    return fig
