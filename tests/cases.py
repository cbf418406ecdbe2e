"""Test data that several test modules share (so that no test module imports another)."""
import math

import numpy as np

# The playground's words and labels as each language shows them.
EXPECTED = {
    "zh": {"words": ["它", "是", "一只", "猫"], "temperature": "温度", "weight": "权重"},
    "en": {"words": ["it (它)", "is (是)", "a (一只)", "cat (猫)"], "temperature": "Temperature",
           "weight": "Weight"},
}


def random_models(count=12, seed=11):
    """Models of several shapes, scales and temperatures, some with large scores."""
    rng = np.random.default_rng(seed)
    models = []
    for i in range(count):
        n, d, d_k, d_v = (int(x) for x in rng.integers(1, 9, size=4))
        spread = 30.0 if i % 4 == 3 else 2.0  # every fourth: scores in the hundreds
        models.append({
            "words": [f"w{j}" for j in range(n)],
            "embeddings": rng.normal(0, spread, (n, d)).tolist(),
            "w_query": rng.normal(0, 1, (d, d_k)).tolist(),
            "w_key": rng.normal(0, 1, (d, d_k)).tolist(),
            "w_value": rng.normal(0, 1, (d, d_v)).tolist(),
            "scale": [1.0, 1 / math.sqrt(d_k), 0.5][i % 3],
            "temperature": [1.0, 0.1, 5.0, 2.3][i % 4],
        })
    return models


# --- what a reader may type into an exercise box (tests/test_exercises.py, and the same
# cases run through exercises.js in tests/test_exercises_browser.py)

PARSE_CASES = [
    ("0.76", False, 0.76), (".76", False, 0.76), ("0,76", False, 0.76), (" 0.76 ", False, 0.76),
    ("76%", True, 0.76), ("76 %", True, 0.76), ("７６％", True, 0.76), ("76%", False, None),
    ("０．７６", False, 0.76), ("1/4", False, 0.25), ("1 / 4", False, 0.25), ("1/0", False, None),
    ("4,000,000", False, 4e6), ("4 000 000", False, 4e6), ("4000000", False, 4e6), ("4e6", False, 4e6),
    ("400万", False, 4e6), ("4，000，000", False, 4e6), ("-0.5", False, -0.5), ("−0.5", False, -0.5),
    ("+3", False, 3.0), ("6.", False, 6.0), ("0", False, 0.0), ("1,5", False, 1.5),
    ("", False, None), ("abc", False, None), ("0.7.6", False, None), ("1/2/3", False, None),
    ("4,00,000", False, None), ("inf", False, None), ("nan", False, None), ("1e999", False, None),
    ("%", True, None), ("76%%", True, None),
    # what a reader types around the number
    ("6倍", False, 6.0), ("约 6 倍", False, 6.0), ("about 6x", False, 6.0), ("4000000次", False, 4e6),
    ("0.76。", False, 0.76), ("4,000,000 comparisons", False, 4e6), ("6 倍倍", False, 6.0),
    ("2分", False, 2.0), ("3.0 分", False, 3.0), ("3 points", False, 3.0),  # R44 zh: 打几分 → 2分
    ("倍", False, None), ("约", False, None), ("six", False, None),
]


# zh reads no decimal comma (issue 27: 「1,5」 was marked right as 1.5); what en reads as a
# decimal comma, zh refuses, and only that. (text, percent, en reading, what the zh box asks back)
DECIMAL_COMMA_CASES = [
    ("1,5", False, 1.5, "1.5"), ("0,76", False, 0.76, "0.76"), ("1，5", False, 1.5, "1.5"),
    ("76,5%", True, 0.765, "76.5%"), ("约 1,5 倍", False, 1.5, "约 1.5 倍"), ("1,5/2", False, 0.75, "1.5/2"),
    ("1,500", False, 1500.0, None), ("4,000,000", False, 4e6, None), ("1.5", False, 1.5, None),
    ("1,5,5", False, None, None), ("abc", False, None, None),
]
