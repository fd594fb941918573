"""Every mocked AWS request atomic, as each request is in the real service.

moto's backends are plain Python objects: a conditional write checks its condition and then
writes, and two threads can interleave between the two. `memstore local` runs requests and
consolidations in parallel threads, so each mocked request runs under one process-wide lock.
The lock covers only the AWS calls (moto answers in about a millisecond); the handlers' own
work (parsing, embedding, ranking) runs in parallel."""

from __future__ import annotations

import threading
from typing import Any

_lock = threading.RLock()
_installed = False


def install() -> None:
    global _installed
    if _installed:
        return
    from moto.core.botocore_stubber import BotocoreStubber

    unlocked = BotocoreStubber.process_request

    def process_request(self: Any, request: Any) -> Any:
        with _lock:
            return unlocked(self, request)

    BotocoreStubber.process_request = process_request
    _installed = True
