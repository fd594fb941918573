"""functions/indexer/app.py end to end: a stream batch in, the vector index's state and the partial
batch response out. The table (moto) holds the store the indexer reads for its embedding model; the
vector index is a fake installed through the container."""

from __future__ import annotations

import importlib.util
import json
from dataclasses import dataclass

import numpy as np
import pytest

from memstore.adapters.dynamodb_repository import DynamoDBRepository
from memstore.domain import vectors
from memstore.domain.models import Store, StoreDefinition
from memstore.ports.clock import ManualClock
from memstore.settings import Settings
from memstore.wiring import Container, install
from tests.doubles import CountingEmbedder, RecordingIndex
from tests.support import ROOT

EVENT = json.loads((ROOT / "events" / "indexer" / "stream_opensearch_batch.json").read_text())
NOW = 1_800_000_000.0
A1, B2, C3, F6 = (
    "mem_01JOSA000000000000000000A1",
    "mem_01JOSB000000000000000000B2",
    "mem_01JOSC000000000000000000C3",
    "mem_01JOSF000000000000000000F6",
)


@dataclass
class LambdaContext:
    function_name: str = "IndexerFunction"
    memory_limit_in_mb: int = 512
    invoked_function_arn: str = "arn:aws:lambda:us-east-1:123456789012:function:IndexerFunction"
    aws_request_id: str = "req-1"


@pytest.fixture
def handler():
    spec = importlib.util.spec_from_file_location("indexer_app", ROOT / "functions" / "indexer" / "app.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    yield module.lambda_handler
    install(None)


@pytest.fixture
def repo(moto_table):
    repository = DynamoDBRepository(moto_table)
    repository.create_store(
        Store(
            id="store_demo",
            name="demo",
            definition=StoreDefinition(embedding_model="memstore-hashing"),
            created_at=1,
            updated_at=1,
        )
    )
    return repository


def install_container(repo, index, embedder) -> list[str]:
    models: list[str] = []

    def factory(model):
        models.append(model)
        return embedder

    install(
        Container(
            Settings(table_name=repo._table, vector_backend="opensearch"),
            repository=repo,
            clock=ManualClock(NOW),
            vector_index=index,
            embedder_factory=factory,
        )
    )
    return models


def test_a_batch_mirrors_the_tables_memories_into_the_index(handler, repo):
    index, embedder = RecordingIndex(), CountingEmbedder()
    models = install_container(repo, index, embedder)

    answer = handler(EVENT, LambdaContext())

    assert answer == {"batchItemFailures": []}
    assert set(index.docs) == {("demo", A1), ("demo", C3), ("demo", F6)}
    item, vector = index.docs[("demo", A1)]
    assert item.content == "Is vegan since March." and item.scope == "user-123"
    np.testing.assert_array_equal(vector, vectors.decode(item.embedding))
    assert len(vector) == embedder.dimensions
    assert sorted(embedder.texts) == ["Prefers window seats on flights.", "Uses metric units."]
    assert models == ["memstore-hashing"]


def test_failed_records_come_back_as_batch_item_failures(handler, repo):
    index = RecordingIndex(fail_for={C3})
    install_container(repo, index, CountingEmbedder())

    answer = handler(EVENT, LambdaContext())

    failed = [
        r["dynamodb"]["SequenceNumber"]
        for r in EVENT["Records"]
        if r["dynamodb"]["Keys"]["sk"]["S"] == f"MEM#{C3}" and "#SCOPE#" in r["dynamodb"]["Keys"]["pk"]["S"]
    ]
    assert answer == {"batchItemFailures": [{"itemIdentifier": s} for s in failed]}
    assert set(index.docs) == {("demo", A1), ("demo", F6)}


def test_memories_of_a_store_that_is_gone_are_not_indexed(handler, repo):
    repo.delete_store("demo")
    index = RecordingIndex()
    models = install_container(repo, index, CountingEmbedder())

    assert handler(EVENT, LambdaContext()) == {"batchItemFailures": []}
    assert index.docs == {} and models == []


def test_an_empty_batch_is_answered_with_no_failures(handler, repo):
    install_container(repo, RecordingIndex(), CountingEmbedder())
    assert handler({"Records": []}, LambdaContext()) == {"batchItemFailures": []}


def test_logs_carry_counts_and_ids_but_no_content_or_scope(handler, repo, caplog):
    install_container(repo, RecordingIndex(fail_for={B2}), CountingEmbedder())

    with caplog.at_level("INFO"):
        handler(EVENT, LambdaContext())

    (summary,) = [r for r in caplog.records if r.getMessage() == "stream batch indexed"]
    assert (summary.records, summary.upserted, summary.deleted, summary.failed) == (13, 5, 2, 2)
    failures = [r for r in caplog.records if r.getMessage() == "stream record failed"]
    assert [r.error_type for r in failures] == ["DependencyUnavailable", "DependencyUnavailable"]
    logged = json.dumps([r.__dict__ for r in caplog.records], default=str)
    for secret in ("user-123", "user-456", "vegan", "window seats", "metric units", "cello"):
        assert secret not in logged
