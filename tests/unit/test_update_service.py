"""update_memories and consolidation on the in-memory repository with the rules extractor."""

from __future__ import annotations

import threading

import pytest

from memstore.adapters.memory_repository import InMemoryRepository
from memstore.domain.access import Caller
from memstore.domain.errors import InvalidRequest, NotFound
from memstore.domain.models import StoreDefinition, StoreOptions
from memstore.domain.requests import CreateStoreRequest
from memstore.domain.updates import UpdateMemoriesRequest, UpdateStatus
from memstore.ports.clock import ManualClock
from memstore.ports.scheduler import ConsolidationJob
from memstore.services.updates import CLAIM_LEASE_SECONDS
from memstore.settings import Settings
from memstore.wiring import Container
from tests.doubles import BrokenExtractor, RecordingPublisher, RecordingScheduler

CALLER = Caller()


@pytest.fixture
def env():
    clock = ManualClock()
    scheduler = RecordingScheduler()
    publisher = RecordingPublisher()
    settings = Settings()
    c = Container(
        settings, repository=InMemoryRepository(), clock=clock, scheduler=scheduler, publisher=publisher
    )
    options = StoreOptions(procedural_memory_enabled=True)
    c.stores.create(CreateStoreRequest(name="s", definition=StoreDefinition(options=options)), Caller())
    return c, clock, scheduler, publisher


def submit(c, *texts, delay=0, previous=None, dry_run=False, scope="alice"):
    items = [{"role": "user", "content": t} for t in texts]
    req = UpdateMemoriesRequest(
        scope=scope, items=items, update_delay=delay, previous_update_id=previous, dry_run=dry_run
    )
    return c.updates.submit("s", req, CALLER)


def run(c, scheduler, index=-1):
    return c.consolidation.run(scheduler.jobs[index])


def contents(c, scope="alice"):
    return [i.content for i in c.repository.scope_items("s", scope, c.clock())]


def test_submit_queues_and_schedules_at_due_time(env):
    c, clock, scheduler, _ = env
    answer = submit(c, "I prefer dark roast coffee.", delay=300)
    assert answer["status"] == "queued" and answer["update_id"].startswith("upd_")
    job = scheduler.jobs[0]
    assert job.update_id == answer["update_id"] and job.due_at == int(clock()) + 300
    assert job.wait_until.endswith("Z")
    stored = c.repository.get_update("s", answer["update_id"])
    assert (
        stored.status == UpdateStatus.QUEUED and stored.messages[0].content == "I prefer dark roast coffee."
    )


def test_run_before_due_waits_then_completes_with_provenance(env):
    c, clock, scheduler, publisher = env
    answer = submit(c, "I prefer dark roast coffee.", delay=300)
    assert run(c, scheduler)["status"] == "wait"
    clock.advance(300)
    assert run(c, scheduler)["status"] == "done"
    update = c.updates.get("s", answer["update_id"], CALLER)
    assert update.status == UpdateStatus.COMPLETED
    ops = update.result["memory_operations"]
    assert ops and all(op["kind"] == "create" for op in ops)
    items = c.repository.scope_items("s", "alice", clock())
    assert any("dark roast" in i.content for i in items)
    assert all(i.source.update_ids == [answer["update_id"]] for i in items)
    assert all(i.source.message_ids for i in items)
    assert publisher.events[-1][0] == "memstore.UpdateCompleted"
    assert "dark" not in str(publisher.events[-1][1])


def test_newer_update_supersedes_pending_and_carries_its_messages(env):
    c, clock, scheduler, _ = env
    first = submit(c, "I prefer dark roast coffee.", delay=300)
    clock.advance(100)
    second = submit(c, "My cat is called Miso.", delay=300)
    old = c.updates.get("s", first["update_id"], CALLER)
    assert old.status == UpdateStatus.SUPERSEDED and old.superseded_by == second["update_id"]
    new = c.updates.get("s", second["update_id"], CALLER)
    assert [m.content for m in new.messages] == ["I prefer dark roast coffee.", "My cat is called Miso."]
    assert new.due_at == int(clock()) + 300
    clock.advance(300)
    assert run(c, scheduler, 0)["status"] == "superseded"
    assert run(c, scheduler, 1)["status"] == "done"
    stored = " ".join(contents(c))
    assert "dark roast" in stored and "Miso" in stored


