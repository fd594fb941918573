"""Load: N clients for T seconds against a running `memstore local`, then a check that nothing was lost.

    OMP_NUM_THREADS=1 .venv/bin/memstore local --port 3001 > /tmp/load_local.log 2>&1 &   # you start it
    OMP_NUM_THREADS=1 .venv/bin/python bench/load.py --base-url http://127.0.0.1:3001 \
        [--clients 16] [--seconds 60] [--scopes 32] [--settle-timeout 900] [--seed 7] [--out FILE.json]

It creates a store of its own, warms every function up (one request of each kind and one
consolidation, untimed: --no-warm-up times a cold server), then each client (a thread with its own keep-alive connection) sends,
for T seconds, a mix over M scopes: update_memories (update_delay 0, one to three short user
messages with an assistant reply, now and then a "remember that ..." command), static and
contextual searches, and item CRUD (create, get, update, list, delete of the items it created).
Creates and updates carry an Idempotency-Key; some are sent twice at once with the same key and
body, and the second answer must be the first one replayed. A 409 `conflict` on update_memories
(too many concurrent submissions to one scope) is retried with the same key, as a client would.

Reported: throughput (requests/s, all and per operation), p50/p95/p99 latency per operation as the
client sees it, and errors: any 5xx, connection errors and timeouts, any other unexpected status.
Then it waits (up to --settle-timeout) for every submitted update to reach a final status and
accounts for every submitted message: its update `completed` (the message processed, or set
aside and listed in `result.failed_messages`), or `superseded` by a chain of this scope's updates
that ends in a `completed` or `failed` update, or `failed` with its messages still kept (a dry-run
retry through `previous_update_id` accepts them). It also reports how many messages a memory
cites in its `source.message_ids` (information: not every message states a fact). The store is
deleted at the end (--keep leaves it). Exit status 1 on any error or unaccounted message.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import sys
import threading
import time
import urllib.parse
import uuid
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

FINAL = {"completed", "failed", "superseded"}
OPERATIONS = {
    "update_memories": 30,
    "search_static": 10,
    "search_contextual": 20,
    "item_create": 12,
    "item_get": 9,
    "item_update": 7,
    "item_list": 6,
    "item_delete": 6,
}
"""Relative weights of the operations a client picks from."""
REPLAY_RATE = 0.05
CONFLICT_RETRIES = 4

CITIES = ["Lisbon", "Porto", "Lyon", "Leeds", "Kraków", "Utrecht", "Valencia", "Bergen", "Osaka", "Tartu"]
NAMES = ["Maya", "Tom", "Ines", "Jonas", "Priya", "Ole", "Sara", "Luca", "Noor", "Ben"]
FOODS = ["ramen", "mushroom risotto", "dal", "tacos", "pho", "falafel", "paella", "pierogi"]
DRINKS = ["green tea", "oat flat white", "black coffee", "rooibos", "matcha"]
ALLERGENS = ["peanuts", "shellfish", "sesame", "kiwi", "penicillin"]
LANGUAGES = ["Portuguese", "Japanese", "Dutch", "Polish", "Spanish"]
HOBBIES = ["bouldering", "the cello", "sourdough baking", "chess", "trail running", "pottery"]
MONTHS = ["March", "May", "June", "September", "October"]
FACTS = [
    "I just moved to {city} for a new job.",
    "I'm vegetarian these days, so no meat suggestions please.",
    "My daughter {name} starts school in September.",
    "I've been learning {language} on my commute.",
    "We're flying to {city} in {month} for my sister's wedding.",
    "I'm allergic to {allergen}.",
    "I usually drink {drink} in the morning.",
    "My partner {name} can't stand spicy food.",
    "I work night shifts at the hospital, so mornings are my evenings.",
    "My favourite dish is {food}.",
    "I'm training for a half marathon in {month}.",
    "I picked up {hobby} last winter and I'm hooked.",
    "Our dog {name} is a two-year-old beagle.",
    "I prefer aisle seats on long flights.",
    "My budget for the trip is about {amount} euros.",
    "I switched from {drink} to decaf, doctor's orders.",
]
QUESTIONS = [
    "Any ideas for dinner tonight?",
    "What should I pack for the trip?",
    "Can you suggest a gift for my partner?",
    "What's a good way to spend Saturday?",
    "Could you plan a light breakfast for tomorrow?",
    "Which neighbourhood should we stay in?",
]
COMMANDS = [
    "Please remember that I take my coffee black.",
    "Remember that I'd rather get replies in short lists.",
]
REPLIES = ["Got it, thanks for telling me.", "Noted. Anything else I should keep in mind?", "Sounds good."]
ITEM_NOTES = [
    "Prefers metric units in answers.",
    "Likes recommendations with a rough price.",
    "Wants reminders a day ahead.",
    "Reads replies on a phone; keep them short.",
    "Asks for vegetarian options first.",
]


def fill(template: str, rng: random.Random) -> str:
    return template.format(
        city=rng.choice(CITIES),
        name=rng.choice(NAMES),
        food=rng.choice(FOODS),
        drink=rng.choice(DRINKS),
        allergen=rng.choice(ALLERGENS),
        language=rng.choice(LANGUAGES),
        hobby=rng.choice(HOBBIES),
        month=rng.choice(MONTHS),
        amount=rng.choice([600, 900, 1200, 2000]),
    )


class Connection:
    """One keep-alive HTTP/1.1 connection; reopened after any failure."""

    def __init__(self, base_url: str, timeout: float):
        parts = urllib.parse.urlsplit(base_url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.timeout = timeout
        self._conn: http.client.HTTPConnection | None = None

    def request(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, dict[str, str], Any]:
        data = json.dumps(body).encode("utf-8") if body is not None else None
        sent = {"content-type": "application/json", **(headers or {})}
        if self._conn is None:
            self._conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        try:
            self._conn.request(method, path, body=data, headers=sent)
            response = self._conn.getresponse()
            raw = response.read()
        except Exception:
            self.close()
            raise
        if response.getheader("connection", "").lower() == "close":
            self.close()
        text = raw.decode("utf-8", "replace")
        try:
            payload = json.loads(text) if text else None
        except ValueError:
            payload = text
        return response.status, {k.lower(): v for k, v in response.getheaders()}, payload

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None


@dataclass
class Submitted:
    update_id: str
    scope: str
    message_ids: list[str]


@dataclass
class Results:
    latencies: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    statuses: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    errors: list[dict[str, Any]] = field(default_factory=list)
    submitted: list[Submitted] = field(default_factory=list)
    replays: Counter = field(default_factory=Counter)
    conflict_retries: int = 0
    items_gone: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, op: str, seconds: float, status: int | str) -> None:
        with self.lock:
            self.latencies[op].append(seconds)
            self.statuses[op][str(status)] += 1

    def error(self, op: str, kind: str, detail: Any) -> None:
        with self.lock:
            self.errors.append({"op": op, "kind": kind, "detail": detail})


class Worker(threading.Thread):
    def __init__(
        self,
        n: int,
        args: argparse.Namespace,
        store: str,
        scopes: list[str],
        results: Results,
        deadline: float,
    ):
        super().__init__(name=f"load-client-{n}", daemon=True)
        self.n = n
        self.rng = random.Random(args.seed * 1000 + n)
        self.conn = Connection(args.base_url, args.timeout)
        self.store = store
        self.scopes = scopes
        self.results = results
        self.deadline = deadline
        self.items: list[tuple[str, str]] = []
        self.messages = 0
        self.ops, self.weights = zip(*OPERATIONS.items(), strict=True)

    def run(self) -> None:
        try:
            while time.monotonic() < self.deadline:
                op = self.rng.choices(self.ops, self.weights)[0]
                if op in ("item_get", "item_update", "item_delete") and not self.items:
                    op = "item_create"
                getattr(self, op)()
        finally:
            self.conn.close()

    # one timed request ------------------------------------------------------------------------
    def call(
        self,
        op: str,
        method: str,
        path: str,
        body: Any = None,
        headers: dict[str, str] | None = None,
        expect: tuple[int, ...] = (200,),
    ) -> tuple[int, dict[str, str], Any] | None:
        started = time.perf_counter()
        try:
            status, got_headers, payload = self.conn.request(method, path, body, headers)
        except Exception as error:
            self.results.record(op, time.perf_counter() - started, "connection_error")
            self.results.error(op, "connection", type(error).__name__)
            return None
        self.results.record(op, time.perf_counter() - started, status)
        if status >= 500:
            self.results.error(op, "5xx", {"status": status, "body": payload})
        elif status not in expect:
            self.results.error(op, "unexpected_status", {"status": status, "body": payload})
        return status, got_headers, payload

    def keyed(self, op: str, path: str, body: Any, expect: tuple[int, ...]) -> Any:
        """A create with an Idempotency-Key, retried with the same key after a 409 conflict;
        now and then sent a second time to check the replay."""
        key = str(uuid.uuid4())
        headers = {"idempotency-key": key}
        for attempt in range(CONFLICT_RETRIES + 1):
            retryable = (409,) if attempt < CONFLICT_RETRIES else ()
            reply = self.call(op, "POST", path, body, headers, expect=expect + retryable)
            if reply is None:
                return None
            status, _, payload = reply
            if (
                status == 409
                and isinstance(payload, dict)
                and payload.get("error", {}).get("code") == "conflict"
            ):
                with self.results.lock:
                    self.results.conflict_retries += 1
                time.sleep(self.rng.uniform(0.05, 0.25) * (attempt + 1))
                continue
            break
        if status in expect and self.rng.random() < REPLAY_RATE:
            again = self.call(f"{op}_replay", "POST", path, body, headers, expect=(status,))
            if again is not None:
                same = (
                    again[0] == status
                    and again[2] == payload
                    and again[1].get("idempotent-replayed") == "true"
                )
                with self.results.lock:
                    self.results.replays["same" if same else "different"] += 1
                if not same:
                    self.results.error(op, "replay_mismatch", {"first": status, "again": again[0]})
        return payload if status in expect else None

    # operations --------------------------------------------------------------------------------
    def message_id(self) -> str:
        self.messages += 1
        return f"m-{self.n}-{self.messages}"

    def update_memories(self) -> None:
        scope = self.rng.choice(self.scopes)
        items: list[dict[str, Any]] = []
        for _ in range(self.rng.choice([1, 1, 2, 3])):
            roll = self.rng.random()
            text = (
                self.rng.choice(COMMANDS)
                if roll < 0.05
                else self.rng.choice(QUESTIONS)
                if roll < 0.25
                else fill(self.rng.choice(FACTS), self.rng)
            )
            items.append({"type": "message", "role": "user", "id": self.message_id(), "content": text})
            if self.rng.random() < 0.6:
                items.append(
                    {
                        "type": "message",
                        "role": "assistant",
                        "id": self.message_id(),
                        "content": [{"type": "output_text", "text": self.rng.choice(REPLIES)}],
                    }
                )
        body = {"scope": scope, "items": items, "update_delay": 0}
        answer = self.keyed("update_memories", f"/memory_stores/{self.store}/update_memories", body, (202,))
        if answer:
            with self.results.lock:
                self.results.submitted.append(Submitted(answer["update_id"], scope, [m["id"] for m in items]))

    def search_static(self) -> None:
        body = {"scope": self.rng.choice(self.scopes)}
        self.call("search_static", "POST", f"/memory_stores/{self.store}/search_memories", body)

    def search_contextual(self) -> None:
        question = {"type": "message", "role": "user", "content": self.rng.choice(QUESTIONS)}
        body = {"scope": self.rng.choice(self.scopes), "items": [question]}
        self.call("search_contextual", "POST", f"/memory_stores/{self.store}/search_memories", body)

    def item_create(self) -> None:
        scope = self.rng.choice(self.scopes)
        body = {
            "scope": scope,
            "content": f"{self.rng.choice(ITEM_NOTES)} (client {self.n})",
            "kind": "procedural",
        }
        item = self.keyed("item_create", f"/memory_stores/{self.store}/items", body, (201,))
        if item:
            self.items.append((item["memory_id"], scope))

    def own_item(self, op: str, method: str, body: Any = None) -> None:
        memory_id, _ = self.rng.choice(self.items)
        reply = self.call(
            op, method, f"/memory_stores/{self.store}/items/{memory_id}", body, expect=(200, 404)
        )
        if reply and reply[0] == 404:
            # consolidation may replace or delete what the API wrote: counted, and forgotten
            with self.results.lock:
                self.results.items_gone += 1
        if reply and (reply[0] == 404 or method == "DELETE"):
            self.items = [i for i in self.items if i[0] != memory_id]

    def item_get(self) -> None:
        self.own_item("item_get", "GET")

    def item_update(self) -> None:
        self.own_item(
            "item_update", "POST", {"content": f"{self.rng.choice(ITEM_NOTES)} (client {self.n}, edited)"}
        )

    def item_delete(self) -> None:
        self.own_item("item_delete", "DELETE")

    def item_list(self) -> None:
        query = urllib.parse.urlencode({"scope": self.rng.choice(self.scopes), "limit": 20})
        self.call("item_list", "GET", f"/memory_stores/{self.store}/items?{query}")


def warm_up(conn: Connection, store: str, timeout: float) -> float:
    """One request of every kind, and one consolidation waited for, before the clock starts:
    `memstore local` loads each function's module (the language stack for updates) on first use,
    holding its runtime lock, which is cold start (bench/cold_start.py), not load."""
    started = time.monotonic()
    scope = "load-warm-up"
    message = {"type": "message", "role": "user", "content": "I just moved to Porto for a new job."}
    status, _, update = conn.request(
        "POST",
        f"/memory_stores/{store}/update_memories",
        {"scope": scope, "items": [message], "update_delay": 0},
    )
    assert status == 202, (status, update)
    conn.request("POST", f"/memory_stores/{store}/search_memories", {"scope": scope, "items": [message]})
    status, _, item = conn.request(
        "POST",
        f"/memory_stores/{store}/items",
        {"scope": scope, "content": "Prefers metric units.", "kind": "procedural"},
        {"idempotency-key": str(uuid.uuid4())},
    )
    assert status == 201, (status, item)
    conn.request("GET", f"/memory_stores/{store}/items/{item['memory_id']}")
    conn.request("GET", f"/memory_stores/{store}/items?scope={scope}")
    while time.monotonic() - started < timeout:
        _, _, body = conn.request("GET", f"/memory_stores/{store}/updates/{update['update_id']}")
        if body["status"] in FINAL:
            break
        time.sleep(0.2)
    conn.request("POST", f"/memory_stores/{store}/delete_scope", {"scope": scope})
    return time.monotonic() - started


# ------------------------------------------------------------------------------ after the load
def settle(
    conn: Connection, store: str, submitted: list[Submitted], timeout: float
) -> tuple[dict[str, dict], float]:
    """Every submitted update's last seen body, polled until all are final or the timeout."""
    started = time.monotonic()
    seen: dict[str, dict] = {}
    pending = [s.update_id for s in submitted]
    while pending and time.monotonic() - started < timeout:
        still = []
        for update_id in pending:
            status, _, body = conn.request("GET", f"/memory_stores/{store}/updates/{update_id}")
            if status == 200:
                seen[update_id] = body
            if status != 200 or body["status"] not in FINAL:
                still.append(update_id)
        pending = still
        if pending:
            time.sleep(1.0)
    return seen, time.monotonic() - started


