"""The stream indexer's record → action logic, on recorded-shape stream records, with fakes for the
index and a real (hashing) embedder. The images are decoded by the indexer function's own decoder."""

from __future__ import annotations

import copy
import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from memstore.adapters.dynamodb_repository import stream_image_decoder
from memstore.adapters.hashing_embedder import HashingEmbedder
from memstore.domain import vectors
from memstore.ports.clock import ManualClock
from memstore.services.indexing import Action, IndexingService, is_memory_row, is_ttl_removal
from tests.doubles import CountingEmbedder, RecordingIndex
from tests.support import ROOT

EVENTS = ROOT / "events" / "indexer" / "stream_opensearch_batch.json"
NOW = 1_800_000_000.0
A1, B2, C3, D4, E5, F6 = (
    "mem_01JOSA000000000000000000A1",
    "mem_01JOSB000000000000000000B2",
    "mem_01JOSC000000000000000000C3",
    "mem_01JOSD000000000000000000D4",
    "mem_01JOSE000000000000000000E5",
    "mem_01JOSF000000000000000000F6",
)


DECODE = stream_image_decoder("memstore-test")


@pytest.fixture
def records():
    return json.loads(EVENTS.read_text())["Records"]


@pytest.fixture
def embedder():
    return CountingEmbedder()


def service(index, embedder, stores=("demo",), decode=DECODE):
    return IndexingService(index, lambda name: embedder if name in stores else None, decode, ManualClock(NOW))


def by_memory(records, memory_id, event):
    return next(
        r
        for r in records
        if r["dynamodb"]["Keys"]["sk"]["S"] == f"MEM#{memory_id}"
        and "#SCOPE#" in r["dynamodb"]["Keys"]["pk"]["S"]
        and r["eventName"] == event
    )


def test_the_whole_batch_leaves_the_index_holding_exactly_the_live_memories(records, embedder):
    index = RecordingIndex()
    result = service(index, embedder).process(records)

    assert result.failed == []
    assert result.response() == {"batchItemFailures": []}
    assert result.counts == {Action.UPSERTED: 6, Action.DELETED: 3, Action.IGNORED: 4}
    assert result.ttl_deletions == 1
    assert set(index.docs) == {("demo", A1), ("demo", C3), ("demo", F6)}
    item, _ = index.docs[("demo", A1)]
    assert (item.content, item.version) == ("Is vegan since March.", 2)
    assert index.docs[("demo", F6)][0].scope == "user-456"


def test_insert_upserts_with_the_stored_vector_without_embedding_again(records, embedder):
    index = RecordingIndex()
    record = by_memory(records, A1, "INSERT")

    assert service(index, embedder).apply(record) is Action.UPSERTED

    item, vector = index.docs[("demo", A1)]
    assert item.content == "Is vegetarian." and item.scope == "user-123" and item.store == "demo"
    assert embedder.texts == []
    np.testing.assert_array_equal(vector, vectors.decode(item.embedding))
    assert vector.shape == (embedder.dimensions,)
    assert np.dot(vector, embedder.embed(["Is vegetarian."])[0]) > 0.999


def test_a_row_without_an_embedding_is_embedded_with_the_stores_model(records, embedder):
    index = RecordingIndex()
    assert service(index, embedder).apply(by_memory(records, B2, "INSERT")) is Action.UPSERTED

    _, vector = index.docs[("demo", B2)]
    assert embedder.texts == ["Prefers window seats on flights."]
    np.testing.assert_allclose(vector, HashingEmbedder().embed(["Prefers window seats on flights."])[0])


def test_an_embedding_from_another_model_is_replaced_by_the_stores_own(records, embedder):
    index = RecordingIndex()
    service(index, embedder).apply(by_memory(records, C3, "INSERT"))

    item, vector = index.docs[("demo", C3)]
    assert item.embedding_model == "all-MiniLM-L6-v2"
    assert embedder.texts == ["Uses metric units."]
    assert vector.shape == (embedder.dimensions,)


def test_modify_of_the_content_upserts_the_new_version(records, embedder):
    index = RecordingIndex()
    modify = next(
        r for r in records if r["eventName"] == "MODIFY" and r["dynamodb"]["Keys"]["sk"]["S"] == f"MEM#{A1}"
    )

    assert service(index, embedder).apply(modify) is Action.UPSERTED
    item, vector = index.docs[("demo", A1)]
    assert item.content == "Is vegan since March."
    np.testing.assert_array_equal(vector, vectors.decode(item.embedding))


