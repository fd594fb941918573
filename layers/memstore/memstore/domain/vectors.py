"""Embedding vectors at rest and in ranking.

Stored embeddings are float16 little-endian: half the bytes of float32 (a 1024-d Titan vector is
2 KiB, which matters against DynamoDB's 400 KB item and read costs), and for unit vectors the
rounding error (relative 2**-11 per component) is far below what changes a ranking.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

_STORED = np.dtype("<f2")


def encode(vec: Sequence[float] | np.ndarray) -> bytes:
    """A 1-D vector as float16 little-endian bytes. Components must fit float16 (|x| <= 65504)."""
    arr = np.asarray(vec, dtype=np.float32)
    if arr.ndim != 1:
        raise ValueError(f"expected a 1-D vector, got shape {arr.shape}")
    if not np.all(np.isfinite(arr)) or np.any(np.abs(arr) > np.finfo(np.float16).max):
        raise ValueError("vector components must be finite and fit float16")
    return arr.astype(_STORED).tobytes()


def decode(b: bytes) -> np.ndarray:
    """The float32 vector stored by `encode`."""
    if len(b) % _STORED.itemsize:
        raise ValueError("stored vector length is not a whole number of float16 values")
    return np.frombuffer(b, dtype=_STORED).astype(np.float32)


def cosine_matrix(query: np.ndarray, matrix: np.ndarray) -> np.ndarray:
    """Cosine similarity of `query` (d,) or (q, d) against each row of `matrix` (n, d).

    Returns (n,) for one query, (q, n) for several. A zero vector has similarity 0 to everything.
    Rows are normalised here because float16 storage leaves them only approximately unit length.
    """
    q = np.asarray(query, dtype=np.float32)
    m = np.asarray(matrix, dtype=np.float32)
    single = q.ndim == 1
    q2 = q[None, :] if single else q
    if q2.ndim != 2 or m.ndim != 2 or q2.shape[1] != m.shape[1]:
        raise ValueError(f"shapes do not match: query {q.shape}, matrix {m.shape}")
    q_norm = np.linalg.norm(q2, axis=1, keepdims=True)
    m_norm = np.linalg.norm(m, axis=1, keepdims=True)
    qn = np.divide(q2, q_norm, out=np.zeros_like(q2), where=q_norm > 0)
    mn = np.divide(m, m_norm, out=np.zeros_like(m), where=m_norm > 0)
    sims = np.clip(qn @ mn.T, -1.0, 1.0)
    return sims[0] if single else sims
