"""The agent pipeline against `memstore local` over real HTTP: examples/chat_loop.py recalls a
preference in a second session; ConversationMemory and MemoryTools make the service calls they
promise."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from memstore.agents import ConversationMemory, MemoryTools
from memstore.client import MemoryStoreClient
from memstore.memory import Memory

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def store(base_url: str) -> tuple[MemoryStoreClient, str]:
    client = MemoryStoreClient(base_url)
    name = f"agents_{uuid.uuid4().hex[:10]}"
    client.create(name)
    return client, name


def test_chat_loop_recalls_the_preference_in_the_second_session(base_url: str):
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    for variable in [v for v in env if v.startswith("AWS_ENDPOINT_URL")]:
        del env[variable]
    run = subprocess.run(
        [
            sys.executable,
            str(ROOT / "examples" / "chat_loop.py"),
            "--base-url",
            base_url,
            "--store",
            "loop_test",
        ],
        capture_output=True,
        text=True,
        timeout=180,
        env=env,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    first, second = run.stdout.split("--- session 2 ---")
    assert "[memory]" not in first  # nothing was known before
    assert "[memory] Relevant memory:" in second
    answer = next(line for line in second.splitlines() if line.startswith("assistant:"))
    assert "dark roast" in answer.lower()


def test_context_and_save_over_http(store: tuple[MemoryStoreClient, str]):
    client, name = store
    memory = ConversationMemory(client, "user-ana", store=name, update_delay=0)
    assert memory.context([{"role": "user", "content": "Hello there"}]) == []
    conversation = [
        {"role": "user", "content": "I live in Lisbon and my cat is called Miso."},
        {"role": "assistant", "content": "Lovely!"},
    ]
    memory.save(conversation).result(timeout=60)
    other_user = ConversationMemory(client, "user-rui", store=name)
    assert other_user.context([{"role": "user", "content": "What is my cat called?"}]) == []
    fresh = ConversationMemory(Memory("memstore", client=client, store=name), "user-ana")
    context = fresh.context([{"role": "user", "content": "What is my cat called?"}])
    assert len(context) == 1 and context[0]["role"] == "system"
    assert context[0]["content"].startswith("Relevant memory:") and "Miso" in context[0]["content"]
    assert len({line for line in context[0]["content"].splitlines()}) == len(
        context[0]["content"].splitlines()
    )


def test_tools_remember_search_and_forget_over_http(store: tuple[MemoryStoreClient, str]):
    client, name = store
    tools = MemoryTools(client, "user-ana", store=name)
    remembered = tools.handle_tool_call("remember", '{"content": "Prefers an aisle seat on flights"}')
    assert remembered["remembered"] == "Prefers an aisle seat on flights"
    assert client.get_memory(name, remembered["memory_id"]).scope == "user-ana"
    found = tools.handle_tool_call("search_memories", {"query": "Which seat do I like on planes?"})
    assert found["memories"][0]["content"] == "Prefers an aisle seat on flights"
    forgotten = tools.handle_tool_call("forget", {"content": "my seat preference"})
    assert forgotten == {"forgotten": True, "deleted": [remembered["memory_id"]]}
    assert list(client.list_memories(name, "user-ana")) == []
    refused = tools.handle_tool_call("remember", {"content": "My card number is 4111 1111 1111 1111"})
    assert set(refused) == {"error"} and "4111" not in refused["error"]
    assert list(client.list_memories(name, "user-ana")) == []
