"""Model name -> `Embedder`, for a store's `definition.embedding_model`.

Titan v2 names may carry the output size: `amazon.titan-embed-text-v2:0` is 1024 dimensions,
`amazon.titan-embed-text-v2:0:512` and `amazon.titan-embed-text-v2:0:256` the smaller sizes. The
size belongs in the name because a store's stored vectors fix it for the store's whole life.

Adapters are imported inside `make_embedder`, so importing this module (as the stores handler does
to validate names) loads neither numpy nor onnxruntime nor boto3.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from memstore.domain.errors import InvalidRequest

if TYPE_CHECKING:
    from memstore.ports.embedder import Embedder

MINILM = "all-MiniLM-L6-v2"
TITAN_V2 = "amazon.titan-embed-text-v2:0"
HASHING = "memstore-hashing"

_DIMENSIONS: dict[str, int] = {
    MINILM: 384,
    TITAN_V2: 1024,
    f"{TITAN_V2}:512": 512,
    f"{TITAN_V2}:256": 256,
    HASHING: 64,
}

KNOWN_EMBEDDING_MODELS: tuple[str, ...] = tuple(_DIMENSIONS)


def _unknown(model: str) -> InvalidRequest:
    return InvalidRequest(
        f"unknown embedding model {model[:100]!r}; expected one of: {', '.join(KNOWN_EMBEDDING_MODELS)}",
        param="definition.embedding_model",
    )


def embedding_dimensions(model: str) -> int:
    """The vector size a model produces, without loading it (e.g. to create a k-NN index)."""
    if model not in _DIMENSIONS:
        raise _unknown(model)
    return _DIMENSIONS[model]


def make_embedder(
    model: str,
    *,
    bedrock_runtime: Any = None,
    model_cache_dir: str | os.PathLike[str] | None = None,
) -> Embedder:
    """A new embedder for `model`. Callers cache it (the local model costs ~0.5 s and ~100 MB to load).

    `bedrock_runtime` is an optional boto3 `bedrock-runtime` client for the Titan models;
    `model_cache_dir` is where the local model keeps its built ONNX file.
    """
    if model not in _DIMENSIONS:
        raise _unknown(model)
    if model == MINILM:
        from memstore.adapters.local_embedder import LocalMiniLMEmbedder

        return LocalMiniLMEmbedder(cache_dir=model_cache_dir)
    if model == HASHING:
        from memstore.adapters.hashing_embedder import HashingEmbedder

        return HashingEmbedder(dimensions=_DIMENSIONS[HASHING])
    from memstore.adapters.bedrock_embedder import BedrockTitanEmbedder

    return BedrockTitanEmbedder(dimensions=_DIMENSIONS[model], client=bedrock_runtime)
