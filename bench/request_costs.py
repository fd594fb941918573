"""AWS requests and bytes per operation class, counted at botocore's events.

    OMP_NUM_THREADS=1 PYTHONPATH=layers/memstore:dev .venv/bin/python bench/request_costs.py \
        [--items 1000] [--messages 10] [--out FILE.json]

Runs the real services of the container (memstore.wiring.Container) in process on moto, configured
as the template deploys them: VECTOR_BACKEND=dynamodb, Step Functions as the scheduler (moto records
the execution; the bench then runs the consolidation step the state machine would invoke), an
EventBridge bus, and Amazon Titan Text Embeddings v2 as both the stores' and the language
embedding model. Bedrock is not reachable here, so the bedrock-runtime client's InvokeModel
requests are answered by `TitanStandIn`: the local MiniLM vector of the same text, turned into
1,024 dimensions by a fixed orthonormal map (every dot product is kept, so search and the
language thresholds behave as with MiniLM), with an estimated `inputTextTokenCount` (MiniLM's
WordPiece count). The requests themselves are the ones the code sends on AWS.

`RequestCounter` wraps `botocore.session.Session.create_client`, so every client built while it
is installed (pynamodb's connections, boto3's Step Functions, EventBridge and Bedrock clients)
reports to it: `before-send` (one per HTTP attempt: request count and body bytes), `needs-retry`
(response body bytes, retries), `after-call` (DynamoDB capacity units, Titan token counts).
Capacity units follow DynamoDB's published rules: reads round each item (GetItem, BatchGetItem)
or a query page's summed item sizes up to 4 KB, strongly consistent = 1 RCU per 4 KB; writes
round the larger of the item's before and after image up to 1 KB; transactions count twice. Item
sizes are the DynamoDB sizes of the stored items (read from moto's table, so projections and
key-only writes count the whole item, as DynamoDB bills them).

Counts are deterministic; the wall times are this machine's (moto in process, 2 shared cores),
not Lambda's.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import json
import math
import os
import random
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
REGION = "us-east-1"
ACCOUNT = "123456789012"
TITAN = "amazon.titan-embed-text-v2:0"
READ_UNIT, WRITE_UNIT = 4096, 1024
TOKEN_HEADER = "x-amzn-bedrock-input-token-count"
"""Where Bedrock's InvokeModel answer states the input tokens it bills."""


# ------------------------------------------------------------------ DynamoDB item sizes


def attribute_size(value: dict[str, Any]) -> int:
    """The size DynamoDB bills for one attribute value in its JSON wire form."""
    kind, v = next(iter(value.items()))
    if kind == "S":
        return len(v.encode("utf-8"))
    if kind == "N":
        digits = v.lstrip("-").replace(".", "").lstrip("0") or "0"
        return math.ceil(len(digits) / 2) + 1
    if kind == "B":
        return len(base64.b64decode(v)) if isinstance(v, str) else len(v)
    if kind in ("BOOL", "NULL"):
        return 1
    if kind == "SS":
        return sum(len(s.encode("utf-8")) for s in v)
    if kind == "NS":
        return sum(attribute_size({"N": n}) for n in v)
    if kind == "BS":
        return sum(attribute_size({"B": b}) for b in v)
    if kind == "L":
        return 3 + sum(1 + attribute_size(e) for e in v)
    if kind == "M":
        return 3 + sum(1 + len(k.encode("utf-8")) + attribute_size(e) for k, e in v.items())
    raise ValueError(f"unknown DynamoDB type {kind}")


def item_size(item: dict[str, Any] | None) -> int:
    if not item:
        return 0
    return sum(len(name.encode("utf-8")) + attribute_size(value) for name, value in item.items())


class MotoImages:
    """Whole stored items by key, read from moto's backend (not through botocore: uncounted)."""

    def _table(self, name: str) -> Any:
        from moto.dynamodb.models import dynamodb_backends

        return dynamodb_backends[ACCOUNT][REGION].get_table(name)

    def size(self, table_name: str, key: dict[str, Any]) -> int:
        from moto.dynamodb.models.dynamo_type import DynamoType

        try:
            table = self._table(table_name)
        except Exception:
            return 0
        hash_value = key.get(table.hash_key_attr)
        if hash_value is None:
            return 0
        range_value = key.get(table.range_key_attr) if table.range_key_attr else None
        try:
            stored = table.get_item(
                DynamoType(hash_value), DynamoType(range_value) if range_value is not None else None
            )
        except Exception:
            return 0
        return item_size(stored.to_json()["Attributes"]) if stored is not None else 0

    def key_of(self, table_name: str, item: dict[str, Any]) -> dict[str, Any]:
        table = self._table(table_name)
        names = [table.hash_key_attr] + ([table.range_key_attr] if table.range_key_attr else [])
        return {n: item[n] for n in names if n in item}


