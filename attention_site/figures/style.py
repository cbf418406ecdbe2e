"""Plot style for every build-time figure, defined once.

Fonts: matplotlib measures text with Noto Sans CJK from the PyPI package
``noto-cjk-sans-otc`` (so Chinese labels are laid out correctly and no
"Glyph ... missing" warning appears); the SVG keeps labels as real text
(``svg.fonttype: none``) and asks the browser for a font-family list that
covers Chinese on common systems.

Themes: ``light`` and ``dark`` differ only in the colours of text, lines and
the series; the background stays transparent so the page shows through.
Every matrix is drawn in viridis (colour-blind safe, ordered by lightness): brighter = more.
"""
import io
import os
import re
from dataclasses import dataclass

import matplotlib
import numpy as np
import noto_cjk_sans_otc
from matplotlib import font_manager
from matplotlib.figure import Figure

from attention_site import contrast, languages

# The browser draws the labels: first a CJK font the reader is likely to have
# (Linux, Adobe, macOS, Windows, older Linux), then the generic family.
CSS_FONT_FAMILY = (
    "'Noto Sans CJK SC', 'Source Han Sans SC', 'PingFang SC', 'Microsoft YaHei', "
    "'WenQuanYi Micro Hei', 'Noto Sans CJK JP', 'Noto Sans', 'Helvetica Neue', Arial, sans-serif"
)
MEASURE_FONT_FILE = os.path.join(os.path.dirname(noto_cjk_sans_otc.__file__), "NotoSansCJK-Regular.ttc")
MEASURE_FONT = "Noto Sans CJK JP"  # the family name of face 0 of that collection
MATH_FONT = "DejaVu Sans"  # mathtext (W_Q) ships with matplotlib

# What matplotlib writes for every label (the measuring font), and the rule that
# replaces it once for the whole SVG.
_MEASURED_FAMILY = re.compile(rf"font-family: '{MEASURE_FONT}', sans-serif(; )?")
_FONT_RULE = f"text {{font-family: {CSS_FONT_FAMILY}}}"
_NOOP_ROTATE = re.compile(r' transform="rotate\(-0 [-\d.]+ [-\d.]+\)"')
_COMMENT = re.compile(r"\n\s*<!--.*?-->", re.S)
_TAG = re.compile(r"<[^<>]+>")
_LONG_NUMBER = re.compile(r"-?\d+\.\d{3,}")  # base64 image data has no "."


def _round_number(match):
    """'53.871551' -> '53.87': a hundredth of a point is far below a pixel."""
    text = f"{float(match.group()):.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _round_tag(match):
    return _LONG_NUMBER.sub(_round_number, match.group())

LANGS = languages.LANGS
DPI = 96  # CSS pixels per inch: a figure of width w inches shows w * 96 px wide

# Two layouts of every figure: "wide" for tablets and desktops (panels side by
# side), "phone" for a narrow column (panels stacked, larger text). The page
# serves the phone one through <picture> under PHONE_MEDIA (attention_site.figures.embed).
# A phone figure is PHONE_WIDTH inches wide (360 CSS px) and no text in it is
# smaller than PHONE_MIN_FONT viewBox units: shown in the 328-px column of a
# 360-px phone that is 10 x 328 / 270 = 12.1 CSS px (tests/test_phone.py: >= 11).
LAYOUTS = ("wide", "phone")
PHONE_WIDTH = 3.75
PHONE_MEDIA = "screen and (max-width: 44.9375em)"  # print: the wide layout
PHONE_MIN_FONT = 10.0

WORD_EN = {"它": "it", "是": "is", "一只": "a", "猫": "cat"}


@dataclass(frozen=True)
class Theme:
    name: str
    text: str        # labels and titles
    muted: str       # tick labels, secondary notes
    grid: str        # grid and axis lines
    background: str  # the page behind the figure (for gaps between heatmap cells)
    primary: str     # the main series (weights, attention)
    secondary: str   # the series it is compared with (scores before softmax, the relay)
    words: tuple     # one colour per word of 它 是 一只 猫 (or per book): an identity, not an amount


def _viridis(*positions):
    cmap = matplotlib.colormaps["viridis"]
    return tuple(matplotlib.colors.to_hex(cmap(p)) for p in positions)


