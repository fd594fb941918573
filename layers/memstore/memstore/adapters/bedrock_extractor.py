"""Extractor backed by a Bedrock chat model through the Converse API and one forced tool call.

Only the transport lives here (request body, response unwrapping, error translation); the
prompt, the validation and the single repair call are `llm_extraction.ToolCallExtractor`'s.
Forced tool choice (`{"tool": ...}`) is only accepted by Anthropic Claude 3+ and Amazon Nova
models, `{"any": {}}` by Mistral Large; other families get no toolChoice (auto), so the system
prompt insists on the tool and plain-text JSON is accepted."""

from __future__ import annotations

from typing import Any, Literal

from memstore.adapters.bedrock_models import model_provider
from memstore.adapters.llm_extraction import InvalidModelOutput, ToolCallExtractor, decode_json_text
from memstore.adapters.llm_prompt import TOOL_DESCRIPTION, TOOL_NAME
from memstore.domain.errors import DependencyUnavailable, ExtractionFailed

ToolChoiceMode = Literal["tool", "any", "auto"]

_CHOICE_BY_PROVIDER: dict[str, ToolChoiceMode] = {"anthropic": "tool", "amazon": "tool", "mistral": "any"}
_VALIDATION_ERRORS = {"ValidationException"}
"""The request itself was refused (model without tool use, prompt over the context window):
retrying cannot help, so it is an extraction failure, not an unavailable dependency."""
_FILTERED = {"content_filtered", "guardrail_intervened"}


def default_tool_choice(model_id: str) -> ToolChoiceMode:
    return _CHOICE_BY_PROVIDER.get(model_provider(model_id) or "", "auto")


class BedrockConverseExtractor(ToolCallExtractor):
    truncated_stop_reasons = frozenset({"max_tokens"})

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

            from memstore.adapters.backoff import aws_config

            self._client = boto3.client(
                "bedrock-runtime", config=aws_config(connect_timeout=5, read_timeout=120)
            )
        return self._client

    def _tool_config(self, schema: dict[str, Any]) -> dict[str, Any]:
        config: dict[str, Any] = {
            "tools": [
                {
                    "toolSpec": {
                        "name": TOOL_NAME,
                        "description": TOOL_DESCRIPTION,
                        "inputSchema": {"json": schema},
                    }
                }
            ]
        }
        if self._tool_choice == "tool":
            config["toolChoice"] = {"tool": {"name": TOOL_NAME}}
        elif self._tool_choice == "any":
            config["toolChoice"] = {"any": {}}
        return config

    def _first_turns(self, user_turn: str) -> list[dict[str, Any]]:
        return [{"role": "user", "content": [{"text": user_turn}]}]

    def _call(
        self, system: str, conversation: list[dict[str, Any]], schema: dict[str, Any]
    ) -> dict[str, Any]:
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            return self.client.converse(
                modelId=self.model_id,
                system=[{"text": system}],
                messages=conversation,
                inferenceConfig={"temperature": 0.0, "maxTokens": self._max_tokens},
                toolConfig=self._tool_config(schema),
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

    def _usage(self, response: dict[str, Any]) -> tuple[int, int]:
        counts = response.get("usage") or {}
        return int(counts.get("inputTokens") or 0), int(counts.get("outputTokens") or 0)

    def _stop_reason(self, response: dict[str, Any]) -> str | None:
        return response.get("stopReason")

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
        if response.get("stopReason") in _FILTERED:
            raise InvalidModelOutput(
                f"the reply was stopped by a content filter before calling {TOOL_NAME}; record only "
                "what may be stored, with empty lists if nothing may"
            )
        return decode_json_text("\n".join(b["text"] for b in blocks if "text" in b))

    def _repair_turns(self, response: dict[str, Any], instruction: str) -> list[dict[str, Any]]:
        """The bad answer goes back verbatim; every toolUse in it must get a toolResult."""
        blocks = self._blocks(response)
        assistant = {"role": "assistant", "content": blocks or [{"text": "(no answer)"}]}
        uses = [b["toolUse"] for b in blocks if "toolUse" in b]
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
