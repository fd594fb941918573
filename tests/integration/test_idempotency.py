"""Idempotency-Key on the creating POSTs (stores, items, update_memories): a retry with the same key
and body gets the first answer and writes nothing; another body is refused with 422; the key is
scoped to the caller and the route; without the header nothing changes. Records live in moto's
IdempotencyTable, made from template.yaml's definition."""

from __future__ import annotations

import hashlib
import json
import threading
import time

import pytest

from memstore.api.idempotency import VALIDITY_SECONDS
from tests.events import load_event
from tests.integration.conftest import IDEMPOTENCY_TABLE, Api, iam_authorizer, jwt_authorizer

pytestmark = pytest.mark.integration

KEY = "3f0c8a52-6a1e-4a57-9d0b-2f4d3f6c9e11"
OTHER_PRINCIPAL = "arn:aws:sts::123456789012:assumed-role/support-bot/support-bot"


def with_key(key: str = KEY, **headers: str) -> dict[str, str]:
    return {"Idempotency-Key": key, **headers}


def records(api: Api) -> list[dict]:
    return api.clients.dynamodb.scan(TableName=IDEMPOTENCY_TABLE, ConsistentRead=True)["Items"]


def memory_ids(snapshot: dict) -> set[str]:
    return {key[1].removeprefix("MEM#") for key in snapshot if key[1].startswith("MEM#")}


def update_rows(snapshot: dict) -> list:
    return [row for row in snapshot.values() if row.get("entity", {}).get("S") == "update"]


def store_records(snapshot: dict, name: str) -> list:
    return [key for key in snapshot if key == (f"STORE#{name}", "META")]


def assert_replayed(first, second) -> None:
    assert (second.status, second.text) == (first.status, first.text)
    assert second.headers.get("idempotent-replayed") == "true"
    assert "idempotent-replayed" not in first.headers


# ---------------------------------------------------------------------------- retries
def test_a_retried_store_create_returns_the_first_answer_and_creates_one_store(api: Api, table_snapshot):
    first = api.call("stores", "create", headers=with_key())
    after_first = table_snapshot()
    api.clock.advance(5)
    second = api.call("stores", "create", headers=with_key())
    assert first.status == 201, first.text
    assert_replayed(first, second)
    assert table_snapshot() == after_first, "the retry wrote nothing"
    assert len(store_records(after_first, "demo")) == 1

    without_key = api.call("stores", "create")
    assert without_key.status == 409 and without_key.error["code"] == "conflict", "a new request, not a retry"


def test_a_retried_item_create_returns_the_same_item_and_writes_one(api: Api, table_snapshot):
    api.create_store()
    first = api.call("items", "create", headers=with_key())
    after_first = table_snapshot()
    api.clock.advance(5)
    second = api.call("items", "create", headers=with_key())
    third = api.call("items", "create", headers=with_key())
    assert first.status == 201, first.text
    assert_replayed(first, second)
    assert_replayed(first, third)
    assert table_snapshot() == after_first, "the retries wrote nothing"
    assert memory_ids(after_first) == {first.body["memory_id"]}
    assert [i["memory_id"] for i in api.list_items("user-123")] == [first.body["memory_id"]]


def test_a_retried_update_memories_queues_one_update_and_applies_its_commands_once(api: Api, table_snapshot):
    api.create_store()
    first = api.call("updates", "submit", headers=with_key())
    after_first = table_snapshot()
    api.clock.advance(5)
    second = api.call("updates", "submit", headers=with_key())
    assert first.status == 202, first.text
    assert_replayed(first, second)
    assert [job.update_id for job in api.scheduler.jobs] == [first.body["update_id"]]
    snapshot = table_snapshot()
    assert snapshot == after_first, "the retry wrote nothing"
    assert [row["update_id"]["S"] for row in update_rows(snapshot)] == [first.body["update_id"]]
    remembered = api.list_items("user-123")
    assert len(remembered) == 1 and "window seat" in remembered[0]["content"], "the command ran once"
    status = api.call("updates", "get", path={"update_id": first.body["update_id"]})
    assert status.body["status"] == "queued", "the retry did not supersede the first update"


def test_requests_without_the_header_are_not_deduplicated(api: Api, table_snapshot):
    api.create_store()
    first = api.call("items", "create")
    second = api.call("items", "create")
    assert first.status == second.status == 201
    assert first.body["memory_id"] != second.body["memory_id"]
    assert "idempotent-replayed" not in second.headers
    assert len(memory_ids(table_snapshot())) == 2
    assert records(api) == []


