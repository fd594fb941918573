"""One suite, every Repository: the in-memory fake and DynamoDB (moto) must agree."""

from __future__ import annotations

import pytest

from memstore.adapters.memory_repository import InMemoryRepository
from memstore.domain.errors import Conflict, NotFound
from memstore.domain.extraction import Message
from memstore.domain.models import Kind, MemoryItem, Revision, SearchSession, Store, StoreDefinition
from memstore.domain.updates import ClaimOutcome, FailedMessage, ScopeState, UpdateRecord, UpdateStatus
from memstore.ports import repository as repository_port
from memstore.ports.repository import list_read_budget

NOW = 1_800_000_000


@pytest.fixture(params=["memory", "dynamodb", "dynamodb-local"])
def repo(request, monkeypatch):
    """The local runtime swaps moto's transactions and queries for its own
    (memstore_local/moto_transactions, moto_query): that variant must keep every guarantee too."""
    if request.param == "memory":
        yield InMemoryRepository()
        return
    from memstore.adapters.dynamodb_repository import DynamoDBRepository

    if request.param == "dynamodb-local":
        from moto.dynamodb.models import DynamoDBBackend

        from memstore_local import moto_query, moto_transactions

        monkeypatch.setattr(DynamoDBBackend, "transact_write_items", moto_transactions.transact_write_items)
        for owner, name, replacement in moto_query.patches():
            monkeypatch.setattr(owner, name, replacement)

    table = request.getfixturevalue("moto_table")
    yield DynamoDBRepository(table, region="us-east-1")


def store(name="s1") -> Store:
    return Store(id=f"ms_{name}", name=name, definition=StoreDefinition(), created_at=NOW, updated_at=NOW)


def item(mid: str, scope="alice", kind=Kind.USER_PROFILE, content="likes tea", expires_at=None, st="s1"):
    return MemoryItem(
        memory_id=mid,
        store=st,
        scope=scope,
        kind=kind,
        content=content,
        created_at=NOW,
        updated_at=NOW,
        expires_at=expires_at,
    )


def test_store_create_get_and_duplicate(repo):
    repo.create_store(store())
    assert repo.get_store("s1").name == "s1"
    with pytest.raises(Conflict):
        repo.create_store(store())
    assert repo.get_store("nope") is None


def test_store_listing_pages(repo):
    for n in ["a", "b", "c"]:
        repo.create_store(store(n))
    first = repo.list_stores(2, None)
    assert [s.name for s in first.items] == ["a", "b"] and first.has_more
    second = repo.list_stores(2, "b")
    assert [s.name for s in second.items] == ["c"] and not second.has_more


def test_save_store_requires_existing(repo):
    with pytest.raises(NotFound):
        repo.save_store(store("ghost"))
    repo.create_store(store())
    changed = store().model_copy(update={"description": "new"})
    repo.save_store(changed)
    assert repo.get_store("s1").description == "new"


def test_item_is_readable_by_id_right_after_creation(repo):
    repo.create_store(store())
    repo.put_item(item("mem_1"))
    got = repo.get_item("s1", "mem_1", NOW)
    assert got.content == "likes tea" and got.scope == "alice"
    with pytest.raises(Conflict):
        repo.put_item(item("mem_1"))


def test_expired_items_are_never_returned(repo):
    repo.create_store(store())
    repo.put_item(item("mem_1", expires_at=NOW + 10))
    repo.put_item(item("mem_2"))
    assert repo.get_item("s1", "mem_1", NOW + 9) is not None
    assert repo.get_item("s1", "mem_1", NOW + 10) is None
    assert [i.memory_id for i in repo.list_items("s1", "alice", None, 10, None, NOW + 11).items] == ["mem_2"]
    assert [i.memory_id for i in repo.scope_items("s1", "alice", NOW + 11)] == ["mem_2"]


