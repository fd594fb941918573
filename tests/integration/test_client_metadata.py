"""Item metadata through memstore.client over real HTTP against `memstore local`: create, update
(replace), upsert, list filter across short pages, search hits, revisions, the async twin, the
Foundry `items:list` form, export and import, and refusals as InvalidRequestError."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from collections.abc import Iterator

import pytest

from memstore.client import AsyncMemoryStoreClient, InvalidRequestError, MemoryStoreClient

pytestmark = pytest.mark.integration

SCOPE = "meta-user"
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


@pytest.fixture
def client(base_url: str) -> MemoryStoreClient:
    return MemoryStoreClient(base_url, timeout=30)


@pytest.fixture
def store(client: MemoryStoreClient, request) -> Iterator[str]:
    name = "m_" + request.node.name.replace("[", "_").replace("]", "")[:50]
    client.create(name)
    yield name
    client.delete(name)


def test_create_get_update_and_revisions(client: MemoryStoreClient, store: str):
    item = client.create_memory(
        store, SCOPE, "Prefers dark roast coffee", metadata={"source": "chat", "n": 2, "ok": True, "x": None}
    )
    assert item.metadata == {"source": "chat", "n": 2, "ok": True, "x": None}
    assert client.get_memory(store, item.memory_id).metadata == item.metadata
    changed = client.update_memory(store, item.memory_id, metadata={"source": "import"})
    assert changed.metadata == {"source": "import"} and changed.content == item.content
    kept = client.update_memory(store, item.memory_id, "Prefers espresso")
    assert kept.metadata == {"source": "import"}
    cleared = client.update_memory(store, item.memory_id, metadata={})
    assert cleared.metadata == {}
    revisions = client.list_memory_revisions(store, item.memory_id)
    assert [(r["content"], r["metadata"]) for r in revisions] == [
        ("Prefers espresso", {"source": "import"}),
        ("Prefers dark roast coffee", {"source": "import"}),
        ("Prefers dark roast coffee", {"source": "chat", "n": 2, "ok": True, "x": None}),
    ]


def test_upsert_replaces_or_keeps(client: MemoryStoreClient, store: str):
    first = client.create_memory(store, SCOPE, "Likes tea", key="drink", upsert=True, metadata={"v": 1})
    second = client.create_memory(store, SCOPE, "Likes mate", key="drink", upsert=True, metadata={"v": 2})
    third = client.create_memory(store, SCOPE, "Likes chai", key="drink", upsert=True)
    assert first.memory_id == second.memory_id == third.memory_id
    assert (second.metadata, third.metadata) == ({"v": 2}, {"v": 2})
    assert client.get_memory_by_key(store, SCOPE, "drink").metadata == {"v": 2}


def test_list_filter_follows_short_pages(client: MemoryStoreClient, store: str):
    wanted = []
    for n in range(12):
        metadata = {"owner": "ana", "pinned": True} if n % 5 == 0 else {"owner": "rui", "pinned": False}
        item = client.create_memory(store, SCOPE, f"memory number {n}", metadata=metadata)
        if n % 5 == 0:
            wanted.append(item.memory_id)
    pages = list(client.list_memories(store, SCOPE, metadata={"owner": "ana"}, page_size=2).by_page())
    listed = [i.memory_id for page in pages for i in page]
    assert sorted(listed) == sorted(wanted), "each match once (ids made in one millisecond keep no order)"
    assert len(pages) > len(wanted) // 2 and all(len(page) <= 2 for page in pages)
    assert sorted(
        i.memory_id for i in client.list_memories(store, SCOPE, metadata={"pinned": True})
    ) == sorted(wanted)
    assert len(list(client.list_memories(store, SCOPE, metadata={"pinned": False}))) == 12 - len(wanted)
    assert list(client.list_memories(store, SCOPE, metadata={"owner": "ana", "pinned": False})) == []


def test_search_hits_and_the_foundry_listing_carry_metadata(
    client: MemoryStoreClient, store: str, base_url: str
):
    item = client.create_memory(store, SCOPE, "Prefers dark roast coffee", metadata={"topic": "drink"})
    client.create_memory(store, SCOPE, "Has a cat called Miso")
    found = client.search_memories(
        store, scope=SCOPE, items=[{"type": "message", "role": "user", "content": "what coffee do I like?"}]
    )
    hits = {hit.memory_item.memory_id: hit.memory_item for hit in found.memories}
    assert hits[item.memory_id].metadata == {"topic": "drink"}
    url = f"{base_url}/memory_stores/{store}/items:list?scope={SCOPE}&metadata.topic=drink&api-version=2025-11-15-preview"
    with _OPENER.open(url, timeout=30) as answer:
        listed = json.load(answer)
    assert [(i["memory_id"], i["metadata"]) for i in listed["data"]] == [(item.memory_id, {"topic": "drink"})]


def test_the_async_twin_carries_metadata(base_url: str, store: str):
    async def run() -> tuple[dict, dict]:
        aclient = AsyncMemoryStoreClient(base_url, timeout=30)
        created = await aclient.create_memory(store, SCOPE, "Runs on Saturdays", metadata={"a": 1})
        updated = await aclient.update_memory(store, created.memory_id, metadata={"b": 2})
        return created.metadata, updated.metadata

    assert asyncio.run(run()) == ({"a": 1}, {"b": 2})


@pytest.mark.parametrize(
    "metadata",
    [{"tags": ["a"]}, {"k" * 65: 1}, {f"k{n}": n for n in range(17)}, {"bad key": 1}, {"v": "x" * 257}],
    ids=["nested", "long-key", "17-keys", "space-in-key", "long-value"],
)
def test_bad_metadata_is_an_invalid_request_error(client: MemoryStoreClient, store: str, metadata: dict):
    with pytest.raises(InvalidRequestError) as raised:
        client.create_memory(store, SCOPE, "Likes tea", metadata=metadata)
    assert raised.value.param == "metadata"
    assert list(client.list_memories(store, SCOPE)) == []


def _http(method: str, url: str, body: bytes | None = None) -> tuple[int, bytes]:
    request = urllib.request.Request(url, data=body, method=method)
    try:
        with _OPENER.open(request, timeout=60) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def test_export_and_import_carry_metadata(client: MemoryStoreClient, store: str, base_url: str):
    item = client.create_memory(
        store, SCOPE, "Prefers dark roast coffee", metadata={"source": "chat", "n": 1.5}
    )
    client.update_memory(store, item.memory_id, "Prefers espresso", metadata={"source": "edit"})
    status, exported = _http("GET", f"{base_url}/memory_stores/{store}/export?scope={SCOPE}")
    assert status == 200, exported
    lines = [json.loads(line) for line in exported.decode().splitlines() if line.strip()]
    (line,) = [x for x in lines if x["object"] == "memory_item.export"]
    assert line["metadata"] == {"source": "edit"}
    assert line["revisions"][0]["metadata"] == {"source": "chat", "n": 1.5}

    client.update_memory(store, item.memory_id, metadata={"source": "changed"})
    status, answer = _http("POST", f"{base_url}/memory_stores/{store}/import", exported)
    assert status == 200, answer
    assert json.loads(answer)["updated"] == 1
    assert client.get_memory(store, item.memory_id).metadata == {"source": "edit"}

    line["metadata"] = {"nested": {"no": 1}}
    bad = "\n".join(json.dumps(x) for x in lines if x["object"] != "memory_store.export.page").encode()
    status, answer = _http("POST", f"{base_url}/memory_stores/{store}/import", bad)
    assert status == 400, answer
    error = json.loads(answer)["error"]
    assert error["param"] == "body" and "metadata" in error["message"]
    assert client.get_memory(store, item.memory_id).metadata == {"source": "edit"}


def test_extraction_never_writes_metadata(client: MemoryStoreClient, store: str):
    """Memories an update extracts carry none; an item it rewrites keeps what the caller set."""
    mine = client.create_memory(store, SCOPE, "Prefers green tea in the morning", metadata={"source": "app"})
    poller = client.begin_update_memories(
        store,
        SCOPE,
        [
            {
                "role": "user",
                "content": "I actually prefer dark roast coffee in the morning now. I have a dog called Rex.",
            }
        ],
        update_delay=0,
    )
    result = poller.result(timeout=60)
    assert result.memory_operations
    items = {i.memory_id: i for i in client.list_memories(store, SCOPE)}
    for op in result.memory_operations:
        if op.kind == "create":
            assert items[op.memory_item.memory_id].metadata == {}
    rewritten = [op for op in result.memory_operations if op.memory_item.memory_id == mine.memory_id]
    assert [op.kind for op in rewritten] == ["update"], "the consolidation rewrote the caller's item"
    assert "dark roast" in items[mine.memory_id].content
    assert items[mine.memory_id].metadata == {"source": "app"}
    assert rewritten[0].memory_item.metadata == {"source": "app"}
    assert all(i.metadata == {} for i in items.values() if i.memory_id != mine.memory_id)