def messages_kept(conn: Connection, store: str, scope: str, update_id: str) -> bool:
    """A failed update's messages are kept when a (dry-run) retry through previous_update_id takes them."""
    body = {"scope": scope, "items": [], "previous_update_id": update_id, "dry_run": True}
    status, _, _ = conn.request("POST", f"/memory_stores/{store}/update_memories", body)
    return status == 200


def account(
    conn: Connection, store: str, submitted: list[Submitted], seen: dict[str, dict]
) -> dict[str, Any]:
    by_id = {s.update_id: s for s in submitted}
    outcome: Counter = Counter()
    problems: list[dict[str, Any]] = []
    kept_cache: dict[str, bool] = {}

    def terminal(update_id: str) -> tuple[dict | None, str]:
        hops = 0
        while True:
            body = seen.get(update_id)
            if body is None:
                return None, "never read" if hops == 0 else "chain leads to an unknown update"
            if body["status"] != "superseded":
                return body, ""
            nxt = body.get("superseded_by")
            if nxt not in by_id or by_id[nxt].scope != by_id[update_id].scope:
                return None, "superseded by an update of another scope or by none"
            update_id, hops = nxt, hops + 1
            if hops > len(by_id):
                return None, "superseded chain loops"

    for s in submitted:
        end, why = terminal(s.update_id)
        if end is None or end["status"] not in {"completed", "failed"}:
            why = why or f"ends {end['status']}"
            outcome["unaccounted"] += len(s.message_ids)
            problems.append({"update_id": s.update_id, "why": why})
            continue
        set_aside = {f["message_id"] for f in (end.get("result") or {}).get("failed_messages", [])}
        if end["status"] == "completed":
            for message_id in s.message_ids:
                outcome["set aside, kept" if message_id in set_aside else "processed"] += 1
            continue
        if end["update_id"] not in kept_cache:
            kept_cache[end["update_id"]] = messages_kept(conn, store, s.scope, end["update_id"])
        key = "in a failed update, kept" if kept_cache[end["update_id"]] else "unaccounted"
        outcome[key] += len(s.message_ids)
        if key == "unaccounted":
            problems.append({"update_id": s.update_id, "why": "failed and its messages are gone"})
    return {"messages": dict(outcome), "problems": problems[:20], "problem_count": len(problems)}


