"""What the lifecycle pass reads and writes beyond the Repository port: every row of a store,
scope by scope (expired ones included, so it can remove them), in pages it can resume from.
Scopes are named by an opaque key (a hash of the scope), never by the scope itself.
Both adapters pass tests/contract/test_lifecycle_store_contract.py."""

from __future__ import annotations

from typing import Protocol

from memstore.domain.models import MemoryItem, Page
from memstore.domain.updates import UpdateRecord


class LifecycleStore(Protocol):
    def scope_keys(self, store: str, after: str | None, limit: int) -> Page[str]:
        """The store's scope keys in order, after `after`."""

    def scope_rows(self, store: str, scope_key: str, after: str | None, limit: int) -> Page[MemoryItem]:
        """Up to `limit` memory items of the scope in id order after the id `after`, expired ones
        included, without embeddings (never write one of these back whole)."""

    def set_importance(self, item: MemoryItem, importance: float, at: int) -> bool:
        """Stores a decayed importance (and `importance_at`) if the item is still at
        `item.version`; False when it changed or is gone. Not a content change: the version and
        the scope's stamp stay (read-time decay gives cached copies the same value)."""

    def open_updates(self, store: str, scope_key: str) -> list[UpdateRecord]:
        """The scope's pending and running updates (as its state row names them), without
        their messages."""

    def drop_expired_rows(self, store: str, scope_key: str, now: float) -> dict[str, int]:
        """Deletes the scope's rows whose time is up but which the table's TTL has not removed
        yet: finished updates' raw messages past their retention, expired search sessions, and
        a search snapshot that holds an expired memory. Returns how many of each ({"messages": n,
        "searches": n}, and "snapshots": rows where the store keeps snapshots)."""
