"""The port every `Memory` provider implements."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from memstore.memory.record import MemoryRecord


@runtime_checkable
class MemoryProvider(Protocol):
    name: str

    def set(self, record: MemoryRecord) -> None:
        """Store `record`, replacing any record with the same key in its namespace."""

    def get(self, key: str, namespace: str) -> MemoryRecord | None: ...

    def search(
        self, query: str, namespace: str, limit: int, metadata: Mapping[str, Any] | None
    ) -> list[MemoryRecord]:
        """At most `limit` records of `namespace` whose metadata holds every `metadata` pair, most
        relevant to `query` first, each with its `score`. A blank query lists the namespace, most
        recently written first."""

    def delete(self, key: str, namespace: str) -> bool:
        """True when a record was deleted."""

    def clear(self, namespace: str) -> None: ...

    def close(self) -> None: ...
