"""An `Embedder` that remembers the vectors of texts it embedded recently.

Language decisions embed the same texts several times in one update (a statement is classified,
then screened by the privacy guard, then compared with the scope's memories; a forget request
is compared with every memory). The cache is keyed by a SHA-256 digest of the text, so it holds
no text, and it is bounded (least recently used first out), so a deleted memory's vector is gone
after `size` newer texts."""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Sequence

import numpy as np

from memstore.ports.embedder import Embedder

DEFAULT_SIZE = 4096
"""~6 MB of 384-d float32 vectors."""


class CachingEmbedder:
    def __init__(self, inner: Embedder, size: int = DEFAULT_SIZE):
        if size < 1:
            raise ValueError("size must be at least 1")
        self._inner = inner
        self._size = size
        self._vectors: OrderedDict[bytes, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()
        self.model = inner.model
        self.dimensions = inner.dimensions

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        if isinstance(texts, str):
            raise TypeError("embed() takes a sequence of texts, not one string")
        keys = [hashlib.sha256(t.encode("utf-8", "surrogatepass")).digest() for t in texts]
        out = np.empty((len(texts), self.dimensions), dtype=np.float32)
        with self._lock:
            missing = [n for n, k in enumerate(keys) if k not in self._vectors]
            for n, k in enumerate(keys):
                if k in self._vectors:
                    self._vectors.move_to_end(k)
                    out[n] = self._vectors[k]
        unique = list(dict.fromkeys(keys[n] for n in missing))
        if unique:
            first = {k: next(n for n in missing if keys[n] == k) for k in unique}
            fresh = np.asarray(self._inner.embed([texts[first[k]] for k in unique]), dtype=np.float32)
            with self._lock:
                for k, vector in zip(unique, fresh, strict=True):
                    self._vectors[k] = vector
                    self._vectors.move_to_end(k)
                while len(self._vectors) > self._size:
                    self._vectors.popitem(last=False)
            by_key = dict(zip(unique, fresh, strict=True))
            for n in missing:
                out[n] = by_key[keys[n]]
        return out
