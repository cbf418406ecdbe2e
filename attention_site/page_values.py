"""The numbers the prose quotes, computed from the worked examples.

Pages write ``{{ num.name }}`` (or ``{{ table.name }}``); the build hook
(hooks/computed.py) replaces each with ``render(name, lang)``. Nothing derived
is typed into docs/: change an input in snippets/ and every page follows.
"""
import numpy as np

from attention_site import explorer, playground
from attention_site.languages import LANGS
from snippets import cost, library, projections, sentence
from snippets.softmax import ARTICLE_CAT_WEIGHT, ARTICLE_SCORES, softmax

WORD_EN = sentence.ENGLISH


def _w(x):
    return f"{x:.2f}"


def _chinese(english):
    """The Chinese the code prints for an English name or phrase: one source, the catalogue."""
    from snippets import i18n
    return i18n.catalogue("zh")[f'"{english}"'].strip('"')


def _feature_name(feature, lang):
    """A feature in the page's words: 量词 (as the code prints it) / "measure word" (the explorer's)."""
    return _chinese(feature) if lang == "zh" else explorer.FEATURES["en"][feature][1]


def _sum_of_matches(asking, looked_at):
    """'2.0 + 1.0': the Query numbers of `asking` in the slots the Key of `looked_at` has."""
    key = sentence.face(looked_at, sentence.w_key)
    if not set(key) <= {0, 1}:
        raise ValueError(f"the Key of {looked_at} is not 0s and 1s: a score is not a plain sum of slots")
    return " + ".join(f"{q:.1f}" for q, k in zip(sentence.face(asking, sentence.w_query), key) if k)


def _pct(x):
    return f"{x * 100:.0f}%"


def _article_weights():
    return softmax(np.array(ARTICLE_SCORES))


def _table(header, rows, numbers=True):
    """A Markdown table; columns after the first are right-aligned when they hold numbers."""
    align = " ---: " if numbers else " --- "
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join([" --- "] + [align] * (len(header) - 1)) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def _new_it_formula(lang):
    weights = _article_weights()
    if lang == "zh":
        terms = [f"{_w(w)}×「{word}」的 V" for word, w in zip(sentence.SENTENCE, weights)]
        return "新的「它」 = " + " + ".join(terms)
    # V<sub>it</sub>, not V(it): story mode hides code, and "V(" reads as a call (tests/test_story_mode.py)
    terms = [f"{_w(w)} × V<sub>{WORD_EN[word]}</sub>" for word, w in zip(sentence.SENTENCE, weights)]
    return "new *it* = " + " + ".join(terms)


def _sentence_grid(lang, grid, fmt):
    """A 4 x 4 table over 它是一只猫: rows ask, columns are looked at, the words named as the
    sliders' heatmap and the explorer name them ("it (它)"), the corner saying which is which."""
    words = sentence.SENTENCE
    names = words if lang == "zh" else [f"{WORD_EN[w]} ({w})" for w in words]  # it (它)
    return _table([playground.corner_html(lang)] + names,
                  [[f"**{n}**"] + [fmt(x) for x in row] for n, row in zip(names, grid)])


def _heatmap_table(lang):
    return _sentence_grid(lang, sentence.sentence_weights(), _w)


def _score_table(lang):
    """self-attention#score-table: every pair's score, rows asking, columns looked at, words named
    (the printed rows have no header: R37 zh/en)."""
    return _sentence_grid(lang, sentence.sentence_scores(), lambda x: f"{x:.1f}")


def _library_labels_table(lang):
    """library#query-key-value: the question and the four spine labels, topics named (R37 zh: a
    reader had to count positions in `labels[0] = [1.0, 0.8, 0.0, 0.0]`)."""
    if lang == "zh":
        header = ["主题 →"] + [_chinese(t) for t in library.topics]
        names = ["**你的问题**"] + [_chinese(b) for b in library.books]
    else:
        header = ["topic →"] + list(library.topics)
        names = ["**your question**"] + [f"*{b}*" for b in library.books]
    rows = [[n] + [f"{x:.1f}" for x in row]
            for n, row in zip(names, [library.question, *library.labels])]
    return _table(header, rows)


