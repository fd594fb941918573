"""The persistence port. Every implementation passes tests/contract/test_repository_contract.py."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from memstore.domain.models import Kind, MemoryItem, Page, SearchSession, Store
from memstore.domain.updates import ClaimOutcome, ScopeState, UpdateRecord

LIST_READ_SLACK = 100


def list_read_budget(limit: int) -> int:
    """How many rows one page of a listing may read: the page and the row that tells whether
    another follows, plus room for expired items awaiting deletion (TTL deletes them up to days
    late) and for items of another kind."""
    return 2 * (limit + 1) + LIST_READ_SLACK


class Repository(Protocol):
    # stores
    def create_store(self, store: Store) -> None:
        """Raises Conflict when a store of that name exists."""

    def get_store(self, name: str) -> Store | None: ...

    def list_stores(self, limit: int, after: str | None) -> Page[Store]: ...

    def save_store(self, store: Store) -> None:
        """Replaces an existing store's record. Raises NotFound when it does not exist."""

    def delete_store(self, name: str) -> bool:
        """Deletes the store and everything in it. False when there was no such store."""

    # memory items
    def put_item(self, item: MemoryItem) -> None:
        """Creates a new item. Readable by id (alone) as soon as this returns. An item with a
        `key` claims it within its scope in the same write: Conflict (`param: "key"`) when a live
        item of the scope holds that key (an expired holder's claim is taken over)."""

    def replace_item(self, item: MemoryItem, expected_version: int) -> None:
        """Writes `item` over the stored one if its version is still `expected_version`.
        Raises Conflict otherwise, NotFound when it is gone."""

    def get_item(self, store: str, memory_id: str, now: float) -> MemoryItem | None:
        """None for unknown and expired items."""

    def get_item_by_key(self, store: str, scope: str, key: str, now: float) -> MemoryItem | None:
        """The live item of the scope holding `key`, or None."""

    def list_items(
        self, store: str, scope: str, kind: Kind | None, limit: int, after: str | None, now: float
    ) -> Page[MemoryItem]:
        """Up to `limit` live items of the scope (of `kind`, when given) whose id sorts after
        `after`, in id order, reading at most `list_read_budget(limit)` rows: a page stops early
        (has_more, fewer items) when expired items or other kinds fill the budget. When has_more,
        `next_after` is the id of the last row read, where the next page starts. List rows carry
        neither `embedding` nor `revisions` (a listing shows items; it never writes them back)."""

    def scope_items(self, store: str, scope: str, now: float) -> list[MemoryItem]:
        """Every live item of a scope (search and consolidation read the whole scope)."""

    def delete_item(self, store: str, memory_id: str) -> MemoryItem | None:
        """Deletes and returns the item, or None if there was none."""

    def delete_scope(self, store: str, scope: str) -> int:
        """Deletes everything the scope holds (items, updates and their messages, search
        sessions); returns how many memory items were deleted."""

    def get_items(self, store: str, scope: str, memory_ids: list[str], now: float) -> list[MemoryItem]:
        """The live items of the scope among `memory_ids` (others are skipped), in that order."""

    def set_embedding(
        self, store: str, scope: str, memory_id: str, embedding: bytes, model: str, expected_version: int
    ) -> None:
        """Stores a computed embedding if the item is still at `expected_version` (else does
        nothing: its content changed and the vector would be stale). Not a content change:
        the scope's stamp stays."""

    def save_search(self, session: SearchSession) -> None: ...

    def get_search(self, store: str, scope: str, search_id: str, now: float) -> SearchSession | None: ...

    def scope_stamp(self, store: str, scope: str) -> str | None:
        """A token that changes with every write to the scope's items: warm caches in other
        containers compare it to know whether what they hold is still the scope's content."""

    def record_access(self, store: str, scope: str, accesses: Mapping[str, int], now: float) -> None:
        """Adds each item's retrieval count to its access_count and sets last_accessed_at = now
        (ids of items that are gone, or of another scope, are skipped)."""

    # update operations
    def scope_state(self, store: str, scope: str) -> ScopeState: ...

    def get_update(
        self,
        store: str,
        update_id: str,
        now: float | None = None,
        *,
        scope: str | None = None,
        messages: bool = True,
    ) -> UpdateRecord | None:
        """The update with its messages, or with none once `messages_expire_at` <= `now` (the
        system clock when not given): expired messages are never returned, whether or not the
        table's TTL has deleted them yet. A caller that knows the update's `scope` saves the
        lookup of it (an update of another scope is then None); `messages=False` leaves them out."""

    def enqueue_update(self, update: UpdateRecord, supersedes: str | None) -> None:
        """Atomically stores `update` as the scope's pending update. When `supersedes` is given
        it must still be the pending one (it becomes `superseded`, `superseded_by` set, and its
        messages are removed in the same write: they live on in `update`); otherwise there must
        be no pending update. Raises Conflict when the state moved."""

    def claim_update(self, store: str, scope: str, update_id: str, now: float) -> ClaimOutcome:
        """Moves a pending update to in_progress (updated_at = now) if no other update of the
        scope is running. Claiming an update that is already in progress (a retried run) claims
        it again."""

    def record_failed_messages(self, update: UpdateRecord) -> None:
        """Stores `update.failed_messages` on the stored update (nothing else of it), so a
        retried run skips them. Raises NotFound when the update is gone."""

    def finish_update(self, update: UpdateRecord) -> None:
        """Stores a terminal update (completed or failed) and releases the scope. Its messages
        are kept until `update.messages_expire_at` (None: kept); when that is at or before
        `update.updated_at` they are removed in the same write. The stored messages are the ones
        enqueued: `update.messages` is not written again."""
