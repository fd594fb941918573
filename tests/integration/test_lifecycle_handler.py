"""functions/lifecycle: the scheduled entry point. A slice that runs out of time hands its cursor
to the next invocation (on Lambda: the function invokes itself), and the chain of slices covers
the whole pass."""

from __future__ import annotations

import json
from typing import Any

import pytest

from memstore.adapters.lambda_continuation import LambdaContinuation
from memstore.adapters.memory_repository import InMemoryRepository
from memstore.domain.errors import InvalidRequest
from memstore.domain.lifecycle_options import DAY
from memstore.domain.models import Kind, MemoryItem, Store, StoreDefinition, StoreOptions
from memstore.ports.clock import ManualClock
from memstore.settings import Settings
from memstore.wiring import Container, install
from tests.events import load_event
from tests.integration.conftest import load_handler_module

START = 1_800_000_000
ARN = "arn:aws:lambda:us-east-1:123456789012:function:memstore-LifecycleFunction-abc"


class Context:
    """A Lambda context whose remaining time falls by `step` ms at every look."""

    function_name = "memstore-LifecycleFunction-abc"
    function_version = "$LATEST"
    memory_limit_in_mb = 512
    invoked_function_arn = ARN
    aws_request_id = "req-1"

    def __init__(self, remaining_ms: int, step_ms: int = 0):
        self.remaining = remaining_ms
        self.step = step_ms

    def get_remaining_time_in_millis(self) -> int:
        self.remaining -= self.step
        return self.remaining


class RecordingContinuation:
    def __init__(self) -> None:
        self.calls: list[tuple[str, int]] = []

    def continue_pass(self, cursor: str, chain: int) -> None:
        self.calls.append((cursor, chain))


@pytest.fixture
def setup(monkeypatch):
    monkeypatch.setenv("POWERTOOLS_METRICS_NAMESPACE", "Memstore")
    monkeypatch.setenv("POWERTOOLS_METRICS_DISABLED", "true")
    repo = InMemoryRepository()
    options = StoreOptions.model_validate({"lifecycle": {"half_life_seconds": {"user_profile": DAY}}})
    repo.create_store(
        Store(
            id="ms_demo",
            name="demo",
            definition=StoreDefinition(options=options),
            created_at=START,
            updated_at=START,
        )
    )
    for n in range(250):
        repo.put_item(
            MemoryItem(
                memory_id=f"mem_{n:04d}",
                store="demo",
                scope=f"user-{n % 2}",
                kind=Kind.USER_PROFILE,
                content=f"Fact {n}.",
                created_at=START,
                updated_at=START,
                importance=0.8,
            )
        )
    continuation = RecordingContinuation()
    install(
        Container(
            Settings(),
            repository=repo,
            clock=ManualClock(START + DAY),
            pass_continuation=continuation,
            lifecycle_page=50,
        )
    )
    module = load_handler_module("lifecycle")
    yield module, repo, continuation
    install(None)


def test_a_pass_that_fits_reports_its_counts_and_hands_nothing_on(setup):
    handler, repo, continuation = setup
    answer = handler.lambda_handler(load_event("lifecycle", "scheduled"), Context(300_000))
    assert answer["complete"] is True and answer["cursor"] is None
    assert answer["counts"]["items"] == 250 and answer["counts"]["decayed"] == 250
    assert continuation.calls == []
    assert {round(i.importance, 6) for s in ("user-0", "user-1") for i in repo.scope_items("demo", s, 0)} == {
        0.4
    }


def test_a_slice_out_of_time_continues_with_its_cursor_until_the_pass_is_done(setup):
    handler, repo, continuation = setup
    # 30 s of safety margin: with 31 s left and 0.4 s used per look, two looks are allowed
    answer = handler.lambda_handler({}, Context(31_000, step_ms=400))
    assert answer["complete"] is False
    assert continuation.calls == [(answer["cursor"], 1)]
    done, chain = answer["counts"]["items"], 1
    while continuation.calls[-1][0] is not None:
        cursor, chain = continuation.calls[-1]
        answer = handler.lambda_handler({"cursor": cursor, "chain": chain}, Context(31_000, step_ms=400))
        done += answer["counts"]["items"]
        if answer["complete"]:
            break
        assert continuation.calls[-1] == (answer["cursor"], chain + 1)
    assert done == 250 and chain > 1
    assert {round(i.importance, 6) for s in ("user-0", "user-1") for i in repo.scope_items("demo", s, 0)} == {
        0.4
    }


def test_the_chain_stops_at_its_limit(setup):
    handler, _, continuation = setup
    answer = handler.lambda_handler({"chain": handler.MAX_CHAIN - 1}, Context(31_000, step_ms=400))
    assert answer["complete"] is False and continuation.calls == []


@pytest.mark.parametrize(
    "event", [{"cursor": 5}, {"chain": -1}, {"chain": "1"}, {"chain": True}, {"cursor": "x"}]
)
def test_a_malformed_event_is_refused(setup, event):
    handler, _, continuation = setup
    with pytest.raises(InvalidRequest):
        handler.lambda_handler(event, Context(300_000))
    assert continuation.calls == []


def test_the_continued_sample_event_is_a_valid_cursor():
    from memstore.services.lifecycle import Position

    event = load_event("lifecycle", "continued")
    assert Position.decode(event["cursor"]).store == "demo" and event["chain"] == 1


def test_lambda_continuation_invokes_the_function_itself_asynchronously():
    class Client:
        def __init__(self) -> None:
            self.calls: list[dict[str, Any]] = []

        def invoke(self, **kwargs: Any) -> dict:
            self.calls.append(kwargs)
            return {"StatusCode": 202}

    client = Client()
    LambdaContinuation(ARN, client=client).continue_pass("lc_abc", 3)
    (call,) = client.calls
    assert (call["FunctionName"], call["InvocationType"]) == (ARN, "Event")
    assert json.loads(call["Payload"]) == {"cursor": "lc_abc", "chain": 3}
