"""The numbers the prose quotes, computed from the worked examples.

Pages write ``{{ num.name }}`` (or ``{{ table.name }}``); the build hook
(hooks/computed.py) replaces each with ``render(name, lang)``. Nothing derived
is typed into docs/: change an input in snippets/ and every page follows.
"""
import numpy as np

from snippets import cost, library, sentence
from snippets.softmax import ARTICLE_SCORES, softmax

LANGS = ("zh", "en")
WORD_EN = sentence.ENGLISH


def _w(x):
    return f"{x:.2f}"


def _pct(x):
    return f"{x * 100:.0f}%"


def _article_weights():
    return softmax(np.array(ARTICLE_SCORES))


def _table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join([" --- "] + [" ---: "] * (len(header) - 1)) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def _new_it_formula(lang):
    weights = _article_weights()
    if lang == "zh":
        terms = [f"{_w(w)}×「{word}」的 V" for word, w in zip(sentence.SENTENCE, weights)]
        return "新的「它」 = " + " + ".join(terms)
    terms = [f"{_w(w)} × V({WORD_EN[word]})" for word, w in zip(sentence.SENTENCE, weights)]
    return "new *it* = " + " + ".join(terms)


def _heatmap_table(lang):
    words = sentence.SENTENCE
    names = words if lang == "zh" else [f"{w} ({WORD_EN[w]})" for w in words]
    corner = "谁看向 → 谁" if lang == "zh" else "who looks → at whom"
    weights = sentence.sentence_weights()
    return _table([corner] + names, [[f"**{n}**"] + [_w(x) for x in row] for n, row in zip(names, weights)])


def _library_table(lang):
    titles_zh = ["《猫咪饲养手册》", "《宠物护理》", "《唐诗三百首》", "《量子力学》"]
    titles = titles_zh if lang == "zh" else [f"*{b}*" for b in library.books]
    header = ["书", "相关性", "权重"] if lang == "zh" else ["Book", "Relevance", "Weight"]
    rows = [[t, f"{s:.1f}", _w(w)] for t, s, w in zip(titles, library.relevance, library.weights)]
    return _table(header, rows)


def _cost_table(lang):
    header = ["词数 n", "两两比对次数 n²", "逐个传话的步数 n − 1"] if lang == "zh" else [
        "Words n", "Comparisons n²", "Relay steps n − 1"]
    rows = [[str(n), f"{cost.comparisons(n):,}", f"{cost.chain_steps(n):,}"] for n in (4, 8, 16, 1000)]
    return _table(header, rows)


# name -> function(lang) -> text to put in the page
VALUES = {
    "num.article_weights": lambda lang: " / ".join(_w(w) for w in _article_weights()),
    "num.it_cat_weight": lambda lang: _w(_article_weights()[3]),
    "num.it_cat_percent": lambda lang: _pct(_article_weights()[3]),
    "num.others_percent": lambda lang: _pct(1 - _article_weights()[3]),
    "num.it_a_weight": lambda lang: _w(_article_weights()[2]),
    "num.it_a_percent": lambda lang: _pct(_article_weights()[2]),
    "num.it_it_weight": lambda lang: _w(_article_weights()[0]),
    "num.it_is_weight": lambda lang: _w(_article_weights()[1]),
    "num.score_ratio": lambda lang: f"{ARTICLE_SCORES[3] / ARTICLE_SCORES[2]:.1f}",
    "num.weight_ratio": lambda lang: f"{_article_weights()[3] / _article_weights()[2]:.1f}",
    "num.cat_it_weight": lambda lang: _w(sentence.sentence_weights()[3, 0]),
    "num.rain_weather_percent": lambda lang: _pct(sentence.self_attention(sentence.RAIN_SENTENCE)[0][0, 1]),
    "num.new_it_formula": _new_it_formula,
    "num.library_top_percent": lambda lang: _pct(library.weights[0]),
    "num.library_second_percent": lambda lang: _pct(library.weights[1]),
    "num.library_off_topic_percent": lambda lang: _pct(library.weights[3]),
    "num.cost_double_factor": lambda lang: f"{cost.comparisons(8) // cost.comparisons(4)}",
    "num.cost_1000": lambda lang: f"{cost.comparisons(1000):,}",
    "table.heatmap": _heatmap_table,
    "table.library": _library_table,
    "table.cost": _cost_table,
}


def render(name, lang):
    """The text for placeholder `name` in language `lang`; KeyError for an unknown name."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; expected one of {LANGS}")
    if name not in VALUES:
        raise KeyError(f"unknown placeholder {{{{ {name} }}}}; known: {', '.join(sorted(VALUES))}")
    return VALUES[name](lang)
