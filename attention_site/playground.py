"""The attention playground: the HTML that ``{{ widget.playground }}`` becomes at build time.

Page: "Scores → weights" (docs/*/weights.md) carries ``{{ widget.playground }}``.
The build hook (hooks/computed.py) calls ``widgets.embed("playground", lang)``,
which calls ``render(lang)`` here. The colour maths (shade, contrast) and
markup helpers below are shared with the explorer (attention_site/explorer.py). The markup is
complete without JavaScript (labels, initial bars and heatmap row computed here
with snippets.softmax); docs/assets/javascripts/playground.js only enables the
sliders and updates the numbers, with widgets-core.js's softmax and shade (the
twins of snippets.softmax and shade() below). Styles: docs/assets/stylesheets/playground.css.
The root's ``data-widget="playground"`` makes overrides/partials/widgets.html link them.

The root element exposes its state for readers' tools and for the tests:
``data-attention-playground``, ``data-scores``, ``data-temperature`` and
``data-weights`` (JSON, in the words' order), and ``data-colormap``: the
heatmap's colour stops (JSON list of "#rrggbb", evenly spaced over weights
0..1), which playground.js reads, so Python and JavaScript share one table.

Under the sliders a readout gives the weight of 猫 over that of 一只 from the
unrounded weights (RATIO_PAIR; each ``[data-ap-ratio="i j"]`` span, formatted
by ratio_text here and ratioText in playground.js), so a reader who sets 猫 1,
2 or 3 points ahead can check it against the page's table of leads. It is
aria-hidden; the live region (``data-ap-summary``) says the same.

Heatmap cells are coloured like the build-time heatmap figure
(attention_site/figures/heatmap.py): matplotlib's viridis on a fixed 0..1 scale,
dark purple (weight 0) to yellow (weight 1), brighter = more attention, opaque
and the same in light and dark mode. The number in a cell is white or black,
whichever contrasts more with the cell (always >= 4.5:1, WCAG AA).
"""
import math
import html
import json

import numpy as np

from snippets.sentence import ENGLISH
from snippets.softmax import ARTICLE_SCORES, ARTICLE_WORDS, softmax

from attention_site.languages import LANGS

# Slider ranges (the JavaScript softmax itself works for any finite scores).
SCORE_RANGE = (-5.0, 5.0, 0.1)  # min, max, step
TEMPERATURE_RANGE = (0.1, 5.0, 0.1)
TEMPERATURE = 1.0

# matplotlib.colormaps["viridis"] at 0, 0.1, ..., 1 (to_hex), the map of the
# heatmap figure; between two stops the colour is interpolated linearly in sRGB
# (within 14/255 per channel of matplotlib's own 256-step map; tests check both).
VIRIDIS_STOPS = (
    "#440154", "#482475", "#414487", "#355f8d", "#2a788e", "#21918c",
    "#22a884", "#44bf70", "#7ad151", "#bddf26", "#fde725",
)
TEXT_DARK, TEXT_LIGHT = "#000000", "#ffffff"

# The readout "猫 gets r times the weight of 一只": word indices (numerator, denominator).
RATIO_PAIR = (3, 2)
SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")

