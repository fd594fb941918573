"""The happy path of every route, driven by the sample events in events/: status and body shape
as docs/api.md (the contract) says, and what the table holds afterwards."""

from __future__ import annotations

import base64
import json
import re

import pytest

from tests.events import load_event
from tests.integration.conftest import START, Api

pytestmark = pytest.mark.integration

ULID = r"[0-9A-HJKMNP-TV-Z]{26}"
STORE_FIELDS = {"object", "id", "name", "description", "metadata", "definition", "created_at", "updated_at"}
ITEM_FIELDS = {"object", "memory_id", "scope", "kind", "content", "created_at", "updated_at", "expires_at"}
LIST_FIELDS = {"object", "data", "has_more", "first_id", "last_id", "next_after"}


def event_body(function: str, case: str) -> dict:
    return json.loads(load_event(function, case)["body"])


def assert_item(item: dict, scope: str, kind: str, content: str) -> None:
    assert set(item) >= ITEM_FIELDS, item
    assert item["object"] == "memory_item"
    assert re.fullmatch(f"mem_{ULID}", item["memory_id"])
    assert (item["scope"], item["kind"], item["content"]) == (scope, kind, content)
    assert isinstance(item["created_at"], int) and isinstance(item["updated_at"], int)
    assert item["updated_at"] >= item["created_at"]


def assert_list(body: dict, ids: list[str], has_more: bool) -> None:
    assert set(body) == LIST_FIELDS, body
    assert body["object"] == "list" and body["has_more"] is has_more
    assert [x.get("memory_id", x.get("name")) for x in body["data"]] == ids
    assert body["first_id"] == (ids[0] if ids else None)
    assert body["last_id"] == (ids[-1] if ids else None)


def store_rows(snapshot: dict, name: str) -> dict:
    """The rows that belong to store `name` (its record, registry entry, scopes, items, updates)."""
    return {
        key: row
        for key, row in snapshot.items()
        if key[0] == f"STORE#{name}"
        or key[0].startswith(f"STORE#{name}#")
        or key == ("STORES", f"STORE#{name}")
    }


# ---------------------------------------------------------------------------- stores
def test_store_routes_from_the_sample_events(api: Api):
    sent = event_body("stores", "create")

    created = api.call("stores", "create")
    assert created.status == 201, created.text
    store = created.body
    assert set(store) == STORE_FIELDS
    assert store["object"] == "memory_store" and re.fullmatch(f"ms_{ULID}", store["id"])
    assert (store["name"], store["description"], store["metadata"]) == (
        sent["name"],
        sent["description"],
        sent["metadata"],
    )
    definition = store["definition"]
    assert definition["kind"] == "default"
    assert definition["chat_model"] == "memstore-rules", "the deployment's default applies"
    assert definition["embedding_model"] == "all-MiniLM-L6-v2"
    assert definition["options"] == sent["definition"]["options"]
    assert store["created_at"] == store["updated_at"] == START

    got = api.call("stores", "get")
    assert (got.status, got.body) == (200, store)

    listed = api.call("stores", "list")
    assert listed.status == 200
    assert_list(listed.body, ["demo"], has_more=False)
    assert listed.body["data"] == [store]

    api.clock.advance(60)
    changes = event_body("stores", "update")
    updated = api.call("stores", "update")
    assert updated.status == 200, updated.text
    assert updated.body == {**store, **changes, "updated_at": START + 60}
    assert api.call("stores", "get").body == updated.body

    deleted = api.call("stores", "delete")
    assert (deleted.status, deleted.body) == (
        200,
        {"object": "memory_store.deleted", "name": "demo", "deleted": True, "deleted_count": 0},
    )
    assert api.call("stores", "get").status == 404
    assert_list(api.call("stores", "list").body, [], has_more=False)


def test_store_update_changes_only_what_it_names(api: Api):
    api.call("stores", "create")
    only_metadata = api.call("stores", "update", body={"metadata": {"tier": "gold"}})
    assert only_metadata.status == 200
    assert only_metadata.body["metadata"] == {"tier": "gold"}
    assert only_metadata.body["description"] == event_body("stores", "create")["description"]


