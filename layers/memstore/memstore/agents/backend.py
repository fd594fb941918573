"""What the agent pipeline needs of the service: the calls of `memstore.client.MemoryStoreClient`
(Foundry's names) it makes. Any object with them will do; a `Memory` over the `memstore` provider
brings its own client and store."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol


class MemoryBackend(Protocol):
    def search_memories(
        self,
        name: str,
        *,
        scope: str,
        items: Sequence[dict[str, Any]] | None = None,
        previous_search_id: str | None = None,
        max_memories: int | None = None,
    ) -> Any:
        """A result with `memories`: each has `memory_item` (`memory_id`, `content`, `kind`) and `score`."""

    def begin_update_memories(
        self,
        name: str,
        *,
        scope: str,
        items: Sequence[dict[str, Any]],
        update_delay: int | None = None,
        previous_update_id: str | None = None,
    ) -> Any:
        """A poller with `update_id`."""


def resolve(backend: Any, store: str | None) -> tuple[Any, str]:
    """(client, store): a `Memory("memstore", …)` or its provider gives both (a `store` given
    overrides its store); any other backend is the client and needs `store`."""
    provider = getattr(backend, "provider", backend)
    client = getattr(provider, "client", None)
    if client is not None and isinstance(getattr(provider, "store", None), str):
        return client, store or provider.store
    if not store:
        raise ValueError("a memory store name is required (or a Memory over the memstore provider)")
    return backend, store
