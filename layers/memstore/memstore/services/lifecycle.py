"""One lifecycle pass over every store (docs/lifecycle.md): per memory, remove it when expired,
when faded below the floor (only if the store says so), promote a confirmed chat_summary to a
user_profile memory, or store its decayed importance; per scope, re-schedule or fail stuck
updates and drop raw messages and search sessions whose time is up.

The pass is idempotent (decay is memoryless, promotion ids are derived, deletions of what is
gone are no-ops), paginated (pages of PAGE_SIZE memories) and time-boxed: when `time_left()`
runs out it returns a cursor, and the next call with that cursor continues where it stopped."""

from __future__ import annotations

import base64
import binascii
import contextlib
import json
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from memstore.domain import lifecycle
from memstore.domain.errors import Conflict, InvalidRequest
from memstore.domain.ids import derived_id
from memstore.domain.models import Kind, MemoryItem, Source, Store
from memstore.domain.updates import UpdateRecord, UpdateStatus
from memstore.ports.clock import Clock
from memstore.ports.lifecycle import LifecycleStore
from memstore.ports.repository import Repository
from memstore.ports.scheduler import ConsolidationJob, Scheduler
from memstore.services.items import expiry
from memstore.services.updates import CLAIM_LEASE_SECONDS, job_for

PAGE_SIZE = 100
STORE_PAGE = 100
STUCK_AFTER_SECONDS = 3600
"""A queued update this long past its due time has lost its execution: it is scheduled again."""
GIVE_UP_AFTER_SECONDS = 86400
"""A queued update this long past its due time is failed (messages kept for a retry)."""
PROMOTED_IMPORTANCE = 0.6
"""A promoted memory starts at least this important: it was confirmed several times."""

ItemRemovedHook = Callable[[MemoryItem, str], None]
"""Called with each memory the pass deletes and why ("expired", "below_floor", "promoted")."""
FailUpdate = Callable[[ConsolidationJob, dict[str, Any]], Any]

COUNTERS = (
    "stores", "scopes", "items", "decayed", "faded", "promoted", "expired_deleted", "floor_deleted",
    "updates_rescheduled", "updates_failed", "messages_dropped", "searches_dropped",
)  # fmt: skip


@dataclass(frozen=True)
class Position:
    """Where a pass resumes: in store `store`, at scope `scope` (after memory `after`), or past
    that scope when `scope_done`."""

    store: str | None = None
    scope: str | None = None
    after: str | None = None
    scope_done: bool = False

    def encode(self) -> str:
        raw = json.dumps([self.store, self.scope, self.after, self.scope_done], separators=(",", ":"))
        return "lc_" + base64.urlsafe_b64encode(raw.encode("utf-8")).decode("ascii").rstrip("=")

    @classmethod
    def decode(cls, cursor: str | None) -> Position:
        if not cursor:
            return cls()
        body = cursor.removeprefix("lc_")
        try:
            store, scope, after, done = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
        except (binascii.Error, ValueError, TypeError):
            raise InvalidRequest("cursor is not a lifecycle pass cursor", "cursor") from None
        if not cursor.startswith("lc_") or not all(
            v is None or isinstance(v, str) for v in (store, scope, after)
        ):
            raise InvalidRequest("cursor is not a lifecycle pass cursor", "cursor")
        return cls(store, scope, after, bool(done))


@dataclass
class PassResult:
    counts: Counter = field(default_factory=Counter)
    cursor: str | None = None
    """Set when the pass stopped for time: pass it to the next run."""

    def public(self) -> dict[str, Any]:
        return {
            "counts": {name: self.counts.get(name, 0) for name in COUNTERS},
            "cursor": self.cursor,
            "complete": self.cursor is None,
        }


class _OutOfTime(Exception):
    def __init__(self, position: Position):
        self.position = position


