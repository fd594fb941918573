"""The client's transport over real HTTP against scripted local servers: retries with backoff and
jitter on 429/5xx honouring Retry-After, no retry on other 4xx, timeouts, bearer tokens, and
SigV4 signatures checked by a server that recomputes them with botocore from what it received."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
from botocore.auth import SigV4Auth as Signer
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials

from memstore.client import (
    APIConnectionError,
    BearerAuth,
    DependencyUnavailableError,
    MemoryStoreClient,
    NotFoundError,
    RateLimitedError,
    RetryPolicy,
    SigV4Auth,
    UnauthorizedError,
)
from memstore.client.transport import Transport, parse_retry_after

pytestmark = pytest.mark.integration

STORE = {
    "object": "memory_store",
    "id": "ms_1",
    "name": "s",
    "description": None,
    "metadata": {},
    "definition": {"kind": "default"},
    "created_at": 1,
    "updated_at": 1,
}
Answer = tuple[int, dict[str, str], Any]


class Scripted:
    """A server answering each request with the next scripted answer (the last one repeats) and
    recording what it received."""

    def __init__(self, answers: list[Answer] | Callable[[dict], Answer]):
        self.answers = answers
        self.received: list[dict[str, Any]] = []
        scripted = self

        class Handler(BaseHTTPRequestHandler):
            def _serve(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                seen = {
                    "method": self.command,
                    "path": self.path,
                    "headers": {k.lower(): v for k, v in self.headers.items()},
                    "body": self.rfile.read(length),
                    "port": self.server.server_address[1],
                }
                scripted.received.append(seen)
                if callable(scripted.answers):
                    status, headers, body = scripted.answers(seen)
                else:
                    status, headers, body = scripted.answers[
                        min(len(scripted.received), len(scripted.answers)) - 1
                    ]
                if status == 0:
                    threading.Event().wait(body)
                    return
                data = json.dumps(body).encode()
                self.send_response(status)
                for name, value in {"Content-Type": "application/json", **headers}.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_DELETE = _serve

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def serve() -> Iterator[Callable[..., Scripted]]:
    servers: list[Scripted] = []

    def start(answers) -> Scripted:
        servers.append(Scripted(answers))
        return servers[-1]

    yield start
    for s in servers:
        s.close()


def error(code: str, message: str = "m") -> dict:
    return {"error": {"code": code, "message": message, "param": None}}


def recording_client(url: str, waits: list[float], **policy: Any) -> MemoryStoreClient:
    transport = Transport(url, retry=RetryPolicy(**policy), sleep=waits.append, timeout=2)
    return MemoryStoreClient(url, transport=transport)


def test_429_and_503_are_retried_waiting_at_least_retry_after(serve):
    server = serve(
        [
            (429, {"Retry-After": "2"}, error("rate_limited")),
            (503, {"Retry-After": "1"}, error("dependency_unavailable")),
            (200, {}, STORE),
        ]
    )
    waits: list[float] = []
    store = recording_client(server.url, waits, base_backoff=0.01).get("s")
    assert store.name == "s"
    assert len(server.received) == 3
    assert waits[0] >= 2 and waits[1] >= 1, waits


def test_backoff_grows_with_full_jitter_and_gives_up_with_the_error(serve):
    server = serve([(500, {"apigw-requestid": "req-9"}, error("internal_error"))])
    waits: list[float] = []
    client = recording_client(server.url, waits, max_retries=4, base_backoff=1.0, max_backoff=3.0)
    with pytest.raises(Exception) as raised:
        client.get("s")
    assert raised.value.code == "internal_error" and raised.value.request_id == "req-9"
    assert len(server.received) == 5 and len(waits) == 4
    assert all(0 <= w <= cap for w, cap in zip(waits, [1, 2, 3, 3], strict=True)), waits


def test_jitter_is_random_within_the_cap():
    policy = RetryPolicy(base_backoff=1.0, max_backoff=10.0)
    waits = {round(policy.wait(3, None), 6) for _ in range(50)}
    assert len(waits) > 40 and all(0 <= w <= 8 for w in waits)
    assert policy.wait(0, 30.0) == 30.0
    assert RetryPolicy(max_retry_after=5).wait(0, 300.0) == 5


def test_retry_after_as_an_http_date():
    assert parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", now=lambda: 1445412470.0) == 10.0
    assert parse_retry_after("nonsense") is None and parse_retry_after(None) is None


def test_other_4xx_are_not_retried(serve):
    server = serve([(404, {}, error("not_found", "memory store 's' not found"))])
    waits: list[float] = []
    with pytest.raises(NotFoundError) as raised:
        recording_client(server.url, waits).get("s")
    assert len(server.received) == 1 and waits == []
    assert raised.value.message == "memory store 's' not found"


def test_a_creating_post_is_retried_with_the_same_idempotency_key(serve):
    server = serve([(503, {"Retry-After": "0"}, error("dependency_unavailable")), (201, {}, STORE)])
    recording_client(server.url, []).create("s")
    keys = [r["headers"].get("idempotency-key") for r in server.received]
    assert len(keys) == 2 and keys[0] and keys[0] == keys[1]


def test_gives_up_after_max_retries_with_the_typed_error(serve):
    server = serve([(429, {"Retry-After": "0"}, error("rate_limited"))])
    with pytest.raises(RateLimitedError) as raised:
        recording_client(server.url, [], max_retries=2).get("s")
    assert len(server.received) == 3 and raised.value.retry_after == 0
    server503 = serve([(503, {}, error("dependency_unavailable"))])
    with pytest.raises(DependencyUnavailableError):
        recording_client(server503.url, [], max_retries=0).get("s")


def test_a_timeout_is_retried_then_raised(serve):
    server = serve([(0, {}, 5.0)])
    waits: list[float] = []
    transport = Transport(server.url, retry=RetryPolicy(max_retries=1), sleep=waits.append, timeout=0.3)
    with pytest.raises(APIConnectionError):
        MemoryStoreClient(server.url, transport=transport).get("s")
    assert len(server.received) == 2 and len(waits) == 1


def test_api_gateway_refusals_without_a_code_map_by_status(serve):
    server = serve([(401, {}, {"message": "Unauthorized"})])
    with pytest.raises(UnauthorizedError) as raised:
        recording_client(server.url, []).get("s")
    assert raised.value.status == 401 and raised.value.message == "Unauthorized"


def test_bearer_token_is_sent_fresh_each_time(serve):
    server = serve([(200, {}, STORE)])
    tokens = iter(["t1", "t2"])
    client = MemoryStoreClient(server.url, auth=BearerAuth(lambda: next(tokens)))
    client.get("s")
    client.get("s")
    assert [r["headers"]["authorization"] for r in server.received] == ["Bearer t1", "Bearer t2"]


SECRET = Credentials("AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", "session-token")


def verify_sigv4(seen: dict, credentials: Credentials = SECRET, region: str = "eu-west-1") -> bool:
    """Recomputes the signature of the request as received, as API Gateway would."""
    headers = dict(seen["headers"])
    authorization = headers.pop("authorization", "")
    if not authorization.startswith("AWS4-HMAC-SHA256 "):
        return False
    parts = dict(p.strip().split("=", 1) for p in authorization[len("AWS4-HMAC-SHA256 ") :].split(","))
    signed = parts["SignedHeaders"].split(";")
    if "host" not in signed or "x-amz-date" not in signed:
        return False
    if parts["Credential"].split("/")[2:4] != [region, "execute-api"]:
        return False
    url = f"http://{headers['host']}{seen['path']}"
    request = AWSRequest(
        method=seen["method"],
        url=url,
        data=seen["body"],
        headers={h: headers[h] for h in signed if h in headers},
    )
    request.context["timestamp"] = headers["x-amz-date"]
    signer = Signer(credentials, "execute-api", region)
    canonical = signer.canonical_request(request)
    expected = signer.signature(signer.string_to_sign(request, canonical), request)
    return expected == parts["Signature"] and headers.get("x-amz-security-token") == credentials.token


def sigv4_checking(seen: dict) -> Answer:
    if verify_sigv4(seen):
        return 200, {}, {"object": "list", "data": [], "has_more": False, "first_id": None, "last_id": None}
    return 403, {}, {"message": "The request signature we calculated does not match"}


def test_sigv4_signatures_verify_for_get_post_and_query_strings(serve):
    server = serve(sigv4_checking)
    client = MemoryStoreClient(server.url, auth=SigV4Auth("eu-west-1", credentials=SECRET), max_retries=0)
    assert list(client.list_memories("s", scope="user 1/ä&x=y", kind="user_profile")) == []
    server.answers = lambda seen: (200, {}, STORE) if verify_sigv4(seen) else (403, {}, {"message": "bad"})
    client.update("s", description="signed body ✓")
    assert len(server.received) == 2
    assert server.received[1]["body"] == json.dumps({"description": "signed body ✓"}).encode()


def test_sigv4_with_the_wrong_secret_or_a_changed_body_does_not_verify(serve):
    server = serve(sigv4_checking)
    wrong = Credentials("AKIDEXAMPLE", "not-the-secret", "session-token")
    client = MemoryStoreClient(server.url, auth=SigV4Auth("eu-west-1", credentials=wrong), max_retries=0)
    with pytest.raises(Exception) as raised:
        list(client.list_memories("s", scope="u"))
    assert raised.value.status == 403
    good = MemoryStoreClient(server.url, auth=SigV4Auth("eu-west-1", credentials=SECRET), max_retries=0)
    list(good.list_memories("s", scope="u"))
    tampered = dict(server.received[-1], body=b'{"x": 1}')
    assert verify_sigv4(server.received[-1]) and not verify_sigv4(tampered)
    moved = dict(server.received[-1], path=server.received[-1]["path"].replace("scope=u", "scope=v"))
    assert not verify_sigv4(moved)


def test_sigv4_reads_credentials_from_the_default_chain(serve, monkeypatch):
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", SECRET.access_key)
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", SECRET.secret_key)
    monkeypatch.setenv("AWS_SESSION_TOKEN", SECRET.token)
    monkeypatch.setenv("AWS_REGION", "eu-west-1")
    monkeypatch.delenv("AWS_PROFILE", raising=False)
    server = serve(sigv4_checking)
    client = MemoryStoreClient(server.url, auth=SigV4Auth(), max_retries=0)
    assert list(client.list_memories("s", scope="u")) == []


def test_a_deletion_that_outlives_its_request_is_followed_until_it_completes(serve, monkeypatch):
    job = {"object": "memory_store.deletion", "deletion_id": "del_1", "name": "s", "target": "scope"}
    server = serve(
        [
            (202, {}, {**job, "status": "in_progress", "deleted_count": 400}),
            (200, {}, {**job, "status": "in_progress", "deleted_count": 900}),
            (200, {}, {**job, "status": "completed", "deleted_count": 1200}),
        ]
    )
    monkeypatch.setattr("memstore.client.client.time.sleep", lambda _s: None)
    gone = recording_client(server.url, []).delete_scope("s", "u1")
    assert (gone.scope, gone.deleted, gone.deleted_count) == ("u1", True, 1200)
    assert [(r["method"], r["path"]) for r in server.received] == [
        ("POST", "/memory_stores/s/delete_scope"),
        ("GET", "/memory_stores/s/deletions/del_1"),
        ("GET", "/memory_stores/s/deletions/del_1"),
    ]
    stuck = serve([(202, {}, {**job, "target": "store", "status": "in_progress", "deleted_count": 1})])
    with pytest.raises(TimeoutError):
        recording_client(stuck.url, []).delete("s", timeout=0)
