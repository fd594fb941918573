"""functions/consolidate/app.py driven by events/consolidate/*.json, as the state machine invokes
it, against a moto table. The sample events' ids are rewritten to an update submitted here, so
every answer is checked against a real stored update."""

from __future__ import annotations

import importlib.util
import io
import json
import logging
import threading
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime

import pytest

from memstore.adapters.dynamodb_repository import DynamoDBRepository
from memstore.domain.access import Caller
from memstore.domain.errors import DependencyUnavailable, ExtractionFailed
from memstore.domain.models import StoreDefinition
from memstore.domain.requests import CreateStoreRequest
from memstore.domain.updates import UpdateMemoriesRequest, UpdateStatus
from memstore.ports.clock import ManualClock
from memstore.settings import Settings
from memstore.wiring import Container, install
from tests.doubles import BrokenExtractor, RecordingPublisher, RecordingScheduler
from tests.events import load_event
from tests.support import ROOT

START = 1_800_000_000.0
STORE = "demo"
SCOPE = "user-123"
"""The store and scope the sample events name."""
MESSAGES = ["I prefer dark roast coffee.", "My cat is called Miso."]


@dataclass
class LambdaContext:
    function_name: str = "memstore-ConsolidateFunction"
    memory_limit_in_mb: int = 512
    invoked_function_arn: str = "arn:aws:lambda:us-east-1:123456789012:function:memstore-ConsolidateFunction"
    aws_request_id: str = ""


