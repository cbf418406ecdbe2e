"""The attention explorer: the HTML that ``{{ widget.explorer }}`` becomes (issue 11).

The whole computation of one layer of self-attention on the chapters' sentence
(它 / 是 / 一只 / 猫, from snippets.sentence), every step visible and live:
embeddings E -> Q, K, V -> the scores of the asking word against every Key ->
softmax with a temperature -> weights -> the weighted mix of the Values. A
learner picks the asking word, edits the embeddings, ties W_K = W_Q, shuffles
the word order, changes the temperature and resets. Step by step (previous /
next): each step's part carries data-ae-part="k" (a panel, or for steps 3-5
columns of one table); explorer.js hides the parts after the current step and
highlights the current one, and the step bar (sticky) says what the step does;
"show all steps" shows every part at once. The last step also shows every word
at once (data-ae-from="6"): the scores and the heatmap (viridis, brighter =
more, rows = the asking word). The markup itself hides nothing: without
JavaScript every step is on the page.

Build time: this module reads the sentence's embeddings and matrices through
snippets.sentence (never copies numbers) and renders complete markup with the
initial numbers (readable without JavaScript). In the browser,
docs/assets/javascripts/explorer.js recomputes on every change (softmax and the
cell colours from widgets-core.js); its styles are docs/assets/stylesheets/explorer.css.
The root's ``data-widget="explorer"`` makes overrides/partials/widgets.html link them,
on pages that carry the explorer only.

Contract (an outside check reads it): the root element carries
``data-attention-explorer`` and, as JSON attributes kept up to date:
``data-model`` = {"words", "embeddings" (n, d), "w_query" (d, d_k),
"w_key" (d, d_k), "w_value" (d, d_v), "scale", "temperature"},
``data-weights`` (n, n) = softmax((E W_Q)(E W_K)^T * scale / temperature)
and ``data-output`` (n, d_v) = weights @ (E W_V). Also published:
``data-scores`` (n, n, before scale and temperature), ``data-asking`` (the
asking word), ``data-step`` (1..6), ``data-tied`` and ``data-colormap``.
"""
import html
from decimal import ROUND_HALF_UP, Decimal

import numpy as np

from attention_site.playground import VIRIDIS_STOPS, _attrs, _json, corner_html, shade, word_label
from snippets import sentence
from snippets.softmax import softmax

from attention_site.languages import LANGS
TEMPERATURE = 1.0
TEMPERATURE_RANGE = (0.1, 5.0, 0.1)  # min, max, step of the slider
STEPS = 6

# Feature names as a reader sees them: (short column header, full name).
FEATURES = {
    "zh": {"pronoun": ("代词", "代词"), "verb": ("动词", "动词"), "measure": ("量词", "量词"),
           "noun": ("名词", "名词"), "particle": ("助词", "语气助词"), "animal": ("动物", "动物"),
           "pet": ("宠物", "宠物"), "weather": ("天气", "天气"), "refers": ("指代", "指代")},
    "en": {"pronoun": ("pron", "pronoun"), "verb": ("verb", "verb"), "measure": ("meas", "measure word"),
           "noun": ("noun", "noun"), "particle": ("part", "particle"), "animal": ("anim", "animal"),
           "pet": ("pet", "pet"), "weather": ("wthr", "weather"), "refers": ("refr", "refers")},
}

