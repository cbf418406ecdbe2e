"""Predict-then-check exercises at the end of the chapters: ``{{ exercises.<page> }}``.

Pages (file stems): those in PAGES below; both languages show the same exercises.

- What an exercise IS (its answer, tolerance, choices, the numbers its text
  quotes) is defined here, in `exercises()`, and every answer is computed from
  the tested modules (snippets.softmax, library, sentence, cost). Nothing
  derived is typed into docs/ or into the texts.
- What it SAYS lives in two plain-text files next to this module, one per
  language: attention_site/exercises_zh.toml and attention_site/exercises_en.toml (a
  translator edits only those; tests/test_exercises.py checks that both have
  the same exercises, fields and choices).
- The code an explanation folds away is teaching code: it is in
  snippets/exercise_answers.py (sections ``--8<-- [start:<name>]``),
  self-contained so that it runs as copied; its `#>` lines are checked like
  every other module's, its Chinese comments are in
  snippets/i18n/zh/exercise_answers.py, and a test runs each section and
  compares its result with the exercise's answer.

The browser side is docs/assets/javascripts/exercises.js (checking, feedback,
progress in localStorage) and docs/assets/stylesheets/exercises.css, linked by
overrides/partials/widgets.html on pages whose block says ``data-widget="exercises"``.

Contract (an outside check reads it): every exercise root has
``data-exercise`` (its id), an answer field (a text ``input``, or radio
buttons whose ``value`` is the choice), a check ``button``, the build's answer
in ``data-answer`` (JSON: a number, or the value of the right choice), and
after checking ``data-state="correct"`` or ``"incorrect"``. An exercise with
predictable wrong answers also carries ``data-mistakes`` (JSON: a list of
``{"value": the wrong number or choice, "say": what is wrong with it}``); the
feedback then explains that mistake instead of a plain "not quite". The block
of a page's exercises says in ``data-decimal-comma`` whether "1,5" reads as 1.5
there ("true" in en; "false" in zh, where the box asks back instead: DECIMAL_COMMA).
"""
import html
import json
import math
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from attention_site.languages import LANGS
HERE = Path(__file__).resolve().parent
PAGES = ("library", "word-vectors", "self-attention", "asymmetry", "weights", "weighted-sum", "why",
         "order-and-cost", "two-layers", "faq", "softmax", "explorer", "rain")

# Tolerances the texts state: weights to two decimals; a ratio to one.
WEIGHT_TOLERANCE = 0.01
RATIO_TOLERANCE = 0.25  # 0.76 / 0.13 read off the page gives 5.85 for e^1.8 = 6.05


@dataclass(frozen=True)
class Exercise:
    """One question. `kind` is "number" or "choice"; `fmt` names the answer format
    the label states ("weight", "ratio", "count" for numbers)."""
    id: str
    page: str
    kind: str
    answer: object
    values: dict = field(default_factory=dict)  # named numbers the texts may quote
    tolerance: float = 0.0
    percent: bool = False  # a weight: "76%" is read as 0.76
    fmt: str = "weight"  # "weight" (percent too), "decimal", "ratio", "count"
    choices: tuple = ()
    code: str = None  # section of this module that computes the answer
    code_value: object = None  # ns -> the number the code computed (tests)
    code_expected: object = None  # what code_value must equal (default: answer)
    # Predictable wrong answers that get their own feedback: name -> the wrong number (a
    # "number" exercise) or the wrong choice's value; the words are [<id>.mistakes] <name>.
    mistakes: dict = field(default_factory=dict)


def _as_list(values):
    """A question as the page's code writes it: [6, 3, 0, 0]."""
    return "[" + ", ".join(f"{x:g}" for x in values) + "]"


def _softmax(scores):
    from snippets.softmax import softmax
    return softmax(np.asarray(scores, dtype=np.float64))


def _word_choices(words):
    return tuple(words)


