"""search_memories on the in-memory repository, the table index and the hashing embedder."""

from __future__ import annotations

import threading
import time

import pytest

from memstore.adapters.memory_repository import InMemoryRepository
from memstore.domain.access import Caller
from memstore.domain.errors import Forbidden, InvalidRequest, NotFound
from memstore.domain.models import Kind, StoreDefinition, StoreOptions
from memstore.domain.requests import CreateItemRequest, CreateStoreRequest
from memstore.domain.search import SearchMemoriesRequest
from memstore.ports.clock import ManualClock
from memstore.settings import Settings
from memstore.wiring import Container
from tests.doubles import RecordingScheduler

CALLER = Caller()
FACTS = [
    ("user_profile", "User drinks dark roast coffee every morning."),
    ("user_profile", "User's cat is called Miso."),
    ("user_profile", "User lives in Lisbon."),
    ("procedural", "Answer in short bullet points."),
    ("chat_summary", "Talked about coffee and the cat."),
]


@pytest.fixture
def c():
    settings = Settings(
        allowed_embedding_models=("memstore-hashing",), default_embedding_model="memstore-hashing"
    )
    container = Container(
        settings, repository=InMemoryRepository(), clock=ManualClock(), scheduler=RecordingScheduler()
    )
    options = StoreOptions(procedural_memory_enabled=True, default_ttl_seconds=0)
    container.stores.create(
        CreateStoreRequest(name="s", definition=StoreDefinition(options=options)), Caller()
    )
    for kind, content in FACTS:
        container.items.create(
            "s", CreateItemRequest(scope="alice", kind=Kind(kind), content=content), CALLER
        )
    container.items.create(
        "s", CreateItemRequest(scope="bob", kind=Kind.USER_PROFILE, content="User drinks green tea."), CALLER
    )
    return container


def search(c, text=None, k=10, previous=None, scope="alice", caller=CALLER):
    items = None if text is None else [{"role": "user", "content": text}]
    req = SearchMemoriesRequest(
        scope=scope, items=items, previous_search_id=previous, options={"max_memories": k}
    )
    answer = c.search.search("s", req, caller)
    c.search._access.flush()
    return answer


def contents(answer):
    return [m["memory_item"]["content"] for m in answer["memories"]]


def test_contextual_search_finds_the_relevant_memory_first(c):
    answer = search(c, "What coffee do I drink?", k=3)
    assert answer["object"] == "memory_store.search" and answer["search_id"].startswith("srch_")
    assert "coffee" in contents(answer)[0]
    assert all(0.0 <= m["score"] <= 1.0 for m in answer["memories"])
    scores = [m["score"] for m in answer["memories"]]
    assert scores == sorted(scores, reverse=True)


def test_static_search_returns_profile_and_procedural_most_important_first(c):
    answer = search(c)
    kinds = {m["memory_item"]["kind"] for m in answer["memories"]}
    assert kinds == {"user_profile", "procedural"}
    assert len(answer["memories"]) == 4


def test_previous_search_id_never_repeats(c):
    first = search(c, "coffee", k=2)
    second = search(c, k=2, previous=first["search_id"])
    assert not set(contents(first)) & set(contents(second))
    third = search(c, k=10, previous=second["search_id"])
    seen = contents(first) + contents(second) + contents(third)
    assert len(seen) == len(set(seen)) == 5
    with pytest.raises(NotFound):
        search(c, "coffee", previous="srch_unknown")


def test_scopes_are_isolated(c):
    assert all("tea" not in x for x in contents(search(c, "green tea")))
    assert contents(search(c, "green tea", scope="bob")) == ["User drinks green tea."]
    with pytest.raises(Forbidden):
        search(c, "tea", scope="bob", caller=Caller(user_id="alice", bound=True))


def test_hits_count_accesses(c):
    answer = search(c, "cat", k=1)
    hit = answer["memories"][0]["memory_item"]
    stored = c.repository.get_item("s", hit["memory_id"], c.clock())
    assert stored.access_count == 1 and stored.last_accessed_at == int(c.clock())


def test_writes_and_deletes_are_seen_by_the_next_search(c):
    created = c.items.create(
        "s", CreateItemRequest(scope="alice", kind=Kind.USER_PROFILE, content="User moved to Porto."), CALLER
    )
    assert "User moved to Porto." in contents(search(c, "Porto"))
    c.items.delete("s", created.memory_id, CALLER)
    assert "User moved to Porto." not in contents(search(c, "Porto"))
    c.items.delete_scope("s", "alice", CALLER)
    assert search(c, "coffee")["memories"] == []


def test_embeddings_are_backfilled_once(c):
    search(c, "coffee")
    stored = c.repository.scope_items("s", "alice", c.clock())
    assert all(i.embedding and i.embedding_model == "memstore-hashing" for i in stored)


def test_blank_items_are_rejected(c):
    with pytest.raises(InvalidRequest):
        search(c, "   ")


def test_a_memory_is_found_through_the_meaning_of_its_topic(c):
    from memstore.domain.models import MemoryItem

    c.repository.put_item(
        MemoryItem(
            memory_id="mem_job",
            store="s",
            scope="alice",
            kind=Kind.USER_PROFILE,
            content="The user is a translator.",
            topic="occupation",
            created_at=int(c.clock()),
            updated_at=int(c.clock()),
        )
    )
    assert contents(search(c, "Suggest a conference for my profession", k=1)) == ["The user is a translator."]


def test_accesses_that_wait_for_the_writer_are_written_once_per_memory_with_their_count():
    from memstore.services.search import AccessRecorder

    class SlowRepository(InMemoryRepository):
        def __init__(self):
            super().__init__()
            self.writes: list[dict[str, int]] = []
            self.gate = threading.Event()

        def record_access(self, store, scope, accesses, now):
            self.gate.wait(5)
            self.writes.append(dict(accesses))
            super().record_access(store, scope, accesses, now)

    repo = SlowRepository()
    recorder = AccessRecorder(repo, delay=0)
    recorder.record("s", "alice", ["m1", "m2"], 100)
    time.sleep(0.05)  # the writer now waits inside the first write
    recorder.record("s", "alice", ["m1"], 101)
    recorder.record("s", "alice", ["m1", "m3"], 102)
    recorder.record("s", "bob", ["m9"], 103)
    repo.gate.set()
    recorder.flush()
    assert repo.writes[0] == {"m1": 1, "m2": 1}
    assert sorted(map(sorted, (w.items() for w in repo.writes[1:]))) == [[("m1", 2), ("m3", 1)], [("m9", 1)]]


def test_accesses_recorded_within_the_delay_are_written_together():
    from memstore.services.search import AccessRecorder

    class CountingRepository(InMemoryRepository):
        def __init__(self):
            super().__init__()
            self.writes: list[tuple[str, dict[str, int], float]] = []

        def record_access(self, store, scope, accesses, now):
            self.writes.append((scope, dict(accesses), now))

    repo = CountingRepository()
    recorder = AccessRecorder(repo, delay=30)
    for n in range(5):
        recorder.record("s", "alice", ["m1", f"m{n + 2}"], 100 + n)
    assert repo.writes == []
    recorder.flush()
    assert repo.writes == [("alice", {"m1": 5, "m2": 1, "m3": 1, "m4": 1, "m5": 1, "m6": 1}, 104)]
    recorder.flush()
    assert len(repo.writes) == 1
