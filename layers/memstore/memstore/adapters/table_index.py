"""The zero-fixed-cost vector backend (VECTOR_BACKEND=dynamodb): the table is the index.

A scope's memories are read once and kept in the warm container with their embeddings as one
normalised matrix and a BM25 index; every query checks the scope's stamp (one strongly
consistent read) and reloads when any write, in any container, has changed the scope. Items
without an embedding for the store's model are embedded here and the vector is written back."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from memstore.domain import vectors
from memstore.domain.models import MemoryItem
from memstore.domain.ranking import Bm25Index
from memstore.domain.topics import search_text
from memstore.ports.embedder import Embedder
from memstore.ports.repository import Repository
from memstore.ports.vector_index import Hit

EmbedderFor = Callable[[str], Embedder]

CANDIDATES_PER_RANKER = 50
"""Each ranker proposes at most this many (or 4k) memories to the fusion."""
MAX_CACHE_AGE = 600.0
"""A cached scope is rebuilt after this long even if its stamp has not changed, which bounds how
long a container that never sees the scope again keeps deleted content in memory."""


@dataclass
class _ScopeIndex:
    stamp: str | None
    built_at: float
    model: str
    items: list[MemoryItem]
    matrix: np.ndarray
    bm25: Bm25Index
    expires: np.ndarray


class TableVectorIndex:
    def __init__(self, repo: Repository, embedder_for: EmbedderFor, max_cached_memories: int = 200_000):
        self._repo = repo
        self._embedder_for = embedder_for
        self._max = max_cached_memories
        self._cache: OrderedDict[tuple[str, str], _ScopeIndex] = OrderedDict()
        self._lock = threading.Lock()

    # Writes go to the table; the stamp check is what keeps every container's cache honest.
    # These drop this container's copy at once so deleted content leaves memory immediately.
    def upsert(self, item: MemoryItem, vector: np.ndarray | None) -> None:
        self._drop(item.store, item.scope)

    def delete(self, store: str, scope: str, memory_id: str) -> None:
        self._drop(store, scope)

    def delete_scope(self, store: str, scope: str) -> None:
        self._drop(store, scope)

    def delete_store(self, store: str) -> None:
        with self._lock:
            for key in [k for k in self._cache if k[0] == store]:
                del self._cache[key]

    def live_items(self, store: str, scope: str, now: float, model: str = "") -> list[MemoryItem]:
        return [i for i in self._index(store, scope, model, now).items if not i.is_expired(now)]

    def query(
        self, store: str, scope: str, text: str, vector: np.ndarray, k: int, now: float, model: str = ""
    ) -> list[Hit]:
        index = self._index(store, scope, model, now)
        if not index.items:
            return []
        live = (index.expires == 0) | (index.expires > now)
        per_ranker = max(CANDIDATES_PER_RANKER, 4 * k)
        hits: dict[int, Hit] = {}
        if index.matrix.shape[0]:
            cosine = index.matrix @ np.asarray(vector, dtype=np.float32)
            cosine = np.where(live, cosine, -2.0)
            top = np.argsort(-cosine)[:per_ranker] if len(cosine) > per_ranker else np.argsort(-cosine)
            for i in top:
                if cosine[i] > -2.0:
                    hits[int(i)] = Hit(
                        memory_id=index.items[i].memory_id, vector_score=float(cosine[i]), item=index.items[i]
                    )
        lexical = sorted(index.bm25.scores(text).items(), key=lambda kv: -kv[1])
        for i, score in [(i, s) for i, s in lexical if live[i]][:per_ranker]:
            hit = hits.get(i) or Hit(memory_id=index.items[i].memory_id, item=index.items[i])
            hit.text_score = score
            hits[i] = hit
        return list(hits.values())

    def _drop(self, store: str, scope: str) -> None:
        with self._lock:
            self._cache.pop((store, scope), None)

    def _index(self, store: str, scope: str, model: str, now: float) -> _ScopeIndex:
        stamp = self._repo.scope_stamp(store, scope)
        key = (store, scope)
        with self._lock:
            cached = self._cache.get(key)
            fresh = cached is not None and time.monotonic() - cached.built_at < MAX_CACHE_AGE
            if fresh and cached.stamp == stamp and cached.model == model and stamp is not None:
                self._cache.move_to_end(key)
                return cached
        built = self._build(store, scope, model, stamp, now)
        with self._lock:
            self._cache[key] = built
            self._cache.move_to_end(key)
            total = sum(len(v.items) for v in self._cache.values())
            while total > self._max and len(self._cache) > 1:
                _, evicted = self._cache.popitem(last=False)
                total -= len(evicted.items)
        return built

    def _build(self, store: str, scope: str, model: str, stamp: str | None, now: float) -> _ScopeIndex:
        items = self._repo.scope_items(store, scope, now)
        embedder = self._embedder_for(model)
        missing = [i for i in items if i.embedding is None or i.embedding_model != model]
        if missing:
            fresh = embedder.embed([search_text(i.content, i.topic, i.kind) for i in missing])
            for item, vec in zip(missing, fresh, strict=True):
                item.embedding = vectors.encode(vec)
                item.embedding_model = model
                self._repo.set_embedding(store, scope, item.memory_id, item.embedding, model, item.version)
        if items:
            matrix = np.stack([vectors.decode(i.embedding) for i in items]).astype(np.float32)
            norms = np.linalg.norm(matrix, axis=1, keepdims=True)
            matrix = np.divide(matrix, norms, out=np.zeros_like(matrix), where=norms > 0)
        else:
            matrix = np.zeros((0, embedder.dimensions), dtype=np.float32)
        expires = np.array([i.expires_at or 0 for i in items], dtype=np.int64)
        return _ScopeIndex(
            stamp,
            time.monotonic(),
            model,
            items,
            matrix,
            Bm25Index.build([search_text(i.content, i.topic, i.kind) for i in items]),
            expires,
        )
