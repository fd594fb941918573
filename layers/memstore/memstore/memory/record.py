"""The unit the `Memory` facade stores: a value under a key, in a namespace, with metadata."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

DEFAULT_NAMESPACE = "default"


@dataclass
class MemoryRecord:
    key: str
    value: str
    namespace: str = DEFAULT_NAMESPACE
    metadata: dict[str, Any] = field(default_factory=dict)
    score: float | None = field(default=None, compare=False)
    """Set on search results only: the provider's relevance, higher is closer."""

    def __post_init__(self) -> None:
        if not isinstance(self.key, str) or not self.key:
            raise ValueError("a memory record needs a non-empty string key")
        if not isinstance(self.namespace, str) or not self.namespace:
            raise ValueError("a memory record needs a non-empty string namespace")
        if not isinstance(self.value, str):
            raise TypeError("a memory record's value is a string")
        if not isinstance(self.metadata, dict):
            raise TypeError("a memory record's metadata is a dict")

    def copy(self) -> MemoryRecord:
        """A deep copy without a score: providers hand these out, so callers never alias storage."""
        return MemoryRecord(self.key, self.value, self.namespace, copy.deepcopy(self.metadata))

    def with_score(self, score: float) -> MemoryRecord:
        scored = self.copy()
        scored.score = score
        return scored
