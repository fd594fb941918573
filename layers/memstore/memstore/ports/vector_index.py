"""The retrieval port: candidate memories for a query, from two rankers (vector and lexical).

Fusion and the recency/importance factor live in domain/ranking.py, so every backend ranks the
same way. The DynamoDB backend ranks in process; the OpenSearch backend asks a k-NN index."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, Union

from memstore.domain.models import MemoryItem

if TYPE_CHECKING:
    import numpy as np


QueryVector = Union["np.ndarray", Callable[[], "np.ndarray"]]
"""The query's vector, or a function that computes it on the calling thread: a backend that must
read before it ranks (the DynamoDB one checks the scope's stamp) reads on another thread
meanwhile, so the embedding (which leaves the GIL while the model runs) and the read overlap."""


def resolve(vector: QueryVector) -> np.ndarray:
    return vector() if callable(vector) else vector


@dataclass(slots=True)
class Hit:
    """One candidate (a plain record: a search builds up to a hundred of them)."""

    memory_id: str
    vector_score: float | None = None
    """Cosine similarity in [-1, 1], when the vector ranker found it."""
    text_score: float | None = None
    """BM25 score (unbounded, >= 0), when the lexical ranker found it."""
    item: MemoryItem | None = None
    """The memory itself when the backend already holds it (the in-process one does); else the
    search service reads it from the table."""


class VectorIndex(Protocol):
    def upsert(self, item: MemoryItem, vector: np.ndarray | None) -> None: ...

    def delete(self, store: str, scope: str, memory_id: str) -> None: ...

    def delete_scope(self, store: str, scope: str) -> None: ...

    def delete_store(self, store: str) -> None: ...

    def live_items(self, store: str, scope: str, now: float, model: str = "") -> list[MemoryItem] | None:
        """The scope's live memories if this backend keeps them at hand (a warm cache), else None
        and the caller reads the table."""

    def query(
        self, store: str, scope: str, text: str, vector: QueryVector, k: int, now: float, model: str = ""
    ) -> list[Hit]:
        """At least k hits from each ranker (when there are), merged by memory_id. Never another
        scope's. `model` is the store's embedding model (the vectors the query is compared to)."""
