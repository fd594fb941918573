"""Test doubles for ports that have no in-package fake (products never use these)."""

from __future__ import annotations

import threading

from memstore.domain.errors import ExtractionFailed
from memstore.ports.extractor import Extraction
from memstore.ports.scheduler import ConsolidationJob


class RecordingScheduler:
    def __init__(self) -> None:
        self.jobs: list[ConsolidationJob] = []
        self._lock = threading.Lock()

    def schedule(self, job: ConsolidationJob) -> None:
        with self._lock:
            self.jobs.append(job)


class RecordingPublisher:
    def __init__(self) -> None:
        self.events: list[tuple[str, dict]] = []

    def publish(self, detail_type: str, detail: dict) -> None:
        self.events.append((detail_type, detail))


class BrokenExtractor:
    """Raises what a chat model that keeps answering garbage makes an adapter raise."""

    name = "broken"

    def __init__(self, error: Exception | None = None):
        self.error = error or ExtractionFailed("the model returned invalid JSON twice")
        self.calls = 0

    def extract(self, messages, context, existing, options) -> Extraction:
        self.calls += 1
        raise self.error