class LifecycleService:
    def __init__(
        self,
        repo: Repository,
        rows: LifecycleStore,
        clock: Clock,
        scheduler: Callable[[], Scheduler],
        fail_update: FailUpdate,
        *,
        on_item_removed: tuple[ItemRemovedHook, ...] = (),
        page_size: int = PAGE_SIZE,
    ):
        self._repo = repo
        self._rows = rows
        self._clock = clock
        self._scheduler = scheduler
        self._fail_update = fail_update
        self._on_item_removed = on_item_removed
        self._page = page_size

    def run(self, cursor: str | None = None, time_left: Callable[[], float] | None = None) -> PassResult:
        """One pass from `cursor` (the start when None) to the end, or until `time_left()` is
        at most 0, checked between pages and scopes."""
        start = Position.decode(cursor)
        result = PassResult()

        def check(position: Position) -> None:
            if time_left is not None and time_left() <= 0:
                raise _OutOfTime(position)

        try:
            for store in self._stores(start.store):
                resume = start if store.name == start.store else Position()
                self._store(store, resume, result.counts, check)
                result.counts["stores"] += 1
        except _OutOfTime as stop:
            result.cursor = stop.position.encode()
        return result

    def run_all(self, time_left: Callable[[], float] | None = None) -> PassResult:
        """Runs slices until the pass is complete (local use: `memstore lifecycle run`)."""
        total = PassResult()
        cursor = None
        while True:
            part = self.run(cursor, time_left)
            total.counts.update(part.counts)
            cursor = part.cursor
            if cursor is None:
                return total

    # ---------------------------------------------------------------- walking
    def _stores(self, first: str | None) -> Iterator[Store]:
        after = None
        while True:
            page = self._repo.list_stores(STORE_PAGE, after)
            for store in page.items:
                if first is None or store.name >= first:
                    yield store
            if not page.has_more or not page.items:
                return
            after = page.items[-1].name

    def _scope_keys(self, store: str, resume: Position) -> Iterator[str]:
        after = resume.scope
        if resume.scope is not None and not resume.scope_done:
            yield resume.scope
        while True:
            page = self._rows.scope_keys(store, after, self._page)
            yield from page.items
            if not page.has_more or not page.items:
                return
            after = page.items[-1]

    def _store(
        self, store: Store, resume: Position, counts: Counter, check: Callable[[Position], None]
    ) -> None:
        for key in self._scope_keys(store.name, resume):
            after = resume.after if key == resume.scope and not resume.scope_done else None
            while True:
                page = self._rows.scope_rows(store.name, key, after, self._page)
                for item in page.items:
                    self._item(store, item, counts)
                counts["items"] += len(page.items)
                if not page.has_more:
                    break
                after = page.next_after
                check(Position(store.name, key, after))
            self._sweep_updates(store, key, counts)
            dropped = self._rows.drop_expired_rows(store.name, key, self._clock())
            counts["messages_dropped"] += dropped.get("messages", 0)
            counts["searches_dropped"] += dropped.get("searches", 0)
            counts["scopes"] += 1
            check(Position(store.name, key, None, scope_done=True))

    # ---------------------------------------------------------------- one memory
    def _item(self, store: Store, item: MemoryItem, counts: Counter) -> None:
        now = int(self._clock())
        options = store.definition.options.lifecycle
        if item.is_expired(now):
            if self._remove(item, "expired"):
                counts["expired_deleted"] += 1
            return
        value = lifecycle.current_importance(item, now, options)
        if lifecycle.faded(value, options):
            if options.delete_below_floor:
                if self._remove(item, "below_floor"):
                    counts["floor_deleted"] += 1
                return
            counts["faded"] += 1
        if lifecycle.promotable(item, options) and store.definition.options.user_profile_enabled:
            self._promote(store, item, value, now)
            counts["promoted"] += 1
            return
        if lifecycle.needs_write(item.importance, value) and self._rows.set_importance(item, value, now):
            counts["decayed"] += 1

    def _remove(self, item: MemoryItem, reason: str) -> bool:
        """Deletes the item if it is still the version the pass judged (a write since then, such
        as a reinforcement or a new expiry, saves it)."""
        current = self._repo.get_item(item.store, item.memory_id, 0)
        if current is None or current.version != item.version:
            return False
        deleted = self._repo.delete_item(item.store, item.memory_id)
        if deleted is None:
            return False
        for hook in self._on_item_removed:
            hook(deleted, reason)
        return True

    def _promote(self, store: Store, summary: MemoryItem, importance: float, now: int) -> None:
        """The summary becomes a user_profile memory (an id derived from the summary's, so a
        repeated pass finds it written) and the summary is removed."""
        promoted = MemoryItem(
            memory_id=derived_id("mem", f"promote#{summary.memory_id}", summary.created_at),
            store=store.name,
            scope=summary.scope,
            kind=Kind.USER_PROFILE,
            content=summary.content,
            created_at=now,
            updated_at=now,
            expires_at=summary.expires_at if summary.expiry_pinned else expiry(store, now),
            expiry_pinned=summary.expiry_pinned,
            importance=max(importance, PROMOTED_IMPORTANCE),
            importance_at=now,
            source=Source(
                update_ids=summary.source.update_ids,
                message_ids=summary.source.message_ids,
                promoted_from=summary.memory_id,
            ),
            topic=summary.topic,
            metadata=summary.metadata,
        )
        with contextlib.suppress(Conflict):  # an earlier pass wrote it before it was cut short
            self._repo.put_item(promoted)
        self._remove(summary, "promoted")

    # ---------------------------------------------------------------- one scope's updates
    def _sweep_updates(self, store: Store, key: str, counts: Counter) -> None:
        now = int(self._clock())
        for update in self._rows.open_updates(store.name, key):
            action = stuck_action(update, now)
            if action == "reschedule":
                job = job_for(update).model_copy(update={"run": now})
                self._scheduler().schedule(job)
                counts["updates_rescheduled"] += 1
            elif action == "fail":
                job = ConsolidationJob(
                    store=update.store,
                    scope=update.scope,
                    update_id=update.update_id,
                    due_at=0,
                    wait_until="",
                )
                error = "Abandoned" if update.status == UpdateStatus.IN_PROGRESS else "NeverRan"
                self._fail_update(job, {"Error": error})
                counts["updates_failed"] += 1


def stuck_action(update: UpdateRecord, now: int) -> str | None:
    """ "reschedule" for a queued update whose execution was lost, "fail" for one that never
    ran in a day or a run that outlived its lease (its messages are kept for a retry)."""
    if update.status == UpdateStatus.QUEUED:
        late = now - update.due_at
        if late >= GIVE_UP_AFTER_SECONDS:
            return "fail"
        if late >= STUCK_AFTER_SECONDS:
            return "reschedule"
    if update.status == UpdateStatus.IN_PROGRESS and now - update.updated_at >= CLAIM_LEASE_SECONDS:
        return "fail"
    return None
