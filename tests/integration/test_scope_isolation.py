"""An item of one scope is never returned for another, in every auth mode.

IAM callers are trusted backends: they may name any scope, and `{{$userId}}` is their
`x-memory-user-id` header (else the IAM principal). JWT callers are end users bound to their
token's `sub`: the header cannot change who they are, another scope named in a request is 403,
and another scope's resources looked up by id do not exist for them (404)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.integration.conftest import PRINCIPAL_ARN, Api, iam_authorizer, jwt_authorizer

pytestmark = pytest.mark.integration

USER = "{{$userId}}"
ALICE, BOB = "alice", "bob"
ALICE_FACTS = ["Likes jazz and plays the saxophone.", "Is allergic to cats."]
BOB_FACTS = ["Likes jazz and plays the piano.", "Keeps two cats at home."]


def say(text: str) -> list[dict[str, str]]:
    return [{"type": "message", "role": "user", "content": text}]


class World:
    """A store where alice and bob each hold memories and a queued update."""

    def __init__(self, api: Api):
        self.api = api
        api.create_store()
        self.items = {
            ALICE: [api.create_item(ALICE, fact)["memory_id"] for fact in ALICE_FACTS],
            BOB: [api.create_item(BOB, fact)["memory_id"] for fact in BOB_FACTS],
        }
        self.updates = {}
        for scope in (ALICE, BOB):
            reply = api.call(
                "updates", "submit", body={"scope": scope, "items": say("I am learning Italian.")}
            )
            assert reply.status == 202, reply.text
            self.updates[scope] = reply.body["update_id"]

    def contents(self, scope: str) -> list[str]:
        return sorted(i["content"] for i in self.api.list_items(scope))


@pytest.fixture
def world(api: Api) -> World:
    return World(api)


def found_ids(reply) -> set[str]:
    assert reply.status == 200, reply.text
    return {m["memory_item"]["memory_id"] for m in reply.body["memories"]}


def searches(scope: str) -> list[dict[str, Any]]:
    return [
        {"scope": scope, "options": {"max_memories": 100}},
        {
            "scope": scope,
            "items": say("Which instrument do I play, and what about cats?"),
            "options": {"max_memories": 100},
        },
    ]


# ---------------------------------------------------------------------------- IAM
def test_iam_lists_and_searches_return_only_the_named_scope(api, world):
    for scope, other in ((ALICE, BOB), (BOB, ALICE)):
        listed = api.list_items(scope)
        assert sorted(i["memory_id"] for i in listed) == sorted(world.items[scope])
        assert {i["scope"] for i in listed} == {scope}
        for body in searches(scope):
            found = found_ids(api.call("search", "static", body=body))
            assert found and found <= set(world.items[scope])
            assert not found & set(world.items[other])


def test_iam_user_placeholder_is_the_header_else_the_principal(api, world):
    as_bob = {"headers": {"x-memory-user-id": BOB}}
    listed = api.call("items", "list", query={"scope": USER, "kind": None}, **as_bob)
    assert sorted(i["memory_id"] for i in listed.body["data"]) == sorted(world.items[BOB])
    assert found_ids(api.call("search", "static", body=searches(USER)[1], **as_bob)) <= set(world.items[BOB])

    created = api.create_item(USER, "Plays chess on Sundays.", **as_bob)
    assert created["scope"] == BOB
    deleted = api.call("items", "delete_scope", body={"scope": USER}, **as_bob)
    assert (deleted.body["scope"], deleted.body["deleted_count"]) == (BOB, 3)
    assert world.contents(ALICE) == sorted(ALICE_FACTS)

    no_header = {"headers": {"x-memory-user-id": None}, "authorizer": iam_authorizer()}
    own = api.create_item(USER, "Belongs to the backend itself.", **no_header)
    assert own["scope"] == PRINCIPAL_ARN
    assert world.contents(ALICE) == sorted(ALICE_FACTS)


def test_iam_scope_deletion_and_commands_touch_only_their_scope(api, world):
    forget = api.call("updates", "submit", body={"scope": BOB, "items": say("Forget that I like jazz.")})
    assert forget.status == 202, forget.text
    assert forget.body["memory_commands"][0]["arguments"]["action"] == "forget"
    assert world.contents(BOB) == ["Keeps two cats at home."], "bob's jazz memory is forgotten"
    assert world.contents(ALICE) == sorted(ALICE_FACTS), "alice's, word for word the same topic, is not"

    deleted = api.call("items", "delete_scope", body={"scope": BOB})
    assert deleted.status == 200 and deleted.body["scope"] == BOB
    assert world.contents(BOB) == []
    assert world.contents(ALICE) == sorted(ALICE_FACTS)
    for memory_id in world.items[ALICE]:
        assert api.call("items", "get", path={"memory_id": memory_id}).status == 200


SIMILAR_SCOPES = [
    "user-7",
    "User-7",
    "user-7 ",
    " user-7",
    "user-7#",
    "user-7/x",
    "caf\u00e9",
    "cafe\u0301",
    "用户-7",
]
"""Scopes that differ only by case, surrounding space, a key separator, or Unicode normalisation:
each one is a scope of its own."""


def test_scopes_that_look_alike_are_still_apart(api):
    api.create_store()
    ids = {
        scope: api.create_item(scope, f"Fact number {n} about coffee.")["memory_id"]
        for n, scope in enumerate(SIMILAR_SCOPES)
    }
    for scope in SIMILAR_SCOPES:
        assert [i["memory_id"] for i in api.list_items(scope)] == [ids[scope]], repr(scope)
        for body in searches(scope):
            assert found_ids(api.call("search", "static", body=body)) == {ids[scope]}, repr(scope)
        got = api.call("items", "get", path={"memory_id": ids[scope]})
        assert got.body["scope"] == scope
    wiped = api.call("items", "delete_scope", body={"scope": "user-7"})
    assert wiped.body["deleted_count"] == 1
    assert all(api.list_items(scope) for scope in SIMILAR_SCOPES if scope != "user-7")


def test_stores_are_apart_even_for_the_same_scope(api, world):
    api.create_store("other")
    theirs = api.create_item(ALICE, "Lives in the other store.", store="other")
    assert [i["memory_id"] for i in api.list_items(ALICE, store="other")] == [theirs["memory_id"]]
    assert found_ids(api.call("search", "static", path={"name": "other"}, body=searches(ALICE)[0])) == {
        theirs["memory_id"]
    }
    for case, parts in (("get", {}), ("update", {"body": {"content": "moved"}}), ("delete", {})):
        reply = api.call("items", case, path={"name": "other", "memory_id": world.items[ALICE][0]}, **parts)
        assert reply.status == 404, (case, reply.text)
    reply = api.call("updates", "get", path={"name": "other", "update_id": world.updates[ALICE]})
    assert reply.status == 404
    assert world.contents(ALICE) == sorted(ALICE_FACTS)


def test_an_update_cannot_chain_to_another_scopes_update(api, world, table_snapshot):
    before = table_snapshot()
    reply = api.call(
        "updates",
        "submit",
        body={"scope": ALICE, "items": say("And what else?"), "previous_update_id": world.updates[BOB]},
    )
    assert reply.status == 400, reply.text
    assert (reply.error["code"], reply.error["param"]) == ("invalid_request", "previous_update_id")
    assert table_snapshot() == before


# ---------------------------------------------------------------------------- JWT
AS_ALICE = {
    "authorizer": jwt_authorizer(ALICE),
    "headers": {"x-memory-user-id": BOB, "authorization": "Bearer eyJ.alice.token"},
}
"""Alice's token, with a header that names bob: the header must not make her bob."""

