"""The facade's registry and argument checks (the providers' behaviour is the contract suite's)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from memstore.memory import Memory, MemoryRecord, create_provider, provider_names, register_provider
from memstore.memory.providers.in_memory import InMemoryProvider


def test_the_framework_names_are_registered():
    assert {"memory", "sqlite", "vector", "postgresql", "pinecone", "chroma", "memstore"} <= set(
        provider_names()
    )


def test_a_registered_provider_is_chosen_by_name():
    made: list[dict] = []

    def factory(**options):
        made.append(options)
        return InMemoryProvider()

    register_provider("team-cache", factory)
    memory = Memory("team-cache", size=3)
    memory.set(MemoryRecord("k", "v"))
    assert memory.get("k") == MemoryRecord("k", "v")
    assert made == [{"size": 3}] and "team-cache" in provider_names()


def test_an_unknown_name_says_which_exist():
    with pytest.raises(ValueError, match="known: chroma, memory"):
        create_provider("redis")


def test_importing_the_facade_loads_no_heavy_provider():
    code = (
        "import sys, memstore.memory as m; m.Memory('memory');"
        "print(sorted(n for n in ('psycopg', 'chromadb', 'pinecone', 'onnxruntime') if n in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("limit", [0, 1001, True, 2.5])
def test_search_limit_is_checked(limit):
    with pytest.raises(ValueError):
        Memory().search("x", limit=limit)


def test_records_are_checked():
    with pytest.raises(TypeError):
        Memory().set({"key": "k", "value": "v"})
    with pytest.raises(ValueError):
        MemoryRecord("", "v")
    with pytest.raises(TypeError):
        MemoryRecord("k", 3)
    with pytest.raises(ValueError):
        Memory().get("k", namespace="")
