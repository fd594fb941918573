"""A scope's memories in the columns search ranks them by: each memory's public fields (a JSON
document, made into a MemoryItem only when a search returns it or needs the whole scope), the
tokens BM25 indexes it under, and its normalised vector. The DynamoDB backend keeps this per
scope in the warm container and in the scope's snapshot (adapters/scope_snapshot.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

import numpy as np

from memstore.domain import ranking, topics, vectors
from memstore.domain.models import MemoryItem

LEFT_OUT = frozenset({"embedding", "revisions"})
"""What a document leaves out: the vector is a column of its own, revisions are never searched."""


def tokens_of(item: MemoryItem) -> list[str]:
    return ranking.tokenize(topics.search_text(item.content, item.topic, item.kind))


def document(item: MemoryItem) -> dict[str, Any]:
    """Fields at their default are left out (validation puts them back)."""
    return item.model_dump(mode="json", exclude=set(LEFT_OUT), exclude_defaults=True)


class LazyItems(Sequence[MemoryItem]):
    """Memory items made from their documents on first use: a search returns tens of a scope's
    thousands, and validating all of them would cost more than the search."""

    def __init__(self, docs: Sequence[dict[str, Any]], made: Sequence[MemoryItem | None] | None = None):
        self._docs = docs
        self._made: list[MemoryItem | None] = list(made) if made is not None else [None] * len(docs)

    def __len__(self) -> int:
        return len(self._docs)

    @overload
    def __getitem__(self, i: int) -> MemoryItem: ...

    @overload
    def __getitem__(self, i: slice) -> list[MemoryItem]: ...

    def __getitem__(self, i: int | slice) -> MemoryItem | list[MemoryItem]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        made = self._made[i]
        if made is None:
            made = MemoryItem.model_validate(self._docs[i])
            self._made[i] = made
        return made

    def __iter__(self) -> Iterator[MemoryItem]:
        return (self[i] for i in range(len(self)))

    def made(self) -> list[MemoryItem | None]:
        return self._made


@dataclass(frozen=True)
class ScopeRows:
    """Row i of each column is the same memory. `matrix` rows are unit length (or zero)."""

    docs: list[dict[str, Any]]
    tokens: list[list[str]]
    matrix: np.ndarray
    items: LazyItems

    @classmethod
    def empty(cls, dimensions: int) -> ScopeRows:
        return cls([], [], np.zeros((0, dimensions), dtype=np.float32), LazyItems([]))

    @classmethod
    def from_items(cls, items: Sequence[MemoryItem], dimensions: int) -> ScopeRows:
        """Items whose `embedding` is set (the store's model)."""
        if not items:
            return cls.empty(dimensions)
        matrix = normalised(np.stack([vectors.decode(i.embedding or b"") for i in items]))
        docs = [document(i) for i in items]
        return cls(docs, [tokens_of(i) for i in items], matrix, LazyItems(docs, list(items)))

    @property
    def ids(self) -> list[str]:
        return [d["memory_id"] for d in self.docs]

    def __len__(self) -> int:
        return len(self.docs)

    def replaced(self, changed: Iterable[str], current: ScopeRows) -> ScopeRows:
        """These rows with every memory named in `changed` taken out, and `current` (what the
        table holds now for those of them that still exist) added."""
        gone = set(changed)
        keep = [i for i, d in enumerate(self.docs) if d["memory_id"] not in gone]
        if len(keep) == len(self.docs) and not len(current):
            return self
        made = self.items.made()
        return ScopeRows(
            [self.docs[i] for i in keep] + current.docs,
            [self.tokens[i] for i in keep] + current.tokens,
            np.concatenate([self.matrix[keep], current.matrix.astype(np.float32)])
            if len(current)
            else self.matrix[keep],
            LazyItems(
                [self.docs[i] for i in keep] + current.docs,
                [made[i] for i in keep] + current.items.made(),
            ),
        )

    def expires(self) -> np.ndarray:
        return np.array([d.get("expires_at") or 0 for d in self.docs], dtype=np.int64)

    def live(self, now: float) -> ScopeRows:
        """Without the memories whose time is up."""
        expires = self.expires()
        dead = [d["memory_id"] for d, e in zip(self.docs, expires, strict=True) if e and e <= now]
        return self.replaced(dead, ScopeRows.empty(self.matrix.shape[1])) if dead else self


def normalised(matrix: np.ndarray) -> np.ndarray:
    matrix = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return np.divide(matrix, norms, out=np.zeros_like(matrix), where=norms > 0)


def quantise(matrix: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """int8 codes and a float32 scale per row: row ~ codes * scale (cosine error ~1e-3)."""
    matrix = np.asarray(matrix, dtype=np.float32)
    peak = np.abs(matrix).max(axis=1) if matrix.size else np.zeros(len(matrix), dtype=np.float32)
    scales = np.where(peak > 0, peak / 127.0, 1.0).astype(np.float32)
    codes = np.clip(np.rint(matrix / scales[:, None]), -127, 127).astype(np.int8)
    return codes, scales


def dequantise(codes: np.ndarray, scales: np.ndarray) -> np.ndarray:
    return normalised(codes.astype(np.float32) * scales[:, None])


def bm25_index(tokens: Sequence[list[str]]) -> ranking.Bm25Index:
    """`ranking.Bm25Index.build` over documents already tokenised (tests/unit/test_scope_rows.py
    holds the two equal)."""
    postings: dict[str, list[tuple[int, int]]] = {}
    add = postings.setdefault
    lengths = []
    for doc_id, terms in enumerate(tokens):
        lengths.append(len(terms))
        if len(set(terms)) == len(terms):  # most memories repeat no term: no Counter needed
            for term in terms:
                add(term, []).append((doc_id, 1))
        else:
            for term, tf in Counter(terms).items():
                add(term, []).append((doc_id, tf))
    avg = (sum(lengths) / len(lengths)) if lengths else 0.0
    return ranking.Bm25Index(postings, lengths, avg)
