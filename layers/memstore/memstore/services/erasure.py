"""Complete deletion of a scope or a store: its items (with their revisions), updates (with their
messages), scope state, search sessions, pointers, the Idempotency-Key answers that hold its data,
and — through hooks — the vector index and its caches. Rows go in bounded batches; a deletion
that does not finish within one request's budget carries on as a job whose status the client
polls (each poll continues it for another budget, as does the lifecycle pass). The count is the
number of memory items the deletion removed, summed batch by batch. Each finished deletion
leaves one audit record."""

from __future__ import annotations

import time
from collections.abc import Callable

from memstore.domain.access import Caller
from memstore.domain.audit import MAX_IDS_PER_RECORD, AuditAction, AuditEntry, scope_digest
from memstore.domain.errors import NotFound
from memstore.domain.ids import new_id
from memstore.ports.clock import Clock
from memstore.ports.erasure import BulkErasure, ErasureJob, IdempotencyRecords
from memstore.ports.repository import Repository
from memstore.services.audit import AuditService

BATCH_ROWS = 500
DEFAULT_BUDGET_SECONDS = 20.0
"""API Gateway gives a request 30 s; what is left after this budget is for the answer."""

ScopeDeletedHook = Callable[[str, str], None]
StoreDeletedHook = Callable[[str], None]


def actor_of(caller: Caller) -> str:
    """Who asked, without naming them: an end user (JWT) or a backend (IAM, local)."""
    return "api:end_user" if caller.bound else "api:backend"


