"""snippets.projections: three faces of one word, and why W_Q != W_K makes scores asymmetric."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from snippets.projections import project, score_matrix

PROPS = settings(max_examples=40, deadline=None)
small = st.floats(-3, 3, allow_nan=False, allow_infinity=False)


@st.composite
def words_and_matrix(draw):
    n, d, d_k = draw(st.integers(1, 5)), draw(st.integers(1, 4)), draw(st.integers(1, 4))
    return (draw(hnp.arrays(np.float64, (n, d), elements=small)),
            draw(hnp.arrays(np.float64, (d, d_k), elements=small)))


def test_each_face_is_the_embedding_times_its_matrix():
    x = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])   # 3 words, d = 2
    w_q = np.array([[1.0, 0.0, 1.0], [0.0, 1.0, 1.0]])  # (2, 3)
    w_k = np.array([[2.0, 0.0, 0.0], [0.0, 0.0, 1.0]])  # (2, 3)
    w_v = np.array([[1.0], [-1.0]])                     # (2, 1)
    q, k, v = project(x, w_q, w_k, w_v)
    np.testing.assert_array_equal(q, [[1, 2, 3], [3, 4, 7], [5, 6, 11]])
    np.testing.assert_array_equal(k, [[2, 0, 2], [6, 0, 4], [10, 0, 6]])
    np.testing.assert_array_equal(v, [[-1], [-1], [-1]])
    assert q.shape == (3, 3) and k.shape == (3, 3) and v.shape == (3, 1)


def test_score_matrix_entry_is_query_i_dot_key_j():
    q = np.array([[1.0, 0.0], [2.0, 1.0]])
    k = np.array([[0.0, 3.0], [1.0, 1.0], [4.0, 0.0]])
    scores = score_matrix(q, k)
    assert scores.shape == (2, 3)
    for i in range(2):
        for j in range(3):
            assert scores[i, j] == sum(a * b for a, b in zip(q[i], k[j]))


def test_a_hand_made_asymmetric_example():
    # two words; word 0 looks for feature 1 (which word 1 has), word 1 looks for nothing
    x = np.eye(2)
    w_q = np.array([[0.0, 1.0], [0.0, 0.0]])
    q, k, _ = project(x, w_q, np.eye(2), np.eye(2))
    scores = score_matrix(q, k)
    assert scores[0, 1] == 1.0 and scores[1, 0] == 0.0  # 0 -> 1 is not 1 -> 0


@PROPS
@given(words_and_matrix())
def test_the_same_matrix_for_query_and_key_gives_symmetric_scores(x_and_w):
    x, w = x_and_w
    q, k, _ = project(x, w, w, np.eye(x.shape[1]))
    scores = score_matrix(q, k)
    np.testing.assert_allclose(scores, scores.T, rtol=1e-12, atol=1e-12)


@PROPS
@given(st.integers(0, 2**32 - 1))
def test_separate_random_matrices_give_asymmetric_scores(seed):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(4, 3))
    q, k, _ = project(x, rng.normal(size=(3, 3)), rng.normal(size=(3, 3)), np.eye(3))
    scores = score_matrix(q, k)
    assert not np.allclose(scores, scores.T)  # generic matrices: symmetry has probability 0


def test_lists_and_ints_are_accepted():
    q, k, v = project([[1, 0], [0, 1]], [[1, 2], [3, 4]], np.eye(2, dtype=int), [[1], [1]])
    assert q.dtype == np.float64
    np.testing.assert_array_equal(q, [[1, 2], [3, 4]])
    np.testing.assert_array_equal(v, [[1], [1]])


@pytest.mark.parametrize("which", ["w_query", "w_key", "w_value"])
def test_a_matrix_of_the_wrong_height_is_an_error(which):
    """The teaching version has no checks of its own: NumPy's matmul refuses the shapes."""
    matrices = {"w_query": np.eye(3), "w_key": np.eye(3), "w_value": np.eye(3), which: np.ones((2, 3))}
    with pytest.raises(ValueError, match="matmul"):
        project(np.ones((4, 3)), **matrices)


def test_the_sentence_faces_are_project_of_its_matrices():
    from snippets import sentence
    x = np.array([sentence.embedding[w] for w in sentence.SENTENCE])
    q, k, v = project(x, sentence.w_query, sentence.w_key, sentence.w_value)
    np.testing.assert_array_equal(score_matrix(q, k), sentence.sentence_scores())
    np.testing.assert_array_equal(score_matrix(q, q), sentence.sentence_scores(tied=True))