THEMES = {
    "light": Theme(
        name="light", text="#1f2328", muted="#4d5560", grid="#d0d7de", background="#ffffff",
        primary=_viridis(0.28)[0], secondary=_viridis(0.62)[0],
        # Okabe-Ito, colour-blind safe. Not viridis: on this site brighter means more, and a
        # book that gets 1 % drawn in viridis's brightest yellow read as "most" (R14 reader).
        words=("#0072b2", "#e69f00", "#009e73", "#cc79a7"),
    ),
    "dark": Theme(
        name="dark", text="#e2e4e9", muted="#aeb4bf", grid="#454b5c", background="#1e2029",
        primary=_viridis(0.78)[0], secondary=_viridis(0.45)[0],
        words=("#56b4e9", "#e69f00", "#009e73", "#cc79a7"),
    ),
}


def register_font():
    """Make the bundled CJK font known to matplotlib (once per process)."""
    known = {entry.fname for entry in font_manager.fontManager.ttflist}
    if MEASURE_FONT_FILE not in known:
        font_manager.fontManager.addfont(MEASURE_FONT_FILE)


def check_layout(layout):
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r}; expected one of {LAYOUTS}")


def fontsize(layout, points):
    """`points` in the wide layout; never below PHONE_MIN_FONT in the phone one."""
    check_layout(layout)
    return points if layout == "wide" else max(points, PHONE_MIN_FONT)


def wrap(text, lang, width):
    """Break `text` into lines of at most `width` characters (Chinese: any character;
    English: at spaces), for the phone layout's long labels."""
    if lang == "zh":
        lines, line = [], ""
        for char in text:
            if len(line) >= width and char not in "，。；：、）」』》":
                lines.append(line)
                line = ""
            line += char
        return "\n".join([*lines, line])
    import textwrap
    return "\n".join(textwrap.wrap(text, width))


def rc(theme, layout="wide"):
    """rcParams for one theme and layout: use with ``matplotlib.rc_context(rc(theme, layout))``."""
    check_layout(layout)
    phone = layout == "phone"
    return {
        "font.family": "sans-serif",
        "font.sans-serif": [MEASURE_FONT],
        "font.size": 11 if phone else 10.5,
        "mathtext.fontset": "dejavusans",
        "axes.unicode_minus": True,
        "svg.fonttype": "none",
        "svg.hashsalt": "attention-figures",  # replaced per figure in to_svg
        "path.simplify": True,
        "figure.dpi": DPI,
        "savefig.dpi": DPI,
        "figure.facecolor": "none",
        "savefig.facecolor": "none",
        "savefig.transparent": True,
        "axes.facecolor": "none",
        "axes.edgecolor": theme.grid,
        "axes.labelcolor": theme.text,
        "axes.titlecolor": theme.text,
        "axes.titlesize": 11.5 if phone else 11,
        "axes.titlelocation": "left",
        "axes.titlepad": 8,
        "axes.spines.top": False,
        "axes.spines.right": False,
        "axes.grid": False,
        "grid.color": theme.grid,
        "grid.linewidth": 0.6,
        "xtick.color": theme.grid,
        "ytick.color": theme.grid,
        "xtick.labelcolor": theme.text,
        "ytick.labelcolor": theme.text,
        "xtick.labelsize": 10.5 if phone else 10,
        "ytick.labelsize": 10.5 if phone else 10,
        "legend.fontsize": 10.5 if phone else 10,
        "text.color": theme.text,
        "legend.frameon": False,
        "legend.labelcolor": theme.text,
        "lines.linewidth": 2.0,
        "patch.linewidth": 0,
    }


def new_figure(size, **kwargs):
    """A Figure (no pyplot: nothing global to leak) of `size` = (width, height) in inches."""
    return Figure(figsize=size, layout="constrained", **kwargs)


def to_svg(fig, salt):
    """SVG bytes, identical from one run (and process) to the next.

    `salt` fixes the element ids (unique per figure). Labels stay text; the
    font-family matplotlib measured with becomes one CSS rule naming the list
    of CJK-capable fonts for the browser.
    """
    buffer = io.BytesIO()
    with matplotlib.rc_context({"svg.hashsalt": salt}):
        fig.savefig(buffer, format="svg", metadata={"Date": None, "Creator": None})
    svg = buffer.getvalue().decode("utf-8")
    svg, measured = _MEASURED_FAMILY.subn("", svg)
    if not measured:
        raise RuntimeError(f"SVG does not use the measuring font {MEASURE_FONT!r}: the style was not applied")
    # One CSS rule instead of the family list on every label; mathtext keeps its own font.
    svg = svg.replace("<style type=\"text/css\">", f"<style type=\"text/css\">{_FONT_RULE}\n", 1)
    svg = svg.replace(f"font-family: '{MATH_FONT}'", f"font-family: '{MATH_FONT}', sans-serif")
    svg = _NOOP_ROTATE.sub("", svg)
    svg = _COMMENT.sub("", svg)  # matplotlib repeats every label as a comment
    svg = _TAG.sub(_round_tag, svg)  # coordinates inside tags only, never label text
    return svg.encode("utf-8")


