"""One message that cannot be extracted costs only itself: services/batch_extraction.py with a fake
extractor, then consolidation (services/updates.py) on the in-memory repository."""

from __future__ import annotations

import pytest

from memstore.adapters.memory_repository import InMemoryRepository
from memstore.domain.access import Caller
from memstore.domain.errors import DependencyUnavailable, ExtractionFailed
from memstore.domain.extraction import Candidate, Extraction, Message
from memstore.domain.models import Kind
from memstore.domain.requests import CreateStoreRequest
from memstore.domain.updates import UpdateMemoriesRequest, UpdateStatus
from memstore.ports.clock import ManualClock
from memstore.services.batch_extraction import extract_isolating
from memstore.settings import Settings
from memstore.wiring import Container
from tests.doubles import RecordingPublisher, RecordingScheduler, memory_container

POISON = "\u2620"
CALLER = Caller()


class PoisonedExtractor:
    """One memory per message; raises (as a parser choking on a message would) when the batch
    holds a poisoned message, or, with `together`, when it holds both of those messages."""

    name = "poisoned"

    def __init__(self, error: Exception | None = None, together: tuple[str, str] | None = None):
        self.error = error or UnicodeEncodeError("utf-8", POISON, 0, 1, "surrogates not allowed")
        self.together = together
        self.batches: list[list[str]] = []
        self.contexts: list[list[str]] = []

    def extract(self, messages, context, existing, options) -> Extraction:
        texts = [m.content for m in messages]
        self.batches.append(texts)
        self.contexts.append([m.content for m in context])
        if any(POISON in t for t in texts + self.contexts[-1]):
            raise self.error
        if self.together and set(self.together) <= set(texts):
            raise ExtractionFailed("the model returned invalid JSON twice")
        return Extraction(
            memories=[
                Candidate(kind=Kind.USER_PROFILE, content=f"The user said: {m.content}", message_ids=[m.id])
                for m in messages
            ],
            usage={"calls": 1},
        )


def messages(*texts: str) -> list[Message]:
    return [Message(id=f"m{n}", role="user", content=t) for n, t in enumerate(texts)]


def run(extractor: PoisonedExtractor, batch: list[Message], skip: frozenset[int] = frozenset()):
    return extract_isolating(lambda ms: extractor.extract(ms, [], [], None), batch, skip)


def test_a_poisoned_message_is_set_aside_and_the_rest_extracted_together():
    extractor = PoisonedExtractor()
    extraction, failures = run(
        extractor, messages("I like tea.", f"bad {POISON}", "I live in Oslo.", "I run.")
    )
    assert [f.index for f in failures] == [1]
    assert isinstance(failures[0].error, UnicodeEncodeError)
    assert [c.content for c in extraction.memories] == [
        "The user said: I like tea.",
        "The user said: I live in Oslo.",
        "The user said: I run.",
    ]
    assert extractor.batches[-1] == ["I like tea.", "I live in Oslo.", "I run."], (
        "the good ones, as one batch"
    )
    assert sum(POISON in t for b in extractor.batches for t in b) <= 3, "found by halving, not by trying each"


def test_a_clean_batch_is_extracted_once():
    extractor = PoisonedExtractor()
    extraction, failures = run(extractor, messages("I like tea.", "I run."))
    assert failures == [] and len(extraction.memories) == 2 and len(extractor.batches) == 1


def test_transient_errors_are_raised_at_once_never_blamed_on_a_message():
    extractor = PoisonedExtractor(error=DependencyUnavailable("the chat model is throttled"))
    with pytest.raises(DependencyUnavailable):
        run(extractor, messages("I like tea.", f"bad {POISON}", "I run."))
    assert len(extractor.batches) == 1


def test_when_every_message_fails_the_batch_error_is_raised():
    extractor = PoisonedExtractor(error=ExtractionFailed("the model returned invalid JSON twice"))
    with pytest.raises(ExtractionFailed):
        run(extractor, messages(f"a {POISON}", f"b {POISON}"))
    assert len(extractor.batches) == 3


def test_a_single_failing_message_fails_without_probing():
    extractor = PoisonedExtractor()
    with pytest.raises(UnicodeEncodeError):
        run(extractor, messages(f"a {POISON}"))
    assert len(extractor.batches) == 1


def test_skipped_messages_are_never_extracted():
    extractor = PoisonedExtractor()
    extraction, failures = run(extractor, messages("I like tea.", f"bad {POISON}", "I run."), frozenset({1}))
    assert failures == [] and extractor.batches == [["I like tea.", "I run."]]
    assert run(PoisonedExtractor(), messages(f"bad {POISON}"), frozenset({0}))[0] == Extraction()


def test_messages_that_fail_only_together_are_extracted_in_parts():
    extractor = PoisonedExtractor(together=("I like tea.", "I run."))
    extraction, failures = run(extractor, messages("I like tea.", "I live in Oslo.", "I run.", "I swim."))
    assert failures == []
    assert sorted(c.content for c in extraction.memories) == sorted(
        f"The user said: {t}" for t in ["I like tea.", "I live in Oslo.", "I run.", "I swim."]
    )
    assert extraction.usage == {"calls": 2}


# ------------------------------------------------------------------------------- consolidation
@pytest.fixture
def env():
    clock = ManualClock()
    scheduler = RecordingScheduler()
    extractor = PoisonedExtractor()
    c = Container(
        Settings(),
        repository=InMemoryRepository(),
        clock=clock,
        scheduler=scheduler,
        publisher=RecordingPublisher(),
        extractor_factory=lambda model: extractor,
    )
    c.stores.create(CreateStoreRequest(name="s"), CALLER)
    return c, scheduler, extractor


