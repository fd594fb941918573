"""Reading a store's memories in bulk, partition by partition, for export. Every implementation
passes tests/contract/test_transfer_contract.py."""

from __future__ import annotations

from typing import Protocol

from memstore.domain.models import MemoryItem


class StoreReader(Protocol):
    def scope_hashes(self, store: str) -> list[str]:
        """The hashes of every scope that holds data, in a stable (sorted) order."""

    def partition_items(
        self, store: str, scope_hash: str, after: str | None, limit: int, now: float
    ) -> tuple[list[MemoryItem], str | None]:
        """Up to `limit` live items of one scope with id > `after`, in id order, whole (content,
        revisions, embedding); and the id to continue after, None when the partition is done."""
