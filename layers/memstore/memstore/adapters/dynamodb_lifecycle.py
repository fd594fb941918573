"""The LifecycleStore port on the DynamoDB repository's table (its row models and helpers)."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from pynamodb.exceptions import PynamoDBException

from memstore.adapters import dynamodb_keys as keys
from memstore.adapters.dynamodb_repository import STATE_SK, DynamoDBRepository, to_item, to_update, update_sk
from memstore.domain.errors import DependencyUnavailable
from memstore.domain.models import MemoryItem, Page
from memstore.domain.updates import UpdateRecord

SCOPE_PREFIX = "SCOPE#"
EXPIRING_PREFIXES = {"messages": "MSG#", "searches": "SRCH#"}


class DynamoDBLifecycle:
    def __init__(self, repo: DynamoDBRepository):
        self._repo = repo

    @property
    def _m(self) -> Any:
        return self._repo._m

    def scope_keys(self, store: str, after: str | None, limit: int) -> Page[str]:
        pk = keys.store_pk(store)
        start = {"pk": {"S": pk}, "sk": {"S": keys.scope_sk(after)}} if after else None
        data = self._query(pk, SCOPE_PREFIX, start, limit, ["pk", "sk"])
        found = [raw["sk"]["S"].removeprefix(SCOPE_PREFIX) for raw in data.get("Items", [])]
        more = data.get("LastEvaluatedKey") is not None
        return Page[str](items=found, has_more=more, next_after=found[-1] if more and found else None)

    def scope_rows(self, store: str, scope_key: str, after: str | None, limit: int) -> Page[MemoryItem]:
        pk = keys.scope_pk_from_hash(store, scope_key)
        start = {"pk": {"S": pk}, "sk": {"S": keys.memory_sk(after)}} if after else None
        data = self._query(pk, "MEM#", start, limit, self._row_attributes)
        rows = [to_item(self._m.MemoryRow.from_raw_data(raw)) for raw in data.get("Items", [])]
        more = data.get("LastEvaluatedKey") is not None
        return Page[MemoryItem](
            items=rows, has_more=more, next_after=rows[-1].memory_id if more and rows else None
        )

    def set_importance(self, item: MemoryItem, importance: float, at: int) -> bool:
        row_cls = self._m.MemoryRow
        row = row_cls(keys.scope_pk(item.store, item.scope), keys.memory_sk(item.memory_id))
        try:
            self._repo._guard(
                lambda: row.update(
                    actions=[row_cls.importance.set(importance), row_cls.importance_at.set(at)],
                    condition=row_cls.pk.exists() & (row_cls.version == item.version),
                )
            )
        except DependencyUnavailable as e:
            cause = e.__cause__
            if (
                isinstance(cause, PynamoDBException)
                and cause.cause_response_code == "ConditionalCheckFailedException"
            ):
                return False
            raise
        return True

    def open_updates(self, store: str, scope_key: str) -> list[UpdateRecord]:
        pk = keys.scope_pk_from_hash(store, scope_key)
        state = self._repo._get(self._m.StateRow, pk, STATE_SK)
        if state is None:
            return []
        found = []
        for update_id in dict.fromkeys(i for i in (state.running_update_id, state.pending_update_id) if i):
            row = self._repo._get(self._m.UpdateRow, pk, update_sk(update_id))
            if row is not None:
                found.append(to_update(row, None, 0))
        return found

    def drop_expired_rows(self, store: str, scope_key: str, now: float) -> dict[str, int]:
        pk = keys.scope_pk_from_hash(store, scope_key)
        counts = {}
        for name, prefix in EXPIRING_PREFIXES.items():
            doomed, start = [], None
            while True:
                data = self._query(pk, prefix, start, 1000, ["pk", "sk", "expires_at"])
                doomed += [
                    self._m.KeyRow(raw["pk"]["S"], raw["sk"]["S"])
                    for raw in data.get("Items", [])
                    if "expires_at" in raw and float(raw["expires_at"]["N"]) <= now
                ]
                start = data.get("LastEvaluatedKey")
                if start is None:
                    break
            if doomed:
                self._repo._delete_rows(doomed)
            counts[name] = len(doomed)
        counts["snapshots"] = self._repo.snapshots.sweep(pk, now)
        return counts

    @cached_property
    def _row_attributes(self) -> list[str]:
        attributes = self._m.MemoryRow.get_attributes().values()
        return [a.attr_name for a in attributes if a.attr_name != "embedding"]

    def _query(self, pk: str, prefix: str, start: dict | None, limit: int, attributes: list[str]) -> dict:
        row_cls = self._m.KeyRow
        return self._repo._guard(
            lambda: row_cls._get_connection().query(
                pk,
                range_key_condition=row_cls.sk.startswith(prefix),
                attributes_to_get=attributes,
                consistent_read=True,
                exclusive_start_key=start,
                limit=limit,
            )
        )
