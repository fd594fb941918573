"""A two-session chat against memstore, with no model: cross-session recall in a few lines.

    make local                       # in one terminal
    python examples/chat_loop.py     # in another (--base-url for another server)

Session 1 tells the assistant a preference; the conversation is saved through
`begin_update_memories`. Session 2 starts from nothing but the store: "order my usual coffee" gets
the remembered preference as a "Relevant memory:" system message before the reply is made.

The reply function is pluggable (`--reply module:function`, called with the message list the model
would get, returning the reply text); the default is a scripted one that reads the memory message,
so no model or key is needed.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Callable, Sequence
from typing import Any

from memstore.agents import ConversationMemory
from memstore.client import MemoryStoreClient, NotFoundError

Reply = Callable[[Sequence[dict[str, Any]]], str]

SESSIONS = [
    ["Hi! I prefer dark roast coffee, and I take it without sugar."],
    ["Please order my usual coffee."],
]


def scripted_reply(messages: Sequence[dict[str, Any]]) -> str:
    memory = next((m["content"] for m in messages if m["role"] == "system"), None)
    question = messages[-1]["content"].lower()
    if "usual" in question:
        if memory is None:
            return "I don't know your usual yet. What would you like?"
        recalled = [line[2:] for line in memory.splitlines() if line.startswith("- ")]
        return "Ordering your usual. I remember: " + "; ".join(recalled)
    return "Noted, thanks!"


def load_reply(spec: str | None) -> Reply:
    if not spec:
        return scripted_reply
    module, _, function = spec.partition(":")
    return getattr(importlib.import_module(module), function)


def run(client: MemoryStoreClient, store: str, scope: str, reply: Reply, wait: float) -> list[str]:
    transcript: list[str] = []
    for number, turns in enumerate(SESSIONS, start=1):
        transcript.append(f"--- session {number} ---")
        memory = ConversationMemory(client, scope, store=store, update_delay=0)
        messages: list[dict[str, Any]] = []
        for text in turns:
            messages.append({"role": "user", "content": text})
            context = memory.context(messages)
            for message in context:
                transcript.append(f"[memory] {message['content']}")
            answer = reply(context + messages)
            messages.append({"role": "assistant", "content": answer})
            transcript.append(f"user: {text}")
            transcript.append(f"assistant: {answer}")
        poller = memory.save(messages)
        if poller is not None:
            poller.result(timeout=wait)  # a real app would not wait; the next session needs it here
    return transcript


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", default="http://127.0.0.1:3000")
    parser.add_argument("--store", default="chat_loop_demo")
    parser.add_argument("--scope", default="chat-loop-user")
    parser.add_argument("--reply", help="module:function making replies (default: scripted)")
    parser.add_argument("--wait", type=float, default=60.0, help="seconds to wait for consolidation")
    parser.add_argument("--keep", action="store_true", help="keep what earlier runs remembered")
    args = parser.parse_args(argv)

    client = MemoryStoreClient(args.base_url)
    try:
        client.get(args.store)
    except NotFoundError:
        client.create(args.store, description="examples/chat_loop.py")
    if not args.keep:
        client.delete_scope(args.store, args.scope)
    for line in run(client, args.store, args.scope, load_reply(args.reply), args.wait):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