@pytest.fixture(scope="module")
def app():
    path = ROOT / "functions" / "consolidate" / "app.py"
    spec = importlib.util.spec_from_file_location("consolidate_handler_test_app", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def handler(app):
    def invoke(event: dict) -> dict:
        """One Lambda invocation: the answer goes back to Step Functions as JSON."""
        answer = app.lambda_handler(event, LambdaContext(aws_request_id=str(uuid.uuid4())))
        return json.loads(json.dumps(answer))

    return invoke


@pytest.fixture
def log(app):
    """What the handler prints to CloudWatch, formatted by its own Powertools formatter."""
    stream = io.StringIO()
    sink = logging.StreamHandler(stream)
    sink.setFormatter(app.logger.registered_formatter)
    target = logging.getLogger(app.logger.name)
    target.addHandler(sink)
    yield stream
    target.removeHandler(sink)


@dataclass
class Env:
    container: Container
    clock: ManualClock
    scheduler: RecordingScheduler
    publisher: RecordingPublisher
    repo: DynamoDBRepository

    def submit(self, *texts: str, delay: int = 0) -> str:
        request = UpdateMemoriesRequest(
            scope=SCOPE, items=[{"role": "user", "content": t} for t in texts], update_delay=delay
        )
        return self.container.updates.submit(STORE, request, Caller())["update_id"]

    def job_event(self, update_id: str) -> dict:
        """events/consolidate/job.json, for the job the submission scheduled."""
        job = next(j for j in self.scheduler.jobs if j.update_id == update_id)
        event = load_event("consolidate", "job")
        assert (event["store"], event["scope"]) == (STORE, SCOPE)
        event.update(update_id=job.update_id, due_at=job.due_at, wait_until=job.wait_until)
        return event

    def fail_event(self, update_id: str) -> dict:
        event = load_event("consolidate", "fail")
        assert (event["store"], event["scope"]) == (STORE, SCOPE)
        event["update_id"] = update_id
        return event

    def memories(self) -> list[tuple[str, str, tuple[str, ...]]]:
        items = self.repo.scope_items(STORE, SCOPE, self.clock())
        return sorted((i.kind.value, i.content, tuple(i.source.update_ids)) for i in items)


def make_env(table: str, extractor=None) -> Env:
    clock = ManualClock(START)
    scheduler = RecordingScheduler()
    publisher = RecordingPublisher()
    repo = DynamoDBRepository(table, region="us-east-1")
    overrides = {"extractor_factory": lambda model: extractor} if extractor is not None else {}
    container = Container(
        Settings(table_name=table, region="us-east-1"),
        repository=repo,
        clock=clock,
        scheduler=scheduler,
        publisher=publisher,
        **overrides,
    )
    container.stores.create(CreateStoreRequest(name=STORE, definition=StoreDefinition()), Caller())
    install(container)
    return Env(container, clock, scheduler, publisher, repo)


@pytest.fixture
def env(moto_table):
    try:
        yield make_env(moto_table)
    finally:
        install(None)


def test_job_runs_the_update_and_a_rerun_of_the_same_job_changes_nothing(env, handler, log):
    update_id = env.submit(*MESSAGES)
    event = env.job_event(update_id)

    first = handler(event)
    assert first == {**event, "run": 0, "status": "done"}
    update = env.repo.get_update(STORE, update_id)
    assert update.status == UpdateStatus.COMPLETED
    memories = env.memories()
    contents = " ".join(content for _, content, _ in memories)
    assert "dark roast" in contents and "Miso" in contents
    assert all(sources == (update_id,) for _, _, sources in memories)
    assert len(env.publisher.events) == 1

    second = handler(event)
    assert second == {**event, "run": 0, "status": "done"}
    assert env.memories() == memories
    assert env.repo.get_update(STORE, update_id).result == update.result
    assert len(env.publisher.events) == 1, "a re-run must not announce the update twice"

    logged = log.getvalue()
    assert update_id in logged
    assert SCOPE not in logged and "dark roast" not in logged and "Miso" not in logged


def test_invocation_that_died_after_writing_is_retried_without_duplicates(env, handler, monkeypatch):
    update_id = env.submit(*MESSAGES)
    event = env.job_event(update_id)
    finish = env.repo.finish_update
    calls = []

    def table_down_once(update):
        calls.append(update.update_id)
        if len(calls) == 1:
            raise DependencyUnavailable("the table is unavailable")
        finish(update)

    monkeypatch.setattr(env.repo, "finish_update", table_down_once)
    with pytest.raises(DependencyUnavailable):
        handler(event)
    written = env.memories()
    assert written, "the first attempt wrote its memories before it died"
    assert env.repo.get_update(STORE, update_id).status == UpdateStatus.IN_PROGRESS

    assert handler(event)["status"] == "done"
    assert env.memories() == written
    assert env.repo.get_update(STORE, update_id).status == UpdateStatus.COMPLETED
    assert calls == [update_id, update_id]


def test_job_before_due_answers_wait_with_the_update_own_due_time(env, handler):
    update_id = env.submit(*MESSAGES, delay=300)
    event = load_event("consolidate", "job")
    event["update_id"] = update_id
    answer = handler(event)
    due = int(START) + 300
    assert answer["status"] == "wait"
    assert answer["due_at"] == due
    assert answer["wait_until"] == datetime.fromtimestamp(due, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    assert env.repo.get_update(STORE, update_id).status == UpdateStatus.QUEUED

    env.clock.advance(300)
    assert handler(answer)["status"] == "done"
    assert env.repo.get_update(STORE, update_id).status == UpdateStatus.COMPLETED


def test_job_of_a_superseded_update_answers_superseded(env, handler):
    first = env.submit(MESSAGES[0], delay=300)
    second = env.submit(MESSAGES[1], delay=300)
    assert handler(env.job_event(first))["status"] == "superseded"
    assert env.memories() == []
    assert env.repo.get_update(STORE, second).status == UpdateStatus.QUEUED


def test_unknown_update_is_done_and_writes_nothing(env, handler):
    event = load_event("consolidate", "job")
    assert env.repo.get_update(STORE, event["update_id"]) is None
    assert handler(event) == {**event, "run": 0, "status": "done"}
    assert handler({**event, "store": "no-such-store"})["status"] == "done"
    assert env.memories() == []
    assert env.publisher.events == []


def test_fail_event_marks_the_update_failed_keeps_messages_and_hides_the_cause(env, handler, log):
    update_id = env.submit(*MESSAGES, delay=300)
    event = env.fail_event(update_id)
    cause_text = json.loads(event["error"]["Cause"])["errorMessage"]

    answer = handler(event)
    assert answer["status"] == "failed" and answer["update_id"] == update_id
    update = env.repo.get_update(STORE, update_id)
    assert update.status == UpdateStatus.FAILED
    assert update.error["code"] == "internal_error"
    assert event["error"]["Error"] in update.error["message"]
    assert cause_text not in json.dumps(update.error)
    assert [m.content for m in update.messages] == MESSAGES
    assert env.memories() == []
    assert env.repo.scope_state(STORE, SCOPE).pending_update_id is None
    logged = log.getvalue()
    assert update_id in logged and SCOPE not in logged and cause_text not in logged

    public = env.container.updates.get(STORE, update_id, Caller()).public()
    assert public["status"] == "failed" and public["error"] == update.error


def test_each_log_line_names_its_own_update_while_another_invocation_runs(env, handler, log, monkeypatch):
    """`memstore local` runs consolidations side by side in one process: a fail event handled
    while a job runs must not relabel or clear the job's update id."""
    done = env.submit(MESSAGES[0])
    event = env.job_event(done)
    entered, release = threading.Event(), threading.Event()
    run = env.container.consolidation.run

    def held(job):
        entered.set()
        release.wait(10)
        return run(job)

    monkeypatch.setattr(env.container.consolidation, "run", held)
    answers: list[dict] = []
    job = threading.Thread(target=lambda: answers.append(handler(event)))
    job.start()
    try:
        assert entered.wait(10)
        assert handler(env.fail_event("upd_other"))["status"] == "failed"
    finally:
        release.set()
        job.join(timeout=30)
    assert answers and answers[0]["status"] == "done"
    lines = [json.loads(line) for line in log.getvalue().splitlines()]
    step = next(line for line in lines if line["message"] == "consolidation step")
    assert step["update_id"] == done
    failure = next(line for line in lines if line["message"] == "update failed")
    assert failure["update_id"] == "upd_other"


def test_fail_event_after_completion_leaves_the_update_completed(env, handler):
    update_id = env.submit(*MESSAGES)
    assert handler(env.job_event(update_id))["status"] == "done"
    memories = env.memories()
    handler(env.fail_event(update_id))
    update = env.repo.get_update(STORE, update_id)
    assert update.status == UpdateStatus.COMPLETED and update.error is None
    assert env.memories() == memories


def test_fail_event_for_an_unknown_update_changes_nothing(env, handler):
    event = load_event("consolidate", "fail")
    assert handler(event)["status"] == "failed"
    assert env.repo.get_update(STORE, event["update_id"]) is None


def test_extraction_failure_is_answered_failed_with_its_own_message(moto_table, handler):
    broken = BrokenExtractor(ExtractionFailed("the model returned invalid JSON twice"))
    env = make_env(moto_table, extractor=broken)
    try:
        update_id = env.submit(*MESSAGES)
        assert handler(env.job_event(update_id))["status"] == "failed"
    finally:
        install(None)
    update = env.repo.get_update(STORE, update_id)
    assert update.status == UpdateStatus.FAILED
    assert update.error == {"code": "extraction_failed", "message": "the model returned invalid JSON twice"}
    assert [m.content for m in update.messages] == MESSAGES
    assert broken.calls == 1 + len(MESSAGES), (
        "the batch, then each message alone (services/batch_extraction.py)"
    )
    assert env.publisher.events == []
