"""What the agent pipeline needs of the service: the two calls of `memstore.client.MemoryStoreClient`
(Foundry's names) it makes. Any object with them will do."""

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
