"""A scope snapshot's bytes: its memories split into chunks (each one DynamoDB row well under
400 KB) by a hash of the memory id, so the chunk holding a memory is known without reading the
others. A chunk is two zlib-compressed binary attributes: the documents and their BM25 tokens as
JSON, and the vectors as int8 codes with a float32 scale per row."""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import json
import math
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from memstore.domain.scope_rows import LazyItems, ScopeRows, dequantise, quantise, tokens_of

FORMAT = 1
CHUNK_TARGET_BYTES = 250_000
CHUNK_MAX_BYTES = 380_000
TOKENIZER_MODULES = (
    "memstore.domain.ranking",
    "memstore.domain.search_terms",
    "memstore.domain.topics",
    "memstore.domain.scope_rows",
)
TOKENIZER_DATA = ("search_*.jsonl", "facet_glosses.jsonl")
SHARED = ("store", "scope", "embedding_model")
"""Fields every memory of a snapshot has alike: stored once, in the head, not in each document."""


@dataclass(frozen=True)
class Chunk:
    docs: bytes
    vectors: bytes

    @property
    def size(self) -> int:
        return len(self.docs) + len(self.vectors)


@functools.cache
def fingerprint() -> str:
    """Changes with the format and with the code and word lists that make BM25 tokens: a
    snapshot written by another version is not used (its tokens could differ)."""
    digest = hashlib.sha256(f"format {FORMAT}".encode())
    for name in TOKENIZER_MODULES:
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.origin:
            digest.update(Path(spec.origin).read_bytes())
    data = importlib.util.find_spec("memstore.data")
    if data is not None and data.origin:
        for pattern in TOKENIZER_DATA:
            for path in sorted(Path(data.origin).parent.glob(pattern)):
                digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()[:20]


def bucket(memory_id: str, chunks: int) -> int:
    return zlib.crc32(memory_id.encode("utf-8")) % chunks


def encode_chunk(docs: list[dict[str, Any]], tokens: list[list[str]], matrix: np.ndarray) -> Chunk:
    own = [{k: v for k, v in d.items() if k not in SHARED} for d in docs]
    text = json.dumps({"docs": own, "tokens": tokens}, separators=(",", ":"), ensure_ascii=False)
    codes, scales = quantise(matrix)
    return Chunk(
        zlib.compress(text.encode("utf-8"), 6),
        zlib.compress(scales.astype("<f4").tobytes() + codes.tobytes(), 1),
    )


def decode_chunk(
    chunk: Chunk, dimensions: int, shared: dict[str, Any] | None = None
) -> tuple[list[dict[str, Any]], list[list[str]], np.ndarray]:
    """The chunk's documents (with the `shared` fields put back), tokens and vectors."""
    body = json.loads(zlib.decompress(chunk.docs))
    docs, tokens = body["docs"], body["tokens"]
    if shared:
        for doc in docs:
            doc.update(shared)
    raw = zlib.decompress(chunk.vectors)
    n = len(docs)
    if len(tokens) != n or len(raw) != n * (4 + dimensions):
        raise ValueError("snapshot chunk is inconsistent")
    scales = np.frombuffer(raw[: 4 * n], dtype="<f4")
    codes = np.frombuffer(raw[4 * n :], dtype=np.int8).reshape(n, dimensions)
    return docs, tokens, dequantise(codes, scales)


def encode(rows: ScopeRows) -> list[Chunk]:
    """`rows` in as few chunks as keep each under CHUNK_MAX_BYTES."""
    if not len(rows):
        return [encode_chunk([], [], rows.matrix)]
    ids = rows.ids
    estimate = (
        encode_chunk(rows.docs[:200], rows.tokens[:200], rows.matrix[:200]).size
        * len(ids)
        / min(200, len(ids))
    )
    n = max(1, math.ceil(estimate / CHUNK_TARGET_BYTES))
    while True:
        groups: list[list[int]] = [[] for _ in range(n)]
        for i, memory_id in enumerate(ids):
            groups[bucket(memory_id, n)].append(i)
        chunks = [
            encode_chunk([rows.docs[i] for i in g], [rows.tokens[i] for i in g], rows.matrix[g])
            for g in groups
        ]
        if max(c.size for c in chunks) <= CHUNK_MAX_BYTES:
            return chunks
        n *= 2


def decode(chunks: list[Chunk], dimensions: int, shared: dict[str, Any]) -> ScopeRows:
    docs: list[dict[str, Any]] = []
    tokens: list[list[str]] = []
    matrices = []
    for chunk in chunks:
        d, t, m = decode_chunk(chunk, dimensions, shared)
        docs += d
        tokens += t
        matrices.append(m)
    matrix = np.concatenate(matrices) if matrices else np.zeros((0, dimensions), dtype=np.float32)
    return ScopeRows(docs, tokens, matrix, LazyItems(docs))


def without(chunk: Chunk, memory_id: str, dimensions: int) -> Chunk | None:
    """The chunk with that memory taken out, or None when it does not hold it."""
    docs, tokens, matrix = decode_chunk(chunk, dimensions)
    keep = [i for i, d in enumerate(docs) if d["memory_id"] != memory_id]
    if len(keep) == len(docs):
        return None
    return encode_chunk([docs[i] for i in keep], [tokens[i] for i in keep], matrix[keep])


def tokens_agree(rows: ScopeRows, sample: int = 4) -> bool:
    """Whether a few stored token lists are what this code makes of their memories."""
    step = max(1, len(rows) // sample)
    return all(tokens_of(rows.items[i]) == rows.tokens[i] for i in range(0, len(rows), step)[:sample])
