"""Providers by name. Built-ins are named by import path, so choosing `memory` never imports psycopg,
chromadb or pinecone; `register_provider` adds (or replaces) a name with any factory."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from memstore.memory.provider import MemoryProvider

ProviderFactory = Callable[..., MemoryProvider]

_BUILT_IN: dict[str, str] = {
    "memory": "memstore.memory.providers.in_memory:InMemoryProvider",
    "sqlite": "memstore.memory.providers.sqlite:SqliteProvider",
    "vector": "memstore.memory.providers.vector:VectorProvider",
    "memstore": "memstore.memory.providers.service:MemstoreProvider",
    "postgresql": "memstore.memory.providers.postgresql:PostgresProvider",
    "chroma": "memstore.memory.providers.chroma:ChromaProvider",
    "pinecone": "memstore.memory.providers.pinecone:PineconeProvider",
}

_registered: dict[str, ProviderFactory] = {}


def register_provider(name: str, factory: ProviderFactory) -> None:
    if not name or not isinstance(name, str):
        raise ValueError("a provider needs a non-empty name")
    _registered[name] = factory


def provider_names() -> list[str]:
    return sorted(set(_BUILT_IN) | set(_registered))


def create_provider(name: str, **options: Any) -> MemoryProvider:
    factory = _registered.get(name)
    if factory is None:
        path = _BUILT_IN.get(name)
        if path is None:
            raise ValueError(f"unknown memory provider {name[:64]!r}; known: {', '.join(provider_names())}")
        module_name, _, attribute = path.partition(":")
        factory = getattr(importlib.import_module(module_name), attribute)
    return factory(**options)