TEXT = {
    "zh": {
        "title": "拖动滑块，看「它」的权重怎么变",
        "scores": "分数",
        "weights": "权重",
        "score_short": "分数",   # beside each number on narrow screens (the column heads hide)
        "weight_short": "权重",
        "score_of": "分数：它 → ",
        "temperature": "温度",
        "heatmap": "注意力热力图中「它」这一行",
        "corner": "提问的词\u00a0↓ 被看的词\u00a0→",  # an arrow never alone on a line
        "summary": "温度 {t} 时的权重：{items}",
        "sep": "，",
        "ratio": "「{a}」的权重是「{b}」的 {r} 倍",  # the readout under the sliders
        "over": "> 10000",   # the ratio itself, beyond GIST_LIMIT: no powers of ten for a learner
        "under": "< 0.0001",
        # after it, when the ratio is beyond 10 000 (GIST_LIMIT) or below 1 / 10 000: only what
        # the ratio of the two says (a third word may take the most: "nearly all to a" was false)
        "gist_hi": "：和「{a}」比，「{b}」几乎分不到",
        "gist_lo": "：和「{b}」比，「{a}」几乎分不到",
        "ratio_sep": "；",
        "reset": "恢复本章的数值",
        "shift_up": "所有分数 +1",   # each score moves by the same amount: the weights stay
        "shift_down": "所有分数 −1",
        "limit": "有个分数离滑块的一端（{low} 或 {high}）不到 1 了：四个分数再一起挪 1，它会被卡住，差距就变了，所以这个按钮暂时按不了。",
        "noscript": "启用 JavaScript 后可以拖动滑块；上面显示的是文章中那组分数在温度 1 时得到的权重。",
    },
    "en": {
        "title": 'Move the sliders and watch the weights of "it" (它) change',
        "scores": "Score",
        "weights": "Weight",
        "score_short": "score",
        "weight_short": "weight",
        "score_of": "Score: it (它) → ",
        "temperature": "Temperature",
        "heatmap": 'The row of "it" (它) in the attention heatmap',
        "corner": "asking\u00a0↓ looked\u00a0at\u00a0→",
        "summary": "Weights at temperature {t}: {items}",
        "sep": ", ",
        "ratio": '"{a}" gets {r} times the weight of "{b}"',
        "over": "over 10,000",
        "under": "under 0.0001",
        "gist_hi": ': next to "{a}", "{b}" gets almost nothing',
        "gist_lo": ': next to "{b}", "{a}" gets almost nothing',
        "ratio_sep": "; ",
        "reset": "Back to the chapter's scores",
        "shift_up": "Every score +1",
        "shift_down": "Every score −1",
        "limit": "A score is less than 1 from the end of its slider ({low} or {high}): moving all four by 1 more would stop it there "
                 "and change the gaps, so that button is off for now.",
        "noscript": "With JavaScript enabled you can move the sliders; shown above are the weights "
                    "the article's scores get at temperature 1.",
    },
}


def word_label(word, lang):
    """The word as a reader of `lang` sees it: 猫 in Chinese, "cat (猫)" in English."""
    return word if lang == "zh" else f"{ENGLISH[word]} ({word})"


def initial_state():
    """The article's scores at temperature 1, and their weights from snippets.softmax."""
    scores = np.asarray(ARTICLE_SCORES, dtype=np.float64)  # (4,)
    weights = softmax(scores / TEMPERATURE)  # (4,) -> (4,)
    return [float(s) for s in scores], TEMPERATURE, [float(w) for w in weights]


def ratio_text(ratio, lang=None):
    """A weight ratio as the readout shows it: '6.0', '0.37', '2.7 × 10⁴³'.

    One decimal from 1 to 10 000 (like the page's table of leads), two
    significant digits from 0.0001 to 1, powers of ten beyond (at temperature 0.1
    a lead of 10 points is e to the 100). With `lang`, a ratio beyond GIST_LIMIT
    either way is said as "over 10,000" / "under 0.0001" instead: readers did not
    read powers of ten. Same as ratioText() in playground.js.
    """
    if not (isinstance(ratio, (int, float, np.floating)) and math.isfinite(ratio) and ratio > 0):
        raise ValueError(f"ratio_text: ratio must be a finite number > 0, got {ratio!r}")
    if lang is not None and (ratio > GIST_LIMIT or ratio < 1 / GIST_LIMIT):
        return TEXT[lang]["over" if ratio > GIST_LIMIT else "under"]
    if 1 <= ratio < 1e4:
        return f"{ratio:.1f}"
    if 1e-4 <= ratio < 1:
        return f"{ratio:#.2g}"
    mantissa, exponent = f"{ratio:.1e}".split("e")
    return f"{mantissa} × 10{str(int(exponent)).translate(SUPERSCRIPT)}"


GIST_LIMIT = 1e4  # beyond this ratio (or below its inverse) the readout says it in words too


def corner_html(lang):
    """A heatmap's corner cell, "提问的词 ↓ 被看的词 →": each half unbreakable (nowrap), so a narrow
    column wraps between the two and never inside a word or before an arrow."""
    return " ".join(f'<span class="nowrap">{html.escape(half)}</span>' for half in TEXT[lang]["corner"].split(" "))


def _pair_names(lang):
    """The two words of RATIO_PAIR as the page names them: 猫, 一只 / cat, a."""
    return [ENGLISH[ARTICLE_WORDS[k]] if lang == "en" else ARTICLE_WORDS[k] for k in RATIO_PAIR]


def gist(lang, ratio):
    """What a ratio too big or too small to picture means: nearly all to one word, or ''."""
    a, b = _pair_names(lang)
    key = "gist_hi" if ratio >= GIST_LIMIT else "gist_lo" if ratio <= 1 / GIST_LIMIT else None
    return TEXT[lang][key].replace("{a}", a).replace("{b}", b) if key else ""


