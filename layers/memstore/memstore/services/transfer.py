"""Export and import of a store's memories as JSON Lines.

An export is a header line (`memory_store.export`: the store's definition; first page only),
one `memory_item.export` line per memory with every field the service keeps (lifecycle fields,
source, revisions, its vector and the model that made it, base64), and, when more follows, a
`memory_store.export.page` line with the `next_after` to ask for. Import takes such lines (pages
concatenated or not): an item is written with its own id, so importing the same file twice
changes nothing the second time; a vector made by another model than the store's is dropped, and
the memory is embedded again by the store's model on its first search (or by the indexer)."""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from pydantic import ValidationError

from memstore.domain import cursors, item_metadata
from memstore.domain.access import Caller
from memstore.domain.audit import scope_digest
from memstore.domain.errors import Conflict, InvalidRequest, NotFound
from memstore.domain.models import MemoryItem, Store
from memstore.domain.requests import MAX_CONTENT_BYTES, CreateStoreRequest
from memstore.ports.clock import Clock
from memstore.ports.repository import Repository
from memstore.ports.transfer import StoreReader

FORMAT_VERSION = 1
HEADER = "memory_store.export"
ITEM = "memory_item.export"
PAGE = "memory_store.export.page"
MAX_PAGE_BYTES = 4 * 1024 * 1024
"""A page stays well under Lambda's 6 MB response."""

CreateStore = Callable[[CreateStoreRequest, Caller], Store]


def item_line(item: MemoryItem) -> dict[str, Any]:
    fields = item.model_dump(mode="json", exclude={"embedding", "store"})
    fields["embedding"] = base64.b64encode(item.embedding).decode("ascii") if item.embedding else None
    return {"object": ITEM, **fields}


def header_line(store: Store) -> dict[str, Any]:
    return {"object": HEADER, "version": FORMAT_VERSION, "store": store.model_dump(mode="json")}


_NOT_COMPARED = {"embedding", "embedding_model", "version"}


def _same(a: MemoryItem, b: MemoryItem) -> bool:
    """The same memory, whatever vector it holds and however often it was written."""
    return a.model_dump(exclude=_NOT_COMPARED) == b.model_dump(exclude=_NOT_COMPARED)


