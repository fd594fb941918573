"""Every deletion path reaches the deletion audit (wiring.py): an item's deletion, an update's
deletions (a forget command, consolidation) and rewrites, a scope's and a store's deletion."""

from __future__ import annotations

from memstore.adapters.memory_repository import InMemoryRepository
from memstore.domain.access import Caller
from memstore.domain.audit import content_hash
from memstore.domain.extraction import Candidate
from memstore.domain.merge import Operation
from memstore.domain.models import Kind, MemoryItem, Store, StoreDefinition
from memstore.ports.clock import ManualClock
from memstore.settings import Settings
from memstore.wiring import Container

STORE = Store(id="ms_1", name="demo", definition=StoreDefinition(), created_at=1, updated_at=1)


def _container() -> Container:
    repo = InMemoryRepository()
    repo.create_store(STORE)
    return Container(Settings(), repository=repo, clock=ManualClock())


def _put(container: Container, memory_id: str, content: str, scope: str = "alice") -> MemoryItem:
    item = MemoryItem(
        memory_id=memory_id,
        store="demo",
        scope=scope,
        kind=Kind.USER_PROFILE,
        content=content,
        created_at=1,
        updated_at=1,
    )
    container.repository.put_item(item)
    return item


def _records(container: Container) -> list:
    return list(container.audit_log.all_records("demo"))


def test_an_updates_deletions_and_rewrites_are_audited_by_what_caused_them():
    container = _container()
    _put(container, "mem_a", "Works at the bakery.")
    _put(container, "mem_b", "Lives in Lisbon.")
    _put(container, "mem_c", "Likes jazz.")
    writer = container.writer
    writer.apply(STORE, "alice", [Operation(action="delete", memory_id="mem_a")], "upd_1", reason="command")
    writer.apply(STORE, "alice", [Operation(action="delete", memory_id="mem_b")], "upd_2")
    rewrite = Candidate(kind=Kind.USER_PROFILE, content="Likes jazz and blues.", message_ids=[])
    writer.apply(STORE, "alice", [Operation(action="update", memory_id="mem_c", candidate=rewrite)], "upd_3")

    records = _records(container)
    assert [(r.action, r.actor, r.memory_ids) for r in records] == [
        ("forgotten", "update:upd_1", ["mem_a"]),
        ("consolidation_deleted", "update:upd_2", ["mem_b"]),
        ("replaced", "update:upd_3", ["mem_c"]),
    ]
    assert records[2].content_hashes == [content_hash("Likes jazz.")]
    assert container.audit.verify("demo", Caller()).valid


def test_item_scope_and_store_deletions_are_audited():
    container = _container()
    _put(container, "mem_a", "Works at the bakery.")
    _put(container, "mem_b", "Lives in Lisbon.", scope="bob")
    _put(container, "mem_c", "Likes jazz.", scope="carol")
    container.items.delete("demo", "mem_a", Caller())
    _, job = container.erasure.delete_scope("demo", "bob", Caller())
    assert (job.status, job.deleted_count) == ("completed", 1)
    assert container.erasure.delete_store("demo", Caller()).status == "completed"

    assert [r.action for r in _records(container)] == ["item_deleted", "scope_deleted", "store_deleted"]
    assert container.repository.get_store("demo") is None
    assert container.audit.verify("demo", Caller()).valid, "the chain outlives its store"
