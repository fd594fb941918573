"""The extraction port: turns conversation messages into candidate memories (the values are
domain/extraction.py's)."""

from __future__ import annotations

from typing import Protocol

from memstore.domain.extraction import Extraction, Message
from memstore.domain.models import MemoryItem, StoreOptions


class Extractor(Protocol):
    name: str

    def extract(
        self,
        messages: list[Message],
        context: list[Message],
        existing: list[MemoryItem],
        options: StoreOptions,
    ) -> Extraction:
        """`messages` are new; `context` came earlier (previous_update_id chain) and is only
        for understanding. Raises ExtractionFailed when the model's output is unusable."""