def _body_length(http_response: Any, operation: Any) -> int:
    """A response body's length; a streamed one (Bedrock's InvokeModel) by its Content-Length,
    so the caller still reads the stream."""
    if operation is not None and operation.has_streaming_output:
        length = http_response.headers.get("content-length", "0")
        return int(length) if length.isdigit() else 0
    return len(http_response.content or b"")


def _units(size: int, unit: int) -> int:
    return max(1, math.ceil(size / unit))


# ------------------------------------------------------------------ the counter


@dataclass
class Tally:
    requests: int = 0
    """HTTP attempts botocore sent (retries included)."""
    calls: int = 0
    """API calls (one or more attempts each)."""
    retries: int = 0
    request_bytes: int = 0
    response_bytes: int = 0
    read_units: float = 0.0
    write_units: float = 0.0
    tokens: int = 0
    """Titan's inputTextTokenCount, summed."""


class RequestCounter:
    """Requests, bytes and capacity units per (phase, service, operation) of every botocore
    client created while `installed()` is active. Requests outside a phase are not kept."""

    def __init__(self, images: MotoImages | None = None) -> None:
        self.tallies: dict[tuple[str, str, str], Tally] = defaultdict(Tally)
        self.current: str | None = None
        self._images = images or MotoImages()
        self._lock = threading.Lock()
        self._pre_images: dict[int, list[int]] = {}

    @contextlib.contextmanager
    def installed(self) -> Iterator[RequestCounter]:
        from memstore_local.runtime import every_new_client

        with every_new_client(self.attach):
            yield self

    def attach(self, client: Any) -> Any:
        events = client.meta.events
        events.register_first("before-send", self._before_send)
        events.register("before-call", self._before_call)
        events.register("needs-retry", self._needs_retry)
        events.register("after-call", self._after_call)
        return client

    @contextlib.contextmanager
    def phase(self, name: str) -> Iterator[None]:
        previous, self.current = self.current, name
        try:
            yield
        finally:
            self.current = previous

    def _tally(self, event_name: str) -> Tally | None:
        if self.current is None:
            return None
        _, service, operation = event_name.split(".", 2)
        return self.tallies[(self.current, service, operation)]

    # -- handlers (each returns None, so botocore's own handlers decide)
    def _before_call(
        self, event_name: str, params: dict[str, Any], context: dict[str, Any], **_: Any
    ) -> None:
        context["memstore_body"] = params.get("body")
        if event_name.startswith("before-call.dynamodb.") and self.current is not None:
            context["memstore_pre"] = self._write_images(event_name, params.get("body"))

    def _before_send(self, event_name: str, request: Any, **_: Any) -> None:
        with self._lock:
            tally = self._tally(event_name)
            if tally is not None:
                tally.requests += 1
                tally.request_bytes += len(request.body or b"")

    def _needs_retry(
        self, event_name: str, response: Any = None, attempts: int = 1, operation: Any = None, **_: Any
    ) -> None:
        with self._lock:
            tally = self._tally(event_name)
            if tally is None:
                return
            if response is not None:
                tally.response_bytes += _body_length(response[0], operation)
            if attempts > 1:
                tally.retries += 1

    def _after_call(
        self, event_name: str, http_response: Any, parsed: dict[str, Any], context: dict[str, Any], **_: Any
    ) -> None:
        with self._lock:
            tally = self._tally(event_name)
            if tally is None:
                return
            tally.calls += 1
        operation = event_name.split(".", 2)[2]
        if event_name.startswith("after-call.dynamodb."):
            reads, writes = self._capacity(operation, context, http_response)
            with self._lock:
                tally.read_units += reads
                tally.write_units += writes
        elif event_name.startswith("after-call.bedrock-runtime.") and http_response.status_code == 200:
            count = http_response.headers.get(TOKEN_HEADER, "0")
            with self._lock:
                tally.tokens += int(count) if count.isdigit() else 0

    # -- DynamoDB capacity units, by DynamoDB's rules
    def _write_targets(self, operation: str, body: dict[str, Any]) -> list[tuple[str, dict[str, Any], bool]]:
        """(table, key, transactional) of every item a write touches."""
        targets: list[tuple[str, dict[str, Any], bool]] = []
        if operation == "PutItem":
            targets.append((body["TableName"], self._images.key_of(body["TableName"], body["Item"]), False))
        elif operation in ("UpdateItem", "DeleteItem"):
            targets.append((body["TableName"], body["Key"], False))
        elif operation == "TransactWriteItems":
            for entry in body.get("TransactItems", []):
                (kind, op), *_ = entry.items()
                key = op.get("Key") or self._images.key_of(op["TableName"], op.get("Item", {}))
                targets.append((op["TableName"], key, True))
        elif operation == "BatchWriteItem":
            for table, requests in body.get("RequestItems", {}).items():
                for entry in requests:
                    if "PutRequest" in entry:
                        targets.append(
                            (table, self._images.key_of(table, entry["PutRequest"]["Item"]), False)
                        )
                    else:
                        targets.append((table, entry["DeleteRequest"]["Key"], False))
        return targets

    def _write_images(self, event_name: str, raw: Any) -> list[int]:
        operation = event_name.split(".", 2)[2]
        try:
            body = json.loads(raw or b"{}")
            return [self._images.size(t, k) for t, k, _ in self._write_targets(operation, body)]
        except (ValueError, KeyError):
            return []

    def _capacity(self, operation: str, context: dict[str, Any], http_response: Any) -> tuple[float, float]:
        try:
            body = json.loads(context.get("memstore_body") or b"{}")
            answer = json.loads(http_response.content or b"{}")
        except ValueError:
            return 0.0, 0.0
        factor = 1.0 if body.get("ConsistentRead") else 0.5
        if operation == "GetItem":
            size = self._images.size(body["TableName"], body["Key"])
            return _units(size, READ_UNIT) * factor, 0.0
        if operation == "Query":
            table = body["TableName"]
            total = sum(
                self._images.size(table, self._images.key_of(table, i)) for i in answer.get("Items", [])
            )
            return _units(total, READ_UNIT) * factor, 0.0
        if operation == "BatchGetItem":
            units = 0.0
            for table, found in answer.get("Responses", {}).items():
                consistent = body["RequestItems"].get(table, {}).get("ConsistentRead")
                for i in found:
                    size = self._images.size(table, self._images.key_of(table, i))
                    units += _units(size, READ_UNIT) * (1.0 if consistent else 0.5)
            return units, 0.0
        if operation == "TransactGetItems":
            return sum(
                2 * _units(self._images.size(e["Get"]["TableName"], e["Get"]["Key"]), READ_UNIT)
                for e in body.get("TransactItems", [])
            ), 0.0
        targets = self._write_targets(operation, body) if operation.endswith(("Item", "Items")) else []
        if not targets:
            return 0.0, 0.0
        before = context.get("memstore_pre") or [0] * len(targets)
        units = 0.0
        for (table, key, transactional), pre in zip(targets, before, strict=False):
            post = self._images.size(table, key)
            units += _units(max(pre, post), WRITE_UNIT) * (2 if transactional else 1)
        return 0.0, units

    # -- reports
    def by_phase(self) -> dict[str, dict[str, Any]]:
        phases: dict[str, dict[str, Any]] = {}
        for (phase, service, operation), tally in sorted(self.tallies.items()):
            entry = phases.setdefault(phase, {"operations": {}, "total": Tally()})
            entry["operations"][f"{service}.{operation}"] = asdict(tally)
            total = entry["total"]
            for name, value in asdict(tally).items():
                setattr(total, name, getattr(total, name) + value)
        for entry in phases.values():
            entry["total"] = asdict(entry["total"])
        return phases


