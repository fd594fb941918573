"""Fault injection on every route and on consolidation: DynamoDB throttling, 5xx, transaction
conflicts and condition races, and Step Functions StartExecution failures, injected at botocore's
before-send event (tests/faults.py) under the real handlers, adapters and a moto table.

What must hold: a transient fault is retried (bounded, jittered) and the request succeeds; a
fault that outlasts the retries is a 503 `dependency_unavailable` with `Retry-After`, and leaves
nothing half-written; once the faults clear, the same request succeeds, and every message ends
as memories exactly once or in a failed update that keeps it (then retried), with no update
left queued or in progress."""

from __future__ import annotations

import copy
import json
from typing import Any

import boto3
import pytest

from memstore.adapters.aws_orchestration import StepFunctionsScheduler
from memstore.adapters.dynamodb_repository import DynamoDBRepository
from memstore.domain.errors import DependencyUnavailable
from memstore.domain.extraction import Candidate, Extraction
from memstore.domain.models import Kind
from memstore.ports.scheduler import ConsolidationJob
from memstore.services.updates import UNRECORDED_GRACE_SECONDS
from memstore.settings import Settings
from memstore.wiring import Container, install
from tests.conftest import TABLE
from tests.doubles import RecordingPublisher
from tests.faults import (
    CONDITION_RACE,
    INTERNAL,
    THROTTLED,
    THROTTLING,
    TRANSACTION_CONFLICT,
    Faults,
    Waits,
    json_error,
)
from tests.integration.conftest import IDEMPOTENCY_TABLE, TEST_EMBEDDING_MODEL, Api

SCOPE = "user-123"
ACCOUNT = "123456789012"
FACTS = [
    "I keep bees on the roof.",
    "My sister lives in Oslo.",
    "I play the cello on Sundays.",
    "I am allergic to peanuts.",
    "I drive an old green Volvo.",
    "My daughter studies chemistry.",
    "I collect vintage postcards.",
    "I run marathons every autumn.",
    "My flat faces the harbour.",
    "I never drink coffee after noon.",
    "I grow tomatoes on the balcony.",
    "I speak fluent Portuguese.",
]
"""Facts that share no content words, so none consolidates into another."""


class EchoExtractor:
    """Each user message is one fact, worded as sent: every message's fate is visible as
    exactly one memory (a repeated fact reinforces it)."""

    name = "echo"

    def __init__(self) -> None:
        self.failure: Exception | None = None

    def extract(self, messages, context, existing, options) -> Extraction:
        if self.failure is not None:
            raise self.failure
        return Extraction(
            memories=[
                Candidate(kind=Kind.USER_PROFILE, content=m.content, message_ids=[m.id])
                for m in messages
                if m.role == "user" and not m.command_applied
            ]
        )


@pytest.fixture
def faults(monkeypatch) -> Faults:
    return Faults().install(monkeypatch)


@pytest.fixture
def waits(monkeypatch) -> Waits:
    return Waits(monkeypatch)


@pytest.fixture
def service(api: Api, faults: Faults, waits: Waits) -> Api:
    """The HTTP API on a repository of its own: botocore's retry quota is per client, so the
    faults of one test do not drain another's."""
    api.repository = DynamoDBRepository(TABLE, region="us-east-1")
    api.extractor = EchoExtractor()
    api.publisher = RecordingPublisher()
    use_container(api, api.scheduler)
    api.create_store(message_retention_seconds=86_400)
    return api


def use_container(api: Api, scheduler: Any, **overrides: Any) -> Container:
    settings = Settings.from_env(
        {
            "TABLE_NAME": api.table,
            "AWS_REGION": "us-east-1",
            "AUTH_MODE": "IAM",
            "ALLOWED_EMBEDDING_MODELS": f"all-MiniLM-L6-v2,{TEST_EMBEDDING_MODEL}",
        }
    )
    from memstore.adapters.embedders import make_embedder

    api.container = Container(
        settings,
        repository=api.repository,
        clock=api.clock,
        scheduler=scheduler,
        publisher=api.publisher,
        embedder_factory=lambda _model: make_embedder(TEST_EMBEDDING_MODEL),
        extractor_factory=lambda _model: api.extractor,
        **overrides,
    )
    install(api.container)
    return api.container


def submit(api: Api, *texts: str, scope: str = SCOPE, headers: dict[str, str] | None = None):
    items = [{"type": "message", "role": "user", "content": t} for t in texts]
    return api.call(
        "updates",
        "submit",
        path={"name": "demo"},
        headers=headers,
        body={"scope": scope, "items": items, "update_delay": 0},
    )


