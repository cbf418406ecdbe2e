"""In-page widgets: the HTML that ``{{ widget.NAME }}`` becomes at build time.

The build hook (hooks/computed.py) calls ``embed(NAME, lang)``; that is this package's entry.
The widgets, each a model (what it computes) apart from its markup:

- playground/ (``{{ widget.playground }}``): sliders for four scores and a temperature;
- explorer/ (``{{ widget.explorer }}``): one layer of self-attention, every step live;
- needs_fold (``{{ widget.needs-fold }}``): the mark above a code block that needs a fold above.

What they share: the heatmap colours (colour), the small markup helpers (markup), their
words in zh.toml / en.toml (text_files) and the Jinja templates in templates/, each inside
{% oneline %} (rendered by attention_site.templates, the site's one template home).
"""
from attention_site.languages import LANGS
from attention_site.widgets import explorer, needs_fold, playground

WIDGETS = {"playground": playground.render, "explorer": explorer.render, "needs-fold": needs_fold.render}


def embed(name, lang):
    """HTML of widget `name` for a page in `lang` ('zh' or 'en'), on one line.

    One line, so the placeholder may sit anywhere a line of raw HTML may. Raises
    KeyError for an unknown widget name, ValueError for an unknown language.
    """
    if lang not in LANGS:
        raise ValueError(f"widget language must be one of {LANGS}, got {lang!r}")
    try:
        make = WIDGETS[name]
    except KeyError:
        raise KeyError(f"unknown widget {name!r}; known: {sorted(WIDGETS)}") from None
    return make(lang)
