"""Hundreds of malformed requests against a running `memstore local`, as a hostile or careless
client would send them, over raw sockets (no client library tidies them up).

    memstore local --port 3000 &          # started by you; this script starts nothing
    OMP_NUM_THREADS=1 .venv/bin/python bench/bad_input_sweep.py --base-url http://127.0.0.1:3000 \
        [--clients 8] [--out FILE.json]

It creates a store of its own (one item in one scope), then sends every case: bodies that are not
UTF-8 (Latin-1, UTF-16, UTF-32, cp1252, truncated), JSON nested 33 to 100,000 deep, non-standard
JSON (NaN, duplicate keys, BOM, huge integers), wrong types ("5" for 5), NULs and unpaired
surrogates in every text field, unknown methods, malformed request lines, oversized headers, bad
body and header scopes, and malformed ids in paths and bodies. A canary string is planted in every
bad value. It reports counts by status and lists each finding: a status >= 500, a 4xx not in the
error shape {"error": {"code", "message", "param"}}, a 2xx where a refusal was due, a response
quoting the canary, or no response within the timeout. The store is deleted at the end; the exit
status is 1 when there is any finding.
"""

from __future__ import annotations

import argparse
import http.client
import json
import socket
import sys
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urlsplit

CANARY = "CANARY-7d1e"
SCOPE = "sweep-user"
TIMEOUT_S = 30.0
PLACEHOLDER = "{{$userId}}"


@dataclass
class Case:
    name: str
    method: str
    path: str
    body: bytes | None = None
    headers: list[tuple[str, str]] = field(default_factory=list)
    raw: bytes | None = None
    """Sent as is instead of a request built from the fields above."""
    expect_refusal: bool = True
    may_quote: bool = False
    """The canary is a syntactically valid store name here: naming it back is allowed."""


@dataclass
class Outcome:
    case: Case
    status: int | None
    body: bytes
    error: str | None = None


def request_bytes(case: Case, host: str) -> bytes:
    if case.raw is not None:
        return case.raw
    lines = [f"{case.method} {case.path} HTTP/1.1", f"Host: {host}", "Connection: close"]
    lines += [f"{name}: {value}" for name, value in case.headers]
    if case.body is not None:
        lines += ["Content-Type: application/json", f"Content-Length: {len(case.body)}"]
    head = "\r\n".join(lines) + "\r\n\r\n"
    return head.encode("latin-1", "replace") + (case.body or b"")


def send(base: str, case: Case) -> Outcome:
    url = urlsplit(base)
    try:
        with socket.create_connection((url.hostname, url.port or 80), timeout=TIMEOUT_S) as sock:
            sock.sendall(request_bytes(case, url.netloc))
            response = http.client.HTTPResponse(sock)
            response.begin()
            return Outcome(case, response.status, response.read())
    except (OSError, http.client.HTTPException) as e:
        return Outcome(case, None, b"", type(e).__name__)


