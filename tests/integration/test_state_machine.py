"""The consolidation state machine as template.yaml deploys it, run by moto's Step Functions
interpreter against the real handlers and a moto table.

What is real: the ASL file with the template's DefinitionSubstitutions applied, the interpreter
(Choice, Retry, Catch, paths), functions/updates and functions/consolidate with their
`lambda_handler`s, the DynamoDB repository, the rules extractor and the StepFunctionsScheduler.
What is patched, because there is no Lambda service nor Docker here and tests cannot sleep:
- moto's Lambda integration (`lambda_eval_utils._invoke_lambda_function`) calls the function's
  handler in process, as Lambda's Invoke API would: JSON in, JSON out, an unhandled exception
  becomes `FunctionError: Unhandled` with the runtime's error payload;
- the Wait state's TimestampPath waits zero seconds and moves the test's clock to the
  timestamp instead (time passes, instantly), recording each timestamp;
- the retrier's back-off sleep returns at once, recording each interval.
"""

from __future__ import annotations

import importlib.util
import json
import threading
import time
import traceback
import types
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from typing import Any

import boto3
import pytest
from moto import mock_aws
from moto.stepfunctions.parser.asl.component.common.retry import retrier_decl
from moto.stepfunctions.parser.asl.component.state.exec.state_task import lambda_eval_utils
from moto.stepfunctions.parser.asl.component.state.wait.wait_function import timestamp

from memstore.adapters.aws_orchestration import StepFunctionsScheduler
from memstore.adapters.dynamodb_repository import DynamoDBRepository
from memstore.adapters.extractors import make_extractor
from memstore.adapters.local_embedder import LocalMiniLMEmbedder
from memstore.adapters.spacy_parser import SpacyParser
from memstore.domain.access import Caller
from memstore.domain.errors import DependencyUnavailable, ExtractionFailed
from memstore.domain.models import StoreDefinition
from memstore.domain.requests import CreateStoreRequest
from memstore.domain.updates import UpdateStatus
from memstore.ports.clock import ManualClock
from memstore.services.updates import BUSY_RETRY_SECONDS
from memstore.settings import Settings
from memstore.wiring import Container, install
from memstore_local.template import load_template
from tests.doubles import RecordingPublisher, RecordingScheduler
from tests.events import load_event, with_body, with_path
from tests.support import ROOT, create_table_from_template

REGION = "us-east-1"
ACCOUNT = "123456789012"
TABLE = "memstore-sfn-test"
STORE = "demo"
SCOPE = "user-123"
START = 1_800_000_000.0
PRIVATE = "dark roast"
"""Memory content: must never reach an error body, an event or an execution's error."""


@dataclass
class LambdaContext:
    function_name: str
    invoked_function_arn: str
    aws_request_id: str
    memory_limit_in_mb: int = 512


def function_arn(logical_id: str) -> str:
    return f"arn:aws:lambda:{REGION}:{ACCOUNT}:function:memstore-{logical_id}"


def resolve(value: Any, resources: dict[str, Any]) -> str:
    """A DefinitionSubstitutions value as CloudFormation would resolve it (only what the
    template uses: strings, and `!GetAtt <Function>.Arn`)."""
    if isinstance(value, str):
        return value
    logical_id, attribute = value["Fn::GetAtt"]
    assert attribute == "Arn" and resources[logical_id]["Type"] == "AWS::Serverless::Function"
    return function_arn(logical_id)


