"""`memstore local --state FILE`: stores, memories (with their revisions and lifecycle fields) and
the deletion audit survive a restart of the local service, over real HTTP."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from memstore_local import LocalRuntime, run_in_thread
from memstore_local.cli import _parser, main
from tests.integration.test_local_http_walkthrough import Client

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
SCOPE = "user-123"


def serve(state: Path, interval: float = 0.0):
    server = run_in_thread(LocalRuntime(ROOT / "template.yaml", state=state, state_interval=interval), port=0)
    return server, Client(server.url)


def search(http: Client, text: str) -> list[str]:
    status, body = http(
        "POST",
        "/memory_stores/kept/search_memories",
        {"scope": SCOPE, "items": [{"type": "message", "role": "user", "content": text}]},
    )
    assert status == 200, body
    return [m["memory_item"]["content"] for m in body["memories"]]


def test_the_local_service_keeps_its_memories_across_a_restart(tmp_path: Path):
    state = tmp_path / "memstore-state.jsonl"
    server, http = serve(state, interval=0.2)
    try:
        status, store = http("POST", "/memory_stores", {"name": "kept", "definition": {"kind": "default"}})
        assert status == 201, store
        made = []
        for fact in ("Prefers dark roast coffee.", "Has a cat called Miso.", "Is learning Portuguese."):
            status, item = http(
                "POST", "/memory_stores/kept/items", {"scope": SCOPE, "kind": "user_profile", "content": fact}
            )
            assert status == 201, item
            made.append(item)
        status, _ = http(
            "POST",
            f"/memory_stores/kept/items/{made[0]['memory_id']}",
            {"content": "Prefers dark roast coffee, no sugar."},
        )
        assert status == 200
        assert http("DELETE", f"/memory_stores/kept/items/{made[2]['memory_id']}")[0] == 200
        before = http("GET", f"/memory_stores/kept/items?scope={SCOPE}")[1]["data"]
        found_before = search(http, "Please order my usual coffee")
        deadline = time.monotonic() + 10
        while made[1]["memory_id"] not in (state.read_text() if state.exists() else ""):
            assert time.monotonic() < deadline, "the state is saved while the service runs"
            time.sleep(0.1)
    finally:
        server.stop()

    kinds = [json.loads(line)["object"] for line in state.read_text().splitlines()]
    assert kinds.count("memory_item.export") == 2 and kinds.count("memory_store.audit_record") == 1

    server, http = serve(state)
    try:
        assert http("GET", "/memory_stores/kept")[1] == store
        after = http("GET", f"/memory_stores/kept/items?scope={SCOPE}")[1]["data"]
        assert [(i["memory_id"], i["content"], i["version"]) for i in after] == [
            (i["memory_id"], i["content"], i["version"]) for i in before
        ]
        assert (
            search(http, "Please order my usual coffee")[0]
            == found_before[0]
            == "Prefers dark roast coffee, no sugar."
        )
        status, verified = http("GET", "/memory_stores/kept/audit/verify")
        assert status == 200 and verified["valid"] and verified["records"] == 1
        status, records = http("GET", "/memory_stores/kept/audit")
        assert records["data"][0]["memory_ids"] == [made[2]["memory_id"]]
        assert main(["audit", "verify", "--store", "kept", "--url", server.url]) == 0
    finally:
        server.stop()


def test_the_command_line_takes_a_state_file():
    args = _parser().parse_args(["local", "--state", "memstore.jsonl", "--state-interval", "5"])
    assert (args.state, args.state_interval) == ("memstore.jsonl", 5.0)
