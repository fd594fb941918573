"""Memory stores: create (with model choice), read, list, change description/metadata, delete."""

from __future__ import annotations

from collections.abc import Callable

from memstore.domain.access import Caller
from memstore.domain.errors import InvalidRequest, NotFound
from memstore.domain.ids import new_id
from memstore.domain.models import Page, Store
from memstore.domain.requests import CreateStoreRequest, ListQuery, UpdateStoreRequest
from memstore.ports.clock import Clock
from memstore.ports.repository import Repository

StoreDeletedHook = Callable[[str], None]


class StoreService:
    def __init__(
        self,
        repo: Repository,
        clock: Clock,
        *,
        default_chat_model: str,
        default_embedding_model: str,
        allowed_chat_models: tuple[str, ...],
        allowed_embedding_models: tuple[str, ...],
        on_deleted: tuple[StoreDeletedHook, ...] = (),
    ):
        self._repo = repo
        self._clock = clock
        self._defaults = (default_chat_model, default_embedding_model)
        self._allowed_chat = allowed_chat_models
        self._allowed_embedding = allowed_embedding_models
        self._on_deleted = on_deleted

    def create(self, request: CreateStoreRequest, caller: Caller) -> Store:
        caller.ensure_can_manage_stores()
        definition = request.definition.model_copy()
        definition.chat_model = definition.chat_model or self._defaults[0]
        definition.embedding_model = definition.embedding_model or self._defaults[1]
        if definition.chat_model not in self._allowed_chat:
            raise InvalidRequest(
                "definition.chat_model: the model is not enabled in this deployment "
                f"(allowed: {', '.join(self._allowed_chat)})",
                "definition.chat_model",
            )
        if definition.embedding_model not in self._allowed_embedding:
            raise InvalidRequest(
                "definition.embedding_model: the model is not enabled in this deployment "
                f"(allowed: {', '.join(self._allowed_embedding)})",
                "definition.embedding_model",
            )
        now = int(self._clock())
        store = Store(
            id=new_id("ms", now),
            name=request.name,
            description=request.description,
            metadata=request.metadata,
            definition=definition,
            created_at=now,
            updated_at=now,
        )
        self._repo.create_store(store)
        return store

    def get(self, name: str) -> Store:
        store = self._repo.get_store(name)
        if store is None:
            raise NotFound(f"memory store '{name}' not found", "name")
        return store

    def list(self, query: ListQuery) -> Page[Store]:
        return self._repo.list_stores(query.limit, query.after)

    def update(self, name: str, request: UpdateStoreRequest, caller: Caller) -> Store:
        caller.ensure_can_manage_stores()
        store = self.get(name)
        changes = request.model_dump(exclude_unset=True)
        if "metadata" in changes and changes["metadata"] is None:
            changes["metadata"] = {}
        updated = store.model_copy(update={**changes, "updated_at": int(self._clock())})
        self._repo.save_store(updated)
        return updated

    def delete(self, name: str, caller: Caller) -> None:
        caller.ensure_can_manage_stores()
        self.get(name)
        self._repo.delete_store(name)
        for hook in self._on_deleted:
            hook(name)
