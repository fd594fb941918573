"""search_memories' request and the choice of what a contextual search asks for."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from memstore.domain.requests import Scope
from memstore.domain.updates import InputMessage

SEARCH_SESSION_TTL = 3600
"""`previous_search_id` continues a search for an hour; then the session is gone."""
MAX_QUERY_MESSAGES = 20


class SearchOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    max_memories: StrictInt = Field(default=10, ge=1, le=100)


class SearchMemoriesRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    scope: Scope
    items: list[InputMessage] | None = Field(default=None, max_length=MAX_QUERY_MESSAGES)
    previous_search_id: str | None = Field(default=None, max_length=64)
    options: SearchOptions = Field(default_factory=SearchOptions)


def query_text(messages: list[InputMessage]) -> str:
    """What the newest turn is about: the newest user message, with the message before it when
    the newest is too short to stand alone ("and for dessert?")."""
    texts = [m.text().strip() for m in messages if m.text().strip()]
    users = [m.text().strip() for m in messages if m.role == "user" and m.text().strip()]
    if not texts:
        return ""
    newest = users[-1] if users else texts[-1]
    if len(newest.split()) < 4 and len(texts) > 1:
        before = [t for t in texts if t != newest]
        return f"{before[-1]} {newest}" if before else newest
    return newest
