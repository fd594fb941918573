"""Update operations: a batch of conversation messages waiting to become memories."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from memstore.domain.errors import PayloadTooLarge
from memstore.domain.extraction import Message
from memstore.domain.requests import Scope

MAX_MESSAGE_CHARS = 32_000
MAX_MESSAGES = 200
MAX_UPDATE_BODY_BYTES = 256 * 1024
MAX_UPDATE_DELAY = 7 * 86400
DEFAULT_UPDATE_DELAY = 300


class UpdateStatus(StrEnum):
    QUEUED = "queued"
    IN_PROGRESS = "in_progress"
    COMPLETED = "completed"
    FAILED = "failed"
    SUPERSEDED = "superseded"


TERMINAL = (UpdateStatus.COMPLETED, UpdateStatus.FAILED, UpdateStatus.SUPERSEDED)


class ContentPart(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["input_text", "output_text", "text"]
    text: str


class InputMessage(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["message"] = "message"
    role: Literal["user", "assistant", "system"]
    content: str | list[ContentPart]
    id: str | None = Field(default=None, min_length=1, max_length=128)

    def text(self) -> str:
        return self.content if isinstance(self.content, str) else "\n".join(p.text for p in self.content)


def check_message_sizes(messages: list[InputMessage]) -> None:
    """A message over the limit is a payload too large (413), like an oversized body."""
    for n, message in enumerate(messages):
        if len(message.text()) > MAX_MESSAGE_CHARS:
            raise PayloadTooLarge(
                f"a message holds at most {MAX_MESSAGE_CHARS} characters", f"items.{n}.content"
            )


class UpdateMemoriesRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    scope: Scope
    items: list[InputMessage] = Field(default_factory=list, max_length=MAX_MESSAGES)
    update_delay: StrictInt = Field(default=DEFAULT_UPDATE_DELAY, ge=0, le=MAX_UPDATE_DELAY)
    previous_update_id: str | None = Field(default=None, max_length=64)
    dry_run: StrictBool = False


class FailedMessage(BaseModel):
    """A message of an update's batch that consolidation set aside: extracting it raised while
    the rest of the batch went through. It stays among the update's messages (kept for the
    store's retention like the others) but is never extracted again: not on a retried run of the
    same update, not as context, not when a retry carries a failed update's messages over."""

    index: int
    """Its position in the update's batch (earlier submissions' messages come first)."""
    message_id: str
    code: str
    message: str

    def public(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "message_id": self.message_id,
            "error": {"code": self.code, "message": self.message},
        }


class UpdateRecord(BaseModel):
    """One update operation as stored."""

    update_id: str
    store: str
    scope: str
    status: UpdateStatus
    messages: list[Message]
    previous_update_id: str | None = None
    due_at: int
    created_at: int
    updated_at: int
    superseded_by: str | None = None
    result: dict[str, Any] | None = None
    error: dict[str, Any] | None = None
    attempts: int = 0
    failed_messages: list[FailedMessage] = Field(default_factory=list)
    messages_expire_at: int | None = None
    """When the raw messages stop being kept (None: kept, as while the update is pending or
    running). Set when the update finishes: finished_at + the store's
    `message_retention_seconds`; at or before `updated_at` they are removed at once. Once past,
    `messages` reads empty (the repository filters them on every read, whatever the table's TTL
    has or has not yet deleted). Never part of the public body."""

    def public(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "object": "memory_store.update",
            "update_id": self.update_id,
            "status": self.status.value,
            "previous_update_id": self.previous_update_id,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "due_at": self.due_at,
        }
        if self.superseded_by:
            body["superseded_by"] = self.superseded_by
        if self.error:
            body["error"] = self.error
        if self.result is not None:
            body["result"] = self.result
        elif self.failed_messages:
            body["result"] = {"failed_messages": [f.public() for f in self.failed_messages]}
        return body

    def usable_messages(self) -> list[Message]:
        """The messages consolidation may read: all but those it set aside."""
        failed = {f.index for f in self.failed_messages}
        return [m for n, m in enumerate(self.messages) if n not in failed]


def messages_gone_message(update_id: str) -> str:
    return (
        f"the messages of update '{update_id}' are no longer kept (the store's message_retention_seconds "
        "has passed); resubmit them in items, without previous_update_id"
    )


QUOTE_WINDOW = 16
"""An error message sharing a run of this many characters with a message is taken to quote it."""
MESSAGE_TEXT_WITHHELD = "the error's text was withheld: it quoted the conversation"


def _squash(text: str) -> str:
    return " ".join(text.lower().split())


def quotes_messages(text: str, messages: list[Message]) -> bool:
    """Whether `text` (an error message, at most a few hundred characters) repeats a message's
    text, or a run of QUOTE_WINDOW characters of one: a provider's error may echo its input."""
    said = _squash(text)
    if not said:
        return False
    for message in messages:
        content = _squash(message.content)
        if len(content) < QUOTE_WINDOW:
            if len(content) >= 4 and content in said:
                return True
            continue
        if any(said[i : i + QUOTE_WINDOW] in content for i in range(max(1, len(said) - QUOTE_WINDOW + 1))):
            return True
    return False


def withhold_message_text(error: dict[str, Any], messages: list[Message]) -> dict[str, Any]:
    """An update's stored `error` never carries conversation text."""
    if quotes_messages(str(error.get("message") or ""), messages):
        return {**error, "message": MESSAGE_TEXT_WITHHELD}
    return error


class ScopeState(BaseModel):
    """Per (store, scope): the update waiting for its timer and the one being processed."""

    pending_update_id: str | None = None
    running_update_id: str | None = None


class ClaimOutcome(StrEnum):
    CLAIMED = "claimed"
    BUSY = "busy"
    GONE = "gone"
