"""The lifecycle pass (services/lifecycle.py) with a controlled clock, on DynamoDB (moto, the
table made from template.yaml) and on the in-memory repository: decay, read-time decay in
search, promotion, the importance floor, the expiry sweep, stuck updates, raw-message retention,
and a 5,000-item pass cut into slices and resumed from its cursors."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from memstore.adapters.dynamodb_repository import DynamoDBRepository
from memstore.adapters.embedders import make_embedder
from memstore.adapters.memory_repository import InMemoryRepository
from memstore.domain.access import Caller
from memstore.domain.audit import AuditAction
from memstore.domain.lifecycle_options import DAY
from memstore.domain.models import (
    Kind,
    MemoryItem,
    SearchSession,
    Source,
    Store,
    StoreDefinition,
    StoreOptions,
)
from memstore.domain.search import SearchMemoriesRequest
from memstore.domain.updates import UpdateRecord, UpdateStatus
from memstore.ports.clock import ManualClock
from memstore.ports.extractor import Message
from memstore.services.lifecycle import GIVE_UP_AFTER_SECONDS, STUCK_AFTER_SECONDS, Position
from memstore.services.updates import CLAIM_LEASE_SECONDS
from memstore.settings import Settings
from memstore.wiring import Container
from tests.conftest import TABLE
from tests.doubles import RecordingScheduler

START = 1_800_000_000
SCOPE = "user-42"


@dataclass
class Env:
    kind: str
    repo: Any
    clock: ManualClock
    scheduler: RecordingScheduler
    container: Container

    def store(self, name: str = "demo", **lifecycle: Any) -> Store:
        options = StoreOptions.model_validate({"lifecycle": lifecycle}) if lifecycle else StoreOptions()
        store = Store(
            id=f"ms_{name}",
            name=name,
            definition=StoreDefinition(options=options),
            created_at=START,
            updated_at=START,
        )
        self.repo.create_store(store)
        return store

    def item(
        self,
        memory_id: str,
        content: str = "Likes green tea.",
        kind: Kind = Kind.USER_PROFILE,
        store: str = "demo",
        scope: str = SCOPE,
        **fields: Any,
    ) -> MemoryItem:
        now = int(self.clock())
        item = MemoryItem(
            memory_id=memory_id,
            store=store,
            scope=scope,
            kind=kind,
            content=content,
            created_at=now,
            updated_at=now,
            **fields,
        )
        self.repo.put_item(item)
        return item

    def stored(self, memory_id: str, store: str = "demo") -> MemoryItem | None:
        """The row as stored, expired or not."""
        return self.repo.get_item(store, memory_id, 0)

    def run(self, **kwargs: Any) -> Counter:
        result = self.container.lifecycle.run(**kwargs)
        assert result.cursor is None
        return result.counts

    def audit(self, store: str = "demo") -> list[Any]:
        return list(self.container.audit_log.all_records(store))


@pytest.fixture(params=["memory", "dynamodb"])
def env(request, monkeypatch) -> Iterator[Env]:
    if request.param == "memory":
        repo: Any = InMemoryRepository()
    else:
        from memstore_local import moto_query

        # moto's own Query re-sorts the table and serializes attribute by attribute: seconds per
        # page at 5,000 rows. memstore local's replacement gives the same answers (the repository
        # contract suite runs on both).
        for owner, name, replacement in moto_query.patches():
            monkeypatch.setattr(owner, name, replacement)
        request.getfixturevalue("moto_table")
        repo = DynamoDBRepository(TABLE, region="us-east-1")
    clock = ManualClock(START)
    scheduler = RecordingScheduler()
    container = Container(
        Settings(table_name=TABLE, region="us-east-1", allowed_embedding_models=("memstore-hashing",)),
        repository=repo,
        clock=clock,
        scheduler=scheduler,
        embedder_factory=lambda _model: make_embedder("memstore-hashing"),
    )
    yield Env(request.param, repo, clock, scheduler, container)


# ---------------------------------------------------------------- decay
def test_a_pass_stores_decayed_importance_once(env: Env):
    env.store(half_life_seconds={"chat_summary": 10 * DAY})
    env.item("mem_a", kind=Kind.CHAT_SUMMARY, importance=0.8)
    env.item("mem_b", kind=Kind.USER_PROFILE, importance=0.8)

    env.clock.advance(10 * DAY)
    counts = env.run()
    assert (counts["items"], counts["decayed"]) == (2, 2)
    summary, profile = env.stored("mem_a"), env.stored("mem_b")
    assert summary.importance == pytest.approx(0.4) and summary.importance_at == START + 10 * DAY
    assert profile.importance == pytest.approx(0.8 * 0.5 ** (10 / 180))
    assert summary.version == 1 and summary.updated_at == START, "decay is not a write of the memory"

    assert env.run()["decayed"] == 0, "a second pass at the same time changes nothing"
    env.clock.advance(10 * DAY)
    env.run()
    assert env.stored("mem_a").importance == pytest.approx(0.2), "two passes decay as one would"


def test_search_ranks_with_decay_applied_at_read_time(env: Env):
    env.store(half_life_seconds={"procedural": DAY, "user_profile": 365 * DAY})
    env.container.repository.save_store(
        env.repo.get_store("demo").model_copy(
            update={
                "definition": StoreDefinition(
                    options=StoreOptions(
                        procedural_memory_enabled=True,
                        lifecycle={"half_life_seconds": {"procedural": DAY, "user_profile": 365 * DAY}},
                    )
                )
            }
        )
    )
    env.item("mem_fast", "Always answer in French.", kind=Kind.PROCEDURAL, importance=0.9)
    env.item("mem_slow", "Works as a pharmacist.", kind=Kind.USER_PROFILE, importance=0.6)

    def static_order() -> list[str]:
        found = env.container.search.search("demo", SearchMemoriesRequest(scope=SCOPE), Caller(bound=False))
        return [m["memory_item"]["memory_id"] for m in found["memories"]]

    assert static_order() == ["mem_fast", "mem_slow"]
    env.clock.advance(3 * DAY)
    assert static_order() == ["mem_slow", "mem_fast"], "no pass ran: the order comes from read-time decay"
    env.run()
    assert static_order() == ["mem_slow", "mem_fast"], "after the pass stored it, the same order"


# ---------------------------------------------------------------- promotion
def test_a_confirmed_chat_summary_becomes_a_user_profile_memory(env: Env):
    env.store(promotion_confirmations=3)
    env.item(
        "mem_sum",
        "The user is learning the cello.",
        kind=Kind.CHAT_SUMMARY,
        source=Source(update_ids=["upd_1", "upd_2", "upd_3"], message_ids=["m1", "m7"]),
        access_count=1,
    )
    env.item(
        "mem_new", "The user visited Porto.", kind=Kind.CHAT_SUMMARY, source=Source(update_ids=["upd_3"])
    )

    env.clock.advance(60)
    counts = env.run()
    assert counts["promoted"] == 1
    assert env.stored("mem_sum") is None
    assert env.stored("mem_new") is not None, "stated once, never retrieved: stays a summary"
    (promoted,) = [i for i in env.repo.scope_items("demo", SCOPE, env.clock()) if i.kind == Kind.USER_PROFILE]
    assert promoted.content == "The user is learning the cello."
    assert promoted.source.promoted_from == "mem_sum"
    assert promoted.source.update_ids == ["upd_1", "upd_2", "upd_3"] and promoted.source.message_ids == [
        "m1",
        "m7",
    ]
    assert promoted.public()["source"]["promoted_from"] == "mem_sum"
    (record,) = env.audit()
    assert (record.action, record.actor, record.memory_ids) == (
        AuditAction.CONSOLIDATION_DELETED,
        "lifecycle",
        ["mem_sum"],
    )

    assert env.run()["promoted"] == 0
    assert len(env.repo.scope_items("demo", SCOPE, env.clock())) == 2, "no duplicate on a second pass"


def test_no_promotion_when_profiles_are_disabled_or_promotion_is_off(env: Env):
    for name, options in (("off", {"promotion_confirmations": 0}), ("nopro", {})):
        env.store(name, **options)
        env.item(
            f"mem_{name}",
            kind=Kind.CHAT_SUMMARY,
            store=name,
            source=Source(update_ids=["u1", "u2", "u3", "u4"]),
        )
    env.repo.save_store(
        env.repo.get_store("nopro").model_copy(
            update={"definition": StoreDefinition(options=StoreOptions(user_profile_enabled=False))}
        )
    )
    assert env.run()["promoted"] == 0
    assert env.stored("mem_off", "off").kind == env.stored("mem_nopro", "nopro").kind == Kind.CHAT_SUMMARY


# ---------------------------------------------------------------- floor
def test_faded_memories_are_kept_unless_the_store_says_delete(env: Env):
    env.store("keep", half_life_seconds={"user_profile": DAY}, importance_floor=0.1)
    env.store("drop", half_life_seconds={"user_profile": DAY}, importance_floor=0.1, delete_below_floor=True)
    for name in ("keep", "drop"):
        env.item(f"mem_old_{name}", store=name, importance=0.5)
    env.clock.advance(2 * DAY)
    for name in ("keep", "drop"):
        env.item(f"mem_young_{name}", store=name, importance=0.5)
    env.clock.advance(DAY)  # old: 0.5 / 8 < 0.1; young: 0.25

    counts = env.run()
    assert (counts["faded"], counts["floor_deleted"]) == (1, 1)
    assert env.stored("mem_old_keep", "keep") is not None
    assert env.stored("mem_old_drop", "drop") is None
    assert env.stored("mem_young_drop", "drop") is not None
    (record,) = env.audit("drop")
    assert (record.action, record.memory_ids) == (AuditAction.FLOOR_REMOVED, ["mem_old_drop"])
    assert env.audit("keep") == []


def test_a_write_since_the_pass_read_saves_a_memory_from_the_floor(env: Env):
    store = env.store(half_life_seconds={"user_profile": DAY}, delete_below_floor=True)
    item = env.item("mem_x", importance=0.5)
    env.clock.advance(10 * DAY)
    env.repo.replace_item(
        item.model_copy(update={"version": 2, "importance": 0.9, "updated_at": int(env.clock())}),
        expected_version=1,
    )
    assert not env.container.lifecycle._remove(item, "below_floor")
    assert env.stored("mem_x") is not None
    assert store.name == "demo"


# ---------------------------------------------------------------- expiry sweep
def test_expired_items_are_removed_ahead_of_the_tables_ttl(env: Env):
    env.store()
    env.item("mem_gone", "Is in Lisbon until Friday.", expires_at=START + 3600)
    env.item("mem_kept", "Likes green tea.", expires_at=START + 7200)
    env.item("mem_ever", "Speaks Dutch.")
    env.clock.advance(3600)

    counts = env.run()
    assert counts["expired_deleted"] == 1
    assert env.stored("mem_gone") is None and env.stored("mem_kept") is not None and env.stored("mem_ever")
    (record,) = env.audit()
    assert (record.action, record.actor, record.memory_ids) == (
        AuditAction.EXPIRED,
        "lifecycle",
        ["mem_gone"],
    )
    assert "Lisbon" not in record.model_dump_json(), "the audit holds hashes, never content"
    if env.kind == "dynamodb":
        rows = scan(env)
        assert not [k for k in rows if k[1] == "MEM#mem_gone"], "the item row and its pointer are gone"


# ---------------------------------------------------------------- stuck updates
def update(env: Env, update_id: str, due_at: int) -> UpdateRecord:
    record = UpdateRecord(
        update_id=update_id,
        store="demo",
        scope=SCOPE,
        status=UpdateStatus.QUEUED,
        messages=[Message(id="m1", role="user", content="I moved to Ghent last spring.")],
        due_at=due_at,
        created_at=int(env.clock()),
        updated_at=int(env.clock()),
    )
    env.repo.enqueue_update(record, None)
    return record


def test_a_queued_update_whose_execution_was_lost_is_scheduled_again_then_failed(env: Env):
    env.store()
    update(env, "upd_01JBV3Z7Q5E8N3W4R2T6Y9P0AC", due_at=START + 300)

    env.clock.advance(300 + STUCK_AFTER_SECONDS - 1)
    assert env.run()["updates_rescheduled"] == 0, "not late enough: its execution may be waiting"
    env.clock.advance(1)
    assert env.run()["updates_rescheduled"] == 1
    (job,) = env.scheduler.jobs
    assert job.update_id == "upd_01JBV3Z7Q5E8N3W4R2T6Y9P0AC"
    assert job.execution_name != job.update_id, "a new execution name: the lost one's is taken"

    env.clock.advance(GIVE_UP_AFTER_SECONDS)
    assert env.run()["updates_failed"] == 1
    failed = env.repo.get_update("demo", "upd_01JBV3Z7Q5E8N3W4R2T6Y9P0AC", env.clock())
    assert failed.status == UpdateStatus.FAILED and failed.error["code"] == "internal_error"
    assert [m.content for m in failed.messages] == ["I moved to Ghent last spring."], "kept for a retry"
    assert env.repo.scope_state("demo", SCOPE).pending_update_id is None, "the scope is free again"
    assert env.run()["updates_failed"] == 0


def test_a_run_that_outlived_its_lease_is_failed_with_its_messages_kept(env: Env):
    env.store()
    update(env, "upd_01JBV3Z7Q5E8N3W4R2T6Y9P0AD", due_at=START)
    env.repo.claim_update("demo", SCOPE, "upd_01JBV3Z7Q5E8N3W4R2T6Y9P0AD", START)
    env.clock.advance(CLAIM_LEASE_SECONDS - 1)
    assert env.run()["updates_failed"] == 0
    env.clock.advance(1)
    assert env.run()["updates_failed"] == 1
    failed = env.repo.get_update("demo", "upd_01JBV3Z7Q5E8N3W4R2T6Y9P0AD", env.clock())
    assert failed.status == UpdateStatus.FAILED and failed.messages
    assert env.repo.scope_state("demo", SCOPE).running_update_id is None


# ---------------------------------------------------------------- raw messages, search sessions
def test_finished_updates_messages_and_expired_searches_are_dropped(env: Env):
    env.store()
    record = update(env, "upd_01JBV3Z7Q5E8N3W4R2T6Y9P0AE", due_at=START)
    env.repo.claim_update("demo", SCOPE, record.update_id, START)
    env.repo.finish_update(
        record.model_copy(
            update={
                "status": UpdateStatus.COMPLETED,
                "updated_at": START,
                "messages_expire_at": START + 600,
                "result": {},
            }
        )
    )
    env.repo.save_search(
        SearchSession(
            search_id="srch_1",
            store="demo",
            scope=SCOPE,
            query="where do I live",
            created_at=START,
            expires_at=START + 3600,
        )
    )

    env.clock.advance(599)
    counts = env.run()
    assert (counts["messages_dropped"], counts["searches_dropped"]) == (0, 0)
    assert held_messages(env, record.update_id)

    env.clock.advance(1)
    assert env.run()["messages_dropped"] == 1
    assert not held_messages(env, record.update_id), "removed from storage, not only from reads"
    assert env.repo.get_update("demo", record.update_id, env.clock()).status == UpdateStatus.COMPLETED

    env.clock.advance(3000)
    assert env.run()["searches_dropped"] == 1
    if env.kind == "dynamodb":
        assert not [k for k in scan(env) if k[1].startswith(("MSG#", "SRCH#"))]


def held_messages(env: Env, update_id: str) -> bool:
    if env.kind == "memory":
        return ("demo", update_id) in env.repo._messages
    return any(sk == f"MSG#{update_id}" for _, sk in scan(env))


def scan(env: Env) -> dict[tuple[str, str], dict]:
    import boto3

    client = boto3.client("dynamodb", region_name="us-east-1")
    rows = {}
    for page in client.get_paginator("scan").paginate(TableName=TABLE, ConsistentRead=True):
        for row in page["Items"]:
            rows[(row["pk"]["S"], row["sk"]["S"])] = row
    return rows


# ---------------------------------------------------------------- slices and resume
ITEMS = 5_001


PROFILE_EVERY = 25


def fill(env: Env, store: str, count: int) -> None:
    """Writes `count` items over three scopes, in batches (a transaction per item would take
    minutes on moto); every PROFILE_EVERY-th is a user_profile memory, the rest summaries."""
    now = int(env.clock())
    items = [
        MemoryItem(
            memory_id=f"mem_{n:06d}",
            store=store,
            scope=f"user-{n % 3}",
            kind=Kind.USER_PROFILE if n % PROFILE_EVERY == 0 else Kind.CHAT_SUMMARY,
            content=f"Note {n}.",
            created_at=now,
            updated_at=now,
            importance=0.8,
        )
        for n in range(count)
    ]
    if env.kind == "memory":
        for item in items:
            env.repo.put_item(item)
        return
    m = env.repo._m
    from memstore.adapters import dynamodb_keys as keys

    with m.KeyRow.batch_write() as batch:
        for item in items:
            batch.save(env.repo._memory_row(item))
            batch.save(env.repo._pointer(item, keys.scope_hash(item.scope)))
        for scope in {i.scope for i in items}:
            batch.save(env.repo._scope_row(store, keys.scope_hash(scope)))


def checks_left(n: int):
    """A time_left() that has time for `n` checks, then none."""
    budget = iter(range(n))
    return lambda: 1 if next(budget, None) is not None else 0


def test_a_pass_over_5000_items_stops_for_time_and_resumes_from_its_cursor(env: Env):
    """Summaries do not decay in the big store (half-life 0), so only the profile memories,
    spread over the whole id range and every scope, are written: each write is a round trip."""
    env.store(
        "big", half_life_seconds={"chat_summary": 0, "user_profile": 10 * DAY}, promotion_confirmations=0
    )
    env.store("small", half_life_seconds={"chat_summary": 10 * DAY})
    fill(env, "big", ITEMS)
    env.item("mem_small", kind=Kind.CHAT_SUMMARY, store="small", importance=0.8)
    env.clock.advance(10 * DAY)

    slices, cursor, total = 0, None, Counter()
    while True:
        result = env.container.lifecycle.run(cursor, time_left=checks_left(7))
        total.update(result.counts)
        slices += 1
        if result.cursor is None:
            break
        assert Position.decode(result.cursor) != Position.decode(cursor), "every slice moves on"
        cursor = result.cursor
    assert slices > 5
    assert total["items"] == ITEMS + 1, "every memory read exactly once over all slices"
    profiles = len(range(0, ITEMS, PROFILE_EVERY))
    assert total["decayed"] == profiles + 1 and total["stores"] == 2 and total["scopes"] == 4
    rows = [r for s in ("user-0", "user-1", "user-2") for r in env.repo.scope_items("big", s, env.clock())]
    assert len(rows) == ITEMS
    decayed = [r for r in rows if r.kind == Kind.USER_PROFILE]
    assert len(decayed) == profiles and {r.scope for r in decayed} == {"user-0", "user-1", "user-2"}
    assert {round(r.importance, 6) for r in decayed} == {0.4} and {r.importance_at for r in decayed} == {
        env.clock()
    }
    assert {r.importance for r in rows if r.kind == Kind.CHAT_SUMMARY} == {0.8}
    assert env.stored("mem_small", "small").importance == pytest.approx(0.4)

    again = env.container.lifecycle.run()
    assert again.cursor is None and again.counts["decayed"] == 0, "the whole pass again changes nothing"


def test_a_cursor_that_is_not_one_is_refused(env: Env):
    from memstore.domain.errors import InvalidRequest

    for bad in ("lc_!!", "nope", "lc_" + "WzEsMiwzLDRd"):
        with pytest.raises(InvalidRequest):
            env.container.lifecycle.run(bad)
