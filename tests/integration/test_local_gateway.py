"""`memstore local` end to end over real HTTP on 127.0.0.1: the API Gateway v2 event the
handlers receive, routing and error answers, the moto table built from the template, the local
scheduler, and the CLI's listening line and clean stop. Handlers are the fixtures under
tests/fixtures/functions (they echo what they were given)."""

from __future__ import annotations

import base64
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from memstore.adapters.local_scheduler import process_scheduler
from memstore_local import LocalRuntime, TemplateError, run_in_thread
from memstore_local.gateway import (
    MAX_REQUEST_BYTES,
    MAX_REQUEST_LINE_AND_HEADERS,
    GatewayServer,
    Router,
    build_event,
)
from memstore_local.runtime import UnknownFunction
from memstore_local.template import Route, load_template

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "template_min.yaml"
TABLE = "memstore-local-fixture"


class Client:
    def __init__(self, port: int):
        self.port = port

    def request(self, method, path, body=None, headers=(), chunked=False):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.putrequest(method, path, skip_accept_encoding=True)
            for name, value in headers:
                conn.putheader(name, value)
            if chunked:
                conn.putheader("Transfer-Encoding", "chunked")
                conn.endheaders()
                for part in body:
                    conn.send(f"{len(part):x}\r\n".encode() + part + b"\r\n")
                conn.send(b"0\r\n\r\n")
            else:
                data = body.encode() if isinstance(body, str) else body
                if data is not None:
                    conn.putheader("Content-Length", str(len(data)))
                conn.endheaders(data)
            resp = conn.getresponse()
            return resp.status, resp.getheaders(), resp.read()
        finally:
            conn.close()

    def json(self, method, path, payload=None, headers=()):
        body = None if payload is None else json.dumps(payload)
        hdrs = [("Content-Type", "application/json"), *headers] if body is not None else list(headers)
        status, resp_headers, data = self.request(method, path, body, hdrs)
        return status, dict((k.lower(), v) for k, v in resp_headers), json.loads(data) if data else None


