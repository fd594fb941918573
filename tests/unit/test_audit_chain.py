"""The deletion audit's hash chain (domain/audit.py): a chain built by `seal` verifies, and any
edit, removal, insertion or reordering of its records is caught."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from memstore.adapters.memory_audit import InMemoryAuditLog
from memstore.domain.access import Caller
from memstore.domain.audit import (
    MAX_IDS_PER_RECORD,
    AuditAction,
    AuditHead,
    content_hash,
    entry,
    scope_digest,
    seal,
    verify,
)
from memstore.domain.errors import Forbidden, NotFound
from memstore.domain.models import Kind, MemoryItem
from memstore.ports.clock import ManualClock
from memstore.services.audit import AuditService

STORE = "demo"
ids = st.text(alphabet="0123456789ABCDEFGHJKMNPQRSTVWXYZ", min_size=4, max_size=26).map(lambda s: f"mem_{s}")
entries = st.builds(
    entry,
    st.sampled_from(list(AuditAction)),
    st.sampled_from(["api:backend", "lifecycle", "update:upd_1"]),
    st.text(max_size=40),
    st.one_of(st.none(), st.text(min_size=1, max_size=30)),
    st.lists(st.tuples(ids, st.one_of(st.none(), st.text(max_size=60))), max_size=5),
)


def chain(items) -> tuple[list, AuditHead]:
    head, records = AuditHead(), []
    for at, e in enumerate(items):
        record = seal(STORE, head, 1_800_000_000 + at, e)
        records.append(record)
        head = AuditHead(seq=record.seq, hash=record.hash)
    return records, head


def problems(records, head) -> set[str]:
    return {p.problem for p in verify(STORE, records, head).problems}


@settings(max_examples=40, deadline=None)
@given(st.lists(entries, max_size=12))
def test_a_sealed_chain_verifies(items):
    records, head = chain(items)
    result = verify(STORE, records, head)
    assert result.valid and result.records == len(items) and result.head == head


@settings(max_examples=40, deadline=None)
@given(st.lists(entries, min_size=1, max_size=10), st.data())
def test_an_edited_record_is_caught_whether_or_not_its_hash_is_recomputed(items, data):
    records, head = chain(items)
    index = data.draw(st.integers(0, len(records) - 1))
    edited = records[index].model_copy(update={"count": records[index].count + 1, "reason": "edited"})
    assert "edited" in problems([*records[:index], edited, *records[index + 1 :]], head)
    rehashed = edited.model_copy(
        update={
            "hash": seal(STORE, AuditHead(seq=edited.seq - 1, hash=edited.prev_hash), edited.at, edited).hash
        }
    )
    assert not verify(STORE, [*records[:index], rehashed, *records[index + 1 :]], head).valid


@settings(max_examples=40, deadline=None)
@given(st.lists(entries, min_size=1, max_size=10), st.data())
def test_a_removed_record_is_caught(items, data):
    records, head = chain(items)
    index = data.draw(st.integers(0, len(records) - 1))
    found = problems([*records[:index], *records[index + 1 :]], head)
    assert found & {"removed", "truncated"}


@settings(max_examples=40, deadline=None)
@given(st.lists(entries, min_size=1, max_size=10), entries, st.data())
def test_an_inserted_record_is_caught(items, extra, data):
    records, head = chain(items)
    index = data.draw(st.integers(0, len(records)))
    at_seq = seal(STORE, AuditHead(seq=index, hash=records[index - 1].hash if index else "0" * 64), 1, extra)
    assert not verify(STORE, [*records[:index], at_seq, *records[index:]], head).valid
    appended = seal(STORE, head, 2, extra)
    assert "inserted" in problems([*records, appended], head)


def test_records_hold_hashes_and_ids_never_content_or_the_scope():
    e = entry(
        AuditAction.ITEM_DELETED, "api:backend", "item deleted", "user-123", [("mem_A", "Lives in Lisbon.")]
    )
    record = seal(STORE, AuditHead(), 1_800_000_000, e)
    text = record.model_dump_json()
    assert "Lisbon" not in text and "user-123" not in text
    assert record.content_hashes == [content_hash("Lives in Lisbon.")]
    assert record.scope_hash == scope_digest("user-123") and record.memory_ids == ["mem_A"]


def test_a_bulk_deletion_records_a_count_and_a_digest_of_its_ids():
    removed = [(f"mem_{n:04d}", None) for n in range(MAX_IDS_PER_RECORD + 1)]
    e = entry(AuditAction.SCOPE_DELETED, "api:backend", "scope", "u", removed)
    assert e.memory_ids == [] and e.count == MAX_IDS_PER_RECORD + 1 and e.ids_digest


def _item(memory_id: str, scope: str) -> MemoryItem:
    return MemoryItem(
        memory_id=memory_id,
        store=STORE,
        scope=scope,
        kind=Kind.USER_PROFILE,
        content=f"fact {memory_id}",
        created_at=1,
        updated_at=1,
    )


def test_the_service_chains_records_pages_them_by_scope_and_verifies():
    log, clock = InMemoryAuditLog(), ManualClock()
    service = AuditService(log, clock, lambda name: name == STORE)
    backend = Caller(user_id=None)
    for n in range(5):
        scope = "alice" if n % 2 == 0 else "bob"
        service.removed(
            STORE,
            scope,
            [_item(f"mem_{n}", scope)],
            action=AuditAction.ITEM_DELETED,
            actor="api",
            reason="item deleted",
        )
    page = service.page(STORE, "alice", 2, None, backend)
    assert [r.memory_ids for r in page.items] == [["mem_0"], ["mem_2"]] and page.has_more
    rest = service.page(STORE, "alice", 2, page.next_after, backend)
    assert [r.memory_ids for r in rest.items] == [["mem_4"]] and not rest.has_more
    assert service.verify(STORE, backend).valid
    assert service.page(STORE, None, 100, None, backend).items[-1].seq == 5


def test_an_end_user_sees_only_its_own_scope_and_cannot_verify():
    service = AuditService(InMemoryAuditLog(), ManualClock(), lambda name: True)
    user = Caller(user_id="alice", bound=True)
    with pytest.raises(Forbidden):
        service.page(STORE, "bob", 10, None, user)
    with pytest.raises(Forbidden):
        service.verify(STORE, user)
    assert service.page(STORE, "alice", 10, None, user).items == []


def test_an_unknown_store_without_a_chain_is_not_found():
    service = AuditService(InMemoryAuditLog(), ManualClock(), lambda name: False)
    with pytest.raises(NotFound):
        service.verify("nope", Caller())
