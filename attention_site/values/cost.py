"""order-and-cost: attention compares every pair (n²) where a relay passes a word n − 1 times.

The numbers and the table come from snippets/cost.py's functions, so the page's "1,000,000
comparisons" and "64 for 8 words" follow them.
"""
from attention_site.values.format import table
from snippets import cost

SHOWN = (4, 8, 16, 1000)  # the word counts the table shows


def cost_table(lang):
    header = ["词数 n", "两两比对次数 n²", "逐个传话的步数 n − 1"] if lang == "zh" else [
        "Words n", "Comparisons n²", "Relay steps n − 1"]
    rows = [[str(n), f"{cost.comparisons(n):,}", f"{cost.chain_steps(n):,}"] for n in SHOWN]
    return table(header, rows)


NUMBERS = {
    "num.cost_double_factor": lambda: f"{cost.comparisons(8) // cost.comparisons(4)}",
    "num.cost_1000": lambda: f"{cost.comparisons(1000):,}",
    "num.cost_4_words": lambda: f"{cost.comparisons(4):,}",
    "num.cost_8_words": lambda: f"{cost.comparisons(8):,}",
    "num.relay_hand_offs_21": lambda: f"{cost.path_length(21, attention=False)}",
}
PER_LANGUAGE = {
    "table.cost": cost_table,
}
