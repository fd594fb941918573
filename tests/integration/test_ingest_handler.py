"""functions/ingest/app.py: update_memories from EventBridge, against moto's table, bus and queues.

The bus routes events with the template's own rule pattern to an SQS queue, so the handler is
fed the envelope EventBridge delivers; the consolidation that follows publishes
memstore.UpdateCompleted through the EventBridgePublisher the wiring builds from EVENT_BUS_NAME."""

from __future__ import annotations

import importlib.util
import json
import uuid
from dataclasses import dataclass
from typing import Any

import boto3
import pytest

from memstore.adapters.aws_orchestration import EventBridgePublisher
from memstore.adapters.dynamodb_repository import DynamoDBRepository
from memstore.domain.access import Caller
from memstore.domain.errors import InvalidRequest, NotFound
from memstore.domain.models import StoreDefinition
from memstore.domain.requests import CreateStoreRequest
from memstore.domain.updates import UpdateStatus
from memstore.ports.clock import ManualClock
from memstore.settings import Settings
from memstore.wiring import Container, install
from memstore_local.template import load_template
from tests.doubles import RecordingScheduler
from tests.events import load_event
from tests.support import ROOT

REGION = "us-east-1"
BUS = "memstore-test-bus"
START = 1_800_000_000.0
STORE = "demo"
SCOPE = "user-123"


@dataclass
class LambdaContext:
    function_name: str
    invoked_function_arn: str
    aws_request_id: str
    memory_limit_in_mb: int = 512