def submit(c, *texts, delay=0, previous=None):
    items = [{"role": "user", "content": t} for t in texts]
    request = UpdateMemoriesRequest(
        scope="alice", items=items, update_delay=delay, previous_update_id=previous
    )
    return c.updates.submit("s", request, CALLER)["update_id"]


def contents(c):
    return sorted(i.content for i in c.repository.scope_items("s", "alice", c.clock()))


def test_a_debounced_batch_with_one_bad_message_completes_with_the_good_ones(env):
    c, scheduler, extractor = env
    submit(c, f"I like {POISON} tea.", delay=60)
    update_id = submit(c, "I live in Lisbon.", "My sister is Ana.", "I prefer dark roast coffee.")
    assert c.consolidation.run(scheduler.jobs[-1])["status"] == "done"

    update = c.updates.get("s", update_id, CALLER)
    assert update.status == UpdateStatus.COMPLETED
    bad_id = update.messages[0].id
    assert update.public()["result"]["failed_messages"] == [
        {
            "index": 0,
            "message_id": bad_id,
            "error": {
                "code": "internal_error",
                "message": "extracting this message raised UnicodeEncodeError",
            },
        }
    ]
    assert [f.index for f in update.failed_messages] == [0]
    assert contents(c) == [
        "The user said: I live in Lisbon.",
        "The user said: I prefer dark roast coffee.",
        "The user said: My sister is Ana.",
    ]
    assert len(update.result["memory_operations"]) == 3
    assert update.messages[0].content == f"I like {POISON} tea.", "the bad message is kept, not dropped"


def test_a_retried_run_never_extracts_the_set_aside_message_again(env, monkeypatch):
    c, scheduler, extractor = env
    update_id = submit(c, "I live in Lisbon.", f"I like {POISON} tea.", "I prefer dark roast coffee.")
    writes = []

    def table_down_once(*args, **kwargs):
        writes.append(1)
        if len(writes) == 1:
            raise DependencyUnavailable("the table is unavailable")
        return real_apply(*args, **kwargs)

    real_apply = c.writer.apply
    monkeypatch.setattr(c.writer, "apply", table_down_once)
    with pytest.raises(DependencyUnavailable):
        c.consolidation.run(scheduler.jobs[-1])
    assert [f.index for f in c.repository.get_update("s", update_id).failed_messages] == [1]
    before = len(extractor.batches)
    assert c.consolidation.run(scheduler.jobs[-1])["status"] == "done"
    assert extractor.batches[before:] == [["I live in Lisbon.", "I prefer dark roast coffee."]]
    update = c.updates.get("s", update_id, CALLER)
    assert update.status == UpdateStatus.COMPLETED and [f.index for f in update.failed_messages] == [1]


def test_a_retry_of_a_failed_update_does_not_carry_the_set_aside_message(env, monkeypatch):
    c, scheduler, extractor = env
    failed_id = submit(c, f"I like {POISON} tea.", "I live in Lisbon.")
    monkeypatch.setattr(
        c.writer, "apply", lambda *a, **k: (_ for _ in ()).throw(DependencyUnavailable("down"))
    )
    with pytest.raises(DependencyUnavailable):
        c.consolidation.run(scheduler.jobs[-1])
    c.consolidation.fail(scheduler.jobs[-1], {"Error": "DependencyUnavailable"})
    failed = c.updates.get("s", failed_id, CALLER)
    assert failed.status == UpdateStatus.FAILED
    assert failed.public()["result"]["failed_messages"][0]["index"] == 0
    monkeypatch.undo()

    retry_id = submit(c, previous=failed_id)
    assert [m.content for m in c.repository.get_update("s", retry_id).messages] == ["I live in Lisbon."]
    before = len(extractor.batches)
    assert c.consolidation.run(scheduler.jobs[-1])["status"] == "done"
    assert all(POISON not in t for b in extractor.batches[before:] for t in b)
    assert contents(c) == ["The user said: I live in Lisbon."]


def test_a_set_aside_message_is_no_context_for_the_next_update(env):
    c, scheduler, extractor = env
    first = submit(c, f"I like {POISON} tea.", "I live in Lisbon.")
    c.consolidation.run(scheduler.jobs[-1])
    submit(c, "I prefer dark roast coffee.", previous=first)
    assert c.consolidation.run(scheduler.jobs[-1])["status"] == "done"
    assert extractor.contexts[-1] == ["I live in Lisbon."]
    assert "The user said: I prefer dark roast coffee." in contents(c)


def test_a_dry_run_reports_the_message_it_would_set_aside(env):
    c, scheduler, extractor = env
    request = UpdateMemoriesRequest(
        scope="alice",
        items=[
            {"role": "user", "content": f"I like {POISON} tea."},
            {"role": "user", "content": "I live in Lisbon."},
        ],
        dry_run=True,
    )
    answer = c.updates.submit("s", request, CALLER)
    assert [f["index"] for f in answer["result"]["failed_messages"]] == [0]
    assert [op["memory_item"]["content"] for op in answer["result"]["memory_operations"]] == [
        "The user said: I live in Lisbon."
    ]
    assert contents(c) == [] and scheduler.jobs == []


def test_the_rules_extractor_with_a_lone_surrogate_sets_only_that_message_aside():
    """The message of the bug report, past the API's own check (an older client, the EventBridge
    path before its check, or a record written before it): spaCy cannot encode it."""
    c, scheduler = memory_container()
    update_id = submit(c, "I live in Lisbon.", "I like \ud800 tea.")
    assert c.consolidation.run(scheduler.jobs[-1])["status"] == "done"
    update = c.updates.get("s", update_id, CALLER)
    assert update.status == UpdateStatus.COMPLETED
    assert [(f.index, f.code) for f in update.failed_messages] == [(1, "internal_error")]
    assert contents(c) == ["The user lives in Lisbon."]
