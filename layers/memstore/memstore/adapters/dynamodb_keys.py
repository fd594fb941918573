"""Key layout of the single table. Scopes are user data: keys carry a hash of the scope, never
the scope itself, so keys can appear in logs, metrics and stream records without exposing it."""

from __future__ import annotations

import hashlib

from memstore.domain.ids import scope_hash

STORES_PK = "STORES"
META_SK = "META"


def store_pk(store: str) -> str:
    return f"STORE#{store}"


def registry_sk(store: str) -> str:
    return f"STORE#{store}"


def scope_pk(store: str, scope: str) -> str:
    return scope_pk_from_hash(store, scope_hash(scope))


def scope_pk_from_hash(store: str, hashed: str) -> str:
    return f"STORE#{store}#SCOPE#{hashed}"


def memory_sk(memory_id: str) -> str:
    return f"MEM#{memory_id}"


def item_key_sk(key: str) -> str:
    """A keyed item's guard row, in its scope's partition: the key (user data) is hashed too."""
    return f"KEY#{hashlib.sha256(key.encode('utf-8')).hexdigest()[:32]}"


def scope_sk(hashed: str) -> str:
    return f"SCOPE#{hashed}"


SNAPSHOT_PARTITION = "#SNAP"


def snapshot_pk(scope_partition: str) -> str:
    """The partition beside a scope's that holds its search snapshot and change log (apart, so
    reading them never touches the scope's memory rows)."""
    return scope_partition + SNAPSHOT_PARTITION