def _ratio(lang, weights):
    """'「猫」的权重是「一只」的 <span data-ap-ratio="3 2">6.0</span> 倍', from unrounded weights,
    then the gist (data-ap-gist: empty unless the ratio is beyond GIST_LIMIT either way)."""
    i, j = RATIO_PAIR
    ratio = weights[i] / weights[j]
    beyond = (html.escape(TEXT[lang]["over"]), html.escape(TEXT[lang]["under"]))  # for playground.js
    value = (f'<span data-ap-ratio="{i} {j}" data-limit="{GIST_LIMIT:g}" '
             f'data-over="{beyond[0]}" data-under="{beyond[1]}">'
             f'{html.escape(ratio_text(ratio, lang))}</span>')
    a, b = _pair_names(lang)
    sentence = html.escape(TEXT[lang]["ratio"]).replace("{a}", html.escape(a)).replace(
        "{b}", html.escape(b)).replace("{r}", value)
    words = {"hi": gist(lang, GIST_LIMIT), "lo": gist(lang, 1 / GIST_LIMIT)}
    return (sentence + f'<span data-ap-gist="{i} {j}" data-limit="{GIST_LIMIT:g}" data-hi="{html.escape(words["hi"])}" '
            f'data-lo="{html.escape(words["lo"])}">{html.escape(gist(lang, ratio))}</span>')


def _rgb(hex_colour):
    """'#21918c' -> (33, 145, 140)."""
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


