"""`pinecone`: records as vectors of a Pinecone index (the official `pinecone` client), one Pinecone
namespace per memory namespace. Embeddings are computed here (the local MiniLM unless given an
embedder), so the index's dimension must match (384 for MiniLM), metric cosine.

Install with `pip install memstore[pinecone]`; the client is imported only when this provider is
chosen. memstore's tests run it against a recorded-response fake of Pinecone's data plane
(tests/contract/pinecone_fake.py), not a live index: no local Pinecone server exists.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from memstore.memory.embedding import embed
from memstore.memory.record import MemoryRecord
from memstore.memory.relevance import matches

if TYPE_CHECKING:
    from memstore.ports.embedder import Embedder

_SCALARS = (str, int, float, bool)
_FIELD = "m:"
_FETCH_BATCH = 100
_MAX_TOP_K = 10_000


class PineconeProvider:
    """`api_key` and `host` (the index's host, from the Pinecone console or `describe_index`), or an
    `index` object of the client already made."""

    name = "pinecone"

    def __init__(
        self,
        api_key: str | None = None,
        host: str | None = None,
        index: Any = None,
        embedder: Embedder | None = None,
    ) -> None:
        if index is None:
            from pinecone import Pinecone

            if not api_key or not host:
                raise ValueError("the pinecone provider needs api_key and host (or an index)")
            index = Pinecone(api_key=api_key).Index(host=host)
        self._index = index
        self._embedder = embedder

    def set(self, record: MemoryRecord) -> None:
        fields: dict[str, Any] = {
            "_key": record.key,
            "_value": record.value,
            "_written": time.time(),
            "_metadata": json.dumps(record.metadata),
        }
        fields.update(
            {_FIELD + k: v for k, v in record.metadata.items() if isinstance(v, _SCALARS) and v is not None}
        )
        vector = embed(self._embedder, [record.value])[0]
        self._index.upsert(
            vectors=[{"id": _id(record.key), "values": vector.tolist(), "metadata": fields}],
            namespace=record.namespace,
        )

    def get(self, key: str, namespace: str) -> MemoryRecord | None:
        vectors = self._index.fetch(ids=[_id(key)], namespace=namespace).vectors
        found = vectors.get(_id(key))
        return None if found is None else _record(found.metadata, namespace)

    def exists(self, key: str, namespace: str) -> bool:
        return _id(key) in self._index.fetch(ids=[_id(key)], namespace=namespace).vectors

    def search(
        self, query: str, namespace: str, limit: int, metadata: Mapping[str, Any] | None
    ) -> list[MemoryRecord]:
        conditions = [
            {_FIELD + k: {"$eq": v}} for k, v in (metadata or {}).items() if isinstance(v, _SCALARS)
        ]
        rest = {k: v for k, v in (metadata or {}).items() if not isinstance(v, _SCALARS)}
        if not query.strip():
            return self._listing(namespace, limit, metadata)
        answer = self._index.query(
            vector=embed(self._embedder, [query])[0].tolist(),
            top_k=_MAX_TOP_K if rest else limit,
            namespace=namespace,
            filter=None
            if not conditions
            else conditions[0]
            if len(conditions) == 1
            else {"$and": conditions},
            include_metadata=True,
            include_values=False,
        )
        found = [
            _record(match.metadata, namespace).with_score(float(match.score)) for match in answer.matches
        ]
        return [record for record in found if matches(record.metadata, rest)][:limit]

    def _listing(self, namespace: str, limit: int, metadata: Mapping[str, Any] | None) -> list[MemoryRecord]:
        rows: list[tuple[float, MemoryRecord]] = []
        for page in self._index.list(namespace=namespace):
            ids = [item.id for item in page.vectors] if hasattr(page, "vectors") else list(page)
            for start in range(0, len(ids), _FETCH_BATCH):
                fetched = self._index.fetch(ids=ids[start : start + _FETCH_BATCH], namespace=namespace)
                for vector in fetched.vectors.values():
                    record = _record(vector.metadata, namespace)
                    if matches(record.metadata, metadata):
                        rows.append((float(vector.metadata["_written"]), record))
        rows.sort(key=lambda row: -row[0])
        return [record.with_score(0.0) for _, record in rows[:limit]]

    def delete(self, key: str, namespace: str) -> bool:
        if not self.exists(key, namespace):
            return False
        self._index.delete(ids=[_id(key)], namespace=namespace)
        return True

    def clear(self, namespace: str) -> None:
        from pinecone.exceptions import NotFoundException

        with contextlib.suppress(NotFoundException):  # Pinecone's answer for an empty namespace
            self._index.delete(delete_all=True, namespace=namespace)

    def close(self) -> None:
        close = getattr(self._index, "close", None)
        if close is not None:
            close()


def _id(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def _record(fields: Mapping[str, Any], namespace: str) -> MemoryRecord:
    return MemoryRecord(fields["_key"], fields["_value"], namespace, json.loads(fields["_metadata"]))