def test_retried_run_writes_no_duplicates(env):
    c, clock, scheduler, _ = env
    submit(c, "I prefer dark roast coffee. My cat is called Miso.")
    job = scheduler.jobs[0]
    update = c.repository.get_update("s", job.update_id)
    assert c.repository.claim_update("s", "alice", job.update_id, clock()).value == "claimed"
    # a crash after the writes but before the update was finished
    c.consolidation._consolidate(c.repository.get_store("s"), update)
    before = sorted(contents(c))
    assert c.consolidation.run(job)["status"] == "done"
    assert sorted(contents(c)) == before


def test_failed_extraction_keeps_messages_and_retry_succeeds(env):
    c, clock, scheduler, _ = env
    broken = BrokenExtractor()
    c = c.replace(extractor_factory=lambda _model: broken)
    failed = submit(c, "I prefer dark roast coffee.")
    assert run(c, scheduler)["status"] == "failed"
    update = c.updates.get("s", failed["update_id"], CALLER)
    assert update.status == UpdateStatus.FAILED and update.error["code"] == "extraction_failed"
    assert update.messages[0].content == "I prefer dark roast coffee."
    assert contents(c) == []
    c = c.replace(extractor_factory=None)
    retry = submit(c, previous=failed["update_id"])
    assert run(c, scheduler)["status"] == "done"
    assert c.updates.get("s", retry["update_id"], CALLER).status == UpdateStatus.COMPLETED
    assert any("dark roast" in x for x in contents(c))


def test_unexpected_errors_propagate_and_fail_marks_without_quoting(env):
    c, clock, scheduler, _ = env
    c = c.replace(extractor_factory=lambda _model: BrokenExtractor(RuntimeError("secret input text")))
    answer = submit(c, "I prefer dark roast coffee.")
    with pytest.raises(RuntimeError):
        run(c, scheduler)
    c.consolidation.fail(scheduler.jobs[-1], {"Error": "RuntimeError", "Cause": "secret input text"})
    update = c.updates.get("s", answer["update_id"], CALLER)
    assert update.status == UpdateStatus.FAILED and "secret" not in str(update.error)
    assert c.repository.scope_state("s", "alice").running_update_id is None


def test_busy_scope_makes_the_next_update_wait(env):
    c, clock, scheduler, _ = env
    submit(c, "I prefer dark roast coffee.")
    first = scheduler.jobs[0]
    c.repository.claim_update("s", "alice", first.update_id, clock())
    submit(c, "My cat is called Miso.")
    answer = run(c, scheduler)
    assert answer["status"] == "wait" and answer["due_at"] == int(clock()) + 5
    assert c.consolidation.run(first)["status"] == "done"
    assert (
        c.consolidation.run(ConsolidationJob(**{k: answer[k] for k in ConsolidationJob.model_fields}))[
            "status"
        ]
        == "done"
    )


def test_remember_and_forget_apply_before_the_answer(env):
    c, clock, scheduler, _ = env
    answer = submit(c, "Remember that my dentist is Dr. Halvorsen.", delay=300)
    assert answer["memory_commands"] == [
        {
            "type": "memory_command_call",
            "arguments": {
                "action": "remember",
                "content": answer["memory_commands"][0]["arguments"]["content"],
            },
            "status": "completed",
        }
    ]
    assert any("Halvorsen" in x for x in contents(c))
    answer = submit(c, "Please forget about my dentist Dr. Halvorsen.", delay=300)
    assert answer["memory_commands"][0]["arguments"]["action"] == "forget"
    assert not any("Halvorsen" in x for x in contents(c))


