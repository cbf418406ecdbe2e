"""two-layers: which noun 它 means, "the cat didn't eat the fish because it was full / stale".

Layer 1 weighs cat and fish alike in both sentences and mixes the last word into 它; layer 2's
Query, made from what 它 now carries, chooses. Every weight, score, Query number and table the
page quotes comes from snippets/coreference.py; the page's claims about them (one feature per
word, the same layer-1 Query in both sentences, layer-2 scores equal to the Query's numbers, the
three other words weighted alike, the cat still chosen with layer 1's labels) stop the build
when the model stops making them true.
"""
import numpy as np

from attention_site.values.format import table, w
from attention_site.values.words import chinese
from snippets import coreference

POSITION = {"cat": coreference.CAT, "fish": coreference.FISH, "state": -1}  # "state": the last word, in both sentences
SHOWN = ["pronoun", "hunger", "freshness"]  # what "it" carries out of layer 1 that decides layer 2


def weight(last, layer, word):
    """Weight of 它 (it) on cat, fish or the last word, in layer 1 or 2."""
    return w(coreference.weights_of_it(last)[layer - 1][POSITION[word]])


def score(last, layer, word, decimals=1):
    """A score "it" gives cat, fish or the last word in layer 1 or 2 (before softmax). In layer 2
    the page says the scores of cat and fish are the animal and food numbers of the Query."""
    value = coreference.scores_of_it(last, layer)[POSITION[word]]
    if layer == 2 and word in ("cat", "fish"):
        asked = coreference.query_of_it(last, 2)["animal" if word == "cat" else "food"]
        if abs(value - asked) > 1e-12:
            raise ValueError(f"two-layers says the layer-2 score of {word} is the Query's number, {asked}")
    return f"{value:.{decimals}f}"


def matrix(layer, row, column):
    """A number of W_Q in layer 1 or 2, row and column named by feature."""
    w_query = coreference.w_query_1 if layer == 1 else coreference.w_query_2
    names = coreference.feature_names
    return f"{w_query[names.index(row), names.index(column)]:.1f}"


def hunger_approx():
    """two-layers#layer-2: '0.38 × 4.0 ≈ 1.5', what layer 2 adds to the animal slot of "it": the
    hunger it carries (as the table above shows it, two decimals) times the common-sense rule."""
    names = coreference.feature_names
    hunger = coreference.it_after_layer_1("was full")["hunger"]
    rule = coreference.w_query_2[names.index("hunger"), names.index("animal")]
    return f"{hunger:.2f} × {rule:.1f} ≈ {hunger * rule:.1f}"


def layer1_other():
    """two-layers#layer-1: the weight "it" gives each of the three other words in layer 1 (all
    equal: they score 0), so that the row the page shows adds up to 1 (R43 zh)."""
    weights = coreference.weights_of_it("was full")[0]
    others = np.delete(weights, [coreference.CAT, coreference.FISH, len(weights) - 1])
    if len(others) != 3 or not np.allclose(others, others[0]):
        raise ValueError("two-layers says the three other words get the same weight in layer 1")
    return w(others[0])


def old_labels(word):
    """two-layers#layer-2: the layer-2 weight of "it" on cat or fish (*was full*) had layer 2 kept
    layer 1's labels (R43 en: the labels read as rigged); the page says the choice stands."""
    weights = coreference.weights_of_it_layer_1_labels("was full")
    if weights[coreference.CAT] < 3 * weights[coreference.FISH]:
        raise ValueError("two-layers says 'it' still picks the cat with layer 1's labels")
    return w(weights[POSITION[word]])


def words_table(lang):
    """two-layers#six-words: each word of the two sentences and the one feature it has."""
    words = list(coreference.SENTENCES["was full"]) + ["was stale"]
    header = ["词", "它的特征"] if lang == "zh" else ["Word", "Its feature"]
    rows = []
    for word in words:
        features = [f for f, x in zip(coreference.feature_names, coreference.vectors[word]) if x]
        if len(features) != 1:
            raise ValueError(f"two-layers says every word has one feature; {word!r} has {features}")
        if lang == "zh":
            rows.append([chinese(word), chinese(features[0])])
        else:
            rows.append([f"*{word}*" if word.startswith("was") else word, features[0]])
    return table(header, rows, numbers=False)


