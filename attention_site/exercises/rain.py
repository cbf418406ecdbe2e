"""The exercises on the rain sentence (snippets/sentence.py; page rain): weights are computed, not
fixed (faq's misconception). One step beyond the page, which prints the weights: what do they mix
here? (R22: asking which word "it" looks at most repeated the 91% printed just above.) Then the
hand-set rule "a pronoun also looks for weather" taken out: "it" has little to go by.
"""
import numpy as np

from attention_site.exercises.model import WEIGHT_TOLERANCE, Exercise
from snippets import sentence

WORDS = list(sentence.RAIN_SENTENCE)
IT, RAINS = WORDS.index("它"), WORDS.index("下雨")


def exercises():
    weights = sentence.rain_attention(WORDS)[0][IT]  # the weights of "it": (n,)
    return [mix(weights), *without_rule(weights)]


def mix(weights):
    animal = sentence.rain_it_meaning()["animal"]
    cat_animal = sentence.new_it_meaning()["animal"]
    return Exercise(
        "mis-rain", "rain", "number", float(animal),
        values={"weight": float(weights.max()), "sentence": "".join(WORDS),
                "cat_animal": float(cat_animal)},
        tolerance=0.001, fmt="decimal",  # exactly 0: none of these words means "animal"
        mistakes={"cat_sentence": float(cat_animal), "weight": float(weights.max())})


def without_rule(weights):
    """Which word "it" looks at most without the weather rule (rain-no-rule-top), and how much at
    下雨 (rain-no-rule)."""
    rule_at = sentence.features.index("pronoun"), len(sentence.key_features)  # W_Q's weather slot
    w_query_no_rule = sentence.rain_w_query.copy()
    rule = float(w_query_no_rule[rule_at])
    w_query_no_rule[rule_at] = 0
    x_rain = np.array([sentence.rain_embedding[w] for w in WORDS], dtype=np.float64)  # (n, 8)
    no_rule = sentence._attend(x_rain, w_query_no_rule, sentence.rain_w_key, sentence.rain_w_value)[0]
    top = int(np.argmax(no_rule[IT]))
    return [
        Exercise(
            "rain-no-rule-top", "rain", "choice", WORDS[top],
            values={"rule": rule}, choices=tuple(WORDS),
            mistakes={"rains": "下雨"} if top != RAINS else {}),
        Exercise(
            "rain-no-rule", "rain", "number", float(no_rule[IT, RAINS]),
            values={"rule": rule, "with_rule": float(weights[RAINS]),
                    "it_self": float(no_rule[IT, IT])},
            tolerance=WEIGHT_TOLERANCE, percent=True,
            mistakes={"with_rule": float(weights[RAINS])})]
