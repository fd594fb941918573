"""Bulk deletion on the memory table, a bounded batch at a time, and the rows that track what a
deletion must reach elsewhere: `STORE#<name>`/`IDEM#<scope hash>#<record id>` for each kept
Idempotency-Key answer (expiring with it), `ERASURE#<store>`/`JOB#<id>` for deletions that outlive
their request, with `ERASURES`/`PENDING#<store>#<scope hash>` while one is unfinished."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property
from typing import Any

from pynamodb.attributes import JSONAttribute, NumberAttribute, UnicodeAttribute
from pynamodb.exceptions import PynamoDBException, UpdateError

from memstore.adapters import dynamodb_keys as keys
from memstore.adapters.dynamodb_repository import TableRows, _resilient
from memstore.adapters.scope_snapshot import DynamoDBScopeSnapshots
from memstore.domain.errors import DependencyUnavailable
from memstore.domain.ids import ulid
from memstore.ports.erasure import Batch, ErasureJob

JOBS_PK = "ERASURES"
STORE_WIDE = "STORE"
"""The scope part of an idempotency tracking row whose answer belongs to no scope (a store's
creation)."""
JOB_RETENTION_SECONDS = 7 * 86400
"""How long a finished deletion's status stays readable."""


def _job_pk(store: str) -> str:
    return f"ERASURE#{store}"


def _pending_sk(store: str, scope_hash: str | None) -> str:
    return f"PENDING#{store}#{scope_hash or STORE_WIDE}"


def _idem_prefix(scope_hash: str | None) -> str:
    return f"IDEM#{scope_hash or STORE_WIDE}#"


class _Rows(TableRows):
    def __init__(self, table: str, region: str, host: str | None):
        super().__init__(table, region, host)
        KeyRow = self.KeyRow

        class TrackRow(KeyRow):
            expires_at = NumberAttribute(null=True)

        class JobRow(KeyRow):
            doc = JSONAttribute()
            status = UnicodeAttribute()
            expires_at = NumberAttribute(null=True)

        self.TrackRow, self.JobRow = TrackRow, JobRow