def relative_luminance(hex_colour):
    """WCAG 2 relative luminance of '#rrggbb', 0 (black) .. 1 (white)."""
    def linear(c):  # sRGB channel 0..255 -> linear light 0..1
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in _rgb(hex_colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    """WCAG contrast ratio of two '#rrggbb' colours, 1 .. 21."""
    light, dark = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def shade(weight, stops=VIRIDIS_STOPS):
    """(background, text) of a heatmap cell of `weight` in 0..1, both '#rrggbb'.

    Background: `stops` (evenly spaced over 0..1) interpolated linearly; text:
    black or white, whichever has the higher contrast on it. Same arithmetic as
    shade() in widgets-core.js (round half up, like Math.round).
    """
    if isinstance(weight, bool) or not isinstance(weight, (int, float, np.floating, np.integer)):
        raise TypeError(f"shade: weight must be a number, got {type(weight).__name__}")
    if not 0 <= weight <= 1:  # also rejects NaN
        raise ValueError(f"shade: weight must be in 0..1, got {weight}")
    if len(stops) < 2:
        raise ValueError(f"shade: need at least 2 colour stops, got {len(stops)}")
    x = float(weight) * (len(stops) - 1)
    i = min(int(x), len(stops) - 2)  # the stop below (the last segment includes 1.0)
    f = x - i
    low, high = _rgb(stops[i]), _rgb(stops[i + 1])
    background = "#" + "".join(f"{math.floor(a + (b - a) * f + 0.5):02x}" for a, b in zip(low, high))
    text = max((TEXT_LIGHT, TEXT_DARK), key=lambda t: contrast(background, t))
    return background, text


def _json(values):
    return json.dumps(values, ensure_ascii=False, separators=(",", ":"))


def _attrs(**attrs):
    """` key="value"` pairs, escaped; True means a bare attribute, None leaves it out."""
    out = []
    for key, value in attrs.items():
        key = key.rstrip("_").replace("_", "-")
        if value is True:
            out.append(f" {key}")
        elif value is not None:
            out.append(f' {key}="{html.escape(str(value), quote=True)}"')
    return "".join(out)


def _range(kind, index, value, bounds, input_id):
    """A native slider, disabled until playground.js takes over."""
    low, high, step = bounds
    return (f"<input{_attrs(type='range', id=input_id, class_='ap-slider', min=low, max=high, step=step, value=value)}"
            f"{_attrs(data_ap_input=kind, data_index=index, disabled=True)}>")


def render(lang):
    text = TEXT[lang]
    scores, temperature, weights = initial_state()
    labels = [word_label(word, lang) for word in ARTICLE_WORDS]
    uid = f"ap-{lang}"
    esc = html.escape

    parts = [
        f"<div{_attrs(class_='attention-playground', data_widget='playground', data_attention_playground=True, lang=lang)}"
        f"{_attrs(data_words=_json(ARTICLE_WORDS), data_scores=_json(scores))}"
        f"{_attrs(data_temperature=_json(temperature), data_weights=_json(weights))}"
        f"{_attrs(data_colormap=_json(list(VIRIDIS_STOPS)))}>",
        f'<p class="ap-title" id="{uid}-title">{esc(text["title"])}</p>',
        f'<div class="ap-grid" role="group" aria-labelledby="{uid}-title">',
        '<span class="ap-head ap-head--word" aria-hidden="true"></span>',
        f'<span class="ap-head ap-head--score">{esc(text["scores"])}</span>',
        f'<span class="ap-head ap-head--weight">{esc(text["weights"])}</span>',
    ]
    for i, (label, score, weight) in enumerate(zip(labels, scores, weights)):
        input_id = f"{uid}-score-{i}"
        parts += [
            f'<label class="ap-word" for="{input_id}"><span class="ap-sr">{esc(text["score_of"])}</span>'
            f'<span class="ap-word__text" data-ap-label="{i}">{esc(label)}</span></label>',
            _range("score", i, score, SCORE_RANGE, input_id),
            f'<span class="ap-num ap-num--score" data-ap-score="{i}" data-caption="{esc(text["score_short"])}" '
            f'aria-hidden="true">{score:.1f}</span>',
            f'<span class="ap-bar" aria-hidden="true"><span class="ap-bar__fill" data-ap-bar="{i}" '
            f'style="width: {weight * 100:.4f}%"></span></span>',
            f'<span class="ap-num ap-num--weight" data-ap-weight="{i}" data-caption="{esc(text["weight_short"])}" '
            f'aria-hidden="true">{weight:.2f}</span>',
        ]
    parts += [
        f'<label class="ap-word ap-word--temperature" for="{uid}-temperature">{esc(text["temperature"])}</label>',
        _range("temperature", None, temperature, TEMPERATURE_RANGE, f"{uid}-temperature"),
        f'<span class="ap-num ap-num--score" data-ap-temperature aria-hidden="true">{temperature:.1f}</span>',
        "</div>",
        f'<p class="ap-ratio" aria-hidden="true">{_ratio(lang, weights)}</p>',
        f'<table class="ap-heatmap"><caption>{esc(text["heatmap"])}</caption><thead><tr>'
        f'<th scope="col" class="ap-heatmap__corner">{corner_html(lang)}</th>',
        *(f'<th scope="col">{esc(label)}</th>' for label in labels),
        f'</tr></thead><tbody><tr><th scope="row">{esc(labels[0])}</th>',
        *(f'<td class="ap-cell" data-ap-cell="{i}" style="{_cell_style(weight)}">'
          f'<span class="ap-cell__num" data-ap-weight="{i}">{weight:.2f}</span></td>'
          for i, weight in enumerate(weights)),
        "</tr></tbody></table>",
        f'<p class="ap-sr" data-ap-summary aria-live="polite" aria-atomic="true">'
        f'{summary(lang, temperature, weights)}</p>',
        f'<p class="ap-actions"><button type="button" class="md-button ap-reset" data-ap-reset disabled>'
        f'{esc(text["reset"])}</button>',
        # the same amount on every score at once: four exact drags otherwise (R19, R20)
        *(f'<button type="button" class="md-button ap-shift" data-ap-shift="{delta:+g}" disabled>'
          f'{esc(text[key])}</button>' for delta, key in ((1, "shift_up"), (-1, "shift_down"))),
        "</p>",
        f'<p class="ap-limit" data-ap-limit hidden>{esc(_limit_text(lang))}</p>',
        f'<noscript><p class="ap-noscript">{esc(text["noscript"])}</p></noscript>',
        "</div>",
    ]
    return "".join(parts)


def _limit_text(lang):
    """Why a shift button is off, naming the slider's ends (SCORE_RANGE, as the sliders use it)."""
    low, high, _ = SCORE_RANGE
    return TEXT[lang]["limit"].format(low=f"{low:g}".replace("-", "\u2212"), high=f"{high:g}")


def _cell_style(weight):
    background, text = shade(weight)
    return f"background-color: {background}; color: {text}"


def summary(lang, temperature, weights):
    """HTML the live region reads out: "温度 1.0 时的权重：它 0.06，是 0.05，…；「猫」的权重是「一只」的 6.0 倍".

    The numbers sit in spans (data-ap-temperature, data-ap-weight) that
    playground.js rewrites, so the sentence itself needs no translation in JS.
    """
    text = TEXT[lang]
    items = text["sep"].join(
        f'{html.escape(word_label(word, lang))} <span data-ap-weight="{i}">{w:.2f}</span>'
        for i, (word, w) in enumerate(zip(ARTICLE_WORDS, weights)))
    return (text["summary"].format(t=f"<span data-ap-temperature>{temperature:.1f}</span>", items=items)
            + text["ratio_sep"] + _ratio(lang, weights))