class ErasureService:
    def __init__(
        self,
        repo: Repository,
        clock: Clock,
        audit: AuditService,
        bulk: BulkErasure | None,
        idempotency: IdempotencyRecords | None = None,
        *,
        on_scope_deleted: tuple[ScopeDeletedHook, ...] = (),
        on_store_deleted: tuple[StoreDeletedHook, ...] = (),
        budget_seconds: float = DEFAULT_BUDGET_SECONDS,
        timer: Callable[[], float] = time.monotonic,
    ):
        self._repo = repo
        self._clock = clock
        self._audit = audit
        self._bulk = bulk
        self._idempotency = idempotency
        self._on_scope_deleted = on_scope_deleted
        self._on_store_deleted = on_store_deleted
        self._budget = budget_seconds
        self._timer = timer
        self._scopes: dict[str, str] = {}
        """Raw scopes of the jobs this container started (the index hooks need them; jobs keep
        only a hash)."""

    # ---------------------------------------------------------------- requests
    def delete_scope(self, store: str, raw_scope: str, caller: Caller) -> tuple[str, ErasureJob]:
        self._ensure_store(store)
        scope = caller.resolve(raw_scope)
        hashed = scope_digest(scope)
        job = self._pending(store, hashed) or self._new_job(store, hashed, actor_of(caller))
        self._scopes[job.deletion_id] = scope
        return scope, self._run(job)

    def delete_store(self, store: str, caller: Caller) -> ErasureJob:
        caller.ensure_can_manage_stores()
        self._ensure_store(store)
        job = self._pending(store, None) or self._new_job(store, None, actor_of(caller))
        return self._run(job)

    def status(self, store: str, deletion_id: str, caller: Caller) -> ErasureJob:
        """A deletion's status; one still in progress is continued for a budget first."""
        job = self._bulk.get_job(store, deletion_id) if self._bulk else None
        if job is None or (caller.bound and job.scope_hash != scope_digest(caller.user_id or "")):
            raise NotFound(f"deletion '{deletion_id}' not found", "deletion_id")
        if job.scope_hash is None:
            caller.ensure_can_manage_stores()
        return self._run(job) if job.status == "in_progress" else job

    def resume_pending(self) -> int:
        """Continues every unfinished deletion for one budget each (the lifecycle pass calls
        this). Returns how many finished."""
        if self._bulk is None:
            return 0
        return sum(self._run(job).status == "completed" for job in self._bulk.pending_jobs())

    def track_idempotency(self, store: str, scope: str | None, record_id: str, expires_at: int) -> None:
        """Called before an Idempotency-Key request runs: its kept answer is deleted with the
        scope (or the store) it belongs to."""
        if self._bulk is not None and self._idempotency is not None:
            hashed = scope_digest(scope) if scope is not None else None
            self._bulk.track_idempotency(store, hashed, record_id, expires_at)

    # ---------------------------------------------------------------- the work
    def _run(self, job: ErasureJob) -> ErasureJob:
        if self._bulk is None:
            return self._all_at_once(job)
        deadline = self._timer() + self._budget
        removed: list[str] = []
        self._forget_answers(job)
        hashes = [job.scope_hash] if job.scope_hash is not None else self._bulk.scope_hashes(job.store)
        for hashed in hashes:
            while True:
                batch = self._bulk.delete_batch(job.store, hashed, BATCH_ROWS)
                job.deleted_count += batch.items
                removed.extend(batch.memory_ids)
                if batch.done:
                    break
                self._save(job, removed)
                if self._timer() >= deadline:
                    return job
        if job.scope_hash is None:
            self._bulk.delete_store_rows(job.store)
        return self._finish(job, removed)

    def _all_at_once(self, job: ErasureJob) -> ErasureJob:
        """Repositories without bulk deletion (the in-memory one) delete in one call."""
        if job.scope_hash is None:
            self._repo.delete_store(job.store)
        else:
            job.deleted_count = self._repo.delete_scope(job.store, self._scopes[job.deletion_id])
        return self._finish(job, [], saved=False)

    def _forget_answers(self, job: ErasureJob) -> None:
        if self._idempotency is None:
            return
        records = self._bulk.idempotency_records(job.store, job.scope_hash)
        if records:
            self._idempotency.delete(records)
            self._bulk.untrack_idempotency(job.store, job.scope_hash, records)

    def _save(self, job: ErasureJob, removed: list[str]) -> ErasureJob:
        """The count so far, after every batch that leaves more: a deletion cut short (a timeout,
        a crash) is continued by the same request sent again, with its count."""
        job.updated_at = int(self._clock())
        self._bulk.save_job(job)
        return job

    def _finish(self, job: ErasureJob, removed: list[str], saved: bool = True) -> ErasureJob:
        job.status = "completed"
        job.updated_at = int(self._clock())
        whole = job.scope_hash is None
        listed = job.deleted_count == len(removed) and len(removed) <= MAX_IDS_PER_RECORD
        self._audit.record(
            job.store,
            AuditEntry(
                action=AuditAction.STORE_DELETED if whole else AuditAction.SCOPE_DELETED,
                actor=job.actor,
                reason=f"{'store' if whole else 'scope'} deletion {job.deletion_id}",
                scope_hash=job.scope_hash,
                memory_ids=removed if listed else [],
                count=job.deleted_count,
            ),
        )
        if saved and self._bulk is not None:
            self._bulk.save_job(job)
        if whole:
            for hook in self._on_store_deleted:
                hook(job.store)
        elif job.deletion_id in self._scopes:
            for hook in self._on_scope_deleted:
                hook(job.store, self._scopes.pop(job.deletion_id))
        return job

    def _new_job(self, store: str, scope_hash: str | None, actor: str) -> ErasureJob:
        now = int(self._clock())
        return ErasureJob(
            deletion_id=new_id("del", now),
            store=store,
            scope_hash=scope_hash,
            actor=actor,
            created_at=now,
            updated_at=now,
        )

    def _pending(self, store: str, scope_hash: str | None) -> ErasureJob | None:
        """An unfinished deletion of the same scope (or store) is continued, not started again,
        so its count stays whole."""
        return self._bulk.pending_job(store, scope_hash) if self._bulk else None

    def _ensure_store(self, store: str) -> None:
        if self._repo.get_store(store) is None:
            raise NotFound(f"memory store '{store}' not found", "name")
