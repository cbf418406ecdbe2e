"""The heatmap colours both widgets share: viridis stops, a cell's shade, WCAG luminance and contrast.

Cells are coloured like the build-time heatmap figure (attention_site/figures/heatmap.py):
matplotlib's viridis on a fixed 0..1 scale, dark purple (weight 0) to yellow (weight 1),
brighter = more attention, opaque and the same in light and dark mode. The number in a cell is
white or black, whichever contrasts more with the cell (always >= 4.5:1, WCAG AA).

The browser's twin is shade() in docs/assets/javascripts/widgets-core.js; the widgets publish
VIRIDIS_STOPS in ``data-colormap`` so that Python and JavaScript share one table
(tests/test_widgets_core_browser.py compares the two).
"""
import math

import numpy as np

from attention_site import contrast as wcag

# matplotlib.colormaps["viridis"] at 0, 0.1, ..., 1 (to_hex), the map of the
# heatmap figure; between two stops the colour is interpolated linearly in sRGB
# (within 14/255 per channel of matplotlib's own 256-step map; tests check both).
VIRIDIS_STOPS = (
    "#440154", "#482475", "#414487", "#355f8d", "#2a788e", "#21918c",
    "#22a884", "#44bf70", "#7ad151", "#bddf26", "#fde725",
)
TEXT_DARK, TEXT_LIGHT = "#000000", "#ffffff"


def rgb(hex_colour):
    """'#21918c' -> (33, 145, 140)."""
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


def relative_luminance(hex_colour):
    """WCAG 2 relative luminance of '#rrggbb', 0 (black) .. 1 (white)."""
    return wcag.luminance(tuple(c / 255 for c in rgb(hex_colour)))


def contrast(a, b):
    """WCAG contrast ratio of two '#rrggbb' colours, 1 .. 21."""
    return wcag.ratio(relative_luminance(a), relative_luminance(b))


def shade(weight, stops=VIRIDIS_STOPS):
    """(background, text) of a heatmap cell of `weight` in 0..1, both '#rrggbb'.

    Background: `stops` (evenly spaced over 0..1) interpolated linearly; text:
    black or white, whichever has the higher contrast on it. Same arithmetic as
    shade() in widgets-core.js (round half up, like Math.round).
    """
    if isinstance(weight, bool) or not isinstance(weight, (int, float, np.floating, np.integer)):
        raise TypeError(f"shade: weight must be a number, got {type(weight).__name__}")
    if not 0 <= weight <= 1:  # also rejects NaN
        raise ValueError(f"shade: weight must be in 0..1, got {weight}")
    if len(stops) < 2:
        raise ValueError(f"shade: need at least 2 colour stops, got {len(stops)}")
    x = float(weight) * (len(stops) - 1)
    i = min(int(x), len(stops) - 2)  # the stop below (the last segment includes 1.0)
    f = x - i
    low, high = rgb(stops[i]), rgb(stops[i + 1])
    background = "#" + "".join(f"{math.floor(a + (b - a) * f + 0.5):02x}" for a, b in zip(low, high))
    text = max((TEXT_LIGHT, TEXT_DARK), key=lambda t: contrast(background, t))
    return background, text


def cell_style(weight):
    """The inline style of a heatmap cell: 'background-color: #rrggbb; color: #rrggbb'."""
    background, text = shade(weight)
    return f"background-color: {background}; color: {text}"
