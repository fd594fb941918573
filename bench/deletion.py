"""Deleting a large scope, and its store, over HTTP: wall time and the exact count.

    OMP_NUM_THREADS=1 PYTHONPATH=layers/memstore:dev .venv/bin/python bench/deletion.py \
        [--items 5000] [--base-url http://127.0.0.1:3000] [--out FILE.json]

With --base-url it drives a running `memstore local` (or a deployment that needs no signing);
without it, it starts `memstore local` in this process on an ephemeral 127.0.0.1 port. It creates a
store, writes N items to one scope (and 10 to another) through `POST …/items` (with an
Idempotency-Key on every 100th), then `POST …/delete_scope`: a 200 is timed as it is; a 202 is
polled at `GET …/deletions/{id}` until completed. It checks the count is exactly N, the scope lists
nothing, the other scope is whole, and the audit chain verifies; then deletes the store the same way.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from typing import Any

_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def call(base: str, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers or {})
    try:
        with _OPENER.open(request, timeout=120) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def finish(base: str, store: str, status: int, body: dict) -> tuple[int, int]:
    """(deleted_count, polls) of a deletion answered 200 or 202."""
    polls = 0
    while status == 202 or body.get("status") == "in_progress":
        polls += 1
        status, body = call(base, "GET", f"/memory_stores/{store}/deletions/{body['deletion_id']}")
    assert status == 200, body
    return body["deleted_count"], polls


def run(base: str, items: int) -> dict[str, Any]:
    store = f"bench-del-{uuid.uuid4().hex[:8]}"
    assert call(base, "POST", "/memory_stores", {"name": store, "definition": {"kind": "default"}})[0] == 201
    started = time.monotonic()
    for k in range(items):
        headers = {"Idempotency-Key": f"bench-{k}"} if k % 100 == 0 else None
        status, _ = call(
            base,
            "POST",
            f"/memory_stores/{store}/items",
            {"scope": "bench-user", "kind": "user_profile", "content": f"Fact number {k}."},
            headers,
        )
        assert status == 201
    for k in range(10):
        call(
            base,
            "POST",
            f"/memory_stores/{store}/items",
            {"scope": "other-user", "kind": "user_profile", "content": f"Other fact {k}."},
        )
    written = time.monotonic() - started

    started = time.monotonic()
    status, body = call(base, "POST", f"/memory_stores/{store}/delete_scope", {"scope": "bench-user"})
    first_status = status
    count, polls = finish(base, store, status, body)
    scope_seconds = time.monotonic() - started
    assert count == items, (count, items)
    assert call(base, "GET", f"/memory_stores/{store}/items?scope=bench-user")[1]["data"] == []
    assert len(call(base, "GET", f"/memory_stores/{store}/items?scope=other-user&limit=100")[1]["data"]) == 10
    verified = call(base, "GET", f"/memory_stores/{store}/audit/verify")[1]
    assert verified["valid"], verified

    started = time.monotonic()
    status, body = call(base, "DELETE", f"/memory_stores/{store}")
    store_count, _ = finish(base, store, status, body)
    store_seconds = time.monotonic() - started
    assert store_count == 10 and call(base, "GET", f"/memory_stores/{store}")[0] == 404
    return {
        "items": items,
        "write_seconds": round(written, 1),
        "delete_scope_first_status": first_status,
        "delete_scope_polls": polls,
        "delete_scope_seconds": round(scope_seconds, 2),
        "deleted_count": count,
        "delete_store_seconds": round(store_seconds, 2),
        "audit_records": verified["records"],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--items", type=int, default=5000)
    parser.add_argument("--base-url")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    if args.base_url:
        result = run(args.base_url.rstrip("/"), args.items)
    else:
        from memstore_local import LocalRuntime, run_in_thread

        root = Path(__file__).resolve().parents[1]
        server = run_in_thread(LocalRuntime(root / "template.yaml"), port=0)
        try:
            result = run(server.url, args.items)
        finally:
            server.stop()
    print(json.dumps(result, indent=2))
    if args.out:
        args.out.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