class DynamoDBErasure:
    def __init__(self, table_name: str, region: str = "us-east-1", host: str | None = None):
        self._table, self._region, self._host = table_name, region, host

    @cached_property
    def _rows(self) -> _Rows:
        return _Rows(self._table, self._region, self._host)

    @cached_property
    def _snapshots(self) -> DynamoDBScopeSnapshots:
        return DynamoDBScopeSnapshots(self._table, self._region, self._host)

    def scope_hashes(self, store: str) -> list[str]:
        rows = self._keys(keys.store_pk(store), keys.scope_sk(""))
        return [r.sk.removeprefix("SCOPE#") for r in rows]

    def delete_batch(self, store: str, scope_hash: str, max_rows: int) -> Batch:
        pk = keys.scope_pk_from_hash(store, scope_hash)
        # the search snapshot first (searches then read what is left, not a copy of it); its
        # change log (ids, no content) with the last batch
        self._snapshots.drop(pk, with_log=False)
        rows = self._keys(pk, "", limit=max_rows)
        store_pk = keys.store_pk(store)
        pointers = [self._rows.KeyRow(store_pk, r.sk) for r in rows if r.sk.startswith(("MEM#", "UPD#"))]
        done = len(rows) < max_rows
        registry = [self._rows.KeyRow(store_pk, keys.scope_sk(scope_hash))] if done else []
        if done:
            # before the registry row goes: a retry finds the scope only through it
            self._snapshots.drop(pk)
        self._delete([*rows, *pointers, *registry])
        if not done:
            self._restamp(store_pk, keys.scope_sk(scope_hash))
        ids = [r.sk.removeprefix("MEM#") for r in rows if r.sk.startswith("MEM#")]
        return Batch(items=len(ids), memory_ids=ids, done=done)

    def _restamp(self, pk: str, sk: str) -> None:
        """A new scope stamp: warm search caches elsewhere drop what this batch deleted."""
        row_cls = self._rows.ScopeRow

        def restamp() -> None:
            try:
                row_cls(pk, sk).update(actions=[row_cls.stamp.set(ulid())], condition=row_cls.pk.exists())
            except UpdateError as e:
                if e.cause_response_code != "ConditionalCheckFailedException":
                    raise

        self._guard(restamp)

    def delete_store_rows(self, store: str) -> None:
        pk = keys.store_pk(store)
        self._delete(r for r in self._keys(pk, "") if r.sk != keys.META_SK)
        self._delete(
            [self._rows.KeyRow(keys.STORES_PK, keys.registry_sk(store)), self._rows.KeyRow(pk, keys.META_SK)]
        )

    def track_idempotency(self, store: str, scope_hash: str | None, record_id: str, expires_at: int) -> None:
        row = self._rows.TrackRow(
            keys.store_pk(store), _idem_prefix(scope_hash) + record_id, expires_at=expires_at
        )
        self._guard(row.save)

    def idempotency_records(self, store: str, scope_hash: str | None) -> list[str]:
        prefix = _idem_prefix(scope_hash) if scope_hash is not None else "IDEM#"
        return [r.sk.split("#", 2)[2] for r in self._keys(keys.store_pk(store), prefix)]

    def untrack_idempotency(self, store: str, scope_hash: str | None, record_ids: list[str]) -> None:
        if scope_hash is None:
            self._delete(self._keys(keys.store_pk(store), "IDEM#"))
            return
        prefix = _idem_prefix(scope_hash)
        self._delete(self._rows.KeyRow(keys.store_pk(store), prefix + rid) for rid in record_ids)

    def save_job(self, job: ErasureJob) -> None:
        finished = job.status != "in_progress"
        row = self._rows.JobRow(
            _job_pk(job.store),
            f"JOB#{job.deletion_id}",
            doc=job.model_dump(mode="json"),
            status=job.status,
            expires_at=job.updated_at + JOB_RETENTION_SECONDS if finished else None,
        )
        marker = self._rows.JobRow(
            JOBS_PK, _pending_sk(job.store, job.scope_hash), doc={"id": job.deletion_id}, status=job.status
        )

        def write() -> None:
            with self._rows.KeyRow.batch_write() as batch:
                batch.save(row)
                if finished:
                    batch.delete(self._rows.KeyRow(marker.pk, marker.sk))
                else:
                    batch.save(marker)

        self._guard(write)

    def get_job(self, store: str, deletion_id: str) -> ErasureJob | None:
        row = self._get(_job_pk(store), f"JOB#{deletion_id}")
        return ErasureJob.model_validate(row.doc) if row else None

    def pending_job(self, store: str, scope_hash: str | None) -> ErasureJob | None:
        marker = self._get(JOBS_PK, _pending_sk(store, scope_hash))
        return self.get_job(store, marker.doc["id"]) if marker else None

    def pending_jobs(self) -> list[ErasureJob]:
        markers = self._guard(
            lambda: list(
                self._rows.JobRow.query(
                    JOBS_PK, self._rows.JobRow.sk.startswith("PENDING#"), consistent_read=True
                )
            )
        )
        jobs = [self.get_job(m.sk.split("#")[1], m.doc["id"]) for m in markers]
        return [j for j in jobs if j is not None and j.status == "in_progress"]

    def _get(self, pk: str, sk: str) -> Any:
        row_cls = self._rows.JobRow

        def read() -> Any:
            try:
                return row_cls.get(pk, sk, consistent_read=True)
            except row_cls.DoesNotExist:
                return None

        return self._guard(read)

    def _keys(self, pk: str, prefix: str, limit: int | None = None) -> list[Any]:
        row_cls = self._rows.KeyRow
        condition = row_cls.sk.startswith(prefix) if prefix else None
        return self._guard(
            lambda: list(
                row_cls.query(
                    pk,
                    condition,
                    consistent_read=True,
                    limit=limit,
                    page_size=min(limit or 1000, 1000),
                    attributes_to_get=["pk", "sk"],
                )
            )
        )

    def _delete(self, rows: Iterable[Any]) -> None:
        row_cls = self._rows.KeyRow
        rows = list(rows)

        def delete() -> None:
            with row_cls.batch_write() as batch:
                for row in rows:
                    batch.delete(row_cls(row.pk, row.sk))

        self._guard(delete)

    @staticmethod
    def _guard(op: Any) -> Any:
        try:
            return _resilient(op)
        except PynamoDBException as e:
            raise DependencyUnavailable("the table is unavailable") from e
