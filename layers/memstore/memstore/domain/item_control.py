"""Requests of the per-item lifecycle routes (expiration) and the public view of a revision."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, model_validator

from memstore.domain.models import MemoryItem, Revision

MAX_TTL_SECONDS = 10 * 365 * 86400


class ExpirationRequest(BaseModel):
    """Exactly one of: `expires_at` (Unix seconds in the future, or null: never expires) or
    `ttl_seconds` (from now)."""

    model_config = ConfigDict(extra="forbid")

    expires_at: StrictInt | None = Field(default=None, ge=0)
    ttl_seconds: StrictInt | None = Field(default=None, ge=1, le=MAX_TTL_SECONDS)

    @model_validator(mode="after")
    def _one_of(self) -> ExpirationRequest:
        given = self.model_fields_set & {"expires_at", "ttl_seconds"}
        if len(given) != 1 or ("ttl_seconds" in given and self.ttl_seconds is None):
            raise ValueError("give exactly one of expires_at (a Unix time or null) or ttl_seconds")
        return self


def revision_reason(revision: Revision) -> str:
    """Why the content was replaced; revisions written before reasons were recorded say it by
    their update id (an update) or its absence (the items API)."""
    return revision.reason or ("update" if revision.update_id else "api")


def revision_views(item: MemoryItem) -> list[dict[str, Any]]:
    """The item's earlier contents, newest first, numbered from 1 (the oldest)."""
    views = []
    for number, revision in enumerate(item.revisions, start=1):
        views.append(
            {
                "object": "memory_item.revision",
                "memory_id": item.memory_id,
                "revision": number,
                "content": revision.content,
                "metadata": dict(revision.metadata),
                "created_at": revision.updated_at,
                "replaced_at": revision.replaced_at,
                "reason": revision_reason(revision),
                "update_id": revision.update_id,
            }
        )
    return list(reversed(views))


def revision_list(item: MemoryItem) -> dict[str, Any]:
    """Every revision in one list (they live in the item's own row, so there are few)."""
    views = revision_views(item)
    ids = [str(v["revision"]) for v in views]
    return {
        "object": "list",
        "data": views,
        "has_more": False,
        "first_id": ids[0] if ids else None,
        "last_id": ids[-1] if ids else None,
        "next_after": None,
    }


class ReinforceRequest(BaseModel):
    """POST …/reinforce takes no fields (an empty object, or no body at all)."""

    model_config = ConfigDict(extra="forbid")