def _library_sum(book):
    """library#compare: '3.0 × 1.0 + 1.5 × 0.8 = 4.2', the question against one label, topic by
    topic, leaving out the topics where either is 0 (R38 en: 4.2 could not be checked)."""
    i = library.books.index(book)
    terms = [(q, k) for q, k in zip(library.question, library.labels[i]) if q and k]
    total = float(library.labels[i] @ library.question)
    if abs(sum(q * k for q, k in terms) - library.scores[i]) > 1e-9:
        raise ValueError(f"library: the sum shown for {book} is not its score")
    return " + ".join(f"{q:.1f} × {k:.1f}" for q, k in terms) + f" = {total:.1f}"


def _library_table(lang):
    if lang == "zh":  # the same Chinese titles the code prints
        titles = [_chinese(b) for b in library.books]
    else:
        titles = [f"*{b}*" for b in library.books]
    header = ["书", "分数", "权重"] if lang == "zh" else ["Book", "Score", "Weight"]
    rows = [[t, f"{s:.1f}", _w(w)] for t, s, w in zip(titles, library.scores, library.weights)]
    return _table(header, rows)


def _library_trade_off():
    """The weighted note minus the top book's contents: (feeding, deworming, off-topic)."""
    return library.note - library.contents[library.scores.argmax()]


def _coref(last, layer, word):
    """Weight of 它 (it) on cat, fish or the last word, in layer 1 or 2 (two-layers)."""
    from snippets import coreference
    return _w(coreference.weights_of_it(last)[layer - 1][_coref_position(word)])


def _coref_position(word):
    """Where "cat", "fish" or the last word ("state") stands in both sentences."""
    from snippets import coreference
    return {"cat": coreference.CAT, "fish": coreference.FISH, "state": -1}[word]


def _coref_words_table(lang):
    """two-layers#six-words: each word of the two sentences and the one feature it has."""
    from snippets import coreference
    words = list(coreference.SENTENCES["was full"]) + ["was stale"]
    header = ["词", "它的特征"] if lang == "zh" else ["Word", "Its feature"]
    rows = []
    for word in words:
        features = [f for f, x in zip(coreference.feature_names, coreference.vectors[word]) if x]
        if len(features) != 1:
            raise ValueError(f"two-layers says every word has one feature; {word!r} has {features}")
        if lang == "zh":
            rows.append([_chinese(word), _chinese(features[0])])
        else:
            rows.append([f"*{word}*" if word.startswith("was") else word, features[0]])
    return _table(header, rows, numbers=False)


def _coref_query_table(lang):
    """two-layers#layer-2: what the Query of "it" looks for (animal, food), layer 1 and layer 2."""
    from snippets import coreference
    q1 = {last: coreference.query_of_it(last, 1) for last in coreference.SENTENCES}
    if q1["was full"] != q1["was stale"]:
        raise ValueError("two-layers says the Query of 'it' in layer 1 is the same in both sentences")
    if lang == "zh":
        header = ["「它」的 Query", "找动物", "找食物"]
        names = {last: f"第二层，……因为它{_chinese(last)}" for last in coreference.SENTENCES}
        first = "第一层（两句一样）"
    else:
        header = ["Query of “it”", "animal", "food"]
        names = {last: f"layer 2, …because it *{last}*" for last in coreference.SENTENCES}
        first = "layer 1 (both sentences)"
    rows = [[first, _w(q1["was full"]["animal"]), _w(q1["was full"]["food"])]]
    for last in coreference.SENTENCES:
        q2 = coreference.query_of_it(last, 2)
        rows.append([names[last], _w(q2["animal"]), _w(q2["food"])])
    return _table(header, rows)


def _coref_score(last, layer, word, decimals=1):
    """A score "it" gives cat, fish or the last word in layer 1 or 2 (before softmax). In layer 2
    the page says the scores of cat and fish are the animal and food numbers of the Query."""
    from snippets import coreference
    score = coreference.scores_of_it(last, layer)[_coref_position(word)]
    if layer == 2 and word in ("cat", "fish"):
        asked = coreference.query_of_it(last, 2)["animal" if word == "cat" else "food"]
        if abs(score - asked) > 1e-12:
            raise ValueError(f"two-layers says the layer-2 score of {word} is the Query's number, {asked}")
    return f"{score:.{decimals}f}"


def _coref_hunger_approx(lang):
    """two-layers#layer-2: '0.38 × 4.0 ≈ 1.5', what layer 2 adds to the animal slot of "it": the
    hunger it carries (as the table above shows it, two decimals) times the common-sense rule."""
    from snippets import coreference
    names = coreference.feature_names
    hunger = coreference.it_after_layer_1("was full")["hunger"]
    rule = coreference.w_query_2[names.index("hunger"), names.index("animal")]
    return f"{hunger:.2f} × {rule:.1f} ≈ {hunger * rule:.1f}"