def raw_exchange(port: int, request: bytes, timeout: float = 10.0) -> tuple[int, dict[str, str], bytes]:
    """Sends bytes as they are (no client library tidies them) and reads one response."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(request)
        return read_response(sock)


def read_response(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    response = http.client.HTTPResponse(sock)
    response.begin()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()


def assert_json_error(status: int, headers: dict[str, str], body: bytes, expected: int, code: str) -> dict:
    assert status == expected, body
    assert headers["content-type"] == "application/json"
    error = json.loads(body)["error"]
    assert set(error) == {"code", "message", "param"} and error["code"] == code
    return error


def wait_for(predicate, timeout=10.0, interval=0.05):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    return predicate()


@pytest.fixture(scope="class")
def server():
    saved = {k: os.environ.get(k) for k in ("AWS_ENDPOINT_URL", "AWS_ENDPOINT_URL_DYNAMODB")}
    os.environ["AWS_ENDPOINT_URL"] = "http://127.0.0.1:9"
    os.environ["AWS_ENDPOINT_URL_DYNAMODB"] = "http://127.0.0.1:9"
    running = run_in_thread(LocalRuntime(FIXTURE), port=0)
    try:
        yield running
    finally:
        running.stop()
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


@pytest.fixture(scope="class")
def client(server):
    return Client(server.port)


class TestGateway:
    def test_event_shape_path_query_headers(self, client):
        status, headers, body = client.json(
            "GET",
            "/things/abc%20d/parts/p-1?scope=u1&scope=u2&empty=&acc=%C3%A9t%C3%A9",
            headers=[("X-Multi", "one"), ("X-Multi", "two"), ("Cookie", "a=1; b=2"), ("User-Agent", "t/1")],
        )
        assert status == 200
        assert headers["x-function"] == "echo"
        event = body["event"]
        assert event["version"] == "2.0"
        assert event["routeKey"] == "GET /things/{id}/parts/{part_id}"
        assert event["rawPath"] == "/things/abc d/parts/p-1"
        assert event["rawQueryString"] == "scope=u1&scope=u2&empty=&acc=%C3%A9t%C3%A9"
        assert event["queryStringParameters"] == {"scope": "u1,u2", "empty": "", "acc": "été"}
        assert event["pathParameters"] == {"id": "abc d", "part_id": "p-1"}
        assert event["headers"]["x-multi"] == "one,two"
        assert event["headers"]["user-agent"] == "t/1"
        assert "cookie" not in event["headers"]
        assert event["cookies"] == ["a=1", "b=2"]
        assert all(k == k.lower() for k in event["headers"])
        assert event["isBase64Encoded"] is False
        assert "body" not in event

        ctx = event["requestContext"]
        assert ctx["routeKey"] == event["routeKey"]
        assert ctx["stage"] == "$default"
        assert ctx["accountId"] == "123456789012"
        assert ctx["domainName"] == "127.0.0.1"
        assert ctx["http"] == {
            "method": "GET",
            "path": "/things/abc d/parts/p-1",
            "protocol": "HTTP/1.1",
            "sourceIp": "127.0.0.1",
            "userAgent": "t/1",
        }
        assert re.fullmatch(r"\d{2}/[A-Z][a-z]{2}/\d{4}:\d{2}:\d{2}:\d{2} \+0000", ctx["time"])
        assert abs(ctx["timeEpoch"] / 1000 - time.time()) < 60
        assert re.fullmatch(r"[0-9a-f-]{36}", ctx["requestId"])
        assert headers["apigw-requestid"] == ctx["requestId"]

    def test_no_query_means_no_query_parameters(self, client):
        status, _, body = client.json("GET", "/things")
        assert status == 200
        assert body["event"]["rawQueryString"] == ""
        assert "queryStringParameters" not in body["event"]
        assert "pathParameters" not in body["event"]

    def test_json_body_is_passed_as_text(self, client):
        payload = {"scope": "u1", "content": "likes green tea ☕"}
        status, _, body = client.json("POST", "/things", payload)
        assert status == 200
        event = body["event"]
        assert event["isBase64Encoded"] is False
        assert json.loads(event["body"]) == payload
        assert event["headers"]["content-type"] == "application/json"

    def test_binary_body_is_base64(self, client):
        raw = b"\x00\xff\xfe binary"
        status, _, data = client.request(
            "POST", "/things", raw, [("Content-Type", "application/octet-stream")]
        )
        assert status == 200
        event = json.loads(data)["event"]
        assert event["isBase64Encoded"] is True
        assert base64.b64decode(event["body"]) == raw

    def test_chunked_body_is_reassembled(self, client):
        status, _, data = client.request(
            "POST",
            "/things",
            [b'{"a": ', b'"chunked"}'],
            [("Content-Type", "application/json")],
            chunked=True,
        )
        assert status == 200
        assert json.loads(json.loads(data)["event"]["body"]) == {"a": "chunked"}

    def test_literal_segments_beat_parameters(self, client):
        assert client.json("GET", "/things/special")[2]["event"]["routeKey"] == "GET /things/special"
        assert client.json("GET", "/things/other")[2]["event"]["routeKey"] == "GET /things/{id}"

    def test_greedy_any_route(self, client):
        status, _, body = client.json("PATCH", "/any/a/b/c")
        assert status == 200
        assert body["event"]["routeKey"] == "ANY /any/{proxy+}"
        assert body["event"]["pathParameters"] == {"proxy": "a/b/c"}

    def test_unknown_route_is_a_json_404(self, client):
        status, headers, body = client.json("GET", "/nope/nothing?scope=x")
        assert status == 404
        assert headers["content-type"] == "application/json"
        assert body["error"]["code"] == "not_found"
        assert body["error"]["param"] is None
        assert "scope=x" not in body["error"]["message"]

    def test_wrong_method_is_a_json_405(self, client):
        status, headers, body = client.json("DELETE", "/things")
        assert status == 405
        assert headers["allow"] == "GET, POST"
        assert body["error"]["code"] == "method_not_allowed"

    def test_route_of_a_false_condition_is_not_served(self, client, server):
        assert "IndexerFunction" not in server.runtime.functions
        assert client.json("GET", "/indexer")[0] == 404

    def test_handler_exception_is_a_500_without_details(self, client, caplog):
        with caplog.at_level("ERROR", logger="memstore_local.gateway"):
            status, headers, data = client.request("GET", "/boom")
        assert status == 500
        body = json.loads(data)
        assert body == {"error": {"code": "internal_error", "message": "internal error", "param": None}}
        assert b"Traceback" not in data and b"secret-scope-value" not in data and b"ValueError" not in data
        logged = "\n".join(r.getMessage() + (r.exc_text or "") for r in caplog.records)
        assert "BoomFunction" in logged and "ValueError" in logged and "app.py" in logged
        assert "secret-scope-value" not in logged, "the exception's message quotes personal data"

    def test_response_shapes(self, client):
        status, headers, body = client.json("GET", "/shapes/dict")
        assert (status, headers["content-type"], body) == (200, "application/json", {"plain": True})

        status, _, data = client.request("GET", "/shapes/str")
        assert (status, data) == (200, b"just text")

        status, headers, data = client.request("GET", "/shapes/binary")
        assert status == 200
        assert data == b"\x00\xff\x10bin"
        assert dict(headers)["content-type"] == "application/octet-stream"

        status, headers, data = client.request("GET", "/shapes/cookies")
        assert status == 204
        assert [v for k, v in headers if k.lower() == "set-cookie"] == ["a=1; Path=/", "b=2; HttpOnly"]

        status, _, data = client.request("GET", "/shapes/invalid")
        assert status == 500
        assert json.loads(data)["error"]["code"] == "internal_error"

    def test_body_over_10mb_is_a_413(self, client):
        conn = http.client.HTTPConnection("127.0.0.1", client.port, timeout=10)
        try:
            conn.putrequest("POST", "/things")
            conn.putheader("Content-Type", "application/json")
            conn.putheader("Content-Length", str(MAX_REQUEST_BYTES + 1))
            conn.endheaders()
            resp = conn.getresponse()
            body = json.loads(resp.read())
        finally:
            conn.close()
        assert resp.status == 413
        assert body["error"]["code"] == "payload_too_large"

    def test_table_is_created_from_the_template_definition(self, client):
        import boto3

        declared = load_template(FIXTURE)["Resources"]["MemoryTable"]["Properties"]
        ddb = boto3.client("dynamodb", region_name="us-east-1")
        table = ddb.describe_table(TableName=TABLE)["Table"]
        assert table["KeySchema"] == declared["KeySchema"]
        assert sorted(table["AttributeDefinitions"], key=lambda a: a["AttributeName"]) == sorted(
            declared["AttributeDefinitions"], key=lambda a: a["AttributeName"]
        )
        assert [i["IndexName"] for i in table["GlobalSecondaryIndexes"]] == ["by-gsi1"]
        assert (
            table["GlobalSecondaryIndexes"][0]["KeySchema"]
            == declared["GlobalSecondaryIndexes"][0]["KeySchema"]
        )
        assert table["BillingModeSummary"]["BillingMode"] == "PAY_PER_REQUEST"
        assert table["StreamSpecification"] == {"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"}

        status, _, body = client.json("GET", "/shapes/table")
        assert status == 200
        assert body["table"] == TABLE
        assert body["ttl"] == {"TimeToLiveStatus": "ENABLED", "AttributeName": "expires_at"}

    def test_environment_is_resolved_with_local_values(self, client):
        env = client.json("GET", "/things")[2]["env"]
        assert env["TABLE_NAME"] == TABLE
        assert env["TABLE_ARN"] == f"arn:aws:dynamodb:us-east-1:123456789012:table/{TABLE}"
        assert env["STAGE"] == "dev"
        assert env["GREETING"] == "hello-dev-us-east-1"
        assert env["JOINED"] == "dev/b"
        assert env["QUEUE_URL"] == "" and env["QUEUE_ARN"] == ""
        assert env["BACKEND_NOTE"] == "in-table"
        assert env["EVENT_BUS_NAME"] == "memstore-local-bus"
        assert env["AUTH_MODE"] == "NONE"
        assert env["SCHEDULER"] == "local"
        assert env["VECTOR_BACKEND"] == "dynamodb"
        assert env["DEFAULT_CHAT_MODEL"] == "memstore-rules"
        assert env["DEFAULT_EMBEDDING_MODEL"] == "all-MiniLM-L6-v2"
        assert env["ALLOWED_CHAT_MODELS"].split(",") == ["amazon.nova-micro-v1:0", "memstore-rules"]
        assert "all-MiniLM-L6-v2" in env["ALLOWED_EMBEDDING_MODELS"].split(",")
        assert env["POWERTOOLS_METRICS_DISABLED"] == "true"
        assert env["AWS_DEFAULT_REGION"] == "us-east-1"
        assert env["AWS_ENDPOINT_URL"] is None and env["AWS_ENDPOINT_URL_DYNAMODB"] is None

    def test_each_function_sees_its_own_environment_and_context(self, client):
        echo = client.json("GET", "/things")[2]
        other = client.json("GET", "/other")[2]
        assert (echo["env"]["FUNCTION_ROLE"], echo["env"]["ECHO_ONLY"]) == ("echo", "yes")
        assert (other["env"]["FUNCTION_ROLE"], other["env"]["ECHO_ONLY"]) == ("other", None)
        assert echo["context"]["function_name"] == "EchoFunction"
        assert echo["context"]["memory_limit_in_mb"] == 256
        assert echo["context"]["invoked_function_arn"].endswith(":function:EchoFunction")
        assert 9000 < echo["context"]["remaining_ms"] <= 10000
        assert 0 < other["context"]["remaining_ms"] <= 3000

    def test_concurrent_requests_each_get_their_functions_environment(self, client):
        paths = ["/things", "/other"] * 12

        def call(path):
            status, headers, _ = client.json("GET", path)
            return path, status, headers["x-function"]

        with ThreadPoolExecutor(max_workers=8) as pool:
            results = list(pool.map(call, paths))
        assert all(status == 200 for _, status, _ in results)
        assert all(fn == ("echo" if path == "/things" else "other") for path, _, fn in results)

    def test_invoke_directly(self, server):
        result = server.runtime.invoke("ConsolidateFunction", {"update_id": "upd_direct", "store": "s"})
        assert result == {"status": "done"}
        with pytest.raises(UnknownFunction):
            server.runtime.invoke("NoSuchFunction", {})

    def _runs(self, client, update_id, count, timeout=10):
        return wait_for(
            lambda: (
                len(client.json("GET", f"/jobs/{update_id}")[2]["runs"]) >= count
                and client.json("GET", f"/jobs/{update_id}")[2]["runs"]
            ),
            timeout,
        )

    def test_scheduled_consolidation_runs_once(self, client, server):
        assert process_scheduler() is server.runtime.scheduler is not None
        status, _, _ = client.json("POST", "/jobs", {"update_id": "upd_once", "times": 3})
        assert status == 202
        assert self._runs(client, "upd_once", 1) == [{"action": "run", "error": None}]
        time.sleep(0.3)
        assert len(client.json("GET", "/jobs/upd_once")[2]["runs"]) == 1

    def test_scheduled_consolidation_waits_then_runs_again(self, client):
        client.json("POST", "/jobs", {"update_id": "upd_wait_1"})
        assert [r["action"] for r in self._runs(client, "upd_wait_1", 2)] == ["run", "run"]

    def test_a_failing_consolidation_gets_the_failure_input(self, client):
        client.json("POST", "/jobs", {"update_id": "upd_raise_1"})
        runs = self._runs(client, "upd_raise_1", 4)
        assert runs == [{"action": "run", "error": None}] * 3 + [{"action": "fail", "error": "RuntimeError"}]

    @pytest.mark.parametrize("method", ["FOO", "PROPFIND", "TRACE", "get", "BREW"])
    def test_an_unknown_method_is_a_json_405_on_a_known_path(self, client, method):
        status, headers, body = raw_exchange(
            client.port, f"{method} /things HTTP/1.1\r\nHost: x\r\n\r\n".encode()
        )
        error = assert_json_error(status, headers, body, 405, "method_not_allowed")
        assert headers["allow"] == "GET, POST" and method not in error["message"]

    def test_an_unknown_method_on_an_unknown_path_is_a_json_404(self, client):
        status, headers, body = raw_exchange(client.port, b"FOO /nope/mem_secret HTTP/1.1\r\nHost: x\r\n\r\n")
        error = assert_json_error(status, headers, body, 404, "not_found")
        assert "mem_secret" not in error["message"] and "FOO" not in error["message"]

    @pytest.mark.parametrize(
        "request_line",
        [
            b"G\x01T /things HTTP/1.1",
            b"GET /things HTTP/9.9",
            b"GET",
            b"GET /things",
            b"GET /things FOO/1.1",
            b"GET /" + b"u" * 70_000 + b" HTTP/1.1",
        ],
        ids=["control-in-method", "http-9.9", "method-only", "http-0.9", "bad-protocol", "uri-over-64KB"],
    )
    def test_a_malformed_request_line_is_a_json_4xx(self, client, request_line):
        status, headers, body = raw_exchange(client.port, request_line + b"\r\nHost: x\r\n\r\n")
        assert 400 <= status < 500
        assert_json_error(status, headers, body, status, json.loads(body)["error"]["code"])
        assert b"things" not in body and b"<html" not in body.lower()

    @pytest.mark.parametrize(
        "header_lines",
        [
            [f"X-Big: {'b' * 70_000}"],
            [f"X-Many-{i}: v" for i in range(101)],
            [f"X-Part-{i}: {'p' * 1000}" for i in range(11)],
        ],
        ids=["one-line-over-64KB", "101-headers", "over-10240-bytes-in-all"],
    )
    def test_oversized_headers_are_a_json_431(self, client, header_lines):
        request = "GET /things HTTP/1.1\r\nHost: x\r\n" + "".join(f"{h}\r\n" for h in header_lines) + "\r\n"
        status, headers, body = raw_exchange(client.port, request.encode())
        assert_json_error(status, headers, body, 431, "request_header_fields_too_large")

    def test_headers_just_under_api_gateways_quota_are_served(self, client):
        value = "v" * (MAX_REQUEST_LINE_AND_HEADERS - 200)
        status, _, body = client.request("GET", "/things", headers=[("X-Big", value)])
        assert status == 200, body

    def test_a_burst_of_64_connections_is_held_until_served(self, server):
        """All 64 connect while the gateway is not yet accepting (they wait in the listen
        backlog, which socketserver sizes at 5 by default), then each gets its answer."""
        burst = GatewayServer(("127.0.0.1", 0), server.runtime)
        sockets: list[socket.socket] = []
        thread = None
        try:
            for _ in range(64):
                sockets.append(socket.create_connection(("127.0.0.1", burst.port), timeout=0.5))
            thread = threading.Thread(target=burst.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
            thread.start()
            for sock in sockets:
                sock.settimeout(30)
                sock.sendall(b"GET /things HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            statuses = [read_response(sock)[0] for sock in sockets]
        finally:
            for sock in sockets:
                sock.close()
            if thread is not None:
                burst.shutdown()
            burst.server_close()
        assert statuses == [200] * 64

    def test_access_log_has_no_query_string(self, client, caplog):
        with caplog.at_level("INFO", logger="memstore_local.access"):
            client.json("GET", "/things?scope=private-scope-123")
            # the server thread writes its access line after the response is sent
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline and not any(
                r.name == "memstore_local.access" for r in caplog.records
            ):
                time.sleep(0.01)
        lines = [r.getMessage() for r in caplog.records if r.name == "memstore_local.access"]
        assert any(re.fullmatch(r"GET /things 200 \d+\.\dms", line) for line in lines), lines
        assert not any("private-scope-123" in line for line in lines)


def test_router_prefers_specific_routes_and_method_routes():
    router = Router(
        [
            Route("ANY", "/a/{x}", "F1"),
            Route("GET", "/a/{x}", "F2"),
            Route("GET", "/a/b", "F3"),
            Route("GET", "/a/{x}/{rest+}", "F4"),
            Route("ANY", "$default", "F5"),
        ]
    )
    assert router.match("GET", "/a/b").route.function_id == "F3"
    assert router.match("GET", "/a/c").route.function_id == "F2"
    assert router.match("POST", "/a/c").route.function_id == "F1"
    assert router.match("GET", "/a/c/d/e").path_parameters == {"x": "c", "rest": "d/e"}
    assert router.match("GET", "/zzz").route.function_id == "F5"
    assert router.match("GET", "/a/").route.function_id == "F5"


def test_build_event_matches_api_gateway_for_a_post():
    match = Router([Route("POST", "/memory_stores/{name}/items", "ItemsFunction")]).match(
        "POST", "/memory_stores/s%201/items"
    )
    event = build_event(
        method="POST",
        target="/memory_stores/s%201/items?x=1",
        headers=[("Host", "localhost:3000")],
        body=b'{"a":1}',
        match=match,
        source_ip="127.0.0.1",
        protocol="HTTP/1.1",
        request_id="r1",
        now=0,
    )
    assert event["routeKey"] == "POST /memory_stores/{name}/items"
    assert event["pathParameters"] == {"name": "s 1"}
    assert event["body"] == '{"a":1}'
    assert event["requestContext"]["time"] == "01/Jan/1970:00:00:00 +0000"
    assert event["requestContext"]["domainName"] == "localhost"


def test_short_tags_load_as_long_form_and_resolve_locally(tmp_path):
    path = tmp_path / "template.yaml"
    path.write_text(
        """
