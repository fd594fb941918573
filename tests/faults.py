"""Fault injection at botocore's `before-send` event: the request is answered with an AWS error
(or a raised timeout) before it reaches the service, so botocore's retry handler, the adapters'
own retries and their error translation all run as they would against AWS.

With moto, every client's `before-send` goes to moto's stubber; `Faults.install` wraps it, so a
matching rule answers instead of moto (the operation is not executed, as for a request the
service refused). A rule can also answer *after* moto executed the request (`after=True`: the
write happened, the answer was lost). Clients without moto (Bedrock) take a `Faults` as their
own before-send handler with `Faults.attach`.

botocore's and the adapters' backoff waits are recorded, not slept (`Waits`)."""

from __future__ import annotations

import io
import json
import re
import threading
import types
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from botocore.awsrequest import AWSResponse
from botocore.exceptions import ReadTimeoutError

DDB = "com.amazonaws.dynamodb.v20120810#"


class _Raw(io.BytesIO):
    """An HTTP body as botocore reads it: streamed, or read (streaming outputs)."""

    def stream(self, **_: Any):
        yield self.getvalue()


def response(
    url: str, status: int, body: dict[str, Any], headers: dict[str, str] | None = None
) -> AWSResponse:
    data = json.dumps(body).encode()
    return AWSResponse(
        url, status, {"Content-Type": "application/x-amz-json-1.0", **(headers or {})}, _Raw(data)
    )


# ------------------------------------------------------------------ error answers
Answer = Callable[[Any, dict[str, Any]], Any]
"""(request, parsed JSON body) → an AWSResponse, or raises (a timeout)."""


def ddb_error(code: str, status: int = 400) -> Answer:
    def answer(request: Any, _body: dict[str, Any]) -> AWSResponse:
        return response(request.url, status, {"__type": DDB + code, "message": f"injected {code}"})

    return answer


THROTTLED = ddb_error("ProvisionedThroughputExceededException")
THROTTLING = ddb_error("ThrottlingException")
INTERNAL = ddb_error("InternalServerError", 500)


def cancelled(reason: str) -> Answer:
    """TransactWriteItems cancelled: `reason` for the first item, none for the others."""

    def answer(request: Any, body: dict[str, Any]) -> AWSResponse:
        count = max(1, len(body.get("TransactItems", [])))
        reasons = [{"Code": reason, "Message": f"injected {reason}"}] + [{"Code": "None"}] * (count - 1)
        return response(
            request.url,
            400,
            {
                "__type": DDB + "TransactionCanceledException",
                "Message": f"Transaction cancelled, please refer cancellation reasons for specific reasons [{reason}]",
                "CancellationReasons": reasons,
            },
        )

    return answer


TRANSACTION_CONFLICT = cancelled("TransactionConflict")
CONDITION_RACE = cancelled("ConditionalCheckFailed")


def json_error(code: str, status: int) -> Answer:
    """An error of a JSON-protocol service (Step Functions, EventBridge)."""

    def answer(request: Any, _body: dict[str, Any]) -> AWSResponse:
        return response(request.url, status, {"__type": code, "message": f"injected {code}"})

    return answer


def rest_error(code: str, status: int) -> Answer:
    """An error of a REST-JSON service (bedrock-runtime): the code is in a header."""

    def answer(request: Any, _body: dict[str, Any]) -> AWSResponse:
        return response(
            request.url,
            status,
            {"message": f"injected {code}"},
            {
                "x-amzn-ErrorType": f"{code}:http://internal.amazon.com/coral/",
                "Content-Type": "application/json",
            },
        )

    return answer


def read_timeout(request: Any, _body: dict[str, Any]) -> Any:
    raise ReadTimeoutError(endpoint_url=request.url)


def ok(body: dict[str, Any]) -> Answer:
    def answer(request: Any, _body: dict[str, Any]) -> AWSResponse:
        return response(request.url, 200, body, {"Content-Type": "application/json"})

    return answer


