"""The local stand-in for API Gateway (HTTP API, payload format 2.0): route matching from the
template's HttpApi events, the event API Gateway would build, and the response it would send."""

from __future__ import annotations

import base64
import binascii
import json
import logging
import re
import sys
import threading
import time
import traceback
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl, unquote, urlsplit

from memstore_local import lifecycle
from memstore_local.template import LOCAL_ACCOUNT_ID, Route

if TYPE_CHECKING:
    from memstore_local.runtime import LocalRuntime

MAX_REQUEST_BYTES = 10 * 1024 * 1024
"""API Gateway's payload limit."""
MAX_RESPONSE_BYTES = 6 * 1024 * 1024
"""Lambda's synchronous response limit."""
MAX_REQUEST_LINE_AND_HEADERS = 10240
"""API Gateway's quota on the request line and header values together."""
REQUEST_QUEUE_SIZE = 128
"""Pending connections the listening socket holds (socketserver's default of 5 resets bursts)."""
LOCAL_API_ID = "local"
_METHOD = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,31}")
_ERROR_CODES = {
    400: "invalid_request",
    404: "not_found",
    405: "method_not_allowed",
    408: "request_timeout",
    413: "payload_too_large",
    414: "uri_too_long",
    431: "request_header_fields_too_large",
    501: "not_implemented",
}

access_log = logging.getLogger("memstore_local.access")
log = logging.getLogger("memstore_local.gateway")

_TEXT_TYPES = (
    "text/",
    "application/json",
    "+json",
    "application/xml",
    "+xml",
    "javascript",
    "application/x-www-form-urlencoded",
    "application/yaml",
)


class InvalidLambdaResponse(Exception):
    """The handler returned something API Gateway would answer with a 500."""


@dataclass(frozen=True)
class RouteMatch:
    route: Route
    path_parameters: dict[str, str]


def _segment_rank(segment: str) -> int:
    if segment.startswith("{") and segment.endswith("+}"):
        return 2
    if segment.startswith("{") and segment.endswith("}"):
        return 1
    return 0


class Router:
    """Matches requests to routes as API Gateway does: literal segments beat {params}, which beat
    {greedy+}; a method-specific route beats ANY; `$default` catches what nothing else matched."""

    def __init__(self, routes: Iterable[Route]):
        self.routes = list(routes)
        self._default = next((r for r in self.routes if r.path == "$default"), None)
        self._compiled = [(r, r.path.split("/")) for r in self.routes if r.path != "$default"]

    @staticmethod
    def _match_segments(template: Sequence[str], segments: Sequence[str]) -> dict[str, str] | None:
        params: dict[str, str] = {}
        for i, part in enumerate(template):
            rank = _segment_rank(part)
            if rank == 2:
                rest = segments[i:]
                if not rest or rest == [""]:
                    return None
                params[part[1:-2]] = "/".join(rest)
                return params
            if i >= len(segments):
                return None
            if rank == 1:
                if segments[i] == "":
                    return None
                params[part[1:-1]] = segments[i]
            elif part != segments[i]:
                return None
        return params if len(segments) == len(template) else None

    def _path_matches(self, path: str) -> list[tuple[Route, dict[str, str]]]:
        segments = [unquote(s) for s in path.split("/")]
        found = []
        for route, template in self._compiled:
            params = self._match_segments(template, segments)
            if params is not None:
                found.append((route, params))
        return found

    def match(self, method: str, path: str) -> RouteMatch | None:
        candidates = [
            (route, params) for route, params in self._path_matches(path) if route.method in (method, "ANY")
        ]
        if candidates:
            route, params = min(
                candidates,
                key=lambda c: ([_segment_rank(s) for s in c[0].path.split("/")], c[0].method == "ANY"),
            )
            return RouteMatch(route, params)
        if self._default is not None:
            return RouteMatch(self._default, {})
        return None

    def allowed_methods(self, path: str) -> list[str]:
        return sorted({route.method for route, _ in self._path_matches(path)})


def _is_text(content_type: str | None) -> bool:
    if not content_type:
        return True
    lowered = content_type.lower()
    return any(marker in lowered for marker in _TEXT_TYPES)


