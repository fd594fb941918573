"""AsyncMemoryStoreClient: the same methods as coroutines, for asyncio agents. Each call runs the
synchronous client's in a worker thread (asyncio.to_thread), so both share one implementation:
the same retries, errors and results."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from typing import Any, Generic, TypeVar

from memstore.client.client import MemoryStoreClient
from memstore.client.models import MemoryUpdate, UpdateResult
from memstore.client.paging import Paged
from memstore.client.poller import UpdatePoller

T = TypeVar("T")

_CALLS = (
    "create",
    "get",
    "update",
    "delete",
    "get_deletion",
    "create_memory",
    "get_memory",
    "get_memory_by_key",
    "update_memory",
    "delete_memory",
    "delete_scope",
    "list_memory_revisions",
    "reinforce_memory",
    "set_memory_expiration",
    "preview_update_memories",
    "get_update",
    "search_memories",
)


class AsyncPaged(Generic[T]):
    """`async for` over every element; `by_page()` for the pages. Pages are fetched as needed."""

    def __init__(self, paged: Paged[T]):
        self._paged = paged

    async def by_page(self) -> AsyncIterator[list[T]]:
        pages: Iterator[list[T]] = self._paged.by_page()
        done = object()
        while (page := await asyncio.to_thread(next, pages, done)) is not done:
            yield page

    async def __aiter__(self) -> AsyncIterator[T]:
        async for page in self.by_page():
            for element in page:
                yield element


class AsyncUpdatePoller:
    def __init__(self, poller: UpdatePoller):
        self._poller = poller
        self.update_id = poller.update_id
        self.memory_commands = poller.memory_commands

    @property
    def current_update_id(self) -> str:
        return self._poller.current_update_id

    async def status(self) -> str:
        return await asyncio.to_thread(self._poller.status)

    async def wait(self, timeout: float | None = None) -> MemoryUpdate:
        return await asyncio.to_thread(self._poller.wait, timeout)

    async def result(self, timeout: float | None = None) -> UpdateResult:
        return await asyncio.to_thread(self._poller.result, timeout)


class AsyncMemoryStoreClient:
    """Takes MemoryStoreClient's arguments; every method of it is a coroutine here, `list` and
    `list_memories` return AsyncPaged and `begin_update_memories` an AsyncUpdatePoller."""

    def __init__(self, *args: Any, **kwargs: Any):
        self.sync = MemoryStoreClient(*args, **kwargs)

    def list(self, **kwargs: Any) -> AsyncPaged:
        return AsyncPaged(self.sync.list(**kwargs))

    def list_memories(self, name: str, scope: str, **kwargs: Any) -> AsyncPaged:
        return AsyncPaged(self.sync.list_memories(name, scope, **kwargs))

    async def begin_update_memories(self, *args: Any, **kwargs: Any) -> AsyncUpdatePoller:
        return AsyncUpdatePoller(await asyncio.to_thread(self.sync.begin_update_memories, *args, **kwargs))


def _coroutine(name: str):
    method = getattr(MemoryStoreClient, name)

    async def call(self: AsyncMemoryStoreClient, *args: Any, **kwargs: Any) -> Any:
        return await asyncio.to_thread(getattr(self.sync, name), *args, **kwargs)

    call.__name__ = name
    call.__doc__ = method.__doc__
    return call


for _name in _CALLS:
    setattr(AsyncMemoryStoreClient, _name, _coroutine(_name))
