"""The scheduling port: run the consolidation of one update when it is due.

On AWS one Step Functions execution per update waits until `due_at` and invokes
functions/consolidate; locally a worker thread does the same. Scheduling the same update
twice must not run it twice (the execution name is derived from the update id)."""

from __future__ import annotations

from typing import Protocol

from pydantic import BaseModel


class ConsolidationJob(BaseModel):
    """The input of one consolidation run (and of the state machine execution)."""

    store: str
    scope: str
    update_id: str
    due_at: int
    """Unix seconds."""
    wait_until: str
    """`due_at` as ISO 8601 UTC (the state machine's Wait state reads it with TimestampPath)."""
    run: int = 0
    """0 for an update's first execution; the lifecycle sweeper re-schedules an update whose
    execution was lost with another value (the time), so the new execution has its own name."""

    @property
    def execution_name(self) -> str:
        return self.update_id if not self.run else f"{self.update_id}-{self.run}"


class Scheduler(Protocol):
    def schedule(self, job: ConsolidationJob) -> None: ...
