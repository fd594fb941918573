"""`sqlite`: records in one SQLite file (stdlib `sqlite3`), kept across restarts; FTS5 BM25 search."""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from memstore.memory.record import MemoryRecord
from memstore.memory.relevance import matches, words

_SCHEMA = """
CREATE TABLE IF NOT EXISTS memory_records (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    namespace TEXT NOT NULL,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    metadata TEXT NOT NULL,
    UNIQUE (namespace, key)
);
CREATE VIRTUAL TABLE IF NOT EXISTS memory_records_fts USING fts5(
    value, content='memory_records', content_rowid='id', tokenize='porter unicode61'
);
CREATE TRIGGER IF NOT EXISTS memory_records_ai AFTER INSERT ON memory_records BEGIN
    INSERT INTO memory_records_fts(rowid, value) VALUES (new.id, new.value);
END;
CREATE TRIGGER IF NOT EXISTS memory_records_ad AFTER DELETE ON memory_records BEGIN
    INSERT INTO memory_records_fts(memory_records_fts, rowid, value) VALUES ('delete', old.id, old.value);
END;
"""


class SqliteProvider:
    """`path` is the database file (created if missing); ":memory:" keeps it in process."""

    name = "sqlite"

    def __init__(self, path: str | Path = "memory.db") -> None:
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.executescript(_SCHEMA)
        self._lock = threading.Lock()

    def set(self, record: MemoryRecord) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(
                    "DELETE FROM memory_records WHERE namespace = ? AND key = ?",
                    (record.namespace, record.key),
                )
                self._db.execute(
                    "INSERT INTO memory_records (namespace, key, value, metadata) VALUES (?, ?, ?, ?)",
                    (record.namespace, record.key, record.value, json.dumps(record.metadata)),
                )
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def get(self, key: str, namespace: str) -> MemoryRecord | None:
        with self._lock:
            row = self._db.execute(
                "SELECT key, value, namespace, metadata FROM memory_records WHERE namespace = ? AND key = ?",
                (namespace, key),
            ).fetchone()
        return None if row is None else _record(row)

    def exists(self, key: str, namespace: str) -> bool:
        with self._lock:
            return (
                self._db.execute(
                    "SELECT 1 FROM memory_records WHERE namespace = ? AND key = ?", (namespace, key)
                ).fetchone()
                is not None
            )

    def search(
        self, query: str, namespace: str, limit: int, metadata: Mapping[str, Any] | None
    ) -> list[MemoryRecord]:
        wanted = sorted(set(words(query)))
        with self._lock:
            if not wanted:
                rows = self._db.execute(
                    "SELECT key, value, namespace, metadata, 0.0 FROM memory_records WHERE namespace = ? "
                    "ORDER BY id DESC",
                    (namespace,),
                )
            else:
                rows = self._db.execute(
                    "SELECT r.key, r.value, r.namespace, r.metadata, -bm25(memory_records_fts) "
                    "FROM memory_records_fts JOIN memory_records r ON r.id = memory_records_fts.rowid "
                    "WHERE memory_records_fts MATCH ? AND r.namespace = ? ORDER BY bm25(memory_records_fts)",
                    (" OR ".join(_phrase(word) for word in wanted), namespace),
                )
            found: list[MemoryRecord] = []
            for row in rows:
                record = _record(row[:4])
                if matches(record.metadata, metadata):
                    found.append(record.with_score(float(row[4])))
                    if len(found) == limit:
                        break
        return found

    def delete(self, key: str, namespace: str) -> bool:
        with self._lock:
            cursor = self._db.execute(
                "DELETE FROM memory_records WHERE namespace = ? AND key = ?", (namespace, key)
            )
            return cursor.rowcount > 0

    def clear(self, namespace: str) -> None:
        with self._lock:
            self._db.execute("DELETE FROM memory_records WHERE namespace = ?", (namespace,))

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _phrase(word: str) -> str:
    return '"' + word.replace('"', '""') + '"'


def _record(row: tuple[Any, ...]) -> MemoryRecord:
    key, value, namespace, metadata = row
    return MemoryRecord(key, value, namespace, json.loads(metadata))
