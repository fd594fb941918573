"""The per-item lifecycle routes through the items handler, on a moto table made from
template.yaml: POST …/expiration, POST …/reinforce, GET …/revisions."""

from __future__ import annotations

import pytest

from tests.integration.conftest import START, Api

SCOPE = "user-123"


def expiration(api: Api, memory_id: str, body) -> object:
    return api.call("items", "expiration", path={"name": "demo", "memory_id": memory_id}, body=body)


def test_an_expiry_set_by_ttl_or_time_is_kept_by_later_writes(api: Api):
    api.create_store("demo", default_ttl_seconds=3600)
    item = api.create_item(SCOPE, "Is in Lisbon this week.")
    assert item["expires_at"] == START + 3600

    set_ = expiration(api, item["memory_id"], {"ttl_seconds": 7 * 86400})
    assert set_.status == 200, set_.text
    assert set_.body["expires_at"] == START + 7 * 86400
    assert set_.body["version"] == item["version"] + 1 and set_.body["updated_at"] == START

    api.clock.advance(60)
    rewritten = api.call(
        "items", "update", path={"memory_id": item["memory_id"]}, body={"content": "Is in Porto."}
    )
    assert rewritten.body["expires_at"] == START + 7 * 86400, "an explicit expiry survives the write"

    forever = expiration(api, item["memory_id"], {"expires_at": None})
    assert (forever.status, forever.body["expires_at"]) == (200, None)
    api.clock.advance(10 * 86400)
    assert api.call("items", "get", path={"memory_id": item["memory_id"]}).status == 200, "never expires now"

    at = expiration(api, item["memory_id"], {"expires_at": int(api.clock()) + 60})
    assert at.body["expires_at"] == int(api.clock()) + 60
    api.clock.advance(60)
    assert api.call("items", "get", path={"memory_id": item["memory_id"]}).status == 404


@pytest.mark.parametrize(
    ("body", "param"),
    [
        ({}, None),
        ({"expires_at": START + 10, "ttl_seconds": 10}, None),
        ({"ttl_seconds": 0}, "ttl_seconds"),
        ({"ttl_seconds": None}, None),
        ({"ttl_seconds": "60"}, "ttl_seconds"),
        ({"expires_at": True}, "expires_at"),
        ({"expires_at": START - 1}, "expires_at"),
        ({"expires_at": START + 11 * 365 * 86400}, "expires_at"),
        ({"expires": 5}, None),
    ],
)
def test_a_bad_expiration_is_refused_and_changes_nothing(api: Api, body, param):
    api.create_store("demo")
    item = api.create_item(SCOPE, "Likes green tea.")
    reply = expiration(api, item["memory_id"], body)
    assert (reply.status, reply.error["code"], reply.error["param"]) == (400, "invalid_request", param), (
        reply.text
    )
    assert str(START - 1) not in reply.text
    assert api.call("items", "get", path={"memory_id": item["memory_id"]}).body == item


def test_the_routes_answer_404_for_an_unknown_item_or_store(api: Api):
    api.create_store("demo")
    for case, body in (("expiration", {"ttl_seconds": 60}), ("reinforce", {}), ("revisions", None)):
        kwargs = {"body": body} if body is not None else {}
        unknown = api.call(
            "items", case, path={"name": "demo", "memory_id": "mem_01JBV3Z7Q5E8N3W4R2T6Y9P0ZZ"}, **kwargs
        )
        assert (unknown.status, unknown.error["code"]) == (404, "not_found"), (case, unknown.text)
        no_store = api.call(
            "items", case, path={"name": "nostore", "memory_id": "mem_01JBV3Z7Q5E8N3W4R2T6Y9P0ZZ"}, **kwargs
        )
        assert no_store.status == 404, case


def test_reinforcement_raises_importance_by_less_each_time_and_never_past_one(api: Api):
    api.create_store("demo")
    item = api.create_item(SCOPE, "Plays the cello.")
    values = [item["importance"]]
    for _ in range(12):
        reply = api.call("items", "reinforce", path={"name": "demo", "memory_id": item["memory_id"]})
        assert reply.status == 200, reply.text
        values.append(reply.body["importance"])
    steps = [b - a for a, b in zip(values, values[1:], strict=False)]
    assert all(s > 0 for s in steps) and all(b <= a + 1e-4 for a, b in zip(steps, steps[1:], strict=False))
    assert values[1] == pytest.approx(0.7 + 0.25 * 0.3, abs=1e-4)
    assert values[-1] < 1.0
    stored = api.repository.get_item("demo", item["memory_id"], START)
    assert stored.reinforcements == 12 and stored.importance_at == START

    refused = api.call(
        "items", "reinforce", path={"name": "demo", "memory_id": item["memory_id"]}, body={"weight": 5}
    )
    assert (refused.status, refused.error["code"]) == (400, "invalid_request")


