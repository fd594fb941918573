"""A tiny deterministic embedder for unit tests: no model, no network, microseconds a text.

It is NEVER a default and never chosen by a deployment's settings: only a store created with the
model name `memstore-hashing` (which tests use) gets it. Its vectors only capture shared words and
character trigrams, so "coffee" is near "coffees" but not near "espresso".
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

import numpy as np

MODEL_NAME = "memstore-hashing"
DEFAULT_DIMENSIONS = 64

_WORD = re.compile(r"\w+")
_EMPTY_FEATURE = "\x00empty"
"""Text with no word characters still needs a unit-length vector; all such texts share this one."""


def _bucket(feature: str, dimensions: int) -> tuple[int, float]:
    """A process-independent hash (Python's hash() is salted per process) to a bucket and a sign."""
    h = int.from_bytes(hashlib.blake2b(feature.encode("utf-8"), digest_size=8).digest(), "little")
    return h % dimensions, (1.0 if (h >> 63) & 1 else -1.0)


class HashingEmbedder:
    """Feature hashing of lowercase word tokens (weight 1) and their character trigrams (weight 0.5)."""

    model = MODEL_NAME

    def __init__(self, dimensions: int = DEFAULT_DIMENSIONS):
        if dimensions < 2:
            raise ValueError("dimensions must be at least 2")
        self.dimensions = dimensions

    def _features(self, text: str) -> list[tuple[str, float]]:
        words = _WORD.findall(text.lower())
        features = [(f"w:{w}", 1.0) for w in words]
        for w in words:
            padded = f"<{w}>"
            features.extend((f"c:{padded[i : i + 3]}", 0.5) for i in range(len(padded) - 2))
        return features or [(_EMPTY_FEATURE, 1.0)]

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if isinstance(texts, str):
            raise TypeError("embed() takes a sequence of texts, not one string")
        out = np.zeros((len(texts), self.dimensions), dtype=np.float32)
        for row, text in enumerate(texts):
            for feature, weight in self._features(text):
                bucket, sign = _bucket(feature, self.dimensions)
                out[row, bucket] += sign * weight
            norm = float(np.linalg.norm(out[row]))
            if norm == 0.0:
                # Features can cancel out exactly; fall back to the shared empty-text vector.
                bucket, sign = _bucket(_EMPTY_FEATURE, self.dimensions)
                out[row, bucket] = sign
            else:
                out[row] /= norm
        return out
