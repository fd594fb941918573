"""`memstore local --state FILE`: the local service's memories survive a restart.

At start the file (when it exists) is loaded into the fresh in-process table; while serving, and
once more at stop, the service's stores are written back to it. The file is JSON Lines made of
the export format (`memory_store.export` header with the store as it was, then its
`memory_item.export` lines: lifecycle fields, revisions, vectors) followed by each store's
deletion audit chain (`memory_store.audit_record` lines, verbatim, so the chain still verifies).
Updates in flight, search sessions and Idempotency-Key answers are not kept. Writes go to a
temporary file renamed over the old one, so a crash leaves the previous state whole."""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from memstore.domain.access import Caller
from memstore.domain.audit import AuditHead, AuditRecord
from memstore.domain.models import Store
from memstore.services.transfer import HEADER, ITEM

AUDIT_RECORD = "memory_store.audit_record"
DEFAULT_INTERVAL_SECONDS = 10.0

log = logging.getLogger("memstore_local.state")


def _container() -> Any:
    """A container of its own (the handlers' cached one keeps the settings of the function that
    built it), over the same in-process table."""
    from memstore.settings import Settings
    from memstore.wiring import Container

    return Container(Settings.from_env())


def _stores(container: Any) -> Iterator[Store]:
    after = None
    while True:
        page = container.repository.list_stores(100, after)
        yield from page.items
        if not page.has_more or not page.items:
            return
        after = page.items[-1].name


def dump(container: Any) -> Iterator[dict[str, Any]]:
    backend = Caller()
    for store in _stores(container):
        yield from container.transfer.export_all(store.name, backend)
    for name in container.audit.chains():
        for record in container.audit_log.all_records(name):
            yield {"object": AUDIT_RECORD, **record.model_dump(mode="json")}


def restore(container: Any, lines: list[dict[str, Any]]) -> dict[str, int]:
    """Loads `dump`'s lines into an empty service: stores as they were, their memories, the audit."""
    backend = Caller()
    counts = {"stores": 0, "memories": 0, "audit_records": 0}
    groups: list[tuple[Store, list[str]]] = []
    for line in lines:
        if line.get("object") == HEADER:
            groups.append((Store.model_validate(line["store"]), []))
        elif line.get("object") == ITEM and groups:
            groups[-1][1].append(json.dumps(line))
    for store, items in groups:
        container.repository.create_store(store)
        container.transfer.import_lines(store.name, items, backend)
        counts["stores"] += 1
        counts["memories"] += len(items)
    heads: dict[str, AuditHead] = {}
    for line in lines:
        if line.get("object") == AUDIT_RECORD:
            record = AuditRecord.model_validate({k: v for k, v in line.items() if k != "object"})
            head = heads.get(record.store, AuditHead())
            container.audit_log.append(record, head)
            heads[record.store] = AuditHead(seq=record.seq, hash=record.hash)
            counts["audit_records"] += 1
    return counts


class StateFile:
    """Loads and saves one state file under the runtime's lock (no invocation runs meanwhile)."""

    def __init__(
        self,
        path: str | Path,
        lock: AbstractContextManager,
        interval: float = DEFAULT_INTERVAL_SECONDS,
        container: Callable[[], Any] = _container,
    ):
        self.path = Path(path)
        self._lock = lock
        self._interval = interval
        self._container = container
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def load(self) -> dict[str, int]:
        if not self.path.exists():
            log.info("state file %s does not exist yet; starting empty", self.path)
            return {"stores": 0, "memories": 0, "audit_records": 0}
        with self.path.open(encoding="utf-8") as f:
            lines = [json.loads(text) for text in f if text.strip()]
        with self._lock:
            counts = restore(self._container(), lines)
        log.info("loaded %(stores)d stores, %(memories)d memories, %(audit_records)d audit records", counts)
        return counts

    def save(self) -> None:
        with self._lock:
            lines = list(dump(self._container()))
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.path.with_name(self.path.name + ".tmp")
        with temporary.open("w", encoding="utf-8") as f:
            for line in lines:
                f.write(json.dumps(line, ensure_ascii=False) + "\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(temporary, self.path)

    def start_autosave(self) -> None:
        if self._interval > 0 and self._thread is None:
            self._thread = threading.Thread(target=self._autosave, name="memstore-local-state", daemon=True)
            self._thread.start()

    def stop_autosave(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=60)
            self._thread = None

    def _autosave(self) -> None:
        while not self._stop.wait(self._interval):
            try:
                self.save()
            except Exception as e:  # the next round, or the save at stop, tries again
                log.warning("state not saved: %s", type(e).__name__)
