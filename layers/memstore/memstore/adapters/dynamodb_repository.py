"""The DynamoDB repository (pynamodb), on one table keyed by `pk`/`sk`.

Rows: the store's `META` in its own partition plus a registry row (`STORES`/`STORE#name`) for
listing; memory items in the scope's partition; a pointer row per item in the store's partition
(`STORE#name`/`MEM#id` → scope hash) so an item can be read by id alone with a strongly
consistent read, right after its creation; a `SCOPE#hash` row per scope so a store's deletion
can find every partition it owns. A keyed item (`key`) has a guard row `KEY#<hash of the key>`
in its scope's partition, naming the item: written in the item's own transaction on the
condition that no live item holds the key, so the key is unique per scope. An update's raw messages live in a row of their own
(`MSG#<update_id>`, beside `UPD#<update_id>`): it is deleted when the update is superseded,
and given an `expires_at` (TTL) when the update finishes, so the conversation goes while the
update's record (status, result, error) stays."""

from __future__ import annotations

import base64
import json
import time
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any

from botocore.exceptions import BotoCoreError, ClientError
from pynamodb.attributes import (
    BinaryAttribute,
    BooleanAttribute,
    JSONAttribute,
    NumberAttribute,
    UnicodeAttribute,
)
from pynamodb.connection import Connection
from pynamodb.constants import NONE
from pynamodb.exceptions import PynamoDBException, TransactWriteError
from pynamodb.models import Model
from pynamodb.transactions import TransactWrite

from memstore.adapters import backoff
from memstore.adapters import dynamodb_keys as keys
from memstore.domain.errors import Conflict, DependencyUnavailable, NotFound
from memstore.domain.extraction import Message
from memstore.domain.ids import ulid
from memstore.domain.models import Kind, MemoryItem, Page, Revision, SearchSession, Source, Store
from memstore.domain.updates import ClaimOutcome, FailedMessage, ScopeState, UpdateRecord, UpdateStatus
from memstore.ports.repository import list_read_budget

if TYPE_CHECKING:
    from memstore.adapters.scope_snapshot import DynamoDBScopeSnapshots

_CONDITION_FAILED = "ConditionalCheckFailed"
_TRANSACTION_CONFLICT = "TransactionConflict"
_CONFLICT_EXCEPTION = "TransactionConflictException"
LIST_LEAVES_OUT = frozenset({"embedding", "revisions"})


class TableRows:
    """The rows every DynamoDB adapter of the table shares, made per table at run time (pynamodb
    binds a model class to one table): `KeyRow`, the `pk`/`sk` base of every row, and a scope's
    registry row. Every row class derived from `KeyRow` shares one connection (one botocore
    client), `share_with`'s when given: a cold container pays for each client it makes."""

    def __init__(self, table: str, region: str, host: str | None, share_with: type[Model] | None = None):
        class KeyRow(Model):
            Meta = type(
                "Meta", (), {"table_name": table, "region": region, "host": host, "max_retry_attempts": 3}
            )
            pk = UnicodeAttribute(hash_key=True)
            sk = UnicodeAttribute(range_key=True)

        KeyRow._connection = (
            share_with._get_connection() if share_with is not None else KeyRow._get_connection()
        )

        class ScopeRow(KeyRow):
            stamp = UnicodeAttribute(null=True)
            registered = BooleanAttribute(null=True)

        self.KeyRow, self.ScopeRow = KeyRow, ScopeRow


class _RetryingConnection(Connection):
    """The connection transactions are written through. botocore (standard mode, pynamodb's
    `max_retry_attempts`) retries throttling, 5xx and connection errors with jittered backoff; a
    transaction cancelled only because another one held its items (TransactionConflict, nothing
    written) is retried here the same way. A failed condition is never retried: it is an answer."""

    def transact_write_items(self, *args: Any, **kwargs: Any) -> Any:
        return backoff.retry(lambda: Connection.transact_write_items(self, *args, **kwargs), _only_conflicts)


def _only_conflicts(error: Exception) -> bool:
    reasons = [r for r in getattr(error, "cancellation_reasons", []) if r is not None]
    return bool(reasons) and all(r.code == _TRANSACTION_CONFLICT for r in reasons)


def _conflict_exception(error: Exception) -> bool:
    """A single-item write that collided with a transaction in flight on the same item."""
    return isinstance(error, PynamoDBException) and error.cause_response_code == _CONFLICT_EXCEPTION


