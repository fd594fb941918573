"""StoreReader over the in-memory repository (unit tests, fakes)."""

from __future__ import annotations

from memstore.adapters.memory_repository import InMemoryRepository
from memstore.domain.audit import scope_digest
from memstore.domain.models import MemoryItem


class InMemoryStoreReader:
    def __init__(self, repo: InMemoryRepository):
        self._repo = repo

    def _items(self, store: str) -> list[MemoryItem]:
        with self._repo._lock:
            return [i.model_copy(deep=True) for i in self._repo._items.get(store, {}).values()]

    def scope_hashes(self, store: str) -> list[str]:
        return sorted({scope_digest(i.scope) for i in self._items(store)})

    def partition_items(
        self, store: str, scope_hash: str, after: str | None, limit: int, now: float
    ) -> tuple[list[MemoryItem], str | None]:
        chosen = sorted(
            (
                i
                for i in self._items(store)
                if scope_digest(i.scope) == scope_hash and (after is None or i.memory_id > after)
            ),
            key=lambda i: i.memory_id,
        )
        live = [i for i in chosen if not i.is_expired(now)]
        if len(live) <= limit:
            return live, None
        return live[:limit], live[limit - 1].memory_id
