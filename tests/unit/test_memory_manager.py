"""MemoryManager's lifecycle operations over local providers, with a controlled clock."""

from __future__ import annotations

from pathlib import Path

import pytest

from memstore.memory import Memory, MemoryManager, MemoryRecord
from memstore.memory.manager import LifecyclePolicy

DAY = 86400.0


class Clock:
    def __init__(self) -> None:
        self.now = 1_700_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["memory", "sqlite"])
def memory(request: pytest.FixtureRequest, tmp_path: Path) -> Memory:
    return Memory("sqlite", path=tmp_path / "m.db") if request.param == "sqlite" else Memory("memory")


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def manager(memory: Memory, clock: Clock) -> MemoryManager:
    memory.set(MemoryRecord("coffee", "Prefers dark roast coffee", "u", {"topic": "drink"}))
    return MemoryManager(memory, clock=clock)


def test_record_access_counts_and_stamps(manager: MemoryManager, memory: Memory, clock: Clock):
    manager.record_access("coffee", "u")
    clock.now += 5
    record = manager.record_access("coffee", "u")
    assert record.metadata["access_count"] == 2
    assert memory.get("coffee", "u").metadata == {
        "topic": "drink",
        "access_count": 2,
        "last_accessed_at": clock.now,
    }
    assert manager.record_access("absent", "u") is None
    assert memory.get("absent", "u") is None


def test_reinforce_raises_importance_up_to_one(manager: MemoryManager, memory: Memory):
    assert manager.reinforce("coffee", "u").metadata["importance"] == pytest.approx(0.6)
    manager.reinforce("coffee", "u", amount=0.3)
    assert memory.get("coffee", "u").metadata["importance"] == pytest.approx(0.9)
    manager.reinforce("coffee", "u", amount=0.5)
    assert memory.get("coffee", "u").metadata["importance"] == 1.0
    with pytest.raises(ValueError):
        manager.reinforce("coffee", "u", amount=0)


def test_promotion_needs_accesses_and_importance(manager: MemoryManager, memory: Memory):
    assert manager.promote("coffee", "u") is False
    for _ in range(3):
        manager.record_access("coffee", "u")
    assert manager.promote("coffee", "u") is False  # importance 0.5 < 0.6
    manager.reinforce("coffee", "u", amount=0.2)
    memory.set(MemoryRecord("cat", "Has a cat called Miso", "u"))
    assert manager.promote_eligible("u") == ["coffee"]
    assert memory.get("coffee", "u").metadata["memory_type"] == "semantic"
    assert "memory_type" not in memory.get("cat", "u").metadata
    assert manager.promote("coffee", "u") is False  # already semantic


def test_expiration_set_check_clear_and_purge(manager: MemoryManager, memory: Memory, clock: Clock):
    memory.set(MemoryRecord("cat", "Has a cat called Miso", "u"))
    manager.set_expiration("coffee", "u", ttl_seconds=60)
    assert memory.get("coffee", "u").metadata["expires_at"] == clock.now + 60
    assert not manager.is_expired("coffee", "u")
    clock.now += 60
    assert manager.is_expired("coffee", "u")
    assert memory.get("coffee", "u") is not None  # nothing is forgotten on its own
    manager.clear_expiration("coffee", "u")
    assert not manager.is_expired("coffee", "u")
    manager.set_expiration("coffee", "u", expires_at=clock.now - 1)
    assert manager.purge_expired("u") == ["coffee"]
    assert memory.get("coffee", "u") is None and memory.get("cat", "u") is not None
    with pytest.raises(ValueError):
        manager.set_expiration("cat", "u")
    with pytest.raises(ValueError):
        manager.set_expiration("cat", "u", ttl_seconds=-5)


def test_decay_halves_importance_per_half_life_down_to_the_floor(memory: Memory, clock: Clock):
    policy = LifecyclePolicy(
        half_life_seconds=10 * DAY, semantic_half_life_seconds=40 * DAY, importance_floor=0.1
    )
    manager = MemoryManager(memory, policy=policy, clock=clock)
    memory.set(MemoryRecord("episodic", "Asked about trains", "u", {"importance": 0.8}))
    memory.set(
        MemoryRecord("semantic", "Prefers dark roast", "u", {"importance": 0.8, "memory_type": "semantic"})
    )
    assert manager.decay("u") == 0  # first pass only starts the clock
    clock.now += 10 * DAY
    assert manager.decay("u") == 2
    assert memory.get("episodic", "u").metadata["importance"] == pytest.approx(0.4)
    assert memory.get("semantic", "u").metadata["importance"] == pytest.approx(0.8 * 0.5**0.25)
    assert manager.decay("u") == 0  # no time passed since
    clock.now += 100 * DAY
    manager.decay("u")
    assert memory.get("episodic", "u").metadata["importance"] == pytest.approx(0.1)


def test_an_access_restarts_the_decay_clock(manager: MemoryManager, memory: Memory, clock: Clock):
    manager.decay("u")
    clock.now += 30 * DAY
    manager.record_access("coffee", "u")
    assert manager.decay("u") == 0
    assert "importance" not in memory.get("coffee", "u").metadata


class ServiceLike:
    """A provider that keeps lifecycle state itself: the manager hands the operation over."""

    def __init__(self) -> None:
        from memstore.memory.providers.in_memory import InMemoryProvider

        self.inner = InMemoryProvider()
        self.calls: list[tuple[str, str, str, object]] = []
        self.name = "service-like"
        self.expires_at = None

    def __getattr__(self, name: str):
        return getattr(self.inner, name)

    def reinforce(self, key, namespace, amount):
        self.calls.append(("reinforce", key, namespace, amount))
        return self.inner.get(key, namespace)

    def set_expiration(self, key, namespace, expires_at):
        self.calls.append(("set_expiration", key, namespace, expires_at))
        self.expires_at = expires_at
        return self.inner.get(key, namespace)

    def lifecycle_state(self, key, namespace):
        return {"expires_at": self.expires_at} if self.inner.exists(key, namespace) else None


def test_a_lifecycle_provider_gets_the_operation(clock: Clock):
    provider = ServiceLike()
    provider.inner.set(MemoryRecord("coffee", "Prefers dark roast", "u"))
    manager = MemoryManager(provider, clock=clock)
    manager.reinforce("coffee", "u", amount=0.2)
    manager.set_expiration("coffee", "u", ttl_seconds=10)
    expires_at = clock.now + 10
    assert not manager.is_expired("coffee", "u")
    clock.now += 10
    assert manager.is_expired("coffee", "u")
    manager.clear_expiration("coffee", "u")
    assert not manager.is_expired("coffee", "u")
    assert provider.calls == [
        ("reinforce", "coffee", "u", 0.2),
        ("set_expiration", "coffee", "u", expires_at),
        ("set_expiration", "coffee", "u", None),
    ]
    assert provider.inner.get("coffee", "u").metadata == {}


def test_a_lifecycle_provider_counts_decays_promotes_and_sweeps_itself(clock: Clock):
    provider = ServiceLike()
    provider.inner.set(
        MemoryRecord("coffee", "Prefers dark roast", "u", {"access_count": 9, "importance": 0.9})
    )
    manager = MemoryManager(provider, clock=clock)
    assert manager.record_access("coffee", "u") == provider.inner.get("coffee", "u")
    clock.now += 365 * DAY
    assert manager.decay("u") == 0
    assert manager.promote("coffee", "u") is False and manager.promote_eligible("u") == []
    assert manager.purge_expired("u") == []
    assert provider.inner.get("coffee", "u").metadata == {"access_count": 9, "importance": 0.9}
    assert provider.calls == []