def build_event(
    *,
    method: str,
    target: str,
    headers: Sequence[tuple[str, str]],
    body: bytes,
    match: RouteMatch,
    source_ip: str,
    protocol: str,
    request_id: str | None = None,
    now: float | None = None,
) -> dict[str, Any]:
    """The API Gateway HTTP API payload format 2.0 event for one request."""
    now = time.time() if now is None else now
    request_id = request_id or str(uuid.uuid4())
    split = urlsplit(target)
    raw_path = unquote(split.path) or "/"

    header_map: dict[str, str] = {}
    cookies: list[str] = []
    for name, value in headers:
        key = name.lower()
        if key == "cookie":
            cookies.extend(c.strip() for c in value.split(";") if c.strip())
            continue
        header_map[key] = f"{header_map[key]},{value}" if key in header_map else value
    header_map.setdefault("x-forwarded-for", source_ip)
    header_map.setdefault("x-forwarded-proto", "http")
    header_map.setdefault("x-amzn-trace-id", f"Root=1-{int(now):08x}-{uuid.uuid4().hex[:24]}")

    host = header_map.get("host", "localhost").split(":")[0]
    event: dict[str, Any] = {
        "version": "2.0",
        "routeKey": match.route.route_key,
        "rawPath": raw_path,
        "rawQueryString": split.query,
        "headers": header_map,
        "requestContext": {
            "accountId": LOCAL_ACCOUNT_ID,
            "apiId": LOCAL_API_ID,
            "domainName": host,
            "domainPrefix": host.split(".")[0],
            "http": {
                "method": method,
                "path": raw_path,
                "protocol": protocol,
                "sourceIp": source_ip,
                "userAgent": header_map.get("user-agent", ""),
            },
            "requestId": request_id,
            "routeKey": match.route.route_key,
            "stage": "$default",
            "time": datetime.fromtimestamp(now, UTC).strftime("%d/%b/%Y:%H:%M:%S +0000"),
            "timeEpoch": int(now * 1000),
        },
        "isBase64Encoded": False,
    }
    if cookies:
        event["cookies"] = cookies
    if split.query:
        query: dict[str, str] = {}
        for key, value in parse_qsl(split.query, keep_blank_values=True):
            query[key] = f"{query[key]},{value}" if key in query else value
        event["queryStringParameters"] = query
    if match.path_parameters:
        event["pathParameters"] = dict(match.path_parameters)
    if body:
        text = None
        if _is_text(header_map.get("content-type")):
            try:
                text = body.decode("utf-8")
            except UnicodeDecodeError:
                text = None
        if text is None:
            event["body"] = base64.b64encode(body).decode("ascii")
            event["isBase64Encoded"] = True
        else:
            event["body"] = text
    return event


@dataclass
class HttpResponse:
    status: int
    headers: list[tuple[str, str]]
    body: bytes


def _where(error: BaseException) -> list[str]:
    """Where an exception happened, without its message (messages can quote personal data)."""
    frames = traceback.extract_tb(error.__traceback__)
    return [f"{f.filename.rsplit('/', 2)[-1]}:{f.lineno}:{f.name}" for f in frames[-5:]]


def error_response(status: int, code: str, message: str) -> HttpResponse:
    body = json.dumps({"error": {"code": code, "message": message, "param": None}}).encode()
    return HttpResponse(status, [("content-type", "application/json")], body)


def to_http_response(result: Any) -> HttpResponse:
    """Interprets a handler's return value with payload format 2.0 semantics."""
    if not (isinstance(result, dict) and "statusCode" in result):
        body = result if isinstance(result, str) else json.dumps(result)
        return HttpResponse(200, [("content-type", "application/json")], body.encode())

    status = result["statusCode"]
    if isinstance(status, bool) or not isinstance(status, int) or not 100 <= status <= 599:
        raise InvalidLambdaResponse(f"statusCode must be an HTTP status, got {status!r}")
    headers: list[tuple[str, str]] = []
    for name, value in (result.get("headers") or {}).items():
        headers.append((str(name), str(value)))
    for name, values in (result.get("multiValueHeaders") or {}).items():
        headers.extend((str(name), str(v)) for v in values)
    headers.extend(("set-cookie", str(c)) for c in result.get("cookies") or [])

    raw_body = result.get("body")
    if raw_body is None:
        body = b""
    elif not isinstance(raw_body, str):
        raise InvalidLambdaResponse("body must be a string")
    elif result.get("isBase64Encoded"):
        try:
            body = base64.b64decode(raw_body, validate=True)
        except binascii.Error as e:
            raise InvalidLambdaResponse("isBase64Encoded body is not base64") from e
    else:
        body = raw_body.encode("utf-8")
    if body and not any(name.lower() == "content-type" for name, _ in headers):
        headers.append(("content-type", "application/json"))
    return HttpResponse(status, headers, body)


