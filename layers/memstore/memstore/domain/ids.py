"""Prefixed ULIDs: sortable by creation time, unguessable enough for ids."""

from __future__ import annotations

import hashlib
import os
import time

_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


def _encode(ms: int, entropy: bytes) -> str:
    value = (ms << 80) | int.from_bytes(entropy[:10], "big")
    out = []
    for _ in range(26):
        out.append(_ALPHABET[value & 31])
        value >>= 5
    return "".join(reversed(out))


def ulid(now: float | None = None) -> str:
    return _encode(int((time.time() if now is None else now) * 1000), os.urandom(10))


def scope_hash(scope: str) -> str:
    """A scope as keys, indexes and records carry it: scopes are user data, so what can reach
    logs, metrics and stream records is this digest, never the scope."""
    return hashlib.sha256(scope.encode("utf-8")).hexdigest()[:32]


def new_id(prefix: str, now: float | None = None) -> str:
    return f"{prefix}_{ulid(now)}"


def derived_id(prefix: str, seed: str, now: float) -> str:
    """A ULID whose random part comes from `seed`: a retried consolidation writes the same
    memory ids again instead of duplicates."""
    return f"{prefix}_{_encode(int(now * 1000), hashlib.sha256(seed.encode('utf-8')).digest())}"


def id_time(value: str) -> float:
    """The creation time (Unix seconds) a prefixed ULID carries; 0 when `value` is not one."""
    text = value.rsplit("_", 1)[-1].upper()
    if len(text) != 26 or any(ch not in _ALPHABET for ch in text):
        return 0.0
    ms = 0
    for ch in text[:10]:
        ms = ms * 32 + _ALPHABET.index(ch)
    return ms / 1000
