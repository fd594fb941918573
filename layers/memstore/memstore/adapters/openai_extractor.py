"""Extractor backed by any OpenAI-compatible `/chat/completions` endpoint (OpenAI, vLLM, Ollama,
LiteLLM, Azure-style proxies) with a forced function call. Standard library only, so the Lambda
layer gains no dependency.

Only the transport lives here; the prompt, the validation and the single repair call are
`llm_extraction.ToolCallExtractor`'s (never a silent empty result). HTTP 429, 408 and 5xx,
timeouts and connection errors mean the endpoint is unavailable (retry later); other 4xx mean
the request cannot succeed as configured. A refusal (`message.refusal`) or a reply without a
tool call is an invalid answer: it gets the repair call, then the update fails."""

from __future__ import annotations

import http.client
import json
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from typing import Any

from memstore.adapters.llm_extraction import REFUSED, InvalidModelOutput, ToolCallExtractor, decode_json_text
from memstore.adapters.llm_prompt import TOOL_DESCRIPTION, TOOL_NAME
from memstore.domain.errors import DependencyUnavailable, ExtractionFailed, InvalidRequest

_RETRYABLE_STATUS = {408, 429}


class OpenAICompatibleExtractor(ToolCallExtractor):
    truncated_stop_reasons = frozenset({"length"})

    def __init__(
        self,
        model: str,
        base_url: str,
        api_key: str | Callable[[], str] | None = None,
        timeout: float = 60.0,
        *,
        temperature: float | None = 0.0,
    ):
        """`api_key` is the key or what reads it on first use (a Parameter Store secret);
        `temperature=None` leaves it out, for models that accept only their default."""
        if urllib.parse.urlsplit(base_url).scheme not in ("http", "https"):
            raise InvalidRequest("the OpenAI-compatible base URL must be an http(s) URL")
        self.name = f"openai:{model}"
        self.model = model
        self._url = base_url.rstrip("/") + "/chat/completions"
        self._api_key = api_key
        self._timeout = timeout
        self._temperature = temperature

    def _first_turns(self, user_turn: str) -> list[dict[str, Any]]:
        return [{"role": "user", "content": user_turn}]

    def _call(
        self, system: str, conversation: list[dict[str, Any]], schema: dict[str, Any]
    ) -> dict[str, Any]:
        tool = {"name": TOOL_NAME, "description": TOOL_DESCRIPTION, "parameters": schema}
        body: dict[str, Any] = {
            "model": self.model,
            "messages": [{"role": "system", "content": system}, *conversation],
            "tools": [{"type": "function", "function": tool}],
            "tool_choice": {"type": "function", "function": {"name": TOOL_NAME}},
        }
        if self._temperature is not None:
            body["temperature"] = self._temperature
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        key = self._api_key() if callable(self._api_key) else self._api_key
        if key:
            headers["Authorization"] = f"Bearer {key}"
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
        return {"choice": choice, "usage": payload.get("usage") or {}}

    def _usage(self, response: dict[str, Any]) -> tuple[int, int]:
        counts = response["usage"]
        return int(counts.get("prompt_tokens") or 0), int(counts.get("completion_tokens") or 0)

    def _stop_reason(self, response: dict[str, Any]) -> str | None:
        return response["choice"].get("finish_reason")

    def _tool_input(self, response: dict[str, Any]) -> Any:
        message = response["choice"].get("message") or {}
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
        if message.get("refusal") or response["choice"].get("finish_reason") == "content_filter":
            raise InvalidModelOutput(REFUSED)
        return decode_json_text(message.get("content"))

    def _repair_turns(self, response: dict[str, Any], instruction: str) -> list[dict[str, Any]]:
        """The bad answer goes back as it was; every tool call in it must get a tool message."""
        message = response["choice"].get("message") or {}
        calls = message.get("tool_calls") or []
        if not calls:
            return [
                {"role": "assistant", "content": message.get("content") or message.get("refusal") or ""},
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
