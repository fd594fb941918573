"""Drives the HTTP handlers (functions/<name>/app.py) with the sample events in events/, against a
moto table made from template.yaml's own definition.

Each test gets a Container of its own, installed with `memstore.wiring.install`: DynamoDB through
the real repository, a ManualClock, a RecordingScheduler (consolidations are not run here) and the
hashing embedder for every model, so search needs no model weights. Settings are read from an
environment mapping as a deployed function reads its own (`AUTH_MODE` and friends)."""

from __future__ import annotations

import copy
import importlib.util
import json
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from memstore.adapters.dynamodb_repository import DynamoDBRepository
from memstore.adapters.embedders import make_embedder
from memstore.api import app as api_app
from memstore.ports.clock import ManualClock
from memstore.settings import Settings
from memstore.wiring import Container, install
from tests.conftest import TABLE
from tests.doubles import RecordingScheduler
from tests.events import load_event, with_body, with_path, with_query
from tests.support import table_definition

ROOT = Path(__file__).resolve().parents[2]
HTTP_FUNCTIONS = ("stores", "items", "updates", "search")
TEST_EMBEDDING_MODEL = "memstore-hashing"
START = 1_800_000_000
IDEMPOTENCY_TABLE = "memstore-idempotency-test"
PRINCIPAL_ARN = "arn:aws:sts::123456789012:assumed-role/chat-backend/chat-backend"

KEEP: Any = object()
"""`call(..., body=KEEP)`: leave that part of the sample event as it is."""


class LambdaContext:
    """The attributes of Lambda's context object that the handlers and Powertools read."""

    def __init__(self, function: str):
        self.function_name = f"memstore-{function}"
        self.function_version = "$LATEST"
        self.memory_limit_in_mb = 512
        self.invoked_function_arn = f"arn:aws:lambda:us-east-1:123456789012:function:memstore-{function}"
        self.aws_request_id = str(uuid.uuid4())

    def get_remaining_time_in_millis(self) -> int:
        return 29_000


@dataclass(frozen=True)
class Reply:
    status: int
    body: Any
    text: str
    headers: dict[str, str]

    @property
    def error(self) -> dict[str, Any]:
        return self.body["error"]


def iam_authorizer(principal: str | None = PRINCIPAL_ARN) -> dict[str, Any]:
    """requestContext.authorizer of a SigV4-signed request (None: a signature with no principal)."""
    return {
        "iam": {
            "accessKey": "ASIAZ3EXAMPLE7PLQWXY",
            "accountId": "123456789012",
            "callerId": "AROAZ3EXAMPLEROLEID01:chat-backend" if principal else None,
            "cognitoIdentity": None,
            "principalOrgId": None,
            "userArn": principal,
            "userId": "AROAZ3EXAMPLEROLEID01:chat-backend" if principal else None,
        }
    }


def jwt_authorizer(sub: str | None) -> dict[str, Any]:
    """requestContext.authorizer of a request API Gateway's JWT authorizer let through."""
    claims = {"iss": "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Ab12Cd34E", "token_use": "access"}
    if sub is not None:
        claims["sub"] = sub
    return {"jwt": {"claims": claims, "scopes": ["memstore/read", "memstore/write"]}}


