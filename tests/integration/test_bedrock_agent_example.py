"""examples/bedrock_agent.py's tool loop against memstore local, with Bedrock Converse stubbed
(botocore's Stubber on a real bedrock-runtime client: the requests are checked against the
service model): the model's `remember` call stores the preference, and session 2's system
prompt carries it."""

from __future__ import annotations

import copy
import importlib.util
import uuid
from pathlib import Path

import boto3
import pytest
from botocore.stub import ANY, Stubber

from memstore.client import MemoryStoreClient

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
MODEL = "amazon.nova-micro-v1:0"


def load_example():
    spec = importlib.util.spec_from_file_location("bedrock_agent", ROOT / "examples" / "bedrock_agent.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def answer(message_content, stop="end_turn"):
    return {
        "output": {"message": {"role": "assistant", "content": message_content}},
        "stopReason": stop,
        "usage": {"inputTokens": 1, "outputTokens": 1, "totalTokens": 2},
        "metrics": {"latencyMs": 1},
    }


def test_the_model_remembers_through_the_tool_and_session_two_recalls(base_url: str):  # noqa: F811
    example = load_example()
    bedrock = boto3.client(
        "bedrock-runtime", region_name="us-east-1", aws_access_key_id="x", aws_secret_access_key="x"
    )
    stub = Stubber(bedrock)
    expected = {"modelId": MODEL, "messages": ANY, "system": ANY, "toolConfig": ANY}
    remember = {
        "toolUse": {"toolUseId": "t1", "name": "remember", "input": {"content": "Prefers dark roast coffee"}}
    }
    stub.add_response("converse", answer([remember], stop="tool_use"), expected)
    stub.add_response("converse", answer([{"text": "I'll remember that."}]), expected)
    stub.add_response("converse", answer([{"text": "Ordering a dark roast."}]), expected)
    sent: list[dict] = []
    bedrock.meta.events.register(
        "before-parameter-build.bedrock-runtime.Converse",
        lambda params, **_: sent.append(copy.deepcopy(params)),
    )

    client = MemoryStoreClient(base_url)
    store = f"bedrock_{uuid.uuid4().hex[:8]}"
    client.create(store)
    with stub:
        transcript = example.run(bedrock, client, MODEL, store, "user-1", wait=60)
    stub.assert_no_pending_responses()

    assert transcript[-1] == "assistant: Ordering a dark roast."
    assert [m.content for m in client.list_memories(store, "user-1")][:1] == ["Prefers dark roast coffee"]
    tool_result = sent[1]["messages"][-1]["content"][0]["toolResult"]
    assert tool_result["toolUseId"] == "t1" and tool_result["content"][0]["json"]["remembered"]
    assert [t["toolSpec"]["name"] for t in sent[0]["toolConfig"]["tools"]] == [
        "search_memories",
        "remember",
        "forget",
    ]
    session_two_system = " ".join(block["text"] for block in sent[2]["system"])
    assert "Relevant memory:" in session_two_system and "dark roast" in session_two_system
    assert "Relevant memory:" not in " ".join(block["text"] for block in sent[0]["system"])