NAMING_ANOTHER_SCOPE = [
    pytest.param(
        "items",
        "create",
        {"body": {"scope": BOB, "content": "Planted in bob's scope.", "kind": "user_profile"}},
        id="create-item",
    ),
    pytest.param("items", "list", {"query": {"scope": BOB, "kind": None}}, id="list-items"),
    pytest.param("items", "delete_scope", {"body": {"scope": BOB}}, id="delete-scope"),
    pytest.param(
        "updates",
        "submit",
        {"body": {"scope": BOB, "items": say("Remember that bob hates jazz.")}},
        id="update-memories",
    ),
    pytest.param("search", "static", {"body": {"scope": BOB}}, id="static-search"),
    pytest.param("search", "contextual", {"body": searches(BOB)[1]}, id="contextual-search"),
]


@pytest.mark.parametrize(("function", "case", "request_parts"), NAMING_ANOTHER_SCOPE)
def test_jwt_caller_naming_another_scope_is_forbidden(
    api, world, table_snapshot, function, case, request_parts
):
    api.use_auth("JWT")
    before = table_snapshot()

    reply = api.call(function, case, **request_parts, **AS_ALICE)

    assert reply.status == 403, reply.text
    assert reply.body == {"error": {"code": "forbidden", "message": reply.error["message"], "param": "scope"}}
    assert "jazz" not in reply.text and "cats" not in reply.text
    assert table_snapshot() == before


