"""How the memory contract suite opens each provider: `open()` gives a provider over the same
storage every time it is called (so persistence can be checked by reopening)."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest

from memstore.memory import MemoryProvider, create_provider
from tests.contract import pinecone_fake
from tests.contract.postgres_cluster import MISSING, cluster, server_bin

Opener = Callable[[], MemoryProvider]

PERSISTENT = {"sqlite", "postgresql", "chroma", "pinecone", "memstore"}
"""Providers whose records outlive the provider object (the process, for the local ones)."""
MILLISECOND_ORDER = {"memstore"}
"""Providers that order a listing by creation time only to the millisecond (ULID ids)."""
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def memstore_local_url(base_url: str) -> str:
    return base_url


@pytest.fixture
def memstore_opener(memstore_local_url: str) -> Opener:
    from memstore.client import MemoryStoreClient

    store = f"contract_{uuid.uuid4().hex[:12]}"
    client = MemoryStoreClient(memstore_local_url)
    return lambda: create_provider("memstore", client=client, store=store)


@pytest.fixture(scope="session")
def postgres_dsn() -> Iterator[str]:
    if server_bin() is None:
        pytest.skip(MISSING)
    with cluster() as dsn:
        yield dsn


def opener(name: str, tmp_path: Path, request: pytest.FixtureRequest, stack: ExitStack) -> Opener:
    if name == "memory":
        shared = create_provider("memory")
        return lambda: shared
    if name == "vector":
        shared = create_provider("vector")
        return lambda: shared
    if name == "sqlite":
        return lambda: create_provider("sqlite", path=tmp_path / "memory.db")
    if name == "chroma":
        return lambda: create_provider("chroma", path=tmp_path / "chroma")
    if name == "postgresql":
        dsn = request.getfixturevalue("postgres_dsn")
        table = "records_" + request.node.name.split("[")[0].removeprefix("test_")[:40].lower()
        return lambda: create_provider("postgresql", dsn=dsn, table=table)
    if name == "pinecone":
        host, _ = stack.enter_context(pinecone_fake.fake_index())
        return lambda: create_provider("pinecone", api_key=pinecone_fake.API_KEY, host=host)
    if name == "memstore":
        return request.getfixturevalue("memstore_opener")
    raise AssertionError(name)
