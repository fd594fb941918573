"""Data rights over the HTTP handlers, on moto: complete deletion of scopes and stores at scale
(items with their revisions, updates, messages, searches, pointers, Idempotency-Key answers), in
batches and as a pollable job past the request's budget; the deletion audit (records for every
deletion, verified, tampering with the table caught); export → delete the store → import."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from memstore.adapters import dynamodb_keys as keys
from memstore.adapters.embedders import make_embedder
from memstore.api import app as api_app
from memstore.domain.audit import scope_digest
from memstore.domain.models import Kind, MemoryItem, Revision, SearchSession
from memstore.settings import Settings
from memstore.wiring import Container, install
from tests.conftest import TABLE
from tests.integration.conftest import (
    IDEMPOTENCY_TABLE,
    START,
    TEST_EMBEDDING_MODEL,
    Api,
    LambdaContext,
    create_idempotency_table,
    load_handler_module,
)

SCOPE, OTHER = "user-123", "user-456"


@pytest.fixture(scope="session")
def governance_module():
    with pytest.MonkeyPatch.context() as env:
        env.setenv("IDEMPOTENCY_TABLE_NAME", IDEMPOTENCY_TABLE)
        return load_handler_module("governance")


def install_container(api: Api, **overrides: Any) -> None:
    """The test's container as the deployed functions have it: with the idempotency table."""
    settings = Settings.from_env(
        {
            "TABLE_NAME": api.table,
            "AWS_REGION": "us-east-1",
            "AUTH_MODE": "IAM",
            "ALLOWED_EMBEDDING_MODELS": f"all-MiniLM-L6-v2,{TEST_EMBEDDING_MODEL}",
            "IDEMPOTENCY_TABLE_NAME": IDEMPOTENCY_TABLE,
        }
    )
    api.container = Container(
        settings,
        repository=api.repository,
        clock=api.clock,
        scheduler=api.scheduler,
        embedder_factory=lambda _model: make_embedder(TEST_EMBEDDING_MODEL),
        **overrides,
    )
    install(api.container)


@pytest.fixture
def gov(
    aws_env,
    aws_clients,
    handlers,
    governance_module,
    table_properties,
    idempotency_table_properties,
    monkeypatch,
) -> Iterator[Api]:
    """Like the `api` fixture, with the governance function, the table without a stream (moto
    records every change of a streamed table, which thousands of deletions do not need) and
    memstore local's Query and transactions for moto (moto's own sort the whole table on every
    page, and copy it for every transaction)."""
    from moto import mock_aws
    from moto.dynamodb.models import DynamoDBBackend

    from memstore_local import moto_query, moto_transactions

    for owner, name, replacement in moto_query.patches():
        monkeypatch.setattr(owner, name, replacement)
    monkeypatch.setattr(DynamoDBBackend, "transact_write_items", moto_transactions.transact_write_items)
    monkeypatch.setenv("POWERTOOLS_SERVICE_NAME", "memstore")
    monkeypatch.setenv("POWERTOOLS_METRICS_NAMESPACE", "Memstore")
    monkeypatch.setattr(api_app.metrics, "namespace", api_app.metrics.namespace or "Memstore")
    props = table_properties
    with mock_aws():
        create_idempotency_table(aws_clients.dynamodb, idempotency_table_properties)
        aws_clients.dynamodb.create_table(
            TableName=TABLE,
            KeySchema=props["KeySchema"],
            AttributeDefinitions=props["AttributeDefinitions"],
            BillingMode="PAY_PER_REQUEST",
        )
        service = Api(TABLE, {**handlers, "governance": governance_module}, aws_clients)
        install_container(service)
        try:
            yield service
        finally:
            service.settle()
            install(None)
            api_app.metrics.clear_metrics()


