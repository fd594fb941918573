"""The embedding port. Vectors are float32, L2-normalised, one row per text."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    import numpy as np


class Embedder(Protocol):
    model: str
    dimensions: int

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Shape (len(texts), dimensions), dtype float32, each row of unit length."""
