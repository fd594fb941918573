"""MemoryManager over the memstore provider, against `memstore local` over real HTTP: reinforcement
and expiration go to the service's item routes, expiry is read from the service, and what the
service does on its own is left to it."""

from __future__ import annotations

import time
import uuid
from pathlib import Path

import pytest

from memstore.client import MemoryStoreClient
from memstore.memory import Memory, MemoryManager, MemoryRecord

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def client(base_url: str) -> MemoryStoreClient:
    return MemoryStoreClient(base_url)


@pytest.fixture
def setup(client: MemoryStoreClient) -> tuple[MemoryStoreClient, str, MemoryManager]:
    store = f"manager_{uuid.uuid4().hex[:10]}"
    memory = Memory("memstore", client=client, store=store)
    memory.set(MemoryRecord("coffee", "Prefers dark roast coffee", "user-1"))
    return client, store, MemoryManager(memory)


def test_reinforce_raises_the_service_importance(setup):
    client, store, manager = setup
    before = client.get_memory_by_key(store, "user-1", "coffee")
    assert manager.reinforce("coffee", "user-1") == MemoryRecord(
        "coffee", "Prefers dark roast coffee", "user-1"
    )
    after = client.get_memory_by_key(store, "user-1", "coffee")
    assert after.importance > before.importance
    assert after.memory_id == before.memory_id
    assert manager.reinforce("absent", "user-1") is None


def test_expiration_is_set_read_and_cleared_on_the_service(setup):
    client, store, manager = setup
    manager.set_expiration("coffee", "user-1", ttl_seconds=3600)
    expires_at = client.get_memory_by_key(store, "user-1", "coffee").expires_at
    assert expires_at is not None and abs(expires_at - (time.time() + 3600)) < 120
    assert not manager.is_expired("coffee", "user-1")
    later = MemoryManager(manager.memory, clock=lambda: time.time() + 7200)
    assert later.is_expired("coffee", "user-1")
    manager.clear_expiration("coffee", "user-1")
    assert client.get_memory_by_key(store, "user-1", "coffee").expires_at is None
    assert not later.is_expired("coffee", "user-1")
    assert manager.set_expiration("absent", "user-1", ttl_seconds=60) is None


def test_access_decay_promotion_and_sweep_are_the_services(setup):
    client, store, manager = setup
    item = client.get_memory_by_key(store, "user-1", "coffee")
    assert manager.record_access("coffee", "user-1") == MemoryRecord("coffee", item.content, "user-1")
    assert manager.decay("user-1") == 0
    assert manager.promote_eligible("user-1") == []
    assert manager.purge_expired("user-1") == []
    unchanged = client.get_memory_by_key(store, "user-1", "coffee")
    assert (unchanged.importance, unchanged.version) == (item.importance, item.version)


def test_the_client_lifecycle_methods(setup):
    from memstore.client import InvalidRequestError

    client, store, _ = setup
    item = client.get_memory_by_key(store, "user-1", "coffee")
    reinforced = client.reinforce_memory(store, item.memory_id)
    assert reinforced.memory_id == item.memory_id and reinforced.importance > item.importance
    at = int(time.time()) + 600
    assert client.set_memory_expiration(store, item.memory_id, expires_at=at).expires_at == at
    assert client.set_memory_expiration(store, item.memory_id, expires_at=None).expires_at is None
    with pytest.raises(InvalidRequestError) as refused:
        client.set_memory_expiration(store, item.memory_id, expires_at=int(time.time()) - 10)
    assert refused.value.param == "expires_at"
    for wrong in ({}, {"expires_at": at, "ttl_seconds": 5}):
        with pytest.raises(ValueError):
            client.set_memory_expiration(store, item.memory_id, **wrong)
