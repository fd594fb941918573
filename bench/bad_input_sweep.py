"""Hundreds of malformed requests against a running `memstore local`, as a hostile or careless
client would send them, over raw sockets (no client library tidies them up).

    memstore local --port 3000 &          # started by you; this script starts nothing
    OMP_NUM_THREADS=1 .venv/bin/python bench/bad_input_sweep.py --base-url http://127.0.0.1:3000 \
        [--clients 8] [--out FILE.json]

It creates a store of its own (one item in one scope) and a victim store (one item) that the
destructive routes aim at, then sends every case: bodies that are not UTF-8 (Latin-1, UTF-16,
UTF-32, cp1252, truncated, overlong, out of range), JSON nested 33 to 100,000 deep, non-standard
JSON (NaN, duplicate keys, BOM, huge integers, comments, empty bodies, `null`, arrays, scalars),
wrong types ("5" for 5, "true" for true, 5.0, negative and huge numbers, null, arrays and objects
for every field), values just over each documented limit, NULs and unpaired surrogates in every
text field, bad body scopes, every body-level family on every route that takes a body (stores
create and update, items create and update, delete_scope, update_memories, static and contextual
search), bad `x-memory-user-id` headers and malformed store names on every route, malformed ids
in paths and bodies, bad query strings on both list routes, unknown and wrong methods on every
path, malformed request lines and oversized headers. A canary string is planted in every bad
value. It reports counts by status and lists each finding: a status >= 500, a 4xx not in the
error shape {"error": {"code", "message", "param"}}, a 2xx where a refusal was due, a response
quoting the canary, or no response within the timeout. The store is deleted at the end; the exit
status is 1 when there is any finding or either item was changed.
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
from copy import deepcopy
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote, urlsplit

CANARY = "CANARY-7d1e"
SCOPE = "sweep-user"
TIMEOUT_S = 30.0
PLACEHOLDER = "{{$userId}}"
UNKNOWN_UPDATE = "upd_01JBV3Z7Q5E8N3W4R2T6Y9P0ZZ"
UNKNOWN_MEMORY = "mem_01JBV3Z7Q5E8N3W4R2T6Y9P0ZZ"
BODY_LIMIT = 64 * 1024
"""store and item bodies; update_memories and search_memories take LARGE_BODY_LIMIT (docs/api.md)"""
LARGE_BODY_LIMIT = 256 * 1024


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
    def __init__(self, store: str, memory_id: str, victim: str = "", victim_id: str = UNKNOWN_MEMORY):
        self.store = store
        self.memory_id = memory_id
        self.victim = victim or f"{store}-v"
        """A second store with one item: DELETE cases aim at it, so that a refusal that does not
        happen deletes something the end of the sweep checks for."""
        self.victim_id = victim_id
        s = f"/memory_stores/{store}"
        self.message = {"type": "message", "role": "user", "content": "I like green tea."}
        self.bodies: dict[str, tuple[str, str, dict[str, Any]]] = {
            "stores.create": (
                "POST",
                "/memory_stores",
                {"name": f"{store}-x", "definition": {"kind": "default"}},
            ),
            "stores.update": ("POST", s, {"description": "changed"}),
            "items.create": (
                "POST",
                f"{s}/items",
                {"scope": SCOPE, "content": "Likes tea.", "kind": "user_profile"},
            ),
            "items.update": ("POST", f"{s}/items/{memory_id}", {"content": "Likes coffee."}),
            "items.delete_scope": ("POST", f"{s}/delete_scope", {"scope": f"{SCOPE}-other"}),
            "updates.submit": (
                "POST",
                f"{s}/update_memories",
                {"scope": SCOPE, "items": [self.message], "update_delay": 3600, "dry_run": True},
            ),
            "search.contextual": ("POST", f"{s}/search_memories", {"scope": SCOPE, "items": [self.message]}),
            "search.static": (
                "POST",
                f"{s}/search_memories",
                {"scope": SCOPE, "options": {"max_memories": 5}},
            ),
        }
        self.paths = [
            ("GET", "/memory_stores"),
            ("GET", s),
            ("GET", f"{s}/items?scope={SCOPE}"),
            ("GET", f"{s}/items/{memory_id}"),
            ("GET", f"{s}/updates/{UNKNOWN_UPDATE}"),
        ]

    def routes(
        self, store: str | None = None, scope: str = SCOPE
    ) -> dict[str, tuple[str, str, bytes | None]]:
        """Every route of the API, on `store` (the sweep's own by default; DELETE routes aim at the
        victim), with a valid body where it takes one and `scope` wherever it names a scope."""
        s = f"/memory_stores/{store or self.store}"
        v = f"/memory_stores/{store or self.victim}"
        item = self.memory_id if store is None else UNKNOWN_MEMORY
        victim_item = self.victim_id if store is None else UNKNOWN_MEMORY

        def body(route: str) -> bytes:
            value = deepcopy(self.bodies[route][2])
            if "scope" in value:
                value["scope"] = scope
            return json_body(value)

        return {
            "stores.create": ("POST", "/memory_stores", body("stores.create")),
            "stores.list": ("GET", "/memory_stores", None),
            "stores.get": ("GET", s, None),
            "stores.update": ("POST", s, body("stores.update")),
            "stores.delete": ("DELETE", v, None),
            "items.create": ("POST", f"{s}/items", body("items.create")),
            "items.list": ("GET", f"{s}/items?scope={quote(scope)}", None),
            "items.get": ("GET", f"{s}/items/{item}", None),
            "items.update": ("POST", f"{s}/items/{item}", body("items.update")),
            "items.delete": ("DELETE", f"{v}/items/{victim_item}", None),
            "items.delete_scope": ("POST", f"{s}/delete_scope", body("items.delete_scope")),
            "updates.submit": ("POST", f"{s}/update_memories", body("updates.submit")),
            "updates.get": ("GET", f"{s}/updates/{UNKNOWN_UPDATE}", None),
            "search.static": ("POST", f"{s}/search_memories", body("search.static")),
            "search.contextual": ("POST", f"{s}/search_memories", body("search.contextual")),
        }

    def with_path(self, route: str, value: Any, *path: str | int) -> tuple[str, str, bytes]:
        """The route's valid body with the field at `path` (created as needed) set to `value`."""
        method, url, body = self.bodies[route]
        body = deepcopy(body)
        target: Any = body
        for key in path[:-1]:
            if isinstance(key, str) and key not in target:
                target[key] = {}
            target = target[key]
        target[path[-1]] = value
        return method, url, json_body(body)

    def with_field(self, route: str, **changes: Any) -> tuple[str, str, bytes]:
        method, path, body = self.bodies[route]
        return method, path, json_body({**body, **changes})

    def cases(self) -> Iterator[Case]:
        """Every case once: a request another family already sends (the same bytes) is left out."""
        seen: set[tuple[Any, ...]] = set()
        for case in self.all_cases():
            key = (case.method, case.path, case.body, tuple(case.headers), case.raw)
            if key not in seen:
                seen.add(key)
                yield case

    def all_cases(self) -> Iterator[Case]:
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
        yield from self.limits()

    def encodings(self) -> Iterator[Case]:
        encoders = {
            "latin-1": lambda t: t.encode("latin-1"),
            "utf-16": lambda t: t.encode("utf-16"),
            "utf-16-be": lambda t: t.encode("utf-16-be"),
            "utf-32": lambda t: t.encode("utf-32"),
            "cp1252": lambda t: t.replace("tea", "\u201ctea\u201d").encode("cp1252"),
            "truncated-utf-8": lambda t: t.encode()[:-2] + b'\xc3"}',
            "overlong-utf-8": lambda t: t.encode()[:-2] + b'\xc0\xaf"}',
            "surrogate-utf-8-bytes": lambda t: t.encode()[:-2] + b'\xed\xa0\x80"}',
            "utf-16-le": lambda t: t.encode("utf-16-le"),
            "utf-32-be": lambda t: t.encode("utf-32-be"),
            "mac-roman": lambda t: t.encode("mac_roman"),
            "gb18030": lambda t: t.encode("gb18030"),
            "lone-continuation-byte": lambda t: t.encode()[:-2] + b'\x80"}',
            "five-byte-sequence": lambda t: t.encode()[:-2] + b'\xf8\x88\x80\x80\x80"}',
            "beyond-u10ffff": lambda t: t.encode()[:-2] + b'\xf4\x90\x80\x80"}',
            "latin-1-in-key": lambda t: t.replace('"note"', '"n\u00f6te"').encode("latin-1"),
        }
        for route, (method, path, body) in self.bodies.items():
            text = json.dumps({**body, "note": f"{CANARY} café tea ü"}, ensure_ascii=False)
            for name, encode in encoders.items():
                yield Case(f"encoding/{name}/{route}", method, path, encode(text))

    def json_syntax(self) -> Iterator[Case]:
        for route, (method, path, body) in self.bodies.items():
            ok = json.dumps(body)
            variants = {
                "nested-33": f'{{"x": {nested(32)}}}',
                "nested-1000": f'{{"x": {nested(1000)}}}',
                "nested-10000": f'{{"x": {nested(10_000)}}}',
                "nested-100000-objects": '{"x":' * 100_000,
                "NaN": '{"x": NaN}',
                "Infinity": '{"x": -Infinity}',
                "duplicate-key": '{"a": 1, "a": "' + CANARY + '"}',
                "bom": "\ufeff" + ok,
                "huge-integer": '{"x": ' + "9" * 5000 + "}",
                "truncated": ok[:-1],
                "array": f"[{ok}]",
                "string": json.dumps(CANARY),
                "null": "null",
                "empty": " ",
                "trailing-garbage": ok + CANARY,
                "single-quotes": ok.replace('"', "'"),
                "empty-body": "",
                "whitespace-lines": "\r\n\t\n",
                "true": "true",
                "false": "false",
                "number": "5",
                "negative-float": "-5.5",
                "empty-array": "[]",
                "two-element-array": f"[{ok}, {ok}]",
                "empty-string": '""',
                "two-objects": ok + ok,
                "line-comment": f"// {CANARY}\n{ok}",
                "block-comment": f"/* {CANARY} */{ok}",
                "trailing-comma": ok[:-1] + ", }",
                "unquoted-key": '{x: "' + CANARY + '"}',
                "raw-control-char": ok[:-1] + ', "x": "' + CANARY + '\n"}',
                "raw-nul-byte": ok[:-1] + ', "x": "' + CANARY + '\x00"}',
                "nested-objects-33": '{"x":' * 33 + "1" + "}" * 33,
                "integer-4301-digits": '{"x": ' + "9" * 4301 + "}",
                "hex-number": '{"x": 0x10}',
                "leading-zero": '{"x": 05}',
                "plus-number": '{"x": +5}',
                "python-literals": '{"x": None, "y": True}',
                "invalid-escape": '{"x": "\\x41' + CANARY + '"}',
                "unterminated-string": '{"x": "' + CANARY,
            }
            for name, text in variants.items():
                yield Case(f"json/{name}/{route}", method, path, text.encode())

    def wrong_types(self) -> Iterator[Case]:
        checks = [
            ("updates.submit", {"update_delay": "5"}),
            ("updates.submit", {"update_delay": 5.0}),
            ("updates.submit", {"update_delay": True}),
            ("updates.submit", {"update_delay": 1e308}),
            ("updates.submit", {"dry_run": "true"}),
            ("updates.submit", {"dry_run": 1}),
            ("updates.submit", {"items": {"0": self.message}}),
            ("updates.submit", {"items": CANARY}),
            ("updates.submit", {"items": [CANARY]}),
            ("updates.submit", {"items": [{**self.message, "content": 5}]}),
            ("updates.submit", {"items": [{**self.message, "role": ["user"]}]}),
            ("search.contextual", {"options": {"max_memories": "5"}}),
            ("search.contextual", {"options": [5]}),
            ("search.contextual", {"options": {"max_memories": 5.5}}),
            ("search.contextual", {"previous_search_id": 5}),
            ("items.create", {"content": 5}),
            ("items.create", {"content": [CANARY]}),
            ("items.create", {"kind": 1}),
            ("items.create", {"scope": {"id": CANARY}}),
            ("items.update", {"content": False}),
            ("stores.create", {"name": 5}),
            ("stores.create", {"metadata": {"k": 5}}),
            ("stores.create", {"metadata": [CANARY]}),
            ("stores.create", {"definition": CANARY}),
            ("stores.create", {"definition": {"kind": "default", "options": {"default_ttl_seconds": "60"}}}),
            (
                "stores.create",
                {"definition": {"kind": "default", "options": {"user_profile_enabled": "false"}}},
            ),
            ("stores.create", {"definition": {"kind": "default", "options": {"chat_summary_enabled": 0}}}),
            ("stores.update", {"description": 5}),
            ("stores.update", {"metadata": {CANARY: {"a": 1}}}),
        ]
        for n, (route, change) in enumerate(checks):
            method, path, body = self.with_field(route, **change)
            yield Case(f"type/{n}/{route}", method, path, body)
        # Every field of every body route, with each wrong type a client could plausibly send.
        for route, fields in FIELDS.items():
            for field_path, (kind, nullable) in fields.items():
                path = tuple(int(p) if p.isdigit() else p for p in field_path.split("."))
                values = list(WRONG[kind])
                if kind == "enum":
                    values += [
                        ("wrong-case", str(self.valid(route, path)).upper()),
                        ("unknown", CANARY),
                        ("empty", ""),
                    ]
                if not nullable:
                    values.append(("null", None))
                for label, value in values:
                    method, url, body = self.with_path(route, value, *path)
                    yield Case(f"type/{route}/{field_path}/{label}", method, url, body)
                if kind == "int":
                    for label, raw in RAW_NUMBERS.items():
                        method, url, body = self.with_path(route, "__RAW__", *path)
                        yield Case(
                            f"type/{route}/{field_path}/raw-{label}",
                            method,
                            url,
                            body.replace(b'"__RAW__"', raw.encode()),
                        )
        for route in ("updates.submit", "search.contextual"):
            for label, value in WRONG["str"]:
                part = {"type": "input_text", "text": value}
                method, url, body = self.with_path(route, [part], "items", 0, "content")
                yield Case(f"type/{route}/items.0.content.0.text/{label}", method, url, body)
            for label, part in (
                ("unknown-type", {"type": CANARY, "text": "x"}),
                ("number-type", {"type": 5, "text": "x"}),
                ("missing-text", {"type": "input_text"}),
                ("extra-field", {"type": "input_text", "text": "x", CANARY: 1}),
            ):
                method, url, body = self.with_path(route, [part], "items", 0, "content")
                yield Case(f"type/{route}/items.0.content.0/{label}", method, url, body)

    def valid(self, route: str, path: tuple[str | int, ...]) -> Any:
        value: Any = self.bodies[route][2]
        for key in path:
            try:
                value = value[key]
            except (KeyError, IndexError, TypeError):
                return {
                    "kind": "user_profile",
                    "role": "user",
                    "type": "message",
                    "secret_handling": "refuse",
                }.get(str(path[-1]), "default")
        return value

    def bad_text(self) -> Iterator[Case]:
        texts = {
            "nul": f"{CANARY}\u0000",
            "high-surrogate": f"{CANARY} \ud800 tea",
            "low-surrogate": f"\udfff{CANARY}",
            "reversed-pair": f"{CANARY}\udc00\ud800",
        }
        for name, text in texts.items():
            fields = [
                ("items.create", {"content": text}),
                ("items.update", {"content": text}),
                ("stores.create", {"description": text}),
                ("stores.update", {"metadata": {"k": text}}),
                ("stores.update", {"metadata": {text: "v"}}),
                ("updates.submit", {"items": [{**self.message, "content": text}]}),
                ("updates.submit", {"items": [{**self.message, "id": text}]}),
                (
                    "updates.submit",
                    {"items": [{**self.message, "content": [{"type": "input_text", "text": text}]}]},
                ),
                ("search.contextual", {"items": [{**self.message, "content": text}]}),
                ("updates.submit", {text: 1}),
            ]
            for n, (route, change) in enumerate(fields):
                method, path, body = self.with_field(route, **change)
                yield Case(f"text/{name}/{n}/{route}", method, path, body)
            more: list[tuple[str, Any, tuple[str | int, ...]]] = [
                ("stores.create", text, ("name",)),
                ("stores.create", {text: "v"}, ("metadata",)),
                ("stores.create", {"k": text}, ("metadata",)),
                ("stores.create", text, ("definition", "chat_model")),
                ("stores.create", text, ("definition", "options", "user_profile_details")),
                ("stores.update", text, ("description",)),
                ("items.create", text, ("scope",)),
                ("items.create", text, ("kind",)),
                ("items.update", text, ("kind",)),
                ("items.delete_scope", text, ("scope",)),
                ("updates.submit", text, ("scope",)),
                ("updates.submit", text, ("previous_update_id",)),
                ("updates.submit", text, ("items", 0, "role")),
                ("search.static", text, ("scope",)),
                ("search.static", text, ("previous_search_id",)),
                ("search.contextual", text, ("scope",)),
                ("search.contextual", text, ("items", 0, "id")),
                ("search.contextual", [{"type": "input_text", "text": text}], ("items", 0, "content")),
                ("search.contextual", text, ("items", 0, "content")),
            ]
            more += [(route, 1, (text,)) for route in self.bodies if route != "updates.submit"]
            more += [(route, {text: 1}, ("nested",)) for route in self.bodies]
            for n, (route, value, path) in enumerate(more):
                method, url, body = self.with_path(route, value, *path)
                where = ".".join("<key>" if p == text else str(p) for p in path)
                yield Case(f"text/{name}/{route}/{where}/{n}", method, url, body)

    def bad_scopes(self) -> Iterator[Case]:
        scopes = {
            "257-chars": CANARY + "s" * 250,
            "10000-chars": CANARY * 910,
            "tab": f"{CANARY}\tx",
            "newline": f"{CANARY}\nx",
            "bell": f"{CANARY}\x07",
            "empty": "",
            "line-separator": f"{CANARY}\u2028",
            "number": 5,
            "null": None,
            "zero-width-space": f"\u200b{CANARY}",
            "nbsp": f"{CANARY}\u00a0x",
            "del": f"{CANARY}\x7f",
            "ansi-escape": f"\x1b[31m{CANARY}",
            "crlf": f"{CANARY}\r\n",
            "257-multibyte": CANARY + "\u00e9" * 246,
            "257-spaces": " " * 257,
            "placeholder-without-header": PLACEHOLDER,
            "array": [CANARY],
            "object": {"id": CANARY},
            "bool": True,
            "float": 1.5,
        }
        for name, scope in scopes.items():
            for route in (
                "items.create",
                "items.delete_scope",
                "updates.submit",
                "search.contextual",
                "search.static",
            ):
                method, path, body = self.with_field(route, scope=scope)
                yield Case(f"scope/{name}/{route}", method, path, body)
            if isinstance(scope, str):
                yield Case(
                    f"scope/{name}/items.list",
                    "GET",
                    f"/memory_stores/{self.store}/items?scope={quote(scope)}",
                )

    def header_scopes(self) -> Iterator[Case]:
        values = {
            "10000-chars": CANARY * 910,
            "257-chars": CANARY + "h" * 250,
            "tab": f"{CANARY}\tbob",
            "merged": f"{CANARY},bob",
            "control": f"{CANARY}\x01",
            "empty": "",
        }
        routes = [
            ("items.create", {"scope": PLACEHOLDER}),
            ("updates.submit", {"scope": PLACEHOLDER}),
            ("search.contextual", {"scope": PLACEHOLDER}),
            ("items.delete_scope", {"scope": PLACEHOLDER}),
        ]
        for name, value in values.items():
            for route, change in routes:
                method, path, body = self.with_field(route, **change)
                yield Case(f"header-scope/{name}/{route}", method, path, body, [("x-memory-user-id", value)])
            yield Case(
                f"header-scope/{name}/items.list",
                "GET",
                f"/memory_stores/{self.store}/items?scope={quote(PLACEHOLDER)}",
                headers=[("x-memory-user-id", value)],
            )
        method, path, body = self.with_field("items.create", scope=PLACEHOLDER)
        yield Case(
            "header-scope/repeated/items.create",
            method,
            path,
            body,
            [("x-memory-user-id", CANARY), ("X-Memory-User-Id", "bob")],
        )
        # An invalid header is refused on every route, whether or not the request uses {{$userId}}.
        covered = {"items.create", "updates.submit", "search.contextual", "items.delete_scope", "items.list"}
        more_values = {
            "spaces-only": "   ",
            "del": f"{CANARY}\x7f",
            "257-latin-1": CANARY + "\u00e9" * 246,
            "comma-space": f"{CANARY}, bob",
            "nbsp": f"{CANARY}\u00a0bob",
            "escape": f"\x1b[31m{CANARY}",
        }
        for name, value in {**values, **more_values}.items():
            for route, (method, path, body) in self.routes(scope=PLACEHOLDER).items():
                if name in values and route in covered:
                    continue
                yield Case(f"header-scope/{name}/{route}", method, path, body, [("x-memory-user-id", value)])
        for route, (method, path, body) in self.routes(scope=PLACEHOLDER).items():
            if route != "items.create":
                yield Case(
                    f"header-scope/repeated/{route}",
                    method,
                    path,
                    body,
                    [("x-memory-user-id", CANARY), ("X-Memory-User-Id", "bob")],
                )

    def bad_ids(self) -> Iterator[Case]:
        s = f"/memory_stores/{self.store}"
        ids = {
            "canary": CANARY,
            "nul": quote(f"{CANARY}\x00"),
            "long": CANARY * 100,
            "quote": quote(f"mem_x' {CANARY} '"),
            "unicode": quote(f"mém_{CANARY}"),
            "invalid-utf8": f"%ff%fe{CANARY}",
            "dot-dot": "..",
            "encoded-slash": f"a%2F{CANARY}",
            "lowercase-ulid": "mem_01jbv3z7q5e8n3w4r2t6y9p0ab",
            "wrong-prefix": "srch_01JBV3Z7Q5E8N3W4R2T6Y9P0ZZ",
            "not-crockford": "mem_01JBV3Z7Q5E8N3W4R2T6Y9P0IL",
            "ulid-27-chars": "mem_01JBV3Z7Q5E8N3W4R2T6Y9P0ZZZ",
            "space": quote(f"mem {CANARY}"),
            "percent-encoded-percent": f"%25{CANARY}",
            "double-encoded-slash": f"a%252F{CANARY}",
            "valid-unknown": UNKNOWN_MEMORY,
            "valid-unknown-update": UNKNOWN_UPDATE,
        }
        for name, memory_id in ids.items():
            for method in ("GET", "DELETE"):
                yield Case(f"id/{name}/items.{method}", method, f"{s}/items/{memory_id}")
            yield Case(
                f"id/{name}/items.update", "POST", f"{s}/items/{memory_id}", json_body({"content": "x y z"})
            )
            yield Case(f"id/{name}/updates.get", "GET", f"{s}/updates/{memory_id}")
        yield Case("id/store-name/valid-unknown", "GET", f"/memory_stores/{CANARY}", may_quote=True)
        for name in ("a" * 65 + CANARY, quote(f"bad name! {CANARY}"), quote(f"{CANARY}\x00"), f"{CANARY}%ff"):
            for method in ("GET", "DELETE"):
                yield Case(f"id/store-name/{method}/{name[:12]}", method, f"/memory_stores/{name}")
        for change in ({"previous_update_id": CANARY}, {"previous_update_id": CANARY * 10}):
            method, path, body = self.with_field("updates.submit", **change)
            yield Case("id/previous_update_id", method, path, body)
        method, path, _ = self.bodies["search.contextual"]
        yield Case(
            "id/previous_search_id", method, path, json_body({"scope": SCOPE, "previous_search_id": CANARY})
        )
        # Malformed store names on every route that takes one.
        names = {
            "long": "a" * 65 + CANARY,
            "bad-chars": quote(f"bad name! {CANARY}"),
            "nul": quote(f"{CANARY}\x00"),
            "invalid-utf8": f"{CANARY}%ff",
            "65-chars": CANARY + "n" * 54,
            "dot": f"{CANARY}.x",
            "space": quote(f"{CANARY} x"),
            "unicode": quote(f"{CANARY}\u00e9"),
            "tilde": f"{CANARY}~",
            "dot-dot": "..",
            "encoded-slash": f"{CANARY}%2Fitems",
        }
        for label, name in names.items():
            for route, (method, path, body) in self.routes(store=name).items():
                if route in ("stores.create", "stores.list") or (
                    route in ("stores.get", "stores.delete")
                    and label in ("long", "bad-chars", "nul", "invalid-utf8")
                ):
                    continue
                # `%2F` is decoded before the API routes the path: `CANARY%2Fitems/items` reaches
                # items.get of memory "items" in store CANARY, a valid name that may be named back.
                yield Case(
                    f"id/store-name/{route}/{label}", method, path, body, may_quote=label == "encoded-slash"
                )
        for route, (method, path, body) in self.routes(store=CANARY).items():
            if route not in ("stores.create", "stores.list", "stores.get"):
                yield Case(f"id/store-name/{route}/valid-unknown", method, path, body, may_quote=True)
        previous = {
            "update-valid-unknown": ("updates.submit", "previous_update_id", UNKNOWN_UPDATE),
            "update-wrong-prefix": ("updates.submit", "previous_update_id", UNKNOWN_MEMORY),
            "update-empty": ("updates.submit", "previous_update_id", ""),
            "update-65-chars": ("updates.submit", "previous_update_id", "upd_" + CANARY + "u" * 50),
            "update-lowercase": ("updates.submit", "previous_update_id", UNKNOWN_UPDATE.lower()),
            "search-valid-unknown": (
                "search.static",
                "previous_search_id",
                "srch_01JBV3Z7Q5E8N3W4R2T6Y9P0ZZ",
            ),
            "search-wrong-prefix": ("search.static", "previous_search_id", UNKNOWN_UPDATE),
            "search-empty": ("search.static", "previous_search_id", ""),
            "search-65-chars": ("search.static", "previous_search_id", "srch_" + CANARY + "s" * 49),
            "search-canary-contextual": ("search.contextual", "previous_search_id", CANARY),
            "search-nul-contextual": ("search.contextual", "previous_search_id", f"srch_{CANARY}\x00"),
        }
        for label, (route, key, value) in previous.items():
            method, path, body = self.with_field(route, **{key: value})
            yield Case(f"id/{key}/{label}", method, path, body)

    def bad_queries(self) -> Iterator[Case]:
        base = f"/memory_stores/{self.store}/items?scope={SCOPE}"
        for query in (
            "limit=abc",
            "limit=-1",
            "limit=0",
            "limit=101",
            "limit=1e3",
            "limit=" + "9" * 5000,
            "after=" + CANARY * 10,
            "kind=" + CANARY,
            "limit=5&limit=6",
            "scope=%00",
            "scope=%ff%fe",
            "after=%00" + CANARY,
        ):
            yield Case(f"query/{query[:20]}", "GET", f"{base}&{query}")
        yield Case("query/stores-limit", "GET", "/memory_stores?limit=" + CANARY)
        # Both list routes: every paging variant, the old ones and new ones.
        old_paging = [
            "limit=abc",
            "limit=-1",
            "limit=0",
            "limit=101",
            "limit=1e3",
            "limit=" + "9" * 5000,
            "after=" + CANARY * 10,
            "limit=5&limit=6",
            "after=%00" + CANARY,
        ]
        new_paging = [
            "limit=",
            "limit=%2B5",
            "limit=%205",
            "limit=5%20",
            "limit=5_0",
            "limit=5.0",
            "limit=-0",
            "limit=0x10",
            "limit=true",
            "limit=null",
            "limit=100.5",
            "limit=1e2",
            "limit=5%00",
            "limit=%ff",
            "limit=" + CANARY,
            "after=" + CANARY + "a" * 54,
            "after=%ff%fe" + CANARY,
            "after=" + quote(CANARY + "\n"),
            "after=mem_x&after=mem_y",
            "limit=[5]",
        ]
        routes = {"stores.list": "/memory_stores?", "items.list": f"{base}&"}
        # Stores are listed by name, and `after` there is any name-like text of at most 64
        # characters (docs/api.md promises no more): an unknown one is answered with the stores after
        # it, where items.list refuses an `after` that is not a memory id of the listing.
        served = {"after=%00" + CANARY, "after=%ff%fe" + CANARY, "after=" + quote(CANARY + "\n")}
        for route, prefix in routes.items():
            for query in (old_paging if route == "stores.list" else []) + new_paging:
                yield Case(
                    f"query/{route}/{query[:24]}",
                    "GET",
                    prefix + query,
                    expect_refusal=not (route == "stores.list" and query in served),
                )
        items = f"/memory_stores/{self.store}/items"
        for query in (
            "",
            "?",
            "?scope=",
            "?scope=a&scope=b",
            f"?scope={CANARY}%0A",
            f"?scope=%09{CANARY}",
            f"?kind=user_profile&scope={quote(CANARY + chr(7))}",
            f"?scope={quote(PLACEHOLDER)}",
        ):
            yield Case(f"query/items.list/scope/{query[:24]}", "GET", items + query)
        for query in (
            "kind=",
            "kind=USER_PROFILE",
            "kind=user_profile,procedural",
            "kind=user_profile&kind=procedural",
            "kind=%00",
            "kind=5",
        ):
            yield Case(f"query/items.list/{query}", "GET", f"{base}&{query}")
        for route, prefix in routes.items():
            yield Case(f"query/{route}/unknown-parameter", "GET", prefix + "limt=5", expect_refusal=False)

    def methods_and_request_lines(self) -> Iterator[Case]:
        s = f"/memory_stores/{self.store}"
        for method in (
            "FOO",
            "PROPFIND",
            "TRACE",
            "PURGE",
            "LINK",
            "get",
            "M-SEARCH",
            "PATCH",
            "PUT",
            "OPTIONS",
        ):
            for path in (
                "/memory_stores",
                s,
                f"{s}/items",
                f"{s}/search_memories",
                f"/nope/{CANARY}",
                f"{s}/items/{self.memory_id}",
                f"{s}/delete_scope",
                f"{s}/update_memories",
                f"{s}/updates/{UNKNOWN_UPDATE}",
            ):
                name = path.replace(self.store, "{name}").replace(self.memory_id, "{id}")
                yield Case(f"method/{method}{name}", method, path)
        # A method the API has, on a path that does not take it.
        wrong = [
            ("GET", f"{s}/delete_scope"),
            ("GET", f"{s}/update_memories"),
            ("GET", f"{s}/search_memories"),
            ("DELETE", "/memory_stores"),
            ("DELETE", f"{s}/items"),
            ("DELETE", f"{s}/delete_scope"),
            ("DELETE", f"{s}/update_memories"),
            ("DELETE", f"{s}/search_memories"),
            ("POST", f"{s}/updates/{UNKNOWN_UPDATE}"),
            ("DELETE", f"{s}/updates/{UNKNOWN_UPDATE}"),
            ("POST", f"{s}/items/{self.memory_id}/{CANARY}"),
            ("GET", f"{s}/items/"),
            ("GET", "/memory_stores//items"),
            ("GET", f"/{CANARY}"),
            ("GET", "/"),
            ("POST", f"{s}/search_memories/{CANARY}"),
        ]
        for method, path in wrong:
            name = path.replace(self.store, "{name}").replace(self.memory_id, "{id}")
            yield Case(f"method/wrong/{method}{name}", method, path, b"{}" if method == "POST" else None)
        raw_lines = {
            "control-in-method": b"G\x01T /memory_stores HTTP/1.1",
            "http-9.9": b"GET /memory_stores HTTP/9.9",
            "no-version": b"GET /memory_stores",
            "method-only": b"GET",
            "bad-version": b"GET / FOO/1.1",
            "long-uri": b"GET /" + b"u" * 70_000 + b" HTTP/1.1",
            "binary": b"\x16\x03\x01\x02\x00\x01\x00\x01",
        }
        for name, line in raw_lines.items():
            yield Case(f"request-line/{name}", "", "", raw=line + b"\r\nHost: x\r\nConnection: close\r\n\r\n")
        for name, length in {"negative": "-5", "text": CANARY, "huge": str(10**30)}.items():
            yield Case(
                f"content-length/{name}",
                "",
                "",
                raw=(
                    f"POST {s}/items HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: {length}\r\n\r\n{{}}"
                ).encode(),
            )
        yield Case(
            "chunked/malformed",
            "",
            "",
            raw=(
                f"POST {s}/items HTTP/1.1\r\nHost: x\r\nConnection: close\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{{}}\r\n0\r\n\r\n"
            ).encode(),
        )

    def huge_headers(self) -> Iterator[Case]:
        variants = {
            "one-line-70KB": [("X-Big", "b" * 70_000)],
            "101-headers": [(f"X-Many-{i}", "v") for i in range(101)],
            "11KB-in-all": [(f"X-Part-{i}", "p" * 1000) for i in range(11)],
            "10KB-cookie": [("Cookie", "c=" + "c" * 10_300)],
        }
        for name, headers in variants.items():
            for method, path in self.paths:
                yield Case(
                    f"headers/{name}/{method}{path.split('?')[0].replace(self.store, '{name}')}",
                    method,
                    path,
                    headers=headers,
                )
        yield Case(
            "headers/9KB-served",
            "GET",
            "/memory_stores",
            headers=[("X-Big", "v" * 9000)],
            expect_refusal=False,
        )
        for route in ("items.create", "updates.submit", "search.static"):
            method, path, body = self.routes()[route]
            for name, headers in (
                ("one-line-70KB", [("X-Big", "b" * 70_000)]),
                ("11KB-in-all", [(f"X-Part-{i}", "p" * 1000) for i in range(11)]),
            ):
                yield Case(f"headers/{name}/{route}", method, path, body, headers)

    def limits(self) -> Iterator[Case]:
        """Values just over each documented limit (docs/api.md, "Limits"), and bodies just over the
        body-size limits."""
        message = self.message
        over: list[tuple[str, Any, tuple[str | int, ...]]] = [
            ("stores.create", CANARY + "n" * 54, ("name",)),
            ("stores.create", "", ("name",)),
            ("stores.create", f"{CANARY}/x", ("name",)),
            ("stores.create", CANARY + "d" * 502, ("description",)),
            ("stores.create", {f"k{i}": "v" for i in range(17)}, ("metadata",)),
            ("stores.create", {CANARY + "k" * 54: "v"}, ("metadata",)),
            ("stores.create", {"": "v"}, ("metadata",)),
            ("stores.create", {"k": CANARY + "v" * 502}, ("metadata",)),
            ("stores.create", CANARY + "m" * 190, ("definition", "chat_model")),
            ("stores.create", "", ("definition", "embedding_model")),
            ("stores.create", CANARY + "p" * 3990, ("definition", "options", "user_profile_details")),
            ("stores.create", 10 * 365 * 86400 + 1, ("definition", "options", "default_ttl_seconds")),
            ("stores.create", 30 * 86400 + 1, ("definition", "options", "message_retention_seconds")),
            ("stores.create", -1, ("definition", "options", "message_retention_seconds")),
            ("stores.create", "redacted", ("definition", "options", "secret_handling")),
            ("stores.create", 1, ("definition", "options", "max_memory")),
            ("stores.update", CANARY + "d" * 502, ("description",)),
            ("stores.update", {f"k{i}": "v" for i in range(17)}, ("metadata",)),
            ("stores.update", {CANARY + "k" * 54: "v"}, ("metadata",)),
            ("stores.update", {"": "v"}, ("metadata",)),
            ("stores.update", {"k": CANARY + "v" * 502}, ("metadata",)),
            ("stores.update", "renamed", ("name",)),
            ("stores.update", {"kind": "default"}, ("definition",)),
            ("items.create", CANARY + "c" * 8182, ("content",)),
            ("items.create", CANARY + "é" * 4092, ("content",)),
            ("items.create", "", ("content",)),
            ("items.create", " \n\t ", ("content",)),
            ("items.create", "mem_01JBV3Z7Q5E8N3W4R2T6Y9P0ZZ", ("memory_id",)),
            ("items.update", CANARY + "c" * 8182, ("content",)),
            ("items.update", CANARY + "é" * 4092, ("content",)),
            ("items.update", "", ("content",)),
            ("items.update", " \n\t ", ("content",)),
            ("items.update", SCOPE + "-other", ("scope",)),
            ("updates.submit", [message] * 201, ("items",)),
            ("updates.submit", [], ("items",)),
            ("updates.submit", CANARY + "c" * 31_990, ("items", 0, "content")),
            (
                "updates.submit",
                [{"type": "input_text", "text": CANARY + "c" * 31_990}],
                ("items", 0, "content"),
            ),
            ("updates.submit", CANARY + "i" * 118, ("items", 0, "id")),
            ("updates.submit", "", ("items", 0, "id")),
            ("updates.submit", 7 * 86400 + 1, ("update_delay",)),
            ("updates.submit", -1, ("update_delay",)),
            ("updates.submit", "tool", ("items", 0, "role")),
            ("updates.submit", True, ("dryrun",)),
            ("search.static", 0, ("options", "max_memories")),
            ("search.static", 101, ("options", "max_memories")),
            ("search.static", 5, ("options", "max_memory")),
            ("search.static", 5, ("max_memories",)),
            ("search.contextual", [message] * 21, ("items",)),
            ("search.contextual", CANARY + "c" * 31_990, ("items", 0, "content")),
            ("search.contextual", 101, ("options", "max_memories")),
            ("search.contextual", True, ("dry_run",)),
        ]
        for n, (route, value, path) in enumerate(over):
            method, url, body = self.with_path(route, value, *path)
            yield Case(f"limits/{route}/{'.'.join(map(str, path))}/{n}", method, url, body)
        for route in self.bodies:
            limit = LARGE_BODY_LIMIT if route.startswith(("updates", "search")) else BODY_LIMIT
            method, url, body = self.with_path(route, CANARY + "x" * limit, "pad")
            yield Case(f"limits/{route}/body-over-{limit // 1024}KB", method, url, body)


