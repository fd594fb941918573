"""MemoryWriter's rewrites on the version its caller read: no second read when nothing changed,
the newest version kept as a revision when something did."""

from __future__ import annotations

from memstore.adapters.memory_repository import InMemoryRepository
from memstore.domain.extraction import Candidate
from memstore.domain.merge import Operation
from memstore.domain.models import Kind, Store, StoreDefinition
from memstore.ports.clock import ManualClock
from memstore.services.memory_writer import MemoryWriter

NOW = 1_800_000_000


class CountingRepository(InMemoryRepository):
    def __init__(self) -> None:
        super().__init__()
        self.gets = 0

    def get_item(self, *args, **kwargs):
        self.gets += 1
        return super().get_item(*args, **kwargs)


def setup():
    repo = CountingRepository()
    store = Store(id="ms_s", name="s", definition=StoreDefinition(), created_at=NOW, updated_at=NOW)
    repo.create_store(store)
    writer = MemoryWriter(repo, ManualClock(NOW))
    fact = Candidate(kind=Kind.USER_PROFILE, content="The user lives in Oslo.")
    writer.apply(store, "alice", [Operation(action="create", candidate=fact)], "upd_1")
    (item,) = repo.scope_items("s", "alice", NOW)
    return repo, store, writer, item


def rewrite(memory_id: str) -> Operation:
    moved = Candidate(kind=Kind.USER_PROFILE, content="The user lives in Tromsø.")
    return Operation(action="update", memory_id=memory_id, candidate=moved)


def test_a_rewrite_of_the_version_the_caller_read_reads_nothing_again():
    repo, store, writer, item = setup()
    repo.gets = 0
    writer.apply(store, "alice", [rewrite(item.memory_id)], "upd_2", read={item.memory_id: item})
    got = repo.get_item("s", item.memory_id, NOW)
    assert repo.gets == 1  # the check above
    assert got.content == "The user lives in Tromsø." and got.version == 2
    assert [r.content for r in got.revisions] == ["The user lives in Oslo."]


def test_a_memory_changed_since_the_caller_read_it_is_read_again_and_its_change_kept():
    repo, store, writer, item = setup()
    edited = item.model_copy(update={"content": "The user lives in Bergen.", "version": 2})
    repo.replace_item(edited, expected_version=1)
    writer.apply(store, "alice", [rewrite(item.memory_id)], "upd_2", read={item.memory_id: item})
    got = repo.get_item("s", item.memory_id, NOW)
    assert got.content == "The user lives in Tromsø." and got.version == 3
    assert [r.content for r in got.revisions] == ["The user lives in Bergen."]
