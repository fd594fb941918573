"""`MemoryManager`: the framework's explicit lifecycle operations on records of any provider —
access tracking, reinforcement, promotion to semantic memory, expiration, decay.

Nothing here runs on its own: expired records stay until `purge_expired` is called, and importance
falls only when `decay` is called (the framework document says as much). The state lives in each
record's metadata under the names in `FIELDS`, so it is kept by whatever provider stores the
record. A provider that keeps this state itself (the memstore service) implements
`LifecycleProvider`: the manager hands reinforcement and expiration to it, reads expiry from it,
and leaves access counting, decay, promotion and the expiry sweep to the service, which does them
on its own (a search counts an access; its lifecycle pass decays, promotes and sweeps).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from memstore.memory.facade import MAX_SEARCH_LIMIT, Memory
from memstore.memory.provider import MemoryProvider
from memstore.memory.record import DEFAULT_NAMESPACE, MemoryRecord

IMPORTANCE = "importance"
ACCESS_COUNT = "access_count"
LAST_ACCESSED_AT = "last_accessed_at"
EXPIRES_AT = "expires_at"
MEMORY_TYPE = "memory_type"
DECAYED_AT = "decayed_at"
FIELDS = (IMPORTANCE, ACCESS_COUNT, LAST_ACCESSED_AT, EXPIRES_AT, MEMORY_TYPE, DECAYED_AT)
EPISODIC, SEMANTIC = "episodic", "semantic"


@runtime_checkable
class LifecycleProvider(Protocol):
    """A provider that keeps lifecycle state itself. The record methods return the record as it
    now is, or None when there is no such record."""

    def reinforce(self, key: str, namespace: str, amount: float) -> MemoryRecord | None:
        """Raises importance by the provider's own step (`amount` is a hint it may not honour)."""

    def set_expiration(self, key: str, namespace: str, expires_at: float | None) -> MemoryRecord | None: ...

    def lifecycle_state(self, key: str, namespace: str) -> dict[str, Any] | None:
        """`importance`, `access_count`, `last_accessed_at`, `expires_at` as the provider keeps them."""


@dataclass(frozen=True)
class LifecyclePolicy:
    initial_importance: float = 0.5
    reinforcement: float = 0.1
    half_life_seconds: float = 30 * 86400
    semantic_half_life_seconds: float = 180 * 86400
    importance_floor: float = 0.05
    promotion_min_accesses: int = 3
    promotion_min_importance: float = 0.6