def _coref_layer1_other():
    """two-layers#layer-1: the weight "it" gives each of the three other words in layer 1 (all
    equal: they score 0), so that the row the page shows adds up to 1 (R43 zh)."""
    from snippets import coreference
    weights = coreference.weights_of_it("was full")[0]
    others = np.delete(weights, [coreference.CAT, coreference.FISH, len(weights) - 1])
    if len(others) != 3 or not np.allclose(others, others[0]):
        raise ValueError("two-layers says the three other words get the same weight in layer 1")
    return _w(others[0])


def _coref_old_labels(word):
    """two-layers#layer-2: the layer-2 weight of "it" on cat or fish (*was full*) had layer 2 kept
    layer 1's labels (R43 en: the labels read as rigged); the page says the choice stands."""
    from snippets import coreference
    weights = coreference.weights_of_it_layer_1_labels("was full")
    if weights[coreference.CAT] < 3 * weights[coreference.FISH]:
        raise ValueError("two-layers says 'it' still picks the cat with layer 1's labels")
    return _w(weights[_coref_position(word)])


def _coref_query(last, layer, feature):
    from snippets import coreference
    return _w(coreference.query_of_it(last, layer)[feature])


def _coref_matrix(layer, row, column):
    from snippets import coreference
    w_query = coreference.w_query_1 if layer == 1 else coreference.w_query_2
    names = coreference.feature_names
    return f"{w_query[names.index(row), names.index(column)]:.1f}"


def _coref_it_table(lang):
    """two-layers#carry: what "it" carries out of layer 1, in the features that decide
    layer 2 (pronoun, hunger, freshness), for both sentences."""
    from snippets import coreference
    shown = ["pronoun", "hunger", "freshness"]
    if lang == "zh":
        header = ["句子"] + [_chinese(f) for f in shown]
        names = {last: f"……因为它{_chinese(last)}" for last in coreference.SENTENCES}
    else:
        header = ["Sentence", "pronoun", "hunger (full)", "freshness (stale)"]
        names = {last: f"…because it *{last}*" for last in coreference.SENTENCES}
    rows = [[names[last]] + [_w(coreference.it_after_layer_1(last)[f]) for f in shown]
            for last in coreference.SENTENCES]
    return _table(header, rows)


def _cost_table(lang):
    header = ["词数 n", "两两比对次数 n²", "逐个传话的步数 n − 1"] if lang == "zh" else [
        "Words n", "Comparisons n²", "Relay steps n − 1"]
    rows = [[str(n), f"{cost.comparisons(n):,}", f"{cost.chain_steps(n):,}"] for n in (4, 8, 16, 1000)]
    return _table(header, rows)


