"""The local scheduler: due-time ordering, dedup by update id, the wait loop, retries and the
failure input, and the worker thread's wake-up and stop. Deterministic tests drive run_due()
with a ManualClock; the threaded ones wait on events with bounded timeouts."""

from __future__ import annotations

import threading
import time

import pytest

from memstore.adapters.local_scheduler import (
    LocalScheduler,
    install_process_scheduler,
    process_scheduler,
)
from memstore.ports.clock import ManualClock
from memstore.ports.scheduler import ConsolidationJob

T0 = 1_800_000_000


def job(update_id: str, due_at: int, store: str = "s1", scope: str = "scope-a") -> ConsolidationJob:
    return ConsolidationJob(
        store=store, scope=scope, update_id=update_id, due_at=due_at, wait_until=f"iso-{due_at}"
    )


class Recorder:
    """A runner that records its inputs and answers from a script (default: done)."""

    def __init__(self, answers=None):
        self.calls: list[dict] = []
        self.answers = answers or {}
        self.called = threading.Event()

    def __call__(self, payload: dict) -> dict:
        self.calls.append(payload)
        self.called.set()
        answer = self.answers.get(payload["update_id"], {"status": "done"})
        if callable(answer):
            return answer(payload)
        if isinstance(answer, list):
            answer = answer.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer


def test_runs_nothing_before_due_and_runs_in_due_order():
    clock = ManualClock(T0)
    runner = Recorder()
    s = LocalScheduler(runner, clock=clock)
    s.schedule(job("upd_late", T0 + 20))
    s.schedule(job("upd_early", T0 + 10))

    assert s.run_due() == 0
    clock.advance(10)
    assert s.run_due() == 1
    clock.advance(10)
    assert s.run_due() == 1
    assert [c["update_id"] for c in runner.calls] == ["upd_early", "upd_late"]
    assert runner.calls[0] == job("upd_early", T0 + 10).model_dump()
    assert s.pending() == []


def test_scheduling_the_same_update_again_replaces_its_entry():
    clock = ManualClock(T0)
    runner = Recorder()
    s = LocalScheduler(runner, clock=clock)
    s.schedule(job("upd_1", T0 + 5))
    s.schedule(job("upd_1", T0 + 30))

    assert [j.due_at for j in s.pending()] == [T0 + 30]
    clock.advance(5)
    assert s.run_due() == 0
    clock.advance(25)
    assert s.run_due() == 1
    clock.advance(100)
    assert s.run_due() == 0
    assert len(runner.calls) == 1


def test_an_update_that_started_is_never_run_again():
    clock = ManualClock(T0)
    runner = Recorder()
    s = LocalScheduler(runner, clock=clock)
    s.schedule(job("upd_1", T0))
    assert s.run_due() == 1
    s.schedule(job("upd_1", T0 + 1))
    clock.advance(10)
    assert s.run_due() == 0
    assert len(runner.calls) == 1


def test_wait_reschedules_with_the_returned_due_time():
    clock = ManualClock(T0)
    runner = Recorder(
        {"upd_1": [{"status": "wait", "due_at": T0 + 60, "wait_until": "later"}, {"status": "done"}]}
    )
    s = LocalScheduler(runner, clock=clock)
    s.schedule(job("upd_1", T0))

    assert s.run_due() == 1
    assert [(j.due_at, j.wait_until) for j in s.pending()] == [(T0 + 60, "later")]
    clock.advance(59)
    assert s.run_due() == 0
    clock.advance(1)
    assert s.run_due() == 1
    assert runner.calls[1]["due_at"] == T0 + 60
    assert runner.calls[1]["wait_until"] == "later"
    assert s.pending() == []


def test_wait_without_wait_until_derives_it_from_due_at():
    clock = ManualClock(T0)
    runner = Recorder({"upd_1": [{"status": "wait", "due_at": T0 + 1}, {"status": "done"}]})
    s = LocalScheduler(runner, clock=clock)
    s.schedule(job("upd_1", T0))
    s.run_due()
    assert s.pending()[0].wait_until == "2027-01-15T08:00:01Z"


@pytest.mark.parametrize("status", ["done", "superseded", "failed"])
def test_terminal_statuses_drop_the_job(status):
    clock = ManualClock(T0)
    runner = Recorder({"upd_1": {"status": status}})
    s = LocalScheduler(runner, clock=clock)
    s.schedule(job("upd_1", T0))
    assert s.run_due() == 1
    assert s.pending() == []


def test_a_raising_task_is_retried_twice_then_gets_the_failure_input():
    clock = ManualClock(T0)
    boom = RuntimeError("model unavailable")
    answers = {
        "upd_1": lambda p: {"status": "failed"} if p.get("action") == "fail" else (_ for _ in ()).throw(boom)
    }
    runner = Recorder(answers)
    s = LocalScheduler(runner, clock=clock, retry_backoff=(0, 0))
    s.schedule(job("upd_1", T0, store="s9", scope="scope-z"))
    assert s.run_due() == 1

    assert len(runner.calls) == 4
    assert all(c == runner.calls[0] for c in runner.calls[:3])
    assert runner.calls[3] == {
        "action": "fail",
        "store": "s9",
        "scope": "scope-z",
        "update_id": "upd_1",
        "error": {"Error": "RuntimeError", "Cause": "model unavailable"},
    }
    assert s.pending() == []


