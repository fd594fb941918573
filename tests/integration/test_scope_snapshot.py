"""The search snapshot on moto: built, used by a cold container with a bounded number of requests
(counted at botocore's events), kept current by the change log, never trusted when stale,
installed by one of two racing writers only, and gone with every deletion."""

from __future__ import annotations

import contextlib
import time
import zlib
from collections import Counter
from collections.abc import Iterator
from typing import Any

import boto3
import pytest

from memstore.adapters import dynamodb_keys as keys
from memstore.adapters.dynamodb_erasure import DynamoDBErasure
from memstore.adapters.dynamodb_lifecycle import DynamoDBLifecycle
from memstore.adapters.dynamodb_repository import DynamoDBRepository
from memstore.adapters.hashing_embedder import HashingEmbedder
from memstore.adapters.scope_snapshot import HEAD_SK
from memstore.adapters.table_index import TableVectorIndex
from memstore.domain import vectors
from memstore.domain.ids import new_id
from memstore.domain.models import Kind, MemoryItem
from memstore.domain.scope_rows import ScopeRows
from memstore_local.runtime import every_new_client
from tests.conftest import TABLE

MODEL = "memstore-hashing"
STORE, SCOPE = "snap", "user-1"
EMBEDDER = HashingEmbedder()
TOPICS = ["tennis", "coffee", "Lisbon", "violin", "sushi", "hiking", "Python", "jazz", "tulips", "chess"]


class Requests:
    """Every AWS request of the clients made while installed: operation names and body bytes."""

    def __init__(self) -> None:
        self.operations: Counter[str] = Counter()
        self.bodies: list[bytes] = []
        self.sent = self.received = 0

    @contextlib.contextmanager
    def counting(self) -> Iterator[Requests]:
        with every_new_client(self._attach):
            yield self

    def _attach(self, client: Any) -> None:
        client.meta.events.register("before-send", self._before_send)
        client.meta.events.register("after-call", self._after_call)

    def _before_send(self, event_name: str, request: Any, **_: Any) -> None:
        body = request.body or b""
        body = body.encode() if isinstance(body, str) else body
        self.operations[request.headers.get("X-Amz-Target", b"").decode().split(".")[-1]] += 1
        self.bodies.append(body)
        self.sent += len(body)

    def _after_call(self, http_response: Any, **_: Any) -> None:
        self.received += len(http_response.content or b"")

    @property
    def total(self) -> int:
        return sum(self.operations.values())


def memory(n: int, now: float, content: str | None = None) -> MemoryItem:
    text = content or f"User talked about {TOPICS[n % len(TOPICS)]} on day {n} with friend number {n}"
    return MemoryItem(
        memory_id=new_id("mem", now + n / 1000),
        store=STORE,
        scope=SCOPE,
        kind=Kind.USER_PROFILE,
        content=text,
        created_at=int(now),
        updated_at=int(now),
        embedding=vectors.encode(EMBEDDER.embed([text])[0]),
        embedding_model=MODEL,
    )


def container() -> tuple[DynamoDBRepository, TableVectorIndex]:
    """A new container: its own repository connections, an empty cache."""
    repo = DynamoDBRepository(TABLE)
    return repo, TableVectorIndex(repo, lambda _: EMBEDDER, snapshots=repo.snapshots)


def search(index: TableVectorIndex, text: str, now: float, k: int = 5) -> list[str]:
    hits = index.query(STORE, SCOPE, text, EMBEDDER.embed([text])[0], k, now, model=MODEL)
    best = sorted(hits, key=lambda h: -((h.vector_score or 0) + (h.text_score or 0) / 10))
    return [h.memory_id for h in best[:k]]


def contents(index: TableVectorIndex, text: str, now: float) -> set[str]:
    hits = index.query(STORE, SCOPE, text, EMBEDDER.embed([text])[0], 50, now, model=MODEL)
    return {h.item.content for h in hits if h.item is not None}


def side_rows() -> list[dict[str, Any]]:
    pk = keys.snapshot_pk(keys.scope_pk(STORE, SCOPE))
    client = boto3.client("dynamodb", region_name="us-east-1")
    rows = client.query(
        TableName=TABLE,
        KeyConditionExpression="pk = :p",
        ExpressionAttributeValues={":p": {"S": pk}},
        ConsistentRead=True,
    )["Items"]
    return rows


def snapshot_text() -> bytes:
    """Every snapshot chunk's documents, decompressed."""
    return b"".join(zlib.decompress(r["docs"]["B"]) for r in side_rows() if "docs" in r)


def fill(repo: DynamoDBRepository, n: int, now: float) -> list[MemoryItem]:
    items = [memory(i, now) for i in range(n)]
    for item in items:
        repo.put_item(item)
    return items


@pytest.fixture
def now() -> float:
    return time.time()


