"""The exercises on the toy sentence's word vectors, Queries and Keys (snippets/sentence.py; pages
word-vectors and self-attention): which face of 猫 carries "pet", a score with a label changed, and a
fifth word, 狗, that has the vector of 猫.

Each raises when a claim its texts make ("猫 still scores highest", "the Query of 狗 is the noun row
of W_Q") stops being true of the sentence.
"""
import numpy as np

from attention_site.exercises.model import WEIGHT_TOLERANCE, Exercise
from snippets import sentence
from snippets.projections import project

WORDS = list(sentence.SENTENCE)
IT, CAT = WORDS.index("它"), WORDS.index("猫")
DOG = len(WORDS)  # the fifth word, added after the four


def exercises():
    return [faces(), score_without_animal(), *dog()]


def _cat():
    """The word vector of 猫: (d,)."""
    return np.asarray(sentence.embedding["猫"], dtype=np.float64)


def _slots():
    """Where each feature of a label (a Key) sits in the word vector."""
    return {f: sentence.features.index(f) for f in sentence.key_features}


def faces():
    """Which face of 猫 carries its feature "pet": the one that changes when "pet" is taken away."""
    x_cat = _cat()
    pet_feature = sentence.features.index("pet")
    if x_cat[pet_feature] != 1:
        raise ValueError("exercise wv-faces asks where the feature 'pet' of 猫 goes, but 猫 lacks it")
    no_pet = x_cat.copy()
    no_pet[pet_feature] = 0
    in_key = not np.array_equal(x_cat @ sentence.w_key, no_pet @ sentence.w_key)
    in_value = not np.array_equal(x_cat @ sentence.w_value, no_pet @ sentence.w_value)
    return Exercise(
        "wv-faces", "word-vectors", "choice",
        "both" if in_key and in_value else "key" if in_key else "value" if in_value else "neither",
        choices=("key", "value", "both"),
        # the words say "the Key holds the kind of word, the Value the meaning": true only so
        mistakes={"key": "key", "both": "both"} if in_value and not in_key else {})


def score_without_animal():
    """One Query meets one Key, on a label changed by the reader: only the label's slots count."""
    untied = sentence.sentence_scores(WORDS)  # the chapter's table of scores: (n, n)
    slot = _slots()
    q_it = np.asarray(sentence.embedding["它"], dtype=np.float64) @ sentence.w_query  # (d_k,)
    k_cat = _cat() @ sentence.w_key  # (d_k,)
    if k_cat[slot["animal"]] != 1:
        raise ValueError("exercise wv-score takes 'animal' off the label of 猫, but the label lacks it")
    noun_only = k_cat.copy()
    noun_only[slot["animal"]] = 0
    if q_it @ noun_only <= np.delete(untied[IT], CAT).max():  # the texts: 猫 still scores highest
        raise ValueError("exercise wv-score says 它 still finds 猫 best without 'animal'; it does not")
    return Exercise(
        "wv-score", "self-attention", "number", float(q_it @ noun_only),
        values={"full": float(q_it @ k_cat), "animal": float(q_it[slot["animal"]])},
        mistakes={"unchanged": float(q_it @ k_cat), "animal": float(q_it[slot["animal"]])},
        tolerance=WEIGHT_TOLERANCE, fmt="decimal")


def dog():
    """A fifth word, 狗 "dog", with the vector of 猫: values not in the printed table, computed as the
    chapter does, with one more row (R32 zh and en: reading a row off the table above the exercise
    taught nothing). How 它 scores 狗 (sa-dog), then how 狗 scores 猫 (sa-dog-cat)."""
    untied = sentence.sentence_scores(WORDS)  # (n, n)
    x_cat = _cat()
    x5 = np.array([sentence.embedding[w] for w in WORDS] + [x_cat], dtype=np.float64)  # (5, d)
    q5, k5, _ = project(x5, sentence.w_query, sentence.w_key, sentence.w_value)
    scores5 = q5 @ k5.T  # (5, d_k) @ (d_k, 5) -> (5, 5)
    if not np.allclose(scores5[:DOG, :DOG], untied):
        raise ValueError("exercise sa-dog: a fifth word changed the scores of the other four")
    by_it = Exercise(
        "sa-dog", "self-attention", "number", float(scores5[IT, DOG]),
        values={"cat": float(untied[IT, CAT])},
        mistakes={"half": float(untied[IT, CAT]) / 2},  # a score read as a share of a budget
        tolerance=WEIGHT_TOLERANCE, fmt="decimal")
    slot = _slots()
    q_cat = x_cat @ sentence.w_query  # (d_k,): the Query of 狗 too
    if not np.array_equal(q_cat, sentence.w_query[slot["noun"]]):
        raise ValueError("exercise sa-dog-cat says the Query of 狗 is the noun row of W_Q; it is not")
    asks = {f: float(q_cat[i]) for f, i in slot.items()}  # the noun's question, slot by slot
    of_cat = Exercise(
        "sa-dog-cat", "word-vectors", "number", float(scores5[DOG, CAT]),
        values={"noun": asks["noun"], "animal": asks["animal"], "q_pronoun": asks["pronoun"],
                "q_verb": asks["verb"], "q_measure": asks["measure"],
                "it_cat": float(untied[IT, CAT]), "cat_cat": float(untied[CAT, CAT])},
        mistakes={"q_pronoun": asks["pronoun"],
                  "it_cat": float(untied[IT, CAT]),  # the other direction's score
                  "noun": asks["noun"]},  # one slot of two
        tolerance=WEIGHT_TOLERANCE, fmt="decimal")
    return [by_it, of_cat]
