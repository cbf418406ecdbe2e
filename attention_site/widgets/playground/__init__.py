"""The attention playground: ``{{ widget.playground }}`` on "Scores → weights" (docs/*/weights.md).

Four sliders for the scores of 它 against 它 / 是 / 一只 / 猫, one for the temperature; the bars,
the heatmap row and a readout of the weight of 猫 over that of 一只 follow. Its state (model.py),
the readout's words (readout.py), the markup (render.py with templates/playground*.html) and
its words ([playground] in ../zh.toml, ../en.toml). The browser side is
docs/assets/javascripts/playground.js with widgets-core.js (softmax, shade) and
docs/assets/stylesheets/playground.css, linked by overrides/partials/widgets.html because the
root says ``data-widget="playground"``.

The root element exposes its state for readers' tools and for the tests:
``data-attention-playground``, ``data-scores``, ``data-temperature`` and
``data-weights`` (JSON, in the words' order), and ``data-colormap``: the
heatmap's colour stops (JSON list of "#rrggbb", evenly spaced over weights
0..1, colour.VIRIDIS_STOPS), which playground.js reads, so Python and JavaScript share one table.

Under the sliders a readout gives the weight of 猫 over that of 一只 from the
unrounded weights (RATIO_PAIR; each ``[data-ap-ratio="i j"]`` span, formatted
by ratio_text here and ratioText in playground.js), so a reader who sets 猫 1,
2 or 3 points ahead can check it against the page's table of leads. It is
aria-hidden; the live region (``data-ap-summary``) says the same.
"""
from attention_site.widgets.playground.model import (GIST_LIMIT, RATIO_PAIR, SCORE_RANGE, TEMPERATURE,
                                                     TEMPERATURE_RANGE, initial_state)
from attention_site.widgets.playground.readout import gist, limit_text, pair_names, ratio_text
from attention_site.widgets.playground.render import render, summary

__all__ = ["GIST_LIMIT", "RATIO_PAIR", "SCORE_RANGE", "TEMPERATURE", "TEMPERATURE_RANGE", "gist", "initial_state",
           "limit_text", "pair_names", "ratio_text", "render", "summary"]
