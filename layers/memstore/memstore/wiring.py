"""The composition root: settings → adapters → services. Adapters are built lazily on first
use and cached for the container's life (warm Lambda invocations reuse them). Tests install a
Container with injected adapters."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from memstore.ports.clock import Clock, system_clock
from memstore.ports.repository import Repository
from memstore.settings import Settings


class Container:
    def __init__(
        self,
        settings: Settings | None = None,
        *,
        repository: Repository | None = None,
        clock: Clock | None = None,
        **overrides: Any,
    ):
        self.settings = settings or Settings.from_env()
        self.clock: Clock = clock or system_clock
        self._overrides = overrides
        if repository is not None:
            self.__dict__["repository"] = repository

    @cached_property
    def repository(self) -> Repository:
        from memstore.adapters.dynamodb_repository import DynamoDBRepository

        s = self.settings
        return DynamoDBRepository(s.table_name, region=s.region, host=s.dynamodb_endpoint)

    @cached_property
    def stores(self):
        from memstore.services.stores import StoreService

        s = self.settings
        return StoreService(
            self.repository,
            self.clock,
            default_chat_model=s.default_chat_model,
            default_embedding_model=s.default_embedding_model,
            allowed_chat_models=s.allowed_chat_models,
            allowed_embedding_models=s.allowed_embedding_models,
        )

    @cached_property
    def items(self):
        from memstore.services.items import ItemService

        return ItemService(self.repository, self.clock)


_container: Container | None = None


def container() -> Container:
    global _container
    if _container is None:
        _container = Container()
    return _container


def install(replacement: Container | None) -> None:
    """Replaces the process's container (tests, `memstore local`); None resets it."""
    global _container
    _container = replacement