def test_store_listing_pages_through_limit_and_after(api: Api):
    names = ["alpha", "bravo", "charlie", "delta", "echo"]
    for name in reversed(names):
        api.create_store(name)

    first = api.call("stores", "list", query={"limit": 2})
    assert_list(first.body, names[:2], has_more=True)
    second = api.call("stores", "list", query={"limit": 2, "after": first.body["last_id"]})
    assert_list(second.body, names[2:4], has_more=True)
    third = api.call("stores", "list", query={"limit": 2, "after": second.body["last_id"]})
    assert_list(third.body, names[4:], has_more=False)
    everything = api.call("stores", "list", query={"limit": 100})
    assert_list(everything.body, names, has_more=False)
    default = api.call("stores", "list", query={"limit": None})
    assert_list(default.body, names, has_more=False)


# ---------------------------------------------------------------------------- items
def test_item_routes_from_the_sample_events(api: Api):
    api.call("stores", "create")
    sent = event_body("items", "create")

    created = api.call("items", "create")
    assert created.status == 201, created.text
    item = created.body
    assert_item(item, sent["scope"], sent["kind"], sent["content"])
    assert item["created_at"] == item["updated_at"] == START
    assert item["expires_at"] is None, "the sample store never expires items"
    memory_id = item["memory_id"]

    got = api.call("items", "get", path={"memory_id": memory_id})
    assert (got.status, got.body) == (200, item), "read-your-writes: GET right after POST"

    listed = api.call("items", "list")
    assert listed.status == 200
    assert_list(listed.body, [memory_id], has_more=False)
    assert listed.body["data"] == [item]

    api.clock.advance(30)
    changed = api.call("items", "update", path={"memory_id": memory_id})
    assert changed.status == 200, changed.text
    new_content = event_body("items", "update")["content"]
    assert_item(changed.body, sent["scope"], sent["kind"], new_content)
    assert changed.body["created_at"] == START and changed.body["updated_at"] == START + 30
    assert changed.body["version"] == item["version"] + 1
    assert api.call("items", "get", path={"memory_id": memory_id}).body == changed.body

    recast = api.call("items", "update", path={"memory_id": memory_id}, body={"kind": "procedural"})
    assert recast.status == 200
    assert (recast.body["kind"], recast.body["content"]) == ("procedural", new_content)

    deleted = api.call("items", "delete", path={"memory_id": memory_id})
    assert (deleted.status, deleted.body) == (
        200,
        {"object": "memory_item.deleted", "memory_id": memory_id, "deleted": True},
    )
    assert api.call("items", "get", path={"memory_id": memory_id}).status == 404
    assert api.call("items", "delete", path={"memory_id": memory_id}).status == 404
    assert api.list_items(sent["scope"]) == []


@pytest.mark.parametrize(
    "encoding",
    ["base64-by-api-gateway", "curl-form-content-type", "no-content-type"],
)
def test_a_json_body_is_read_however_it_arrives(api: Api, encoding: str):
    """curl -d says application/x-www-form-urlencoded; API Gateway base64-encodes bodies whose
    content type it takes for binary. The body is JSON either way."""
    api.create_store()
    event = api.event("items", "create")
    if encoding == "base64-by-api-gateway":
        event["body"] = base64.b64encode(event["body"].encode("utf-8")).decode("ascii")
        event["isBase64Encoded"] = True
        event["headers"]["content-type"] = "application/octet-stream"
    elif encoding == "curl-form-content-type":
        event["headers"]["content-type"] = "application/x-www-form-urlencoded"
    else:
        del event["headers"]["content-type"]
    reply = api.invoke("items", event)
    assert reply.status == 201, reply.text
    assert reply.body["content"] == event_body("items", "create")["content"]