def found(reply) -> list[str]:
    assert reply.status == 200, reply.text
    return [m["memory_item"]["memory_id"] for m in reply.body["memories"]]


def assert_unavailable(reply) -> None:
    assert reply.status == 503, reply.text
    assert reply.body == {
        "error": {
            "code": "dependency_unavailable",
            "message": reply.error["message"],
            "param": reply.error["param"],
        }
    }
    assert reply.headers.get("retry-after") == "2"
    assert "injected" not in reply.text


def memory_rows(api: Api) -> list[dict]:
    return [
        row for (_pk, sk), row in api.table_snapshot().items() if sk.startswith("MEM#") and "content" in row
    ]


def update_rows(api: Api) -> dict[tuple[str, str], dict]:
    return {
        key: row for key, row in api.table_snapshot().items() if key[1].startswith(("UPD#", "MSG#", "STATE"))
    }


# ------------------------------------------------------------------ every route
def _routes(api: Api, memory_id: str, update_id: str) -> dict[str, tuple[str, str, dict, int]]:
    item = {"name": "demo", "memory_id": memory_id}
    return {
        "create_store": (
            "stores",
            "create",
            {"body": {"name": "other", "definition": {"kind": "default"}}},
            201,
        ),
        "list_stores": ("stores", "list", {}, 200),
        "get_store": ("stores", "get", {"path": {"name": "demo"}}, 200),
        "update_store": ("stores", "update", {"path": {"name": "demo"}}, 200),
        "create_item": ("items", "create", {"path": {"name": "demo"}}, 201),
        "list_items": ("items", "list", {"path": {"name": "demo"}, "query": {"scope": SCOPE}}, 200),
        "get_item": ("items", "get", {"path": item}, 200),
        "update_item": ("items", "update", {"path": item}, 200),
        "update_memories": ("updates", "submit", {"path": {"name": "demo"}}, 202),
        "get_update": ("updates", "get", {"path": {"name": "demo", "update_id": update_id}}, 200),
        "search_static": ("search", "static", {"path": {"name": "demo"}, "body": {"scope": SCOPE}}, 200),
        "search_contextual": ("search", "contextual", {"path": {"name": "demo"}}, 200),
        "delete_item": ("items", "delete", {"path": item}, 200),
        "delete_scope": ("items", "delete_scope", {"path": {"name": "demo"}}, 200),
        "delete_store": ("stores", "delete", {"path": {"name": "demo"}}, 200),
    }


ROUTES = list(_routes(None, "", ""))  # type: ignore[arg-type]


@pytest.mark.parametrize("route", ROUTES)
def test_every_route_answers_503_with_retry_after_while_the_table_is_throttled_then_succeeds(
    service: Api, faults: Faults, waits: Waits, route: str
):
    memory_id = service.create_item(SCOPE, "Prefers a window seat.")["memory_id"]
    update_id = submit(service, "I live in Lisbon.").body["update_id"]
    function, case, overrides, ok = _routes(service, memory_id, update_id)[route]
    before = service.table_snapshot()

    faults.add("dynamodb", THROTTLED, table=TABLE)
    reply = service.call(function, case, **copy.deepcopy(overrides))
    assert_unavailable(reply)
    # botocore retried (standard mode, pynamodb's 3 retries) with full-jitter waits, then gave up
    assert len(faults.injected) == 4
    assert len(waits.botocore) == 3 and all(0 <= w <= 2**n for n, w in enumerate(waits.botocore))
    assert len(set(waits.botocore)) > 1, "jittered waits differ"
    faults.clear()
    assert service.table_snapshot() == before, "nothing half-written"

    again = service.call(function, case, **copy.deepcopy(overrides))
    assert 200 <= again.status < 300 and again.status in (ok, 204), again.text


@pytest.mark.parametrize("fault", [THROTTLED, THROTTLING, INTERNAL], ids=["throughput", "throttling", "5xx"])
def test_a_fault_that_clears_within_the_retries_is_invisible(
    service: Api, faults: Faults, waits: Waits, fault
):
    faults.add("dynamodb", fault, table=TABLE, times=2)
    created = service.call("items", "create", path={"name": "demo"})
    assert created.status == 201, created.text
    assert len(faults.injected) == 2
    assert len(waits.botocore) == 2 and waits.botocore[0] <= 1 and waits.botocore[1] <= 2

    faults.add("dynamodb", fault, "Query", table=TABLE, times=3)
    listed = service.call("items", "list", path={"name": "demo"}, query={"scope": SCOPE})
    assert listed.status == 200 and [i["memory_id"] for i in listed.body["data"]] == [
        created.body["memory_id"]
    ]


