"""Foundry's memory document, replayed: each curl example of it (tests/fixtures/foundry, copied
verbatim) runs against `memstore local` with only the base URL changed: the colon actions
(`NAME:update_memories`, `:search_memories`, `:delete_scope`, `items:list`) and `?api-version=`
are memstore's own routes. The document's placeholders are filled as it tells the reader to
(`<memory-item-id>`, `UPDATE_ID`: the ids earlier answers gave). Its five Agent Service examples
(`/agents`, `/openai/v1/conversations`, `/openai/v1/responses`) are not Memory Store API calls:
memstore is not an agent runtime (docs/migrating-from-foundry.md maps them onto the client and
memstore.agents)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(
        shutil.which("curl") is None, reason="curl is not installed (.ci/debian-packages has it)"
    ),
]

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "tests/fixtures/foundry/curl_examples.txt"
SEED = ROOT.parent / "shared/seeds/002_e5c14cbf69ecb470.txt"
AGENT_SERVICE = ("/agents?", "/openai/v1/")


def examples() -> list[tuple[int, str]]:
    text = EXAMPLES.read_text(encoding="utf-8")
    parts = re.split(r"^### line (\d+)\n", text, flags=re.M)[1:]
    return [(int(parts[i]), parts[i + 1].rstrip("\n")) for i in range(0, len(parts), 2)]


@pytest.fixture(scope="module")
def endpoint(base_url: str) -> str:
    return base_url


class Shell:
    """Runs a document example with the variables the document has the reader set."""

    def __init__(self, endpoint: str, home: Path):
        (home / ".curlrc").write_text('silent\nshow-error\nwrite-out = "\\n%{http_code}"\n')
        self.env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "CURL_HOME": str(home),
            "HOME": str(home),
            "FOUNDRY_PROJECT_ENDPOINT": endpoint,
            "MEMORY_STORE_CHAT_MODEL_DEPLOYMENT_NAME": "memstore-rules",
            "MEMORY_STORE_EMBEDDING_MODEL_DEPLOYMENT_NAME": "all-MiniLM-L6-v2",
            "API_VERSION": "2025-11-15-preview",
            "ACCESS_TOKEN": "local-token",
            "MEMORY_STORE_NAME": "my_memory_store",
        }

    def run(self, command: str, **fill: str) -> tuple[int, dict]:
        for placeholder, value in fill.items():
            command = command.replace(placeholder, value)
        done = subprocess.run(
            ["bash", "-c", command], env=self.env, capture_output=True, text=True, timeout=120, check=False
        )
        assert done.returncode == 0, done.stderr
        body, _, status = done.stdout.rpartition("\n")
        return int(status), json.loads(body) if body.strip() else {}


def test_the_fixture_is_the_documents_curl_examples():
    if not SEED.is_file():
        pytest.skip("the Foundry document is not beside this checkout (../shared/seeds)")
    lines = SEED.read_text(encoding="utf-8").splitlines()
    for line, command in examples():
        assert "\n".join(lines[line - 1 : line - 1 + command.count("\n") + 1]) == command


def test_every_memory_store_example_runs_unchanged(endpoint: str, tmp_path: Path):
    shell = Shell(endpoint, tmp_path)
    steps = examples()
    assert len(steps) == 18
    memory_store_examples = [
        (n, c) for n, c in steps if not any(a in c.split("\n")[0] for a in AGENT_SERVICE)
    ]
    assert len(memory_store_examples) == 13
    answers: dict[int, tuple[int, dict]] = {}
    memory_id = update_id = None
    for line, command in memory_store_examples:
        if "${UPDATE_ID}" in command:
            deadline = time.monotonic() + 60
            while True:
                status, body = shell.run(command, **{"${UPDATE_ID}": update_id})
                if body.get("status") in ("completed", "failed") or time.monotonic() > deadline:
                    break
                time.sleep(0.2)
        else:
            status, body = shell.run(command, **({"<memory-item-id>": memory_id} if memory_id else {}))
        answers[line] = (status, body)
        if line == 1176:
            update_id = body["update_id"]
        if line == 1394:
            memory_id = body["memory_id"]

    status, store = answers[309]
    assert status == 201, store
    assert store["name"] == "my_memory_store"
    assert store["definition"]["options"]["procedural_memory_enabled"] is True
    assert store["definition"]["options"]["default_ttl_seconds"] == 2592000
    assert answers[391][0] == 200 and answers[391][1]["description"] == "Updated description"
    status, stores = answers[431]
    assert status == 200 and "my_memory_store" in [s["name"] for s in stores["data"]]

    status, accepted = answers[1176]
    assert status == 202 and accepted["update_id"].startswith("upd_"), accepted
    status, update = answers[1199]
    assert status == 200 and update["status"] == "completed", update
    created = [op["memory_item"]["content"] for op in update["result"]["memory_operations"]]
    assert any("dark roast" in c for c in created), created
    status, found = answers[1304]
    assert status == 200, found
    assert "dark roast" in found["memories"][0]["memory_item"]["content"]

    status, item = answers[1394]
    assert status == 201 and item["content"] == "User prefers concise changelogs with impact-first summaries."
    assert answers[1448] == (200, item)
    status, listed = answers[1513]
    assert status == 200 and listed["object"] == "list"
    assert {m["scope"] for m in listed["data"]} == {"user_123"} and listed["data"], "scope=user_123 only"
    status, changed = answers[1557]
    assert (
        status == 200 and changed["content"] == "User prefers detailed technical explanations with examples."
    )
    assert answers[1596] == (200, {"object": "memory_item.deleted", "memory_id": memory_id, "deleted": True})
    status, scope_gone = answers[1636]
    assert status == 200 and scope_gone["scope"] == "user_123" and scope_gone["deleted_count"] >= 1
    status, store_gone = answers[1667]
    assert status == 200
    assert (store_gone["object"], store_gone["name"], store_gone["deleted"]) == (
        "memory_store.deleted",
        "my_memory_store",
        True,
    )


def test_colon_forms_answer_like_the_slash_routes(endpoint: str, tmp_path: Path):
    """Unknown colon actions are 404, a colon action on another method is refused, and the colon
    form's errors are the slash route's."""
    shell = Shell(endpoint, tmp_path)
    base = "${FOUNDRY_PROJECT_ENDPOINT}/memory_stores"
    status, _ = shell.run(f'curl -X POST "{base}" -d \'{{"name": "colons"}}\'')
    assert status == 201
    status, body = shell.run(f'curl -X POST "{base}/colons:no_such_action" -d \'{{"scope": "u"}}\'')
    assert status == 404 and body["error"]["code"] == "not_found"
    status, body = shell.run(
        f'curl -X POST "{base}/colons:search_memories?api-version=x" -d \'{{"scope": ""}}\''
    )
    assert status == 400 and body["error"]["param"] == "scope"
    status, body = shell.run(f'curl -X POST "{base}/missing:search_memories" -d \'{{"scope": "u"}}\'')
    assert status == 404 and body["error"]["code"] == "not_found"
    status, body = shell.run(f'curl -X GET "{base}/colons/items:nothing?scope=u"')
    assert status == 404
    status, body = shell.run(f'curl -X GET "{base}/colons/items:list?scope=u&limit=1&api-version=1"')
    assert status == 200 and body["data"] == []
    status, body = shell.run(f'curl -X GET "{base}/colons/items:list?scope=u&limit=0"')
    assert status == 400 and body["error"]["param"] == "limit"
    assert shell.run(f'curl -X DELETE "{base}/colons"')[0] == 200
