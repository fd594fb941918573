"""How a time-boxed lifecycle pass continues after its invocation's time ran out."""

from __future__ import annotations

from typing import Protocol


class PassContinuation(Protocol):
    def continue_pass(self, cursor: str, chain: int) -> None:
        """Starts the next slice of the pass at `cursor`; `chain` counts the slices so far."""
