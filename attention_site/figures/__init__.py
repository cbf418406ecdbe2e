"""Build-time figures: one function per figure, rendered to SVG in memory.

The build (hooks/figures.py, through drawings.py and workers.py) calls ``render(name, lang,
theme, layout)`` for every figure, language, theme and layout and serves the bytes at
``src_uri(name, lang, theme, layout)`` (files.py); pages write ``{{ fig.NAME }}`` and
hooks/computed.py puts ``embed(...)`` there.

    render("heatmap", "zh", "dark")           -> SVG bytes (labels as <text>), wide layout
    render("heatmap", "zh", "dark", "phone")  -> the same figure laid out for a phone's column
    alt_text("heatmap", "en")        -> "... “it” gives 76% of its attention to “cat” ..."
    embed("heatmap", "en", "en/weights.md") -> HTML: light + dark <picture> (phone variant
                                               under style.PHONE_MEDIA), each a link to its
                                               full-size SVG, and the caption

Every figure module has NAME, SIZE (wide, inches), PHONE_SIZE, CAPTION, data(),
alt(lang) and draw(lang, theme, layout). data() is what the figure shows; the
tests read the drawn values back from the SVG and compare them with it.
"""
import posixpath
import warnings

import matplotlib

from attention_site import templates
from attention_site.figures import (
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
LAYOUTS = style.LAYOUTS
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


def _check_theme(theme):
    if theme not in THEMES:
        raise ValueError(f"unknown theme {theme!r}; expected one of {THEMES}")


def render(name, lang, theme, layout="wide"):
    """SVG bytes of figure `name` in `lang` ('zh'|'en'), `theme` ('light'|'dark') and
    `layout` ('wide'|'phone').

    A missing glyph is an error, not a warning; any failure raises FigureError naming the figure.
    """
    module = _figure(name)
    _check_lang(lang)
    _check_theme(theme)
    style.check_layout(layout)
    style.register_font()
    try:
        with matplotlib.rc_context(style.rc(style.THEMES[theme], layout)), warnings.catch_warnings():
            warnings.filterwarnings("error", message=r"Glyph .* missing", category=UserWarning)
            fig = module.draw(lang, style.THEMES[theme], layout)
            salt = f"{name}-{lang}-{theme}" + ("" if layout == "wide" else f"-{layout}")
            return style.to_svg(fig, salt=salt)
    except Exception as error:
        where = f"{lang}, {theme}" + ("" if layout == "wide" else f", {layout}")
        raise FigureError(f"figure {name!r} ({where}) failed: {type(error).__name__}: {error}") from error


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


def size_px(name, layout="wide"):
    """(width, height) in CSS pixels: the size the SVG of `layout` declares."""
    style.check_layout(layout)
    module = _figure(name)
    width, height = module.SIZE if layout == "wide" else module.PHONE_SIZE
    return round(width * style.DPI), round(height * style.DPI)


def src_uri(name, lang, theme, layout="wide"):
    """Where the figure pretends to live in docs/: 'zh/figures/heatmap-dark.svg',
    'zh/figures/heatmap-dark-phone.svg'."""
    _figure(name)
    _check_lang(lang)
    _check_theme(theme)
    style.check_layout(layout)
    return f"{lang}/figures/{name}-{theme}" + ("" if layout == "wide" else f"-{layout}") + ".svg"


def _page_dir(page_src_uri, directory_urls):
    """The folder a page is served from, in docs/ terms: 'zh/weights.md' -> 'zh/weights'."""
    folder, stem = posixpath.split(posixpath.splitext(page_src_uri)[0])
    return folder if not directory_urls or stem in ("index", "README") else posixpath.join(folder, stem)


ZOOM = {"zh": "点击查看大图", "en": "Open the full-size figure"}


def embed(name, lang, page_src_uri, directory_urls=True):
    """HTML for a page at `page_src_uri` ('zh/weights.md'): a light and a dark figure,
    each a <picture> (the phone layout under style.PHONE_MEDIA) inside a link to the
    full-size SVG, then the caption (templates/figure.html). URLs are relative to where the
    page is served (MkDocs does not rewrite raw HTML): `directory_urls` is MkDocs'
    use_directory_urls.
    """
    if not isinstance(page_src_uri, str) or not page_src_uri.startswith(f"{lang}/"):
        raise ValueError(f"page {page_src_uri!r} is not a {lang!r} page (expected '{lang}/...')")
    alt = alt_text(name, lang)
    here = _page_dir(page_src_uri, directory_urls)
    pictures = [{"theme": theme, "wide": posixpath.relpath(src_uri(name, lang, theme), here),
                 "phone": posixpath.relpath(src_uri(name, lang, theme, "phone"), here)} for theme in THEMES]
    return str(templates.render(
        "figures/figure.html", name=name, pictures=pictures, zoom=ZOOM[lang], phone_media=style.PHONE_MEDIA,
        alt=alt, size=size_px(name), phone_size=size_px(name, "phone"), caption=caption(name, lang)))
