"""Time as a port, so expiry and debounce are testable with a clock the test controls."""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def __call__(self) -> float: ...


def system_clock() -> float:
    return time.time()


class ManualClock:
    """A clock for tests and benchmarks: it moves only when told."""

    def __init__(self, start: float = 1_800_000_000.0):
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