# ---------------------------------------------------------------------------- refusals
def test_the_same_key_with_another_body_is_refused_and_writes_nothing(api: Api, table_snapshot):
    api.create_store()
    first = api.call("items", "create", headers=with_key())
    before = table_snapshot()
    other = {"scope": "user-123", "content": "Prefers an aisle seat.", "kind": "user_profile"}
    refused = api.call("items", "create", body=other, headers=with_key())
    assert refused.status == 422, refused.text
    assert refused.body == {
        "error": {
            "code": "idempotency_key_reused",
            "message": "Idempotency-Key was already used with a different request body",
            "param": "Idempotency-Key",
        }
    }
    assert table_snapshot() == before
    again = api.call("items", "create", headers=with_key())
    assert_replayed(first, again)


def test_the_body_is_compared_as_json_not_as_bytes(api: Api):
    api.create_store()
    event = load_event("items", "create")
    body = json.loads(event["body"])
    first = api.call("items", "create", body=body, headers=with_key())
    respaced = api.event("items", "create", headers=with_key())
    respaced["body"] = json.dumps(dict(reversed(list(body.items()))), indent=2)
    second = api.invoke("items", respaced)
    assert_replayed(first, second)


def test_a_different_body_on_update_memories_is_refused(api: Api):
    api.create_store()
    api.call("updates", "submit", headers=with_key())
    body = json.loads(load_event("updates", "submit")["body"])
    body["items"] = body["items"][:1]
    refused = api.call("updates", "submit", body=body, headers=with_key())
    assert (refused.status, refused.error["code"]) == (422, "idempotency_key_reused")
    assert len(api.scheduler.jobs) == 1


@pytest.mark.parametrize(
    "value",
    ["", " ", "x" * 256, "key with spaces", "tab\there", "two,values", "caf\u00e9-key", "null\u0000byte"],
    ids=["empty", "blank", "too-long", "spaces", "control", "comma", "non-ascii", "nul"],
)
def test_a_malformed_key_is_refused_without_echo(api: Api, table_snapshot, value: str):
    api.create_store()
    before = table_snapshot()
    reply = api.call("items", "create", headers=with_key(value))
    assert reply.status == 400, reply.text
    assert reply.error["code"] == "invalid_request" and reply.error["param"] == "Idempotency-Key"
    if value.strip():
        assert value.strip() not in reply.text
    assert table_snapshot() == before
    assert records(api) == []


def test_a_retry_while_the_first_request_runs_gets_409(api: Api, table_snapshot, monkeypatch):
    api.create_store()
    service = api.container.items
    entered, release = threading.Event(), threading.Event()
    write = service.write

    def slow_write(*args, **kwargs):
        entered.set()
        assert release.wait(10)
        return write(*args, **kwargs)

    monkeypatch.setattr(service, "write", slow_write)
    replies = {}
    first = threading.Thread(
        target=lambda: replies.setdefault("first", api.call("items", "create", headers=with_key()))
    )
    first.start()
    assert entered.wait(10)
    busy = api.call("items", "create", headers=with_key())
    release.set()
    first.join(10)
    assert (busy.status, busy.error["code"], busy.error["param"]) == (
        409,
        "idempotency_key_in_use",
        "Idempotency-Key",
    )
    assert replies["first"].status == 201
    assert_replayed(replies["first"], api.call("items", "create", headers=with_key()))
    assert len(memory_ids(table_snapshot())) == 1


# ---------------------------------------------------------------------------- failures leave no record
def test_a_failed_request_is_not_remembered(api: Api):
    missing_store = api.call("items", "create", headers=with_key())
    assert missing_store.status == 404
    assert records(api) == []
    api.create_store()
    created = api.call("items", "create", headers=with_key())
    assert created.status == 201 and "idempotent-replayed" not in created.headers


def test_a_refused_secret_is_not_remembered(api: Api):
    api.create_store()
    secret = {
        "scope": "user-123",
        "content": "My API key is sk-proj-4fQ9x2LmN8pR7tV1wY3zA6bC5dE0gH",
        "kind": "user_profile",
    }
    refused = api.call("items", "create", body=secret, headers=with_key())
    assert refused.status == 400, refused.text
    assert records(api) == []