def seed(api: Api, n: int, scope: str = SCOPE, store: str = "demo") -> list[str]:
    """n items with a revision each, their pointers and the scope's registry row, written straight
    into moto, laid out as the repository writes them (one row serialized by it, then varied)."""
    repo = api.repository
    hashed = keys.scope_hash(scope)
    template = MemoryItem(
        memory_id="mem_TEMPLATE",
        store=store,
        scope=scope,
        kind=Kind.USER_PROFILE,
        content="CONTENT",
        created_at=START - 100,
        updated_at=START - 50,
        version=2,
        revisions=[Revision(content="REVISION", updated_at=START - 100)],
    )
    memory_row = repo._memory_row(template).serialize()
    pointer_row = repo._pointer(template, hashed).serialize()
    put = backend().put_item
    put(api.table, repo._scope_row(store, hashed).serialize())
    ids = [f"mem_01K{k:023d}" for k in range(n)]
    for k, memory_id in enumerate(ids):
        row = {
            **memory_row,
            "sk": {"S": f"MEM#{memory_id}"},
            "memory_id": {"S": memory_id},
            "content": {"S": f"fact number {k}"},
            "revisions": {"S": memory_row["revisions"]["S"].replace("REVISION", f"old fact {k}")},
        }
        put(api.table, row)
        put(api.table, {**pointer_row, "sk": {"S": f"MEM#{memory_id}"}})
    return ids


def backend() -> Any:
    """moto's DynamoDB itself: seeding thousands of rows through it skips botocore both ways."""
    from moto.core import DEFAULT_ACCOUNT_ID
    from moto.dynamodb.models import dynamodb_backends

    return dynamodb_backends[DEFAULT_ACCOUNT_ID]["us-east-1"]


def rows_of(api: Api, scope: str, store: str = "demo") -> list[tuple[str, str]]:
    partition = keys.scope_pk(store, scope)
    return [k for k in api.table_snapshot() if k[0] == partition]


def idempotency_records(api: Api) -> list[str]:
    items = api.clients.dynamodb.scan(TableName=IDEMPOTENCY_TABLE, ConsistentRead=True)["Items"]
    return [i["id"]["S"] for i in items]


def governance(api: Api, case: str, **overrides: Any):
    return api.call("governance", case, **overrides)


def audit(api: Api, **query: Any) -> list[dict[str, Any]]:
    reply = governance(api, "audit", query={"scope": None, "limit": 100, **query})
    assert reply.status == 200, reply.text
    return reply.body["data"]


# ---------------------------------------------------------------------------- deletion at scale
def finished(api: Api, reply) -> int:
    """The count of a deletion: at once (200), or once polling finishes it (202, a slow machine)."""
    if reply.status == 200:
        return reply.body["deleted_count"]
    assert reply.status == 202, reply.text
    job = reply.body
    for _ in range(50):
        if job["status"] == "completed":
            return job["deleted_count"]
        job = governance(api, "deletion", path={"name": "demo", "deletion_id": job["deletion_id"]}).body
    raise AssertionError("the deletion did not finish")


def test_deleting_a_scope_of_5000_items_removes_every_row_and_counts_exactly(gov: Api):
    gov.create_store()
    seeded = seed(gov, 5_050)
    made = gov.create_item(SCOPE, "Prefers aisle seats.", headers={"Idempotency-Key": "k-1"})
    kept = gov.create_item(OTHER, "Someone else's fact.", headers={"Idempotency-Key": "k-2"})
    gov.repository.save_search(
        SearchSession(
            search_id="srch_1",
            store="demo",
            scope=SCOPE,
            query="aisle seats",
            returned=[made["memory_id"]],
            created_at=START,
            expires_at=START + 3600,
        )
    )
    partition = keys.scope_pk("demo", SCOPE)
    for sk in ("UPD#upd_1", "MSG#upd_1", "STATE"):
        backend().put_item(gov.table, {"pk": {"S": partition}, "sk": {"S": sk}, "blob": {"S": "aisle seats"}})
    assert len(idempotency_records(gov)) == 2
    started = time.monotonic()

    reply = gov.call("items", "delete_scope", body={"scope": SCOPE})

    count = finished(gov, reply)
    assert count == len(seeded) + 1
    print(f"deleted {len(seeded) + 1} items in {time.monotonic() - started:.1f}s")
    snapshot = gov.table_snapshot()
    assert rows_of(gov, SCOPE) == []
    gone = {f"MEM#{i}" for i in [*seeded, made["memory_id"]]}
    assert not [k for k in snapshot if k[0] == "STORE#demo" and k[1] in gone], "pointers remain"
    assert ("STORE#demo", keys.scope_sk(keys.scope_hash(SCOPE))) not in snapshot
    assert not any("old fact" in json.dumps(row) or "aisle" in json.dumps(row) for row in snapshot.values())
    assert len(idempotency_records(gov)) == 1, "the scope's Idempotency-Key answer is deleted, the other kept"
    assert [i["memory_id"] for i in gov.list_items(OTHER)] == [kept["memory_id"]]
    replayed = gov.create_item(SCOPE, "Prefers aisle seats.", headers={"Idempotency-Key": "k-1"})
    assert replayed["memory_id"] != made["memory_id"], "a retry after the deletion is a new request"
    (record,) = [r for r in audit(gov) if r["action"] == "scope_deleted"]
    assert record["count"] == len(seeded) + 1 and record["scope_hash"] == scope_digest(SCOPE)


