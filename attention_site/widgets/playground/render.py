"""The playground's markup: ``{{ widget.playground }}``, from templates/playground.html.

Complete without JavaScript: the labels, the initial bars and the heatmap row are computed here
(model.initial_state, snippets.softmax); docs/assets/javascripts/playground.js only enables the
sliders and rewrites the numbers. This module turns the state into the values the templates
show (numbers formatted, words in the page's language); the templates say where they go.
"""
from markupsafe import Markup

from snippets.softmax import ARTICLE_WORDS

from attention_site.languages import LANGS
from attention_site import templates
from attention_site.widgets.colour import VIRIDIS_STOPS, cell_style
from attention_site.widgets.markup import corner_html, word_label
from attention_site.widgets.playground.model import GIST_LIMIT, RATIO_PAIR, SCORE_RANGE, TEMPERATURE_RANGE, initial_state
from attention_site.widgets.playground.readout import gist, limit_text, pair_names, ratio_text
from attention_site.widgets.text_files import words


def _ratio(lang, weights):
    """The readout's values: the weight of 猫 over that of 一只 from unrounded weights, its words
    beyond GIST_LIMIT (for playground.js) and the gist (empty unless beyond GIST_LIMIT)."""
    i, j = RATIO_PAIR
    ratio = weights[i] / weights[j]
    a, b = pair_names(lang)
    return {"i": i, "j": j, "limit": f"{GIST_LIMIT:g}", "text": ratio_text(ratio, lang), "a": a, "b": b,
            "hi": gist(lang, GIST_LIMIT), "lo": gist(lang, 1 / GIST_LIMIT), "gist": gist(lang, ratio)}


def summary(lang, temperature, weights):
    """HTML the live region reads out: "温度 1.0 时的权重：它 0.06，是 0.05，…；「猫」的权重是「一只」的 6.0 倍".

    The numbers sit in spans (data-ap-temperature, data-ap-weight) that
    playground.js rewrites, so the sentence itself needs no translation in JS.
    """
    return str(templates.render(
        "widgets/playground_summary.html", text=words("playground", lang), temperature=f"{temperature:.1f}",
        items=[(word_label(word, lang), f"{w:.2f}") for word, w in zip(ARTICLE_WORDS, weights)],
        ratio=_ratio(lang, weights)))


def render(lang):
    """HTML of the playground for a page in `lang`, on one line."""
    if lang not in LANGS:
        raise ValueError(f"playground language must be one of {LANGS}, got {lang!r}")
    scores, temperature, weights = initial_state()
    labels = [word_label(word, lang) for word in ARTICLE_WORDS]
    rows = [{"label": label, "score": score, "score_text": f"{score:.1f}", "width": f"{weight * 100:.4f}",
             "weight_text": f"{weight:.2f}", "style": cell_style(weight)}
            for label, score, weight in zip(labels, scores, weights)]
    return str(templates.render(
        "widgets/playground.html", lang=lang, uid=f"ap-{lang}", text=words("playground", lang),
        words_json=templates.to_json(ARTICLE_WORDS), scores_json=templates.to_json(scores), temperature_json=templates.to_json(temperature),
        weights_json=templates.to_json(weights), colormap_json=templates.to_json(list(VIRIDIS_STOPS)),
        rows=rows, labels=labels, score_range=SCORE_RANGE, temperature_range=TEMPERATURE_RANGE,
        temperature=temperature, temperature_text=f"{temperature:.1f}", ratio=_ratio(lang, weights),
        corner=Markup(corner_html(lang)), summary=Markup(summary(lang, temperature, weights)),
        shifts=[(f"{delta:+g}", key) for delta, key in ((1, "shift_up"), (-1, "shift_down"))],
        limit=limit_text(lang)))
