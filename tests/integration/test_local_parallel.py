"""`memstore local` runs the API's invocations one at a time (they share os.environ and each
handler keeps its current event on a module-level app) and consolidations beside them, as Lambda
runs them in containers of their own; every mocked AWS request is atomic for the threads that run
side by side: a conditional write raced by many threads succeeds once."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import boto3
import pytest
from botocore.exceptions import ClientError

from memstore_local.runtime import CONSOLIDATION_WORKERS, LocalRuntime

pytestmark = pytest.mark.integration

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "template_min.yaml"


@pytest.fixture
def runtime():
    rt = LocalRuntime(FIXTURE)
    rt.start()
    try:
        yield rt
    finally:
        rt.stop()


def test_one_function_handles_one_event_at_a_time(runtime, monkeypatch):
    """Its resolver keeps the current event on a module-level app: two events at once in one
    handler would read each other's scope (as a Lambda container never does)."""
    inside, overlap = [0], [0]
    lock = threading.Lock()

    def handler(event, context):
        with lock:
            inside[0] += 1
            overlap[0] = max(overlap[0], inside[0])
        threading.Event().wait(0.05)
        with lock:
            inside[0] -= 1
        return event

    monkeypatch.setattr(runtime, "_handler", lambda spec: handler)
    threads = [threading.Thread(target=runtime.invoke, args=("EchoFunction", {"n": n})) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=10)
    assert overlap[0] == 1


def test_a_consolidation_runs_beside_the_api_and_in_its_own_environment(runtime, monkeypatch):
    entered, release = threading.Event(), threading.Event()
    seen: dict[str, str | None] = {}

    def consolidate(event, context):
        seen["FUNCTION_ROLE"] = os.environ.get("FUNCTION_ROLE")
        entered.set()
        release.wait(10)
        return {"status": "done"}

    handlers = {"ConsolidateFunction": consolidate, "EchoFunction": lambda event, context: event}
    monkeypatch.setattr(runtime, "_handler", lambda spec: handlers[spec.logical_id])
    assert runtime.invoke("EchoFunction", {"n": -1}) == {"n": -1}
    beside = threading.Thread(target=runtime.invoke_beside, args=("ConsolidateFunction", {"n": 0}))
    beside.start()
    try:
        assert entered.wait(10)
        answered: list = []
        api = threading.Thread(target=lambda: answered.append(runtime.invoke("EchoFunction", {"n": 1})))
        api.start()
        api.join(timeout=10)
        assert answered == [{"n": 1}]
        assert beside.is_alive()
    finally:
        release.set()
        beside.join(timeout=10)
    assert seen["FUNCTION_ROLE"] is None  # the Echo function's "echo" was not left behind


def test_the_scheduler_runs_consolidations_on_more_than_one_worker(runtime):
    assert runtime.scheduler is not None
    assert runtime.scheduler.workers == CONSOLIDATION_WORKERS > 1


def test_a_conditional_write_raced_by_many_threads_succeeds_once(runtime):
    client = boto3.client("dynamodb", region_name="us-east-1")
    client.create_table(
        TableName="race",
        KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
        AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
        BillingMode="PAY_PER_REQUEST",
    )
    outcomes: list[str] = []
    start = threading.Barrier(16)

    def claim(n: int) -> None:
        start.wait()
        for round_ in range(20):
            try:
                client.put_item(
                    TableName="race",
                    Item={"pk": {"S": f"key-{round_}"}, "owner": {"N": str(n)}},
                    ConditionExpression="attribute_not_exists(pk)",
                )
                outcomes.append(f"won-{round_}")
            except ClientError as e:
                assert e.response["Error"]["Code"] == "ConditionalCheckFailedException"

    threads = [threading.Thread(target=claim, args=(n,)) for n in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert sorted(outcomes) == sorted(f"won-{r}" for r in range(20))