def test_listing_is_scoped_paged_and_filtered(repo):
    repo.create_store(store())
    for n in range(5):
        repo.put_item(item(f"mem_{n}", kind=Kind.PROCEDURAL if n % 2 else Kind.USER_PROFILE))
    repo.put_item(item("mem_9", scope="bob"))
    page = repo.list_items("s1", "alice", None, 2, None, NOW)
    assert [i.memory_id for i in page.items] == ["mem_0", "mem_1"] and page.has_more
    rest = repo.list_items("s1", "alice", None, 10, "mem_1", NOW)
    assert [i.memory_id for i in rest.items] == ["mem_2", "mem_3", "mem_4"] and not rest.has_more
    procedural = repo.list_items("s1", "alice", Kind.PROCEDURAL, 10, None, NOW)
    assert [i.memory_id for i in procedural.items] == ["mem_1", "mem_3"]
    assert [i.memory_id for i in repo.list_items("s1", "bob", None, 10, None, NOW).items] == ["mem_9"]


def every_page(repo, limit, kind=None, now=NOW, scope="alice"):
    """Follows `next_after` to the end: (the pages' item ids, the pages)."""
    pages, after = [], None
    for _ in range(100):
        page = repo.list_items("s1", scope, kind, limit, after, now)
        pages.append(page)
        if not page.has_more:
            return [i.memory_id for p in pages for i in p.items], pages
        assert page.next_after, "a page with more after it says where the next one starts"
        after = page.next_after
    raise AssertionError("the listing did not end")


def test_pages_follow_next_after_to_every_item_once(repo):
    repo.create_store(store())
    ids = [f"mem_{n:03d}" for n in range(25)]
    for mid in reversed(ids):
        repo.put_item(item(mid))
    listed, pages = every_page(repo, 10)
    assert listed == ids
    assert [len(p.items) for p in pages] == [10, 10, 5]
    assert [p.next_after for p in pages] == ["mem_009", "mem_019", None]


def test_pages_stay_full_past_expired_items(repo):
    repo.create_store(store())
    for n in range(40):
        repo.put_item(item(f"mem_{n:03d}", expires_at=NOW + 10 if n % 2 else None))
    listed, pages = every_page(repo, 5, now=NOW + 11)
    assert listed == [f"mem_{n:03d}" for n in range(0, 40, 2)]
    assert [len(p.items) for p in pages] == [5, 5, 5, 5]
    assert [p.has_more for p in pages] == [True, True, True, False]


@pytest.fixture
def small_budget(monkeypatch):
    """A read budget a few rows over the page, so a test needs tens of items, not hundreds."""
    monkeypatch.setattr(repository_port, "LIST_READ_SLACK", 6)


def test_a_page_reads_at_most_its_budget_and_says_where_to_go_on(repo, small_budget):
    """Expired items TTL has not deleted yet (or other kinds) ahead of the live ones: the page
    stops at its read budget, empty but with more to come, instead of reading the whole scope."""
    repo.create_store(store())
    budget = list_read_budget(2)
    expired = [f"mem_a{n:04d}" for n in range(budget + 5)]
    for mid in expired:
        repo.put_item(item(mid, expires_at=NOW + 10))
    for mid in ["mem_b1", "mem_b2", "mem_b3"]:
        repo.put_item(item(mid))
    first = repo.list_items("s1", "alice", None, 2, None, NOW + 11)
    assert first.items == [] and first.has_more and first.next_after == expired[budget - 1]
    listed, pages = every_page(repo, 2, now=NOW + 11)
    assert listed == ["mem_b1", "mem_b2", "mem_b3"]
    assert len(pages) == 3


def test_a_kind_filter_pages_within_the_budget_too(repo, small_budget):
    repo.create_store(store())
    budget = list_read_budget(3)
    for n in range(budget * 2):
        repo.put_item(item(f"mem_{n:04d}", kind=Kind.PROCEDURAL if n % 12 == 7 else Kind.USER_PROFILE))
    listed, pages = every_page(repo, 3, kind=Kind.PROCEDURAL)
    assert listed == [f"mem_{n:04d}" for n in range(budget * 2) if n % 12 == 7]
    assert all(i.kind == Kind.PROCEDURAL for p in pages for i in p.items)
    assert len(pages) >= 2


def test_list_rows_leave_embeddings_and_revisions_out(repo):
    repo.create_store(store())
    stored = item("mem_1").model_copy(
        update={
            "embedding": b"\x00\x01" * 8,
            "embedding_model": "m",
            "revisions": [Revision(content="liked coffee", updated_at=NOW - 5)],
        }
    )
    repo.put_item(stored)
    [listed] = repo.list_items("s1", "alice", None, 10, None, NOW).items
    assert listed.embedding is None and listed.revisions == []
    assert (listed.content, listed.version, listed.kind) == ("likes tea", 1, Kind.USER_PROFILE)
    full = repo.get_item("s1", "mem_1", NOW)
    assert full.embedding == stored.embedding and [r.content for r in full.revisions] == ["liked coffee"]


