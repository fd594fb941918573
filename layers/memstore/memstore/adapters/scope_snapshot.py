"""Scope snapshots and the change log on the memory table (the ScopeSnapshots port).

Rows, in the partition beside the scope's (`<scope partition>#SNAP`, so that reading them never
touches the scope's memory rows):
- `SNAP#HEAD`: the current snapshot's version, model, tokenizer fingerprint, chunk count, the
  watermark (ms) it is current to and until when it may be trusted;
- `SNAP#<version>#<k>`: chunk k of that version (adapters/snapshot_codec.py);
- `CHG#<ms>#<memory_id>#<version>`: one per write of a memory (its version after the write, `-`
  for a deletion), written by the repository in the write's own transaction (`change_row`); all
  in the key, so reading the log reads keys only;
- `CHG#FLOOR#<ms>`: log rows older than that have been deleted. A new snapshot raises it to the
  previous snapshot's watermark (less the margin), then deletes the rows below.
A snapshot is installed only if the scope's stamp is still the one it was built at (a
transaction with a condition check on the scope's stamp row) and the head is still the one its
builder saw; a loser deletes what it wrote. Deleting a memory rewrites the one chunk that holds it
(`scrub`); deleting a scope drops every snapshot row (`drop`)."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, Any

from pynamodb.attributes import BinaryAttribute, NumberAttribute, UnicodeAttribute
from pynamodb.connection import Connection
from pynamodb.exceptions import PutError, PynamoDBException, TransactWriteError
from pynamodb.models import Model
from pynamodb.transactions import TransactWrite

from memstore.adapters import dynamodb_keys as keys
from memstore.adapters.dynamodb_repository import TableRows, _resilient
from memstore.domain.errors import DependencyUnavailable
from memstore.domain.ids import ulid

if TYPE_CHECKING:
    from memstore.domain.scope_rows import ScopeRows
    from memstore.ports.scope_snapshot import Change, Snapshot

HEAD_SK = "SNAP#HEAD"
SNAPSHOT_PREFIX = "SNAP#"
CHANGE_PREFIX = "CHG#"
FLOOR_PREFIX = "CHG#FLOOR#"
DELETED = "-"
CHANGE_TTL = 30 * 86400
SNAPSHOT_TRUSTED = 25 * 86400
"""A snapshot older than this is not used: change rows it would need may have expired."""
CLOCK_MARGIN_MS = 10_000
"""Writes logged up to this long before a snapshot's watermark are looked at again: a write that
commits after a snapshot is installed is logged at a time later than the snapshot's watermark
unless the writer's clock lags the reader's by more than this plus the snapshot's build time
(Lambda hosts keep time with the Amazon Time Sync Service, well within a millisecond)."""
SCRUB_ATTEMPTS = 3


def chunk_sk(version: str, k: int) -> str:
    return f"{SNAPSHOT_PREFIX}{version}#{k:04d}"


def change_sk(ms: int, memory_id: str = "", version: int | None = None) -> str:
    if not memory_id:
        return f"{CHANGE_PREFIX}{ms:013d}#"
    return f"{CHANGE_PREFIX}{ms:013d}#{memory_id}#{DELETED if version is None else version}"


def floor_sk(ms: int) -> str:
    return f"{FLOOR_PREFIX}{ms:013d}"


def parse_change(sk: str) -> tuple[str, int | None]:
    rest = sk.removeprefix(CHANGE_PREFIX).split("#", 1)[1]
    memory_id, version = rest.rsplit("#", 1)
    return memory_id, None if version == DELETED else int(version)


class _Rows(TableRows):
    def __init__(self, table: str, region: str, host: str | None, share_with: type[Model] | None):
        super().__init__(table, region, host, share_with)
        KeyRow = self.KeyRow

        class HeadRow(KeyRow):
            version = UnicodeAttribute()
            format = NumberAttribute()
            fingerprint = UnicodeAttribute()
            model = UnicodeAttribute()
            dimensions = NumberAttribute()
            chunks = NumberAttribute()
            count = NumberAttribute()
            watermark = NumberAttribute()
            next_expiry = NumberAttribute(null=True)
            built_at = NumberAttribute()
            expires_at = NumberAttribute()

        class ChunkRow(KeyRow):
            version = UnicodeAttribute()
            rev = NumberAttribute(default=0)
            docs = BinaryAttribute(legacy_encoding=False)
            vectors = BinaryAttribute(legacy_encoding=False)
            expires_at = NumberAttribute()

        class ChangeRow(KeyRow):
            expires_at = NumberAttribute(null=True)

        self.HeadRow, self.ChunkRow, self.ChangeRow = HeadRow, ChunkRow, ChangeRow


class DynamoDBScopeSnapshots:
    def __init__(
        self,
        table_name: str,
        region: str = "us-east-1",
        host: str | None = None,
        clock: Callable[[], float] = time.time,
        share_with: type[Model] | None = None,
    ):
        self._table, self._region, self._host = table_name, region, host
        self._clock = clock
        self._share_with = share_with

    @cached_property
    def _r(self) -> _Rows:
        return _Rows(self._table, self._region, self._host, self._share_with)

    @cached_property
    def _connection(self) -> Connection:
        return Connection(region=self._region, host=self._host)

    # ------------------------------------------------------------------ the write path
    def change_row(self, pk: str, memory_id: str, version: int | None, now: float) -> Any:
        """The change-log row a write of `memory_id` (at `version`; None: its deletion) saves in its
        own transaction."""
        return self._r.ChangeRow(
            keys.snapshot_pk(pk),
            change_sk(int(now * 1000), memory_id, version),
            expires_at=int(now) + CHANGE_TTL,
        )

    # ------------------------------------------------------------------ the read path
    def changed_since(self, store: str, scope: str, watermark: int, limit: int) -> list[Change] | None:
        from memstore.ports.scope_snapshot import Change

        since = max(0, watermark - CLOCK_MARGIN_MS)
        pk = keys.snapshot_pk(keys.scope_pk(store, scope))
        sks = self._log_keys(pk, change_sk(since), CHANGE_PREFIX + "~", limit + 2)
        floors = [int(sk.removeprefix(FLOOR_PREFIX)) for sk in sks if sk.startswith(FLOOR_PREFIX)]
        logged = [sk for sk in sks if not sk.startswith(FLOOR_PREFIX)]
        if len(logged) > limit or any(f > since for f in floors):
            return None  # too many to replay, or deleted under a newer snapshot meanwhile
        return [Change(*parse_change(sk)) for sk in logged]

    def _log_keys(self, pk: str, low: str, high: str, limit: int | None) -> list[str]:
        """The sort keys of the log rows between `low` and `high` (keys only)."""
        row_cls = self._r.KeyRow
        found: list[str] = []
        start = None
        while True:
            want = None if limit is None else limit - len(found)
            data = _guard(
                lambda start=start, want=want: row_cls._get_connection().query(
                    pk,
                    range_key_condition=row_cls.sk.between(low, high),
                    consistent_read=True,
                    exclusive_start_key=start,
                    limit=want,
                    attributes_to_get=["sk"],
                )
            )
            found += [raw["sk"]["S"] for raw in data.get("Items", [])]
            start = data.get("LastEvaluatedKey")
            if start is None or (limit is not None and len(found) >= limit):
                return found

    def load(self, store: str, scope: str, model: str, now: float, known: Snapshot | None) -> Snapshot | None:
        pk = keys.snapshot_pk(keys.scope_pk(store, scope))
        for _ in range(2):  # a snapshot replaced between its head and its chunks is read again
            head = self._head(pk)
            if not self._trusted(head, model, now):
                return None
            if known is not None and known.version == head.version:
                return known
            found = self._chunks(pk, head, {"store": store, "scope": scope, "embedding_model": model})
            if found is not None:
                return found
        return None

    def _trusted(self, head: Any, model: str, now: float) -> bool:
        from memstore.adapters.snapshot_codec import FORMAT, fingerprint

        return (
            head is not None
            and head.format == FORMAT
            and head.model == model
            and head.expires_at > now
            and head.fingerprint == fingerprint()
        )

    def _chunks(self, pk: str, head: Any, shared: dict[str, Any]) -> Snapshot | None:
        from memstore.adapters import snapshot_codec as codec
        from memstore.ports.scope_snapshot import Snapshot

        wanted = [(pk, chunk_sk(head.version, k)) for k in range(int(head.chunks))]
        rows = {
            r.sk: r for r in _guard(lambda: list(self._r.ChunkRow.batch_get(wanted, consistent_read=True)))
        }
        if len(rows) != len(wanted) or any(r.version != head.version for r in rows.values()):
            return None
        chunks = [codec.Chunk(rows[sk].docs, rows[sk].vectors) for _, sk in wanted]
        decoded = codec.decode(chunks, int(head.dimensions), shared)
        if not codec.tokens_agree(decoded):
            return None
        return Snapshot(
            version=head.version,
            model=head.model,
            rows=decoded,
            built_at=float(head.built_at),
            next_expiry=int(head.next_expiry) if head.next_expiry is not None else None,
            watermark=int(head.watermark),
        )

    # ------------------------------------------------------------------ building one
    def save(
        self, store: str, scope: str, stamp: str, rows: ScopeRows, model: str, watermark: int
    ) -> str | None:
        from memstore.adapters import snapshot_codec as codec

        r = self._r
        pk = keys.snapshot_pk(keys.scope_pk(store, scope))
        now = self._clock()
        previous = self._head(pk)
        version = ulid(now)
        chunks = codec.encode(rows)
        written = [
            r.ChunkRow(
                pk,
                chunk_sk(version, k),
                version=version,
                rev=0,
                docs=c.docs,
                vectors=c.vectors,
                expires_at=int(now) + SNAPSHOT_TRUSTED + 86400,
            )
            for k, c in enumerate(chunks)
        ]
        self._write(written)
        expiries = [int(d["expires_at"]) for d in rows.docs if d.get("expires_at")]
        head = r.HeadRow(
            pk,
            HEAD_SK,
            version=version,
            format=codec.FORMAT,
            fingerprint=codec.fingerprint(),
            model=model,
            dimensions=int(rows.matrix.shape[1]),
            chunks=len(chunks),
            count=len(rows),
            watermark=watermark,
            next_expiry=min(expiries) if expiries else None,
            built_at=int(now),
            expires_at=int(now) + SNAPSHOT_TRUSTED,
        )
        same_head = (
            r.HeadRow.pk.does_not_exist() if previous is None else r.HeadRow.version == previous.version
        )
        try:
            with TransactWrite(connection=self._connection) as tx:
                tx.condition_check(
                    r.ScopeRow,
                    keys.store_pk(store),
                    keys.scope_sk(keys.scope_hash(scope)),
                    condition=r.ScopeRow.stamp == stamp,
                )
                tx.save(head, condition=same_head)
        except TransactWriteError:
            self._delete(written)
            return None
        # every other version's chunks go: the previous one's, and any a crashed writer left
        current = {HEAD_SK, *(chunk_sk(version, k) for k in range(len(chunks)))}
        self._delete([row for row in self._keys(pk, SNAPSHOT_PREFIX) if row.sk not in current])
        if previous is not None:
            self._trim_log(pk, int(previous.watermark) - CLOCK_MARGIN_MS)
        return version

    def _trim_log(self, pk: str, floor: int) -> None:
        """Raises the log's floor, then deletes the rows below it: a reader still on an older
        snapshot sees the floor and reads the whole scope instead of a log with holes."""
        if floor <= 0:
            return
        _guard(self._r.ChangeRow(pk, floor_sk(floor), expires_at=int(self._clock()) + CHANGE_TTL).save)
        below = self._log_keys(pk, change_sk(0), change_sk(floor), None)
        below += [sk for sk in self._log_keys(pk, FLOOR_PREFIX, floor_sk(floor - 1), None)]
        self._delete([self._r.KeyRow(pk, sk) for sk in below])

    # ------------------------------------------------------------------ deletion
    def scrub(self, scope_pk: str, memory_id: str) -> None:
        """Takes a deleted memory out of the current snapshot of the scope whose partition is
        `scope_pk`: the one chunk that can hold it is rewritten (guarded by its revision against a
        concurrent scrub); when that keeps failing, the whole snapshot is dropped."""
        pk = keys.snapshot_pk(scope_pk)
        row_cls = self._r.ChunkRow
        for _ in range(SCRUB_ATTEMPTS):
            head = self._head(pk)
            if head is None:
                return
            from memstore.adapters import snapshot_codec as codec  # numpy: only when there is one

            sk = chunk_sk(head.version, codec.bucket(memory_id, int(head.chunks)))
            row = self._get(row_cls, pk, sk)
            if row is None:
                return
            rest = codec.without(codec.Chunk(row.docs, row.vectors), memory_id, int(head.dimensions))
            if rest is None:
                return
            seen = row.rev
            row.docs, row.vectors, row.rev = rest.docs, rest.vectors, seen + 1
            try:
                _guard(lambda row=row, seen=seen: row.save(condition=row_cls.rev == seen))
                return
            except DependencyUnavailable as e:
                if not _condition_failed(e.__cause__):
                    raise
        self.drop(scope_pk)

    def drop(self, scope_pk: str, with_log: bool = True) -> int:
        """Deletes the snapshot of the scope whose partition is `scope_pk`, and its change log
        (ids and versions, no content) unless `with_log` is false; how many snapshot rows there
        were."""
        found = self._keys(keys.snapshot_pk(scope_pk), "" if with_log else SNAPSHOT_PREFIX)
        self._delete(found)
        return sum(1 for r in found if r.sk.startswith(SNAPSHOT_PREFIX))

    def sweep(self, scope_pk: str, now: float) -> int:
        """The lifecycle pass's check: a snapshot holding a memory whose time is up (or too old to
        be used) is dropped. Snapshot rows deleted."""
        head = self._head(keys.snapshot_pk(scope_pk))
        if head is None:
            return 0
        if head.expires_at <= now or (head.next_expiry is not None and head.next_expiry <= now):
            return self.drop(scope_pk)
        return 0

    # ------------------------------------------------------------------ helpers
    def _head(self, pk: str) -> Any:
        return self._get(self._r.HeadRow, pk, HEAD_SK)

    def _get(self, row_cls: Any, pk: str, sk: str) -> Any:
        def read() -> Any:
            try:
                return row_cls.get(pk, sk, consistent_read=True)
            except row_cls.DoesNotExist:
                return None

        return _guard(read)

    def _keys(self, pk: str, prefix: str) -> list[Any]:
        row_cls = self._r.KeyRow
        condition = row_cls.sk.startswith(prefix) if prefix else None
        return _guard(
            lambda: list(row_cls.query(pk, condition, consistent_read=True, attributes_to_get=["pk", "sk"]))
        )

    def _write(self, rows: list[Any]) -> None:
        def write() -> None:
            with self._r.ChunkRow.batch_write() as batch:
                for row in rows:
                    batch.save(row)

        _guard(write)

    def _delete(self, rows: list[Any]) -> None:
        def delete() -> None:
            with self._r.KeyRow.batch_write() as batch:
                for row in rows:
                    batch.delete(self._r.KeyRow(row.pk, row.sk))

        if rows:
            _guard(delete)


def _guard(op: Callable[[], Any]) -> Any:
    try:
        return _resilient(op)
    except PynamoDBException as e:
        raise DependencyUnavailable("the table is unavailable") from e


def _condition_failed(error: BaseException | None) -> bool:
    return isinstance(error, PutError) and error.cause_response_code == "ConditionalCheckFailedException"