def test_dry_run_writes_nothing(env):
    c, clock, scheduler, _ = env
    answer = submit(
        c, "I prefer dark roast coffee.", "Remember that my dentist is Dr. Halvorsen.", dry_run=True
    )
    assert answer["status"] == "dry_run" and answer["update_id"] is None
    assert any(op["kind"] == "create" for op in answer["result"]["memory_operations"])
    assert answer["memory_commands"][0]["status"] == "dry_run"
    assert contents(c) == [] and scheduler.jobs == []
    assert c.repository.scope_state("s", "alice").pending_update_id is None


def test_previous_update_must_belong_to_the_scope(env):
    c, clock, scheduler, _ = env
    other = submit(c, "I like tea.", scope="bob")
    with pytest.raises(InvalidRequest):
        submit(c, "I like tea.", previous=other["update_id"])
    with pytest.raises(InvalidRequest):
        submit(c)
    with pytest.raises(NotFound):
        c.updates.get("s", other["update_id"], Caller(user_id="alice", bound=True))


def test_twenty_parallel_submissions_leave_one_chain(env):
    c, clock, scheduler, _ = env
    barrier = threading.Barrier(20)
    answers: list[dict] = []

    def send(n: int) -> None:
        barrier.wait()
        answers.append(submit(c, f"message number {n}", delay=300))

    threads = [threading.Thread(target=send, args=(n,)) for n in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    updates = [c.repository.get_update("s", a["update_id"]) for a in answers]
    live = [u for u in updates if u.status == UpdateStatus.QUEUED]
    assert len(live) == 1
    assert sorted(m.content for m in live[0].messages) == sorted(f"message number {n}" for n in range(20))
    assert all(u.superseded_by for u in updates if u is not live[0])
    assert c.repository.scope_state("s", "alice").pending_update_id == live[0].update_id


def test_an_updates_command_and_its_extraction_both_rewrite_a_summary(env):
    """The instant forget and the later extraction run under one update id; the second must not
    be mistaken for a retry of the first."""
    c, clock, scheduler, _ = env
    submit(
        c,
        "Weekends are for woodworking, that's my thing.",
        "I'm thinking of getting a koi tattoo.",
        "My cat is called Miso.",
    )
    run(c, scheduler)
    clock.advance(60)
    submit(
        c,
        "Actually, watercolour painting has replaced woodworking as my weekend thing.",
        "Can you forget the tattoo idea?",
    )
    run(c, scheduler)
    stored = " ".join(contents(c)).lower()
    assert "tattoo" not in stored and "woodworking" not in stored and "watercolour" in stored


def test_a_run_that_died_holding_the_scope_is_failed_and_the_scope_taken_over(env):
    c, clock, scheduler, _ = env
    submit(c, "I prefer dark roast coffee.")
    dead = scheduler.jobs[0]
    c.repository.claim_update("s", "alice", dead.update_id, clock())
    submit(c, "My cat is called Miso.")
    assert run(c, scheduler)["status"] == "wait"
    clock.advance(CLAIM_LEASE_SECONDS)
    assert run(c, scheduler)["status"] == "done"
    abandoned = c.updates.get("s", dead.update_id, CALLER)
    assert (
        abandoned.status == UpdateStatus.FAILED
        and abandoned.messages[0].content == "I prefer dark roast coffee."
    )
    assert any("Miso" in x for x in contents(c))


def test_a_dry_run_never_echoes_a_secret_it_was_asked_to_remember(env):
    c, _, _, _ = env
    answer = submit(c, "Remember that my backup key is sk-proj-abcdefghijklmnopqrstuvwx1234", dry_run=True)
    assert "sk-proj" not in str(answer)
    assert answer["memory_commands"][0]["arguments"]["action"] == "remember"


def test_the_message_whose_command_was_applied_before_the_202_says_so(env):
    """Consolidation must not apply it again: a second search for a thing already deleted would
    find the next-best memory."""
    c, _, scheduler, _ = env
    answer = submit(c, "I play the cello.", "Forget what I said about the novel I'm writing.")
    stored = c.repository.get_update("s", answer["update_id"])
    assert [m.command_applied for m in stored.messages] == [False, True]
