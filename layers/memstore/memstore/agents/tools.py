"""Memory as tools a model calls: `search_memories`, `remember`, `forget`, described as OpenAI
function-calling schemas and Bedrock Converse `toolSpec`s, and run by `handle_tool_call`.

This is what Foundry's `memory_search_preview` tool does inside its service, done on the caller's
side: searches read the scope's memories, "remember" stores a profile memory at once, "forget" is
sent as the user's own "Forget …" command, which the service applies at once (before it answers)
against the memories that name the thing.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from memstore.agents.backend import MemoryBackend, resolve

_PARAMETERS = {
    "search_memories": (
        "Search what is remembered about the user for facts relevant to a question.",
        {"query": "What to look for, in the user's words or a short question."},
    ),
    "remember": (
        "Remember a durable fact or preference the user stated, for later conversations.",
        {"content": "The fact, as one short sentence about the user (e.g. 'Prefers dark roast coffee')."},
    ),
    "forget": (
        "Forget what is remembered about something, when the user asks for it.",
        {"content": "What to forget, as the user named it (e.g. 'my coffee preference')."},
    ),
}

TOOL_NAMES = tuple(_PARAMETERS)


def _schema(name: str) -> dict[str, Any]:
    _, fields = _PARAMETERS[name]
    return {
        "type": "object",
        "properties": {field: {"type": "string", "description": text} for field, text in fields.items()},
        "required": list(fields),
        "additionalProperties": False,
    }


def openai_tools() -> list[dict[str, Any]]:
    """The tools as OpenAI chat-completions `tools` entries."""
    return [
        {
            "type": "function",
            "function": {"name": name, "description": _PARAMETERS[name][0], "parameters": _schema(name)},
        }
        for name in TOOL_NAMES
    ]


def bedrock_tools() -> list[dict[str, Any]]:
    """The tools as Bedrock Converse `toolConfig.tools` entries."""
    return [
        {
            "toolSpec": {
                "name": name,
                "description": _PARAMETERS[name][0],
                "inputSchema": {"json": _schema(name)},
            }
        }
        for name in TOOL_NAMES
    ]


class MemoryTools:
    def __init__(
        self, backend: MemoryBackend | Any, scope: str, *, store: str | None = None, max_memories: int = 5
    ) -> None:
        if not isinstance(scope, str) or not scope.strip():
            raise ValueError("a scope is required: tools must not act on a shared memory by default")
        self.backend, self.store = resolve(backend, store)
        self.scope, self.max_memories = scope, max_memories

    def handle_tool_call(self, name: str, arguments: str | Mapping[str, Any]) -> dict[str, Any]:
        """Runs one call; `arguments` as the model gave them (a JSON string or a dict). The answer is
        a JSON-ready dict for the tool result. A bad call, or one the service refuses as invalid
        (content holding a secret, too long), answers `{"error": …}` for the model to read (the
        service's messages never repeat the input); other service errors are raised."""
        if name not in _PARAMETERS:
            return {"error": f"unknown tool; expected one of {', '.join(TOOL_NAMES)}"}
        try:
            parsed = json.loads(arguments) if isinstance(arguments, str) else dict(arguments)
        except (TypeError, ValueError):
            return {"error": "arguments are not a JSON object"}
        field = next(iter(_PARAMETERS[name][1]))
        value = parsed.get(field) if isinstance(parsed, dict) else None
        if not isinstance(value, str) or not value.strip():
            return {"error": f"'{field}' is required and must be a non-empty string"}
        from memstore.client import InvalidRequestError, PayloadTooLargeError

        try:
            return getattr(self, f"_{name}")(value.strip())
        except (InvalidRequestError, PayloadTooLargeError) as refused:
            return {"error": refused.message}

    def _search_memories(self, query: str) -> dict[str, Any]:
        result = self.backend.search_memories(
            self.store,
            scope=self.scope,
            items=[{"type": "message", "role": "user", "content": query}],
            max_memories=self.max_memories,
        )
        return {
            "memories": [
                {
                    "content": found.memory_item.content,
                    "kind": found.memory_item.kind,
                    "score": round(found.score, 3),
                }
                for found in result.memories
            ]
        }

    def _remember(self, content: str) -> dict[str, Any]:
        item = self.backend.create_memory(self.store, scope=self.scope, content=content, kind="user_profile")
        return {"remembered": item.content, "memory_id": item.memory_id}

    def _forget(self, content: str) -> dict[str, Any]:
        poller = self.backend.begin_update_memories(
            self.store,
            scope=self.scope,
            items=[{"type": "message", "role": "user", "content": f"Forget {content}"}],
            update_delay=0,
        )
        commands = [c for c in poller.memory_commands if c.arguments.get("action") == "forget"]
        deleted = [memory_id for c in commands for memory_id in (c.deleted or [])]
        return {"forgotten": bool(commands) and commands[0].status == "completed", "deleted": deleted}