TEXT = {
    "zh": {
        "title": "注意力探索器：改动任何一处，看每一步怎么跟着变",
        "asking": "提问的词（Query）",
        "temperature": "温度",
        "tie": "让 W_K = W_Q",
        "shuffle": "打乱词序",
        "reset": "恢复本章的数值",
        "prev": "上一步",
        "next": "下一步",
        "steps": "逐步查看",
        "all": "显示全部步骤",
        "counter": "第 {k} 步，共 {n} 步",
        "counter_all": "全部 {n} 步，高亮第 {k} 步",
        "titles": ["词向量", "三副面孔 Query、Key、Value", "分数", "带温度的 softmax", "权重", "Value 的加权求和"],
        "say": [
            "每个词先是一个词向量：x 的一行，{d} 个特征。表格里的每个数都可以改。",
            "词向量乘上三个矩阵，每个词就有了三副面孔：Query（在找什么）、Key（是什么）、Value（交出什么）。",
            "拿「{word}」的 Query 和每个 Key 做点积{scale}，得到分数。最高的是「{best}」：{bs}。",
            "softmax：每个分数{scale}除以温度 {t}，减去最大值，再取 exp。温度越低，差距越大。",
            "把每个 exp 除以它们的总和，就得到权重，加起来等于 1。「{word}」给「{best}」的权重是 {bw}。",
            "新的「{word}」就是各个词的 Value 按权重混合：{out}。",
        ],
        "scale": "，再乘以 {s}",
        "scale4": "先乘以 {s}，再",
        "summary": "「{word}」的权重：{items}。新的「{word}」：{out}。",
        "item": "{w} {x}",
        "sep": "，",
        "e_caption": "x：词向量，每个词一行（可以改）",
        "cell": "{w}的{f}特征",
        "word": "词",
        "q_caption": "Q = x @ W_Q：每个词在找什么",
        "k_caption": "K = x @ W_K：每个词的标签（凭它被找到）",
        "v_caption": "V = x @ W_V：每个词交出什么",
        "matrices": "变换矩阵 W_Q、W_K、W_V（真实模型里是学出来的；这里是人工设定的）",
        "feature": "特征",
        "rows_caption": "拿「{w}」的 Query 去比每一个 Key",
        "key": "Key",
        "score": "分数 q·k",
        "scaled": "分数 ÷ 温度",
        "scaled_s": "分数 × {s} ÷ 温度",
        "exp": "exp（分数 ÷ 温度 − 最大值）",  # the max of the column on its left
        "exp_s": "exp（分数 × {s} ÷ 温度 − 最大值）",
        "weight": "权重",
        "mix_caption": "新的「{w}」：权重 × Value，再相加",
        "new": "新的「{w}」",
        "scores_caption": "所有词一起看：分数 Q @ Kᵀ（代码里写作 q @ k.T）",
        "heat_caption": "注意力热力图（每行是一个提问的词）",
        "noscript": "启用 JavaScript 后可以改动数值；上面显示的是本章的数值。",
        "invalid": "标红的格子是空的，或者填的不是 −99 到 99 之间的数；改好之前，计算用的是你开始输入前它原来的数。",
        "reverted": "刚才那个格子是空的，或者填的不是 −99 到 99 之间的数，已改回 {v}。",
    },
    "en": {
        "title": "Attention explorer: change anything, watch every step respond",
        "asking": "Asking word (Query)",
        "temperature": "Temperature",
        "tie": "Tie W_K = W_Q",
        "shuffle": "Shuffle the word order",
        "reset": "Back to the chapter's values",
        "prev": "Back",
        "next": "Next",
        "steps": "Step by step",
        "all": "Show all steps",
        "counter": "Step {k} of {n}",
        "counter_all": "All {n} steps, step {k} highlighted",
        "titles": ["Word vectors", "Query, Key, Value", "Scores", "Softmax with temperature",
                   "Weights", "Weighted sum of Values"],
        "say": [
            "Every word starts as its word vector: one row of x, {d} features. "
            "You can edit every number in the table.",
            "Its vector times three matrices gives each word three faces: Query (what it looks for), "
            "Key (what it is) and Value (what it hands over).",
            "The Query of {word} is compared with every Key by a dot product{scale}: "
            "the scores. Highest: {best}, {bs}.",
            "Softmax: each score is {scale}divided by the temperature {t}, the largest is "
            "subtracted, then exp. Lower temperature, bigger gaps.",
            "Each exp divided by their total gives the weights, which add up to 1. "
            "{word} gives {best} a weight of {bw}.",
            "The new {word} is every word's Value mixed by the weights: {out}.",
        ],
        "scale": ", times {s}",
        "scale4": "multiplied by {s}, ",
        "summary": "Weights of {word}: {items}. New {word}: {out}.",
        "item": "{w} {x}",
        "sep": ", ",
        "e_caption": "x: word vectors, one row per word (edit them)",
        "cell": "{w}: {f}",
        "word": "Word",
        "q_caption": "Q = x @ W_Q: what each word looks for",
        "k_caption": "K = x @ W_K: each word's label (what it is found by)",
        "v_caption": "V = x @ W_V: what each word hands over",
        "matrices": "The matrices W_Q, W_K, W_V (a real model learns them; here they are set by hand)",
        "feature": "Feature",
        "rows_caption": "The Query of {w} against every Key",
        "key": "Key",
        "score": "Score q·k",
        "scaled": "Score ÷ temperature",
        "scaled_s": "Score × {s} ÷ temperature",
        "exp": "exp(score ÷ temperature − max)",  # the max of the column on its left
        "exp_s": "exp(score × {s} ÷ temperature − max)",
        "weight": "Weight",
        "mix_caption": "The new {w}: weights × Values, summed",
        "new": "new {w}",
        "scores_caption": "All words at once: the scores Q @ Kᵀ (q @ k.T in code)",
        "heat_caption": "The attention heatmap (each row is an asking word)",
        "noscript": "With JavaScript enabled you can change the numbers; shown above are the chapter's values.",
        "invalid": "A cell marked in red is empty, or not a number between −99 and 99; until you fix it, the sums use the number it held before you began typing.",
        "reverted": "That cell was empty, or not a number between −99 and 99, so it is back to {v}.",
    },
}


