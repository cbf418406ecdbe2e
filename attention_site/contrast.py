"""WCAG 2 relative luminance and contrast ratio: one formula for the figures and the widgets.

The figures pass matplotlib colours (figures/style.py: the ink of a heatmap cell), the widgets
'#rrggbb' strings (widgets/colour.py: the ink of a playground or explorer cell); both come here as
(r, g, b) in 0..1.
"""


def luminance(rgb):
    """Relative luminance of an sRGB colour given as (r, g, b) in 0..1: 0 (black) .. 1 (white)."""
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a, b):
    """Contrast ratio of two luminances, 1 .. 21 (the order does not matter)."""
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
