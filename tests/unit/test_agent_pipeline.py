"""ConversationMemory and MemoryTools over a recording backend (the same calls run against
`memstore local` in tests/integration/test_agents_local.py)."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from memstore.agents import (
    ConversationMemory,
    MemoryTools,
    bedrock_tools,
    from_memory_search_preview,
    openai_tools,
)
from memstore.agents.messages import to_items


def found(memory_id: str, content: str, score: float = 0.5, kind: str = "user_profile") -> SimpleNamespace:
    return SimpleNamespace(
        memory_item=SimpleNamespace(memory_id=memory_id, content=content, kind=kind), score=score
    )


class Backend:
    def __init__(self, static=(), contextual=()):
        self.static, self.contextual = list(static), list(contextual)
        self.searches: list[dict] = []
        self.updates: list[dict] = []
        self.created: list[dict] = []

    def search_memories(self, name, *, scope, items=None, previous_search_id=None, max_memories=None):
        self.searches.append({"name": name, "scope": scope, "items": items, "max_memories": max_memories})
        return SimpleNamespace(memories=self.contextual if items else self.static)

    def begin_update_memories(self, name, *, scope, items, update_delay=None, previous_update_id=None):
        self.updates.append(
            {
                "name": name,
                "scope": scope,
                "items": items,
                "update_delay": update_delay,
                "previous": previous_update_id,
            }
        )
        command = SimpleNamespace(
            arguments={"action": "forget", "content": "x"}, status="completed", deleted=["mem_1"]
        )
        return SimpleNamespace(update_id=f"upd_{len(self.updates)}", memory_commands=[command])

    def create_memory(self, name, *, scope, content, kind):
        self.created.append({"name": name, "scope": scope, "content": content, "kind": kind})
        return SimpleNamespace(memory_id="mem_new", content=content, kind=kind)


def test_a_scope_is_required():
    for scope in ("", "  ", None):
        with pytest.raises(ValueError, match="scope is required"):
            ConversationMemory(Backend(), scope, store="s")
        with pytest.raises(ValueError, match="scope is required"):
            MemoryTools(Backend(), scope, store="s")


def test_a_store_is_required_unless_the_backend_brings_one():
    with pytest.raises(ValueError, match="store name is required"):
        ConversationMemory(Backend(), "u")
    with pytest.raises(ValueError, match="store name is required"):
        MemoryTools(Backend(), "u")
    client = Backend()
    memstore_memory = SimpleNamespace(provider=SimpleNamespace(client=client, store="agents"))
    conversation = ConversationMemory(memstore_memory, "u")
    assert (conversation.backend, conversation.store) == (client, "agents")
    assert ConversationMemory(memstore_memory.provider, "u", store="other").store == "other"
    assert MemoryTools(memstore_memory, "u").backend is client


def test_nothing_known_adds_no_message():
    assert ConversationMemory(Backend(), "u", store="s").context([{"role": "user", "content": "hi"}]) == []


def test_context_merges_contextual_and_static_without_repeats():
    backend = Backend(
        static=[found("mem_a", "Prefers dark roast coffee"), found("mem_b", "Lives in Lisbon")],
        contextual=[found("mem_a", "Prefers dark roast coffee"), found("mem_c", "Orders oat milk")],
    )
    memory = ConversationMemory(backend, "user-1", store="agents", max_memories=3)
    turn = [{"role": "user", "content": [{"type": "text", "text": "Order my usual coffee"}]}]
    assert memory.context(turn) == [
        {
            "role": "system",
            "content": "Relevant memory:\n- Prefers dark roast coffee\n- Orders oat milk\n- Lives in Lisbon",
        }
    ]
    assert backend.searches == [
        {"name": "agents", "scope": "user-1", "items": None, "max_memories": 3},
        {
            "name": "agents",
            "scope": "user-1",
            "items": [{"type": "message", "role": "user", "content": "Order my usual coffee"}],
            "max_memories": 3,
        },
    ]
    memory.context(turn + [{"role": "assistant", "content": "Done."}, {"role": "user", "content": "thanks"}])
    assert [s["items"] is None for s in backend.searches] == [
        True,
        False,
        False,
    ]  # static once per conversation
    memory.new_conversation()
    memory.context(turn)
    assert [s["items"] is None for s in backend.searches] == [True, False, False, True, False]


def test_context_stays_within_the_character_budget():
    backend = Backend(static=[found(f"mem_{i}", "x" * 30) for i in range(10)])
    message = ConversationMemory(backend, "u", store="s", char_budget=120).context([])[0]["content"]
    assert len(message) <= 120 and message.count("\n- ") == 3


def test_save_sends_only_new_messages_chained_and_never_the_memory_context():
    backend = Backend()
    memory = ConversationMemory(backend, "u", store="s", update_delay=7)
    conversation = [
        {"role": "system", "content": "Relevant memory:\n- Prefers dark roast coffee"},
        {"role": "user", "content": "I prefer dark roast coffee"},
        {"role": "assistant", "content": "Noted."},
        {"role": "tool", "content": "{}"},
    ]
    first = memory.save(conversation)
    assert first.update_id == "upd_1"
    assert backend.updates[0] == {
        "name": "s",
        "scope": "u",
        "items": [
            {"type": "message", "role": "user", "content": "I prefer dark roast coffee"},
            {"type": "message", "role": "assistant", "content": "Noted."},
        ],
        "update_delay": 7,
        "previous": None,
    }
    assert memory.save(conversation) is None
    conversation.append({"role": "user", "content": "And oat milk"})
    memory.save(conversation, update_delay=0)
    assert backend.updates[1]["items"] == [{"type": "message", "role": "user", "content": "And oat milk"}]
    assert backend.updates[1]["previous"] == "upd_1" and backend.updates[1]["update_delay"] == 0


def test_a_stream_is_saved_when_it_ends_and_not_when_abandoned():
    backend = Backend()
    memory = ConversationMemory(backend, "u", store="s")
    messages = [{"role": "user", "content": "I prefer dark roast coffee"}]
    assert "".join(memory.stream(iter(["No", "ted."]), messages)) == "Noted."
    assert messages[-1] == {"role": "assistant", "content": "Noted."}
    assert [i["content"] for i in backend.updates[0]["items"]] == ["I prefer dark roast coffee", "Noted."]
    abandoned = memory.stream(iter(["a", "b"]), [{"role": "user", "content": "other"}])
    next(abandoned)
    abandoned.close()
    assert len(backend.updates) == 1


def test_bedrock_and_openai_messages_become_items():
    assert to_items(
        [
            {"role": "user", "content": [{"text": "Hello"}, {"image": {}}]},
            {"role": "assistant", "content": [{"toolUse": {"name": "x"}}]},
            {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "Hi"}]},
        ]
    ) == [
        {"type": "message", "role": "user", "content": "Hello"},
        {"type": "message", "role": "user", "content": "Hi"},
    ]


def test_tool_definitions_name_the_same_three_tools():
    assert [t["function"]["name"] for t in openai_tools()] == ["search_memories", "remember", "forget"]
    assert [t["toolSpec"]["name"] for t in bedrock_tools()] == ["search_memories", "remember", "forget"]
    for tool in openai_tools():
        schema = tool["function"]["parameters"]
        assert schema["type"] == "object" and schema["required"] and not schema["additionalProperties"]
    assert (
        bedrock_tools()[0]["toolSpec"]["inputSchema"]["json"] == openai_tools()[0]["function"]["parameters"]
    )


def test_handle_tool_call_runs_each_tool():
    backend = Backend(contextual=[found("mem_a", "Prefers dark roast coffee", 0.91234)])
    tools = MemoryTools(backend, "u", store="s")
    assert tools.handle_tool_call("search_memories", json.dumps({"query": "coffee?"})) == {
        "memories": [{"content": "Prefers dark roast coffee", "kind": "user_profile", "score": 0.912}]
    }
    assert tools.handle_tool_call("remember", {"content": " Likes oat milk "}) == {
        "remembered": "Likes oat milk",
        "memory_id": "mem_new",
    }
    assert backend.created == [
        {"name": "s", "scope": "u", "content": "Likes oat milk", "kind": "user_profile"}
    ]
    assert tools.handle_tool_call("forget", {"content": "my coffee preference"}) == {
        "forgotten": True,
        "deleted": ["mem_1"],
    }
    assert backend.updates[-1]["items"][0]["content"] == "Forget my coffee preference"
    assert backend.updates[-1]["update_delay"] == 0


@pytest.mark.parametrize(
    "name, arguments",
    [
        ("nope", "{}"),
        ("remember", "not json"),
        ("remember", "[1]"),
        ("forget", {"content": ""}),
        ("search_memories", {}),
    ],
)
def test_a_bad_tool_call_answers_an_error_for_the_model(name, arguments):
    backend = Backend()
    answer = MemoryTools(backend, "u", store="s").handle_tool_call(name, arguments)
    assert set(answer) == {"error"} and not backend.searches and not backend.updates and not backend.created


def test_the_foundry_preview_tool_maps_store_scope_and_delay():
    backend = Backend()
    conversation, tools = from_memory_search_preview(
        backend,
        {
            "type": "memory_search_preview",
            "memory_store_name": "agents",
            "scope": "user_123",
            "update_delay": 1,
        },
    )
    assert (conversation.store, conversation.scope, conversation.update_delay) == ("agents", "user_123", 1)
    assert (tools.store, tools.scope) == ("agents", "user_123")
    conversation.save([{"role": "user", "content": "hi"}])
    assert backend.updates[0]["update_delay"] == 1
    _, _ = from_memory_search_preview(
        backend, {"type": "memory_search_preview", "memory_store_name": "a", "scope": "u"}
    )
    with pytest.raises(ValueError):
        from_memory_search_preview(backend, {"type": "memory_search_preview", "memory_store_name": "a"})
    with pytest.raises(ValueError):
        from_memory_search_preview(backend, {"type": "file_search", "memory_store_name": "a", "scope": "u"})
