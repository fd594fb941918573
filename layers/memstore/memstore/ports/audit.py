"""Where a store's deletion audit chain is kept. Every implementation passes
tests/contract/test_audit_log_contract.py."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from memstore.domain.audit import AuditHead, AuditRecord


class AuditLog(Protocol):
    def head(self, store: str) -> AuditHead:
        """The chain's newest seq and hash (seq 0 and the genesis hash for an empty chain)."""

    def append(self, record: AuditRecord, expected: AuditHead) -> None:
        """Stores `record` and moves the head to it, in one write, if the head is still
        `expected`; raises Conflict otherwise (another deletion appended first)."""

    def records(self, store: str, after_seq: int, limit: int) -> list[AuditRecord]:
        """Up to `limit` records with seq > after_seq, in seq order, as stored."""

    def all_records(self, store: str) -> Iterator[AuditRecord]:
        """Every stored record of the chain in storage order (what the verifier walks)."""

    def stores(self) -> list[str]:
        """The stores that have a chain (a deleted store's chain outlives it)."""
