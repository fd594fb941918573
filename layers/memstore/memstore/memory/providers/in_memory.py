"""`memory`: records in a dict of the process, gone when it exits. Lexical (BM25) search."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import Any

from memstore.memory.record import MemoryRecord
from memstore.memory.relevance import lexical_scores, matches


class InMemoryProvider:
    name = "memory"

    def __init__(self) -> None:
        self._namespaces: dict[str, dict[str, MemoryRecord]] = {}
        self._lock = threading.Lock()

    def set(self, record: MemoryRecord) -> None:
        stored = record.copy()
        with self._lock:
            records = self._namespaces.setdefault(record.namespace, {})
            records.pop(record.key, None)
            records[record.key] = stored

    def get(self, key: str, namespace: str) -> MemoryRecord | None:
        with self._lock:
            record = self._namespaces.get(namespace, {}).get(key)
            return None if record is None else record.copy()

    def exists(self, key: str, namespace: str) -> bool:
        with self._lock:
            return key in self._namespaces.get(namespace, {})

    def search(
        self, query: str, namespace: str, limit: int, metadata: Mapping[str, Any] | None
    ) -> list[MemoryRecord]:
        with self._lock:
            candidates = [
                r for r in self._namespaces.get(namespace, {}).values() if matches(r.metadata, metadata)
            ]
            candidates = [r.copy() for r in candidates]
        if not query.strip():
            return [r.with_score(0.0) for r in reversed(candidates)][:limit]
        scores = lexical_scores(query, ((r.key, r.value) for r in candidates))
        ranked = sorted((r for r in candidates if r.key in scores), key=lambda r: -scores[r.key])
        return [r.with_score(scores[r.key]) for r in ranked[:limit]]

    def delete(self, key: str, namespace: str) -> bool:
        with self._lock:
            return self._namespaces.get(namespace, {}).pop(key, None) is not None

    def clear(self, namespace: str) -> None:
        with self._lock:
            self._namespaces.pop(namespace, None)

    def close(self) -> None:
        pass