def load_handler(logical_id: str, template: dict[str, Any]) -> Callable[[dict, Any], Any]:
    """The function's handler from its CodeUri and Handler (Globals or its own)."""
    props = template["Resources"][logical_id]["Properties"]
    handler = props.get("Handler") or template["Globals"]["Function"]["Handler"]
    module_name, attr = handler.rsplit(".", 1)
    path = ROOT / props["CodeUri"] / f"{module_name}.py"
    spec = importlib.util.spec_from_file_location(f"sfn_test_{logical_id}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, attr)


@cache
def sam_template() -> dict[str, Any]:
    return load_template(ROOT / "template.yaml")


@cache
def deployed_definition() -> tuple[str, dict[str, Callable]]:
    """The state machine's definition with its substitutions applied, and the handler behind
    every function ARN it names."""
    tpl = sam_template()
    resources = tpl["Resources"]
    props = resources["ConsolidationStateMachine"]["Properties"]
    definition = (ROOT / props["DefinitionUri"]).read_text(encoding="utf-8")
    handlers = {}
    for key, value in props["DefinitionSubstitutions"].items():
        arn = resolve(value, resources)
        definition = definition.replace("${" + key + "}", arn)
        handlers[arn] = load_handler(value["Fn::GetAtt"][0], tpl)
    assert "${" not in definition
    return definition, handlers


class InProcessLambda:
    """Lambda's Invoke API, in process: the payload goes through JSON both ways, and an
    unhandled exception comes back as the Python runtime reports it."""

    def __init__(self, handlers: dict[str, Callable]):
        self._handlers = handlers
        self.payloads: list[dict] = []

    def __call__(self, parameters: dict, region: str, state_credentials: Any) -> dict:
        name = parameters["FunctionName"]
        payload = json.loads(parameters["Payload"])
        self.payloads.append(payload)
        context = LambdaContext(name.rsplit(":", 1)[-1], name, str(uuid.uuid4()))
        try:
            result = self._handlers[name](payload, context)
        except Exception as e:
            error = {
                "errorMessage": str(e),
                "errorType": type(e).__name__,
                "requestId": context.aws_request_id,
                "stackTrace": traceback.format_tb(e.__traceback__),
            }
            return {"StatusCode": 200, "FunctionError": "Unhandled", "Payload": error}
        return {"StatusCode": 200, "ExecutedVersion": "$LATEST", "Payload": json.loads(json.dumps(result))}


class Waits:
    """Stands in for the passing of time in Wait states and retry back-offs."""

    def __init__(self, clock: ManualClock):
        self.clock = clock
        self.stamps: list[str] = []
        self.backoffs: list[float] = []
        self.on_wait: Callable[[str], None] | None = None
        self._lock = threading.Lock()

    def wait_seconds(self, state: timestamp.Timestamp, env) -> int:
        state.string.eval(env=env)
        stamp = env.stack.pop()
        parsed = state._from_timestamp_string(stamp)
        assert parsed is not None, f"not an ASL timestamp: {stamp!r}"
        with self._lock:
            self.stamps.append(stamp)
            self.clock.now = max(self.clock.now, parsed.replace(tzinfo=UTC).timestamp())
        if self.on_wait is not None:
            self.on_wait(stamp)
        return 0

    def sleep(self, seconds: float) -> None:
        self.backoffs.append(seconds)


class SwitchableExtractor:
    """The rules extractor, or an error while `failure` is set (a model that is down)."""

    def __init__(self) -> None:
        self.real = make_extractor("memstore-rules", parser=SpacyParser(), embedder=LocalMiniLMEmbedder)
        self.failure: Exception | None = None
        self.calls = 0

    def extract(self, messages, context, existing, options):
        self.calls += 1
        if self.failure is not None:
            raise self.failure
        return self.real.extract(messages, context, existing, options)


@dataclass
class Harness:
    container: Container
    clock: ManualClock
    waits: Waits
    invoke: InProcessLambda
    extractor: SwitchableExtractor
    recorded: RecordingScheduler
    publisher: RecordingPublisher
    sfn: Any
    machine_arn: str
    updates_handler: Callable

    @property
    def repo(self) -> DynamoDBRepository:
        return self.container.repository

    def use_stepfunctions(self) -> None:
        """From now on a submission starts its execution, as on AWS."""
        self.container = self.container.replace(
            scheduler=StepFunctionsScheduler(self.machine_arn, client=self.sfn)
        )
        install(self.container)

    def submit(self, body: dict) -> dict:
        event = with_body(load_event("updates", "submit"), body)
        response = self.updates_handler(event, LambdaContext("updates", function_arn("UpdatesFunction"), "r"))
        assert response["statusCode"] == 202, response
        return json.loads(response["body"])

    def get(self, update_id: str) -> dict:
        event = with_path(load_event("updates", "get"), name=STORE, update_id=update_id)
        response = self.updates_handler(event, LambdaContext("updates", function_arn("UpdatesFunction"), "r"))
        assert response["statusCode"] == 200, response
        return json.loads(response["body"])

    def start(self, update_id: str) -> str:
        """Starts the recorded job of one update with the real scheduler adapter."""
        job = next(j for j in self.recorded.jobs if j.update_id == update_id)
        StepFunctionsScheduler(self.machine_arn, client=self.sfn).schedule(job)
        return self.execution_arn(update_id)

    def execution_arn(self, update_id: str) -> str:
        return f"arn:aws:states:{REGION}:{ACCOUNT}:execution:memstore-consolidation:{update_id}"

    def finish(self, execution_arn: str, timeout: float = 90.0) -> dict:
        """Waits for the execution; generous, because its first consolidation loads the parser
        and embeds the extractor's examples (seconds on a busy machine). Not a speed check."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            described = self.sfn.describe_execution(executionArn=execution_arn)
            if described["status"] != "RUNNING":
                return described
            time.sleep(0.05)
        raise AssertionError(f"execution still running after {timeout}s: {self.entered(execution_arn)}")

    def entered(self, execution_arn: str) -> list[str]:
        events = self.sfn.get_execution_history(executionArn=execution_arn, maxResults=1000)["events"]
        return [e["stateEnteredEventDetails"]["name"] for e in events if "stateEnteredEventDetails" in e]

    def memories(self) -> list:
        return self.repo.scope_items(STORE, SCOPE, self.clock())


@pytest.fixture
def harness(aws_env, monkeypatch):
    # What template.yaml's Globals set for every function (Powertools metrics need a namespace).
    monkeypatch.setenv("POWERTOOLS_SERVICE_NAME", "memstore")
    monkeypatch.setenv("POWERTOOLS_METRICS_NAMESPACE", "Memstore")
    definition, handlers = deployed_definition()
    clock = ManualClock(START)
    waits = Waits(clock)
    invoke = InProcessLambda(handlers)
    monkeypatch.setattr(lambda_eval_utils, "_invoke_lambda_function", invoke)
    monkeypatch.setattr(
        timestamp.Timestamp, "_get_wait_seconds", lambda state, env: waits.wait_seconds(state, env)
    )
    monkeypatch.setattr(retrier_decl, "time", types.SimpleNamespace(sleep=waits.sleep))
    with mock_aws(config={"stepfunctions": {"execute_state_machine": True}}):
        create_table_from_template(TABLE)
        sfn = boto3.client("stepfunctions", region_name=REGION)
        machine_arn = sfn.create_state_machine(
            name="memstore-consolidation",
            definition=definition,
            roleArn=f"arn:aws:iam::{ACCOUNT}:role/memstore-consolidation",
            type="STANDARD",
        )["stateMachineArn"]
        extractor = SwitchableExtractor()
        recorded = RecordingScheduler()
        publisher = RecordingPublisher()
        container = Container(
            Settings(table_name=TABLE, region=REGION, state_machine_arn=machine_arn),
            repository=DynamoDBRepository(TABLE, region=REGION),
            clock=clock,
            scheduler=recorded,
            publisher=publisher,
            extractor_factory=lambda model: extractor,
        )
        container.stores.create(CreateStoreRequest(name=STORE, definition=StoreDefinition()), Caller())
        install(container)
        try:
            yield Harness(
                container,
                clock,
                waits,
                invoke,
                extractor,
                recorded,
                publisher,
                sfn,
                machine_arn,
                updates_handler(),
            )
        finally:
            install(None)


@cache
def updates_handler() -> Callable[[dict, Any], Any]:
    return load_handler("UpdatesFunction", sam_template())


def iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def submit_body(**changes) -> dict:
    body = json.loads(load_event("updates", "submit")["body"])
    return {**body, **changes}


def test_definition_is_the_templates_own_with_substitutions_applied():
    definition, handlers = deployed_definition()
    machine = json.loads(definition)
    arn = function_arn("ConsolidateFunction")
    assert machine["States"]["Consolidate"]["Parameters"]["FunctionName"] == arn
    assert machine["States"]["MarkFailed"]["Parameters"]["FunctionName"] == arn
    assert set(handlers) == {arn}


def test_happy_path_submit_starts_execution_that_completes_with_provenance(harness):
    h = harness
    h.use_stepfunctions()
    answer = h.submit(submit_body(update_delay=0))
    update_id = answer["update_id"]
    assert answer["status"] == "queued"
    assert [c["arguments"]["action"] for c in answer["memory_commands"]] == ["remember"]

    described = h.finish(h.execution_arn(update_id))
    assert described["status"] == "SUCCEEDED"
    output = json.loads(described["output"])
    assert output["status"] == "done" and output["update_id"] == update_id
    assert h.entered(described["executionArn"]) == ["WaitUntilDue", "Consolidate", "Decide", "Done"]
    assert h.waits.stamps == [iso(START)]
    assert [p["update_id"] for p in h.invoke.payloads] == [update_id]

    public = h.get(update_id)
    assert public["status"] == "completed"
    operations = public["result"]["memory_operations"]
    assert operations and {op["kind"] for op in operations} <= {"create", "update"}

    memories = h.memories()
    text = " ".join(m.content for m in memories)
    assert "Lisbon" in text and "vegetarian" in text and "window seat" in text
    assert all(update_id in m.source.update_ids for m in memories)
    assert all(
        m.source.message_ids and set(m.source.message_ids) <= {"msg_001", "msg_002", "msg_003"}
        for m in memories
    )
    window = [m for m in memories if m.kind.value == "user_profile" and "window seat" in m.content]
    assert len(window) == 1, "the explicit command and the extraction must make one memory, not two"

    kept = h.repo.get_update(STORE, update_id)
    assert [m.id for m in kept.messages] == ["msg_001", "msg_002", "msg_003"]
    assert [e[0] for e in h.publisher.events] == ["memstore.UpdateCompleted"]
    assert h.publisher.events[0][1]["update_id"] == update_id


def test_newer_update_supersedes_pending_one_and_both_executions_succeed(harness):
    h = harness
    first = h.submit(
        {
            "scope": SCOPE,
            "items": [{"role": "user", "content": "I prefer dark roast coffee."}],
            "update_delay": 300,
        }
    )["update_id"]
    h.clock.advance(10)
    second = h.submit(
        {
            "scope": SCOPE,
            "items": [{"role": "user", "content": "My cat is called Miso."}],
            "update_delay": 300,
        }
    )["update_id"]
    assert h.get(first)["status"] == "superseded" and h.get(first)["superseded_by"] == second

    first_run = h.finish(h.start(first))
    assert first_run["status"] == "SUCCEEDED"
    assert json.loads(first_run["output"])["status"] == "superseded"
    assert h.memories() == []
    assert h.repo.get_update(STORE, second).status == UpdateStatus.QUEUED

    second_run = h.finish(h.start(second))
    assert second_run["status"] == "SUCCEEDED"
    assert json.loads(second_run["output"])["status"] == "done"
    assert h.waits.stamps == [iso(START + 300), iso(START + 310)]

    assert h.get(first)["status"] == "superseded"
    assert h.get(second)["status"] == "completed"
    memories = h.memories()
    text = " ".join(m.content for m in memories)
    assert "dark roast" in text and "Miso" in text
    assert all(m.source.update_ids == [second] for m in memories)
    assert [e[1]["update_id"] for e in h.publisher.events] == [second]


def test_scheduling_the_same_update_twice_runs_it_once(harness):
    h = harness
    update_id = h.submit(submit_body(update_delay=0))["update_id"]
    arn = h.start(update_id)
    h.start(update_id)
    assert h.finish(arn)["status"] == "SUCCEEDED"
    executions = h.sfn.list_executions(stateMachineArn=h.machine_arn)["executions"]
    assert [e["name"] for e in executions] == [update_id]
    assert [p["update_id"] for p in h.invoke.payloads] == [update_id]


@pytest.mark.parametrize("transient", [True, False], ids=["dependency-down-retried", "bug-not-retried"])
def test_crashing_extractor_is_caught_and_the_update_failed_without_its_text(harness, transient):
    h = harness
    h.use_stepfunctions()
    error_type = DependencyUnavailable if transient else RuntimeError
    h.extractor.failure = error_type(f"model crashed while reading 'I prefer {PRIVATE} coffee'")
    failed = h.submit(
        {
            "scope": SCOPE,
            "items": [
                {"role": "user", "id": "m1", "content": "I prefer dark roast coffee."},
                {"role": "user", "id": "m2", "content": "My cat is called Miso."},
            ],
            "update_delay": 0,
        }
    )["update_id"]

    described = h.finish(h.execution_arn(failed))
    assert described["status"] == "FAILED"
    assert described["error"] == "Memstore.ConsolidationFailed"
    assert PRIVATE not in described.get("cause", "")
    retry_policy = json.loads(deployed_definition()[0])["States"]["Consolidate"]["Retry"][0]
    attempts = retry_policy["MaxAttempts"] if transient else 0
    # a bug: the batch, then each of its 2 messages alone (services/batch_extraction.py), not retried
    assert h.extractor.calls == (1 + attempts if transient else 3)
    assert h.waits.backoffs == [
        retry_policy["IntervalSeconds"] * retry_policy["BackoffRate"] ** n for n in range(attempts)
    ]
    assert h.entered(described["executionArn"])[-2:] == ["MarkFailed", "Failed"]
    mark_failed = h.invoke.payloads[-1]
    assert mark_failed["action"] == "fail" and mark_failed["error"]["Error"] == error_type.__name__

    public = h.get(failed)
    assert public["status"] == "failed"
    assert public["error"]["code"] == "internal_error"
    assert PRIVATE not in json.dumps(public["error"]) and "crashed" not in json.dumps(public["error"])
    assert public["error"]["message"].startswith("consolidation failed")
    kept = h.repo.get_update(STORE, failed)
    assert [(m.id, m.content) for m in kept.messages] == [
        ("m1", "I prefer dark roast coffee."),
        ("m2", "My cat is called Miso."),
    ]
    assert h.memories() == []
    assert h.publisher.events == []

    h.extractor.failure = None
    retry = h.submit({"scope": SCOPE, "items": [], "previous_update_id": failed, "update_delay": 0})[
        "update_id"
    ]
    assert h.finish(h.execution_arn(retry))["status"] == "SUCCEEDED"
    assert h.get(retry)["status"] == "completed"
    assert h.get(failed)["status"] == "failed"
    memories = h.memories()
    text = " ".join(m.content for m in memories)
    assert "dark roast" in text and "Miso" in text
    assert all(m.source.update_ids == [retry] and set(m.source.message_ids) <= {"m1", "m2"} for m in memories)


def test_extraction_failed_fails_the_update_once_and_the_execution(harness):
    h = harness
    h.use_stepfunctions()
    h.extractor.failure = ExtractionFailed("the model returned invalid JSON twice")
    update_id = h.submit(
        {
            "scope": SCOPE,
            "items": [{"role": "user", "content": "I prefer dark roast coffee."}],
            "update_delay": 0,
        }
    )["update_id"]

    described = h.finish(h.execution_arn(update_id))
    assert described["status"] == "FAILED"
    assert described["error"] == "Memstore.ConsolidationFailed"
    assert h.extractor.calls == 1, "a handled extraction failure is not retried"
    assert h.waits.backoffs == []
    entered = h.entered(described["executionArn"])
    assert entered[-1] == "Failed"
    assert "UnexpectedStatus" not in entered, "the definition must know the handler's own 'failed' status"

    public = h.get(update_id)
    assert public["status"] == "failed"
    assert public["error"] == {
        "code": "extraction_failed",
        "message": "the model returned invalid JSON twice",
    }
    assert [m.content for m in h.repo.get_update(STORE, update_id).messages] == [
        "I prefer dark roast coffee."
    ]
    assert h.memories() == []


def test_busy_scope_loops_through_wait_until_the_running_update_finishes(harness):
    h = harness
    running = h.submit(
        {
            "scope": SCOPE,
            "items": [{"role": "user", "content": "I prefer dark roast coffee."}],
            "update_delay": 0,
        }
    )["update_id"]
    assert h.repo.claim_update(STORE, SCOPE, running, h.clock()).value == "claimed"
    waiting = h.submit(
        {"scope": SCOPE, "items": [{"role": "user", "content": "My cat is called Miso."}], "update_delay": 0}
    )["update_id"]
    running_job = next(j for j in h.recorded.jobs if j.update_id == running)

    def finish_running_after_two_busy_waits(stamp: str) -> None:
        if len(h.waits.stamps) == 3:
            assert h.container.consolidation.run(running_job)["status"] == "done"

    h.waits.on_wait = finish_running_after_two_busy_waits
    described = h.finish(h.start(waiting))
    assert described["status"] == "SUCCEEDED"
    assert h.entered(described["executionArn"]) == [
        "WaitUntilDue",
        "Consolidate",
        "Decide",
        "WaitUntilDue",
        "Consolidate",
        "Decide",
        "WaitUntilDue",
        "Consolidate",
        "Decide",
        "Done",
    ]
    assert h.waits.stamps == [
        iso(START),
        iso(START + BUSY_RETRY_SECONDS),
        iso(START + 2 * BUSY_RETRY_SECONDS),
    ]
    assert [p["status"] for p in h.invoke.payloads[1:]] == ["wait", "wait"]

    assert h.get(running)["status"] == "completed"
    assert h.get(waiting)["status"] == "completed"
    by_update = {m.content: m.source.update_ids for m in h.memories() if m.kind.value == "user_profile"}
    assert by_update == {
        "The user prefers dark roast coffee.": [running],
        "The user's cat is called Miso.": [waiting],
    }