class MemoryManager:
    def __init__(
        self,
        memory: Memory | MemoryProvider,
        policy: LifecyclePolicy | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.memory = memory if isinstance(memory, Memory) else Memory(memory)
        self.policy = policy or LifecyclePolicy()
        self._clock = clock

    def importance(self, record: MemoryRecord) -> float:
        return float(record.metadata.get(IMPORTANCE, self.policy.initial_importance))

    def record_access(self, key: str, namespace: str = DEFAULT_NAMESPACE) -> MemoryRecord | None:
        """Counts one access and stamps its time; None (and nothing written) when there is no record.
        A lifecycle provider counts accesses itself (memstore: each search that returns the memory):
        the record is returned as it is."""
        if self._service_managed():
            return self.memory.get(key, namespace)
        return self._change(key, namespace, self._accessed)

    def _accessed(self, metadata: dict[str, Any]) -> None:
        metadata[ACCESS_COUNT] = int(metadata.get(ACCESS_COUNT, 0)) + 1
        metadata[LAST_ACCESSED_AT] = self._clock()

    def reinforce(
        self, key: str, namespace: str = DEFAULT_NAMESPACE, amount: float | None = None
    ) -> MemoryRecord | None:
        """Raises importance by `amount` (the policy's reinforcement), up to 1."""
        step = self.policy.reinforcement if amount is None else amount
        if not 0 < step <= 1:
            raise ValueError("a reinforcement is in (0, 1]")
        if self._service_managed():
            return self.memory.provider.reinforce(key, namespace, step)  # type: ignore[attr-defined]
        return self._change(
            key, namespace, lambda m: m.update({IMPORTANCE: min(1.0, self._importance(m) + step)})
        )

    def is_eligible_for_promotion(self, record: MemoryRecord) -> bool:
        return (
            record.metadata.get(MEMORY_TYPE, EPISODIC) != SEMANTIC
            and int(record.metadata.get(ACCESS_COUNT, 0)) >= self.policy.promotion_min_accesses
            and self.importance(record) >= self.policy.promotion_min_importance
        )

    def promote(self, key: str, namespace: str = DEFAULT_NAMESPACE) -> bool:
        """Marks the record semantic when it is eligible; True when it was promoted. A lifecycle
        provider promotes on its own terms (memstore's lifecycle pass): always False there."""
        if self._service_managed():
            return False
        record = self.memory.get(key, namespace)
        if record is None or not self.is_eligible_for_promotion(record):
            return False
        record.metadata[MEMORY_TYPE] = SEMANTIC
        self.memory.set(record)
        return True

    def promote_eligible(self, namespace: str = DEFAULT_NAMESPACE) -> list[str]:
        if self._service_managed():
            return []
        promoted = [r.key for r in self._records(namespace) if self.is_eligible_for_promotion(r)]
        for key in promoted:
            self.promote(key, namespace)
        return promoted

    def set_expiration(
        self,
        key: str,
        namespace: str = DEFAULT_NAMESPACE,
        *,
        ttl_seconds: float | None = None,
        expires_at: float | None = None,
    ) -> MemoryRecord | None:
        if (ttl_seconds is None) == (expires_at is None):
            raise ValueError("give one of ttl_seconds or expires_at")
        if ttl_seconds is not None and ttl_seconds <= 0:
            raise ValueError("ttl_seconds is positive")
        at = self._clock() + ttl_seconds if ttl_seconds is not None else float(expires_at)  # type: ignore[arg-type]
        if self._service_managed():
            return self.memory.provider.set_expiration(key, namespace, at)  # type: ignore[attr-defined]
        return self._change(key, namespace, lambda m: m.update({EXPIRES_AT: at}))

    def clear_expiration(self, key: str, namespace: str = DEFAULT_NAMESPACE) -> MemoryRecord | None:
        if self._service_managed():
            return self.memory.provider.set_expiration(key, namespace, None)  # type: ignore[attr-defined]
        return self._change(key, namespace, lambda m: m.pop(EXPIRES_AT, None))

    def is_expired(self, record_or_key: MemoryRecord | str, namespace: str = DEFAULT_NAMESPACE) -> bool:
        if isinstance(record_or_key, MemoryRecord):
            key, namespace = record_or_key.key, record_or_key.namespace
        else:
            key = record_or_key
        if self._service_managed():
            state = self.memory.provider.lifecycle_state(key, namespace)  # type: ignore[attr-defined]
            expires_at = None if state is None else state.get(EXPIRES_AT)
        else:
            record = (
                record_or_key if isinstance(record_or_key, MemoryRecord) else self.memory.get(key, namespace)
            )
            expires_at = None if record is None else record.metadata.get(EXPIRES_AT)
        return expires_at is not None and float(expires_at) <= self._clock()

    def purge_expired(self, namespace: str = DEFAULT_NAMESPACE) -> list[str]:
        """Deletes the namespace's expired records (only when called); their keys. A lifecycle
        provider never returns an expired record and removes them itself: nothing to do there."""
        if self._service_managed():
            return []
        expired = [r.key for r in self._records(namespace) if self.is_expired(r)]
        for key in expired:
            self.memory.delete(key, namespace)
        return expired

    def decay(self, namespace: str = DEFAULT_NAMESPACE) -> int:
        """Halves importance once per half-life since the record was last decayed or accessed (a
        semantic record's half-life is longer), never below the floor. Returns how many changed.
        A lifecycle provider decays by its own policy (memstore: the store's lifecycle options, at
        read time and in its lifecycle pass): 0 there."""
        if self._service_managed():
            return 0
        now, changed = self._clock(), 0
        for record in self._records(namespace):
            metadata = record.metadata
            since = max(float(metadata.get(DECAYED_AT, 0)), float(metadata.get(LAST_ACCESSED_AT, 0)))
            if since == 0:
                metadata[DECAYED_AT] = now
                self.memory.set(record)
                continue
            semantic = metadata.get(MEMORY_TYPE) == SEMANTIC
            half_life = self.policy.semantic_half_life_seconds if semantic else self.policy.half_life_seconds
            before = self._importance(metadata)
            after = max(self.policy.importance_floor, before * 0.5 ** ((now - since) / half_life))
            if after < before:
                metadata[IMPORTANCE] = after
                metadata[DECAYED_AT] = now
                self.memory.set(record)
                changed += 1
        return changed

    def _importance(self, metadata: dict[str, Any]) -> float:
        return float(metadata.get(IMPORTANCE, self.policy.initial_importance))

    def _records(self, namespace: str) -> list[MemoryRecord]:
        return self.memory.search("", namespace=namespace, limit=MAX_SEARCH_LIMIT)

    def _change(
        self, key: str, namespace: str, change: Callable[[dict[str, Any]], object]
    ) -> MemoryRecord | None:
        record = self.memory.get(key, namespace)
        if record is None:
            return None
        change(record.metadata)
        self.memory.set(record)
        return record

    def _service_managed(self) -> bool:
        return isinstance(self.memory.provider, LifecycleProvider)
