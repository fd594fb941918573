"""The composition root: settings → adapters → services. Adapters are built lazily on first
use and cached for the container's life (warm Lambda invocations reuse them). Tests and
`memstore local` put their own adapters in through the typed `Overrides` (Container's keyword
arguments), and derive a variant of a container with `replace()`."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from memstore.ports.clock import Clock, system_clock
from memstore.settings import SchedulerKind, Settings, VectorBackend

if TYPE_CHECKING:
    from memstore.adapters.spacy_parser import SpacyParser
    from memstore.domain.extraction import Candidate
    from memstore.domain.language.semantics import Embed
    from memstore.domain.models import MemoryItem, Store
    from memstore.domain.privacy import PrivacyGuard
    from memstore.ports.audit import AuditLog
    from memstore.ports.continuation import PassContinuation
    from memstore.ports.embedder import Embedder
    from memstore.ports.erasure import BulkErasure, IdempotencyRecords
    from memstore.ports.events import EventPublisher
    from memstore.ports.extractor import Extractor
    from memstore.ports.forwarder import Forwarder
    from memstore.ports.lifecycle import LifecycleStore
    from memstore.ports.repository import Repository
    from memstore.ports.scheduler import Scheduler
    from memstore.ports.vector_index import VectorIndex
    from memstore.services.audit import AuditService
    from memstore.services.erasure import ErasureService
    from memstore.services.indexing import IndexingService
    from memstore.services.item_control import ItemControlService
    from memstore.services.items import ItemService
    from memstore.services.lifecycle import LifecycleService
    from memstore.services.memory_writer import MemoryWriter
    from memstore.services.search import SearchService
    from memstore.services.similarity import EmbeddingSimilarity
    from memstore.services.stores import StoreService
    from memstore.services.transfer import TransferService
    from memstore.services.updates import ConsolidationService, UpdateService


@dataclass(frozen=True)
class Overrides:
    """What a container uses instead of what its settings would choose; None: its own."""

    repository: Repository | None = None
    vector_index: VectorIndex | None = None
    scheduler: Scheduler | None = None
    publisher: EventPublisher | None = None
    audit_log: AuditLog | None = None
    forwarder: Forwarder | None = None
    pass_continuation: PassContinuation | None = None
    embedder_factory: Callable[[str], Embedder] | None = None
    """Model name → the embedder to cache for it (instead of adapters/embedders.py's)."""
    extractor_factory: Callable[[str], Extractor] | None = None
    """Chat model name → the extractor to cache for it (instead of adapters/extractors.py's)."""
    extractor_for: Callable[[Store], Extractor] | None = None
    """A store → its extractor, deciding per call (tests that switch extractors mid-run)."""
    bedrock_runtime: Any = None
    """A boto3 bedrock-runtime client for the Titan embedders."""
    bedrock_client: Any = None
    """A boto3 bedrock-runtime client for the Converse extractors."""
    erasure_budget: float | None = None
    """Seconds a deletion may run before it continues in the background."""
    lifecycle_page: int | None = None
    """Memories a lifecycle pass reads per page."""


class Container:
    def __init__(
        self,
        settings: Settings | None = None,
        *,
        clock: Clock | None = None,
        repository: Repository | None = None,
        vector_index: VectorIndex | None = None,
        scheduler: Scheduler | None = None,
        publisher: EventPublisher | None = None,
        audit_log: AuditLog | None = None,
        forwarder: Forwarder | None = None,
        pass_continuation: PassContinuation | None = None,
        embedder_factory: Callable[[str], Embedder] | None = None,
        extractor_factory: Callable[[str], Extractor] | None = None,
        extractor_for: Callable[[Store], Extractor] | None = None,
        bedrock_runtime: Any = None,
        bedrock_client: Any = None,
        erasure_budget: float | None = None,
        lifecycle_page: int | None = None,
    ):
        self.settings: Settings = settings or Settings.from_env()
        self.clock: Clock = clock or system_clock
        self.overrides = Overrides(
            repository=repository,
            vector_index=vector_index,
            scheduler=scheduler,
            publisher=publisher,
            audit_log=audit_log,
            forwarder=forwarder,
            pass_continuation=pass_continuation,
            embedder_factory=embedder_factory,
            extractor_factory=extractor_factory,
            extractor_for=extractor_for,
            bedrock_runtime=bedrock_runtime,
            bedrock_client=bedrock_client,
            erasure_budget=erasure_budget,
            lifecycle_page=lifecycle_page,
        )
        self._embedders: dict[str, Embedder] = {}
        self._extractors: dict[str, Extractor] = {}
        self._forwarders: dict[str, Forwarder] = {}
        self._privacy_guard: PrivacyGuard | None = None

    def replace(
        self, *, settings: Settings | None = None, clock: Clock | None = None, **changes: Any
    ) -> Container:
        """A new container (nothing built yet) with these settings, clock or overrides changed
        and the rest kept; an unknown name is a TypeError."""
        kept = dataclasses.replace(self.overrides, **changes)
        return Container(
            settings or self.settings,
            clock=clock or self.clock,
            **{f.name: getattr(kept, f.name) for f in dataclasses.fields(kept)},
        )

    def is_built(self, name: str) -> bool:
        """Whether the service or adapter `name` has been built (the stores and items functions
        never build the vector stack; tests check that they do not)."""
        return name in self.__dict__

    @cached_property
    def repository(self) -> Repository:
        if self.overrides.repository is not None:
            return self.overrides.repository
        from memstore.adapters.dynamodb_repository import DynamoDBRepository

        s = self.settings
        return DynamoDBRepository(s.table_name, region=s.region, host=s.dynamodb_endpoint)

    @cached_property
    def stores(self) -> StoreService:
        from memstore.services.stores import StoreService

        s = self.settings
        return StoreService(
            self.repository,
            self.clock,
            default_chat_model=s.default_chat_model,
            default_embedding_model=s.default_embedding_model,
            allowed_chat_models=s.allowed_chat_models,
            allowed_embedding_models=s.allowed_embedding_models,
            on_deleted=(lambda name: self._built_index("delete_store", name),),
        )

    @cached_property
    def items(self) -> ItemService:
        from memstore.domain.privacy.detectors import blocking
        from memstore.services.items import ItemService

        return ItemService(
            self.repository,
            self.clock,
            secrets=blocking,
            on_item_deleted=(
                lambda item: self._built_index("delete", item.store, item.scope, item.memory_id),
                self._audit_item_deleted,
            ),
            on_scope_deleted=(lambda store, scope: self._built_index("delete_scope", store, scope),),
        )

    def _audit_item_deleted(self, item: MemoryItem) -> None:
        from memstore.domain.audit import AuditAction

        self.audit.removed(
            item.store,
            item.scope,
            [item],
            action=AuditAction.ITEM_DELETED,
            actor="api",
            reason="item deleted",
        )

    @cached_property
    def audit_log(self) -> AuditLog:
        if self.overrides.audit_log is not None:
            return self.overrides.audit_log
        from memstore.adapters.memory_repository import InMemoryRepository

        if isinstance(self.repository, InMemoryRepository):
            from memstore.adapters.memory_audit import InMemoryAuditLog

            return InMemoryAuditLog()
        from memstore.adapters.dynamodb_audit import DynamoDBAuditLog

        s = self.settings
        return DynamoDBAuditLog(s.table_name, region=s.region, host=s.dynamodb_endpoint)

    @cached_property
    def audit(self) -> AuditService:
        from memstore.services.audit import AuditService

        return AuditService(
            self.audit_log, self.clock, lambda name: self.repository.get_store(name) is not None
        )

    @property
    def erasure(self) -> ErasureService:
        """Scope and store deletion: in batches on DynamoDB (with the Idempotency-Key answers
        the scope's requests left, when this function has an idempotency table), at once on the
        in-memory repository. Made per use (its adapters are kept): the idempotency table is the
        one of the function running now (`memstore local` shares one container between its
        functions, and only some of them have the table)."""
        from memstore.services.erasure import ErasureService

        return ErasureService(
            self.repository,
            self.clock,
            self.audit,
            self._bulk_erasure,
            self._idempotency_records(
                self.settings.idempotency_table or Settings.from_env().idempotency_table
            ),
            on_scope_deleted=(lambda store, scope: self._built_index("delete_scope", store, scope),),
            on_store_deleted=(lambda name: self._built_index("delete_store", name),),
            **(
                {"budget_seconds": self.overrides.erasure_budget}
                if self.overrides.erasure_budget is not None
                else {}
            ),
        )

    @cached_property
    def _bulk_erasure(self) -> BulkErasure | None:
        from memstore.adapters.memory_repository import InMemoryRepository

        if isinstance(self.repository, InMemoryRepository):
            return None
        from memstore.adapters.dynamodb_erasure import DynamoDBErasure

        s = self.settings
        return DynamoDBErasure(s.table_name, region=s.region, host=s.dynamodb_endpoint)

    def _idempotency_records(self, table: str) -> IdempotencyRecords | None:
        if not table or self._bulk_erasure is None:
            return None
        cache = self.__dict__.setdefault("_idempotency_tables", {})
        if table not in cache:
            from memstore.adapters.idempotency_records import DynamoDBIdempotencyRecords

            s = self.settings
            cache[table] = DynamoDBIdempotencyRecords(table, region=s.region, host=s.dynamodb_endpoint)
        return cache[table]

    @cached_property
    def transfer(self) -> TransferService:
        from memstore.adapters.memory_repository import InMemoryRepository
        from memstore.services.transfer import TransferService

        if isinstance(self.repository, InMemoryRepository):
            from memstore.adapters.memory_reader import InMemoryStoreReader

            reader = InMemoryStoreReader(self.repository)
        else:
            from memstore.adapters.dynamodb_reader import DynamoDBStoreReader

            s = self.settings
            reader = DynamoDBStoreReader(s.table_name, region=s.region, host=s.dynamodb_endpoint)
        return TransferService(self.repository, reader, self.clock, self.stores.create)

    @cached_property
    def item_control(self) -> ItemControlService:
        from memstore.services.item_control import ItemControlService

        return ItemControlService(self.repository, self.clock, self.items)

    @cached_property
    def lifecycle_rows(self) -> LifecycleStore:
        from memstore.adapters.memory_repository import InMemoryRepository

        if isinstance(self.repository, InMemoryRepository):
            from memstore.adapters.memory_lifecycle import InMemoryLifecycle

            return InMemoryLifecycle(self.repository)
        from memstore.adapters.dynamodb_lifecycle import DynamoDBLifecycle

        return DynamoDBLifecycle(self.repository)

    @cached_property
    def lifecycle(self) -> LifecycleService:
        from memstore.services.lifecycle import LifecycleService

        return LifecycleService(
            self.repository,
            self.lifecycle_rows,
            self.clock,
            lambda: self.scheduler,
            lambda job, error: self.consolidation.fail(job, error),
            on_item_removed=(
                lambda item, _: self._built_index("delete", item.store, item.scope, item.memory_id),
                self._audit_lifecycle_removal,
            ),
            **(
                {"page_size": self.overrides.lifecycle_page}
                if self.overrides.lifecycle_page is not None
                else {}
            ),
        )

    def _audit_lifecycle_removal(self, item: MemoryItem, reason: str) -> None:
        from memstore.domain.audit import AuditAction

        action = {
            "expired": AuditAction.EXPIRED,
            "below_floor": AuditAction.FLOOR_REMOVED,
        }.get(reason, AuditAction.CONSOLIDATION_DELETED)
        explained = {"promoted": "promoted to a user_profile memory"}.get(reason, reason.replace("_", " "))
        self.audit.removed(item.store, item.scope, [item], action=action, actor="lifecycle", reason=explained)

    def pass_continuation(self, function_arn: str) -> PassContinuation | None:
        """How a lifecycle pass that ran out of time goes on: on AWS the function invokes itself
        with the cursor; locally the caller (`memstore local`'s timer) loops instead."""
        if self.overrides.pass_continuation is not None:
            return self.overrides.pass_continuation
        if self.settings.scheduler is SchedulerKind.LOCAL:
            return None
        from memstore.adapters.lambda_continuation import LambdaContinuation

        return LambdaContinuation(function_arn, region=self.settings.region)

    def _built_index(self, method: str, *args: str) -> None:
        """Deletion reaches this container's index (and its cache) only if it has one: the
        stores and items functions never load the vector stack just to tell it nothing."""
        if self.is_built("vector_index"):
            getattr(self.vector_index, method)(*args)

    def embedder_for(self, model: str) -> Embedder:
        """One embedder per model, loaded on first use and kept for warm invocations, behind a
        bounded cache of recent vectors (an update embeds the same texts at several steps)."""
        cache = self._embedders
        if model not in cache:
            from memstore.adapters.caching_embedder import CachingEmbedder

            factory = self.overrides.embedder_factory
            if factory is not None:
                inner = factory(model)
            else:
                from memstore.adapters.embedders import make_embedder

                inner = make_embedder(model, bedrock_runtime=self.overrides.bedrock_runtime)
            cache[model] = CachingEmbedder(inner)
        return cache[model]

    @cached_property
    def vector_index(self) -> VectorIndex:
        if self.overrides.vector_index is not None:
            return self.overrides.vector_index
        s = self.settings
        if s.vector_backend is VectorBackend.OPENSEARCH:
            from memstore.adapters.embedders import embedding_dimensions
            from memstore.adapters.opensearch_index import OpenSearchIndex

            return OpenSearchIndex(
                s.opensearch_endpoint,
                service=s.opensearch_service,
                region=s.region,
                dimensions=embedding_dimensions(s.default_embedding_model),
            )
        import os

        from memstore.adapters.table_index import TableVectorIndex

        # a repository that keeps scope snapshots (the DynamoDB one) lends them to the index; they
        # are written off the response path on Lambda and in `memstore local` (which serialises
        # its moto requests), in line elsewhere (bare moto in tests is not thread-safe)
        snapshots = getattr(self.repository, "snapshots", None)
        write_behind = s.scheduler is SchedulerKind.LOCAL or "AWS_LAMBDA_FUNCTION_NAME" in os.environ
        return TableVectorIndex(
            self.repository, self.embedder_for, snapshots=snapshots, write_behind=write_behind
        )

    @cached_property
    def search(self) -> SearchService:
        from memstore.services.search import AccessRecorder, SearchService

        return SearchService(
            self.repository, self.clock, self.embedder_for, self.vector_index, AccessRecorder(self.repository)
        )

    def indexing(self) -> IndexingService:
        """A new IndexingService per stream batch: it reads each store's embedding model once per
        batch (a store changed or deleted since is read afresh by the next)."""
        from memstore.adapters.dynamodb_repository import stream_image_decoder
        from memstore.services.indexing import IndexingService

        s = self.settings
        stores: dict[str, Embedder | None] = {}

        def embedder_for_store(name: str) -> Embedder | None:
            if name not in stores:
                store = self.repository.get_store(name)
                model = (
                    None if store is None else store.definition.embedding_model or s.default_embedding_model
                )
                stores[name] = None if model is None else self.embedder_for(model)
            return stores[name]

        return IndexingService(
            self.vector_index, embedder_for_store, stream_image_decoder(s.table_name, s.region), self.clock
        )

    @cached_property
    def scheduler(self) -> Scheduler:
        if self.overrides.scheduler is not None:
            return self.overrides.scheduler
        if self.settings.scheduler is SchedulerKind.LOCAL:
            from memstore.adapters.local_scheduler import process_scheduler

            scheduler = process_scheduler()
            if scheduler is None:
                raise RuntimeError(
                    "SCHEDULER=local needs the process scheduler that `memstore local` installs"
                )
            return scheduler
        from memstore.adapters.aws_orchestration import StepFunctionsScheduler

        return StepFunctionsScheduler(self.settings.state_machine_arn, region=self.settings.region)

    @property
    def forwarder(self) -> Forwarder:
        """Where the stores function sends Foundry's colon actions: `memstore local`'s own
        runtime, or Lambda Invoke of the functions FORWARD_FUNCTIONS names (read when used: only
        the stores function's environment has it)."""
        if self.overrides.forwarder is not None:
            return self.overrides.forwarder
        if self.settings.scheduler is SchedulerKind.LOCAL:
            from memstore.adapters.local_forwarder import LocalForwarder

            return LocalForwarder()
        import os

        from memstore.adapters.lambda_forwarder import LambdaForwarder, parse_functions

        cache = self._forwarders
        names = os.environ.get("FORWARD_FUNCTIONS", "")
        if names not in cache:
            cache[names] = LambdaForwarder(parse_functions(names), region=self.settings.region)
        return cache[names]

    @cached_property
    def publisher(self) -> EventPublisher:
        if self.overrides.publisher is not None:
            return self.overrides.publisher
        from memstore.adapters.aws_orchestration import EventBridgePublisher, LogPublisher

        if self.settings.event_bus_name:
            return EventBridgePublisher(self.settings.event_bus_name, region=self.settings.region)
        return LogPublisher()

    @cached_property
    def parser(self) -> SpacyParser:
        from memstore.adapters.spacy_parser import SpacyParser

        return SpacyParser()

    @property
    def language_embedder(self) -> Embedder:
        """The embedder behind every language decision (statements, facets, forget targets,
        privacy categories), whatever model a store searches with: the local MiniLM their
        thresholds are calibrated on (settings.language_embedding_model; Titan on AWS)."""
        return self.embedder_for(self.settings.language_embedding_model)

    def warm(self) -> None:
        """Loads what a first consolidation would otherwise wait for: the parser, the language
        embedder, the privacy guard's and the default extractor's example vectors."""
        from memstore.domain.models import StoreOptions

        self.privacy_guard_for(None).flags("Warm up.", StoreOptions())
        warm = getattr(self._extractor(self.settings.default_chat_model), "warm", None)
        if warm is not None:
            warm()

    @cached_property
    def openai_api_key(self) -> str | Callable[[], str] | None:
        """The OpenAI-compatible endpoint's key: read from Parameter Store on the first openai:
        extraction when OPENAI_API_KEY_PARAMETER names it (deployed), else OPENAI_API_KEY (local)."""
        s = self.settings
        if s.openai_api_key_parameter:
            from memstore.adapters.parameter_store import ParameterStoreSecret

            return ParameterStoreSecret(s.openai_api_key_parameter, region=s.region)
        return s.openai_api_key or None

    def extractor_for(self, store: Store) -> Extractor:
        """One extractor per chat model, built on first use and kept for warm invocations."""
        if self.overrides.extractor_for is not None:
            return self.overrides.extractor_for(store)
        return self._extractor(store.definition.chat_model or self.settings.default_chat_model)

    def _extractor(self, model: str) -> Extractor:
        cache = self._extractors
        if model not in cache:
            factory = self.overrides.extractor_factory
            if factory is not None:
                cache[model] = factory(model)
            else:
                from memstore.adapters.extractors import make_extractor

                s = self.settings
                cache[model] = make_extractor(
                    model,
                    bedrock_client=self.overrides.bedrock_client,
                    openai_base_url=s.openai_base_url or None,
                    openai_api_key=self.openai_api_key,
                    parser=self.parser,
                    embedder=lambda: self.language_embedder,
                )
        return cache[model]

    @cached_property
    def writer(self) -> MemoryWriter:
        from memstore.services.memory_writer import MemoryWriter

        return MemoryWriter(self.repository, self.clock, on_changed=(self._audit_update_change,))

    def _audit_update_change(self, item: MemoryItem, update_id: str, reason: str, change: str) -> None:
        """An update's deletions and rewrites, in the deletion audit: a command's deletion is a
        forget; a rewrite keeps the former content as a revision, the record its hash."""
        from memstore.domain.audit import AuditAction

        if change == "replaced":
            action = AuditAction.REPLACED
        else:
            action = AuditAction.FORGOTTEN if reason == "command" else AuditAction.CONSOLIDATION_DELETED
        why = {"command": "explicit command", "update": "consolidation"}.get(reason, reason)
        self.audit.removed(
            item.store, item.scope, [item], action=action, actor=f"update:{update_id}", reason=why
        )

    @cached_property
    def updates(self) -> UpdateService:
        from functools import partial

        from memstore.adapters.rules_extractor import remember_candidate
        from memstore.services.updates import UpdateService

        return UpdateService(
            self.repository,
            self.clock,
            self.scheduler,
            self.writer,
            self.extractor_for,
            similarity_for=self.similarity_for,
            remember=partial(remember_candidate, self.parser),
            guard_for=self.privacy_guard_for,
            parser=self.parser,
            forget_embed_for=self.forget_embed_for,
        )

    @cached_property
    def consolidation(self) -> ConsolidationService:
        from memstore.services.updates import ConsolidationService

        return ConsolidationService(
            self.repository,
            self.clock,
            self.writer,
            self.extractor_for,
            self.publisher,
            similarity_for=self.similarity_for,
            guard_for=self.privacy_guard_for,
            forget_embed_for=self.forget_embed_for,
            reuse_parses=self.parser.reusing,
        )

    def forget_embed_for(self, store: Store | None) -> Embed:
        """Forget requests are resolved with the language embedder (domain/language/forget.py)."""
        return self.language_embedder.embed

    def privacy_guard_for(self, store: Store | None) -> PrivacyGuard:
        """The privacy guard (its category examples are embedded once, on first use); the store
        brings its policy text at each call."""
        if self._privacy_guard is None:
            from memstore.domain.privacy import PrivacyGuard

            self._privacy_guard = PrivacyGuard(self.language_embedder.embed, self.parser)
        return self._privacy_guard

    def similarity_for(
        self, store: Store, existing: Iterable[MemoryItem], candidates: Iterable[Candidate]
    ) -> EmbeddingSimilarity:
        """Consolidation compares texts by words and by the store's embeddings; the vectors it
        computes are stored with the memories it writes, so search need not embed them again."""
        from memstore.services.similarity import EmbeddingSimilarity

        model = store.definition.embedding_model or self.settings.default_embedding_model
        return EmbeddingSimilarity(self.embedder_for(model), model).prime(existing, candidates)


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
