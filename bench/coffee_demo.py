"""Foundry's coffee example against a running memstore (standard library only).

    python bench/coffee_demo.py [--base-url http://127.0.0.1:3000] [--token JWT] [--timeout 60]

Creates a store with a unique name, sends "I prefer dark roast coffee" to update_memories with
update_delay 0, polls the update until it completes, then runs a new search, "Please order my usual
coffee", prints the memory found and its score, and deletes the store. Exits 1 if the memory is not
found (or the update does not complete), 2 if the service cannot be reached or answers an error.

`memstore local` needs no credentials. A deployed stack with AUTH_MODE=JWT takes `--token`; one with
AUTH_MODE=IAM needs SigV4 signing, which this stdlib-only script does not do.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import urllib.error
import urllib.request
import uuid
from typing import Any

STATEMENT = "I prefer dark roast coffee"
QUESTION = "Please order my usual coffee"
EXPECTED_WORDS = ("dark", "roast")


class ServiceError(Exception):
    pass


class Client:
    def __init__(self, base_url: str, token: str | None, user_id: str):
        self.base_url = base_url.rstrip("/")
        self.headers = {"content-type": "application/json", "accept": "application/json"}
        if token:
            self.headers["authorization"] = f"Bearer {token}"
        else:
            self.headers["x-memory-user-id"] = user_id

    def call(self, method: str, path: str, body: Any = None) -> dict[str, Any]:
        data = json.dumps(body).encode("utf-8") if body is not None else None
        request = urllib.request.Request(self.base_url + path, data=data, method=method, headers=self.headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return json.loads(response.read() or b"{}")
        except urllib.error.HTTPError as e:
            detail = e.read().decode("utf-8", "replace")[:500]
            raise ServiceError(f"{method} {path} -> HTTP {e.code}: {detail}") from e
        except urllib.error.URLError as e:
            raise ServiceError(f"{method} {path}: cannot reach {self.base_url} ({e.reason})") from e


def message(text: str) -> dict[str, Any]:
    return {"type": "message", "role": "user", "content": [{"type": "input_text", "text": text}]}


def wait_for_update(client: Client, store: str, update_id: str, timeout: float) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        update = client.call("GET", f"/memory_stores/{store}/updates/{update_id}")
        if update["status"] in ("completed", "failed", "superseded") or time.monotonic() > deadline:
            return update
        time.sleep(0.25)


def run(client: Client, timeout: float) -> bool:
    store = f"coffee-demo-{uuid.uuid4().hex[:12]}"
    scope = "{{$userId}}"
    client.call("POST", "/memory_stores", {"name": store, "description": "coffee demo"})
    print(f"created store {store}")
    try:
        started = time.perf_counter()
        queued = client.call(
            "POST",
            f"/memory_stores/{store}/update_memories",
            {"scope": scope, "items": [message(STATEMENT)], "update_delay": 0},
        )
        update = wait_for_update(client, store, queued["update_id"], timeout)
        print(f"update {update['update_id']}: {update['status']} after {time.perf_counter() - started:.2f} s")
        if update["status"] != "completed":
            print(f"the update did not complete: {update.get('error')}", file=sys.stderr)
            return False
        for op in (update.get("result") or {}).get("memory_operations", []):
            print(f"  {op['kind']}: [{op['memory_item']['kind']}] {op['memory_item']['content']}")

        started = time.perf_counter()
        found = client.call(
            "POST",
            f"/memory_stores/{store}/search_memories",
            {"scope": scope, "items": [message(QUESTION)], "options": {"max_memories": 5}},
        )
        elapsed_ms = (time.perf_counter() - started) * 1000
        print(f'search "{QUESTION}" ({elapsed_ms:.0f} ms, {found["search_id"]}):')
        for hit in found["memories"]:
            print(
                f"  score {hit['score']:.3f}  [{hit['memory_item']['kind']}] {hit['memory_item']['content']}"
            )
        match = next(
            (
                hit
                for hit in found["memories"]
                if all(w in hit["memory_item"]["content"].lower() for w in EXPECTED_WORDS)
            ),
            None,
        )
        if match is None:
            print("the search did not return the dark roast preference", file=sys.stderr)
            return False
        rank = found["memories"].index(match) + 1
        print(f'found (rank {rank}): "{match["memory_item"]["content"]}" score {match["score"]:.3f}')
        return True
    finally:
        client.call("DELETE", f"/memory_stores/{store}")
        print(f"deleted store {store}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base-url", default="http://127.0.0.1:3000")
    parser.add_argument("--token", help="a JWT for a stack deployed with AUTH_MODE=JWT")
    parser.add_argument(
        "--user-id",
        default=f"coffee-demo-user-{uuid.uuid4().hex[:8]}",
        help="x-memory-user-id without --token (the scope is {{$userId}}; with a JWT, its sub)",
    )
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for the update")
    args = parser.parse_args()
    try:
        ok = run(Client(args.base_url, args.token, args.user_id), args.timeout)
    except ServiceError as e:
        print(e, file=sys.stderr)
        return 2
    print("OK: the memory was found" if ok else "FAILED: the memory was not found")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
