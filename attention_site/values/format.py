"""How the pages print a weight, a share and a table: one rule each, so "0.76" on one page is
"0.76" on every page, and every table has the same Markdown shape."""


def w(x):
    """A weight or a meaning, two decimals: 0.76."""
    return f"{x:.2f}"


def pct(x):
    """A share as a whole percentage: 76%."""
    return f"{x * 100:.0f}%"


def table(header, rows, numbers=True):
    """A Markdown table; columns after the first are right-aligned when they hold numbers."""
    align = " ---: " if numbers else " --- "
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join([" --- "] + [align] * (len(header) - 1)) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)
