"""MemoryStoreClient: the memstore API with the method names of Foundry's Python SDK
(`project_client.beta.memory_stores.*`), so agent code ports by changing the client it builds."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import quote, urlencode

from memstore.client.auth import Auth, NoAuth
from memstore.client.models import (
    Deletion,
    MemoryItem,
    MemoryItemDeleted,
    MemoryStore,
    MemoryStoreDeleted,
    MemoryUpdate,
    ScopeDeleted,
    SearchResult,
)
from memstore.client.paging import Paged
from memstore.client.poller import UpdatePoller
from memstore.client.transport import RetryPolicy, Transport

Message = Mapping[str, Any] | str
"""A conversation message (`{"type": "message", "role", "content"}`), or a user's text."""

_UNSET: Any = object()


def message(item: Message) -> dict[str, Any]:
    """A message as the API takes it: text becomes a user message; a dict without `type` gets
    `"type": "message"` (Foundry's samples leave it out now and then)."""
    if isinstance(item, str):
        return {"type": "message", "role": "user", "content": item}
    return {"type": "message", **item}


def _segment(value: str) -> str:
    return quote(value, safe="")


class MemoryStoreClient:
    """A synchronous client. `auth`: NoAuth (memstore local), BearerAuth (JWT mode) or SigV4Auth
    (IAM mode). `user_id` is sent as `x-memory-user-id` (the user a `{{$userId}}` scope resolves
    to). Failed calls raise the error code's APIError subclass (memstore.client.errors)."""

    def __init__(
        self,
        base_url: str,
        *,
        auth: Auth | None = None,
        timeout: float = 30.0,
        max_retries: int = 3,
        user_id: str | None = None,
        retry: RetryPolicy | None = None,
        transport: Transport | None = None,
    ):
        headers = {"x-memory-user-id": user_id} if user_id else {}
        self._http = transport or Transport(
            base_url,
            auth=auth or NoAuth(),
            timeout=timeout,
            retry=retry or RetryPolicy(max_retries=max_retries),
            default_headers=headers,
        )

    def _call(self, method: str, path: str, body: Any = None, *, idempotency_key: str | None = None) -> Any:
        headers = {"Idempotency-Key": idempotency_key} if idempotency_key else None
        return self._http.request(method, path, body=body, headers=headers).body

    @staticmethod
    def _key(idempotency_key: str | None) -> str:
        """Creating POSTs always carry an Idempotency-Key, so a retried one is never a duplicate."""
        return idempotency_key or str(uuid.uuid4())

    # stores ------------------------------------------------------------------------------
    def create(
        self,
        name: str,
        definition: Mapping[str, Any] | None = None,
        *,
        description: str | None = None,
        metadata: Mapping[str, str] | None = None,
        idempotency_key: str | None = None,
    ) -> MemoryStore:
        body: dict[str, Any] = {"name": name, "definition": {"kind": "default", **(definition or {})}}
        if description is not None:
            body["description"] = description
        if metadata is not None:
            body["metadata"] = dict(metadata)
        return MemoryStore.model_validate(
            self._call("POST", "/memory_stores", body, idempotency_key=self._key(idempotency_key))
        )

    def get(self, name: str) -> MemoryStore:
        return MemoryStore.model_validate(self._call("GET", f"/memory_stores/{_segment(name)}"))

    def update(
        self, name: str, *, description: str | None = _UNSET, metadata: Mapping[str, str] | None = _UNSET
    ) -> MemoryStore:
        body: dict[str, Any] = {}
        if description is not _UNSET:
            body["description"] = description
        if metadata is not _UNSET:
            body["metadata"] = None if metadata is None else dict(metadata)
        return MemoryStore.model_validate(self._call("POST", f"/memory_stores/{_segment(name)}", body))

    def list(self, *, page_size: int = 100) -> Paged[MemoryStore]:
        def fetch(after: str | None) -> dict[str, Any]:
            return self._call("GET", "/memory_stores?" + _query(limit=page_size, after=after))

        return Paged(fetch, MemoryStore.model_validate)

    def delete(self, name: str, *, timeout: float | None = 300.0) -> MemoryStoreDeleted:
        """Deletes the store and everything in it. A deletion that outlives its request (202) is
        followed until it completes (TimeoutError after `timeout` seconds; it goes on)."""
        answer = self._call("DELETE", f"/memory_stores/{_segment(name)}")
        done = self._finish(name, answer, timeout)
        return MemoryStoreDeleted.model_validate({"name": name, "deleted": True, **done})

    def get_deletion(self, name: str, deletion_id: str) -> Deletion:
        path = f"/memory_stores/{_segment(name)}/deletions/{_segment(deletion_id)}"
        return Deletion.model_validate(self._call("GET", path))

    def _finish(self, name: str, answer: dict[str, Any], timeout: float | None) -> dict[str, Any]:
        """A finished deletion's body: `answer` itself, or the followed job's last state."""
        if answer.get("object") != "memory_store.deletion":
            return answer
        job = Deletion.model_validate(answer)
        deadline = None if timeout is None else time.monotonic() + timeout
        pause = 0.5
        while job.status != "completed":
            if deadline is not None and time.monotonic() >= deadline:
                raise TimeoutError(f"deletion {job.deletion_id} still {job.status} after {timeout}s")
            time.sleep(pause)
            pause = min(5.0, pause * 1.5)
            job = self.get_deletion(name, job.deletion_id)
        return {"deleted_count": job.deleted_count, "deletion_id": job.deletion_id}

    # items -------------------------------------------------------------------------------
    def create_memory(
        self,
        name: str,
        scope: str,
        content: str,
        kind: str = "user_profile",
        *,
        key: str | None = None,
        upsert: bool = False,
        metadata: Mapping[str, Any] | None = None,
        idempotency_key: str | None = None,
    ) -> MemoryItem:
        """Writes one memory. With `key`, a live item of the scope holding that key makes it a
        ConflictError, unless `upsert` (then that item is changed instead). `metadata`: a flat
        dict (at most 16 keys; str, int, float, bool or None values); on an upsert it replaces
        the item's, and leaving it out keeps them."""
        body: dict[str, Any] = {"scope": scope, "content": content, "kind": kind}
        if key is not None:
            body["key"] = key
        if upsert:
            body["upsert"] = True
        if metadata is not None:
            body["metadata"] = dict(metadata)
        path = f"/memory_stores/{_segment(name)}/items"
        return MemoryItem.model_validate(
            self._call("POST", path, body, idempotency_key=self._key(idempotency_key))
        )

    def get_memory(self, name: str, memory_id: str) -> MemoryItem:
        path = f"/memory_stores/{_segment(name)}/items/{_segment(memory_id)}"
        return MemoryItem.model_validate(self._call("GET", path))

    def get_memory_by_key(self, name: str, scope: str, key: str) -> MemoryItem | None:
        """The live item of the scope holding `key`, or None."""
        page = self._call("GET", f"/memory_stores/{_segment(name)}/items?" + _query(scope=scope, key=key))
        data = page.get("data") or []
        return MemoryItem.model_validate(data[0]) if data else None

    def update_memory(
        self,
        name: str,
        memory_id: str,
        content: str | None = None,
        *,
        kind: str | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> MemoryItem:
        """Changes what is given; `metadata` replaces the item's as a whole (`{}` clears it)."""
        changes = {"content": content, "kind": kind, "metadata": None if metadata is None else dict(metadata)}
        body = {k: v for k, v in changes.items() if v is not None}
        path = f"/memory_stores/{_segment(name)}/items/{_segment(memory_id)}"
        return MemoryItem.model_validate(self._call("POST", path, body))

    def list_memories(
        self,
        name: str,
        scope: str,
        *,
        kind: str | None = None,
        metadata: Mapping[str, Any] | None = None,
        page_size: int = 100,
    ) -> Paged[MemoryItem]:
        """Every live memory of the scope (of `kind`, and whose metadata holds every pair of
        `metadata`, when given), in creation order, fetched page by page as the iteration goes.
        The service filters the rows each page reads, so a page may come back short or empty
        before the end; the iterator follows `next_after` until `has_more` is false."""
        filters = {f"metadata.{k}": _filter_text(v) for k, v in (metadata or {}).items()}

        def fetch(after: str | None) -> dict[str, Any]:
            query = _query(scope=scope, kind=kind, limit=page_size, after=after, **filters)
            return self._call("GET", f"/memory_stores/{_segment(name)}/items?{query}")

        return Paged(fetch, MemoryItem.model_validate)

    def delete_memory(self, name: str, memory_id: str) -> MemoryItemDeleted:
        path = f"/memory_stores/{_segment(name)}/items/{_segment(memory_id)}"
        return MemoryItemDeleted.model_validate(self._call("DELETE", path))

    def delete_scope(self, name: str, scope: str, *, timeout: float | None = 300.0) -> ScopeDeleted:
        """Deletes everything the scope holds; a deletion that outlives its request (202) is
        followed until it completes, as `delete` does."""
        answer = self._call("POST", f"/memory_stores/{_segment(name)}/delete_scope", {"scope": scope})
        done = self._finish(name, answer, timeout)
        return ScopeDeleted.model_validate({"name": name, "scope": scope, "deleted": True, **done})

    def list_memory_revisions(self, name: str, memory_id: str) -> list[dict[str, Any]]:
        """The item's earlier contents, each with when and why it was replaced."""
        path = f"/memory_stores/{_segment(name)}/items/{_segment(memory_id)}/revisions"
        answer = self._call("GET", path)
        return list(answer.get("data") or []) if isinstance(answer, dict) else list(answer or [])

    # per-item lifecycle ------------------------------------------------------------------
    def reinforce_memory(self, name: str, memory_id: str) -> MemoryItem:
        """Raises the memory's importance by the service's bounded, diminishing step and restarts
        its decay."""
        path = f"/memory_stores/{_segment(name)}/items/{_segment(memory_id)}/reinforce"
        return MemoryItem.model_validate(self._call("POST", path, {}))

    def set_memory_expiration(
        self, name: str, memory_id: str, *, expires_at: int | None = _UNSET, ttl_seconds: int | None = None
    ) -> MemoryItem:
        """Exactly one of `expires_at` (Unix seconds in the future, or None: never expires) or
        `ttl_seconds` (from now). Later writes keep it."""
        if (expires_at is _UNSET) == (ttl_seconds is None):
            raise ValueError("give exactly one of expires_at or ttl_seconds")
        body = {"ttl_seconds": ttl_seconds} if ttl_seconds is not None else {"expires_at": expires_at}
        path = f"/memory_stores/{_segment(name)}/items/{_segment(memory_id)}/expiration"
        return MemoryItem.model_validate(self._call("POST", path, body))

    # updates and search ------------------------------------------------------------------
    def begin_update_memories(
        self,
        name: str,
        scope: str,
        items: Iterable[Message],
        *,
        update_delay: int | None = None,
        previous_update_id: str | None = None,
        idempotency_key: str | None = None,
        poll_interval: float = 0.25,
    ) -> UpdatePoller:
        """Submits conversation messages; the poller's `result(timeout)` waits for the memories
        they became. Remember/forget commands are applied before this returns
        (`poller.memory_commands`)."""
        body: dict[str, Any] = {"scope": scope, "items": [message(m) for m in items]}
        if update_delay is not None:
            body["update_delay"] = update_delay
        if previous_update_id is not None:
            body["previous_update_id"] = previous_update_id
        path = f"/memory_stores/{_segment(name)}/update_memories"
        accepted = MemoryUpdate.model_validate(
            self._call("POST", path, body, idempotency_key=self._key(idempotency_key))
        )
        return UpdatePoller(lambda uid: self.get_update(name, uid), accepted, interval=poll_interval)

    def preview_update_memories(self, name: str, scope: str, items: Iterable[Message]) -> MemoryUpdate:
        """`dry_run`: the commands and memory operations the messages would make; writes nothing."""
        body = {"scope": scope, "items": [message(m) for m in items], "dry_run": True}
        return MemoryUpdate.model_validate(
            self._call("POST", f"/memory_stores/{_segment(name)}/update_memories", body)
        )

    def get_update(self, name: str, update_id: str) -> MemoryUpdate:
        path = f"/memory_stores/{_segment(name)}/updates/{_segment(update_id)}"
        return MemoryUpdate.model_validate(self._call("GET", path))

    def search_memories(
        self,
        name: str,
        scope: str,
        items: Iterable[Message] | None = None,
        *,
        previous_search_id: str | None = None,
        options: Mapping[str, Any] | None = None,
        max_memories: int | None = None,
    ) -> SearchResult:
        """Static search (no `items`): the scope's profile memories. Contextual (`items`): the
        memories most relevant to the newest messages. `previous_search_id` continues a search
        without repeating what it returned."""
        body: dict[str, Any] = {"scope": scope}
        if items is not None:
            body["items"] = [message(m) for m in items]
        if previous_search_id is not None:
            body["previous_search_id"] = previous_search_id
        opts = dict(options or {})
        if max_memories is not None:
            opts["max_memories"] = max_memories
        if opts:
            body["options"] = opts
        return SearchResult.model_validate(
            self._call("POST", f"/memory_stores/{_segment(name)}/search_memories", body)
        )


def _filter_text(value: Any) -> str:
    """A metadata filter value as the query spells it: JSON for booleans, null and numbers."""
    return value if isinstance(value, str) else json.dumps(value)


def _query(**params: Any) -> str:
    return urlencode({k: v for k, v in params.items() if v is not None})