# ------------------------------------------------------------------ rules
@dataclass
class Rule:
    service: str
    answer: Answer
    operations: tuple[str, ...] = ()
    """Operation names; empty: every operation."""
    table: str | None = None
    """Only requests naming this DynamoDB table."""
    times: int | None = None
    """How many matching requests it answers; None: until cleared."""
    skip: int = 0
    """Matching requests let through before it starts answering."""
    after: bool = False
    """Answer after the service executed the request (a lost answer)."""
    hits: int = 0
    seen: int = 0

    def matches(self, service: str, operation: str, tables: set[str]) -> bool:
        if service != self.service or (self.operations and operation not in self.operations):
            return False
        return self.table is None or self.table in tables

    @property
    def spent(self) -> bool:
        return self.times is not None and self.hits >= self.times


def _tables(body: dict[str, Any]) -> set[str]:
    tables = {body["TableName"]} if isinstance(body.get("TableName"), str) else set()
    for item in body.get("TransactItems", []):
        tables.update(op.get("TableName") for op in item.values() if isinstance(op, dict))
    tables.update(body.get("RequestItems", {}) or {})
    return tables


_EVENT = re.compile(r"before-send\.([^.]+)\.(.+)")


@dataclass
class Faults:
    rules: list[Rule] = field(default_factory=list)
    calls: list[tuple[str, str]] = field(default_factory=list)
    """Every request seen: (service, operation), faulted or not."""
    injected: list[tuple[str, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._lock = threading.Lock()

    def add(self, service: str, answer: Answer, *operations: str, **options: Any) -> Rule:
        rule = Rule(service, answer, tuple(operations), **options)
        with self._lock:
            self.rules.append(rule)
        return rule

    def clear(self) -> None:
        with self._lock:
            self.rules.clear()

    def count(self, service: str, operation: str | None = None) -> int:
        return sum(1 for s, o in self.calls if s == service and operation in (None, o))

    def _rule_for(self, event_name: str, request: Any) -> tuple[Rule | None, dict[str, Any]]:
        found = _EVENT.fullmatch(event_name)
        if found is None:
            return None, {}
        service, operation = found.groups()
        try:
            body = json.loads(request.body or b"{}")
        except ValueError:
            body = {}
        body = body if isinstance(body, dict) else {}
        tables = _tables(body)
        with self._lock:
            self.calls.append((service, operation))
            for rule in self.rules:
                if rule.spent or not rule.matches(service, operation, tables):
                    continue
                rule.seen += 1
                if rule.seen <= rule.skip:
                    continue
                rule.hits += 1
                self.injected.append((service, operation))
                return rule, body
        return None, body

    def handler(self, event_name: str, request: Any, **_: Any) -> Any:
        """A before-send handler for a client of its own (no moto behind it)."""
        rule, body = self._rule_for(event_name, request)
        return rule.answer(request, body) if rule is not None else None

    def attach(self, client: Any) -> Any:
        client.meta.events.register_first("before-send.*.*", self.handler)
        return client

    def install(self, monkeypatch: Any) -> Faults:
        """Wraps moto's stubber (every client's before-send under mock_aws)."""
        from moto.core.botocore_stubber import BotocoreStubber

        original = BotocoreStubber.__call__
        faults = self

        def faulty(stubber: Any, event_name: str, request: Any, **kwargs: Any) -> Any:
            rule, body = faults._rule_for(event_name, request)
            if rule is None:
                return original(stubber, event_name, request, **kwargs)
            if rule.after:
                original(stubber, event_name, request, **kwargs)
            return rule.answer(request, body)

        monkeypatch.setattr(BotocoreStubber, "__call__", faulty)
        return self


class Waits:
    """Records the backoff waits of botocore's retry handler and of memstore's own retries
    instead of sleeping them."""

    def __init__(self, monkeypatch: Any):
        import botocore.endpoint

        from memstore.adapters import backoff
        from memstore.services import updates

        self.botocore: list[float] = []
        self.memstore: list[float] = []
        self.polls: list[float] = []
        monkeypatch.setattr(botocore.endpoint, "time", types.SimpleNamespace(sleep=self.botocore.append))
        monkeypatch.setattr(backoff, "pause", self.memstore.append)
        monkeypatch.setattr(updates, "pause", self.polls.append)
