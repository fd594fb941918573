"""Extractor backed by any OpenAI-compatible `/chat/completions` endpoint (OpenAI, vLLM, Ollama,
LiteLLM, Azure-style proxies) with a forced function call. Standard library only, so the Lambda
layer gains no dependency.

Same guarantees as the Bedrock adapter: at most two calls per extract() (one repair), never a
silent empty result. HTTP 429, 408 and 5xx, timeouts and connection errors mean the endpoint is
unavailable (retry later); other 4xx mean the request cannot succeed as configured."""

from __future__ import annotations

import http.client
import json
import logging
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from memstore.adapters.llm_prompt import (
    TOOL_DESCRIPTION,
    TOOL_NAME,
    InvalidModelOutput,
    build_system_prompt,
    decode_json_text,
    has_user_message,
    output_schema,
    parse_extraction,
    render_user_turn,
    repair_instruction,
)
from memstore.domain.errors import DependencyUnavailable, ExtractionFailed, InvalidRequest
from memstore.domain.models import MemoryItem, StoreOptions
from memstore.ports.extractor import Extraction, Message

logger = logging.getLogger(__name__)

_RETRYABLE_STATUS = {408, 429}
_CUT_OFF = " The answer was cut off at the token limit: record fewer, shorter memories."


class OpenAICompatibleExtractor:
    def __init__(
        self,
        model: str,
        base_url: str,
        api_key: str | None = None,
        timeout: float = 60.0,
        *,
        temperature: float | None = 0.0,
    ):
        """`temperature=None` leaves it out, for models that accept only their default."""
        if urllib.parse.urlsplit(base_url).scheme not in ("http", "https"):
            raise InvalidRequest("the OpenAI-compatible base URL must be an http(s) URL")
        self.name = f"openai:{model}"
        self.model = model
        self._url = base_url.rstrip("/") + "/chat/completions"
        self._api_key = api_key
        self._timeout = timeout
        self._temperature = temperature

    def extract(
        self,
        messages: list[Message],
        context: list[Message],
        existing: list[MemoryItem],
        options: StoreOptions,
    ) -> Extraction:
        if not has_user_message(messages):
            return Extraction()
        tools = [
            {
                "type": "function",
                "function": {
                    "name": TOOL_NAME,
                    "description": TOOL_DESCRIPTION,
                    "parameters": output_schema(options),
                },
            }
        ]
        conversation: list[dict[str, Any]] = [
            {"role": "system", "content": build_system_prompt(options)},
            {"role": "user", "content": render_user_turn(messages, context, existing)},
        ]
        usage = {"input_tokens": 0, "output_tokens": 0, "total_tokens": 0}

        def parse(choice: dict[str, Any]) -> Extraction:
            try:
                extraction = parse_extraction(
                    self._arguments(choice), messages, existing=existing, options=options
                )
            except InvalidModelOutput as err:
                if choice.get("finish_reason") != "length":
                    raise
                raise InvalidModelOutput(err.detail + _CUT_OFF) from err
            return extraction.model_copy(update={"usage": dict(usage)})

        first = self._complete(conversation, tools, usage)
        try:
            return parse(first)
        except InvalidModelOutput as err:
            logger.warning(
                "extractor output invalid, repairing",
                extra={"model": self.name, "finish_reason": first.get("finish_reason")},
            )
            conversation += self._repair_turns(first, err.detail)

        second = self._complete(conversation, tools, usage)
        try:
            return parse(second)
        except InvalidModelOutput as err:
            raise ExtractionFailed(
                f"chat model {self.name} returned invalid output twice: {err.detail}"
            ) from err

    def _complete(
        self, conversation: list[dict[str, Any]], tools: list[dict[str, Any]], usage: dict[str, int]
    ) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self.model,
            "messages": conversation,
            "tools": tools,
            "tool_choice": {"type": "function", "function": {"name": TOOL_NAME}},
        }
        if self._temperature is not None:
            body["temperature"] = self._temperature
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        request = urllib.request.Request(
            self._url, data=json.dumps(body).encode("utf-8"), headers=headers, method="POST"
        )
        try:
            with urllib.request.urlopen(request, timeout=self._timeout) as response:
                raw = response.read()
        except urllib.error.HTTPError as e:
            with e:
                status = e.code
                detail = _error_detail(e)
            if status in _RETRYABLE_STATUS or status >= 500:
                raise DependencyUnavailable(f"chat model {self.name}: HTTP {status}") from e
            raise ExtractionFailed(
                f"chat model {self.name} refused the request: HTTP {status}{detail}"
            ) from e
        except (OSError, http.client.HTTPException) as e:
            raise DependencyUnavailable(f"chat model {self.name} unreachable: {type(e).__name__}") from e

        try:
            payload = json.loads(raw)
            choice = payload["choices"][0]
            if not isinstance(choice, dict):
                raise TypeError("choice is not an object")
        except (ValueError, KeyError, IndexError, TypeError) as e:
            raise DependencyUnavailable(
                f"chat model {self.name} answered with a body that is not a chat completion"
            ) from e
        counts = payload.get("usage") or {}
        usage["input_tokens"] += int(counts.get("prompt_tokens") or 0)
        usage["output_tokens"] += int(counts.get("completion_tokens") or 0)
        usage["total_tokens"] = usage["input_tokens"] + usage["output_tokens"]
        return choice

    @staticmethod
    def _arguments(choice: dict[str, Any]) -> Any:
        message = choice.get("message") or {}
        calls = message.get("tool_calls") or []
        if calls:
            function = calls[0].get("function") or {}
            if function.get("name") != TOOL_NAME:
                raise InvalidModelOutput(f"the only function is {TOOL_NAME}")
            arguments = function.get("arguments")
            if isinstance(arguments, dict):
                return arguments
            try:
                return json.loads(arguments or "")
            except (TypeError, ValueError) as e:
                raise InvalidModelOutput("the function arguments are not valid JSON") from e
        return decode_json_text(message.get("content"))

    @staticmethod
    def _repair_turns(choice: dict[str, Any], detail: str) -> list[dict[str, Any]]:
        """The bad answer goes back as it was; every tool call in it must get a tool message."""
        message = choice.get("message") or {}
        calls = message.get("tool_calls") or []
        instruction = repair_instruction(detail)
        if not calls:
            return [
                {"role": "assistant", "content": message.get("content") or ""},
                {"role": "user", "content": instruction},
            ]
        turns: list[dict[str, Any]] = [
            {"role": "assistant", "content": message.get("content"), "tool_calls": calls}
        ]
        for i, call in enumerate(calls):
            turns.append(
                {
                    "role": "tool",
                    "tool_call_id": call.get("id", ""),
                    "content": instruction if i == 0 else "Ignored: call the function once.",
                }
            )
        return turns


def _error_detail(error: urllib.error.HTTPError) -> str:
    """The provider's own error message (e.g. "model not found"), kept short."""
    try:
        body = json.loads(error.read(4096) or b"{}")
    except (ValueError, OSError):
        return ""
    message = body.get("error") if isinstance(body, dict) else None
    if isinstance(message, dict):
        message = message.get("message")
    return f" ({str(message)[:200]})" if message else ""
