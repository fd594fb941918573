"""`postgresql`: records in a PostgreSQL table (psycopg 3). Search ranks by pgvector cosine distance
when the server has the `vector` extension, and by full-text rank (`ts_rank`, English) otherwise.

Install with `pip install memstore[postgres]`; psycopg is imported only when this provider is chosen.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from memstore.memory.embedding import embed
from memstore.memory.record import MemoryRecord
from memstore.memory.relevance import words

if TYPE_CHECKING:
    from memstore.ports.embedder import Embedder

_TABLE = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


class PostgresProvider:
    """`dsn`: a libpq connection string or URL. `table`: the table to use (created if missing).
    `use_pgvector`: None = when the server has the extension; False = full-text only.
    `embedder`: for pgvector; the local MiniLM when omitted."""

    name = "postgresql"

    def __init__(
        self,
        dsn: str,
        table: str = "memory_records",
        use_pgvector: bool | None = None,
        embedder: Embedder | None = None,
    ) -> None:
        import psycopg
        from psycopg.types.json import Jsonb

        if not _TABLE.match(table):
            raise ValueError("table is a lower-case SQL identifier")
        self._jsonb = Jsonb
        self._db = psycopg.connect(dsn, autocommit=True)
        self._lock = threading.Lock()
        self._table = table
        self._embedder = embedder
        self.vector_search = self._enable_pgvector() if use_pgvector is not False else False
        self._create_table()

    def _enable_pgvector(self) -> bool:
        with self._lock:
            available = self._db.execute(
                "SELECT 1 FROM pg_available_extensions WHERE name = 'vector'"
            ).fetchone()
            if available is None:
                return False
            self._db.execute("CREATE EXTENSION IF NOT EXISTS vector")
            return True

    def _create_table(self) -> None:
        embedding = ""
        if self.vector_search:
            dimensions = (self._embedder or _default()).dimensions
            embedding = f", embedding vector({int(dimensions)})"
        with self._lock:
            self._db.execute(
                f"CREATE TABLE IF NOT EXISTS {self._table} ("
                " namespace text NOT NULL, key text NOT NULL, value text NOT NULL,"
                " metadata jsonb NOT NULL DEFAULT '{}'::jsonb,"
                " written bigint GENERATED ALWAYS AS IDENTITY,"
                " document tsvector GENERATED ALWAYS AS (to_tsvector('english', value)) STORED"
                f"{embedding}, PRIMARY KEY (namespace, key))"
            )
            self._db.execute(
                f"CREATE INDEX IF NOT EXISTS {self._table}_document ON {self._table} USING gin (document)"
            )

    def set(self, record: MemoryRecord) -> None:
        columns, values = (
            "namespace, key, value, metadata",
            [
                record.namespace,
                record.key,
                record.value,
                self._jsonb(record.metadata),
            ],
        )
        if self.vector_search:
            columns += ", embedding"
            values.append(_vector_literal(embed(self._embedder, [record.value])[0]))
        placeholders = "%s, %s, %s, %s" + (", %s::vector" if self.vector_search else "")
        with self._lock, self._db.transaction():
            self._db.execute(f"DELETE FROM {self._table} WHERE namespace = %s AND key = %s", values[:2])
            self._db.execute(f"INSERT INTO {self._table} ({columns}) VALUES ({placeholders})", values)

    def get(self, key: str, namespace: str) -> MemoryRecord | None:
        with self._lock:
            row = self._db.execute(
                f"SELECT key, value, namespace, metadata FROM {self._table} WHERE namespace = %s AND key = %s",
                (namespace, key),
            ).fetchone()
        return None if row is None else MemoryRecord(*row)

    def exists(self, key: str, namespace: str) -> bool:
        with self._lock:
            row = self._db.execute(
                f"SELECT 1 FROM {self._table} WHERE namespace = %s AND key = %s", (namespace, key)
            ).fetchone()
        return row is not None

    def search(
        self, query: str, namespace: str, limit: int, metadata: Mapping[str, Any] | None
    ) -> list[MemoryRecord]:
        select = f"SELECT key, value, namespace, metadata, {{score}} AS score FROM {self._table}"
        where = "WHERE namespace = %s AND metadata @> %s"
        base: list[Any] = [namespace, self._jsonb(dict(metadata or {}))]
        wanted = sorted(set(words(query)))
        if not wanted:
            sql = f"{select.format(score='0.0')} {where} ORDER BY written DESC LIMIT %s"
            params = [*base, limit]
        elif self.vector_search:
            vector = _vector_literal(embed(self._embedder, [query])[0])
            sql = (
                f"{select.format(score='1 - (embedding <=> %s::vector)')} {where} "
                "ORDER BY embedding <=> %s::vector LIMIT %s"
            )
            params = [vector, *base, vector, limit]
        else:
            terms = " | ".join(wanted)
            score = "ts_rank(document, to_tsquery('english', %s))"
            sql = (
                f"{select.format(score=score)} {where} AND document @@ to_tsquery('english', %s) "
                "ORDER BY score DESC, written DESC LIMIT %s"
            )
            params = [terms, *base, terms, limit]
        with self._lock:
            rows = self._db.execute(sql, params).fetchall()
        return [MemoryRecord(*row[:4]).with_score(float(row[4])) for row in rows]

    def delete(self, key: str, namespace: str) -> bool:
        with self._lock:
            cursor = self._db.execute(
                f"DELETE FROM {self._table} WHERE namespace = %s AND key = %s", (namespace, key)
            )
        return cursor.rowcount > 0

    def clear(self, namespace: str) -> None:
        with self._lock:
            self._db.execute(f"DELETE FROM {self._table} WHERE namespace = %s", (namespace,))

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _default() -> Embedder:
    from memstore.memory.embedding import default_embedder

    return default_embedder()


def _vector_literal(vector: Any) -> str:
    return "[" + ",".join(f"{float(x):.7g}" for x in vector) + "]"