WRONG: dict[str, list[tuple[str, Any]]] = {
    "str": [
        ("int", 5),
        ("negative", -1),
        ("float", 1.5),
        ("bool", True),
        ("array", [CANARY]),
        ("object", {"v": CANARY}),
    ],
    "int": [
        ("string", "5"),
        ("bool-string", "true"),
        ("empty-string", ""),
        ("float-int", 5.0),
        ("float", 5.5),
        ("bool", True),
        ("false", False),
        ("negative", -1),
        ("huge", 10**30),
        ("array", [5]),
        ("object", {"v": 5}),
    ],
    "bool": [
        ("string-true", "true"),
        ("string-false", "false"),
        ("int-1", 1),
        ("int-0", 0),
        ("yes", "yes"),
        ("array", [True]),
        ("object", {"v": True}),
    ],
    "obj": [("string", CANARY), ("int", 5), ("bool", True), ("array", [CANARY]), ("empty-array", [])],
    "list": [
        ("string", CANARY),
        ("int", 5),
        ("bool", True),
        ("object", {"0": CANARY}),
        ("strings", [CANARY]),
        ("ints", [5]),
        ("nulls", [None]),
        ("nested", [[]]),
        ("empty-object", {}),
    ],
}
WRONG["enum"] = WRONG["str"]
RAW_NUMBERS = {
    "1e400": "1e400",
    "-1e400": "-1e400",
    "1e2": "1e2",
    "minus-zero-float": "-0.0",
    "400-digits": "9" * 400,
    "4301-digits": "9" * 4301,
    "negative-400-digits": "-" + "9" * 400,
}
"""Integers as JSON text: 1e400 parses as a float infinity, 4,301 digits is over Python's limit."""

