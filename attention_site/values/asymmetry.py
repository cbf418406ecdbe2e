"""asymmetry: scores are one-way (it -> cat is not cat -> it), unless W_K = W_Q ("tied").

The page lists each pair with 它 both ways, and shows what tying the two matrices would do: 它
would score itself highest (its Query met with itself, worked out as a sum of squares) and keep
most of its weight, so the new 它 would hold little of 猫. The build stops if a pair scores the
same both ways or the sum of squares is not the tied self-score.
"""
import numpy as np

from attention_site.values.format import w
from attention_site.values.words import CAT, IT, WORD_EN
from snippets import sentence
from snippets.softmax import softmax


def tied_score(row, column):
    return f"{sentence.sentence_scores(tied=True)[row, column]:.1f}"


def tied_weight(row, column):
    return w(softmax(sentence.sentence_scores(tied=True))[row, column])


def tied_self_squares():
    """asymmetry#tied: '0.5² + 0.3² + 0.2² + 2.0² + 1.0² = 5.4', the Query of 它 met with itself."""
    query = sentence.face("它", sentence.w_query)
    total = float(query @ query)
    if abs(total - sentence.sentence_scores(tied=True)[IT, IT]) > 1e-9:
        raise ValueError("asymmetry: the tied self-score of 它 is not its Query dotted with itself")
    return " + ".join(f"{x:.1f}²" for x in query) + f" = {total:.1f}"


def pairs_with_it(lang):
    """asymmetry#one-way: each pair with 它, both directions named (R29 en):
    '"it"→"cat" 3.0 vs "cat"→"it" 1.2, ...' (zh: 「它」→「猫」3.0 对「猫」→「它」1.2)."""
    scores = sentence.sentence_scores()
    words = sentence.SENTENCE
    name = (lambda word: f"「{word}」") if lang == "zh" else (lambda word: f'"{WORD_EN[word]}"')
    pattern = "{a}→{b}{ab} 对{b}→{a}{ba}" if lang == "zh" else "{a}→{b} {ab} vs {b}→{a} {ba}"
    others = range(len(words) - 1, 0, -1)  # cat first: the pair the page is about
    pairs = [pattern.format(a=name(words[IT]), b=name(words[j]), ab=f"{scores[IT, j]:.1f}",
                            ba=f"{scores[j, IT]:.1f}") for j in others]
    if any(np.isclose(scores[IT, j], scores[j, IT]) for j in others):
        raise ValueError("asymmetry: a pair with 它 scores the same both ways; the page says none does")
    return ("、" if lang == "zh" else ", ").join(pairs)


NUMBERS = {
    "num.tied_it_cat_score": lambda: tied_score(IT, CAT),
    "num.tied_it_self_score": lambda: tied_score(IT, IT),
    "num.tied_it_self_weight": lambda: tied_weight(IT, IT),
    "num.tied_it_cat_weight": lambda: tied_weight(IT, CAT),
    "num.tied_it_self_squares": tied_self_squares,
    # what the new 它 would hold with W_K = W_Q (explorer): mostly itself
    "num.tied_new_it_animal": lambda: w(sentence.tied_new_it_meaning()["animal"]),
    "num.tied_new_it_pet": lambda: w(sentence.tied_new_it_meaning()["pet"]),
    "num.tied_new_it_refers": lambda: w(sentence.tied_new_it_meaning()["refers"]),
}
PER_LANGUAGE = {
    "num.pairs_with_it": pairs_with_it,
}