def exercises():
    """Every exercise, in page order, answers computed now from snippets."""
    from snippets import cost, library, sentence
    from snippets.projections import project
    from snippets.softmax import ARTICLE_CAT_WEIGHT, ARTICLE_SCORES, ARTICLE_WORDS

    scores = np.asarray(ARTICLE_SCORES, dtype=np.float64)
    weights = _softmax(scores)
    cat = ARTICLE_WORDS.index("猫")
    a = ARTICLE_WORDS.index("一只")
    out = []

    # --- library: the question, the spine labels, the contents -------------------------
    # The easy one first (R35 en: the first exercise a reader met was a challenge).
    pet_question = np.array([0.0, 3.0, 0.0, 0.0])  # only "pet care"
    pet = library.books[int(np.argmax(library.labels @ pet_question))]
    out.append(Exercise(
        "library-pet", "library", "choice", pet,
        values={"question": _as_list(pet_question)},
        choices=tuple(library.books),
        mistakes={"handbook": "Cat Care Handbook"} if pet != "Cat Care Handbook" else {}))
    # (A challenge.) A prediction the page does not print: double the question; the off-topic
    # book still scores 0.
    q_book, top = library.books.index("Quantum Mechanics"), int(np.argmax(library.scores))
    keen = 2 * library.question
    keen_scores = library.labels @ keen  # (4,)
    if keen_scores[q_book] != 0 or library.scores[q_book] != 0:
        raise ValueError("exercise library-quantum says Quantum Mechanics scores 0 before and after")
    before, after = float(library.weights[q_book]), float(_softmax(keen_scores)[q_book])
    out.append(Exercise(
        "library-quantum", "softmax", "choice",
        "zero" if after == 0 else "down" if after < before else "up" if after > before else "same",
        values={"question": _as_list(keen), "before": before, "after": after,
                "lead_before": float(library.scores[top] - library.scores[q_book]),
                "lead": float(keen_scores[top] - keen_scores[q_book]),
                "top": float(_softmax(keen_scores)[top]), "top_score": float(keen_scores[top])},
        choices=("up", "same", "down", "zero"), mistakes={"same": "same", "zero": "zero"}))
    # the challenge comes last. A choice, so that it can be predicted: weights are proportional
    # to the exps, so with the old weights as the exps, each copy gets before / (1 + before).
    twin_relevance = np.concatenate([library.relevance[:1], library.relevance])
    twin = _softmax(twin_relevance)
    before, each = float(library.weights[0]), float(twin[0])
    out.append(Exercise(
        "library-twin", "softmax", "choice",
        "as-before" if np.isclose(each, before) else "half" if np.isclose(each, before / 2)
        else "more-than-half" if each > before / 2 else "less-than-half",
        values={"before": before, "rest": 1 - before, "each": each,
                "pet_before": float(library.weights[library.books.index("Pet Care")]),
                "pet": float(twin[1 + library.books.index("Pet Care")]), "both": float(twin[0] + twin[1])},
        choices=("as-before", "half", "more-than-half", "less-than-half"), code="library_twin",
        mistakes={"half": "half", "as-before": "as-before"},
        code_value=lambda ns: ns["weights"], code_expected=twin))

    # --- word vectors: Key vs Value; then tie W_Q = W_K (the optional part) -----------
    words = list(sentence.SENTENCE)
    # Which face of 猫 carries its feature "pet": the one that changes when "pet" is taken away.
    x_cat = np.asarray(sentence.embedding["猫"], dtype=np.float64)
    pet_feature = sentence.features.index("pet")
    if x_cat[pet_feature] != 1:
        raise ValueError("exercise wv-faces asks where the feature 'pet' of 猫 goes, but 猫 lacks it")
    no_pet = x_cat.copy()
    no_pet[pet_feature] = 0
    in_key = not np.array_equal(x_cat @ sentence.w_key, no_pet @ sentence.w_key)
    in_value = not np.array_equal(x_cat @ sentence.w_value, no_pet @ sentence.w_value)
    out.append(Exercise(
        "wv-faces", "word-vectors", "choice",
        "both" if in_key and in_value else "key" if in_key else "value" if in_value else "neither",
        choices=("key", "value", "both"),
        # the words say "the Key holds the kind of word, the Value the meaning": true only so
        mistakes={"key": "key", "both": "both"} if in_value and not in_key else {}))
    it, c, is_ = words.index("它"), words.index("猫"), words.index("是")
    untied = sentence.sentence_scores(words)  # the chapter's table of scores: (n, n)
    # One Query meets one Key, on a label changed by the reader: only the label's slots count.
    slot = {f: sentence.features.index(f) for f in sentence.key_features}  # the label's slots
    q_it = np.asarray(sentence.embedding["它"], dtype=np.float64) @ sentence.w_query  # (d_k,)
    k_cat = x_cat @ sentence.w_key  # (d_k,)
    if k_cat[slot["animal"]] != 1:
        raise ValueError("exercise wv-score takes 'animal' off the label of 猫, but the label lacks it")
    noun_only = k_cat.copy()
    noun_only[slot["animal"]] = 0
    if q_it @ noun_only <= np.delete(untied[it], c).max():  # the texts: 猫 still scores highest
        raise ValueError("exercise wv-score says 它 still finds 猫 best without 'animal'; it does not")
    out.append(Exercise(
        "wv-score", "self-attention", "number", float(q_it @ noun_only),
        values={"full": float(q_it @ k_cat), "animal": float(q_it[slot["animal"]])},
        mistakes={"unchanged": float(q_it @ k_cat), "animal": float(q_it[slot["animal"]])},
        tolerance=WEIGHT_TOLERANCE, fmt="decimal"))
    tied = sentence.sentence_scores(words, tied=True)  # W_K = W_Q: (n, n)
    tied_weights = _softmax(tied)
    # A fifth word, 狗 "dog", with the vector of 猫: values not in the printed table, computed
    # as the chapter does, with one more row (R32 zh and en: reading a row off the table
    # above the exercise taught nothing).
    x5 = np.array([sentence.embedding[w] for w in words] + [x_cat], dtype=np.float64)  # (5, d)
    q5, k5, _ = project(x5, sentence.w_query, sentence.w_key, sentence.w_value)
    scores5 = q5 @ k5.T  # (5, d_k) @ (d_k, 5) -> (5, 5)
    dog = len(words)
    if not np.allclose(scores5[:dog, :dog], untied):
        raise ValueError("exercise sa-dog: a fifth word changed the scores of the other four")
    out.append(Exercise(
        "sa-dog", "self-attention", "number", float(scores5[it, dog]),
        values={"cat": float(untied[it, c])},
        mistakes={"half": float(untied[it, c]) / 2},  # a score read as a share of a budget
        tolerance=WEIGHT_TOLERANCE, fmt="decimal"))
    q_cat = x_cat @ sentence.w_query  # (d_k,): the Query of 狗 too
    if not np.array_equal(q_cat, sentence.w_query[slot["noun"]]):
        raise ValueError("exercise sa-dog-cat says the Query of 狗 is the noun row of W_Q; it is not")
    asks = {f: float(q_cat[i]) for f, i in slot.items()}  # the noun's question, slot by slot
    out.append(Exercise(
        "sa-dog-cat", "word-vectors", "number", float(scores5[dog, c]),
        values={"noun": asks["noun"], "animal": asks["animal"], "q_pronoun": asks["pronoun"],
                "q_verb": asks["verb"], "q_measure": asks["measure"],
                "it_cat": float(untied[it, c]), "cat_cat": float(untied[c, c])},
        mistakes={"q_pronoun": asks["pronoun"],
                  "it_cat": float(untied[it, c]),  # the other direction's score
                  "noun": asks["noun"]},  # one slot of two
        tolerance=WEIGHT_TOLERANCE, fmt="decimal"))
    # asymmetry: the table read the other way round, predicted before it is read
    a = words.index("一只")
    forward, backward = float(untied[it, a]), float(untied[a, it])
    out.append(Exercise(
        "asym-a", "asymmetry", "choice",
        "higher" if backward > forward else "lower" if backward < forward else "equal",
        values={"forward": forward, "backward": backward},
        choices=("higher", "equal", "lower"),
        mistakes={"equal": "equal", "higher": "higher"} if backward < forward else {"equal": "equal"}))
    # The page shows the row of 它 with W_K = W_Q; these ask about rows it does not show.
    # The texts say 猫 looks at 它 most (the symmetric score), more than at itself.
    if int(np.argmax(tied[c])) != it or np.argsort(tied[c])[-2] != c:
        raise ValueError("exercise wv-tied: with W_K = W_Q, 猫 no longer looks at 它 most, then itself")
    out.append(Exercise(
        "wv-tied", "asymmetry", "choice", words[it],
        values={"self_score": float(tied[c, c]), "it_score": float(tied[c, it]),
                "it_weight": float(tied_weights[c, it])},
        choices=_word_choices(words), mistakes={"self": words[c], "verb": words[is_]}))
    out.append(Exercise(
        "wv-symmetric", "asymmetry", "number", float(tied[it, is_]),
        values={"score": float(tied[is_, it]), "untied_is_it": float(untied[is_, it]),
                "untied_it_is": float(untied[it, is_])},
        mistakes={"untied": float(untied[it, is_])},  # the chapter's own score, separate matrices
        tolerance=WEIGHT_TOLERANCE, fmt="decimal"))

    # --- scores -> weights -----------------------------------------------------------
    equal = _softmax(np.full(4, 2.0))
    out.append(Exercise(
        "weights-equal", "weights", "number", float(equal[0]), mistakes={"half": 0.5},
        tolerance=WEIGHT_TOLERANCE, percent=True, code="weights_equal",
        code_value=lambda ns: ns["weights"], code_expected=equal))
    shifted = _softmax(scores + 10)
    out.append(Exercise(
        "weights-shift", "weights", "number", float(shifted[cat]),
        values={"cat": float(weights[cat]), "shift": 10, "article": ARTICLE_CAT_WEIGHT},
        mistakes={"article": ARTICLE_CAT_WEIGHT,  # "unchanged", with the article's rough figure
                  "to_weight": float(weights[cat]) + 10},  # R26: the 10 added to the weight
        tolerance=WEIGHT_TOLERANCE, percent=True, code="weights_shift",
        code_value=lambda ns: ns["exps"] / ns["exps"].sum(), code_expected=shifted))
    masked_scores = scores.copy()
    masked_scores[cat] = -np.inf
    masked = _softmax(masked_scores)
    out.append(Exercise(
        "weights-mask", "softmax", "number", float(masked[cat]),
        values={"a": float(masked[a]), "a_before": float(weights[a]), "cat": float(weights[cat])},
        mistakes={"cat": float(weights[cat])},
        tolerance=0.001, percent=True, code="weights_mask",  # exactly 0: "0.01" is the lesson's opposite
        code_value=lambda ns: ns["weights"], code_expected=masked))
    cold = _softmax(scores / 0.8)  # not one of the temperatures the page prints (0.5, 1, 2)
    out.append(Exercise(
        "weights-temperature", "softmax", "number", float(cold[cat]),
        values={"temperature": 0.8, "cat": float(weights[cat])}, mistakes={"cat": float(weights[cat])},
        tolerance=WEIGHT_TOLERANCE, percent=True, code="weights_temperature",
        code_value=lambda ns: ns["weights"], code_expected=cold))

    # --- a weighted sum of values ----------------------------------------------------
    # One step beyond the page's "animal = 0.13 (from a) + 0.76 (from cat)": if "a" handed over
    # "pet" too, the weights stay, the mix changes (R26 en, R28 zh: ask about the new "it").
    row = sentence.sentence_weights()[it]                   # the weights of "it": (n,)
    pet = np.array([w in ("一只", "猫") for w in words], dtype=float)  # a and cat hand over "pet"
    new_pet = float(row @ pet)
    out.append(Exercise(
        "ws-note", "weighted-sum", "number", new_pet,
        values={"weights": " / ".join(f"{w:.2f}" for w in row), "cat": float(row[c])},
        tolerance=WEIGHT_TOLERANCE, fmt="decimal", code="ws_note",
        mistakes={"cat_only": float(row[c]), "whole": 1.0},  # the pet it holds now; 1 per word
        code_value=lambda ns: ns["weights"] @ ns["pet"], code_expected=new_pet))
    v = np.array([1.0, 2.0, 3.0])
    same_mix = row @ np.tile(v, (len(words), 1))  # (n,) @ (n, 3)
    out.append(Exercise(
        "ws-same-value", "weighted-sum", "choice",
        "v" if np.allclose(same_mix, v) else "other",
        choices=("v", "4v", "quarter-v"), mistakes={"4v": "4v", "quarter-v": "quarter-v"}))
    shuffled = ["猫", "是", "它", "一只"]
    before = sentence.self_attention(words)[0]
    after = sentence.self_attention(shuffled)[0]
    unchanged = np.isclose(before[it, c], after[shuffled.index("它"), shuffled.index("猫")])
    out.append(Exercise(
        "ws-shuffle", "explorer", "choice", "same" if unchanged else "changes",
        values={"weight": float(before[it, c]), "shuffled": {
            "zh": " ".join(shuffled),
            "en": f"{' '.join(sentence.ENGLISH[w] for w in shuffled)} ({' '.join(shuffled)})"}},
        choices=("same", "changes"), mistakes={"changes": "changes"}))
    # The explorer's experiment: take "pet" out of the word vector of 猫. The weights stay (the
    # label has no "pet"); the new "it" loses all its "pet" (only 猫 handed it over).
    x_no_pet = np.array([sentence.embedding[w] for w in words], dtype=np.float64)  # (n, d)
    x_no_pet[c, pet_feature] = 0
    weights_no_pet, new_no_pet = sentence._attend(x_no_pet, sentence.w_query, sentence.w_key, sentence.w_value)
    if not np.allclose(weights_no_pet, sentence.sentence_weights()):
        raise ValueError("exercise explorer-pet says the weights stay when 猫 loses 'pet'; they change")
    pet_value = sentence.value_features.index("pet")
    out.append(Exercise(
        "explorer-pet", "explorer", "number", float(new_no_pet[it, pet_value]),
        values={"pet": float(sentence.new_it_meaning()["pet"]), "weight": float(weights_no_pet[it, c])},
        tolerance=0.001, fmt="decimal",  # exactly 0: no other word hands over "pet"
        mistakes={"unchanged": float(sentence.new_it_meaning()["pet"])}))

    # --- why it fixes part 1's pain points ------------------------------------------
    out.append(Exercise(
        "why-2000", "order-and-cost", "number", cost.comparisons(2000), values={"n": 2000},
        mistakes={"n": 2000, "relay": cost.chain_steps(2000), "twice": 2 * 2000,
                  "half": 2000 * 2000 // 2, "pairs": 2000 * 1999 // 2},  # each pair counted once
        fmt="count", code="why_2000", code_value=lambda ns: ns["n"] * ns["n"],
        code_expected=cost.comparisons(2000)))
    out.append(Exercise(
        "why-distance", "why", "number", cost.path_length(500), values={"distance": 500,  # the page
        "chain": cost.path_length(500, attention=False)}, fmt="count",  # works 21: ask about 500
        mistakes={"chain": cost.path_length(500, attention=False)}))

    # --- rain: computed, not fixed (faq's misconception); softmax: differences, not ratios ---
    # One step beyond the page, which prints the weights: what do they mix here? (R22: asking
    # which word "it" looks at most repeated the 91% printed just above.)
    rain = list(sentence.RAIN_SENTENCE)
    rain_weights = sentence.rain_attention(rain)[0][rain.index("它")]
    rain_animal, cat_animal = sentence.rain_it_meaning()["animal"], sentence.new_it_meaning()["animal"]
    out.append(Exercise(
        "mis-rain", "rain", "number", float(rain_animal),
        values={"weight": float(rain_weights.max()), "sentence": "".join(rain),
                "cat_animal": float(cat_animal)},
        tolerance=0.001, fmt="decimal",  # exactly 0: none of these words means "animal"
        mistakes={"cat_sentence": float(cat_animal), "weight": float(rain_weights.max())}))
    # rain: the hand-set rule "a pronoun also looks for weather" taken out, "it" has little to go by.
    rule_at = sentence.features.index("pronoun"), len(sentence.key_features)  # W_Q's weather slot
    w_query_no_rule = sentence.rain_w_query.copy()
    rule = float(w_query_no_rule[rule_at])
    w_query_no_rule[rule_at] = 0
    x_rain = np.array([sentence.rain_embedding[w] for w in rain], dtype=np.float64)  # (n, 8)
    no_rule = sentence._attend(x_rain, w_query_no_rule, sentence.rain_w_key, sentence.rain_w_value)[0]
    it_r, rains = rain.index("它"), rain.index("下雨")
    out.append(Exercise(
        "rain-no-rule-top", "rain", "choice", rain[int(np.argmax(no_rule[it_r]))],
        values={"rule": rule}, choices=_word_choices(rain),
        mistakes={"rains": "下雨"} if int(np.argmax(no_rule[it_r])) != rains else {}))
    out.append(Exercise(
        "rain-no-rule", "rain", "number", float(no_rule[it_r, rains]),
        values={"rule": rule, "with_rule": float(rain_weights[rains]),
                "it_self": float(no_rule[it_r, it_r])},
        tolerance=WEIGHT_TOLERANCE, percent=True,
        mistakes={"with_rule": float(rain_weights[rains])}))
    # "cat" against "is", not "a": the weights chapter works "cat" against "a" (R41 zh: 6.05 again)
    is_ = ARTICLE_WORDS.index("是")
    ratio = float(weights[cat] / weights[is_])
    out.append(Exercise(
        "mis-ratio", "softmax", "number", ratio,
        values={"cat_score": float(scores[cat]), "is_score": float(scores[is_]),
                "score_ratio": float(scores[cat] / scores[is_]), "gap": float(scores[cat] - scores[is_])},
        tolerance=2 * RATIO_TOLERANCE, fmt="ratio", code="mis_ratio",  # 0.76 / 0.05 off the page: 15.2
        mistakes={"score_ratio": float(scores[cat] / scores[is_])},
        code_value=lambda ns: ns["weights"][3] / ns["weights"][1], code_expected=ratio))

    # --- two layers: which noun "it" means ---------------------------------------------
    from snippets import coreference
    q1 = coreference.query_of_it("was full", 1)
    key_cat, key_fish = (coreference.vectors[w] for w in ("cat", "fish"))
    if q1["animal"] != q1["food"] or key_cat == key_fish:
        raise ValueError("exercise tl-equal says the Query of 'it' asks for animal and food alike "
                         "and the Keys of cat and fish differ")
    layer_1 = coreference.weights_of_it("was full")[0]
    out.append(Exercise(
        "tl-equal", "two-layers", "choice", "query",
        values={"noun": float(q1["animal"]), "state": float(layer_1[-1])},
        choices=("keys", "query", "blind"), mistakes={"keys": "keys", "blind": "blind"}))
    # Layer 2's common sense on the words as they are: nothing to work on, no choice.
    skipped = coreference.weights_of_it_skipping_layer_1("was full")
    with_layer_1 = float(coreference.weights_of_it("was full")[1][coreference.CAT])
    q_skip = coreference.vectors["it"] @ coreference.w_query_2  # (7,) @ (7, 7) -> (7,)
    out.append(Exercise(
        "tl-skip", "two-layers", "number", float(skipped[coreference.CAT]),
        values={"noun": float(q_skip[coreference.feature_names.index("animal")]),
                "others": len(skipped) - 2, "fish": float(skipped[coreference.FISH]),
                "two_layers": with_layer_1},
        tolerance=WEIGHT_TOLERANCE, percent=True, mistakes={"two_layers": with_layer_1}))
    # The residual connection keeps "it" a pronoun: the mix alone has none of it.
    bare = coreference.it_without_residual("was full")["pronoun"]
    out.append(Exercise(
        "tl-residual", "two-layers", "number", float(bare),
        values={"kept": float(coreference.it_after_layer_1("was full")["pronoun"])},
        tolerance=0.001, fmt="decimal",
        mistakes={"kept": float(coreference.it_after_layer_1("was full")["pronoun"])}))

    # --- FAQ -----------------------------------------------------------------------
    out.append(Exercise(
        "faq-budget", "faq", "number", float(1 - weights[cat]), values={"cat": float(weights[cat])},
        mistakes={"cat": float(weights[cat])},
        tolerance=WEIGHT_TOLERANCE, percent=True))
    out.append(Exercise(
        "faq-double", "order-and-cost", "number", cost.comparisons(2000) / cost.comparisons(1000),
        values={"n": 1000, "n2": 2000}, fmt="count", code="faq_double", mistakes={"twice": 2},
        code_value=lambda ns: ns["n"] * ns["n"] / 1000 ** 2,
        code_expected=cost.comparisons(2000) / cost.comparisons(1000)))
    small = 0.05 * 10.0
    out.append(Exercise(
        "faq-small", "faq", "number", small, values={"weight": 0.05, "value": 10},
        mistakes={"weight": 0.05, "value": 10},
        tolerance=WEIGHT_TOLERANCE, fmt="decimal"))
    return out


def by_page(page):
    """The exercises of chapter `page`, in order (KeyError for a page without any)."""
    if page not in PAGES:
        raise KeyError(f"no exercises for page {page!r}; pages with exercises: {list(PAGES)}")
    return [e for e in exercises() if e.page == page]


# --- texts -------------------------------------------------------------------------

def texts(lang):
    """The texts of `lang` from attention_site/exercises_<lang>.toml: {"ui": ..., "<id>": ...}."""
    if lang not in LANGS:
        raise ValueError(f"exercise language must be one of {LANGS}, got {lang!r}")
    with open(HERE / f"exercises_{lang}.toml", "rb") as f:
        return tomllib.load(f)


# --- reading a reader's number (mirrored by parse() in exercises.js) ----------------

_FULL_WIDTH = str.maketrans({**{chr(0xFF10 + i): str(i) for i in range(10)},
                             "．": ".", "，": ",", "％": "%", "－": "-", "−": "-", "–": "-",
                             "＋": "+", "／": "/", "。": "."})
_SPACES = re.compile(r"[\s\u00a0\u2009\u202f\u3000']+")
_PLAIN = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")
_THOUSANDS = re.compile(r"^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$")
_DECIMAL_COMMA = re.compile(r"^[+-]?\d+,\d+$")
# Whether "1,5" reads as 1.5 (issue 27). Chinese writes decimals with a point only, so in zh a comma
# between digits is a slip (for 15? for 1.5?): the box asks 「你是想写 1.5 吗？」 instead of guessing.
# English readers from decimal-comma countries type 0,76, and "1,5" is no English thousands
# grouping, so in en it has one sensible reading: 1.5.
DECIMAL_COMMA = {"zh": False, "en": True}


def _plain(text, decimal_comma=True):
    if _THOUSANDS.match(text):
        text = text.replace(",", "")
    elif _DECIMAL_COMMA.match(text):
        if not decimal_comma:
            return None
        text = text.replace(",", ".")
    return float(text) if _PLAIN.match(text) else None


_AFFIX = re.compile(r"^(?:大约|大概|约|≈|~|about|approx\.?)|(?:倍|次|个|步|分|×|x|times|comparisons|steps|points|[.。!！])$",
                    re.IGNORECASE)


def parse_number(text, percent=False, decimal_comma=True):
    """A reader's answer as a float, or None when it is not a number.

    Accepts 0.76, .76, 0,76 (only with `decimal_comma`, see DECIMAL_COMMA), 4,000,000,
    4 000 000, 4e6, 1/4, full-width digits, 400万, and the words around a number a reader
    types (约 6 倍, about 6x, 4000000 次, a final full stop); "76%" only where a percentage
    may be given (`percent`).
    """
    text = _SPACES.sub("", str(text).translate(_FULL_WIDTH))
    # words around the number that a reader naturally types: 约 6 倍, about 6x, 4000000 次, 6.
    previous = None
    while previous != text:
        previous, text = text, _AFFIX.sub("", text)
    scale = 1.0
    if text.endswith("%"):
        if not percent:
            return None
        text, scale = text[:-1], 0.01
    elif text.endswith("万"):
        text, scale = text[:-1], 1e4
    elif text.endswith("亿"):
        text, scale = text[:-1], 1e8
    if text.count("/") == 1:
        top, bottom = (_plain(part, decimal_comma) for part in text.split("/"))
        if top is None or not bottom:
            return None
        value = top / bottom
    else:
        value = _plain(text, decimal_comma)
    if value is None or not math.isfinite(value):
        return None
    return value * scale


def decimal_point_meant(text, percent=False):
    """What a reader who typed a decimal comma meant, as the zh box asks it back ("1,5" -> "1.5"),
    or None when `text` reads the same without decimal commas (or not at all)."""
    if parse_number(text, percent, False) is not None or parse_number(text, percent, True) is None:
        return None
    return re.sub(r"[,，]", ".", str(text).strip(), count=1)


def is_correct(exercise, reply, lang="en"):
    """Whether `reply` (what the reader typed, or the chosen value) is right on a `lang` page."""
    if exercise.kind == "choice":
        return reply == exercise.answer
    value = parse_number(reply, exercise.percent, DECIMAL_COMMA[lang])
    if value is None:
        return False
    return abs(value - exercise.answer) <= exercise.tolerance + 1e-9 * max(1.0, abs(exercise.answer))


# --- HTML ----------------------------------------------------------------------------

def _json(value):
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _attr(value):
    return html.escape(str(value), quote=True)


def _inline(text):
    """Markdown of one paragraph (code, emphasis) as HTML without the <p>."""
    import markdown
    out = markdown.markdown(text.strip())
    return out[3:-4] if out.startswith("<p>") and out.endswith("</p>") and out.count("<p>") == 1 else out


def _blocks(text):
    import markdown
    return markdown.markdown(text.strip())


def _fill(text, exercise, lang):
    """A text of the exercise with {answer} and its named values filled in."""
    answer = exercise.answer
    values = {k: v[lang] if isinstance(v, dict) else v for k, v in exercise.values.items()}  # words per language
    return text.format(answer=answer, **values)


def _choice_label(exercise, value, entry, lang):
    labels = entry.get("choices", {})
    if value in labels:
        return labels[value]
    from snippets.sentence import ENGLISH
    if value in ENGLISH:  # a word of the sentence: 猫 / "cat (猫)"
        return value if lang == "zh" else f"{ENGLISH[value]} ({value})"
    raise KeyError(f"exercise {exercise.id!r}: no {lang} label for choice {value!r}")


def _format_note(exercise, ui):
    """The answer format under the box; a small count (the relay's 1 step) gets the short form:
    a reader answering 1 was told how to write 1,234,567."""
    fmt = exercise.fmt
    if fmt == "count" and abs(exercise.answer) < 1000:
        fmt = "small_count"
    return ui[f"format_{fmt}"].format(tolerance=f"{exercise.tolerance:g}")


def render(exercise, number, lang, ui, entry):
    """Markdown (raw HTML + a folded code block) of one exercise."""
    uid = f"ex-{exercise.id}"
    question = _inline(_fill(entry["question"], exercise, lang))
    attrs = (f'class="exercise" id="{uid}" data-exercise="{_attr(exercise.id)}" '
             f'data-answer="{_attr(_json(exercise.answer))}" data-kind="{exercise.kind}"')
    if exercise.kind == "number":
        attrs += f' data-tolerance="{exercise.tolerance!r}" data-percent="{str(exercise.percent).lower()}"'
    if exercise.mistakes:
        said = [{"value": value, "say": _fill(entry["mistakes"][name], exercise, lang)}
                for name, value in exercise.mistakes.items()]
        attrs += f' data-mistakes="{_attr(_json(said))}"'
    head = f'<span class="exercise__number">{_attr(ui["exercise"].format(n=number))}</span> '
    lines = [f'<div {attrs} markdown="1">', ""]
    if exercise.kind == "number":
        lines.append(f'<p class="exercise__question" id="{uid}-q">{head}{question}</p>')
        field = (f'<label class="exercise__label" for="{uid}-input">{_attr(ui["your_answer"])}'
                 f'<span class="exercise__format">{_attr(_format_note(exercise, ui))}</span></label>'
                 f'<input class="exercise__input" id="{uid}-input" type="text" inputmode="decimal" '
                 f'autocomplete="off" spellcheck="false" aria-describedby="{uid}-q" disabled>')
    else:
        radios = "".join(
            f'<label class="exercise__choice"><input type="radio" name="{uid}-choice" '
            f'value="{_attr(value)}" disabled> <span>{_inline(_choice_label(exercise, value, entry, lang))}</span></label>'
            for value in exercise.choices)
        field = (f'<fieldset class="exercise__choices"><legend class="exercise__question" id="{uid}-q">'
                 f'{head}{question}</legend>{radios}</fieldset>')
    lines.append(
        f'<form class="exercise__form" novalidate>{field}'
        f'<span class="exercise__buttons"><button type="submit" class="exercise__button exercise__check" '
        f'data-exercise-check disabled>{_attr(ui["check"])}</button>'
        f'<button type="button" class="exercise__button exercise__reveal" data-exercise-reveal disabled>'
        f'{_attr(ui["reveal"])}</button></span></form>')
    if entry.get("hint"):
        lines.append(f'<details class="exercise__hint tip"><summary>{_attr(ui["hint"])}</summary>'
                     f'<p>{_inline(_fill(entry["hint"], exercise, lang))}</p></details>')
    lines.append('<p class="exercise__feedback" data-exercise-feedback role="status" aria-live="polite"></p>')
    # data-search-exclude: Material's search leaves the answer out of its index (R24: searching
    # 猫 showed an exercise's answer)
    lines += [f'<div class="exercise__explanation" data-exercise-explanation data-search-exclude markdown="1">', "",
              f'<p class="exercise__answer-title">{_attr(ui["answer"])}</p>',
              _blocks(_fill(entry["explanation"], exercise, lang)), ""]
    if exercise.code:
        title = ui["code"].replace('"', "“")
        lines += [f'??? example "{title}"', "",
                  "    ```python",
                  f'    --8<-- "snippets/exercise_answers.py:{exercise.code}"',
                  "    ```", ""]
    lines += ["</div>", "", "</div>", ""]
    return "\n".join(lines)


def embed(page, lang):
    """Markdown for ``{{ exercises.<page> }}`` in `lang`: the page's exercises. Their block
    carries ``data-widget="exercises"``, so overrides/partials/widgets.html links their
    script and stylesheet on this page (and on no page without exercises)."""
    if lang not in LANGS:
        raise ValueError(f"exercise language must be one of {LANGS}, got {lang!r}")
    chosen = by_page(page)
    text = texts(lang)
    ui = text["ui"]
    messages = {key: ui[key] for key in ("correct", "incorrect", "mistake", "unreadable", "empty", "no_percent",
                                         "need_percent", "decimal_comma", "unchosen", "solved", "revealed")}
    parts = ["", f'<div class="exercises" data-widget="exercises" data-exercises-page="{_attr(page)}" '
             f'data-decimal-comma="{str(DECIMAL_COMMA[lang]).lower()}" '
             f'data-messages="{_attr(_json(messages))}" markdown="1">', "",
             f'<p class="exercises__intro">{_inline(ui["intro"])}</p>', ""]
    for number, exercise in enumerate(chosen, 1):
        parts.append(render(exercise, number, lang, ui, text[exercise.id]))
    parts += ["</div>", ""]
    return "\n".join(parts)
