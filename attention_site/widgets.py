"""In-page widgets: the HTML that ``{{ widget.NAME }}`` becomes at build time.

The build hook (hooks/computed.py) and the notebook hook call ``embed(NAME, lang)``.
The widgets themselves: the playground (attention_site/playground.py,
``{{ widget.playground }}``), the explorer (attention_site/explorer.py,
``{{ widget.explorer }}``), and the "needs code from a fold above" marks below.
"""
import html

from attention_site import explorer, playground
from attention_site.playground import LANGS


def _explorer(lang):
    """The attention explorer (issue 11): see attention_site/explorer.py."""
    return explorer.render(lang)


# A visible code block that needs code kept in a fold above it (tests/test_copy_run.py finds them).
NEEDS_FOLD = {
    "zh": "这段要用到上面折叠块里的代码：先运行那段，或者点页首的「复制本页全部代码」。",
    "en": "This block needs code from a fold above: run that first, or use “Copy all the code on this page” at the top.",
}


def _needs_fold(lang, text=NEEDS_FOLD, modifier=""):
    """The mark above such a block: one short line, tied to the block below it."""
    return (f'<p class="needs-fold{modifier}"><span class="needs-fold__arrow" aria-hidden="true">↑</span> '
            f'{html.escape(text[lang])}</p>')


WIDGETS = {"playground": playground.render, "explorer": _explorer, "needs-fold": _needs_fold}


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