def test_modify_of_the_access_count_alone_does_not_touch_the_index(records, embedder):
    index = RecordingIndex()
    modifies = [
        r for r in records if r["eventName"] == "MODIFY" and r["dynamodb"]["Keys"]["sk"]["S"] == f"MEM#{A1}"
    ]
    access_only = modifies[1]
    assert (
        access_only["dynamodb"]["NewImage"]["access_count"]
        != access_only["dynamodb"]["OldImage"]["access_count"]
    )

    assert service(index, embedder).apply(access_only) is Action.IGNORED
    assert index.calls == []


def test_modify_that_expires_the_memory_deletes_it(records, embedder):
    index = RecordingIndex()
    svc = service(index, embedder)
    svc.apply(by_memory(records, D4, "INSERT"))

    assert svc.apply(by_memory(records, D4, "MODIFY")) is Action.DELETED
    assert index.calls[-1] == ("delete", "demo", "user-123", D4)
    assert ("demo", D4) not in index.docs


def test_remove_by_a_user_deletes_and_is_not_counted_as_ttl(records, embedder):
    index = RecordingIndex()
    record = by_memory(records, B2, "REMOVE")

    result = service(index, embedder).process([record])
    assert result.counts[Action.DELETED] == 1 and result.ttl_deletions == 0
    assert index.calls == [("delete", "demo", "user-123", B2)]
    assert not is_ttl_removal(record)


def test_ttl_remove_deletes_and_is_counted(records, embedder):
    index = RecordingIndex()
    record = by_memory(records, E5, "REMOVE")
    assert is_ttl_removal(record)

    result = service(index, embedder).process([record])
    assert result.ttl_deletions == 1
    assert index.calls == [("delete", "demo", "user-123", E5)]


def test_a_failing_record_is_reported_and_the_others_still_apply(records, embedder):
    index = RecordingIndex(fail_for={B2})
    result = service(index, embedder).process(records)

    failing = [
        r["dynamodb"]["SequenceNumber"]
        for r in records
        if r["dynamodb"]["Keys"]["sk"]["S"] == f"MEM#{B2}" and "#SCOPE#" in r["dynamodb"]["Keys"]["pk"]["S"]
    ]
    assert len(failing) == 2
    assert result.failed == failing
    assert result.response() == {"batchItemFailures": [{"itemIdentifier": s} for s in failing]}
    assert set(index.docs) == {("demo", A1), ("demo", C3), ("demo", F6)}
    assert result.counts[Action.UPSERTED] == 5


def test_non_memory_rows_are_ignored_before_decoding(records, embedder):
    decoded: list[dict] = []

    def spy(image):
        decoded.append(image)
        return DECODE(image)

    index = RecordingIndex()
    others = [r for r in records if not is_memory_row(r["dynamodb"]["Keys"])]
    assert {r["dynamodb"]["Keys"]["sk"]["S"].split("#")[0] for r in others} == {"MEM", "UPD", "META"}

    result = service(index, embedder, decode=spy).process(others)
    assert result.counts[Action.IGNORED] == len(others) == 3
    assert decoded == [] and index.calls == []


def test_a_memory_of_a_deleted_store_is_not_indexed(records, embedder):
    index = RecordingIndex()
    assert service(index, embedder, stores=()).apply(by_memory(records, A1, "INSERT")) is Action.IGNORED
    assert index.calls == [] and embedder.texts == []


def test_a_record_without_images_fails_loudly(records, embedder):
    record = copy.deepcopy(by_memory(records, B2, "REMOVE"))
    del record["dynamodb"]["OldImage"]

    result = service(RecordingIndex(), embedder).process([record])
    assert result.failed == [record["dynamodb"]["SequenceNumber"]]


@given(
    store=st.from_regex(r"[A-Za-z0-9_-]{1,64}", fullmatch=True),
    memory_id=st.from_regex(r"mem_[0-9A-Z]{26}", fullmatch=True),
    scope_hash=st.from_regex(r"[0-9a-f]{32}", fullmatch=True),
    other_sk=st.sampled_from(["META", "STATE", "UPD#upd_1", "SCOPE#abc", "SRCH#s1"]),
)
def test_only_rows_in_a_scope_partition_with_a_memory_key_are_memories(
    store, memory_id, scope_hash, other_sk
):
    scope_pk = f"STORE#{store}#SCOPE#{scope_hash}"
    assert is_memory_row({"pk": {"S": scope_pk}, "sk": {"S": f"MEM#{memory_id}"}})
    assert not is_memory_row({"pk": {"S": f"STORE#{store}"}, "sk": {"S": f"MEM#{memory_id}"}})
    assert not is_memory_row({"pk": {"S": scope_pk}, "sk": {"S": other_sk}})
    assert not is_memory_row({"pk": {"S": "STORES"}, "sk": {"S": f"STORE#{store}"}})
