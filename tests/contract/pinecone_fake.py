"""A local stand-in for one Pinecone index's data plane, for the `pinecone` provider's tests: the
official client talks HTTP to it. Every answer is a response recorded in pinecone_recorded.json,
filled from the fake's state; requests are checked for the shapes the API takes (camelCase fields,
the Api-Key header), and anything else is the API's 400."""

from __future__ import annotations

import json
import math
import threading
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from copy import deepcopy
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

RECORDED = json.loads((Path(__file__).with_name("pinecone_recorded.json")).read_text())
API_KEY = "pc-test-key"
LIST_PAGE = 2
"""Small pages, so the client's pagination is exercised."""


class FakeIndex:
    def __init__(self, dimension: int) -> None:
        self.dimension = dimension
        self.namespaces: dict[str, dict[str, dict[str, Any]]] = {}
        self.requests: list[tuple[str, str]] = []
        self.lock = threading.Lock()

    def upsert(self, body: dict[str, Any]) -> tuple[int, Any]:
        vectors = body.get("vectors")
        if set(body) - {"vectors", "namespace"} or not isinstance(vectors, list):
            return _recorded("bad_request")
        for vector in vectors:
            if (
                set(vector) - {"id", "values", "metadata", "sparseValues"}
                or len(vector["values"]) != self.dimension
            ):
                return _recorded("bad_request")
        space = self.namespaces.setdefault(body.get("namespace", ""), {})
        for vector in vectors:
            space[vector["id"]] = {
                "id": vector["id"],
                "values": vector["values"],
                "metadata": vector.get("metadata", {}),
            }
        return _recorded("upsert", upsertedCount=len(vectors))

    def fetch(self, query: dict[str, list[str]]) -> tuple[int, Any]:
        namespace = query.get("namespace", [""])[0]
        space = self.namespaces.get(namespace, {})
        found = {i: deepcopy(space[i]) for i in query.get("ids", []) if i in space}
        return _recorded("fetch", vectors=found, namespace=namespace)

    def query(self, body: dict[str, Any]) -> tuple[int, Any]:
        allowed = {"vector", "topK", "namespace", "filter", "includeMetadata", "includeValues"}
        if (
            set(body) - allowed
            or not isinstance(body.get("topK"), int)
            or len(body.get("vector", [])) != self.dimension
        ):
            return _recorded("bad_request")
        namespace = body.get("namespace", "")
        candidates = [
            v
            for v in self.namespaces.get(namespace, {}).values()
            if _passes(v["metadata"], body.get("filter"))
        ]
        scored = sorted(candidates, key=lambda v: -_cosine(v["values"], body["vector"]))[: body["topK"]]
        matches = []
        for vector in scored:
            match: dict[str, Any] = {
                "id": vector["id"],
                "score": _cosine(vector["values"], body["vector"]),
                "values": [],
            }
            if body.get("includeMetadata"):
                match["metadata"] = deepcopy(vector["metadata"])
            matches.append(match)
        return _recorded("query", matches=matches, namespace=namespace)

    def list(self, query: dict[str, list[str]]) -> tuple[int, Any]:
        namespace = query.get("namespace", [""])[0]
        ids = sorted(self.namespaces.get(namespace, {}))
        start = int(query.get("paginationToken", ["0"])[0])
        page = ids[start : start + LIST_PAGE]
        more = start + LIST_PAGE < len(ids)
        return _recorded(
            "list",
            vectors=[{"id": i} for i in page],
            pagination={"next": str(start + LIST_PAGE)} if more else None,
            namespace=namespace,
        )

    def delete(self, body: dict[str, Any]) -> tuple[int, Any]:
        if set(body) - {"ids", "namespace", "deleteAll", "filter"}:
            return _recorded("bad_request")
        namespace = body.get("namespace", "")
        if namespace not in self.namespaces:
            return _recorded("namespace_not_found")
        if body.get("deleteAll"):
            del self.namespaces[namespace]
        else:
            for vector_id in body.get("ids", []):
                self.namespaces[namespace].pop(vector_id, None)
        return _recorded("delete")


def _recorded(name: str, **fields: Any) -> tuple[int, Any]:
    answer = deepcopy(RECORDED[name])
    answer["body"].update(fields)
    return answer["status"], answer["body"]


def _cosine(a: list[float], b: list[float]) -> float:
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(x * x for x in b))
    return sum(x * y for x, y in zip(a, b, strict=True)) / norm if norm else 0.0


def _passes(metadata: dict[str, Any], condition: dict[str, Any] | None) -> bool:
    if not condition:
        return True
    for field, test in condition.items():
        if field == "$and":
            if not all(_passes(metadata, part) for part in test):
                return False
        elif isinstance(test, dict):
            if set(test) != {"$eq"} or metadata.get(field) != test["$eq"]:
                return False
        elif metadata.get(field) != test:
            return False
    return True


def _handler(index: FakeIndex) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def _answer(self, status: int, body: Any) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _route(self, method: str) -> None:
            url = urllib.parse.urlsplit(self.path)
            with index.lock:
                index.requests.append((method, url.path))
                if self.headers.get("Api-Key") != API_KEY:
                    self._answer(*_recorded("unauthorized"))
                    return
                if method == "GET":
                    query = urllib.parse.parse_qs(url.query)
                    routes = {"/vectors/fetch": index.fetch, "/vectors/list": index.list}
                    argument: Any = query
                else:
                    length = int(self.headers.get("Content-Length") or 0)
                    argument = json.loads(self.rfile.read(length) or b"{}")
                    routes = {
                        "/vectors/upsert": index.upsert,
                        "/query": index.query,
                        "/vectors/delete": index.delete,
                    }
                route = routes.get(url.path)
                self._answer(
                    *(route(argument) if route else (404, {"code": 5, "message": "Not Found", "details": []}))
                )

        def do_GET(self) -> None:
            self._route("GET")

        def do_POST(self) -> None:
            self._route("POST")

    return Handler


@contextmanager
def fake_index(dimension: int = 384) -> Iterator[tuple[str, FakeIndex]]:
    """Yields (host URL, the fake's state) for an index of `dimension`."""
    index = FakeIndex(dimension)
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(index))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", index
    finally:
        server.shutdown()
        server.server_close()
