"""Test doubles for ports that have no in-package fake (products never use these)."""

from __future__ import annotations

import threading

from memstore.adapters.hashing_embedder import HashingEmbedder
from memstore.domain.errors import DependencyUnavailable, ExtractionFailed
from memstore.domain.extraction import Extraction
from memstore.ports.scheduler import ConsolidationJob


class RecordingScheduler:
    def __init__(self) -> None:
        self.jobs: list[ConsolidationJob] = []
        self._lock = threading.Lock()

    def schedule(self, job: ConsolidationJob) -> None:
        with self._lock:
            self.jobs.append(job)


class RecordingPublisher:
    def __init__(self) -> None:
        self.events: list[tuple[str, dict]] = []

    def publish(self, detail_type: str, detail: dict) -> None:
        self.events.append((detail_type, detail))


class BrokenExtractor:
    """Raises what a chat model that keeps answering garbage makes an adapter raise."""

    name = "broken"

    def __init__(self, error: Exception | None = None):
        self.error = error or ExtractionFailed("the model returned invalid JSON twice")
        self.calls = 0

    def extract(self, messages, context, existing, options) -> Extraction:
        self.calls += 1
        raise self.error


class RecordingIndex:
    """A VectorIndex fake that keeps the latest document per memory, like the real one."""

    def __init__(self, fail_for=()):
        self.docs: dict[tuple[str, str], tuple] = {}
        self.calls: list[tuple] = []
        self.fail_for = set(fail_for)

    def upsert(self, item, vector):
        if item.memory_id in self.fail_for:
            raise DependencyUnavailable("the vector index is unavailable")
        self.calls.append(("upsert", item.memory_id))
        self.docs[(item.store, item.memory_id)] = (item, vector)

    def delete(self, store, scope, memory_id):
        if memory_id in self.fail_for:
            raise DependencyUnavailable("the vector index is unavailable")
        self.calls.append(("delete", store, scope, memory_id))
        self.docs.pop((store, memory_id), None)

    def delete_scope(self, store, scope):
        raise AssertionError("the indexer never deletes a whole scope")

    def delete_store(self, store):
        raise AssertionError("the indexer never deletes a whole store")

    def query(self, *args, **kwargs):
        raise AssertionError("the indexer never queries")


class CountingEmbedder(HashingEmbedder):
    def __init__(self):
        super().__init__()
        self.texts: list[str] = []

    def embed(self, texts):
        self.texts.extend(texts)
        return super().embed(texts)


def memory_container(store: str = "s", **overrides):
    """A container on the in-memory repository and a manual clock, its scheduler recording the
    consolidation jobs, with one store created: (container, scheduler)."""
    from memstore.adapters.memory_repository import InMemoryRepository
    from memstore.domain.access import Caller
    from memstore.domain.requests import CreateStoreRequest
    from memstore.ports.clock import ManualClock
    from memstore.settings import Settings
    from memstore.wiring import Container

    scheduler = RecordingScheduler()
    c = Container(
        Settings(),
        repository=InMemoryRepository(),
        clock=ManualClock(),
        scheduler=scheduler,
        publisher=RecordingPublisher(),
        **overrides,
    )
    c.stores.create(CreateStoreRequest(name=store), Caller())
    return c, scheduler


def profile_memory(memory_id: str, content: str, at: int, **fields):
    """A `user_profile` memory of user "u" in store "s", written (and last updated) at `at`."""
    from memstore.domain.models import Kind, MemoryItem

    return MemoryItem(
        memory_id=memory_id,
        store="s",
        scope="u",
        kind=Kind.USER_PROFILE,
        content=content,
        created_at=at,
        updated_at=at,
        **fields,
    )
