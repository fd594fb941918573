"""The grammar of Bedrock model ids, shared by the extractor factory (which names are Bedrock chat
models) and the Converse extractor (which provider a model id names): model ids, cross-region
inference profiles (`us.`, `eu.`, … prefixes) and ARNs."""

from __future__ import annotations

import re

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


def is_bedrock_chat_model(name: str) -> bool:
    if _BEDROCK_ARN.match(name):
        return True
    return bool(_BEDROCK_ID.match(name)) and not any(word in name.lower() for word in _NOT_CHAT)


def model_provider(model_id: str) -> str | None:
    """`us.anthropic.claude-…` → "anthropic"; ARNs of inference profiles too. None when the id
    does not say (e.g. a provisioned-throughput ARN)."""
    name = model_id.rsplit("/", 1)[-1] if model_id.startswith("arn:") else model_id
    parts = name.split(".")
    if len(parts) > 2 and parts[0] in BEDROCK_GEO_PREFIXES:
        parts = parts[1:]
    return parts[0] if len(parts) > 1 else None
