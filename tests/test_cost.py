"""snippets.cost: n² comparisons for attention, n - 1 steps for a chain, path length 1.

The page shows plain one-line functions; the module wraps them with input checks.
Both must give the same counts, and only the wrapped ones may reject input.
"""
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from snippets.cost import chain_steps, comparisons, path_length


def test_worked_values():
    assert [comparisons(n) for n in (1, 4, 8, 16, 1000)] == [1, 16, 64, 256, 1_000_000]
    assert [chain_steps(n) for n in (1, 4, 8, 16, 1000)] == [0, 3, 7, 15, 999]
    assert path_length(20) == 1 and path_length(20, attention=False) == 20
    assert path_length(21, attention=False) == 21  # twenty words between: 21 positions apart
    assert path_length(1, attention=False) == 1


@given(st.integers(1, 10**6))
def test_comparisons_count_every_ordered_pair_of_words(n):
    assert comparisons(n) == n ** 2
    assert comparisons(2 * n) == 4 * comparisons(n)  # twice the words, four times the work
    assert chain_steps(n) == n - 1
    assert chain_steps(n) < comparisons(n)


def test_comparisons_match_an_actual_score_matrix():
    for n in (1, 3, 7):
        x = np.ones((n, 2))
        assert (x @ x.T).size == comparisons(n)


@given(st.integers(1, 10**6))
def test_attention_connects_any_two_words_in_one_step(distance):
    assert path_length(distance) == 1
    assert path_length(distance, attention=False) == distance


@pytest.mark.parametrize("func", [comparisons, chain_steps])
@pytest.mark.parametrize("n, error, message", [
    (0, ValueError, "n_words must be >= 1, got 0"),
    (-3, ValueError, "n_words must be >= 1, got -3"),
    (2.5, TypeError, "n_words must be an int, got float"),
    ("4", TypeError, "n_words must be an int, got str"),
    (True, TypeError, "n_words must be an int, got bool"),
    (None, TypeError, "n_words must be an int, got NoneType"),
])
def test_bad_lengths_are_rejected(func, n, error, message):
    with pytest.raises(error, match=message):
        func(n)


@pytest.mark.parametrize("distance, error", [
    (0, ValueError), (-1, ValueError), (1.5, TypeError), ("3", TypeError), (True, TypeError),
])
def test_bad_distances_are_rejected(distance, error):
    with pytest.raises(error, match=r"distance must be"):
        path_length(distance)


@given(st.integers(1, 10**6))
def test_the_plain_functions_the_page_shows_count_the_same(n):
    assert comparisons.__wrapped__(n) == comparisons(n)
    assert chain_steps.__wrapped__(n) == chain_steps(n)
    assert path_length.__wrapped__(n) == path_length(n)
    assert path_length.__wrapped__(n, attention=False) == path_length(n, attention=False)


def test_the_checked_functions_keep_their_names_and_docstrings():
    for func, name in ((comparisons, "comparisons"), (chain_steps, "chain_steps"),
                       (path_length, "path_length")):
        assert func.__name__ == name and func.__doc__ == func.__wrapped__.__doc__


def test_the_sections_the_why_page_shows_have_no_checks():
    from pathlib import Path
    from attention_site.sections import parse as parse_sections
    source = (Path(__file__).resolve().parents[1] / "snippets" / "cost.py").read_text(encoding="utf-8")
    sections = parse_sections(source)
    namespace = {}
    for name in ("path", "counts"):  # short, unchecked: the price fold on order-and-cost shows counts
        shown = sections[name]
        assert "isinstance" not in shown and "raise" not in shown and "_check" not in shown
        assert len(shown.strip().split("\n")) <= 15
        exec(compile(shown, name, "exec"), namespace)
    assert "raise" in sections["cost_checks"]
    assert namespace["comparisons"](8) == 64 and namespace["path_length"](21, attention=False) == 21