BY_ID_OF_ANOTHER_SCOPE = [
    pytest.param("items", "get", "memory_id", {}, id="get-item"),
    pytest.param(
        "items", "update", "memory_id", {"body": {"content": "Rewritten by alice."}}, id="update-item"
    ),
    pytest.param("items", "delete", "memory_id", {}, id="delete-item"),
    pytest.param("updates", "get", "update_id", {}, id="get-update"),
]


def test_jwt_caller_cannot_continue_another_scopes_search(api, world, table_snapshot):
    bobs_search = api.call("search", "static", body={"scope": BOB})
    assert bobs_search.status == 200 and bobs_search.body["memories"]
    api.use_auth("JWT")
    before = table_snapshot()
    reply = api.call(
        "search",
        "static",
        body={"scope": USER, "previous_search_id": bobs_search.body["search_id"]},
        **AS_ALICE,
    )
    assert reply.status == 404, reply.text
    assert (reply.error["code"], reply.error["param"]) == ("not_found", "previous_search_id")
    assert table_snapshot() == before


@pytest.mark.parametrize(("function", "case", "id_param", "request_parts"), BY_ID_OF_ANOTHER_SCOPE)
def test_jwt_caller_cannot_reach_another_scope_by_id(
    api, world, table_snapshot, function, case, id_param, request_parts
):
    api.use_auth("JWT")
    target = world.items[BOB][0] if id_param == "memory_id" else world.updates[BOB]
    before = table_snapshot()

    reply = api.call(function, case, path={id_param: target}, **request_parts, **AS_ALICE)

    assert reply.status == 404, reply.text
    assert (reply.error["code"], reply.error["param"]) == ("not_found", id_param)
    assert "jazz" not in reply.text and BOB not in reply.text
    assert table_snapshot() == before


def test_jwt_sample_event_creates_in_the_callers_own_scope(api):
    api.call("stores", "create")
    api.use_auth("JWT")
    reply = api.call("items", "create_jwt", headers={"x-memory-user-id": "someone-else"})
    assert reply.status == 201, reply.text
    assert reply.body["scope"] == "user-123", "the token's sub, not the header"
    mine = api.call(
        "items", "list", query={"scope": USER, "kind": None}, authorizer=jwt_authorizer("user-123")
    )
    assert [i["memory_id"] for i in mine.body["data"]] == [reply.body["memory_id"]]
    api.use_auth("IAM")
    assert api.list_items("someone-else") == []


def test_jwt_caller_is_its_sub_whatever_the_header_says(api, world):
    api.use_auth("JWT")
    created = api.call(
        "items",
        "create",
        body={"scope": USER, "content": "Visits Rome in June.", "kind": "user_profile"},
        **AS_ALICE,
    )
    assert created.status == 201, created.text
    assert created.body["scope"] == ALICE
    explicit = api.call(
        "items",
        "create",
        body={"scope": ALICE, "content": "Drinks espresso.", "kind": "user_profile"},
        **AS_ALICE,
    )
    assert explicit.status == 201 and explicit.body["scope"] == ALICE
    mine = set(world.items[ALICE]) | {created.body["memory_id"], explicit.body["memory_id"]}

    listed = api.call("items", "list", query={"scope": USER, "kind": None, "limit": 100}, **AS_ALICE)
    assert listed.status == 200 and {i["memory_id"] for i in listed.body["data"]} == mine
    for body in searches(USER):
        found = found_ids(api.call("search", "static", body=body, **AS_ALICE))
        assert found and found <= mine

    own = world.items[ALICE][0]
    assert api.call("items", "get", path={"memory_id": own}, **AS_ALICE).status == 200
    updated = api.call(
        "items", "update", path={"memory_id": own}, body={"content": "Likes cool jazz."}, **AS_ALICE
    )
    assert (updated.status, updated.body["content"]) == (200, "Likes cool jazz.")
    status = api.call("updates", "get", path={"update_id": world.updates[ALICE]}, **AS_ALICE)
    assert status.status == 200

    submitted = api.call("updates", "submit", body={"scope": USER, "items": say("I prefer tea.")}, **AS_ALICE)
    assert submitted.status == 202, submitted.text
    assert api.scheduler.jobs[-1].scope == ALICE

    assert api.call("items", "delete", path={"memory_id": own}, **AS_ALICE).status == 200
    wiped = api.call("items", "delete_scope", body={"scope": USER}, **AS_ALICE)
    assert (wiped.status, wiped.body["scope"], wiped.body["deleted_count"]) == (200, ALICE, 3)

    api.use_auth("IAM")
    assert world.contents(ALICE) == []
    assert world.contents(BOB) == sorted(BOB_FACTS), "bob's memories are untouched"


