"""Forwarder inside `memstore local`: the local runtime installs the function that runs an event
on its route's handler, as the local scheduler is installed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Run = Callable[[dict[str, Any]], dict[str, Any]]
_process_run: Run | None = None


def install_process_forwarder(run: Run | None) -> None:
    global _process_run
    _process_run = run


class LocalForwarder:
    def forward(self, action: str, event: dict[str, Any]) -> dict[str, Any]:
        if _process_run is None:
            raise RuntimeError("SCHEDULER=local needs the forwarder that `memstore local` installs")
        return _process_run(event)
