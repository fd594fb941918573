"""The snapshot's columns and bytes: BM25 from stored tokens ranks as BM25 from the texts, int8
vectors keep cosine, chunks round-trip and stay under DynamoDB's item size, a memory is taken out
of the one chunk that holds it, and the log replays only what the snapshot does not show."""

from __future__ import annotations

import numpy as np
import pytest

from memstore.adapters import snapshot_codec as codec
from memstore.domain import vectors
from memstore.domain.models import Kind, MemoryItem
from memstore.domain.ranking import Bm25Index
from memstore.domain.scope_rows import ScopeRows, bm25_index, dequantise, quantise, tokens_of
from memstore.domain.topics import search_text
from memstore.ports.scope_snapshot import Change, to_read

TEXTS = [
    "User's sister lives in Porto and works as a nurse",
    "User prefers dark roast coffee for breakfast",
    "User is allergic to peanuts and avoids sushi at dinner",
    "User plays tennis every Tuesday with their cousin in Lisbon",
    "When booking travel to Kyoto, user wants an aisle seat",
]


def item(i: int, text: str, dims: int = 16, version: int = 1) -> MemoryItem:
    rng = np.random.default_rng(i)
    return MemoryItem(
        memory_id=f"mem_{i:04d}",
        store="s",
        scope="u",
        kind=Kind.USER_PROFILE,
        content=text,
        created_at=1,
        updated_at=2,
        version=version,
        embedding=vectors.encode(rng.normal(size=dims)),
        embedding_model="m",
    )


def test_bm25_from_stored_tokens_scores_as_bm25_from_the_texts():
    items = [item(i, t) for i, t in enumerate(TEXTS)]
    built = Bm25Index.build([search_text(i.content, i.topic, i.kind) for i in items])
    stored = bm25_index([tokens_of(i) for i in items])
    for query in ("coffee in the morning", "where does my sister live", "tennis Tuesday", "nothing here"):
        assert stored.scores(query) == pytest.approx(built.scores(query))


def test_int8_vectors_keep_cosine():
    rng = np.random.default_rng(1)
    matrix = rng.normal(size=(200, 384)).astype(np.float32)
    matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
    codes, scales = quantise(matrix)
    assert codes.dtype == np.int8
    restored = dequantise(codes, scales)
    assert np.min(np.sum(restored * matrix, axis=1)) > 0.999
    query = matrix[0]
    assert np.max(np.abs(restored @ query - matrix @ query)) < 0.01


def test_chunks_round_trip_and_stay_under_the_item_size():
    rng = np.random.default_rng(2)
    items = [item(i, f"{TEXTS[i % 5]} number {i} {rng.integers(1e9)}", dims=384) for i in range(1500)]
    rows = ScopeRows.from_items(items, 384)
    chunks = codec.encode(rows)
    assert len(chunks) > 1
    assert max(c.size for c in chunks) <= codec.CHUNK_MAX_BYTES
    back = codec.decode(chunks, 384, {"store": "s", "scope": "u", "embedding_model": "m"})
    assert sorted(back.ids) == sorted(rows.ids)
    order = {mid: i for i, mid in enumerate(rows.ids)}
    for j, memory_id in enumerate(back.ids):
        i = order[memory_id]
        assert back.tokens[j] == rows.tokens[i]
        assert float(back.matrix[j] @ rows.matrix[i]) > 0.999
        assert back.items[j] == items[i].model_copy(update={"embedding": None})
    assert codec.tokens_agree(back)


def test_a_memory_is_taken_out_of_the_chunk_its_id_hashes_to():
    items = [item(i, TEXTS[i % 5]) for i in range(40)]
    chunks = codec.encode(ScopeRows.from_items(items, 16))
    target = items[7].memory_id
    k = codec.bucket(target, len(chunks))
    rest = codec.without(chunks[k], target, 16)
    assert rest is not None
    docs, _, matrix = codec.decode_chunk(rest, 16)
    assert target not in {d["memory_id"] for d in docs} and len(docs) == matrix.shape[0]
    others = [c for i, c in enumerate(chunks) if i != k]
    assert all(codec.without(c, target, 16) is None for c in others)


def test_the_log_replays_only_what_the_rows_do_not_show():
    rows = ScopeRows.from_items([item(1, "a"), item(2, "b", version=3)], 16)
    changes = [
        Change("mem_0001", 1),  # the rows hold that version
        Change("mem_0002", 4),  # newer
        Change("mem_0009", 1),  # not in the rows
        Change("mem_0001", None),  # deleted, still held
        Change("mem_0008", None),  # deleted, not held
    ]
    assert sorted(to_read(changes, rows)) == ["mem_0001", "mem_0002", "mem_0009"]


def test_replacing_rows_drops_the_changed_and_adds_their_current_state():
    rows = ScopeRows.from_items([item(1, "a"), item(2, "b"), item(3, "c")], 16)
    current = ScopeRows.from_items([item(2, "b changed", version=2)], 16)
    merged = rows.replaced(["mem_0002", "mem_0003"], current)
    assert merged.ids == ["mem_0001", "mem_0002"]
    assert [i.content for i in merged.items] == ["a", "b changed"]
    assert merged.matrix.shape == (2, 16)
