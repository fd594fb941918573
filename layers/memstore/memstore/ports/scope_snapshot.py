"""The scope snapshot port: what a cold container reads instead of the whole scope.

A snapshot is a scope's ranking columns (domain/scope_rows.py) as they were at one scope stamp,
plus the change log: the ids of memories written since (each write logs its id in the same
transaction as the write). The current scope = the snapshot with the logged memories read afresh.
Deletions scrub or drop it in the adapter that deletes (see docs/architecture.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from memstore.domain.scope_rows import ScopeRows


@dataclass(frozen=True)
class Snapshot:
    version: str
    model: str
    rows: ScopeRows
    """Expired memories included: the reader drops them at its own `now`."""
    built_at: float
    next_expiry: int | None
    """The earliest `expires_at` among its memories, when any has one."""
    watermark: int
    """Milliseconds: every write logged since then (less a margin for clock skew) is read anew."""


@dataclass(frozen=True)
class Change:
    """A logged write: the memory's version after it, None for a deletion."""

    memory_id: str
    version: int | None


def to_read(changes: list[Change], rows: ScopeRows) -> list[str]:
    """The memories a snapshot's rows do not already show as the log has them: written at a
    version newer than the rows', or deleted while the rows still hold them."""
    held = {d["memory_id"]: int(d.get("version", 1)) for d in rows.docs}
    needed = [
        c.memory_id
        for c in changes
        if (c.memory_id in held if c.version is None else held.get(c.memory_id, 0) < c.version)
    ]
    return list(dict.fromkeys(needed))


class ScopeSnapshots(Protocol):
    def changed_since(self, store: str, scope: str, watermark: int, limit: int) -> list[Change] | None:
        """The writes logged since `watermark` (ms, less the adapter's margin for clock skew),
        oldest first; None when there are more than `limit`."""

    def load(self, store: str, scope: str, model: str, now: float, known: Snapshot | None) -> Snapshot | None:
        """The scope's current snapshot for `model`, or None when there is none that can be
        trusted (missing, incomplete, too old, another model or tokenizer). `known` is returned
        as it is when it is still the current version (nothing but its header is read)."""

    def save(
        self, store: str, scope: str, stamp: str, rows: ScopeRows, model: str, watermark: int
    ) -> str | None:
        """Stores `rows` (the scope as it was at `stamp`, current to `watermark`) as the new
        snapshot if the scope's stamp is still `stamp` and no other snapshot was installed since
        this one began; its version, or None when either moved (what it wrote is removed again)."""
