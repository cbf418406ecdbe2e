"""Build-time figures: one function per figure, rendered to SVG in memory.

The build hook (hooks/figures.py) calls ``render(name, lang, theme)`` for every
figure, language and theme and serves the bytes at ``src_uri(name, lang, theme)``;
pages write ``{{ fig.NAME }}`` and hooks/computed.py puts ``embed(...)`` there.

    render("heatmap", "zh", "dark")  -> SVG bytes (labels as <text>)
    alt_text("heatmap", "en")        -> "... “it” gives 76% of its attention to “cat” ..."
    embed("heatmap", "en", "en/weights.md") -> Markdown for the light + dark <img> and caption
"""
import html
import posixpath
import warnings

import matplotlib

from snippets.figures import (
    asymmetry,
    cost_curves,
    heatmap,
    library_lookup,
    mix,
    softmax_bars,
    style,
    temperature,
)

LANGS = style.LANGS
THEMES = ("light", "dark")
FIGURES = {
    module.NAME: module
    for module in (library_lookup, softmax_bars, temperature, heatmap, asymmetry, mix, cost_curves)
}
NAMES = tuple(FIGURES)

# Characters that would end or change a Markdown image's alt text (code spans and
# raw HTML are parsed before images; emphasis is not, so * and _ are safe).
_ALT_FORBIDDEN = set("[]`<>\\\n")


class FigureError(RuntimeError):
    """A figure function failed; the message names the figure."""


def _figure(name):
    if not isinstance(name, str):
        raise TypeError(f"figure name must be a str, got {type(name).__name__}")
    if name not in FIGURES:
        raise ValueError(f"unknown figure {name!r}; known figures: {', '.join(NAMES)}")
    return FIGURES[name]


def _check_lang(lang):
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; expected one of {LANGS}")


def render(name, lang, theme):
    """SVG bytes of figure `name` in `lang` ('zh'|'en') and `theme` ('light'|'dark').

    A missing glyph is an error, not a warning; any failure raises FigureError naming the figure.
    """
    module = _figure(name)
    _check_lang(lang)
    if theme not in THEMES:
        raise ValueError(f"unknown theme {theme!r}; expected one of {THEMES}")
    style.register_font()
    try:
        with matplotlib.rc_context(style.rc(style.THEMES[theme])), warnings.catch_warnings():
            warnings.filterwarnings("error", message=r"Glyph .* missing", category=UserWarning)
            fig = module.draw(lang, style.THEMES[theme])
            return style.to_svg(fig, salt=f"{name}-{lang}-{theme}")
    except Exception as error:
        raise FigureError(f"figure {name!r} ({lang}, {theme}) failed: {type(error).__name__}: {error}") from error


def alt_text(name, lang):
    """Alt text in `lang`, written from the data the figure shows."""
    module = _figure(name)
    _check_lang(lang)
    try:
        text = module.alt(lang)
    except Exception as error:
        raise FigureError(f"figure {name!r} ({lang}): alt text failed: {type(error).__name__}: {error}") from error
    bad = sorted(_ALT_FORBIDDEN.intersection(text))
    if bad:
        raise FigureError(f"figure {name!r} ({lang}): alt text contains Markdown characters {bad}")
    return text


def caption(name, lang):
    _check_lang(lang)
    return _figure(name).CAPTION[lang]


def size_px(name):
    """(width, height) in CSS pixels: the size the SVG declares."""
    width, height = _figure(name).SIZE
    return round(width * style.DPI), round(height * style.DPI)


def src_uri(name, lang, theme):
    """Where the figure pretends to live in docs/: 'zh/figures/heatmap-dark.svg'."""
    _figure(name)
    _check_lang(lang)
    if theme not in THEMES:
        raise ValueError(f"unknown theme {theme!r}; expected one of {THEMES}")
    return f"{lang}/figures/{name}-{theme}.svg"


def embed(name, lang, page_src_uri):
    """Markdown for a page at `page_src_uri` ('zh/weights.md'): light and dark image, caption.

    Material shows `#only-light` in the light palette and `#only-dark` in the dark one.
    No indentation inside the <figure>: indented lines there give a stray <br>.
    """
    if not isinstance(page_src_uri, str) or not page_src_uri.startswith(f"{lang}/"):
        raise ValueError(f"page {page_src_uri!r} is not a {lang!r} page (expected '{lang}/...')")
    alt = alt_text(name, lang)
    width, height = size_px(name)
    here = posixpath.dirname(page_src_uri)
    images = []
    for theme in THEMES:
        path = posixpath.relpath(src_uri(name, lang, theme), here)
        images.append(f'![{alt}]({path}#only-{theme}){{ width="{width}" height="{height}" loading=lazy }}')
    return "\n".join([
        f'<figure class="build-figure" id="fig-{name}" markdown="span">',
        *images,
        f"<figcaption>{html.escape(caption(name, lang), quote=False)}</figcaption>",
        "</figure>",
    ]) + "\n"
