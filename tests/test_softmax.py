"""snippets.softmax: exact values, properties, an independent reference, bad input."""
import math
import re
import warnings

import numpy as np
import pytest
import scipy.special
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from snippets.softmax import ARTICLE_SCORES, ARTICLE_WORDS, sharpen, softmax, teaching_softmax

PROPS = settings(max_examples=60, deadline=None)


def reference_softmax(scores):
    """The textbook definition, one number at a time: exp(x_i) / sum_j exp(x_j).

    Shifted by the largest finite score so that exp() cannot overflow; -inf gives 0.
    """
    largest = max(scores)
    exps = [0.0 if s == -math.inf else math.exp(s - largest) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


def reference_along(array, axis):
    """reference_softmax applied to every 1-D slice of `array` along `axis`."""
    moved = np.moveaxis(np.asarray(array, dtype=float), axis, -1)
    rows = [reference_softmax(list(row)) for row in moved.reshape(-1, moved.shape[-1])]
    return np.moveaxis(np.array(rows).reshape(moved.shape), -1, axis)


finite = st.floats(-100, 100, allow_nan=False, allow_infinity=False)
vectors = hnp.arrays(np.float64, st.integers(1, 12), elements=finite)
matrices = hnp.arrays(np.float64, hnp.array_shapes(min_dims=1, max_dims=3, max_side=5), elements=finite)


# ---------------------------------------------------------------- exact values

def test_article_scores_give_the_rounded_weights_of_the_site():
    weights = softmax(ARTICLE_SCORES)
    exact = reference_softmax(ARTICLE_SCORES)
    np.testing.assert_allclose(weights, exact, rtol=1e-14)
    assert [round(w, 2) for w in exact] == [0.06, 0.05, 0.13, 0.76]
    # the article's hand-rounded 0.05 / 0.04 / 0.13 / 0.78 are not what softmax gives
    assert [round(w, 2) for w in exact] != [0.05, 0.04, 0.13, 0.78]


def test_article_inputs_are_the_articles():
    assert ARTICLE_WORDS == ["它", "是", "一只", "猫"]
    assert ARTICLE_SCORES == [0.5, 0.3, 1.2, 3.0]


@pytest.mark.parametrize("scores, expected", [
    ([0.0, math.log(3.0)], [0.25, 0.75]),                  # e^0 : e^ln3 = 1 : 3
    ([7.0, 7.0, 7.0, 7.0], [0.25] * 4),                    # equal scores, equal shares
    ([5.0], [1.0]),                                        # one key takes everything
    ([1.0, -math.inf], [1.0, 0.0]),                        # masked: exactly 0
    ([2.0, 1.0, -math.inf], [math.e / (math.e + 1), 1 / (math.e + 1), 0.0]),
])
def test_exact_values(scores, expected):
    np.testing.assert_allclose(softmax(scores), expected, rtol=1e-15, atol=0)


def test_matrix_along_each_axis():
    scores = np.array([[1.0, 2.0, 3.0], [0.0, 0.0, 10.0]])
    np.testing.assert_allclose(softmax(scores), reference_along(scores, -1), rtol=1e-14)
    np.testing.assert_allclose(softmax(scores, axis=1), reference_along(scores, 1), rtol=1e-14)
    np.testing.assert_allclose(softmax(scores, axis=0), reference_along(scores, 0), rtol=1e-14)
    np.testing.assert_allclose(softmax(scores, axis=-2), softmax(scores, axis=0), rtol=0)
    np.testing.assert_allclose(softmax(scores, axis=0).sum(axis=0), [1, 1, 1], rtol=1e-15)


def test_large_scores_do_not_overflow():
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # an overflow RuntimeWarning would fail the test
        np.testing.assert_array_equal(softmax([1000.0, 0.0, 0.0]), [1.0, 0.0, 0.0])
        np.testing.assert_allclose(softmax([1000.0, 1000.0]), [0.5, 0.5], rtol=0)
        np.testing.assert_allclose(softmax([-1000.0, -1000.0]), [0.5, 0.5], rtol=0)
        np.testing.assert_allclose(softmax([1e300, 1e300 - 1e285]), [1.0, 0.0])
        big32 = softmax(np.array([100.0, 99.0], dtype=np.float32))  # exp(100) > float32 max
        np.testing.assert_allclose(big32, [math.e / (math.e + 1), 1 / (math.e + 1)], rtol=1e-6)


def test_dtypes():
    assert softmax(np.array([1.0, 2.0], dtype=np.float32)).dtype == np.float32
    assert softmax(np.array([1.0, 2.0], dtype=np.float16)).dtype == np.float16
    assert softmax([1.0, 2.0]).dtype == np.float64
    ints = softmax([1, 2, 3])  # ints become float64, not truncated
    assert ints.dtype == np.float64
    np.testing.assert_allclose(ints, reference_softmax([1, 2, 3]), rtol=1e-15)


def test_bools_unsigned_ints_and_long_doubles_are_real_numbers_too():
    np.testing.assert_allclose(softmax(np.array([True, False])), [math.e / (math.e + 1), 1 / (math.e + 1)])
    np.testing.assert_allclose(softmax(np.array([1, 2], dtype=np.uint8)), reference_softmax([1, 2]))
    assert softmax(np.array([1.0, 2.0], dtype=np.longdouble)).dtype == np.longdouble


def test_input_is_not_modified_and_out_overwrites_in_place():
    scores = np.array([[1.0, 2.0], [3.0, -np.inf]])
    before = scores.copy()
    weights = softmax(scores)
    np.testing.assert_array_equal(scores, before)
    assert not np.shares_memory(weights, scores)

    result = softmax(scores, out=scores)  # attention reuses its scores this way
    assert result is scores
    np.testing.assert_array_equal(result, weights)


def test_out_is_left_untouched_when_the_input_is_rejected():
    scores = np.array([1.0, np.nan])
    with pytest.raises(ValueError, match="NaN"):
        softmax(scores, out=scores)
    assert scores[0] == 1.0 and np.isnan(scores[1])


def test_sharpen_is_softmax_of_scores_over_temperature():
    scores = np.array(ARTICLE_SCORES)
    for temperature in (0.5, 1, 2.0, np.float32(3)):
        np.testing.assert_allclose(sharpen(scores, temperature),
                                   reference_softmax(list(scores / float(temperature))), rtol=1e-14)
    tops = [sharpen(scores, t).max() for t in (0.25, 0.5, 1.0, 2.0, 4.0)]
    assert tops == sorted(tops, reverse=True)  # lower temperature, sharper
    np.testing.assert_allclose(sharpen(scores, 1e6), [0.25] * 4, atol=1e-6)  # hot: uniform


@pytest.mark.parametrize("temperature, error, message", [
    (0, ValueError, "> 0"), (-1.0, ValueError, "> 0"), (math.nan, ValueError, "finite"),
    (math.inf, ValueError, "finite"), ("1", TypeError, "number"), (True, TypeError, "number"),
    (None, TypeError, "number"),
])
def test_sharpen_rejects_bad_temperature(temperature, error, message):
    with pytest.raises(error, match=message):
        sharpen(ARTICLE_SCORES, temperature)


# ---------------------------------------------------------------- properties

@PROPS
@given(vectors)
def test_weights_are_positive_and_sum_to_one(scores):
    weights = softmax(scores)
    assert weights.shape == scores.shape
    assert (weights > 0).all() and (weights <= 1).all()  # scores within ±100: nothing underflows
    assert math.isclose(weights.sum(), 1.0, rel_tol=1e-12)


@PROPS
@given(matrices, st.data())
def test_every_slice_sums_to_one_along_any_axis(scores, data):
    axis = data.draw(st.integers(-scores.ndim, scores.ndim - 1), label="axis")
    weights = softmax(scores, axis=axis)
    np.testing.assert_allclose(weights.sum(axis=axis), 1.0, rtol=1e-12)
    np.testing.assert_allclose(weights, reference_along(scores, axis), rtol=1e-9, atol=1e-300)
    np.testing.assert_allclose(weights, scipy.special.softmax(scores, axis=axis), rtol=1e-9, atol=1e-300)


@PROPS
@given(vectors, finite)
def test_shift_invariance(scores, shift):
    np.testing.assert_allclose(softmax(scores + shift), softmax(scores), rtol=1e-9, atol=1e-300)


@PROPS
@given(vectors)
def test_order_is_preserved(scores):
    weights = softmax(scores)
    for i in range(len(scores)):
        for j in range(len(scores)):
            if scores[i] < scores[j]:
                assert weights[i] <= weights[j]
                if scores[j] - scores[i] > 1e-9:  # a visible gap stays a strict one
                    assert weights[i] < weights[j]
            elif scores[i] == scores[j]:
                assert weights[i] == weights[j]


@PROPS
@given(vectors)
def test_agrees_with_a_plain_loop_and_scipy(scores):
    weights = softmax(scores)
    np.testing.assert_allclose(weights, reference_softmax(list(scores)), rtol=1e-12, atol=1e-300)
    np.testing.assert_allclose(weights, scipy.special.softmax(scores), rtol=1e-12, atol=1e-300)


@PROPS
@given(vectors, st.data())
def test_minus_inf_gets_zero_and_the_rest_renormalise(scores, data):
    mask = data.draw(hnp.arrays(bool, scores.shape), label="mask")
    keep = data.draw(st.integers(0, len(scores) - 1), label="keep")
    mask[keep] = False  # at least one score stays finite
    weights = softmax(np.where(mask, -np.inf, scores))
    assert (weights[mask] == 0).all()
    np.testing.assert_allclose(weights[~mask], softmax(scores[~mask]), rtol=1e-12)


@PROPS
@given(hnp.arrays(np.float32, st.integers(1, 64), elements=st.floats(-1e4, 1e4, width=32)))
def test_float32_stays_float32(scores):
    weights = softmax(scores)
    assert weights.dtype == np.float32
    assert abs(float(weights.sum()) - 1.0) < 1e-5


@PROPS
@given(hnp.arrays(np.float64, st.integers(1, 8), elements=st.floats(-1e300, 1e300)))
def test_huge_finite_scores_never_overflow(scores):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        weights = softmax(scores)
    assert np.isfinite(weights).all()
    assert math.isclose(weights.sum(), 1.0, rel_tol=1e-12)
    assert weights[scores.argmax()] == weights.max()


# ---------------------------------------------------------------- the teaching version

def test_the_teaching_version_is_a_separate_function_and_softmax_is_the_checked_one():
    assert teaching_softmax is not softmax
    assert teaching_softmax.__code__.co_varnames[:2] == ("scores", "axis")
    with pytest.raises(ValueError, match="NaN"):  # only the full version checks its input
        softmax([1.0, np.nan])


def test_the_teaching_version_gives_the_article_weights():
    np.testing.assert_allclose(teaching_softmax(ARTICLE_SCORES), softmax(ARTICLE_SCORES), rtol=1e-15)
    np.testing.assert_allclose(teaching_softmax(np.array(ARTICLE_SCORES)),
                               reference_softmax(ARTICLE_SCORES), rtol=1e-14)


@PROPS
@given(matrices, st.data())
def test_the_teaching_version_agrees_with_softmax_on_any_axis(scores, data):
    axis = data.draw(st.integers(-scores.ndim, scores.ndim - 1), label="axis")
    np.testing.assert_allclose(teaching_softmax(scores, axis=axis), softmax(scores, axis=axis),
                               rtol=1e-13, atol=1e-300)


@PROPS
@given(vectors, st.data())
def test_the_teaching_version_agrees_with_masked_scores(scores, data):
    mask = data.draw(hnp.arrays(bool, scores.shape), label="mask")
    mask[data.draw(st.integers(0, len(scores) - 1), label="keep")] = False
    masked = np.where(mask, -np.inf, scores)
    weights = teaching_softmax(masked)
    assert (weights[mask] == 0).all()
    np.testing.assert_allclose(weights, softmax(masked), rtol=1e-13, atol=1e-300)


@PROPS
@given(hnp.arrays(np.float64, st.integers(1, 8), elements=st.floats(-1e300, 1e300)))
def test_the_teaching_version_does_not_overflow_either(scores):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        weights = teaching_softmax(scores)
    np.testing.assert_allclose(weights, softmax(scores), rtol=1e-13, atol=1e-300)


def test_the_teaching_version_keeps_dtypes_like_softmax():
    for scores in (np.array([1.0, 2.0], dtype=np.float32), [1, 2, 3], [0.5, 0.3]):
        assert teaching_softmax(scores).dtype == softmax(scores).dtype
        np.testing.assert_allclose(teaching_softmax(scores), softmax(scores), rtol=1e-6)


def test_the_section_the_weights_page_shows_is_the_teaching_version():
    from pathlib import Path
    from attention_site.sections import parse as parse_sections
    source = (Path(__file__).resolve().parents[1] / "snippets" / "softmax.py").read_text(encoding="utf-8")
    idea = parse_sections(source)["idea"]
    namespace = {}
    exec(compile(idea, "idea", "exec"), namespace)
    np.testing.assert_allclose(namespace["softmax"](np.array(ARTICLE_SCORES)), softmax(ARTICLE_SCORES),
                               rtol=1e-15)
    assert "raise " not in idea and "_check" not in idea and "out=" not in idea
    lines = idea.strip().split("\n")
    assert len(lines) <= 15 and all(len(line) <= 60 for line in lines)


def test_a_lead_of_d_points_is_e_to_the_d_times_the_weight():
    """What the weights page teaches: softmax reads differences, not ratios."""
    weights = softmax(ARTICLE_SCORES)
    for i, j in [(3, 2), (0, 1), (3, 0)]:
        lead = ARTICLE_SCORES[i] - ARTICLE_SCORES[j]
        assert math.isclose(weights[i] / weights[j], math.exp(lead), rel_tol=1e-12)
    # same score ratio does not mean the same weight ratio
    assert weights[0] / weights[1] < 1.3 < 6 < weights[3] / weights[2]
    for temperature in (0.5, 2.0):  # the temperature divides every lead
        hot = sharpen(ARTICLE_SCORES, temperature)
        lead = (ARTICLE_SCORES[3] - ARTICLE_SCORES[2]) / temperature
        assert math.isclose(hot[3] / hot[2], math.exp(lead), rel_tol=1e-12)


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("scores, where", [
    ([1.0, np.nan, 2.0], "(1,)"),
    ([[0.0, 1.0], [2.0, np.nan]], "(1, 1)"),
])
def test_nan_is_rejected_with_its_index(scores, where):
    with pytest.raises(ValueError, match=r"NaN at index " + re.escape(where)):
        softmax(scores)


def test_plus_inf_is_rejected_with_its_index():
    with pytest.raises(ValueError, match=r"\+inf at index \(2,\)"):
        softmax([1.0, 2.0, np.inf])


def test_a_slice_of_only_minus_inf_is_rejected_with_where_it_is():
    with pytest.raises(ValueError, match=r"every score is -inf in the slice at \(0,\)"):
        softmax([-np.inf, -np.inf])
    scores = np.array([[1.0, -np.inf], [2.0, -np.inf]])
    np.testing.assert_allclose(softmax(scores, axis=-1), [[1, 0], [1, 0]])  # rows are fine
    with pytest.raises(ValueError, match=r"-inf in the slice at \(0, 1\) along axis 0"):
        softmax(scores, axis=0)  # but column 1 is all -inf


@pytest.mark.parametrize("scores", [
    ["a", "b"],
    "0.5",
    np.array([1.0, None], dtype=object),
    np.array([1.0, 2.0], dtype=object),
    [1 + 2j, 3.0],
    np.array(["2024-01-01"], dtype="datetime64[D]"),
    np.array([1, 2], dtype="timedelta64[s]"),  # a time span is no score either
])
def test_non_numeric_input_is_a_type_error_naming_the_dtype(scores):
    with pytest.raises(TypeError, match=r"softmax: scores must be real numbers, got dtype"):
        softmax(scores)


@pytest.mark.parametrize("scores", [[], np.zeros((3, 0)), np.zeros((0, 4)), 3.0, np.float32(1)])
def test_empty_or_scalar_input_is_a_value_error_naming_the_shape(scores):
    with pytest.raises(ValueError, match=r"at least one score .* got shape"):
        softmax(scores)


@pytest.mark.parametrize("axis", [1, -2, 5])
def test_bad_axis_is_a_value_error_naming_the_axis(axis):
    with pytest.raises(ValueError, match=r"axis"):
        softmax([1.0, 2.0], axis=axis)
