"""The Scheduler port without Step Functions: a worker thread that runs each consolidation
when it is due, for `memstore local`.

It mirrors the state machine (statemachine/consolidation.asl.json): run the consolidate task;
on `wait` sleep until the returned `due_at` and run it again; on a task error retry, then run
the task once more with the failure input its Catch passes (also for an unexpected status).
Like a Step Functions execution named after the update, an update runs at most once:
scheduling it again before it starts only moves its due time; after it started, the call is
ignored. `workers` threads run due jobs side by side, as separate executions would."""

from __future__ import annotations

import heapq
import logging
import threading
from collections.abc import Callable, Sequence
from typing import Any

from memstore.domain.timestamps import iso
from memstore.ports.clock import Clock, system_clock
from memstore.ports.scheduler import ConsolidationJob

log = logging.getLogger(__name__)

Runner = Callable[[dict[str, Any]], dict[str, Any]]
"""Invokes the consolidate task with one state machine input and returns its output."""

TERMINAL_STATUSES = frozenset({"done", "superseded", "failed"})
""""failed" is terminal because the task has recorded the failure itself."""
_MAX_SLEEP_S = 1.0
"""Re-check the clock at least this often, so a wall-clock jump cannot strand a job."""


class LocalScheduler:
    def __init__(
        self,
        runner: Runner,
        clock: Clock = system_clock,
        retries: int = 2,
        retry_backoff: Sequence[float] = (0.05, 0.2),
        workers: int = 1,
    ):
        if workers < 1:
            raise ValueError("workers must be at least 1")
        self._runner = runner
        self._workers = workers
        self._clock = clock
        self._retries = retries
        self._backoff = list(retry_backoff) or [0.0]
        self._cond = threading.Condition()
        self._heap: list[tuple[int, int, str]] = []
        self._pending: dict[str, tuple[int, ConsolidationJob]] = {}
        self._started: set[str] = set()
        self._seq = 0
        self._stopping = threading.Event()
        self._threads: list[threading.Thread] = []

    # the port ---------------------------------------------------------------------------------
    def schedule(self, job: ConsolidationJob) -> None:
        with self._cond:
            if job.execution_name in self._started:
                log.debug("update %s already started; schedule ignored", job.update_id)
                return
            self._push(job)

    # lifecycle --------------------------------------------------------------------------------
    def start(self) -> None:
        with self._cond:
            if self._threads:
                return
            self._stopping.clear()
            self._threads = [
                threading.Thread(target=self._work, name=f"memstore-local-scheduler-{n}", daemon=True)
                for n in range(self._workers)
            ]
            for thread in self._threads:
                thread.start()

    def stop(self, timeout: float = 30.0) -> None:
        """Stops the worker after the run in progress (if any); pending jobs are dropped."""
        with self._cond:
            self._stopping.set()
            self._cond.notify_all()
            threads, self._threads = self._threads, []
        for thread in threads:
            thread.join(timeout)
        with self._cond:
            if self._pending:
                log.info("local scheduler stopped with %d pending consolidation(s)", len(self._pending))

    def wake(self) -> None:
        """Makes the worker re-read the clock (for clocks that jump, e.g. in tests)."""
        with self._cond:
            self._cond.notify_all()

    @property
    def workers(self) -> int:
        return self._workers

    @property
    def running(self) -> bool:
        return bool(self._threads)

    def pending(self) -> list[ConsolidationJob]:
        with self._cond:
            return sorted((job for _, job in self._pending.values()), key=lambda j: (j.due_at, j.update_id))

    def run_due(self) -> int:
        """Runs every job that is due now in the calling thread; returns how many runs happened.
        Only without the worker thread (tests, scripted drains)."""
        if self._threads:
            raise RuntimeError("run_due() cannot be used while the worker thread runs")
        count = 0
        while True:
            with self._cond:
                job = self._pop_due()
            if job is None:
                return count
            self._execute(job)
            count += 1

    # internals --------------------------------------------------------------------------------
    def _push(self, job: ConsolidationJob) -> None:
        self._seq += 1
        self._pending[job.update_id] = (self._seq, job)
        heapq.heappush(self._heap, (job.due_at, self._seq, job.update_id))
        self._cond.notify_all()

    def _pop_due(self) -> ConsolidationJob | None:
        while self._heap:
            due_at, seq, update_id = self._heap[0]
            entry = self._pending.get(update_id)
            if entry is None or entry[0] != seq:
                heapq.heappop(self._heap)
                continue
            if due_at > self._clock():
                return None
            heapq.heappop(self._heap)
            del self._pending[update_id]
            self._started.add(entry[1].execution_name)
            return entry[1]
        return None

    def _next_sleep(self) -> float:
        if not self._heap:
            return _MAX_SLEEP_S
        return min(_MAX_SLEEP_S, max(0.0, self._heap[0][0] - self._clock()))

    def _work(self) -> None:
        while not self._stopping.is_set():
            with self._cond:
                job = self._pop_due()
                if job is None:
                    self._cond.wait(self._next_sleep())
                    continue
            self._execute(job)

    def _execute(self, job: ConsolidationJob) -> None:
        payload = job.model_dump()
        error: Exception | None = None
        for attempt in range(self._retries + 1):
            if attempt:
                delay = self._backoff[min(attempt - 1, len(self._backoff) - 1)]
                if self._stopping.wait(delay):
                    return
            try:
                result = self._runner(payload)
            except Exception as e:
                error = e
                log.warning(
                    "consolidation of %s raised %s (attempt %d)", job.update_id, type(e).__name__, attempt + 1
                )
                continue
            self._settle(job, result)
            return

        assert error is not None
        self._fail(job, type(error).__name__, str(error))

    def _fail(self, job: ConsolidationJob, error: str, cause: str) -> None:
        """The state machine's MarkFailed step: the task records the failure itself."""
        failure = {
            "action": "fail",
            "store": job.store,
            "scope": job.scope,
            "update_id": job.update_id,
            "error": {"Error": error, "Cause": cause},
        }
        try:
            self._runner(failure)
        except Exception:
            log.exception("recording the failure of %s raised; dropping it", job.update_id)

    def _settle(self, job: ConsolidationJob, result: Any) -> None:
        status = result.get("status") if isinstance(result, dict) else None
        if status == "wait" and result.get("due_at") is not None:
            due_at = int(result["due_at"])
            fields = {"due_at": due_at, "wait_until": result.get("wait_until") or iso(due_at)}
            next_job = ConsolidationJob.model_validate({**job.model_dump(), **fields})
            with self._cond:
                self._push(next_job)
        elif status not in TERMINAL_STATUSES:
            log.error("consolidation of %s returned status %r", job.update_id, status)
            self._fail(job, "Memstore.UnexpectedStatus", f"the consolidate task returned status {status!r}")


_process_scheduler: LocalScheduler | None = None
_process_lock = threading.Lock()


def process_scheduler() -> LocalScheduler | None:
    """The scheduler `memstore local` installed for this process, if any (read by wiring)."""
    return _process_scheduler


def install_process_scheduler(scheduler: LocalScheduler | None) -> None:
    global _process_scheduler
    with _process_lock:
        _process_scheduler = scheduler
