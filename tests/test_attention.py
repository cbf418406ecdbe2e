"""snippets.attention: the teaching version and the sturdy one agree; shapes, scale, exact
values, a plain-loop reference, bad input."""
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from snippets.attention import attention, dot_product_attention

PROPS = settings(max_examples=40, deadline=None)


def reference_attention(query, key, value, scale):
    """One query at a time, one key at a time, with math.exp: no numpy algebra."""
    outputs, all_weights = [], []
    for q in query:
        scores = [scale * sum(qi * ki for qi, ki in zip(q, k)) for k in key]
        largest = max(scores)
        exps = [math.exp(s - largest) for s in scores]
        weights = [e / sum(exps) for e in exps]
        outputs.append([sum(w * v[j] for w, v in zip(weights, value)) for j in range(len(value[0]))])
        all_weights.append(weights)
    return np.array(outputs), np.array(all_weights)


def random_qkv(rng, n_q=3, n_k=5, d=4, d_v=2, batch=(), dtype=np.float64):
    return (rng.standard_normal((*batch, n_q, d)).astype(dtype),
            rng.standard_normal((*batch, n_k, d)).astype(dtype),
            rng.standard_normal((*batch, n_k, d_v)).astype(dtype))


small = st.floats(-3, 3, allow_nan=False, allow_infinity=False)


@st.composite
def sequences(draw):
    """(x, n, d): a short sequence of word vectors for self-attention."""
    n, d = draw(st.integers(1, 6)), draw(st.integers(1, 4))
    return draw(hnp.arrays(np.float64, (n, d), elements=small))


# ---------------------------------------------------------------- exact values

def test_the_one_query_example_by_hand():
    # scores with scale=1: [1, 0, 1] -> weights e : 1 : e over (2e + 1)
    output, weights = attention([1.0, 0.0], [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]],
                                [[10.0], [20.0], [30.0]], scale=1.0)
    e = math.e
    np.testing.assert_allclose(weights, [e / (2 * e + 1), 1 / (2 * e + 1), e / (2 * e + 1)], rtol=1e-15)
    np.testing.assert_allclose(output, [20.0], rtol=1e-15)  # (10e + 20 + 30e) / (2e + 1) = 20
    assert output.shape == (1,) and weights.shape == (3,)


def test_one_matching_key_among_orthogonal_ones():
    key = np.eye(3) * 10.0
    value = np.array([[1.0, 0.0], [0.0, 1.0], [5.0, 5.0]])
    output, weights = attention(key[2], key, value, scale=1.0)  # score 100 against 0 and 0
    np.testing.assert_allclose(weights, [0, 0, 1], atol=1e-40)
    np.testing.assert_allclose(output, [5.0, 5.0])


def test_agrees_with_the_plain_loop_reference():
    q, k, v = random_qkv(np.random.default_rng(1))
    for scale in (None, 1.0, 0.3):
        expected_scale = 1 / math.sqrt(q.shape[-1]) if scale is None else scale
        out, weights = attention(q, k, v, scale=scale)
        ref_out, ref_weights = reference_attention(q.tolist(), k.tolist(), v.tolist(), expected_scale)
        np.testing.assert_allclose(weights, ref_weights, rtol=1e-12)
        np.testing.assert_allclose(out, ref_out, rtol=1e-12, atol=1e-14)


def test_scale_none_is_one_over_sqrt_dk_and_scale_one_is_the_plain_dot_product():
    q, k, v = random_qkv(np.random.default_rng(2), d=16)
    _, default = attention(q, k, v)
    _, quarter = attention(q, k, v, scale=0.25)  # 1 / sqrt(16)
    _, plain = attention(q, k, v, scale=1.0)
    np.testing.assert_allclose(default, quarter, rtol=1e-15)
    np.testing.assert_allclose(plain, reference_attention(q.tolist(), k.tolist(), v.tolist(), 1.0)[1],
                               rtol=1e-12)
    assert not np.allclose(plain, default)
    _, numpy_scale = attention(q, k, v, scale=np.float64(0.25))
    np.testing.assert_array_equal(numpy_scale, quarter)


# ---------------------------------------------------------------- teaching version = sturdy version