# ------------------------------------------------------------------ Bedrock Titan stand-in


class TitanStandIn:
    """Answers bedrock-runtime InvokeModel for Titan v2 with MiniLM's vector of the same text,
    mapped to the requested dimensions by a fixed orthonormal matrix (dot products kept)."""

    def __init__(self, minilm: Any, seed: int = 2024) -> None:
        self._minilm = minilm
        self._seed = seed
        self._maps: dict[int, Any] = {}
        self.answered_bytes = 0
        self.answered_tokens = 0

    def attach(self, client: Any) -> Any:
        client.meta.events.register_first("before-send.bedrock-runtime.InvokeModel", self.answer)
        return client

    def _map(self, dimensions: int) -> Any:
        import numpy as np

        if dimensions not in self._maps:
            rng = np.random.default_rng(self._seed)
            q, _ = np.linalg.qr(rng.standard_normal((dimensions, self._minilm.dimensions)))
            self._maps[dimensions] = q.astype(np.float32)
        return self._maps[dimensions]

    def vector(self, text: str, dimensions: int) -> list[float]:
        import numpy as np

        base = np.asarray(self._minilm.embed([text])[0], dtype=np.float32)
        mapped = base if dimensions == base.shape[0] else self._map(dimensions) @ base
        return [round(float(x), 8) for x in mapped]

    def answer(self, request: Any, **_: Any) -> Any:
        from botocore.awsrequest import AWSResponse

        body = json.loads(request.body)
        text = body["inputText"]
        payload = {
            "embedding": self.vector(text, int(body.get("dimensions", 1024))),
            "inputTextTokenCount": len(self._minilm.tokenize([text])[0]) - 2,
        }
        data = json.dumps(payload).encode()
        headers = {
            "Content-Type": "application/json",
            "Content-Length": str(len(data)),
            TOKEN_HEADER: str(payload["inputTextTokenCount"]),
        }
        self.answered_bytes += len(data)
        self.answered_tokens += payload["inputTextTokenCount"]
        return AWSResponse(request.url, 200, headers, _Body(data))