def call(base: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    outcome = send(base, Case("setup", method, path, data))
    return outcome.status or 0, json.loads(outcome.body) if outcome.body else None


def json_body(value: Any) -> bytes:
    return json.dumps(value).encode()


def nested(depth: int) -> str:
    return "[" * depth + json.dumps(CANARY) + "]" * depth


class Sweep:
    def __init__(self, store: str, memory_id: str):
        self.store = store
        self.memory_id = memory_id
        s = f"/memory_stores/{store}"
        self.message = {"type": "message", "role": "user", "content": "I like green tea."}
        self.bodies: dict[str, tuple[str, str, dict[str, Any]]] = {
            "stores.create": ("POST", "/memory_stores", {"name": f"{store}-x", "definition": {"kind": "default"}}),
            "stores.update": ("POST", s, {"description": "changed"}),
            "items.create": ("POST", f"{s}/items", {"scope": SCOPE, "content": "Likes tea.", "kind": "user_profile"}),
            "items.update": ("POST", f"{s}/items/{memory_id}", {"content": "Likes coffee."}),
            "items.delete_scope": ("POST", f"{s}/delete_scope", {"scope": f"{SCOPE}-other"}),
            "updates.submit": ("POST", f"{s}/update_memories",
                               {"scope": SCOPE, "items": [self.message], "update_delay": 3600, "dry_run": True}),
            "search.contextual": ("POST", f"{s}/search_memories", {"scope": SCOPE, "items": [self.message]}),
        }
        self.paths = [("GET", "/memory_stores"), ("GET", s), ("GET", f"{s}/items?scope={SCOPE}"),
                      ("GET", f"{s}/items/{memory_id}"), ("GET", f"{s}/updates/upd_01JBV3Z7Q5E8N3W4R2T6Y9P0ZZ")]

    def with_field(self, route: str, **changes: Any) -> tuple[str, str, bytes]:
        method, path, body = self.bodies[route]
        return method, path, json_body({**body, **changes})

    def cases(self) -> Iterator[Case]:
        yield from self.encodings()
        yield from self.json_syntax()
        yield from self.wrong_types()
        yield from self.bad_text()
        yield from self.bad_scopes()
        yield from self.header_scopes()
        yield from self.bad_ids()
        yield from self.bad_queries()
        yield from self.methods_and_request_lines()
        yield from self.huge_headers()

    def encodings(self) -> Iterator[Case]:
        encoders = {
            "latin-1": lambda t: t.encode("latin-1"), "utf-16": lambda t: t.encode("utf-16"),
            "utf-16-be": lambda t: t.encode("utf-16-be"), "utf-32": lambda t: t.encode("utf-32"),
            "cp1252": lambda t: t.replace("tea", "\u201ctea\u201d").encode("cp1252"),
            "truncated-utf-8": lambda t: t.encode()[:-2] + b'\xc3"}', "overlong-utf-8": lambda t: t.encode()[:-2] + b'\xc0\xaf"}',
            "surrogate-utf-8-bytes": lambda t: t.encode()[:-2] + b'\xed\xa0\x80"}',
        }
        for route, (method, path, body) in self.bodies.items():
            text = json.dumps({**body, "note": f"{CANARY} café tea ü"}, ensure_ascii=False)
            for name, encode in encoders.items():
                yield Case(f"encoding/{name}/{route}", method, path, encode(text))

    def json_syntax(self) -> Iterator[Case]:
        for route, (method, path, body) in self.bodies.items():
            ok = json.dumps(body)
            variants = {
                "nested-33": f'{{"x": {nested(32)}}}', "nested-1000": f'{{"x": {nested(1000)}}}',
                "nested-10000": f'{{"x": {nested(10_000)}}}', "nested-100000-objects": '{"x":' * 100_000,
                "NaN": '{"x": NaN}', "Infinity": '{"x": -Infinity}', "duplicate-key": '{"a": 1, "a": "' + CANARY + '"}',
                "bom": "\ufeff" + ok, "huge-integer": '{"x": ' + "9" * 5000 + "}", "truncated": ok[:-1],
                "array": f"[{ok}]", "string": json.dumps(CANARY), "null": "null", "empty": " ",
                "trailing-garbage": ok + CANARY, "single-quotes": ok.replace('"', "'"),
            }
            for name, text in variants.items():
                yield Case(f"json/{name}/{route}", method, path, text.encode())

    def wrong_types(self) -> Iterator[Case]:
        checks = [
            ("updates.submit", {"update_delay": "5"}), ("updates.submit", {"update_delay": 5.0}),
            ("updates.submit", {"update_delay": True}), ("updates.submit", {"update_delay": 1e308}),
            ("updates.submit", {"dry_run": "true"}), ("updates.submit", {"dry_run": 1}),
            ("updates.submit", {"items": {"0": self.message}}), ("updates.submit", {"items": CANARY}),
            ("updates.submit", {"items": [CANARY]}), ("updates.submit", {"items": [{**self.message, "content": 5}]}),
            ("updates.submit", {"items": [{**self.message, "role": ["user"]}]}),
            ("search.contextual", {"options": {"max_memories": "5"}}), ("search.contextual", {"options": [5]}),
            ("search.contextual", {"options": {"max_memories": 5.5}}), ("search.contextual", {"previous_search_id": 5}),
            ("items.create", {"content": 5}), ("items.create", {"content": [CANARY]}), ("items.create", {"kind": 1}),
            ("items.create", {"scope": {"id": CANARY}}), ("items.update", {"content": False}),
            ("stores.create", {"name": 5}), ("stores.create", {"metadata": {"k": 5}}),
            ("stores.create", {"metadata": [CANARY]}), ("stores.create", {"definition": CANARY}),
            ("stores.create", {"definition": {"kind": "default", "options": {"default_ttl_seconds": "60"}}}),
            ("stores.create", {"definition": {"kind": "default", "options": {"user_profile_enabled": "false"}}}),
            ("stores.create", {"definition": {"kind": "default", "options": {"chat_summary_enabled": 0}}}),
            ("stores.update", {"description": 5}), ("stores.update", {"metadata": {CANARY: {"a": 1}}}),
        ]
        for n, (route, change) in enumerate(checks):
            method, path, body = self.with_field(route, **change)
            yield Case(f"type/{n}/{route}", method, path, body)

    def bad_text(self) -> Iterator[Case]:
        texts = {"nul": f"{CANARY}\u0000", "high-surrogate": f"{CANARY} \ud800 tea", "low-surrogate": f"\udfff{CANARY}",
                 "reversed-pair": f"{CANARY}\udc00\ud800"}
        for name, text in texts.items():
            fields = [
                ("items.create", {"content": text}), ("items.update", {"content": text}),
                ("stores.create", {"description": text}), ("stores.update", {"metadata": {"k": text}}),
                ("stores.update", {"metadata": {text: "v"}}), ("updates.submit", {"items": [{**self.message, "content": text}]}),
                ("updates.submit", {"items": [{**self.message, "id": text}]}),
                ("updates.submit", {"items": [{**self.message, "content": [{"type": "input_text", "text": text}]}]}),
                ("search.contextual", {"items": [{**self.message, "content": text}]}),
                ("updates.submit", {text: 1}),
            ]
            for n, (route, change) in enumerate(fields):
                method, path, body = self.with_field(route, **change)
                yield Case(f"text/{name}/{n}/{route}", method, path, body)

    def bad_scopes(self) -> Iterator[Case]:
        scopes = {"257-chars": CANARY + "s" * 250, "10000-chars": CANARY * 910, "tab": f"{CANARY}\tx",
                  "newline": f"{CANARY}\nx", "bell": f"{CANARY}\x07", "empty": "", "line-separator": f"{CANARY}\u2028",
                  "number": 5, "null": None}
        for name, scope in scopes.items():
            for route in ("items.create", "items.delete_scope", "updates.submit", "search.contextual"):
                method, path, body = self.with_field(route, scope=scope)
                yield Case(f"scope/{name}/{route}", method, path, body)
            if isinstance(scope, str):
                yield Case(f"scope/{name}/items.list", "GET", f"/memory_stores/{self.store}/items?scope={quote(scope)}")

    def header_scopes(self) -> Iterator[Case]:
        values = {"10000-chars": CANARY * 910, "257-chars": CANARY + "h" * 250, "tab": f"{CANARY}\tbob",
                  "merged": f"{CANARY},bob", "control": f"{CANARY}\x01", "empty": ""}
        routes = [("items.create", {"scope": PLACEHOLDER}), ("updates.submit", {"scope": PLACEHOLDER}),
                  ("search.contextual", {"scope": PLACEHOLDER}), ("items.delete_scope", {"scope": PLACEHOLDER})]
        for name, value in values.items():
            for route, change in routes:
                method, path, body = self.with_field(route, **change)
                yield Case(f"header-scope/{name}/{route}", method, path, body, [("x-memory-user-id", value)])
            yield Case(f"header-scope/{name}/items.list", "GET",
                       f"/memory_stores/{self.store}/items?scope={quote(PLACEHOLDER)}", headers=[("x-memory-user-id", value)])
        method, path, body = self.with_field("items.create", scope=PLACEHOLDER)
        yield Case("header-scope/repeated/items.create", method, path, body,
                   [("x-memory-user-id", CANARY), ("X-Memory-User-Id", "bob")])

    def bad_ids(self) -> Iterator[Case]:
        s = f"/memory_stores/{self.store}"
        ids = {"canary": CANARY, "nul": quote(f"{CANARY}\x00"), "long": CANARY * 100, "quote": quote(f"mem_x' {CANARY} '"),
               "unicode": quote(f"mém_{CANARY}"), "invalid-utf8": f"%ff%fe{CANARY}", "dot-dot": "..",
               "encoded-slash": f"a%2F{CANARY}", "lowercase-ulid": "mem_01jbv3z7q5e8n3w4r2t6y9p0ab"}
        for name, memory_id in ids.items():
            for method in ("GET", "DELETE"):
                yield Case(f"id/{name}/items.{method}", method, f"{s}/items/{memory_id}")
            yield Case(f"id/{name}/items.update", "POST", f"{s}/items/{memory_id}", json_body({"content": "x y z"}))
            yield Case(f"id/{name}/updates.get", "GET", f"{s}/updates/{memory_id}")
        yield Case("id/store-name/valid-unknown", "GET", f"/memory_stores/{CANARY}", may_quote=True)
        for name in ("a" * 65 + CANARY, quote(f"bad name! {CANARY}"), quote(f"{CANARY}\x00"), f"{CANARY}%ff"):
            for method in ("GET", "DELETE"):
                yield Case(f"id/store-name/{method}/{name[:12]}", method, f"/memory_stores/{name}")
        for change in ({"previous_update_id": CANARY}, {"previous_update_id": CANARY * 10}):
            method, path, body = self.with_field("updates.submit", **change)
            yield Case("id/previous_update_id", method, path, body)
        method, path, _ = self.bodies["search.contextual"]
        yield Case("id/previous_search_id", method, path, json_body({"scope": SCOPE, "previous_search_id": CANARY}))

    def bad_queries(self) -> Iterator[Case]:
        base = f"/memory_stores/{self.store}/items?scope={SCOPE}"
        for query in ("limit=abc", "limit=-1", "limit=0", "limit=101", "limit=1e3", "limit=" + "9" * 5000,
                      "after=" + CANARY * 10, "kind=" + CANARY, "limit=5&limit=6", "scope=%00", "scope=%ff%fe",
                      "after=%00" + CANARY):
            yield Case(f"query/{query[:20]}", "GET", f"{base}&{query}")
        yield Case("query/stores-limit", "GET", "/memory_stores?limit=" + CANARY)

    def methods_and_request_lines(self) -> Iterator[Case]:
        s = f"/memory_stores/{self.store}"
        for method in ("FOO", "PROPFIND", "TRACE", "PURGE", "LINK", "get", "M-SEARCH", "PATCH", "PUT", "OPTIONS"):
            for path in ("/memory_stores", s, f"{s}/items", f"{s}/search_memories", f"/nope/{CANARY}"):
                yield Case(f"method/{method}{path.replace(self.store, '{name}')}", method, path)
        raw_lines = {"control-in-method": b"G\x01T /memory_stores HTTP/1.1", "http-9.9": b"GET /memory_stores HTTP/9.9",
                     "no-version": b"GET /memory_stores", "method-only": b"GET", "bad-version": b"GET / FOO/1.1",
                     "long-uri": b"GET /" + b"u" * 70_000 + b" HTTP/1.1", "binary": b"\x16\x03\x01\x02\x00\x01\x00\x01"}
        for name, line in raw_lines.items():
            yield Case(f"request-line/{name}", "", "", raw=line + b"\r\nHost: x\r\nConnection: close\r\n\r\n")
        for name, length in {"negative": "-5", "text": CANARY, "huge": str(10**30)}.items():
            yield Case(f"content-length/{name}", "", "", raw=(
                f"POST {s}/items HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: {length}\r\n\r\n{{}}"
            ).encode())
        yield Case("chunked/malformed", "", "", raw=(
            f"POST {s}/items HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{{}}\r\n0\r\n\r\n"
        ).encode())

    def huge_headers(self) -> Iterator[Case]:
        variants = {
            "one-line-70KB": [("X-Big", "b" * 70_000)], "101-headers": [(f"X-Many-{i}", "v") for i in range(101)],
            "11KB-in-all": [(f"X-Part-{i}", "p" * 1000) for i in range(11)], "10KB-cookie": [("Cookie", "c=" + "c" * 10_300)],
        }
        for name, headers in variants.items():
            for method, path in self.paths[:3]:
                yield Case(f"headers/{name}/{method}{path.split('?')[0].replace(self.store, '{name}')}", method, path,
                           headers=headers)
        yield Case("headers/9KB-served", "GET", "/memory_stores", headers=[("X-Big", "v" * 9000)], expect_refusal=False)


def findings(outcome: Outcome) -> list[str]:
    if outcome.status is None:
        return [f"no response ({outcome.error})"]
    found = []
    if outcome.status >= 500:
        found.append(f"status {outcome.status}")
    if CANARY.encode() in outcome.body and not outcome.case.may_quote:
        found.append("response quotes the canary")
    if outcome.status >= 400:
        try:
            error = json.loads(outcome.body)["error"]
            if set(error) != {"code", "message", "param"} or not isinstance(error["message"], str):
                found.append("error body not in the error shape")
        except (ValueError, KeyError, TypeError):
            found.append("error body not JSON in the error shape")
    elif outcome.case.expect_refusal:
        found.append(f"accepted with {outcome.status}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--base-url", required=True, help="a running `memstore local`, e.g. http://127.0.0.1:3000")
    parser.add_argument("--clients", type=int, default=8, help="requests in flight at once (default 8)")
    parser.add_argument("--out", help="also write the report as JSON to this file")
    args = parser.parse_args(argv)
    base = args.base_url.rstrip("/")

    store = f"sweep-{uuid.uuid4().hex[:8]}"
    status, _ = call(base, "POST", "/memory_stores", {"name": store, "definition": {"kind": "default"}})
    assert status == 201, f"could not create the sweep's store ({status})"
    status, item = call(base, "POST", f"/memory_stores/{store}/items",
                        {"scope": SCOPE, "content": "Prefers a window seat.", "kind": "user_profile"})
    assert status == 201, f"could not create the sweep's item ({status})"
    try:
        cases = list(Sweep(store, item["memory_id"]).cases())
        started = time.perf_counter()
        with ThreadPoolExecutor(args.clients) as pool:
            outcomes = list(pool.map(lambda c: send(base, c), cases))
        elapsed = time.perf_counter() - started
        status, listed = call(base, "GET", f"/memory_stores/{store}/items?scope={SCOPE}&limit=100")
        intact = status == 200 and [i["content"] for i in listed["data"]] == ["Prefers a window seat."]
    finally:
        call(base, "DELETE", f"/memory_stores/{store}")
        call(base, "DELETE", f"/memory_stores/{store}-x")

    by_status = Counter(str(o.status) for o in outcomes)
    by_family = Counter(o.case.name.split("/")[0] for o in outcomes)
    problems = [{"case": o.case.name, "status": o.status, "findings": f} for o in outcomes if (f := findings(o))]
    report = {
        "requests": len(outcomes), "seconds": round(elapsed, 1), "by_status": dict(sorted(by_status.items())),
        "by_family": dict(sorted(by_family.items())),
        "status_5xx": sum(1 for o in outcomes if (o.status or 0) >= 500),
        "no_response": sum(1 for o in outcomes if o.status is None),
        "findings": problems, "sweep_item_intact": intact,
    }
    print(json.dumps({k: v for k, v in report.items() if k != "findings"}, indent=2))
    for problem in problems:
        print(f"FINDING {problem['case']}: {problem['status']} {'; '.join(problem['findings'])}")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=2)
    return 1 if problems or not intact else 0


if __name__ == "__main__":
    sys.exit(main())
