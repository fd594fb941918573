"""`memstore`: records kept by the memstore service itself, over `memstore.client`.

A namespace is a scope, a record's key is a keyed item's `key`, its value the item's content, its
metadata the item's `metadata`, except `kind`, which is the item's kind (`user_profile`, the
default and then left out, `chat_summary` or `procedural`). The service keeps flat metadata (string,
number, boolean or null values); a list or dict value is stored as its JSON text and its key listed
under the reserved `memstore.json` key, so it comes back as it went in. Metadata filters go to the
service for a listing (scalar values) and are checked here on what comes back. Search is the
service's contextual search (hybrid BM25 + embeddings; metadata plays no part in it); a filtered
search asks for the 100 most relevant memories and keeps those that match. Items the service
extracted from conversations have no key and come back keyed by their `memory_id`, which `get`,
`exists` and `delete` accept too. The service keeps each memory's lifecycle (importance, accesses, expiry, decay, promotion):
`MemoryManager` maps reinforcement and expiration onto its item routes and reads expiry from it.
A blank query lists the scope newest item first (by
`memory_id`, a ULID: records created within the same millisecond keep no order between them).
"""

from __future__ import annotations

import contextlib
import json
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from memstore.memory.record import MemoryRecord
from memstore.memory.relevance import matches

if TYPE_CHECKING:
    from memstore.client import MemoryStoreClient
    from memstore.client.models import MemoryItem

KIND = "kind"
DEFAULT_KIND = "user_profile"
JSON_KEYS = "memstore.json"
"""The reserved item-metadata key naming (comma-separated) the keys whose values are JSON text."""
_MEMORY_ID_PREFIX = "mem_"


class MemstoreProvider:
    """`client`: a `MemoryStoreClient` (or `base_url` to make one without auth); `store`: the
    memory store to use, created with the deployment's default models when missing."""

    name = "memstore"

    def __init__(
        self,
        store: str,
        client: MemoryStoreClient | None = None,
        base_url: str | None = None,
        create_store: bool = True,
    ) -> None:
        from memstore.client import MemoryStoreClient, NotFoundError

        if client is None:
            if not base_url:
                raise ValueError("the memstore provider needs a client or a base_url")
            client = MemoryStoreClient(base_url)
        self.client, self.store = client, store
        if create_store:
            try:
                client.get(store)
            except NotFoundError:
                client.create(store, description="memstore.memory records")

    def set(self, record: MemoryRecord) -> None:
        self.client.create_memory(
            self.store,
            scope=record.namespace,
            content=record.value,
            kind=record.metadata.get(KIND, DEFAULT_KIND),
            key=record.key,
            upsert=True,
            metadata=_item_metadata(record.metadata),
        )

    def _item(self, key: str, namespace: str) -> MemoryItem | None:
        from memstore.client import NotFoundError

        item = self.client.get_memory_by_key(self.store, namespace, key)
        if item is None and key.startswith(_MEMORY_ID_PREFIX):
            try:
                item = self.client.get_memory(self.store, key)
            except NotFoundError:
                return None
            if item.scope != namespace or item.key is not None:
                return None
        return item

    def get(self, key: str, namespace: str) -> MemoryRecord | None:
        item = self._item(key, namespace)
        return None if item is None else _record(item)

    def exists(self, key: str, namespace: str) -> bool:
        return self._item(key, namespace) is not None

    def search(
        self, query: str, namespace: str, limit: int, metadata: Mapping[str, Any] | None
    ) -> list[MemoryRecord]:
        kind = (metadata or {}).get(KIND)
        if not query.strip():
            pushed = {k: v for k, v in (metadata or {}).items() if k != KIND and _scalar(v)}
            items = list(self.client.list_memories(self.store, namespace, kind=kind, metadata=pushed))
            records = [_record(item).with_score(0.0) for item in reversed(items)]
        else:
            found = self.client.search_memories(
                self.store,
                scope=namespace,
                items=[{"type": "message", "role": "user", "content": query}],
                max_memories=min(100, limit if not metadata else 100),
            )
            records = [_record(hit.memory_item).with_score(hit.score) for hit in found.memories]
        return [record for record in records if matches(record.metadata, metadata)][:limit]

    def delete(self, key: str, namespace: str) -> bool:
        from memstore.client import NotFoundError

        item = self._item(key, namespace)
        if item is None:
            return False
        try:
            self.client.delete_memory(self.store, item.memory_id)
        except NotFoundError:
            return False
        return True

    def clear(self, namespace: str) -> None:
        self.client.delete_scope(self.store, namespace)

    def reinforce(self, key: str, namespace: str, amount: float) -> MemoryRecord | None:
        """The service's own reinforcement (a bounded, diminishing step; `amount` is not sent)."""
        item = self._item(key, namespace)
        if item is None:
            return None
        return _record(self.client.reinforce_memory(self.store, item.memory_id))

    def set_expiration(self, key: str, namespace: str, expires_at: float | None) -> MemoryRecord | None:
        item = self._item(key, namespace)
        if item is None:
            return None
        when = None if expires_at is None else math.ceil(expires_at)
        return _record(self.client.set_memory_expiration(self.store, item.memory_id, expires_at=when))

    def lifecycle_state(self, key: str, namespace: str) -> dict[str, Any] | None:
        item = self._item(key, namespace)
        if item is None:
            return None
        return {
            "importance": item.importance,
            "access_count": item.access_count,
            "last_accessed_at": item.last_accessed_at,
            "expires_at": item.expires_at,
        }

    def close(self) -> None:
        pass


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def _item_metadata(metadata: Mapping[str, Any]) -> dict[str, Any]:
    """A record's metadata as the item keeps it: `kind` left out (it is the item's kind), list
    and dict values as JSON text named under JSON_KEYS."""
    if JSON_KEYS in metadata:
        raise ValueError(f"'{JSON_KEYS}' is reserved by the memstore provider")
    kept: dict[str, Any] = {}
    encoded: list[str] = []
    for key, value in metadata.items():
        if key == KIND:
            continue
        if _scalar(value):
            kept[key] = value
        else:
            kept[key] = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
            encoded.append(key)
    if encoded:
        kept[JSON_KEYS] = ",".join(encoded)
    return kept


def _record_metadata(item: MemoryItem) -> dict[str, Any]:
    metadata = dict(item.metadata)
    encoded = metadata.pop(JSON_KEYS, None)
    for key in encoded.split(",") if isinstance(encoded, str) else ():
        if isinstance(metadata.get(key), str):
            with contextlib.suppress(ValueError):
                metadata[key] = json.loads(metadata[key])
    if item.kind and item.kind != DEFAULT_KIND:
        metadata[KIND] = item.kind
    return metadata


def _record(item: MemoryItem) -> MemoryRecord:
    return MemoryRecord(item.key or item.memory_id, item.content or "", item.scope, _record_metadata(item))