def test_replace_is_optimistic(repo):
    repo.create_store(store())
    repo.put_item(item("mem_1"))
    current = repo.get_item("s1", "mem_1", NOW)
    repo.replace_item(
        current.model_copy(update={"content": "likes coffee", "version": 2}), expected_version=1
    )
    assert repo.get_item("s1", "mem_1", NOW).content == "likes coffee"
    with pytest.raises(Conflict):
        repo.replace_item(current.model_copy(update={"content": "stale", "version": 2}), expected_version=1)
    with pytest.raises(NotFound):
        repo.replace_item(item("mem_404"), expected_version=1)


def test_delete_item_and_scope(repo):
    repo.create_store(store())
    for n in range(30):
        repo.put_item(item(f"mem_{n:02d}"))
    repo.put_item(item("mem_b", scope="bob"))
    assert repo.delete_item("s1", "mem_00").memory_id == "mem_00"
    assert repo.get_item("s1", "mem_00", NOW) is None
    assert repo.delete_item("s1", "mem_00") is None
    assert repo.delete_scope("s1", "alice") == 29
    assert repo.scope_items("s1", "alice", NOW) == []
    assert repo.get_item("s1", "mem_05", NOW) is None
    assert repo.get_item("s1", "mem_b", NOW) is not None


def test_delete_store_removes_everything(repo):
    repo.create_store(store())
    repo.create_store(store("other"))
    for n in range(60):
        repo.put_item(item(f"mem_{n:02d}", scope=f"user{n % 7}"))
    repo.put_item(item("mem_x", st="other"))
    assert repo.delete_store("s1") is True
    assert repo.get_store("s1") is None
    assert all(repo.get_item("s1", f"mem_{n:02d}", NOW) is None for n in range(60))
    assert repo.delete_store("s1") is False
    repo.create_store(store())
    assert repo.scope_items("s1", "user1", NOW) == []
    assert repo.get_item("other", "mem_x", NOW) is not None


def test_record_access_counts(repo):
    repo.create_store(store())
    repo.put_item(item("mem_1"))
    repo.record_access("s1", "alice", {"mem_1": 1, "mem_gone": 1}, NOW + 5)
    repo.record_access("s1", "bob", {"mem_1": 1}, NOW + 6)
    got = repo.get_item("s1", "mem_1", NOW)
    assert got.access_count == 1 and got.last_accessed_at == NOW + 5
    repo.record_access("s1", "alice", {"mem_1": 3}, NOW + 7)
    got = repo.get_item("s1", "mem_1", NOW)
    assert got.access_count == 4 and got.last_accessed_at == NOW + 7
    assert repo.get_item("s1", "mem_gone", NOW) is None


def test_scope_stamp_changes_with_every_write(repo):
    repo.create_store(store())
    assert repo.scope_stamp("s1", "alice") is None
    repo.put_item(item("mem_1"))
    first = repo.scope_stamp("s1", "alice")
    assert first is not None and repo.scope_stamp("s1", "bob") is None
    current = repo.get_item("s1", "mem_1", NOW)
    repo.replace_item(current.model_copy(update={"version": 2, "content": "x"}), expected_version=1)
    second = repo.scope_stamp("s1", "alice")
    assert second != first
    repo.delete_item("s1", "mem_1")
    assert repo.scope_stamp("s1", "alice") not in (first, second)
    repo.put_item(item("mem_2"))
    repo.delete_scope("s1", "alice")
    assert repo.scope_stamp("s1", "alice") is None


def update(uid: str, scope="alice", messages=("hi",), st="s1") -> UpdateRecord:
    return UpdateRecord(
        update_id=uid,
        store=st,
        scope=scope,
        status=UpdateStatus.QUEUED,
        messages=[Message(id=f"{uid}-{n}", role="user", content=c) for n, c in enumerate(messages)],
        due_at=NOW,
        created_at=NOW,
        updated_at=NOW,
    )


