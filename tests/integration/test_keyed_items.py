"""Keyed records over the items routes: 409 on a taken key, upsert, lookup by key, and the key's
release when its item or scope is deleted."""

from __future__ import annotations

import pytest

from tests.integration.conftest import Api

pytestmark = pytest.mark.integration


def create(api: Api, body: dict) -> tuple[int, dict]:
    reply = api.call("items", "create", path={"name": "demo"}, body=body)
    return reply.status, reply.body


def by_key(api: Api, scope: str, key: str, **query) -> list[dict]:
    reply = api.call("items", "list", path={"name": "demo"}, query={"scope": scope, "key": key, **query})
    assert reply.status == 200, reply.text
    assert reply.body["has_more"] is False
    return reply.body["data"]


def test_a_taken_key_is_409_and_nothing_is_written(api: Api):
    api.create_store()
    status, first = create(
        api, {"scope": "u1", "content": "likes dark roast", "kind": "user_profile", "key": "coffee"}
    )
    assert status == 201 and first["key"] == "coffee"
    status, body = create(
        api, {"scope": "u1", "content": "likes tea", "kind": "user_profile", "key": "coffee"}
    )
    assert status == 409
    assert body["error"]["code"] == "conflict" and body["error"]["param"] == "key"
    assert "coffee" not in body["error"]["message"], "the key is not echoed"
    assert [i["content"] for i in api.list_items("u1")] == ["likes dark roast"]
    status, other_scope = create(
        api, {"scope": "u2", "content": "likes tea", "kind": "user_profile", "key": "coffee"}
    )
    assert status == 201 and other_scope["memory_id"] != first["memory_id"]


def test_upsert_changes_the_holder_and_creates_when_free(api: Api):
    api.create_store()
    status, created = create(
        api,
        {
            "scope": "u1",
            "content": "likes dark roast",
            "kind": "user_profile",
            "key": "coffee",
            "upsert": True,
        },
    )
    assert status == 201
    api.clock.advance(5)
    status, changed = create(
        api,
        {"scope": "u1", "content": "likes espresso", "kind": "procedural", "key": "coffee", "upsert": True},
    )
    assert status == 200
    assert changed["memory_id"] == created["memory_id"]
    assert (changed["content"], changed["kind"], changed["version"]) == ("likes espresso", "procedural", 2)
    assert [i["content"] for i in api.list_items("u1")] == ["likes espresso"]


def test_lookup_by_key(api: Api):
    api.create_store()
    _, item = create(
        api, {"scope": "u1", "content": "likes dark roast", "kind": "user_profile", "key": "coffee"}
    )
    create(api, {"scope": "u1", "content": "plays chess", "kind": "user_profile"})
    assert by_key(api, "u1", "coffee") == [item]
    assert by_key(api, "u1", "coffee", kind="chat_summary") == []
    assert by_key(api, "u1", "chess") == []
    assert by_key(api, "u2", "coffee") == []


def test_deleting_the_item_or_the_scope_frees_the_key(api: Api):
    api.create_store()
    _, item = create(
        api, {"scope": "u1", "content": "likes dark roast", "kind": "user_profile", "key": "coffee"}
    )
    deleted = api.call("items", "delete", path={"name": "demo", "memory_id": item["memory_id"]})
    assert deleted.status == 200
    assert by_key(api, "u1", "coffee") == []
    status, again = create(
        api, {"scope": "u1", "content": "likes tea", "kind": "user_profile", "key": "coffee"}
    )
    assert status == 201
    scope_gone = api.call("items", "delete_scope", path={"name": "demo"}, body={"scope": "u1"})
    assert scope_gone.status == 200 and scope_gone.body["deleted_count"] == 1
    assert by_key(api, "u1", "coffee") == []
    assert not [k for k in api.table_snapshot() if k[1].startswith("KEY#")], "no guard row is left behind"


@pytest.mark.parametrize("key", ["", "k" * 129, "tab\there"])
def test_a_bad_key_is_400(api: Api, key: str):
    api.create_store()
    status, body = create(api, {"scope": "u1", "content": "x y", "kind": "user_profile", "key": key})
    assert status == 400 and body["error"]["param"] == "key"
    reply = api.call("items", "list", path={"name": "demo"}, query={"scope": "u1", "key": key})
    assert reply.status == 400 and reply.body["error"]["param"] == "key"


def test_upsert_must_be_a_boolean(api: Api):
    api.create_store()
    status, body = create(
        api, {"scope": "u1", "content": "x y", "kind": "user_profile", "key": "k", "upsert": "yes"}
    )
    assert status == 400 and body["error"]["param"] == "upsert"
