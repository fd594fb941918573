"""Typed results. Fields the API adds later are kept (extra="allow") rather than refused, so an
older client keeps working against a newer service."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class _Result(BaseModel):
    model_config = ConfigDict(extra="allow")


class MemoryStore(_Result):
    object: str = "memory_store"
    id: str
    name: str
    description: str | None = None
    metadata: dict[str, str] = Field(default_factory=dict)
    definition: dict[str, Any] = Field(default_factory=dict)
    created_at: int
    updated_at: int


class MemoryItem(_Result):
    """A memory. In an update's `memory_operations` some fields are absent: a dry run's creates
    have no `memory_id`, a delete carries no `content`."""

    object: str = "memory_item"
    memory_id: str | None = None
    scope: str | None = None
    kind: str | None = None
    content: str | None = None
    created_at: int | None = None
    updated_at: int | None = None
    expires_at: int | None = None
    importance: float | None = None
    access_count: int | None = None
    last_accessed_at: int | None = None
    source: dict[str, Any] | None = None
    version: int | None = None
    key: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)
    """The caller's flat key/value data (`{}` when the item has none)."""


class MemoryStoreDeleted(_Result):
    object: str = "memory_store.deleted"
    name: str
    deleted: bool


class MemoryItemDeleted(_Result):
    object: str = "memory_item.deleted"
    memory_id: str
    deleted: bool


class ScopeDeleted(_Result):
    object: str = "memory_store.scope.deleted"
    name: str
    scope: str
    deleted: bool
    deleted_count: int


class Deletion(_Result):
    """A scope or store deletion that outlived its request (202): poll it until `completed`."""

    object: str = "memory_store.deletion"
    deletion_id: str
    name: str
    target: str
    status: str
    deleted_count: int = 0


class MemoryOperation(_Result):
    kind: str
    memory_item: MemoryItem


class MemoryCommand(_Result):
    type: str = "memory_command_call"
    arguments: dict[str, Any] = Field(default_factory=dict)
    status: str


class UpdateResult(_Result):
    memory_operations: list[MemoryOperation] = Field(default_factory=list)
    failed_messages: list[dict[str, Any]] = Field(default_factory=list)
    usage: dict[str, Any] | None = None


class MemoryUpdate(_Result):
    """An update as `GET …/updates/{id}` (or the 202 of update_memories) describes it."""

    object: str = "memory_store.update"
    update_id: str | None
    status: str
    superseded_by: str | None = None
    previous_update_id: str | None = None
    error: dict[str, Any] | None = None
    result: UpdateResult | None = None
    memory_commands: list[MemoryCommand] = Field(default_factory=list)


class MemorySearchItem(_Result):
    memory_item: MemoryItem
    score: float


class SearchResult(_Result):
    object: str = "memory_store.search"
    search_id: str
    memories: list[MemorySearchItem] = Field(default_factory=list)
    usage: dict[str, Any] | None = None
