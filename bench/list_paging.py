"""Paging one large scope: how long listing every item takes at `limit=100`.

    OMP_NUM_THREADS=1 PYTHONPATH=layers/memstore .venv/bin/python bench/list_paging.py \
        [--items 1500] [--limit 100] [--base-url http://127.0.0.1:3000] [--no-embed] [--out FILE.json]

With --base-url it drives a running `memstore local` (or any deployment's URL that needs no
signing); without it, it starts `memstore local` in this process (moto, the local scheduler) on an
ephemeral 127.0.0.1 port. It creates a store of its own, writes N items to one scope through
`POST /memory_stores/{name}/items`, runs one search so every item's embedding is stored on its row
(as in a scope that has been searched; listing must not pay for them), then follows the pages
(`next_after`, else `last_id`) until `has_more` is false, timed as the client sees it. It checks
that every item came back exactly once, in id order. The store is deleted at the end.
Target: 1,500 items at limit=100, under 3 s in all on `memstore local`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import sys
import time
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SCOPE = "bench-paging-user"
TARGET_ITEMS, TARGET_LIMIT, TARGET_S = 1500, 100, 3.0
TOPICS = ["tea", "cycling", "Lisbon", "jazz", "sourdough", "chess", "Kyoto", "climbing", "Rust", "oat milk"]


def content(n: int) -> str:
    topic = TOPICS[n % len(TOPICS)]
    return f"Fact {n}: the user mentioned {topic} on day {n // len(TOPICS)} and cares about it."


class Client:
    def __init__(self, base_url: str):
        self.base = base_url.rstrip("/")

    def call(self, method: str, path: str, body: Any = None, query: dict[str, Any] | None = None) -> Any:
        url = self.base + path
        if query:
            url += "?" + urllib.parse.urlencode({k: v for k, v in query.items() if v is not None})
        data = json.dumps(body).encode("utf-8") if body is not None else None
        request = urllib.request.Request(
            url, data=data, method=method, headers={"content-type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=300) as response:
            return json.loads(response.read())


@contextlib.contextmanager
def local_server() -> Iterator[str]:
    """`memstore local` in this process. The handlers' JSON logs go to stdout, as in Lambda: kept
    out of the report."""
    from memstore_local.gateway import run_in_thread
    from memstore_local.runtime import LocalRuntime

    runtime = LocalRuntime(
        ROOT / "template.yaml", overrides={"POWERTOOLS_LOG_LEVEL": "ERROR", "LOG_LEVEL": "ERROR"}
    )
    with (
        open(os.devnull, "w") as sink,
        contextlib.redirect_stdout(sink),
        run_in_thread(runtime, port=0) as server,
    ):
        yield server.url


def page_all(client: Client, store: str, limit: int) -> tuple[list[str], list[float]]:
    ids: list[str] = []
    page_s: list[float] = []
    after = None
    for _ in range(100_000):
        started = time.perf_counter()
        page = client.call(
            "GET", f"/memory_stores/{store}/items", query={"scope": SCOPE, "limit": limit, "after": after}
        )
        page_s.append(time.perf_counter() - started)
        ids.extend(item["memory_id"] for item in page["data"])
        if not page["has_more"]:
            return ids, page_s
        after = page.get("next_after") or page["last_id"]
    raise RuntimeError("the listing did not end")


def run(client: Client, n_items: int, limit: int, embed: bool) -> dict[str, Any]:
    store = f"bench-paging-{uuid.uuid4().hex[:8]}"
    client.call("POST", "/memory_stores", {"name": store})
    try:
        started = time.perf_counter()
        created = [
            client.call(
                "POST",
                f"/memory_stores/{store}/items",
                {"scope": SCOPE, "content": content(n), "kind": "user_profile"},
            )["memory_id"]
            for n in range(n_items)
        ]
        create_s = time.perf_counter() - started
        embed_s = None
        if embed:
            started = time.perf_counter()
            client.call(
                "POST",
                f"/memory_stores/{store}/search_memories",
                {"scope": SCOPE, "items": [{"type": "message", "role": "user", "content": "tea"}]},
            )
            embed_s = time.perf_counter() - started

        started = time.perf_counter()
        listed, page_s = page_all(client, store, limit)
        paging_s = time.perf_counter() - started
    finally:
        client.call("DELETE", f"/memory_stores/{store}")

    complete = listed == sorted(created) and len(set(listed)) == len(created)
    return {
        "items": n_items,
        "limit": limit,
        "pages": len(page_s),
        "paging_s": round(paging_s, 3),
        "page_ms": {
            "p50": round(statistics.median(page_s) * 1000, 1),
            "max": round(max(page_s) * 1000, 1),
            "first": round(page_s[0] * 1000, 1),
            "last": round(page_s[-1] * 1000, 1),
        },
        "create_s": round(create_s, 1),
        "embed_search_s": round(embed_s, 1) if embed_s is not None else None,
        "every_item_once_in_order": complete,
        "target": f"{TARGET_ITEMS} items at limit={TARGET_LIMIT} in < {TARGET_S} s",
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--items", type=int, default=TARGET_ITEMS)
    parser.add_argument("--limit", type=int, default=TARGET_LIMIT)
    parser.add_argument("--base-url", help="a running memstore local (default: start one in this process)")
    parser.add_argument("--no-embed", action="store_true", help="skip the search that stores embeddings")
    parser.add_argument("--out", help="also write the report to this JSON file")
    args = parser.parse_args()

    with contextlib.ExitStack() as stack:
        base = args.base_url or stack.enter_context(local_server())
        report = run(Client(base), args.items, args.limit, embed=not args.no_embed)
    report["mode"] = "base-url" if args.base_url else "in-process memstore local (moto)"
    text = json.dumps(report, indent=2)
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n")
    if not report["every_item_once_in_order"]:
        print("FAILED: the pages did not return every item exactly once", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
