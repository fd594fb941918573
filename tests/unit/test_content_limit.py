"""Extracted memories never exceed the content limit (8,192 bytes of UTF-8): a long summary is split
between sentences, a long fact cut after its last whole sentence (domain/content_limit.py, applied
where memories are written, services/memory_writer.py)."""

from __future__ import annotations

import pytest

from memstore.adapters.memory_repository import InMemoryRepository
from memstore.domain.content_limit import ELLIPSIS, cut_to_limit, split_to_limit
from memstore.domain.extraction import Candidate
from memstore.domain.merge import Operation
from memstore.domain.models import Kind, MemoryItem, Store, StoreDefinition
from memstore.domain.requests import MAX_CONTENT_BYTES, CreateItemRequest
from memstore.ports.clock import ManualClock
from memstore.services.memory_writer import MemoryWriter

NOW = 1_800_000_000


def size(text: str) -> int:
    return len(text.encode("utf-8"))


def long_summary(target: int = 11_569) -> str:
    sentences, n = [], 0
    while size(" ".join(sentences)) < target:
        sentences.append(
            f"In session {n} the user talked about their trip to Kyōto and the café near the station."
        )
        n += 1
    return " ".join(sentences)


def test_a_long_summary_splits_between_sentences_into_pieces_within_the_limit():
    text = long_summary()
    assert size(text) > MAX_CONTENT_BYTES
    pieces = split_to_limit(text)
    assert len(pieces) == 2
    assert all(size(p) <= MAX_CONTENT_BYTES for p in pieces)
    assert all(p.endswith("station.") and p.startswith("In session") for p in pieces)
    assert " ".join(pieces) == text
    CreateItemRequest(scope="u", kind=Kind.CHAT_SUMMARY, content=pieces[0])  # what the API itself accepts


def test_text_within_the_limit_is_left_as_it_is():
    assert split_to_limit("Short.  Two spaces.") == ["Short.  Two spaces."]
    assert cut_to_limit("Short.") == "Short."


@pytest.mark.parametrize("text", ["é" * 6000, "word " * 3000, "ü" * 5000 + ". " + "x" * 9000])
def test_sentences_longer_than_the_limit_split_between_words_then_characters(text):
    pieces = split_to_limit(text)
    assert len(pieces) >= 2 and all(0 < size(p) <= MAX_CONTENT_BYTES for p in pieces)
    assert "".join(pieces).replace(" ", "") == text.replace(" ", "")


def test_a_cut_says_so_and_fits():
    cut = cut_to_limit(long_summary())
    assert cut.endswith("station." + ELLIPSIS) and size(cut) <= MAX_CONTENT_BYTES


@pytest.fixture
def writer():
    repo = InMemoryRepository()
    store = Store(id="ms_s", name="s", definition=StoreDefinition(), created_at=NOW, updated_at=NOW)
    repo.create_store(store)
    return MemoryWriter(repo, ManualClock(NOW)), repo, store


def stored(repo) -> list[MemoryItem]:
    return repo.scope_items("s", "alice", NOW)


def test_the_writer_splits_a_long_summary_into_memories_that_fit(writer):
    w, repo, store = writer
    summary = Candidate(kind=Kind.CHAT_SUMMARY, content=long_summary(), message_ids=["m1", "m2"])
    report = w.apply(store, "alice", [Operation(action="create", candidate=summary)], "upd_1")
    items = stored(repo)
    assert len(items) == 2 and len(report) == 2
    assert all(size(i.content) <= MAX_CONTENT_BYTES and i.kind == Kind.CHAT_SUMMARY for i in items)
    assert all(i.source.message_ids == ["m1", "m2"] and i.source.update_ids == ["upd_1"] for i in items)
    assert sorted(" ".join(i.content for i in items).split()) == sorted(summary.content.split())
    w.apply(store, "alice", [Operation(action="create", candidate=summary)], "upd_1")
    assert len(stored(repo)) == 2, "a retried run writes the same pieces, not copies"


def test_the_writer_cuts_a_long_fact_and_a_long_rewrite(writer):
    w, repo, store = writer
    fact = Candidate(kind=Kind.USER_PROFILE, content=long_summary(9000))
    w.apply(store, "alice", [Operation(action="create", candidate=fact)], "upd_1")
    [item] = stored(repo)
    assert size(item.content) <= MAX_CONTENT_BYTES and item.content.endswith(ELLIPSIS)

    short = Candidate(kind=Kind.USER_PROFILE, content="The user lives in Oslo.")
    w.apply(store, "alice", [Operation(action="create", candidate=short)], "upd_2")
    target = next(i for i in stored(repo) if i.content == short.content)
    longer = Candidate(kind=Kind.USER_PROFILE, content="The user lives in Oslo. " + long_summary(9000))
    w.apply(
        store, "alice", [Operation(action="update", memory_id=target.memory_id, candidate=longer)], "upd_3"
    )
    rewritten = repo.get_item("s", target.memory_id, NOW)
    assert size(rewritten.content) <= MAX_CONTENT_BYTES and rewritten.content.startswith(
        "The user lives in Oslo."
    )
    assert rewritten.version == 2
    w.apply(
        store, "alice", [Operation(action="update", memory_id=target.memory_id, candidate=longer)], "upd_3"
    )
    assert repo.get_item("s", target.memory_id, NOW).version == 2, "the same cut is no change"
