"""bench/request_costs.py's counter against botocore's own record of what it sent.

botocore's history recorder (what `aws --debug` prints) records every API call and every HTTP
attempt with its body, independently of the event hooks the counter uses. A tiny run of the
bench's operations (item writes, a cold contextual search with Titan embeddings and a backfill,
an update submission that starts a Step Functions execution, a scope deletion, and one throttled
read that botocore retries) must give the same requests, calls and bytes per operation in both."""

from __future__ import annotations

import importlib.util
import sys
import threading
from collections import Counter, defaultdict
from collections.abc import Sequence

import numpy as np
import pytest

from memstore.adapters.hashing_embedder import HashingEmbedder
from memstore.domain.access import Caller
from memstore.domain.models import Kind
from memstore.domain.requests import CreateItemRequest, CreateStoreRequest
from memstore.domain.search import SearchMemoriesRequest
from memstore.domain.updates import UpdateMemoriesRequest
from tests.faults import THROTTLED, Faults, Waits
from tests.support import ROOT

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def costs():
    spec = importlib.util.spec_from_file_location("request_costs_bench", ROOT / "bench" / "request_costs.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    yield module
    sys.modules.pop(spec.name, None)


class SmallModel(HashingEmbedder):
    """What the Titan stand-in needs of MiniLM (vectors and a token count), without loading it."""

    def tokenize(self, texts: Sequence[str]) -> list[list[int]]:
        return [[0, *range(len(t.split())), 0] for t in texts]

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        return np.asarray(super().embed(texts), dtype=np.float32)


class History:
    """A botocore history handler: API calls, HTTP attempts and their bodies per operation."""

    def __init__(self) -> None:
        self.calls: Counter[tuple[str, str]] = Counter()
        self.requests: Counter[tuple[str, str]] = Counter()
        self.request_bytes: Counter[tuple[str, str]] = Counter()
        self.response_bytes: Counter[tuple[str, str]] = Counter()
        self.streamed: set[tuple[str, str]] = set()
        self.active = False
        self._current = threading.local()
        self._ids: dict[str, str] = {}

    def _service_id(self, name: str) -> str:
        if name not in self._ids:
            import botocore.session

            model = botocore.session.get_session().get_service_model(name)
            self._ids[name] = model.service_id.hyphenize()
        return self._ids[name]

    def emit(self, event_type: str, payload: dict, source: str) -> None:
        if not self.active:
            return
        if event_type == "API_CALL":
            self._current.key = (self._service_id(payload["service"]), payload["operation"])
            self.calls[self._current.key] += 1
            return
        key = getattr(self._current, "key", None)
        if key is None:
            return
        if event_type == "HTTP_REQUEST":
            self.requests[key] += 1
            body = payload.get("body") or b""
            self.request_bytes[key] += len(body.encode() if isinstance(body, str) else body)
        elif event_type == "HTTP_RESPONSE":
            if payload.get("streaming"):
                self.streamed.add(key)
            else:
                self.response_bytes[key] += len(payload.get("body") or b"")


@pytest.fixture
def history(monkeypatch):
    from botocore.history import get_global_history_recorder

    handler = History()
    recorder = get_global_history_recorder()
    monkeypatch.setattr(recorder, "_handlers", [handler])
    monkeypatch.setattr(recorder, "_enabled", True)
    return handler


def test_item_sizes_follow_dynamodb_rules(costs):
    item = {
        "pk": {"S": "abc"},
        "n": {"N": "-123.45"},
        "b": {"B": "AAEC"},
        "ok": {"BOOL": True},
        "m": {"M": {"x": {"S": "yz"}}},
        "l": {"L": [{"N": "1"}, {"NULL": True}]},
    }
    # names 2+1+1+2+1+1; S 3; N 5 digits -> 3+1; B 3 bytes; BOOL 1; M 3+1+1+2; L 3+(1+2)+(1+1)
    assert costs.item_size(item) == 8 + 3 + 4 + 3 + 1 + 7 + 8
    assert costs._units(0, costs.READ_UNIT) == 1
    assert costs._units(4097, costs.READ_UNIT) == 2
    assert costs._units(1024, costs.WRITE_UNIT) == 1


def test_counts_equal_what_botocore_sent(costs, aws_env, monkeypatch, history):
    from moto import mock_aws

    faults = Faults().install(monkeypatch)
    Waits(monkeypatch)
    counter = costs.RequestCounter()
    titan = costs.TitanStandIn(SmallModel(dimensions=32))
    caller = Caller()
    with mock_aws(), counter.installed():
        bench = costs.Bench(costs.deploy(), counter, titan)
        setup = bench.container()
        setup.stores.create(CreateStoreRequest(name="tiny"), caller)
        container = bench.container()
        service, access = costs.search_service(container)
        faults.add("dynamodb", THROTTLED, "GetItem", times=1, skip=1)
        history.active = True
        with counter.phase("tiny"):
            for text in ("User likes green tea", "User's sister lives in Porto", "User plays chess"):
                container.items.write(
                    "tiny", CreateItemRequest(scope="u1", content=text, kind=Kind.USER_PROFILE), caller
                )
            answer = service.search(
                "tiny",
                SearchMemoriesRequest(
                    scope="u1", items=[{"type": "message", "role": "user", "content": "tea?"}]
                ),
                caller,
            )
            access.flush()
            container.updates.submit(
                "tiny",
                UpdateMemoriesRequest(scope="u1", items=[{"role": "user", "content": "I moved to Lisbon."}]),
                caller,
            )
            _, job = container.erasure.delete_scope("tiny", "u1", caller)
        history.active = False

    assert answer["memories"] and job.deleted_count >= 3
    assert faults.injected == [("dynamodb", "GetItem")]
    tallies = {key[1:]: tally for key, tally in counter.tallies.items() if key[0] == "tiny"}
    assert set(tallies) == set(history.requests) == set(history.calls)
    mismatches = defaultdict(dict)
    for key, tally in tallies.items():
        seen = {
            "requests": history.requests[key],
            "calls": history.calls[key],
            "request_bytes": history.request_bytes[key],
        }
        if key not in history.streamed:
            seen["response_bytes"] = history.response_bytes[key]
        for name, value in seen.items():
            if getattr(tally, name) != value:
                mismatches[key][name] = (getattr(tally, name), value)
    assert not mismatches

    # What the scenario must have sent, so a counter that saw nothing cannot pass.
    assert tallies[("sfn", "StartExecution")].requests == 1
    assert tallies[("dynamodb", "GetItem")].retries == 1
    assert tallies[("dynamodb", "GetItem")].requests == tallies[("dynamodb", "GetItem")].calls + 1
    invoke = tallies[("bedrock-runtime", "InvokeModel")]
    assert invoke.requests == 4  # the query and the three memories written without a vector
    assert invoke.response_bytes == titan.answered_bytes
    assert invoke.tokens == titan.answered_tokens > 0
    assert counter.by_phase()["tiny"]["total"]["write_units"] > 0