@PROPS
@given(sequences(), st.floats(-2, 2))
def test_the_teaching_version_agrees_with_the_sturdy_one(x, shift):
    query, value = x[::-1] + shift, x * 2.0 - 1.0
    out, weights = dot_product_attention(query, x, value)
    sturdy_out, sturdy_weights = attention(query, x, value, scale=1.0)
    np.testing.assert_allclose(weights, sturdy_weights, rtol=1e-12, atol=1e-300)
    np.testing.assert_allclose(out, sturdy_out, rtol=1e-12, atol=1e-12)
    ref_out, ref_weights = reference_attention(query.tolist(), x.tolist(), value.tolist(), 1.0)
    np.testing.assert_allclose(weights, ref_weights, rtol=1e-11, atol=1e-300)
    np.testing.assert_allclose(out, ref_out, rtol=1e-11, atol=1e-12)


def test_the_teaching_version_takes_one_query_vector_too():
    q, k, v = random_qkv(np.random.default_rng(11), n_q=1)
    out, weights = dot_product_attention(q[0], k, v)
    sturdy_out, sturdy_weights = attention(q[0], k, v, scale=1.0)
    assert out.shape == sturdy_out.shape == (2,) and weights.shape == (5,)
    np.testing.assert_allclose(out, sturdy_out, rtol=1e-13)
    np.testing.assert_allclose(weights, sturdy_weights, rtol=1e-13)


def test_dividing_the_query_by_sqrt_dk_is_the_sturdy_default_scale():
    """What the chapter's scale demo does by hand is what attention() does by default."""
    q, k, v = random_qkv(np.random.default_rng(12), d=64)
    by_hand, by_hand_weights = dot_product_attention(q / np.sqrt(64), k, v)
    default, default_weights = attention(q, k, v)
    np.testing.assert_allclose(by_hand_weights, default_weights, rtol=1e-12)
    np.testing.assert_allclose(by_hand, default, rtol=1e-12, atol=1e-14)


def test_the_one_query_example_is_a_blend_not_a_copy_of_one_book():
    """The chapter's library example: weights e : 1 : e, and an answer no book holds."""
    values = [10.0, 20.0, 50.0]
    out, weights = dot_product_attention(np.array([1.0, 0.0]),
                                         np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]),
                                         np.array([[v] for v in values]))
    e = math.e
    np.testing.assert_allclose(weights, [e / (2 * e + 1), 1 / (2 * e + 1), e / (2 * e + 1)], rtol=1e-15)
    expected = (10 * e + 20 + 50 * e) / (2 * e + 1)
    np.testing.assert_allclose(out, [expected], rtol=1e-15)
    assert min(abs(out[0] - v) for v in values) > 5, "the answer must not be one book's contents"
    assert f"{out[0]:.2f}" == "28.45"


def test_the_teaching_version_is_the_three_lines_the_summary_quotes():
    """w5's summary quotes these expressions; renaming one must fail here first."""
    import inspect
    source = inspect.getsource(dot_product_attention)
    for expression in ["scores = query @ key.T", "weights = softmax(scores, axis=-1)",
                       "output = weights @ value", "return output, weights"]:
        assert expression in source
    assert "raise" not in source and "scale" not in source


# ---------------------------------------------------------------- shapes and dtypes

def test_shapes_of_a_sequence_of_queries():
    q, k, v = random_qkv(np.random.default_rng(3), n_q=3, n_k=5, d=4, d_v=7)
    out, weights = attention(q, k, v)
    assert out.shape == (3, 7) and weights.shape == (3, 5)


def test_a_single_query_vector_gives_a_vector():
    q, k, v = random_qkv(np.random.default_rng(4), n_q=1, n_k=5, d=4, d_v=2)
    out, weights = attention(q[0], k, v)
    assert out.shape == (2,) and weights.shape == (5,)
    out2, weights2 = attention(q, k, v)
    np.testing.assert_array_equal(out, out2[0])
    np.testing.assert_array_equal(weights, weights2[0])


def test_a_single_query_vector_against_batched_keys_keeps_the_batch():
    rng = np.random.default_rng(5)
    q, k, v = random_qkv(rng, n_q=1, batch=(3,))
    out, weights = attention(q[0, 0], k, v)  # (d,) with (3, n_k, d), (3, n_k, d_v)
    assert out.shape == (3, 2) and weights.shape == (3, 5)
    for b in range(3):
        expected_out, expected_weights = attention(q[0, 0], k[b], v[b])
        np.testing.assert_allclose(out[b], expected_out, rtol=1e-15)
        np.testing.assert_allclose(weights[b], expected_weights, rtol=1e-15)