# name -> function(lang) -> text to put in the page
VALUES = {
    "num.article_weights": lambda lang: " / ".join(_w(w) for w in _article_weights()),
    "num.it_cat_weight": lambda lang: _w(_article_weights()[3]),
    "num.it_cat_percent": lambda lang: _pct(_article_weights()[3]),
    "num.others_percent": lambda lang: _pct(1 - _article_weights()[3]),
    "num.it_a_weight": lambda lang: _w(_article_weights()[2]),
    "num.it_a_percent": lambda lang: _pct(_article_weights()[2]),
    "num.it_it_weight": lambda lang: _w(_article_weights()[0]),
    "num.it_is_weight": lambda lang: _w(_article_weights()[1]),
    "num.cat_it_weight": lambda lang: _w(sentence.sentence_weights()[3, 0]),
    "num.rain_weather_percent": lambda lang: _pct(sentence.rain_attention()[0][0, 1]),
    # word-vectors: scores (before softmax) of the toy sentence, separate and tied W_Q / W_K
    "num.it_cat_score": lambda lang: f"{sentence.sentence_scores()[0, 3]:.1f}",
    "num.it_a_score": lambda lang: f"{sentence.sentence_scores()[0, 2]:.1f}",
    "num.it_it_score": lambda lang: f"{sentence.sentence_scores()[0, 0]:.1f}",
    "num.it_is_score": lambda lang: f"{sentence.sentence_scores()[0, 1]:.1f}",
    # the scores of 它 worked by hand: the Query numbers in the slots a Key has
    "num.it_cat_sum": lambda lang: _sum_of_matches("它", "猫"),
    "num.it_a_sum": lambda lang: _sum_of_matches("它", "一只"),
    "num.cat_self_sum": lambda lang: _sum_of_matches("猫", "猫"),
    "num.cat_self_score": lambda lang: f"{sentence.sentence_scores()[3, 3]:.1f}",
    "num.cat_it_score": lambda lang: f"{sentence.sentence_scores()[3, 0]:.1f}",
    "num.tied_it_cat_score": lambda lang: f"{sentence.sentence_scores(tied=True)[0, 3]:.1f}",
    "num.tied_it_self_score": lambda lang: f"{sentence.sentence_scores(tied=True)[0, 0]:.1f}",
    "num.tied_it_self_weight": lambda lang: _w(softmax(sentence.sentence_scores(tied=True))[0, 0]),
    "num.tied_it_cat_weight": lambda lang: _w(softmax(sentence.sentence_scores(tied=True))[0, 3]),
    "num.tied_new_it_animal": lambda lang: _w(sentence.tied_new_it_meaning()["animal"]),
    "num.tied_new_it_pet": lambda lang: _w(sentence.tied_new_it_meaning()["pet"]),
    "num.tied_new_it_refers": lambda lang: _w(sentence.tied_new_it_meaning()["refers"]),
    # what the new 它 holds (its Value features: refers, animal, pet; weather in the wider model)
    "num.new_it_animal": lambda lang: _w(sentence.new_it_meaning()["animal"]),
    "num.new_it_pet": lambda lang: _w(sentence.new_it_meaning()["pet"]),
    "num.new_it_refers": lambda lang: _w(sentence.new_it_meaning()["refers"]),
    "num.rain_it_weather": lambda lang: _w(sentence.rain_it_meaning()["weather"]),
    # the hand-set rule "a pronoun also looks for weather": W_Q's pronoun row, weather slot (R32 zh)
    "num.rain_rule": lambda lang: f"{_rain_rule():.1f}",
    "num.new_it_formula": _new_it_formula,
    "num.library_top_percent": lambda lang: _pct(library.weights[0]),
    "num.library_second_percent": lambda lang: _pct(library.weights[1]),
    "num.library_off_topic_percent": lambda lang: _pct(library.weights[3]),
    "num.library_feeding_lost": lambda lang: _w(-_library_trade_off()[0]),
    "num.library_deworming_gained": lambda lang: _w(_library_trade_off()[1]),
    "num.library_noise": lambda lang: _w(_library_trade_off()[2]),
    "num.cost_double_factor": lambda lang: f"{cost.comparisons(8) // cost.comparisons(4)}",
    "num.cost_1000": lambda lang: f"{cost.comparisons(1000):,}",
    # two-layers: which noun 它 means (snippets/coreference.py)
    "table.coref_words": _coref_words_table,
    "table.coref_query": _coref_query_table,
    "table.coref_it_after_layer1": _coref_it_table,
    "num.coref_pronoun_noun": lambda lang: _coref_matrix(1, "pronoun", "animal"),
    "num.coref_pronoun_state": lambda lang: _coref_matrix(1, "pronoun", "hunger"),
    "num.coref_rule": lambda lang: _coref_matrix(2, "hunger", "animal"),
    "num.coref_layer1_score_noun": lambda lang: _coref_score("was full", 1, "cat"),
    "num.coref_layer1_score_state": lambda lang: _coref_score("was full", 1, "state"),
    "num.coref_layer2_score_cat": lambda lang: _coref_score("was full", 2, "cat", 2),
    "num.coref_layer2_score_fish": lambda lang: _coref_score("was full", 2, "fish", 2),
    "num.coref_hunger_approx": _coref_hunger_approx,
    "num.coref_query2_animal": lambda lang: _coref_query("was full", 2, "animal"),
    "num.coref_layer1_cat": lambda lang: _coref("was full", 1, "cat"),
    "num.coref_layer1_fish": lambda lang: _coref("was full", 1, "fish"),
    "num.coref_layer1_state": lambda lang: _coref("was full", 1, "state"),
    "num.coref_layer1_other": lambda lang: _coref_layer1_other(),
    "num.coref_old_labels_cat": lambda lang: _coref_old_labels("cat"),
    "num.coref_old_labels_fish": lambda lang: _coref_old_labels("fish"),
    "num.coref_full_cat": lambda lang: _coref("was full", 2, "cat"),
    "num.coref_full_fish": lambda lang: _coref("was full", 2, "fish"),
    "num.coref_stale_cat": lambda lang: _coref("was stale", 2, "cat"),
    "num.coref_stale_fish": lambda lang: _coref("was stale", 2, "fish"),
    "num.coref_full_state": lambda lang: _coref("was full", 2, "state"),
    "num.coref_stale_state": lambda lang: _coref("was stale", 2, "state"),
    "table.heatmap": _heatmap_table,
    "table.scores": _score_table,
    "table.library": _library_table,
    "table.library_labels": _library_labels_table,
    "num.library_handbook_sum": lambda lang: _library_sum("Cat Care Handbook"),
    "num.library_pet_sum": lambda lang: _library_sum("Pet Care"),
    "table.cost": _cost_table,
}