def test_item_listing_pages_filters_by_kind_and_keeps_scopes_apart(api: Api):
    api.create_store()
    profile_ids = []
    for n in range(5):
        api.clock.advance(1)
        profile_ids.append(api.create_item("user-123", f"profile fact {n}")["memory_id"])
        api.create_item("user-123", f"summary {n}", kind="chat_summary")
    api.create_item("user-999", "another user's fact")

    first = api.call("items", "list", query={"limit": 2})
    assert_list(first.body, profile_ids[:2], has_more=True)
    second = api.call("items", "list", query={"limit": 2, "after": first.body["last_id"]})
    assert_list(second.body, profile_ids[2:4], has_more=True)
    third = api.call("items", "list", query={"limit": 2, "after": second.body["last_id"]})
    assert_list(third.body, profile_ids[4:], has_more=False)
    assert all(
        i["kind"] == "user_profile" for i in first.body["data"] + second.body["data"] + third.body["data"]
    )

    summaries = api.call("items", "list", query={"kind": "chat_summary"}).body["data"]
    assert sorted(i["content"] for i in summaries) == [f"summary {n}" for n in range(5)]
    everything = api.list_items("user-123")
    assert len(everything) == 10 and {i["scope"] for i in everything} == {"user-123"}
    assert [i["content"] for i in api.list_items("user-999")] == ["another user's fact"]


def test_ids_sort_by_creation_time(api: Api):
    api.create_store()
    ids = []
    for n in range(4):
        api.clock.advance(2)
        ids.append(api.create_item("user-123", f"fact {n}")["memory_id"])
    assert ids == sorted(ids)
    assert [i["memory_id"] for i in api.list_items("user-123")] == ids


def test_delete_scope_from_the_sample_event(api: Api):
    api.call("stores", "create")
    for n in range(27):
        api.create_item("user-123", f"fact {n}")
    kept = api.create_item("user-456", "someone else's fact")

    reply = api.call("items", "delete_scope")
    assert reply.status == 200, reply.text
    assert reply.body == {
        "object": "memory_store.scope.deleted",
        "name": "demo",
        "scope": "user-123",
        "deleted": True,
        "deleted_count": 27,
    }
    assert api.list_items("user-123") == []
    assert api.list_items("user-456") == [kept]
    again = api.call("items", "delete_scope")
    assert (again.status, again.body["deleted_count"]) == (200, 0)


# ---------------------------------------------------------------------------- expiry
def test_items_expire_after_the_store_ttl_although_the_row_stays(api: Api, table_snapshot):
    api.create_store("demo", default_ttl_seconds=3600)
    stale = api.create_item("user-123", "Is training for a marathon in the spring.")
    fresh = api.create_item("user-123", "Prefers trains to planes.")
    assert stale["expires_at"] == fresh["expires_at"] == START + 3600

    api.clock.advance(1800)
    rewritten = api.call(
        "items",
        "update",
        path={"memory_id": fresh["memory_id"]},
        body={"content": "Prefers night trains to planes."},
    )
    assert rewritten.body["expires_at"] == START + 1800 + 3600, "every write restarts the item's life"

    api.clock.advance(1800)
    gone = api.call("items", "get", path={"memory_id": stale["memory_id"]})
    assert (gone.status, gone.error["code"]) == (404, "not_found")
    assert [i["memory_id"] for i in api.list_items("user-123")] == [fresh["memory_id"]]
    for case in ("static", "contextual"):
        found = api.call(
            "search",
            case,
            body={
                "scope": "user-123",
                **(
                    {
                        "items": [
                            {"type": "message", "role": "user", "content": "How is the marathon training?"}
                        ]
                    }
                    if case == "contextual"
                    else {}
                ),
            },
        )
        assert found.status == 200
        assert stale["memory_id"] not in [m["memory_item"]["memory_id"] for m in found.body["memories"]]
    assert (
        api.call("items", "update", path={"memory_id": stale["memory_id"]}, body={"content": "x"}).status
        == 404
    )

    raw = [row for (pk, sk), row in table_snapshot().items() if sk == f"MEM#{stale['memory_id']}"]
    assert raw, "moto never applies TTL: the expired row is still in the table"
    assert any(int(row["expires_at"]["N"]) == START + 3600 for row in raw if "expires_at" in row)

    api.clock.advance(3600)
    assert api.list_items("user-123") == []


def test_items_of_a_store_without_ttl_never_expire(api: Api):
    api.create_store("demo")
    item = api.create_item("user-123", "Speaks Portuguese.")
    api.clock.advance(10 * 365 * 86400)
    assert api.call("items", "get", path={"memory_id": item["memory_id"]}).status == 200


