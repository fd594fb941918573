"""Validated inputs of the API. Limits are part of the contract (docs/api.md lists them)."""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool, StringConstraints

from memstore.domain.item_metadata import ItemMetadata
from memstore.domain.models import Kind, StoreDefinition

MAX_CONTENT_BYTES = 8192
MAX_METADATA_KEYS = 16
USER_ID_PLACEHOLDER = "{{$userId}}"


def _clean_text(value: str) -> str:
    """JSON can spell a NUL or half a surrogate pair ("\\ud800"): neither is text to store."""
    if any(c == "\x00" or "\ud800" <= c <= "\udfff" for c in value):
        raise ValueError("must not contain NUL characters or unpaired surrogates")
    return value


def _printable(value: str) -> str:
    if not value.isprintable():
        raise ValueError("must contain printable characters only")
    return value


def _content(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be blank")
    if len(value.encode("utf-8")) > MAX_CONTENT_BYTES:
        raise ValueError(f"must be at most {MAX_CONTENT_BYTES} bytes of UTF-8")
    return value


def _metadata(value: dict[str, str]) -> dict[str, str]:
    if len(value) > MAX_METADATA_KEYS:
        raise ValueError(f"at most {MAX_METADATA_KEYS} keys")
    for key, item in value.items():
        if not 1 <= len(key) <= 64 or len(item) > 512:
            raise ValueError("keys are 1..64 characters, values at most 512")
        _clean_text(key)
        _clean_text(item)
    return value


StoreName = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_-]{1,64}$")]
Scope = Annotated[str, StringConstraints(min_length=1, max_length=256), AfterValidator(_printable)]
Text = Annotated[str, AfterValidator(_clean_text)]
"""Any text the API keeps: no NUL characters, no unpaired surrogates."""
Content = Annotated[Text, AfterValidator(_content)]
Metadata = Annotated[dict[str, str], AfterValidator(_metadata)]
Description = Annotated[Text, StringConstraints(max_length=512)]
ItemKey = Annotated[str, StringConstraints(min_length=1, max_length=128), AfterValidator(_printable)]
"""A keyed record's client-chosen name: unique among its scope's live items."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateStoreRequest(_Strict):
    name: StoreName
    description: Description | None = None
    metadata: Metadata = Field(default_factory=dict)
    definition: StoreDefinition = Field(default_factory=StoreDefinition)


class UpdateStoreRequest(_Strict):
    description: Description | None = None
    metadata: Metadata | None = None


class CreateItemRequest(_Strict):
    scope: Scope
    content: Content
    kind: Kind
    key: ItemKey | None = None
    upsert: StrictBool = False
    metadata: ItemMetadata = None  # type: ignore[assignment]
    """Absent: `{}` on a new item, left as it is on an upserted one; sent, it replaces."""


class UpdateItemRequest(_Strict):
    content: Content | None = None
    kind: Kind | None = None
    metadata: ItemMetadata = None  # type: ignore[assignment]
    """Replaces the item's metadata as a whole; absent leaves it as it is (null is refused)."""


class DeleteScopeRequest(_Strict):
    scope: Scope


class ListQuery(_Strict):
    limit: int = Field(default=20, ge=1, le=100)
    after: str | None = Field(default=None, max_length=64)


class ListItemsQuery(ListQuery):
    scope: Scope
    kind: Kind | None = None
    key: ItemKey | None = None
    metadata: dict[str, str] = Field(default_factory=dict)
    """The `metadata.<key>=<value>` filter (keys checked by item_metadata.parse_filter)."""