# The FAQ: short tables that fit a phone.
def _self_weights_table(lang):
    """Each word of 它是一只猫 and the weight it keeps for itself (the heatmap's diagonal)."""
    words = sentence.SENTENCE
    names = words if lang == "zh" else [f"{WORD_EN[w]} ({w})" for w in words]
    header = ["词", "留给自己的权重"] if lang == "zh" else ["Word", "Weight on itself"]
    diagonal = np.diag(sentence.sentence_weights())
    return _table(header, [[n, _w(x)] for n, x in zip(names, diagonal)])


def _tied_self_squares(lang):
    """asymmetry#tied: '0.5² + 0.3² + 0.2² + 2.0² + 1.0² = 5.4', the Query of 它 met with itself."""
    query = sentence.face("它", sentence.w_query)
    total = float(query @ query)
    if abs(total - sentence.sentence_scores(tied=True)[0, 0]) > 1e-9:
        raise ValueError("asymmetry: the tied self-score of 它 is not its Query dotted with itself")
    return " + ".join(f"{x:.1f}²" for x in query) + f" = {total:.1f}"


VALUES.update({
    "num.tied_it_self_squares": _tied_self_squares,
})


def _w_query_table(lang, asking="它"):
    """word-vectors: W_Q as a labelled table, a row per feature of a word vector, a column per
    slot of a label; the corner says which is which (R32 zh: rows and columns carry the same
    names). All-zero rows are left out (the page says which). The row of the feature `asking`
    has is bold: it is its Query."""
    has = np.asarray(sentence.embedding[asking]) == 1  # (d,)
    if has.sum() != 1:
        raise ValueError(f"{asking} has {has.sum()} features: its Query is not one row of W_Q")
    rows = []
    for feature, row, bold in zip(sentence.features, sentence.w_query, has):
        if not row.any() and not bold:
            continue
        cells = [_feature_name(feature, lang)] + [f"{x:.1f}" for x in row]
        rows.append([f"**{c}**" for c in cells] if bold else cells)
    corner = {"zh": "这类词 ↓", "en": "a word that is ↓<br>looks for →"}[lang]
    # zh: the rows and the columns would carry the same words (R41 zh): a column says 找代词
    heads = [f"找{_feature_name(f, lang)}" if lang == "zh" else _slot_header(f, lang) for f in sentence.key_features]
    return _table([corner] + heads, rows)


def _slot_header(feature, lang):
    """A column head narrow enough for six columns on a 360 px phone: 量词, or an abbreviation
    with the full name as its title in English ("meas" for "measure word")."""
    if lang == "zh":
        return _feature_name(feature, lang)
    short, full = explorer.FEATURES["en"][feature]
    return f'<abbr title="{full}">{short}</abbr>'


