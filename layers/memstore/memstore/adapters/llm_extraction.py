"""The extraction loop every chat-model extractor shares, whatever carries its requests.

`ToolCallExtractor.extract()` renders the conversation (the new messages, the chained update's
earlier messages as context, the scope's existing memories) into one user turn, asks the model
to answer by calling `record_memories`, validates the tool input strictly against the schema of
`llm_prompt.output_schema`, and maps it to an `Extraction`. An invalid answer gets exactly one
repair call that shows the model its answer and the validation error; a second invalid answer is
`ExtractionFailed` (the update fails with its messages kept). Token usage of both calls is summed.

A subclass is only a transport: how to send one request (`_call`, translating its errors into
`DependencyUnavailable` / `ExtractionFailed` with `raise … from e`), and how to read a response
(`_tool_input`, `_usage`, `_stop_reason`, `_repair_turns`). Conversation text is rendered as
JSON lines so message content cannot forge the surrounding structure."""

from __future__ import annotations

import json
import logging
import math
import re
from abc import ABC, abstractmethod
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from memstore.adapters.llm_prompt import (
    MAX_MEMORIES,
    TOOL_NAME,
    build_system_prompt,
    enabled_kinds,
    output_schema,
)
from memstore.domain.errors import ExtractionFailed
from memstore.domain.extraction import Candidate, Extraction, Message
from memstore.domain.models import Kind, MemoryItem, StoreOptions
from memstore.domain.requests import MAX_CONTENT_BYTES

logger = logging.getLogger(__name__)

MAX_CONTEXT_MESSAGES = 20
"""Earlier messages only help to understand the new ones; the most recent are enough."""
MAX_EXISTING = 200
"""Bounds the prompt for very large scopes; the most recently updated memories are shown."""
MAX_TOPIC_CHARS = 100
MAX_FORGET_CHARS = 300
CUT_OFF = " The answer was cut off at the token limit: record fewer, shorter memories."


class InvalidModelOutput(ValueError):
    """The model's answer does not match the tool schema. `detail` is phrased for the model, so
    it can be sent back in the repair call; it names fields, never the values."""

    def __init__(self, detail: str):
        super().__init__(detail)
        self.detail = detail


# --- the conversation, as the model sees it --------------------------------------------------