def test_leading_batch_dimensions_are_independent_problems():
    q, k, v = random_qkv(np.random.default_rng(6), batch=(2, 3))
    out, weights = attention(q, k, v)
    assert out.shape == (2, 3, 3, 2) and weights.shape == (2, 3, 3, 5)
    for b in range(2):
        for h in range(3):
            ref_out, ref_weights = reference_attention(q[b, h].tolist(), k[b, h].tolist(),
                                                       v[b, h].tolist(), 0.5)
            np.testing.assert_allclose(out[b, h], ref_out, rtol=1e-12, atol=1e-14)
            np.testing.assert_allclose(weights[b, h], ref_weights, rtol=1e-12)


def test_batch_dimensions_broadcast():
    rng = np.random.default_rng(7)
    q, k, v = random_qkv(rng, batch=(4,))
    out, _ = attention(q, k[0], v[0])  # one key/value sequence shared by 4 query batches
    assert out.shape == (4, 3, 2)
    for b in range(4):
        np.testing.assert_allclose(out[b], attention(q[b], k[0], v[0])[0], rtol=1e-15)


@pytest.mark.parametrize("scale", [None, 1.0, np.float64(0.5), np.float32(0.5), 2])
def test_float32_stays_float32(scale):
    q, k, v = random_qkv(np.random.default_rng(8), batch=(2,), dtype=np.float32)
    out, weights = attention(q, k, v, scale=scale)
    assert out.dtype == np.float32 and weights.dtype == np.float32
    ref_out, ref_weights = attention(*(x.astype(np.float64) for x in (q, k, v)), scale=scale)
    np.testing.assert_allclose(weights, ref_weights, rtol=1e-5, atol=1e-7)
    np.testing.assert_allclose(out, ref_out, rtol=1e-5, atol=1e-6)


def test_integer_input_is_computed_in_float64():
    out, weights = attention([[1, 0]], [[1, 0], [0, 1]], [[2, 0], [0, 2]], scale=1.0)
    assert out.dtype == np.float64
    np.testing.assert_allclose(weights, [[math.e / (math.e + 1), 1 / (math.e + 1)]], rtol=1e-15)


def test_booleans_are_numbers_and_float16_stays_float16():
    out, _ = attention([[True, False]], [[True, False], [False, True]], [[2, 0], [0, 2]], scale=1.0)
    assert out.dtype == np.float64
    q = np.ones((2, 3), dtype=np.float16)
    assert attention(q, q, q)[0].dtype == np.float16


def test_inputs_are_not_modified():
    q, k, v = random_qkv(np.random.default_rng(9), batch=(2,), dtype=np.float32)
    copies = [x.copy() for x in (q, k, v)]
    out, weights = attention(q, k, v)
    for x, before in zip((q, k, v), copies):
        np.testing.assert_array_equal(x, before)
    for x in (q, k, v):
        assert not np.shares_memory(weights, x) and not np.shares_memory(out, x)


# ---------------------------------------------------------------- properties

