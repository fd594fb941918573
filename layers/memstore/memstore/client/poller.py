"""What `begin_update_memories` returns: the submitted update, polled until it ends. A
superseded update's messages live on in the newer update that superseded it, so the poller
follows `superseded_by` and reports that update's outcome."""

from __future__ import annotations

import time
from collections.abc import Callable

from memstore.client.errors import UpdateFailedError
from memstore.client.models import MemoryCommand, MemoryUpdate, UpdateResult

TERMINAL = frozenset({"completed", "failed"})


class UpdatePoller:
    def __init__(
        self,
        fetch: Callable[[str], MemoryUpdate],
        accepted: MemoryUpdate,
        *,
        interval: float = 0.25,
        max_interval: float = 2.0,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ):
        if not accepted.update_id:
            raise ValueError("the update has no id (a dry run is not polled)")
        self._fetch = fetch
        self._latest = accepted
        self._interval = interval
        self._max_interval = max_interval
        self._sleep = sleep
        self._clock = clock
        self.update_id: str = accepted.update_id
        """The update this call submitted (pass it as `previous_update_id` to chain)."""
        self.memory_commands: list[MemoryCommand] = accepted.memory_commands
        """Remember/forget commands, applied before the service answered."""

    @property
    def current_update_id(self) -> str:
        """The update being followed: `update_id`, or the one that superseded it."""
        return self._latest.update_id or self.update_id

    def refresh(self) -> MemoryUpdate:
        """Reads the followed update once, moving on along `superseded_by`."""
        latest = self._fetch(self.current_update_id)
        while latest.status == "superseded" and latest.superseded_by:
            latest = self._fetch(latest.superseded_by)
        self._latest = latest
        return latest

    def status(self) -> str:
        """`queued`, `in_progress`, `completed` or `failed` (read now)."""
        return self.refresh().status

    def done(self) -> bool:
        return self._latest.status in TERMINAL or self.status() in TERMINAL

    def wait(self, timeout: float | None = None) -> MemoryUpdate:
        """Polls until the update ends; TimeoutError after `timeout` seconds (None: no limit)."""
        deadline = None if timeout is None else self._clock() + timeout
        interval = self._interval
        while True:
            latest = self.refresh()
            if latest.status in TERMINAL:
                return latest
            if deadline is not None and self._clock() >= deadline:
                raise TimeoutError(f"update {self.current_update_id} still {latest.status} after {timeout}s")
            pause = interval if deadline is None else max(0.0, min(interval, deadline - self._clock()))
            self._sleep(pause)
            interval = min(self._max_interval, interval * 1.5)

    def result(self, timeout: float | None = None) -> UpdateResult:
        """The completed update's result (`memory_operations`); UpdateFailedError if it failed."""
        final = self.wait(timeout)
        if final.status == "failed":
            raise UpdateFailedError(self.current_update_id, final.error)
        return final.result or UpdateResult()
