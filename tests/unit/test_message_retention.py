"""An update's raw messages are kept only as long as the store's `message_retention_seconds`
after the update finishes (none at all once it is superseded): the update service and the
consolidation on the in-memory repository, time moved by a ManualClock."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from memstore.adapters.memory_repository import InMemoryRepository
from memstore.domain.access import Caller
from memstore.domain.errors import ExtractionFailed, InvalidRequest
from memstore.domain.extraction import Message
from memstore.domain.models import StoreDefinition, StoreOptions
from memstore.domain.requests import CreateStoreRequest
from memstore.domain.updates import (
    MESSAGE_TEXT_WITHHELD,
    UpdateMemoriesRequest,
    UpdateStatus,
    quotes_messages,
    withhold_message_text,
)
from memstore.ports.clock import ManualClock
from memstore.settings import Settings
from memstore.wiring import Container
from tests.doubles import RecordingPublisher, RecordingScheduler

CALLER = Caller()
COFFEE = "I prefer dark roast coffee."
CAT = "My cat is called Miso."


class Switch:
    """Stands in for the container's extractors: each extraction's context is noted, then it
    raises `error` when one is set, or runs the extractor the container would have used."""

    def __init__(self, real_for) -> None:
        self.real_for = real_for
        self.error: Exception | None = None
        self.contexts: list[list[str]] = []

    def for_store(self, store):
        return SwitchedExtractor(self, store)


class SwitchedExtractor:
    name = "switched"

    def __init__(self, switch: Switch, store) -> None:
        self.switch = switch
        self.store = store

    def extract(self, messages, context, existing, options):
        self.switch.contexts.append([m.content for m in context])
        if self.switch.error is not None:
            raise self.switch.error
        return self.switch.real_for(self.store).extract(messages, context, existing, options)


def make_env(retention: int | None = None):
    clock = ManualClock()
    settings = Settings(
        default_embedding_model="memstore-hashing", allowed_embedding_models=("memstore-hashing",)
    )
    base = Container(
        settings,
        repository=InMemoryRepository(),
        clock=clock,
        scheduler=RecordingScheduler(),
        publisher=RecordingPublisher(),
    )
    options = StoreOptions() if retention is None else StoreOptions(message_retention_seconds=retention)
    base.stores.create(CreateStoreRequest(name="s", definition=StoreDefinition(options=options)), CALLER)
    return base.replace(extractor_for=Switch(base.extractor_for).for_store), clock


def switch_of(c: Container) -> Switch:
    """The Switch a make_env container extracts through (the owner of its extractor_for)."""
    return c.overrides.extractor_for.__self__


def submit(c, *texts, previous=None, delay=0):
    items = [{"role": "user", "content": t} for t in texts]
    req = UpdateMemoriesRequest(scope="alice", items=items, update_delay=delay, previous_update_id=previous)
    return c.updates.submit("s", req, CALLER)["update_id"]


def run_last(c):
    return c.consolidation.run(c.scheduler.jobs[-1])["status"]


def stored(c, update_id):
    return c.repository.get_update("s", update_id, now=c.clock())


def break_extraction(c, error: Exception | None = None):
    switch_of(c).error = error or ExtractionFailed("the model returned invalid JSON twice")


def mend_extraction(c):
    switch_of(c).error = None


def test_the_option_defaults_to_a_day_and_is_bounded():
    assert StoreOptions().message_retention_seconds == 86400
    assert StoreOptions(message_retention_seconds=0).message_retention_seconds == 0
    for bad in (-1, 30 * 86400 + 1):
        with pytest.raises(ValidationError):
            StoreOptions(message_retention_seconds=bad)


def test_a_completed_update_keeps_its_messages_for_the_retention_then_only_its_record():
    c, clock = make_env(retention=3600)
    uid = submit(c, COFFEE)
    assert run_last(c) == "done"
    clock.advance(3599)
    assert [m.content for m in stored(c, uid).messages] == [COFFEE]
    clock.advance(1)
    gone = stored(c, uid)
    assert gone.messages == []
    assert gone.status == UpdateStatus.COMPLETED and gone.result["memory_operations"]
    assert c.updates.get("s", uid, CALLER).public()["status"] == "completed"


def test_a_chained_completed_update_is_context_only_while_its_messages_are_kept():
    c, clock = make_env(retention=3600)
    recorder = switch_of(c)
    first = submit(c, COFFEE)
    assert run_last(c) == "done"
    submit(c, CAT, previous=first)
    assert run_last(c) == "done"
    assert recorder.contexts[-1] == [COFFEE]
    clock.advance(3600)
    submit(c, "I work as a nurse.", previous=first)
    assert run_last(c) == "done", "an expired context is no error"
    assert recorder.contexts[-1] == []


def test_a_failed_update_can_be_retried_within_the_retention():
    c, clock = make_env(retention=3600)
    break_extraction(c)
    failed = submit(c, COFFEE)
    assert run_last(c) == "failed"
    mend_extraction(c)
    clock.advance(3599)
    retry = submit(c, previous=failed)
    assert [m.content for m in stored(c, retry).messages] == [COFFEE]
    assert run_last(c) == "done"
    assert stored(c, retry).status == UpdateStatus.COMPLETED


@pytest.mark.parametrize("new_items", [(), (CAT,)])
def test_retrying_a_failed_update_after_the_retention_asks_for_the_messages_again(new_items):
    c, clock = make_env(retention=3600)
    break_extraction(c)
    failed = submit(c, COFFEE)
    assert run_last(c) == "failed"
    mend_extraction(c)
    clock.advance(3600)
    with pytest.raises(InvalidRequest) as caught:
        submit(c, *new_items, previous=failed)
    assert caught.value.param == "previous_update_id"
    assert failed in caught.value.message and "no longer kept" in caught.value.message
    assert stored(c, failed).status == UpdateStatus.FAILED and stored(c, failed).error is not None
    assert c.repository.scope_state("s", "alice").pending_update_id is None, "nothing was queued"


def test_a_retention_of_zero_keeps_no_messages_once_an_update_finishes():
    c, clock = make_env(retention=0)
    done = submit(c, COFFEE)
    assert run_last(c) == "done"
    assert stored(c, done).messages == []
    break_extraction(c)
    failed = submit(c, CAT)
    assert run_last(c) == "failed"
    assert stored(c, failed).messages == []
    mend_extraction(c)
    with pytest.raises(InvalidRequest):
        submit(c, previous=failed)
    assert COFFEE not in repr(vars(c.repository)) and CAT not in repr(vars(c.repository))


def test_a_superseded_update_holds_no_messages():
    c, clock = make_env()
    first = submit(c, COFFEE, delay=300)
    second = submit(c, CAT, delay=300)
    assert stored(c, first).status == UpdateStatus.SUPERSEDED and stored(c, first).messages == []
    assert [m.content for m in stored(c, second).messages] == [COFFEE, CAT]


def test_a_failed_update_error_never_quotes_the_conversation():
    c, clock = make_env()
    break_extraction(
        c, ExtractionFailed(f"chat model x refused the request: HTTP 400 (bad input: '{COFFEE[2:30]}')")
    )
    failed = submit(c, COFFEE)
    assert run_last(c) == "failed"
    error = stored(c, failed).error
    assert error == {"code": "extraction_failed", "message": MESSAGE_TEXT_WITHHELD}
    assert "roast" not in str(error)
    mend_extraction(c)
    break_extraction(c, ExtractionFailed("chat model x returned invalid output twice: memories.0.kind: bad"))
    plain = submit(c, CAT)
    assert run_last(c) == "failed"
    assert stored(c, plain).error["message"].startswith("chat model x returned invalid output twice")


def test_quotes_messages_finds_echoed_text_only():
    said = [
        Message(id="m1", role="user", content="My   locker code is 4417, keep it safe"),
        Message(id="m2", role="user", content="Ines"),
    ]
    assert quotes_messages("rejected: 'my locker code is 44'", said)
    assert quotes_messages("name ines is not allowed", said), "a short message, repeated whole"
    assert not quotes_messages("chat model x returned invalid output twice", said)
    assert not quotes_messages("", said)
    body = {"code": "extraction_failed", "message": "echo: locker code is 4417"}
    assert withhold_message_text(body, said) == {
        "code": "extraction_failed",
        "message": MESSAGE_TEXT_WITHHELD,
    }
    assert withhold_message_text({"code": "internal_error", "message": "boom"}, said)["message"] == "boom"