def _line(obj: dict[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False)


def render_user_turn(messages: list[Message], context: list[Message], existing: list[MemoryItem]) -> str:
    shown = sorted(existing, key=lambda m: m.updated_at, reverse=True)[:MAX_EXISTING]
    sections = [
        "<existing_memories>",
        *(_line({"memory_id": m.memory_id, "kind": m.kind.value, "content": m.content}) for m in shown),
        "</existing_memories>",
        "<context>",
        *(_line(m.model_dump()) for m in context[-MAX_CONTEXT_MESSAGES:]),
        "</context>",
        "<messages>",
        *(_line(m.model_dump()) for m in messages),
        "</messages>",
        f"Record the memories from <messages> by calling {TOOL_NAME}.",
    ]
    return "\n".join(sections)


def repair_instruction(detail: str) -> str:
    return (
        f"That answer was invalid: {detail}\n"
        f"Call {TOOL_NAME} again with the complete, corrected input that matches its schema. "
        "Do not explain."
    )


def has_user_message(messages: list[Message]) -> bool:
    return any(m.role == "user" and m.content.strip() for m in messages)


# --- the tool output, validated and mapped to an Extraction -----------------------------------


def _json_if_string(value: Any) -> Any:
    """Some models send a nested array as a JSON string; accept that, and only that."""
    if isinstance(value, str):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


class _MemoryOut(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: Kind
    content: str = Field(min_length=1)
    topic: str | None = Field(default=None, max_length=MAX_TOPIC_CHARS)
    is_update: bool = False
    replaces: list[str] = Field(default_factory=list)
    importance: float = 0.5
    message_ids: list[str] = Field(default_factory=list)

    @field_validator("content")
    @classmethod
    def _content(cls, value: str) -> str:
        value = value.strip()
        if not value:
            raise ValueError("must not be blank")
        if len(value.encode("utf-8")) > MAX_CONTENT_BYTES:
            raise ValueError(f"must be at most {MAX_CONTENT_BYTES} bytes of UTF-8")
        return value

    @field_validator("replaces", "message_ids", mode="before")
    @classmethod
    def _lists(cls, value: Any) -> Any:
        return _json_if_string(value)


class _Output(BaseModel):
    model_config = ConfigDict(extra="forbid")

    memories: list[_MemoryOut] = Field(max_length=MAX_MEMORIES)
    forget: list[str] = Field(default_factory=list)

    @field_validator("memories", "forget", mode="before")
    @classmethod
    def _lists(cls, value: Any) -> Any:
        return _json_if_string(value)


def _describe(error: ValidationError) -> str:
    problems = [
        f"{'.'.join(str(p) for p in e['loc']) or '(root)'}: {e['msg']}"
        for e in error.errors(include_url=False, include_input=False)
    ]
    more = f" (and {len(problems) - 8} more)" if len(problems) > 8 else ""
    return "; ".join(problems[:8]) + more


def _clamp(value: float) -> float:
    if math.isnan(value):
        return 0.5
    return min(1.0, max(0.0, value))


def parse_extraction(
    obj: Any,
    messages: list[Message],
    *,
    existing: list[MemoryItem] | None = None,
    options: StoreOptions | None = None,
) -> Extraction:
    """Validates the tool input strictly, then tidies what is safe to tidy: message ids the
    conversation does not hold and memory ids that do not exist are dropped, importance is
    clamped to [0, 1], kinds the store disabled are dropped, and one chat summary is kept.
    Raises InvalidModelOutput when the shape itself is wrong."""
    if not isinstance(obj, dict):
        raise InvalidModelOutput(f"the tool input must be a JSON object, not {type(obj).__name__}")
    try:
        out = _Output.model_validate(obj)
    except ValidationError as e:
        raise InvalidModelOutput(_describe(e)) from e

    known_messages = {m.id for m in messages}
    known_memories = None if existing is None else {m.memory_id for m in existing}
    allowed = set(Kind) if options is None else set(enabled_kinds(options))
    candidates: list[Candidate] = []
    has_summary = False
    for mem in out.memories:
        if mem.kind not in allowed:
            continue
        if mem.kind is Kind.CHAT_SUMMARY:
            if has_summary:
                continue
            has_summary = True
        replaces = [r for r in dict.fromkeys(mem.replaces) if known_memories is None or r in known_memories]
        candidates.append(
            Candidate(
                kind=mem.kind,
                content=mem.content,
                message_ids=[i for i in dict.fromkeys(mem.message_ids) if i in known_messages],
                topic=(mem.topic or "").strip().lower() or None,
                is_update=mem.is_update or bool(replaces),
                replaces=replaces,
                importance=_clamp(mem.importance),
            )
        )
    forget = [f.strip()[:MAX_FORGET_CHARS] for f in out.forget if f.strip()]
    return Extraction(memories=candidates, forget=list(dict.fromkeys(forget)))


_FENCE = re.compile(r"^```[a-zA-Z]*\s*\n?(.*?)\n?```$", re.DOTALL)


def decode_json_text(text: str | None) -> Any:
    """For replies that put the JSON in plain text (models without forced tool choice): the
    whole text, a fenced block, or the outermost braces."""
    stripped = (text or "").strip()
    if not stripped:
        raise InvalidModelOutput(f"the reply was empty; it must be a call to {TOOL_NAME}")
    fenced = _FENCE.match(stripped)
    attempts = [fenced.group(1).strip()] if fenced else [stripped]
    start, end = stripped.find("{"), stripped.rfind("}")
    if 0 <= start < end:
        attempts.append(stripped[start : end + 1])
    for attempt in attempts:
        try:
            return json.loads(attempt)
        except ValueError:
            continue
    raise InvalidModelOutput(f"the reply did not call {TOOL_NAME} and held no valid JSON object")


REFUSED = (
    f"the reply refused instead of calling {TOOL_NAME}. Recording memories from this conversation "
    f"is the task; if nothing in it may be stored, call {TOOL_NAME} with empty lists"
)
"""The repair detail for a refusal; the refusal's own words are not repeated (they may quote
the conversation, and the detail ends up in the update's error)."""


# --- the loop ---------------------------------------------------------------------------------


class ToolCallExtractor(ABC):
    """An Extractor that asks a chat model for one `record_memories` tool call. Subclasses set
    `name` and implement the transport hooks; `extract` is the same for all of them."""

    name: str
    truncated_stop_reasons: frozenset[str] = frozenset()
    """Stop reasons that mean the answer hit the output token limit."""

    def extract(
        self,
        messages: list[Message],
        context: list[Message],
        existing: list[MemoryItem],
        options: StoreOptions,
    ) -> Extraction:
        if not has_user_message(messages):
            return Extraction()
        system = build_system_prompt(options)
        schema = output_schema(options)
        conversation = self._first_turns(render_user_turn(messages, context, existing))
        usage = {"input_tokens": 0, "output_tokens": 0, "total_tokens": 0}

        def call() -> Any:
            response = self._call(system, conversation, schema)
            input_tokens, output_tokens = self._usage(response)
            usage["input_tokens"] += input_tokens
            usage["output_tokens"] += output_tokens
            usage["total_tokens"] = usage["input_tokens"] + usage["output_tokens"]
            return response

        def parse(response: Any) -> Extraction:
            try:
                extraction = parse_extraction(
                    self._tool_input(response), messages, existing=existing, options=options
                )
            except InvalidModelOutput as err:
                if self._stop_reason(response) not in self.truncated_stop_reasons:
                    raise
                raise InvalidModelOutput(err.detail + CUT_OFF) from err
            return extraction.model_copy(update={"usage": dict(usage)})

        first = call()
        try:
            return parse(first)
        except InvalidModelOutput as err:
            logger.warning(
                "extractor output invalid, repairing",
                extra={"model": self.name, "stop_reason": self._stop_reason(first)},
            )
            conversation += self._repair_turns(first, repair_instruction(err.detail))

        second = call()
        try:
            return parse(second)
        except InvalidModelOutput as err:
            raise ExtractionFailed(
                f"chat model {self.name} returned invalid output twice: {err.detail}"
            ) from err

    # --- the transport ------------------------------------------------------------------------

    @abstractmethod
    def _first_turns(self, user_turn: str) -> list[dict[str, Any]]:
        """The conversation's opening turns in the wire format (the system prompt is passed to
        `_call` separately; a transport that sends it as a message adds it there)."""

    @abstractmethod
    def _call(self, system: str, conversation: list[dict[str, Any]], schema: dict[str, Any]) -> Any:
        """One model call. Raises DependencyUnavailable when retrying later may help and
        ExtractionFailed when the request cannot succeed as configured."""

    @abstractmethod
    def _usage(self, response: Any) -> tuple[int, int]:
        """(input tokens, output tokens) the call was billed for."""

    @abstractmethod
    def _stop_reason(self, response: Any) -> str | None: ...

    @abstractmethod
    def _tool_input(self, response: Any) -> Any:
        """The tool call's input, decoded but not validated; InvalidModelOutput when the reply
        holds no usable call."""

    @abstractmethod
    def _repair_turns(self, response: Any, instruction: str) -> list[dict[str, Any]]:
        """The invalid answer, as it was, and the turn that carries `instruction` back."""
