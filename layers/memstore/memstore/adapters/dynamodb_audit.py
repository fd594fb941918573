"""The deletion audit chain in the memory table: partition `AUDIT#<store>`, one row per record
(`REC#<seq, 12 digits>`) and a `HEAD` row, plus a registry row (`AUDITS`/`AUDIT#<store>`). The
chain is outside the store's partitions, so deleting the store (whose deletion it records)
leaves it in place."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from typing import Any

from pynamodb.attributes import JSONAttribute, NumberAttribute, UnicodeAttribute
from pynamodb.exceptions import PynamoDBException, TransactWriteError
from pynamodb.transactions import TransactWrite

from memstore.adapters.dynamodb_repository import TableRows, _condition_failed, _RetryingConnection
from memstore.domain.audit import AuditHead, AuditRecord
from memstore.domain.errors import Conflict, DependencyUnavailable

REGISTRY_PK = "AUDITS"
HEAD_SK = "HEAD"


def audit_pk(store: str) -> str:
    return f"AUDIT#{store}"


def record_sk(seq: int) -> str:
    return f"REC#{seq:012d}"


class _Rows(TableRows):
    def __init__(self, table: str, region: str, host: str | None):
        super().__init__(table, region, host)

        class AuditRow(self.KeyRow):
            doc = JSONAttribute(null=True)
            seq = NumberAttribute(null=True)
            hash = UnicodeAttribute(null=True)

        self.AuditRow = AuditRow


class DynamoDBAuditLog:
    def __init__(self, table_name: str, region: str = "us-east-1", host: str | None = None):
        self._table, self._region, self._host = table_name, region, host

    @cached_property
    def _rows(self) -> _Rows:
        return _Rows(self._table, self._region, self._host)

    @cached_property
    def _connection(self) -> _RetryingConnection:
        return _RetryingConnection(region=self._region, host=self._host)

    def head(self, store: str) -> AuditHead:
        row_cls = self._rows.AuditRow
        try:
            row = row_cls.get(audit_pk(store), HEAD_SK, consistent_read=True)
        except row_cls.DoesNotExist:
            return AuditHead()
        except PynamoDBException as e:
            raise DependencyUnavailable("the table is unavailable") from e
        return AuditHead(seq=int(row.seq), hash=row.hash)

    def append(self, record: AuditRecord, expected: AuditHead) -> None:
        row_cls = self._rows.AuditRow
        pk = audit_pk(record.store)
        doc = record.model_dump(mode="json")
        head = row_cls(pk, HEAD_SK, seq=record.seq, hash=record.hash)
        head_unmoved = row_cls.pk.does_not_exist() if expected.seq == 0 else (row_cls.seq == expected.seq)
        try:
            with TransactWrite(connection=self._connection) as tx:
                tx.save(row_cls(pk, record_sk(record.seq), doc=doc), condition=row_cls.pk.does_not_exist())
                tx.save(head, condition=head_unmoved)
                if expected.seq == 0:
                    tx.save(row_cls(REGISTRY_PK, pk))
        except TransactWriteError as e:
            if _condition_failed(e):
                raise Conflict("the audit chain moved; append again", None) from e
            raise DependencyUnavailable("the table is unavailable") from e

    def records(self, store: str, after_seq: int, limit: int) -> list[AuditRecord]:
        row_cls = self._rows.AuditRow
        start = {"pk": {"S": audit_pk(store)}, "sk": {"S": record_sk(after_seq)}}
        rows = row_cls.query(
            audit_pk(store),
            row_cls.sk.startswith("REC#"),
            consistent_read=True,
            limit=limit,
            last_evaluated_key=start,
        )
        return [AuditRecord.model_validate(r.doc) for r in self._read(rows)]

    def all_records(self, store: str) -> Iterator[AuditRecord]:
        row_cls = self._rows.AuditRow
        rows = row_cls.query(
            audit_pk(store), row_cls.sk.startswith("REC#"), consistent_read=True, page_size=500
        )
        for row in self._read(rows):
            yield AuditRecord.model_validate(row.doc)

    def stores(self) -> list[str]:
        rows = self._rows.AuditRow.query(REGISTRY_PK, consistent_read=True)
        return [r.sk.removeprefix("AUDIT#") for r in self._read(rows)]

    @staticmethod
    def _read(rows: Any) -> Iterator[Any]:
        try:
            yield from rows
        except PynamoDBException as e:
            raise DependencyUnavailable("the table is unavailable") from e
