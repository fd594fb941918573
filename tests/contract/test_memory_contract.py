"""The contract every `Memory` provider passes: memory, sqlite, vector, memstore (over HTTP against
`memstore local`), postgresql (a real server started from Debian's binaries), chroma (embedded,
persistent) and pinecone (the official client against a recorded-response fake)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from memstore.memory import Memory, MemoryRecord
from tests.contract.memory_providers import (  # noqa: F401 (fixtures)
    MILLISECOND_ORDER,
    PERSISTENT,
    Opener,
    memstore_local_url,
    memstore_opener,
    opener,
    postgres_dsn,
)

pytestmark = pytest.mark.contract

PROVIDERS = ["memory", "sqlite", "vector", "memstore", "postgresql", "chroma", "pinecone"]

FACTS = {
    "coffee": "Prefers dark roast coffee, no sugar",
    "cat": "Has a cat called Miso",
    "city": "Lives in Lisbon, near the river",
    "sport": "Plays tennis every Sunday morning",
}


@pytest.fixture(params=PROVIDERS)
def open_provider(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Opener]:
    with ExitStack() as stack:
        yield opener(request.param, tmp_path, request, stack)


@pytest.fixture
def memory(open_provider: Opener) -> Iterator[Memory]:
    with Memory(open_provider()) as opened:
        yield opened


def fill(memory: Memory, namespace: str = "default", **metadata: object) -> None:
    for key, value in FACTS.items():
        memory.set(MemoryRecord(key, value, namespace, dict(metadata)))


def test_set_then_get_returns_the_same_record(memory: Memory):
    record = MemoryRecord("pref/coffee ☕", "Prefers dark roast — café com leite never", "user-1")
    memory.set(record)
    got = memory.get("pref/coffee ☕", "user-1")
    assert got == record
    assert got is not record
    assert memory.exists("pref/coffee ☕", "user-1")


def test_metadata_round_trips(memory: Memory):
    record = MemoryRecord(
        "pref/coffee ☕",
        "Prefers dark roast — café com leite never",
        "user-1",
        {"source": "chat", "count": 3, "weight": 0.25, "pinned": True, "tags": ["a", "b"]},
    )
    memory.set(record)
    got = memory.get("pref/coffee ☕", "user-1")
    assert got == record
    assert got is not record
    assert memory.exists("pref/coffee ☕", "user-1")


def test_a_missing_key_is_none_and_does_not_exist(memory: Memory):
    memory.set(MemoryRecord("present", "something", "user-1"))
    assert memory.get("absent", "user-1") is None
    assert not memory.exists("absent", "user-1")
    assert memory.get("present", "user-2") is None


def test_the_namespace_defaults_to_default(memory: Memory):
    memory.set(MemoryRecord("k", "Prefers tea"))
    assert memory.get("k") == MemoryRecord("k", "Prefers tea", "default")
    assert memory.get("k", "default").namespace == "default"


def test_set_with_an_existing_key_replaces_the_record(memory: Memory):
    memory.set(MemoryRecord("coffee", "Prefers light roast", "u"))
    memory.set(MemoryRecord("coffee", "Prefers dark roast coffee", "u"))
    assert memory.get("coffee", "u") == MemoryRecord("coffee", "Prefers dark roast coffee", "u")
    listed = memory.search("", "u", limit=10)
    assert [r.key for r in listed] == ["coffee"]


def test_search_ranks_the_relevant_record_first(memory: Memory):
    fill(memory, "u")
    found = memory.search("What coffee should I order?", "u", limit=4)
    assert found and found[0].key == "coffee"
    assert found[0].value == FACTS["coffee"] and found[0].namespace == "u"
    assert found[0].metadata == {}
    scores = [r.score for r in found]
    assert all(isinstance(s, float) for s in scores) and scores == sorted(scores, reverse=True)
    assert memory.search("Which city does the user live in? Lisbon?", "u", limit=1)[0].key == "city"


def test_search_respects_the_limit(memory: Memory):
    fill(memory, "u")
    assert len(memory.search("coffee cat Lisbon tennis", "u", limit=2)) <= 2
    assert len(memory.search("", "u", limit=3)) == 3


def test_replacing_a_record_replaces_its_metadata(memory: Memory):
    memory.set(MemoryRecord("coffee", "Prefers light roast", "u", {"version": 1, "old": "x"}))
    memory.set(MemoryRecord("coffee", "Prefers dark roast coffee", "u", {"version": 2}))
    assert memory.get("coffee", "u") == MemoryRecord(
        "coffee", "Prefers dark roast coffee", "u", {"version": 2}
    )


def test_search_filters_on_metadata(memory: Memory):
    for key, value in FACTS.items():
        memory.set(MemoryRecord(key, value, "u", {"topic": key, "owner": "ana"}))
    memory.set(
        MemoryRecord("coffee-2", "Likes coffee with oat milk", "u", {"topic": "coffee", "owner": "rui"})
    )
    found = memory.search("coffee", "u", limit=10, metadata={"owner": "rui"})
    assert [r.key for r in found] == ["coffee-2"]
    found = memory.search("coffee", "u", limit=10, metadata={"owner": "ana", "topic": "coffee"})
    assert [r.key for r in found] == ["coffee"]
    assert memory.search("coffee", "u", limit=10, metadata={"owner": "nobody"}) == []


def test_a_blank_query_lists_the_namespace_newest_first(memory: Memory, request: pytest.FixtureRequest):
    for key in ("first", "second", "third"):
        memory.set(MemoryRecord(key, f"The {key} thing written", "u"))
    listed = [r.key for r in memory.search("", "u", limit=10)]
    assert sorted(listed) == ["first", "second", "third"]
    assert len(memory.search("  ", "u", limit=2)) == 2
    if request.node.callspec.params["open_provider"] not in MILLISECOND_ORDER:
        assert listed == ["third", "second", "first"]


def test_namespaces_are_isolated(memory: Memory):
    memory.set(MemoryRecord("coffee", "Prefers dark roast coffee", "alice"))
    memory.set(MemoryRecord("coffee", "Prefers espresso coffee", "bob"))
    assert memory.get("coffee", "alice").value == "Prefers dark roast coffee"
    assert memory.get("coffee", "bob").value == "Prefers espresso coffee"
    assert [r.value for r in memory.search("coffee", "alice", limit=10)] == ["Prefers dark roast coffee"]
    assert memory.search("coffee", "carol", limit=10) == []


def test_delete_removes_one_record(memory: Memory):
    fill(memory, "u")
    assert memory.delete("coffee", "u") is True
    assert memory.delete("coffee", "u") is False
    assert memory.get("coffee", "u") is None and not memory.exists("coffee", "u")
    assert "coffee" not in [r.key for r in memory.search("coffee", "u", limit=10)]
    assert memory.get("cat", "u") is not None


def test_clear_empties_one_namespace_only(memory: Memory):
    fill(memory, "u")
    fill(memory, "v")
    memory.clear("u")
    assert memory.search("", "u", limit=10) == []
    assert not memory.exists("coffee", "u")
    assert len(memory.search("", "v", limit=10)) == len(FACTS)
    memory.clear("never-used")


def test_records_outlive_the_provider_object(open_provider: Opener, request: pytest.FixtureRequest):
    name = request.node.callspec.params["open_provider"]
    if name not in PERSISTENT:
        pytest.skip(f"{name} keeps records in the process only")
    first = Memory(open_provider())
    first.set(MemoryRecord("coffee", FACTS["coffee"], "u"))
    first.close()
    second = Memory(open_provider())
    assert second.get("coffee", "u") == MemoryRecord("coffee", FACTS["coffee"], "u")
    assert second.search("coffee", "u", limit=1)[0].key == "coffee"
    second.close()


def test_returned_records_do_not_alias_storage(memory: Memory):
    memory.set(MemoryRecord("k", "Prefers tea", "u", {"tags": ["x"]}))
    got = memory.get("k", "u")
    got.metadata["tags"].append("y")
    got.value = "changed"
    assert memory.get("k", "u") == MemoryRecord("k", "Prefers tea", "u", {"tags": ["x"]})


def test_memstore_metadata_is_the_items_metadata_and_kind(request: pytest.FixtureRequest):
    """The memstore provider keeps `kind` as the item's kind and the rest as the item's own
    metadata (lists and dicts as JSON text under `memstore.json`); filters reach the service."""
    provider = request.getfixturevalue("memstore_opener")()
    memory = Memory(provider)
    memory.set(MemoryRecord("steps", "Deploys with make release", "u", {"kind": "procedural", "team": "ops"}))
    memory.set(MemoryRecord("coffee", "Prefers dark roast coffee", "u", {"tags": ["drink"], "n": 2}))
    assert memory.get("steps", "u") == MemoryRecord(
        "steps", "Deploys with make release", "u", {"kind": "procedural", "team": "ops"}
    )
    steps = provider.client.get_memory_by_key(provider.store, "u", "steps")
    coffee = provider.client.get_memory_by_key(provider.store, "u", "coffee")
    assert (steps.kind, steps.metadata) == ("procedural", {"team": "ops"})
    assert coffee.metadata == {"tags": '["drink"]', "n": 2, "memstore.json": "tags"}
    assert [r.key for r in memory.search("", "u", limit=10, metadata={"kind": "procedural"})] == ["steps"]
    assert [r.key for r in memory.search("", "u", limit=10, metadata={"n": 2})] == ["coffee"]
    assert [r.key for r in memory.search("", "u", limit=10, metadata={"tags": ["drink"]})] == ["coffee"]
    with pytest.raises(ValueError, match="reserved"):
        memory.set(MemoryRecord("cat", "Has a cat", "u", {"memstore.json": "x"}))
    assert memory.get("cat", "u") is None