@PROPS
@given(sequences(), st.randoms(use_true_random=False))
def test_self_attention_is_permutation_equivariant(x, random):
    order = list(range(len(x)))
    random.shuffle(order)
    out, weights = attention(x, x, x)
    out_p, weights_p = attention(x[order], x[order], x[order])
    np.testing.assert_allclose(out_p, out[order], rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(weights_p, weights[order][:, order], rtol=1e-12, atol=1e-15)


@PROPS
@given(sequences(), st.randoms(use_true_random=False))
def test_reordering_the_keys_with_their_values_changes_no_output(x, random):
    order = list(range(len(x)))
    random.shuffle(order)
    query = x[::-1] + 1.0
    out, weights = attention(query, x, x)
    out_p, weights_p = attention(query, x[order], x[order])
    np.testing.assert_allclose(out_p, out, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(weights_p, weights[:, order], rtol=1e-12, atol=1e-15)


@PROPS
@given(sequences(), st.floats(0.01, 4))
def test_weights_sum_to_one_and_outputs_stay_within_the_values(x, scale):
    value = x[:, ::-1] * 3.0
    out, weights = attention(x, x, value, scale=scale)
    np.testing.assert_allclose(weights.sum(axis=-1), 1.0, rtol=1e-12)
    assert (weights >= 0).all()
    assert (out >= value.min(axis=0) - 1e-12).all() and (out <= value.max(axis=0) + 1e-12).all()
    ref_out, ref_weights = reference_attention(x.tolist(), x.tolist(), value.tolist(), scale)
    np.testing.assert_allclose(weights, ref_weights, rtol=1e-11, atol=1e-300)
    np.testing.assert_allclose(out, ref_out, rtol=1e-11, atol=1e-12)


# ---------------------------------------------------------------- bad input

def _qkv(n_q=2, n_k=3, d=4, d_v=5):
    return np.ones((n_q, d)), np.ones((n_k, d)), np.ones((n_k, d_v))


def test_width_mismatch_names_both_widths_and_the_shapes():
    q, _, _ = _qkv(d=4)
    _, k, v = _qkv(d=3)
    with pytest.raises(ValueError, match=r"query width 4 != key width 3; got query \(2, 4\), key \(3, 3\)"):
        attention(q, k, v)


def test_zero_width_query_and_key_are_rejected():
    message = r"query and key have width 0, nothing to compare; got query \(2, 0\)"
    with pytest.raises(ValueError, match=message):
        attention(np.ones((2, 0)), np.ones((3, 0)), np.ones((3, 5)))


def test_length_mismatch_names_the_counts():
    q, k, _ = _qkv()
    with pytest.raises(ValueError, match=r"3 keys but 2 values; .*value \(2, 5\)"):
        attention(q, k, np.ones((2, 5)))


def test_empty_key_sequence_is_rejected():
    q, _, _ = _qkv()
    with pytest.raises(ValueError, match=r"the key sequence is empty; got .*key \(0, 4\)"):
        attention(q, np.ones((0, 4)), np.ones((0, 5)))


@pytest.mark.parametrize("which", ["query", "key", "value"])
@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_nan_or_inf_input_is_rejected_naming_the_argument(which, bad):
    arrays = dict(zip(["query", "key", "value"], _qkv()))
    arrays[which][1, 0] = bad
    with pytest.raises(ValueError, match=rf"attention: {which} \(\d+, \d+\) contains NaN or inf"):
        attention(arrays["query"], arrays["key"], arrays["value"])


def test_batch_mismatch_is_rejected_naming_the_shapes():
    message = r"batch dimensions do not match; got query \(2, 3, 4\), key \(5, 6, 4\)"
    with pytest.raises(ValueError, match=message):
        attention(np.ones((2, 3, 4)), np.ones((5, 6, 4)), np.ones((5, 6, 4)))


@pytest.mark.parametrize("key, value", [(np.ones(4), np.ones((1, 2))), (np.ones((3, 4)), np.ones(3))])
def test_one_dimensional_key_or_value_is_rejected(key, value):
    with pytest.raises(ValueError, match=r"key and value need shape \(n_k, d\) at least"):
        attention(np.ones((2, 4)), key, value)


@pytest.mark.parametrize("which", [0, 1, 2])
@pytest.mark.parametrize("bad", [[["a", "b"]], [[1 + 1j, 0]], np.array([[None, 1.0]], dtype=object)])
def test_non_numeric_input_is_a_type_error_naming_the_argument(which, bad):
    arrays = [[[1.0, 0.0]], [[1.0, 0.0]], [[1.0, 0.0]]]
    arrays[which] = bad
    name = ["query", "key", "value"][which]
    with pytest.raises(TypeError, match=rf"attention: {name} must be real numbers, got dtype"):
        attention(*arrays)


def test_a_non_numeric_scale_is_rejected():
    with pytest.raises((TypeError, ValueError)):
        attention(*_qkv(), scale="large")


@pytest.mark.parametrize("scale, error", [("2", TypeError), (True, TypeError), (float("nan"), ValueError),
                                          (float("inf"), ValueError)])
def test_bad_scale_is_rejected(scale, error):
    q = np.ones((2, 3))
    with pytest.raises(error, match="scale"):
        attention(q, q, q, scale=scale)