@pytest.mark.parametrize("n", [20, 200])
def test_a_cold_container_answers_from_the_snapshot_in_a_bounded_number_of_requests(moto_table, now, n):
    repo, first = container()
    items = fill(repo, n, now)
    whole = search(first, "tennis with friend number 7", now)
    assert first._cache[(STORE, SCOPE)].read_whole  # the first search read the whole scope
    assert any(r["sk"]["S"] == HEAD_SK for r in side_rows())  # ... and wrote the snapshot

    with Requests().counting() as requests:
        _, cold = container()
        found = search(cold, "tennis with friend number 7", now)
    assert not cold._cache[(STORE, SCOPE)].read_whole
    assert found == whole
    assert items[7].memory_id in found
    # whatever the scope's size: the stamp, the head, the chunks, the log; no memory row is read
    assert dict(requests.operations) == {"GetItem": 2, "BatchGetItem": 1, "Query": 1}
    scope_pk = keys.scope_pk(STORE, SCOPE).encode()
    assert not any(scope_pk + b'"' in body for body in requests.bodies)


def test_writes_after_the_snapshot_reach_a_cold_container(moto_table, now):
    repo, first = container()
    items = fill(repo, 40, now)
    search(first, "anything", now)

    added = memory(100, now, "User adopted a greyhound called Biscuit")
    repo.put_item(added)
    changed = items[3].model_copy(update={"content": "User now plays squash instead", "version": 2})
    changed.embedding = vectors.encode(EMBEDDER.embed([changed.content])[0])
    repo.replace_item(changed, expected_version=1)
    repo.delete_item(STORE, items[5].memory_id)

    with Requests().counting() as requests:
        _, cold = container()
        seen = contents(cold, "greyhound Biscuit squash tennis coffee Lisbon violin", now)
    assert not cold._cache[(STORE, SCOPE)].read_whole
    assert "User adopted a greyhound called Biscuit" in seen
    assert "User now plays squash instead" in seen
    assert items[3].content not in seen
    assert items[5].content not in seen
    assert requests.operations["BatchGetItem"] == 2  # the chunks, then the two changed memories
    ids = {h.memory_id for h in cold.query(STORE, SCOPE, "x", EMBEDDER.embed(["x"])[0], 50, now, model=MODEL)}
    assert items[5].memory_id not in ids


def test_the_container_that_wrote_the_snapshot_refreshes_from_the_log_only(moto_table, now):
    with Requests().counting() as requests:
        repo, first = container()
        fill(repo, 30, now)
        search(first, "anything", now)  # whole read, snapshot written
        repo.put_item(memory(300, now, "User bought a red kayak"))
        requests.operations.clear()
        seen = contents(first, "red kayak", now)
    assert "User bought a red kayak" in seen
    # stamp, head (same version: no chunk read), log, the one new memory
    assert dict(requests.operations) == {"GetItem": 2, "Query": 1, "BatchGetItem": 1}


@pytest.mark.parametrize("tamper", ["model", "fingerprint", "expires_at", "chunk"])
def test_a_snapshot_that_cannot_be_trusted_is_not_used(moto_table, now, tamper):
    repo, first = container()
    fill(repo, 20, now)
    expected = search(first, "coffee", now)
    client = boto3.client("dynamodb", region_name="us-east-1")
    pk = keys.snapshot_pk(keys.scope_pk(STORE, SCOPE))
    head = {"pk": {"S": pk}, "sk": {"S": HEAD_SK}}
    if tamper == "chunk":
        chunk = next(r for r in side_rows() if r["sk"]["S"].startswith("SNAP#") and r["sk"]["S"] != HEAD_SK)
        client.delete_item(TableName=TABLE, Key={"pk": chunk["pk"], "sk": chunk["sk"]})
    else:
        value = {"model": {"S": "other-model"}, "fingerprint": {"S": "0" * 20}, "expires_at": {"N": "1"}}[
            tamper
        ]
        client.update_item(
            TableName=TABLE,
            Key=head,
            UpdateExpression="SET #a = :v",
            ExpressionAttributeNames={"#a": tamper},
            ExpressionAttributeValues={":v": value},
        )
    _, cold = container()
    assert search(cold, "coffee", now) == expected
    assert cold._cache[(STORE, SCOPE)].read_whole  # read whole, and a new snapshot written
    _, later = container()
    assert search(later, "coffee", now) == expected
    assert not later._cache[(STORE, SCOPE)].read_whole


def test_too_many_logged_writes_fall_back_to_the_whole_scope(moto_table, now, monkeypatch):
    from memstore.adapters import table_index

    repo, first = container()
    fill(repo, 10, now)
    search(first, "jazz", now)
    for i in range(5):
        repo.put_item(memory(200 + i, now, f"User collects vinyl record {i}"))
    monkeypatch.setattr(table_index, "MAX_LOGGED_WRITES", 3)
    _, cold = container()
    assert any("vinyl" in c for c in contents(cold, "vinyl record", now))
    assert cold._cache[(STORE, SCOPE)].read_whole


