"""`memstore mcp --base-url … --store … --scope …`: a Model Context Protocol server over stdio
whose tools (search, remember, forget, list) act on one store and scope through
MemoryStoreClient. The scope is fixed by whoever starts the server, never chosen by the model,
so one user's agent cannot read another's memories. Nothing is written to stdout but protocol
messages; errors come back as tool errors naming the API's error code."""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from typing import Any

from memstore.client import APIError, BearerAuth, MemoryItem, MemoryStoreClient, NoAuth, SigV4Auth
from memstore.client.auth import Auth

KINDS = ("user_profile", "chat_summary", "procedural")


def _item(item: MemoryItem) -> dict[str, Any]:
    return {
        "memory_id": item.memory_id,
        "kind": item.kind,
        "content": item.content,
        "key": item.key,
        "metadata": item.metadata,
        "updated_at": item.updated_at,
    }


class MemoryTools:
    """The tools' behaviour, independent of the protocol (the server registers these)."""

    def __init__(self, client: MemoryStoreClient, store: str, scope: str):
        self.client = client
        self.store = store
        self.scope = scope

    def search(self, query: str = "", max_memories: int = 5) -> list[dict[str, Any]]:
        items = [query] if query.strip() else None
        found = self.client.search_memories(self.store, self.scope, items, max_memories=max_memories)
        return [{**_item(m.memory_item), "score": round(m.score, 4)} for m in found.memories]

    def remember(self, content: str, kind: str = "user_profile", key: str | None = None) -> dict[str, Any]:
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}")
        item = self.client.create_memory(
            self.store, self.scope, content, kind, key=key, upsert=key is not None
        )
        return _item(item)

    def forget(
        self, memory_id: str | None = None, key: str | None = None, about: str | None = None
    ) -> dict[str, Any]:
        if memory_id:
            self.client.delete_memory(self.store, memory_id)
            return {"deleted": [memory_id]}
        if key:
            held = self.client.get_memory_by_key(self.store, self.scope, key)
            if held is None or held.memory_id is None:
                return {"deleted": []}
            self.client.delete_memory(self.store, held.memory_id)
            return {"deleted": [held.memory_id]}
        if about and about.strip():
            poller = self.client.begin_update_memories(
                self.store, self.scope, [f"Forget {about.strip()}"], update_delay=0
            )
            deleted = [mid for c in poller.memory_commands for mid in c.model_extra.get("deleted", []) or []]
            return {"deleted": deleted}
        raise ValueError("give memory_id, key or about")

    def list(self, kind: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = []
        for item in self.client.list_memories(
            self.store, self.scope, kind=kind, page_size=min(max(limit, 1), 100)
        ):
            found.append(_item(item))
            if len(found) >= limit:
                break
        return found


def build_server(tools: MemoryTools) -> Any:
    from mcp.server.fastmcp import FastMCP

    server = FastMCP("memstore", instructions=f"Long-term memory of store '{tools.store}' for one user.")

    def call(fn, *args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except APIError as error:
            raise ValueError(f"{error.code}: {error.message}") from None

    @server.tool(description="Find memories relevant to a query (no query: the user's profile).")
    def search(query: str = "", max_memories: int = 5) -> list[dict[str, Any]]:
        return call(tools.search, query, max_memories)

    @server.tool(
        description="Store a memory. kind: user_profile (facts, preferences), chat_summary or procedural. "
        "With key, the memory holding that key is replaced."
    )
    def remember(content: str, kind: str = "user_profile", key: str | None = None) -> dict[str, Any]:
        return call(tools.remember, content, kind, key)

    @server.tool(description="Delete a memory by memory_id or key, or every memory about a subject (about).")
    def forget(
        memory_id: str | None = None, key: str | None = None, about: str | None = None
    ) -> dict[str, Any]:
        return call(tools.forget, memory_id, key, about)

    @server.tool(name="list", description="List the user's memories, oldest first (kind filters them).")
    def list_memories(kind: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
        return call(tools.list, kind, limit)

    return server


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--base-url", required=True, help="the memstore API (http://127.0.0.1:3000 locally)")
    parser.add_argument("--store", required=True, help="the memory store the tools act on")
    parser.add_argument("--scope", required=True, help="the scope (user) the tools act on")
    parser.add_argument("--user-id", help="sent as x-memory-user-id (for a {{$userId}} scope)")
    auth = parser.add_mutually_exclusive_group()
    auth.add_argument("--sigv4", action="store_true", help="sign requests with AWS SigV4 (IAM mode)")
    auth.add_argument(
        "--bearer-token-env",
        metavar="VAR",
        help="send the token in environment variable VAR as a bearer token (JWT mode)",
    )
    parser.add_argument("--region", help="AWS region for --sigv4 (default: AWS_REGION or the profile's)")


def _auth(args: argparse.Namespace) -> Auth:
    if args.sigv4:
        return SigV4Auth(args.region)
    if args.bearer_token_env:
        name = args.bearer_token_env
        return BearerAuth(lambda: os.environ[name])
    return NoAuth()


def run(args: argparse.Namespace) -> int:
    client = MemoryStoreClient(args.base_url, auth=_auth(args), user_id=args.user_id)
    build_server(MemoryTools(client, args.store, args.scope)).run("stdio")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="memstore mcp")
    add_arguments(parser)
    return run(parser.parse_args(argv))