def _query_meets_key(lang, asking="它", looked_at="猫"):
    """word-vectors: one Query meets one Key, slot by slot: the two faces, their products, and
    the slots the Key has in bold (only those count). The sum is the score the prose quotes."""
    query = sentence.face(asking, sentence.w_query)  # (5,)
    key = sentence.face(looked_at, sentence.w_key)    # (5,)
    product = query * key                             # (5,) slot by slot
    if not np.isclose(product.sum(), sentence.sentence_scores()[sentence.SENTENCE.index(asking),
                                                                 sentence.SENTENCE.index(looked_at)]):
        raise ValueError(f"the products of {asking}'s Query and {looked_at}'s Key do not add up to its score")
    names = [_feature_name(f, lang) for f in sentence.key_features]

    def cells(values, fmt):
        return [f"**{fmt.format(x)}**" if k else fmt.format(x) for x, k in zip(values, key)]
    if lang == "zh":
        labels = [f"「{asking}」的 Query", f"「{looked_at}」的 Key", "逐格相乘"]
    else:
        labels = [f'Query of "{WORD_EN[asking]}"', f'Key of "{WORD_EN[looked_at]}"', "multiplied"]
    rows = [[labels[0]] + cells(query, "{:.1f}"), [labels[1]] + cells(key, "{:.0f}"),
            [labels[2]] + cells(product, "{:.1f}")]
    return _table(["标签项" if lang == "zh" else "slot"] + [f"**{n}**" if k else n for n, k in zip(names, key)], rows)


def _rain_rule():
    """The one hand-set number of weighted-sum#rain: W_Q's pronoun row, first new (weather) slot."""
    weather_slot = len(sentence.key_features)  # the new slots come after the old five
    return sentence.rain_w_query[sentence.features.index("pronoun"), weather_slot]


def _rain_row_of_it(lang):
    """weighted-sum#rain: the scores and weights "it" gives each word of 它下雨了 (the wider
    model of sentence.py's ``widen``), so the page shows the 0.91 it quotes, not only a claim."""
    words = sentence.RAIN_SENTENCE
    x = np.array([sentence.rain_embedding[w] for w in words], dtype=float)  # (n, 8)
    q, k, _ = projections.project(x, sentence.rain_w_query, sentence.rain_w_key, sentence.rain_w_value)
    scores = q[0] @ k.T                                   # (7,) @ (7, n) -> (n,)
    weights = sentence.rain_attention(words)[0][0]        # (n,)
    if not np.allclose(weights, softmax(scores)):
        raise ValueError("rain: the weights of 它 are not the softmax of its scores")
    names = [f"「{w}」" for w in words] if lang == "zh" else [f"{WORD_EN[w]} ({w})" for w in words]
    labels = ["「它」打的分", "权重"] if lang == "zh" else ['score from "it"', "weight"]
    corner = "「它」看 →" if lang == "zh" else '"it" looks at →'
    return _table([corner] + names, [[labels[0]] + [f"{s:.1f}" for s in scores],
                                     [labels[1]] + [_w(w) for w in weights]])


def _pairs_with_it(lang):
    """asymmetry#one-way: each pair with 它, both directions named (R29 en):
    '"it"→"cat" 3.0 vs "cat"→"it" 1.2, ...' (zh: 「它」→「猫」3.0 对「猫」→「它」1.2)."""
    scores = sentence.sentence_scores()
    words = sentence.SENTENCE
    name = (lambda w: f"「{w}」") if lang == "zh" else (lambda w: f'"{WORD_EN[w]}"')
    pattern = "{a}→{b}{ab} 对{b}→{a}{ba}" if lang == "zh" else "{a}→{b} {ab} vs {b}→{a} {ba}"
    others = range(len(words) - 1, 0, -1)  # cat first: the pair the page is about
    pairs = [pattern.format(a=name(words[0]), b=name(words[j]), ab=f"{scores[0, j]:.1f}",
                            ba=f"{scores[j, 0]:.1f}") for j in others]
    if any(np.isclose(scores[0, j], scores[j, 0]) for j in others):
        raise ValueError("asymmetry: a pair with 它 scores the same both ways; the page says none does")
    return ("、" if lang == "zh" else ", ").join(pairs)


def _copy_map(lang):
    """word-vectors: W_K and W_V as what they copy, a row per feature of a word vector: the
    label slot(s) W_K writes it into, the meaning(s) W_V hands it over as (R28 zh and en: show
    W_K and W_V beside W_Q; as matrices that only copy, a map reads faster). A share other than
    1 is written before its slot: the measure word hands over "0.5 × animal"."""
    for name, matrix in (("w_key", sentence.w_key), ("w_value", sentence.w_value)):
        if np.any(matrix < 0) or np.any(matrix > 1):
            raise ValueError(f"copy_map: {name} has numbers outside 0..1, so it does not just copy features")

    def copied(row, slots):
        names = [_feature_name(s, lang) if x == 1 else f"{x:g} × {_feature_name(s, lang)}"
                 for s, x in zip(slots, row) if x]
        return ("、" if lang == "zh" else ", ").join(names) or "—"
    header = (["特征", "W_K：写到标签上的", "W_V：作为意思交出的"] if lang == "zh"
              else ["feature", "W_K: on the label as", "W_V: handed over as"])
    rows = [[_feature_name(f, lang), copied(k, sentence.key_features), copied(v, sentence.value_features)]
            for f, k, v in zip(sentence.features, sentence.w_key, sentence.w_value)]
    return _table(header, rows, numbers=False)


