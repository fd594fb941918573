"""`vector`: records and their embeddings in process; search ranks by cosine similarity."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from memstore.memory.embedding import embed
from memstore.memory.record import MemoryRecord
from memstore.memory.relevance import matches

if TYPE_CHECKING:
    from memstore.ports.embedder import Embedder


class VectorProvider:
    """`embedder`: any `memstore.ports.embedder.Embedder`; the local MiniLM when omitted."""

    name = "vector"

    def __init__(self, embedder: Embedder | None = None) -> None:
        self._embedder = embedder
        self._namespaces: dict[str, dict[str, tuple[MemoryRecord, np.ndarray]]] = {}
        self._lock = threading.Lock()

    def set(self, record: MemoryRecord) -> None:
        vector = embed(self._embedder, [record.value])[0]
        stored = record.copy()
        with self._lock:
            records = self._namespaces.setdefault(record.namespace, {})
            records.pop(record.key, None)
            records[record.key] = (stored, vector)

    def get(self, key: str, namespace: str) -> MemoryRecord | None:
        with self._lock:
            entry = self._namespaces.get(namespace, {}).get(key)
            return None if entry is None else entry[0].copy()

    def exists(self, key: str, namespace: str) -> bool:
        with self._lock:
            return key in self._namespaces.get(namespace, {})

    def search(
        self, query: str, namespace: str, limit: int, metadata: Mapping[str, Any] | None
    ) -> list[MemoryRecord]:
        with self._lock:
            entries = [
                e for e in self._namespaces.get(namespace, {}).values() if matches(e[0].metadata, metadata)
            ]
        if not entries:
            return []
        if not query.strip():
            return [record.with_score(0.0) for record, _ in reversed(entries)][:limit]
        similarities = np.stack([vector for _, vector in entries]) @ embed(self._embedder, [query])[0]
        order = np.argsort(-similarities, kind="stable")[:limit]
        return [entries[i][0].with_score(float(similarities[i])) for i in order]

    def delete(self, key: str, namespace: str) -> bool:
        with self._lock:
            return self._namespaces.get(namespace, {}).pop(key, None) is not None

    def clear(self, namespace: str) -> None:
        with self._lock:
            self._namespaces.pop(namespace, None)

    def close(self) -> None:
        pass