def test_revisions_say_what_when_and_why_and_go_with_the_item(api: Api, table_snapshot):
    api.create_store("demo")
    item = api.create_item(SCOPE, "Lives in Leeds.")
    memory_id = item["memory_id"]
    empty = api.call("items", "revisions", path={"name": "demo", "memory_id": memory_id})
    assert (empty.status, empty.body["data"], empty.body["has_more"]) == (200, [], False)

    api.clock.advance(100)
    api.call("items", "update", path={"memory_id": memory_id}, body={"content": "Lives in York."})
    api.clock.advance(100)
    api.call("items", "update", path={"memory_id": memory_id}, body={"content": "Lives in Bath."})

    listed = api.call("items", "revisions", path={"name": "demo", "memory_id": memory_id})
    assert listed.status == 200
    assert [
        (r["revision"], r["content"], r["created_at"], r["replaced_at"], r["reason"], r["update_id"])
        for r in listed.body["data"]
    ] == [
        (2, "Lives in York.", START + 100, START + 200, "api", None),
        (1, "Lives in Leeds.", START, START + 100, "api", None),
    ]
    assert (listed.body["first_id"], listed.body["last_id"]) == ("2", "1")
    assert api.call("items", "get", path={"memory_id": memory_id}).body["content"] == "Lives in Bath."

    assert api.call("items", "delete", path={"memory_id": memory_id}).status == 200
    gone = api.call("items", "revisions", path={"name": "demo", "memory_id": memory_id})
    assert gone.status == 404
    text = str(table_snapshot())
    assert "Leeds" not in text and "York" not in text and "Bath" not in text, (
        "a deleted memory leaves no revision"
    )


def test_another_users_item_is_not_found_through_the_lifecycle_routes(api: Api):
    api.create_store("demo")
    item = api.create_item("someone-else", "Has a dog called Rex.")
    api.use_auth("JWT")
    from tests.integration.conftest import jwt_authorizer

    for case, body in (("expiration", {"ttl_seconds": 60}), ("reinforce", {}), ("revisions", None)):
        kwargs = {"body": body} if body is not None else {}
        reply = api.call(
            "items",
            case,
            path={"name": "demo", "memory_id": item["memory_id"]},
            authorizer=jwt_authorizer("user-123"),
            **kwargs,
        )
        assert reply.status == 404, (case, reply.text)


@pytest.mark.parametrize(
    ("lifecycle", "param"),
    [
        (
            {"half_life_seconds": {"chat_summary": -1}},
            "definition.options.lifecycle.half_life_seconds.chat_summary",
        ),
        (
            {"half_life_seconds": {"user_profile": 1.5}},
            "definition.options.lifecycle.half_life_seconds.user_profile",
        ),
        ({"half_life_seconds": {"episodic": 5}}, "definition.options.lifecycle.half_life_seconds"),
        ({"promotion_confirmations": "3"}, "definition.options.lifecycle.promotion_confirmations"),
        ({"importance_floor": 1.5}, "definition.options.lifecycle.importance_floor"),
        ({"importance_floor": True}, "definition.options.lifecycle.importance_floor"),
        ({"delete_below_floor": "yes"}, "definition.options.lifecycle.delete_below_floor"),
        ({"decay": 1}, "definition.options.lifecycle"),
    ],
)
def test_bad_lifecycle_options_are_refused_and_no_store_is_made(api: Api, lifecycle, param):
    body = {"name": "demo", "definition": {"kind": "default", "options": {"lifecycle": lifecycle}}}
    reply = api.call("stores", "create", body=body)
    assert (reply.status, reply.error["code"], reply.error["param"]) == (400, "invalid_request", param), (
        reply.text
    )
    assert api.call("stores", "get").status == 404


def test_lifecycle_options_are_kept_with_their_defaults_filled_in(api: Api):
    store = api.create_store(
        "demo", lifecycle={"half_life_seconds": {"chat_summary": 0}, "delete_below_floor": True}
    )
    assert store["definition"]["options"]["lifecycle"] == {
        "half_life_seconds": {"user_profile": 180 * 86400, "chat_summary": 0, "procedural": 365 * 86400},
        "promotion_confirmations": 3,
        "importance_floor": 0.05,
        "delete_below_floor": True,
    }
