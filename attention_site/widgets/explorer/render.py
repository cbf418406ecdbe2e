"""The explorer's markup: ``{{ widget.explorer }}``, from templates/explorer.html.

Complete with the chapter's numbers, readable without JavaScript: this module computes them
(model.py) and turns them into the values the template shows, numbers formatted as explorer.js
formats them (text.fmt) and words in the page's language; the template says where they go.
"""
import numpy as np
from markupsafe import Markup

from attention_site.languages import LANGS
from attention_site import templates
from attention_site.widgets.colour import VIRIDIS_STOPS, cell_style
from attention_site.widgets.explorer.model import STEPS, TEMPERATURE_RANGE, chapter_model, column_names, compute, plain
from attention_site.widgets.explorer.text import (feature_labels, fmt, say, say_templates, summary, value_names)
from attention_site.widgets.markup import corner_html, word_label
from attention_site.widgets.text_files import words

# The words explorer.js needs after a change, sent in data-ae-text (besides "say" and "v_names").
SCRIPT_TEXTS = ("counter", "counter_all", "titles", "summary", "item", "sep", "new", "cell", "reverted")


def _columns(lang, width, kind):
    """Column heads of a matrix with `width` columns: [(short, full)] feature names when known,
    else [("1", None), ("2", None), ...]."""
    names = column_names(kind)
    if names is None or len(names) != width:
        return [(str(j + 1), None) for j in range(width)]
    return feature_labels(lang, names)


def _matrix(name, caption, lang, labels, values, corner, kind):
    """A table of numbers, one row per word; explorer.js rewrites labels and numbers."""
    values = np.asarray(values)
    return {"name": name, "caption": caption, "corner": corner, "heads": _columns(lang, values.shape[1], kind),
            "rows": [(label, [fmt(x) for x in row]) for label, row in zip(labels, values)]}


def _by_word(name, caption, labels, values, styled):
    """A table over every word at once (the scores, the heatmap): one row per asking word."""
    return {"name": name, "caption": caption,
            "rows": [(label, [(fmt(x), _cell_style(x) if styled else None) for x in row])
                     for label, row in zip(labels, values)]}


def _cell_style(weight):
    return cell_style(float(min(max(weight, 0.0), 1.0)))


def render(lang):
    """HTML of the explorer for a page in `lang`, on one line."""
    if lang not in LANGS:
        raise ValueError(f"explorer language must be one of {LANGS}, got {lang!r}")
    text = words("explorer", lang)
    model = chapter_model()
    names = model["words"]
    labels = [word_label(w, lang) for w in names]
    e = np.asarray(model["embeddings"])
    q, k, v = (e @ np.asarray(model[m]) for m in ("w_query", "w_key", "w_value"))
    scores, weights, output = compute(model)
    asking = 0
    features = feature_labels(lang, column_names("e"))
    i18n = {"v_names": value_names(lang)} | {key: text[key] for key in SCRIPT_TEXTS}
    i18n["say"] = say_templates(lang, model["scale"])

    # steps 3-5: the asking word against every Key, each exp after the largest is subtracted
    scaled = scores * model["scale"] / model["temperature"]
    exps = np.exp(scaled - scaled.max(axis=-1, keepdims=True))
    scaled_head, exp_head = ((text["scaled"], text["exp"]) if model["scale"] == 1 else
                             (text[key].format(s=f"{model['scale']:.3g}") for key in ("scaled_s", "exp_s")))
    feature_rows = [full for _, full in features]
    return str(templates.render(
        "widgets/explorer.html", lang=lang, uid=f"ae-{lang}", text=text, labels=labels, asking=asking,
        model_json=templates.to_json(model), weights_json=templates.to_json(plain(weights)), output_json=templates.to_json(plain(output)),
        scores_json=templates.to_json(plain(scores)), asking_word=names[asking], labels_json=templates.to_json(dict(zip(names, labels))),
        colormap_json=templates.to_json(list(VIRIDIS_STOPS)), text_json=templates.to_json(i18n),
        # controls
        options=[(w, label, i == asking) for i, (w, label) in enumerate(zip(names, labels))],
        temperature_range=TEMPERATURE_RANGE, temperature=model["temperature"],
        temperature_text=f"{model['temperature']:.1f}",
        # the step bar
        counter=text["counter"].format(k=1, n=STEPS), step_title=text["titles"][0],
        say=say(lang, 1, model, scores, weights, output),
        # step 1: the editable embeddings
        e_heads=_columns(lang, e.shape[1], "e"),
        e_rows=[(label, [(f"{x:g}", text["cell"].format(w=label, f=features[c][1])) for c, x in enumerate(row)])
                for label, row in zip(labels, e)],
        # step 2: Q, K, V, and the matrices that make them (folded)
        qkv=[_matrix(name, text[f"{name}_caption"], lang, labels, m, text["word"], "v" if name == "v" else "k")
             for name, m in (("q", q), ("k", k), ("v", v))],
        ws=[_matrix(name, label, lang, feature_rows, model[key], text["feature"], "v" if name == "wv" else "k")
            for name, label, key in (("wq", "W_Q", "w_query"), ("wk", "W_K", "w_key"), ("wv", "W_V", "w_value"))],
        # steps 3-5
        scaled_head=scaled_head, exp_head=exp_head,
        against=[(label, fmt(scores[asking][j]), fmt(scaled[asking][j]), fmt(exps[asking][j]),
                  fmt(weights[asking][j]), f"{weights[asking][j] * 100:.4f}") for j, label in enumerate(labels)],
        # step 6: the weighted mix of the Values
        v_heads=_columns(lang, v.shape[1], "v"),
        mix=[(label, fmt(weights[asking][j]), [fmt(weights[asking][j] * x) for x in v[j]])
             for j, label in enumerate(labels)],
        new_label=text["new"].format(w=labels[asking]), weight_sum=fmt(weights[asking].sum()),
        new_vector=[fmt(x) for x in output[asking]],
        # all words at once: the scores (symmetric when W_K = W_Q) and the heatmap of the weights
        corner=Markup(corner_html(lang)),
        everything=[_by_word("scores", text["scores_caption"], labels, scores, False),
                    _by_word("heat", text["heat_caption"], labels, weights, True)],
        summary=summary(lang, model, weights, output)))