# ---------------------------------------------------------------------------- NONE
def test_no_auth_mode_resolves_the_header_and_keeps_scopes_apart(api, world):
    api.use_auth("NONE")
    anonymous = {"authorizer": None}
    as_alice = {"authorizer": None, "headers": {"x-memory-user-id": ALICE}}

    listed = api.call("items", "list", query={"scope": USER, "kind": None}, **as_alice)
    assert sorted(i["memory_id"] for i in listed.body["data"]) == sorted(world.items[ALICE])
    for body in searches(USER):
        assert found_ids(api.call("search", "static", body=body, **as_alice)) <= set(world.items[ALICE])
    for body in searches(BOB):
        found = found_ids(api.call("search", "static", body=body, **anonymous))
        assert found and found <= set(world.items[BOB])
    bob_list = api.call("items", "list", query={"scope": BOB, "kind": None}, **anonymous)
    assert sorted(i["memory_id"] for i in bob_list.body["data"]) == sorted(world.items[BOB])

    created = api.create_item(USER, "Collects vinyl records.", **as_alice)
    assert created["scope"] == ALICE
    wiped = api.call("items", "delete_scope", body={"scope": USER}, **as_alice)
    assert (wiped.body["scope"], wiped.body["deleted_count"]) == (ALICE, 3)
    assert world.contents(BOB) == sorted(BOB_FACTS)


# ---------------------------------------------------------------------------- no identity
SCOPED_ROUTES = [
    ("items", "create", {}),
    ("items", "list", {}),
    ("items", "get", {}),
    ("items", "update", {}),
    ("items", "delete", {}),
    ("items", "delete_scope", {}),
    ("updates", "submit", {}),
    ("updates", "get", {}),
    ("search", "static", {}),
    ("search", "contextual", {}),
]
MISSING_IDENTITY = [
    pytest.param("IAM", None, id="iam-without-authorizer"),
    pytest.param("IAM", iam_authorizer(principal=None), id="iam-without-principal"),
    pytest.param("JWT", None, id="jwt-without-authorizer"),
    pytest.param("JWT", jwt_authorizer(sub=None), id="jwt-without-sub"),
]


@pytest.mark.parametrize(("mode", "authorizer"), MISSING_IDENTITY)
def test_a_caller_without_identity_is_unauthorized_on_every_scoped_route(
    api, world, table_snapshot, mode, authorizer
):
    api.use_auth(mode)
    paths = {"get": world.items[ALICE][0], "update": world.items[ALICE][0], "delete": world.items[ALICE][0]}
    before = table_snapshot()
    for function, case, _ in SCOPED_ROUTES:
        path = {}
        if function == "items" and case in paths:
            path = {"memory_id": paths[case]}
        elif function == "updates" and case == "get":
            path = {"update_id": world.updates[ALICE]}
        reply = api.call(
            function, case, path=path, authorizer=authorizer, headers={"x-memory-user-id": ALICE}
        )
        assert reply.status == 401, (function, case, reply.text)
        assert reply.body == {
            "error": {"code": "unauthorized", "message": reply.error["message"], "param": None}
        }
    assert table_snapshot() == before


def test_end_users_cannot_manage_stores(api, table_snapshot):
    """Deleting a store deletes every user's memories: JWT callers (end users) may read stores
    but not create, change or delete them; unsigned calls in IAM mode are refused outright."""
    api.call("stores", "create")
    api.use_auth("JWT")
    me = jwt_authorizer("user-123")
    before = table_snapshot()
    for case, extra in (("create", {"body": {"name": "mine"}}), ("update", {}), ("delete", {})):
        reply = api.call("stores", case, authorizer=me, **extra)
        assert reply.status == 403 and reply.error["code"] == "forbidden", (case, reply.text)
    assert table_snapshot() == before
    assert api.call("stores", "get", authorizer=me).status == 200
    assert api.call("stores", "list", authorizer=me).status == 200
    api.use_auth("IAM")
    for case in ("create", "list", "get", "update", "delete"):
        assert api.call("stores", case, authorizer=None).status == 401, case
    assert table_snapshot() == before
