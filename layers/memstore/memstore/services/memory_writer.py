"""Applies consolidation operations to a scope's memories, idempotently: a retried run of the
same update writes the same memory ids, finds its rewrites already in place, and reinforces a
memory at most once per update. (An update's explicit command and its later extraction are two
runs under one update id: each rewrite is judged by its content, not by the id.)"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol, runtime_checkable

from memstore.domain.content_limit import cut_to_limit, split_to_limit
from memstore.domain.errors import Conflict
from memstore.domain.extraction import Candidate
from memstore.domain.ids import derived_id
from memstore.domain.lifecycle import kept_expiry
from memstore.domain.merge import Operation
from memstore.domain.models import Kind, MemoryItem, Revision, Source, Store
from memstore.ports.clock import Clock
from memstore.ports.repository import Repository
from memstore.services.items import expiry

REINFORCE_STEP = 0.1
"""How much a repeated statement raises a memory's importance (capped at 1)."""

ItemDeletedHook = Callable[[MemoryItem], None]
ChangeHook = Callable[[MemoryItem, str, str, str], None]
"""Called with a memory as it was before an update deleted ("deleted") or rewrote ("replaced")
it, the update's id, the writer's `reason` and which of the two happened (the deletion audit)."""


@runtime_checkable
class Vectors(Protocol):
    """Embeddings consolidation already computed, stored with the memories they belong to."""

    model: str

    def vector_bytes(self, text: str) -> bytes | None: ...


def _with_source(source: Source, update_id: str, message_ids: list[str]) -> Source:
    return Source(
        update_ids=[*source.update_ids, update_id]
        if update_id not in source.update_ids
        else source.update_ids,
        message_ids=list(dict.fromkeys([*source.message_ids, *message_ids])),
    )


def _embedding(known: Vectors | None, content: str) -> dict:
    vector = known.vector_bytes(content) if known is not None else None
    if vector is None:
        return {"embedding": None, "embedding_model": None}
    return {"embedding": vector, "embedding_model": known.model}


def _summary(kind: str, item: MemoryItem, include_content: bool = True) -> dict:
    view = item.public()
    if not include_content:
        view.pop("content")
        view.pop("source")
    return {"kind": kind, "memory_item": view}


class MemoryWriter:
    def __init__(
        self,
        repo: Repository,
        clock: Clock,
        on_item_deleted: tuple[ItemDeletedHook, ...] = (),
        on_changed: tuple[ChangeHook, ...] = (),
    ):
        self._repo = repo
        self._clock = clock
        self._on_item_deleted = on_item_deleted
        self._on_changed = on_changed

    def apply(
        self,
        store: Store,
        scope: str,
        operations: list[Operation],
        update_id: str,
        vectors: object = None,
        reason: str = "update",
        read: Mapping[str, MemoryItem] | None = None,
    ) -> list[dict]:
        """Returns the API's `memory_operations`. A deleted memory is reported without its
        content: what a user asked to forget is not kept in the update's result either.
        `reason` ("update" or "command") is recorded in the revisions a rewrite leaves. `read`:
        the memories as the caller read them; a rewrite is tried on that version first (its
        version check catches any write since) and reads the memory only when it changed."""
        now = int(self._clock())
        known = vectors if isinstance(vectors, Vectors) else None
        report: list[dict] = []
        for index, op in enumerate(operations):
            if op.action == "create" and op.candidate is not None:
                for item in self._create(store, scope, op, update_id, index, now, known):
                    report.append(_summary("create", item))
            elif op.action in ("update", "reinforce") and op.memory_id:
                item = self._revise(store, op, update_id, now, known, reason, (read or {}).get(op.memory_id))
                if item is not None:
                    report.append(_summary("update", item))
            elif op.action == "delete" and op.memory_id:
                deleted = self._repo.delete_item(store.name, op.memory_id)
                if deleted is not None:
                    for hook in self._on_item_deleted:
                        hook(deleted)
                    for change in self._on_changed:
                        change(deleted, update_id, reason, "deleted")
                    report.append(_summary("delete", deleted, include_content=False))
        return report

    def _create(
        self,
        store: Store,
        scope: str,
        op: Operation,
        update_id: str,
        index: int,
        now: int,
        known: Vectors | None,
    ) -> list[MemoryItem]:
        """One memory, or, for a summary over the content limit, one per piece of it (split
        between sentences); a fact over the limit is cut."""
        candidate = op.candidate
        if candidate.kind == Kind.CHAT_SUMMARY:
            pieces = split_to_limit(candidate.content)
        else:
            pieces = [cut_to_limit(candidate.content)]
        if pieces == [candidate.content]:
            seeds = [f"{update_id}#{index}#{candidate.content}"]
        else:
            seeds = [f"{update_id}#{index}#{part}#{piece}" for part, piece in enumerate(pieces)]
        return [
            self._create_one(store, scope, candidate, update_id, seed, piece, now, known)
            for seed, piece in zip(seeds, pieces, strict=True)
        ]

    def _create_one(
        self,
        store: Store,
        scope: str,
        candidate: Candidate,
        update_id: str,
        seed: str,
        content: str,
        now: int,
        known: Vectors | None,
    ) -> MemoryItem:
        item = MemoryItem(
            memory_id=derived_id("mem", seed, now),
            store=store.name,
            scope=scope,
            kind=candidate.kind,
            content=content,
            created_at=now,
            updated_at=now,
            expires_at=expiry(store, now),
            importance=candidate.importance,
            topic=candidate.topic,
            source=Source(update_ids=[update_id], message_ids=candidate.message_ids),
            **_embedding(known, content),
        )
        try:
            self._repo.put_item(item)
        except Conflict:
            existing = self._repo.get_item(store.name, item.memory_id, now)
            return existing or item
        return item

    def _revise(
        self,
        store: Store,
        op: Operation,
        update_id: str,
        now: int,
        known: Vectors | None,
        reason: str = "update",
        seen: MemoryItem | None = None,
    ) -> MemoryItem | None:
        content = cut_to_limit(op.candidate.content) if op.candidate is not None else None
        for attempt in range(4 if seen is not None else 3):
            current = (
                seen
                if attempt == 0 and seen is not None
                else self._repo.get_item(store.name, op.memory_id, now)
            )
            if current is None:
                return None
            if op.action == "reinforce" and update_id in current.source.update_ids:
                return current
            if op.action == "update" and content == current.content:
                return current
            message_ids = op.candidate.message_ids if op.candidate else []
            changes: dict = {
                "updated_at": now,
                "expires_at": kept_expiry(current, expiry(store, now)),
                "version": current.version + 1,
                "source": _with_source(current.source, update_id, message_ids),
            }
            if op.action == "reinforce":
                changes["importance"] = min(1.0, current.importance + REINFORCE_STEP)
            elif op.candidate is not None and content != current.content:
                changes.update(
                    content=content,
                    kind=op.candidate.kind,
                    topic=op.candidate.topic or current.topic,
                    importance=max(current.importance, op.candidate.importance),
                    **_embedding(known, content),
                    revisions=[
                        *current.revisions,
                        Revision(
                            content=current.content,
                            metadata=current.metadata,
                            updated_at=current.updated_at,
                            update_id=update_id,
                            replaced_at=now,
                            reason=reason,
                        ),
                    ],
                )
            revised = current.model_copy(update=changes)
            try:
                self._repo.replace_item(revised, expected_version=current.version)
                if revised.content != current.content:
                    for change in self._on_changed:
                        change(current, update_id, reason, "replaced")
                return revised
            except Conflict:
                continue
        raise Conflict(f"memory '{op.memory_id}' kept changing during consolidation", "memory_id")
