"""Per-item lifecycle control: set or clear an item's expiry, reinforce it, read its revisions."""

from __future__ import annotations

from collections.abc import Callable

from memstore.domain import lifecycle
from memstore.domain.access import Caller
from memstore.domain.errors import Conflict, InvalidRequest, NotFound
from memstore.domain.item_control import MAX_TTL_SECONDS, ExpirationRequest, revision_list
from memstore.domain.models import MemoryItem
from memstore.ports.clock import Clock
from memstore.ports.repository import Repository
from memstore.services.items import ItemService

WRITE_ATTEMPTS = 3


class ItemControlService:
    def __init__(self, repo: Repository, clock: Clock, items: ItemService):
        self._repo = repo
        self._clock = clock
        self._items = items

    def set_expiration(
        self, store: str, memory_id: str, request: ExpirationRequest, caller: Caller
    ) -> MemoryItem:
        """The item expires at the time given (kept by later writes) or never (`expires_at`:
        null). A time in the past is refused: deleting is DELETE …/items/{id}."""
        now = int(self._clock())
        if request.ttl_seconds is not None:
            expires_at = now + request.ttl_seconds
        else:
            expires_at = request.expires_at
            if expires_at is not None and expires_at <= now:
                raise InvalidRequest("expires_at must be in the future", "expires_at")
            if expires_at is not None and expires_at > now + MAX_TTL_SECONDS:
                raise InvalidRequest("expires_at must be at most 10 years from now", "expires_at")
        return self._write(
            store, memory_id, caller, lambda item: {"expires_at": expires_at, "expiry_pinned": True}
        )

    def reinforce(self, store: str, memory_id: str, caller: Caller) -> MemoryItem:
        """Raises the item's importance (decayed to now) by a bounded, diminishing step
        (domain/lifecycle.reinforced) and restarts its decay."""
        found = self._repo.get_store(store)
        if found is None:
            raise NotFound(f"memory store '{store}' not found", "name")
        options = found.definition.options.lifecycle
        now = int(self._clock())

        def change(item: MemoryItem) -> dict:
            current = lifecycle.current_importance(item, now, options)
            return {
                "importance": lifecycle.reinforced(current),
                "importance_at": now,
                "reinforcements": item.reinforcements + 1,
            }

        return self._write(store, memory_id, caller, change)

    def revisions(self, store: str, memory_id: str, caller: Caller) -> dict:
        return revision_list(self._items.get(store, memory_id, caller))

    def _write(
        self, store: str, memory_id: str, caller: Caller, change: Callable[[MemoryItem], dict]
    ) -> MemoryItem:
        for _ in range(WRITE_ATTEMPTS):
            item = self._items.get(store, memory_id, caller)
            updated = item.model_copy(update={**change(item), "version": item.version + 1})
            try:
                self._repo.replace_item(updated, expected_version=item.version)
            except Conflict:
                continue
            return updated
        raise Conflict(f"memory '{memory_id}' kept changing; retry", "memory_id")
