"""What the playground's readout says: "猫 gets 6.0 times the weight of 一只", and past 10 000 either
way what that means in words. Twins of ratioText() and the gist in docs/assets/javascripts/playground.js
(tests/test_playground_browser.py compares them); the words are [playground] in zh.toml / en.toml.
"""
import math

import numpy as np

from snippets.sentence import ENGLISH
from snippets.softmax import ARTICLE_WORDS

from attention_site.widgets.playground.model import GIST_LIMIT, RATIO_PAIR, SCORE_RANGE
from attention_site.widgets.text_files import words

SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


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
        return words("playground", lang)["over" if ratio > GIST_LIMIT else "under"]
    if 1 <= ratio < 1e4:
        return f"{ratio:.1f}"
    if 1e-4 <= ratio < 1:
        return f"{ratio:#.2g}"
    mantissa, exponent = f"{ratio:.1e}".split("e")
    return f"{mantissa} × 10{str(int(exponent)).translate(SUPERSCRIPT)}"


def pair_names(lang):
    """The two words of RATIO_PAIR as the page names them: 猫, 一只 / cat, a."""
    return [ENGLISH[ARTICLE_WORDS[k]] if lang == "en" else ARTICLE_WORDS[k] for k in RATIO_PAIR]


def gist(lang, ratio):
    """What a ratio too big or too small to picture means: nearly all to one word, or ''."""
    a, b = pair_names(lang)
    key = "gist_hi" if ratio >= GIST_LIMIT else "gist_lo" if ratio <= 1 / GIST_LIMIT else None
    return words("playground", lang)[key].replace("{a}", a).replace("{b}", b) if key else ""


def limit_text(lang):
    """Why a shift button is off, naming the slider's ends (SCORE_RANGE, as the sliders use it)."""
    low, high, _ = SCORE_RANGE
    return words("playground", lang)["limit"].format(low=f"{low:g}".replace("-", "\u2212"), high=f"{high:g}")
