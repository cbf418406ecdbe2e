"""weighted-sum: the new 它 is the weights times the Values, and what it now holds.

The formula lists each word's weight (the row of 它) in the sentence's order; the meanings
(refers, animal, pet) are what snippets/sentence.py's self-attention hands back, so the page's
"0.76 of cat's pet" is the code's, not a sum typed by hand. The FAQ quotes the new 猫's pet.
"""
from attention_site.values.format import w
from attention_site.values.weights import article_row
from attention_site.values.words import CAT, WORD_EN
from snippets import sentence


def new_it_formula(lang):
    weights = article_row()
    if lang == "zh":
        terms = [f"{w(x)}×「{word}」的 V" for word, x in zip(sentence.SENTENCE, weights)]
        return "新的「它」 = " + " + ".join(terms)
    # V<sub>it</sub>, not V(it): story mode hides code, and "V(" reads as a call (tests/test_story_mode.py)
    terms = [f"{w(x)} × V<sub>{WORD_EN[word]}</sub>" for word, x in zip(sentence.SENTENCE, weights)]
    return "new *it* = " + " + ".join(terms)


def new_cat_meaning(feature):
    """What the new 猫 holds of `feature` after self-attention (faq: its pet comes from itself)."""
    return sentence.self_attention(sentence.SENTENCE)[1][CAT][sentence.value_features.index(feature)]


NUMBERS = {
    # what the new 它 holds (its Value features: refers, animal, pet)
    "num.new_it_animal": lambda: w(sentence.new_it_meaning()["animal"]),
    "num.new_it_pet": lambda: w(sentence.new_it_meaning()["pet"]),
    "num.new_it_refers": lambda: w(sentence.new_it_meaning()["refers"]),
    "num.new_cat_pet": lambda: w(new_cat_meaning("pet")),
}
PER_LANGUAGE = {
    "num.new_it_formula": new_it_formula,
}
