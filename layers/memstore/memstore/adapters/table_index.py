"""The zero-fixed-cost vector backend (VECTOR_BACKEND=dynamodb): the table is the index.

A scope's memories are kept in the warm container as ranking columns (domain/scope_rows.py): one
normalised matrix, a BM25 index and the memories' documents. Every query checks the scope's stamp
(one strongly consistent read) and refreshes when any write, in any container, has changed the
scope. With a snapshot store (ports/scope_snapshot.py) a cold or stale container reads the scope's
snapshot (a few rows, whatever the scope's size) and the memories written since it was made
(the change log, then one BatchGetItem per 100), instead of the whole scope; when there is no
snapshot it can trust, or too many writes to replay, it reads the whole scope and writes a new
snapshot off the response path. Items without an embedding for the store's model are embedded
here and the vector is written back."""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np

from memstore.domain import vectors
from memstore.domain.models import MemoryItem
from memstore.domain.ranking import Bm25Index
from memstore.domain.scope_rows import ScopeRows, bm25_index
from memstore.domain.speaker_labels import embedding_text
from memstore.ports.embedder import Embedder
from memstore.ports.repository import Repository
from memstore.ports.scope_snapshot import ScopeSnapshots, Snapshot, to_read
from memstore.ports.vector_index import Hit, QueryVector, resolve

logger = logging.getLogger(__name__)

EmbedderFor = Callable[[str], Embedder]

CANDIDATES_PER_RANKER = 50
"""Each ranker proposes at most this many (or 4k) memories to the fusion."""
MAX_CACHE_AGE = 600.0
"""A cached scope is rebuilt after this long even if its stamp has not changed, which bounds how
long a container that never sees the scope again keeps deleted content in memory."""
MAX_LOGGED_WRITES = 5000
"""At most this many logged writes are looked at (about one 1 MB query page); with more, the
scope is read whole."""
MAX_REPLAYED_WRITES = 1000
"""At most this many memories are read anew on a snapshot (10 BatchGetItem requests); with more,
the scope is read whole."""
MIN_WRITES_BEFORE_COMPACTION = 100


