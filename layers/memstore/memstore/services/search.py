"""search_memories: static (profile and procedural, most important first), contextual (most
relevant to the newest messages) and continued (previous_search_id: nothing repeated)."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
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

STATIC_KINDS = (Kind.USER_PROFILE, Kind.PROCEDURAL)
STORE_CACHE_SECONDS = 30.0
"""A store's definition (models, options) rarely changes; searches reuse it this long."""


class AccessRecorder:
    """Writes access statistics off the response path (best effort: a container frozen after
    its response finishes them on its next invocation)."""

    def __init__(self, repo: Repository):
        self._repo = repo
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="access")
        self._pending: list[Any] = []

    def record(self, store: str, scope: str, memory_ids: list[str], now: float) -> None:
        self._pending = [f for f in self._pending if not f.done()]
        self._pending.append(self._pool.submit(self._repo.record_access, store, scope, memory_ids, now))

    def flush(self) -> None:
        for future in self._pending:
            future.exception()
        self._pending.clear()


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
