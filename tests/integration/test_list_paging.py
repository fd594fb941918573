"""GET /memory_stores/{name}/items reads O(limit) rows: DynamoDB Queries with a Limit, without the
embeddings, continued from an opaque, checked page token (`next_after`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from memstore.domain.models import Kind, MemoryItem
from tests.integration.conftest import START, Api

pytestmark = pytest.mark.integration

SCOPE = "user-123"


@pytest.fixture
def queries(api: Api) -> Iterator[list[dict[str, Any]]]:
    """Every Query the repository sends while the test runs: how many rows it read, which
    attributes came back."""
    models = api.repository._m
    rows = (models.MemoryRow, models.KeyRow, api.container.erasure._bulk._rows.KeyRow)
    clients = {id(c): c for c in (row._get_connection().connection.client for row in rows)}
    seen: list[dict[str, Any]] = []

    def record(parsed: dict[str, Any], **_: Any) -> None:
        seen.append(
            {
                "scanned": parsed.get("ScannedCount"),
                "attributes": {name for row in parsed.get("Items", []) for name in row},
            }
        )

    for client in clients.values():
        client.meta.events.register("after-call.dynamodb.Query", record)
    try:
        yield seen
    finally:
        for client in clients.values():
            client.meta.events.unregister("after-call.dynamodb.Query", record)


def seed(api: Api, n: int, *, scope: str = SCOPE, expired_every: int = 0) -> list[str]:
    """n items written straight to the table, each with a stored embedding (as a searched scope
    has); every `expired_every`-th one already past its TTL but not yet deleted."""
    ids = []
    for k in range(n):
        memory_id = f"mem_01K{k:023d}"
        expired = expired_every and k % expired_every == 0
        api.repository.put_item(
            MemoryItem(
                memory_id=memory_id,
                store="demo",
                scope=scope,
                kind=Kind.USER_PROFILE,
                content=f"fact number {k}",
                created_at=START - 100,
                updated_at=START - 100,
                expires_at=START - 1 if expired else None,
                embedding=bytes(1536),
                embedding_model="all-MiniLM-L6-v2",
            )
        )
        if not expired:
            ids.append(memory_id)
    return ids


def page(api: Api, **query: Any):
    return api.call("items", "list", path={"name": "demo"}, query={"scope": SCOPE, "kind": None, **query})


def test_every_page_reads_about_its_limit_and_no_embeddings(api: Api, queries):
    api.create_store()
    ids = seed(api, 60)
    listed, after, bodies = [], None, []
    for _ in range(20):
        reply = page(api, limit=10, after=after)
        assert reply.status == 200, reply.text
        bodies.append(reply.body)
        listed += [i["memory_id"] for i in reply.body["data"]]
        if not reply.body["has_more"]:
            break
        after = reply.body["next_after"]
    assert listed == ids
    assert [len(b["data"]) for b in bodies] == [10] * 6
    assert all(b["next_after"].startswith("pg_") for b in bodies[:-1]) and bodies[-1]["next_after"] is None
    assert queries and all(q["scanned"] <= 11 for q in queries)
    assert sum(q["scanned"] for q in queries) <= 6 * 11
    assert not any("embedding" in q["attributes"] or "revisions" in q["attributes"] for q in queries)


def test_pages_stay_full_when_expired_items_await_deletion(api: Api, queries):
    api.create_store()
    ids = seed(api, 45, expired_every=3)
    first = page(api, limit=10)
    assert [i["memory_id"] for i in first.body["data"]] == ids[:10] and first.body["has_more"]
    second = page(api, limit=10, after=first.body["next_after"])
    assert [i["memory_id"] for i in second.body["data"]] == ids[10:20]
    assert sum(q["scanned"] for q in queries) <= 2 * (10 + 1) * 2


def test_the_last_id_still_pages(api: Api):
    api.create_store()
    ids = seed(api, 5)
    first = page(api, limit=2)
    second = page(api, limit=2, after=first.body["last_id"])
    assert [i["memory_id"] for i in second.body["data"]] == ids[2:4]


@pytest.mark.parametrize("tamper", ["flipped", "truncated", "foreign scope", "other kind", "not a cursor"])
def test_a_tampered_or_foreign_cursor_is_a_400(api: Api, tamper: str):
    api.create_store()
    seed(api, 5)
    seed(api, 5, scope="user-456")
    token = page(api, limit=2).body["next_after"]
    query: dict[str, Any] = {"limit": 2}
    if tamper == "flipped":
        query["after"] = token[:-3] + ("A" if token[-3] != "A" else "B") + token[-2:]
    elif tamper == "truncated":
        query["after"] = token[:12]
    elif tamper == "foreign scope":
        query.update(after=token, scope="user-456")
    elif tamper == "other kind":
        query.update(after=token, kind="procedural")
    else:
        query["after"] = "../../STORE#other"
    reply = page(api, **query)
    assert reply.status == 400, reply.text
    assert reply.error["code"] == "invalid_request" and reply.error["param"] == "after"
    assert str(query["after"]) not in reply.text


def test_deleting_a_scope_reads_only_the_keys_of_its_rows(api: Api, queries):
    api.create_store()
    seed(api, 30)
    reply = api.call("items", "delete_scope", path={"name": "demo"}, body={"scope": SCOPE})
    assert reply.status == 200 and reply.body["deleted_count"] == 30, reply.text
    assert queries and all(q["attributes"] <= {"pk", "sk"} for q in queries)
    assert page(api).body["data"] == []