def compaction_due(writes: int, memories: int) -> bool:
    """A new snapshot is written once the writes replayed on the current one reach a tenth of the
    scope (at least 100): rewriting it costs about ten memories' worth of bytes per write,
    whatever the scope's size."""
    return writes >= max(MIN_WRITES_BEFORE_COMPACTION, min(MAX_REPLAYED_WRITES // 2, memories // 10))


@dataclass
class _ScopeIndex:
    stamp: str | None
    built_at: float
    model: str
    items: Sequence[MemoryItem]
    matrix: np.ndarray
    bm25: Bm25Index
    expires: np.ndarray
    rows: ScopeRows
    snapshot: Snapshot | None = None
    """The snapshot these rows were made from, or were written as (kept while it is current: a
    refresh then reads only the writes since)."""
    read_whole: bool = False
    """Whether the scope was read whole from the table (no snapshot could be trusted)."""


class TableVectorIndex:
    def __init__(
        self,
        repo: Repository,
        embedder_for: EmbedderFor,
        max_cached_memories: int = 200_000,
        snapshots: ScopeSnapshots | None = None,
        clock: Callable[[], float] = time.time,
        write_behind: bool = False,
    ):
        """`write_behind`: snapshots are written by a background thread, off the response path
        (where the table may be called from two threads at once); else before the answer."""
        self._repo = repo
        self._embedder_for = embedder_for
        self._max = max_cached_memories
        self._snapshots = snapshots
        self._clock = clock
        self._cache: OrderedDict[tuple[str, str], _ScopeIndex] = OrderedDict()
        self._lock = threading.Lock()
        self._writer = (
            ThreadPoolExecutor(max_workers=1, thread_name_prefix="snapshot") if write_behind else None
        )
        self._writing: dict[tuple[str, str], Future] = {}
        self._checker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="scope-check")

    # Writes go to the table; the stamp check is what keeps every container's cache honest.
    # These drop this container's copy at once so deleted content leaves memory immediately.
    def upsert(self, item: MemoryItem, vector: np.ndarray | None) -> None:
        self._drop(item.store, item.scope)

    def delete(self, store: str, scope: str, memory_id: str) -> None:
        self._drop(store, scope)

    def delete_scope(self, store: str, scope: str) -> None:
        self._drop(store, scope)

    def delete_store(self, store: str) -> None:
        with self._lock:
            for key in [k for k in self._cache if k[0] == store]:
                del self._cache[key]

    def live_items(self, store: str, scope: str, now: float, model: str = "") -> list[MemoryItem]:
        index = self._index(store, scope, model, now)
        live = (index.expires == 0) | (index.expires > now)
        return [index.items[i] for i in np.flatnonzero(live)]

    def query(
        self, store: str, scope: str, text: str, vector: QueryVector, k: int, now: float, model: str = ""
    ) -> list[Hit]:
        checked = self._checker.submit(self._index, store, scope, model, now)
        query_vector = np.asarray(resolve(vector), dtype=np.float32)
        index = checked.result()
        if not len(index.items):
            return []
        live = (index.expires == 0) | (index.expires > now)
        per_ranker = max(CANDIDATES_PER_RANKER, 4 * k)
        hits: dict[int, Hit] = {}
        if index.matrix.shape[0]:
            cosine = index.matrix @ query_vector
            cosine = np.where(live, cosine, -2.0)
            if len(cosine) > per_ranker:
                top = np.argpartition(-cosine, per_ranker)[:per_ranker]
                top = top[np.argsort(-cosine[top])]
            else:
                top = np.argsort(-cosine)
            for i in top:
                if cosine[i] > -2.0:
                    hits[int(i)] = Hit(
                        memory_id=index.items[i].memory_id, vector_score=float(cosine[i]), item=index.items[i]
                    )
        lexical = np.where(live, index.bm25.score_array(text), 0.0)
        found = np.flatnonzero(lexical)
        if len(found) > per_ranker:
            found = found[np.argpartition(-lexical[found], per_ranker)[:per_ranker]]
        for i in found[np.argsort(-lexical[found], kind="stable")]:
            hit = hits.get(int(i)) or Hit(memory_id=index.items[i].memory_id, item=index.items[i])
            hit.text_score = float(lexical[i])
            hits[int(i)] = hit
        return list(hits.values())

    def flush(self) -> None:
        """Waits for the snapshots being written (tests, benchmarks)."""
        for future in list(self._writing.values()):
            future.exception()

    def _drop(self, store: str, scope: str) -> None:
        with self._lock:
            self._cache.pop((store, scope), None)

    def _index(self, store: str, scope: str, model: str, now: float) -> _ScopeIndex:
        watermark = int(self._clock() * 1000)
        stamp = self._repo.scope_stamp(store, scope)
        key = (store, scope)
        with self._lock:
            cached = self._cache.get(key)
            fresh = cached is not None and time.monotonic() - cached.built_at < MAX_CACHE_AGE
            if fresh and cached.stamp == stamp and cached.model == model and stamp is not None:
                self._cache.move_to_end(key)
                return cached
        if self._snapshots is None or stamp is None:
            built = self._whole(store, scope, model, stamp, now, watermark)
        else:
            known = cached.snapshot if cached is not None and fresh and cached.model == model else None
            built = self._from_snapshot(store, scope, model, stamp, now, watermark, known)
        with self._lock:
            self._cache[key] = built
            self._cache.move_to_end(key)
            total = sum(len(v.items) for v in self._cache.values())
            while total > self._max and len(self._cache) > 1:
                _, evicted = self._cache.popitem(last=False)
                total -= len(evicted.items)
        return built

    def _from_snapshot(
        self,
        store: str,
        scope: str,
        model: str,
        stamp: str,
        now: float,
        watermark: int,
        known: Snapshot | None,
    ) -> _ScopeIndex:
        assert self._snapshots is not None
        snapshot = self._snapshots.load(store, scope, model, now, known)
        changes = (
            None
            if snapshot is None
            else self._snapshots.changed_since(store, scope, snapshot.watermark, MAX_LOGGED_WRITES)
        )
        changed = None if snapshot is None or changes is None else to_read(changes, snapshot.rows)
        if snapshot is None or changed is None or len(changed) > MAX_REPLAYED_WRITES:
            return self._whole(store, scope, model, stamp, now, watermark)
        current = self._with_embeddings(self._repo.get_items(store, scope, changed, now), model)
        dimensions = snapshot.rows.matrix.shape[1]
        rows = snapshot.rows.replaced(changed, ScopeRows.from_items(current, dimensions)).live(now)
        index = self._assemble(stamp, model, rows, snapshot)
        expired = snapshot.next_expiry is not None and snapshot.next_expiry <= now
        if expired or compaction_due(len(changed), len(rows)):
            self._write_snapshot(store, scope, stamp, index, watermark)
        return index

    def _whole(
        self, store: str, scope: str, model: str, stamp: str | None, now: float, watermark: int
    ) -> _ScopeIndex:
        """The whole scope read from the table (and, with a snapshot store, written as the new
        snapshot off the response path)."""
        items = self._with_embeddings(self._repo.scope_items(store, scope, now), model)
        rows = ScopeRows.from_items(items, self._embedder_for(model).dimensions)
        index = self._assemble(stamp, model, rows, None)
        index.read_whole = True
        if self._snapshots is not None and stamp is not None:
            self._write_snapshot(store, scope, stamp, index, watermark)
        return index

    def _with_embeddings(self, items: list[MemoryItem], model: str) -> list[MemoryItem]:
        missing = [i for i in items if i.embedding is None or i.embedding_model != model]
        if missing:
            fresh = self._embedder_for(model).embed(
                [embedding_text(i.content, i.topic, i.kind) for i in missing]
            )
            for item, vec in zip(missing, fresh, strict=True):
                item.embedding = vectors.encode(vec)
                item.embedding_model = model
                self._repo.set_embedding(
                    item.store, item.scope, item.memory_id, item.embedding, model, item.version
                )
        return items

    @staticmethod
    def _assemble(stamp: str | None, model: str, rows: ScopeRows, snapshot: Snapshot | None) -> _ScopeIndex:
        return _ScopeIndex(
            stamp,
            time.monotonic(),
            model,
            rows.items,
            rows.matrix,
            bm25_index(rows.tokens),
            rows.expires(),
            rows,
            snapshot,
        )

    def _write_snapshot(self, store: str, scope: str, stamp: str, index: _ScopeIndex, watermark: int) -> None:
        assert self._snapshots is not None
        if self._writer is None:
            self._save(store, scope, stamp, index, watermark)
            return
        key = (store, scope)
        with self._lock:
            pending = self._writing.get(key)
            if pending is not None and not pending.done():
                return
            self._writing[key] = self._writer.submit(self._save, store, scope, stamp, index, watermark)

    def _save(self, store: str, scope: str, stamp: str, index: _ScopeIndex, watermark: int) -> None:
        """Writes `index`'s rows as the scope's snapshot and, once installed, records it on
        `index`: a refresh of this copy then reads only the log since."""
        assert self._snapshots is not None
        rows, model = index.rows, index.model
        try:
            version = self._snapshots.save(store, scope, stamp, rows, model, watermark)
        except Exception as e:  # noqa: BLE001 - a snapshot is an optimisation: the next reader tries again
            logger.warning("scope snapshot not written", extra={"error_type": type(e).__name__})
            return
        if version is None:
            return
        expiries = [int(d["expires_at"]) for d in rows.docs if d.get("expires_at")]
        index.snapshot = Snapshot(version, model, rows, self._clock(), min(expiries, default=None), watermark)
