"""library and formula: one question, four spine labels, a note that mixes the books' contents.

The pages quote each book's share, the sum behind a score ("3.0 × 1.0 + 1.5 × 0.8 = 4.2", checked
to be the score), and what the weighted note trades against the top book alone. formula#one-query
quotes the cooking book's share from its own three-book example in snippets/attention.py.
"""
import numpy as np

from attention_site.values.format import pct, table, w
from attention_site.values.words import chinese
from snippets import library

HANDBOOK, PET_CARE, POEMS, PHYSICS = (library.books.index(title) for title in (
    "Cat Care Handbook", "Pet Care", "300 Tang Poems", "Quantum Mechanics"))
FEEDING, DEWORMING, OFF_TOPIC = range(3)  # the columns of library.contents
COOKING = 1  # the second of one_query's three books: cats, cooking, both


def labels_table(lang):
    """library#query-key-value: the question and the four spine labels, topics named (R37 zh: a
    reader had to count positions in `labels[0] = [1.0, 0.8, 0.0, 0.0]`)."""
    if lang == "zh":
        header = ["主题 →"] + [chinese(t) for t in library.topics]
        names = ["**你的问题**"] + [chinese(b) for b in library.books]
    else:
        header = ["topic →"] + list(library.topics)
        names = ["**your question**"] + [f"*{b}*" for b in library.books]
    rows = [[n] + [f"{x:.1f}" for x in row]
            for n, row in zip(names, [library.question, *library.labels])]
    return table(header, rows)


def score_sum(book):
    """library#compare: '3.0 × 1.0 + 1.5 × 0.8 = 4.2', the question against one label, topic by
    topic, leaving out the topics where either is 0 (R38 en: 4.2 could not be checked)."""
    i = library.books.index(book)
    terms = [(q, k) for q, k in zip(library.question, library.labels[i]) if q and k]
    total = float(library.labels[i] @ library.question)
    if abs(sum(q * k for q, k in terms) - library.scores[i]) > 1e-9:
        raise ValueError(f"library: the sum shown for {book} is not its score")
    return " + ".join(f"{q:.1f} × {k:.1f}" for q, k in terms) + f" = {total:.1f}"


def books_table(lang):
    if lang == "zh":  # the same Chinese titles the code prints
        titles = [chinese(b) for b in library.books]
    else:
        titles = [f"*{b}*" for b in library.books]
    header = ["书", "分数", "权重"] if lang == "zh" else ["Book", "Score", "Weight"]
    rows = [[t, f"{s:.1f}", w(x)] for t, s, x in zip(titles, library.scores, library.weights)]
    return table(header, rows)


def trade_off():
    """The weighted note minus the top book's contents: (feeding, deworming, off-topic)."""
    return library.note - library.contents[library.scores.argmax()]


def one_query_weights(question=(1.0, 0.0)):
    """formula#one-query: the weights of the three books (section one_query of snippets/attention.py)."""
    from snippets.attention import dot_product_attention
    key = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])  # cats, cooking, both
    value = np.array([[10.0], [20.0], [50.0]])
    return dot_product_attention(np.array(question), key, value)[1]


NUMBERS = {
    "num.library_top_percent": lambda: pct(library.weights[HANDBOOK]),
    "num.library_second_percent": lambda: pct(library.weights[PET_CARE]),
    "num.library_off_topic_percent": lambda: pct(library.weights[PHYSICS]),
    "num.library_feeding_lost": lambda: w(-trade_off()[FEEDING]),
    "num.library_deworming_gained": lambda: w(trade_off()[DEWORMING]),
    "num.library_noise": lambda: w(trade_off()[OFF_TOPIC]),
    "num.library_handbook_sum": lambda: score_sum("Cat Care Handbook"),
    "num.library_pet_sum": lambda: score_sum("Pet Care"),
    "num.one_query_cooking_percent": lambda: pct(one_query_weights()[COOKING]),
    "num.one_query_cooking_percent_keen": lambda: pct(one_query_weights((3.0, 0.0))[COOKING]),
}
PER_LANGUAGE = {
    "table.library": books_table,
    "table.library_labels": labels_table,
}