def test_transaction_conflicts_are_retried_with_jitter_then_answer_503(
    service: Api, faults: Faults, waits: Waits
):
    writes = faults.count("dynamodb", "TransactWriteItems")
    faults.add("dynamodb", TRANSACTION_CONFLICT, "TransactWriteItems", table=TABLE, times=2)
    created = service.call("items", "create", path={"name": "demo"})
    assert created.status == 201, created.text
    assert len(waits.memstore) == 2 and all(0 <= w <= 1 for w in waits.memstore)

    faults.add("dynamodb", TRANSACTION_CONFLICT, "TransactWriteItems", table=TABLE)
    before = service.table_snapshot()
    reply = service.call(
        "items",
        "create",
        path={"name": "demo"},
        body={"scope": SCOPE, "content": "Likes tea.", "kind": "user_profile"},
    )
    assert_unavailable(reply)
    assert faults.count("dynamodb", "TransactWriteItems") - writes == 3 + 3, "bounded: three attempts each"
    assert service.table_snapshot() == before


def test_an_item_create_that_fails_leaves_no_item_and_no_index_entry(service: Api, faults: Faults):
    body = {"scope": SCOPE, "content": "Keeps bees on the roof.", "kind": "user_profile"}
    search = {
        "scope": SCOPE,
        "items": [{"type": "message", "role": "user", "content": "What about the bees?"}],
    }
    assert found(service.call("search", "contextual", path={"name": "demo"}, body=search)) == []

    faults.add("dynamodb", INTERNAL, "TransactWriteItems", table=TABLE)
    assert_unavailable(service.call("items", "create", path={"name": "demo"}, body=body))
    faults.clear()
    assert memory_rows(service) == []
    assert found(service.call("search", "contextual", path={"name": "demo"}, body=search)) == []

    created = service.call("items", "create", path={"name": "demo"}, body=body)
    assert created.status == 201
    assert found(service.call("search", "contextual", path={"name": "demo"}, body=search)) == [
        created.body["memory_id"]
    ]
    assert len(memory_rows(service)) == 1


def test_an_idempotent_create_whose_idempotency_store_is_down_writes_nothing(service: Api, faults: Faults):
    headers = {"Idempotency-Key": "create-bees-1"}
    body = {"scope": SCOPE, "content": "Keeps bees on the roof.", "kind": "user_profile"}
    faults.add("dynamodb", THROTTLED, table=IDEMPOTENCY_TABLE)
    assert_unavailable(service.call("items", "create", path={"name": "demo"}, body=body, headers=headers))
    assert memory_rows(service) == []
    faults.clear()
    first = service.call("items", "create", path={"name": "demo"}, body=body, headers=headers)
    replay = service.call("items", "create", path={"name": "demo"}, body=body, headers=headers)
    assert first.status == replay.status == 201 and replay.body == first.body
    assert len(memory_rows(service)) == 1


def test_a_store_deletion_cut_short_leaves_the_store_visible_and_a_retry_finishes_it(
    service: Api, faults: Faults
):
    for n in range(3):
        service.create_item(f"scope-{n}", f"Fact number {n}.")
    faults.add("dynamodb", INTERNAL, "BatchWriteItem", table=TABLE, skip=1)
    assert_unavailable(service.call("stores", "delete", path={"name": "demo"}))
    assert service.call("stores", "get", path={"name": "demo"}).status == 200
    faults.clear()
    assert service.call("stores", "delete", path={"name": "demo"}).status in (200, 204)
    assert service.call("stores", "get", path={"name": "demo"}).status == 404
    left = [k for k in service.table_snapshot() if "demo" in k[0] or "demo" in k[1]]
    assert [k for k in left if not k[0].startswith(("AUDIT", "ERASURE"))] == [], (
        "only the audit and deletion status"
    )


def test_search_answers_503_while_opensearch_is_throttled_then_finds_the_memory(service: Api, waits: Waits):
    from tests.unit.test_adapter_faults import ScriptedTransport, index_over

    transport = ScriptedTransport((429, {"error": "too many requests", "status": 429}))
    use_container(service, service.scheduler, vector_index=index_over(transport))
    created = service.create_item(SCOPE, "Keeps bees on the roof.")
    search = {
        "scope": SCOPE,
        "items": [{"type": "message", "role": "user", "content": "What about the bees?"}],
    }
    assert_unavailable(service.call("search", "contextual", path={"name": "demo"}, body=search))
    assert len(transport.requests) == 3 and len(waits.memstore) == 2

    hit = {"_id": "d1", "_score": 1.5, "_source": {"memory_id": created["memory_id"]}}
    transport.answers = [(200, {"responses": [{"hits": {"hits": [hit]}, "status": 200}]})]
    assert found(service.call("search", "contextual", path={"name": "demo"}, body=search)) == [
        created["memory_id"]
    ]


