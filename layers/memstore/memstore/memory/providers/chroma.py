"""`chroma`: records in an embedded, persistent Chroma collection (the `chromadb` package).

Chroma's default embedding function downloads a model at run time; this provider never uses it:
it computes embeddings itself (the local MiniLM unless given an embedder) and hands Chroma vectors.
Install with `pip install memstore[chroma]`; chromadb is imported only when this provider is chosen.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memstore.memory.embedding import embed
from memstore.memory.record import MemoryRecord
from memstore.memory.relevance import matches

if TYPE_CHECKING:
    from memstore.ports.embedder import Embedder

_SCALARS = (str, int, float, bool)
_FIELD = "m:"
"""Prefix of the metadata fields Chroma filters on: one per scalar value of a record's metadata."""


class ChromaProvider:
    """`path`: the directory Chroma persists to. `collection`: its collection name."""

    name = "chroma"

    def __init__(
        self,
        path: str | Path = "chroma",
        collection: str = "memstore_memory",
        embedder: Embedder | None = None,
    ) -> None:
        import chromadb
        from chromadb.config import Settings

        self._client = chromadb.PersistentClient(
            path=str(path), settings=Settings(anonymized_telemetry=False, allow_reset=False)
        )
        self._collection = self._client.get_or_create_collection(
            collection, embedding_function=None, metadata={"hnsw:space": "cosine"}
        )
        self._embedder = embedder
        self._lock = threading.Lock()

    def set(self, record: MemoryRecord) -> None:
        fields: dict[str, Any] = {
            "namespace": record.namespace,
            "key": record.key,
            "written": time.time_ns(),
            "metadata": json.dumps(record.metadata),
        }
        fields.update(
            {_FIELD + k: v for k, v in record.metadata.items() if isinstance(v, _SCALARS) and v is not None}
        )
        vector = embed(self._embedder, [record.value])[0]
        with self._lock:
            self._collection.upsert(
                ids=[_id(record.key, record.namespace)],
                embeddings=[vector.tolist()],
                documents=[record.value],
                metadatas=[fields],
            )

    def get(self, key: str, namespace: str) -> MemoryRecord | None:
        with self._lock:
            found = self._collection.get(ids=[_id(key, namespace)], include=["documents", "metadatas"])
        if not found["ids"]:
            return None
        return _record(found["documents"][0], found["metadatas"][0])

    def exists(self, key: str, namespace: str) -> bool:
        with self._lock:
            return bool(self._collection.get(ids=[_id(key, namespace)], include=[])["ids"])

    def search(
        self, query: str, namespace: str, limit: int, metadata: Mapping[str, Any] | None
    ) -> list[MemoryRecord]:
        conditions: list[dict[str, Any]] = [{"namespace": namespace}]
        rest: dict[str, Any] = {}
        for k, v in (metadata or {}).items():
            if isinstance(v, _SCALARS):
                conditions.append({_FIELD + k: v})
            else:
                rest[k] = v
        where = conditions[0] if len(conditions) == 1 else {"$and": conditions}
        with self._lock:
            if not query.strip():
                found = self._collection.get(where=where, include=["documents", "metadatas"])
                rows = sorted(
                    zip(found["documents"], found["metadatas"], strict=True),
                    key=lambda row: -row[1]["written"],
                )
                scored = [(_record(doc, fields), 0.0) for doc, fields in rows]
            else:
                vector = embed(self._embedder, [query])[0]
                count = self._collection.count()
                if count == 0:
                    return []
                found = self._collection.query(
                    query_embeddings=[vector.tolist()],
                    n_results=min(count, limit if not rest else count),
                    where=where,
                    include=["documents", "metadatas", "distances"],
                )
                scored = [
                    (_record(doc, fields), 1.0 - float(distance))
                    for doc, fields, distance in zip(
                        found["documents"][0], found["metadatas"][0], found["distances"][0], strict=True
                    )
                ]
        kept = [record.with_score(score) for record, score in scored if matches(record.metadata, rest)]
        return kept[:limit]

    def delete(self, key: str, namespace: str) -> bool:
        with self._lock:
            ids = self._collection.get(ids=[_id(key, namespace)], include=[])["ids"]
            if ids:
                self._collection.delete(ids=ids)
        return bool(ids)

    def clear(self, namespace: str) -> None:
        with self._lock:
            self._collection.delete(where={"namespace": namespace})

    def close(self) -> None:
        pass


def _id(key: str, namespace: str) -> str:
    return hashlib.sha256(json.dumps([namespace, key]).encode("utf-8")).hexdigest()


def _record(document: str, fields: Mapping[str, Any]) -> MemoryRecord:
    return MemoryRecord(fields["key"], document, fields["namespace"], json.loads(fields["metadata"]))
