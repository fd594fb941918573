"""An in-memory Repository for unit tests and fakes. Same semantics as the DynamoDB one: both
pass tests/contract/test_repository_contract.py."""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping

from memstore.domain.errors import Conflict, NotFound
from memstore.domain.extraction import Message
from memstore.domain.ids import ulid
from memstore.domain.models import Kind, MemoryItem, Page, SearchSession, Store
from memstore.domain.updates import ClaimOutcome, ScopeState, UpdateRecord, UpdateStatus
from memstore.ports.repository import list_read_budget


class InMemoryRepository:
    def __init__(self) -> None:
        self._lock = threading.RLock()
        self._stores: dict[str, Store] = {}
        self._items: dict[str, dict[str, MemoryItem]] = {}
        self._stamps: dict[tuple[str, str], str] = {}
        self._updates: dict[str, dict[str, UpdateRecord]] = {}
        """Update records without their messages; those are kept apart, as the DynamoDB
        repository keeps them in a row of their own, and dropped when they expire."""
        self._messages: dict[tuple[str, str], list[Message]] = {}
        self._states: dict[tuple[str, str], ScopeState] = {}
        self._searches: dict[tuple[str, str, str], SearchSession] = {}

    def _touch(self, store: str, scope: str) -> None:
        self._stamps[(store, scope)] = ulid()

    def create_store(self, store: Store) -> None:
        with self._lock:
            if store.name in self._stores:
                raise Conflict(f"a memory store named '{store.name}' already exists", "name")
            self._stores[store.name] = store.model_copy(deep=True)
            self._items.setdefault(store.name, {})

    def get_store(self, name: str) -> Store | None:
        with self._lock:
            store = self._stores.get(name)
            return store.model_copy(deep=True) if store else None

    def list_stores(self, limit: int, after: str | None) -> Page[Store]:
        with self._lock:
            names = sorted(n for n in self._stores if after is None or n > after)
            chosen = [self._stores[n].model_copy(deep=True) for n in names[:limit]]
            return Page[Store](items=chosen, has_more=len(names) > limit)

    def save_store(self, store: Store) -> None:
        with self._lock:
            if store.name not in self._stores:
                raise NotFound(f"memory store '{store.name}' not found", "name")
            self._stores[store.name] = store.model_copy(deep=True)

    def delete_store(self, name: str) -> bool:
        with self._lock:
            self._items.pop(name, None)
            self._updates.pop(name, None)
            self._messages = {k: v for k, v in self._messages.items() if k[0] != name}
            self._states = {k: v for k, v in self._states.items() if k[0] != name}
            self._searches = {k: v for k, v in self._searches.items() if k[0] != name}
            self._stamps = {k: v for k, v in self._stamps.items() if k[0] != name}
            return self._stores.pop(name, None) is not None

    def put_item(self, item: MemoryItem) -> None:
        with self._lock:
            items = self._items.setdefault(item.store, {})
            if item.memory_id in items:
                raise Conflict(f"memory '{item.memory_id}' already exists", "memory_id")
            if item.key is not None and self._holder(item.store, item.scope, item.key, item.updated_at):
                raise Conflict("a memory of this scope already holds that key", "key")
            items[item.memory_id] = item.model_copy(deep=True)
            self._touch(item.store, item.scope)

    def replace_item(self, item: MemoryItem, expected_version: int) -> None:
        with self._lock:
            current = self._items.get(item.store, {}).get(item.memory_id)
            if current is None:
                raise NotFound(f"memory '{item.memory_id}' not found", "memory_id")
            if current.version != expected_version:
                raise Conflict(f"memory '{item.memory_id}' changed concurrently", "memory_id")
            self._items[item.store][item.memory_id] = item.model_copy(deep=True)
            self._touch(item.store, item.scope)

    def get_item(self, store: str, memory_id: str, now: float) -> MemoryItem | None:
        with self._lock:
            item = self._items.get(store, {}).get(memory_id)
            if item is None or item.is_expired(now):
                return None
            return item.model_copy(deep=True)

    def get_item_by_key(self, store: str, scope: str, key: str, now: float) -> MemoryItem | None:
        with self._lock:
            item = self._holder(store, scope, key, now)
            return item.model_copy(deep=True) if item else None

    def _holder(self, store: str, scope: str, key: str, now: float) -> MemoryItem | None:
        return next(
            (
                i
                for i in self._items.get(store, {}).values()
                if i.scope == scope and i.key == key and not i.is_expired(now)
            ),
            None,
        )

    def list_items(
        self, store: str, scope: str, kind: Kind | None, limit: int, after: str | None, now: float
    ) -> Page[MemoryItem]:
        """The DynamoDB repository's paging: rows are read in id order from `after`, at most
        `list_read_budget(limit)` of them, and list rows leave embeddings and revisions out."""
        with self._lock:
            items = self._items.get(store, {})
            ids = sorted(
                mid for mid, i in items.items() if i.scope == scope and (after is None or mid > after)
            )
            found: list[MemoryItem] = []
            read = 0
            for mid in ids[: list_read_budget(limit)]:
                read += 1
                item = items[mid]
                if not item.is_expired(now) and (kind is None or item.kind == kind):
                    found.append(item)
                if len(found) > limit:
                    break
            rows = [
                i.model_copy(update={"embedding": None, "revisions": []}, deep=True) for i in found[:limit]
            ]
            if len(found) > limit:
                return Page[MemoryItem](items=rows, has_more=True, next_after=rows[-1].memory_id)
            if read == len(ids):
                return Page[MemoryItem](items=rows, has_more=False)
            return Page[MemoryItem](items=rows, has_more=True, next_after=ids[read - 1])

    def scope_items(self, store: str, scope: str, now: float) -> list[MemoryItem]:
        with self._lock:
            items = self._items.get(store, {}).values()
            live = [i.model_copy(deep=True) for i in items if i.scope == scope and not i.is_expired(now)]
            return sorted(live, key=lambda i: i.memory_id)

    def delete_item(self, store: str, memory_id: str) -> MemoryItem | None:
        with self._lock:
            item = self._items.get(store, {}).pop(memory_id, None)
            if item is not None:
                self._touch(store, item.scope)
            return item

    def delete_scope(self, store: str, scope: str) -> int:
        with self._lock:
            items = self._items.get(store, {})
            doomed = [mid for mid, i in items.items() if i.scope == scope]
            for mid in doomed:
                del items[mid]
            self._stamps.pop((store, scope), None)
            self._states.pop((store, scope), None)
            self._searches = {k: v for k, v in self._searches.items() if k[:2] != (store, scope)}
            updates = self._updates.get(store, {})
            for uid in [u for u, rec in updates.items() if rec.scope == scope]:
                del updates[uid]
                self._messages.pop((store, uid), None)
            return len(doomed)

    def get_items(self, store: str, scope: str, memory_ids: list[str], now: float) -> list[MemoryItem]:
        with self._lock:
            found = [self._items.get(store, {}).get(mid) for mid in memory_ids]
            return [
                i.model_copy(deep=True) for i in found if i and i.scope == scope and not i.is_expired(now)
            ]

    def set_embedding(
        self, store: str, scope: str, memory_id: str, embedding: bytes, model: str, expected_version: int
    ) -> None:
        with self._lock:
            item = self._items.get(store, {}).get(memory_id)
            if item is not None and item.scope == scope and item.version == expected_version:
                item.embedding = embedding
                item.embedding_model = model

    def save_search(self, session: SearchSession) -> None:
        with self._lock:
            self._searches[(session.store, session.scope, session.search_id)] = session.model_copy(deep=True)

    def get_search(self, store: str, scope: str, search_id: str, now: float) -> SearchSession | None:
        with self._lock:
            session = self._searches.get((store, scope, search_id))
            return session.model_copy(deep=True) if session and session.expires_at > now else None

    def scope_stamp(self, store: str, scope: str) -> str | None:
        with self._lock:
            return self._stamps.get((store, scope))

    def record_access(self, store: str, scope: str, accesses: Mapping[str, int], now: float) -> None:
        with self._lock:
            items = self._items.get(store, {})
            for mid, count in accesses.items():
                item = items.get(mid)
                if item is not None and item.scope == scope:
                    item.access_count += count
                    item.last_accessed_at = int(now)

    def scope_state(self, store: str, scope: str) -> ScopeState:
        with self._lock:
            return self._states.get((store, scope), ScopeState()).model_copy()

    def get_update(
        self,
        store: str,
        update_id: str,
        now: float | None = None,
        *,
        scope: str | None = None,
        messages: bool = True,
    ) -> UpdateRecord | None:
        with self._lock:
            update = self._updates.get(store, {}).get(update_id)
            if update is None or (scope is not None and update.scope != scope):
                return None
            now = time.time() if now is None else now
            if update.messages_expire_at is not None and update.messages_expire_at <= now:
                self._messages.pop((store, update_id), None)
            kept = self._messages.get((store, update_id), []) if messages else []
            return update.model_copy(update={"messages": [m.model_copy() for m in kept]}, deep=True)

    def enqueue_update(self, update: UpdateRecord, supersedes: str | None) -> None:
        with self._lock:
            state = self._states.setdefault((update.store, update.scope), ScopeState())
            updates = self._updates.setdefault(update.store, {})
            if state.pending_update_id != supersedes:
                raise Conflict("the scope's pending update changed", "previous_update_id")
            if supersedes is not None:
                old = updates[supersedes]
                updates[supersedes] = old.model_copy(
                    update={
                        "status": UpdateStatus.SUPERSEDED,
                        "superseded_by": update.update_id,
                        "updated_at": update.created_at,
                    }
                )
                self._messages.pop((update.store, supersedes), None)
            updates[update.update_id] = update.model_copy(update={"messages": []}, deep=True)
            self._messages[(update.store, update.update_id)] = [m.model_copy() for m in update.messages]
            state.pending_update_id = update.update_id

    def claim_update(self, store: str, scope: str, update_id: str, now: float) -> ClaimOutcome:
        with self._lock:
            state = self._states.get((store, scope), ScopeState())
            update = self._updates.get(store, {}).get(update_id)
            if update is None:
                return ClaimOutcome.GONE
            if update.status == UpdateStatus.IN_PROGRESS and state.running_update_id == update_id:
                return ClaimOutcome.CLAIMED
            if update.status != UpdateStatus.QUEUED or state.pending_update_id != update_id:
                return ClaimOutcome.GONE
            if state.running_update_id is not None:
                return ClaimOutcome.BUSY
            state.pending_update_id = None
            state.running_update_id = update_id
            update.status = UpdateStatus.IN_PROGRESS
            update.updated_at = int(now)
            update.attempts += 1
            return ClaimOutcome.CLAIMED

    def record_failed_messages(self, update: UpdateRecord) -> None:
        with self._lock:
            stored = self._updates.get(update.store, {}).get(update.update_id)
            if stored is None:
                raise NotFound(f"update '{update.update_id}' not found", "update_id")
            stored.failed_messages = [f.model_copy() for f in update.failed_messages]

    def finish_update(self, update: UpdateRecord) -> None:
        with self._lock:
            self._updates.setdefault(update.store, {})[update.update_id] = update.model_copy(
                update={"messages": []}, deep=True
            )
            expire = update.messages_expire_at
            if expire is not None and expire <= update.updated_at:
                self._messages.pop((update.store, update.update_id), None)
            state = self._states.get((update.store, update.scope))
            if state is None:
                return
            if state.running_update_id == update.update_id:
                state.running_update_id = None
            if state.pending_update_id == update.update_id:
                state.pending_update_id = None
