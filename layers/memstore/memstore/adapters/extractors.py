"""Which extractor a store's `definition.chat_model` names. Importing this module is cheap: the
adapters (and boto3) are imported only when one is made."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from memstore.adapters.bedrock_models import is_bedrock_chat_model
from memstore.domain.errors import InvalidRequest
from memstore.ports.extractor import Extractor

RULES_MODEL = "memstore-rules"
OPENAI_PREFIX = "openai:"
_OPENAI_MODEL = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,190}$")


def _is_openai(name: str) -> bool:
    return name.startswith(OPENAI_PREFIX) and bool(_OPENAI_MODEL.match(name[len(OPENAI_PREFIX) :]))


def is_known_chat_model(name: str) -> bool:
    return name == RULES_MODEL or is_bedrock_chat_model(name) or _is_openai(name)


def make_extractor(
    chat_model: str,
    *,
    bedrock_client: Any = None,
    openai_base_url: str | None = None,
    openai_api_key: str | Callable[[], str] | None = None,
    openai_timeout: float = 60.0,
    parser: Any = None,
    embedder: Callable[[], Any] | None = None,
) -> Extractor:
    """`parser` (the syntax port) and `embedder` (a factory of the store's embedder) serve the
    rules extractor only; the other extractors never load them."""
    if chat_model == RULES_MODEL:
        from memstore.adapters.rules_extractor import RulesExtractor

        if parser is None or embedder is None:
            raise ValueError("the rules extractor needs a parser and an embedder")
        return RulesExtractor(parser, embedder())
    if is_bedrock_chat_model(chat_model):
        from memstore.adapters.bedrock_extractor import BedrockConverseExtractor

        return BedrockConverseExtractor(chat_model, client=bedrock_client)
    if _is_openai(chat_model):
        if not openai_base_url:
            raise InvalidRequest(
                "openai: chat models need an OpenAI-compatible endpoint, and this deployment has "
                "none configured (OPENAI_BASE_URL)",
                param="definition.chat_model",
            )
        from memstore.adapters.openai_extractor import OpenAICompatibleExtractor

        return OpenAICompatibleExtractor(
            chat_model[len(OPENAI_PREFIX) :], openai_base_url, openai_api_key, openai_timeout
        )
    raise InvalidRequest(
        f"unknown chat_model; use {RULES_MODEL!r}, a Bedrock model id, or 'openai:<model>'",
        param="definition.chat_model",
    )