def test_a_deletion_over_its_budget_answers_202_and_finishes_when_polled(gov: Api):
    install_container(gov, erasure_budget=0)
    gov.create_store()
    seeded = seed(gov, 1_200)
    seed(gov, 600, scope=OTHER)

    stamp = gov.repository.scope_stamp("demo", SCOPE)
    first = gov.call("items", "delete_scope", body={"scope": SCOPE})
    assert first.status == 202, first.text
    assert gov.repository.scope_stamp("demo", SCOPE) not in (None, stamp), (
        "warm search caches are invalidated"
    )
    job = first.body
    assert (job["object"], job["status"], job["target"]) == ("memory_store.deletion", "in_progress", "scope")
    assert 0 < job["deleted_count"] < len(seeded)
    assert SCOPE not in first.text

    polls = 0
    while job["status"] == "in_progress":
        polls += 1
        assert polls < 20
        reply = governance(gov, "deletion", path={"name": "demo", "deletion_id": job["deletion_id"]})
        assert reply.status == 200, reply.text
        job = reply.body
    assert job["deleted_count"] == len(seeded) and polls >= 2
    assert rows_of(gov, SCOPE) == [] and len(rows_of(gov, OTHER)) == 600
    (record,) = [r for r in audit(gov) if r["action"] == "scope_deleted"]
    assert record["count"] == len(seeded)

    again = gov.call("items", "delete_scope", body={"scope": OTHER})
    assert again.status == 202
    while gov.container.erasure.resume_pending() == 0:
        pass
    unpolled = governance(
        gov, "deletion", path={"name": "demo", "deletion_id": again.body["deletion_id"]}
    ).body
    assert (unpolled["status"], unpolled["deleted_count"]) == ("completed", 600), (
        "the lifecycle pass finishes it"
    )
    seed(gov, 600, scope=OTHER)
    store = gov.call("stores", "delete")
    assert store.status == 202 and store.body["target"] == "store"
    assert store.body["deleted_count"] < 600
    again = gov.call("stores", "delete")
    assert again.status == 200 and again.body["deleted_count"] == 600, "a retry finishes the same deletion"
    status = governance(gov, "deletion", path={"name": "demo", "deletion_id": store.body["deletion_id"]})
    assert (status.body["status"], status.body["deleted_count"]) == ("completed", 600)
    assert gov.call("stores", "get").status == 404
    left = [k for k in gov.table_snapshot() if not k[0].startswith(("AUDIT", "ERASURE"))]
    assert left == [], "only the audit chain and the deletions' status (ids and counts) remain"


def test_deleting_a_store_deletes_its_idempotency_answers_and_is_audited(gov: Api):
    reply = gov.call("stores", "create", headers={"Idempotency-Key": "store-1"})
    assert reply.status == 201
    gov.create_item(SCOPE, "Likes green tea.", headers={"Idempotency-Key": "item-1"})
    gov.create_item(OTHER, "Likes black tea.")
    assert len(idempotency_records(gov)) == 2

    deleted = gov.call("stores", "delete")

    assert deleted.status == 200 and deleted.body["deleted_count"] == 2
    assert idempotency_records(gov) == []
    assert [k for k in gov.table_snapshot() if not k[0].startswith(("AUDIT", "ERASURE"))] == []
    verified = governance(gov, "verify")
    assert verified.status == 200 and verified.body["valid"] and verified.body["records"] == 1
    assert audit(gov)[0]["action"] == "store_deleted" and audit(gov)[0]["count"] == 2


# ---------------------------------------------------------------------------- the audit
def test_every_deletion_leaves_a_record_without_content_or_scope(gov: Api):
    gov.create_store()
    first = gov.create_item(SCOPE, "Lives in Lisbon.")
    gov.create_item(OTHER, "Lives in Porto.")
    assert gov.call("items", "delete", path={"name": "demo", "memory_id": first["memory_id"]}).status == 200
    assert gov.call("items", "delete_scope", body={"scope": OTHER}).status == 200

    records = audit(gov)
    assert [r["action"] for r in records] == ["item_deleted", "scope_deleted"]
    assert records[0]["memory_ids"] == [first["memory_id"]] and len(records[0]["content_hashes"]) == 1
    assert [r["action"] for r in audit(gov, scope=SCOPE)] == ["item_deleted"]
    rows = [v for k, v in gov.table_snapshot().items() if k[0] == "AUDIT#demo"]
    assert rows and not any(word in json.dumps(rows) for word in ("Lisbon", "Porto", SCOPE, OTHER))
    assert governance(gov, "verify").body["valid"]


