"""Request-body contract of the OpenSearch backend.

No OpenSearch server runs here, so the real opensearch-py client talks to a recording HTTP server on
127.0.0.1 that answers with documented response shapes; every request's path and body is checked
against the documented API (index creation with a knn_vector mapping, _doc, _bulk, _msearch with a
k-NN query that filters inside, paged _search). The same behaviour runs against a real cluster when
OPENSEARCH_URL is set.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import threading
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from memstore.adapters import opensearch_index as osi
from memstore.adapters.opensearch_index import OpenSearchIndex, cosine_from_score, make_client
from memstore.domain.errors import DependencyUnavailable
from memstore.domain.models import Kind, MemoryItem
from tests.support import ROOT

INDEX = "memstore-memories"
SCOPE = "alice@example.com/secret-scope"
SCOPE_KEY = hashlib.sha256(SCOPE.encode()).hexdigest()[:32]
NOW = 1_800_000_000


class Recorder:
    """Requests seen and the answers to give, by (method, path) with a fallback."""

    def __init__(self):
        self.requests: list[dict] = []
        self.answers: dict[tuple[str, str], list[tuple[int, object]]] = {}

    def answer(self, method: str, path: str, status: int, body: object) -> None:
        self.answers.setdefault((method, path), []).append((status, body))

    def respond(self, method: str, path: str) -> tuple[int, object]:
        queue = self.answers.get((method, path))
        if not queue:
            return 500, {"error": {"type": "unexpected_request", "reason": f"{method} {path}"}, "status": 500}
        return queue.pop(0) if len(queue) > 1 else queue[0]

    def bodies(self, method: str, path: str) -> list:
        return [r["body"] for r in self.requests if r["method"] == method and r["path"] == path]


@pytest.fixture
def server():
    recorder = Recorder()

    class Handler(BaseHTTPRequestHandler):
        def _handle(self):
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length).decode() if length else ""
            parts = urlsplit(self.path)
            path = unquote(parts.path)
            if raw and path.endswith(("_bulk", "_msearch")):
                body = [json.loads(line) for line in raw.splitlines() if line]
            else:
                body = json.loads(raw) if raw else None
            recorder.requests.append(
                {
                    "method": self.command,
                    "path": path,
                    "raw_path": parts.path,
                    "query": parse_qs(parts.query),
                    "headers": dict(self.headers),
                    "body": body,
                    "raw": raw,
                }
            )
            status, answer = recorder.respond(self.command, path)
            data = json.dumps(answer).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(data)

        do_GET = do_PUT = do_POST = do_DELETE = do_HEAD = _handle

        def log_message(self, *args):
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    recorder.port = httpd.server_address[1]
    yield recorder
    httpd.shutdown()
    httpd.server_close()


def plain_client(port: int):
    from opensearchpy import OpenSearch

    return OpenSearch(hosts=[{"host": "127.0.0.1", "port": port}], use_ssl=False, max_retries=0, timeout=5)


def existing_mapping(*dims: int) -> dict:
    props = {"memory_id": {"type": "keyword"}}
    for d in dims:
        props[f"embedding_{d}"] = {"type": "knn_vector", "dimension": d}
    return {INDEX: {"mappings": {"properties": props}}}


def make_index(server, *, dims=(4,), service="aoss", **kwargs) -> OpenSearchIndex:
    server.answer("GET", f"/{INDEX}/_mapping", 200, existing_mapping(*dims))
    return OpenSearchIndex(service=service, dimensions=dims, client=plain_client(server.port), **kwargs)


def item(memory_id="mem_1", content="Drinks oat milk in coffee", expires_at=None, scope=SCOPE) -> MemoryItem:
    return MemoryItem(
        memory_id=memory_id,
        store="demo",
        scope=scope,
        kind=Kind.USER_PROFILE,
        content=content,
        created_at=NOW - 100,
        updated_at=NOW - 50,
        expires_at=expires_at,
        importance=0.7,
        version=3,
    )


def scope_filter(now=NOW, scope_key=SCOPE_KEY) -> list:
    return [
        {"term": {"store": "demo"}},
        {"term": {"scope_key": scope_key}},
        {
            "bool": {
                "should": [
                    {"bool": {"must_not": {"exists": {"field": "expires_at"}}}},
                    {"range": {"expires_at": {"gt": now}}},
                ],
                "minimum_should_match": 1,
            }
        },
    ]


def no_raw_scope(server) -> None:
    encoded = SCOPE.replace("@", "%40").replace("/", "%2F")
    for r in server.requests:
        for text in (r["raw"], r["raw_path"], json.dumps(r["query"])):
            assert SCOPE not in text and encoded not in text and "secret-scope" not in text


# ---------------------------------------------------------------------- index and mapping
def test_a_missing_index_is_created_with_a_faiss_hnsw_knn_mapping(server):
    server.answer(
        "GET", f"/{INDEX}/_mapping", 404, {"error": {"type": "index_not_found_exception"}, "status": 404}
    )
    server.answer("PUT", f"/{INDEX}", 200, {"acknowledged": True, "index": INDEX})
    index = OpenSearchIndex(dimensions=(384, 1024), client=plain_client(server.port))

    index.ensure_index()

    (body,) = server.bodies("PUT", f"/{INDEX}")
    assert body["settings"] == {"index.knn": True}
    props = body["mappings"]["properties"]
    assert body["mappings"]["dynamic"] == "strict"
    for name in ("memory_id", "store", "scope_key", "kind", "doc_key"):
        assert props[name] == {"type": "keyword"}
    assert props["content"] == {"type": "text", "analyzer": "english"}
    assert props["importance"] == {"type": "float"}
    for name in ("created_at", "updated_at", "expires_at", "version"):
        assert props[name] == {"type": "long"}
    assert "scope" not in props
    for dim in (384, 1024):
        assert props[f"embedding_{dim}"] == {
            "type": "knn_vector",
            "dimension": dim,
            "method": {
                "name": "hnsw",
                "engine": "faiss",
                "space_type": "innerproduct",
                "parameters": {"m": 16, "ef_construction": 128},
            },
        }


def test_an_index_created_concurrently_by_another_container_is_used(server):
    server.answer(
        "GET", f"/{INDEX}/_mapping", 404, {"error": {"type": "index_not_found_exception"}, "status": 404}
    )
    server.answer("GET", f"/{INDEX}/_mapping", 200, existing_mapping(384))
    server.answer(
        "PUT", f"/{INDEX}", 400, {"error": {"type": "resource_already_exists_exception"}, "status": 400}
    )
    index = OpenSearchIndex(dimensions=384, client=plain_client(server.port))

    index.ensure_index()
    assert index._known_fields() == {384}


def test_a_vector_of_a_new_size_adds_its_field_to_the_mapping_once(server):
    index = make_index(server, dims=(4,), service="es")
    server.answer("PUT", f"/{INDEX}/_mapping", 200, {"acknowledged": True})
    server.answer("PUT", f"/{INDEX}/_doc/demo:mem_1", 201, {"result": "created"})
    server.answer("PUT", f"/{INDEX}/_doc/demo:mem_2", 201, {"result": "created"})

    index.upsert(item(), np.ones(6, dtype=np.float32))
    index.upsert(item("mem_2"), np.ones(6, dtype=np.float32))

    (body,) = server.bodies("PUT", f"/{INDEX}/_mapping")
    assert body == {
        "properties": {
            "embedding_6": {
                "type": "knn_vector",
                "dimension": 6,
                "method": {
                    "name": "hnsw",
                    "engine": "faiss",
                    "space_type": "innerproduct",
                    "parameters": {"m": 16, "ef_construction": 128},
                },
            }
        }
    }


# ---------------------------------------------------------------------- writes
def test_upsert_with_custom_ids_puts_the_document_under_store_and_memory_id(server):
    index = make_index(server, service="es")
    server.answer("PUT", f"/{INDEX}/_doc/demo:mem_1", 201, {"result": "created"})

    index.upsert(item(expires_at=NOW + 3600), np.array([3.0, 0.0, 4.0, 0.0], dtype=np.float32))

    (request,) = [r for r in server.requests if r["method"] == "PUT" and "_doc" in r["path"]]
    assert "refresh" not in request["query"]
    doc = request["body"]
    assert doc.pop("doc_key")
    assert doc == {
        "memory_id": "mem_1",
        "store": "demo",
        "scope_key": SCOPE_KEY,
        "kind": "user_profile",
        "content": "Drinks oat milk in coffee",
        "importance": 0.7,
        "created_at": NOW - 100,
        "updated_at": NOW - 50,
        "version": 3,
        "expires_at": NOW + 3600,
        "embedding_4": pytest.approx([0.6, 0.0, 0.8, 0.0]),
    }
    no_raw_scope(server)


def test_a_memory_without_expiry_or_vector_has_neither_field(server):
    index = make_index(server, service="es")
    server.answer("PUT", f"/{INDEX}/_doc/demo:mem_1", 201, {"result": "created"})

    index.upsert(item(), None)

    (doc,) = server.bodies("PUT", f"/{INDEX}/_doc/demo:mem_1")
    assert "expires_at" not in doc and not any(k.startswith("embedding") for k in doc)


def test_upsert_with_generated_ids_replaces_the_memorys_earlier_documents(server):
    index = make_index(server)  # Serverless (aoss) defaults to server-generated ids
    assert index.custom_ids is False
    server.answer(
        "POST",
        f"/{INDEX}/_search",
        200,
        {"hits": {"hits": [{"_id": "old-1", "sort": ["k1"]}, {"_id": "old-2", "sort": ["k2"]}]}},
    )
    server.answer(
        "POST",
        "/_bulk",
        200,
        {
            "errors": False,
            "items": [
                {"delete": {"_id": "old-1", "status": 200}},
                {"delete": {"_id": "old-2", "status": 404}},
                {"index": {"_id": "new", "status": 201}},
            ],
        },
    )

    index.upsert(item(), np.ones(4, dtype=np.float32))

    (search,) = server.bodies("POST", f"/{INDEX}/_search")
    assert search["query"] == {
        "bool": {"filter": [{"term": {"store": "demo"}}, {"term": {"memory_id": "mem_1"}}]}
    }
    assert search["_source"] is False and search["sort"] == [{"doc_key": "asc"}]
    (bulk,) = server.bodies("POST", "/_bulk")
    assert bulk[:3] == [
        {"delete": {"_index": INDEX, "_id": "old-1"}},
        {"delete": {"_index": INDEX, "_id": "old-2"}},
        {"index": {"_index": INDEX}},
    ]
    assert bulk[3]["memory_id"] == "mem_1" and bulk[3]["scope_key"] == SCOPE_KEY
    assert len(bulk) == 4
    no_raw_scope(server)


def test_delete_with_custom_ids_deletes_the_document_and_tolerates_its_absence(server):
    index = make_index(server, service="es")
    server.answer("DELETE", f"/{INDEX}/_doc/demo:mem_1", 404, {"result": "not_found"})

    index.delete("demo", SCOPE, "mem_1")

    assert [(r["method"], r["path"]) for r in server.requests] == [("DELETE", f"/{INDEX}/_doc/demo:mem_1")]


def test_delete_with_generated_ids_finds_the_memorys_documents_then_bulk_deletes(server):
    index = make_index(server)
    server.answer("POST", f"/{INDEX}/_search", 200, {"hits": {"hits": [{"_id": "x1", "sort": ["a"]}]}})
    server.answer(
        "POST", "/_bulk", 200, {"errors": False, "items": [{"delete": {"_id": "x1", "status": 200}}]}
    )

    index.delete("demo", SCOPE, "mem_1")

    assert server.bodies("POST", "/_bulk") == [[{"delete": {"_index": INDEX, "_id": "x1"}}]]


def test_delete_scope_pages_with_search_after_and_deletes_each_page(server, monkeypatch):
    monkeypatch.setattr(osi, "PAGE_SIZE", 2)
    index = make_index(server)
    server.answer(
        "POST",
        f"/{INDEX}/_search",
        200,
        {"hits": {"hits": [{"_id": "d1", "sort": ["k1"]}, {"_id": "d2", "sort": ["k2"]}]}},
    )
    server.answer("POST", f"/{INDEX}/_search", 200, {"hits": {"hits": [{"_id": "d3", "sort": ["k3"]}]}})
    server.answer("POST", "/_bulk", 200, {"errors": False, "items": []})

    index.delete_scope("demo", SCOPE)

    first, second = server.bodies("POST", f"/{INDEX}/_search")
    for body in (first, second):
        assert body["query"] == {
            "bool": {"filter": [{"term": {"store": "demo"}}, {"term": {"scope_key": SCOPE_KEY}}]}
        }
        assert body["size"] == 2 and body["sort"] == [{"doc_key": "asc"}]
    assert "search_after" not in first and second["search_after"] == ["k2"]
    assert server.bodies("POST", "/_bulk") == [
        [{"delete": {"_index": INDEX, "_id": "d1"}}, {"delete": {"_index": INDEX, "_id": "d2"}}],
        [{"delete": {"_index": INDEX, "_id": "d3"}}],
    ]
    assert not any(r["path"].endswith("_delete_by_query") for r in server.requests)
    no_raw_scope(server)


def test_delete_store_filters_on_the_store_alone(server):
    index = make_index(server, service="es")
    server.answer("POST", f"/{INDEX}/_search", 200, {"hits": {"hits": []}})

    index.delete_store("demo")

    (body,) = server.bodies("POST", f"/{INDEX}/_search")
    assert body["query"] == {"bool": {"filter": [{"term": {"store": "demo"}}]}}
    assert server.bodies("POST", "/_bulk") == []


def test_deleting_from_an_index_that_does_not_exist_yet_is_a_no_op(server):
    server.answer("GET", f"/{INDEX}/_mapping", 200, existing_mapping(4))
    server.answer(
        "POST", f"/{INDEX}/_search", 404, {"error": {"type": "index_not_found_exception"}, "status": 404}
    )
    index = OpenSearchIndex(dimensions=4, client=plain_client(server.port))

    index.delete_store("demo")
    assert server.bodies("POST", "/_bulk") == []


# ---------------------------------------------------------------------- queries
def msearch_answer(knn_hits, text_hits):
    def hits(pairs):
        return {
            "hits": {
                "hits": [{"_id": f"id-{m}", "_score": s, "_source": {"memory_id": m}} for m, s in pairs]
            },
            "status": 200,
        }

    return {"responses": [hits(knn_hits), hits(text_hits)]}


def test_query_sends_a_filtered_knn_search_and_a_filtered_bm25_match_in_one_msearch(server):
    index = make_index(server)
    server.answer(
        "POST", "/_msearch", 200, msearch_answer([("m1", 1.8), ("m2", 0.8)], [("m1", 7.25), ("m3", 2.5)])
    )

    hits = index.query("demo", SCOPE, "oat milk", np.array([0.0, 2.0, 0.0, 0.0], dtype=np.float32), 5, NOW)

    (lines,) = server.bodies("POST", "/_msearch")
    assert lines == [
        {"index": INDEX},
        {
            "size": 5,
            "_source": ["memory_id"],
            "query": {
                "knn": {
                    "embedding_4": {
                        "vector": [0.0, 1.0, 0.0, 0.0],
                        "k": 5,
                        "filter": {"bool": {"filter": scope_filter()}},
                    }
                }
            },
        },
        {"index": INDEX},
        {
            "size": 5,
            "_source": ["memory_id"],
            "query": {
                "bool": {"must": [{"match": {"content": {"query": "oat milk"}}}], "filter": scope_filter()}
            },
        },
    ]
    by_id = {h.memory_id: h for h in hits}
    assert set(by_id) == {"m1", "m2", "m3"}
    assert by_id["m1"].vector_score == pytest.approx(0.8) and by_id["m1"].text_score == 7.25
    assert by_id["m2"].vector_score == pytest.approx(-0.25) and by_id["m2"].text_score is None
    assert by_id["m3"].vector_score is None and by_id["m3"].text_score == 2.5
    no_raw_scope(server)


def test_cosinesimil_scores_are_turned_back_into_cosine(server):
    index = make_index(server, space_type="cosinesimil")
    server.answer(
        "POST",
        "/_msearch",
        200,
        {
            "responses": [
                {
                    "hits": {"hits": [{"_score": 1 / (1 + (1 - 0.9)), "_source": {"memory_id": "m1"}}]},
                    "status": 200,
                }
            ]
        },
    )

    (hit,) = index.query("demo", SCOPE, "", np.ones(4, dtype=np.float32), 3, NOW)

    assert hit.vector_score == pytest.approx(0.9)
    assert len(server.bodies("POST", "/_msearch")[0]) == 2


def test_a_vector_of_a_size_the_index_lacks_leaves_only_the_bm25_ranker(server):
    index = make_index(server, dims=(4,))
    server.answer(
        "POST",
        "/_msearch",
        200,
        {"responses": [{"hits": {"hits": [{"_score": 1.5, "_source": {"memory_id": "m9"}}]}, "status": 200}]},
    )

    (hit,) = index.query("demo", SCOPE, "cello", np.ones(8, dtype=np.float32), 3, NOW)

    (lines,) = server.bodies("POST", "/_msearch")
    assert len(lines) == 2 and "bool" in lines[1]["query"]
    assert hit.text_score == 1.5 and hit.vector_score is None


def test_generated_id_duplicates_merge_into_one_hit_with_the_best_scores(server):
    index = make_index(server)
    server.answer(
        "POST", "/_msearch", 200, msearch_answer([("m1", 1.5), ("m1", 1.2)], [("m1", 2.0), ("m1", 3.0)])
    )

    (hit,) = index.query("demo", SCOPE, "x", np.ones(4, dtype=np.float32), 3, NOW)
    assert hit.vector_score == pytest.approx(0.5) and hit.text_score == 3.0


def test_a_missing_index_answers_no_hits_and_other_item_errors_raise(server):
    index = make_index(server)
    missing = {"error": {"type": "index_not_found_exception"}, "status": 404}
    server.answer("POST", "/_msearch", 200, {"responses": [missing, missing]})
    assert index.query("demo", SCOPE, "x", np.ones(4, dtype=np.float32), 3, NOW) == []

    server.answers[("POST", "/_msearch")] = [
        (200, {"responses": [{"error": {"type": "search_phase_execution_exception"}, "status": 500}]})
    ]
    with pytest.raises(DependencyUnavailable):
        index.query("demo", SCOPE, "", np.ones(4, dtype=np.float32), 3, NOW)


# ---------------------------------------------------------------------- errors, signing, imports
def test_http_errors_become_dependency_unavailable_with_the_cause_kept(server):
    from opensearchpy.exceptions import TransportError

    index = make_index(server, service="es")
    server.answer("PUT", f"/{INDEX}/_doc/demo:mem_1", 503, {"error": {"type": "unavailable"}, "status": 503})

    with pytest.raises(DependencyUnavailable) as raised:
        index.upsert(item(), None)
    assert isinstance(raised.value.__cause__, TransportError)


def test_an_unreachable_endpoint_is_dependency_unavailable():
    import socket

    from opensearchpy.exceptions import ConnectionError as OSConnectionError

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    index = OpenSearchIndex(dimensions=4, client=plain_client(port))
    with pytest.raises(DependencyUnavailable) as raised:
        index.query("demo", SCOPE, "x", np.ones(4, dtype=np.float32), 3, NOW)
    assert isinstance(raised.value.__cause__, OSConnectionError)


def test_a_bulk_answer_with_failed_items_raises(server):
    index = make_index(server)
    server.answer("POST", f"/{INDEX}/_search", 200, {"hits": {"hits": []}})
    server.answer(
        "POST",
        "/_bulk",
        200,
        {
            "errors": True,
            "items": [{"index": {"status": 400, "error": {"type": "mapper_parsing_exception"}}}],
        },
    )

    with pytest.raises(DependencyUnavailable):
        index.upsert(item(), np.ones(4, dtype=np.float32))


def test_make_client_signs_requests_with_sigv4_for_the_service(server, monkeypatch):
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "AKIDTEST")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "secret")
    monkeypatch.setenv("AWS_SESSION_TOKEN", "token-1")
    server.answer("GET", f"/{INDEX}/_mapping", 200, existing_mapping(4))
    server.answer("POST", "/_msearch", 200, msearch_answer([], []))
    client = make_client(f"http://127.0.0.1:{server.port}", "aoss", "eu-west-1", max_retries=0)
    index = OpenSearchIndex(dimensions=4, client=client)

    index.query("demo", SCOPE, "x", np.ones(4, dtype=np.float32), 3, NOW)

    request = next(r for r in server.requests if r["path"] == "/_msearch")
    headers = {k.lower(): v for k, v in request["headers"].items()}
    assert headers["authorization"].startswith("AWS4-HMAC-SHA256 Credential=AKIDTEST/")
    assert "/eu-west-1/aoss/aws4_request" in headers["authorization"]
    assert "x-amz-content-sha256" in headers["authorization"]
    assert headers["x-amz-content-sha256"] == hashlib.sha256(request["raw"].encode()).hexdigest()
    assert headers["x-amz-security-token"] == "token-1"


def test_importing_the_adapter_does_not_import_opensearch_py():
    code = "import sys, memstore.adapters.opensearch_index; print('opensearchpy' in sys.modules)"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "layers" / "memstore")}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip() == "False"


@given(cos=st.floats(min_value=-1.0, max_value=1.0))
def test_documented_knn_scores_invert_to_the_cosine(cos):
    d_ip = -cos
    innerproduct = 1 / (1 + d_ip) if d_ip >= 0 else 1 - d_ip
    assert cosine_from_score(innerproduct, "innerproduct") == pytest.approx(cos, abs=1e-9)
    cosinesimil = 1 / (1 + (1 - cos))
    assert cosine_from_score(cosinesimil, "cosinesimil") == pytest.approx(cos, abs=1e-9)


# ---------------------------------------------------------------------- a real cluster
@pytest.mark.skipif(
    not os.environ.get("OPENSEARCH_URL"), reason="OPENSEARCH_URL is not set: no OpenSearch cluster"
)
@pytest.mark.parametrize("custom_ids", [True, False])
def test_vector_index_behaviour_on_a_real_cluster(custom_ids):
    from opensearchpy import OpenSearch

    client = OpenSearch(hosts=[os.environ["OPENSEARCH_URL"]], timeout=30)
    name = f"memstore-test-{uuid.uuid4().hex[:8]}"
    index = OpenSearchIndex(index_name=name, dimensions=4, client=client, custom_ids=custom_ids)
    basis = np.eye(4, dtype=np.float32)
    try:
        index.ensure_index()
        index.upsert(item("m1", "drinks oat milk"), basis[0])
        index.upsert(item("m1", "drinks oat milk every morning"), basis[0])
        index.upsert(item("m2", "plays the cello"), basis[1])
        index.upsert(item("m3", "oat milk too", expires_at=NOW - 1), basis[0])
        index.upsert(item("m4", "oat milk", scope="someone-else"), basis[0])
        client.indices.refresh(index=name)

        hits = {h.memory_id: h for h in index.query("demo", SCOPE, "oat milk", basis[0], 10, NOW)}
        assert set(hits) == {"m1", "m2"}
        assert hits["m1"].vector_score == pytest.approx(1.0, abs=1e-3) and hits["m1"].text_score > 0
        assert hits["m2"].vector_score == pytest.approx(0.0, abs=1e-3) and hits["m2"].text_score is None
        assert client.count(index=name, body={"query": {"term": {"memory_id": "m1"}}})["count"] == 1

        index.delete("demo", SCOPE, "m2")
        client.indices.refresh(index=name)
        assert {h.memory_id for h in index.query("demo", SCOPE, "cello", basis[1], 10, NOW)} == {"m1"}

        index.delete_scope("demo", SCOPE)
        client.indices.refresh(index=name)
        assert index.query("demo", SCOPE, "oat milk", basis[0], 10, NOW) == []
        assert {h.memory_id for h in index.query("demo", "someone-else", "oat", basis[0], 10, NOW)} == {"m4"}

        index.delete_store("demo")
        client.indices.refresh(index=name)
        assert client.count(index=name)["count"] == 0
    finally:
        client.indices.delete(index=name, ignore=[404])