VALUES.update({
    "table.copy_map": _copy_map,
    "num.article_cat_weight": lambda lang: _w(ARTICLE_CAT_WEIGHT),  # the article's own sketch: an input
    "num.pairs_with_it": _pairs_with_it,
    "table.rain_row_of_it": _rain_row_of_it,
    "table.query_meets_key": _query_meets_key,
    "table.w_query": _w_query_table,
    "num.it_is_percent": lambda lang: _pct(_article_weights()[1]),
    "num.it_self_weight": lambda lang: _w(sentence.sentence_weights()[0, 0]),
    "table.self_weights": _self_weights_table,
})


# The weights and why pages: softmax answers differences, temperature divides them.
def _lead(i, j, temperature=1.0):
    """How many points word i's score leads word j's (the article's scores), over T."""
    return (ARTICLE_SCORES[i] - ARTICLE_SCORES[j]) / temperature


def _weight_ratio(i, j, temperature=1.0):
    """How many times word j's weight word i gets, from softmax itself (not from e^lead)."""
    weights = softmax(np.array(ARTICLE_SCORES) / temperature)
    return weights[i] / weights[j]


LEADS = (0.2, 1.0, 1.8, 2.0, 3.0)  # the lead -> weight-ratio table (1, 2, 3: the sliders task); 6 columns fit


def _lead_table(lang):
    """Two rows: a lead of d points, and the weight ratio e^d that softmax makes of it."""
    ratios = [softmax(np.array([d, 0.0]))[0] / softmax(np.array([d, 0.0]))[1] for d in LEADS]
    header = ["领先多少分"] if lang == "zh" else ["Lead (points)"]
    label = "权重是对方的几倍" if lang == "zh" else "Weight ratio"
    return _table(header + [f"{d:g}" for d in LEADS],
                  [[label] + [f"{r:.1f}×" for r in ratios]])


VALUES.update({
    "num.cat_a_lead": lambda lang: f"{_lead(3, 2):.1f}",
    "num.cat_a_score_ratio": lambda lang: f"{ARTICLE_SCORES[3] / ARTICLE_SCORES[2]:.1f}",
    "num.cat_is_score_ratio": lambda lang: f"{ARTICLE_SCORES[3] / ARTICLE_SCORES[1]:g}",
    "num.cat_a_weight_ratio": lambda lang: f"{round(_weight_ratio(3, 2), 1):g}",  # 6.05 -> "6", not "6.0"
    "num.cat_a_weight_ratio_exact": lambda lang: f"{_weight_ratio(3, 2):.2f}",
    # weights#widen: dividing the two rounded weights as printed gives a little less
    "num.cat_a_rounded_ratio": lambda lang: f"{float(_w(_article_weights()[3])) / float(_w(_article_weights()[2])):.1f}",
    "num.it_is_lead": lambda lang: f"{_lead(0, 1):.1f}",
    "num.it_is_score_ratio": lambda lang: f"{ARTICLE_SCORES[0] / ARTICLE_SCORES[1]:.1f}",
    "num.it_is_weight_ratio": lambda lang: f"{_weight_ratio(0, 1):.2f}",
    "num.cat_a_lead_cold": lambda lang: f"{_lead(3, 2, 0.5):.1f}",
    "num.cat_a_weight_ratio_cold": lambda lang: f"{_weight_ratio(3, 2, 0.5):.0f}",
    "num.cat_a_lead_hot": lambda lang: f"{_lead(3, 2, 2.0):.1f}",
    "num.cat_a_weight_ratio_hot": lambda lang: f"{_weight_ratio(3, 2, 2.0):.1f}",
    "table.lead_to_weight": _lead_table,
    "num.cat_self_weight": lambda lang: _w(sentence.sentence_weights()[3, 3]),
    # faq#why-attend-to-itself: 猫 keeps the largest share, not a majority
    "num.cat_others_percent": lambda lang: _pct(1 - sentence.sentence_weights()[3, 3]),
    "num.new_cat_pet": lambda lang: _w(sentence.self_attention(sentence.SENTENCE)[1][3][
        sentence.value_features.index("pet")]),
    "num.cost_4_words": lambda lang: f"{cost.comparisons(4):,}",
    "num.cost_8_words": lambda lang: f"{cost.comparisons(8):,}",
    "num.relay_hand_offs_21": lambda lang: f"{cost.path_length(21, attention=False)}",
})


