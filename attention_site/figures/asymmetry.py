"""Figure `asymmetry`: score matrices with separate W_Q, W_K and with W_K = W_Q.

Page: "Asymmetry: who looks at whom" (docs/*/asymmetry.md).
Scores from snippets.projections (project, score_matrix) on the sentence of
snippets.sentence: its own W_Q and W_K give an asymmetric matrix; using W_Q for
both sides makes it symmetric, whatever the numbers.
"""
import numpy as np
from matplotlib.patches import Rectangle

from attention_site.figures import style
from snippets import projections, sentence

NAME = "asymmetry"
SIZE = (7.2, 3.5)
PHONE_SIZE = (style.PHONE_WIDTH, 6.6)  # one matrix per row
CAPTION = {
    "zh": "分数矩阵，softmax 之前，还不是权重（行：提问的词，列：被看的词）。第一幅：Query 和 Key 各用各的变换，「它」看「猫」和「猫」看「它」得分不同；"
          "第二幅：Query 和 Key 共用一套变换，矩阵必然关于对角线对称。两幅用同一套颜色：同样的颜色就是同样的分数。",
    "en": "Score matrices, before softmax: not weights yet (rows: the word asking, columns: the word looked at). With Query and Key made separately, "
          "“it” → “cat” and “cat” → “it” score differently; with one transformation shared by both, the matrix is always symmetric. "
          "Both panels share one colour scale: the same colour is the same score.",
}
TEXT = {
    "zh": {"pair": "它→猫 {ab} {rel} 猫→它 {ba}", "title": "分数：{w}", "titles": ("Q、K 分开", "Q、K 共用")},
    "en": {"pair": "it (它)→cat (猫) {ab} {rel} cat (猫)→it (它) {ba}", "title": "Scores: {w}",
           "titles": ("Q and K separate", "Q and K shared")},
}
# The core chapter shows this figure before any matrix is named (readers: "W_Q ≠ W_K" was never
# defined on the page), so the panels say it in words: separate first, shared second.


def data():
    """words (4,), separate (4, 4), shared (4, 4) score matrices."""
    words = list(sentence.SENTENCE)
    x = np.array([sentence.embedding[w] for w in words], dtype=float)  # (n, d)
    q, k, _ = projections.project(x, sentence.w_query, sentence.w_key, sentence.w_value)
    separate = projections.score_matrix(q, k)  # (n, d_k) @ (d_k, n) -> (n, n)
    q, k, _ = projections.project(x, sentence.w_query, sentence.w_query, sentence.w_value)
    shared = projections.score_matrix(q, k)
    return words, separate, shared


def _pair(words):
    """Indices of 它 (the asker) and 猫 (the word it should find)."""
    return words.index("它"), words.index("猫")


def alt(lang):
    words, separate, shared = data()
    a, b = _pair(words)
    na, nb = style.word_name(words[a], lang), style.word_name(words[b], lang)
    sep_sym, sha_sym = np.allclose(separate, separate.T), np.allclose(shared, shared.T)
    if lang == "zh":
        left = "对称" if sep_sym else "不对称"
        right = "对称" if sha_sym else "不对称"
        return (f"两张分数矩阵。第一幅：Query 和 Key 分开时，{na}看{nb}得 {separate[a, b]:.1f} 分，"
                f"{nb}看{na}得 {separate[b, a]:.1f} 分，矩阵{left}。"
                f"第二幅：Query 和 Key 共用一套变换，两个方向都是 {shared[a, b]:.1f} 分，矩阵{right}。")
    left = "symmetric" if sep_sym else "not symmetric"
    right = "symmetric" if sha_sym else "not symmetric"
    return (f"Two score matrices. First, with Query and Key made separately: {na} looking at {nb} scores "
            f"{separate[a, b]:.1f}, {nb} looking at {na} scores {separate[b, a]:.1f}; the matrix is {left}. "
            f"Second, with one transformation for both: both directions score {shared[a, b]:.1f}; the matrix is {right}.")


def _panel(fig, ax, scores, labels, pair, title, theme, lang, layout, vmax):
    phone = layout == "phone"
    cols = labels if not phone or lang == "zh" else [label.replace(" ", "\n") for label in labels]
    mesh = style.matrix(ax, scores, labels, theme, cmap="viridis", fmt=lambda s: f"{s:.1f}", vmax=vmax,
                        fontsize=style.fontsize(layout, 10), col_labels=cols)
    a, b = pair
    for i, j in ((a, b), (b, a)):  # outline the two directions of the same pair
        ax.add_patch(Rectangle((j + 0.05, i + 0.05), 0.9, 0.9, fill=False, edgecolor=theme.text, linewidth=1.8))
    ab, ba = scores[a, b], scores[b, a]
    relation = "=" if np.isclose(ab, ba) else "≠"
    ax.set_xlabel(TEXT[lang]["pair"].format(ab=f"{ab:.1f}", ba=f"{ba:.1f}", rel=relation), labelpad=8)
    ax.set_title(TEXT[lang]["title"].format(w=title), loc="center", pad=8,
                 fontsize=13 if phone else 12)  # subscripts: 0.7 of it
    # the panel's title says "scores": the bar needs no name of its own (it would crowd the title)
    style.colorbar(fig, mesh, ax, theme, "", shrink=0.8, pad=0.04, title_size=style.fontsize(layout, 10))


def draw(lang, theme, layout="wide"):
    words, separate, shared = data()
    labels = [style.word_label(w, lang) for w in words]
    phone = layout == "phone"
    fig = style.new_figure(PHONE_SIZE if phone else SIZE)
    axes = fig.subplots(2, 1) if phone else fig.subplots(1, 2)
    vmax = max(separate.max(), shared.max())  # one colour scale: a colour is the same score in both panels
    for ax, scores, title in zip(axes, (separate, shared), TEXT[lang]["titles"]):
        _panel(fig, ax, scores, labels, _pair(words), title, theme, lang, layout, vmax)
    return fig