# ------------------------------------------------------------------ update submission
def test_a_condition_race_on_enqueue_is_retried_and_one_update_holds_every_message(
    service: Api, faults: Faults
):
    assert submit(service, "I live in Lisbon.").status == 202
    faults.add("dynamodb", CONDITION_RACE, "TransactWriteItems", table=TABLE, times=3)
    second = submit(service, "I work as a nurse.")
    assert second.status == 202, second.text
    queued = service.repository.get_update("demo", second.body["update_id"])
    assert [m.content for m in queued.messages] == ["I live in Lisbon.", "I work as a nurse."]
    assert service.repository.scope_state("demo", SCOPE).pending_update_id == queued.update_id


@pytest.fixture
def sfn(service: Api, faults: Faults):
    """Step Functions in moto (executions are recorded, not run: the test runs their input)."""
    client = boto3.client("stepfunctions", region_name="us-east-1")
    arn = client.create_state_machine(
        name="memstore-consolidation",
        definition=json.dumps({"StartAt": "S", "States": {"S": {"Type": "Succeed"}}}),
        roleArn=f"arn:aws:iam::{ACCOUNT}:role/memstore-consolidation",
    )["stateMachineArn"]
    scheduler = StepFunctionsScheduler(arn, region="us-east-1")
    use_container(service, scheduler)
    return client, arn


def executions(client, arn) -> list[ConsolidationJob]:
    listed = client.list_executions(stateMachineArn=arn)["executions"]
    return [
        ConsolidationJob.model_validate_json(
            client.describe_execution(executionArn=e["executionArn"])["input"]
        )
        for e in listed
    ]


def run(service: Api, job: ConsolidationJob) -> dict:
    return service.container.consolidation.run(job)


def test_an_update_whose_scheduling_fails_is_not_accepted_and_its_retry_completes(
    service: Api, faults: Faults, sfn
):
    client, arn = sfn
    faults.add("sfn", json_error("ThrottlingException", 400), "StartExecution")
    headers = {"Idempotency-Key": "update-1"}
    texts = ("I am vegetarian.", "Remember that I always prefer a window seat.")
    before = service.table_snapshot()
    reply = submit(service, *texts, headers=headers)
    assert_unavailable(reply)
    assert faults.count("sfn", "StartExecution") == 3, "botocore standard mode: 3 attempts"
    assert service.table_snapshot() == before, "no update, no messages, no command applied"

    faults.clear()
    accepted = submit(service, *texts, headers=headers)
    assert accepted.status == 202, accepted.text
    assert [c["status"] for c in accepted.body["memory_commands"]] == ["completed"]
    (job,) = executions(client, arn)
    assert job.update_id == accepted.body["update_id"]
    assert run(service, job)["status"] == "done"
    final = service.repository.get_update("demo", job.update_id)
    assert final.status.value == "completed"
    contents = sorted(r["content"]["S"] for r in memory_rows(service))
    assert len(contents) == len(set(contents)) == 2, contents
    assert "I am vegetarian." in contents


def test_a_lost_start_execution_answer_is_retried_without_a_second_run(service: Api, faults: Faults, sfn):
    client, arn = sfn
    faults.add("sfn", json_error("InternalServerError", 500), "StartExecution", times=1, after=True)
    accepted = submit(service, "I am vegetarian.")
    assert accepted.status == 202, accepted.text
    assert faults.count("sfn", "StartExecution") == 2
    assert [j.update_id for j in executions(client, arn)] == [accepted.body["update_id"]]


def test_a_scheduled_run_whose_update_was_never_written_ends_after_the_grace(
    service: Api, faults: Faults, waits
):
    faults.add("dynamodb", THROTTLED, "TransactWriteItems", table=TABLE)
    assert_unavailable(submit(service, "I am vegetarian."))
    (job,) = service.scheduler.jobs
    assert update_rows(service) == {}
    faults.clear()
    assert run(service, job)["status"] == "wait", "the submission may still be writing it"
    assert len(waits.polls) > 0
    service.clock.advance(UNRECORDED_GRACE_SECONDS)
    assert run(service, job)["status"] == "done"
    assert update_rows(service) == {}


