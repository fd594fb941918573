"""Stored-vector encoding and cosine ranking: round-trip error bounds and similarity invariants."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from memstore.domain.vectors import cosine_matrix, decode, encode

HALF_ULP = 2.0**-11
"""float16 keeps 10 mantissa bits: rounding moves a normal value by at most this fraction of it."""
SMALLEST_SUBNORMAL_HALF = 2.0**-25

dims = st.integers(min_value=1, max_value=1024)
components = st.floats(min_value=-1.0, max_value=1.0, allow_nan=False, width=32)


def unit_vectors(min_dim: int = 1, max_dim: int = 1024):
    return (
        st.integers(min_value=min_dim, max_value=max_dim)
        .flatmap(lambda d: arrays(np.float32, d, elements=components))
        .filter(lambda v: float(np.linalg.norm(v)) > 1e-3)
        .map(lambda v: (v / np.linalg.norm(v)).astype(np.float32))
    )


@given(arrays(np.float32, dims, elements=st.floats(-60000, 60000, allow_nan=False, width=32)))
def test_roundtrip_error_is_within_float16_rounding(vec):
    out = decode(encode(vec))
    assert out.dtype == np.float32 and out.shape == vec.shape
    bound = np.maximum(np.abs(vec) * HALF_ULP, SMALLEST_SUBNORMAL_HALF)
    assert np.all(np.abs(out - vec) <= bound)


@given(unit_vectors())
def test_roundtrip_keeps_direction(vec):
    out = decode(encode(vec))
    assert float(cosine_matrix(vec, out[None, :])[0]) >= 0.9999
    assert abs(float(np.linalg.norm(out)) - 1.0) <= 1e-3


@given(unit_vectors())
def test_encoding_is_two_bytes_per_component_little_endian(vec):
    b = encode(vec)
    assert len(b) == 2 * vec.shape[0]
    np.testing.assert_array_equal(np.frombuffer(b, dtype="<f2"), vec.astype(np.float16))


@given(st.lists(components, min_size=1, max_size=64))
def test_encode_accepts_plain_lists(values):
    assert encode(values) == encode(np.array(values, dtype=np.float32))


@settings(max_examples=50)
@given(
    st.tuples(st.integers(1, 64), st.integers(0, 20)).flatmap(
        lambda shape: st.tuples(
            arrays(np.float32, shape[0], elements=components),
            arrays(np.float32, (shape[1], shape[0]), elements=components),
        )
    )
)
def test_cosine_matrix_matches_definition(pair):
    query, matrix = pair
    got = cosine_matrix(query, matrix)
    assert got.shape == (matrix.shape[0],)
    for i, row in enumerate(matrix):
        qn, rn = float(np.linalg.norm(query)), float(np.linalg.norm(row))
        expected = 0.0 if qn == 0 or rn == 0 else float(np.dot(query, row)) / (qn * rn)
        assert got[i] == pytest.approx(expected, abs=1e-5)
        assert -1.0 <= got[i] <= 1.0


@given(unit_vectors(2, 32), st.floats(min_value=0.01, max_value=100.0))
def test_cosine_ignores_scale(vec, scale):
    matrix = np.vstack([vec, -vec])
    np.testing.assert_allclose(cosine_matrix(vec * scale, matrix), [1.0, -1.0], atol=1e-5)


def test_cosine_matrix_for_many_queries_and_empty_matrix():
    queries = np.eye(3, dtype=np.float32)
    matrix = np.array([[1, 0, 0], [0, 2, 0], [1, 1, 0]], dtype=np.float32)
    sims = cosine_matrix(queries, matrix)
    assert sims.shape == (3, 3)
    np.testing.assert_allclose(sims[0], [1.0, 0.0, np.sqrt(0.5)], atol=1e-6)
    np.testing.assert_allclose(sims[2], [0.0, 0.0, 0.0], atol=1e-6)
    assert cosine_matrix(queries[0], np.zeros((0, 3), dtype=np.float32)).shape == (0,)


def test_bad_input_is_refused():
    with pytest.raises(ValueError):
        encode(np.zeros((2, 2)))
    with pytest.raises(ValueError):
        encode([float("nan")])
    with pytest.raises(ValueError):
        encode([1e6])
    with pytest.raises(ValueError):
        decode(b"\x00\x01\x02")
    with pytest.raises(ValueError):
        cosine_matrix(np.ones(3), np.ones((2, 4)))