# --- differences: the article's own sketches next to what this site computes --------------
# Inputs quoted from the article, not derived: its normalised row for 它 (a sketch; softmax of its
# own scores gives the computed row) and its text heatmap, rows asking, darker = more.
ARTICLE_WEIGHTS = [0.05, 0.04, 0.13, ARTICLE_CAT_WEIGHT]
ARTICLE_HEATMAP = [["░", "░", "▒", "█"],
                   ["▒", "█", "░", "░"],
                   ["░", "░", "█", "▒"],
                   ["█", "░", "▒", "▒"]]
_SKETCH = {"zh": ("原文（示意）", "本站（算出来的）"), "en": ("The article (a sketch)", "This site (computed)")}


def _word_names(lang):
    return sentence.SENTENCE if lang == "zh" else [f"{WORD_EN[w]} ({w})" for w in sentence.SENTENCE]


def _article_weights_table(lang):
    """differences#numbers: the article's row of 它 next to softmax of the article's scores."""
    total = "合计" if lang == "zh" else "total"
    rows = [[f"**{name}**"] + [_w(w) for w in row] + [_w(sum(row))]
            for name, row in zip(_SKETCH[lang], [ARTICLE_WEIGHTS, _article_weights()])]
    return _table([""] + list(_word_names(lang)) + [total], rows)


def _article_heatmap_table(lang):
    """differences#colours: the article's text heatmap, as a table of its symbols."""
    return _sentence_grid(lang, ARTICLE_HEATMAP, str)


def _cat_row_table(lang):
    """differences#heatmap: the row of 猫 in the article's picture and in the computed heatmap."""
    cat = sentence.SENTENCE.index("猫")
    rows = [[f"**{name}**"] + list(row) for name, row in
            zip(_SKETCH[lang], [ARTICLE_HEATMAP[cat], [_w(w) for w in sentence.sentence_weights()[cat]]])]
    return _table([""] + list(_word_names(lang)), rows, numbers=False)


VALUES.update({
    "table.article_weights": _article_weights_table,
    "num.article_others_percent": lambda lang: _pct(1 - ARTICLE_CAT_WEIGHT),
    "table.article_heatmap": _article_heatmap_table,
    "table.cat_row": _cat_row_table,
    "num.cat_it_percent": lambda lang: _pct(sentence.sentence_weights()[3, 0]),
    "num.cat_self_percent": lambda lang: _pct(sentence.sentence_weights()[3, 3]),
})


# --- faq and formula (the FAQ's self-weights; the formula page's one question, three books) -----
def _self_weight(word):
    """faq#why-attend-to-itself: the weight `word` keeps for itself, said to be the biggest of its row."""
    i = sentence.SENTENCE.index(word)
    weights = sentence.sentence_weights()
    if int(np.argmax(weights[i])) != i:
        raise ValueError(f"faq: {word} does not keep the biggest share of its row for itself")
    return _w(weights[i, i])


def _one_query_weights(question=(1.0, 0.0)):
    """formula#one-query: the weights of the three books (section one_query of snippets/attention.py)."""
    from snippets.attention import dot_product_attention
    key = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])  # cats, cooking, both
    value = np.array([[10.0], [20.0], [50.0]])
    return dot_product_attention(np.array(question), key, value)[1]


VALUES.update({
    "num.is_self_weight": lambda lang: _self_weight("是"),
    "num.a_self_weight": lambda lang: _self_weight("一只"),
    "num.one_query_cooking_percent": lambda lang: _pct(_one_query_weights()[1]),
    "num.one_query_cooking_percent_keen": lambda lang: _pct(_one_query_weights((3.0, 0.0))[1]),
})


def render(name, lang):
    """The text for placeholder `name` in language `lang`; KeyError for an unknown name."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; expected one of {LANGS}")
    if name not in VALUES:
        raise KeyError(f"unknown placeholder {{{{ {name} }}}}; known: {', '.join(sorted(VALUES))}")
    return VALUES[name](lang)
