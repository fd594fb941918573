"""The LifecycleStore port on the in-memory repository (its dictionaries, under its lock)."""

from __future__ import annotations

from memstore.adapters.memory_repository import InMemoryRepository
from memstore.domain.ids import scope_hash
from memstore.domain.models import MemoryItem, Page
from memstore.domain.updates import UpdateRecord


class InMemoryLifecycle:
    def __init__(self, repo: InMemoryRepository):
        self._repo = repo

    def _scopes(self, store: str) -> dict[str, str]:
        r = self._repo
        scopes = {i.scope for i in r._items.get(store, {}).values()}
        scopes |= {u.scope for u in r._updates.get(store, {}).values()}
        scopes |= {scope for (s, scope) in r._states if s == store}
        scopes |= {scope for (s, scope, _) in r._searches if s == store}
        return {scope_hash(scope): scope for scope in scopes}

    def scope_keys(self, store: str, after: str | None, limit: int) -> Page[str]:
        with self._repo._lock:
            found = sorted(k for k in self._scopes(store) if after is None or k > after)
        more = len(found) > limit
        return Page[str](items=found[:limit], has_more=more, next_after=found[limit - 1] if more else None)

    def scope_rows(self, store: str, scope_key: str, after: str | None, limit: int) -> Page[MemoryItem]:
        with self._repo._lock:
            items = self._repo._items.get(store, {})
            ids = sorted(
                mid
                for mid, i in items.items()
                if scope_hash(i.scope) == scope_key and (after is None or mid > after)
            )
            rows = [items[mid].model_copy(update={"embedding": None}, deep=True) for mid in ids[:limit]]
        more = len(ids) > limit
        return Page[MemoryItem](items=rows, has_more=more, next_after=rows[-1].memory_id if more else None)

    def set_importance(self, item: MemoryItem, importance: float, at: int) -> bool:
        with self._repo._lock:
            current = self._repo._items.get(item.store, {}).get(item.memory_id)
            if current is None or current.version != item.version:
                return False
            current.importance = importance
            current.importance_at = at
            return True

    def open_updates(self, store: str, scope_key: str) -> list[UpdateRecord]:
        r = self._repo
        with r._lock:
            scope = self._scopes(store).get(scope_key)
            state = r._states.get((store, scope)) if scope is not None else None
            if state is None:
                return []
            ids = dict.fromkeys(i for i in (state.running_update_id, state.pending_update_id) if i)
            updates = r._updates.get(store, {})
            return [updates[i].model_copy(update={"messages": []}, deep=True) for i in ids if i in updates]

    def drop_expired_rows(self, store: str, scope_key: str, now: float) -> dict[str, int]:
        r = self._repo
        with r._lock:
            scope = self._scopes(store).get(scope_key)
            expired = [
                uid
                for uid, u in r._updates.get(store, {}).items()
                if u.scope == scope
                and u.messages_expire_at is not None
                and u.messages_expire_at <= now
                and (store, uid) in r._messages
            ]
            for uid in expired:
                del r._messages[(store, uid)]
            searches = [k for k, s in r._searches.items() if k[:2] == (store, scope) and s.expires_at <= now]
            for k in searches:
                del r._searches[k]
        return {"messages": len(expired), "searches": len(searches)}