Parameters:
  Env: {Type: String, Default: prod}
  Zones: {Type: CommaDelimitedList, Default: "a, b"}
Mappings:
  Sizes: {prod: {Memory: 1024}}
Conditions:
  IsProd: !Equals [!Ref Env, prod]
  Both: !And [!Condition IsProd, !Not [!Equals [!Ref Env, dev]]]
  Either: !Or [!Equals [!Ref Env, dev], !Condition IsProd]
Resources:
  Fn:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: fn/
      Handler: app.handler
      Environment:
        Variables:
          MEMORY: !FindInMap [Sizes, !Ref Env, Memory]
          BOTH: !If [Both, "yes", "no"]
          EITHER: !If [Either, "yes", "no"]
          B64: !Base64 hi
          AZ: !Select [0, !GetAZs ""]
          ZONE: !Select [1, !Ref Zones]
          IMPORTED: !ImportValue other-stack-output
          CIDR: !Select [0, !Cidr ["10.0.0.0/16", 2, 8]]
          LITERAL: !Sub "${!NotAVariable}-${AWS::AccountId}"
          GONE: !Ref AWS::NoValue
"""
    )
    doc = load_template(path)
    variables = doc["Resources"]["Fn"]["Properties"]["Environment"]["Variables"]
    assert variables["MEMORY"] == {"Fn::FindInMap": ["Sizes", {"Ref": "Env"}, "Memory"]}
    assert variables["B64"] == {"Fn::Base64": "hi"}
    assert doc["Conditions"]["Both"]["Fn::And"][0] == {"Condition": "IsProd"}

    from memstore_local.template import Template

    env = Template(path).functions()["Fn"].environment
    assert env == {
        "MEMORY": "1024",
        "BOTH": "yes",
        "EITHER": "yes",
        "B64": "aGk=",
        "AZ": "us-east-1a",
        "ZONE": "b",
        "IMPORTED": "",
        "CIDR": "",
        "LITERAL": "${NotAVariable}-123456789012",
    }


def test_parameters_and_conditions_follow_overrides():
    rt = LocalRuntime(FIXTURE, parameters={"Stage": "qa", "VectorBackend": "opensearch"})
    env = rt.environments["EchoFunction"]
    assert env["STAGE"] == "qa"
    assert env["GREETING"] == "hello-qa-us-east-1"
    assert env["BACKEND_NOTE"] == ""
    assert "IndexerFunction" in rt.functions
    assert ("GET", "/indexer") in {(r.method, r.path) for r in rt.routes}

    with pytest.raises(TemplateError):
        LocalRuntime(FIXTURE, parameters={"NoSuchParameter": "x"})


def test_env_overrides_win_and_the_environment_is_restored_after_stop(monkeypatch):
    monkeypatch.setenv("AWS_ENDPOINT_URL_DYNAMODB", "http://127.0.0.1:9")
    monkeypatch.delenv("STAGE", raising=False)
    before = dict(os.environ)
    rt = LocalRuntime(FIXTURE, overrides={"STAGE": "mine", "VECTOR_BACKEND": "opensearch"})
    rt.start()
    try:
        assert os.environ["STAGE"] == "mine"
        assert os.environ["VECTOR_BACKEND"] == "opensearch"
        assert "AWS_ENDPOINT_URL_DYNAMODB" not in os.environ
        assert process_scheduler() is rt.scheduler
    finally:
        rt.stop()
    assert dict(os.environ) == before
    assert process_scheduler() is None
    assert rt.scheduler is None


def test_busy_port_fails_and_stops_the_runtime():
    with run_in_thread(LocalRuntime(FIXTURE)) as first:
        rt = LocalRuntime(FIXTURE)
        # the second runtime cannot bind; it must not leave moto or its environment behind
        saved = dict(os.environ)
        with pytest.raises(OSError):
            run_in_thread(rt, port=first.port)
        assert not rt.started
        assert dict(os.environ) == saved


def _read_line(stream, timeout):
    result = []
    reader = threading.Thread(target=lambda: result.append(stream.readline()), daemon=True)
    reader.start()
    reader.join(timeout)
    return result[0] if result else None


def test_cli_prints_the_listening_line_serves_and_stops_cleanly_on_sigterm():
    env = {**os.environ, "PYTHONPATH": str(ROOT / "layers" / "memstore"), "OMP_NUM_THREADS": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "memstore_local", "--template", str(FIXTURE), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    try:
        line = _read_line(proc.stdout, 60)
        assert line is not None, "no listening line within 60 s"
        m = re.fullmatch(r"memstore local listening on http://127\.0\.0\.1:(\d+)\n", line)
        assert m, line
        status, _, body = Client(int(m.group(1))).json("GET", "/things?scope=private-scope-9")
        assert status == 200 and body["env"]["AUTH_MODE"] == "NONE"
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
    assert re.search(r"memstore_local\.access: GET /things 200 \d+\.\dms", err), err
    assert "private-scope-9" not in err + out


def test_cli_reports_a_missing_template():
    env = {**os.environ, "PYTHONPATH": str(ROOT / "layers" / "memstore")}
    proc = subprocess.run(
        [sys.executable, "-m", "memstore_local", "--template", "/nonexistent/template.yaml", "--port", "0"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert proc.returncode == 2
    assert "template not found" in proc.stderr
