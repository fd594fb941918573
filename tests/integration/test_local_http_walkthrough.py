"""The getting-started walkthrough, as real HTTP calls against `memstore local` on 127.0.0.1:
the real template, the real handlers, moto for DynamoDB, the local scheduler running
consolidations, the rules extractor and the local MiniLM embedder. Bodies are sent the way
`curl -d` sends them (Content-Type: application/x-www-form-urlencoded)."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from memstore_local import LocalRuntime, run_in_thread

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
WAIT_SECONDS = 30.0
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
"""No proxy, whatever the environment says: the server is on 127.0.0.1."""


class Client:
    def __init__(self, base_url: str):
        self.base_url = base_url

    def __call__(
        self,
        method: str,
        path: str,
        body: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(self.base_url + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/x-www-form-urlencoded")
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        try:
            with _OPENER.open(request, timeout=WAIT_SECONDS) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")


@pytest.fixture(scope="module")
def local() -> Iterator[Client]:
    server = run_in_thread(LocalRuntime(ROOT / "template.yaml"), port=0)
    try:
        assert server.port > 0
        yield Client(server.url)
    finally:
        server.stop()


def wait_until_done(http: Client, store: str, update_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        status, update = http("GET", f"/memory_stores/{store}/updates/{update_id}")
        assert status == 200, update
        if update["status"] in ("completed", "failed", "superseded") or time.monotonic() > deadline:
            return update
        time.sleep(0.1)


def test_readme_walkthrough(local: Client):
    http = local
    status, store = http("POST", "/memory_stores", {"name": "walkthrough", "definition": {"kind": "default"}})
    assert status == 201, store
    assert store["definition"]["chat_model"] == "memstore-rules"
    assert store["definition"]["embedding_model"] == "all-MiniLM-L6-v2"
    assert http("GET", "/memory_stores/walkthrough") == (200, store)
    status, stores = http("GET", "/memory_stores")
    assert status == 200 and "walkthrough" in [s["name"] for s in stores["data"]]

    items = "/memory_stores/walkthrough/items"
    status, item = http(
        "POST", items, {"scope": "user-123", "content": "Prefers a window seat.", "kind": "user_profile"}
    )
    assert status == 201, item
    memory_id = item["memory_id"]
    assert http("GET", f"{items}/{memory_id}") == (200, item)

    status, listed = http("GET", f"{items}?scope=user-123&kind=user_profile&limit=20")
    assert status == 200 and [i["memory_id"] for i in listed["data"]] == [memory_id]
    status, by_header = http(
        "GET", f"{items}?scope=%7B%7B%24userId%7D%7D", headers={"x-memory-user-id": "user-123"}
    )
    assert status == 200 and [i["memory_id"] for i in by_header["data"]] == [memory_id]

    status, changed = http("POST", f"{items}/{memory_id}", {"content": "Prefers an aisle seat."})
    assert status == 200 and changed["content"] == "Prefers an aisle seat." and changed["version"] == 2
    assert http("GET", f"{items}/{memory_id}")[1]["content"] == "Prefers an aisle seat."

    assert http("DELETE", f"{items}/{memory_id}") == (
        200,
        {"object": "memory_item.deleted", "memory_id": memory_id, "deleted": True},
    )
    assert http("GET", f"{items}/{memory_id}")[0] == 404

    for content in ("Lives in Porto.", "Has a dog named Rex."):
        assert (
            http("POST", items, {"scope": "user-123", "content": content, "kind": "user_profile"})[0] == 201
        )
    status, wiped = http("POST", "/memory_stores/walkthrough/delete_scope", {"scope": "user-123"})
    assert status == 200 and wiped["deleted_count"] == 2 and wiped["scope"] == "user-123"
    assert http("GET", f"{items}?scope=user-123")[1]["data"] == []

    status, error = http("POST", items, {"scope": "user-123", "kind": "user_profile"})
    assert status == 400 and error["error"]["param"] == "content"
    assert http("GET", "/memory_stores/nope")[0] == 404

    assert http("DELETE", "/memory_stores/walkthrough") == (
        200,
        {"object": "memory_store.deleted", "name": "walkthrough", "deleted": True, "deleted_count": 0},
    )
    assert http("GET", "/memory_stores/walkthrough")[0] == 404


def test_coffee_example_update_then_contextual_search(local: Client):
    """Foundry's example: a preference stated in conversation is consolidated in the background
    and found later by a request that never names it."""
    http = local
    assert http("POST", "/memory_stores", {"name": "coffee", "definition": {"kind": "default"}})[0] == 201
    user = {"x-memory-user-id": "user-123"}

    status, accepted = http(
        "POST",
        "/memory_stores/coffee/update_memories",
        {
            "scope": "{{$userId}}",
            "items": [{"type": "message", "role": "user", "content": "I prefer dark roast coffee"}],
            "update_delay": 0,
        },
        headers=user,
    )
    assert status == 202, accepted
    assert accepted["status"] == "queued"

    started = time.monotonic()
    update = wait_until_done(http, "coffee", accepted["update_id"])
    assert update["status"] == "completed", update
    assert time.monotonic() - started < WAIT_SECONDS
    operations = update["result"]["memory_operations"]
    assert any(
        op["kind"] == "create" and "dark roast" in op["memory_item"]["content"].lower() for op in operations
    )

    status, stored = http("GET", "/memory_stores/coffee/items?scope=user-123")
    assert status == 200 and any("dark roast" in i["content"].lower() for i in stored["data"])

    status, found = http(
        "POST",
        "/memory_stores/coffee/search_memories",
        {
            "scope": "{{$userId}}",
            "items": [{"type": "message", "role": "user", "content": "Please order my usual coffee"}],
            "options": {"max_memories": 5},
        },
        headers=user,
    )
    assert status == 200, found
    assert found["memories"], "the contextual search finds the preference"
    best = found["memories"][0]
    assert "dark roast" in best["memory_item"]["content"].lower()
    assert best["memory_item"]["scope"] == "user-123"
    assert 0.0 <= best["score"] <= 1.0

    status, elsewhere = http(
        "POST",
        "/memory_stores/coffee/search_memories",
        {
            "scope": "user-456",
            "items": [{"type": "message", "role": "user", "content": "Please order my usual coffee"}],
        },
    )
    assert (status, elsewhere["memories"]) == (200, [])
