"""Auto-paging listings: iterate for every element, or `by_page()` for the pages."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Generic, TypeVar

T = TypeVar("T")

FetchPage = Callable[[str | None], dict[str, Any]]


class Paged(Generic[T]):
    """Reads pages lazily, following `next_after` until `has_more` is false. A page may hold
    fewer elements than asked for (even none) while more follow: the API says so, and this
    keeps going."""

    def __init__(self, fetch: FetchPage, parse: Callable[[dict[str, Any]], T]):
        self._fetch = fetch
        self._parse = parse

    def by_page(self) -> Iterator[list[T]]:
        after: str | None = None
        while True:
            page = self._fetch(after)
            yield [self._parse(x) for x in page.get("data", [])]
            after = page.get("next_after") or page.get("last_id")
            if not page.get("has_more") or not after:
                return

    def __iter__(self) -> Iterator[T]:
        for page in self.by_page():
            yield from page