def cited_messages(conn: Connection, store: str, scopes: list[str]) -> tuple[set[str], int]:
    cited: set[str] = set()
    memories = 0
    for scope in scopes:
        after = None
        while True:
            query = {"scope": scope, "limit": 100, **({"after": after} if after else {})}
            status, _, page = conn.request(
                "GET", f"/memory_stores/{store}/items?{urllib.parse.urlencode(query)}"
            )
            if status != 200:
                break
            for item in page["data"]:
                memories += 1
                cited.update((item.get("source") or {}).get("message_ids") or [])
            if not page["has_more"]:
                break
            after = page.get("next_after") or page["last_id"]
    return cited, memories


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def summary(results: Results, elapsed: float) -> dict[str, Any]:
    per_op = {}
    for op in sorted(results.latencies):
        values = results.latencies[op]
        per_op[op] = {
            "requests": len(values),
            "per_s": round(len(values) / elapsed, 1),
            "p50_ms": round(percentile(values, 0.50) * 1000, 1),
            "p95_ms": round(percentile(values, 0.95) * 1000, 1),
            "p99_ms": round(percentile(values, 0.99) * 1000, 1),
            "statuses": dict(results.statuses[op]),
        }
    everything = [v for values in results.latencies.values() for v in values]
    return {
        "requests": len(everything),
        "requests_per_s": round(len(everything) / elapsed, 1),
        "p50_ms": round(percentile(everything, 0.50) * 1000, 1) if everything else None,
        "p95_ms": round(percentile(everything, 0.95) * 1000, 1) if everything else None,
        "operations": per_op,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base-url", default="http://127.0.0.1:3000")
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--scopes", type=int, default=32)
    parser.add_argument("--settle-timeout", type=float, default=900.0)
    parser.add_argument("--timeout", type=float, default=120.0, help="per request")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--no-warm-up", action="store_true", help="start the clock on a cold server")
    parser.add_argument("--keep", action="store_true", help="leave the store in place")
    parser.add_argument("--out", help="also write the report to this JSON file")
    args = parser.parse_args()

    admin = Connection(args.base_url, args.timeout)
    store = f"load-{uuid.uuid4().hex[:8]}"
    status, _, body = admin.request(
        "POST", "/memory_stores", {"name": store, "definition": {"kind": "default"}}
    )
    if status != 201:
        print(f"cannot create the store: {status} {body}", file=sys.stderr)
        return 2
    scopes = [f"load-user-{n:03d}" for n in range(args.scopes)]
    warm_up_s = 0.0 if args.no_warm_up else warm_up(admin, store, args.settle_timeout)
    results = Results()
    started = time.monotonic()
    workers = [Worker(n, args, store, scopes, results, started + args.seconds) for n in range(args.clients)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    elapsed = time.monotonic() - started

    report: dict[str, Any] = {
        "base_url": args.base_url,
        "clients": args.clients,
        "seconds": args.seconds,
        "scopes": args.scopes,
        "warm_up_s": round(warm_up_s, 1),
        "elapsed_s": round(elapsed, 1),
        **summary(results, elapsed),
        "errors": len(results.errors),
        "errors_by_kind": dict(Counter(f"{e['op']}:{e['kind']}" for e in results.errors)),
        "error_samples": results.errors[:10],
        "conflict_retries": results.conflict_retries,
        "idempotent_replays": dict(results.replays),
        "items_gone_under_consolidation": results.items_gone,
    }
    submitted = results.submitted
    seen, settle_s = settle(admin, store, submitted, args.settle_timeout)
    statuses = Counter(seen[s.update_id]["status"] if s.update_id in seen else "unread" for s in submitted)
    accounting = account(admin, store, submitted, seen)
    cited, memories = cited_messages(admin, store, scopes)
    user_ids = {m for s in submitted for m in s.message_ids}
    report |= {
        "updates_submitted": len(submitted),
        "messages_submitted": sum(len(s.message_ids) for s in submitted),
        "settle_s": round(settle_s, 1),
        "update_statuses": dict(statuses),
        "every_update_final": set(statuses) <= FINAL,
        "accounting": accounting,
        "every_message_accounted_for": accounting["problem_count"] == 0,
        "memories_in_scopes": memories,
        "messages_cited_by_a_memory": len(cited & user_ids),
    }
    if not args.keep:
        admin.request("DELETE", f"/memory_stores/{store}")
    admin.close()

    text = json.dumps(report, indent=2, ensure_ascii=False)
    print(text)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text + "\n")
    ok = report["errors"] == 0 and report["every_update_final"] and report["every_message_accounted_for"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