class TransferService:
    def __init__(self, repo: Repository, reader: StoreReader, clock: Clock, create_store: CreateStore):
        self._repo = repo
        self._reader = reader
        self._clock = clock
        self._create_store = create_store

    # ------------------------------------------------------------------ export
    def export(
        self, store_name: str, scope: str | None, limit: int, after: str | None, caller: Caller
    ) -> tuple[list[dict[str, Any]], str | None]:
        """One page of lines and the token of the next (None on the last page)."""
        store = self._store(store_name)
        if scope is None:
            caller.ensure_can_manage_stores()
        resolved = caller.resolve(scope) if scope is not None else None
        listing = ("export", store_name, resolved or "")
        position = cursors.decode(after, listing) if after is not None else ""
        hashes = [scope_digest(resolved)] if resolved is not None else self._reader.scope_hashes(store_name)
        start_hash, _, start_id = position.partition(":")
        lines: list[dict[str, Any]] = [] if after else [header_line(store)]
        size, count, now = 0, 0, self._clock()
        for hashed in hashes:
            if start_hash and hashed < start_hash:
                continue
            cursor = start_id if hashed == start_hash and start_id else None
            while True:
                items, cursor = self._reader.partition_items(store_name, hashed, cursor, limit - count, now)
                for item in items:
                    line = item_line(item)
                    lines.append(line)
                    size += len(json.dumps(line))
                count += len(items)
                if cursor is None:
                    break
                if count >= limit or size >= MAX_PAGE_BYTES:
                    return self._more(lines, f"{hashed}:{cursor}", listing)
            if count >= limit or size >= MAX_PAGE_BYTES:
                following = hashes[hashes.index(hashed) + 1 :]
                if following:
                    return self._more(lines, f"{following[0]}:", listing)
        return lines, None

    @staticmethod
    def _more(lines: list[dict[str, Any]], position: str, listing: tuple[str, ...]) -> tuple[list, str]:
        token = cursors.encode(position, listing)
        lines.append({"object": PAGE, "has_more": True, "next_after": token})
        return lines, token

    def export_all(self, store_name: str, caller: Caller) -> Iterator[dict[str, Any]]:
        """Every page of a whole-store export, page lines left out."""
        after = None
        while True:
            lines, after = self.export(store_name, None, 1000, after, caller)
            yield from (line for line in lines if line["object"] != PAGE)
            if after is None:
                return

    # ------------------------------------------------------------------ import
    def import_lines(self, store_name: str, lines: Iterable[str], caller: Caller) -> dict[str, Any]:
        caller.ensure_can_manage_stores()
        parsed = [(n, _parse(n, text)) for n, text in enumerate(lines, start=1) if text.strip()]
        if not parsed:
            raise InvalidRequest("the body must hold the lines of an export (JSON Lines)", "body")
        store = self._repo.get_store(store_name)
        request = None
        if store is None:
            header = next((doc for _, doc in parsed if doc.get("object") == HEADER), None)
            if header is None:
                raise NotFound(
                    f"memory store '{store_name}' not found (and the file has no store header)", "name"
                )
            request = _store_request(store_name, header)
        provisional = store or Store(
            id="", name=store_name, definition=request.definition, created_at=0, updated_at=0
        )
        items = [_item(n, doc, provisional) for n, doc in parsed if doc.get("object") == ITEM]
        if store is None:
            store = self._create_store(request, caller)
            items = [_item(n, doc, store) for n, doc in parsed if doc.get("object") == ITEM]
        counts = {"created": 0, "updated": 0, "unchanged": 0}
        for item in items:
            counts[self._write(item)] += 1
        return {"object": "memory_store.import", "name": store_name, **counts}

    def _write(self, item: MemoryItem) -> str:
        now = self._clock()
        for _ in range(3):
            current = self._repo.get_item(item.store, item.memory_id, now)
            if current is None:
                try:
                    self._repo.put_item(item)
                    return "created"
                except Conflict:
                    self._repo.delete_item(item.store, item.memory_id)
                    continue
            if current.scope != item.scope:
                raise InvalidRequest(
                    f"memory '{item.memory_id}' exists in another scope of this store", "body"
                )
            if _same(current, item):
                return "unchanged"
            try:
                self._repo.replace_item(
                    item.model_copy(update={"version": current.version + 1}), current.version
                )
                return "updated"
            except Conflict:
                continue
        raise Conflict(f"memory '{item.memory_id}' kept changing during the import", "body")

    def _store(self, name: str) -> Store:
        store = self._repo.get_store(name)
        if store is None:
            raise NotFound(f"memory store '{name}' not found", "name")
        return store


def _parse(number: int, text: str) -> dict[str, Any]:
    try:
        doc = json.loads(text)
    except ValueError:
        raise InvalidRequest(f"line {number} is not JSON", "body") from None
    if not isinstance(doc, dict) or doc.get("object") not in (HEADER, ITEM, PAGE):
        raise InvalidRequest(f"line {number} is not a line of a memstore export", "body")
    return doc


def _store_request(name: str, header: dict[str, Any]) -> CreateStoreRequest:
    exported = header.get("store") if isinstance(header.get("store"), dict) else {}
    try:
        return CreateStoreRequest(
            name=name,
            description=exported.get("description"),
            metadata=exported.get("metadata") or {},
            definition=exported.get("definition") or {},
        )
    except ValidationError:
        raise InvalidRequest("the file's store header is not a valid store definition", "body") from None


def _item(number: int, doc: dict[str, Any], store: Store) -> MemoryItem:
    fields = {k: v for k, v in doc.items() if k != "object"}
    vector = fields.pop("embedding", None)
    try:
        item = MemoryItem.model_validate({**fields, "store": store.name})
        embedding = base64.b64decode(vector, validate=True) if isinstance(vector, str) else None
    except (ValidationError, binascii.Error, ValueError):
        raise InvalidRequest(f"line {number} is not a valid memory", "body") from None
    if not item.content.strip() or len(item.content.encode("utf-8")) > MAX_CONTENT_BYTES:
        raise InvalidRequest(f"line {number}: content must be 1..{MAX_CONTENT_BYTES} bytes", "body")
    try:
        item_metadata.check(item.metadata)
    except ValueError as e:
        raise InvalidRequest(f"line {number}: metadata {e}", "body") from None
    if embedding is None or item.embedding_model != store.definition.embedding_model:
        return item.model_copy(update={"embedding": None, "embedding_model": None})
    return item.model_copy(update={"embedding": embedding})