class _Body:
    def __init__(self, data: bytes) -> None:
        self._data = data

    def stream(self, **_: Any) -> Iterator[bytes]:
        yield self._data

    def read(self, *_: Any) -> bytes:
        return self._data


# ------------------------------------------------------------------ the scenario

SESSION = [
    ("user", "Hi! I'm planning my week and could use some help."),
    ("assistant", "Of course. What do you have coming up?"),
    ("user", "I work as a {job} at the {workplace} and I have {shift} on {days}."),
    ("assistant", "That sounds tiring. Do you want me to keep the mornings after them free?"),
    (
        "user",
        "Yes please. Also I'm allergic to {allergen}, so keep that in mind for the restaurant on {day}.",
    ),
    ("assistant", "Noted. Which restaurant are you thinking of?"),
    ("user", "My {relative} {name} lives in {city} and recommended a {cuisine} place downtown."),
    ("assistant", "That sounds lovely. Should I book a table for two?"),
    ("user", "For three, my {companion} is coming too. I prefer {seat} if possible."),
    ("assistant", "I'll look for a table for three on {day} evening."),
]
"""A typical chat session (user and assistant turns); `session(n)` fills it with the n-th set of
details, so no two updates of a run embed the same texts."""

DETAILS = [
    dict(
        job="nurse",
        workplace="city hospital",
        shift="night shifts",
        days="Tuesday and Wednesday",
        allergen="peanuts",
        day="Friday",
        relative="sister",
        name="Ana",
        city="Porto",
        cuisine="Portuguese",
        companion="partner",
        seat="a window seat",
    ),
    dict(
        job="pilot",
        workplace="regional airline",
        shift="early flights",
        days="Monday and Thursday",
        allergen="shellfish",
        day="Saturday",
        relative="brother",
        name="Kenji",
        city="Kyoto",
        cuisine="Japanese",
        companion="husband",
        seat="a quiet corner table",
    ),
    dict(
        job="teacher",
        workplace="primary school",
        shift="parent evenings",
        days="Wednesday",
        allergen="gluten",
        day="Sunday",
        relative="cousin",
        name="Lena",
        city="Berlin",
        cuisine="Ethiopian",
        companion="wife",
        seat="a booth",
    ),
    dict(
        job="carpenter",
        workplace="boatyard",
        shift="weekend shifts",
        days="Saturday and Sunday",
        allergen="sesame",
        day="Thursday",
        relative="aunt",
        name="Rosa",
        city="Madrid",
        cuisine="Lebanese",
        companion="girlfriend",
        seat="a table outside",
    ),
]


