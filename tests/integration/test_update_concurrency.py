"""Twenty parallel update_memories for one scope on DynamoDB (moto): one chain, no lost message."""

from __future__ import annotations

import threading

import pytest

from memstore.adapters.dynamodb_repository import DynamoDBRepository
from memstore.domain.access import Caller
from memstore.domain.requests import CreateStoreRequest
from memstore.domain.updates import UpdateMemoriesRequest, UpdateStatus
from memstore.settings import Settings
from memstore.wiring import Container
from tests.doubles import RecordingScheduler


@pytest.fixture
def atomic_requests(monkeypatch):
    """DynamoDB executes each request atomically; moto does not lock. One lock around moto's
    request entry point gives its requests the service's atomicity, so the race under test is
    the service's own (between requests), not moto's. (moto's table-copying transactions are
    swapped for memstore local's equivalent, which checks every condition before writing.)"""
    from moto.core.botocore_stubber import BotocoreStubber
    from moto.dynamodb.models import DynamoDBBackend

    from memstore_local import moto_transactions

    monkeypatch.setattr(DynamoDBBackend, "transact_write_items", moto_transactions.transact_write_items)
    lock = threading.Lock()
    original = BotocoreStubber.__call__

    def atomic(self, *args, **kwargs):
        with lock:
            return original(self, *args, **kwargs)

    monkeypatch.setattr(BotocoreStubber, "__call__", atomic)


def test_twenty_parallel_submissions_leave_one_chain(moto_table, atomic_requests):
    scheduler = RecordingScheduler()
    c = Container(
        Settings(table_name=moto_table), repository=DynamoDBRepository(moto_table), scheduler=scheduler
    )
    c.stores.create(CreateStoreRequest(name="s"), Caller())
    barrier = threading.Barrier(20)
    answers, errors = [], []

    def send(n: int) -> None:
        barrier.wait()
        try:
            req = UpdateMemoriesRequest(
                scope="alice", update_delay=300, items=[{"role": "user", "content": f"message number {n}"}]
            )
            answers.append(c.updates.submit("s", req, Caller()))
        except Exception as e:  # collected, asserted below
            errors.append(e)

    threads = [threading.Thread(target=send, args=(n,)) for n in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert errors == [] and len(answers) == 20
    updates = {a["update_id"]: c.repository.get_update("s", a["update_id"]) for a in answers}
    queued = [u for u in updates.values() if u.status == UpdateStatus.QUEUED]
    assert len(queued) == 1
    survivor = queued[0]
    assert sorted(m.content for m in survivor.messages) == sorted(f"message number {n}" for n in range(20))
    for update in updates.values():
        hops = 0
        while update.update_id != survivor.update_id:
            assert update.status == UpdateStatus.SUPERSEDED
            update = updates[update.superseded_by]
            hops += 1
            assert hops <= 20
    assert c.repository.scope_state("s", "alice").pending_update_id == survivor.update_id
    assert len(scheduler.jobs) == 20