class _Models(TableRows):
    def __init__(self, table: str, region: str, host: str | None):
        super().__init__(table, region, host)
        KeyRow = self.KeyRow

        class StoreRow(KeyRow):
            doc = JSONAttribute()

        class PointerRow(KeyRow):
            scope_hash = UnicodeAttribute()
            expires_at = NumberAttribute(null=True)

        class MemoryRow(KeyRow):
            entity = UnicodeAttribute(default="memory")
            memory_id = UnicodeAttribute()
            store = UnicodeAttribute()
            scope = UnicodeAttribute()
            kind = UnicodeAttribute()
            content = UnicodeAttribute()
            created_at = NumberAttribute()
            updated_at = NumberAttribute()
            expires_at = NumberAttribute(null=True)
            importance = NumberAttribute(default=0.5)
            access_count = NumberAttribute(default=0)
            last_accessed_at = NumberAttribute(null=True)
            source = JSONAttribute(null=True)
            revisions = JSONAttribute(null=True)
            version = NumberAttribute(default=1)
            embedding = BinaryAttribute(null=True, legacy_encoding=False)
            embedding_model = UnicodeAttribute(null=True)
            topic = UnicodeAttribute(null=True)
            importance_at = NumberAttribute(null=True)
            reinforcements = NumberAttribute(null=True)
            expiry_pinned = BooleanAttribute(null=True)
            record_key = UnicodeAttribute(null=True, attr_name="key")
            metadata = JSONAttribute(null=True)

        class KeyGuardRow(KeyRow):
            entity = UnicodeAttribute(default="key")
            memory_id = UnicodeAttribute()
            expires_at = NumberAttribute(null=True)

        class UpdateRow(KeyRow):
            entity = UnicodeAttribute(default="update")
            update_id = UnicodeAttribute()
            store = UnicodeAttribute()
            scope = UnicodeAttribute()
            status = UnicodeAttribute()
            previous_update_id = UnicodeAttribute(null=True)
            due_at = NumberAttribute()
            created_at = NumberAttribute()
            updated_at = NumberAttribute()
            superseded_by = UnicodeAttribute(null=True)
            result = JSONAttribute(null=True)
            error = JSONAttribute(null=True)
            attempts = NumberAttribute(default=0)
            messages_expire_at = NumberAttribute(null=True)
            failed_messages = JSONAttribute(null=True)

        class MessagesRow(KeyRow):
            """An update's raw messages, compressed. Deleted by TTL once `expires_at` passes;
            every read treats a passed `expires_at` as deleted."""

            entity = UnicodeAttribute(default="messages")
            messages = BinaryAttribute(null=True, legacy_encoding=False)
            expires_at = NumberAttribute(null=True)

        class StateRow(KeyRow):
            pending_update_id = UnicodeAttribute(null=True)
            running_update_id = UnicodeAttribute(null=True)

        class SearchRow(KeyRow):
            doc = JSONAttribute()
            expires_at = NumberAttribute()

        self.UpdateRow = UpdateRow
        self.MessagesRow = MessagesRow
        self.SearchRow = SearchRow
        self.StateRow = StateRow
        self.StoreRow = StoreRow
        self.PointerRow = PointerRow
        self.MemoryRow = MemoryRow
        self.KeyGuardRow = KeyGuardRow


def _live(row_cls: Any, now: float) -> Any:
    return row_cls.expires_at.does_not_exist() | (row_cls.expires_at > int(now))


def to_item(row: Any) -> MemoryItem:
    return MemoryItem(
        memory_id=row.memory_id,
        store=row.store,
        scope=row.scope,
        kind=Kind(row.kind),
        content=row.content,
        created_at=int(row.created_at),
        updated_at=int(row.updated_at),
        expires_at=int(row.expires_at) if row.expires_at is not None else None,
        importance=float(row.importance),
        access_count=int(row.access_count),
        last_accessed_at=int(row.last_accessed_at) if row.last_accessed_at is not None else None,
        source=Source.model_validate(row.source or {}),
        revisions=[Revision.model_validate(r) for r in (row.revisions or [])],
        version=int(row.version),
        embedding=row.embedding,
        embedding_model=row.embedding_model,
        topic=row.topic,
        importance_at=int(row.importance_at) if row.importance_at is not None else None,
        reinforcements=int(row.reinforcements or 0),
        expiry_pinned=bool(row.expiry_pinned),
        key=row.record_key,
        metadata=row.metadata or {},
    )


def _pack_messages(messages: list[Message]) -> bytes:
    """Messages are compressed: debounced updates carry earlier messages over, and an item
    is at most 400 KB."""
    return zlib.compress(json.dumps([m.model_dump() for m in messages]).encode("utf-8"))


def _unpack_messages(blob: bytes) -> list[Message]:
    return [Message.model_validate(m) for m in json.loads(zlib.decompress(blob))]


def _live_messages(row: Any, now: float) -> list[Message]:
    """A messages row's messages, or none when it is missing or expired (TTL deletes rows up to
    days late: the expiry itself is what counts)."""
    if row is None or row.messages is None or (row.expires_at is not None and row.expires_at <= now):
        return []
    return _unpack_messages(row.messages)


