"""The exercises on two layers (snippets/coreference.py; page two-layers): which noun "it" means in
"... it was full", why layer 1 alone cannot tell, what layer 2 does without layer 1, and what the
residual connection keeps.
"""
from attention_site.exercises.model import WEIGHT_TOLERANCE, Exercise
from snippets import coreference

ENDING = "was full"  # the sentence's ending these exercises ask about


def exercises():
    return [equal_asks(), skip_layer_1(), without_residual()]


def equal_asks():
    """Layer 1's Query of "it" asks for animal and food alike; the Keys of cat and fish differ."""
    q1 = coreference.query_of_it(ENDING, 1)
    key_cat, key_fish = (coreference.vectors[w] for w in ("cat", "fish"))
    if q1["animal"] != q1["food"] or key_cat == key_fish:
        raise ValueError("exercise tl-equal says the Query of 'it' asks for animal and food alike "
                         "and the Keys of cat and fish differ")
    layer_1 = coreference.weights_of_it(ENDING)[0]
    return Exercise(
        "tl-equal", "two-layers", "choice", "query",
        values={"noun": float(q1["animal"]), "state": float(layer_1[-1])},
        choices=("keys", "query", "blind"), mistakes={"keys": "keys", "blind": "blind"})


def skip_layer_1():
    """Layer 2's common sense on the words as they are: nothing to work on, no choice."""
    skipped = coreference.weights_of_it_skipping_layer_1(ENDING)
    with_layer_1 = float(coreference.weights_of_it(ENDING)[1][coreference.CAT])
    q_skip = coreference.vectors["it"] @ coreference.w_query_2  # (7,) @ (7, 7) -> (7,)
    return Exercise(
        "tl-skip", "two-layers", "number", float(skipped[coreference.CAT]),
        values={"noun": float(q_skip[coreference.feature_names.index("animal")]),
                "others": len(skipped) - 2, "fish": float(skipped[coreference.FISH]),
                "two_layers": with_layer_1},
        tolerance=WEIGHT_TOLERANCE, percent=True, mistakes={"two_layers": with_layer_1})


def without_residual():
    """The residual connection keeps "it" a pronoun: the mix alone has none of it."""
    bare = coreference.it_without_residual(ENDING)["pronoun"]
    kept = float(coreference.it_after_layer_1(ENDING)["pronoun"])
    return Exercise(
        "tl-residual", "two-layers", "number", float(bare),
        values={"kept": kept}, tolerance=0.001, fmt="decimal", mistakes={"kept": kept})
