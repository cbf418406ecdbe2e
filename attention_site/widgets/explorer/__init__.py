"""The attention explorer (issue 11): ``{{ widget.explorer }}``.

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

Build time: model.py reads the sentence's embeddings and matrices through
snippets.sentence (never copies numbers) and computes; text.py says it in the page's
language ([explorer] in ../zh.toml, ../en.toml); render.py and templates/explorer.html write
complete markup with the initial numbers (readable without JavaScript). In the browser,
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
from attention_site.widgets.explorer.model import (STEPS, TEMPERATURE, TEMPERATURE_RANGE, chapter_model,
                                                   chapter_scale, column_names, compute)
from attention_site.widgets.explorer.render import render
from attention_site.widgets.explorer.text import (feature_labels, features, fmt, say, say_templates, summary,
                                                  value_names)

__all__ = ["STEPS", "TEMPERATURE", "TEMPERATURE_RANGE", "chapter_model", "chapter_scale", "column_names", "compute",
           "feature_labels", "features", "fmt", "render", "say", "say_templates", "summary", "value_names"]
