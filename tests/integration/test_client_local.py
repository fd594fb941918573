"""memstore.client.MemoryStoreClient over real HTTP against `memstore local` (the real template,
handlers, moto, the local scheduler and the rules extractor): every method, its typed result, and
the exceptions the API's error codes become."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from memstore.client import (
    AsyncMemoryStoreClient,
    ConflictError,
    InvalidRequestError,
    MemoryItem,
    MemoryStoreClient,
    NotFoundError,
)

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
WAIT = 60.0


@pytest.fixture
def client(base_url: str) -> MemoryStoreClient:
    return MemoryStoreClient(base_url, timeout=30)


@pytest.fixture
def store(client: MemoryStoreClient, request) -> Iterator[str]:
    name = "c_" + request.node.name.replace("[", "_").replace("]", "")[:50]
    client.create(name)
    yield name
    client.delete(name)


def test_store_methods(client: MemoryStoreClient):
    created = client.create(
        "client_stores",
        {"options": {"default_ttl_seconds": 3600}},
        description="first",
        metadata={"team": "a"},
    )
    assert (created.name, created.description, created.metadata) == ("client_stores", "first", {"team": "a"})
    assert created.definition["options"]["default_ttl_seconds"] == 3600
    assert created.definition["chat_model"] == "memstore-rules"
    assert client.get("client_stores") == created
    changed = client.update("client_stores", description="second")
    assert (changed.description, changed.metadata) == ("second", {"team": "a"})
    for n in range(3):
        client.create(f"client_stores_{n}")
    names = [s.name for s in client.list(page_size=1)]
    assert {"client_stores", "client_stores_0", "client_stores_1", "client_stores_2"} <= set(names)
    assert names == sorted(names), "pages follow one another in name order"
    with pytest.raises(ConflictError) as raised:
        client.create("client_stores")
    assert (raised.value.status, raised.value.code, raised.value.param) == (409, "conflict", "name")
    deleted = client.delete("client_stores")
    assert (deleted.name, deleted.deleted) == ("client_stores", True)
    for n in range(3):
        client.delete(f"client_stores_{n}")
    with pytest.raises(NotFoundError) as missing:
        client.get("client_stores")
    assert missing.value.code == "not_found" and missing.value.status == 404
    assert missing.value.request_id, "the request id API Gateway answered with"


def test_item_methods(client: MemoryStoreClient, store: str):
    item = client.create_memory(store, scope="u1", content="Prefers window seats.", kind="user_profile")
    assert isinstance(item, MemoryItem) and item.memory_id.startswith("mem_")
    assert (item.scope, item.kind, item.content, item.key) == (
        "u1",
        "user_profile",
        "Prefers window seats.",
        None,
    )
    assert client.get_memory(store, item.memory_id) == item
    changed = client.update_memory(store, item.memory_id, "Prefers aisle seats.")
    assert (changed.content, changed.version) == ("Prefers aisle seats.", 2)
    kinded = client.update_memory(store, item.memory_id, kind="procedural")
    assert (kinded.kind, kinded.content) == ("procedural", "Prefers aisle seats.")
    ids = [item.memory_id] + [
        client.create_memory(store, "u1", f"fact number {n}", "chat_summary").memory_id for n in range(4)
    ]
    assert [m.memory_id for m in client.list_memories(store, "u1", page_size=2)] == sorted(ids)
    pages = list(client.list_memories(store, "u1", page_size=2).by_page())
    assert [len(p) for p in pages] == [2, 2, 1]
    assert [m.memory_id for m in client.list_memories(store, "u1", kind="procedural")] == [item.memory_id]
    assert ids[1] in {m.memory_id for m in client.list_memories(store, "u1", kind="chat_summary")}
    assert list(client.list_memories(store, "nobody")) == []
    gone = client.delete_memory(store, item.memory_id)
    assert (gone.memory_id, gone.deleted) == (item.memory_id, True)
    with pytest.raises(NotFoundError):
        client.get_memory(store, item.memory_id)
    scope_gone = client.delete_scope(store, "u1")
    assert (scope_gone.scope, scope_gone.deleted, scope_gone.deleted_count) == ("u1", True, 4)
    assert list(client.list_memories(store, "u1")) == []


def test_keyed_records(client: MemoryStoreClient, store: str):
    first = client.create_memory(store, "u1", "Drinks dark roast.", key="coffee")
    assert first.key == "coffee"
    with pytest.raises(ConflictError) as taken:
        client.create_memory(store, "u1", "Drinks tea.", key="coffee")
    assert taken.value.param == "key"
    upserted = client.create_memory(store, "u1", "Drinks espresso.", key="coffee", upsert=True)
    assert (upserted.memory_id, upserted.content) == (first.memory_id, "Drinks espresso.")
    assert client.get_memory_by_key(store, "u1", "coffee") == upserted
    assert client.get_memory_by_key(store, "u1", "tea") is None
    assert client.get_memory_by_key(store, "u2", "coffee") is None


def test_invalid_request_names_the_field(client: MemoryStoreClient, store: str):
    with pytest.raises(InvalidRequestError) as raised:
        client.create_memory(store, "u1", "x", kind="nonsense")
    assert (raised.value.status, raised.value.code, raised.value.param) == (400, "invalid_request", "kind")
    assert raised.value.request_id


def test_update_poller_search_and_chaining(client: MemoryStoreClient, store: str):
    poller = client.begin_update_memories(
        store,
        "u1",
        [{"role": "user", "content": "I prefer dark roast coffee and usually drink it in the morning"}],
        update_delay=0,
    )
    assert poller.update_id.startswith("upd_")
    result = poller.result(timeout=WAIT)
    assert poller.status() == "completed" and poller.done()
    contents = [op.memory_item.content for op in result.memory_operations if op.kind == "create"]
    assert any("dark roast" in c for c in contents), contents

    chained = client.begin_update_memories(
        store,
        "u1",
        ["I also like cappuccinos in the afternoon"],
        previous_update_id=poller.update_id,
        update_delay=0,
    )
    chained.result(timeout=WAIT)
    update = client.get_update(store, chained.update_id)
    assert (update.status, update.previous_update_id) == ("completed", poller.update_id)

    found = client.search_memories(store, "u1", ["What are my coffee preferences?"], max_memories=5)
    assert found.search_id.startswith("srch_")
    assert found.memories and "dark roast" in found.memories[0].memory_item.content
    assert all(0 <= m.score <= 1 for m in found.memories)
    static = client.search_memories(store, "u1")
    assert {m.memory_item.kind for m in static.memories} <= {"user_profile", "procedural"}
    assert static.memories, "the coffee preference is a profile memory"
    more = client.search_memories(
        store, "u1", ["What are my coffee preferences?"], previous_search_id=found.search_id
    )
    seen = {m.memory_item.memory_id for m in found.memories}
    assert not seen & {m.memory_item.memory_id for m in more.memories}, "a continued search repeats nothing"


def test_poller_follows_the_update_that_superseded_it(client: MemoryStoreClient, store: str):
    first = client.begin_update_memories(store, "u1", ["My sister is called Maria."], update_delay=600)
    assert first.status() == "queued"
    second = client.begin_update_memories(store, "u1", ["I play the cello."], update_delay=0)
    result = first.result(timeout=WAIT)
    assert first.current_update_id == second.update_id != first.update_id
    assert client.get_update(store, first.update_id).status == "superseded"
    contents = " ".join(op.memory_item.content or "" for op in result.memory_operations)
    assert "Maria" in contents and "cello" in contents, "the superseded messages carried over"


def test_remember_command_and_preview(client: MemoryStoreClient, store: str):
    preview = client.preview_update_memories(store, "u1", ["Remember that my preferred seat is aisle."])
    assert preview.status == "dry_run" and preview.update_id is None
    assert list(client.list_memories(store, "u1")) == [], "a preview writes nothing"
    poller = client.begin_update_memories(store, "u1", ["Remember that my preferred seat is aisle."])
    [command] = poller.memory_commands
    assert (command.arguments["action"], command.status) == ("remember", "completed")
    assert any("aisle" in (m.content or "") for m in client.list_memories(store, "u1"))


def test_user_id_header_resolves_the_user_scope(base_url: str, client: MemoryStoreClient, store: str):
    as_ana = MemoryStoreClient(base_url, user_id="ana")
    item = as_ana.create_memory(store, "{{$userId}}", "Ana likes jazz.")
    assert item.scope == "ana"
    assert [m.memory_id for m in client.list_memories(store, "ana")] == [item.memory_id]


def test_item_lifecycle_methods(client: MemoryStoreClient, store: str):
    item = client.create_memory(store, "u1", "Walks the dog at seven.")
    client.update_memory(store, item.memory_id, "Walks the dog at eight.")
    [revision] = client.list_memory_revisions(store, item.memory_id)
    assert revision["content"] == "Walks the dog at seven."
    reinforced = client.reinforce_memory(store, item.memory_id)
    assert reinforced.importance > item.importance
    pinned = client.set_memory_expiration(store, item.memory_id, ttl_seconds=3600)
    assert pinned.expires_at is not None and pinned.expires_at > pinned.updated_at
    never = client.set_memory_expiration(store, item.memory_id, expires_at=None)
    assert never.expires_at is None
    with pytest.raises(ValueError):
        client.set_memory_expiration(store, item.memory_id)


def test_the_async_client(base_url: str, store: str):
    async def run() -> tuple:
        client = AsyncMemoryStoreClient(base_url)
        item = await client.create_memory(store, "u9", "Prefers oat milk.")
        got = await client.get_memory(store, item.memory_id)
        listed = [m.memory_id async for m in client.list_memories(store, "u9", page_size=1)]
        poller = await client.begin_update_memories(store, "u9", ["I play the cello."], update_delay=0)
        result = await poller.result(timeout=WAIT)
        found = await client.search_memories(store, "u9", ["what do I play?"])
        stores = [s.name async for s in client.list()]
        return item, got, listed, result, found, stores

    item, got, listed, result, found, stores = asyncio.run(run())
    assert got == item and listed[0] == item.memory_id
    assert any("cello" in (op.memory_item.content or "") for op in result.memory_operations)
    assert "cello" in found.memories[0].memory_item.content
    assert store in stores
