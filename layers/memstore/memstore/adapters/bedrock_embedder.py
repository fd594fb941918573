"""Amazon Titan Text Embeddings V2 on Bedrock, through `bedrock-runtime` InvokeModel.

Titan v2 embeds one text per call, so a batch is a loop of calls. Errors become
`DependencyUnavailable` (503): the API layer must not leak AWS error shapes, and callers may retry.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import numpy as np

from memstore.domain.errors import DependencyUnavailable

MODEL_ID = "amazon.titan-embed-text-v2:0"
ALLOWED_DIMENSIONS = (256, 512, 1024)
DEFAULT_DIMENSIONS = 1024
MAX_INPUT_CHARS = 20_000
"""Titan v2 takes at most 8,192 tokens and 50,000 characters. At ~4 characters a token, 20,000
characters keep ordinary text well under the token limit; the rest of a longer text is dropped."""


def model_name(dimensions: int) -> str:
    """The store-level model name: the Bedrock model id, plus `:<dims>` unless it is the default 1024."""
    return MODEL_ID if dimensions == DEFAULT_DIMENSIONS else f"{MODEL_ID}:{dimensions}"


class BedrockTitanEmbedder:
    """The `Embedder` for `amazon.titan-embed-text-v2:0` at 256, 512 or 1024 dimensions."""

    def __init__(
        self,
        dimensions: int = DEFAULT_DIMENSIONS,
        client: Any = None,
        region_name: str | None = None,
        max_chars: int = MAX_INPUT_CHARS,
    ):
        if dimensions not in ALLOWED_DIMENSIONS:
            raise ValueError(f"Titan v2 dimensions must be one of {ALLOWED_DIMENSIONS}, not {dimensions}")
        if max_chars < 1:
            raise ValueError("max_chars must be positive")
        self.dimensions = dimensions
        self.model = model_name(dimensions)
        self.max_chars = max_chars
        self._client = client
        self._region_name = region_name

    @property
    def client(self) -> Any:
        """The bedrock-runtime client, created on first use so that constructing costs nothing."""
        if self._client is None:
            import boto3

            from memstore.adapters.backoff import aws_config

            self._client = boto3.client(
                "bedrock-runtime",
                region_name=self._region_name,
                config=aws_config(connect_timeout=2, read_timeout=10),
            )
        return self._client

    def request_body(self, text: str) -> str:
        return json.dumps(
            {"inputText": text[: self.max_chars], "dimensions": self.dimensions, "normalize": True}
        )

    def _embed_one(self, text: str) -> np.ndarray:
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            response = self.client.invoke_model(
                modelId=MODEL_ID,
                contentType="application/json",
                accept="application/json",
                body=self.request_body(text),
            )
            payload = json.loads(response["body"].read())
        except ClientError as e:
            code = e.response.get("Error", {}).get("Code", "unknown")
            raise DependencyUnavailable(f"Bedrock embedding call failed ({code})") from e
        except BotoCoreError as e:
            raise DependencyUnavailable(f"Bedrock embedding call failed ({type(e).__name__})") from e
        except ValueError as e:
            raise DependencyUnavailable("Bedrock returned a body that is not JSON") from e

        embedding = payload.get("embedding") if isinstance(payload, dict) else None
        if not isinstance(embedding, list) or len(embedding) != self.dimensions:
            raise DependencyUnavailable(
                f"Bedrock returned no embedding of {self.dimensions} dimensions for {MODEL_ID}"
            )
        try:
            vector = np.asarray(embedding, dtype=np.float32)
        except (TypeError, ValueError) as e:
            raise DependencyUnavailable("Bedrock returned an embedding that is not numeric") from e
        # Titan normalises when asked; normalising again costs nothing and guards the port's contract.
        norm = float(np.linalg.norm(vector))
        if not np.isfinite(norm) or norm == 0.0:
            raise DependencyUnavailable("Bedrock returned an embedding of zero or non-finite length")
        return vector / norm

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if isinstance(texts, str):
            raise TypeError("embed() takes a sequence of texts, not one string")
        out = np.empty((len(texts), self.dimensions), dtype=np.float32)
        for row, text in enumerate(texts):
            out[row] = self._embed_one(text)
        return out