# --- the model and its numbers ----------------------------------------------------------------

def _plain(array):
    """A numpy array as nested lists of Python floats (JSON-ready)."""
    return np.asarray(array, dtype=np.float64).tolist()


def compute(model):
    """(scores, weights, output) of a model dict, with numpy and snippets.softmax.

    scores = (E W_Q)(E W_K)^T (n, n); weights = softmax(scores * scale / temperature)
    row by row (n, n); output = weights @ (E W_V) (n, d_v).
    """
    e = np.asarray(model["embeddings"], dtype=np.float64)  # (n, d)
    q = e @ np.asarray(model["w_query"], dtype=np.float64)  # (n, d) @ (d, d_k) -> (n, d_k)
    k = e @ np.asarray(model["w_key"], dtype=np.float64)  # (n, d) @ (d, d_k) -> (n, d_k)
    v = e @ np.asarray(model["w_value"], dtype=np.float64)  # (n, d) @ (d, d_v) -> (n, d_v)
    scores = q @ k.T  # (n, d_k) @ (d_k, n) -> (n, n)
    weights = softmax(scores * model["scale"] / model["temperature"], axis=-1)  # (n, n)
    return scores, weights, weights @ v  # (n, n) @ (n, d_v) -> (n, d_v)


def chapter_scale():
    """The factor the chapter multiplies its scores by: 1 (plain dot product) or 1/sqrt(d_k).

    Read off snippets.sentence itself: the candidate whose softmax reproduces
    sentence.self_attention's weights. Raises if none does (the chapter's
    attention changed in a way the explorer does not model).
    """
    words = list(sentence.SENTENCE)
    expected, _ = sentence.self_attention(words)
    d_k = np.asarray(sentence.w_key).shape[1]
    candidates = [getattr(sentence, name) for name in ("SCALE", "scale") if hasattr(sentence, name)]
    candidates += [1.0, 1.0 / d_k ** 0.5]
    for scale in candidates:
        model = _model(words, float(scale))
        if np.allclose(compute(model)[1], expected, rtol=0, atol=1e-12):
            return float(scale)
    raise ValueError("explorer: no scale reproduces snippets.sentence.self_attention's weights")


def _model(words, scale):
    return {
        "words": list(words),
        "embeddings": _plain([sentence.embedding[w] for w in words]),  # (n, d)
        "w_query": _plain(sentence.w_query),  # (d, d_k)
        "w_key": _plain(sentence.w_key),  # (d, d_k)
        "w_value": _plain(sentence.w_value),  # (d, d_v)
        "scale": scale,
        "temperature": TEMPERATURE,
    }