def load_app(function: str):
    spec = importlib.util.spec_from_file_location(
        f"ingest_test_{function}", ROOT / "functions" / function / "app.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def apps() -> dict[str, Any]:
    return {name: load_app(name) for name in ("ingest", "consolidate")}


def invoke(apps, function: str, event: dict) -> dict:
    arn = f"arn:aws:lambda:{REGION}:123456789012:function:memstore-{function}"
    answer = apps[function].lambda_handler(event, LambdaContext(function, arn, str(uuid.uuid4())))
    return json.loads(json.dumps(answer))


def ingest_pattern() -> dict:
    """The pattern of the IngestFunction's EventBridgeRule, as template.yaml declares it."""
    function = load_template(ROOT / "template.yaml")["Resources"]["IngestFunction"]["Properties"]
    return function["Events"]["UpdateMemories"]["Properties"]["Pattern"]


@dataclass
class Env:
    container: Container
    clock: ManualClock
    scheduler: RecordingScheduler
    repo: DynamoDBRepository
    table: str
    ingest_queue: str
    completed_queue: str

    def table_rows(self) -> dict:
        client = boto3.client("dynamodb", region_name=REGION)
        rows = client.scan(TableName=self.table, ConsistentRead=True)["Items"]
        return {(r["pk"]["S"], r["sk"]["S"]): r for r in rows}

    def put(self, sample: dict) -> None:
        """Puts an event on the bus as a chat app would (source, detail-type, detail)."""
        answer = boto3.client("events", region_name=REGION).put_events(
            Entries=[
                {
                    "EventBusName": BUS,
                    "Source": sample["source"],
                    "DetailType": sample["detail-type"],
                    "Detail": json.dumps(sample["detail"]),
                }
            ]
        )
        assert answer["FailedEntryCount"] == 0

    def delivered(self, queue_url: str) -> list[dict]:
        sqs = boto3.client("sqs", region_name=REGION)
        messages = sqs.receive_message(QueueUrl=queue_url, MaxNumberOfMessages=10).get("Messages", [])
        return [json.loads(m["Body"]) for m in messages]


def queue_for(rule: str, pattern: dict) -> str:
    sqs = boto3.client("sqs", region_name=REGION)
    events = boto3.client("events", region_name=REGION)
    url = sqs.create_queue(QueueName=rule)["QueueUrl"]
    arn = sqs.get_queue_attributes(QueueUrl=url, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
    events.put_rule(Name=rule, EventBusName=BUS, EventPattern=json.dumps(pattern))
    events.put_targets(Rule=rule, EventBusName=BUS, Targets=[{"Id": "queue", "Arn": arn}])
    return url


@pytest.fixture
def env(moto_table):
    boto3.client("events", region_name=REGION).create_event_bus(Name=BUS)
    clock = ManualClock(START)
    scheduler = RecordingScheduler()
    repo = DynamoDBRepository(moto_table, region=REGION)
    container = Container(
        Settings(table_name=moto_table, region=REGION, event_bus_name=BUS),
        repository=repo,
        clock=clock,
        scheduler=scheduler,
    )
    container.stores.create(CreateStoreRequest(name=STORE, definition=StoreDefinition()), Caller())
    install(container)
    try:
        yield Env(
            container,
            clock,
            scheduler,
            repo,
            moto_table,
            ingest_queue=queue_for("ingest", ingest_pattern()),
            completed_queue=queue_for(
                "completed", {"source": ["memstore"], "detail-type": ["memstore.UpdateCompleted"]}
            ),
        )
    finally:
        install(None)


def test_event_routed_by_the_templates_rule_queues_an_update(env, apps):
    sample = load_event("ingest", "update_memories")
    env.put(sample)
    [delivered] = env.delivered(env.ingest_queue)
    assert delivered["detail"] == sample["detail"]

    answer = invoke(apps, "ingest", delivered)
    update_id = answer["update_id"]
    assert answer == {
        "object": "memory_store.update",
        "update_id": update_id,
        "status": "queued",
        "memory_commands": [],
    }

    [job] = env.scheduler.jobs
    assert (job.store, job.scope, job.update_id) == (STORE, SCOPE, update_id)
    assert job.due_at == int(START) + sample["detail"]["update_delay"]
    update = env.repo.get_update(STORE, update_id)
    assert update.status == UpdateStatus.QUEUED and update.scope == SCOPE
    assert [(m.id, m.role, m.content) for m in update.messages] == [
        ("msg_001", "user", sample["detail"]["items"][0]["content"]),
        ("msg_002", "assistant", sample["detail"]["items"][1]["content"][0]["text"]),
    ]
    assert env.repo.scope_items(STORE, SCOPE, env.clock()) == [], "memories come from consolidation, later"


def test_explicit_remember_is_applied_before_the_handler_returns(env, apps):
    event = load_event("ingest", "update_memories")
    event["detail"]["items"].append(
        {
            "type": "message",
            "role": "user",
            "id": "msg_003",
            "content": "Remember that I always prefer a window seat.",
        }
    )
    answer = invoke(apps, "ingest", event)
    assert answer["memory_commands"] == [
        {
            "type": "memory_command_call",
            "arguments": {"action": "remember", "content": "I always prefer a window seat"},
            "status": "completed",
        }
    ]
    [memory] = env.repo.scope_items(STORE, SCOPE, env.clock())
    assert "window seat" in memory.content
    assert memory.source.update_ids == [answer["update_id"]] and memory.source.message_ids == ["msg_003"]
    assert [j.update_id for j in env.scheduler.jobs] == [answer["update_id"]]


def broken(change):
    event = load_event("ingest", "update_memories")
    change(event["detail"])
    return event


PRIVATE = "PRIVATE-5f3a"
"""Planted in the bad part of an event: the error must never quote it."""


def nested(depth: int) -> object:
    value: object = PRIVATE
    for _ in range(depth):
        value = [value]
    return value


def bad_message(content: object):
    return lambda d: d["items"].append({"type": "message", "role": "user", "content": content})


INVALID = {
    "missing scope": (broken(lambda d: d.pop("scope")), InvalidRequest, "scope"),
    "missing store": (broken(lambda d: d.pop("store")), InvalidRequest, "store"),
    "unknown store": (broken(lambda d: d.update(store="no-such-store")), NotFound, "name"),
    "malformed store name": (broken(lambda d: d.update(store="not a name!")), InvalidRequest, "store"),
    "unknown field": (broken(lambda d: d.update(priority="high")), InvalidRequest, None),
    "unknown field named with personal data": (
        broken(lambda d: d.update({PRIVATE: 1})),
        InvalidRequest,
        None,
    ),
    "bad message role": (broken(lambda d: d["items"][0].update(role="tool")), InvalidRequest, "items.0.role"),
    "no messages": (broken(lambda d: d.update(items=[])), InvalidRequest, "items"),
    "user placeholder without a user": (
        broken(lambda d: d.update(scope="{{$userId}}")),
        InvalidRequest,
        "scope",
    ),
    "no detail": (
        {k: v for k, v in load_event("ingest", "update_memories").items() if k != "detail"},
        InvalidRequest,
        "detail",
    ),
    "detail not an object": (
        {**load_event("ingest", "update_memories"), "detail": [PRIVATE]},
        InvalidRequest,
        "detail",
    ),
    "lone surrogate in content": (
        broken(bad_message(f"{PRIVATE} I like \ud800 tea.")),
        InvalidRequest,
        "items.2.content",
    ),
    "NUL in content": (broken(bad_message(f"{PRIVATE} I like \x00 tea.")), InvalidRequest, "items.2.content"),
    "lone surrogate in a content part": (
        broken(bad_message([{"type": "input_text", "text": f"{PRIVATE} \udfff"}])),
        InvalidRequest,
        "items.2.content.0.text",
    ),
    "lone surrogate in a scope": (
        broken(lambda d: d.update(scope=f"{PRIVATE}\ud800")),
        InvalidRequest,
        "scope",
    ),
    "nested 33 deep": (broken(lambda d: d.update(extra=nested(32))), InvalidRequest, None),
    "nested 10000 deep": (broken(lambda d: d.update(extra=nested(10_000))), InvalidRequest, None),
    "update_delay as a string": (
        broken(lambda d: d.update(update_delay="5")),
        InvalidRequest,
        "update_delay",
    ),
    "update_delay as a float": (broken(lambda d: d.update(update_delay=5.0)), InvalidRequest, "update_delay"),
    "update_delay as a boolean": (
        broken(lambda d: d.update(update_delay=True)),
        InvalidRequest,
        "update_delay",
    ),
    "dry_run as a string": (broken(lambda d: d.update(dry_run="true")), InvalidRequest, "dry_run"),
    "dry_run as a number": (broken(lambda d: d.update(dry_run=1)), InvalidRequest, "dry_run"),
}


@pytest.mark.parametrize("case", INVALID)
def test_invalid_event_raises_so_lambda_retries_it_then_dead_letters_it_and_writes_nothing(env, apps, case):
    """The raised error is what Lambda logs and the dead-letter record carries: it names the
    field and quotes nothing of the event."""
    event, error, param = INVALID[case]
    before = env.table_rows()
    with pytest.raises(error) as raised:
        invoke(apps, "ingest", event)
    assert raised.value.param == param
    assert PRIVATE not in str(raised.value) and raised.value.__cause__ is None
    assert env.table_rows() == before
    assert env.scheduler.jobs == []


def test_a_refused_event_does_not_hold_up_the_good_events_after_it(env, apps):
    poisoned = broken(bad_message("I like \ud800 tea."))
    with pytest.raises(InvalidRequest):
        invoke(apps, "ingest", poisoned)
    good = load_event("ingest", "update_memories")
    answer = invoke(apps, "ingest", good)
    update = env.repo.get_update(STORE, answer["update_id"])
    assert [m.id for m in update.messages] == ["msg_001", "msg_002"]
    [job] = env.scheduler.jobs
    assert invoke(apps, "consolidate", job.model_dump())["status"] == "done"
    assert env.repo.get_update(STORE, answer["update_id"]).status == UpdateStatus.COMPLETED
    assert env.repo.scope_items(STORE, SCOPE, env.clock())


def test_consolidation_announces_update_completed_with_ids_and_counts_only(env, apps):
    sample = load_event("ingest", "update_memories")
    answer = invoke(apps, "ingest", sample)
    assert isinstance(env.container.publisher, EventBridgePublisher)
    [job] = env.scheduler.jobs
    assert invoke(apps, "consolidate", job.model_dump())["status"] == "done"

    [event] = env.delivered(env.completed_queue)
    assert event["source"] == "memstore" and event["detail-type"] == "memstore.UpdateCompleted"
    detail = event["detail"]
    assert set(detail) == {"store", "update_id", "status", "operations"}
    assert (detail["store"], detail["update_id"], detail["status"]) == (
        STORE,
        answer["update_id"],
        "completed",
    )
    stored = env.repo.get_update(STORE, answer["update_id"])
    assert sum(detail["operations"].values()) == len(stored.result["memory_operations"]) > 0
    assert all(isinstance(n, int) for n in detail["operations"].values())

    text = json.dumps(event)
    assert SCOPE not in text
    for phrase in ("Lisbon", "vegetarian", "May", "msg_001"):
        assert phrase not in text
    memories = env.repo.scope_items(STORE, SCOPE, env.clock())
    assert memories and all(m.content not in text for m in memories)
