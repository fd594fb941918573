"""The framework-style memory facade: `Memory` over named providers of `MemoryRecord`s, and
`MemoryManager` for lifecycle operations. See docs/memory.md.

    from memstore.memory import Memory, MemoryRecord
    memory = Memory("sqlite", path="agent.db")
    memory.set(MemoryRecord("coffee", "Prefers dark roast", namespace="user-123"))
    memory.search("what coffee?", namespace="user-123")
"""

from memstore.memory.facade import Memory
from memstore.memory.manager import MemoryManager
from memstore.memory.provider import MemoryProvider
from memstore.memory.record import DEFAULT_NAMESPACE, MemoryRecord
from memstore.memory.registry import create_provider, provider_names, register_provider

__all__ = [
    "DEFAULT_NAMESPACE",
    "Memory",
    "MemoryManager",
    "MemoryProvider",
    "MemoryRecord",
    "create_provider",
    "provider_names",
    "register_provider",
]
