"""Entities as the service keeps them, and their public (API) views."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from memstore.domain.lifecycle_options import LifecycleOptions

T = TypeVar("T")


class Kind(StrEnum):
    USER_PROFILE = "user_profile"
    CHAT_SUMMARY = "chat_summary"
    PROCEDURAL = "procedural"


DEFAULT_MESSAGE_RETENTION = 86400
MAX_MESSAGE_RETENTION = 30 * 86400


class StoreOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    user_profile_enabled: StrictBool = True
    chat_summary_enabled: StrictBool = True
    procedural_memory_enabled: StrictBool = False
    default_ttl_seconds: StrictInt = Field(default=0, ge=0, le=10 * 365 * 86400)
    user_profile_details: str | None = Field(default=None, max_length=4000)
    message_retention_seconds: StrictInt = Field(
        default=DEFAULT_MESSAGE_RETENTION, ge=0, le=MAX_MESSAGE_RETENTION
    )
    """How long an update keeps its raw conversation messages once it is completed or failed
    (a superseded update's are removed at once: they live on in its successor). 0 removes them
    the moment the update finishes, so a failed update cannot be retried without resubmitting."""
    secret_handling: Literal["refuse", "redact"] = "refuse"
    """What an item written through the API does when its content holds a credential, a payment
    card, a bank account or a government id: "refuse" answers 400 naming the kind; "redact"
    stores the item with each such value replaced by a marker ("[redacted credential]")."""
    lifecycle: LifecycleOptions = Field(default_factory=LifecycleOptions)
    """Decay half-lives, promotion and the importance floor (docs/lifecycle.md)."""


class StoreDefinition(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: Literal["default"] = "default"
    chat_model: str | None = Field(default=None, min_length=1, max_length=200)
    embedding_model: str | None = Field(default=None, min_length=1, max_length=200)
    options: StoreOptions = Field(default_factory=StoreOptions)


class Store(BaseModel):
    object: Literal["memory_store"] = "memory_store"
    id: str
    name: str
    description: str | None = None
    metadata: dict[str, str] = Field(default_factory=dict)
    definition: StoreDefinition
    created_at: int
    updated_at: int


class Source(BaseModel):
    """Where a memory came from: the update operations and message ids that stated it."""

    update_ids: list[str] = Field(default_factory=list)
    message_ids: list[str] = Field(default_factory=list)
    promoted_from: str | None = None
    """The chat_summary memory a promoted user_profile memory was made from."""

    def public(self) -> dict[str, Any]:
        return self.model_dump(exclude_none=True)


class Revision(BaseModel):
    """A memory's earlier content: written at `updated_at`, replaced at `replaced_at` by the
    update `update_id`, or through the API, or by the lifecycle (`reason`)."""

    content: str
    updated_at: int
    update_id: str | None = None
    replaced_at: int | None = None
    reason: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)
    """The item's metadata while this content was current."""


class MemoryItem(BaseModel):
    """A memory as stored. `public()` is what the API returns."""

    memory_id: str
    store: str
    scope: str
    kind: Kind
    content: str
    created_at: int
    updated_at: int
    expires_at: int | None = None
    importance: float = 0.5
    access_count: int = 0
    last_accessed_at: int | None = None
    source: Source = Field(default_factory=Source)
    revisions: list[Revision] = Field(default_factory=list)
    version: int = 1
    embedding: bytes | None = None
    embedding_model: str | None = None
    topic: str | None = None
    """The slot the extractor filed this memory under ("drink:coffee"): a later statement on the
    same topic updates this memory instead of adding a contradicting one."""
    importance_at: int | None = None
    """When `importance` was last set by a lifecycle pass or a reinforcement: decay runs from
    the later of this and `updated_at` (domain/lifecycle.py)."""
    reinforcements: int = 0
    expiry_pinned: bool = False
    """`expires_at` was set explicitly (POST …/expiration): later writes keep it."""
    key: str | None = None
    """The caller's own name for this memory, unique among the scope's live items."""
    metadata: dict[str, Any] = Field(default_factory=dict)
    """The caller's flat key/value data (domain/item_metadata.py): stored and returned, never
    embedded, searched or written by extraction."""

    def is_expired(self, now: float) -> bool:
        return self.expires_at is not None and self.expires_at <= now

    def public(self) -> dict[str, Any]:
        return {
            "object": "memory_item",
            "memory_id": self.memory_id,
            "scope": self.scope,
            "kind": self.kind.value,
            "content": self.content,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "expires_at": self.expires_at,
            "importance": round(self.importance, 4),
            "access_count": self.access_count,
            "last_accessed_at": self.last_accessed_at,
            "source": self.source.public(),
            "version": self.version,
            "key": self.key,
            "metadata": dict(self.metadata),
        }


class Page(BaseModel, Generic[T]):
    """One page of a listing. `next_after` is where the next page starts (the `?after=` to send):
    a page may stop before it is full, past rows it read but did not return (expired items, other
    kinds), so it is not always the last item's id. Unset, it is the last item's id."""

    items: list[T]
    has_more: bool
    next_after: str | None = None

    def public(self, id_of, render) -> dict[str, Any]:
        data = [render(x) for x in self.items]
        last_id = id_of(self.items[-1]) if self.items else None
        return {
            "object": "list",
            "data": data,
            "has_more": self.has_more,
            "first_id": id_of(self.items[0]) if self.items else None,
            "last_id": last_id,
            "next_after": (self.next_after or last_id) if self.has_more else None,
        }


class SearchSession(BaseModel):
    """What `previous_search_id` continues: the query and the memories already returned."""

    search_id: str
    store: str
    scope: str
    query: str | None = None
    returned: list[str] = Field(default_factory=list)
    created_at: int
    expires_at: int
