"""The chat_loop example with a real model: Amazon Bedrock Converse, memory context before each
turn, and the memory tools (search_memories, remember, forget) the model may call.

    make local                                   # or a deployed stack's URL (SigV4: see docs/sdk.md)
    AWS_REGION=us-east-1 python examples/bedrock_agent.py --model amazon.nova-micro-v1:0

Needs AWS credentials with Bedrock model access; not run in CI (tests/integration/
test_bedrock_agent_example.py drives it with a stubbed Bedrock client instead).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from memstore.agents import ConversationMemory, MemoryTools, bedrock_tools
from memstore.client import MemoryStoreClient, NotFoundError

SYSTEM = "You are a helpful assistant. Use the memory tools when the user asks you to remember or forget."
SESSIONS = [
    ["Hi! I prefer dark roast coffee, no sugar. Please remember that."],
    ["Please order my usual coffee."],
]
MAX_TOOL_ROUNDS = 5


def converse_turn(
    bedrock: Any, model: str, memory: ConversationMemory, tools: MemoryTools, messages: list[dict[str, Any]]
) -> str:
    """Runs one user turn (already last in `messages`) to the model's final answer, answering its
    tool calls; appends every message of the turn to `messages`; returns the answer text."""
    system = [{"text": SYSTEM}] + [{"text": m["content"]} for m in memory.context(messages)]
    for _ in range(MAX_TOOL_ROUNDS):
        response = bedrock.converse(
            modelId=model, messages=messages, system=system, toolConfig={"tools": bedrock_tools()}
        )
        message = response["output"]["message"]
        messages.append(message)
        if response["stopReason"] != "tool_use":
            return "".join(block.get("text", "") for block in message["content"])
        results = []
        for block in message["content"]:
            if "toolUse" in block:
                use = block["toolUse"]
                answer = tools.handle_tool_call(use["name"], use["input"])
                results.append({"toolResult": {"toolUseId": use["toolUseId"], "content": [{"json": answer}]}})
        messages.append({"role": "user", "content": results})
    return "(stopped: too many tool calls)"


def run(
    bedrock: Any, client: MemoryStoreClient, model: str, store: str, scope: str, wait: float
) -> list[str]:
    transcript: list[str] = []
    tools = MemoryTools(client, scope, store=store)
    for number, turns in enumerate(SESSIONS, start=1):
        transcript.append(f"--- session {number} ---")
        memory = ConversationMemory(client, scope, store=store, update_delay=0)
        messages: list[dict[str, Any]] = []
        for text in turns:
            messages.append({"role": "user", "content": [{"text": text}]})
            transcript.append(f"user: {text}")
            transcript.append(f"assistant: {converse_turn(bedrock, model, memory, tools, messages)}")
        poller = memory.save(messages)
        if poller is not None:
            poller.result(timeout=wait)
    return transcript


def main(argv: Sequence[str] | None = None) -> int:
    import boto3

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", default="http://127.0.0.1:3000")
    parser.add_argument("--model", default="amazon.nova-micro-v1:0")
    parser.add_argument("--store", default="bedrock_agent_demo")
    parser.add_argument("--scope", default="bedrock-agent-user")
    parser.add_argument("--wait", type=float, default=120.0)
    args = parser.parse_args(argv)

    client = MemoryStoreClient(args.base_url)
    try:
        client.get(args.store)
    except NotFoundError:
        client.create(args.store, description="examples/bedrock_agent.py")
    client.delete_scope(args.store, args.scope)
    bedrock = boto3.client("bedrock-runtime")
    for line in run(bedrock, client, args.model, args.store, args.scope, args.wait):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
