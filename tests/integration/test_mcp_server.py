"""`memstore mcp` over stdio, driven by the `mcp` package's own client: the server lists its
tools and answers search, remember, forget and list against `memstore local` over HTTP."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

import pytest

from memstore.client import MemoryStoreClient

pytest.importorskip("mcp", reason="the mcp extra is not installed")

from mcp import ClientSession, StdioServerParameters  # noqa: E402
from mcp.client.stdio import stdio_client  # noqa: E402

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]


def server_parameters(base_url: str, store: str, scope: str) -> StdioServerParameters:
    command = "from memstore_local.cli import main; raise SystemExit(main())"
    args = ["-c", command, "mcp", "--base-url", base_url, "--store", store, "--scope", scope]
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "PYTHONPATH", "HOME", "OMP_NUM_THREADS")}
    return StdioServerParameters(command=sys.executable, args=args, env=env)


def payload(result) -> object:
    assert not result.isError, result.content
    if result.structuredContent is not None:
        content = result.structuredContent
        return content.get("result", content)
    return json.loads(result.content[0].text)


async def session_run(base_url: str, store: str, scope: str, steps):
    async with stdio_client(server_parameters(base_url, store, scope)) as (read, write):  # noqa: SIM117
        async with ClientSession(read, write) as session:
            await session.initialize()
            return await steps(session)


def test_tools_list_and_a_search(base_url: str):
    client = MemoryStoreClient(base_url)
    client.create("mcp_store")
    client.create_memory("mcp_store", "ana", "Ana prefers dark roast coffee.")
    client.create_memory("mcp_store", "bo", "Bo prefers green tea.")

    async def steps(session: ClientSession):
        tools = await session.list_tools()
        found = await session.call_tool("search", {"query": "what coffee does she like?"})
        return tools, found

    tools, found = asyncio.run(session_run(base_url, "mcp_store", "ana", steps))
    by_name = {t.name: t for t in tools.tools}
    assert set(by_name) == {"search", "remember", "forget", "list"}
    assert "query" in by_name["search"].inputSchema["properties"]
    assert {"content", "kind", "key"} <= set(by_name["remember"].inputSchema["properties"])
    memories = payload(found)
    assert [m["content"] for m in memories] == ["Ana prefers dark roast coffee."], "only the server's scope"
    assert 0 < memories[0]["score"] <= 1


def test_remember_list_and_forget(base_url: str):
    client = MemoryStoreClient(base_url)
    client.create("mcp_store2")

    async def steps(session: ClientSession):
        first = payload(
            await session.call_tool("remember", {"content": "Has a cat named Miso.", "key": "pet"})
        )
        second = payload(
            await session.call_tool("remember", {"content": "Has a cat named Tofu.", "key": "pet"})
        )
        other = payload(
            await session.call_tool("remember", {"content": "Works as a nurse.", "kind": "user_profile"})
        )
        listed = payload(await session.call_tool("list", {}))
        by_key = payload(await session.call_tool("forget", {"key": "pet"}))
        by_id = payload(await session.call_tool("forget", {"memory_id": other["memory_id"]}))
        bad = await session.call_tool("remember", {"content": "x", "kind": "diary"})
        missing = await session.call_tool("forget", {"memory_id": "mem_01J0000000000000000000000"})
        after = payload(await session.call_tool("list", {}))
        return first, second, other, listed, by_key, by_id, bad, missing, after

    first, second, other, listed, by_key, by_id, bad, missing, after = asyncio.run(
        session_run(base_url, "mcp_store2", "cy", steps)
    )
    assert second["memory_id"] == first["memory_id"] and second["content"] == "Has a cat named Tofu."
    assert sorted(m["content"] for m in listed) == ["Has a cat named Tofu.", "Works as a nurse."]
    assert by_key == {"deleted": [first["memory_id"]]} and by_id == {"deleted": [other["memory_id"]]}
    assert bad.isError and "kind" in bad.content[0].text
    assert missing.isError and "not_found" in missing.content[0].text
    assert after == []
    assert list(client.list_memories("mcp_store2", "cy")) == []


def test_forget_about_a_subject_uses_the_forget_command(base_url: str):
    client = MemoryStoreClient(base_url)
    client.create("mcp_store3")
    kept = client.create_memory("mcp_store3", "dee", "Dee plays the cello.")
    dropped = client.create_memory("mcp_store3", "dee", "Dee's sister is called Maria.")

    async def steps(session: ClientSession):
        return payload(await session.call_tool("forget", {"about": "my sister"}))

    result = asyncio.run(session_run(base_url, "mcp_store3", "dee", steps))
    assert result == {"deleted": [dropped.memory_id]}
    assert [m.memory_id for m in client.list_memories("mcp_store3", "dee")] == [kept.memory_id]
