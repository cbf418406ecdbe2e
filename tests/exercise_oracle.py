"""The reading and grading rules of docs/assets/javascripts/exercises.js, in Python: the oracle the
tests hold the script to (tests/test_exercises.py checks it on tests/cases.py's replies;
tests/test_exercises_browser.py runs the same replies through the script and compares).

Only tests use it: the site grades in the browser, and the build publishes only what the script
needs (the answer, tolerance and attention_site.exercises.DECIMAL_COMMA as data-* attributes).
"""
import math
import re

from attention_site.exercises import DECIMAL_COMMA

_FULL_WIDTH = str.maketrans({**{chr(0xFF10 + i): str(i) for i in range(10)},
                             "．": ".", "，": ",", "％": "%", "－": "-", "−": "-", "–": "-",
                             "＋": "+", "／": "/", "。": "."})
_SPACES = re.compile(r"[\s\u00a0\u2009\u202f\u3000']+")
_PLAIN = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")
_THOUSANDS = re.compile(r"^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$")
_DECIMAL_COMMA = re.compile(r"^[+-]?\d+,\d+$")


def _plain(text, decimal_comma=True):
    if _THOUSANDS.match(text):
        text = text.replace(",", "")
    elif _DECIMAL_COMMA.match(text):
        if not decimal_comma:
            return None
        text = text.replace(",", ".")
    return float(text) if _PLAIN.match(text) else None


_AFFIX = re.compile(r"^(?:大约|大概|约|≈|~|about|approx\.?)|(?:倍|次|个|步|分|×|x|times|comparisons|steps|points|[.。!！])$",
                    re.IGNORECASE)


def parse_number(text, percent=False, decimal_comma=True):
    """A reader's answer as a float, or None when it is not a number.

    Accepts 0.76, .76, 0,76 (only with `decimal_comma`, see attention_site.exercises.DECIMAL_COMMA), 4,000,000,
    4 000 000, 4e6, 1/4, full-width digits, 400万, and the words around a number a reader
    types (约 6 倍, about 6x, 4000000 次, a final full stop); "76%" only where a percentage
    may be given (`percent`).
    """
    text = _SPACES.sub("", str(text).translate(_FULL_WIDTH))
    # words around the number that a reader naturally types: 约 6 倍, about 6x, 4000000 次, 6.
    previous = None
    while previous != text:
        previous, text = text, _AFFIX.sub("", text)
    scale = 1.0
    if text.endswith("%"):
        if not percent:
            return None
        text, scale = text[:-1], 0.01
    elif text.endswith("万"):
        text, scale = text[:-1], 1e4
    elif text.endswith("亿"):
        text, scale = text[:-1], 1e8
    if text.count("/") == 1:
        top, bottom = (_plain(part, decimal_comma) for part in text.split("/"))
        if top is None or not bottom:
            return None
        value = top / bottom
    else:
        value = _plain(text, decimal_comma)
    if value is None or not math.isfinite(value):
        return None
    return value * scale


def decimal_point_meant(text, percent=False):
    """What a reader who typed a decimal comma meant, as the zh box asks it back ("1,5" -> "1.5"),
    or None when `text` reads the same without decimal commas (or not at all)."""
    if parse_number(text, percent, False) is not None or parse_number(text, percent, True) is None:
        return None
    return re.sub(r"[,，]", ".", str(text).strip(), count=1)


def is_correct(exercise, reply, lang="en"):
    """Whether `reply` (what the reader typed, or the chosen value) is right on a `lang` page."""
    if exercise.kind == "choice":
        return reply == exercise.answer
    value = parse_number(reply, exercise.percent, DECIMAL_COMMA[lang])
    if value is None:
        return False
    return abs(value - exercise.answer) <= exercise.tolerance + 1e-9 * max(1.0, abs(exercise.answer))

