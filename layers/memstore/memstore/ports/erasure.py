"""Bulk deletion, in batches a request's time budget can hold, and the records a deletion must
reach outside the memory table (idempotency answers). Every implementation passes
tests/contract/test_erasure_contract.py."""

from __future__ import annotations

from typing import Protocol

from pydantic import BaseModel, Field


class Batch(BaseModel):
    items: int
    """Memory items among the rows this batch deleted."""
    memory_ids: list[str] = Field(default_factory=list)
    done: bool
    """True when the partition held nothing more."""


class ErasureJob(BaseModel):
    """A deletion that outlived its request: continued by polling its status and by the
    lifecycle pass until done."""

    deletion_id: str
    store: str
    scope_hash: str | None
    """None for a whole store."""
    status: str = "in_progress"
    deleted_count: int = 0
    actor: str
    created_at: int
    updated_at: int


class BulkErasure(Protocol):
    def scope_hashes(self, store: str) -> list[str]:
        """The hashes of every scope the store has held data in."""

    def delete_batch(self, store: str, scope_hash: str, max_rows: int) -> Batch:
        """Deletes up to `max_rows` rows of the scope's partition (items with their revisions,
        updates with their messages, scope state, search sessions) and the store-level pointers
        of the items and updates among them. When the partition is empty, its registry row too
        (`done`)."""

    def delete_store_rows(self, store: str) -> None:
        """The store's own rows, its record last (after every scope is gone)."""

    def track_idempotency(self, store: str, scope_hash: str | None, record_id: str, expires_at: int) -> None:
        """Notes that an idempotency record holds an answer about the store (and scope)."""

    def idempotency_records(self, store: str, scope_hash: str | None) -> list[str]:
        """The tracked idempotency record ids of the scope (None: of the whole store)."""

    def untrack_idempotency(self, store: str, scope_hash: str | None, record_ids: list[str]) -> None: ...

    def save_job(self, job: ErasureJob) -> None: ...

    def get_job(self, store: str, deletion_id: str) -> ErasureJob | None: ...

    def pending_job(self, store: str, scope_hash: str | None) -> ErasureJob | None:
        """The unfinished deletion of the scope (None: of the whole store), if any."""

    def pending_jobs(self) -> list[ErasureJob]: ...


class IdempotencyRecords(Protocol):
    def delete(self, record_ids: list[str]) -> None:
        """Deletes the first answers kept for these Idempotency-Key records."""
