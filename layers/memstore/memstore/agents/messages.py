"""Chat messages as agents hold them (OpenAI chat dicts, Bedrock Converse dicts, Foundry message
items) turned into the service's message items."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

ROLES = ("user", "assistant", "system")
CONTEXT_PREFIX = "Relevant memory:"
"""What the system message `ConversationMemory.context` adds starts with: never saved back."""


def text_of(message: Mapping[str, Any]) -> str:
    """The text of a message whose content is a string or a list of parts with `text`
    (OpenAI `{"type": "text", "text"}`, Foundry `input_text`/`output_text`, Bedrock `{"text"}`)."""
    content = message.get("content")
    if isinstance(content, str):
        return content.strip()
    if isinstance(content, list):
        parts = [part.get("text") for part in content if isinstance(part, Mapping)]
        return "\n".join(part for part in parts if isinstance(part, str) and part.strip()).strip()
    return ""


def to_items(messages: Iterable[Mapping[str, Any]]) -> list[dict[str, str]]:
    """The user, assistant and system messages with text, as `{type: "message", role, content}`;
    tool calls and results, empty messages and memory context this package added are left out."""
    items = []
    for message in messages:
        role, text = message.get("role"), text_of(message)
        if role not in ROLES or not text or (role == "system" and text.startswith(CONTEXT_PREFIX)):
            continue
        items.append({"type": "message", "role": role, "content": text})
    return items