def load_handler_module(function: str) -> ModuleType:
    """functions/<name>/ are not packages and all hold an app.py: each is loaded by path under a
    module name of its own."""
    path = ROOT / "functions" / function / "app.py"
    spec = importlib.util.spec_from_file_location(f"_memstore_it_{function}", path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def handlers() -> dict[str, ModuleType]:
    """Loaded as Lambda loads them, with their environment: the functions with creating POSTs
    read IDEMPOTENCY_TABLE_NAME once, at import."""
    with pytest.MonkeyPatch.context() as env:
        env.setenv("IDEMPOTENCY_TABLE_NAME", IDEMPOTENCY_TABLE)
        return {function: load_handler_module(function) for function in HTTP_FUNCTIONS}


class AwsClients:
    """Made once per worker process: a botocore client costs ~0.15 s to build, and moto's
    interception is global, so clients outlive the per-test `mock_aws` (each test still gets a
    fresh, empty table). Both are built on first use, inside a test, once moto is loaded."""

    def __init__(self) -> None:
        self.repository = DynamoDBRepository(TABLE, region="us-east-1")

    @cached_property
    def dynamodb(self) -> Any:
        import boto3

        return boto3.client("dynamodb", region_name="us-east-1")


@pytest.fixture(scope="session")
def aws_clients() -> AwsClients:
    return AwsClients()


@pytest.fixture(scope="session")
def table_properties() -> dict[str, Any]:
    """template.yaml's MemoryTable, parsed once per worker (the parse takes ~0.2 s)."""
    return table_definition()


@pytest.fixture(scope="session")
def idempotency_table_properties() -> dict[str, Any]:
    """template.yaml's IdempotencyTable (Powertools' idempotency records)."""
    from memstore_local.template import load_template

    return load_template(ROOT / "template.yaml")["Resources"]["IdempotencyTable"]["Properties"]


def create_idempotency_table(client: Any, props: dict[str, Any]) -> None:
    client.create_table(
        TableName=IDEMPOTENCY_TABLE,
        KeySchema=props["KeySchema"],
        AttributeDefinitions=props["AttributeDefinitions"],
        BillingMode=props["BillingMode"],
    )
    client.update_time_to_live(
        TableName=IDEMPOTENCY_TABLE, TimeToLiveSpecification=props["TimeToLiveSpecification"]
    )


@pytest.fixture
def http_table(aws_env, aws_clients, table_properties, idempotency_table_properties) -> Iterator[str]:
    """Fresh, empty moto tables per test (memories and idempotency records), made from the
    template's own definitions (as `moto_table` does, with the parsed template and the client
    reused)."""
    from moto import mock_aws

    props = table_properties
    with mock_aws():
        create_idempotency_table(aws_clients.dynamodb, idempotency_table_properties)
        kwargs: dict[str, Any] = {
            "TableName": TABLE,
            "KeySchema": props["KeySchema"],
            "AttributeDefinitions": props["AttributeDefinitions"],
            "BillingMode": props.get("BillingMode", "PAY_PER_REQUEST"),
        }
        if "StreamSpecification" in props:
            kwargs["StreamSpecification"] = {"StreamEnabled": True, **props["StreamSpecification"]}
        aws_clients.dynamodb.create_table(**kwargs)
        yield TABLE


class Api:
    """One test's service: its container, clock and scheduler, and the way to call it."""

    def __init__(self, table: str, handlers: dict[str, ModuleType], clients: AwsClients):
        self.table = table
        self.handlers = handlers
        self.clients = clients
        self.clock = ManualClock(START)
        self.scheduler = RecordingScheduler()
        self.repository = clients.repository
        self.container: Container | None = None
        self.use_auth("IAM")

    def use_auth(self, mode: str) -> None:
        """Installs a fresh container whose settings say AUTH_MODE=`mode`; the table, clock and
        scheduler stay the same."""
        self.settle()
        settings = Settings.from_env(
            {
                "TABLE_NAME": self.table,
                "AWS_REGION": "us-east-1",
                "AUTH_MODE": mode,
                "ALLOWED_EMBEDDING_MODELS": f"all-MiniLM-L6-v2,{TEST_EMBEDDING_MODEL}",
            }
        )
        self.container = Container(
            settings,
            repository=self.repository,
            clock=self.clock,
            scheduler=self.scheduler,
            embedder_factory=lambda _model: make_embedder(TEST_EMBEDDING_MODEL),
        )
        install(self.container)

    def settle(self) -> None:
        """Search records access statistics off the response path; wait for those writes so
        the table holds what the requests made of it."""
        if self.container is not None and self.container.is_built("search"):
            self.container.search._access.flush()

    def use(self, **overrides: Any) -> Container:
        """Installs a variant of this container with these overrides changed (nothing built yet)."""
        self.container = self.container.replace(**overrides)
        install(self.container)
        return self.container

    def event(
        self,
        function: str,
        case: str,
        *,
        path: dict[str, str] | None = None,
        query: dict[str, Any] | None = None,
        body: Any = KEEP,
        headers: dict[str, str | None] | None = None,
        authorizer: Any = KEEP,
    ) -> dict[str, Any]:
        event = load_event(function, case)
        if path:
            event = with_path(event, **path)
        if query:
            event = with_query(event, **query)
        if body is not KEEP:
            event = with_body(event, body)
        if headers:
            merged = dict(event.get("headers") or {})
            for name, value in headers.items():
                if value is None:
                    merged.pop(name.lower(), None)
                else:
                    merged[name.lower()] = value
            event["headers"] = merged
        if authorizer is not KEEP:
            context = event["requestContext"]
            if authorizer is None:
                context.pop("authorizer", None)
            else:
                context["authorizer"] = copy.deepcopy(authorizer)
        return event

    def call(self, function: str, case: str, **overrides: Any) -> Reply:
        """Invokes functions/<function>'s handler with events/<function>/<case>.json, changed by
        `path`, `query`, `body`, `headers` (None removes one) and `authorizer` (None removes it)."""
        return self.invoke(function, self.event(function, case, **overrides))

    def invoke(self, function: str, event: dict[str, Any]) -> Reply:
        result = self.handlers[function].lambda_handler(event, LambdaContext(function))
        self.settle()
        text = result.get("body") or ""
        assert not result.get("isBase64Encoded"), "the API answers JSON text"
        headers = {k.lower(): v for k, v in (result.get("headers") or {}).items()}
        return Reply(result["statusCode"], json.loads(text) if text else None, text, headers)

    def table_snapshot(self) -> dict[tuple[str, str], dict[str, Any]]:
        """Every row of the table, keyed by (pk, sk), in DynamoDB's attribute-value form."""
        self.settle()
        client = self.clients.dynamodb
        rows: dict[tuple[str, str], dict[str, Any]] = {}
        for page in client.get_paginator("scan").paginate(TableName=self.table, ConsistentRead=True):
            for item in page["Items"]:
                rows[(item["pk"]["S"], item["sk"]["S"])] = item
        return rows

    # setup shortcuts: each asserts its own success so a broken setup is not mistaken for the test
    def create_store(self, name: str = "demo", **options: Any) -> dict[str, Any]:
        body: dict[str, Any] = {"name": name, "definition": {"kind": "default"}}
        if options:
            body["definition"]["options"] = options
        reply = self.call("stores", "create", body=body)
        assert reply.status == 201, reply.text
        return reply.body

    def create_item(
        self, scope: str, content: str, kind: str = "user_profile", store: str = "demo", **overrides: Any
    ) -> dict[str, Any]:
        reply = self.call(
            "items",
            "create",
            path={"name": store},
            body={"scope": scope, "content": content, "kind": kind},
            **overrides,
        )
        assert reply.status == 201, reply.text
        return reply.body

    def list_items(self, scope: str, store: str = "demo", **query: Any) -> list[dict[str, Any]]:
        """Every live item of a scope, following the pages."""
        found: list[dict[str, Any]] = []
        after = None
        for _ in range(1000):
            reply = self.call(
                "items",
                "list",
                path={"name": store},
                query={"scope": scope, "kind": None, "limit": 100, "after": after, **query},
            )
            assert reply.status == 200, reply.text
            found.extend(reply.body["data"])
            if not reply.body["has_more"]:
                return found
            after = reply.body["last_id"]
        raise AssertionError("listing did not end")


@pytest.fixture
def api(http_table, handlers, aws_clients, monkeypatch) -> Iterator[Api]:
    # What template.yaml's Globals set for every function. The shared Metrics object read its
    # namespace when memstore.api.app was first imported, maybe before this; with metrics disabled
    # it never flushes, and publishes (needing a namespace) once 100 values have piled up.
    monkeypatch.setenv("POWERTOOLS_SERVICE_NAME", "memstore")
    monkeypatch.setenv("POWERTOOLS_METRICS_NAMESPACE", "Memstore")
    monkeypatch.setattr(api_app.metrics, "namespace", api_app.metrics.namespace or "Memstore")
    service = Api(http_table, handlers, aws_clients)
    try:
        yield service
    finally:
        service.settle()
        install(None)
        api_app.metrics.clear_metrics()


@pytest.fixture
def call(api) -> Callable[..., Reply]:
    return api.call


@pytest.fixture
def table_snapshot(api) -> Callable[[], dict[tuple[str, str], dict[str, Any]]]:
    return api.table_snapshot
