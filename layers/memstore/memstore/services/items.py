"""Memory items: explicit CRUD on one store's memories, scoped per caller."""

from __future__ import annotations

import re
from collections.abc import Callable

from memstore.domain import cursors, item_metadata
from memstore.domain.access import Caller
from memstore.domain.errors import Conflict, InvalidRequest, NotFound
from memstore.domain.ids import new_id
from memstore.domain.lifecycle import kept_expiry
from memstore.domain.models import Kind, MemoryItem, Page, Revision, Store
from memstore.domain.privacy.detectors import blocking
from memstore.domain.privacy.redaction import redact
from memstore.domain.requests import CreateItemRequest, ListItemsQuery, UpdateItemRequest
from memstore.ports.clock import Clock
from memstore.ports.repository import Repository

ItemDeletedHook = Callable[[MemoryItem], None]
ScopeDeletedHook = Callable[[str, str], None]
SecretCheck = Callable[[str], list[str]]
"""The blocking categories a text holds (credential, payment_card, bank_account, government_id)."""

ITEM_ID = re.compile(r"mem_[0-9A-Za-z]{1,60}")
"""What a page's `last_id` looks like (memory ids are `mem_` and a ULID; imported ones may differ
in length)."""

EXPLICIT_IMPORTANCE = 0.7
"""Items written through the API were chosen by a person or an agent on purpose: they start
above extracted memories (0.5)."""


def _item_id(after: str) -> str:
    if not ITEM_ID.fullmatch(after):
        raise InvalidRequest(
            "after must be the last_id or next_after of a previous page of this listing", "after"
        )
    return after


def expiry(store: Store, now: int) -> int | None:
    """Every write restarts the item's life from the store's default TTL (0 = never expires)."""
    ttl = store.definition.options.default_ttl_seconds
    return now + ttl if ttl else None