def query_table(lang):
    """two-layers#layer-2: what the Query of "it" looks for (animal, food), layer 1 and layer 2."""
    q1 = {last: coreference.query_of_it(last, 1) for last in coreference.SENTENCES}
    if q1["was full"] != q1["was stale"]:
        raise ValueError("two-layers says the Query of 'it' in layer 1 is the same in both sentences")
    if lang == "zh":
        header = ["「它」的 Query", "找动物", "找食物"]
        names = {last: f"第二层，……因为它{chinese(last)}" for last in coreference.SENTENCES}
        first = "第一层（两句一样）"
    else:
        header = ["Query of “it”", "animal", "food"]
        names = {last: f"layer 2, …because it *{last}*" for last in coreference.SENTENCES}
        first = "layer 1 (both sentences)"
    rows = [[first, w(q1["was full"]["animal"]), w(q1["was full"]["food"])]]
    for last in coreference.SENTENCES:
        q2 = coreference.query_of_it(last, 2)
        rows.append([names[last], w(q2["animal"]), w(q2["food"])])
    return table(header, rows)


def it_table(lang):
    """two-layers#carry: what "it" carries out of layer 1, in the features that decide
    layer 2 (pronoun, hunger, freshness), for both sentences."""
    if lang == "zh":
        header = ["句子"] + [chinese(f) for f in SHOWN]
        names = {last: f"……因为它{chinese(last)}" for last in coreference.SENTENCES}
    else:
        header = ["Sentence", "pronoun", "hunger (full)", "freshness (stale)"]
        names = {last: f"…because it *{last}*" for last in coreference.SENTENCES}
    rows = [[names[last]] + [w(coreference.it_after_layer_1(last)[f]) for f in SHOWN]
            for last in coreference.SENTENCES]
    return table(header, rows)


NUMBERS = {
    "num.coref_pronoun_noun": lambda: matrix(1, "pronoun", "animal"),
    "num.coref_pronoun_state": lambda: matrix(1, "pronoun", "hunger"),
    "num.coref_rule": lambda: matrix(2, "hunger", "animal"),
    "num.coref_layer1_score_noun": lambda: score("was full", 1, "cat"),
    "num.coref_layer1_score_state": lambda: score("was full", 1, "state"),
    "num.coref_layer2_score_cat": lambda: score("was full", 2, "cat", 2),
    "num.coref_layer2_score_fish": lambda: score("was full", 2, "fish", 2),
    "num.coref_hunger_approx": hunger_approx,
    "num.coref_query2_animal": lambda: w(coreference.query_of_it("was full", 2)["animal"]),
    "num.coref_layer1_cat": lambda: weight("was full", 1, "cat"),
    "num.coref_layer1_fish": lambda: weight("was full", 1, "fish"),
    "num.coref_layer1_state": lambda: weight("was full", 1, "state"),
    "num.coref_layer1_other": layer1_other,
    "num.coref_old_labels_cat": lambda: old_labels("cat"),
    "num.coref_old_labels_fish": lambda: old_labels("fish"),
    "num.coref_full_cat": lambda: weight("was full", 2, "cat"),
    "num.coref_full_fish": lambda: weight("was full", 2, "fish"),
    "num.coref_full_state": lambda: weight("was full", 2, "state"),
    "num.coref_stale_cat": lambda: weight("was stale", 2, "cat"),
    "num.coref_stale_fish": lambda: weight("was stale", 2, "fish"),
    "num.coref_stale_state": lambda: weight("was stale", 2, "state"),
}
PER_LANGUAGE = {
    "table.coref_words": words_table,
    "table.coref_query": query_table,
    "table.coref_it_after_layer1": it_table,
}
