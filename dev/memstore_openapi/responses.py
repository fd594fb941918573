"""The bodies the API answers with, as models for the OpenAPI document only: the handlers build
these bodies from the domain's public views, and the schemathesis suite holds the two together."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from memstore.domain.item_metadata import ItemMetadata
from memstore.domain.models import Kind, Source, Store
from memstore.domain.updates import UpdateStatus


class ErrorDetail(BaseModel):
    code: str = Field(
        description="invalid_request, unauthorized, forbidden, not_found, conflict, idempotency_key_in_use, "
        "payload_too_large, idempotency_key_reused, rate_limited, internal_error, dependency_unavailable "
        "(memstore local also answers "
        "method_not_allowed, uri_too_long, request_header_fields_too_large)"
    )
    message: str = Field(description="Names the field and the rule; never quotes the value sent.")
    param: str | None = Field(description="The path to the offending field (`items.0.content`), or null.")


class Error(BaseModel):
    """Every 4xx and 5xx memstore answers."""

    error: ErrorDetail


class MemoryStore(Store):
    model_config = ConfigDict(json_schema_serialization_defaults_required=True)


class MemoryItem(BaseModel):
    object: Literal["memory_item"]
    memory_id: str
    scope: str
    kind: Kind
    content: str
    created_at: int
    updated_at: int
    expires_at: int | None
    importance: float
    access_count: int
    last_accessed_at: int | None
    source: Source
    version: int
    key: str | None = Field(
        description="The caller's own key for this memory (unique in its scope), or null."
    )
    metadata: ItemMetadata = Field(description="The caller's flat key/value data ({} when none).")


class _Page(BaseModel):
    object: Literal["list"]
    has_more: bool
    first_id: str | None
    last_id: str | None
    next_after: str | None = Field(description="The `after` of the next page; null on the last page.")


class MemoryStoreList(_Page):
    data: list[MemoryStore]


class MemoryItemList(_Page):
    data: list[MemoryItem]


class MemoryItemRevision(BaseModel):
    object: Literal["memory_item.revision"]
    memory_id: str
    revision: int = Field(description="1 is the oldest earlier content.")
    content: str
    metadata: ItemMetadata = Field(description="The item's metadata while this content was current.")
    created_at: int = Field(description="When this content was written.")
    replaced_at: int | None = Field(
        description="When it was replaced (null for revisions kept before this was recorded)."
    )
    reason: Literal["api", "update", "command"] = Field(
        description="What replaced it: the items API, an update's consolidation, or a remember/forget command."
    )
    update_id: str | None = Field(description="The update that replaced it, if one did.")


class MemoryItemRevisionList(_Page):
    data: list[MemoryItemRevision] = Field(description="Newest first; every revision the item keeps.")


class MemoryStoreDeleted(BaseModel):
    object: Literal["memory_store.deleted"]
    name: str
    deleted: Literal[True]
    deleted_count: int


class MemoryItemDeleted(BaseModel):
    object: Literal["memory_item.deleted"]
    memory_id: str
    deleted: Literal[True]


class ScopeDeleted(BaseModel):
    object: Literal["memory_store.scope.deleted"]
    name: str
    scope: str
    deleted: Literal[True]
    deleted_count: int


class CommandArguments(BaseModel):
    action: Literal["remember", "forget"]
    content: str = Field(description="Empty when the privacy guard refused it; secrets are redacted.")


class MemoryCommand(BaseModel):
    type: Literal["memory_command_call"]
    arguments: CommandArguments
    status: Literal["completed", "rejected", "no_match", "dry_run"]
    deleted: list[str] | None = Field(default=None, description="A forget's deleted memory ids.")


class OperationItem(BaseModel):
    """The memory an operation wrote: a full item, without `content` and `source` for a delete;
    in a dry run only `memory_id` (null for a create), `kind` and `content`."""

    model_config = ConfigDict(extra="allow")
    memory_id: str | None


class MemoryOperation(BaseModel):
    kind: Literal["create", "update", "delete"]
    memory_item: OperationItem


class FailedMessageError(BaseModel):
    code: str
    message: str


class FailedMessage(BaseModel):
    index: int
    message_id: str
    error: FailedMessageError


class UpdateResult(BaseModel):
    memory_operations: list[MemoryOperation] | None = None
    usage: dict[str, Any] | None = None
    failed_messages: list[FailedMessage] | None = None


class UpdateAccepted(BaseModel):
    object: Literal["memory_store.update"]
    update_id: str
    status: UpdateStatus
    memory_commands: list[MemoryCommand]


class UpdateDryRun(BaseModel):
    object: Literal["memory_store.update"]
    update_id: None
    status: Literal["dry_run"]
    memory_commands: list[MemoryCommand]
    result: UpdateResult


class UpdateError(BaseModel):
    code: str
    message: str


class Update(BaseModel):
    object: Literal["memory_store.update"]
    update_id: str
    status: UpdateStatus
    previous_update_id: str | None
    created_at: int
    updated_at: int
    due_at: int
    superseded_by: str | None = None
    error: UpdateError | None = None
    result: UpdateResult | None = None


class ScoredMemory(BaseModel):
    memory_item: MemoryItem
    score: float = Field(ge=0, le=1)


class SearchUsage(BaseModel):
    model_config = ConfigDict(extra="allow")
    query_characters: int | None = None


class SearchResult(BaseModel):
    object: Literal["memory_store.search"]
    search_id: str
    memories: list[ScoredMemory]
    usage: SearchUsage | None = None


class Deletion(BaseModel):
    """A scope or store deletion that outlived its request (202), or its status."""

    object: Literal["memory_store.deletion"]
    deletion_id: str
    name: str
    target: Literal["scope", "store"]
    status: Literal["in_progress", "completed"]
    deleted_count: int = Field(description="Memory items deleted so far; exact once completed.")
    created_at: int
    updated_at: int


class AuditRecord(BaseModel):
    object: Literal["memory_store.audit_record"]
    store: str
    seq: int
    at: int
    action: Literal[
        "item_deleted",
        "forgotten",
        "replaced",
        "consolidation_deleted",
        "scope_deleted",
        "store_deleted",
        "expired",
        "floor_removed",
    ]
    actor: str
    reason: str
    scope_hash: str | None = Field(
        description="The first 32 hex digits of SHA-256 of the scope; never the scope."
    )
    memory_ids: list[str] = Field(
        description="Empty for a deletion of more than 100 memories (see ids_digest)."
    )
    content_hashes: list[str] = Field(description="SHA-256 of each removed content; never the content.")
    count: int
    ids_digest: str | None
    prev_hash: str
    hash: str


class AuditRecordList(_Page):
    data: list[AuditRecord]


class AuditHead(BaseModel):
    seq: int
    hash: str


class AuditProblem(BaseModel):
    seq: int
    problem: Literal["edited", "removed", "inserted", "unlinked", "truncated"]


class AuditVerification(BaseModel):
    object: Literal["memory_store.audit.verification"]
    name: str
    valid: bool
    records: int
    head: AuditHead
    problems: list[AuditProblem]


class ExportLine(BaseModel):
    """One line of an export (JSON Lines): a `memory_store.export` header (first page), a
    `memory_item.export` per memory, and a `memory_store.export.page` line when more follows."""

    object: Literal["memory_store.export", "memory_item.export", "memory_store.export.page"]
    model_config = ConfigDict(extra="allow")


class ImportResult(BaseModel):
    object: Literal["memory_store.import"]
    name: str
    created: int
    updated: int
    unchanged: int