FIELDS: dict[str, dict[str, tuple[str, bool]]] = {
    "stores.create": {
        "name": ("str", False),
        "description": ("str", True),
        "metadata": ("obj", False),
        "metadata.k": ("str", False),
        "definition": ("obj", False),
        "definition.kind": ("enum", False),
        "definition.chat_model": ("str", True),
        "definition.embedding_model": ("str", True),
        "definition.options": ("obj", False),
        "definition.options.user_profile_enabled": ("bool", False),
        "definition.options.chat_summary_enabled": ("bool", False),
        "definition.options.procedural_memory_enabled": ("bool", False),
        "definition.options.default_ttl_seconds": ("int", False),
        "definition.options.message_retention_seconds": ("int", False),
        "definition.options.user_profile_details": ("str", True),
        "definition.options.secret_handling": ("enum", False),
    },
    "stores.update": {"description": ("str", True), "metadata": ("obj", True), "metadata.k": ("str", False)},
    "items.create": {"scope": ("str", False), "content": ("str", False), "kind": ("enum", False)},
    "items.update": {"content": ("str", True), "kind": ("enum", True)},
    "items.delete_scope": {"scope": ("str", False)},
    "updates.submit": {
        "scope": ("str", False),
        "items": ("list", False),
        "items.0": ("obj", False),
        "items.0.type": ("enum", False),
        "items.0.role": ("enum", False),
        "items.0.content": ("str", False),
        "items.0.id": ("str", True),
        "update_delay": ("int", False),
        "dry_run": ("bool", False),
        "previous_update_id": ("str", True),
    },
    "search.static": {
        "scope": ("str", False),
        "options": ("obj", False),
        "options.max_memories": ("int", False),
        "previous_search_id": ("str", True),
        "items": ("list", True),
    },
    "search.contextual": {
        "scope": ("str", False),
        "items": ("list", True),
        "items.0": ("obj", False),
        "items.0.role": ("enum", False),
        "items.0.content": ("str", False),
        "options.max_memories": ("int", False),
    },
}
"""Each body route's fields (dotted paths, created as needed) as (type, whether null is valid)."""


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
    parser.add_argument(
        "--base-url", required=True, help="a running `memstore local`, e.g. http://127.0.0.1:3000"
    )
    parser.add_argument("--clients", type=int, default=8, help="requests in flight at once (default 8)")
    parser.add_argument("--out", help="also write the report as JSON to this file")
    args = parser.parse_args(argv)
    base = args.base_url.rstrip("/")

    store = f"sweep-{uuid.uuid4().hex[:8]}"
    status, _ = call(base, "POST", "/memory_stores", {"name": store, "definition": {"kind": "default"}})
    assert status == 201, f"could not create the sweep's store ({status})"
    status, item = call(
        base,
        "POST",
        f"/memory_stores/{store}/items",
        {"scope": SCOPE, "content": "Prefers a window seat.", "kind": "user_profile"},
    )
    assert status == 201, f"could not create the sweep's item ({status})"
    victim = f"{store}-v"
    status, _ = call(base, "POST", "/memory_stores", {"name": victim, "definition": {"kind": "default"}})
    assert status == 201, f"could not create the sweep's victim store ({status})"
    status, victim_item = call(
        base,
        "POST",
        f"/memory_stores/{victim}/items",
        {"scope": SCOPE, "content": "Keeps a spare key.", "kind": "user_profile"},
    )
    assert status == 201, f"could not create the victim's item ({status})"
    try:
        cases = list(Sweep(store, item["memory_id"], victim, victim_item["memory_id"]).cases())
        started = time.perf_counter()
        with ThreadPoolExecutor(args.clients) as pool:
            outcomes = list(pool.map(lambda c: send(base, c), cases))
        elapsed = time.perf_counter() - started
        status, listed = call(base, "GET", f"/memory_stores/{store}/items?scope={SCOPE}&limit=100")
        intact = status == 200 and [i["content"] for i in listed["data"]] == ["Prefers a window seat."]
        status, kept = call(base, "GET", f"/memory_stores/{victim}/items/{victim_item['memory_id']}")
        intact = intact and status == 200 and kept["content"] == "Keeps a spare key."
    finally:
        call(base, "DELETE", f"/memory_stores/{victim}")
        call(base, "DELETE", f"/memory_stores/{store}")
        call(base, "DELETE", f"/memory_stores/{store}-x")

    by_status = Counter(str(o.status) for o in outcomes)
    by_family = Counter(o.case.name.split("/")[0] for o in outcomes)
    problems = [
        {"case": o.case.name, "status": o.status, "findings": f} for o in outcomes if (f := findings(o))
    ]
    report = {
        "requests": len(outcomes),
        "seconds": round(elapsed, 1),
        "by_status": dict(sorted(by_status.items())),
        "by_family": dict(sorted(by_family.items())),
        "status_5xx": sum(1 for o in outcomes if (o.status or 0) >= 500),
        "no_response": sum(1 for o in outcomes if o.status is None),
        "findings": problems,
        "sweep_item_intact": intact,
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
