"""Faults of the dependencies behind the model and index adapters: Bedrock throttling and read
timeouts (embedder and extractor, real boto3 clients with the adapters' own retry config, errors
injected at before-send) and OpenSearch 429/5xx/connection failures (the real opensearch-py
client over a scripted transport). Transient faults are retried with bounded, jittered waits;
what outlasts the retries is DependencyUnavailable, raised from the original error."""

from __future__ import annotations

import json
from typing import Any

import boto3
import numpy as np
import pytest
from botocore.exceptions import ClientError, ReadTimeoutError

from memstore.adapters.backoff import aws_config, delay, retry
from memstore.adapters.bedrock_embedder import BedrockTitanEmbedder
from memstore.adapters.bedrock_extractor import BedrockConverseExtractor
from memstore.adapters.llm_prompt import TOOL_NAME
from memstore.adapters.opensearch_index import OpenSearchIndex
from memstore.domain.errors import DependencyUnavailable
from memstore.domain.extraction import Message
from memstore.domain.models import StoreOptions
from memstore.services.batch_extraction import extract_isolating
from tests.faults import Faults, Waits, ok, read_timeout, rest_error

THROTTLED = rest_error("ThrottlingException", 429)
UNAVAILABLE = rest_error("ServiceUnavailableException", 503)


@pytest.fixture
def waits(monkeypatch) -> Waits:
    return Waits(monkeypatch)


def bedrock(faults: Faults, read: float = 10) -> Any:
    client = boto3.session.Session().client(
        "bedrock-runtime", region_name="us-east-1", config=aws_config(connect_timeout=2, read_timeout=read)
    )
    return faults.attach(client)


# ------------------------------------------------------------------ backoff
def test_full_jitter_waits_are_bounded_and_grow():
    assert delay(1, rand=lambda: 1.0) == 0.05 and delay(3, rand=lambda: 1.0) == 0.2
    assert delay(30, rand=lambda: 1.0) == 1.0, "capped"
    assert delay(2, rand=lambda: 0.0) == 0.0


def test_retry_stops_at_the_bound_and_never_retries_what_is_not_transient():
    calls, waited = [], []

    def flaky():
        calls.append(1)
        raise TimeoutError

    with pytest.raises(TimeoutError):
        retry(flaky, lambda e: isinstance(e, TimeoutError), attempts=4, sleep=waited.append)
    assert len(calls) == 4 and len(waited) == 3 and all(0 <= w <= 1 for w in waited)
    calls.clear()
    with pytest.raises(ValueError):
        retry(
            lambda: calls.append(1) or (_ for _ in ()).throw(ValueError()),
            lambda e: False,
            sleep=waited.append,
        )
    assert len(calls) == 1


# ------------------------------------------------------------------ Bedrock embedder
def embedding(dims: int = 256) -> dict:
    return {"embedding": [1.0] + [0.0] * (dims - 1), "inputTextTokenCount": 3}


def test_titan_throttling_that_clears_is_retried_with_jitter(aws_env, waits):
    faults = Faults()
    faults.add("bedrock-runtime", THROTTLED, "InvokeModel", times=2)
    faults.add("bedrock-runtime", ok(embedding()), "InvokeModel")
    vectors = BedrockTitanEmbedder(256, client=bedrock(faults)).embed(["I keep bees."])
    assert vectors.shape == (1, 256) and np.isclose(vectors[0, 0], 1.0)
    assert faults.count("bedrock-runtime", "InvokeModel") == 3
    assert len(waits.botocore) == 2 and waits.botocore[0] <= 1 and waits.botocore[1] <= 2


@pytest.mark.parametrize(
    "fault,cause",
    [(THROTTLED, ClientError), (UNAVAILABLE, ClientError), (read_timeout, ReadTimeoutError)],
    ids=["throttled", "503", "read-timeout"],
)
def test_titan_faults_that_persist_become_dependency_unavailable(aws_env, waits, fault, cause):
    faults = Faults()
    faults.add("bedrock-runtime", fault, "InvokeModel")
    with pytest.raises(DependencyUnavailable) as raised:
        BedrockTitanEmbedder(256, client=bedrock(faults)).embed(["I keep bees."])
    assert isinstance(raised.value.__cause__, cause)
    assert faults.count("bedrock-runtime", "InvokeModel") == 3, "bounded: 3 attempts"
    assert raised.value.status == 503 and raised.value.retry_after


# ------------------------------------------------------------------ Bedrock extractor
MESSAGES = [
    Message(id="m1", role="user", content="I keep bees on the roof."),
    Message(id="m2", role="user", content="My sister lives in Oslo."),
]


def converse_ok() -> dict:
    tool = {"toolUse": {"toolUseId": "t1", "name": TOOL_NAME, "input": {"memories": [], "forget": []}}}
    return {
        "output": {"message": {"role": "assistant", "content": [tool]}},
        "stopReason": "tool_use",
        "usage": {"inputTokens": 10, "outputTokens": 5, "totalTokens": 15},
        "metrics": {"latencyMs": 5},
    }


