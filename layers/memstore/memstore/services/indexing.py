"""Mirrors memory rows from the table's change stream into the vector index (OpenSearch backend).

The table stays the source of truth; the index is a projection that the stream keeps current:
an inserted or changed memory is upserted (with its stored embedding when it was made by the
store's model, else embedded here), an expired or removed one is deleted. Rows that are not
memories (updates, scope state, pointers, stores) share the stream and are ignored by their keys,
before anything is decoded. Failures are reported per record, so Lambda retries from the first
failed record instead of the whole batch.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from memstore.domain import vectors
from memstore.domain.models import MemoryItem
from memstore.domain.speaker_labels import embedding_text
from memstore.ports.clock import Clock, system_clock
from memstore.ports.embedder import Embedder
from memstore.ports.vector_index import VectorIndex

logger = logging.getLogger(__name__)

ImageDecoder = Callable[[dict[str, Any]], MemoryItem]
"""A stream image (DynamoDB JSON) of a memory row → the item; the table adapter provides it."""

EmbedderForStore = Callable[[str], Embedder | None]
"""The store's embedder by store name; None when the store no longer exists."""

INDEXED_ATTRIBUTES = (
    "store",
    "scope",
    "kind",
    "content",
    "importance",
    "created_at",
    "updated_at",
    "expires_at",
    "version",
    "embedding",
    "embedding_model",
)
"""What the index's documents are made of. A change to anything else (the access counts every
search writes) leaves the document as it is, so it costs no write to the index."""


class Action(StrEnum):
    UPSERTED = "upserted"
    DELETED = "deleted"
    IGNORED = "ignored"


@dataclass
class BatchResult:
    counts: dict[Action, int] = field(default_factory=lambda: dict.fromkeys(Action, 0))
    failed: list[str] = field(default_factory=list)
    ttl_deletions: int = 0

    def response(self) -> dict[str, Any]:
        """The partial-batch answer Lambda's ReportBatchItemFailures expects."""
        return {"batchItemFailures": [{"itemIdentifier": i} for i in self.failed]}


def is_memory_row(keys: dict[str, Any]) -> bool:
    pk = keys.get("pk", {}).get("S", "")
    sk = keys.get("sk", {}).get("S", "")
    return pk.startswith("STORE#") and "#SCOPE#" in pk and sk.startswith("MEM#")


def is_ttl_removal(record: dict[str, Any]) -> bool:
    """DynamoDB's TTL deletions are REMOVE records made by the service principal."""
    identity = record.get("userIdentity") or {}
    return (
        record.get("eventName") == "REMOVE"
        and identity.get("type") == "Service"
        and identity.get("principalId") == "dynamodb.amazonaws.com"
    )


def record_id(record: dict[str, Any]) -> str:
    """The identifier Lambda wants back for a failed stream record: its sequence number."""
    return str(record.get("dynamodb", {}).get("SequenceNumber") or record.get("eventID", ""))


class IndexingService:
    def __init__(
        self,
        index: VectorIndex,
        embed_for_store: EmbedderForStore,
        decode_image: ImageDecoder,
        clock: Clock = system_clock,
    ):
        self._index = index
        self._embedder_for = embed_for_store
        self._decode = decode_image
        self._clock = clock

    def apply(self, record: dict[str, Any]) -> Action:
        change = record.get("dynamodb") or {}
        if not is_memory_row(change.get("Keys") or {}):
            return Action.IGNORED
        event = record.get("eventName")
        if event == "REMOVE":
            item = self._decode(_image(change, "OldImage"))
            self._index.delete(item.store, item.scope, item.memory_id)
            return Action.DELETED
        if event not in ("INSERT", "MODIFY"):
            return Action.IGNORED
        new_image = _image(change, "NewImage")
        old_image = change.get("OldImage")
        if event == "MODIFY" and old_image is not None and _indexed(old_image) == _indexed(new_image):
            return Action.IGNORED
        item = self._decode(new_image)
        if item.is_expired(self._clock()):
            self._index.delete(item.store, item.scope, item.memory_id)
            return Action.DELETED
        embedder = self._embedder_for(item.store)
        if embedder is None:
            return Action.IGNORED
        self._index.upsert(item, self._vector(item, embedder))
        return Action.UPSERTED

    def process(self, records: Iterable[dict[str, Any]]) -> BatchResult:
        """Applies each record; a record that raises is reported, and the others still run
        (Lambda replays from the first failed one, so later changes are applied again after it)."""
        result = BatchResult()
        for record in records:
            try:
                action = self.apply(record)
            except Exception as e:  # noqa: BLE001 - every failure is reported per record
                result.failed.append(record_id(record))
                logger.warning(
                    "stream record failed",
                    extra={"sequence_number": record_id(record), "error_type": type(e).__name__},
                )
                continue
            result.counts[action] += 1
            if action is Action.DELETED and is_ttl_removal(record):
                result.ttl_deletions += 1
        return result

    @staticmethod
    def _vector(item: MemoryItem, embedder: Embedder):
        if item.embedding and item.embedding_model == embedder.model:
            stored = vectors.decode(item.embedding)
            if len(stored) == embedder.dimensions:
                return stored
        return embedder.embed([embedding_text(item.content, item.topic, item.kind)])[0]


def _image(change: dict[str, Any], name: str) -> dict[str, Any]:
    image = change.get(name)
    if not image:
        raise ValueError(f"stream record has no {name}: the table's stream must be NEW_AND_OLD_IMAGES")
    return image


def _indexed(image: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(image.get(name) for name in INDEXED_ATTRIBUTES)