# ---------------------------------------------------------------------------- deleting a store
def test_deleting_a_store_removes_all_its_items_and_a_new_store_starts_empty(api: Api, table_snapshot):
    api.create_store("keep")
    kept = api.create_item("user-1", "Belongs to another store.", store="keep")
    api.call("stores", "create")
    sizes = {"user-1": 27, "user-2": 6, "user-3": 3}  # over one 25-item write batch, several scopes
    scopes = list(sizes)
    ids = {
        scope: [api.create_item(scope, f"{scope} fact {n}")["memory_id"] for n in range(size)]
        for scope, size in sizes.items()
    }
    update = api.call(
        "updates",
        "submit",
        body={
            "scope": "user-1",
            "items": [{"type": "message", "role": "user", "content": "I live in Porto."}],
        },
    )
    assert update.status == 202
    searched = api.call("search", "static", body={"scope": "user-2"})
    assert searched.status == 200
    before = table_snapshot()
    assert len(store_rows(before, "demo")) > 30
    keep_rows = store_rows(before, "keep")

    deleted = api.call("stores", "delete")
    assert (deleted.status, deleted.body["deleted"]) == (200, True)

    after = table_snapshot()
    assert store_rows(after, "demo") == {}
    assert store_rows(after, "keep") == keep_rows
    assert api.call("items", "get", path={"name": "keep", "memory_id": kept["memory_id"]}).status == 200

    assert api.call("stores", "create").status == 201
    for scope in scopes:
        assert api.list_items(scope) == []
        assert api.call("items", "get", path={"memory_id": ids[scope][0]}).status == 404
        assert api.call("search", "static", body={"scope": scope}).body["memories"] == []
    assert api.call("updates", "get", path={"update_id": update.body["update_id"]}).status == 404


# ---------------------------------------------------------------------------- update_memories
def test_update_memories_from_the_sample_event(api: Api):
    api.call("stores", "create")
    sent = event_body("updates", "submit")

    accepted = api.call("updates", "submit")
    assert accepted.status == 202, accepted.text
    body = accepted.body
    assert set(body) >= {"object", "update_id", "status", "memory_commands"}
    assert body["object"] == "memory_store.update" and body["status"] == "queued"
    assert re.fullmatch(f"upd_{ULID}", body["update_id"])
    assert body["memory_commands"] == [
        {
            "type": "memory_command_call",
            "arguments": {
                "action": "remember",
                "content": body["memory_commands"][0]["arguments"]["content"],
            },
            "status": "completed",
        }
    ]
    assert "window seat" in body["memory_commands"][0]["arguments"]["content"]
    remembered = api.list_items(sent["scope"])
    assert len(remembered) == 1 and "window seat" in remembered[0]["content"], "commands apply before the 202"

    assert [(j.update_id, j.scope, j.due_at) for j in api.scheduler.jobs] == [
        (body["update_id"], sent["scope"], START + sent["update_delay"])
    ]

    status = api.call("updates", "get", path={"update_id": body["update_id"]})
    assert status.status == 200, status.text
    assert status.body["object"] == "memory_store.update"
    assert (status.body["update_id"], status.body["status"]) == (body["update_id"], "queued")
    assert status.body["due_at"] == START + sent["update_delay"]
    assert "result" not in status.body and "superseded_by" not in status.body


def test_a_newer_update_supersedes_a_pending_one(api: Api):
    api.create_store()
    message = {"type": "message", "role": "user", "content": "I moved to Lisbon last year."}
    first = api.call("updates", "submit", body={"scope": "user-123", "items": [message], "update_delay": 60})
    api.clock.advance(10)
    second = api.call("updates", "submit", body={"scope": "user-123", "items": [message], "update_delay": 60})
    assert first.status == second.status == 202

    old = api.call("updates", "get", path={"update_id": first.body["update_id"]}).body
    assert old["status"] == "superseded" and old["superseded_by"] == second.body["update_id"]
    new = api.call("updates", "get", path={"update_id": second.body["update_id"]}).body
    assert (new["status"], new["due_at"]) == ("queued", START + 10 + 60)


