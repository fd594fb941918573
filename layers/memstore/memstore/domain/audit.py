"""The deletion audit: every deletion or forgetting leaves a record, and a store's records form a
hash chain, so that an edited, removed or inserted record is detected.

A record holds what was removed (memory ids, SHA-256 hashes of their content, a count), who
removed it (`actor`), why (`reason`), when, and a hash of the scope — never content or a raw
scope. Record `seq` n carries the hash of record n-1 (`prev_hash`) and its own `hash` over every
other field; the chain's head (the newest `seq` and `hash`) is stored beside it and moves in the
same write as each new record. Pure: no I/O, no clock."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from enum import StrEnum

from pydantic import BaseModel, Field

from memstore.domain.ids import scope_hash as scope_digest

GENESIS = "0" * 64
"""The `prev_hash` of a chain's first record."""


class AuditAction(StrEnum):
    ITEM_DELETED = "item_deleted"
    """DELETE …/items/{id}."""
    FORGOTTEN = "forgotten"
    """A "forget …" command deleted a memory or cut sentences out of one."""
    REPLACED = "replaced"
    """Consolidation rewrote a memory (its former content became a revision)."""
    CONSOLIDATION_DELETED = "consolidation_deleted"
    SCOPE_DELETED = "scope_deleted"
    STORE_DELETED = "store_deleted"
    EXPIRED = "expired"
    """The lifecycle sweeper removed items whose expires_at had passed."""
    FLOOR_REMOVED = "floor_removed"
    """The lifecycle pass removed items whose importance fell below the store's floor."""


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def ids_digest(memory_ids: Iterable[str]) -> str:
    """One hash for a bulk deletion's ids (a scope can hold more ids than a record may)."""
    return hashlib.sha256("\n".join(sorted(memory_ids)).encode("utf-8")).hexdigest()


class AuditEntry(BaseModel):
    """What a deletion path reports; `seal` makes it a record of a chain."""

    action: AuditAction
    actor: str = Field(max_length=128)
    reason: str = Field(max_length=256)
    scope_hash: str | None = None
    memory_ids: list[str] = Field(default_factory=list)
    content_hashes: list[str] = Field(default_factory=list)
    count: int = 0
    ids_digest: str | None = None


MAX_IDS_PER_RECORD = 100
"""A deletion of more memories than this records their count and `ids_digest` instead of the
ids (a DynamoDB row holds 400 KB)."""


def entry(
    action: AuditAction,
    actor: str,
    reason: str,
    scope: str | None,
    removed: list[tuple[str, str | None]],
    count: int | None = None,
) -> AuditEntry:
    """An entry for `removed` (memory id, content or None) of `scope` (hashed here)."""
    ids = [memory_id for memory_id, _ in removed]
    listed = len(ids) <= MAX_IDS_PER_RECORD
    return AuditEntry(
        action=action,
        actor=actor,
        reason=reason,
        scope_hash=scope_digest(scope) if scope is not None else None,
        memory_ids=ids if listed else [],
        content_hashes=[content_hash(c) for _, c in removed if c is not None] if listed else [],
        count=len(ids) if count is None else count,
        ids_digest=None if listed else ids_digest(ids),
    )


class AuditRecord(AuditEntry):
    store: str
    seq: int = Field(ge=1)
    at: int
    prev_hash: str
    hash: str

    def public(self) -> dict:
        return {"object": "memory_store.audit_record", **self.model_dump(mode="json")}


class AuditHead(BaseModel):
    seq: int = 0
    hash: str = GENESIS


def _digest(fields: dict) -> str:
    canonical = json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def record_hash(record: AuditRecord) -> str:
    return _digest(record.model_dump(mode="json", exclude={"hash"}))


def seal(store: str, head: AuditHead, at: int, audit_entry: AuditEntry) -> AuditRecord:
    """The record that follows `head` in `store`'s chain."""
    fields = {
        **audit_entry.model_dump(include=set(AuditEntry.model_fields)),
        "store": store,
        "seq": head.seq + 1,
        "at": at,
        "prev_hash": head.hash,
    }
    unsealed = AuditRecord(**fields, hash="")
    return unsealed.model_copy(update={"hash": record_hash(unsealed)})


class Problem(BaseModel):
    seq: int
    problem: str
    """`edited` (its hash does not match its fields), `removed` (a record before it is missing),
    `inserted` (it is not where the chain says a record goes), `unlinked` (its prev_hash is not
    the hash of the record before it), or `truncated` (records the head counts are missing)."""


class Verification(BaseModel):
    valid: bool
    records: int
    head: AuditHead
    problems: list[Problem]


def verify(store: str, records: Iterable[AuditRecord], head: AuditHead | None) -> Verification:
    """Checks a chain read in storage (`seq`) order against its head."""
    head = head or AuditHead()
    problems: list[Problem] = []
    expected_seq, prev_hash, count = 1, GENESIS, 0
    last: AuditRecord | None = None
    for record in records:
        count += 1
        if record.hash != record_hash(record):
            problems.append(Problem(seq=record.seq, problem="edited"))
        if record.store != store or record.seq < expected_seq or record.seq > head.seq:
            problems.append(Problem(seq=record.seq, problem="inserted"))
            continue
        if record.seq > expected_seq:
            problems.append(Problem(seq=expected_seq, problem="removed"))
        elif record.prev_hash != prev_hash:
            problems.append(Problem(seq=record.seq, problem="unlinked"))
        expected_seq, prev_hash, last = record.seq + 1, record.hash, record
    if (last.seq if last else 0) < head.seq:
        problems.append(Problem(seq=head.seq, problem="truncated"))
    elif last is not None and last.hash != head.hash:
        problems.append(Problem(seq=last.seq, problem="unlinked"))
    return Verification(valid=not problems, records=count, head=head, problems=problems)
