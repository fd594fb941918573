"""Extractor backed by a Bedrock chat model through the Converse API and one forced tool call.

At most two model calls per extract(): the first, and one repair call that shows the model its
invalid answer and the validation error. Forced tool choice (`{"tool": ...}`) is only accepted by
Anthropic Claude 3+ and Amazon Nova models, `{"any": {}}` by Mistral Large; other families get
no toolChoice (auto), so the system prompt insists on the tool and plain-text JSON is accepted."""

from __future__ import annotations

import logging
from typing import Any, Literal

from memstore.adapters.extractors import BEDROCK_GEO_PREFIXES
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
from memstore.domain.errors import DependencyUnavailable, ExtractionFailed
from memstore.domain.models import MemoryItem, StoreOptions
from memstore.ports.extractor import Extraction, Message

logger = logging.getLogger(__name__)

ToolChoiceMode = Literal["tool", "any", "auto"]

_CHOICE_BY_PROVIDER: dict[str, ToolChoiceMode] = {"anthropic": "tool", "amazon": "tool", "mistral": "any"}
_CUT_OFF = " The answer was cut off at the token limit: record fewer, shorter memories."
_VALIDATION_ERRORS = {"ValidationException"}
"""The request itself was refused (model without tool use, prompt over the context window):
retrying cannot help, so it is an extraction failure, not an unavailable dependency."""


def model_provider(model_id: str) -> str | None:
    """`us.anthropic.claude-…` → "anthropic"; ARNs of inference profiles too. None when the id
    does not say (e.g. a provisioned-throughput ARN)."""
    name = model_id.rsplit("/", 1)[-1] if model_id.startswith("arn:") else model_id
    parts = name.split(".")
    if len(parts) > 2 and parts[0] in BEDROCK_GEO_PREFIXES:
        parts = parts[1:]
    return parts[0] if len(parts) > 1 else None


def default_tool_choice(model_id: str) -> ToolChoiceMode:
    return _CHOICE_BY_PROVIDER.get(model_provider(model_id) or "", "auto")


class BedrockConverseExtractor:
    def __init__(
        self,
        model_id: str,
        client: Any = None,
        *,
        max_tokens: int = 2048,
        tool_choice: ToolChoiceMode | None = None,
    ):
        self.name = model_id
        self.model_id = model_id
        self._client = client
        self._max_tokens = max_tokens
        self._tool_choice = tool_choice or default_tool_choice(model_id)

    @property
    def client(self) -> Any:
        if self._client is None:
            import boto3
            from botocore.config import Config

            self._client = boto3.client(
                "bedrock-runtime",
                config=Config(
                    connect_timeout=5, read_timeout=120, retries={"mode": "standard", "max_attempts": 3}
                ),
            )
        return self._client

    def extract(
        self,
        messages: list[Message],
        context: list[Message],
        existing: list[MemoryItem],
        options: StoreOptions,
    ) -> Extraction:
        if not has_user_message(messages):
            return Extraction()
        system = [{"text": build_system_prompt(options)}]
        tool_config = self._tool_config(options)
        conversation: list[dict[str, Any]] = [
            {"role": "user", "content": [{"text": render_user_turn(messages, context, existing)}]}
        ]
        usage = {"input_tokens": 0, "output_tokens": 0, "total_tokens": 0}

        def parse(response: dict[str, Any]) -> Extraction:
            try:
                extraction = parse_extraction(
                    self._tool_input(response), messages, existing=existing, options=options
                )
            except InvalidModelOutput as err:
                if response.get("stopReason") != "max_tokens":
                    raise
                raise InvalidModelOutput(err.detail + _CUT_OFF) from err
            return extraction.model_copy(update={"usage": dict(usage)})

        first = self._converse(system, conversation, tool_config, usage)
        try:
            return parse(first)
        except InvalidModelOutput as err:
            logger.warning(
                "extractor output invalid, repairing",
                extra={"model": self.model_id, "stop_reason": first.get("stopReason")},
            )
            conversation += self._repair_turns(first, err.detail)

        second = self._converse(system, conversation, tool_config, usage)
        try:
            return parse(second)
        except InvalidModelOutput as err:
            raise ExtractionFailed(
                f"chat model {self.model_id} returned invalid output twice: {err.detail}"
            ) from err

    def _tool_config(self, options: StoreOptions) -> dict[str, Any]:
        config: dict[str, Any] = {
            "tools": [
                {
                    "toolSpec": {
                        "name": TOOL_NAME,
                        "description": TOOL_DESCRIPTION,
                        "inputSchema": {"json": output_schema(options)},
                    }
                }
            ]
        }
        if self._tool_choice == "tool":
            config["toolChoice"] = {"tool": {"name": TOOL_NAME}}
        elif self._tool_choice == "any":
            config["toolChoice"] = {"any": {}}
        return config

    def _converse(
        self,
        system: list[dict[str, Any]],
        conversation: list[dict[str, Any]],
        tool_config: dict[str, Any],
        usage: dict[str, int],
    ) -> dict[str, Any]:
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            response = self.client.converse(
                modelId=self.model_id,
                system=system,
                messages=conversation,
                inferenceConfig={"temperature": 0.0, "maxTokens": self._max_tokens},
                toolConfig=tool_config,
            )
        except ClientError as e:
            code = e.response.get("Error", {}).get("Code", "ClientError")
            if code in _VALIDATION_ERRORS:
                detail = e.response.get("Error", {}).get("Message", "")
                raise ExtractionFailed(f"Bedrock refused the request for {self.model_id}: {detail}") from e
            raise DependencyUnavailable(f"Bedrock {code} for chat model {self.model_id}") from e
        except BotoCoreError as e:
            raise DependencyUnavailable(
                f"Bedrock unreachable for chat model {self.model_id}: {type(e).__name__}"
            ) from e
        counts = response.get("usage") or {}
        usage["input_tokens"] += int(counts.get("inputTokens", 0))
        usage["output_tokens"] += int(counts.get("outputTokens", 0))
        usage["total_tokens"] = usage["input_tokens"] + usage["output_tokens"]
        return response

    @staticmethod
    def _blocks(response: dict[str, Any]) -> list[dict[str, Any]]:
        return ((response.get("output") or {}).get("message") or {}).get("content") or []

    def _tool_input(self, response: dict[str, Any]) -> Any:
        blocks = self._blocks(response)
        uses = [b["toolUse"] for b in blocks if "toolUse" in b]
        if uses:
            if uses[0].get("name") != TOOL_NAME:
                raise InvalidModelOutput(f"the only tool is {TOOL_NAME}")
            return uses[0].get("input")
        return decode_json_text("\n".join(b["text"] for b in blocks if "text" in b))

    def _repair_turns(self, response: dict[str, Any], detail: str) -> list[dict[str, Any]]:
        """The bad answer goes back verbatim; every toolUse in it must get a toolResult."""
        blocks = self._blocks(response)
        assistant = {"role": "assistant", "content": blocks or [{"text": "(no answer)"}]}
        uses = [b["toolUse"] for b in blocks if "toolUse" in b]
        instruction = repair_instruction(detail)
        if not uses:
            return [assistant, {"role": "user", "content": [{"text": instruction}]}]
        results = []
        for i, use in enumerate(uses):
            result: dict[str, Any] = {
                "toolUseId": use["toolUseId"],
                "content": [{"text": instruction if i == 0 else "Ignored: call the tool once."}],
            }
            if model_provider(self.model_id) == "anthropic":
                result["status"] = "error"
            results.append({"toolResult": result})
        return [assistant, {"role": "user", "content": results}]
