"""Hands an API Gateway event to the function that serves its route (Foundry's colon actions
arrive on the stores function; memstore.api.foundry)."""

from __future__ import annotations

from typing import Any, Protocol


class Forwarder(Protocol):
    def forward(self, action: str, event: dict[str, Any]) -> dict[str, Any]:
        """The Lambda proxy response of the function serving `action` (`update_memories`,
        `search_memories`, `delete_scope`) to `event`."""