class _BodyTooLarge(Exception):
    pass


class _BadRequest(Exception):
    pass


class GatewayRequestHandler(BaseHTTPRequestHandler):
    server: GatewayServer
    protocol_version = "HTTP/1.1"
    timeout = 120
    """Idle keep-alive connections are closed after this many seconds."""
    disable_nagle_algorithm = True
    """Headers and body go out in two writes; with Nagle, keep-alive requests stall ~40 ms."""

    def log_message(self, format: str, *args: Any) -> None:
        """The stdlib line carries the query string (scopes are personal data): see _access."""

    def __getattr__(self, name: str) -> Any:
        """Every method, known or not, goes through the router: an unknown one is a JSON 405 (or
        404), not the stdlib's HTML 501."""
        if name.startswith("do_"):
            return self._handle
        raise AttributeError(name)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """The stdlib's own refusals (malformed request line, header line too long, too many
        headers, URI too long) in the API's JSON error shape; its messages quote the request, so
        only the status is told. An HTTP version it cannot speak is the client's error (400), as
        API Gateway answers it, not a 505."""
        self.close_connection = True
        if self.request_version == "HTTP/0.9":
            self.request_version = "HTTP/1.0"
        code = 400 if code == HTTPStatus.HTTP_VERSION_NOT_SUPPORTED else code
        status = HTTPStatus(code)
        response = error_response(code, _ERROR_CODES.get(code, "invalid_request"), status.phrase.lower())
        self._write(response)
        access_log.info("%s - %d", _METHOD.fullmatch(self.command or "") and self.command or "-", code)

    def _read_body(self) -> bytes:
        if "chunked" in self.headers.get("transfer-encoding", "").lower():
            return self._read_chunked()
        length_header = self.headers.get("content-length")
        if not length_header:
            return b""
        try:
            length = int(length_header)
        except ValueError as e:
            raise _BadRequest("invalid Content-Length") from e
        if length < 0:
            raise _BadRequest("invalid Content-Length")
        if length > MAX_REQUEST_BYTES:
            raise _BodyTooLarge
        return self.rfile.read(length)

    def _read_chunked(self) -> bytes:
        chunks: list[bytes] = []
        total = 0
        while True:
            line = self.rfile.readline(1024)
            try:
                size = int(line.split(b";")[0].strip(), 16)
            except ValueError as e:
                raise _BadRequest("invalid chunked encoding") from e
            if size == 0:
                while self.rfile.readline(1024) not in (b"\r\n", b"\n", b""):
                    pass
                return b"".join(chunks)
            total += size
            if total > MAX_REQUEST_BYTES:
                raise _BodyTooLarge
            chunks.append(self.rfile.read(size))
            self.rfile.readline(1024)

    def _headers_too_large(self) -> bool:
        size = len(self.requestline) + sum(len(value) for value in self.headers.values())
        return size > MAX_REQUEST_LINE_AND_HEADERS

    def _handle(self) -> None:
        if not _METHOD.fullmatch(self.command) or self.request_version == "HTTP/0.9":
            self.send_error(400)
            return
        if self._headers_too_large():
            self.close_connection = True
            self._write(
                error_response(
                    431,
                    "request_header_fields_too_large",
                    f"the request line and headers exceed {MAX_REQUEST_LINE_AND_HEADERS} bytes",
                )
            )
            access_log.info("%s - 431", self.command)
            return
        started = time.perf_counter()
        path = urlsplit(self.path).path or "/"
        request_id = str(uuid.uuid4())
        try:
            response = self._respond(path, request_id)
        except _BodyTooLarge:
            self.close_connection = True
            response = error_response(413, "payload_too_large", "request body exceeds 10 MB")
        except _BadRequest as e:
            self.close_connection = True
            response = error_response(400, "invalid_request", str(e))
        response.headers.append(("apigw-requestid", request_id))
        self._write(response)
        elapsed_ms = (time.perf_counter() - started) * 1000
        access_log.info("%s %s %d %.1fms", self.command, path, response.status, elapsed_ms)

    def _respond(self, path: str, request_id: str) -> HttpResponse:
        if path == lifecycle.RUN_PATH:
            return self._run_lifecycle()
        match = self.server.router.match(self.command, path)
        if match is None:
            allowed = self.server.router.allowed_methods(path)
            if allowed:
                self._read_body()
                response = error_response(
                    405, "method_not_allowed", "this method is not allowed on this path"
                )
                response.headers.append(("allow", ", ".join(allowed)))
                return response
            self._read_body()
            return error_response(404, "not_found", "no such route")

        body = self._read_body()
        event = build_event(
            method=self.command,
            target=self.path,
            headers=list(self.headers.items()),
            body=body,
            match=match,
            source_ip=self.client_address[0],
            protocol=self.request_version,
            request_id=request_id,
        )
        try:
            result = self.server.runtime.invoke(match.route.function_id, event)
            response = to_http_response(result)
        except Exception as error:
            log.error(
                "%s failed on %s %s: %s at %s",
                match.route.function_id,
                self.command,
                match.route.route_key,
                type(error).__name__,
                _where(error),
            )
            return error_response(500, "internal_error", "internal error")
        if len(response.body) > MAX_RESPONSE_BYTES:
            log.error(
                "%s returned %d bytes, over Lambda's 6 MB limit", match.route.function_id, len(response.body)
            )
            return error_response(500, "internal_error", "response exceeds the 6 MB limit")
        return response

    def _run_lifecycle(self) -> HttpResponse:
        """memstore local's own route (no API Gateway has it): one lifecycle pass, now."""
        self._read_body()
        if self.command != "POST":
            response = error_response(405, "method_not_allowed", "this method is not allowed on this path")
            response.headers.append(("allow", "POST"))
            return response
        try:
            result = lifecycle.run_pass(self.server.runtime)
        except Exception as error:
            log.error("lifecycle pass failed: %s at %s", type(error).__name__, _where(error))
            return error_response(500, "internal_error", "internal error")
        return HttpResponse(200, [("content-type", "application/json")], json.dumps(result).encode())

    def _write(self, response: HttpResponse) -> None:
        self.send_response(response.status)
        for name, value in response.headers:
            if name.lower() not in ("content-length", "connection", "transfer-encoding"):
                self.send_header(name, value)
        self.send_header("content-length", str(len(response.body)))
        if self.close_connection:
            self.send_header("connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(response.body)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_OPTIONS = _handle


class GatewayServer(ThreadingHTTPServer):
    daemon_threads = True
    """Keep-alive connections must not hold up shutdown."""
    request_queue_size = REQUEST_QUEUE_SIZE

    def __init__(self, address: tuple[str, int], runtime: LocalRuntime):
        self.runtime = runtime
        self.router = Router(runtime.routes)
        super().__init__(address, GatewayRequestHandler)

    @property
    def port(self) -> int:
        return self.server_address[1]

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that went away is routine; anything else is logged, never printed raw."""
        exc = sys.exc_info()[1]
        if isinstance(exc, ConnectionError | TimeoutError):
            log.debug("connection from %s ended: %s", client_address[0], type(exc).__name__)
        else:
            where = _where(exc) if exc is not None else []
            log.error("error while serving %s: %s at %s", client_address[0], type(exc).__name__, where)


LISTENING_LINE = "memstore local listening on http://{host}:{port}"


def serve(host: str, port: int, runtime: LocalRuntime, stop: threading.Event | None = None) -> None:
    """Serves until `stop` is set (or KeyboardInterrupt); the caller owns the runtime's lifetime."""
    server = GatewayServer((host, port), runtime)
    print(LISTENING_LINE.format(host=host, port=server.port), flush=True)
    watcher = None
    if stop is not None:
        watcher = threading.Thread(target=lambda: (stop.wait(), server.shutdown()), daemon=True)
        watcher.start()
    try:
        server.serve_forever(poll_interval=0.2)
    finally:
        server.server_close()


@dataclass
class RunningServer:
    """A gateway serving in a background thread (tests, benchmarks)."""

    runtime: LocalRuntime
    server: GatewayServer
    thread: threading.Thread

    @property
    def port(self) -> int:
        return self.server.port

    @property
    def url(self) -> str:
        return f"http://{self.server.server_address[0]}:{self.port}"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=10)
        self.runtime.stop()

    def __enter__(self) -> RunningServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def run_in_thread(runtime: LocalRuntime, port: int = 0, host: str = "127.0.0.1") -> RunningServer:
    """Binds, starts `runtime` (if needed) and serves on a background thread; `.port` is the bound
    port. The caller stops it with `.stop()` (or a `with` block), which also stops the runtime."""
    server = GatewayServer((host, port), runtime)
    try:
        if not runtime.started:
            runtime.start()
    except BaseException:
        server.server_close()
        raise
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.1}, name="memstore-local-gateway", daemon=True
    )
    thread.start()
    return RunningServer(runtime, server, thread)