def test_enqueue_supersedes_only_the_pending_update(repo):
    repo.create_store(store())
    repo.enqueue_update(update("upd_1"), supersedes=None)
    assert repo.scope_state("s1", "alice").pending_update_id == "upd_1"
    with pytest.raises(Conflict):
        repo.enqueue_update(update("upd_x"), supersedes=None)
    repo.enqueue_update(update("upd_2", messages=("hi", "more")), supersedes="upd_1")
    old = repo.get_update("s1", "upd_1")
    assert old.status == UpdateStatus.SUPERSEDED and old.superseded_by == "upd_2"
    assert [m.content for m in repo.get_update("s1", "upd_2").messages] == ["hi", "more"]
    with pytest.raises(Conflict):
        repo.enqueue_update(update("upd_3"), supersedes="upd_1")
    assert repo.get_update("s1", "upd_3") is None
    assert repo.get_update("s1", "upd_404") is None


def test_an_update_read_within_its_scope_or_without_its_messages(repo):
    repo.create_store(store())
    repo.enqueue_update(update("upd_1", messages=("hi", "more")), supersedes=None)
    repo.enqueue_update(update("upd_b", scope="bob", messages=("bob's",)), supersedes=None)
    within = repo.get_update("s1", "upd_1", scope="alice")
    assert within == repo.get_update("s1", "upd_1")
    assert [m.content for m in within.messages] == ["hi", "more"]
    assert repo.get_update("s1", "upd_1", scope="bob") is None
    assert repo.get_update("s1", "upd_b", scope="alice") is None
    bare = repo.get_update("s1", "upd_1", messages=False)
    assert bare.messages == [] and bare.model_copy(update={"messages": within.messages}) == within


def test_claim_serialises_a_scope_and_is_reentrant(repo):
    repo.create_store(store())
    repo.enqueue_update(update("upd_1"), supersedes=None)
    assert repo.claim_update("s1", "alice", "upd_1", NOW) == ClaimOutcome.CLAIMED
    assert repo.get_update("s1", "upd_1").status == UpdateStatus.IN_PROGRESS
    assert repo.claim_update("s1", "alice", "upd_1", NOW) == ClaimOutcome.CLAIMED
    repo.enqueue_update(update("upd_2"), supersedes=None)
    assert repo.claim_update("s1", "alice", "upd_2", NOW) == ClaimOutcome.BUSY
    done = repo.get_update("s1", "upd_1").model_copy(
        update={"status": UpdateStatus.COMPLETED, "result": {"n": 1}}
    )
    repo.finish_update(done)
    assert repo.scope_state("s1", "alice").running_update_id is None
    assert repo.get_update("s1", "upd_1").result == {"n": 1}
    assert repo.claim_update("s1", "alice", "upd_2", NOW) == ClaimOutcome.CLAIMED
    assert repo.claim_update("s1", "alice", "upd_1", NOW) == ClaimOutcome.GONE


def test_failing_a_pending_update_releases_the_scope_and_keeps_messages(repo):
    repo.create_store(store())
    repo.enqueue_update(update("upd_1", messages=("keep me",)), supersedes=None)
    failed = repo.get_update("s1", "upd_1").model_copy(
        update={"status": UpdateStatus.FAILED, "error": {"code": "x", "message": "boom"}}
    )
    repo.finish_update(failed)
    assert repo.scope_state("s1", "alice") == ScopeState()
    got = repo.get_update("s1", "upd_1")
    assert got.status == UpdateStatus.FAILED and got.messages[0].content == "keep me"
    repo.enqueue_update(update("upd_2"), supersedes=None)


def test_delete_scope_and_store_remove_updates(repo):
    repo.create_store(store())
    repo.enqueue_update(update("upd_1"), supersedes=None)
    repo.enqueue_update(update("upd_b", scope="bob"), supersedes=None)
    repo.delete_scope("s1", "alice")
    assert repo.get_update("s1", "upd_1") is None
    assert repo.scope_state("s1", "alice") == ScopeState()
    repo.delete_store("s1")
    assert repo.get_update("s1", "upd_b") is None


# ------------------------------------------------------------------ message retention
SECRET = "my locker code is 4417 and my sister is Ines"
"""A message's text: no row may hold it once the messages are gone."""