def test_update_memories_dry_run_writes_nothing(api: Api, table_snapshot):
    api.call("stores", "create")
    before = table_snapshot()
    body = {**event_body("updates", "submit"), "dry_run": True}
    reply = api.call("updates", "submit", body=body)
    assert reply.status == 200, reply.text
    assert reply.body["status"] == "dry_run"
    assert isinstance(reply.body["result"]["memory_operations"], list)
    assert reply.body["memory_commands"][0]["status"] == "dry_run"
    assert table_snapshot() == before
    assert api.scheduler.jobs == []


# ---------------------------------------------------------------------------- search
def test_static_search_from_the_sample_event_returns_the_profile(api: Api):
    api.call("stores", "create")
    api.clock.advance(1)
    profile = api.create_item("user-123", "Is vegetarian.")
    procedure = api.create_item("user-123", "Always answer in metric units.", kind="procedural")
    api.create_item("user-123", "Talked about Lisbon restaurants.", kind="chat_summary")
    api.create_item("user-456", "Is vegan.")

    reply = api.call("search", "static")
    assert reply.status == 200, reply.text
    assert reply.body["object"] == "memory_store.search"
    assert re.fullmatch(f"srch_{ULID}", reply.body["search_id"])
    found = {m["memory_item"]["memory_id"] for m in reply.body["memories"]}
    assert found == {profile["memory_id"], procedure["memory_id"]}
    for memory in reply.body["memories"]:
        assert set(memory) >= {"memory_item", "score"} and 0.0 <= memory["score"] <= 1.0
        assert memory["memory_item"]["scope"] == "user-123"


def test_contextual_search_from_the_sample_event_and_its_continuation(api: Api):
    api.call("stores", "create")
    facts = [
        "Is vegetarian and avoids fish.",
        "Loves small restaurants with local food.",
        "Is planning a trip to Lisbon in May.",
        "Prefers a window seat on long flights.",
        "Works as a nurse on night shifts.",
        "Has a cat named Miso.",
        "Dislikes loud bars.",
    ]
    for fact in facts:
        api.create_item("user-123", fact)
    api.create_item("user-456", "Wants a restaurant in Lisbon for dinner tonight.")

    first = api.call("search", "contextual")
    assert first.status == 200, first.text
    memories = first.body["memories"]
    assert 1 <= len(memories) <= event_body("search", "contextual")["options"]["max_memories"]
    scores = [m["score"] for m in memories]
    assert all(0.0 <= s <= 1.0 for s in scores) and scores == sorted(scores, reverse=True)
    assert {m["memory_item"]["scope"] for m in memories} == {"user-123"}
    assert any("restaurant" in m["memory_item"]["content"] for m in memories[:2])
    assert first.body.get("usage", {}).get("query_characters", 1) > 0

    more = api.call(
        "search",
        "static",
        body={
            "scope": "user-123",
            "previous_search_id": first.body["search_id"],
            "options": {"max_memories": 100},
        },
    )
    assert more.status == 200, more.text
    again = [m["memory_item"]["memory_id"] for m in more.body["memories"]]
    assert again, "the continuation finds the rest"
    assert not set(again) & {m["memory_item"]["memory_id"] for m in memories}, "nothing is repeated"
    assert len(again) + len(memories) == len(facts)
    assert more.body["search_id"] != first.body["search_id"]


def test_search_returns_ten_memories_unless_told_otherwise(api: Api):
    api.create_store()
    for n in range(12):
        api.create_item("user-123", f"Profile fact number {n}.")
    assert len(api.call("search", "static", body={"scope": "user-123"}).body["memories"]) == 10
    three = api.call("search", "static", body={"scope": "user-123", "options": {"max_memories": 3}})
    assert len(three.body["memories"]) == 3


def test_search_of_an_empty_scope_finds_nothing(api: Api):
    api.call("stores", "create")
    for case in ("static", "contextual"):
        reply = api.call("search", case, body={**event_body("search", case), "scope": "nobody"})
        assert (reply.status, reply.body["memories"]) == (200, [])
