"""Whole memory rows of a store, a partition and a page at a time (export reads everything an
item holds: revisions, lifecycle fields, its vector)."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from pynamodb.exceptions import PynamoDBException

from memstore.adapters import dynamodb_keys as keys
from memstore.adapters.dynamodb_repository import _Models, to_item
from memstore.domain.errors import DependencyUnavailable
from memstore.domain.models import MemoryItem


class DynamoDBStoreReader:
    def __init__(self, table_name: str, region: str = "us-east-1", host: str | None = None):
        self._table, self._region, self._host = table_name, region, host

    @cached_property
    def _m(self) -> _Models:
        return _Models(self._table, self._region, self._host)

    def scope_hashes(self, store: str) -> list[str]:
        rows = self._m.KeyRow.query(
            keys.store_pk(store),
            self._m.KeyRow.sk.startswith(keys.scope_sk("")),
            consistent_read=True,
            attributes_to_get=["pk", "sk"],
        )
        return sorted(r.sk.removeprefix("SCOPE#") for r in self._read(rows))

    def partition_items(
        self, store: str, scope_hash: str, after: str | None, limit: int, now: float
    ) -> tuple[list[MemoryItem], str | None]:
        pk = keys.scope_pk_from_hash(store, scope_hash)
        row_cls = self._m.MemoryRow
        condition = row_cls.sk > keys.memory_sk(after) if after else row_cls.sk.startswith("MEM#")
        rows = row_cls.query(pk, condition, consistent_read=True, page_size=limit + 1)
        items: list[MemoryItem] = []
        last: str | None = None
        for row in self._read(rows):
            if not row.sk.startswith("MEM#"):
                break
            if len(items) == limit:
                return items, last
            last = row.sk.removeprefix("MEM#")
            if row.expires_at is None or row.expires_at > now:
                items.append(to_item(row))
        return items, None

    @staticmethod
    def _read(rows: Any) -> Any:
        try:
            yield from rows
        except PynamoDBException as e:
            raise DependencyUnavailable("the table is unavailable") from e