def to_update(row: Any, messages_row: Any = None, now: float = 0) -> UpdateRecord:
    gone = row.messages_expire_at is not None and row.messages_expire_at <= now
    return UpdateRecord(
        update_id=row.update_id,
        store=row.store,
        scope=row.scope,
        status=UpdateStatus(row.status),
        messages=[] if gone else _live_messages(messages_row, now),
        messages_expire_at=int(row.messages_expire_at) if row.messages_expire_at is not None else None,
        previous_update_id=row.previous_update_id,
        due_at=int(row.due_at),
        created_at=int(row.created_at),
        updated_at=int(row.updated_at),
        superseded_by=row.superseded_by,
        result=row.result,
        error=row.error,
        attempts=int(row.attempts),
        failed_messages=[FailedMessage.model_validate(f) for f in row.failed_messages or []],
    )


def stream_image_decoder(table_name: str, region: str = "us-east-1") -> Callable[[dict], MemoryItem]:
    """Reads a memory row's DynamoDB Streams image (DynamoDB JSON in this table's layout) as an
    item. Lambda delivers binary values base64-encoded where boto3 would have decoded them;
    pynamodb expects bytes, so they are decoded first."""
    row_cls = _Models(table_name, region, None).MemoryRow

    def decode(image: dict) -> MemoryItem:
        raw = {
            name: {"B": base64.b64decode(value["B"])} if isinstance(value.get("B"), str) else value
            for name, value in image.items()
        }
        return to_item(row_cls.from_raw_data(raw))

    return decode


STATE_SK = "STATE"


def update_sk(update_id: str) -> str:
    return f"UPD#{update_id}"


def messages_sk(update_id: str) -> str:
    return f"MSG#{update_id}"


