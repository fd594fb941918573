"""The deletion audit chain in memory (unit tests, fakes); same semantics as DynamoDBAuditLog."""

from __future__ import annotations

import threading
from collections.abc import Iterator

from memstore.domain.audit import AuditHead, AuditRecord
from memstore.domain.errors import Conflict


class InMemoryAuditLog:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._chains: dict[str, dict[int, AuditRecord]] = {}
        self._heads: dict[str, AuditHead] = {}

    def head(self, store: str) -> AuditHead:
        with self._lock:
            return self._heads.get(store, AuditHead()).model_copy()

    def append(self, record: AuditRecord, expected: AuditHead) -> None:
        with self._lock:
            chain = self._chains.setdefault(record.store, {})
            if self._heads.get(record.store, AuditHead()) != expected or record.seq in chain:
                raise Conflict("the audit chain moved; append again", None)
            chain[record.seq] = record.model_copy(deep=True)
            self._heads[record.store] = AuditHead(seq=record.seq, hash=record.hash)

    def records(self, store: str, after_seq: int, limit: int) -> list[AuditRecord]:
        with self._lock:
            chain = self._chains.get(store, {})
            return [chain[s].model_copy(deep=True) for s in sorted(chain) if s > after_seq][:limit]

    def all_records(self, store: str) -> Iterator[AuditRecord]:
        with self._lock:
            chain = dict(self._chains.get(store, {}))
        for seq in sorted(chain):
            yield chain[seq].model_copy(deep=True)

    def stores(self) -> list[str]:
        with self._lock:
            return sorted(self._chains)
