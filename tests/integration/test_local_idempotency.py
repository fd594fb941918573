"""Idempotency-Key through `memstore local` over HTTP: its IdempotencyTable comes from template.yaml
like every other table, and a retried create answers as the first one did."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from memstore_local import LocalRuntime, run_in_thread

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class Client:
    def __init__(self, base_url: str):
        self.base_url = base_url

    def __call__(self, path: str, body: dict[str, Any], key: str | None = None) -> tuple[int, dict, str]:
        request = urllib.request.Request(self.base_url + path, data=json.dumps(body).encode(), method="POST")
        request.add_header("Content-Type", "application/json")
        if key is not None:
            request.add_header("Idempotency-Key", key)
        try:
            with _OPENER.open(request, timeout=30) as response:
                return (
                    response.status,
                    {k.lower(): v for k, v in response.headers.items()},
                    response.read().decode(),
                )
        except urllib.error.HTTPError as error:
            return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read().decode()

    def get(self, path: str) -> Any:
        with _OPENER.open(self.base_url + path, timeout=30) as response:
            return json.loads(response.read())


@pytest.fixture(scope="module")
def local() -> Iterator[Client]:
    runtime = LocalRuntime(ROOT / "template.yaml")
    server = run_in_thread(runtime, port=0)
    # as `memstore local` does at start: handlers load under their own environment (a handler
    # that loaded under another function's would have no IdempotencyTable and ignore the key)
    runtime.warm()
    try:
        yield Client(server.url)
    finally:
        server.stop()


def test_retried_creates_answer_once_through_memstore_local(local: Client):
    store = {"name": "idem", "definition": {"kind": "default"}}
    first = local("/memory_stores", store, key="store-1")
    again = local("/memory_stores", store, key="store-1")
    assert first[0] == 201, first
    assert (again[0], again[2]) == (first[0], first[2]) and again[1].get("idempotent-replayed") == "true"

    item = {"scope": "user-1", "content": "Prefers a window seat.", "kind": "user_profile"}
    created = local("/memory_stores/idem/items", item, key="item-1")
    retried = local("/memory_stores/idem/items", item, key="item-1")
    assert created[0] == 201, created
    assert (retried[0], retried[2]) == (created[0], created[2])
    listed = local.get("/memory_stores/idem/items?scope=user-1")
    assert [i["memory_id"] for i in listed["data"]] == [json.loads(created[2])["memory_id"]]

    reused = local("/memory_stores/idem/items", {**item, "content": "Prefers an aisle seat."}, key="item-1")
    assert reused[0] == 422 and json.loads(reused[2])["error"]["code"] == "idempotency_key_reused"

    update = {
        "scope": "user-1",
        "items": [{"type": "message", "role": "user", "content": "I live in Porto."}],
        "update_delay": 300,
    }
    submitted = local("/memory_stores/idem/update_memories", update, key="update-1")
    resubmitted = local("/memory_stores/idem/update_memories", update, key="update-1")
    assert submitted[0] == 202, submitted
    assert (resubmitted[0], resubmitted[2]) == (submitted[0], submitted[2])
    update_id = json.loads(submitted[2])["update_id"]
    assert local.get(f"/memory_stores/idem/updates/{update_id}")["status"] == "queued", (
        "not superseded by a retry"
    )

    unkeyed = local("/memory_stores/idem/items", item)
    assert unkeyed[0] == 201 and "idempotent-replayed" not in unkeyed[1]
