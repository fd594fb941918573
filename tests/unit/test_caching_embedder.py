"""The language embedder's cache: same vectors as the inner embedder, fewer calls, bounded."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from memstore.adapters.caching_embedder import CachingEmbedder
from memstore.adapters.hashing_embedder import HashingEmbedder


class Counting(HashingEmbedder):
    def __init__(self) -> None:
        super().__init__()
        self.texts = 0

    def embed(self, texts):
        self.texts += len(texts)
        return super().embed(texts)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.text(max_size=30), max_size=12), st.lists(st.text(max_size=30), max_size=12))
def test_vectors_equal_the_inner_embedders(first, second):
    inner = HashingEmbedder()
    cached = CachingEmbedder(HashingEmbedder(), size=5)
    for batch in (first, second, first):
        assert (
            np.allclose(cached.embed(batch), inner.embed(batch))
            if batch
            else cached.embed(batch).shape[0] == 0
        )


def test_repeated_texts_are_embedded_once_and_the_cache_is_bounded():
    inner = Counting()
    cached = CachingEmbedder(inner, size=2)
    cached.embed(["a", "b", "a"])
    cached.embed(["a", "b"])
    assert inner.texts == 2
    cached.embed(["c"])
    cached.embed(["a"])
    assert inner.texts == 4
    assert len(cached._vectors) == 2
