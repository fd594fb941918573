"""Similarity for consolidation: lexical overlap, lifted by embedding cosine.

The merge policy's thresholds are calibrated on the Dice overlap of content words. Embeddings
add what words miss (a paraphrase that shares few words), mapped onto the same scale. One
danger: two statements of the same kind with different values ("lives in Tucson" / "lives in
Phoenix") embed close together; taking them for duplicates would keep the old value. So when
the two texts name different values (proper nouns, numbers), the embedding alone can make them
"about the same thing" (an update) but never "the same statement" (a duplicate)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import numpy as np

from memstore.domain import merge, vectors
from memstore.domain.extraction import Candidate
from memstore.domain.models import Kind, MemoryItem
from memstore.domain.topics import search_text
from memstore.ports.embedder import Embedder

COSINE_FLOOR, COSINE_CEIL = 0.35, 0.9
"""all-MiniLM-L6-v2: unrelated facts about one user sit at 0.2-0.4 (they share "the user"),
the same slot with another value at 0.6-0.7, restatements above 0.9."""

Similarity = Callable[[str, str], float]


class EmbeddingSimilarity:
    def __init__(self, embedder: Embedder, model: str):
        self._embedder = embedder
        self._model = model
        self._vectors: dict[str, np.ndarray] = {}

    def prime(self, existing: Iterable[MemoryItem], candidates: Iterable[Candidate]) -> EmbeddingSimilarity:
        """Takes the stored vectors of `existing` and embeds the candidates and the sentences of
        chat summaries (consolidation compares those one by one) in one batch. Memories and
        candidates are embedded as search indexes them (domain/topics.search_text), so the
        vector of a new memory is the one search needs and is stored with it."""
        extra: list[str] = []
        for item in existing:
            if item.embedding is not None and item.embedding_model == self._model:
                self._vectors[item.content] = vectors.decode(item.embedding)
            else:
                self._vectors.setdefault(item.content, None)
            if item.kind == Kind.CHAT_SUMMARY:
                extra.extend(merge.sentences(item.content))
        indexed = {i.content: search_text(i.content, i.topic, i.kind) for i in existing}
        indexed.update({c.content: search_text(c.content, c.topic, c.kind) for c in candidates})
        wanted = [
            t for t in dict.fromkeys([*self._vectors, *indexed, *extra]) if self._vectors.get(t) is None
        ]
        if wanted:
            embedded = self._embedder.embed([indexed.get(t, t) for t in wanted])
            for text, vec in zip(wanted, embedded, strict=True):
                self._vectors[text] = np.asarray(vec, dtype=np.float32)
        return self

    def vector_bytes(self, text: str) -> bytes | None:
        vec = self._vectors.get(text)
        return None if vec is None else vectors.encode(vec)

    @property
    def model(self) -> str:
        return self._model

    def __call__(self, a: str, b: str) -> float:
        lexical = merge.lexical_similarity(a, b)
        va, vb = self._vector(a), self._vector(b)
        norm = float(np.linalg.norm(va) * np.linalg.norm(vb))
        cosine = float(va @ vb) / norm if norm else 0.0
        lifted = min(1.0, max(0.0, (cosine - COSINE_FLOOR) / (COSINE_CEIL - COSINE_FLOOR)))
        if merge.value_words(a) != merge.value_words(b):
            lifted = min(lifted, merge.DUPLICATE_THRESHOLD - 0.01)
        return max(lexical, lifted)

    def _vector(self, text: str) -> np.ndarray:
        vec = self._vectors.get(text)
        if vec is None:
            vec = np.asarray(self._embedder.embed([text])[0], dtype=np.float32)
            self._vectors[text] = vec
        return vec
