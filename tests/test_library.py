"""snippets.library: question, spine labels and contents -> relevance scores -> weights -> a note."""
import math
import re
from pathlib import Path

import numpy as np
import pytest

from attention_site import sections
from snippets import i18n, library
from snippets.attention import attention

ROOT = Path(__file__).resolve().parents[1]


def sections_of(module):
    """{name: code} of the sections of snippets/<module>.py (attention_site.sections, the one parser)."""
    return sections.of_file(ROOT / "snippets" / f"{module}.py", ROOT)


def reference_lookup():
    """The same lookup with plain Python: dot products, math.exp, a weighted sum."""
    scores = [sum(q * k for q, k in zip(library.question, label)) for label in library.labels]
    exps = [math.exp(r) for r in scores]
    weights = [e / sum(exps) for e in exps]
    note = [sum(w * book[j] for w, book in zip(weights, library.contents))
            for j in range(library.contents.shape[1])]
    return scores, weights, note


def run_section(name, namespace=None):
    """Exec a shown section of snippets/library.py (after the ones it needs); return its namespace."""
    namespace = {} if namespace is None else namespace
    for module, section in [("library", "books"), ("library", "softmax_preview"), ("library", "lookup"),
                            ("library", name)]:
        exec(sections_of(module)[section], namespace)
    return namespace


def test_the_data_has_matching_shapes():
    assert len(library.books) == len(library.labels) == len(library.contents) == 4
    assert library.question.shape == (len(library.topics),) == (4,)
    assert library.labels.shape == (4, 4) and library.contents.shape == (4, 3)
    assert library.books == ["Cat Care Handbook", "Pet Care", "300 Tang Poems", "Quantum Mechanics"]


def test_keys_and_values_are_different_tables():
    """The page's lesson: a label (Key) is for finding, the contents (Value) for taking away."""
    assert library.labels.shape[1] != library.contents.shape[1]


def test_the_relevance_score_is_the_question_dotted_with_each_label():
    # 3*1 + 1.5*0.8 = 4.2; 3*0.3 + 1.5*1 = 2.4; the poems and physics share no topic
    np.testing.assert_allclose(library.scores, [4.2, 2.4, 0.0, 0.0], rtol=1e-15)
    scores, _, _ = reference_lookup()
    np.testing.assert_allclose(library.scores, scores, rtol=1e-15)
    assert library.relevance is library.scores  # the old name, still read by the figure


def test_the_chapters_softmax_preview_is_the_tested_softmax():
    """Chapter 1 shows softmax in three lines before chapter 3 teaches it: same weights as
    snippets.softmax.softmax, stable for huge scores, on one list of scores."""
    from snippets.softmax import softmax

    rng = np.random.default_rng(1)
    for scores in [library.scores, rng.normal(size=7) * 5, np.array([1000.0, 999.0, -1000.0]),
                   np.zeros(3), np.array([2.5])]:
        np.testing.assert_allclose(library.softmax(scores), softmax(scores), rtol=1e-14, atol=0)
    assert np.isfinite(library.softmax(np.array([1e308, 0.0]))).all()


def test_weights_are_softmax_of_the_scores_and_ordered_like_them():
    _, weights, _ = reference_lookup()
    np.testing.assert_allclose(library.weights, weights, rtol=1e-14)
    w = library.weights
    assert math.isclose(w.sum(), 1.0, rel_tol=1e-14)
    assert w[0] > w[1] > w[2] > 0  # the cat handbook first, pet care second
    assert w[2] == w[3]             # two off-topic books: same small share
    assert [round(x, 2) for x in w] == [0.84, 0.14, 0.01, 0.01]


def test_the_note_is_the_weighted_mix_of_all_contents():
    _, _, note = reference_lookup()
    np.testing.assert_allclose(library.note, note, rtol=1e-14)
    mix = sum(w * c for w, c in zip(library.weights, library.contents))
    np.testing.assert_allclose(library.note, mix, rtol=1e-14)