def test_a_deleted_memory_leaves_no_trace_in_the_snapshot(moto_table, now):
    repo, first = container()
    items = fill(repo, 30, now)
    search(first, "hiking", now)
    secret = items[4].content.encode()
    assert secret in snapshot_text()

    repo.delete_item(STORE, items[4].memory_id)

    assert secret not in snapshot_text()
    assert items[5].content.encode() in snapshot_text()  # the rest stays
    _, cold = container()
    assert items[4].content not in contents(cold, items[4].content, now)


def test_scope_deletion_removes_the_snapshot_and_its_log(moto_table, now):
    repo, first = container()
    fill(repo, 10, now)
    search(first, "chess", now)
    assert side_rows()
    repo.delete_scope(STORE, SCOPE)
    assert side_rows() == []


def test_each_erasure_batch_drops_the_snapshot_first_and_the_last_its_log(moto_table, now):
    repo, first = container()
    fill(repo, 10, now)
    search(first, "chess", now)
    erasure = DynamoDBErasure(TABLE)
    batch = erasure.delete_batch(STORE, keys.scope_hash(SCOPE), max_rows=3)
    assert not batch.done
    assert not [r for r in side_rows() if r["sk"]["S"].startswith("SNAP#")]
    while not batch.done:
        batch = erasure.delete_batch(STORE, keys.scope_hash(SCOPE), max_rows=3)
    assert side_rows() == []  # the change log goes with the last batch


def test_the_lifecycle_pass_drops_a_snapshot_holding_an_expired_memory(moto_table, now):
    repo, first = container()
    items = fill(repo, 5, now)
    short = items[0].model_copy(update={"expires_at": int(now) + 60, "version": 2})
    repo.replace_item(short, expected_version=1)
    search(first, "tennis", now)
    lifecycle = DynamoDBLifecycle(repo)
    assert lifecycle.drop_expired_rows(STORE, keys.scope_hash(SCOPE), now)["snapshots"] == 0
    assert short.content.encode() in snapshot_text()
    assert lifecycle.drop_expired_rows(STORE, keys.scope_hash(SCOPE), now + 120)["snapshots"] >= 2
    assert snapshot_text() == b""


def test_of_two_writers_from_one_stamp_only_one_installs(moto_table, now, monkeypatch):
    repo, _ = container()
    items = fill(repo, 12, now)
    stamp = repo.scope_stamp(STORE, SCOPE)
    rows = ScopeRows.from_items(repo.scope_items(STORE, SCOPE, now), EMBEDDER.dimensions)
    other = DynamoDBRepository(TABLE)
    watermark = int(now * 1000)
    seen_at_start = other.snapshots._head(keys.snapshot_pk(keys.scope_pk(STORE, SCOPE)))
    first = repo.snapshots.save(STORE, SCOPE, stamp, rows, MODEL, watermark)
    # the second began before the first installed: it still has the head it saw then
    monkeypatch.setattr(other.snapshots, "_head", lambda pk: seen_at_start)
    second = other.snapshots.save(STORE, SCOPE, stamp, rows, MODEL, watermark)
    assert first is not None and second is None
    versions = {r["version"]["S"] for r in side_rows() if r["sk"]["S"].startswith("SNAP#")}
    assert versions == {first}  # the loser removed its chunks

    repo.put_item(memory(50, now, "User started learning the cello"))  # the stamp moves on
    assert other.snapshots.save(STORE, SCOPE, stamp, rows, MODEL, watermark) is None
    versions = {r["version"]["S"] for r in side_rows() if r["sk"]["S"].startswith("SNAP#")}
    assert versions == {first}
    assert len(items) == 12


def test_a_query_vector_given_as_a_function_is_computed_once_while_the_scope_is_checked(moto_table, now):
    import threading

    repo, index = container()
    fill(repo, 20, now)
    text = "tennis with friend number 7"
    expected = {
        (h.memory_id, h.vector_score)
        for h in index.query(STORE, SCOPE, text, EMBEDDER.embed([text])[0], 5, now, model=MODEL)
    }
    stamp_threads, vector_threads = [], []
    read_stamp = repo.scope_stamp

    def stamp(*args: Any) -> str | None:
        stamp_threads.append(threading.current_thread())
        return read_stamp(*args)

    def vector() -> Any:
        vector_threads.append(threading.current_thread())
        return EMBEDDER.embed([text])[0]

    repo.scope_stamp = stamp  # type: ignore[method-assign]
    hits = index.query(STORE, SCOPE, text, vector, 5, now, model=MODEL)
    assert {(h.memory_id, h.vector_score) for h in hits} == expected
    assert vector_threads == [threading.current_thread()]
    assert len(stamp_threads) == 1 and stamp_threads[0] is not threading.current_thread()
