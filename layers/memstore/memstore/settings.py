"""Deployment settings, read once from the environment (the template sets them). A value outside a
setting's choices fails the container's construction, so a typo stops the function at start-up
instead of quietly choosing a default.

The default embedding model differs on purpose: a deployed stack's is the template's
`DefaultEmbeddingModel` (Amazon Titan Text Embeddings V2, since a Lambda cannot run the local
MiniLM: docs/deploy.md), while a process given no `DEFAULT_EMBEDDING_MODEL` (`memstore local`, the
tests, the evaluation scripts) uses LOCAL_EMBEDDING_MODEL, which runs offline."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields
from enum import StrEnum

from memstore.domain.errors import ConfigurationError

LOCAL_EMBEDDING_MODEL = "all-MiniLM-L6-v2"
LOCAL_CHAT_MODEL = "memstore-rules"


class AuthMode(StrEnum):
    IAM = "IAM"
    JWT = "JWT"
    NONE = "NONE"


class VectorBackend(StrEnum):
    DYNAMODB = "dynamodb"
    OPENSEARCH = "opensearch"


class SchedulerKind(StrEnum):
    STEPFUNCTIONS = "stepfunctions"
    LOCAL = "local"


_CHOICES = {"auth_mode": AuthMode, "vector_backend": VectorBackend, "scheduler": SchedulerKind}
_VARIABLES = {"auth_mode": "AUTH_MODE", "vector_backend": "VECTOR_BACKEND", "scheduler": "SCHEDULER"}


def _csv(value: str) -> tuple[str, ...]:
    return tuple(v.strip() for v in value.split(",") if v.strip())


@dataclass(frozen=True)
class Settings:
    table_name: str = "memstore"
    region: str = "us-east-1"
    dynamodb_endpoint: str | None = None
    auth_mode: AuthMode = AuthMode.IAM
    default_chat_model: str = LOCAL_CHAT_MODEL
    default_embedding_model: str = LOCAL_EMBEDDING_MODEL
    language_embedding_model: str = LOCAL_EMBEDDING_MODEL
    """The embedder behind the deterministic extractor's language decisions (statements, facets,
    forget targets, privacy categories). Their thresholds are calibrated on all-MiniLM-L6-v2; a
    Lambda cannot run it (docs/deploy.md), so the template sets the deployment's Titan model."""
    allowed_chat_models: tuple[str, ...] = (LOCAL_CHAT_MODEL,)
    allowed_embedding_models: tuple[str, ...] = (LOCAL_EMBEDDING_MODEL,)
    vector_backend: VectorBackend = VectorBackend.DYNAMODB
    opensearch_endpoint: str = ""
    opensearch_service: str = "aoss"
    event_bus_name: str = ""
    state_machine_arn: str = ""
    scheduler: SchedulerKind = SchedulerKind.STEPFUNCTIONS
    openai_base_url: str = ""
    openai_api_key_parameter: str = ""
    """The SSM Parameter Store SecureString (name or ARN) holding the OpenAI-compatible endpoint's
    key: a deployed stack's functions read it on their first openai: extraction, never from their
    environment."""
    openai_api_key: str = field(default="", repr=False)
    """The key itself, for processes outside AWS (`memstore local`); deployed stacks leave it empty."""
    idempotency_table: str = ""
    """The Idempotency-Key answers' table: scope and store deletions delete the answers they hold."""

    def __post_init__(self) -> None:
        for f in fields(self):
            choices = _CHOICES.get(f.name)
            if choices is None:
                continue
            value = getattr(self, f.name)
            try:
                object.__setattr__(self, f.name, choices(value))
            except ValueError:
                allowed = ", ".join(c.value for c in choices)
                raise ConfigurationError(f"{_VARIABLES[f.name]} must be one of {allowed}") from None

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None) -> Settings:
        e = os.environ if env is None else env
        default_chat = e.get("DEFAULT_CHAT_MODEL") or cls.default_chat_model
        default_embedding = e.get("DEFAULT_EMBEDDING_MODEL") or cls.default_embedding_model
        return cls(
            table_name=e.get("TABLE_NAME", cls.table_name),
            region=e.get("AWS_REGION") or e.get("AWS_DEFAULT_REGION") or cls.region,
            dynamodb_endpoint=e.get("DYNAMODB_ENDPOINT") or None,
            auth_mode=(e.get("AUTH_MODE") or cls.auth_mode).upper(),
            default_chat_model=default_chat,
            default_embedding_model=default_embedding,
            language_embedding_model=e.get("LANGUAGE_EMBEDDING_MODEL") or cls.language_embedding_model,
            allowed_chat_models=_csv(e.get("ALLOWED_CHAT_MODELS", "")) or (default_chat,),
            allowed_embedding_models=_csv(e.get("ALLOWED_EMBEDDING_MODELS", "")) or (default_embedding,),
            vector_backend=e.get("VECTOR_BACKEND") or cls.vector_backend,
            opensearch_endpoint=e.get("OPENSEARCH_ENDPOINT", ""),
            opensearch_service=e.get("OPENSEARCH_SERVICE") or cls.opensearch_service,
            event_bus_name=e.get("EVENT_BUS_NAME", ""),
            state_machine_arn=e.get("STATE_MACHINE_ARN", ""),
            scheduler=e.get("SCHEDULER") or cls.scheduler,
            openai_base_url=e.get("OPENAI_BASE_URL", ""),
            openai_api_key_parameter=e.get("OPENAI_API_KEY_PARAMETER", ""),
            openai_api_key=e.get("OPENAI_API_KEY", ""),
            idempotency_table=e.get("IDEMPOTENCY_TABLE_NAME", ""),
        )
