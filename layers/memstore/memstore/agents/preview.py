"""Foundry's `memory_search_preview` tool definition, mapped onto this package: its
`memory_store_name` and `scope` pick the store and scope, its `update_delay` (seconds of quiet
before a conversation is consolidated; 300 by default) becomes the saves' delay."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from memstore.agents.backend import MemoryBackend
from memstore.agents.conversation import DEFAULT_UPDATE_DELAY, ConversationMemory
from memstore.agents.tools import MemoryTools


def from_memory_search_preview(
    backend: MemoryBackend, tool: Mapping[str, Any], *, max_memories: int = 5
) -> tuple[ConversationMemory, MemoryTools]:
    """`tool` as Foundry writes it: `{"type": "memory_search_preview", "memory_store_name", "scope",
    "update_delay"?}`."""
    if tool.get("type") != "memory_search_preview":
        raise ValueError("not a memory_search_preview tool")
    store, scope = tool.get("memory_store_name"), tool.get("scope")
    if not isinstance(store, str) or not store:
        raise ValueError("memory_search_preview needs memory_store_name")
    delay = tool.get("update_delay", DEFAULT_UPDATE_DELAY)
    if isinstance(delay, bool) or not isinstance(delay, int) or delay < 0:
        raise ValueError("update_delay is a whole number of seconds, 0 or more")
    conversation = ConversationMemory(
        backend, scope, store=store, max_memories=max_memories, update_delay=delay
    )
    return conversation, MemoryTools(backend, scope, store=store, max_memories=max_memories)