def session(variant: int, messages: int) -> list[tuple[str, str]]:
    details = DETAILS[variant % len(DETAILS)]
    turns = [(role, text.format(**details)) for role, text in SESSION]
    return (turns * (messages // len(turns) + 1))[:messages]


SUBJECTS = ["sister", "brother", "manager", "neighbour", "cousin", "partner", "friend", "son"]
CITIES = ["Porto", "Lisbon", "Berlin", "Kyoto", "Denver", "Nairobi", "Toronto", "Oslo", "Dublin"]
THINGS = ["green tea", "sushi", "tennis", "Rust", "jazz", "hiking", "chess", "pottery", "cycling"]
QUERIES = [
    "Where does my sister live?",
    "What should I order for dinner tonight?",
    "Which sport do I play on weekends?",
    "Book me a table somewhere I would like",
]


def scope_facts(n: int, seed: int = 5) -> list[str]:
    rng = random.Random(seed)
    facts: list[str] = []
    seen: set[str] = set()
    while len(facts) < n:
        text = (
            f"User's {rng.choice(SUBJECTS)} lives in {rng.choice(CITIES)} and enjoys "
            f"{rng.choice(THINGS)} with the user on day {rng.randrange(1, 29)} of month {rng.randrange(1, 13)}"
        )
        if text not in seen:
            seen.add(text)
            facts.append(text)
    return facts


@dataclass
class Deployment:
    """The AWS side the container talks to, created in moto (uncounted)."""

    table: str
    state_machine_arn: str
    bus: str


def deploy() -> Deployment:
    import boto3

    from memstore_local.template import Template

    table = Template(ROOT / "template.yaml").tables()[0]
    boto3.client("dynamodb", region_name=REGION).create_table(**table.create_args)
    definition = (
        (ROOT / "statemachine" / "consolidation.asl.json")
        .read_text()
        .replace("${ConsolidateFunctionArn}", f"arn:aws:lambda:{REGION}:{ACCOUNT}:function:consolidate")
    )
    sfn = boto3.client("stepfunctions", region_name=REGION)
    machine = sfn.create_state_machine(
        name="consolidation",
        definition=definition,
        roleArn=f"arn:aws:iam::{ACCOUNT}:role/sfn",
        type="STANDARD",
    )["stateMachineArn"]
    boto3.client("events", region_name=REGION).create_event_bus(Name="memstore-bus")
    return Deployment(table.table_name, machine, "memstore-bus")


class Bench:
    def __init__(self, deployment: Deployment, counter: RequestCounter, titan: TitanStandIn) -> None:
        self.deployment = deployment
        self.counter = counter
        self.titan = titan
        self.times: dict[str, float] = {}

    def container(self) -> Any:
        """A fresh container, as a new Lambda container would build (nothing cached)."""
        import boto3

        from memstore.settings import SchedulerKind, Settings
        from memstore.wiring import Container

        d = self.deployment
        settings = Settings(
            table_name=d.table,
            region=REGION,
            default_embedding_model=TITAN,
            language_embedding_model=TITAN,
            allowed_embedding_models=(TITAN,),
            state_machine_arn=d.state_machine_arn,
            scheduler=SchedulerKind.STEPFUNCTIONS,
            event_bus_name=d.bus,
        )
        runtime = self.titan.attach(boto3.client("bedrock-runtime", region_name=REGION))
        return Container(settings, bedrock_runtime=runtime)

    @contextlib.contextmanager
    def phase(self, name: str) -> Iterator[None]:
        started = time.perf_counter()
        with self.counter.phase(name):
            yield
        self.times[name] = round((time.perf_counter() - started) * 1000, 1)

    def started_jobs(self) -> list[Any]:
        """The consolidation jobs Step Functions was asked to run (read from moto, uncounted)."""
        import boto3

        from memstore.ports.scheduler import ConsolidationJob

        sfn = boto3.client("stepfunctions", region_name=REGION)
        arns = [
            e["executionArn"]
            for e in sfn.list_executions(stateMachineArn=self.deployment.state_machine_arn)["executions"]
        ]
        return [
            ConsolidationJob.model_validate_json(sfn.describe_execution(executionArn=a)["input"])
            for a in arns
        ]

    def update(
        self, container: Any, store: str, scope: str, label: str, messages: list[tuple[str, str]]
    ) -> dict[str, Any]:
        """POST update_memories, then the state machine's Consolidate step (run when due)."""
        from memstore.domain.access import Caller
        from memstore.domain.updates import UpdateMemoriesRequest

        request = UpdateMemoriesRequest(
            scope=scope, items=[{"role": r, "content": c} for r, c in messages], update_delay=0
        )
        with self.phase(f"{label}: submit (updates function)"):
            answer = container.updates.submit(store, request, Caller())
        job = next(j for j in self.started_jobs() if j.update_id == answer["update_id"])
        with self.phase(f"{label}: consolidate (consolidate function)"):
            result = container.consolidation.run(job)
        assert result["status"] == "done", result
        record = container.repository.get_update(store, answer["update_id"])
        return {"update_id": answer["update_id"], "status": record.status.value, "result": record.result}

    def populate(self, container: Any, store: str, scope: str, n: int) -> None:
        """n memories with Titan-sized vectors, written through the repository (uncounted)."""
        from memstore.domain import vectors
        from memstore.domain.ids import new_id
        from memstore.domain.models import Kind, MemoryItem
        from memstore.domain.topics import search_text

        now = int(time.time())
        facts = scope_facts(n)
        vecs = self.titan._minilm.embed([search_text(f, None, Kind.USER_PROFILE) for f in facts])
        mapping = self.titan._map(1024)
        for n_, (fact, vec) in enumerate(zip(facts, vecs, strict=True)):
            created = now - 86400 * (n_ % 180)
            container.repository.put_item(
                MemoryItem(
                    memory_id=new_id("mem", created + n_ / 1000),
                    store=store,
                    scope=scope,
                    kind=Kind.USER_PROFILE,
                    content=fact,
                    created_at=created,
                    updated_at=created,
                    importance=0.5,
                    embedding=vectors.encode(mapping @ vec),
                    embedding_model=TITAN,
                )
            )


def search_service(container: Any) -> tuple[Any, Any]:
    """The container's SearchService wiring, with a handle on its access recorder so the access
    writes a search leaves behind are counted with that search."""
    from memstore.services.search import AccessRecorder, SearchService

    access = AccessRecorder(container.repository)
    return (
        SearchService(
            container.repository, container.clock, container.embedder_for, container.vector_index, access
        ),
        access,
    )


def run(items: int, messages: int) -> dict[str, Any]:
    from moto import mock_aws

    from memstore.adapters.local_embedder import LocalMiniLMEmbedder
    from memstore.domain.access import Caller
    from memstore.domain.models import Kind
    from memstore.domain.requests import (
        CreateItemRequest,
        CreateStoreRequest,
        ListItemsQuery,
        UpdateItemRequest,
    )
    from memstore.domain.search import SearchMemoriesRequest
    from memstore_local import moto_transactions
    from memstore_local.runtime import use_offline_aws

    use_offline_aws()
    os.environ.update(POWERTOOLS_METRICS_DISABLED="true", POWERTOOLS_TRACE_DISABLED="true")
    moto_transactions.install()
    counter = RequestCounter()
    minilm = LocalMiniLMEmbedder()
    titan = TitanStandIn(minilm)
    report: dict[str, Any] = {"items": items, "messages": messages, "checks": {}}
    with mock_aws(), counter.installed():
        bench = Bench(deploy(), counter, titan)
        setup = bench.container()
        store, big = "costs", "user-large"
        setup.stores.create(CreateStoreRequest(name=store), Caller())
        started = time.perf_counter()
        bench.populate(setup, store, big, items)
        report["populate_s"] = round(time.perf_counter() - started, 1)

        # update_memories: a cold container (first update), then the same container warm.
        updates = bench.container()
        first = bench.update(
            updates, store, "user-new", "update, cold container, new scope", session(0, messages)
        )
        second = bench.update(
            updates, store, "user-second", "update, warm container, new scope", session(1, messages)
        )
        third = bench.update(
            updates, store, big, f"update, warm container, scope of {items:,}", session(2, messages)
        )
        report["checks"]["update_results"] = [u["result"] for u in (first, second, third)]

        # search: a cold container's first contextual search of the large scope, then warm ones.
        searcher = bench.container()
        service, access = search_service(searcher)
        caller = Caller()

        def contextual(query: str) -> dict[str, Any]:
            return service.search(
                store,
                SearchMemoriesRequest(
                    scope=big, items=[{"type": "message", "role": "user", "content": query}]
                ),
                caller,
            )

        with bench.phase(f"search contextual, cold container, {items:,} items"):
            answer = contextual(QUERIES[0])
            access.flush()
        report["checks"]["cold_search_found"] = len(answer["memories"])
        for n, query in enumerate(QUERIES[1:3], start=1):
            with bench.phase(f"search contextual, warm #{n}, {items:,} items"):
                answer = contextual(query)
                access.flush()
        with bench.phase(f"search static, warm, {items:,} items"):
            service.search(store, SearchMemoriesRequest(scope=big), caller)
            access.flush()

        # A second new container: whatever the first cold search left behind for the next one.
        second, second_access = search_service(bench.container())
        with bench.phase(f"search contextual, another cold container, {items:,} items"):
            second.search(
                store,
                SearchMemoriesRequest(
                    scope=big, items=[{"type": "message", "role": "user", "content": QUERIES[3]}]
                ),
                caller,
            )
            second_access.flush()

        # One memory written to the scope by another container, then a warm search of it.
        writer = bench.container()
        writer.items.write(
            store,
            CreateItemRequest(
                scope=big, content="User is learning the cello on Thursdays", kind=Kind.USER_PROFILE
            ),
            caller,
        )
        with bench.phase(f"search contextual, warm, after a write to the scope, {items:,} items"):
            answer = contextual("What instrument am I learning?")
            access.flush()
        report["checks"]["search_after_write_found"] = len(answer["memories"])

        # item CRUD and a list page (the items function: no vector stack, no Bedrock)
        crud = bench.container()
        with bench.phase("item create"):
            item, _ = crud.items.write(
                store,
                CreateItemRequest(
                    scope="user-crud",
                    content="User prefers aisle seats on long flights",
                    kind=Kind.USER_PROFILE,
                ),
                caller,
            )
        with bench.phase("item get"):
            crud.items.get(store, item.memory_id, caller)
        with bench.phase("item update"):
            crud.items.update(
                store,
                item.memory_id,
                UpdateItemRequest(content="User prefers window seats on long flights"),
                caller,
            )
        with bench.phase("item delete"):
            crud.items.delete(store, item.memory_id, caller)
        with bench.phase(f"list page (20 of {items:,})"):
            page = crud.items.list(store, ListItemsQuery(scope=big, limit=20), caller)
        with bench.phase(f"list page (100 of {items:,})"):
            crud.items.list(store, ListItemsQuery(scope=big, limit=100), caller)
        report["checks"]["list_page"] = len(page.items)

        # delete_scope of the large scope (items, pointers, updates, messages, search sessions)
        with bench.phase(f"delete_scope ({items:,} items)"):
            _, job = crud.erasure.delete_scope(store, big, caller)
        report["checks"]["deleted_count"] = job.deleted_count
        report["checks"]["deletion_status"] = (
            job.status.value if hasattr(job.status, "value") else str(job.status)
        )

    report["phases"] = counter.by_phase()
    for name, ms in bench.times.items():
        report["phases"].setdefault(name, {"operations": {}, "total": asdict(Tally())})["wall_ms"] = ms
    return report


def table(report: dict[str, Any]) -> str:
    rows = [
        "| operation | AWS requests | DynamoDB req | RCU | WCU | Step Functions | EventBridge | Titan calls (tokens) | bytes sent | bytes received | wall ms (local) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for name, entry in report["phases"].items():
        ops = entry["operations"]

        def service(prefix: str, ops: dict[str, Any] = ops) -> int:
            return sum(t["requests"] for k, t in ops.items() if k.startswith(prefix))

        total = entry["total"]
        titan = service("bedrock-runtime.")
        tokens = sum(t["tokens"] for k, t in ops.items() if k.startswith("bedrock-runtime."))
        rows.append(
            f"| {name} | {total['requests']} | {service('dynamodb.')} | {total['read_units']:g} | "
            f"{total['write_units']:g} | {service('sfn.')} | {service('eventbridge.')} | {titan} ({tokens}) | "
            f"{total['request_bytes']:,} | {total['response_bytes']:,} | {entry.get('wall_ms', '')} |"
        )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=1000, help="memories in the searched and deleted scope")
    parser.add_argument("--messages", type=int, default=10, help="messages in the updated session")
    parser.add_argument("--out", type=Path, help="also write the JSON report here")
    args = parser.parse_args()
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
        report = run(args.items, args.messages)
    text = json.dumps(report, indent=2, default=str)
    if args.out:
        args.out.write_text(text + "\n")
    print(text)
    print(table(report), file=sys.stderr)


if __name__ == "__main__":
    main()