def test_a_task_that_recovers_on_retry_is_not_failed():
    clock = ManualClock(T0)
    runner = Recorder({"upd_1": [ValueError("transient"), {"status": "done"}]})
    s = LocalScheduler(runner, clock=clock, retry_backoff=(0, 0))
    s.schedule(job("upd_1", T0))
    s.run_due()
    assert len(runner.calls) == 2
    assert not any(c.get("action") == "fail" for c in runner.calls)


def test_a_failing_failure_handler_drops_the_job_and_the_scheduler_keeps_going():
    clock = ManualClock(T0)
    runner = Recorder({"upd_bad": lambda p: (_ for _ in ()).throw(OSError("down"))})
    s = LocalScheduler(runner, clock=clock, retry_backoff=(0,))
    s.schedule(job("upd_bad", T0))
    s.schedule(job("upd_ok", T0))
    assert s.run_due() == 2
    assert [c["update_id"] for c in runner.calls] == ["upd_bad"] * 4 + ["upd_ok"]


@pytest.mark.parametrize("answer", [{"status": "bogus"}, {"status": "wait"}, None])
def test_an_unexpected_answer_is_failed_like_the_state_machine_does(answer):
    clock = ManualClock(T0)
    runner = Recorder({"upd_1": lambda p: {"status": "failed"} if p.get("action") == "fail" else answer})
    s = LocalScheduler(runner, clock=clock)
    s.schedule(job("upd_1", T0))
    assert s.run_due() == 1
    assert len(runner.calls) == 2
    assert runner.calls[1]["action"] == "fail"
    assert runner.calls[1]["error"]["Error"] == "Memstore.UnexpectedStatus"
    assert s.pending() == []


def test_worker_wakes_for_an_earlier_job_and_when_the_clock_moves():
    clock = ManualClock(T0)
    runner = Recorder()
    s = LocalScheduler(runner, clock=clock)
    s.start()
    try:
        s.schedule(job("upd_far", T0 + 3600))
        s.schedule(job("upd_now", T0))
        assert runner.called.wait(5), "the due job did not run"
        assert [c["update_id"] for c in runner.calls] == ["upd_now"]

        runner.called.clear()
        clock.advance(3600)
        s.wake()
        assert runner.called.wait(5), "the job did not run after the clock reached its due time"
        assert [c["update_id"] for c in runner.calls] == ["upd_now", "upd_far"]
    finally:
        s.stop()
    assert not s.running


def test_worker_with_the_real_clock_runs_a_job_when_it_falls_due():
    runner = Recorder()
    s = LocalScheduler(runner)
    s.start()
    try:
        due = int(time.time()) + 1
        s.schedule(job("upd_1", due))
        assert runner.called.wait(5)
        assert time.time() >= due
    finally:
        s.stop()


def test_stop_joins_the_worker_promptly_and_drops_pending_jobs():
    runner = Recorder()
    s = LocalScheduler(runner, clock=ManualClock(T0))
    s.start()
    s.schedule(job("upd_later", T0 + 100))
    started = time.monotonic()
    s.stop()
    assert time.monotonic() - started < 2
    assert not s.running
    assert runner.calls == []


def test_stop_waits_for_the_run_in_progress():
    entered, release = threading.Event(), threading.Event()
    finished = []

    def slow(payload):
        entered.set()
        release.wait(5)
        finished.append(payload["update_id"])
        return {"status": "done"}

    s = LocalScheduler(slow, clock=ManualClock(T0))
    s.start()
    s.schedule(job("upd_1", T0))
    assert entered.wait(5)
    stopper = threading.Thread(target=s.stop)
    stopper.start()
    time.sleep(0.05)
    assert stopper.is_alive()
    release.set()
    stopper.join(5)
    assert not stopper.is_alive()
    assert finished == ["upd_1"]


def test_workers_run_due_jobs_side_by_side_and_each_update_once():
    """Two executions of the state machine run at once; with one worker the second would wait
    for the first, which waits for it."""
    both = threading.Barrier(2, timeout=5)
    ran: list[str] = []

    def meet(payload):
        both.wait()
        ran.append(payload["update_id"])
        return {"status": "done"}

    s = LocalScheduler(meet, clock=ManualClock(T0), workers=2)
    s.start()
    try:
        s.schedule(job("upd_1", T0))
        s.schedule(job("upd_2", T0, scope="scope-b"))
        deadline = time.monotonic() + 5
        while len(ran) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
    finally:
        s.stop()
    assert sorted(ran) == ["upd_1", "upd_2"]
    assert not s.running


def test_a_scheduler_needs_a_worker():
    with pytest.raises(ValueError):
        LocalScheduler(Recorder(), workers=0)


def test_run_due_is_refused_while_the_worker_runs():
    s = LocalScheduler(Recorder())
    s.start()
    try:
        with pytest.raises(RuntimeError):
            s.run_due()
    finally:
        s.stop()


def test_concurrent_scheduling_of_one_update_runs_it_once():
    clock = ManualClock(T0)
    runner = Recorder()
    s = LocalScheduler(runner, clock=clock)
    threads = [threading.Thread(target=lambda i=i: s.schedule(job("upd_1", T0 + i % 7))) for i in range(32)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(s.pending()) == 1
    clock.advance(10)
    assert s.run_due() == 1
    assert len(runner.calls) == 1


def test_process_scheduler_install_and_reset():
    assert process_scheduler() is None
    s = LocalScheduler(Recorder())
    install_process_scheduler(s)
    try:
        assert process_scheduler() is s
    finally:
        install_process_scheduler(None)
    assert process_scheduler() is None