class DynamoDBRepository:
    """Every read is strongly consistent: a client may read what it has just written."""

    def __init__(self, table_name: str, region: str = "us-east-1", host: str | None = None):
        self._table = table_name
        self._region = region
        self._host = host

    @cached_property
    def _m(self) -> _Models:
        return _Models(self._table, self._region, self._host)

    @cached_property
    def _connection(self) -> Connection:
        return _RetryingConnection(region=self._region, host=self._host)

    @cached_property
    def snapshots(self) -> DynamoDBScopeSnapshots:
        """The scope snapshots and change log on this table: every memory write logs its id, every
        deletion takes the memory out of the snapshot (adapters/scope_snapshot.py)."""
        from memstore.adapters.scope_snapshot import DynamoDBScopeSnapshots

        return DynamoDBScopeSnapshots(self._table, self._region, self._host, share_with=self._m.KeyRow)

    # ------------------------------------------------------------------ stores
    def create_store(self, store: Store) -> None:
        doc = json.loads(store.model_dump_json())
        meta = self._m.StoreRow(keys.store_pk(store.name), keys.META_SK, doc=doc)
        registry = self._m.StoreRow(keys.STORES_PK, keys.registry_sk(store.name), doc=doc)
        try:
            with self._transaction() as tx:
                tx.save(meta, condition=self._m.StoreRow.pk.does_not_exist())
                tx.save(registry, condition=self._m.StoreRow.pk.does_not_exist())
        except TransactWriteError as e:
            if _condition_failed(e):
                raise Conflict(f"a memory store named '{store.name}' already exists", "name") from e
            raise DependencyUnavailable("the table is unavailable") from e

    def get_store(self, name: str) -> Store | None:
        row = self._get(self._m.StoreRow, keys.store_pk(name), keys.META_SK)
        return Store.model_validate(row.doc) if row else None

    def list_stores(self, limit: int, after: str | None) -> Page[Store]:
        start = {"pk": {"S": keys.STORES_PK}, "sk": {"S": keys.registry_sk(after)}} if after else None
        rows = self._guard(
            lambda: list(
                self._m.StoreRow.query(
                    keys.STORES_PK, consistent_read=True, limit=limit + 1, last_evaluated_key=start
                )
            )
        )
        stores = [Store.model_validate(r.doc) for r in rows[: limit + 1]]
        return Page[Store](items=stores[:limit], has_more=len(stores) > limit)

    def save_store(self, store: Store) -> None:
        doc = json.loads(store.model_dump_json())
        try:
            with self._transaction() as tx:
                exists = self._m.StoreRow.pk.exists()
                tx.save(self._m.StoreRow(keys.store_pk(store.name), keys.META_SK, doc=doc), condition=exists)
                tx.save(
                    self._m.StoreRow(keys.STORES_PK, keys.registry_sk(store.name), doc=doc), condition=exists
                )
        except TransactWriteError as e:
            if _condition_failed(e):
                raise NotFound(f"memory store '{store.name}' not found", "name") from e
            raise DependencyUnavailable("the table is unavailable") from e

    def delete_store(self, name: str) -> bool:
        """Deletes the scopes' partitions first and the store's record last, so an interrupted
        deletion leaves the store visible and a retry finishes the job."""
        existed = self.get_store(name) is not None
        pk = keys.store_pk(name)
        for row in self._query_keys(pk, keys.scope_sk("")):
            self._delete_partition(keys.scope_pk_from_hash(name, row.sk.removeprefix("SCOPE#")))
        self._delete_rows(r for r in self._query_keys(pk, "") if r.sk != keys.META_SK)
        self._delete_rows(
            [self._m.KeyRow(keys.STORES_PK, keys.registry_sk(name)), self._m.KeyRow(pk, keys.META_SK)]
        )
        return existed

    # ------------------------------------------------------------------ items
    def put_item(self, item: MemoryItem) -> None:
        row = self._memory_row(item)
        hashed = keys.scope_hash(item.scope)
        guard_cls = self._m.KeyGuardRow
        try:
            with self._transaction() as tx:
                tx.save(row, condition=self._m.MemoryRow.pk.does_not_exist())
                tx.save(self._pointer(item, hashed))
                tx.save(self._scope_row(item.store, hashed))
                if item.key is not None:
                    free = guard_cls.pk.does_not_exist() | (guard_cls.expires_at <= item.updated_at)
                    tx.save(self._key_guard(item), condition=free)
                tx.save(self.snapshots.change_row(row.pk, item.memory_id, item.version, time.time()))
        except TransactWriteError as e:
            reasons = e.cancellation_reasons or []
            if len(reasons) > 3 and reasons[3] is not None and reasons[3].code == _CONDITION_FAILED:
                raise Conflict("a memory of this scope already holds that key", "key") from e
            if _condition_failed(e):
                raise Conflict(f"memory '{item.memory_id}' already exists", "memory_id") from e
            raise DependencyUnavailable("the table is unavailable") from e

    def replace_item(self, item: MemoryItem, expected_version: int) -> None:
        row = self._memory_row(item)
        cond = self._m.MemoryRow.pk.exists() & (self._m.MemoryRow.version == expected_version)
        try:
            with self._transaction() as tx:
                tx.save(row, condition=cond)
                tx.save(self._pointer(item, keys.scope_hash(item.scope)))
                tx.save(self._scope_row(item.store, keys.scope_hash(item.scope)))
                tx.save(self.snapshots.change_row(row.pk, item.memory_id, item.version, time.time()))
                if item.key is not None:
                    tx.save(self._key_guard(item), condition=self._m.KeyGuardRow.memory_id == item.memory_id)
        except TransactWriteError as e:
            if not _condition_failed(e):
                raise DependencyUnavailable("the table is unavailable") from e
            if self.get_item(item.store, item.memory_id, 0) is None:
                raise NotFound(f"memory '{item.memory_id}' not found", "memory_id") from e
            raise Conflict(f"memory '{item.memory_id}' changed concurrently", "memory_id") from e

    def get_item(self, store: str, memory_id: str, now: float) -> MemoryItem | None:
        pointer = self._get(self._m.PointerRow, keys.store_pk(store), keys.memory_sk(memory_id))
        if pointer is None:
            return None
        row = self._get(
            self._m.MemoryRow, keys.scope_pk_from_hash(store, pointer.scope_hash), keys.memory_sk(memory_id)
        )
        if row is None:
            return None
        item = to_item(row)
        return None if item.is_expired(now) else item

    def get_item_by_key(self, store: str, scope: str, key: str, now: float) -> MemoryItem | None:
        pk = keys.scope_pk(store, scope)
        guard = self._get(self._m.KeyGuardRow, pk, keys.item_key_sk(key))
        if guard is None:
            return None
        row = self._get(self._m.MemoryRow, pk, keys.memory_sk(guard.memory_id))
        if row is None:
            return None
        item = to_item(row)
        return None if item.is_expired(now) or item.key != key else item

    def list_items(
        self, store: str, scope: str, kind: Kind | None, limit: int, after: str | None, now: float
    ) -> Page[MemoryItem]:
        """Queries with a Limit (DynamoDB counts rows read before the filter drops expired items
        and other kinds) from `after`, round after round, until the page and one more item are
        found, the partition ends or the read budget is spent."""
        row_cls = self._m.MemoryRow
        condition = _live(row_cls, now)
        if kind is not None:
            condition = condition & (row_cls.kind == kind.value)
        pk = keys.scope_pk(store, scope)
        start = {"pk": {"S": pk}, "sk": {"S": keys.memory_sk(after)}} if after else None
        budget = list_read_budget(limit)
        found: list[MemoryItem] = []
        read = 0
        while True:
            want = limit + 1 - len(found)
            batch = min(budget - read, want if read == 0 else 2 * want)
            rows, scanned, start = self._list_round(pk, condition, start, batch)
            found.extend(to_item(row) for row in rows)
            read += scanned
            if len(found) > limit or start is None or read >= budget:
                break
        if len(found) > limit:
            return Page[MemoryItem](items=found[:limit], has_more=True, next_after=found[limit - 1].memory_id)
        if start is None:
            return Page[MemoryItem](items=found, has_more=False)
        position = start["sk"]["S"].removeprefix("MEM#")
        return Page[MemoryItem](items=found, has_more=True, next_after=position)

    def _list_round(
        self, pk: str, condition: Any, start: dict | None, limit: int
    ) -> tuple[list[Any], int, dict | None]:
        row_cls = self._m.MemoryRow
        data = self._guard(
            lambda: row_cls._get_connection().query(
                pk,
                range_key_condition=row_cls.sk.startswith("MEM#"),
                filter_condition=condition,
                attributes_to_get=self._list_attributes,
                consistent_read=True,
                exclusive_start_key=start,
                limit=limit,
            )
        )
        rows = [row_cls.from_raw_data(raw) for raw in data.get("Items", [])]
        return rows, int(data.get("ScannedCount", limit)), data.get("LastEvaluatedKey")

    @cached_property
    def _list_attributes(self) -> list[str]:
        """Every attribute of a memory row but the heavy ones a listing never shows."""
        attributes = self._m.MemoryRow.get_attributes().values()
        return [a.attr_name for a in attributes if a.attr_name not in LIST_LEAVES_OUT]

    def scope_items(self, store: str, scope: str, now: float) -> list[MemoryItem]:
        pk = keys.scope_pk(store, scope)
        return [to_item(r) for r in self._memory_rows(pk, _live(self._m.MemoryRow, now), None)]

    def delete_item(self, store: str, memory_id: str) -> MemoryItem | None:
        pointer = self._get(self._m.PointerRow, keys.store_pk(store), keys.memory_sk(memory_id))
        if pointer is None:
            return None
        pk = keys.scope_pk_from_hash(store, pointer.scope_hash)
        row = self._get(self._m.MemoryRow, pk, keys.memory_sk(memory_id))
        guard = None
        if row is not None and row.record_key is not None:
            guard = self._get(self._m.KeyGuardRow, pk, keys.item_key_sk(row.record_key))
        try:
            with self._transaction() as tx:
                tx.delete(self._m.KeyRow(pk, keys.memory_sk(memory_id)))
                tx.delete(self._m.KeyRow(pointer.pk, pointer.sk))
                tx.save(self._scope_row(store, pointer.scope_hash))
                tx.save(self.snapshots.change_row(pk, memory_id, None, time.time()))
                if guard is not None and guard.memory_id == memory_id:
                    tx.delete(self._m.KeyRow(guard.pk, guard.sk))
        except TransactWriteError as e:
            raise DependencyUnavailable("the table is unavailable") from e
        self.snapshots.scrub(pk, memory_id)
        return to_item(row) if row else None

    def delete_scope(self, store: str, scope: str) -> int:
        count = self._delete_partition(keys.scope_pk(store, scope))
        self._delete_rows([self._m.KeyRow(keys.store_pk(store), keys.scope_sk(keys.scope_hash(scope)))])
        # a snapshot can no longer be installed once the stamp row is gone: this catches one
        # installed while the partition was being deleted
        self.snapshots.drop(keys.scope_pk(store, scope))
        return count

    def get_items(self, store: str, scope: str, memory_ids: list[str], now: float) -> list[MemoryItem]:
        if not memory_ids:
            return []
        pk = keys.scope_pk(store, scope)
        rows = self._guard(
            lambda: list(
                self._m.MemoryRow.batch_get(
                    [(pk, keys.memory_sk(mid)) for mid in dict.fromkeys(memory_ids)], consistent_read=True
                )
            )
        )
        by_id = {r.memory_id: to_item(r) for r in rows}
        return [by_id[mid] for mid in memory_ids if mid in by_id and not by_id[mid].is_expired(now)]

    def set_embedding(
        self, store: str, scope: str, memory_id: str, embedding: bytes, model: str, expected_version: int
    ) -> None:
        row_cls = self._m.MemoryRow
        row = row_cls(keys.scope_pk(store, scope), keys.memory_sk(memory_id))
        try:
            _resilient(
                lambda: row.update(
                    actions=[row_cls.embedding.set(embedding), row_cls.embedding_model.set(model)],
                    condition=row_cls.pk.exists() & (row_cls.version == expected_version),
                )
            )
        except PynamoDBException as e:
            if e.cause_response_code != "ConditionalCheckFailedException":
                raise DependencyUnavailable("the table is unavailable") from e

    # The warm search's two requests (the stamp read and the session write) go to the shared
    # botocore client directly: a pynamodb model object costs a few hundred microseconds each.
    def save_search(self, session: SearchSession) -> None:
        item = {
            "pk": {"S": keys.scope_pk(session.store, session.scope)},
            "sk": {"S": f"SRCH#{session.search_id}"},
            "doc": {"S": session.model_dump_json()},
            "expires_at": {"N": str(session.expires_at)},
        }
        self._call("put_item", Item=item)

    def get_search(self, store: str, scope: str, search_id: str, now: float) -> SearchSession | None:
        row = self._get(self._m.SearchRow, keys.scope_pk(store, scope), f"SRCH#{search_id}")
        if row is None or row.expires_at <= now:
            return None
        return SearchSession.model_validate(row.doc)

    def scope_stamp(self, store: str, scope: str) -> str | None:
        key = {"pk": {"S": keys.store_pk(store)}, "sk": {"S": keys.scope_sk(keys.scope_hash(scope))}}
        found = self._call("get_item", Key=key, ConsistentRead=True, ProjectionExpression="stamp")
        return found.get("Item", {}).get("stamp", {}).get("S")

    def record_access(self, store: str, scope: str, accesses: Mapping[str, int], now: float) -> None:
        pk = keys.scope_pk(store, scope)
        row_cls = self._m.MemoryRow
        connection = row_cls._get_connection()
        for memory_id, count in accesses.items():
            actions = [row_cls.access_count.add(count), row_cls.last_accessed_at.set(int(now))]
            try:
                # Model.update() would ask for the whole item back (vector included) and parse it
                _resilient(
                    lambda sk=keys.memory_sk(memory_id), actions=actions: connection.update_item(
                        pk, sk, actions=actions, condition=row_cls.pk.exists(), return_values=NONE
                    )
                )
            except PynamoDBException as e:
                if e.cause_response_code != "ConditionalCheckFailedException":
                    raise DependencyUnavailable("the table is unavailable") from e

    # ------------------------------------------------------------------ updates
    def scope_state(self, store: str, scope: str) -> ScopeState:
        row = self._get(self._m.StateRow, keys.scope_pk(store, scope), STATE_SK)
        if row is None:
            return ScopeState()
        return ScopeState(pending_update_id=row.pending_update_id, running_update_id=row.running_update_id)

    def get_update(
        self,
        store: str,
        update_id: str,
        now: float | None = None,
        *,
        scope: str | None = None,
        messages: bool = True,
    ) -> UpdateRecord | None:
        if scope is not None:
            pk = keys.scope_pk(store, scope)
        else:
            pointer = self._get(self._m.PointerRow, keys.store_pk(store), update_sk(update_id))
            if pointer is None:
                return None
            pk = keys.scope_pk_from_hash(store, pointer.scope_hash)
        row = self._get(self._m.UpdateRow, pk, update_sk(update_id))
        if row is None:
            return None
        kept = self._get(self._m.MessagesRow, pk, messages_sk(update_id)) if messages else None
        return to_update(row, kept, time.time() if now is None else now)

    def enqueue_update(self, update: UpdateRecord, supersedes: str | None) -> None:
        m = self._m
        pk = keys.scope_pk(update.store, update.scope)
        hashed = keys.scope_hash(update.scope)
        state = m.StateRow(pk, STATE_SK)
        try:
            with self._transaction() as tx:
                tx.save(self._update_row(update), condition=m.UpdateRow.pk.does_not_exist())
                tx.save(
                    m.MessagesRow(pk, messages_sk(update.update_id), messages=_pack_messages(update.messages))
                )
                tx.save(
                    m.PointerRow(keys.store_pk(update.store), update_sk(update.update_id), scope_hash=hashed)
                )
                tx.update(
                    m.ScopeRow(keys.store_pk(update.store), keys.scope_sk(hashed)),
                    actions=[m.ScopeRow.registered.set(True)],
                )
                if supersedes is None:
                    pending_ok = m.StateRow.pending_update_id.does_not_exist()
                else:
                    pending_ok = m.StateRow.pending_update_id == supersedes
                    tx.update(
                        m.UpdateRow(pk, update_sk(supersedes)),
                        actions=[
                            m.UpdateRow.status.set(UpdateStatus.SUPERSEDED.value),
                            m.UpdateRow.superseded_by.set(update.update_id),
                            m.UpdateRow.updated_at.set(update.created_at),
                        ],
                        condition=m.UpdateRow.status == UpdateStatus.QUEUED.value,
                    )
                    # its messages are in `update` now: the superseded one keeps none
                    tx.delete(m.KeyRow(pk, messages_sk(supersedes)))
                tx.update(
                    state, actions=[m.StateRow.pending_update_id.set(update.update_id)], condition=pending_ok
                )
        except TransactWriteError as e:
            if _condition_failed(e):
                raise Conflict("the scope's pending update changed", "previous_update_id") from e
            raise DependencyUnavailable("the table is unavailable") from e

    def claim_update(self, store: str, scope: str, update_id: str, now: float) -> ClaimOutcome:
        """Tried first as if the update were the scope's pending one and nothing ran (the usual
        case: no reads); when a condition fails, the state and the update say why."""
        if self._try_claim(store, scope, update_id, now):
            return ClaimOutcome.CLAIMED
        m = self._m
        pk = keys.scope_pk(store, scope)
        for _ in range(3):
            state = self.scope_state(store, scope)
            row = self._get(m.UpdateRow, pk, update_sk(update_id))
            if row is None:
                return ClaimOutcome.GONE
            if row.status == UpdateStatus.IN_PROGRESS.value and state.running_update_id == update_id:
                return ClaimOutcome.CLAIMED
            if row.status != UpdateStatus.QUEUED.value or state.pending_update_id != update_id:
                return ClaimOutcome.GONE
            if state.running_update_id is not None:
                return ClaimOutcome.BUSY
            if self._try_claim(store, scope, update_id, now):
                return ClaimOutcome.CLAIMED
        return ClaimOutcome.BUSY

    def _try_claim(self, store: str, scope: str, update_id: str, now: float) -> bool:
        m = self._m
        pk = keys.scope_pk(store, scope)
        try:
            with self._transaction() as tx:
                tx.update(
                    m.StateRow(pk, STATE_SK),
                    actions=[
                        m.StateRow.pending_update_id.remove(),
                        m.StateRow.running_update_id.set(update_id),
                    ],
                    condition=(m.StateRow.pending_update_id == update_id)
                    & m.StateRow.running_update_id.does_not_exist(),
                )
                tx.update(
                    m.UpdateRow(pk, update_sk(update_id)),
                    actions=[
                        m.UpdateRow.status.set(UpdateStatus.IN_PROGRESS.value),
                        m.UpdateRow.updated_at.set(int(now)),
                        m.UpdateRow.attempts.add(1),
                    ],
                    condition=m.UpdateRow.status == UpdateStatus.QUEUED.value,
                )
            return True
        except TransactWriteError as e:
            if not _condition_failed(e):
                raise DependencyUnavailable("the table is unavailable") from e
            return False

    def record_failed_messages(self, update: UpdateRecord) -> None:
        m = self._m
        row = m.UpdateRow(keys.scope_pk(update.store, update.scope), update_sk(update.update_id))
        try:
            _resilient(
                lambda: row.update(
                    actions=[
                        m.UpdateRow.failed_messages.set([f.model_dump() for f in update.failed_messages])
                    ],
                    condition=m.UpdateRow.pk.exists(),
                )
            )
        except PynamoDBException as e:
            if e.cause_response_code == "ConditionalCheckFailedException":
                raise NotFound(f"update '{update.update_id}' not found", "update_id") from e
            raise DependencyUnavailable("the table is unavailable") from e

    def finish_update(self, update: UpdateRecord) -> None:
        m = self._m
        pk = keys.scope_pk(update.store, update.scope)
        # first as if the update were the one running (the usual case: no read), then as the
        # scope's state says
        state = ScopeState(running_update_id=update.update_id)
        for attempt in range(6):
            if attempt:
                state = self.scope_state(update.store, update.scope)
            try:
                with self._transaction() as tx:
                    tx.save(self._update_row(update))
                    self._expire_messages(tx, update)
                    actions, condition = [], None
                    for attr, current in (
                        (m.StateRow.running_update_id, state.running_update_id),
                        (m.StateRow.pending_update_id, state.pending_update_id),
                    ):
                        if current == update.update_id:
                            actions.append(attr.remove())
                            cond = attr == update.update_id
                            condition = cond if condition is None else condition & cond
                    if actions:
                        tx.update(m.StateRow(pk, STATE_SK), actions=actions, condition=condition)
                return
            except TransactWriteError as e:
                if not _condition_failed(e):
                    raise DependencyUnavailable("the table is unavailable") from e
        raise Conflict("the scope's state kept changing; retry", "update_id")

    # ------------------------------------------------------------------ helpers
    def _expire_messages(self, tx: TransactWrite, update: UpdateRecord) -> None:
        """A finished update's messages: removed now when their time is already up, else given
        their expiry (TTL deletes the row; reads ignore it from that moment on)."""
        expire = update.messages_expire_at
        if expire is None:
            return
        row = self._m.MessagesRow(keys.scope_pk(update.store, update.scope), messages_sk(update.update_id))
        if expire <= update.updated_at:
            tx.delete(self._m.KeyRow(row.pk, row.sk))
        else:
            tx.update(row, actions=[self._m.MessagesRow.expires_at.set(expire)])

    def _update_row(self, update: UpdateRecord) -> Any:
        return self._m.UpdateRow(
            keys.scope_pk(update.store, update.scope),
            update_sk(update.update_id),
            update_id=update.update_id,
            store=update.store,
            scope=update.scope,
            status=update.status.value,
            previous_update_id=update.previous_update_id,
            due_at=update.due_at,
            created_at=update.created_at,
            updated_at=update.updated_at,
            superseded_by=update.superseded_by,
            result=update.result,
            error=update.error,
            attempts=update.attempts,
            messages_expire_at=update.messages_expire_at,
            failed_messages=[f.model_dump() for f in update.failed_messages] or None,
        )

    def _memory_row(self, item: MemoryItem) -> Any:
        return self._m.MemoryRow(
            keys.scope_pk(item.store, item.scope),
            keys.memory_sk(item.memory_id),
            memory_id=item.memory_id,
            store=item.store,
            scope=item.scope,
            kind=item.kind.value,
            content=item.content,
            created_at=item.created_at,
            updated_at=item.updated_at,
            expires_at=item.expires_at,
            importance=item.importance,
            access_count=item.access_count,
            last_accessed_at=item.last_accessed_at,
            source=item.source.model_dump(),
            revisions=[r.model_dump() for r in item.revisions],
            version=item.version,
            embedding=item.embedding,
            embedding_model=item.embedding_model,
            topic=item.topic,
            importance_at=item.importance_at,
            reinforcements=item.reinforcements or None,
            expiry_pinned=item.expiry_pinned or None,
            record_key=item.key,
            metadata=item.metadata or None,
        )

    def _pointer(self, item: MemoryItem, hashed: str) -> Any:
        return self._m.PointerRow(
            keys.store_pk(item.store),
            keys.memory_sk(item.memory_id),
            scope_hash=hashed,
            expires_at=item.expires_at,
        )

    def _key_guard(self, item: MemoryItem) -> Any:
        return self._m.KeyGuardRow(
            keys.scope_pk(item.store, item.scope),
            keys.item_key_sk(item.key or ""),
            memory_id=item.memory_id,
            expires_at=item.expires_at,
        )

    def _scope_row(self, store: str, hashed: str) -> Any:
        return self._m.ScopeRow(keys.store_pk(store), keys.scope_sk(hashed), stamp=ulid())

    def _transaction(self) -> TransactWrite:
        return TransactWrite(connection=self._connection)

    def _get(self, row_cls: Any, pk: str, sk: str) -> Any:
        def read() -> Any:
            try:
                return row_cls.get(pk, sk, consistent_read=True)
            except row_cls.DoesNotExist:
                return None

        return self._guard(read)

    def _memory_rows(self, pk: str, condition: Any, start_sk: str | None) -> Iterator[Any]:
        """Pages are fetched while the caller iterates, so errors are translated here, not at
        the call that builds the query."""
        start = {"pk": {"S": pk}, "sk": {"S": start_sk}} if start_sk else None
        rows = self._m.MemoryRow.query(
            pk,
            self._m.MemoryRow.sk.startswith("MEM#"),
            filter_condition=condition,
            consistent_read=True,
            last_evaluated_key=start,
        )
        try:
            yield from rows
        except PynamoDBException as e:
            raise DependencyUnavailable("the table is unavailable") from e

    def _query_keys(self, pk: str, prefix: str) -> list[Any]:
        """The keys of a partition's rows (only the keys are read: deletions need no embeddings)."""
        cond = self._m.KeyRow.sk.startswith(prefix) if prefix else None
        return self._guard(
            lambda: list(
                self._m.KeyRow.query(
                    pk, cond, consistent_read=True, page_size=1000, attributes_to_get=["pk", "sk"]
                )
            )
        )

    def _delete_partition(self, pk: str) -> int:
        """Deletes every row of one partition, and the store-level pointers of its items."""
        store_pk = pk.split("#SCOPE#")[0]
        self.snapshots.drop(pk)
        rows = self._query_keys(pk, "")
        pointers = [self._m.KeyRow(store_pk, r.sk) for r in rows if r.sk.startswith(("MEM#", "UPD#"))]
        self._delete_rows(rows + pointers)
        return sum(1 for r in rows if r.sk.startswith("MEM#"))

    def _delete_rows(self, rows: Iterable[Any]) -> None:
        def delete() -> None:
            with self._m.KeyRow.batch_write() as batch:
                for row in rows:
                    batch.delete(self._m.KeyRow(row.pk, row.sk))

        self._guard(delete)

    @cached_property
    def _client(self) -> Any:
        """The botocore client every row class shares (no second client for a cold container)."""
        return self._m.KeyRow._get_connection().connection.client

    def _call(self, operation: str, **request: Any) -> dict[str, Any]:
        try:
            return getattr(self._client, operation)(TableName=self._table, **request)
        except (BotoCoreError, ClientError) as e:
            raise DependencyUnavailable("the table is unavailable") from e

    @staticmethod
    def _guard(op: Any) -> Any:
        try:
            return _resilient(op)
        except PynamoDBException as e:
            raise DependencyUnavailable("the table is unavailable") from e


def _resilient(op: Callable[[], Any]) -> Any:
    """A single-item read or write, retried while it collides with a transaction in flight."""
    return backoff.retry(op, _conflict_exception)


def _condition_failed(error: TransactWriteError) -> bool:
    return any(r is not None and r.code == _CONDITION_FAILED for r in error.cancellation_reasons)
