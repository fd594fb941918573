"""Which extractor a store's `definition.chat_model` names. Importing this module is cheap: the
adapters (and boto3) are imported only when one is made."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from memstore.domain.errors import InvalidRequest
from memstore.ports.extractor import Extractor

RULES_MODEL = "memstore-rules"
OPENAI_PREFIX = "openai:"

_BEDROCK_PROVIDERS = (
    "anthropic", "amazon", "meta", "mistral", "cohere", "ai21", "deepseek", "qwen", "writer", "openai",
)  # fmt: skip
BEDROCK_GEO_PREFIXES = ("us", "eu", "apac", "global", "us-gov", "jp", "au", "ca")
_BEDROCK_ID = re.compile(
    rf"^(?:(?:{'|'.join(re.escape(p) for p in BEDROCK_GEO_PREFIXES)})\.)?"
    rf"(?:{'|'.join(_BEDROCK_PROVIDERS)})\.[A-Za-z0-9][A-Za-z0-9._:-]{{0,150}}$"
)
_BEDROCK_ARN = re.compile(
    r"^arn:aws[a-z-]*:bedrock:[a-z0-9-]+:\d{12}:"
    r"(?:inference-profile|application-inference-profile|provisioned-model|custom-model)/[A-Za-z0-9._:/-]+$"
)
_NOT_CHAT = ("embed", "rerank", "image", "canvas", "reel")
"""Bedrock model families that share a provider prefix with chat models but cannot chat."""
_OPENAI_MODEL = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,190}$")


def _is_bedrock(name: str) -> bool:
    if _BEDROCK_ARN.match(name):
        return True
    return bool(_BEDROCK_ID.match(name)) and not any(word in name.lower() for word in _NOT_CHAT)


def _is_openai(name: str) -> bool:
    return name.startswith(OPENAI_PREFIX) and bool(_OPENAI_MODEL.match(name[len(OPENAI_PREFIX) :]))


def is_known_chat_model(name: str) -> bool:
    return name == RULES_MODEL or _is_bedrock(name) or _is_openai(name)


def make_extractor(
    chat_model: str,
    *,
    bedrock_client: Any = None,
    openai_base_url: str | None = None,
    openai_api_key: str | None = None,
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
    if _is_bedrock(chat_model):
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