def _audit_rows(api: Api) -> dict[str, dict[str, Any]]:
    return {k[1]: v for k, v in api.table_snapshot().items() if k[0] == "AUDIT#demo"}


def _chain(api: Api, n: int) -> None:
    api.create_store()
    for k in range(n):
        item = api.create_item(SCOPE, f"fact {k}")
        api.call("items", "delete", path={"name": "demo", "memory_id": item["memory_id"]})
    assert governance(api, "verify").body["valid"]


def _problems(api: Api) -> set[str]:
    body = governance(api, "verify").body
    assert body["valid"] is False
    return {p["problem"] for p in body["problems"]}


def test_the_verifier_catches_an_edited_record(gov: Api):
    _chain(gov, 4)
    row = _audit_rows(gov)["REC#000000000002"]
    doc = json.loads(row["doc"]["S"])
    doc["count"] = 0
    doc["memory_ids"] = []
    row["doc"] = {"S": json.dumps(doc)}
    gov.clients.dynamodb.put_item(TableName=gov.table, Item=row)
    assert "edited" in _problems(gov)


def test_the_verifier_catches_a_removed_record(gov: Api):
    _chain(gov, 4)
    gov.clients.dynamodb.delete_item(
        TableName=gov.table, Key={"pk": {"S": "AUDIT#demo"}, "sk": {"S": "REC#000000000003"}}
    )
    assert "removed" in _problems(gov)


def test_the_verifier_catches_an_inserted_record(gov: Api):
    _chain(gov, 3)
    rows = _audit_rows(gov)
    forged = json.loads(rows["REC#000000000003"]["doc"]["S"])
    forged.update(seq=4, prev_hash=forged["hash"], reason="forged")
    gov.clients.dynamodb.put_item(
        TableName=gov.table,
        Item={"pk": {"S": "AUDIT#demo"}, "sk": {"S": "REC#000000000004"}, "doc": {"S": json.dumps(forged)}},
    )
    assert _problems(gov) & {"inserted", "edited"}


# ---------------------------------------------------------------------------- export and import
def _export(api: Api, **query: Any) -> list[dict[str, Any]]:
    """Every line of a store's export, following the pages."""
    lines, after = [], None
    module = api.handlers["governance"]
    for _ in range(100):
        event = api.event("governance", "export", query={"scope": None, "limit": 3, "after": after, **query})
        result = module.lambda_handler(event, LambdaContext("governance"))
        assert result["statusCode"] == 200, result["body"]
        assert result["headers"]["Content-Type"] == "application/x-ndjson"
        page = [json.loads(line) for line in result["body"].splitlines()]
        lines += page
        if page[-1]["object"] != "memory_store.export.page":
            return lines
        after = page[-1]["next_after"]
    raise AssertionError("export did not end")


def _import(api: Api, lines: list[dict[str, Any]]):
    text = "".join(json.dumps(line) + "\n" for line in lines)
    event = api.event("governance", "import")
    event["body"] = text
    return api.invoke("governance", event)


