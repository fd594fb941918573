"""Deployment settings, read once from the environment (the template sets them)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field


def _csv(value: str) -> tuple[str, ...]:
    return tuple(v.strip() for v in value.split(",") if v.strip())


@dataclass(frozen=True)
class Settings:
    table_name: str = "memstore"
    region: str = "us-east-1"
    dynamodb_endpoint: str | None = None
    auth_mode: str = "IAM"
    default_chat_model: str = "memstore-rules"
    default_embedding_model: str = "all-MiniLM-L6-v2"
    language_embedding_model: str = "all-MiniLM-L6-v2"
    """The embedder behind the deterministic extractor's language decisions (statements, facets,
    forget targets, privacy categories). Their thresholds are calibrated on all-MiniLM-L6-v2; a
    Lambda cannot run it (docs/deploy.md), so the template sets the deployment's Titan model."""
    allowed_chat_models: tuple[str, ...] = ("memstore-rules",)
    allowed_embedding_models: tuple[str, ...] = ("all-MiniLM-L6-v2",)
    vector_backend: str = "dynamodb"
    opensearch_endpoint: str = ""
    opensearch_service: str = "aoss"
    event_bus_name: str = ""
    state_machine_arn: str = ""
    scheduler: str = "stepfunctions"
    openai_base_url: str = ""
    openai_api_key: str = field(default="", repr=False)
    idempotency_table: str = ""
    """The Idempotency-Key answers' table: scope and store deletions delete the answers they hold."""

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
            openai_api_key=e.get("OPENAI_API_KEY", ""),
            idempotency_table=e.get("IDEMPOTENCY_TABLE_NAME", ""),
        )