def stored_text(repo, ttl_now: float | None = None) -> str:
    """Everything the repository holds, as text: the in-memory fake's state, or every row of
    the table with compressed binaries unpacked. With `ttl_now`, the rows DynamoDB's TTL deletes
    (`expires_at` at or before it; moto never deletes them) are left out."""
    if isinstance(repo, InMemoryRepository):
        return repr(vars(repo))
    import json
    import zlib

    import boto3

    client = boto3.client("dynamodb", region_name="us-east-1")
    texts = []
    for page in client.get_paginator("scan").paginate(TableName=repo._table, ConsistentRead=True):
        for row in page["Items"]:
            if (
                ttl_now is not None
                and "N" in row.get("expires_at", {})
                and float(row["expires_at"]["N"]) <= ttl_now
            ):
                continue
            for value in row.values():
                if "B" in value:
                    try:
                        texts.append(zlib.decompress(value["B"]).decode("utf-8"))
                    except zlib.error:
                        texts.append(repr(value["B"]))
            texts.append(json.dumps(row, default=repr))
    return "\n".join(texts)


def finished(repo, uid: str, status=UpdateStatus.COMPLETED, keep_for: int = 100, at: int = NOW):
    done = repo.get_update("s1", uid, now=at).model_copy(
        update={
            "status": status,
            "result": {"memory_operations": []},
            "updated_at": at,
            "messages_expire_at": at + keep_for,
            "error": {"code": "x", "message": "boom"} if status == UpdateStatus.FAILED else None,
        }
    )
    repo.finish_update(done)


def test_a_superseded_update_keeps_no_messages(repo):
    repo.create_store(store())
    repo.enqueue_update(update("upd_1", messages=(SECRET,)), supersedes=None)
    assert SECRET in stored_text(repo)
    repo.enqueue_update(update("upd_2", messages=(SECRET, "more")), supersedes="upd_1")
    old = repo.get_update("s1", "upd_1", now=NOW)
    assert old.status == UpdateStatus.SUPERSEDED and old.messages == []
    assert [m.content for m in repo.get_update("s1", "upd_2", now=NOW).messages] == [SECRET, "more"]
    assert stored_text(repo).count(SECRET) == 1, "only the successor holds the text"


@pytest.mark.parametrize("status", [UpdateStatus.COMPLETED, UpdateStatus.FAILED])
def test_a_finished_update_keeps_its_messages_until_they_expire(repo, status):
    repo.create_store(store())
    repo.enqueue_update(update("upd_1", messages=(SECRET,)), supersedes=None)
    assert repo.claim_update("s1", "alice", "upd_1", NOW) == ClaimOutcome.CLAIMED
    finished(repo, "upd_1", status, keep_for=100)
    kept = repo.get_update("s1", "upd_1", now=NOW + 99)
    assert [m.content for m in kept.messages] == [SECRET] and kept.messages_expire_at == NOW + 100
    assert repo.scope_state("s1", "alice") == ScopeState()
    gone = repo.get_update("s1", "upd_1", now=NOW + 100)
    assert gone.messages == [], "expired messages are never read, whatever TTL has done"
    assert (gone.status, gone.result, gone.messages_expire_at) == (
        status,
        {"memory_operations": []},
        NOW + 100,
    )
    assert gone.error == ({"code": "x", "message": "boom"} if status == UpdateStatus.FAILED else None)
    assert SECRET not in stored_text(repo, ttl_now=NOW + 100), "every row holding the text expires then"


@pytest.mark.parametrize("status", [UpdateStatus.COMPLETED, UpdateStatus.FAILED])
def test_messages_whose_time_is_up_are_removed_as_the_update_finishes(repo, status):
    repo.create_store(store())
    repo.enqueue_update(update("upd_1", messages=(SECRET,)), supersedes=None)
    assert repo.claim_update("s1", "alice", "upd_1", NOW) == ClaimOutcome.CLAIMED
    finished(repo, "upd_1", status, keep_for=0)
    assert repo.get_update("s1", "upd_1", now=NOW - 1).messages == []
    assert repo.get_update("s1", "upd_1", now=NOW).status == status
    assert SECRET not in stored_text(repo), "removed at once, not left to TTL"