class ItemService:
    def __init__(
        self,
        repo: Repository,
        clock: Clock,
        *,
        secrets: SecretCheck = blocking,
        on_item_deleted: tuple[ItemDeletedHook, ...] = (),
        on_scope_deleted: tuple[ScopeDeletedHook, ...] = (),
    ):
        self._repo = repo
        self._clock = clock
        self._on_item_deleted = on_item_deleted
        self._on_scope_deleted = on_scope_deleted
        self._secrets = secrets

    def _refuse_secrets(self, content: str) -> None:
        """Content that holds a secret or an id is refused (the message names the kind, never
        the value)."""
        found = self._secrets(content)
        if found:
            kinds = ", ".join(name.replace("_", " ") for name in found)
            message = f"content holds {kinds} data; memstore does not store secrets or ids"
            raise InvalidRequest(message, "content")

    def _safe_content(self, store: Store, content: str) -> str:
        """The content to store: as sent, or with its secrets replaced by markers when the store's
        `secret_handling` is "redact"; refused when a secret would remain either way."""
        if store.definition.options.secret_handling == "redact" and self._secrets(content):
            content = redact(content)
        self._refuse_secrets(content)
        return content

    def _safe_metadata(self, store: Store, metadata: dict | None) -> dict | None:
        """Metadata string values are held to the content's rule: a secret or an id is redacted
        or refused, as the store's `secret_handling` says."""
        if metadata is None:
            return None
        redacting = store.definition.options.secret_handling == "redact"
        safe = {}
        for name, value in metadata.items():
            found = self._secrets(value) if isinstance(value, str) else []
            if found and redacting:
                value = redact(value)
                found = self._secrets(value)
            if found:
                kinds = ", ".join(kind.replace("_", " ") for kind in found)
                message = f"metadata holds {kinds} data; memstore does not store secrets or ids"
                raise InvalidRequest(message, "metadata")
            safe[name] = value
        try:
            return item_metadata.check(safe)
        except ValueError as e:
            raise InvalidRequest(f"metadata: {e}", "metadata") from None

    def create(self, store_name: str, request: CreateItemRequest, caller: Caller) -> MemoryItem:
        return self.write(store_name, request, caller)[0]

    def write(self, store_name: str, request: CreateItemRequest, caller: Caller) -> tuple[MemoryItem, bool]:
        """Creates the item, or with `upsert` and a `key` some live item of the scope already
        holds, updates that item instead. Returns the item and whether it was created."""
        store = self._store(store_name)
        scope = caller.resolve(request.scope)
        content = self._safe_content(store, request.content)
        request = request.model_copy(update={"metadata": self._safe_metadata(store, request.metadata)})
        for _ in range(3):
            if request.upsert and request.key is not None:
                holder = self._repo.get_item_by_key(store.name, scope, request.key, self._clock())
                if holder is not None:
                    return self._revise(store, holder, content, request.kind, request.metadata), False
            try:
                return self._insert(store, scope, content, request), True
            except Conflict as conflict:
                if not (request.upsert and conflict.param == "key"):
                    raise
        raise Conflict("the key kept changing hands; retry", "key")

    def _insert(self, store: Store, scope: str, content: str, request: CreateItemRequest) -> MemoryItem:
        now = int(self._clock())
        item = MemoryItem(
            memory_id=new_id("mem", now),
            store=store.name,
            scope=scope,
            kind=request.kind,
            content=content,
            created_at=now,
            updated_at=now,
            expires_at=expiry(store, now),
            importance=EXPLICIT_IMPORTANCE,
            key=request.key,
            metadata=request.metadata or {},
        )
        self._repo.put_item(item)
        return item

    def get(self, store_name: str, memory_id: str, caller: Caller) -> MemoryItem:
        self._store(store_name)
        item = self._repo.get_item(store_name, memory_id, self._clock())
        if item is None or not caller.can_see(item.scope):
            raise NotFound(f"memory '{memory_id}' not found", "memory_id")
        return item

    def list(self, store_name: str, query: ListItemsQuery, caller: Caller) -> Page[MemoryItem]:
        """One page, read in O(limit) rows. `after` is a page's `next_after` (a token bound to
        this store, scope, kind and metadata filter) or, as before tokens, its `last_id`. The
        metadata filter drops items from the rows the page read anyway, as the kind filter does."""
        self._store(store_name)
        scope = caller.resolve(query.scope)
        wanted = query.metadata
        if query.key is not None:
            found = self._repo.get_item_by_key(store_name, scope, query.key, self._clock())
            hit = (
                found is not None
                and query.kind in (None, found.kind)
                and item_metadata.matches(found.metadata, wanted)
            )
            return Page[MemoryItem](items=[found] if hit else [], has_more=False)
        listing = (store_name, scope, query.kind.value if query.kind else "")
        if wanted:
            listing = (*listing, item_metadata.filter_digest(wanted))
        after = query.after
        if after is not None:
            after = cursors.decode(after, listing) if cursors.is_token(after) else _item_id(after)
        page = self._repo.list_items(store_name, scope, query.kind, query.limit, after, self._clock())
        if wanted:
            if page.has_more and not page.next_after and page.items:
                page.next_after = page.items[-1].memory_id
            page.items = [item for item in page.items if item_metadata.matches(item.metadata, wanted)]
        if page.has_more and page.next_after:
            page.next_after = cursors.encode(page.next_after, listing)
        return page

    def get_by_key(self, store_name: str, raw_scope: str, key: str, caller: Caller) -> MemoryItem | None:
        self._store(store_name)
        return self._repo.get_item_by_key(store_name, caller.resolve(raw_scope), key, self._clock())

    def update(
        self, store_name: str, memory_id: str, request: UpdateItemRequest, caller: Caller
    ) -> MemoryItem:
        store = self._store(store_name)
        current = self.get(store_name, memory_id, caller)
        content = None if request.content is None else self._safe_content(store, request.content)
        metadata = self._safe_metadata(store, request.metadata)
        return self._revise(store, current, content, request.kind, metadata)

    def _revise(
        self,
        store: Store,
        current: MemoryItem,
        content: str | None,
        kind: Kind | None,
        metadata: dict | None,
    ) -> MemoryItem:
        """Content and metadata replace the item's when given; a change of either keeps the
        former pair as a revision."""
        now = int(self._clock())
        changes: dict = {
            "updated_at": now,
            "expires_at": kept_expiry(current, expiry(store, now)),
            "version": current.version + 1,
        }
        if kind is not None:
            changes["kind"] = kind
        content_changed = content is not None and content != current.content
        metadata_changed = metadata is not None and not item_metadata.same(metadata, current.metadata)
        if content_changed:
            changes["content"] = content
            changes["embedding"] = None
            changes["embedding_model"] = None
        if metadata_changed:
            changes["metadata"] = metadata
        if content_changed or metadata_changed:
            changes["revisions"] = [
                *current.revisions,
                Revision(
                    content=current.content,
                    metadata=current.metadata,
                    updated_at=current.updated_at,
                    replaced_at=now,
                    reason="api",
                ),
            ]
        updated = current.model_copy(update=changes)
        self._repo.replace_item(updated, expected_version=current.version)
        return updated

    def delete(self, store_name: str, memory_id: str, caller: Caller) -> None:
        self.get(store_name, memory_id, caller)
        deleted = self._repo.delete_item(store_name, memory_id)
        if deleted is None:
            raise NotFound(f"memory '{memory_id}' not found", "memory_id")
        for hook in self._on_item_deleted:
            hook(deleted)

    def delete_scope(self, store_name: str, raw_scope: str, caller: Caller) -> tuple[str, int]:
        self._store(store_name)
        scope = caller.resolve(raw_scope)
        count = self._repo.delete_scope(store_name, scope)
        for hook in self._on_scope_deleted:
            hook(store_name, scope)
        return scope, count

    def _store(self, name: str) -> Store:
        store = self._repo.get_store(name)
        if store is None:
            raise NotFound(f"memory store '{name}' not found", "name")
        return store
