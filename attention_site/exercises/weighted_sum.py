"""The exercises on the weighted sum of Values (snippets/sentence.py; pages weighted-sum, explorer
and faq): what the new 它 holds when the Values change, when the words are shuffled, when 猫 loses
"pet", and what a small weight still adds.
"""
import numpy as np

from attention_site.exercises.model import WEIGHT_TOLERANCE, Exercise
from snippets import sentence

WORDS = list(sentence.SENTENCE)
IT, CAT = WORDS.index("它"), WORDS.index("猫")


def exercises():
    return [note(), same_value(), shuffle(), without_pet(), small_weight()]


def note():
    """One step beyond the page's "animal = 0.13 (from a) + 0.76 (from cat)": if "a" handed over
    "pet" too, the weights stay, the mix changes (R26 en, R28 zh: ask about the new "it")."""
    row = sentence.sentence_weights()[IT]  # the weights of "it": (n,)
    pet = np.array([w in ("一只", "猫") for w in WORDS], dtype=float)  # a and cat hand over "pet"
    new_pet = float(row @ pet)
    return Exercise(
        "ws-note", "weighted-sum", "number", new_pet,
        values={"weights": " / ".join(f"{w:.2f}" for w in row), "cat": float(row[CAT])},
        tolerance=WEIGHT_TOLERANCE, fmt="decimal", code="ws_note",
        mistakes={"cat_only": float(row[CAT]), "whole": 1.0},  # the pet it holds now; 1 per word
        code_value=lambda ns: ns["weights"] @ ns["pet"], code_expected=new_pet)


def same_value():
    """Every word with the same Value v: the weights add up to 1, so the mix is v."""
    row = sentence.sentence_weights()[IT]  # (n,)
    v = np.array([1.0, 2.0, 3.0])
    same_mix = row @ np.tile(v, (len(WORDS), 1))  # (n,) @ (n, 3)
    return Exercise(
        "ws-same-value", "weighted-sum", "choice",
        "v" if np.allclose(same_mix, v) else "other",
        choices=("v", "4v", "quarter-v"), mistakes={"4v": "4v", "quarter-v": "quarter-v"})


def shuffle():
    """The words in another order: how much 它 looks at 猫."""
    shuffled = ["猫", "是", "它", "一只"]
    before = sentence.self_attention(WORDS)[0]
    after = sentence.self_attention(shuffled)[0]
    unchanged = np.isclose(before[IT, CAT], after[shuffled.index("它"), shuffled.index("猫")])
    return Exercise(
        "ws-shuffle", "explorer", "choice", "same" if unchanged else "changes",
        values={"weight": float(before[IT, CAT]), "shuffled": {
            "zh": " ".join(shuffled),
            "en": f"{' '.join(sentence.ENGLISH[w] for w in shuffled)} ({' '.join(shuffled)})"}},
        choices=("same", "changes"), mistakes={"changes": "changes"})


def without_pet():
    """The explorer's experiment: take "pet" out of the word vector of 猫. The weights stay (the
    label has no "pet"); the new "it" loses all its "pet" (only 猫 handed it over)."""
    x_no_pet = np.array([sentence.embedding[w] for w in WORDS], dtype=np.float64)  # (n, d)
    x_no_pet[CAT, sentence.features.index("pet")] = 0
    weights_no_pet, new_no_pet = sentence._attend(x_no_pet, sentence.w_query, sentence.w_key, sentence.w_value)
    if not np.allclose(weights_no_pet, sentence.sentence_weights()):
        raise ValueError("exercise explorer-pet says the weights stay when 猫 loses 'pet'; they change")
    pet_value = sentence.value_features.index("pet")
    return Exercise(
        "explorer-pet", "explorer", "number", float(new_no_pet[IT, pet_value]),
        values={"pet": float(sentence.new_it_meaning()["pet"]), "weight": float(weights_no_pet[IT, CAT])},
        tolerance=0.001, fmt="decimal",  # exactly 0: no other word hands over "pet"
        mistakes={"unchanged": float(sentence.new_it_meaning()["pet"])})


def small_weight():
    """A small weight is not the same as being ignored."""
    small = 0.05 * 10.0
    return Exercise(
        "faq-small", "faq", "number", small, values={"weight": 0.05, "value": 10},
        mistakes={"weight": 0.05, "value": 10},
        tolerance=WEIGHT_TOLERANCE, fmt="decimal")