def test_delete_scope_and_store_remove_update_messages(repo):
    repo.create_store(store())
    repo.enqueue_update(update("upd_1", messages=(SECRET,)), supersedes=None)
    repo.claim_update("s1", "alice", "upd_1", NOW)
    finished(repo, "upd_1", keep_for=3600)
    repo.enqueue_update(update("upd_2", messages=(SECRET,)), supersedes=None)
    repo.enqueue_update(update("upd_b", scope="bob", messages=(SECRET,)), supersedes=None)
    repo.delete_scope("s1", "alice")
    assert repo.get_update("s1", "upd_1", now=NOW) is None and repo.get_update("s1", "upd_2", now=NOW) is None
    assert stored_text(repo).count(SECRET) == 1, "bob's pending update is all that is left"
    repo.delete_store("s1")
    assert SECRET not in stored_text(repo)


def test_get_items_keeps_order_scope_and_liveness(repo):
    repo.create_store(store())
    repo.put_item(item("mem_1"))
    repo.put_item(item("mem_2", expires_at=NOW + 1))
    repo.put_item(item("mem_3"))
    repo.put_item(item("mem_b", scope="bob"))
    got = repo.get_items("s1", "alice", ["mem_3", "mem_b", "mem_2", "mem_404", "mem_1"], NOW + 5)
    assert [i.memory_id for i in got] == ["mem_3", "mem_1"]
    assert repo.get_items("s1", "alice", [], NOW) == []


def test_set_embedding_only_on_the_expected_version(repo):
    repo.create_store(store())
    repo.put_item(item("mem_1"))
    stamp = repo.scope_stamp("s1", "alice")
    repo.set_embedding("s1", "alice", "mem_1", b"\x00\x01", "m", expected_version=2)
    assert repo.get_item("s1", "mem_1", NOW).embedding is None
    repo.set_embedding("s1", "alice", "mem_1", b"\x00\x01", "m", expected_version=1)
    got = repo.get_item("s1", "mem_1", NOW)
    assert got.embedding == b"\x00\x01" and got.embedding_model == "m"
    assert repo.scope_stamp("s1", "alice") == stamp
    repo.set_embedding("s1", "alice", "mem_gone", b"\x00\x01", "m", expected_version=1)
    assert repo.get_item("s1", "mem_gone", NOW) is None


def test_search_sessions_expire_and_are_scoped(repo):
    repo.create_store(store())
    session = SearchSession(
        search_id="srch_1",
        store="s1",
        scope="alice",
        query="q",
        returned=["mem_1"],
        created_at=NOW,
        expires_at=NOW + 60,
    )
    repo.save_search(session)
    assert repo.get_search("s1", "alice", "srch_1", NOW).returned == ["mem_1"]
    assert repo.get_search("s1", "bob", "srch_1", NOW) is None
    assert repo.get_search("s1", "alice", "srch_1", NOW + 60) is None
    repo.delete_scope("s1", "alice")
    assert repo.get_search("s1", "alice", "srch_1", NOW) is None


def test_failed_messages_are_recorded_on_the_running_update_and_kept_when_it_finishes(repo):
    repo.create_store(store())
    repo.enqueue_update(update("upd_1", messages=("bad", "good")), None)
    assert repo.claim_update("s1", "alice", "upd_1", NOW) == ClaimOutcome.CLAIMED
    running = repo.get_update("s1", "upd_1", NOW)
    assert running.failed_messages == []
    set_aside = [
        FailedMessage(index=0, message_id="upd_1-0", code="internal_error", message="raised ValueError")
    ]
    repo.record_failed_messages(running.model_copy(update={"failed_messages": set_aside}))
    again = repo.get_update("s1", "upd_1", NOW)
    assert again.failed_messages == set_aside and again.status == UpdateStatus.IN_PROGRESS
    assert [m.content for m in again.messages] == ["bad", "good"]
    assert [m.content for m in again.usable_messages()] == ["good"]
    repo.finish_update(
        again.model_copy(
            update={
                "status": UpdateStatus.COMPLETED,
                "updated_at": NOW + 1,
                "result": {"memory_operations": []},
            }
        )
    )
    assert repo.get_update("s1", "upd_1", NOW + 1).failed_messages == set_aside
    with pytest.raises(NotFound):
        repo.record_failed_messages(update("upd_gone"))