# ------------------------------------------------------------------ consolidation
class StateMachine:
    """The consolidation state machine's control flow (statemachine/consolidation.asl.json):
    Consolidate retried 3 times on DependencyUnavailable, then MarkFailed (itself retried 3
    times); `wait` loops."""

    def __init__(self, service: Api):
        self.service = service

    def execute(self, job: ConsolidationJob, on_attempt=None) -> str:
        consolidation = self.service.container.consolidation
        for _ in range(50):
            error = None
            for attempt in range(3):
                if on_attempt:
                    on_attempt(attempt)
                try:
                    answer = consolidation.run(job)
                    break
                except DependencyUnavailable as e:
                    error = e
            else:
                if on_attempt:
                    on_attempt(3)
                for _ in range(3):
                    try:
                        return consolidation.fail(job, {"Error": type(error).__name__})["status"]
                    except DependencyUnavailable:
                        continue
                return "execution failed"
            if answer["status"] != "wait":
                return answer["status"]
            self.service.clock.now = max(self.service.clock.now, answer["due_at"])
            job = ConsolidationJob.model_validate({**job.model_dump(), **answer})
        raise AssertionError("the update kept waiting")


def audit(service: Api, scopes: dict[str, list[str]]) -> dict[str, list[str]]:
    """0 stuck updates, 0 duplicate memories; returns what each scope's memories hold."""
    snapshot = service.table_snapshot()
    for (pk, sk), row in snapshot.items():
        if sk.startswith("UPD#") and "#SCOPE#" in pk:
            assert row["status"]["S"] in ("completed", "failed", "superseded"), (sk, row["status"])
        if sk == "STATE":
            assert "pending_update_id" not in row and "running_update_id" not in row, row
    held = {}
    for scope in scopes:
        contents = [m.content for m in service.repository.scope_items("demo", scope, service.clock())]
        assert len(contents) == len(set(contents)), f"duplicate memories: {contents}"
        held[scope] = contents
    return held


@pytest.mark.parametrize(
    "fault", [THROTTLED, INTERNAL, TRANSACTION_CONFLICT], ids=["throttled", "5xx", "conflict"]
)
def test_consolidation_through_table_faults_loses_nothing_and_duplicates_nothing(
    service: Api, faults: Faults, fault
):
    sent = {f"user-{n}": FACTS[3 * n : 3 * n + 3] for n in range(4)}
    for scope, texts in sent.items():
        assert submit(service, *texts[:2], scope=scope).status == 202
        assert submit(service, texts[2], scope=scope).status == 202, "supersedes the first"
    jobs = list(service.scheduler.jobs)
    machine = StateMachine(service)
    operations = ("TransactWriteItems",) if fault is TRANSACTION_CONFLICT else ()
    for n, job in enumerate(jobs):
        # a different outage per run: over the first attempts only, or over every attempt
        # (the update then fails with its messages kept), clearing before MarkFailed
        rule = faults.add("dynamodb", fault, *operations, table=TABLE, skip=n)

        def clear_after(attempt: int, last: int = 1 + n % 3, rule=rule) -> None:
            if attempt >= last:
                faults.rules.remove(rule) if rule in faults.rules else None

        assert machine.execute(job, on_attempt=clear_after) in ("done", "superseded", "failed")
        faults.clear()

    failed = [
        u
        for u in (service.repository.get_update("demo", j.update_id) for j in jobs)
        if u.status.value == "failed"
    ]
    for update in failed:
        assert update.messages, "a failed update keeps its messages"
        retry = service.call(
            "updates",
            "submit",
            path={"name": "demo"},
            body={
                "scope": update.scope,
                "items": [],
                "previous_update_id": update.update_id,
                "update_delay": 0,
            },
        )
        assert retry.status == 202, retry.text
        assert machine.execute(service.scheduler.jobs[-1]) == "done"

    held = audit(service, sent)
    for scope, texts in sent.items():
        assert sorted(held[scope]) == sorted(texts), f"lost messages in {scope}"


def test_a_throttled_chat_model_never_sets_messages_aside_and_the_update_completes(service: Api):
    sent = ["I am vegetarian.", "I live in Lisbon."]
    assert submit(service, *sent).status == 202
    (job,) = service.scheduler.jobs
    service.extractor.failure = DependencyUnavailable("Bedrock ThrottlingException for chat model m")

    def recover(attempt: int) -> None:
        if attempt == 2:
            service.extractor.failure = None

    assert StateMachine(service).execute(job, on_attempt=recover) == "done"
    update = service.repository.get_update("demo", job.update_id)
    assert update.failed_messages == [] and update.status.value == "completed"
    assert sorted(audit(service, {SCOPE: sent})[SCOPE]) == sorted(sent)