def test_the_note_keeps_what_the_top_book_lacks():
    """library#not-winner-takes-all (issue 27): copying the top book alone loses something the blend
    keeps. The handbook has no deworming advice at all, so the top book's note has 0 there, while the
    weighted note carries Pet Care's; the weights stay 0.84 / 0.14 / 0.01 / 0.01."""
    best = library.contents[library.scores.argmax()]
    assert best[1] == 0       # the winner knows nothing about deworming ...
    assert [round(x, 2) for x in library.note] == [0.78, 0.12, 0.03]
    assert [round(x, 2) for x in best] == [0.9, 0.0, 0.0]
    feeding, deworming, off_topic = library.note - best
    assert not any(np.allclose(library.note, book) for book in library.contents)
    assert deworming > 0.1    # ... the blend keeps Pet Care's deworming advice
    assert feeding < -0.05    # it gives up a little of the top book's feeding advice
    assert 0 < off_topic < 0.05  # and picks up a little off-topic noise


def test_the_lookup_is_attention_with_one_query():
    output, weights = attention(library.question, library.labels, library.contents, scale=1.0)
    np.testing.assert_allclose(weights, library.weights, rtol=1e-14)
    np.testing.assert_allclose(output, library.note, rtol=1e-14)


def test_soft_get_is_attention_on_any_input():
    rng = np.random.default_rng(0)
    shown = run_section("soft_dict", {"print": lambda *args: None})["soft_get"]
    for n, d, d_v in [(1, 1, 1), (3, 5, 2), (7, 4, 6)]:
        query, keys, values = rng.normal(size=d), rng.normal(size=(n, d)), rng.normal(size=(n, d_v))
        output, _ = attention(query, keys, values, scale=1.0)
        np.testing.assert_allclose(library.soft_get(query, keys, values), output, rtol=1e-12)
        np.testing.assert_allclose(shown(query, keys, values), output, rtol=1e-12)
    np.testing.assert_allclose(library.soft_get(library.question, library.labels, library.contents),
                               library.note, rtol=1e-15)


def test_a_dict_needs_the_exact_key_and_a_soft_dict_blends_every_value():
    shelf = dict(zip(library.books, library.contents))
    assert shelf.get("pet care") is None and np.array_equal(shelf["Pet Care"], library.contents[1])
    blend = library.soft_get(library.question, library.labels, library.contents)
    assert not any(np.allclose(blend, value) for value in shelf.values())


# ------------------------------------------------------------------- the pages

FOLD = re.compile(r"^(\?\?\?|!!!)")


def unfolded_blocks(path):
    """Line counts of the code blocks a page shows open: includes outside a `???` fold."""
    counts, folded = [], False
    for line in path.read_text(encoding="utf-8").split("\n"):
        if FOLD.match(line):
            folded = line.startswith("???")
        elif line and not line[0].isspace():
            folded = False
        match = sections.INCLUDE.match(line)
        if match and not (folded and match["indent"]):
            code = sections_of(Path(match["path"]).stem)[match["section"]]
            counts.append(len(code.rstrip("\n").split("\n")))
    return counts


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_library_code_is_off_the_first_chapter_and_keeps_the_budget_where_it_is(lang):
    """R45 (zh, en): chapter 1 tells the analogy and shows its figure; its code lives in the deep
    dive "Attention in one function" (#library-code), within the code budget there."""
    assert unfolded_blocks(ROOT / "docs" / lang / "library.md") == []
    blocks = unfolded_blocks(ROOT / "docs" / lang / "formula.md")
    assert blocks and max(blocks) <= 15 and sum(blocks) <= 45, blocks
    formula = (ROOT / "docs" / lang / "formula.md").read_text(encoding="utf-8")
    for section in ("library.py:lookup", "library.py:winner", "library.py:soft_dict"):
        assert f'--8<-- "snippets/{section}"' in formula, section


@pytest.mark.parametrize("section", list(sections_of("library")))
def test_every_shown_section_has_a_chinese_catalogue_entry(section):
    _, missing = i18n.translate(sections_of("library")[section], i18n.catalogue("zh"))
    assert not missing, missing


def test_the_chinese_sections_print_chinese_titles():
    catalogue = i18n.catalogue("zh")
    shown = "".join(sections_of("library")[s] for s in ["books", "lookup", "show"])
    translated, _ = i18n.translate(shown, catalogue)
    assert "《猫咪饲养手册》" in translated and "Cat Care" not in translated
    assert i18n.code_tokens(translated) == i18n.code_tokens(shown)
