"""`Memory`: the framework document's facade over one provider chosen by name (or given)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from memstore.memory.provider import MemoryProvider
from memstore.memory.record import DEFAULT_NAMESPACE, MemoryRecord
from memstore.memory.registry import create_provider

MAX_SEARCH_LIMIT = 1000


class Memory:
    """`Memory("sqlite", path="memory.db")`, `Memory("memstore", client=..., store="agents")`, or
    `Memory(provider_instance)`. Namespaces default to "default", as in the framework; agents that
    must not share a history pass their own (see `memstore.agents`)."""

    def __init__(self, provider: str | MemoryProvider = "memory", **options: Any) -> None:
        if isinstance(provider, str):
            self.provider = create_provider(provider, **options)
        elif options:
            raise TypeError("options are for a provider chosen by name")
        else:
            self.provider = provider

    def set(self, record: MemoryRecord) -> None:
        if not isinstance(record, MemoryRecord):
            raise TypeError("Memory.set takes a MemoryRecord")
        self.provider.set(record)

    def get(self, key: str, namespace: str = DEFAULT_NAMESPACE) -> MemoryRecord | None:
        return self.provider.get(_text(key, "key"), _text(namespace, "namespace"))

    def search(
        self,
        query: str,
        namespace: str = DEFAULT_NAMESPACE,
        limit: int = 10,
        metadata: Mapping[str, Any] | None = None,
    ) -> list[MemoryRecord]:
        if not isinstance(query, str):
            raise TypeError("a search query is a string")
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_SEARCH_LIMIT:
            raise ValueError(f"limit is an integer in 1..{MAX_SEARCH_LIMIT}")
        if metadata is not None and not isinstance(metadata, Mapping):
            raise TypeError("a metadata filter is a mapping")
        return self.provider.search(query, _text(namespace, "namespace"), limit, dict(metadata or {}) or None)

    def exists(self, key: str, namespace: str = DEFAULT_NAMESPACE) -> bool:
        exists = getattr(self.provider, "exists", None)
        if exists is not None:
            return bool(exists(_text(key, "key"), _text(namespace, "namespace")))
        return self.get(key, namespace) is not None

    def delete(self, key: str, namespace: str = DEFAULT_NAMESPACE) -> bool:
        return self.provider.delete(_text(key, "key"), _text(namespace, "namespace"))

    def clear(self, namespace: str = DEFAULT_NAMESPACE) -> None:
        self.provider.clear(_text(namespace, "namespace"))

    def close(self) -> None:
        self.provider.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _text(value: object, what: str) -> str:
    if not isinstance(value, str) or not value:
        raise ValueError(f"{what} is a non-empty string")
    return value
