"""The deletion audit: every path that deletes or forgets memories records it here (one record
per deletion, hash-chained per store); the API lists records and verifies the chain."""

from __future__ import annotations

from collections.abc import Callable

from memstore.domain.access import Caller
from memstore.domain.audit import AuditAction, AuditRecord, Verification, entry, scope_digest, seal, verify
from memstore.domain.errors import Conflict, DependencyUnavailable, InvalidRequest, NotFound
from memstore.domain.models import MemoryItem, Page
from memstore.ports.audit import AuditLog
from memstore.ports.clock import Clock

APPEND_ATTEMPTS = 20
"""Concurrent deletions in one store race for the chain's head; the loser re-reads and
appends after the winner."""

PAGE_READ_BUDGET = 1000
"""Records one filtered page may read: a page can stop short (has_more, fewer records) when few
of them are the scope's."""


class AuditService:
    def __init__(self, log: AuditLog, clock: Clock, store_exists: Callable[[str], bool]):
        self._log = log
        self._clock = clock
        self._store_exists = store_exists

    def removed(
        self,
        store: str,
        scope: str | None,
        items: list[MemoryItem],
        *,
        action: AuditAction,
        actor: str,
        reason: str,
    ) -> AuditRecord:
        """Records the removal of `items` (ids and content hashes; never their content). The
        lifecycle sweepers call this with action EXPIRED or FLOOR_REMOVED and actor "lifecycle"."""
        return self.record(
            store, entry(action, actor, reason, scope, [(i.memory_id, i.content) for i in items])
        )

    def record(self, store: str, audit_entry) -> AuditRecord:
        for _ in range(APPEND_ATTEMPTS):
            head = self._log.head(store)
            record = seal(store, head, int(self._clock()), audit_entry)
            try:
                self._log.append(record, head)
                return record
            except Conflict:
                continue
        raise DependencyUnavailable("the audit chain is busy; retry later")

    def page(
        self, store: str, scope: str | None, limit: int, after: str | None, caller: Caller
    ) -> Page[AuditRecord]:
        """Records in chain order; with `scope`, only that scope's (a bound caller must give its
        own). `after` is a page's next_after (a sequence number)."""
        if caller.bound and scope is None:
            raise InvalidRequest("scope is required for this caller", "scope")
        wanted = scope_digest(caller.resolve(scope)) if scope is not None else None
        if after is not None and not after.isdigit():
            raise InvalidRequest("after must be the next_after of a previous page", "after")
        self._ensure_chain(store)
        position, read, chosen = int(after or 0), 0, []
        while len(chosen) <= limit and read < PAGE_READ_BUDGET:
            batch = self._log.records(store, position, min(limit + 1, PAGE_READ_BUDGET - read))
            if not batch:
                break
            for record in batch:
                read += 1
                position = record.seq
                if wanted is None or record.scope_hash == wanted:
                    chosen.append(record)
                if len(chosen) > limit:
                    break
        has_more = len(chosen) > limit or (
            read >= PAGE_READ_BUDGET and bool(self._log.records(store, position, 1))
        )
        items = chosen[:limit]
        next_after = str(items[-1].seq if len(chosen) > limit else position)
        return Page[AuditRecord](items=items, has_more=has_more, next_after=next_after)

    def verify(self, store: str, caller: Caller) -> Verification:
        caller.ensure_can_manage_stores()
        self._ensure_chain(store)
        return verify(store, self._log.all_records(store), self._log.head(store))

    def chains(self) -> list[str]:
        return self._log.stores()

    def _ensure_chain(self, store: str) -> None:
        if (
            self._log.head(store).seq == 0
            and not self._store_exists(store)
            and store not in self._log.stores()
        ):
            raise NotFound(f"no audit records for memory store '{store}'", "name")
