"""`ConversationMemory`: the agent pipeline's memory step and finish step, over the service.

`context(messages)` is the memory step: one system message "Relevant memory: …" built from a static
search (the scope's profile, once per conversation) and a contextual search on the latest turn,
deduplicated and held to a character budget; nothing when nothing is known. `save(messages)` is
the finish step: the messages not saved yet go to `begin_update_memories`, chained to the previous
save, and the service consolidates them after `update_delay` seconds of quiet. `stream(...)` saves
once a streamed reply has ended, so streaming runs remember as standard runs do.

A scope is required: unlike the framework's default namespace, two agents never share a history
by accident.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from memstore.agents.backend import MemoryBackend, resolve
from memstore.agents.messages import CONTEXT_PREFIX, to_items

DEFAULT_UPDATE_DELAY = 300
CONTEXT_TURN_MESSAGES = 4
"""How many of the newest messages a contextual search is given (the service reads the newest
user message, and the one before it when that is short)."""


class ConversationMemory:
    def __init__(
        self,
        backend: MemoryBackend | Any,
        scope: str,
        *,
        store: str | None = None,
        max_memories: int = 5,
        char_budget: int = 2000,
        update_delay: int = DEFAULT_UPDATE_DELAY,
    ) -> None:
        if not isinstance(scope, str) or not scope.strip():
            raise ValueError("a scope is required: agents must not share one memory history by default")
        self.backend, self.store = resolve(backend, store)
        self.scope = scope
        self.max_memories, self.char_budget, self.update_delay = max_memories, char_budget, update_delay
        self._static: list[tuple[str, str]] | None = None
        self._saved = 0
        self._last_update_id: str | None = None

    def context(self, messages: Sequence[Mapping[str, Any]]) -> list[dict[str, str]]:
        """Zero or one system message to put before `messages` for the model."""
        if self._static is None:
            self._static = self._search(None)
        items = to_items(messages)
        contextual = self._search(items[-CONTEXT_TURN_MESSAGES:]) if items else []
        lines, seen, used = [], set(), len(CONTEXT_PREFIX)
        for memory_id, content in contextual + self._static:
            if memory_id in seen:
                continue
            seen.add(memory_id)
            line = f"- {content}"
            if used + 1 + len(line) > self.char_budget:
                continue
            lines.append(line)
            used += 1 + len(line)
        if not lines:
            return []
        return [{"role": "system", "content": "\n".join([CONTEXT_PREFIX, *lines])}]

    def _search(self, items: list[dict[str, str]] | None) -> list[tuple[str, str]]:
        result = self.backend.search_memories(
            self.store, scope=self.scope, items=items, max_memories=self.max_memories
        )
        return [(found.memory_item.memory_id, found.memory_item.content) for found in result.memories]

    def save(self, messages: Sequence[Mapping[str, Any]], *, update_delay: int | None = None) -> Any:
        """Sends the messages added since the last save; the update's poller, or None when there
        was nothing new. `messages` is the whole conversation so far, as the agent keeps it."""
        items = to_items(messages)
        new = items[self._saved :] if self._saved <= len(items) else items
        if not new:
            return None
        poller = self.backend.begin_update_memories(
            self.store,
            scope=self.scope,
            items=new,
            update_delay=self.update_delay if update_delay is None else update_delay,
            previous_update_id=self._last_update_id,
        )
        self._saved = len(items)
        self._last_update_id = poller.update_id
        return poller

    def stream(self, chunks: Iterable[str], messages: list[dict[str, Any]]) -> Iterator[str]:
        """Yields a streamed reply's text chunks; when the stream ends, appends the reply to
        `messages` as the assistant's and saves. A stream abandoned part-way saves nothing."""
        reply: list[str] = []
        for chunk in chunks:
            reply.append(chunk)
            yield chunk
        messages.append({"role": "assistant", "content": "".join(reply)})
        self.save(messages)

    def new_conversation(self) -> None:
        """Forget the per-conversation state: the next `context` searches the profile again."""
        self._static, self._saved, self._last_update_id = None, 0, None