# -- shared pieces of the figures ---------------------------------------------

def word_label(word, lang, *, two_lines=False):
    """它 in Chinese figures, "it (它)" in English ones ("it\\n(它)" on two lines)."""
    return word if lang == "zh" else f"{WORD_EN[word]}{chr(10) if two_lines else ' '}({word})"


def word_name(word, lang):
    """「它」 in Chinese prose, “it” in English prose (alt text, captions)."""
    return f"「{word}」" if lang == "zh" else f"“{WORD_EN[word]}”"


def word_mark(word, lang):
    """「它」 / "it" inside a figure: CJK fonts draw curly quotes full-width, so
    English labels use straight ones."""
    return f"「{word}」" if lang == "zh" else f'"{WORD_EN[word]}"'


def pct(x):
    """0.7573 -> '76%' (no space before %, in both languages)."""
    return f"{x * 100:.0f}%"


def w2(x):
    """0.7573 -> '0.76'."""
    return f"{x:.2f}"


def text_on(color):
    """Black or white, whichever has the higher WCAG contrast on a cell/bar of `color`
    (tests/test_figures.py checks every cell value for >= 4.5 in both themes)."""
    background = contrast.luminance(matplotlib.colors.to_rgb(color))
    dark, light = "#000000", "#ffffff"  # #111111 reached only 4.3 on viridis teal (#25858e)
    ratios = {ink: contrast.ratio(background, contrast.luminance(matplotlib.colors.to_rgb(ink)))
              for ink in (dark, light)}
    return max(ratios, key=ratios.get)


def tidy_axes(ax, theme, *, grid_axis="y"):
    """Light grid behind the data, no tick marks on the category axis."""
    if grid_axis:
        ax.grid(True, axis=grid_axis, color=theme.grid, linewidth=0.6)
        ax.set_axisbelow(True)
    ax.tick_params(length=0, axis="x" if grid_axis == "y" else "y")


def matrix(ax, values, labels, theme, *, cmap, fmt, vmax=None, fontsize=11, col_labels=None):
    """A word-by-word matrix: coloured cells from 0, the value written in each,
    rows and columns labelled, first row at the top: the cell at row i, column j
    shows values[i, j]. Returns the QuadMesh."""
    values = np.asarray(values, dtype=float)  # (n, n)
    n = len(labels)
    if values.shape != (n, n):
        raise ValueError(f"matrix: values must be ({n}, {n}) for {n} labels, got shape {values.shape}")
    mesh = ax.pcolormesh(values, cmap=cmap, vmin=0, vmax=values.max() if vmax is None else vmax)
    ax.hlines(np.arange(1, n), 0, n, color=theme.background, linewidth=2)  # gaps between cells
    ax.vlines(np.arange(1, n), 0, n, color=theme.background, linewidth=2)
    for (i, j), v in np.ndenumerate(values):  # (row, column) -> the value, written in the cell
        ax.text(j + 0.5, i + 0.5, fmt(v), ha="center", va="center", fontsize=fontsize,
                color=text_on(mesh.cmap(mesh.norm(v))))
    ax.set_xlim(0, n)
    ax.set_ylim(n, 0)  # first word at the top
    ax.set_xticks(np.arange(n) + 0.5, labels if col_labels is None else col_labels)
    ax.set_yticks(np.arange(n) + 0.5, labels)
    ax.xaxis.tick_top()
    ax.tick_params(length=0)
    ax.set_aspect("equal")
    for spine in ax.spines.values():
        spine.set_visible(False)
    return mesh


def colorbar(fig, mesh, ax, theme, title, *, title_size=10, **kwargs):
    """A slim colour bar with a horizontal title; its gradient is one small image."""
    bar = fig.colorbar(mesh, ax=ax, **kwargs)
    if kwargs.get("location") in ("bottom", "top") or kwargs.get("orientation") == "horizontal":
        bar.ax.set_ylabel(title, rotation=0, ha="right", va="center", color=theme.muted, fontsize=title_size)
    else:
        bar.ax.set_title(title, loc="center", color=theme.muted, fontsize=title_size, pad=6)
    bar.outline.set_visible(False)
    bar.ax.tick_params(color=theme.grid, labelcolor=theme.text)
    bar.solids.set_rasterized(True)  # one image instead of 256 vector strips
    return bar
