"""search_memories: static (profile and procedural, most important first), contextual (most
relevant to the newest messages) and continued (previous_search_id: nothing repeated)."""

from __future__ import annotations

import logging
import threading
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from memstore.domain import ranking
from memstore.domain.access import Caller
from memstore.domain.errors import InvalidRequest, NotFound
from memstore.domain.ids import new_id
from memstore.domain.models import Kind, MemoryItem, SearchSession, Store
from memstore.domain.search import SEARCH_SESSION_TTL, SearchMemoriesRequest, query_text
from memstore.domain.updates import check_message_sizes
from memstore.ports.clock import Clock
from memstore.ports.embedder import Embedder
from memstore.ports.repository import Repository
from memstore.ports.vector_index import VectorIndex

logger = logging.getLogger(__name__)

STATIC_KINDS = (Kind.USER_PROFILE, Kind.PROCEDURAL)
ACCESS_WRITE_DELAY = 1.0
"""Seconds a search's access counts wait, adding up with later searches', before they are written."""
STORE_CACHE_SECONDS = 30.0
"""A store's definition (models, options) rarely changes; searches reuse it this long."""


class AccessRecorder:
    """Writes access statistics off the response path, once per memory however often searches
    returned it meanwhile: accesses wait `delay` seconds, adding up, before one write each.
    Best effort, as any work after a response: Lambda freezes a container once it answers, so
    what waits is written when the container next runs (or lost with it)."""

    def __init__(self, repo: Repository, delay: float = ACCESS_WRITE_DELAY):
        self._repo = repo
        self._delay = delay
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="access")
        self._lock = threading.Lock()
        self._now = threading.Event()
        self._waiting: dict[tuple[str, str], Counter[str]] = {}
        self._latest: dict[tuple[str, str], float] = {}
        self._writer: Future[None] | None = None

    def record(self, store: str, scope: str, memory_ids: list[str], now: float) -> None:
        with self._lock:
            self._waiting.setdefault((store, scope), Counter()).update(memory_ids)
            self._latest[(store, scope)] = max(now, self._latest.get((store, scope), now))
            if self._writer is None:
                self._now.clear()
                self._writer = self._pool.submit(self._write_waiting)

    def flush(self) -> None:
        """Writes every recorded access now and waits until they are written (or failed)."""
        while True:
            with self._lock:
                writer = self._writer
                self._now.set()
            if writer is None:
                return
            writer.exception()
            with self._lock:
                if self._writer is writer:  # it ended without emptying the queue: start again
                    self._writer = self._pool.submit(self._write_waiting) if self._waiting else None

    def _write_waiting(self) -> None:
        self._now.wait(self._delay)
        while True:
            with self._lock:
                if not self._waiting:
                    self._writer = None
                    return
                key, counts = self._waiting.popitem()
                now = self._latest.pop(key)
            try:
                self._repo.record_access(*key, counts, now)
            except Exception as e:  # noqa: BLE001 - statistics only: these counts are dropped
                logger.warning("access counts not written", extra={"error_type": type(e).__name__})


class SearchService:
    def __init__(
        self,
        repo: Repository,
        clock: Clock,
        embedder_for: Callable[[str], Embedder],
        index: VectorIndex,
        access: AccessRecorder,
    ):
        self._repo = repo
        self._clock = clock
        self._embedder_for = embedder_for
        self._index = index
        self._access = access
        self._stores: dict[str, tuple[float, Store]] = {}

    def search(self, store_name: str, request: SearchMemoriesRequest, caller: Caller) -> dict[str, Any]:
        check_message_sizes(request.items or [])
        store = self._store(store_name)
        scope = caller.resolve(request.scope)
        now = self._clock()
        k = request.options.max_memories
        session = self._previous(store_name, scope, request.previous_search_id, now)
        query = query_text(request.items) if request.items else (session.query if session else None)
        exclude = set(session.returned) if session else set()
        if request.items is not None and not query:
            raise InvalidRequest("items hold no text to search with", "items")
        if query:
            ranked, usage = self._contextual(store, scope, query, k + len(exclude), now)
        else:
            ranked, usage = self._static(store, scope, now), None
        chosen = [s for s in ranked if s.item.memory_id not in exclude][:k]
        search_id = new_id("srch", now)
        self._repo.save_search(
            SearchSession(
                search_id=search_id,
                store=store_name,
                scope=scope,
                query=query,
                returned=[*exclude, *(s.item.memory_id for s in chosen)],
                created_at=int(now),
                expires_at=int(now) + SEARCH_SESSION_TTL,
            )
        )
        if chosen:
            self._access.record(store_name, scope, [s.item.memory_id for s in chosen], now)
        answer: dict[str, Any] = {
            "object": "memory_store.search",
            "search_id": search_id,
            "memories": [{"memory_item": s.item.public(), "score": s.score} for s in chosen],
        }
        if usage:
            answer["usage"] = usage
        return answer

    def _contextual(self, store: Store, scope: str, query: str, k: int, now: float):
        model = store.definition.embedding_model or ""
        embedder = self._embedder_for(model)
        hits = self._index.query(
            store.name, scope, query, lambda: embedder.embed([query])[0], k, now, model=model
        )
        items: dict[str, MemoryItem] = {h.memory_id: h.item for h in hits if h.item is not None}
        missing = [h.memory_id for h in hits if h.item is None]
        if missing:
            items.update({i.memory_id: i for i in self._repo.get_items(store.name, scope, missing, now)})
        vector_scores = {h.memory_id: h.vector_score for h in hits if h.vector_score is not None}
        text_scores = {h.memory_id: h.text_score for h in hits if h.text_score}
        ranked = ranking.fuse(
            items, vector_scores, text_scores, now, store.definition.options.lifecycle, query=query
        )
        return ranked, {"query_characters": len(query)}

    def _static(self, store: Store, scope: str, now: float) -> list[ranking.Scored]:
        model = store.definition.embedding_model or ""
        items = self._index.live_items(store.name, scope, now, model=model)
        if items is None:
            items = self._repo.scope_items(store.name, scope, now)
        static = [i for i in items if i.kind in STATIC_KINDS]
        return ranking.static_order(static, now, store.definition.options.lifecycle)

    def _previous(self, store: str, scope: str, search_id: str | None, now: float) -> SearchSession | None:
        if search_id is None:
            return None
        session = self._repo.get_search(store, scope, search_id, now)
        if session is None:
            raise NotFound(f"search '{search_id}' not found or expired", "previous_search_id")
        return session

    def _store(self, name: str) -> Store:
        cached = self._stores.get(name)
        now = self._clock()
        if cached and now - cached[0] < STORE_CACHE_SECONDS:
            return cached[1]
        store = self._repo.get_store(name)
        if store is None:
            self._stores.pop(name, None)
            raise NotFound(f"memory store '{name}' not found", "name")
        self._stores[name] = (now, store)
        return store