def test_export_then_delete_the_store_then_import_restores_the_memories_and_search_finds_them(gov: Api):
    gov.create_store()
    facts = {
        SCOPE: ["Prefers dark roast coffee.", "Has a cat called Miso.", "Works as a nurse."],
        OTHER: ["Plays the cello.", "Lives near the harbour."],
    }
    made = {scope: [gov.create_item(scope, fact) for fact in texts] for scope, texts in facts.items()}
    changed = gov.call(
        "items",
        "update",
        path={"name": "demo", "memory_id": made[SCOPE][0]["memory_id"]},
        body={"content": "Prefers dark roast coffee, no sugar."},
    )
    assert changed.status == 200
    found_before = gov.call(
        "search",
        "contextual",
        body={
            "scope": SCOPE,
            "items": [{"type": "message", "role": "user", "content": "Order my usual coffee"}],
        },
    )
    assert found_before.status == 200
    before = {i["memory_id"]: i for scope in facts for i in gov.list_items(scope)}

    lines = _export(gov)
    assert lines[0]["object"] == "memory_store.export"
    exported = [line for line in lines if line["object"] == "memory_item.export"]
    assert len(exported) == 5 and sum(line["object"] == "memory_store.export.page" for line in lines) >= 1
    coffee = next(line for line in exported if line["memory_id"] == made[SCOPE][0]["memory_id"])
    assert [r["content"] for r in coffee["revisions"]] == ["Prefers dark roast coffee."]

    assert gov.call("stores", "delete").status == 200
    assert gov.call("stores", "get").status == 404

    imported = _import(gov, lines)
    assert imported.status == 200, imported.text
    assert (imported.body["created"], imported.body["updated"], imported.body["unchanged"]) == (5, 0, 0)
    again = _import(gov, lines)
    assert (again.body["created"], again.body["updated"], again.body["unchanged"]) == (0, 0, 5)
    assert len([k for k in gov.table_snapshot() if k[1].startswith("MEM#") and k[0] != "STORE#demo"]) == 5
    after = {i["memory_id"]: i for scope in facts for i in gov.list_items(scope)}
    assert after == before
    restored = gov.repository.get_item("demo", made[SCOPE][0]["memory_id"], START)
    assert [r.content for r in restored.revisions] == ["Prefers dark roast coffee."]
    found = gov.call(
        "search",
        "contextual",
        body={
            "scope": SCOPE,
            "items": [{"type": "message", "role": "user", "content": "Order my usual coffee"}],
        },
    )
    assert found.status == 200
    assert [m["memory_item"]["memory_id"] for m in found.body["memories"]] == [
        m["memory_item"]["memory_id"] for m in found_before.body["memories"]
    ]
    assert made[SCOPE][0]["memory_id"] in [m["memory_item"]["memory_id"] for m in found.body["memories"]]


def test_a_scope_export_holds_only_that_scope_and_bad_lines_are_refused(gov: Api):
    gov.create_store()
    gov.create_item(SCOPE, "Likes hiking.")
    gov.create_item(OTHER, "Likes sailing.")
    lines = _export(gov, scope=SCOPE)
    assert [line["content"] for line in lines if line["object"] == "memory_item.export"] == ["Likes hiking."]
    bad = _import(gov, [{"object": "memory_item.export", "memory_id": "mem_X"}])
    assert bad.status == 400 and bad.error["param"] == "body" and "line 1" in bad.error["message"]
    event = gov.event("governance", "import")
    event["body"] = "not json\n"
    reply = gov.invoke("governance", event)
    assert reply.status == 400 and "not json" not in reply.text
    empty = gov.event("governance", "import")
    empty.pop("body")
    assert gov.invoke("governance", empty).status == 400
    event = gov.event("governance", "import", path={"name": "fresh"})
    event["body"] = (
        json.dumps(lines[0]) + "\n" + json.dumps({"object": "memory_item.export", "memory_id": "m"})
    )
    refused = gov.invoke("governance", event)
    assert refused.status == 400 and "line 2" in refused.error["message"]
    assert gov.call("stores", "get", path={"name": "fresh"}).status == 404, "nothing is written"
    tampered = gov.call("governance", "export", query={"scope": SCOPE, "after": "pg_AAAA"})
    assert tampered.status == 400 and tampered.error["param"] == "after"


def test_a_deletion_cut_short_is_finished_by_the_same_request_with_its_whole_count(gov: Api, monkeypatch):
    from memstore.adapters.dynamodb_erasure import DynamoDBErasure
    from memstore.domain.errors import DependencyUnavailable

    gov.create_store()
    seeded = seed(gov, 1_100)
    original, calls = DynamoDBErasure.delete_batch, []

    def failing_third(self, *args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise DependencyUnavailable("the table is unavailable")
        return original(self, *args, **kwargs)

    monkeypatch.setattr(DynamoDBErasure, "delete_batch", failing_third)
    cut = gov.call("items", "delete_scope", body={"scope": SCOPE})
    assert cut.status == 503 and 0 < len(rows_of(gov, SCOPE)) < len(seeded)
    monkeypatch.setattr(DynamoDBErasure, "delete_batch", original)
    again = gov.call("items", "delete_scope", body={"scope": SCOPE})
    assert finished(gov, again) == len(seeded), "the count covers the batches deleted before the fault"
    assert rows_of(gov, SCOPE) == []