def test_converse_throttling_that_clears_is_retried(aws_env, waits):
    faults = Faults()
    faults.add("bedrock-runtime", THROTTLED, "Converse", times=2)
    faults.add("bedrock-runtime", ok(converse_ok()), "Converse")
    extractor = BedrockConverseExtractor("anthropic.claude-3-5-haiku-20241022-v1:0", client=bedrock(faults))
    assert extractor.extract(MESSAGES, [], [], StoreOptions()).memories == []
    assert faults.count("bedrock-runtime", "Converse") == 3 and len(waits.botocore) == 2


@pytest.mark.parametrize("fault", [THROTTLED, read_timeout], ids=["throttled", "read-timeout"])
def test_a_chat_model_that_stays_throttled_fails_the_batch_transiently_and_sets_nothing_aside(
    aws_env, waits, fault
):
    faults = Faults()
    faults.add("bedrock-runtime", fault, "Converse")
    extractor = BedrockConverseExtractor(
        "anthropic.claude-3-5-haiku-20241022-v1:0", client=bedrock(faults, 120)
    )
    with pytest.raises(DependencyUnavailable):
        extract_isolating(lambda batch: extractor.extract(batch, [], [], StoreOptions()), MESSAGES)
    assert faults.count("bedrock-runtime", "Converse") == 3, "one call of the whole batch, no halving"


# ------------------------------------------------------------------ OpenSearch
class ScriptedTransport:
    """opensearch-py's Connection contract, answering from a script: each request takes the next
    answer (status and body, or an exception), the last one repeats."""

    def __init__(self, *answers: Any):
        self.answers = list(answers)
        self.requests: list[tuple[str, str]] = []

    def connection_class(self) -> type:
        from opensearchpy import Connection

        script = self

        class Scripted(Connection):
            def perform_request(
                self, method, url, params=None, body=None, timeout=None, ignore=(), headers=None
            ):
                script.requests.append((method, url))
                answer = script.answers.pop(0) if len(script.answers) > 1 else script.answers[0]
                if isinstance(answer, Exception):
                    raise answer
                status, payload = answer
                raw = json.dumps(payload)
                if not 200 <= status < 300 and status not in ignore:
                    self._raise_error(status, raw)
                return status, {"content-type": "application/json"}, raw

        return Scripted


MAPPING = {
    "memstore-memories": {"mappings": {"properties": {"embedding_4": {"type": "knn_vector", "dimension": 4}}}}
}
HITS = {
    "responses": [
        {"hits": {"hits": [{"_id": "d1", "_score": 1.5, "_source": {"memory_id": "mem_1"}}]}, "status": 200}
    ]
}


def index_over(transport: ScriptedTransport) -> OpenSearchIndex:
    from opensearchpy import OpenSearch

    client = OpenSearch(
        hosts=[{"host": "127.0.0.1", "port": 9}], connection_class=transport.connection_class(), max_retries=0
    )
    index = OpenSearchIndex(client=client, dimensions=4)
    index._fields = {4}
    return index


def query(index: OpenSearchIndex):
    return index.query("s", "alice", "bees", np.array([1.0, 0, 0, 0], dtype=np.float32), 5, 0)


@pytest.mark.parametrize("status", [429, 500, 502, 503])
def test_opensearch_throttling_and_5xx_that_clear_are_retried_with_jitter(waits, status):
    transport = ScriptedTransport(
        (status, {"error": "busy", "status": status}), (status, {"error": "busy"}), (200, HITS)
    )
    hits = query(index_over(transport))
    assert [h.memory_id for h in hits] == ["mem_1"]
    assert len(transport.requests) == 3 and transport.requests[0][1].endswith("_msearch")
    assert len(waits.memstore) == 2 and all(0 <= w <= 1 for w in waits.memstore)


def test_opensearch_connection_failures_are_retried(waits):
    from opensearchpy.exceptions import ConnectionError

    transport = ScriptedTransport(ConnectionError("N/A", "refused", OSError("refused")), (200, HITS))
    assert [h.memory_id for h in query(index_over(transport))] == ["mem_1"]
    assert len(transport.requests) == 2


def test_opensearch_outage_becomes_dependency_unavailable_after_bounded_retries(waits):
    from opensearchpy.exceptions import TransportError

    transport = ScriptedTransport((503, {"error": "unavailable"}))
    index = index_over(transport)
    with pytest.raises(DependencyUnavailable) as raised:
        query(index)
    assert isinstance(raised.value.__cause__, TransportError)
    assert len(transport.requests) == 3
    with pytest.raises(DependencyUnavailable):
        index.delete_scope("s", "alice")
    assert len(transport.requests) == 6, "deletions' searches retry the same way"


def test_opensearch_refusals_are_not_retried(waits):
    transport = ScriptedTransport((400, {"error": {"type": "parsing_exception"}, "status": 400}))
    with pytest.raises(DependencyUnavailable):
        query(index_over(transport))
    assert len(transport.requests) == 1 and waits.memstore == []