def chapter_model():
    """The chapter's sentence, embeddings and matrices, as the explorer starts."""
    return _model(sentence.SENTENCE, chapter_scale())


# --- markup ------------------------------------------------------------------------------------



def fmt(x):
    """A number as the explorer shows it: 2 decimals, never "-0.00".

    The same text as fmt() in explorer.js (JavaScript's toFixed): the exact binary
    value rounded, an exact tie away from zero (6.125 -> "6.13", where Python's
    format() would give "6.12").
    """
    text = str(Decimal(float(x)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
    return "0.00" if text == "-0.00" else text


def _vector(values):
    return "[" + ", ".join(fmt(x) for x in values) + "]"


def value_names(lang):
    """The Value's slots in the page's words (指代 / refers, ...): the new word is read by name."""
    return [full for _, full in feature_labels(lang, column_names("v"))]


def _named(values, lang):
    """'refers 0.06, animal 0.89, pet 0.76': a Value-sized vector with its slots named (R23),
    as explorer.js's named(); a vector of another size is an error, not a silent cut."""
    return TEXT[lang]["sep"].join(f"{n} {fmt(x)}" for n, x in zip(value_names(lang), values, strict=True))


def _one_hot_names(matrix):
    """Names of a matrix's columns when each column picks exactly one feature (a 0/1 column
    with a single 1), e.g. W_K (d, d_k) -> ["pronoun", "verb", ...]; else None."""
    matrix = np.asarray(matrix)
    names = []
    for column in matrix.T:
        ones = np.flatnonzero(column)
        if len(ones) != 1 or column[ones[0]] != 1:
            return None
        names.append(sentence.features[ones[0]])
    return names


def column_names(kind):
    """English feature names of the columns of E ("e"), Q and K ("k"), V ("v"), or None.

    From snippets.sentence: `features` for E; `key_features` / `value_features`
    when the module has them, else read off W_K / W_V when each column copies one
    feature; None (columns numbered 1, 2, ...) otherwise.
    """
    if kind == "e":
        return list(sentence.features)
    matrix = sentence.w_key if kind == "k" else sentence.w_value
    names = getattr(sentence, "key_features" if kind == "k" else "value_features", None)
    names = list(names) if names is not None else _one_hot_names(matrix)
    if names is not None and len(names) != np.asarray(matrix).shape[1]:
        return None
    return names


def feature_labels(lang, names):
    """[(short, full)] labels of feature `names` in the page's language."""
    table = FEATURES[lang]
    missing = [f for f in names if f not in table]
    if missing:
        raise KeyError(f"explorer: no {lang} label for feature(s) {missing}; add them to FEATURES")
    return [table[f] for f in names]


def _columns(lang, width, kind):
    """Column headers of a matrix with `width` columns: feature names when known, else 1..width."""
    names = column_names(kind)
    if names is None or len(names) != width:
        return "".join(f'<th scope="col">{j + 1}</th>' for j in range(width))
    return "".join(f'<th scope="col"><abbr title="{html.escape(full)}">{html.escape(short)}</abbr></th>'
                   for short, full in feature_labels(lang, names))


def _matrix(name, caption, lang, labels, values, corner, kind):
    """A table of numbers, one row per word; explorer.js rewrites labels and numbers."""
    values = np.asarray(values)
    rows = "".join(
        f'<tr><th scope="row">{html.escape(label)}</th>'
        + "".join(f"<td>{fmt(x)}</td>" for x in row) + "</tr>"
        for label, row in zip(labels, values))
    return (f'<table class="ae-m" data-ae-matrix="{name}">'
            f"<caption>{caption}</caption><thead><tr>"
            f'<th scope="col">{html.escape(corner)}</th>{_columns(lang, values.shape[1], kind)}</tr></thead>'
            f"<tbody>{rows}</tbody></table>")


def say_templates(lang, scale):
    """The six step descriptions of `lang` with the chapter's scale written in; {word}, {q}... stay."""
    text = TEXT[lang]
    parts = [("" if scale == 1 else text["scale4" if step == 4 else "scale"].format(s=f"{scale:.3g}"))
             for step in range(1, STEPS + 1)]
    return [template.replace("{scale}", part) for template, part in zip(text["say"], parts)]


def _say(lang, step, model, scores, weights, output, asking=0):
    """The description of `step` (1..6) with the numbers of the asking word, plain text."""
    words = model["words"]
    row = weights[asking]
    best = int(np.argmax(row))
    q = np.asarray(model["embeddings"])[asking] @ np.asarray(model["w_query"])  # (d,) @ (d, d_k)
    values = {
        "d": len(model["embeddings"][0]), "word": word_label(words[asking], lang),
        "best": word_label(words[best], lang), "bs": fmt(scores[asking][best]),
        "bw": fmt(row[best]), "q": _vector(q), "t": f"{model['temperature']:.1f}",
        "out": _named(output[asking], lang),
    }
    return say_templates(lang, model["scale"])[step - 1].format(**values)


def summary(lang, model, weights, output, asking=0):
    """What the live region reads after a change: the asking word's weights and new vector."""
    text = TEXT[lang]
    words = model["words"]
    items = text["sep"].join(text["item"].format(w=word_label(w, lang), x=fmt(x))
                             for w, x in zip(words, weights[asking]))
    return text["summary"].format(word=word_label(words[asking], lang), items=items,
                                  out=_named(output[asking], lang))


def render(lang):
    """HTML of the explorer for a page in `lang`, on one line."""
    if lang not in LANGS:
        raise ValueError(f"explorer language must be one of {LANGS}, got {lang!r}")
    text = TEXT[lang]
    esc = html.escape
    model = chapter_model()
    words = model["words"]
    labels = [word_label(w, lang) for w in words]
    e = np.asarray(model["embeddings"])
    q, k, v = (e @ np.asarray(model[m]) for m in ("w_query", "w_key", "w_value"))
    scores, weights, output = compute(model)
    uid = f"ae-{lang}"
    asking = 0
    features = feature_labels(lang, column_names("e"))
    i18n = {"v_names": value_names(lang)}
    i18n |= {key: text[key] for key in ("counter", "counter_all", "titles", "summary", "item", "sep", "new", "cell",
                                       "reverted")}
    i18n["say"] = say_templates(lang, model["scale"])

    # controls
    low, high, step = TEMPERATURE_RANGE
    options = "".join(f'<option value="{esc(w)}"{" selected" if i == asking else ""}>{esc(label)}</option>'
                      for i, (w, label) in enumerate(zip(words, labels)))
    controls = (
        '<div class="ae-controls">'
        f'<span class="ae-field"><label for="{uid}-asking">{esc(text["asking"])}</label>'
        f'<select id="{uid}-asking" data-ae-asking disabled>{options}</select></span>'
        f'<span class="ae-field ae-field--t"><label for="{uid}-t">{esc(text["temperature"])}</label>'
        f"<input{_attrs(type='range', id=uid + '-t', min=low, max=high, step=step, value=model['temperature'])}"
        f' data-ae-temperature disabled><output for="{uid}-t" data-ae-t>{model["temperature"]:.1f}</output></span>'
        f'<span class="ae-field ae-field--tie"><input type="checkbox" id="{uid}-tie" data-ae-tie disabled>'
        f'<label for="{uid}-tie">{esc(text["tie"])}</label></span>'
        f'<span class="ae-field ae-field--all"><input type="checkbox" id="{uid}-all" data-ae-all disabled>'
        f'<label for="{uid}-all">{esc(text["all"])}</label></span>'
        f'<span class="ae-buttons"><button type="button" class="md-button" data-ae-shuffle disabled>'
        f'{esc(text["shuffle"])}</button><button type="button" class="md-button" data-ae-reset disabled>'
        f'{esc(text["reset"])}</button></span></div>')

    # step 1: the editable embeddings
    e_rows = "".join(
        f'<tr><th scope="row">{esc(label)}</th>' + "".join(
            f'<td><input type="number" step="0.1" inputmode="decimal" value="{x:g}" data-ae-e="{r},{c}"'
            f' aria-label="{esc(text["cell"].format(w=label, f=features[c][1]))}" disabled></td>'
            for c, x in enumerate(row)) + "</tr>"
        for r, (label, row) in enumerate(zip(labels, e)))
    e_table = (f'<table class="ae-m ae-m--e" data-ae-matrix="e">'
               f'<caption>{esc(text["e_caption"])}</caption><thead><tr>'
               f'<th scope="col">{esc(text["word"])}</th>{_columns(lang, e.shape[1], "e")}</tr></thead>'
               f"<tbody>{e_rows}</tbody></table>")

    # step 2: Q, K, V, and the matrices that make them (folded)
    feature_rows = [full for _, full in features]
    qkv = "".join(_matrix(name, esc(text[f"{name}_caption"]), lang, labels, m, text["word"], "v" if name == "v" else "k")
                  for name, m in (("q", q), ("k", k), ("v", v)))
    ws = "".join(_matrix(name, esc(label), lang, feature_rows, model[key], text["feature"], "v" if name == "wv" else "k")
                 for name, label, key in (("wq", "W_Q", "w_query"), ("wk", "W_K", "w_key"),
                                          ("wv", "W_V", "w_value")))

    # steps 3-5: the asking word against every Key
    scaled = scores * model["scale"] / model["temperature"]
    exps = np.exp(scaled - scaled.max(axis=-1, keepdims=True))
    scaled_head, exp_head = ((text["scaled"], text["exp"]) if model["scale"] == 1 else
                             (text[k].format(s=f"{model['scale']:.3g}") for k in ("scaled_s", "exp_s")))
    asking_label = f'<span data-ae-asking-label>{esc(labels[asking])}</span>'
    row_lines = "".join(
        f'<tr><th scope="row">{esc(label)}</th><td data-ae-part="3">{fmt(scores[asking][j])}</td>'
        f'<td data-ae-part="4">{fmt(scaled[asking][j])}</td><td data-ae-part="4">{fmt(exps[asking][j])}</td>'
        f'<td data-ae-part="5">{fmt(weights[asking][j])}</td><td data-ae-part="5" class="ae-bar-cell">'
        f'<span class="ae-bar"><span style="width: {weights[asking][j] * 100:.4f}%"></span></span></td></tr>'
        for j, label in enumerate(labels))
    rows_table = (
        '<table class="ae-m ae-m--rows" data-ae-matrix="rows">'
        f'<caption>{esc(text["rows_caption"]).replace("{w}", asking_label)}</caption>'
        f'<thead><tr><th scope="col">{esc(text["key"])}</th><th scope="col" data-ae-part="3">{esc(text["score"])}</th>'
        f'<th scope="col" data-ae-part="4">{esc(scaled_head)}</th><th scope="col" data-ae-part="4">{esc(exp_head)}</th>'
        f'<th scope="col" data-ae-part="5">{esc(text["weight"])}</th><th scope="col" data-ae-part="5">'
        f'<span class="ae-sr">{esc(text["weight"])}</span></th></tr></thead><tbody>{row_lines}</tbody></table>')

    # step 6: the weighted mix of the Values
    mix_lines = "".join(
        f'<tr><th scope="row">{esc(label)}</th><td>{fmt(weights[asking][j])}</td>'
        + "".join(f"<td>{fmt(weights[asking][j] * x)}</td>" for x in v[j]) + "</tr>"
        for j, label in enumerate(labels))
    new_label = f'<span data-ae-new-label>{esc(text["new"].format(w=labels[asking]))}</span>'
    mix_table = (
        '<table class="ae-m ae-m--mix" data-ae-matrix="mix">'
        f'<caption>{esc(text["mix_caption"]).replace("{w}", asking_label)}</caption>'
        f'<thead><tr><th scope="col">{esc(text["word"])}</th><th scope="col">{esc(text["weight"])}</th>'
        f'{_columns(lang, v.shape[1], "v")}</tr></thead><tbody>{mix_lines}</tbody>'
        f'<tfoot><tr><th scope="row">{new_label}</th><td>{fmt(weights[asking].sum())}</td>'
        + "".join(f"<td>{fmt(x)}</td>" for x in output[asking]) + "</tr></tfoot></table>")

    # all words at once: the scores (symmetric when W_K = W_Q) and the heatmap of the weights
    head = "".join(f'<th scope="col">{esc(label)}</th>' for label in labels)

    def by_word(name, caption, values, styled):
        rows = "".join(
            f'<tr{_attrs(class_="is-asking" if r == asking else None)}><th scope="row">{esc(label)}</th>'
            + "".join(f'<td{_attrs(style=_cell_style(x) if styled else None)}>{fmt(x)}</td>' for x in row)
            + "</tr>" for r, (label, row) in enumerate(zip(labels, values)))
        return (f'<table class="ae-m ae-{name}" data-ae-matrix="{name}"><caption>{esc(caption)}</caption>'
                f'<thead><tr><th scope="col" class="ae-corner">{corner_html(lang)}</th>{head}</tr></thead>'
                f"<tbody>{rows}</tbody></table>")

    everything = (by_word("scores", text["scores_caption"], scores, False)
                  + by_word("heat", text["heat_caption"], weights, True))

    # the step bar (sticky): previous / where we are / next, and what this step does (one row and
    # the sentence: "show all steps" is a setting among the controls, it need not follow the reader)
    stepper = (
        f'<div class="ae-stepper" role="group" aria-label="{esc(text["steps"])}" data-ae-stepper>'
        f'<button type="button" class="md-button" data-ae-prev aria-disabled="true" disabled>'
        f'<span aria-hidden="true">‹ </span>{esc(text["prev"])}</button>'
        f'<p class="ae-now"><span data-ae-counter>{esc(text["counter"].format(k=1, n=STEPS))}</span> · '
        f'<strong data-ae-title>{esc(text["titles"][0])}</strong></p>'
        f'<button type="button" class="md-button" data-ae-next disabled>{esc(text["next"])}'
        f'<span aria-hidden="true"> ›</span></button>'
        f'<p class="ae-say" data-ae-say>{esc(_say(lang, 1, model, scores, weights, output))}</p></div>')

    root = (
        f"<div{_attrs(class_='attention-explorer', data_widget='explorer', data_attention_explorer=True, lang=lang)}"
        f"{_attrs(data_model=_json(model), data_weights=_json(_plain(weights)), data_output=_json(_plain(output)))}"
        f"{_attrs(data_scores=_json(_plain(scores)), data_asking=words[asking], data_step=1, data_tied='false')}"
        f"{_attrs(data_labels=_json(dict(zip(words, labels))), data_colormap=_json(list(VIRIDIS_STOPS)))}"
        f"{_attrs(data_ae_text=_json(i18n), aria_labelledby=uid + '-title', role='region')}>")
    return "".join([
        root,
        f'<p class="ae-title" id="{uid}-title">{esc(text["title"])}</p>',
        controls,
        stepper,
        f'<div class="ae-panel" data-ae-part="1">{e_table}'
        f'<p class="ae-invalid" data-ae-invalid hidden>{esc(text["invalid"])}</p>'
        '<p class="ae-invalid" data-ae-reverted role="status" hidden></p></div>',
        f'<div class="ae-panel" data-ae-part="2"><div class="ae-qkv">{qkv}</div>'
        f'<details class="ae-ws"><summary>{esc(text["matrices"])}</summary><div class="ae-qkv">{ws}</div></details></div>',
        f'<div class="ae-panel" data-ae-from="3">{rows_table}</div>',
        f'<div class="ae-panel" data-ae-part="6">{mix_table}</div>',
        f'<div class="ae-panel ae-all" data-ae-from="6">{everything}</div>',
        f'<p class="ae-sr" data-ae-live aria-live="polite" aria-atomic="true">'
        f'{esc(summary(lang, model, weights, output))}</p>',
        f'<noscript><p class="ae-noscript">{esc(text["noscript"])}</p></noscript>',
        "</div>",
    ])


def _cell_style(weight):
    background, colour = shade(float(min(max(weight, 0.0), 1.0)))
    return f"background-color: {background}; color: {colour}"
