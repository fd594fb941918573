"""Consolidation similarity: lexical overlap lifted by embeddings, never mistaking a new value
for a repetition."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from memstore.domain import merge, vectors
from memstore.domain.extraction import Candidate
from memstore.domain.merge import value_words
from memstore.domain.models import Kind, MemoryItem
from memstore.services.similarity import EmbeddingSimilarity


class ConstantEmbedder:
    """Every text embeds to the same vector: the embedding says "identical" for any pair."""

    model = "constant"
    dimensions = 4

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def embed(self, texts):
        self.calls.append(list(texts))
        return np.tile(np.array([1, 0, 0, 0], dtype=np.float32), (len(texts), 1))


def item(content: str, embedding: bytes | None = None, kind=Kind.USER_PROFILE) -> MemoryItem:
    return MemoryItem(
        memory_id=f"mem_{abs(hash(content))}",
        store="s",
        scope="a",
        kind=kind,
        content=content,
        created_at=0,
        updated_at=0,
        embedding=embedding,
        embedding_model="constant",
    )


def test_a_different_value_is_at_most_an_update_never_a_duplicate():
    sim = EmbeddingSimilarity(ConstantEmbedder(), "constant")
    score = sim("The user lives in Tucson.", "The user lives in Phoenix.")
    assert merge.UPDATE_SIMILARITY <= score < merge.DUPLICATE_THRESHOLD
    assert sim("The user likes dark roast.", "The user adores dark roast coffee.") == 1.0


def test_value_words_ignore_sentence_openers():
    assert value_words("Weekends are for Tai Chi in Lisbon since 2019.") == {"tai", "chi", "lisbon", "2019"}
    assert value_words("The user lives here. Nothing else.") == frozenset()


def test_prime_reuses_stored_vectors_and_embeds_the_rest_in_one_batch():
    embedder = ConstantEmbedder()
    stored = vectors.encode(np.array([0, 1, 0, 0], dtype=np.float32))
    sim = EmbeddingSimilarity(embedder, "constant").prime(
        [item("The user has a cat.", stored), item("Talked about cats. And dogs.", kind=Kind.CHAT_SUMMARY)],
        [Candidate(kind=Kind.USER_PROFILE, content="The user has a dog.", topic="pet")],
    )
    assert len(embedder.calls) == 1
    assert set(embedder.calls[0]) == {
        "Talked about cats. And dogs.",
        "Talked about cats.",
        "And dogs.",
        "The user has a dog. (pet)",
    }
    assert sim.vector_bytes("The user has a cat.") == stored
    sim("The user has a cat.", "The user has a dog.")
    assert len(embedder.calls) == 1


@given(st.text(max_size=60), st.text(max_size=60))
def test_never_below_the_lexical_overlap(a, b):
    sim = EmbeddingSimilarity(ConstantEmbedder(), "constant")
    assert 0.0 <= sim(a, b) <= 1.0
    assert sim(a, b) >= merge.lexical_similarity(a, b)