# ---------------------------------------------------------------------------- scope of a key
def test_the_same_key_from_another_principal_is_independent(api: Api, table_snapshot):
    api.create_store()
    mine = api.call("items", "create", headers=with_key())
    theirs = api.call("items", "create", headers=with_key(), authorizer=iam_authorizer(OTHER_PRINCIPAL))
    assert mine.status == theirs.status == 201
    assert "idempotent-replayed" not in theirs.headers
    assert mine.body["memory_id"] != theirs.body["memory_id"]
    assert len(memory_ids(table_snapshot())) == 2
    other_body = {"scope": "user-123", "content": "Prefers an aisle seat.", "kind": "user_profile"}
    third = api.call(
        "items",
        "create",
        body=other_body,
        headers=with_key(),
        authorizer=iam_authorizer("arn:aws:iam::123456789012:user/ops"),
    )
    assert third.status == 201, "another principal's key never conflicts with this one's"


def test_the_same_key_for_another_acting_user_is_independent(api: Api):
    api.create_store()
    body = {"scope": "{{$userId}}", "content": "Likes green tea.", "kind": "user_profile"}
    alice = api.call("items", "create", body=body, headers=with_key(**{"x-memory-user-id": "alice"}))
    bob = api.call("items", "create", body=body, headers=with_key(**{"x-memory-user-id": "bob"}))
    assert (alice.status, bob.status) == (201, 201)
    assert (alice.body["scope"], bob.body["scope"]) == ("alice", "bob")
    assert "idempotent-replayed" not in bob.headers


def test_jwt_users_keys_never_collide(api: Api):
    api.create_store()
    api.use_auth("JWT")
    one = api.call("items", "create_jwt", headers=with_key(), authorizer=jwt_authorizer("user-1"))
    two = api.call("items", "create_jwt", headers=with_key(), authorizer=jwt_authorizer("user-2"))
    assert (one.status, two.status) == (201, 201), (one.text, two.text)
    assert (one.body["scope"], two.body["scope"]) == ("user-1", "user-2")
    assert "idempotent-replayed" not in two.headers
    assert_replayed(
        one, api.call("items", "create_jwt", headers=with_key(), authorizer=jwt_authorizer("user-1"))
    )


def test_the_same_key_on_another_route_or_store_is_independent(api: Api):
    api.create_store("demo")
    api.create_store("other")
    in_demo = api.call("items", "create", headers=with_key())
    in_other = api.call("items", "create", path={"name": "other"}, headers=with_key())
    update = api.call("updates", "submit", headers=with_key())
    assert (in_demo.status, in_other.status, update.status) == (201, 201, 202)
    assert "idempotent-replayed" not in in_other.headers and "idempotent-replayed" not in update.headers
    assert len(records(api)) == 3


# ---------------------------------------------------------------------------- the record
def test_the_record_holds_hashes_and_the_response_for_24_hours(api: Api):
    api.create_store()
    started = time.time()
    created = api.call("items", "create", headers=with_key(**{"x-memory-user-id": "alice"}))
    (record,) = records(api)
    assert set(record) == {"id", "expiration", "in_progress_expiration", "status", "data", "validation"}
    assert record["id"]["S"].startswith("memstore#") and len(record["id"]["S"]) == len("memstore#") + 64
    assert record["status"]["S"] == "COMPLETED"
    body = json.loads(load_event("items", "create")["body"])
    assert record["validation"]["S"] == hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()
    expiration = int(record["expiration"]["N"])
    assert started + VALIDITY_SECONDS - 5 <= expiration <= time.time() + VALIDITY_SECONDS + 5
    assert json.loads(record["data"]["S"]) == {"status": 201, "body": created.text}
    text = json.dumps(record)
    for raw in (KEY, "alice", "chat-backend"):
        assert raw not in text, "the key and its scope are stored only as a hash"


def test_an_expired_record_is_not_replayed(api: Api, table_snapshot):
    api.create_store()
    first = api.call("items", "create", headers=with_key())
    (record,) = records(api)
    api.clients.dynamodb.update_item(
        TableName=IDEMPOTENCY_TABLE,
        Key={"id": record["id"]},
        UpdateExpression="SET expiration = :past",
        ExpressionAttributeValues={":past": {"N": str(int(time.time()) - 1)}},
    )
    second = api.call("items", "create", headers=with_key())
    assert second.status == 201 and "idempotent-replayed" not in second.headers
    assert second.body["memory_id"] != first.body["memory_id"]
    assert len(memory_ids(table_snapshot())) == 2


def test_the_table_is_configured_when_the_handler_loads_not_per_request(api: Api, monkeypatch):
    """`memstore local` switches os.environ per invocation; a search running alongside removes
    IDEMPOTENCY_TABLE_NAME (the search function has none). The handlers read it at import."""
    api.create_store()
    monkeypatch.delenv("IDEMPOTENCY_TABLE_NAME", raising=False)
    first = api.call("items", "create", headers=with_key())
    second = api.call("items", "create", headers=with_key())
    assert_replayed(first, second)
