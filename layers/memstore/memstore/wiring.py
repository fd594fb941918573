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

    @cached_property
    def scheduler(self):
        if "scheduler" in self._overrides:
            return self._overrides["scheduler"]
        if self.settings.scheduler == "local":
            from memstore.adapters.local_scheduler import process_scheduler

            scheduler = process_scheduler()
            if scheduler is None:
                raise RuntimeError("SCHEDULER=local needs the process scheduler that `memstore local` installs")
            return scheduler
        from memstore.adapters.aws_orchestration import StepFunctionsScheduler

        return StepFunctionsScheduler(self.settings.state_machine_arn, region=self.settings.region)

    @cached_property
    def publisher(self):
        if "publisher" in self._overrides:
            return self._overrides["publisher"]
        from memstore.adapters.aws_orchestration import EventBridgePublisher, LogPublisher

        if self.settings.event_bus_name:
            return EventBridgePublisher(self.settings.event_bus_name, region=self.settings.region)
        return LogPublisher()

    def extractor_for(self, store):
        """One extractor per chat model, built on first use and kept for warm invocations."""
        model = store.definition.chat_model or self.settings.default_chat_model
        cache = self.__dict__.setdefault("_extractors", {})
        if model not in cache:
            factory = self._overrides.get("extractor_factory")
            if factory is not None:
                cache[model] = factory(model)
            else:
                from memstore.adapters.extractors import make_extractor

                s = self.settings
                cache[model] = make_extractor(
                    model,
                    bedrock_client=self._overrides.get("bedrock_client"),
                    openai_base_url=s.openai_base_url or None,
                    openai_api_key=s.openai_api_key or None,
                )
        return cache[model]

    @cached_property
    def writer(self):
        from memstore.services.memory_writer import MemoryWriter

        return MemoryWriter(self.repository, self.clock)

    @cached_property
    def updates(self):
        from memstore.services.updates import UpdateService

        return UpdateService(self.repository, self.clock, self.scheduler, self.writer, self.extractor_for)

    @cached_property
    def consolidation(self):
        from memstore.services.updates import ConsolidationService

        return ConsolidationService(self.repository, self.clock, self.writer, self.extractor_for, self.publisher)


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
