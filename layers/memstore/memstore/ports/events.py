"""The event port: tells the owner's other systems that something happened (ids and counts,
never content)."""

from __future__ import annotations

from typing import Any, Protocol


class EventPublisher(Protocol):
    def publish(self, detail_type: str, detail: dict[str, Any]) -> None: ...
